"""Rounds per second of a run on local workers: one worker process against two, the same
rounds (random agents, Fuzhou), through the runner ``hupai simulate --workers N`` uses
(chunks submitted to :class:`hupai.sim.pool.LocalWorkers`, records streamed back in
order).  The workers are started once, outside the timing: their start (about 0.2 s) is
a fixed cost of a run, reported apart in benchmarks/README.md.  ROUNDS is long enough for
the default chunks to reach their most rounds, as in the long runs workers are for.

The machine's speed drifts by a third from one second to the next, so the two are timed
as an anchor and its comparison: both sets of workers stay up and each benchmark round plays
the run on one worker, then on two.  ``speed_up``: the median one-worker time over the
median two-worker time; ``pair_speed_ups``: each pair's.  ``client_cpu_seconds``: the
CPU the calling process (the dispatching thread, the records) used in a two-worker run,
the median; on two cores it is taken from the workers.
Run: pytest benchmarks/test_sim_bench.py"""
import statistics
import time

from hupai.sim import Job, play_rounds
from hupai.sim.pool import LocalWorkers
from hupai.sim.run import LOCAL_CHUNK, chunk_size

ROUNDS = 1600
PAIRS = 9
JOB = Job("fuzhou", {}, 2026, ("random",) * 4)


def _timed_run(submit, workers):
    """Seconds of wall clock and of the calling process's CPU for the run."""
    wall, cpu = time.perf_counter(), time.process_time()
    size = chunk_size(ROUNDS, workers, LOCAL_CHUNK)     # as hupai simulate --workers cuts the run
    n = sum(len(chunk.rows) for chunk in play_rounds(JOB, 0, ROUNDS, submit=submit, workers=workers, size=size))
    assert n == ROUNDS
    return time.perf_counter() - wall, time.process_time() - cpu


def test_two_workers_against_one(benchmark):
    one, two, cpu = [], [], []
    with LocalWorkers(1) as w1, LocalWorkers(2) as w2:
        submit1, submit2 = w1.submit, w2.submit

        def pair():
            one.append(_timed_run(submit1, 1)[0])
            wall, used = _timed_run(submit2, 2)
            two.append(wall)
            cpu.append(used)

        pair()                  # the workers import hupai and warm up before the timing
        one.clear(), two.clear(), cpu.clear()
        benchmark.group = "rounds on local workers"
        benchmark.pedantic(pair, rounds=PAIRS, iterations=1)
    speed_up = statistics.median(one) / statistics.median(two)
    benchmark.extra_info.update({
        "rounds_per_second_1_worker": round(ROUNDS / statistics.median(one), 1),
        "rounds_per_second_2_workers": round(ROUNDS / statistics.median(two), 1),
        "speed_up": round(speed_up, 2),
        "pair_speed_ups": [round(a / b, 2) for a, b in zip(one, two)],
        "client_cpu_seconds": round(statistics.median(cpu), 3),
    })
