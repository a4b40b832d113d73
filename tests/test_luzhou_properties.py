"""Hypothesis properties of Luzhou scoring: ledgers sum to zero, payments respect the
cap, inputs are untouched, and the score is the best over every legal ghost assignment
(checked by brute force over all assignments, with a restated valuation)."""
import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import hupai
import reference as ref
from hupai.rules import Hand, WinContext, luzhou
from hupai.rules.luzhou import GHOST, LuzhouRules

SUIT_SEQS = [(b + s, b + s + 1, b + s + 2) for b in (0, 9, 18) for s in range(7)]


@st.composite
def luzhou_wins(draw, max_ghosts=3):
    suits = draw(st.lists(st.integers(0, 2), min_size=1, max_size=3, unique=True))
    kinds = [t for g in suits for t in range(9 * g, 9 * g + 9)]
    final = np.zeros(34, np.int64)
    if draw(st.integers(0, 5)) == 0:
        for t in draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7)):
            final[t] += 2
    else:
        templates = [(t, t, t) for t in kinds] + [s for s in SUIT_SEQS if s[0] in kinds]
        for tpl in draw(st.lists(st.sampled_from(templates), min_size=4, max_size=4)):
            for t in tpl:
                final[t] += 1
        final[draw(st.sampled_from(kinds))] += 2
    final = np.minimum(final, 4)
    tiles14 = [t for t in range(34) for _ in range(final[t])]
    while len(tiles14) < 14:
        tiles14.append(draw(st.sampled_from(kinds)))
        if tiles14.count(tiles14[-1]) > 4:
            tiles14.pop()
    # declare a peng of some triplet, sometimes
    melds = []
    if draw(st.booleans()):
        trip = [t for t in set(tiles14) if tiles14.count(t) >= 3]
        if trip:
            t = draw(st.sampled_from(sorted(trip)))
            for _ in range(3):
                tiles14.remove(t)
            melds.append(("peng", (t, t, t)))
    k = draw(st.integers(0, min(max_ghosts, len(tiles14) - 1)))
    for _ in range(k):
        tiles14[draw(st.integers(0, len(tiles14) - 1))] = GHOST
    win_pos = draw(st.integers(0, len(tiles14) - 1))
    win = tiles14.pop(win_pos)
    self_draw = draw(st.booleans()) or win == GHOST
    ctx = dict(after_kong=self_draw and draw(st.booleans()))
    if not self_draw:
        ctx[draw(st.sampled_from(["plain", "kong_discard", "robbing_kong"]))] = True
        ctx.pop("plain", None)
    concealed = np.zeros(34, np.uint8)
    for t in tiles14:
        concealed[t] += 1
    from hupai.rules.model import DeclaredMeld
    hand = Hand(concealed, tuple(DeclaredMeld(kind, tiles) for kind, tiles in melds))
    return hand, WinContext(win, self_draw, **ctx)


rules_st = st.builds(LuzhouRules, wugui_doublings=st.sampled_from([1, 2]),
                     cap=st.sampled_from([40, 100, None]),
                     discard_half_rounding=st.sampled_from(["floor", "half_up"]),
                     gangshangpao_halved=st.booleans(), qianggang_halved=st.booleans())


@given(luzhou_wins(), rules_st)
def test_ledger_sums_to_zero_and_respects_cap(case, rules):
    hand, ctx = case
    before = hand.concealed.copy()
    res = luzhou.score(hand, ctx, rules)
    assert (hand.concealed == before).all()
    assert sum(res.payments.values()) == 0
    if res.is_win:
        assert res.payments["W"] == sum(t.amount for t in res.ledger)
        for t in res.ledger:
            assert t.payee == "W" and t.payer in "ABC"
            if rules.cap is not None:
                assert t.amount <= rules.cap
        payers = {t.payer for t in res.ledger}
        assert payers == ({"A", "B", "C"} if ctx.self_draw else {"A"})
    else:
        assert res.value == 0 and not res.payments and res.reason


def restated_value(shape, qing, quads, wugui, ctx, rules):
    d = quads + (ctx.after_kong and ctx.self_draw) + ctx.kong_discard + ctx.robbing_kong \
        + (rules.wugui_doublings if wugui else 0)
    if shape == "pinghu" and not qing:
        return 2 if d == 0 else 5 * 2 ** (d - 1)
    return (40 if qing and shape in ("duidui", "qidui") else 10) * 2 ** d


def restated_paid(v, ctx, rules):
    cap = (lambda x: x) if rules.cap is None else (lambda x: min(x, rules.cap))
    half = (lambda x: x // 2) if rules.discard_half_rounding == "floor" else (lambda x: (x + 1) // 2)
    if ctx.self_draw or (ctx.kong_discard and not rules.gangshangpao_halved) \
            or (ctx.robbing_kong and not rules.qianggang_halved):
        return cap(v)
    return half(cap(v))


def brute_force_best(hand, ctx, rules, fifth=False):
    full = hand.concealed.astype(np.int64)
    full[ctx.win_tile] += 1
    k = int(full[GHOST])
    full[GHOST] = 0
    melds = np.zeros(34, np.int64)
    for m in hand.melds:
        for t in m.tiles:
            melds[t] += 1
    wugui = k == 0
    best = None
    for assign in itertools.combinations_with_replacement(range(27), k):
        f = full.copy()
        for t in assign:
            f[t] += 1
        if ((f + melds) > 4).any() and not fifth:
            continue
        suits = {t // 9 for t in np.flatnonzero(f + melds)}
        if len(suits) > 2:
            continue
        if f.max() <= 4 and not hupai.is_win(f.astype(np.uint8), 0, seven_pairs=not hand.melds):
            continue
        quads = int(((f + melds) >= 4).sum())
        shapes = set()
        for form, ms in ref.decompose(f, 0, seven_pairs=not hand.melds and f.max() <= 4,
                                      cap=8 if fifth else 4):
            if form == "seven_pairs":
                shapes.add("qidui")
            elif all(kind != "sequence" for kind, _, _ in ms):
                shapes.add("duidui")
            else:
                shapes.add("pinghu")
        for shape in shapes:
            v = restated_value(shape, len(suits) == 1, quads, wugui, ctx, rules)
            best = max(best or 0, restated_paid(v, ctx, rules))
    return best


@settings(max_examples=60)
@given(luzhou_wins(max_ghosts=2), rules_st)
def test_score_is_best_over_all_ghost_assignments(case, rules):
    hand, ctx = case
    if any(len(m.tiles) == 4 for m in hand.melds) or (len(hand.melds) == 4):
        return
    res = luzhou.score(hand, ctx, rules)
    expected = brute_force_best(hand, ctx, rules)
    if expected is None or (not ctx.self_draw and expected < 2):
        assert not res.is_win
    else:
        assert res.is_win and res.value == expected


@st.composite
def luzhou_hands13(draw):
    """13 tiles from one to three suits, 0-3 ghosts, often near a win."""
    hand, ctx = draw(luzhou_wins(max_ghosts=3))
    return hand


@settings(max_examples=40)
@given(st.lists(st.one_of(st.none(), luzhou_hands13()), min_size=4, max_size=4), st.booleans())
def test_chajiao_ledger_and_waits(hands, discard_half):
    rules = LuzhouRules(chajiao_basis="discard_half" if discard_half else "self_draw_table_max")
    seats = dict(zip("ABCD", hands))
    res = luzhou.chajiao(seats, rules, dealer="A")
    assert sum(res.payments.values()) == 0
    unfinished = [s for s, h in seats.items() if h is not None]
    assert set(res.ready) == set(unfinished)
    for s in unfinished:
        rep = res.seats[s]
        # waits agree with scoring the self-drawn tile, one seat at a time
        hand = seats[s]
        own = hand.all_tiles()
        expected = {t for t in range(27) if own[t] < 4
                    and luzhou.score(hand, WinContext(t, True), rules).is_win}
        assert set(rep.waits) == expected
        assert rep.ready == bool(expected) and not (rep.huazhu and rep.ready)
    ready = [s for s in unfinished if res.ready[s]]
    not_ready = [s for s in unfinished if not res.ready[s]]
    for t in res.ledger:
        assert t.payer in not_ready and t.payee in ready and t.amount == res.values[t.payee]
    if len(unfinished) >= 2:
        assert len(res.ledger) == sum(1 for r in ready if res.values[r]) * len(not_ready)
    else:
        assert not res.ledger.transfers


@st.composite
def guiyang_wins(draw):
    hand, ctx = draw(luzhou_wins(max_ghosts=0))
    return hand, WinContext(ctx.win_tile, ctx.self_draw, after_kong=ctx.after_kong,
                            robbing_kong=ctx.robbing_kong)


@settings(max_examples=80)
@given(guiyang_wins(), st.booleans(), st.booleans(), st.sampled_from([None, 0, 8, 26]),
       st.sampled_from(["v1", "v2", "v3"]))
def test_guiyang_ledgers_sum_to_zero(case, re_pao, shabao, flip, table):
    from hupai.rules import guiyang
    hand, ctx = case
    if ctx.self_draw:
        re_pao = False
    res = guiyang.score(hand, ctx, guiyang.GuiyangRules(value_table=table), re_pao=re_pao,
                        shabao=shabao, flip=flip, payment_scope=["hand", "chicken"])
    assert sum(res.payments.values()) == 0
    if res.is_win:
        assert all(t.payee == "W" for t in res.ledger)
        payers = {t.payer for t in res.ledger if t.reason != "鸡"}
        assert payers == ({"A", "B", "C"} if ctx.self_draw else {"A"})


@st.composite
def hands_with_a_four(draw):
    """Luzhou hands that hold all four copies of a kind and a ghost or two."""
    suit = draw(st.sampled_from([0, 9, 18]))
    other = draw(st.sampled_from([s for s in (0, 9, 18) if s != suit]))
    t = suit + draw(st.integers(0, 8))
    tiles = [t] * 4
    pool = [k for k in range(suit, suit + 9)] + [k for k in range(other, other + 9)]
    while len(tiles) < 14 - 2:
        k = draw(st.sampled_from(pool))
        if tiles.count(k) < 4:
            tiles.append(k)
    tiles += [GHOST] * draw(st.integers(1, 2))
    while len(tiles) < 14:
        k = draw(st.sampled_from(pool))
        if tiles.count(k) < 4:
            tiles.append(k)
    win = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    concealed = np.zeros(34, np.uint8)
    for k in tiles:
        concealed[k] += 1
    return Hand(concealed, ()), WinContext(win, True)


@settings(max_examples=40)
@given(hands_with_a_four())
def test_fifth_copy_option_is_brute_force_best(case):
    hand, ctx = case
    rules = LuzhouRules(ghost_as_fifth_copy=True, cap=None)
    res = luzhou.score(hand, ctx, rules)
    expected = brute_force_best(hand, ctx, rules, fifth=True)
    if expected is None:
        assert not res.is_win
    else:
        assert res.is_win and res.value == expected
