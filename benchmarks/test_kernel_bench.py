"""Kernel benchmarks (pytest-benchmark).  Run:  pytest benchmarks

Per-hand figures are the benchmark median divided by the hands in one call; they are
stored in each benchmark's extra_info as ns_per_hand.  The `mahjong` package and the
pure-Python reference are timed in the same run on the same hands for ratios.
"""
import numpy as np
import pytest

import hupai
from hupai import batch
from workloads import make

N_BATCH = 20000
N_SINGLE = 2000

WORKLOADS14 = ["random", "near", "onesuit"]
WORKLOADS13 = ["random", "ready", "onesuit"]


def per_hand(benchmark, n):
    benchmark.extra_info["hands_per_call"] = n
    if benchmark.stats is not None:
        benchmark.extra_info["ns_per_hand"] = round(benchmark.stats.stats.median / n * 1e9, 1)


@pytest.mark.parametrize("kind", WORKLOADS14)
def test_batch_is_win(benchmark, kind):
    hands, jokers = make(kind, N_BATCH, 14)
    benchmark.group = "batch is_win"
    benchmark(batch.is_win, hands, jokers)
    per_hand(benchmark, N_BATCH)


@pytest.mark.parametrize("kind", WORKLOADS14)
def test_batch_shanten(benchmark, kind):
    hands, jokers = make(kind, N_BATCH, 14)
    benchmark.group = "batch shanten"
    benchmark(batch.shanten, hands, jokers)
    per_hand(benchmark, N_BATCH)


@pytest.mark.parametrize("kind", WORKLOADS13)
def test_batch_waits(benchmark, kind):
    hands, jokers = make(kind, N_BATCH, 13)
    benchmark.group = "batch waits"
    benchmark(batch.waits, hands, jokers)
    per_hand(benchmark, N_BATCH)


def test_batch_shanten_two_threads(benchmark):
    hands, jokers = make("random", 200000, 14)
    benchmark.group = "batch shanten"
    benchmark(batch.shanten, hands, jokers, threads=2)
    per_hand(benchmark, 200000)


THREAD_SIZES = [1000, 10000, 100000, 1000000]


@pytest.fixture(scope="module")
def million():
    return make("random", max(THREAD_SIZES), 14)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("n", THREAD_SIZES)
def test_batch_threads(benchmark, million, n, threads):
    """batch.shanten of the first n random hands with threads=1 and threads=2: the pair
    of one n is compared (the pool's wake-up against the rows it shares)."""
    hands, jokers = million[0][:n], million[1][:n]
    benchmark.group = f"batch shanten threads, N={n}"
    benchmark(batch.shanten, hands, jokers, threads=threads)
    per_hand(benchmark, n)


INPUT_TYPES = {
    "uint8": lambda h: h, "bytes": bytes, "int8": lambda h: h.astype(np.int8),
    "int16": lambda h: h.astype(np.int16), "int64": lambda h: h.astype(np.int64),
    "strided uint8": lambda h: np.repeat(h, 2)[::2], "list": lambda h: h.tolist(),
    "tuple": lambda h: tuple(h.tolist()),
}


@pytest.mark.parametrize("kind", list(INPUT_TYPES))
def test_single_input_types(benchmark, kind):
    """hupai.shanten on one hand given as each accepted input type; uint8 is the anchor."""
    hands, jokers = make("random", N_SINGLE, 14)
    rows = [INPUT_TYPES[kind](h) for h in hands]
    benchmark.group = "single shanten by input type"
    benchmark(_loop(hupai.shanten, rows, [int(k) for k in jokers]))
    per_hand(benchmark, N_SINGLE)


@pytest.mark.parametrize("dtype", ["uint8", "int8", "int64"])
def test_batch_input_types(benchmark, dtype):
    """batch.shanten of an (N, 34) array of each dtype, read in place; uint8 is the anchor."""
    hands, jokers = make("random", N_BATCH, 14)
    hands = hands.astype(dtype)
    benchmark.group = "batch shanten by input type"
    benchmark(batch.shanten, hands, jokers)
    per_hand(benchmark, N_BATCH)


def _loop(fn, rows, jokers):
    def run():
        for h, k in zip(rows, jokers):
            fn(h, k)
    return run


@pytest.mark.parametrize("name, size, kind", [
    ("is_win", 14, "random"), ("is_win", 14, "near"),
    ("shanten", 14, "random"), ("shanten", 13, "ready"),
    ("waits", 13, "random"), ("waits", 13, "ready"),
    ("improving", 13, "random"),
    ("decompose", 14, "near"),
])
def test_single_call(benchmark, name, size, kind):
    hands, jokers = make(kind, N_SINGLE, size)
    rows = list(hands)  # one (34,) uint8 array per hand, as a bot holds it
    jk = [int(k) for k in jokers]
    benchmark.group = f"single {name}"
    benchmark(_loop(getattr(hupai, name), rows, jk))
    per_hand(benchmark, N_SINGLE)


def test_single_shanten_no_jokers(benchmark):
    hands, _ = make("random", N_SINGLE, 14, max_jokers=0)
    rows = list(hands)
    benchmark.group = "shanten vs mahjong package"
    benchmark(_loop(hupai.shanten, rows, [0] * len(rows)))
    per_hand(benchmark, N_SINGLE)


def test_mahjong_package_shanten(benchmark):
    shanten_mod = pytest.importorskip("mahjong.shanten")
    hands, _ = make("random", 200, 14, max_jokers=0)
    rows = [h.tolist() for h in hands]
    calc = shanten_mod.Shanten()
    for r, h in zip(rows[:50], hands[:50]):  # same answers (it uses distinct seven pairs, no jokers)
        assert calc.calculate_shanten(r, use_chiitoitsu=True, use_kokushi=False) == \
            hupai.shanten(h, quads_as_two_pairs=False)
    benchmark.group = "shanten vs mahjong package"

    def run():
        for r in rows:
            calc.calculate_shanten(r, use_chiitoitsu=True, use_kokushi=False)
    benchmark(run)
    per_hand(benchmark, len(rows))


# The pure-Python reference (tests/reference.py) on the first hands of the same
# workloads: benchmarks/floors.json pairs each with the native figure of the same
# workload and fails CI when the speed-up falls below its floor.
REFERENCE_HANDS = {"is_win": 10, "shanten": 10, "waits": 3, "improving": 3, "decompose": 3}


@pytest.mark.parametrize("name, size, kind", [
    ("is_win", 14, "random"), ("shanten", 14, "random"), ("waits", 13, "random"), ("waits", 13, "ready"),
    ("improving", 13, "random"), ("decompose", 14, "near"),
])
def test_reference(benchmark, name, size, kind):
    import reference as ref
    hands, jokers = make(kind, REFERENCE_HANDS[name], size)
    fn = getattr(ref, name)
    fn(hands[0], int(jokers[0]))   # fill the reference's pattern caches first

    def run():
        for h, k in zip(hands, jokers):
            fn(h, int(k))
    benchmark.group = f"single {name}"
    benchmark.pedantic(run, rounds=3, iterations=1)
    per_hand(benchmark, len(hands))


def test_analyze_discards_single(benchmark):
    """One 14-tile hand with 0-4 jokers, from Python, unseen accounting included."""
    hands, jokers = make("near", N_SINGLE, 14)
    rows = list(hands)
    jk = [int(k) for k in jokers]
    it = iter(range(10 ** 9))

    def one():
        i = next(it) % len(rows)
        return hupai.analyze_discards(rows[i], jk[i])

    benchmark.group = "analyze_discards"
    benchmark.pedantic(one, rounds=3000, iterations=1, warmup_rounds=200)


def test_analyze_discards_batch(benchmark):
    hands, jokers = make("random", N_BATCH, 14)
    benchmark.group = "analyze_discards"
    benchmark(batch.discards, hands, jokers)
    per_hand(benchmark, N_BATCH)
