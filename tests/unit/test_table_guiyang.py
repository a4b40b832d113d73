"""Guiyang's round flow at the table (rules/guiyang-flow.md): one scenario per flow rule,
each on a chosen wall and citing its line of seed 002 (L<n>), and random rounds that
must always settle.  Seat 0 deals unless a test says otherwise."""
import random

import pytest
from table_walls import chosen_wall, play

import hupai
from hupai import tiles
from hupai.rules import guiyang
from hupai.rules.guiyang import GuiyangRules
from hupai.table import PASS, WIN, Action, Round
from hupai.table.record import replay


def table(hands, draws="", back="", rules=None, dealer=0):
    return Round("guiyang", rules, dealer=dealer,
                 wall=chosen_wall("guiyang", hands, dealer=dealer, draws=draws, back=back, rules=rules))


def discard(tile):
    return {"type": "discard", "tile": tile}


def kong(kind, tile):
    return {"type": kind, "tiles": tile * 4}


DECLARE = Action("declare", (), "baoting")


def entries(rnd, cause):
    return [e for e in rnd.entries if e.cause == cause]


def paid(entry):
    """{(payer, payee): amount} of one ledger."""
    return {(p.payer, p.payee): p.amount for p in entry.payments}


def drawn_until_done(rnd):
    """Every seat discards what it draws and passes every claim until the round ends."""
    while not rnd.done:
        play(rnd, ["drawn"])
    return rnd


def drawn_until(rnd, seat):
    """Play "drawn" until ``seat`` is to play its turn."""
    while not (rnd.to_act == seat and rnd.decision == "turn"):
        play(rnd, ["drawn"])
    return rnd


def ready(rnd, seat):
    return guiyang.ready(rnd.hand_of(seat), rnd.rules).ready


def _near_ready(rng: random.Random) -> tuple[list[int], list]:
    """13 Guiyang tiles (melds counting 3) one tile off a win: four groups and a pair,
    seven pairs, or all triplets, some groups laid out as 碰, or random tiles."""
    from hupai.rules import DeclaredMeld
    suit = rng.randrange(3) * 9 if rng.random() < 0.4 else None      # 清一色 often
    kinds = [suit + k for k in range(9)] if suit is not None else list(range(27))
    shape = rng.randrange(4)
    melds: list = []
    if shape == 0:
        full = [t for _ in range(7) for t in [rng.choice(kinds)] * 2]
    elif shape == 3:
        full = rng.sample([t for t in range(27) for _ in range(4)], 14)
    else:
        full = [rng.choice(kinds)] * 2
        for _ in range(4):
            t = rng.choice(kinds)
            if shape == 1 and t % 9 < 7 and t + 2 in kinds:
                full += [t, t + 1, t + 2]
            elif rng.random() < 0.5 and not melds:
                melds.append(DeclaredMeld("peng", (t,) * 3, "A"))
            else:
                full += [t] * 3
    full.pop(rng.randrange(len(full)))
    return full, melds


def test_the_declaration_pre_check_never_hides_a_ready_hand():
    """报听 (L93, L95) asks the kernel's waits (``wait_mask``) before the scorer's
    ``ready``: every hand the scorer calls ready has kernel waits holding its waits."""
    from collections import Counter
    from hupai.table.model import TableMeld
    rng = random.Random(20261203)
    rnd = Round("guiyang", seed=1)
    flow, ready_seen = rnd.flow, 0
    for _ in range(3000):
        concealed, melds = _near_ready(rng)
        own = Counter(concealed) + Counter(t for m in melds for t in m.tiles)
        if max(own.values()) > 4:
            continue
        s = rnd.seats[1]
        s.concealed = bytearray(34)
        for t in concealed:
            s.concealed[t] += 1
        s.melds = [TableMeld(m.kind, m.tiles, 0, m.tiles[0]) for m in melds]
        report = guiyang.ready(rnd.hand_of(1), rnd.rules)
        if report.ready:
            ready_seen += 1
            mask = flow.wait_mask(rnd, 1)
            assert all(mask >> t & 1 for t in report.waits), (tiles.format_sequence(sorted(concealed)), melds)
    assert ready_seen > 500


# ---------------------------------------------------------------- 热炮


def test_a_hot_discard_voids_the_discarders_kong_and_lets_a_plain_hand_win():
    """热炮 (L185-187): "点热炮者点炮前成的那个豆不算,还需多加一番"; a 平胡 without a 豆
    may win on it (L188-189)."""
    rnd = table({0: "2222p123m456m789m5s", 1: "234s567s345p678p9p", 2: "147m147p258s369s9m",
                 3: "248m369p3m6m4s7s8p1p6s"}, draws="9s", back="9p")
    play(rnd, [kong("angang", "2p"), discard("9p")])
    assert rnd.to_act == 1 and WIN in rnd.legal_actions()       # 平胡, no 豆 of its own
    play(rnd, [WIN])
    (win,) = entries(rnd, "win")
    assert paid(win) == {(0, 1): 2}                              # 平胡 1 + 热炮 1
    assert ready(rnd, 0) and entries(rnd, "dou") == []          # ready, but his 闷豆 is void


def test_without_a_kong_a_plain_hand_may_not_take_the_discard():
    """平胡 "在有“豆”情况下允许点胡" (L131-132): the same tile, no kong before it, no win."""
    rnd = table({0: "9p123m456m789m5s1p2p3p", 1: "234s567s345p678p9p"})
    play(rnd, [discard("9p")])
    assert rnd.to_act != 1 or WIN not in rnd.legal_actions()


# ---------------------------------------------------------------- 抢杠


ROB_HANDS = {0: "5m147m258p369s1p4p8s3m", 1: "55m777p11s234s67m9p", 2: "34m123p456p789s99p",
             3: "248m369p2p5p8p3s6s9m6m"}
ROB_DRAWS, ROB_BACK = "2s3p6p7p9m", "5m"


def rob(hands, rules=None):
    """Seat 0 feeds seat 1's 碰 of 5m; seat 1 later makes a 闷豆 of 7p, draws the last 5m
    as its replacement and adds it to the 碰, the 转弯豆 seat 2 (34m, no 豆) may rob."""
    rnd = play(table(hands, draws=ROB_DRAWS, back=ROB_BACK, rules=rules),
               [discard("5m"), {"type": "peng", "tiles": "5m5m5m"}, discard("9p")])
    return play(drawn_until(rnd, 1), [kong("angang", "7p")])


@pytest.mark.parametrize("void, dou_paid, chickens_paid", [
    ("by_table", True, True),       # v2: only the robbed kong goes (L192)
    ("all_dou", False, True),       # L330: every 豆 of the robbed player
    ("yifei", False, False),        # v1 L68: 一废全废, neither 豆 nor 鸡
])
def test_a_robbed_added_kong_does_not_stand(void, dou_paid, chickens_paid):
    """抢杠 (L67-71, L190-195): a 平胡 without a 豆 may rob a 转弯豆; "点炮者的转弯豆不成立"
    (L192): the 碰 stays a 碰 and earns nothing; the robbed player pays 10 (L193)."""
    rnd = play(rob(ROB_HANDS, GuiyangRules(flow_robbed_void=void)), [kong("bugang", "5m"), WIN])
    assert rnd.win_events[0].source == "rob"
    assert [m.kind for m in rnd.seats[1].melds] == ["peng", "angang"]
    assert paid(entries(rnd, "win")[0]) == {(1, 2): 10}
    dou = entries(rnd, "dou")
    assert ready(rnd, 1)
    assert [(e.seat, paid(e)) for e in dou] == ([(1, {(0, 1): 2, (2, 1): 2, (3, 1): 2})] if dou_paid else [])
    # seat 1 holds two 幺鸡 (L209-211)
    assert [e.seat for e in entries(rnd, "chicken")] == ([1] if chickens_paid else [])


def test_the_konger_may_win_on_his_replacement_instead():
    """杠开 (L140-141): the 闷豆's replacement completes seat 1's hand; he may take it."""
    rnd = rob(ROB_HANDS)
    assert rnd.to_act == 1 and WIN in rnd.legal_actions()
    assert Action("bugang", tuple(tiles.parse_sequence("5m5m5m5m"))) in rnd.legal_actions()


def test_every_robber_wins_unless_first_only():
    """"当三家抢杠时,算一炮三响" (v4 L331, L360): every robber wins; first_only keeps one."""
    hands = {**ROB_HANDS, 3: "34m123p456p678s55s"}
    for rules, winners in ((None, (2, 3)), (GuiyangRules(flow_multirob="first_only"), (2,))):
        rnd = play(rob(hands, rules), [kong("bugang", "5m"), WIN, WIN])
        assert rnd.win_events[0].winners == winners and rnd.next_dealer == 2   # 一炮两响 (L321)


# ---------------------------------------------------------------- 黄庄


def test_exhaust_voids_every_kong_and_settles_chajiao_only():
    """黄庄 (L72, L196-204): "黄庄后所有“豆”的输赢都不计算"; the two seats not ready pay
    each ready seat its value (L203), nothing is flipped (L206: the flip needs a win)."""
    rnd = table({0: "2222p123m456m789m5s", 1: "234s567s345p678p9p", 2: "147m147p258s369s9m",
                 3: "248m369p3m6m4s7s8p1p6s"}, back="1p")
    play(rnd, [kong("angang", "2p"), discard("1p")])
    drawn_until_done(rnd)
    assert rnd.exhausted and not rnd.win_events
    assert [e.cause for e in rnd.entries] == ["chajiao"]
    assert rnd.net == [2, 2, -2, -2]                 # 平胡 1 each (discard basis, digest §7)
    assert rnd.flips == {} and rnd.next_dealer == 0  # v2: the dealer stays (flow §10)


def test_exhaust_by_ready_gives_the_deal_to_the_only_seat_not_ready():
    """"如有1家没叫牌,没叫的当庄" (L321), option guiyang_flow_exhaust_dealer by_ready."""
    hands = {0: "2222p123m456m789m5s", 1: "234s567s345p678p9p", 2: "123s456s789s234m6m",
             3: "248m369p3m6m4s7s8p1p6s"}
    rnd = table(hands, back="1p", rules=GuiyangRules(flow_exhaust_dealer="by_ready"))
    play(rnd, [kong("angang", "2p"), discard("1p")])
    drawn_until_done(rnd)
    assert rnd.exhausted and rnd.next_dealer == 3


# ---------------------------------------------------------------- 一炮多响


MULTI = {0: "9p1m4m5m6p8p1p4p1s3s9s2s6s5m", 1: "11m22m33m44s55s66s9p", 3: "222p333p777s888s9p"}


@pytest.mark.parametrize("third, rules, next_dealer", [
    (None, None, 1),                                                # 一炮两响: the first winner after 0
    (None, GuiyangRules(flow_multiwin_dealer="discarder"), 0),
    ("777m888m999m555p9p", None, 0),                                # 一炮三响: the discarder
])
def test_every_claimant_of_a_discard_wins(third, rules, next_dealer):
    """一炮三响 (L219-221): each winner is paid his own value by the discarder; the next
    dealer (L321): "一炮两响时,第一个胡牌的当庄;一炮三响时,点炮的人当庄"."""
    hands = {**MULTI, **({2: third} if third else {})}
    rnd = play(table(hands, draws="5s", rules=rules), [discard("9p")])
    while not rnd.done:
        play(rnd, [WIN])
    values = {1: 8, 2: 5, 3: 5}                      # 七对 8, 大对子 5 (L142-147)
    winners = (1, 2, 3) if third else (1, 3)
    assert rnd.win_events[0].winners == winners
    assert [paid(e) for e in entries(rnd, "win")] == [{(0, w): values[w]} for w in winners]
    assert rnd.next_dealer == next_dealer
    assert all(sum(e.net()) == 0 for e in rnd.entries)


# ---------------------------------------------------------------- 报听 and 杀报


BAOTING = {0: "123m456m789m55s12p9s", 1: "123p456p789p11s34m", 2: "234s678s345m99p67p",
           3: "147m258p369s2m8m5p2s"}
# seat 0 (ready) discards 9s; seat 1 draws 7s and discards it; seat 2 draws 1s, discards it;
# seat 3 draws 7m; seat 0 draws 9m; seat 1 draws 8p, seat 2's wait


def test_baoting_window_lock_and_shabao():
    """报听 (L92-95, L167-169): declared right after one's first discard, then "不得换牌";
    杀报 (L170-172): anyone may win on the 报听 player's discard, a 平胡 without a 豆
    too, and he pays 10 more."""
    rnd = table(BAOTING, draws="7s1s7m9m8p")
    play(rnd, [discard("9s")])
    assert rnd.to_act == 0 and rnd.legal_actions() == [DECLARE, PASS]    # the dealer's window
    play(rnd, [PASS, discard("7s")])
    assert rnd.legal_actions() == [DECLARE, PASS]                        # seat 1's first discard
    play(rnd, [DECLARE])
    assert rnd.seats[1].declared == "baoting"
    play(rnd, [discard("1s"), PASS])        # seat 2 passes his own window; seat 1 holds 11s...
    assert rnd.to_act == 3 and rnd.decision == "turn"                    # ...and may not 碰
    play(rnd, [discard("7m"), discard("9m")])
    assert rnd.to_act == 1 and rnd.legal_actions() == [Action("discard", (tiles.tile_index("8p"),))]
    play(rnd, [discard("8p")])
    assert rnd.to_act == 2 and WIN in rnd.legal_actions()                # 平胡, no 豆: 杀报
    play(rnd, [WIN])
    event = next(e for e in rnd.events if e["type"] == "win")
    assert "杀报" in event["patterns"] and paid(entries(rnd, "win")[0]) == {(1, 2): 11}


def test_a_self_draw_while_a_seat_is_baoting():
    """"如果是自摸杀报的情况下,其他玩家只需付给杀报玩家牌型的番数即可" (L172, digest C4): the
    报听 player pays the hand and 10 more, the others the hand (平胡 自摸 2)."""
    rnd = play(table(BAOTING, draws="7s5p"), [discard("9s"), PASS, discard("7s"), DECLARE, WIN])
    assert paid(entries(rnd, "win")[0]) == {(0, 2): 2, (1, 2): 12, (3, 2): 2}


def test_the_window_is_the_first_discard_only():
    """"打出一张后即可听牌" (L93): a seat that let its first discard pass is never asked again."""
    rnd = play(table(BAOTING, draws="7s1s7m9m8p"), [discard("9s")])
    asked = []
    while len(rnd.discard_log) < 5 or rnd.decision == "declare":
        if rnd.decision == "declare":
            asked.append(rnd.to_act)
        play(rnd, ["drawn"])
    assert asked == [0, 1, 2]       # seat 0's second discard (9m) opens no window


def test_a_baoting_seat_may_make_a_kong_that_keeps_its_waits():
    """"不能修改手上的牌型" (L169): a 闷豆 of the tile just drawn stays legal when the waits
    stay (guiyang_flow_baoting_kongs wait_preserving); option none forbids it."""
    hands = {**BAOTING, 0: "123m456m789m55s23p9s", 1: "111p456p789p234s5m"}
    for rules, allowed in ((None, True), (GuiyangRules(flow_baoting_kongs="none"), False)):
        rnd = table(hands, draws="7s6s7m9m1p", rules=rules)
        play(rnd, [discard("9s"), PASS, discard("7s"), DECLARE, discard("6s"), PASS, discard("7m"), discard("9m")])
        assert rnd.to_act == 1
        assert (Action("angang", tuple(tiles.parse_sequence("1p1p1p1p"))) in rnd.legal_actions()) == allowed


def test_yuanshou_baoting_is_declared_on_the_dealt_hand():
    """原手报听 (L95, guiyang_flow_baoting_window yuanshou): a non-dealer whose dealt 13 are
    ready declares before the dealer acts, and from then on discards what he draws."""
    hands = {0: "9p1m4m7m2p5p8p3s6s1p4p8s3m2m", 1: "123p456p234m567m8s", 2: "69m258s147p7m9s3p6p5m",
             3: "1s147p258s39m2p5p8m7s"}
    rnd = table(hands, draws="7s", rules=GuiyangRules(flow_baoting_window="yuanshou"))
    assert (rnd.decision, rnd.to_act, rnd.legal_actions()) == ("declare", 1, [DECLARE, PASS])
    play(rnd, [DECLARE, discard("9p")])
    assert rnd.to_act == 1 and rnd.legal_actions() == [Action("discard", (tiles.tile_index("7s"),))]


# ---------------------------------------------------------------- 过水


GUOSHUI = {0: "9p1m4m7m2p5p8p3s6s1p4p8s3m2m", 1: "123p456p234m567m8s", 2: "69m258s147p7m9s3p6p5m",
           3: "11m22m33m44s55s66s9p"}


@pytest.mark.parametrize("declare, rules, offered", [
    (False, None, False),                                              # 过水: blocked
    (True, None, True),                                                # 杀报 "任何时候都可以胡"
    (True, GuiyangRules(flow_shabao_overrides_guoshui=False), False),
])
def test_a_passed_win_blocks_discard_wins_until_ones_own_draw(declare, rules, offered):
    """过水 (L215-218, guiyang_baopai_mode block_win): seat 3 lets the dealer's 9p pass
    and may not win on seat 1's 9p before his own draw, unless that discard is a 杀报
    (L171-172)."""
    rnd = table(GUOSHUI, draws="9p7s3p9p", rules=rules)
    play(rnd, [discard("9p")])
    assert rnd.to_act == 3 and rnd.legal_actions() == [WIN, PASS]
    play(rnd, [PASS, discard("9p"), DECLARE if declare else PASS])
    assert (rnd.to_act == 3 and WIN in rnd.legal_actions()) == offered


def test_the_block_lifts_with_ones_own_draw():
    """过水 lasts "在自己未摸牌的情况下" (L218): after seat 3's draw the next 9p may be won."""
    rnd = table(GUOSHUI, draws="9p7s3p9p")
    play(rnd, [discard("9p"), PASS, discard("9p"), PASS])
    play(drawn_until(rnd, 0), [discard("9p")])
    assert rnd.to_act == 3 and WIN in rnd.legal_actions()


# ---------------------------------------------------------------- 捉鸡


CHICKENS = {0: "9p1m4m7m2p5p8p3s6s1p4p8s3m2m", 1: "666m123p456p789s1s", 2: "67m234s567s345p99m",
            3: "1s147p258s39m2p5p8m7s"}


def test_the_chicken_flip_after_a_win():
    """捉鸡 (L205-211): after the win the front of the wall is flipped (L206-207) and its
    next rank is the 鸡 ("翻到五万则六万为鸡"); every ready player is paid 1 per 鸡 by
    each other player, 幺鸡 always; seat 3 holds a 幺鸡 but is not ready (L91)."""
    rnd = table(CHICKENS, draws="1s5m")
    play(rnd, [discard("9p"), WIN])
    assert [e["type"] for e in rnd.events[-2:]] == ["win", "flip"]
    assert tiles.tile_name(rnd.flips["chicken"]) == "5m"
    assert paid(entries(rnd, "win")[0]) == {(0, 1): 2, (2, 1): 2, (3, 1): 2}    # 平胡 自摸 2 (L136-139)
    chickens = entries(rnd, "chicken")
    assert [e.seat for e in chickens] == [1, 2]                                # from the dealer on
    assert paid(chickens[0]) == {(0, 1): 5, (2, 1): 5, (3, 1): 5}              # 666m, 1s, the 1s won
    assert paid(chickens[1]) == {(0, 2): 1, (1, 2): 1, (3, 2): 1}              # one 6m


def test_no_flip_on_a_win_with_the_last_tile():
    """"当玩家摸最后一张牌胡牌或点炮。此时只有常鸡(一条),不再翻鸡" (L347-348): seat 3's only
    5p is the last tile of the wall; nothing is flipped and only his 幺鸡 count."""
    hands = {0: "5p9p1m4m7m2p8p3s6s1p4p8s3m2m", 1: "5p147m28p369s3p6s7p9m", 3: "123m456m789m111s5p"}
    rnd = table(hands, back="5p")
    play(rnd, [discard("5p")])
    while rnd.live > 0:
        play(rnd, ["drawn"])
    assert rnd.to_act == 3 and WIN in rnd.legal_actions()
    play(rnd, [WIN])
    assert rnd.flips == {} and "flip" not in [e["type"] for e in rnd.events]
    assert [(e.seat, paid(e)) for e in entries(rnd, "chicken")] == [(3, {(0, 3): 3, (1, 3): 3, (2, 3): 3})]


# ---------------------------------------------------------------- 豆


@pytest.mark.parametrize("requires_ready", [True, False])
def test_a_kong_is_paid_only_to_a_ready_owner(requires_ready):
    """"“豆”通常要叫牌后才可收钱" (L62, guiyang_dou_requires_ready): seat 0's 闷豆 is paid,
    seat 2's, who is not ready, is not; each in the order made (flow §9 G2)."""
    hands = {0: "2222p123m456m789m5s", 1: "234s456s345p678p9p", 2: "777s147m358p369m1s",
             3: "248m369p3m6m4s1p6s8s5m"}
    rules = GuiyangRules(dou_requires_ready=requires_ready)
    rnd = table(hands, draws="9m7s2s8m9p", back="1p3p", rules=rules)
    play(rnd, [kong("angang", "2p"), discard("1p")])
    play(drawn_until(rnd, 2), [kong("angang", "7s"), discard("3p")])
    assert WIN in drawn_until(rnd, 1).legal_actions()
    play(rnd, [WIN])
    assert not ready(rnd, 2)
    dou = [(e.seat, paid(e)) for e in entries(rnd, "dou")]
    expected = [(0, {(1, 0): 2, (2, 0): 2, (3, 0): 2}), (2, {(0, 2): 2, (1, 2): 2, (3, 2): 2})]
    assert dou == (expected[:1] if requires_ready else expected)


@pytest.mark.parametrize("timing", ["any_time", "at_once"])
def test_a_kong_chance_let_pass_earns_no_dou_under_at_once(timing):
    """guiyang_flow_kong_timing at_once (篇四): "必须即时闷，有闷不闷，再闷的时候就不算豆
    （杠钱），只算通行证" (L325-329): the dealer lets his first-turn 闷豆 of 2p pass, makes it
    a go-round later, and it stands as a kong but earns no 豆; under any_time (v1-v3,
    no limit) it earns the 闷豆."""
    hands = {0: "2222p123m456m789m5s", 1: "234s456s345p678p9p", 2: "777s147m358p369m1s",
             3: "248m369p3m6m4s1p6s8s5m"}
    rnd = table(hands, draws="9m7s2s8m9p", back="1p3p", rules=GuiyangRules(flow_kong_timing=timing))
    assert kong("angang", "2p") in [a.to_dict() for a in rnd.legal_actions()]
    play(rnd, [discard("5s")])
    play(drawn_until(rnd, 0), [kong("angang", "2p"), discard("1p")])
    assert WIN in drawn_until(rnd, 1).legal_actions()
    play(rnd, [WIN])
    assert ready(rnd, 0) and rnd.seats[0].melds[0].kind == "angang"
    dou = [(e.seat, paid(e)) for e in entries(rnd, "dou")]
    assert dou == ([] if timing == "at_once" else [(0, {(1, 0): 2, (2, 0): 2, (3, 0): 2})])
    assert replay(rnd.record()).net == rnd.net


def test_random_rounds_under_kong_timing_at_once():
    """guiyang_flow_kong_timing at_once: 100 seeded rounds of random legal actions settle
    zero-sum, replay to the same record, and some kongs made after a chance let pass
    earn no 豆."""
    rules = GuiyangRules(flow_kong_timing="at_once")
    unpaid = 0
    for seed in range(100):
        rnd = Round("guiyang", rules, seed=seed)
        rng = random.Random(seed)
        while not rnd.done:
            rnd.step(rng.choice(rnd.legal_actions()))
        assert sum(rnd.net) == 0
        assert replay(rnd.record()).record() == rnd.record()
        missed = {(seat, tiles[-1]) for seat, _, tiles in rnd.flow.kongs_let_pass(rnd)}
        unpaid += sum((seat, rnd.seats[seat].melds[i].tiles[-1]) in missed for seat, i in rnd.kongs)
    assert unpaid >= 5


# ---------------------------------------------------------------- 跟张 and what others see


def test_genzhang_when_all_three_follow_the_dealers_first_discard():
    """跟张 (L99-100, guiyang_genzhang on): the three others discard the dealer's first tile
    in turn, so at the end (here 黄庄, after 查叫) the dealer pays each of them 1."""
    rnd = play(table({0: "9p1m4m7m2p5p8p3s6s1p4p8s3m2m"}, draws="9p9p9p", rules=GuiyangRules(genzhang="on")),
               [discard("9p")])
    drawn_until_done(rnd)
    assert [e.cause for e in rnd.entries] == ["chajiao", "genzhang"]
    assert paid(rnd.entries[-1]) == {(0, 1): 1, (0, 2): 1, (0, 3): 1}


def test_a_concealed_kong_shows_its_kind_unless_hidden():
    """"暗杠,两张牌明,两张牌暗" (v4 L334): guiyang_flow_angang_reveal kind / hidden."""
    flow = Round("guiyang").flow
    assert flow.angang_public(GuiyangRules()) and not flow.angang_public(GuiyangRules(flow_angang_reveal="hidden"))


# ---------------------------------------------------------------- random rounds


VARIANTS = [
    None,
    GuiyangRules(flow_after_peng="kong_allowed", flow_baoting_window="yuanshou", genzhang="on",
                 flow_genzhang_repeat="doubling", v4_chickens="on", flow_exhaust_dealer="by_ready",
                 flow_multirob="first_only", repao_mode="yifei"),
    GuiyangRules(value_table="v1", yingxiongji="on", chicken_scope="inner_outer", flow_chicken_requires_ready=False,
                 flow_repao_scope="last", flow_multiwin_discarder_dou="void", flow_multiwin_dealer="discarder",
                 flow_baoting_kongs="none", flow_shabao_on_declaring_discard=False,
                 flow_shabao_overrides_guoshui=False, dou_requires_ready=False),
    GuiyangRules(value_table="v3", repao_mode="by_kong_type", flow_robbed_void="all_dou"),
]


def tiles_on_table(rnd):
    """Every tile of the round, wherever it is now."""
    n = sum(s.count() + sum(len(m.tiles) for m in s.melds) for s in rnd.seats)
    n += sum(1 for s in rnd.seats for taken in s.claimed if not taken)
    n += len(rnd.win_events)        # a winning tile is held apart, one per event (一炮多响 share it)
    return n + len(rnd.flips) + rnd.wall.undrawn


def choose(rnd, r):
    """A random legal action, leaning towards play that reaches wins and kongs (so that
    the end ledgers are exercised): a win nine times in ten, else a claim, kong or
    declaration half the time, else mostly a discard that keeps the hand closest to ready."""
    legal = rnd.legal_actions()
    assert legal
    if WIN in legal and r.random() < 0.9:
        return WIN
    moves = [a for a in legal if a.type in ("peng", "minggang", "angang", "bugang", "declare")]
    if moves and r.random() < 0.5:
        return r.choice(moves)
    discards = [a for a in legal if a.type == "discard"]
    if not discards or r.random() < 0.2:
        return r.choice(legal)
    held = rnd.seats[rnd.to_act].concealed

    def shanten_after(a):
        counts = bytearray(held)
        counts[a.tile] -= 1
        return hupai.shanten(counts)

    return min(discards, key=lambda a: (shanten_after(a), r.random()))


@pytest.mark.parametrize("seed", range(200))
def test_random_rounds_settle(seed):
    """200 seeded rounds of random legal actions (:func:`choose`), under the defaults and
    three sets of options: no exception, every ledger zero-sum, all 108 tiles accounted
    for, the chicken flipped exactly when a won round has tiles left."""
    r = random.Random(seed)
    rnd = Round("guiyang", VARIANTS[seed % len(VARIANTS)], seed=seed, dealer=seed % 4)
    while not rnd.done:
        rnd.step(choose(rnd, r))
    assert all(sum(e.net()) == 0 for e in rnd.entries)
    assert sum(rnd.net) == 0 and rnd.next_dealer in range(4)
    assert tiles_on_table(rnd) == 108
    flipped = "chicken" in rnd.flips       # once after a win with tiles left, never at 黄庄
    assert flipped == (not rnd.exhausted and rnd.live + len(rnd.flips) > 0)
