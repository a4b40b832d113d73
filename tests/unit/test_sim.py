"""Runs of many rounds (hupai.sim, ``hupai simulate``): statistics against a slow
reference read from the rounds themselves, resuming from a records file, and the same
records and statistics in this process, on local workers and on a Dask cluster."""
import io
import json
import math
import os
import signal
import struct

import pytest

from hupai import cli
from hupai.rules import REGIONS
from hupai.sim import Job, Stats, driver, play_chunk, play_rounds, round_row, simulate
from hupai.sim.run import LOCAL_CHUNK, chunk_size
from hupai.table import play_round

AGENTS = ["greedy", "random", "greedy", "random"]


def _reference(rounds, agents):
    """Per-agent figures counted straight from the played rounds (not their records)."""
    out = {}
    for name in dict.fromkeys(agents):
        seats = [s for s, a in enumerate(agents) if a == name]
        n = len(rounds) * len(seats)
        wins = sum(1 for r in rounds for ev in r.win_events for w in ev.winners if w in seats)
        selfdraw = sum(1 for r in rounds for f in r.wins if f.ctx.seat in seats and f.ctx.self_draw)
        dealin = sum(1 for r in rounds for f in r.wins
                     if not f.ctx.self_draw and f.ctx.from_seat in seats)
        nets = [r.net[s] for r in rounds for s in seats]
        mean = sum(nets) / n
        spread = math.sqrt(sum((x - mean) ** 2 for x in nets) / n)
        out[name] = {"rounds": n, "wins": wins, "self_draw_rate": round(selfdraw / n, 4),
                     "deal_in_rate": round(dealin / n, 4), "net_mean": round(mean, 4),
                     "net_spread": round(spread, 4),
                     "exhaust_rate": round(sum(r.exhausted for r in rounds) * len(seats) / n, 4)}
    return out


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_statistics_equal_a_count_over_the_rounds(region):
    rounds = [play_round(region, seed=4, round_index=i, agents=AGENTS) for i in range(25)]
    stats = Stats(region, AGENTS).extend(round_row(r.record()) for r in rounds)
    got = stats.to_dict()["by_agent"]
    for name, expected in _reference(rounds, AGENTS).items():
        for key, value in expected.items():
            assert got[name][key] == pytest.approx(value, abs=1e-4), (name, key)
    # the pattern table: every listed pattern of every win, counted once per win
    counts = {}
    for r in rounds:
        for f in r.wins:
            for p in f.result.patterns:
                counts[p] = counts.get(p, 0) + 1
    assert {p["pattern"]: p["wins"] for p in stats.to_dict()["patterns"]} == counts


def test_a_win_row_names_winner_payer_and_patterns():
    rnd = next(r for r in (play_round("luzhou", seed=2, round_index=i, agents=["greedy"] * 4) for i in range(30))
               if any(not f.ctx.self_draw for f in r.wins))
    row = round_row(rnd.record())
    found = next(f for f in rnd.wins if not f.ctx.self_draw)
    win = next(w for w in row.wins if w.seat == found.ctx.seat and not w.self_draw)
    assert win.from_seat == found.ctx.from_seat and set(win.patterns) == set(found.result.patterns)
    assert row.net == tuple(rnd.net)


@pytest.mark.parametrize("bad, message", [
    ({"events": [], "net": [1, -1]}, "four seats"),
    ({"events": [{"type": "win"}], "net": [0, 0, 0, 0]}, "not a hupai-round/1 record"),
    ({"net": [0, 0, 0, 0]}, "not a hupai-round/1 record"),
])
def test_a_broken_record_is_a_value_error(bad, message):
    with pytest.raises(ValueError, match=message):
        round_row(bad)


def test_simulate_prints_tables_per_seat_agent_and_pattern(capsys):
    assert cli.main(["simulate", "--region", "guiyang", "--rounds", "30", "--seed", "1", "--agents",
                     "greedy,random,random,random", "--no-progress"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("guiyang: 30 rounds, exhaust rate")
    assert any(line.startswith("seat 0 (greedy)") for line in lines)
    assert any(line.startswith("random ") and " 90 " in line for line in lines)      # three seats pooled
    assert any(line.startswith("平胡") and "Plain hand" in line for line in lines)


def test_simulate_json_is_the_library_summary(capsys):
    assert cli.main(["simulate", "--region", "wuhan", "--rounds", "12", "--seed", "3", "--agents", "greedy",
                     "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    run = simulate("wuhan", 12, seed=3, agents=["greedy"] * 4)
    mine = run.summary()
    for key in ("seconds", "rounds_per_second"):
        summary.pop(key), mine.pop(key)
    assert summary == json.loads(json.dumps(mine, ensure_ascii=False))
    assert sum(s["net_total"] for s in summary["seats"]) == 0 and summary["played"] == 12


def _records(path):
    return path.read_text(encoding="utf-8").splitlines()


def test_a_run_resumes_from_its_records_file(tmp_path, capsys):
    args = ["simulate", "--region", "fuzhou", "--rounds", "40", "--seed", "8", "--agents", "greedy", "--json",
            "--no-progress"]
    whole = tmp_path / "whole.jsonl"
    assert cli.main(args + ["--records", str(whole)]) == 0
    full = json.loads(capsys.readouterr().out)
    lines = _records(whole)
    part = tmp_path / "part.jsonl"
    # 25 rounds written, the 26th cut short while being written
    part.write_text("\n".join(lines[:25]) + "\n" + lines[25][:300], encoding="utf-8")
    assert cli.main(args + ["--records", str(part), "--resume"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert part.read_bytes() == whole.read_bytes()
    assert resumed["played"] == 15
    for summary in (full, resumed):
        for key in ("played", "seconds", "rounds_per_second"):
            summary.pop(key)
    assert resumed == full
    # a finished run resumed plays nothing
    assert cli.main(args + ["--records", str(part), "--resume"]) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 0


@pytest.mark.parametrize("change, message", [
    (["--seed", "9"], "line 1 of the records file is not round 0 of this run: its seed"),
    (["--option", "fuzhou_flow_deal_order=one_by_one"], "its options"),
    (["--rounds", "3"], "more than the 3 rounds"),
])
def test_resuming_another_run_is_refused(tmp_path, capsys, change, message):
    path = tmp_path / "r.jsonl"
    base = ["simulate", "--region", "fuzhou", "--rounds", "5", "--seed", "8", "--no-progress"]
    assert cli.main(base + ["--records", str(path)]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    argv = base + ["--records", str(path), "--resume"]
    for i in range(0, len(change), 2):
        if change[i] in argv:
            argv[argv.index(change[i]) + 1] = change[i + 1]
        else:
            argv += change[i:i + 2]
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err
    assert path.read_bytes() == before          # nothing written over a file that is not this run's


@pytest.mark.parametrize("argv, message", [
    (["--workers", "0"], "workers is 1 or more"),
    (["--workers", "2", "--cluster", "tcp://127.0.0.1:1"], "not both"),
    (["--workers", "2", "--match"], "takes no workers"),
    (["--resume"], "needs the records file"),
    (["--chunk", "0"], "a chunk is 1 round or more"),
    (["--bot-timeout", "0"], "more than 0 seconds"),
    (["--agents", "cmd:"], "needs a command"),
    (["--agents", "cmd: "], "needs a command"),
    (["--fallback", "smart"], "unknown fallback agent"),
    (["--rounds", "-1"], "0 or more"),
])
def test_simulate_refuses_bad_run_arguments(argv, message, capsys):
    assert cli.main(["simulate", "--region", "luzhou", "--no-progress"] + argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_records_written_to_a_text_stream_are_those_of_a_file(tmp_path):
    """A file takes the records as the bytes the chunks bring; a text stream (standard
    output, the service's buffer) takes the same lines as text."""
    path = tmp_path / "run.jsonl"
    stream = io.StringIO()
    simulate("wuhan", 12, seed=3, agents=AGENTS, records=path)
    simulate("wuhan", 12, seed=3, agents=AGENTS, records=stream)
    assert stream.getvalue().encode("utf-8") == path.read_bytes()
    assert len(stream.getvalue().splitlines()) == 12

def test_the_chunks_in_flight_stay_bounded():
    """However long the run, at most 2 * workers + 1 chunks are submitted and not yet
    read, and the rounds come back in order."""
    job = Job("fuzhou", {}, 5, ("random",) * 4)
    in_flight = []
    pending = []

    class Done:
        def __init__(self, args):
            self.args = args

        def result(self):
            pending.remove(self)
            return play_chunk(*self.args)

    def submit(fn, *args):
        assert fn is play_chunk
        pending.append(Done(args))
        in_flight.append(len(pending))
        return pending[-1]

    got = [(c.start, len(c.rows)) for c in play_rounds(job, 0, 30, submit=submit, workers=2, size=2)]
    assert got == [(i, 2) for i in range(0, 30, 2)] and max(in_flight) == 5


def test_chunk_sizes():
    assert chunk_size(10, 2) == 2 and chunk_size(400, 2) == 50 and chunk_size(1600, 2) == 200
    assert chunk_size(10**7, 2) == 200 and chunk_size(3, 8) == 1
    assert chunk_size(1600, 2, LOCAL_CHUNK) == 25 and chunk_size(80, 2, LOCAL_CHUNK) == 10


def _plain(summary):
    return {k: v for k, v in summary.items() if k not in ("seconds", "rounds_per_second")}


def test_workers_and_a_cluster_give_the_records_of_one_process(tmp_path, capsys):
    """Rounds are seeded by their index alone: --workers 1, --workers 2 and a Dask
    LocalCluster write the same records, byte for byte, and the same statistics."""
    distributed = pytest.importorskip("distributed")
    base = ["simulate", "--region", "luzhou", "--rounds", "24", "--seed", "6", "--agents",
            "greedy,random,random,greedy", "--chunk", "5", "--json", "--no-progress"]
    outputs = {}
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        for name, extra in [("here", []), ("w1", ["--workers", "1"]), ("w2", ["--workers", "2"]),
                            ("cluster", ["--cluster", cluster.scheduler_address])]:
            path = tmp_path / f"{name}.jsonl"
            assert cli.main(base + extra + ["--records", str(path)]) == 0
            outputs[name] = (path.read_bytes(), _plain(json.loads(capsys.readouterr().out)))
    first = outputs["here"]
    assert len(first[0].splitlines()) == 24
    for name, out in outputs.items():
        assert out == first, name


def test_a_worker_lost_mid_run_costs_only_a_repeat(tmp_path):
    """A worker killed while the run goes on: Dask runs its chunks again elsewhere and
    the records are those of an undisturbed run."""
    distributed = pytest.importorskip("distributed")
    job = Job("guiyang", {}, 11, ("random",) * 4)
    expected = b"".join(c.lines for c in play_rounds(job, 0, 40))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        pids = client.run(os.getpid)

        def submit(fn, *args):
            return client.submit(fn, *args, pure=False)
        got = []
        for chunk in play_rounds(job, 0, 40, submit=submit, workers=2, size=4):
            got.append(chunk.lines)
            if len(got) == 1:                    # the first chunk is back: kill a worker
                os.kill(next(iter(pids.values())), signal.SIGKILL)
    assert b"".join(got) == expected


def test_the_plot_is_a_png_of_both_panels(tmp_path):
    pytest.importorskip("matplotlib")
    from hupai.sim.plot import plot
    run = simulate("fuzhou", 20, seed=3, agents=AGENTS)
    path = tmp_path / "stats.png"
    plot(run.stats, str(path))
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1100, 450)
    from matplotlib import image
    pixels = image.imread(str(path))
    # both halves hold drawing, not only a white page
    assert (pixels[:, :550, :3] < 0.9).any() and (pixels[:, 550:, :3] < 0.9).any()


def test_a_progress_bar_on_runs_past_its_delay(capsys, monkeypatch):
    """No bar for a run done before the delay (a second); a bar counting rounds once a
    run has gone past it (the delay set to nothing here, so that the test does not
    depend on how fast this machine plays)."""
    simulate("fuzhou", 3, seed=1, progress=True)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(driver, "PROGRESS_DELAY", 0.0)
    simulate("fuzhou", 40, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "40/40" in err and "round" in err


MY_BOT = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "my_bot.py")


def test_an_outside_bot_plays_a_simulated_run(tmp_path, capsys):
    """The issue's command: the example bot at seat 0 over the JSON-lines protocol, the
    built-in greedy agent at the others; no incident, every record replays."""
    import sys
    path = tmp_path / "bot.jsonl"
    spec = f"cmd:{sys.executable} {MY_BOT}"
    assert cli.main(["simulate", "--region", "wuhan", "--rounds", "6", "--seed", "2", "--agents",
                     f"{spec},greedy,greedy,greedy", "--records", str(path), "--json", "--no-progress"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["incidents"] == [] and summary["incident_count"] == 0
    assert list(summary["by_agent"]) == [spec, "greedy"]
    assert cli.main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("6 consistent, 0 inconsistent")


def test_a_bot_that_crashes_is_reported_and_its_rounds_still_settled(tmp_path, capsys):
    import sys
    bot = tmp_path / "crash.py"
    bot.write_text("import sys, json\n"
                   "for line in sys.stdin:\n"
                   "    m = json.loads(line)\n"
                   "    if m['type'] == 'hello':\n"
                   "        print(json.dumps({'type': 'hello', 'name': 'crash'}), flush=True)\n"
                   "    elif m['type'] == 'request':\n"
                   "        sys.exit(1)\n", encoding="utf-8")
    path = tmp_path / "crash.jsonl"
    assert cli.main(["simulate", "--region", "fuzhou", "--rounds", "3", "--seed", "2", "--agents",
                     f"cmd:{sys.executable} {bot},random,random,random", "--records", str(path),
                     "--no-progress"]) == 0
    out = capsys.readouterr().out
    crashes = [line for line in out.splitlines() if line.startswith("incident: round")]
    assert len(crashes) == 3 and all(": crash: " in line and "seat 0" in line for line in crashes)
    assert cli.main(["replay", str(path)]) == 0
