"""Regional scoring benchmarks: one hand scored from Python (ghost assignment
included) and a whole table's 查叫.  Run: pytest benchmarks"""
import pytest

import hupai
from hupai.rules import Hand, luzhou
from workloads import CHAJIAO_TABLES, analysis_hands, luzhou_wins


@pytest.mark.parametrize("ghosts", ["dealt", "uniform"])
def test_luzhou_score(benchmark, ghosts):
    """Median per hand = median of single-hand timings over the workload: each round
    scores one hand, rounds cycle through the hands."""
    cases = luzhou_wins(400, ghosts=ghosts)
    it = iter(range(10 ** 9))

    def one():
        h, ctx = cases[next(it) % len(cases)]
        return luzhou.score(h, ctx)

    benchmark.group = "luzhou score (one hand)"
    benchmark.pedantic(one, rounds=4000, iterations=1, warmup_rounds=400)
    benchmark.extra_info["ns_per_hand"] = round(benchmark.stats.stats.median * 1e9, 1) \
        if benchmark.stats is not None else None


def test_is_win_reference(benchmark):
    """The single-hand kernel call, timed in the same run: scoring figures can be read
    as multiples of it on a noisy machine."""
    h = hupai.parse("123m456p789s11122z")
    benchmark.group = "luzhou score (one hand)"
    benchmark.pedantic(hupai.is_win, args=(h, 0), rounds=4000, iterations=20, warmup_rounds=100)


def test_pymahjonggb_fan_calculator(benchmark):
    """The yardstick of issue 16: PyMahjongGB's C++ fan calculator (the Chinese Official
    rules, called from Python) on wins of its own rules (``workloads.gb_wins``), timed as
    hupai's scoring is above: one hand a round, cycling through 400, in the same run."""
    calculate = pytest.importorskip("MahjongGB").MahjongFanCalculator
    from workloads import gb_wins
    cases = gb_wins(400)
    it = iter(range(10 ** 9))

    def one():
        return calculate(*cases[next(it) % len(cases)])

    benchmark.group = "PyMahjongGB fan calculator (one hand)"
    benchmark.pedantic(one, rounds=4000, iterations=1, warmup_rounds=400)


def test_luzhou_chajiao_table(benchmark):
    seats = {k: Hand.parse(v) for k, v in CHAJIAO_TABLES["luzhou"].items()}
    benchmark.group = "luzhou 查叫 (4 seats)"
    result = benchmark(luzhou.exhaust, seats, dealer="A")
    assert result.payments == {"A": 4, "B": -12, "C": -12, "D": 20}


def test_wuhan_score(benchmark):
    from hupai.rules import wuhan
    from workloads import wuhan_wins
    cases = wuhan_wins(300)
    it = iter(range(10 ** 9))

    def one():
        h, situation = cases[next(it) % len(cases)]
        return wuhan.score(h, situation)

    benchmark.group = "wuhan score (one hand)"
    benchmark.pedantic(one, rounds=3000, iterations=1, warmup_rounds=300)


@pytest.mark.parametrize("region", ["guiyang", "fuzhou"])
def test_no_joker_region_score(benchmark, region):
    from hupai.rules import REGIONS
    module = REGIONS[region]
    cases = [(h, ctx) for h, ctx in luzhou_wins(300, ghosts="none")
             if module.score(h, ctx).is_win]
    it = iter(range(10 ** 9))

    def one():
        h, ctx = cases[next(it) % len(cases)]
        return module.score(h, ctx)

    benchmark.group = f"{region} score (one hand)"
    benchmark.pedantic(one, rounds=3000, iterations=1, warmup_rounds=300)


def test_guiyang_chajiao_table(benchmark):
    from hupai.rules import guiyang
    seats = {k: Hand.parse(v) for k, v in CHAJIAO_TABLES["guiyang"].items()}
    benchmark.group = "guiyang 黄庄查叫 (4 seats)"
    result = benchmark(guiyang.exhaust, seats)
    assert result.payments == {"A": 2, "B": 20, "C": -11, "D": -11}


def _analyze_one(benchmark, region):
    """One hand of ``workloads.analysis_hands`` a round, cycling through 300."""
    import hupai
    hands = analysis_hands(region, 300)
    it = iter(range(10 ** 9))

    def one():
        counts, facts = hands[next(it) % len(hands)]
        return hupai.analyze_discards(counts, rules=region, **facts)

    benchmark.group = "analyze_discards with rules"
    benchmark.pedantic(one, rounds=2000, iterations=1, warmup_rounds=100)


def test_analyze_discards_luzhou(benchmark):
    """One 14-tile Luzhou hand (ghosts as dealt) analysed with rules: 缺一門 per discard
    and the value of every wait of a ready discard."""
    _analyze_one(benchmark, "luzhou")


def test_analyze_discards_wuhan(benchmark):
    """One Wuhan hand (11 concealed tiles and a chi, laizi as dealt) analysed with rules:
    shanten and 进张 toward a small win, the legal waits of ready discards valued."""
    _analyze_one(benchmark, "wuhan")


@pytest.mark.parametrize("region", ["fuzhou", "guiyang"])
def test_analyze_discards_plain_region(benchmark, region):
    """One 14-tile hand of the region's tiles (Guiyang: suited only) analysed with rules:
    the kernel's options under the region's forms and the value of every wait of a ready
    discard."""
    _analyze_one(benchmark, region)


@pytest.mark.parametrize("region", ["fuzhou", "guiyang", "luzhou", "wuhan"])
def test_greedy_agent_analyses(benchmark, region):
    """The analyses the built-in greedy agents ask for (issue 14): every
    ``region.analyze`` call of 12 seeded greedy rounds, with the agents' melds, visible
    tiles and table situation, replayed; each benchmark round runs the next one, so the
    median is one analysis."""
    from greedy_analyses import greedy_analyses
    from hupai.rules import REGIONS
    module = REGIONS[region]
    asked = greedy_analyses(region, 12)
    it = iter(range(10 ** 9))

    def one():
        a = asked[next(it) % len(asked)]
        return module.analyze(a.counts, a.rules, visible=a.visible, melds=a.melds, situation=a.situation,
                              values=a.values)

    benchmark.group = "greedy agents' analyses (one call)"
    benchmark.pedantic(one, rounds=2000, iterations=1, warmup_rounds=100)
    benchmark.extra_info["analyses"] = len(asked)
