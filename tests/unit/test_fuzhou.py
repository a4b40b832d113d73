"""Fuzhou rules, one behaviour at a time (digest ../shared/rules/fuzhou.md)."""
import pytest

from hupai import tiles
from hupai.rules import Hand, Situation, fuzhou
from hupai.rules.fuzhou import FuzhouRules

T = tiles.parse_tile


def score(concealed, win, self_draw=False, melds=(), rules=FuzhouRules(), **facts):
    return fuzhou.score(Hand.parse(concealed, melds), Situation(T(win), self_draw, **facts), rules)


def test_points_and_bangyipao():
    assert score("123m456p789s234s5m", "5m").value == 2                        # 平胡 1 + 1
    assert score("1122m3344p5566s7z", "7z").value == 6                         # 七小對
    assert score("147m258p369s1234z", "5z").value == 3                         # 十三爛
    r = score("147m25p3s1234567z", "6s")
    assert (r.value, set(r.patterns)) == (5, {"七星十三爛", "綁一炮"})
    assert score("123m456m789m234m5m", "5m", True).value == 11                  # 清一色


def test_honour_sequences():
    r = score("124z456m789p234s5p", "5p")                                     # 東南北 is a 順子
    assert r.is_win and r.value == 2
    assert not score("124z456m789p234s5p", "5p", rules=FuzhouRules(honor_chow=False)).is_win
    assert score("1112233445667z", "7z", True).patterns == ("清一色", "綁一炮")  # 字一色, any shape


def test_shisanlan_spacing():
    assert score("159m258p369s1234z", "5z").is_win                              # 1-5-9: gaps of 4
    assert not score("159m258p369s1234z", "5z", rules=FuzhouRules(shisanlan_strict_147=True)).is_win
    assert not score("147m258p369s2z", "3z", melds=[("peng", "111z")]).is_win   # melds forbid it


def test_siguiyi_and_gangkai():
    r = score("123m456p789s5s", "5s", melds=[("peng", "111m")])
    assert (r.value, "四規一" in r.patterns) == (3, True)
    r = score("11223344m55p66s7s", "7s", rules=FuzhouRules())
    assert r.is_win
    r = score("1111m22m33p44p55p6s", "6s")                                      # 七小對 with a four
    assert r.value == 11
    r = score("1111m22m33p44p55p6s", "6s", rules=FuzhouRules(siguiyi_requires_peng=True))
    assert r.value == 6
    r = score("222p55s66s", "6s", True, melds=[("peng", "111z"), ("bugang", "9999m")], after_kong=True)
    assert (r.value, set(r.patterns)) == (9, {"大四碰", "扛上開花", "綁一炮"})


def test_payments():
    r = score("123m456p789s234s5m", "5m", robbing_kong=True)
    assert r.payments == {"W": 6, "A": -6}
    r = score("234m456p789s5s", "5s", True, melds=[("angang", "1111m")], payment_scope=["hand", "kong"])
    assert r.payments == {"W": 12, "A": -4, "B": -4, "C": -4}
    r = score("123m456p789p5z", "5z", melds=[("minggang", "7777s", "B")], payment_scope=["hand", "kong"])
    assert r.payments == {"W": 4, "A": -2, "B": -2}
    r = score("123m456p789s234s5m", "5m", dihu=True)
    assert (r.value, r.patterns) == (11, ("地胡", "綁一炮"))


def test_combine_max():
    r = score("777p99p22p", "2p", melds=[("peng", "111p"), ("peng", "444p")])
    assert r.value == 15
    r = score("777p99p22p", "2p", melds=[("peng", "111p"), ("peng", "444p")],
              rules=FuzhouRules(pattern_combine="max"))
    assert r.value == 11


def test_chi_is_not_a_win_and_bad_input():
    r = score("456p789s234s5m", "5m", melds=[("chi", "123m")])
    assert not r.is_win and "吃" in r.reason
    with pytest.raises(ValueError, match="from"):
        score("123m456p789p5z", "5z", melds=[("minggang", "7777s")], payment_scope=["kong"])
    with pytest.raises(ValueError, match="fuzhou_pattern_combine"):
        FuzhouRules(pattern_combine="product")


def test_shao_and_end_of_wall():
    assert fuzhou.shao("houshao").payments == {"D": 3, "A": -1, "B": -1, "C": -1}
    assert fuzhou.shao("qianshao").payments == {"D": -3, "A": 1, "B": 1, "C": 1}
    res = fuzhou.exhaust({s: None for s in "ABCD"}, dealer="D")
    assert res.payments == {"D": 3, "A": -1, "B": -1, "C": -1} and res.next_dealer == "A"


def test_multiple_winners_and_next_dealer():
    from hupai.rules import Ledger
    a = score("123m456p789s234s5m", "5m")
    b = score("1122m3344p5566s5m", "5m")
    total = Ledger.combine([a.ledger.relabel({"W": "S", "A": "E"}), b.ledger.relabel({"W": "N", "A": "E"})])
    assert total.net() == {"E": -(a.value + b.value), "S": a.value, "N": b.value}
    assert fuzhou.next_dealer("A", ["B", "C"], discarder="D") == "D"
    assert fuzhou.next_dealer("A", ["A"]) == "A"
    assert fuzhou.next_dealer("A", ["C"]) == "C"
    assert fuzhou.next_dealer("D", []) == "A"


def test_kong_points_win_or_not():
    assert fuzhou.kong_ledger("angang", "B", ["A", "C", "D"]).net() == {"B": 6, "A": -2, "C": -2, "D": -2}
    assert fuzhou.kong_ledger("bugang", "B", ["A", "C", "D"]).net() == {"B": 3, "A": -1, "C": -1, "D": -1}
    assert fuzhou.kong_ledger("minggang", "B", ["A", "C", "D"], feeder="C").net() == {"B": 2, "C": -2}
    with pytest.raises(ValueError):
        fuzhou.kong_ledger("minggang", "B", ["A"])
    with pytest.raises(ValueError):
        fuzhou.kong_ledger("peng", "B", ["A"])


def test_equal_readings_under_max_are_broken_the_same_way_every_time():
    # 字一色 seven pairs, self-drawn: 七小對 + 清一色 and the any-arrangement 清一色 are
    # both 10 under "max"; the shared tie-break (more patterns first) reports both
    r = score("11z22z33z44z55z66z7z", "7z", True, rules=FuzhouRules(pattern_combine="max"))
    assert r.patterns == ("七小對", "清一色", "綁一炮") and r.value == 11


@pytest.mark.parametrize("kw, fragment", [
    (dict(self_draw=True, after_kong=True), "no kong among his melds"),
    (dict(self_draw=True, dihu=True), "地胡 in Fuzhou"),
    (dict(dihu=True, dealer=True), "地胡 in Fuzhou"),
    (dict(tianhu=True), "天胡"),
    (dict(self_draw=True, tianhu=True, dihu=True), "天胡 and 地胡"),
])
def test_situations_that_cannot_happen_are_value_errors(kw, fragment):
    with pytest.raises(ValueError, match=fragment):
        score("123m456p789s234s5m", "5m", **kw)


def test_a_chi_is_a_non_win_but_a_non_sequence_is_malformed():
    r = score("123m456p789s5m", "5m", melds=[("chi", "234s")])
    assert not r.is_win and "L17" in r.reason
    with pytest.raises(ValueError, match="consecutive"):
        score("123m456p789s5m", "5m", melds=[("chi", "235s")])
    with pytest.raises(ValueError, match="exactly the seats"):
        fuzhou.exhaust({"A": None}, dealer="A")
