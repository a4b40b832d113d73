"""Hypothesis properties of Wuhan scoring: zero-sum ledgers within the caps (each
loser at most 400, or a top tier when all three exceed it; 包 pays the three shares),
inputs untouched, nothing settled at the end of the wall, and the best laizi use
equals brute force over every use of every laizi (each assignment re-scored as a
natural hand under an indicator whose laizi it does not hold); the filter that spares
the analysis the scores of waits that cannot be wins never refuses a legal one."""
import dataclasses
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hupai.rules import Hand, Situation, wuhan
from hupai.rules.model import DeclaredMeld
from hupai.rules.wuhan import Loser, WuhanRules, laizi_of
from region_strategies import check_ledger, fingerprint, sets_and_pair, tiles_of

RED = 33
KINDS = [t for t in range(34) if t != RED]
TEMPLATES = [(t, t, t) for t in KINDS] + [(b + s, b + s + 1, b + s + 2) for b in (0, 9, 18) for s in range(7)]


@st.composite
def wuhan_wins(draw):
    suits = draw(st.sampled_from([[0], [9], [18], [0, 9], [9, 18], [0, 18, 27], [27], [1, 4, 7]]))
    pool = [t for t in KINDS if any(b <= t < b + (9 if b < 27 else 6) for b in suits if b % 9 == 0)] \
        if suits != [1, 4, 7] else [1, 4, 7, 10, 13, 16, 19, 22, 25]
    templates = [tp for tp in TEMPLATES if all(t in pool for t in tp)] or [(pool[0],) * 3]
    c, sets = sets_and_pair(draw, pool, templates)
    tiles = tiles_of(draw, c, pool)
    # open with one chi or peng taken from the sets
    melds = []
    opener = next((tp for tp in sets if all(tiles.count(t) >= tp.count(t) for t in set(tp))), None)
    if opener is None or not set(tiles) - set(opener):
        return None
    for t in opener:
        tiles.remove(t)
    melds.append(DeclaredMeld("peng" if opener[0] == opener[1] else "chi", tuple(opener)))
    laizi = draw(st.sampled_from(sorted(set(tiles) - set(opener))))
    indicator = next(i for i in range(34) if laizi_of(i) == laizi)
    win = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    concealed = np.zeros(34, np.uint8)
    for t in tiles:
        concealed[t] += 1
    hand = Hand(concealed, tuple(melds))
    full = concealed.astype(int)
    full[win] += 1
    if full[indicator] + sum(m.tiles.count(indicator) for m in melds) > 3 or full[laizi] > 2:
        return None
    ls = [Loser(s, opened=draw(st.booleans()), dealer=(s == "B"),
                kongs={"ming": draw(st.integers(0, 1))}) for s in "ABC"]
    return hand, Situation(win, True, after_kong=draw(st.booleans())), indicator, ls


def kong_of(ctx):
    """杠上開花 needs a kong: the winner's 紅中杠 (A-L87)."""
    return {"hongzhong": 1} if ctx.after_kong else None


def natural_multiplier(hand, ctx, indicator, ls, laizi, assign, rules):
    """Score the hand with each held laizi replaced per ``assign``, under an indicator
    whose laizi the natural hand does not hold: its multiplier, less the 硬胡 fan if
    some laizi stood for another kind, or None when that reading is not a legal win."""
    full = hand.concealed.astype(int)
    full[ctx.win_tile] += 1
    full[laizi] -= len(assign)
    for t in assign:
        full[t] += 1
    meld = np.zeros(34, int)
    for m in hand.melds:
        for t in m.tiles:
            meld[t] += 1
    if (full + meld).max() > 4:
        return None
    win = ctx.win_tile if full[ctx.win_tile] else next(t for t in range(34) if full[t])
    conc = full.copy()
    conc[win] -= 1
    for ind in range(34):
        lz = laizi_of(ind, rules)
        if full[lz] == 0 and meld[lz] == 0 and full[ind] + meld[ind] <= 3 and ind != RED:
            break
    res = wuhan.score(Hand(conc.astype(np.uint8), hand.melds),
                      Situation(win, True, after_kong=ctx.after_kong, indicator=ind, losers=ls,
                                special_kongs=kong_of(ctx) or {}), rules)
    if not res.is_win:
        return None
    hard = all(t == laizi for t in assign)
    small = "小胡" in res.patterns
    if small and len(assign) >= 2:
        return None   # a small win holds at most one laizi, used or not (C8)
    m = res.detail["multiplier"]
    return m if hard or m == float("inf") else m / 2


@settings(max_examples=60)
@given(wuhan_wins())
def test_best_laizi_use_is_brute_force_best(case):
    if case is None:
        return
    hand, ctx, indicator, ls = case
    rules = WuhanRules()
    laizi = laizi_of(indicator)
    res = wuhan.score(hand, ctx.replace(indicator=indicator, losers=ls, special_kongs=kong_of(ctx) or {}), rules)
    assert sum(res.payments.values()) == 0
    held = int(hand.concealed[laizi]) + (ctx.win_tile == laizi)
    best = None
    for assign in itertools.product([t for t in range(34) if t != RED], repeat=held):
        m = natural_multiplier(hand, ctx, indicator, ls, laizi, assign, rules)
        if m is not None and (best is None or m > best):
            best = m
    if best is None:
        assert not res.is_win
    else:
        assert res.is_win and res.detail["multiplier"] == best
        gold, sun, bright = rules.tiers
        for t in res.ledger:
            assert t.payee == "W" and (t.amount <= max(400, bright) or len(res.ledger) == 1)


@st.composite
def wuhan_situations(draw):
    """A winning Wuhan hand won any way: self-drawn (perhaps on a kong's replacement or
    among the last four tiles), on A's discard, or robbing A's kong; losers opened or
    not, dealing or not, with kongs of their own; flags varied."""
    case = draw(wuhan_wins().filter(lambda c: c is not None))
    hand, ctx, indicator, _ = case
    how = draw(st.sampled_from(["self", "self", "discard", "robbing"]))
    ctx = Situation(ctx.win_tile, how == "self", after_kong=how == "self" and draw(st.booleans()),
                     robbing_kong=how == "robbing")
    dealer = draw(st.sampled_from([None, "A", "B", "C"]))
    special = draw(st.sampled_from([None, {"hongzhong": 1}, {"laizi": 1}]))
    # laizi konged at the table: no more than the copies the winner does not hold
    laizi = laizi_of(indicator)
    free = 4 - int(hand.concealed[laizi]) - (ctx.win_tile == laizi) - (special or {}).get("laizi", 0)
    kongs = []
    for _ in "ABC":
        k = draw(st.fixed_dictionaries({}, optional={"ming": st.integers(0, 2), "an": st.integers(0, 2),
                                                     "laizi": st.integers(0, min(1, max(free, 0)))}))
        free -= k.get("laizi", 0)
        kongs.append(k)
    losers = [Loser(s, opened=draw(st.booleans()), dealer=s == dealer, discarder=how == "discard" and s == "A",
                    kongs=k) for s, k in zip("ABC", kongs)]
    rules = WuhanRules(kaikou_mode=draw(st.sampled_from(["kaikou_fan", "koukou_fan"])),
                       laizi_gang_fan=draw(st.sampled_from([1, 2])),
                       big_win_dealer_fan=draw(st.booleans()),
                       big_zimo_fangchong_factor=draw(st.sampled_from([1.5, 2])),
                       gangkai_zimo_factor=draw(st.booleans()),
                       qianggang_settlement=draw(st.sampled_from(["as_gangkai_robbed_pays_all", "discard_like"])),
                       loser_kaikou_fan=draw(st.booleans()))
    kwargs = {"indicator": indicator, "losers": losers,
              "special_kongs": special or kong_of(ctx),
              "last_four": how == "self" and draw(st.integers(0, 4)) == 0,
              "discarder_ready": draw(st.booleans())}
    return hand, ctx, rules, kwargs


@settings(max_examples=150)
@given(wuhan_situations())
def test_ledgers_sum_to_zero_within_the_caps_and_inputs_are_untouched(case):
    hand, ctx, rules, kwargs = case
    before = fingerprint((hand, ctx, rules, kwargs))
    res = wuhan.score(hand, ctx.replace(**{k: v for k, v in kwargs.items() if v is not None}), rules)
    assert fingerprint((hand, ctx, rules, kwargs)) == before
    check_ledger(res.ledger)
    if not res.is_win:
        assert res.value == 0 and not res.ledger and res.reason
        return
    assert all(t.payee == "W" for t in res.ledger) and res.value == sum(t.amount for t in res.ledger)
    tiers = set(rules.tiers)
    if any(p in res.patterns for p in ("包胡", "見三包")):
        # one liable player pays the three capped shares
        assert len(res.ledger) == 1 and res.ledger.transfers[0].amount <= 3 * max(tiers)
    else:
        # each loser pays his own share: at most 400, or, when all three exceed 400, a top tier
        shares = sorted(t.amount for t in res.ledger)
        assert len(shares) == 3 and {t.payer for t in res.ledger} == {"A", "B", "C"}
        assert all(a <= 400 for a in shares) or all(a in tiers for a in shares)


@given(st.fixed_dictionaries({s: st.none() for s in "ABCD"}), st.sampled_from("ABCD"))
def test_end_of_the_wall_settles_nothing(seats, dealer):
    res = wuhan.exhaust(seats, WuhanRules(), dealer=dealer)
    assert not res.ledger and res.next_dealer == dealer


@settings(max_examples=150)
@given(wuhan_situations(), st.sampled_from([{}, {"situational_lifts_laizi_limit": False},
                                            {"xiaohu_laizi_limit_counts_self_used": False},
                                            {"qingyise_requires_shape": True}, {"ghost_as_fifth_copy": True},
                                            {"jianzihu_discard_forbidden": False}]))
def test_skipping_readings_beyond_the_laizi_limit_changes_no_result(case, flags):
    """The scorer does not search the readings of two or more laizi as jokers when no
    big or lifting situational pattern can make them a win; the result is the one of
    searching every reading."""
    hand, ctx, rules, kwargs = case
    rules = dataclasses.replace(rules, **flags)
    situation = ctx.replace(**{k: v for k, v in kwargs.items() if v is not None})
    fast = wuhan.score(hand, situation, rules)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(wuhan, "_beyond_limit_may_win", lambda *args: True)
        slow = wuhan.score(hand, situation, rules)
    assert (fast.is_win, fast.value, fast.patterns, fast.reason, fast.payments) == \
        (slow.is_win, slow.value, slow.patterns, slow.reason, slow.payments)
    assert fast.breakdown == slow.breakdown


_FILTER_FLAGS = [{}, {"situational_lifts_laizi_limit": False}, {"xiaohu_laizi_limit_counts_self_used": False},
                 {"qingyise_requires_shape": True}, {"ghost_as_fifth_copy": True},
                 {"gang_variant": "hongzhong_facai"}, {"gang_variant": "hongzhong_pizi"}]


@settings(max_examples=150)
@given(wuhan_situations(), st.sampled_from(_FILTER_FLAGS))
def test_the_wait_filter_never_refuses_a_legal_win(case, flags):
    """``_may_win_on`` (what spares the analysis and readiness the scores of waits that
    cannot be wins) is a necessary condition: whatever tile the hand wins on, a legal
    win is never refused by it.  The hand's own winning tile and every other tile are
    tried, so most tries are no wins and some are wins on other tiles."""
    hand, ctx, rules, kwargs = case
    rules = dataclasses.replace(rules, **flags)
    situation = ctx.replace(**{k: v for k, v in kwargs.items() if v is not None})
    for t in range(34):
        try:
            s = situation.replace(win_tile=t)
            res = wuhan.score(hand, s, rules)
        except ValueError:
            continue            # a fifth copy, or a must-kong tile the variant holds apart
        shared = wuhan._shared(hand.melds, s, rules)
        after = bytearray(hand.concealed.tobytes())
        kept = wuhan._may_win_on(shared, after, len(hand.melds), rules, range(34))
        if res.is_win:
            assert t in kept, (str(hand), t, flags)
        # one tile at a time, the same answer
        assert (t in kept) == bool(wuhan._may_win_on(shared, after, len(hand.melds), rules, (t,)))


def _without_filter(mp):
    mp.setattr(wuhan, "_may_win_on", lambda shared, after, n, rules, candidates: list(candidates))


@pytest.mark.parametrize("flags", _FILTER_FLAGS[:3])
def test_the_greedy_agents_analyses_are_those_of_scoring_every_wait(flags):
    """The analyses the greedy agents ask for, with the filter and with every candidate
    wait scored: the same options, waits and values."""
    from greedy_analyses import greedy_analyses
    asked = greedy_analyses("wuhan", 6)
    rules = WuhanRules(**flags)
    assert len(asked) > 100
    for a in asked:
        args = (a.counts, rules)
        kwargs = {"visible": a.visible, "melds": a.melds, "situation": a.situation}
        fast = wuhan.analyze(*args, **kwargs)
        with pytest.MonkeyPatch.context() as mp:
            _without_filter(mp)
            slow = wuhan.analyze(*args, **kwargs)
        assert fast == slow
