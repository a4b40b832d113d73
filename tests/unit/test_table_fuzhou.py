"""Fuzhou's round flow at the table (rules/fuzhou-flow.md; seed 003 lines L<n>): one
scenario per flow rule on a chosen wall, the shape pre-check against the scorer on
random hands, and random rounds that keep the money and the tiles."""
from __future__ import annotations

import random
from collections import Counter
from typing import Mapping, Optional

import pytest

from hupai import _core, tiles
from hupai.rules import fuzhou
from hupai.rules.flows.fuzhou import FLOW, L97_KONG
from hupai.rules.fuzhou import FuzhouRules
from hupai.rules.model import DeclaredMeld
from hupai.rules.situation import Situation
from hupai.table import PASS, WIN, Action, Round
from hupai.table.model import TableMeld
from hupai.table.record import replay

from table_walls import chosen_wall, play

T = tiles.tile_index


def fz(hands: Mapping[int, str], *, dealer: int = 0, draws: str = "", back: str = "", **flags) -> Round:
    """A Fuzhou round on a chosen wall, with ``flow_*`` and digest flags."""
    rules = FuzhouRules(**flags)
    wall = chosen_wall("fuzhou", hands, dealer=dealer, draws=draws, back=back, rules=rules)
    return Round("fuzhou", rules, dealer=dealer, wall=wall)


def discard(tile: str) -> Action:
    return Action("discard", (T(tile),))


def kong(kind: str, tile: str) -> Action:
    return Action(kind, (T(tile),) * 4)


def respond(rnd: Round, answers: Optional[Mapping[int, Action]] = None) -> None:
    """Answer every open response or robbing window: ``answers`` by seat, else pass."""
    answers = answers or {}
    while rnd.decision in ("respond", "rob"):
        rnd.step(answers.get(rnd.to_act, PASS))


def turn(rnd: Round, seat: int, action: Action) -> None:
    """Pass every response until ``seat`` plays, then take ``action``."""
    respond(rnd)
    assert (rnd.decision, rnd.to_act) == ("turn", seat)
    rnd.step(action)


def auto_to_end(rnd: Round) -> Round:
    """Pass every claim and discard the lowest tile until the round ends."""
    while not rnd.done:
        play(rnd, ["auto"])
    return rnd


def payments(rnd: Round, cause: str) -> list[list[tuple[int, int, int]]]:
    """(payer, payee, amount) of each entry of ``cause``, in the order posted."""
    return [[(p.payer, p.payee, p.amount) for p in e.payments] for e in rnd.entries if e.cause == cause]


# ------------------------------------------------------------------ 燒莊 (L89-93)

def test_houshao_every_other_seat_pays_the_dealer_and_the_deal_moves_on():
    """L93 "所有的牌都抓完了，但是還沒有人胡牌…每個玩家必須付給莊家1分，同時莊家按座位順序下移"."""
    rnd = auto_to_end(fz({}, dealer=2))
    assert rnd.exhausted and rnd.live == 0 and not rnd.win_events
    assert [e.cause for e in rnd.entries] == ["houshao"]
    assert payments(rnd, "houshao") == [[(0, 2, 1), (1, 2, 1), (3, 2, 1)]]
    assert rnd.net == [-1, -1, 3, -1] and rnd.next_dealer == 3


# The dealer's first discard 9p followed by the three others (L91): seat 1 is then
# ready on 5p / 8p and self-draws 8p on his next turn.
QIANSHAO = {0: "9p1m1m2m2m3m3m4m4s5s6s7z7z7z", 1: "9p123m456m789m55p6p", 2: "9p1s2s3s1z1z1z2z2z2z3z3z3z",
            3: "9p4m5m6m5s6s7s4z4z4z5z5z5z"}


def test_qianshao_the_dealer_pays_each_seat_at_the_end_of_a_won_round():
    """L91 "莊家打出第一張牌，閑家跟著都出了同一張牌…最后結束的時候，莊家必須付給每個玩家1分"."""
    rnd = fz(QIANSHAO, draws="7p" "6s" "6s" "9m" "8p")
    turn(rnd, 0, discard("9p"))
    for seat in (1, 2, 3):
        turn(rnd, seat, discard("9p"))          # "游戲仍可繼續進行" (L91): play goes on
    assert not rnd.done
    turn(rnd, 0, discard("9m"))
    respond(rnd)
    assert rnd.decision == "turn" and WIN in rnd.legal_actions()
    rnd.step(WIN)
    assert [e.cause for e in rnd.entries] == ["win", "qianshao"]
    assert payments(rnd, "win") == [[(2, 1, 2), (3, 1, 2), (0, 1, 2)]]     # 平胡 自摸 2 each (L61)
    assert payments(rnd, "qianshao") == [[(0, 1, 1), (0, 2, 1), (0, 3, 1)]]
    assert rnd.net == [-5, 7, -1, -1] and rnd.next_dealer == 1             # the winner deals (L13)


def test_qianshao_and_houshao_in_one_round_cancel_out():
    """L91 (前燒 at the end, whatever the ending) and L93 (后燒 at exhaust): both posted."""
    rnd = fz(QIANSHAO, draws="7p" "6s" "6s")
    turn(rnd, 0, discard("9p"))
    for seat in (1, 2, 3):
        turn(rnd, seat, discard("9p"))
    auto_to_end(rnd)
    assert rnd.exhausted and [e.cause for e in rnd.entries] == ["houshao", "qianshao"]
    assert payments(rnd, "qianshao") == [[(0, 1, 1), (0, 2, 1), (0, 3, 1)]]
    assert rnd.net == [0, 0, 0, 0] and rnd.next_dealer == 1


def test_qianshao_needs_the_same_tile_from_the_four_seats_in_turn():
    """L91 "閑家跟著都出了同一張牌": one different tile among the four is no 前燒."""
    rnd = fz(QIANSHAO, draws="7p" "6s" "6s")
    turn(rnd, 0, discard("9p"))
    turn(rnd, 1, discard("9p"))
    turn(rnd, 2, discard("9p"))
    turn(rnd, 3, discard("6s"))
    auto_to_end(rnd)
    assert [e.cause for e in rnd.entries] == ["houshao"]


# ------------------------------------------------------------------ kongs (L51-55, L83)

# Seat 0 (dealer) holds four 東 and one 白; seat 1 three 白; seat 2 two 發, the third
# arriving as seat 1's replacement and the fourth as seat 2's own draw.
KONGS = {0: "1z1z1z1z5z123m456p789s", 1: "5z5z5z234m567p123s9m", 2: "6z6z345m678p234s9p9s",
         3: "1m1m456m123p456s8m8p"}
KONG_BACK = "2s" "7m" "6z" "3p" "1p" "4m"     # replacement, burn, replacement, burn, ...


def play_kongs(back: str = KONG_BACK, **flags) -> Round:
    """暗扛 by seat 0, 明扛 by seat 1 on its 白, 碰 and then 補扛 of 發 by seat 2."""
    rnd = fz(KONGS, draws="2z" "3z" "4z" "6z", back=back, **flags)
    turn(rnd, 0, kong("angang", "1z"))
    turn(rnd, 0, discard("5z"))
    respond(rnd, {1: kong("minggang", "5z")})
    turn(rnd, 1, discard("6z"))
    respond(rnd, {2: Action("peng", (T("6z"),) * 3)})
    turn(rnd, 2, discard("9p"))
    for seat, drawn in zip((3, 0, 1), ("2z", "3z", "4z")):
        turn(rnd, seat, discard(drawn))
    turn(rnd, 2, kong("bugang", "6z"))
    return rnd


def test_kong_points_are_posted_when_each_kong_stands():
    """L51 "暗扛和碰牌后再補扛三人都須給，放扛則由放扛的玩家獨自承擔"; L53 "補扛得1分，明扛或暗扛得2分"."""
    rnd = play_kongs()
    assert [e.cause for e in rnd.entries] == ["kong", "kong", "kong"]
    assert [e.seat for e in rnd.entries] == [0, 1, 2]
    assert payments(rnd, "kong") == [[(1, 0, 2), (2, 0, 2), (3, 0, 2)],      # 暗扛: 2 from each
                                     [(0, 1, 2)],                            # 明扛: the feeder 2
                                     [(0, 2, 1), (1, 2, 1), (3, 2, 1)]]      # 補扛: 1 from each
    assert [m.kind for m in rnd.seats[2].melds] == ["bugang"] and not rnd.done


def test_each_replacement_burns_the_top_of_the_last_stack():
    """L83 "必須從最后一敦牌的下面那張取牌…并且最后一敦牌的上面那張牌系統要自動丟棄"."""
    rnd = play_kongs()
    back = tiles.parse_sequence(KONG_BACK)
    replacements = [i for i, e in enumerate(rnd.events) if e.get("replacement")]
    assert len(replacements) == 3
    for k, i in enumerate(replacements):
        assert rnd.events[i]["tile"] == tiles.tile_name(back[2 * k])
        assert rnd.events[i + 1] == {"type": "burn", "tile": tiles.tile_name(back[2 * k + 1])}
    assert rnd.burnt == back[1::2]
    assert rnd.wall.back == 135 - 6          # every kong uses two tiles of the tail (flow §1)
    assert FLOW.burns_public(rnd.rules)       # face_up: "丟棄" onto the table (flow §12)


def test_a_lone_bottom_is_the_replacement_and_nothing_burns():
    """L83, flow §1: with live = 1 the last tile is a lone bottom whose top was drawn."""
    rnd = fz({2: "7z7z7z7z1m3m5m7m9m1p3p5p7p"})
    while not (rnd.decision == "turn" and rnd.to_act == 2 and rnd.live == 1):
        play(rnd, ["auto"])
    rnd.step(kong("angang", "7z"))
    assert rnd.events[-1]["type"] == "draw" and rnd.events[-1]["replacement"]
    assert rnd.live == 0 and rnd.burnt == []
    auto_to_end(rnd)
    assert [e.cause for e in rnd.entries] == ["kong", "houshao"]


def test_kong_burn_none_draws_the_replacement_without_a_burn():
    """flow §12 fuzhou_flow_kong_burn = none (L83 read without its burn)."""
    rnd = play_kongs("2s" "6z" "1p", flow_kong_burn="none")
    assert rnd.burnt == [] and not any(e["type"] == "burn" for e in rnd.events)
    assert rnd.wall.back == 135 - 3
    assert not FLOW.burns_public(FuzhouRules(flow_kong_burn="face_down"))


# Seat 0 deals and discards 9s; seat 1 pengs it and later draws the fourth 9s; seat 2
# (and with ROB_TWO seat 3) waits on 6s / 9s.
ROB = {0: "9s1m9m1p9p1s1z2z3z4z5z6z7z2s", 1: "9s9s234m567m234p5z6z", 2: "123m456m789m1p1p7s8s",
       3: "1m2m3m4p4p4p5p6p7p2z2z3z3z"}
ROB_TWO = {**ROB, 3: "123p456p789p7s8s2z2z"}


def play_rob(hands: Mapping[int, str], **flags) -> Round:
    """Up to seat 1's 補扛 of 9s."""
    rnd = fz(hands, draws="4z" "4z" "4z" "9s", **flags)
    turn(rnd, 0, discard("9s"))
    respond(rnd, {1: Action("peng", (T("9s"),) * 3)})
    turn(rnd, 1, discard("5z"))
    for seat in (2, 3, 0):
        turn(rnd, seat, discard("4z"))
    turn(rnd, 1, kong("bugang", "9s"))
    return rnd


def test_robbing_a_bugang_the_konger_pays_three_shares():
    """L55 "胡牌的玩家等同于自摸，由扛牌的人獨自代替三家給胡牌的玩家分數"."""
    rnd = play_rob(ROB)
    assert rnd.decision == "rob" and rnd.to_act == 2 and rnd.legal_actions() == [WIN, PASS]
    rnd.step(WIN)
    assert rnd.done and rnd.win_events[0].source == "rob"
    assert payments(rnd, "win") == [[(1, 2, 6)]]          # 平胡 2, three shares
    assert rnd.next_dealer == 2                          # a single winner deals (L13)


def test_a_robbed_bugang_earns_no_kong_points():
    """L55 (flow §5.3: a robbed 補扛 never stands); L51-53 pay a kong only when it stands."""
    rnd = play_rob(ROB)
    rnd.step(WIN)
    assert [e.cause for e in rnd.entries] == ["win"]
    assert [m.kind for m in rnd.seats[1].melds] == ["peng"]


def test_a_bugang_nobody_robs_stands_and_is_paid():
    """L53 補扛 1 from each, once the robbing window (L55) closes with no robber."""
    rnd = play_rob(ROB)
    rnd.step(PASS)
    assert payments(rnd, "kong") == [[(0, 1, 1), (2, 1, 1), (3, 1, 1)]]


def test_every_robber_wins_and_the_robbed_konger_deals_next():
    """L55 with L95-97 (一炮多響: "這時由放炮的玩家坐莊"): both robbers win, the konger deals."""
    rnd = play_rob(ROB_TWO)
    respond(rnd, {2: WIN, 3: WIN})
    assert rnd.win_events[0].winners == (2, 3)
    assert payments(rnd, "win") == [[(1, 2, 6)], [(1, 3, 6)]]
    assert rnd.next_dealer == 1


def test_multirob_first_only_keeps_the_first_robber():
    """flow §12 fuzhou_flow_multirob = first_only (L55 is silent)."""
    rnd = play_rob(ROB_TWO, flow_multirob="first_only")
    respond(rnd, {2: WIN, 3: WIN})
    assert rnd.win_events[0].winners == (2,) and rnd.next_dealer == 2


# ------------------------------------------------------------------ 一炮多響 (L95-97)

# Seat 1 discards 5m on its first turn: seats 2 and 3 wait on it, seat 0 holds three.
DUOXIANG = {0: "5m5m5m1m9m1p9p1s9s1z4z5z6z7z", 1: "5m7m7m8m8m2p2p3s3s8s8s6z6z",
            2: "123p456p789p1s1s4m6m", 3: "2s3s4s5s6s7s2z2z2z3z3z4m6m"}
ONE_WINNER = {**DUOXIANG, 3: "2s3s4s5s6s7s2z2z2z3z3z4m7m"}


def duoxiang(hands: Mapping[int, str], answers: Mapping[int, Action], **flags) -> Round:
    rnd = fz(hands, draws="1z", **flags)
    turn(rnd, 0, discard("7z"))
    turn(rnd, 1, discard("5m"))
    respond(rnd, answers)
    return rnd


def test_yipao_duoxiang_pays_every_winner_and_the_minggang_claim():
    """L97 "這張牌可同時被多位玩家扛牌、胡牌…放炮的玩家按計分規則給每個扛牌或胡牌的人分數"."""
    rnd = duoxiang(DUOXIANG, {2: WIN, 3: WIN, 0: kong("minggang", "5m")})
    assert rnd.done and rnd.win_events[0].winners == (2, 3)
    assert payments(rnd, "win") == [[(1, 2, 2)], [(1, 3, 2)]]
    assert payments(rnd, "kong") == [[(1, 0, 2)]]
    assert [p.reason for e in rnd.entries if e.cause == "kong" for p in e.payments] == [L97_KONG]
    assert rnd.seats[0].melds == [] and not any(e.get("replacement") for e in rnd.events)   # never made
    # the record shows the paid claim, so that a replay settles it the same way
    assert {"type": "minggang", "seat": 0, "from": 1, "tiles": "5m5m5m5m", "lapsed": True} in rnd.events
    again = replay(rnd.record())
    assert again.net == rnd.net and again.next_dealer == rnd.next_dealer == 1


def test_after_yipao_duoxiang_the_discarder_deals():
    """L97 "這時由放炮的玩家坐莊"; L13 otherwise the winner deals."""
    assert duoxiang(DUOXIANG, {2: WIN, 3: WIN}).next_dealer == 1
    # one winner beside an honoured 明扛 claim: 一炮多響 by its claimants (flow §10)
    assert duoxiang(ONE_WINNER, {2: WIN, 0: kong("minggang", "5m")}).next_dealer == 1
    assert duoxiang(ONE_WINNER, {2: WIN, 0: Action("peng", (T("5m"),) * 3)}).next_dealer == 2  # a 碰 lapses
    assert duoxiang(ONE_WINNER, {2: WIN}).next_dealer == 2


def test_duoxiang_by_winners_and_a_lapsing_kong_claim():
    """flow §12 fuzhou_flow_duoxiang_definition = winners; fuzhou_flow_kong_with_win = lapse."""
    mg = {2: WIN, 0: kong("minggang", "5m")}
    by_winners = duoxiang(ONE_WINNER, mg, flow_duoxiang_definition="winners")
    assert payments(by_winners, "kong") == [[(1, 0, 2)]] and by_winners.next_dealer == 2
    lapsed = duoxiang(ONE_WINNER, mg, flow_kong_with_win="lapse")
    assert payments(lapsed, "kong") == [] and lapsed.next_dealer == 2


# ------------------------------------------------------------------ 天胡 / 地胡 (L71-73)

def test_tianhu_the_dealer_wins_on_his_dealt_tiles():
    """L71 "天胡，莊家拿牌即胡；10+1=11，每人-11分，莊家+33分"; L13 the dealer keeps the deal."""
    rnd = fz({1: "123m456m789m123p11s"}, dealer=1)
    assert rnd.legal_actions()[0] == WIN
    rnd.step(WIN)
    assert rnd.win_events[0].source == "dealt"
    assert "天胡" in rnd.events[-1]["patterns"]
    assert payments(rnd, "win") == [[(2, 1, 11), (3, 1, 11), (0, 1, 11)]]
    assert rnd.next_dealer == 1


def test_dihu_a_win_on_the_dealers_first_discard():
    """L73 "地胡，莊家拿牌第一次出牌，他人即胡。10+1=11，莊家-11分，胡牌的+11分"."""
    rnd = fz({0: "9s1m9m1p9p1s1z2z3z4z5z6z7z2s", 2: "123m456m789m1p1p7s8s"})
    turn(rnd, 0, discard("9s"))
    respond(rnd, {2: WIN})
    assert "地胡" in rnd.events[-1]["patterns"]
    assert payments(rnd, "win") == [[(0, 2, 11)]]


def test_a_later_discard_of_the_dealer_is_no_dihu():
    """L73: only the dealer's first discard."""
    rnd = fz({0: "9s1m9m1p9p1s1z2z3z4z5z6z7z2s", 2: "123m456m789m1p1p7s8s"}, draws="4z" "4z" "4z" "5z")
    turn(rnd, 0, discard("2s"))
    for seat in (1, 2, 3):
        turn(rnd, seat, discard("4z"))
    turn(rnd, 0, discard("9s"))
    respond(rnd, {2: WIN})
    assert payments(rnd, "win") == [[(0, 2, 2)]]


def test_tianhu_scope_first_turn_after_an_angang():
    """flow §12 fuzhou_flow_tianhu_scope = first_turn: 天胡 after the dealer's 暗扛 (with 扛上開花)."""
    hands = {0: "1z1z1z1z123m456m789m1p"}
    rnd = fz(hands, back="1p", flow_tianhu_scope="first_turn")
    rnd.step(kong("angang", "1z"))
    assert rnd.legal_actions()[0] == WIN
    rnd.step(WIN)
    assert {"天胡", "扛上開花"} <= set(rnd.events[-1]["patterns"])
    default = fz(hands, back="1p")
    default.step(kong("angang", "1z"))
    default.step(WIN)
    assert "天胡" not in default.events[-1]["patterns"]


# ------------------------------------------------------------------ the other options

def test_after_peng_kong_allowed_offers_the_kongs_before_the_discard():
    """flow §12 fuzhou_flow_after_peng (L17 "都必須在行動后打出一張牌" by default)."""
    hands = {0: "9s1m9m1p9p1s1z2z3z4z5z6z8m2s", 1: "9s9s7z7z7z7z234m567m5z"}
    for flag, offered in (("discard_only", False), ("kong_allowed", True)):
        rnd = fz(hands, flow_after_peng=flag)
        turn(rnd, 0, discard("9s"))
        respond(rnd, {1: Action("peng", (T("9s"),) * 3)})
        assert (kong("angang", "7z") in rnd.legal_actions()) is offered


def test_bugang_timing_on_draw_only():
    """flow §12 fuzhou_flow_bugang_timing: L53 (the fourth just drawn) against L45 (kept)."""
    hands = {0: "9s1m9m1p9p1s1z2z3z4z5z6z7z2s", 1: "9s9s9s234m567m234p5z"}
    for flag, offered in (("any_time", True), ("on_draw_only", False)):
        rnd = fz(hands, draws="4z" "4z" "4z" "3z", flow_bugang_timing=flag)
        turn(rnd, 0, discard("9s"))
        respond(rnd, {1: Action("peng", (T("9s"),) * 3)})   # the fourth 9s stays in hand
        turn(rnd, 1, discard("5z"))
        for seat in (2, 3, 0):
            turn(rnd, seat, discard("4z"))
        respond(rnd)
        assert (rnd.decision, rnd.to_act) == ("turn", 1)
        assert (kong("bugang", "9s") in rnd.legal_actions()) is offered


def test_guoshui_until_own_draw_blocks_a_declined_win():
    """flow §12 fuzhou_flow_guoshui (none by default: L17 gives every seat the right to claim)."""
    hands = {0: "9s1m9m1p9p1s1z2z3z4z5z6z7z2s", 1: "9s2m3m4m5m6m7m2p3p4p5z5z6z", 2: "123m456m789m1p1p7s8s"}
    for flag, blocked in (("none", False), ("until_own_draw", True)):
        rnd = fz(hands, draws="4z", flow_guoshui=flag)
        turn(rnd, 0, discard("9s"))
        respond(rnd)                           # seat 2 passes its 地胡
        turn(rnd, 1, discard("9s"))
        offered = rnd.decision == "respond" and rnd.to_act == 2 and WIN in rnd.legal_actions()
        assert offered is not blocked
        respond(rnd)
        assert (rnd.decision, rnd.to_act) == ("turn", 2) and rnd.seats[2].guoshui is None   # its draw lifts it


def test_angang_reveal_kind_shows_the_concealed_kong():
    """flow §12 fuzhou_flow_angang_reveal (hidden by default: the seed is silent)."""
    assert not FLOW.angang_public(FuzhouRules())
    assert FLOW.angang_public(FuzhouRules(flow_angang_reveal="kind"))


def test_no_chi_and_no_declarations_are_offered():
    """L17 "只限于碰牌、扛牌和胡牌，不能吃牌"; L19 readiness is never declared."""
    rnd = fz({0: "3m1m9m1p9p1s1z2z3z4z5z6z7z2s", 1: "1m2m4m5m7m8m1p2p4p5p7p8p9s"})
    turn(rnd, 0, discard("3m"))
    assert (rnd.decision, rnd.to_act) == ("turn", 1)      # no 吃 offered to the next seat
    assert all(a.type != "declare" for a in rnd.legal_actions())


# ------------------------------------------------------------------ the shape pre-check

def _lan_hand(rng: random.Random) -> list[int]:
    """14 different tiles, the suited ones of a suit at least three apart (十三爛, L37),
    the rest honours (all seven: 七星十三爛, L65)."""
    while True:
        suited = []
        for suit in range(3):
            rank = rng.randrange(3)
            while rank < 9:
                suited.append(9 * suit + rank)
                rank += rng.choice((3, 3, 4, 5))
        need = 14 - len(suited)
        if 0 <= need <= 7:
            return suited + rng.sample(range(27, 34), need)


def _basic_hand(rng: random.Random) -> tuple[list[int], list[DeclaredMeld]]:
    """Four sets (some declared as 碰) and a pair, honour sequences included."""
    counts: Counter = Counter()
    concealed: list[int] = []
    melds: list[DeclaredMeld] = []
    while len(melds) + len(concealed) // 3 < 4:
        kind = rng.random()
        if kind < 0.4:
            suit, rank = rng.randrange(3), rng.randrange(7)
            group = [9 * suit + rank + k for k in range(3)]
        elif kind < 0.55:
            group = rng.choice([rng.sample(range(27, 31), 3), [31, 32, 33]])
        else:
            group = [rng.randrange(34)] * 3
        if any(counts[t] + group.count(t) > 4 for t in group):
            continue
        counts.update(group)
        if group[0] == group[1] and rng.random() < 0.3:
            melds.append(DeclaredMeld("peng", tuple(group), "A"))
        else:
            concealed += group
    while True:
        t = rng.randrange(34)
        if counts[t] <= 2:
            return concealed + [t, t], melds


def _pairs_hand(rng: random.Random) -> list[int]:
    """Seven pairs (L35), sometimes with a four as two of them."""
    kinds = rng.sample(range(34), 7)
    if rng.random() < 0.3:
        kinds[1] = kinds[0]                   # a four is two pairs (L45)
    return [t for t in kinds for _ in range(2)]


HONOUR_TILES = [t for t in range(27, 34) for _ in range(4)]


def _thirteen(rng: random.Random) -> tuple[list[int], list[DeclaredMeld]]:
    """A hand of 13 (melds counting 3) one tile off a Fuzhou shape, or random."""
    shape = rng.randrange(7)
    melds: list[DeclaredMeld] = []
    if shape == 0:
        full = _lan_hand(rng)
    elif shape == 1:
        full, melds = _basic_hand(rng)
    elif shape == 2:
        full = _pairs_hand(rng)
    elif shape == 3:
        full = rng.sample(HONOUR_TILES, 14)              # all honours (L47)
    elif shape == 4:
        kind = rng.randrange(27, 34)                     # all honours beside an honour 碰
        melds = [DeclaredMeld("peng", (kind,) * 3, "A")]
        full = rng.sample([t for t in HONOUR_TILES if t != kind] + [kind], 11)
    elif shape == 5:
        full = rng.sample([t for t in range(34) for _ in range(4)], 14)
    else:
        full = _lan_hand(rng)
        full[rng.randrange(len(full))] = rng.randrange(34)      # one tile off
    full.pop(rng.randrange(len(full)))
    return full, melds


def _seat_holds(rnd: Round, concealed: list[int], melds: list[DeclaredMeld]) -> None:
    """Give seat 1 of ``rnd`` these tiles and melds (its waits asked afresh)."""
    s = rnd.seats[1]
    s.concealed = bytearray(34)
    for t in concealed:
        s.concealed[t] += 1
    s.melds = [TableMeld(m.kind, m.tiles, 0, m.tiles[0]) for m in melds]


@pytest.mark.parametrize("rules", [FuzhouRules(), FuzhouRules(honor_chow=False),
                                   FuzhouRules(shisanlan_strict_147=True)], ids=["default", "no_honor_chow", "strict"])
def test_the_wait_mask_holds_every_tile_the_scorer_wins_on(rules):
    """L23 (honour 順子), L35 (七小對), L37-43, L65 (十三爛, 七星十三爛), L47 (all honours):
    the engine's shape pre-check never hides a win the scorer would take."""
    rng = random.Random(20261201)
    rnd = Round("fuzhou", rules, seed=1)
    shapes: Counter = Counter()
    for _ in range(1000):
        concealed, melds = _thirteen(rng)
        own = Counter(concealed)
        for m in melds:
            own.update(m.tiles)
        if max(own.values()) > 4:
            continue
        _seat_holds(rnd, concealed, melds)
        waits = FLOW.wait_mask(rnd, 1)
        hand = fuzhou.make_hand(tiles.from_indices(concealed), melds)
        for t in range(34):
            # whether a hand wins does not depend on how the tile came (digest §3)
            result = fuzhou.score(hand, Situation(t, True), rules) if own[t] < 4 else None
            if result is not None and result.is_win:
                shapes[result.detail["shape"]] += 1
                assert waits >> t & 1, (tiles.format_sequence(sorted(concealed)), melds, tiles.tile_name(t))
    assert shapes["basic"] > 100 and shapes["qixiaodui"] > 20 and shapes["any"] > 20
    assert shapes["shisanlan"] + shapes["qixing"] > 20


def test_the_dealt_hand_pre_check_knows_all_honours_and_shisanlan():
    """L47 (all honours in any arrangement) and L37 (十三爛) as 天胡 candidates (L71)."""
    for hand in ("1z1z1z2z2z3z3z4z4z5z5z6z7z7z", "1m4m7m2p5p8p3s6s9s1z2z3z4z5z"):
        rnd = fz({0: hand})
        assert rnd.legal_actions()[0] == WIN


# ------------------------------------------------------------------ random rounds

def _conserved(rnd: Round) -> Counter:
    """Every tile of the round, wherever it is: hands, melds, unclaimed discards, each
    win's tile once (held apart from the hand, one tile for all winners of a 一炮多響),
    burnt tiles, the undrawn wall."""
    out: Counter = Counter()
    for s in rnd.seats:
        out.update({t: c for t, c in enumerate(s.concealed) if c})
        for m in s.melds:
            out.update(m.tiles)
        out.update(t for t, taken in zip(s.discards, s.claimed) if not taken)
    for w in rnd.win_events:
        out[rnd.seats[w.winners[0]].win_tile] += 1
    out.update(rnd.burnt)
    out.update(rnd.wall.tiles[rnd.wall.front:rnd.wall.back + 1])
    return out


#: Every flow option away from its default, for a quarter of the random rounds.
OTHER_OPTIONS = FuzhouRules(flow_kong_burn="none", flow_after_peng="kong_allowed", flow_bugang_timing="on_draw_only",
                            flow_kong_with_win="lapse", flow_multirob="first_only", flow_guoshui="until_own_draw",
                            flow_tianhu_scope="first_turn", flow_duoxiang_definition="winners",
                            flow_angang_reveal="kind")


def _keen(rnd: Round, rng: random.Random, legal: list[Action]) -> Action:
    """A legal action that plays for a win: any win, often a claim or a kong, else a
    random one of the discards that leave the fewest tiles to go (shanten)."""
    if WIN in legal:
        return WIN
    claims = [a for a in legal if a.type in ("peng", "minggang", "angang", "bugang")]
    if claims and rng.random() < 0.6:
        return rng.choice(claims)
    discards = [a for a in legal if a.type == "discard"]
    if not discards:
        return rng.choice(legal)
    options = FLOW.kernel_options(rnd, rnd.to_act)
    counts = bytearray(rnd.seats[rnd.to_act].concealed)

    def left(a: Action) -> int:
        counts[a.tile] -= 1
        n = _core.shanten(counts, 0, **options)
        counts[a.tile] += 1
        return n

    scored = [(left(a), a) for a in discards]
    fewest = min(n for n, _ in scored)
    return rng.choice([a for n, a in scored if n == fewest])


@pytest.mark.parametrize("seed", range(200))
def test_random_rounds_keep_the_money_and_the_tiles(seed):
    """Any legal play ends; every ledger is zero-sum; the 136 tiles are all accounted for.
    Even seeds choose uniformly from legal_actions(), odd ones play for a win (about
    half of them end in a win); seeds 3 mod 4 play every option away from its default."""
    rng = random.Random(seed)
    rules = OTHER_OPTIONS if seed % 4 == 3 else FuzhouRules()
    rnd = Round("fuzhou", rules, seed=seed, dealer=seed % 4)
    while not rnd.done:
        legal = rnd.legal_actions()
        rnd.step(_keen(rnd, rng, legal) if seed % 2 else rng.choice(legal))
    assert rnd.next_dealer is not None and rnd.legal_actions() == []
    for e in rnd.entries:
        assert sum(e.net()) == 0, e
    assert sum(rnd.net) == 0
    assert _conserved(rnd) == Counter(t for t in range(34) for _ in range(4))
    assert bool(rnd.win_events) != rnd.exhausted
    assert rnd.burnt == [] or rules.flow_kong_burn != "none"


def test_kong_points_at_the_round_end_total_the_same():
    """fuzhou_flow_kong_points_timing round_end posts the same kong ledgers with the end
    ledgers (before 前燒) instead of when each kong stands: the round's net is the same."""
    from hupai.table import play_round
    later = FuzhouRules(flow_kong_points_timing="round_end")
    compared = 0
    for i in range(60):
        now = play_round("fuzhou", seed=19, round_index=i, agents=["greedy"] * 4)
        end = play_round("fuzhou", later, seed=19, round_index=i, agents=["greedy"] * 4)
        kongs = [e for e in now.entries if e.cause == "kong" and e.payments[0].reason != L97_KONG]
        if not kongs:
            continue
        compared += 1
        assert end.net == now.net
        tail = [e for e in end.entries if e.cause == "kong"][-len(kongs):]
        assert tail == kongs
        first = end.entries.index(tail[0])
        assert all(e.cause in ("kong", "qianshao") for e in end.entries[first:])
    assert compared >= 5


def test_a_robbed_bugang_pays_only_under_paid():
    """L55 is silent on a robbed 補扛's points: none by default (it never stood, above);
    fuzhou_flow_robbed_kong_points paid posts its 補扛 points, 1 from each other seat."""
    rnd = play_rob(ROB, flow_robbed_kong_points="paid")
    rnd.step(WIN)
    assert [e.cause for e in rnd.entries] == ["kong", "win"]
    assert payments(rnd, "kong") == [[(0, 1, 1), (2, 1, 1), (3, 1, 1)]]
    assert [m.kind for m in rnd.seats[1].melds] == ["peng"]
