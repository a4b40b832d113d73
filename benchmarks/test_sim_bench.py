"""Rounds per second of a run on Dask workers: one worker process against two, the same
rounds (random agents, Fuzhou), through the runner ``hupai simulate --workers N`` uses
(chunks submitted to a LocalCluster, records streamed back in order).  The clusters are
started once, outside the timing: their start (about 2 s) is a fixed cost of a run,
reported apart in benchmarks/README.md.  ROUNDS is long enough for the default chunks to
reach their 200 rounds, as in the long runs workers are for (a run of 400 rounds on two
workers is mostly Dask's cost per task).

The machine's speed drifts by a third from one second to the next, so the two are timed
as an anchor and its comparison: both clusters stay up and each benchmark round plays
the run on one worker, then on two.  ``speed_up``: the median one-worker time over the
median two-worker time; ``pair_speed_ups``: each pair's.  ``client_cpu_seconds``: the
CPU the calling process (client, scheduler, nannies) used in a two-worker run, the
median; on two cores it is taken from the workers.
Run: pytest benchmarks/test_sim_bench.py"""
import statistics
import time

import pytest

from hupai.sim import Job, play_rounds
from hupai.sim.driver import dask_submit, local_cluster

ROUNDS = 1600
PAIRS = 9
JOB = Job("fuzhou", {}, 2026, ("random",) * 4)


def _timed_run(submit, workers):
    """Seconds of wall clock and of the calling process's CPU for the run."""
    wall, cpu = time.perf_counter(), time.process_time()
    n = sum(len(chunk.rows) for chunk in play_rounds(JOB, 0, ROUNDS, submit=submit, workers=workers))
    assert n == ROUNDS
    return time.perf_counter() - wall, time.process_time() - cpu


def test_two_workers_against_one(benchmark):
    pytest.importorskip("distributed")
    one, two, cpu = [], [], []
    with local_cluster(1) as c1, local_cluster(2) as c2:
        submit1, submit2 = dask_submit(c1), dask_submit(c2)

        def pair():
            one.append(_timed_run(submit1, 1)[0])
            wall, used = _timed_run(submit2, 2)
            two.append(wall)
            cpu.append(used)

        pair()                  # the workers import hupai and warm up before the timing
        one.clear(), two.clear(), cpu.clear()
        benchmark.group = "rounds on Dask workers"
        benchmark.pedantic(pair, rounds=PAIRS, iterations=1)
    speed_up = statistics.median(one) / statistics.median(two)
    benchmark.extra_info.update({
        "rounds_per_second_1_worker": round(ROUNDS / statistics.median(one), 1),
        "rounds_per_second_2_workers": round(ROUNDS / statistics.median(two), 1),
        "speed_up": round(speed_up, 2),
        "pair_speed_ups": [round(a / b, 2) for a, b in zip(one, two)],
        "client_cpu_seconds": round(statistics.median(cpu), 3),
    })
