"""Hypothesis properties of Guiyang scoring and 黄庄查叫: every ledger sums to zero,
no input is modified, and 查叫 agrees with each seat's waits and values found by
scoring that seat alone.  Guiyang has no cap (digest §4-5); its hands hold no jokers."""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from hupai.rules import Hand, Situation, guiyang
from hupai.rules.guiyang import GuiyangRules
from region_strategies import for_region, check_ledger, declared_wins, fingerprint, tables


@st.composite
def guiyang_rules(draw):
    table = draw(st.sampled_from(["v1", "v2", "v3"]))
    return GuiyangRules(
        value_table=table,
        zimo_bonus=draw(st.sampled_from(["pinghu_only", "none"] + (["plus_1_all"] if table == "v2" else []))),
        baoting_mode=draw(st.sampled_from(["add_like_qingyise", "fixed_10"])),
        shabao_mode=draw(st.sampled_from(["pattern_plus_10", "fixed_10"])),
        qianggang_value=draw(st.sampled_from(["as_qingyise"] + (["fixed_10"] if table == "v2" else []))),
        repao_mode=draw(st.sampled_from(["plus1", "yifei", "shaodou"])),
        chicken_scope=draw(st.sampled_from(["hand", "inner_outer"])),
        jinji_value=draw(st.sampled_from([2, 3])),
        chajiao_value=draw(st.sampled_from(["max_wait_discard_basis", "self_draw_basis"])),
        baopai_mode=draw(st.sampled_from(["block_win", "penalty"])),
        longqidui_multi_quad=draw(st.sampled_from(["single_long", "per_quad"])),
        lianzhuang=draw(st.sampled_from(["off", "on"])),
        yingxiongji=draw(st.sampled_from(["off", "on"])),
    )


situations = st.fixed_dictionaries({
    "re_pao": st.booleans(), "shabao": st.booleans(), "flip": st.sampled_from([None, 0, 8, 17, 26]),
    "payment_scope": st.sampled_from([("hand",), ("hand", "dou"), ("hand", "chicken"), ("hand", "dou", "chicken")]),
    "passed_since_draw": st.booleans(), "discards": st.lists(st.integers(0, 26), max_size=3),
    "hero_chicken": st.booleans(), "lianzhuang_count": st.integers(0, 3),
})


@settings(max_examples=150)
@given(declared_wins(), guiyang_rules(), situations)
def test_ledgers_sum_to_zero_and_inputs_are_untouched(case, rules, kwargs):
    hand, ctx = case
    ctx = for_region(ctx, guiyang)
    if ctx.self_draw or ctx.robbing_kong:
        kwargs["re_pao"] = False        # 热炮 is a win on a discard
    before = fingerprint((hand, ctx, rules, kwargs))
    res = guiyang.score(hand, ctx.replace(**kwargs), rules)
    assert fingerprint((hand, ctx, rules, kwargs)) == before
    check_ledger(res.ledger)
    if res.is_win:
        hand_part = [t for t in res.ledger if t.reason.split(" (")[0] not in ("鸡", "闷豆", "转弯豆", "点豆")]
        assert all(t.payee == "W" for t in hand_part)
        assert {t.payer for t in hand_part} == ({"A", "B", "C"} if ctx.self_draw else {"A"})
        assert res.value > 0
    elif res.ledger:     # 包牌 as a penalty: the would-be winner pays each other player
        assert res.patterns == ("包牌",) and {t.payer for t in res.ledger} == {"W"}
    else:
        assert res.value == 0 and res.reason


@st.composite
def hands13(draw):
    return draw(declared_wins())[0]


@settings(max_examples=60)
@given(tables(hands13()), guiyang_rules(), st.sampled_from("ABCD"))
def test_chajiao_agrees_with_each_seat_scored_alone(seats, rules, dealer):
    before = fingerprint((seats, rules))
    res = guiyang.exhaust(seats, rules, dealer=dealer)
    assert fingerprint((seats, rules)) == before
    check_ledger(res.ledger)
    playing = {s: h for s, h in seats.items() if h is not None}
    assert set(res.seats) == set(playing)
    for seat, hand in playing.items():
        rep = res.seats[seat]
        own = hand.all_tiles()
        self_drawn = {t: guiyang.score(hand, Situation(t, True), rules) for t in range(27) if own[t] < 4}
        waits = sorted(t for t, r in self_drawn.items() if r.is_win)
        assert list(rep.waits) == waits and rep.ready == bool(waits)
        assert guiyang.ready(hand, rules).waits == rep.waits
        if not waits:
            continue
        if rules.chajiao_value == "self_draw_basis":
            assert rep.value == max(self_drawn[t].value for t in waits)
        else:   # a 平胡 that may not win on a discard (no 豆) still counts its table value
            on_discard = [guiyang.score(hand, Situation(t, False), rules) for t in waits]
            assert rep.value == max(r.value if r.is_win else guiyang.PATTERNS["pinghu"].amount(rules) for r in on_discard)
    ready = [s for s in playing if res.seats[s].ready]
    not_ready = [s for s in playing if not res.seats[s].ready]
    expected = {(p, q, res.seats[q].value) for q in ready for p in not_ready} if ready and not_ready else set()
    assert {(t.payer, t.payee, t.amount) for t in res.ledger} == {e for e in expected if e[2]}


@st.composite
def dealt_table(draw):
    """Two to four seats of 13 tiles dealt from one shuffled 108-tile wall."""
    wall = draw(st.permutations([t for t in range(27) for _ in range(4)]))
    seats = "ABCD"[:draw(st.integers(2, 4))]
    return {s: Hand(np.bincount(wall[13 * i:13 * i + 13], minlength=34).astype(np.uint8))
            for i, s in enumerate(seats)}


@given(dealt_table(), st.data(), guiyang_rules(), st.sampled_from([None, 0, 8, 26]))
def test_chicken_and_genzhang_settlements_sum_to_zero(hands, data, rules, flip):
    ready = {s: data.draw(st.booleans()) for s in hands}
    before = fingerprint((hands, ready))
    check_ledger(guiyang.chicken_settlement(hands, ready, flip, rules))
    assert fingerprint((hands, ready)) == before
    seats = sorted(hands)
    check_ledger(guiyang.genzhang_settlement(seats[0], seats[1:], data.draw(st.integers(0, 4)),
                                             GuiyangRules(genzhang="on")))
