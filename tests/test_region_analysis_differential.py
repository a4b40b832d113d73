"""The regions' discard analyses against the readable path.

The analyses take fast paths: a hand's melds and situation are checked once per
analysis, a wait's situation is derived from a checked one (``Situation._derive``),
a wait is valued without building the full result.  Here every value an analysis reports
is recomputed the slow, readable way: :func:`score` of the hand after the discard, in a
freshly validated :class:`Situation` of a self-drawn win on that tile.  The inputs are
the analyses the built-in greedy agents ask for in seeded rounds (melds, visible tiles,
Wuhan's indicator as the table gives them) and generated concealed hands."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hupai
from hupai import tiles
from hupai.rules import REGIONS, Hand, Loser, Situation
from greedy_analyses import greedy_analyses

REGION_NAMES = sorted(REGIONS)
#: The tiles each region plays (Luzhou: 紅中 ghosts and no other honour; Guiyang: suited).
POOLS = {"luzhou": list(range(27)) + [tiles.RED], "wuhan": [t for t in range(34) if t != tiles.RED],
         "guiyang": list(range(27)), "fuzhou": list(range(34))}


def readable_situation(region, situation, win_tile):
    """A self-drawn win on ``win_tile`` with the table's facts, built from plain data and
    validated by the public constructor (Wuhan's losers default to three opened players,
    as the analysis documents)."""
    facts = {} if situation is None else situation.to_dict()
    facts.update(win_tile=tiles.tile_name(win_tile), self_draw=True)
    if region == "wuhan" and "losers" not in facts:
        facts["losers"] = [{"seat": s, "opened": True} for s in "ABC"]
    return Situation.from_dict(facts)


def readable_value(region, after, melds, win_tile, situation):
    """The value of a self-drawn win on ``win_tile`` by ``score``, None when no win."""
    res = REGIONS[region].score(Hand(after.astype(np.uint8), tuple(melds)),
                                readable_situation(region, situation, win_tile))
    return res.value if res.is_win else None


def check_analysis(region, counts, melds=(), visible=None, situation=None, rules=None):
    """Every ready discard's values equal ``score`` of each wait; a listed wait that is
    not valued is no win."""
    module = REGIONS[region]
    try:
        rows = module.analyze(counts, rules, visible=visible, melds=melds, situation=situation)
    except ValueError:
        return 0
    # values=False (what a ranking caller asks): the same options in the same order, unvalued
    unvalued = module.analyze(counts, rules, visible=visible, melds=melds, situation=situation, values=False)
    assert unvalued == [o._replace(values=None) for o in rows]
    checked = 0
    for o in rows:
        if o.shanten != 0 or o.reason is not None:
            assert o.values is None if o.shanten else o.values == {}
            continue
        after = np.asarray(counts).astype(np.int64)
        after[o.discard] -= 1
        assert set(o.values) <= set(o.waits) | set(o.effective)
        for t in set(o.waits) | set(o.values):
            if t == tiles.RED and region == "luzhou":
                continue     # a drawn ghost is effective, never listed as a wait with a value
            assert o.values.get(t) == readable_value(region, after, melds, t, situation), \
                (region, tiles.format(counts), [str(m) for m in melds], tiles.tile_name(o.discard),
                 tiles.tile_name(t))
            checked += 1
    return checked


@pytest.mark.parametrize("region", REGION_NAMES)
def test_greedy_analyses_value_waits_as_score_does(region):
    asked = greedy_analyses(region, 12)
    assert len(asked) > 100
    checked = sum(check_analysis(region, a.counts, a.melds, a.visible, a.situation, a.rules) for a in asked)
    assert checked > 50, "too few ready discards to compare"


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_generated_hands_value_waits_as_score_does(data):
    region = data.draw(st.sampled_from(REGION_NAMES), label="region")
    pool = POOLS[region]
    # near-complete hands: sets and a pair from the pool, then one tile swapped
    tiles_ = []
    while len(tiles_) < 14:
        t = data.draw(st.sampled_from(pool))
        run = [t, t, t] if t >= 27 or t % 9 > 6 or data.draw(st.booleans()) else [t, t + 1, t + 2]
        if len(tiles_) >= 12:
            run = [t] * (14 - len(tiles_))
        if all(tiles_.count(x) + run.count(x) <= 4 and x in pool for x in run):
            tiles_ += run[:14 - len(tiles_)]
    counts = np.zeros(34, np.uint8)
    for t in tiles_:
        counts[t] += 1
    situation = None
    if region == "wuhan":
        indicator = data.draw(st.sampled_from([t for t in range(34) if counts[t] < 4]), label="indicator")
        situation = Situation(indicator=indicator)
        if any(counts[t] for t in REGIONS["wuhan"].must_kong_tiles(indicator)):
            return
    check_analysis(region, counts, situation=situation)


def test_derived_situation_equals_a_fresh_one():
    losers = (Loser("A", True), Loser("B"), Loser("C", True, dealer=True))
    table = Situation(indicator="8p", losers=losers, dealer=True)
    for t in (0, 17, 33):
        derived = table._derive(win_tile=t, self_draw=True)
        fresh = Situation(t, True, indicator="8p", losers=losers, dealer=True)
        assert derived == fresh and hash(derived) == hash(fresh)
        assert derived.given() == fresh.given() and derived.to_dict() == fresh.to_dict()
    # the combination of facts is checked again when self_draw changes
    with pytest.raises(ValueError, match="robbing a kong is not a self-draw"):
        Situation(robbing_kong=True)._derive(win_tile=3, self_draw=True)
    # facts that change the given ones find them again
    opened = table._derive(losers=None, self_draw=True)
    assert opened == Situation(indicator="8p", dealer=True, self_draw=True)
    assert opened.given() == ["dealer", "indicator"]
    assert table.win_tile is None and not table.self_draw     # the checked one is untouched


def test_wuhan_ready_and_fuzhou_ready_use_derived_situations_like_fresh_ones():
    hand = Hand.parse("234m678m345s5s", [("chi", "345p")])
    report = REGIONS["wuhan"].ready(hand, situation=Situation(indicator="8p"))
    best = max(readable_value("wuhan", hand.concealed, hand.melds, t, Situation(indicator="8p"))
               for t in report.waits)
    assert report.ready and report.value == best
    hand = Hand.parse("123m456p789s1122z")
    report = REGIONS["fuzhou"].ready(hand, situation=Situation(dealer=True))
    assert report.waits == (27, 28)
    assert report.value == max(REGIONS["fuzhou"].score(hand, Situation(t, True, dealer=True)).value
                               for t in report.waits)
    with pytest.raises(ValueError, match="robbing a kong"):
        REGIONS["fuzhou"].ready(hand, situation=Situation(robbing_kong=True))


def test_values_must_be_a_bool():
    counts = hupai.parse("123m456p789s1122z3m")
    for region in ("fuzhou", "luzhou"):
        with pytest.raises(TypeError, match="values is true or false"):
            hupai.analyze_discards(counts if region == "fuzhou" else hupai.parse("123m456p789s1122m3m"),
                                   rules=region, values="no")
    assert all(o.values is None for o in hupai.analyze_discards(counts, rules="fuzhou", values=False))
    assert any(o.values for o in hupai.analyze_discards(counts, rules="fuzhou"))


def test_luzhou_open_voids_choose_as_each_voids_kernel_rows_say():
    """Luzhou with one or two suits left open by the melds: each discard's void, shanten
    and effective tiles are the readable choice over the kernel's rows of each open void
    (the lowest shanten, then the most unseen effective tiles, ties to the lower suit;
    the effective tiles of every void that ties count)."""
    from hupai import _core
    from hupai.analysis import meld_counts, unseen_counts
    red, sizes = tiles.RED, set()
    for a in greedy_analyses("luzhou", 12):
        melded = {t // 9 for m in a.melds for t in m.tiles if t != red}
        open_voids = [g for g in range(3) if g not in melded]
        if not a.melds or not open_voids:
            continue
        sizes.add(len(open_voids))
        natural, seen, shown = a.counts.astype(np.int64), meld_counts(a.melds), a.visible.astype(np.int64)
        ghosts = int(natural[red])
        natural[red] = seen[red] = shown[red] = 0
        unseen = unseen_counts(natural, seen, shown)
        unseen[27:] = 0
        rows = {g: {r[0]: r for r in _core.discard_options(natural.astype(np.uint8), ghosts, unseen.tolist(),
                                                          True, True, False, False, g)}
                for g in open_voids}
        for o in REGIONS["luzhou"].analyze(a.counts, a.rules, visible=a.visible, melds=a.melds,
                                           situation=a.situation, values=False):
            by_void = [rows[g][o.discard] for g in open_voids]
            best = min(by_void, key=lambda r: (r[1], -r[3]))     # the first of equals: the lower suit
            effective = {}
            for r in by_void:
                if r[1] == best[1]:
                    effective.update(r[2])
            assert (o.shanten, o.void) == (best[1], "mps"[open_voids[by_void.index(best)]])
            assert {t: n for t, n in o.effective.items() if t != red} == effective
    assert sizes == {1, 2}
