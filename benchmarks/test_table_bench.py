"""Whole rounds per second on one core: the table engine with built-in agents, per
region, and riichienv (Rust core, Python agents, the ``bench`` extra) timed in the same
run as the yardstick.  Each benchmark round plays ROUNDS rounds (a round's length varies
with its wall: fewer make a noisy median); rounds/s is ROUNDS / median.
Run: pytest benchmarks/test_table_bench.py"""
import random

import pytest

from hupai.rules import REGIONS
from hupai.table import play_round

ROUNDS = 20


@pytest.mark.parametrize("agents", ["random", "greedy"])
@pytest.mark.parametrize("region", sorted(REGIONS))
def test_rounds(benchmark, region, agents):
    """ROUNDS consecutive seeded rounds of ``region`` with four ``agents``; every
    benchmark round plays new walls."""
    start = iter(range(0, 10 ** 9, ROUNDS))

    def rounds():
        first = next(start)
        for i in range(first, first + ROUNDS):
            play_round(region, seed=2026, round_index=i, agents=[agents] * 4)

    benchmark.group = f"rounds ({agents} agents)"
    benchmark(rounds)
    if benchmark.stats is not None:
        benchmark.extra_info["rounds_per_second"] = round(ROUNDS / benchmark.stats.stats.median, 1)


def test_riichienv_random_yardstick(benchmark):
    """riichienv's one-round game with uniform random legal actions chosen in Python,
    the same agent model as ours."""
    riichienv = pytest.importorskip("riichienv")
    seeds = iter(range(10 ** 9))

    def rounds():
        for _ in range(ROUNDS):
            seed = next(seeds)
            env = riichienv.RiichiEnv(seed=seed)
            rng = random.Random(seed)
            obs = env.reset()
            while not env.done():
                obs = env.step({pid: _pick(o.legal_actions(), rng) for pid, o in obs.items()})

    benchmark.group = "rounds (random agents)"
    benchmark(rounds)
    if benchmark.stats is not None:
        benchmark.extra_info["rounds_per_second"] = round(ROUNDS / benchmark.stats.stats.median, 1)


def _pick(legal, rng):
    return legal[rng.randrange(len(legal))]
