import subprocess
import sys

import pytest

from hupai.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_ready_hand(capsys):
    code, out, _ = run(capsys, "analyze", "123m456p789s1122z")
    assert code == 0
    assert "shanten:  0 (ready)" in out
    assert "waits:    1z 2z" in out


def test_analyze_complete_hand_with_jokers(capsys):
    code, out, _ = run(capsys, "analyze", "13m55p", "--jokers", "1")
    assert code == 0
    assert "complete" in out and "1m[2m]3m 5p5p" in out


def test_analyze_not_ready(capsys):
    code, out, _ = run(capsys, "analyze", "1389m")
    assert "improve:  1m 2m 3m 7m 8m 9m" in out


def test_analyze_errors(capsys):
    code, _, err = run(capsys, "analyze", "12x")
    assert code == 2 and "'x' at position 2" in err
    code, _, err = run(capsys, "analyze", "123m", "--jokers", "9")
    assert code == 2 and "outside 0-8" in err


def test_console_script_entry_point():
    proc = subprocess.run([sys.executable, "-m", "hupai.cli", "analyze", "11122233344455m"],
                          capture_output=True, text=True, check=True)
    assert "arrangements: 4" in proc.stdout


def test_requires_a_command(capsys):
    with pytest.raises(SystemExit):
        main([])
