"""Guiyang rules, one behaviour at a time (digest ../shared/rules/guiyang.md)."""
import pytest

from hupai import tiles
from hupai.rules import Hand, WinContext, guiyang
from hupai.rules.guiyang import GuiyangRules

T = tiles.parse_tile


def score(concealed, win, self_draw=False, melds=(), rules=GuiyangRules(), **kw):
    ctx_keys = {"after_kong", "robbing_kong", "declared_ready", "dealer"}
    ctx = WinContext(T(win), self_draw, **{k: v for k, v in kw.items() if k in ctx_keys})
    rest = {k: v for k, v in kw.items() if k not in ctx_keys}
    if "flip" in rest:
        rest["flip"] = T(rest["flip"])
    return guiyang.score(Hand.parse(concealed, melds), ctx, rules, **rest)


@pytest.mark.parametrize("table, pinghu, qingdadui", [("v1", 1, 15), ("v2", 1, 15), ("v3", 10, 80)])
def test_value_tables(table, pinghu, qingdadui):
    rules = GuiyangRules(value_table=table)
    r = score("123m456p234s5p", "5p", melds=[("minggang", "9999s", "B")], rules=rules)
    assert r.value == pinghu
    r = score("777p99p22p", "2p", melds=[("peng", "111p"), ("peng", "444p")], rules=rules)
    assert (r.value, r.patterns) == (qingdadui, ("清大对",))


def test_pinghu_needs_a_dou_on_a_discard():
    r = score("123m456p789s234s5p", "5p")
    assert not r.is_win and "豆" in r.reason
    assert score("123m456p789s234s5p", "5p", True).value == 2          # 自摸 2番
    assert score("123m456p789s234s5p", "5p", re_pao=True).value == 2   # 热炮 +1
    assert score("123m456p789s234s5p", "5p", shabao=True).value == 11  # 杀报 +10
    assert score("123m456p789s234s5p", "5p", robbing_kong=True).value == 10  # as 清一色
    assert score("123m456p789s234s5p", "5p", True, rules=GuiyangRules(zimo_bonus="none")).value == 1


def test_named_hands_and_additions():
    assert score("1122m3344p5566s9s", "9s", True).patterns == ("七对",)
    r = score("1111s22s44s55s77s9s", "9s")
    assert (r.value, r.patterns) == (20, ("青龙背",))
    r = score("888s33p66m", "6m", melds=[("peng", "222m"), ("peng", "555p")], declared_ready=True)
    assert r.value == 15 and "报听" in r.patterns                   # 报听大对子 (C3)
    r = score("888s33p66m", "6m", melds=[("peng", "222m"), ("peng", "555p")], declared_ready=True,
              rules=GuiyangRules(baoting_mode="fixed_10"))
    assert r.value == 10
    r = score("1111m22m33p44p55p7s", "7s", True, rules=GuiyangRules(longqidui_multi_quad="per_quad"))
    assert r.value == 10                                               # one quad: still 龙七对


def test_self_draw_shabao_costs_the_declarer_ten_more():
    r = score("888s33p66m", "6m", True, melds=[("peng", "222m"), ("peng", "555p")], shabao=True)
    assert r.payments == {"W": 25, "A": -15, "B": -5, "C": -5}


def test_dou_and_chickens_in_the_ledger():
    r = score("123m456p78p55s", "9p", True, melds=[("angang", "9999m")], after_kong=True,
              payment_scope=["hand", "dou"])
    assert r.payments == {"W": 15, "A": -5, "B": -5, "C": -5}
    r = score("111s456p789p567m9s", "9s", True, flip="9s", payment_scope=["hand", "chicken"])
    assert r.detail["chickens"] == 6 and "金鸡" in r.patterns
    r = score("111s456p789p567m9s", "9s", True, flip="9s", payment_scope=["hand", "chicken"],
              rules=GuiyangRules(jinji_value=3))
    assert r.detail["chickens"] == 9
    assert guiyang.chickens(Hand.parse("123m123s456p789p1m"), T("1m"), T("9m")) == 4
    assert guiyang.chickens(Hand.parse("123m123s456p789p1m"), T("1m"), None) == 1
    with pytest.raises(ValueError, match="from"):
        score("123m456p234s5p", "5p", melds=[("minggang", "9999s")], payment_scope=["dou"])


def test_invalid():
    with pytest.raises(ValueError, match="吃"):
        score("123m456p234s5p", "5p", melds=[("chi", "789s")])
    with pytest.raises(ValueError, match="honour"):
        score("123m456p789s234s1z", "1z", True)
    with pytest.raises(ValueError, match="plus_1_all"):
        GuiyangRules(zimo_bonus="plus_1_all", value_table="v1")


def test_huangzhuang_chajiao():
    seats = {"A": Hand.parse("123m456p789s2345s"), "B": Hand.parse("6666m33m11p88p77s9s"),
             "C": Hand.parse("1248m1359p2358s7s"), "D": Hand.parse("12m45m78m12p45p78p9p")}
    res = guiyang.chajiao(seats)
    assert res.ready == {"A": True, "B": True, "C": False, "D": False}
    assert res.values == {"A": 1, "B": 10}
    assert res.payments == {"A": 2, "B": 20, "C": -11, "D": -11}
    nobody = guiyang.chajiao({"A": seats["C"], "B": seats["D"]})
    assert nobody.payments == {}


def test_repao_modes():
    hand = "888s33p66m"
    melds = [("peng", "222m"), ("peng", "555p")]
    assert score(hand, "6m", melds=melds, re_pao=True).value == 6                     # v2: +1
    assert score(hand, "6m", melds=melds, re_pao=True,
                 rules=GuiyangRules(repao_mode="yifei")).value == 5                   # v1: nothing added
    assert score(hand, "6m", melds=melds, re_pao=True, re_pao_kong="angang",
                 rules=GuiyangRules(repao_mode="by_kong_type")).value == 65           # v3: 闷 60
    assert score(hand, "6m", melds=melds, re_pao=True,
                 rules=GuiyangRules(repao_mode="shaodou")).value == 8                 # v4: base 3
    with pytest.raises(ValueError, match="re_pao_kong"):
        score(hand, "6m", melds=melds, re_pao=True, rules=GuiyangRules(repao_mode="by_kong_type"))


def test_baopai_modes():
    hand, melds = "888s33p66m", [("peng", "222m"), ("peng", "555p")]
    r = score(hand, "6m", melds=melds, passed_since_draw=True)
    assert not r.is_win and "包牌" in r.reason and not r.ledger.transfers
    r = score(hand, "6m", melds=melds, passed_since_draw=True, rules=GuiyangRules(baopai_mode="penalty"))
    assert not r.is_win and r.payments == {"W": -15, "A": 5, "B": 5, "C": 5}
    assert score(hand, "6m", True, melds=melds, passed_since_draw=True).is_win   # a self-draw is fine


def test_chicken_options_and_side_payments():
    hand = Hand.parse("123m456p789s234s5p")
    assert guiyang.chickens(hand, T("5p"), T("4m"), discards=[T("1s"), T("5m")]) == 0
    inner_outer = GuiyangRules(chicken_scope="inner_outer")
    assert guiyang.chickens(hand, T("5p"), T("4m"), inner_outer, discards=[T("1s"), T("5m")]) == 2
    hero = GuiyangRules(yingxiongji="on")
    assert guiyang.chickens(Hand.parse("111s456p789p567m9s"), T("9s"), None, hero, hero=True) == 4
    assert guiyang.genzhang_settlement("D", ["A", "B", "C"], 2, GuiyangRules(genzhang="on")).net() == \
        {"D": -9, "A": 3, "B": 3, "C": 3}
    assert not guiyang.genzhang_settlement("D", ["A"], 2).transfers
    r = score("123m456p789s234s5p", "5p", True, dealer=True, lianzhuang_count=2,
              rules=GuiyangRules(lianzhuang="on"))
    assert r.value == 4


def test_chicken_settlement_for_the_table():
    hands = {"A": Hand.parse("111s234p567p89m55m"), "B": Hand.parse("123m456p789s234s5p"),
             "C": Hand.parse("1s23m456m789m234p5p"), "D": Hand.parse("123m456m789m234p5s")}
    ready = {"A": True, "B": True, "C": False, "D": True}
    led = guiyang.chicken_settlement(hands, ready, T("4m"))   # 鸡 = 5m and 幺鸡
    net = led.net()
    assert sum(net.values()) == 0
    # A: 111s + 55m = 5 鸡 from each of three, pays D's one 5m; C is not ready: collects nothing
    assert net == {"A": 14, "B": -6, "C": -6, "D": -2}


# ------------------------------------------------------------------ 相公 (L96-98)


def test_xianggong_cannot_win_and_is_a_result():
    ctx = WinContext(T("5p"), True)
    for text in ("123m456p789s234s55p", "123m456p789s24s5p"):            # 14 and 12 tiles
        r = guiyang.score(guiyang.MiscountedHand.parse(text), ctx)
        assert not r.is_win and "相公" in r.reason and not r.ledger.transfers and r.value == 0
    with pytest.raises(ValueError, match="not 相公"):
        guiyang.MiscountedHand.parse("123m456p789s234s5p")
    with pytest.raises(ValueError, match="13 tiles"):
        Hand.parse("123m456p789s234s55p")                                 # every region still refuses
    assert type(guiyang.case_hand(tiles.parse("123m456p789s234s55p"))) is guiyang.MiscountedHand
    assert type(guiyang.case_hand(tiles.parse("123m456p789s234s5p"))) is Hand
    with pytest.raises(ValueError, match="honour"):
        guiyang.score(guiyang.MiscountedHand.parse("123m456p789s234s1z1z"), ctx)


def test_xianggong_pays_at_huangzhuang_like_a_player_who_is_not_ready():
    seats = {"A": Hand.parse("123m456p789s2345s"), "B": guiyang.MiscountedHand.parse("6666m33m11p88p77s9s9p"),
             "C": Hand.parse("1111s22s44s55s77s9s"), "D": Hand.parse("12m45m78m12p45p78p9p")}
    res = guiyang.chajiao(seats)
    assert res.ready == {"A": True, "B": False, "C": True, "D": False}
    assert res.payments == {"A": 2, "C": 40, "B": -21, "D": -21}
    assert not guiyang.ready(seats["B"]).ready


def test_xianggong_cases_through_verify():
    from hupai.verify import run_case
    win = {"id": "GY-X1", "region": "guiyang", "concealed": "123m456p789s234s55p", "melds": [],
           "win_tile": "5p", "self_draw": True,
           "expected": {"is_win": False, "patterns": [], "value": 0, "unit": "番"}}
    assert run_case(win).passed
    table = {"id": "GY-CJ-X1", "region": "guiyang", "kind": "chajiao",
             "seats": {"A": {"concealed": "123m456p789s2345s", "melds": []},
                       "B": {"concealed": "6666m33m11p88p77s9s9p", "melds": []},
                       "C": {"concealed": "1248m1359p2358s7s", "melds": []},
                       "D": {"concealed": "12m45m78m12p45p78p9p", "melds": []}},
             "expected": {"ready": {"A": True, "B": False, "C": False, "D": False}, "values": {"A": 1},
                          "payments": {"A": 3, "B": -1, "C": -1, "D": -1}}}
    assert run_case(table).passed
