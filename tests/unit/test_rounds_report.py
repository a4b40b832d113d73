"""benchmarks/rounds_report.py: issue 14's rounds/s targets, read absolutely and
against the riichienv yardstick of the same run."""
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("rounds_report", ROOT / "benchmarks" / "rounds_report.py")
rounds_report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rounds_report)


def run(yard, **rounds):
    """A pytest-benchmark JSON: the yardstick and test_rounds[region-agents] at the given rounds/s."""
    benches = [{"name": rounds_report.YARDSTICK, "extra_info": {"rounds_per_second": yard}}]
    for key, rps in rounds.items():
        region, agents = key.split("_")
        benches.append({"name": f"test_rounds[{region}-{agents}]", "extra_info": {"rounds_per_second": rps}})
    return {"benchmarks": benches}


def test_a_slow_minute_is_read_against_the_yardstick():
    # half the yardstick's speed at filing, and half the targets: met against the yardstick
    out = []
    results = run(358.0, wuhan_random=1000.0, wuhan_greedy=150.0)
    assert rounds_report.report(results, out.append)
    assert [l.region + l.agents for l in rounds_report.lines(results)] == ["wuhangreedy", "wuhanrandom"]
    assert all("below the absolute target" in line for line in out[2:])
    assert not any("BELOW against" in line for line in out)


def test_a_region_behind_the_yardstick_fails_and_says_so():
    out = []
    assert not rounds_report.report(run(716.0, luzhou_random=2500.0, luzhou_greedy=250.0), out.append)
    greedy, random_ = out[2], out[3]
    assert "BELOW against the yardstick" in greedy and "BELOW" not in random_
    assert "0.35" in greedy and "0.42" in greedy


def test_a_run_without_the_yardstick_is_an_error(tmp_path, capsys):
    results = run(700.0, fuzhou_random=3000.0)
    results["benchmarks"].pop(0)
    with pytest.raises(ValueError, match="riichienv"):
        rounds_report.lines(results)
    path = tmp_path / "rounds.json"
    path.write_text(json.dumps(results))
    assert rounds_report.main([str(path)]) == 1
    assert "riichienv" in capsys.readouterr().err


def test_a_run_without_rounds_is_an_error():
    with pytest.raises(ValueError, match="no test_rounds"):
        rounds_report.lines(run(700.0))


@pytest.mark.parametrize("text", ["[1]", '{"benchmarks": 3}', '{"benchmarks": [{"stats": {}}]}', "not json",
                                  '{"benchmarks": [{"name": "test_riichienv_random_yardstick", "extra_info": 7}]}',
                                  '{"benchmarks": [{"name": "test_riichienv_random_yardstick", '
                                  '"extra_info": {"rounds_per_second": "fast"}}]}'])
def test_a_file_that_is_no_benchmark_run_is_a_clean_error(tmp_path, capsys, text):
    path = tmp_path / "rounds.json"
    path.write_text(text)
    assert rounds_report.main([str(path)]) == 1
    assert capsys.readouterr().err.startswith("rounds_report: ")
