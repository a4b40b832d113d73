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


def test_score_command(capsys):
    code, out, _ = run(capsys, "score", "--rules", "luzhou", "23m7z456m234p9p", "--melds", "peng:111m",
                       "--win", "9p", "--self-draw")
    assert code == 0 and "win: 5顆" in out and "閨自摸" in out and "A -> W 5: 自摸 (L137)" in out
    code, out, _ = run(capsys, "score", "--rules", "luzhou", "123m456m234p567p7z", "--win", "9p")
    assert code == 1 and "平胡不能點炮" in out
    code, out, _ = run(capsys, "score", "--rules", "luzhou", "1111p22p33p55p66p8p", "--win", "8p",
                       "--option", "luzhou_cap=null")
    assert "win: 160顆" in out
    code, _, err = run(capsys, "score", "--rules", "nowhere", "1m", "--win", "1m")
    assert code == 2 and "unknown rules 'nowhere'" in err
    code, _, err = run(capsys, "score", "--rules", "luzhou", "123m", "--win", "1m")
    assert code == 2 and "13 tiles" in err


def test_chajiao_command(capsys, tmp_path):
    args = ["chajiao", "--rules", "luzhou", "--seat", "A=123m456m234p678p7z",
            "--seat", "B=13m46m9m147p258s69s", "--seat", "C=won", "--seat", "D=234m567m345p678p9p"]
    code, out, _ = run(capsys, *args)
    assert code == 0 and "B: 花豬" in out and "C: has won" in out and "B -> D 10: 查叫 (L141)" in out
    table = tmp_path / "t.json"
    table.write_text('{"seats": {"A": {"concealed": "123m456m234p678p7z", "melds": []}, '
                     '"B": {"won": true}, "C": {"concealed": "13m46m9m147p258s69s"}, "D": {"won": true}}, '
                     '"dealer": "A"}', encoding="utf-8")
    code, out, _ = run(capsys, "chajiao", "--rules", "luzhou", "--json", str(table))
    assert code == 0 and "C -> A 2: 查叫 (L141)" in out


def test_chajiao_json_from_standard_input_not_inline(tmp_path):
    table = ('{"seats": {"A": {"concealed": "123m456m234p678p7z", "melds": []}, "B": {"won": true}, '
             '"C": {"concealed": "13m46m9m147p258s69s"}, "D": {"won": true}}}')
    proc = subprocess.run([sys.executable, "-m", "hupai.cli", "chajiao", "--rules", "luzhou", "--json", "-"],
                          input=table, capture_output=True, text=True)
    assert proc.returncode == 0 and "C -> A 2: 查叫 (L141)" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "hupai.cli", "chajiao", "--rules", "luzhou", "--json", table],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "not inline JSON" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("argv, fragment", [
    (["--seat", "A=123m456m234p678p7z", "--seat", "A=won", "--seat", "B=won", "--seat", "C=won"], "given twice"),
    (["--seat", "A=123m456m234p678p7z", "--seat", "B=won"], "exactly the seats A, B, C and D"),
    (["--seat", "A=123m456m234p678p7z", "--seat", "B=won", "--seat", "C=won", "--seat", "E=won"],
     "exactly the seats"),
    (["--json", "/nonexistent/table.json"], "cannot read"),
])
def test_chajiao_table_errors(capsys, argv, fragment):
    code, _, err = run(capsys, "chajiao", "--rules", "luzhou", *argv)
    assert code == 2 and fragment in err


def test_chajiao_json_errors_are_one_line(tmp_path):
    for text, fragment in (("[" * 100_000, "nested too deeply"), ("{", "not JSON"), ('{"seats": []}', "a table is"),
                           ('{"seats": {"A": 1, "B": 2, "C": 3, "D": 4}}', "a seat is")):
        path = tmp_path / "t.json"
        path.write_text(text, encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "hupai.cli", "chajiao", "--rules", "luzhou", "--json", str(path)],
                              capture_output=True, text=True)
        assert proc.returncode == 2 and fragment in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("region, lines", [
    ("wuhan", ["荒莊", "A: settles nothing", "D: settles nothing", "next dealer: B"]),
    ("fuzhou", ["后燒", "A: pays 1", "B: receives 3", "next dealer: C"]),
])
def test_chajiao_says_what_happened_to_each_seat(capsys, region, lines):
    seats = ["--seat", "A=123m456m789m1234p", "--seat", "B=123m456m789m1234s", "--seat", "C=123p456p789p1234s",
             "--seat", "D=123s456s789s1234m"]
    code, out, _ = run(capsys, "chajiao", "--rules", region, "--dealer", "B", *seats)
    assert code == 0 and "has won" not in out
    for line in lines:
        assert line in out, out


def test_score_command_wuhan(capsys):
    losers = '[{"seat": "A", "opened": true, "discarder": true}, {"seat": "B", "opened": false, "dealer": true}, ' \
             '{"seat": "C", "opened": true, "kongs": {"ming": 1}}]'
    code, out, _ = run(capsys, "score", "--rules", "wuhan", "234m678m345s5s", "--melds", "chi:345p",
                       "--win", "5s", "--indicator", "8p", "--losers", losers)
    assert code == 0 and "win: 40分" in out and "小胡, 硬胡" in out
    assert "  硬胡: x 2 -> 4\n" in out and "  輸家 [A]\n" in out     # each step and the value it leaves


def test_score_command_guiyang(capsys):
    code, out, _ = run(capsys, "score", "--rules", "guiyang", "111s456p789p567m9s", "--win", "9s",
                       "--self-draw", "--flip", "9s", "--payment-scope", "hand,chicken")
    assert code == 0 and "金鸡" in out and "W +24" in out


def test_analyze_discards_table_and_json(capsys):
    import json
    code, out, _ = run(capsys, "analyze", "123m456p789s11z256m")
    assert code == 0 and "discard  shanten" in out and "2m" in out
    code, out, _ = run(capsys, "analyze", "123m456p789s11z256m", "--json", "--visible", "4m4m")
    rows = json.loads(out)
    assert rows[0] == {"discard": "2m", "shanten": 0, "effective": {"4m": 2, "7m": 4}, "total": 6,
                       "waits": {"4m": 2, "7m": 4}}
    code, _, err = run(capsys, "analyze", "123m", "--json")
    assert code == 2 and "3M+2" in err


def test_analyze_with_luzhou_rules(capsys):
    import json
    code, out, _ = run(capsys, "analyze", "123m456m789p12p5s7z7p", "--rules", "luzhou", "--json")
    rows = json.loads(out)
    assert rows[0]["discard"] == "5s" and rows[0]["void"] == "s" and rows[0]["values"] == {"3p": 2, "7p": 2}
    code, out, _ = run(capsys, "analyze", "123m456m789p12p5s7z7p", "--rules", "luzhou")
    assert code == 0 and "values 3p=2 7p=2" in out


def test_analyze_with_wuhan_rules(capsys):
    import json
    argv = ("analyze", "234m678m5s123p8p", "--rules", "wuhan", "--indicator", "8p", "--melds", "chi:345s")
    code, out, _ = run(capsys, *argv, "--json")
    rows = json.loads(out)
    # the laizi is 9p; the flipped 8p is seen, so one 8p is left to draw
    assert code == 0 and rows[0] == {"discard": "8p", "shanten": 0, "effective": {"5s": 2, "9p": 4},
                                     "total": 6, "waits": {"5s": 2, "9p": 4},
                                     "values": {"5s": 48, "9p": 24}}
    assert all(r["discard"] != "9p" for r in rows)
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "values 5s=48 9p=24" in out
    code, _, err = run(capsys, "analyze", "234m678m5s123p8p", "--rules", "wuhan", "--melds", "chi:345s")
    assert code == 2 and "indicator" in err
    code, _, err = run(capsys, "analyze", "234m678m5s123p8p11s", "--indicator", "8p")
    assert code == 2 and "--indicator is a situation fact: it goes with --rules" in err
    code, _, err = run(capsys, "analyze", "234m678m5s123p8p", "--rules", "fuzhou", "--indicator", "8p")
    assert code == 2 and "fuzhou does not use indicator" in err


def test_chajiao_command_takes_a_xianggong_seat(capsys):
    """Guiyang: a seat with a wrong tile count (相公) is never ready and pays at 黄庄."""
    code, out, _ = run(capsys, "chajiao", "--rules", "guiyang", "--seat", "A=123m456p789s2345s",
                       "--seat", "B=123m456p789s23s", "--seat", "C=won", "--seat", "D=won")
    assert code == 0 and "B: not ready" in out and "B -> A" in out


def test_serve_without_the_server_extra_says_how_to_get_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "hupai.server", None)     # as if Starlette were not installed
    assert main(["serve"]) == 2
    assert "pip install 'hupai[server]'" in capsys.readouterr().err


@pytest.mark.parametrize("args, words", [(["--time-limit", "0"], "time limit"), (["--max-body", "0"], "body limit"),
                                         (["--workers", "0"], "workers")])
def test_serve_refuses_limits_that_cannot_be(capsys, args, words):
    assert main(["serve", *args]) == 2
    assert words in capsys.readouterr().err
