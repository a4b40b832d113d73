"""Luzhou rules, one behaviour at a time (cases cite the digest / seed lines)."""
import pytest

from hupai import tiles
from hupai.rules import Hand, Ledger, Situation, luzhou
from hupai.rules.luzhou import LuzhouRules

T = tiles.parse_tile


def score(concealed, win, self_draw=True, melds=(), rules=LuzhouRules(), **ctx):
    return luzhou.score(Hand.parse(concealed, melds), Situation(T(win), self_draw, **ctx), rules)


def test_values_of_the_table():
    # 平胡 with a ghost: 2颗 self-draw (L77), not on a discard (L75)
    r = score("123m456m234p567p7z", "9p")
    assert (r.is_win, r.value, r.patterns) == (True, 2, ("平胡",))
    assert r.payments == {"W": 6, "A": -2, "B": -2, "C": -2}
    d = score("123m456m234p567p7z", "9p", False)
    assert not d.is_win and "平胡不能點炮" in d.reason
    ok = score("123m456m234p567p7z", "9p", False, rules=LuzhouRules(pinghu_discard_allowed=True))
    assert ok.is_win and ok.value == 1
    # 無鬼 平胡 = 10 (L117), discard 5
    r = score("123m456m234p567p9p", "9p", False)
    assert (r.value, set(r.patterns)) == (5, {"平胡", "無鬼"})
    r = score("123m456m234p567p9p", "9p", False, rules=LuzhouRules(wugui_doublings=1))
    assert r.value == 2  # 5颗 self-draw, floor(5/2)


def test_ghost_made_quad_counts_as_gui():
    # 111m + ghost as the fourth 1m (LZ-43 style)
    r = score("111m23m456p789p5p7z", "5p")
    assert (r.value, r.patterns) == (5, ("閨自摸",))


def test_three_suits_is_huazhu():
    r = score("123m456p789s234s1m", "1m")
    assert not r.is_win and "花豬" in r.reason


def test_discarded_ghost_is_dead():
    r = score("123m456m234p567p7z", "7z", False)
    assert not r.is_win and "紅中" in r.reason


def test_cap_and_cap_order():
    r = score("1111p22p33p55p66p8p", "8p", False)
    assert r.value == 20 and "40顆封頂" in r.patterns
    r = score("1111p22p33p55p66p8p", "8p", False, rules=LuzhouRules(cap=100))
    assert r.value == 50 and "100顆封頂" in r.patterns
    r = score("1111p22p33p55p66p8p", "8p", False, rules=LuzhouRules(cap=None))
    assert r.value == 160 and not any("封頂" in p for p in r.patterns)
    r = score("1111p22p33p55p66p8p", "8p", False, rules=LuzhouRules(cap_order="halve_then_cap"))
    assert r.value == 40


def test_gangshangpao_and_qianggang_paid_by_konger_not_halved():
    r = score("888m33p6p7z", "6p", False, melds=[("peng", "222m"), ("peng", "555p")], kong_discard=True)
    assert (r.value, r.payments) == (20, {"W": 20, "A": -20})
    r = score("888m33p6p7z", "6p", False, melds=[("peng", "222m"), ("peng", "555p")], kong_discard=True,
              rules=LuzhouRules(gangshangpao_halved=True))
    assert r.value == 10
    r = score("123m456m234p56p7z9p", "9p", False, robbing_kong=True)
    assert (r.value, set(r.patterns), r.payments) == (5, {"平胡", "搶杠胡"}, {"W": 5, "A": -5})
    r = score("123m456m234p56p7z9p", "9p", False, robbing_kong=True,
              rules=LuzhouRules(qianggang_halved=True))
    assert r.value == 2


def test_pinghu_gsp_value_flag():
    # C3: a plain 平胡 杠上炮 / 搶杠胡 is 5 (L81) or 10 (L117)
    r = score("123m456m234p56p7z9p", "9p", False, kong_discard=True,
              rules=LuzhouRules(pinghu_gsp_value=10))
    assert r.value == 10
    r = score("123m456m234p56p7z9p", "9p", False, kong_discard=True)
    assert r.value == 5


def test_baopai_tianhu_fixed_values():
    r = score("123m456m234p567p7z", "9p", declared_ready=True)
    assert (r.value, r.patterns) == (10, ("報牌",))
    r = score("123m456m234p567p9p", "9p", declared_ready=True)  # 無鬼: a 名堂
    assert (r.value, r.patterns) == (40, ("報牌",))
    r = score("123m456m234p567p9p", "9p", declared_ready=True,
              rules=LuzhouRules(baopai_named_definition="shape_only"))
    assert r.value == 10
    r = score("123m456m234p567p9p", "9p", False, declared_ready=True)
    assert r.value == 20
    r = score("123m456m234p567p7z", "9p", tianhu=True, dealer=True)
    assert (r.value, r.patterns) == (40, ("天胡",))


def test_a_fixed_hand_names_the_first_shape_of_the_table():
    """天胡 pays 40 whatever the hand's shape (L115), so every reading ties; the result
    names the shape standing first in the pattern table (平胡, 大對子, 七對), not the
    one the core happens to list first."""
    for concealed, win, shape in [("1122334455667m", "7m", "pinghu"),      # 平胡 or 七對
                                  ("11122233344m55p", "5p", "pinghu"),     # 平胡 or 大對子
                                  ("112233m445566p7p", "7p", "pinghu"),    # 平胡 or 七對
                                  ("1133557799m113p", "3p", "qidui")]:     # 七對 only
        r = score(concealed, win, tianhu=True, dealer=True)
        assert (r.value, r.patterns, r.detail["shape"]) == (40, ("天胡",), shape), concealed


def test_guoshui():
    kw = dict(melds=[("peng", "111m")])
    assert score("23m7z456m234p9p", "9p", False, **kw).value == 2
    r = score("23m7z456m234p9p", "9p", False, guoshui_passed_value=2, **kw)
    assert not r.is_win and "過水" in r.reason
    assert score("23m7z456m234p9p", "9p", False, guoshui_passed_value=1, **kw).is_win
    assert score("23m7z456m234p9p", "9p", True, guoshui_passed_value=5, **kw).is_win  # self-draw


def test_xiqian_in_the_eight_ghost_game():
    rules = LuzhouRules(ghost_count=8)
    r = score("123m456m234p567p7z", "9p", ghosts_drawn=5, rules=rules)
    assert r.value == 12 and "喜錢" in r.patterns and r.payments["W"] == 36
    r = score("123m456m234p567p7z", "9p", ghosts_drawn=7, rules=rules)
    assert r.value == 32
    r = score("123m456m234p567p7z", "9p", ghosts_drawn=7, rules=LuzhouRules(ghost_count=8,
                                                                                xiqian_mode="mode1_doubling"))
    assert r.value == 42
    assert score("123m456m234p567p7z", "9p", ghosts_drawn=4).value == 2   # 4-ghost game: none
    with pytest.raises(ValueError, match="ghosts_drawn = 7, but the game has 4"):
        score("123m456m234p567p7z", "9p", ghosts_drawn=7)              # cannot happen
    r = score("123m456m234p567p7z", "9p", False, ghosts_drawn=6,
              rules=LuzhouRules(ghost_count=8, pinghu_discard_allowed=True))
    assert r.payments == {"W": 61, "A": -21, "B": -20, "C": -20}


def test_shoubayi():
    four = [("peng", "111m"), ("peng", "222m"), ("peng", "333m"), ("peng", "444m")]
    r = score("7z", "5p", melds=four)
    assert set(r.patterns) == {"大對子", "手把一"} and r.value == 20
    r = score("5p", "5p", melds=four)
    assert set(r.patterns) == {"大對子", "手把一", "無鬼", "40顆封頂"} and r.value == 40


def test_invalid_hands():
    # a chi where 吃 is not played is a well-formed hand the rules forbid: a non-win
    # with the reason and its seed line (L13), not an error
    r = score("123m456m234p5p", "5p", melds=[("chi", "789p")])
    assert not r.is_win and "吃" in r.reason and "L13" in r.reason
    assert score("123m456m234p5p", "5p", melds=[("chi", "789p")],
                 rules=LuzhouRules(allow_chi=True)).is_win
    with pytest.raises(ValueError, match="not a sequence"):
        score("123m456m234p5p", "5p", melds=[("chi", "791p")], rules=LuzhouRules(allow_chi=True))
    with pytest.raises(ValueError, match="honour"):
        luzhou.score(Hand.parse("123m456m234p567p1z"), Situation(T("5p"), True))
    with pytest.raises(ValueError, match="5 copies of 1m"):
        score("1111m456m234p567p", "1m")
    with pytest.raises(ValueError, match="identical"):
        score("456m234p567p9p", "9p", melds=[("peng", "12m7z")])
    r = score("456m234p567p9p", "9p", melds=[("peng", "1m7z7z")])    # a 貼鬼碰 of two ghosts
    assert not r.is_win and "natural" in r.reason and "L27" in r.reason
    assert score("456m234p567p9p", "9p", melds=[("peng", "1m7z7z")],
                 rules=LuzhouRules(tiegui_min_naturals=0)).is_win
    with pytest.raises(ValueError, match="13 tiles"):
        Hand.parse("123m")
    with pytest.raises(ValueError, match="luzhou_cap"):
        LuzhouRules(cap=50)
    with pytest.raises(ValueError, match="unknown Luzhou option"):
        LuzhouRules.from_options({"luzhou_nonsense": 1})
    with pytest.raises(ValueError, match="5 copies of 紅中|only 4 exist"):
        score("7777z123m456m234p", "7z")


def test_inputs_not_mutated():
    hand = Hand.parse("123m456m234p567p7z")
    before = hand.concealed.copy()
    luzhou.score(hand, Situation(T("9p"), True))
    assert (hand.concealed == before).all()
    assert not hand.concealed.flags.writeable


def test_chajiao_table():
    seats = {
        "A": Hand.parse("123m456m234p678p7z"),
        "B": Hand.parse("13m46m9m147p258s69s"),
        "C": Hand.parse("123456789s1479p"),
        "D": Hand.parse("234m567m345p678p9p"),
    }
    res = luzhou.exhaust(seats, dealer="A")
    assert res.ready == {"A": True, "B": False, "C": False, "D": True}
    assert res.huazhu == {"A": False, "B": True, "C": False, "D": False}
    assert res.values == {"A": 2, "D": 10}
    assert res.payments == {"A": 4, "B": -12, "C": -12, "D": 20}
    assert res.next_dealer == "A"
    assert sum(res.payments.values()) == 0
    # with a winner, nobody is re-dealt here, and the winner neither pays nor collects
    res = luzhou.exhaust({**seats, "C": None}, dealer="A")
    assert res.next_dealer is None and "C" not in res.payments


def test_ready_reports_waits():
    rep = luzhou.ready(Hand.parse("123m456m234p678p7z"))
    assert rep.ready and set(rep.waits) >= {T("1m"), T("9p")}
    assert all(t < 27 for t in rep.waits)


def test_ghost_is_never_a_fifth_copy_counting_melds():
    # found by the brute-force property: the ghost cannot pair the fourth 1m with a
    # 111m peng on the table, so this is 清對 with 1m as a plain pair, not 清閨對
    r = score("444555m66m7z7z", "1m", False, melds=[("peng", "111m")])
    assert "清閨對" not in r.patterns


@pytest.mark.parametrize("melds", [[], [("peng", "999m")]])
def test_a_fifth_copy_as_the_winning_tile_is_named(melds):
    """Four 1m held and a fifth as the winning tile cannot happen (L19: four of each
    suited kind): a ValueError that names the copies, with or without melds."""
    hand = Hand.parse("1111m23456789m9m" if not melds else "1111m234567m", melds)
    with pytest.raises(ValueError, match="5 copies of 1m counting the melds and the winning tile"):
        luzhou.score(hand, Situation("1m", self_draw=True))


def test_multiple_winners_on_one_discard_and_blood_battle_self_draw():
    # 一炮多響: seats S2 and S3 both win on S1's discard; each is paid separately
    a = score("123m456m234p567p9p", "9p", False)            # 無鬼 平胡: 5
    b = score("888m33p6p7z", "6p", False, melds=[("peng", "222m"), ("peng", "555p")])
    assert a.is_win and b.is_win
    total = Ledger.combine([a.ledger.relabel({"W": "S2", "A": "S1"}),
                            b.ledger.relabel({"W": "S3", "A": "S1"})])
    assert total.net() == {"S1": -(a.value + b.value), "S2": a.value, "S3": b.value}
    # 血戰到底: a later self-draw is paid only by the players still in (S3 has won)
    c = score("123m456m234p567p7z", "9p")
    later = c.ledger.relabel({"W": "S2", "A": "S1", "B": None, "C": "S4"})
    assert later.net() == {"S2": 4, "S1": -2, "S4": -2}
    assert sum(later.net().values()) == 0


def test_xiqian_settlement_without_a_win():
    rules8 = LuzhouRules(ghost_count=8)
    led = luzhou.xiqian_settlement("S1", ["S2", "S3", "S4"], 6, won=False, rules=rules8)
    assert led.net() == {"S1": 60, "S2": -20, "S3": -20, "S4": -20}
    assert not luzhou.xiqian_settlement("S1", ["S2"], 6, won=True, rules=rules8).transfers
    led = luzhou.xiqian_settlement("S1", ["S2", "S3", "S4"], 5, won=False,
                                   rules=LuzhouRules(ghost_count=8, xiqian_mode="mode2"))
    assert led.net() == {"S1": -30, "S2": 10, "S3": 10, "S4": 10}
    assert not luzhou.xiqian_settlement("S1", ["S2"], 4, won=False).transfers   # 4-ghost game
    with pytest.raises(ValueError, match="ghosts_drawn must be 0-4"):
        luzhou.xiqian_settlement("S1", ["S2"], 7, won=False)       # more than exist


def test_ghost_as_fifth_copy_option():
    # 1111m + a ghost as the fifth 1m: 111m 11m 555p 789p 234p
    rules = LuzhouRules(ghost_as_fifth_copy=True)
    assert not score("1111m555p789p23p7z", "4p").is_win
    r = score("1111m555p789p23p7z", "4p", rules=rules)
    assert r.is_win and r.patterns == ("閨自摸",)
    # a 貼鬼碰 of 1m, then the other two natural 1m held: reachable in play, so it
    # scores under either setting (the meld's ghost stays a 1m; 1m is one 閨)
    for either in (LuzhouRules(), rules):
        r = score("11m456p789p23p", "4p", melds=[("peng", "11m7z")], rules=either)
        assert r.is_win and r.patterns == ("閨自摸",) and r.value == 5


def test_a_chi_meld_is_a_sequence_so_the_hand_is_never_all_triplets():
    # L85: 大對子 is 111 111 111 111 11; a chi (luzhou_allow_chi) is a 順子.  1199m +
    # 紅中 with chi 789m 678m 234m: the ghost as 9m makes 999m + 11m, and 9m four times
    # (999m + the chi's 9m) is a 閨: 清閨, 20 (L95), not 清閨對
    rules = LuzhouRules(allow_chi=True)
    r = score("1199m", "7z", melds=[("chi", "789m"), ("chi", "678m"), ("chi", "234m")], rules=rules)
    assert r.is_win and r.patterns == ("清閨",) and r.value == 20


def test_four_melds_and_a_single_tile_is_shoubayi_with_a_chi_too():
    # L127 "碰牌、杠牌后手里只剩下一張牌": with 吃 allowed a chi is a meld like any other
    rules = LuzhouRules(allow_chi=True)
    melds = [("chi", "123m"), ("peng", "555m"), ("peng", "999m"), ("peng", "777p")]
    r = score("3p", "3p", melds=melds, rules=rules)
    assert r.is_win and set(r.patterns) == {"平胡", "手把一", "無鬼"}
    assert r.detail["shape"] == "pinghu"


def test_a_tiegui_peng_beside_four_natural_copies_scores_and_chajiao_goes_on():
    # peng 11m + 紅中 (L27), then the other two natural 1m drawn: play reaches it, so
    # it is never an error; 1m (five with the meld's ghost) is one 閨
    hand = Hand.parse("11m456p789p23p", [("peng", "11m7z")])
    r = luzhou.score(hand, Situation(T("1p"), True))
    assert r.is_win and r.patterns == ("閨自摸",)
    seats = {"A": hand, "B": Hand.parse("123m456m789m1234p"), "C": None, "D": Hand.parse("1359m2468p1479s7z")}
    res = luzhou.exhaust(seats)
    assert res.ready == {"A": True, "B": True, "D": False}
    assert res.seats["A"].waits == (T("1p"), T("4p"), T("7p"))
    assert sum(res.payments.values()) == 0 and res.payments["D"] < 0


def test_a_forbidden_meld_is_a_result_everywhere():
    chi = Hand.parse("123m456m234p5p", [("chi", "789p")])
    rep = luzhou.ready(chi)
    assert not rep.ready and "吃" in rep.reason and "L13" in rep.reason
    seats = {"A": chi, "B": Hand.parse("123m456m789m1234p"), "C": None, "D": None}
    res = luzhou.exhaust(seats)
    assert res.ready == {"A": False, "B": True}
    assert res.payments == {"A": -res.seats["B"].value, "B": res.seats["B"].value}
    ghosts_only = Hand.parse("456m234p567p9p", [("peng", "7z7z7z")])
    r = luzhou.score(ghosts_only, Situation(T("9p"), True))
    assert not r.is_win and "L19" in r.reason


@pytest.mark.parametrize("ctx, fragment", [
    (dict(after_kong=True), "no kong among his melds"),
    (dict(dihu=True, self_draw=False), "地胡 in Luzhou"),
    (dict(ghosts_drawn=5), "ghosts_drawn = 5, but the game has 4"),
])
def test_situations_that_cannot_happen_are_value_errors(ctx, fragment):
    self_draw = ctx.pop("self_draw", True)
    with pytest.raises(ValueError, match=fragment):
        score("123m456m234p567p7z", "9p", self_draw, **ctx)


def test_rules_of_another_region_are_a_type_error():
    from hupai.rules.wuhan import WuhanRules
    with pytest.raises(TypeError, match="rules must be LuzhouRules, not WuhanRules"):
        luzhou.score(Hand.parse("123m456m234p567p7z"), Situation(T("9p"), True), WuhanRules())
    with pytest.raises(TypeError, match="rules must be LuzhouRules"):
        luzhou.ready(Hand.parse("123m456m234p567p7z"), WuhanRules())


@pytest.mark.parametrize("seats", [
    {"A": None, "B": None, "C": None},
    {"A": None, "B": None, "C": None, "D": None, "E": None},
    {"A": None, "B": None, "C": None, "X": None},
])
def test_chajiao_takes_exactly_the_four_seats(seats):
    with pytest.raises(ValueError, match="exactly the seats A, B, C and D"):
        luzhou.exhaust(seats)


@pytest.mark.parametrize("kwargs, exc", [
    (dict(cap=40.0), TypeError), (dict(wugui_doublings=True), TypeError), (dict(ghost_count="4"), TypeError),
    (dict(tiegui_min_naturals=1.0), TypeError), (dict(cap=50), ValueError),
])
def test_numeric_flags_take_ints(kwargs, exc):
    with pytest.raises(exc):
        LuzhouRules(**kwargs)


def test_a_win_without_melds_scores_from_its_profile_as_from_its_readings():
    """A win without melds is scored from the kernel's profile, the ghosts its jokers;
    the same win prepared reading by reading (the path of hands with melds) must give
    the same result: seeded wins with 0-4 ghosts, near misses, 花豬 and every fact."""
    import itertools

    from generated_wins import luzhou as wins

    def outcome(f, hand, situation):
        try:
            return f(hand, situation, rules).to_dict()
        except ValueError as e:
            return str(e)

    rules, compared = LuzhouRules(), 0
    for hand, situation in itertools.islice(wins(20261207), 12000):
        if hand.melds or (situation.win_tile == luzhou.GHOST and not situation.self_draw):
            continue
        try:
            luzhou._check(hand, situation, rules)
        except ValueError:
            continue
        assert outcome(luzhou.score, hand, situation) == outcome(luzhou._score_readings, hand, situation), \
            (hand, situation)
        compared += 1
    assert compared > 5000
