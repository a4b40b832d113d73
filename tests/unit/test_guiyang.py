"""Guiyang rules, one behaviour at a time (digest ../shared/rules/guiyang.md)."""
import pytest

from hupai import tiles
from hupai.rules import Hand, Situation, guiyang
from hupai.rules.guiyang import GuiyangRules

T = tiles.parse_tile


def score(concealed, win, self_draw=False, melds=(), rules=GuiyangRules(), **facts):
    return guiyang.score(Hand.parse(concealed, melds), Situation(T(win), self_draw, **facts), rules)


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
    # a chi is a well-formed meld Guiyang forbids: a non-win naming the seed line
    r = score("123m456p234s5p", "5p", melds=[("chi", "789s")])
    assert not r.is_win and "吃" in r.reason and "L22" in r.reason
    rep = guiyang.ready(Hand.parse("123m456p234s5p", [("chi", "789s")]))
    assert not rep.ready and "吃" in rep.reason
    with pytest.raises(ValueError, match="honour"):
        score("123m456p789s234s1z", "1z", True)
    with pytest.raises(ValueError, match="plus_1_all"):
        GuiyangRules(zimo_bonus="plus_1_all", value_table="v1")


def test_huangzhuang_chajiao():
    seats = {"A": Hand.parse("123m456p789s2345s"), "B": Hand.parse("6666m33m11p88p77s9s"),
             "C": Hand.parse("1248m1359p2358s7s"), "D": Hand.parse("12m45m78m12p45p78p9p")}
    res = guiyang.exhaust(seats)
    assert res.ready == {"A": True, "B": True, "C": False, "D": False}
    assert res.values == {"A": 1, "B": 10}
    assert res.payments == {"A": 2, "B": 20, "C": -11, "D": -11}
    nobody = guiyang.exhaust({"A": seats["C"], "B": seats["D"], "C": None, "D": None})
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


def _dou_table():
    """A: 闷豆 (暗杠 9999s), ready; B: 点豆 fed by C (直杠 8888p) then 转弯豆 (补杠 7777m), not
    ready; C and D hold no kongs."""
    return {"A": Hand.parse("123m456p234s5p", [("angang", "9999s")]),
            "B": Hand.parse("1359m246p", [("minggang", "8888p", "C"), ("bugang", "7777m", "D")]),
            "C": Hand.parse("12m345p66p123s456s"), "D": Hand.parse("23m34p456s78s11p99p")}


def test_dou_settlement_pays_ready_players_their_kongs():
    # L62 "豆通常要叫牌后才可收钱": A (ready) collects 闷豆 2 from each; B's 豆 are void
    led = guiyang.dou_settlement(_dou_table(), {"A": True, "B": False})
    assert led.net() == {"A": 6, "B": -2, "C": -2, "D": -2}
    # C9 off: B's 点豆 (1 from C) and 转弯豆 (3 from each) are paid too
    led = guiyang.dou_settlement(_dou_table(), {"A": True}, GuiyangRules(dou_requires_ready=False))
    assert led.net() == {"A": 6 - 3, "B": 1 + 9 - 2, "C": -2 - 1 - 3, "D": -2 - 3}
    assert sum(led.net().values()) == 0


def test_dou_settlement_voids_the_kong_of_a_re_pao():
    # 热炮 (L185-187): B's last kong (the 补杠) earns nothing; 一废全废 (v1 yifei, L63-64): none
    rules = GuiyangRules(dou_requires_ready=False)
    led = guiyang.dou_settlement(_dou_table(), {}, rules, re_pao="B")
    assert [t.reason for t in led if t.payee == "B"] == ["点豆 (L173-176)"]
    led = guiyang.dou_settlement(_dou_table(), {}, GuiyangRules(dou_requires_ready=False, repao_mode="yifei"),
                                 re_pao="B")
    assert not [t for t in led if t.payee == "B"]
    with pytest.raises(ValueError, match="no kong"):
        guiyang.dou_settlement(_dou_table(), {}, rules, re_pao="C")


def test_dou_settlement_refuses_a_feeder_who_is_not_at_the_table():
    hands = _dou_table()
    hands["B"] = Hand.parse("1359m246p", [("minggang", "8888p", "B"), ("bugang", "7777m")])
    with pytest.raises(ValueError, match="点豆 is fed by one of"):
        guiyang.dou_settlement(hands, {"B": True})
    with pytest.raises(ValueError, match="has no hand"):
        guiyang.dou_settlement(_dou_table(), {"E": True})


# ------------------------------------------------------------------ 篇四 chickens (v4_chickens)

V4 = GuiyangRules(v4_chickens="on")
BASE = "234p567p89m55m"      # 10 tiles waiting on 7m; 55m are 鸡 when 4m is flipped


def chicken_score(melds, rules=V4, flip="4m", self_draw=True, **kw):
    r = score(BASE, "7m", self_draw, melds=melds, rules=rules, flip=flip,
              payment_scope=["hand", "chicken"], **kw)
    assert r.is_win and sum(r.payments.values()) == 0
    return r


def itemised(ledger):
    return {(t.payer, t.payee, t.reason): t.amount for t in ledger}


def test_v4_flag_default_and_validation():
    assert GuiyangRules().v4_chickens == "off"
    assert GuiyangRules.from_options({"guiyang_v4_chickens": "on"}) == V4
    with pytest.raises(ValueError, match="v4_chickens"):
        GuiyangRules(v4_chickens="yes")
    with pytest.raises(ValueError, match="英雄鸡"):
        GuiyangRules(v4_chickens="on", yingxiongji="on")


@pytest.mark.parametrize("flip, each, shares", [("4m", 2, 7), ("9s", 0, 14)])
def test_menji_seven_from_each_fourteen_with_jinji(flip, each, shares):
    r = chicken_score([("angang", "1111s")], flip=flip)          # L341-343
    for s in "ABC":
        assert itemised(r.ledger)[(s, "W", "闷鸡 (L341-343)")] == shares
        assert itemised(r.ledger).get((s, "W", "鸡 (L205-214)"), 0) == each
    assert r.payments == {"W": 3 * (2 + each + shares), "A": -(2 + each + shares),
                          "B": -(2 + each + shares), "C": -(2 + each + shares)}
    assert r.detail["chickens"] == each + (8 if flip == "9s" else 4)   # a count: the kong's tiles too
    off = chicken_score([("angang", "1111s")], rules=GuiyangRules(), flip=flip)
    assert "闷鸡 (L341-343)" not in {t.reason for t in off.ledger}                # flag off: tile by tile
    assert off.payments["A"] == -(2 + each + (8 if flip == "9s" else 4))


@pytest.mark.parametrize("flip, feeder, others, chicken", [("4m", 8, 7, 2), ("9s", 13, 11, 0)])
def test_bugangji_eight_from_the_peng_feeder(flip, feeder, others, chicken):
    r = chicken_score([("bugang", "1111s", "B")], flip=flip)
    items = itemised(r.ledger)
    assert (items[("B", "W", "补杠鸡 (L341-343)")], items[("A", "W", "补杠鸡 (L341-343)")], items[("C", "W", "补杠鸡 (L341-343)")]) == \
        (feeder, others, others)
    assert r.payments == {"W": 6 + 3 * chicken + feeder + 2 * others, "A": -(2 + chicken + others),
                          "B": -(2 + chicken + feeder), "C": -(2 + chicken + others)}


@pytest.mark.parametrize("flip, feeder, others, chicken", [("4m", 8, 4, 2), ("9s", 13, 8, 0)])
def test_zhigangji_eight_from_the_feeder_four_from_the_others(flip, feeder, others, chicken):
    r = chicken_score([("minggang", "1111s", "A")], flip=flip, self_draw=False)
    assert r.value == 1                                                # 平胡 on a discard, with a 豆
    assert r.payments == {"W": 1 + 3 * chicken + feeder + 2 * others, "A": -(1 + chicken + feeder),
                          "B": -(chicken + others), "C": -(chicken + others)}
    assert itemised(r.ledger)[("A", "W", "直杠鸡 (L341-343)")] == feeder


def test_pengji_chongfengji_and_discarded_chickens():
    # 111s punged from C; his own unclaimed discards 1s (the hand's first: 冲锋鸡) and 5m (翻鸡)
    kw = dict(discards=[T("1s"), T("5m"), T("9p")], chongfeng=True)
    r = chicken_score([("peng", "111s", "C")], **kw)
    assert itemised(r.ledger) == {
        **{(s, "W", "自摸 (L27, L130)"): 2 for s in "ABC"},
        **{(s, "W", "鸡 (L205-214)"): 6 for s in "ABC"},          # 111s + 55m + the discarded 5m
        **{(s, "W", "冲锋鸡 (L335)"): 2 for s in "ABC"},      # L335
        ("C", "W", "碰鸡 (L339)"): 1}                          # L339
    assert r.payments == {"W": 31, "A": -10, "B": -10, "C": -11}
    jin = chicken_score([("peng", "111s", "C")], flip="9s", **kw)  # 金鸡: 幺鸡 2, 冲锋鸡 4 (L338)
    assert jin.payments == {"W": 38, "A": -12, "B": -12, "C": -14}
    off = chicken_score([("peng", "111s", "C")], rules=GuiyangRules(), **kw)
    assert off.payments == {"W": 21, "A": -7, "B": -7, "C": -7}    # hand scope, no 篇四 items


def test_v4_bad_input():
    with pytest.raises(ValueError, match="from"):
        chicken_score([("peng", "111s")])
    with pytest.raises(ValueError, match="not one of the other players"):
        chicken_score([("bugang", "1111s", "D")])
    with pytest.raises(ValueError, match="冲锋鸡"):
        chicken_score([("peng", "111s", "C")], discards=[T("5m")], chongfeng=True)
    with pytest.raises(ValueError, match="discard"):
        chicken_score([("peng", "111s", "C")], discards=[T("1z")])
    with pytest.raises(ValueError, match="flip"):
        chicken_score([("peng", "111s", "C")], flip="1z")


@pytest.mark.parametrize("table, flip, each", [("v1", "4m", 1 + 2 + 5), ("v3", "4m", 10 + 20 + 60),
                                               ("v2", "4m", 2 + 2 + 4)])
def test_a_mendou_of_a_chicken_in_v1_and_v3(table, flip, each):
    """v1 L84: a 闷豆 of a 鸡 = 5 from each; v3 L304: 60; v2 counts its four tiles."""
    r = chicken_score([("angang", "1111s")], rules=GuiyangRules(value_table=table), flip=flip)
    assert r.payments == {"W": 3 * each, "A": -each, "B": -each, "C": -each}
    assert r.detail["chickens"] == 6
    jin = chicken_score([("angang", "1111s")], rules=GuiyangRules(value_table="v1", jinji_value=3),
                        flip="9s")
    assert jin.payments["A"] == -(1 + 5 * 3)                           # ×金鸡, like 篇四's 闷鸡


def test_zerenji_a_discarder_who_is_not_ready_pays_the_ready_players():
    hands = {"A": Hand.parse(BASE, [("peng", "111s", "D")]), "B": Hand.parse("123m456p789s234s5p"),
             "C": Hand.parse("13589m2469p2578s"), "D": Hand.parse("2467m13578p3469s")}
    kw = dict(discards={"D": [T("1s"), T("5m")]}, chongfeng="D", win_tiles={"A": T("7m")})
    led = guiyang.chicken_settlement(hands, {"B": True}, T("4m"), V4, **kw)
    assert itemised(led) == {("B", "A", "鸡 (L205-214)"): 5, ("C", "A", "鸡 (L205-214)"): 5, ("D", "A", "鸡 (L205-214)"): 5,
                             ("D", "A", "碰鸡 (L339)"): 1,
                             ("D", "A", "责任冲锋鸡 (L344-346)"): 2, ("D", "B", "责任冲锋鸡 (L344-346)"): 2}   # L344
    assert led.net() == {"A": 18, "B": -3, "C": -5, "D": -10}
    jin = guiyang.chicken_settlement(hands, {"B": True}, T("9s"), V4, **kw)
    assert jin.net() == {"A": 24, "B": -2, "C": -6, "D": -16}
    off = guiyang.chicken_settlement(hands, {"B": True}, T("4m"), **kw)
    assert off.net() == {"A": 15, "B": -5, "C": -5, "D": -5}


@pytest.mark.parametrize("kong, net", [
    (("angang", "1111s"), {"A": 15, "B": 7, "C": -20, "D": -2}),        # 闷鸡 7 + 闷豆 2, to each
    (("bugang", "1111s", "B"), {"A": 16, "B": 9, "C": -23, "D": -2}),   # 补杠鸡 8 to B, 7 to A; 豆 3
    (("minggang", "1111s", "B"), {"A": 10, "B": 7, "C": -15, "D": -2}),  # 直杠鸡 8 + 点豆 1 to B, 4 to A
])
def test_zerenji_a_konger_who_is_not_ready_owes_chickens_and_kong_money(kong, net):
    hands = {"A": Hand.parse(BASE, [("peng", "999p", "B")]), "B": Hand.parse("123m456p789s234s5p"),
             "C": Hand.parse("13589m2469p3s", [kong]), "D": Hand.parse("2467m13578p3469s")}
    led = guiyang.chicken_settlement(hands, {"B": True}, T("4m"), V4, win_tiles={"A": T("7m")})
    assert led.net() == net and sum(led.net().values()) == 0
    assert {t.reason for t in led if t.payer == "C"} >= {"责任杠钱 (L344-346)"}
    off = guiyang.chicken_settlement(hands, {"B": True}, T("4m"), win_tiles={"A": T("7m")})
    assert off.net() == {"A": 6, "B": -2, "C": -2, "D": -2}


def test_chicken_settlement_bad_input():
    hands = {"A": Hand.parse(BASE, [("peng", "111s", "D")]), "B": Hand.parse("123m456p789s234s5p"),
             "C": Hand.parse("13589m2469p2578s"), "D": Hand.parse("2467m13578p3469s")}
    ready = {"A": True, "B": True}
    cases = [(dict(discards={"E": [T("1s")]}), "has no hand"),
             (dict(discards={"D": [T("1s"), T("1s")]}), "5 copies of"),
             (dict(discards={"D": [T("5z")]}), "not a suited tile"),
             (dict(chongfeng="C"), "冲锋鸡")]
    for kw, match in cases:
        with pytest.raises(ValueError, match=match):
            guiyang.chicken_settlement(hands, ready, T("4m"), V4, **kw)
    with pytest.raises(ValueError, match="won, so it is ready"):
        guiyang.chicken_settlement(hands, {"A": False}, T("4m"), V4, win_tiles={"A": T("7m")})
    with pytest.raises(ValueError, match="flip"):
        guiyang.chicken_settlement(hands, ready, 40, V4)


def test_chickens_counts_the_hand_its_melds_and_its_winning_tile():
    """L208: 鸡 held are the concealed tiles, the winning tile and one's own melds (a
    kong's four tiles each); a flipped 3s makes 4s the 鸡 beside 幺鸡 (L205-211)."""
    hand = Hand.parse("1s9s23m456p", [("angang", "4444s"), ("peng", "111s", "B")])
    assert guiyang.chickens(hand, None, T("3s")) == (1 + 3) + 4
    assert guiyang.chickens(hand, T("4m"), T("3s")) == (1 + 3) + 4
    assert guiyang.chickens(hand, T("9s"), T("8s")) == (1 + 3) + 2
    assert guiyang.chickens(hand, T("9s"), None) == 1 + 3
    assert guiyang.chickens(hand, T("9s"), T("9s"), GuiyangRules(jinji_value=2)) == 2 * (1 + 3)
    for bad in (40, -1, T("5z"), True):
        with pytest.raises(ValueError, match="win_tile"):
            guiyang.chickens(hand, bad, None)


# ------------------------------------------------------------------ 相公 (L96-98)


def test_xianggong_cannot_win_and_is_a_result():
    ctx = Situation(T("5p"), True)
    for text in ("123m456p789s234s55p", "123m456p789s24s5p"):            # 14 and 12 tiles
        r = guiyang.score(guiyang.MiscountedHand.parse(text), ctx)
        assert not r.is_win and "相公" in r.reason and not r.ledger.transfers and r.value == 0
    with pytest.raises(ValueError, match="not 相公"):
        guiyang.MiscountedHand.parse("123m456p789s234s5p")
    with pytest.raises(ValueError, match="13 tiles"):
        Hand.parse("123m456p789s234s55p")                                 # every region still refuses
    assert type(guiyang.make_hand(tiles.parse("123m456p789s234s55p"))) is guiyang.MiscountedHand
    assert type(guiyang.make_hand(tiles.parse("123m456p789s234s5p"))) is Hand
    with pytest.raises(ValueError, match="honour"):
        guiyang.score(guiyang.MiscountedHand.parse("123m456p789s234s1z1z"), ctx)


def test_xianggong_pays_at_huangzhuang_like_a_player_who_is_not_ready():
    seats = {"A": Hand.parse("123m456p789s2345s"), "B": guiyang.MiscountedHand.parse("6666m33m11p88p77s9s9p"),
             "C": Hand.parse("1111s22s44s55s77s9s"), "D": Hand.parse("12m45m78m12p45p78p9p")}
    res = guiyang.exhaust(seats)
    assert res.ready == {"A": True, "B": False, "C": True, "D": False}
    assert res.payments == {"A": 2, "C": 40, "B": -21, "D": -21}
    assert not guiyang.ready(seats["B"]).ready
    with pytest.raises(ValueError, match="相公"):
        guiyang.chicken_settlement(seats, {"B": True}, None)


def test_xianggong_cases_through_verify():
    from hupai.verify import run_case
    win = {"id": "GY-X1", "region": "guiyang", "concealed": "123m456p789s234s55p", "melds": [],
           "win_tile": "5p", "self_draw": True, "why": "相公",
           "expected": {"is_win": False, "patterns": [], "value": 0, "unit": "番"}}
    assert run_case(win).passed
    table = {"id": "GY-CJ-X1", "region": "guiyang", "kind": "chajiao", "why": "相公",
             "seats": {"A": {"concealed": "123m456p789s2345s", "melds": []},
                       "B": {"concealed": "6666m33m11p88p77s9s9p", "melds": []},
                       "C": {"concealed": "1248m1359p2358s7s", "melds": []},
                       "D": {"concealed": "12m45m78m12p45p78p9p", "melds": []}},
             "expected": {"ready": {"A": True, "B": False, "C": False, "D": False}, "values": {"A": 1},
                          "payments": {"A": 3, "B": -1, "C": -1, "D": -1}}}
    assert run_case(table).passed


@pytest.mark.parametrize("table, hand, value, payment", [
    # 篇一: the robbed player pays the ordinary 炮钱 of the hand (L67-71): a 平胡 pays 1
    ("v1", "123m456p789s234s5p", 1, 1),
    # 篇二: counted as a 清一色, the robbed player pays 10 (+ the named hand) (L190-195)
    ("v2", "123m456p789s234s5p", 10, 10),
    # 篇三: counted as a self-draw, the robbed player pays for all three (L282-286)
    ("v3", "123m456p789s234s5p", 30, 30),
    ("v3", "123456789s234s5s", 150, 150),       # 清一色 50, three times
])
def test_qianggang_per_write_up(table, hand, value, payment):
    win = "5p" if "p" in hand else "5s"
    r = score(hand, win, robbing_kong=True, rules=GuiyangRules(value_table=table))
    assert r.is_win and "抢杠" in r.patterns
    assert r.value == value and r.payments == {"W": payment, "A": -payment}


def test_qianggang_value_governs_the_v2_table_only():
    assert score("123m456p789s234s5p", "5p", robbing_kong=True,
                 rules=GuiyangRules(qianggang_value="fixed_10")).value == 10
    for table in ("v1", "v3"):
        with pytest.raises(ValueError, match="governs 篇二"):
            GuiyangRules(value_table=table, qianggang_value="fixed_10")


@pytest.mark.parametrize("kw, fragment", [
    (dict(self_draw=True, re_pao=True), "热炮"),
    (dict(robbing_kong=True, re_pao=True), "热炮"),
    (dict(self_draw=True, after_kong=True), "no kong among his melds"),
])
def test_situations_that_cannot_happen_are_value_errors(kw, fragment):
    self_draw = kw.pop("self_draw", False)
    with pytest.raises(ValueError, match=fragment):
        score("123m456p789s234s5p", "5p", self_draw, **kw)


@pytest.mark.parametrize("kw, exc", [
    (dict(re_pao="yes"), TypeError), (dict(lianzhuang_count=-1), ValueError),
    (dict(lianzhuang_count=1.5), TypeError), (dict(payment_scope="dou"), TypeError),
    (dict(payment_scope=["hand", "kong"]), ValueError), (dict(flip="0z"), ValueError),
])
def test_bad_arguments_are_named(kw, exc):
    with pytest.raises(exc):
        score("123m456p789s234s5p", "5p", True, **kw)


def test_rules_and_tables_are_checked():
    with pytest.raises(TypeError, match="rules must be GuiyangRules"):
        guiyang.score(Hand.parse("123m456p789s234s5p"), Situation(T("5p"), True), object())
    with pytest.raises(ValueError, match="exactly the seats"):
        guiyang.exhaust({"A": None, "B": None})
    with pytest.raises(ValueError, match="dealer"):
        guiyang.exhaust({s: None for s in "ABCD"}, dealer="E")


@pytest.mark.parametrize("concealed, win, self_draw, melds", [
    ("123m456p789s234s5p", "5p", True, ()),                            # 平胡 自摸
    ("123m456p234s5p", "5p", False, [("minggang", "9999s", "B")]),     # 平胡 with a 豆 on a discard
    ("123m456p234s5p", "5p", False, [("peng", "999s", "B")]),          # 平胡 on a discard, no 豆
    ("123m456p234s1s", "1s", True, [("peng", "999s", "B")]),           # 幺鸡 held and won on
    ("123m456p234s5p", "5p", True, [("peng", "111s", "B")]),           # 幺鸡 melded
    ("1122m3344p5566s9s", "9s", True, ()),                             # 七对
])
def test_a_plain_situation_scores_as_the_same_facts_given(concealed, win, self_draw, melds):
    """A win given nothing beyond its tile takes a shortcut (no flip, so 幺鸡 alone are 鸡,
    L347-348; the hand alone paid): the same win with a discard given that counts for
    nothing under the default rules (L85: only 内外鸡 counts discards) goes the long way
    and must agree."""
    plain = score(concealed, win, self_draw, melds)
    given = score(concealed, win, self_draw, melds, discards=(T("3m"),))
    assert (plain.is_win, plain.value, plain.patterns, plain.reason, dict(plain.detail)) == \
        (given.is_win, given.value, given.patterns, given.reason, dict(given.detail))
    assert plain.ledger.transfers == given.ledger.transfers
    assert guiyang._flag_key(Situation(T(win), self_draw), GuiyangRules()) == \
        guiyang._given_flag_key(Situation(T(win), self_draw), GuiyangRules(lianzhuang="on"))
