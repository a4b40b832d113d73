"""Wuhan rules, one behaviour at a time (digest ../shared/rules/wuhan.md)."""
import pytest

from hupai import tiles
from hupai.rules import Hand, Situation, wuhan
from hupai.rules.wuhan import Loser, WuhanRules, laizi_of, must_kong_tiles

T = tiles.parse_tile


def losers(discard=True, opened=(True, True, True), dealer=None, kongs=None):
    kongs = kongs or {}
    return [Loser(s, opened=o, dealer=(dealer == s), discarder=(discard and s == "A"),
                  kongs=kongs.get(s, {})) for s, o in zip("ABC", opened)]


def score(concealed, win, self_draw=False, melds=(("chi", "345p"),), indicator="8p", rules=WuhanRules(),
          ls=None, **facts):
    situation = Situation(T(win), self_draw, indicator=indicator,
                          losers=ls or losers(discard=not self_draw and not facts.get("robbing_kong")), **facts)
    return wuhan.score(Hand.parse(concealed, melds), situation, rules)


@pytest.mark.parametrize("indicator, variant, laizi", [
    ("8p", "hongzhong", "9p"), ("9s", "hongzhong", "1s"), ("1z", "hongzhong", "2z"),
    ("4z", "hongzhong", "6z"), ("7z", "hongzhong", "6z"), ("6z", "hongzhong", "5z"),
    ("5z", "hongzhong", "1z"), ("4z", "hongzhong_facai", "5z"), ("7z", "hongzhong_facai", "5z"),
    ("6z", "hongzhong_facai", "5z"), ("4z", "hongzhong_pizi", "6z"),
])
def test_laizi_follows_the_indicator(indicator, variant, laizi):
    assert laizi_of(T(indicator), WuhanRules(gang_variant=variant)) == T(laizi)


def test_must_kong_tiles_per_variant():
    assert must_kong_tiles(T("3m")) == {T("7z")}
    assert must_kong_tiles(T("3m"), WuhanRules(gang_variant="hongzhong_facai")) == {T("7z"), T("6z")}
    assert must_kong_tiles(T("3m"), WuhanRules(gang_variant="hongzhong_pizi")) == {T("7z"), T("3m")}


def test_small_win_fans_and_every_loser_pays():
    r = score("234m678m345s5s", "5s", ls=[Loser("A", True, discarder=True), Loser("B", False, dealer=True),
                                          Loser("C", True, kongs={"ming": 1})])
    assert set(r.patterns) == {"小胡", "硬胡"}
    assert r.payments == {"W": 40, "A": -16, "B": -8, "C": -16}


def test_blocks():
    assert not score("234m678m5s777z", "5s").is_win                       # holds 紅中
    assert "開口" in score("234m678m345s5s", "5s", melds=(("angang", "1111p"),)).reason
    assert not score("234p678p789s5m", "5m", indicator="4m", melds=(("chi", "123s"),)).is_win  # laizi discard
    assert "過水" in score("234m678m345s5s", "5s", guoshui_same_tile_not_higher=True).reason
    assert score("234m678m345s5s", "5s", guoshui_same_tile_not_higher=True,
                 rules=WuhanRules(guoshui="none")).is_win


def test_small_win_needs_258_pair_and_one_laizi():
    assert not score("234m678m345s6s", "6s").is_win                       # 66s is not a 將
    r = score("345s678s34p5m5m", "5p", indicator="4m", melds=(("chi", "123s"),))
    assert not r.is_win                                                   # two laizi held
    r = score("345s678s34p5m5m", "5p", indicator="4m", melds=(("chi", "123s"),),
              rules=WuhanRules(xiaohu_laizi_limit_counts_self_used=False))
    assert r.is_win                                                       # 55m as themselves: 硬


def test_caps_and_top_tiers():
    r = score("234m567m345s2s", "2s", True, indicator="4p", melds=(("minggang", "9999p"),),
              special_kongs={"hongzhong": 1, "laizi": 1}, dealer=True,
              ls=[Loser("A", True), Loser("B", False, kongs={"an": 1}), Loser("C", True, kongs={"an": 1})])
    assert r.value == 1600 and {"金頂", "陽光頂"} <= set(r.patterns)
    assert r.payments == {"W": 1600, "A": -500, "B": -600, "C": -500}
    r = score("234m567m345s2s", "2s", True, indicator="4p", melds=(("minggang", "9999p"),),
              special_kongs={"hongzhong": 1, "laizi": 1}, dealer=True,
              ls=[Loser("A", False, kongs={"an": 1}), Loser("B", False, kongs={"an": 1}),
                  Loser("C", False, kongs={"an": 1})])
    assert r.value == 2100 and "光明頂" in r.patterns


def test_big_wins_and_responsibility():
    four = (("chi", "123m"), ("peng", "444p"), ("chi", "678s"), ("peng", "999m"))
    ready = score("5s", "5s", melds=four, indicator="8s", discarder_ready=True,
                  ls=[Loser("A", True, discarder=True), Loser("B", True), Loser("C", False)])
    assert set(ready.patterns) == {"全求人", "硬胡"} and ready.payments["A"] == -120
    baohu = score("5s", "5s", melds=four, indicator="8s", discarder_ready=False,
                  ls=[Loser("A", True, discarder=True), Loser("B", True), Loser("C", False)])
    assert "包胡" in baohu.patterns and baohu.payments == {"W": 240, "A": -240}
    rob = score("234m678m34p88p", "5p", melds=(("peng", "777s"),), indicator="8s", robbing_kong=True,
                ls=[Loser("A", True), Loser("B", True), Loser("C", False)])
    assert set(rob.patterns) == {"搶杠", "硬胡", "包胡"} and rob.payments == {"W": 200, "A": -200}


def test_jian_san_bao():
    melds = (("chi", "123p", "B"), ("peng", "444p", "C"), ("peng", "999p", "A"))
    r = score("5678p", "5p", True, melds=melds, indicator="1s",
              ls=[Loser("A", True), Loser("B", True), Loser("C", True)])
    assert "清一色" in r.patterns and "見三包" in r.patterns
    assert list(r.payments) == ["A", "W"] or set(r.payments) == {"A", "W"}


def test_fengyise_pays_the_top_tier():
    r = score("11z22z33z6z", "6z", True, melds=(("peng", "444z"), ("peng", "555z")), indicator="1m",
              ls=[Loser("A", True), Loser("B", False), Loser("C", True)])
    assert "風一色" in r.patterns and "硬胡" not in r.patterns and "軟胡" not in r.patterns
    assert r.payments == {"W": 1600, "A": -500, "B": -600, "C": -500}


def test_koukou_mode():
    r = score("234m5p", "5p", melds=(("chi", "123s"), ("peng", "444p"), ("chi", "678m")),
              rules=WuhanRules(kaikou_mode="koukou_fan"),
              ls=[Loser("A", True, opens=1, discarder=True), Loser("B", True, opens=2), Loser("C", False)])
    assert r.value == 144 and r.payments == {"W": 144, "A": -64, "B": -64, "C": -16}


def test_bad_input():
    # a peng of 紅中 is a meld the rules forbid: a non-win with its seed line
    r = score("234m678m345s5s", "5s", melds=(("peng", "777z"),))
    assert not r.is_win and "never claimed" in r.reason and "A-L31-33" in r.reason
    with pytest.raises(ValueError, match="chi"):
        score("234m678m345s5s", "5s", melds=(("chi", "135p"),))
    with pytest.raises(ValueError, match="exactly loser A"):
        score("234m678m345s5s", "5s", ls=[Loser("A", True), Loser("B", True), Loser("C", True)])
    with pytest.raises(ValueError, match="A, B or C"):
        Loser("D")
    with pytest.raises(ValueError, match="wuhan_gang_variant"):
        WuhanRules(gang_variant="x")
    with pytest.raises(ValueError, match="only 3 exist"):
        score("8888p234m678m", "5s", melds=(("chi", "345p"),), indicator="8p")


def test_huangzhuang_settles_nothing():
    res = wuhan.exhaust({s: None for s in "ABCD"}, dealer="B")
    assert res.payments == {} and res.next_dealer == "B" and res.event.startswith("荒莊")


def test_one_winner_per_discard():
    assert wuhan.priority_winner("B", ["A", "D"], dealer="A") == "D"   # 截胡: D plays after C
    assert wuhan.priority_winner("B", ["A", "D"], dealer="A",
                                 rules=WuhanRules(multi_win_priority="from_dealer")) == "A"
    with pytest.raises(ValueError):
        wuhan.priority_winner("B", [], dealer="A")


def test_laizi_as_fifth_copy_option():
    # laizi 9s; 5555m held: 555m + 5m and the laizi as a fifth 5m make the 2-5-8 pair
    kw = dict(melds=(("chi", "345s"),), indicator="8s")
    assert not score("5555m123p78p9s", "9p", True, **kw).is_win
    r = score("5555m123p78p9s", "9p", True, rules=WuhanRules(ghost_as_fifth_copy=True), **kw)
    assert r.is_win and set(r.patterns) == {"小胡", "軟胡", "自摸"}


def test_bad_indicators_and_flags_are_named():
    """Regressions found by the fuzz targets: an indicator outside 0-33 raised KeyError,
    a non-text koukou_top_tiers AttributeError."""
    hand = Hand.parse("234m678m5s123p", [("chi", "345s")])
    losers = [wuhan.Loser(s, True) for s in "ABC"]
    for bad in (34, -1):
        with pytest.raises(ValueError, match="outside 0-33"):
            wuhan.score(hand, Situation(22, True, indicator=bad, losers=losers))
        with pytest.raises(ValueError, match="outside 0-33"):
            wuhan.laizi_of(bad)
    with pytest.raises(TypeError, match="tile index must be an int"):
        wuhan.score(hand, Situation(22, True, indicator=2.0, losers=losers))
    with pytest.raises(ValueError, match="needs the flipped indicator"):
        wuhan.score(hand, Situation(22, True, losers=losers))
    with pytest.raises(ValueError, match="suit letter"):
        wuhan.must_kong_tiles("5x")
    with pytest.raises(ValueError, match="exactly one tile"):
        wuhan.must_kong_tiles("55p")
    assert wuhan.laizi_of("8p") == wuhan.laizi_of(16) == 17
    with pytest.raises(TypeError, match="koukou_top_tiers"):
        wuhan.WuhanRules(koukou_top_tiers=600)
    with pytest.raises(TypeError, match="DeclaredMeld"):
        wuhan.check_melds([("chi", "345s")], 16)


def test_results_are_read_only_so_settlements_can_be_shared():
    hand = Hand.parse("234m678m123p5s", [("chi", "345s")])
    losers = [wuhan.Loser(s, True) for s in "ABC"]
    first = wuhan.score(hand, Situation(22, True, indicator=0, losers=losers))
    again = wuhan.score(hand, Situation(22, True, indicator=0, losers=losers))
    assert first.is_win and first == again
    with pytest.raises(TypeError):
        first.detail["multiplier"] = 0          # type: ignore[index]
    with pytest.raises(TypeError):
        first.detail["shares"]["A"] = 0          # type: ignore[index]
    assert sum(first.detail["shares"].values()) == first.value


def test_jiangyise_adds_to_the_other_big_wins():
    # B-一.9.4 "如果正好又满足碰碰胡的情况的话，则视为双大胡"; A-L121: big patterns add
    melds = (("peng", "555s"), ("peng", "888m"), ("peng", "222p"))
    r = score("22m55p", "5p", melds=melds, indicator="1z")
    assert set(r.patterns) == {"硬胡", "碰碰胡", "將一色"}
    assert r.detail["multiplier"] == 20 * 2 ** 2       # base 20; 開口 and 硬胡 fans
    # with 全求人 (four claimed melds, the single paired with a discarded 2-5-8)
    melds = (("peng", "222m"), ("peng", "555p"), ("peng", "888s"), ("peng", "555s"))
    r = score("2p", "2p", melds=melds, indicator="1z")
    assert set(r.patterns) == {"硬胡", "碰碰胡", "將一色", "全求人"}
    assert r.detail["multiplier"] == 30 * 2 ** 2


def test_fengyise_all_triplets_lists_pengpeng():
    melds = (("peng", "333z"), ("peng", "444z"), ("peng", "555z"))
    r = score("1122z", "1z", True, melds=melds, indicator="1m")
    assert set(r.patterns) == {"碰碰胡", "風一色", "金頂"} and r.value == 1500


def test_two_laizi_standing_in_as_the_pair_are_no_jiang():
    # B-二.2.7: laizi 7m, holding 333m 999s and one 7m, drawing another 7m on a kong
    # is not a win: no pair of 2-5-8 to be the 將
    melds = (("chi", "123p"), ("peng", "555p"))
    r = score("333m999s7m", "7m", True, melds=melds, indicator="6m", after_kong=True,
              special_kongs={"hongzhong": 1})
    assert not r.is_win
    # "如5万为癞子，见将胡杠到了一个5万，则可以视为硬胡杠开": laizi 5m as themselves
    r = score("333m999s5m", "5m", True, melds=melds, indicator="4m", after_kong=True,
              special_kongs={"hongzhong": 1})
    assert r.is_win and set(r.patterns) == {"硬胡", "杠上開花"}


def test_jianzihu_may_win_by_robbing_a_kong():
    # B-二.2.6 "见字胡不能胡别人的牌，必须【自摸】、【杠开】或【抢杠】": a 清一色 whose
    # single laizi (9p, indicator 8p) would pair any tile; 9m is no 2-5-8 (見將胡 is free)
    melds = (("chi", "345m"),)
    assert not score("222m444m666m9p", "9m", melds=melds).is_win        # A's discard
    r = score("222m444m666m9p", "9m", melds=melds, robbing_kong=True)
    assert r.is_win and {"清一色", "搶杠", "包胡"} <= set(r.patterns)
    assert score("222m444m666m9p", "9m", True, melds=melds).is_win     # and by self-draw
    assert score("222m444m666m9p", "8m", melds=melds).is_win            # 見將胡 on a discard


@pytest.mark.parametrize("kw, fragment", [
    (dict(last_four=True), "last_four"),                               # a discard win
    (dict(last_four=True, robbing_kong=True), "last_four"),
    (dict(self_draw=True, after_kong=True), "no kong among his melds"),
    (dict(special_kongs={"hongzhong": 5}), "hongzhong kongs must be 0-4"),
    (dict(special_kongs={"hongzhong": -1}), "must be 0-4"),
    (dict(special_kongs={"pizi": 1}), "does not exist in the hongzhong variant"),
    (dict(special_kongs={"laizi": 4}), "only 4 exist"),                # four beside the held one
    (dict(special_kongs={"hongzhong": 2}, ls=[Loser("A", True, discarder=True, kongs={"hongzhong": 3}),
                                             Loser("B", True), Loser("C", True)]), "only 4 exist"),
])
def test_situations_that_cannot_happen_are_value_errors(kw, fragment):
    self_draw = kw.pop("self_draw", False)
    hand = "234m678m345s9p" if "laizi" in kw.get("special_kongs", {}) else "234m678m345s5s"
    with pytest.raises(ValueError, match=fragment):
        score(hand, "5s", self_draw, **kw)


@pytest.mark.parametrize("make, exc", [
    (lambda: Loser("A", opened=1), TypeError),
    (lambda: Loser("A", True, dealer="yes"), TypeError),
    (lambda: Loser("A", True, opens=-1), ValueError),
    (lambda: Loser("A", True, opens=1.5), TypeError),
    (lambda: Loser("A", False, opens=2), ValueError),
    (lambda: Loser("A", True, kongs={"ming": -1}), ValueError),
    (lambda: Loser("A", True, kongs={"ming": 1.5}), TypeError),
    (lambda: Loser("A", True, kongs={"ming": 3, "an": 2}), ValueError),
    (lambda: Loser("A", True, kongs={"pizi": 4}), ValueError),
    (lambda: Loser("A", True, kongs={"x": 1}), ValueError),
    (lambda: WuhanRules(koukou_top_tiers=(600, 700)), ValueError),
    (lambda: WuhanRules(koukou_top_tiers="６００/700/800"), ValueError),
    (lambda: WuhanRules(koukou_top_tiers="²/7/8"), ValueError),
    (lambda: WuhanRules(koukou_top_tiers=600), TypeError),
    (lambda: WuhanRules(laizi_gang_fan=2.0), TypeError),
    (lambda: WuhanRules(big_zimo_fangchong_factor=True), TypeError),
])
def test_bad_facts_and_flags_are_named(make, exc):
    with pytest.raises(exc):
        make()


def test_koukou_top_tiers_as_text_or_numbers():
    a = WuhanRules(kaikou_mode="koukou_fan", koukou_top_tiers="600/700/900")
    b = WuhanRules(kaikou_mode="koukou_fan", koukou_top_tiers=(600, 700, 900))
    assert a == b and a.tiers == (600, 700, 900) and hash(a) == hash(b)


def test_a_facai_kong_of_a_loser_needs_the_facai_variant():
    ls = [Loser("A", True, discarder=True, kongs={"facai": 1}), Loser("B", True), Loser("C", True)]
    with pytest.raises(ValueError, match="does not exist in the hongzhong variant"):
        score("234m678m345s5s", "5s", ls=ls)
    assert score("234m678m345s5s", "5s", ls=ls, rules=WuhanRules(gang_variant="hongzhong_facai")).is_win


def test_a_win_scores_from_its_reading_classes_as_from_its_readings():
    """A win is scored from the kernel's classes of its readings (_core.reading_classes)
    and a memo per table; the same win with every reading listed and valued
    (_score_readings, the path of C18's fifth copies) must give the same result, or the
    same refusal: seeded wins under the default rules and each single-flag alternative
    (laizi 0-4, 見字胡, 全求人, kongs, 過水, non-wins among them)."""
    import itertools

    from generated_wins import wuhan as wins
    from test_fast_path_differential import rule_variants

    def outcome(f, hand, situation, rules):
        try:
            return f(wuhan._shared(hand.melds, situation, rules), hand, situation, rules).to_dict()
        except ValueError as e:
            return str(e)

    variants = [r for r in rule_variants(WuhanRules) if not r.ghost_as_fifth_copy]
    held, wins_seen = set(), 0
    for k, (hand, situation) in enumerate(itertools.islice(wins(20261207), 24000)):
        rules = variants[k % len(variants)]
        fast = outcome(wuhan._score, hand, situation, rules)
        assert fast == outcome(wuhan._score_readings, hand, situation, rules), (hand, situation.to_dict(), rules)
        if isinstance(fast, dict) and fast["is_win"]:
            wins_seen += 1
            held.add(hand.concealed_bytes[laizi_of(situation.indicator, rules)] + (
                situation.win_tile == laizi_of(situation.indicator, rules)))
    assert wins_seen > 8000 and held >= {0, 1, 2, 3}


def test_all_258_and_all_honour_wins_score_from_their_classes_as_from_their_readings():
    """將一色 and 風一色 hold in any arrangement, the laizi standing in where they
    qualify (B-一.9.3-4, A-L121): hands of 2-5-8s or of honours beside a peng, some
    tiles swapped for laizi that do or do not qualify, scored both ways."""
    import numpy as np

    rng = np.random.default_rng(7)
    # all 2-5-8s, one suit's (清一色 too, which takes laizi: 12 copies make no hand),
    # the honours
    pools = ([t for t in range(27) if t % 9 in (1, 4, 7)], [1, 4, 7], [10, 13, 16], [27, 28, 29, 30, 31, 32])
    compared = wins_seen = 0
    for _ in range(10000):
        pool = pools[int(rng.integers(len(pools)))]
        indicator = int(rng.integers(34))
        rules = WuhanRules()
        laizi = laizi_of(indicator, rules)
        kinds = [t for t in pool if t not in must_kong_tiles(indicator, rules) and t not in (laizi, indicator)]
        if len(kinds) < 3:
            continue
        peng = int(rng.choice(kinds))
        tiles_ = [int(t) for t in rng.choice(kinds, 11)]
        for i in range(int(rng.integers(2 if len(pool) == 3 else 0, 5))):
            tiles_[i] = laizi
        counts = np.bincount(tiles_, minlength=34)
        counts[peng] += 3
        if counts.max() > 4 or counts[indicator] > 3:
            continue
        win = tiles_.pop()
        concealed = np.bincount(tiles_, minlength=34).astype(np.uint8)
        hand = Hand(concealed, (wuhan.DeclaredMeld("peng", (peng,) * 3, "B"),))
        situation = Situation(win, bool(rng.integers(2)), indicator=indicator)
        shared = wuhan._shared(hand.melds, situation, rules)
        fast = wuhan._score(shared, hand, situation, rules).to_dict()
        assert fast == wuhan._score_readings(shared, hand, situation, rules).to_dict(), (hand, situation.to_dict())
        compared += 1
        wins_seen += fast["is_win"]
    assert compared > 3000 and wins_seen > 300
