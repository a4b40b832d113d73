"""Hypothesis properties of Fuzhou scoring: every ledger sums to zero and pays the
digest's way (self-draw: each of three pays the score; discard: the discarder; 搶扛:
the robbed player pays three shares; kongs apart), no input is modified, and the end
of the wall is 后燒 whatever the hands (Fuzhou has no 查叫 and no cap, digest §4-6)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from hupai.rules import fuzhou
from hupai.rules.fuzhou import FuzhouRules
from region_strategies import for_region, check_ledger, declared_wins, fingerprint, tables

KONG_REASONS = ("暗扛", "補扛", "明扛")


def _name(reason: str) -> str:
    """A ledger reason without its seed line ("暗扛 (L51, L53)" → "暗扛")."""
    return reason.split(" (")[0]

fuzhou_rules = st.builds(FuzhouRules, pattern_combine=st.sampled_from(["sum", "max"]),
                         shisanlan_strict_147=st.booleans(), siguiyi_requires_peng=st.booleans(),
                         siguiyi_stack=st.sampled_from(["per_occurrence", "once"]), honor_chow=st.booleans(),
                         gangkai_siguiyi=st.sampled_from(["multiply", "once"]))
fuzhou_wins = declared_wins(honors=True, honor_sequences=True)


@settings(max_examples=150)
@given(fuzhou_wins, fuzhou_rules, st.sampled_from([("hand",), ("hand", "kong")]))
def test_ledgers_sum_to_zero_and_pay_as_the_digest_says(case, rules, scope):
    hand, ctx = case
    ctx = for_region(ctx, fuzhou).replace(payment_scope=scope)
    before = fingerprint((hand, ctx, rules, scope))
    res = fuzhou.score(hand, ctx, rules)
    assert fingerprint((hand, ctx, rules, scope)) == before
    check_ledger(res.ledger)
    if not res.is_win:
        assert res.value == 0 and not res.ledger and res.reason
        return
    assert res.value >= 2 and "綁一炮" in res.patterns     # at least 1 point, then +1
    hand_part = sorted((t.payer, t.amount) for t in res.ledger if _name(t.reason) not in KONG_REASONS)
    if ctx.self_draw:
        assert hand_part == [("A", res.value), ("B", res.value), ("C", res.value)]
    elif ctx.robbing_kong:
        assert hand_part == [("A", 3 * res.value)]
    else:
        assert hand_part == [("A", res.value)]
    kong_part = [t for t in res.ledger if _name(t.reason) in KONG_REASONS]
    if "kong" in scope:
        assert kong_part == list(fuzhou.kong_points(hand))
        assert bool(kong_part) == any(m.is_kong for m in hand.melds)
    else:
        assert not kong_part


@st.composite
def hands13(draw):
    return draw(fuzhou_wins)[0]


@settings(max_examples=40)
@given(tables(hands13()), fuzhou_rules, st.sampled_from("ABCD"))
def test_end_of_wall_is_houshao_whatever_the_hands(seats, rules, dealer):
    before = fingerprint((seats, rules))
    res = fuzhou.exhaust(seats, rules, dealer=dealer)
    assert fingerprint((seats, rules)) == before
    check_ledger(res.ledger)
    assert not res.seats
    assert sorted((t.payer, t.payee, t.amount) for t in res.ledger) == \
        [(s, dealer, 1) for s in "ABCD" if s != dealer]
    assert res.next_dealer == "ABCD"["ABCD".index(dealer) - 3]


@given(st.sampled_from(["angang", "bugang", "minggang"]), st.sampled_from("ABCD"), st.data())
def test_kong_ledgers_sum_to_zero(kind, konger, data):
    others = [s for s in "ABCD" if s != konger]
    feeder = data.draw(st.sampled_from(others))
    ledger = fuzhou.kong_ledger(kind, konger, others, feeder)
    check_ledger(ledger)
    assert {t.payee for t in ledger} == {konger}
