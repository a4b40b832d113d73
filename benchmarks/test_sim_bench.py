"""Rounds per second of a run on Dask workers: one worker process against two, the same
rounds (random agents, Fuzhou), through the runner ``hupai simulate --workers N`` uses
(chunks submitted to a LocalCluster, records streamed back in order).  The cluster is
started once per benchmark, outside the timing: its start (about 2 s) is a fixed cost
of a run, reported apart in benchmarks/README.md.  ROUNDS is long enough for the
default chunks to reach their 200 rounds, as in the long runs workers are for (a run of
400 rounds on two workers is mostly Dask's cost per task).  ``client_cpu_seconds``: the
CPU the calling process (client, scheduler, nannies) used in a run, the median; on two
cores it is taken from the workers.
Run: pytest benchmarks/test_sim_bench.py"""
import statistics
import time

import pytest

from hupai.sim import Job, play_rounds
from hupai.sim.driver import dask_submit, local_cluster

ROUNDS = 1600
JOB = Job("fuzhou", {}, 2026, ("random",) * 4)


@pytest.mark.parametrize("workers", [1, 2])
def test_rounds_on_workers(benchmark, workers):
    pytest.importorskip("distributed")
    with local_cluster(workers) as client:
        submit = dask_submit(client)
        cpu = []

        def run():
            begun = time.process_time()
            n = sum(len(chunk.rows) for chunk in play_rounds(JOB, 0, ROUNDS, submit=submit, workers=workers))
            cpu.append(time.process_time() - begun)
            assert n == ROUNDS

        run()                   # the workers import hupai and warm up before the timing
        benchmark.group = "rounds on Dask workers"
        benchmark.pedantic(run, rounds=3, iterations=1)
    if benchmark.stats is not None:
        benchmark.extra_info["rounds_per_second"] = round(ROUNDS / benchmark.stats.stats.median, 1)
        benchmark.extra_info["client_cpu_seconds"] = round(statistics.median(cpu[1:]), 3)
