"""Wuhan's round flow at the table (rules/flows/wuhan.py, wuhan-flow.md): one scenario
per flow rule on a chosen wall, each citing its seed line (A-L<n>: seed 001 by line;
B-<section>: seed 004 by section), then properties over seeded rounds of random legal
actions and the wait pre-check against the scorer."""
from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Optional

import numpy as np
import pytest

from hupai import _core, tiles
from hupai.rules import wuhan
from hupai.rules.model import DeclaredMeld, Hand
from hupai.rules.situation import Situation
from hupai.table import Action, Round
from hupai.table.model import Entry, SeatState, TableMeld
from hupai.table.record import replay

from table_walls import chosen_wall

WIN, PASS = Action("win"), Action("pass")
INDICATOR = "1z"            # 東 face up: the laizi is 南 (2z); 紅中 (7z) is the must-kong tile


def _tiles(text: str) -> tuple[int, ...]:
    return tuple(tiles.parse_sequence(text))


def discard(tile: str) -> Action:
    return Action("discard", _tiles(tile))


def meld(kind: str, text: str) -> Action:
    return Action(kind, _tiles(text))


def special_kong(tile: str) -> Action:
    return Action("special_kong", _tiles(tile))


def make_round(hands: dict[int, str], *, dealer: int = 0, draws: str = "", back: str = "",
               at: Optional[dict[int, str]] = None, indicator: str = INDICATOR, **options) -> Round:
    rules = wuhan.WuhanRules(**options)
    wall = chosen_wall("wuhan", hands, dealer=dealer, flips=indicator, draws=draws, back=back, at=at, rules=rules)
    return Round("wuhan", rules, dealer=dealer, wall=wall)


def respond(rnd: Round, answers: dict[int, Action]) -> None:
    """Answer a response or robbing window: the given seats as given, the others pass."""
    while rnd.decision in ("respond", "rob"):
        rnd.step(answers.get(rnd.to_act, PASS))


def step_drawn(rnd: Round) -> None:
    """Pass where passing is legal, else discard the tile just drawn (hands stay as dealt)."""
    legal = rnd.legal_actions()
    rnd.step(PASS if PASS in legal else discard(tiles.tile_name(rnd.seats[rnd.to_act].last_draw)))


def drift(rnd: Round, stop: Callable[[Round], bool]) -> None:
    while not rnd.done and not stop(rnd):
        step_drawn(rnd)


def win_payout(rnd: Round, k: int = 0) -> int:
    """What the round's win ledger pays the winner of win event ``k``."""
    winner = rnd.win_events[k].winners[0]
    entries = [e for e in rnd.entries if e.cause == "win" and e.seat == winner]
    return sum(p.amount for e in entries for p in e.payments if p.payee == winner)


def win_event(rnd: Round) -> dict:
    (event,) = [e for e in rnd.events if e["type"] == "win"]
    return event


def conserved(rnd: Round) -> bool:
    """Every tile in exactly one place: concealed, melds, single-tile kongs, discards not
    claimed, each win's tile once, the flipped indicator, the undrawn wall."""
    held: Counter = Counter()
    for s in rnd.seats:
        held.update({t: c for t, c in enumerate(s.concealed) if c})
        for m in s.melds:
            held.update(m.tiles)
        held.update(s.special_tiles)
        held.update(t for t, claimed in zip(s.discards, s.claimed) if not claimed)
    for s in rnd.seats:
        if s.finished:
            held[s.win_tile] += 1
    held.update(rnd.flips.values())
    held.update(rnd.wall.tiles[rnd.wall.front:rnd.wall.back + 1])
    return held == Counter(rnd.flow.tile_set(rnd.rules)) and sum(held.values()) == 136


# ---------------------------------------------------------------- one winner, its priority

def _priority_round(dealer: int = 0, **options) -> Round:
    """Seats r1 and r3 (from the dealer r0) open with a 碰 each and both wait on 5s;
    r2 discards it."""
    r = [(dealer + k) % 4 for k in range(4)]
    rnd = make_round({r[0]: "9m147m258p369s5z5z6z6z", r[1]: "9m9m1p123m456m789p5s",
                      r[2]: "5s3m6m2p6p9p1s4s7s3z4z5z6z", r[3]: "1p1p234s678s345p5s1s"},
                     dealer=dealer, draws="3z4z3z", **options)
    rnd.step(discard("9m"))
    respond(rnd, {r[1]: meld("peng", "9m9m9m")})
    rnd.step(discard("1p"))
    respond(rnd, {r[3]: meld("peng", "1p1p1p")})
    rnd.step(discard("1s"))
    respond(rnd, {})
    for _ in range(2):                       # r0 and r1 draw an honour and let it go
        step_drawn(rnd)
        respond(rnd, {})
    rnd.step(discard("5s"))                  # r2 draws 3z and feeds both waits
    return rnd


def _both_claim(rnd: Round) -> list[int]:
    asked = []
    while rnd.decision == "respond":
        asked.append(rnd.to_act)
        assert WIN in rnd.legal_actions()
        rnd.step(WIN)
    return asked


@pytest.mark.parametrize("dealer", [0, 2])
def test_one_winner_the_first_after_the_discarder(dealer):
    """一炮單響: "只能有一個胡牌者" (A-L95), "每首牌只能有一个胡牌者" (B-二.2.10): of the two
    seats claiming 胡 on one discard only the first after the discarder wins (截胡,
    wuhan_multi_win_priority next_after_discarder); the round ends at once."""
    rnd = _priority_round(dealer)
    r = [(dealer + k) % 4 for k in range(4)]
    assert _both_claim(rnd) == [r[3], r[1]]
    assert rnd.done and not rnd.exhausted
    assert [tuple(w.winners) for w in rnd.win_events] == [(r[3],)]
    assert win_event(rnd)["from"] == r[2]
    assert [e.cause for e in rnd.entries] == ["win"]
    assert win_payout(rnd) == win_event(rnd)["value"] > 0
    assert sum(rnd.net) == 0 and conserved(rnd)


def test_one_winner_counted_from_the_dealer():
    """B-二.2.10 "以庄家逆時針為序" read literally (wuhan_multi_win_priority from_dealer):
    the dealer's 下家 r1 beats r3, who sits right after the discarder."""
    rnd = _priority_round(0, multi_win_priority="from_dealer")
    assert _both_claim(rnd) == [3, 1]
    assert [tuple(w.winners) for w in rnd.win_events] == [(1,)]


def test_a_win_lost_to_priority_replays():
    """The record of a 截胡 round (A-L95) replays to the same settlement: the seat whose
    胡 lost to priority left no pass, so its answer was 胡."""
    rnd = _priority_round(0)
    _both_claim(rnd)
    again = replay(rnd.record())
    assert again.record() == rnd.record()


# ---------------------------------------------------------------- claims: 吃 by the 下家, 碰 before 吃

_CHI_HANDS = {0: "3m1p4p7p2s5s8s1z1z3z4z5z6z9s", 1: "1m2m4m5m2p5p8p3s6s9s2z3z4z",
              2: "2m4m1p3p6p9p1s4s7s6z6z5z2z", 3: "3m3m7m8m9m2p7p8p2s4s7s5z1z"}


def test_chi_only_by_the_next_seat_with_natural_tiles():
    """吃 only from the 上家 (A-L11, B-二.1 "吃、碰、杠"; flow §5.1): the dealer's 3m may be
    吃'd by his 下家 (seat 1), not by seat 2 holding 2m4m; the laizi (5m under the 4m
    indicator) is never one of the two hand tiles (A-L11, A-L31)."""
    rnd = make_round(_CHI_HANDS, indicator="4m")
    rnd.step(discard("3m"))
    assert rnd.decision == "respond" and rnd.to_act == 1
    assert rnd.legal_actions() == [meld("chi", "1m2m3m"), meld("chi", "2m3m4m"), PASS]
    assert rnd.flow.chi_options(rnd, 2, _tiles("3m")[0], 0) == []     # seat 2 holds 2m4m
    rnd.step(PASS)
    assert rnd.to_act == 3                 # seat 2 has no claim on it at all
    assert rnd.legal_actions() == [meld("peng", "3m3m3m"), PASS]


def test_no_chi_with_a_pizi():
    """In 紅中皮子癩子杠 the 皮子 (the indicator's kind, 4m) can never be used as itself
    (B-一.7, B-二.3.2): no 2m3m4m."""
    rnd = make_round(_CHI_HANDS, indicator="4m", gang_variant="hongzhong_pizi")
    rnd.step(discard("3m"))
    assert rnd.legal_actions() == [meld("chi", "1m2m3m"), PASS]


def test_peng_beats_chi():
    """胡 > 碰/杠 > 吃 (flow §5.2, wuhan_flow_claim_priority hu_pengkong_chi): seat 1's
    吃 loses to seat 3's 碰 of the same 3m (A-L11 allows both claims)."""
    rnd = make_round(_CHI_HANDS, indicator="4m")
    rnd.step(discard("3m"))
    respond(rnd, {1: meld("chi", "1m2m3m"), 3: meld("peng", "3m3m3m")})
    claims = [e for e in rnd.events if e["type"] in ("chi", "peng")]
    assert claims == [{"type": "peng", "seat": 3, "from": 0, "tiles": "3m3m3m"}]
    assert rnd.to_act == 3 and rnd.decision == "turn"


def test_seat_order_claim_priority():
    """wuhan_flow_claim_priority seat_order: the nearest claimant after the discarder
    takes the tile, 吃 or not (the seeds are silent on the order, flow §12)."""
    rnd = make_round(_CHI_HANDS, indicator="4m", flow_claim_priority="seat_order")
    rnd.step(discard("3m"))
    respond(rnd, {1: meld("chi", "1m2m3m"), 3: meld("peng", "3m3m3m")})
    assert [e["type"] for e in rnd.events if e["type"] in ("chi", "peng")] == ["chi"]
    assert rnd.seats[1].melds == [TableMeld("chi", _tiles("1m2m3m"), 0, _tiles("3m")[0])]


# ---------------------------------------------------------------- 過水

def _guoshui_round(variant: str, **options) -> Round:
    """The dealer (seat 0) opens with a 碰 and waits on 4s / 7s; seat 3 has opened too.
    Seat 1 then discards 4s, which the dealer lets pass."""
    one = "4s2m6m8m1p5p1s3s7m9m3p7s" + ("4s" if variant == "cleared" else "8p")
    two = ("7s" if variant == "other_tile" else "4s") + "3m4m9m2p3p4p1s2s8s9s6m7m"
    three = "9p9p1m" + ("4s2m5m8m1p5p7p2s5s8s" if variant == "higher" else "2m5m8m1p5p7p2s5s8s9m")
    rnd = make_round({0: "9p1m1m9s5s6s5m5m2p3p4p6p7p8p", 1: one, 2: two, 3: three},
                     draws="3z4z5z6z3z", **options)
    rnd.step(discard("9p"))
    respond(rnd, {3: meld("peng", "9p9p9p")})
    rnd.step(discard("1m"))
    respond(rnd, {0: meld("peng", "1m1m1m")})
    rnd.step(discard("9s"))
    respond(rnd, {})
    rnd.step(discard("4s"))               # seat 1, after drawing 3z
    assert rnd.to_act == 0 and rnd.legal_actions() == [WIN, PASS]
    rnd.step(PASS)
    respond(rnd, {})
    return rnd


def _offered_to_dealer(rnd: Round) -> bool:
    """Whether the dealer is asked about the discard just made, with 胡 among his options."""
    return rnd.decision == "respond" and rnd.to_act == 0 and WIN in rnd.legal_actions()


def test_guoshui_blocks_the_same_tile_unless_higher():
    """過水 (B-二.2.5 "胡牌翻数大于前一家", flow §5.4): after passing seat 1's 4s the dealer
    may not win on seat 2's 4s, worth the same, but may on seat 3's, worth more (seat 3
    has opened: his own fan doubles his share as 放沖)."""
    rnd = _guoshui_round("higher")
    (passed,) = rnd.seats[0].guoshui.values()
    rnd.step(discard("4s"))               # seat 2, after drawing 4z
    assert not _offered_to_dealer(rnd)
    respond(rnd, {})
    rnd.step(discard("4s"))               # seat 3, after drawing 5z
    assert _offered_to_dealer(rnd)
    rnd.step(WIN)
    respond(rnd, {})
    assert win_event(rnd)["from"] == 3 and win_event(rnd)["value"] > passed
    assert win_payout(rnd) == win_event(rnd)["value"]


def test_guoshui_leaves_other_tiles_free():
    """B-二.2.5 bars only "the same tile" (C6): after passing 4s the dealer may win on 7s."""
    rnd = _guoshui_round("other_tile")
    rnd.step(discard("7s"))
    assert _offered_to_dealer(rnd)


def test_guoshui_ends_at_the_own_draw():
    """"等待自己摸牌(过手)后才能再胡" (B-二.2.5): after the dealer's own draw the same 4s,
    worth the same, may be won again."""
    rnd = _guoshui_round("cleared")
    rnd.step(discard("4s"))               # seat 2: blocked
    assert not _offered_to_dealer(rnd)
    respond(rnd, {})
    for _ in range(2):                    # seat 3, then the dealer, draw and let it go
        step_drawn(rnd)
        respond(rnd, {})
    assert rnd.seats[0].guoshui is None
    rnd.step(discard("4s"))               # seat 1's second 4s
    assert _offered_to_dealer(rnd)


def test_guoshui_none():
    """wuhan_guoshui none: "可以繼續胡其他玩家放的炮，無須等待自己摸牌后" (A-L71)."""
    rnd = _guoshui_round("higher", guoshui="none")
    rnd.step(discard("4s"))
    assert _offered_to_dealer(rnd)


def test_guoshui_by_the_winner_multiplier():
    """wuhan_flow_guoshui_measure winner_multiplier: "翻数" as the winner's own fans,
    which do not depend on the discarder, so seat 3's 4s is no higher either."""
    rnd = _guoshui_round("higher", flow_guoshui_measure="winner_multiplier")
    rnd.step(discard("4s"))
    respond(rnd, {})
    rnd.step(discard("4s"))
    assert not _offered_to_dealer(rnd)


# ---------------------------------------------------------------- 搶杠

def _robbed_round(**options) -> Round:
    """Seat 1 碰s 4s; seat 2 opens and waits on 4s / 7s; seat 1 draws the fourth 4s and
    adds it to his 碰 (蓄杠)."""
    rnd = make_round({0: "4s1m3m5m7m9m1p3p5p8p1s9s5z6z", 1: "4s4s6m1m3m5m8m2p4p6p2s8s5z",
                      2: "6m6m5s6s2m2m2p3p4p7p8p9p1z"}, draws="3z4z4s", **options)
    rnd.step(discard("4s"))
    respond(rnd, {1: meld("peng", "4s4s4s")})
    rnd.step(discard("6m"))
    respond(rnd, {2: meld("peng", "6m6m6m")})
    rnd.step(discard("1z"))
    respond(rnd, {})
    for _ in range(2):                    # seats 3 and 0
        step_drawn(rnd)
        respond(rnd, {})
    assert meld("bugang", "4s4s4s4s") in rnd.legal_actions()
    rnd.step(meld("bugang", "4s4s4s4s"))
    assert rnd.decision == "rob" and rnd.to_act == 2 and rnd.legal_actions() == [WIN, PASS]
    rnd.step(WIN)
    return rnd


def test_a_robbed_xugang_does_not_stand_and_the_robbed_seat_pays_all():
    """搶杠 only of a 蓄杠 (A-L43, A-L49, B-一.9.8): the kong fails and stays a 碰
    (wuhan_flow_robbed_kong reverts_to_peng, case WH-20); the robbed seat pays all three
    shares (A-L131, B-三.B.3)."""
    rnd = _robbed_round()
    event = win_event(rnd)
    assert event["robbing_kong"] and event["from"] == 1 and "搶杠" in event["patterns"]
    assert rnd.seats[1].melds == [TableMeld("peng", _tiles("4s4s4s"), 0, _tiles("4s")[0])]
    (ledger,) = rnd.entries
    assert {p.payer for p in ledger.payments} == {1} and {p.payee for p in ledger.payments} == {2}
    assert win_payout(rnd) == event["value"] and conserved(rnd)


def test_a_robbed_xugang_may_count_as_a_kong():
    """wuhan_flow_robbed_kong counts_as_kong: the robbed 蓄杠 stays a 明杠 fan of the
    konger (×2 on his share, A-L105)."""
    plain, counted = _robbed_round(), _robbed_round(flow_robbed_kong="counts_as_kong")
    assert win_event(counted)["value"] > win_event(plain)["value"]


# ---------------------------------------------------------------- 全求人 包胡 and the discarder's readiness

def _quanqiuren_round(ready: bool) -> Round:
    """Seat 1 碰s four times and holds a single 5s; seat 3, opened by a 碰 of 3z, draws
    the other 5s and discards it, ready (waiting on 2s / 5s) or not."""
    rest = "2m3m4m5m6m7m8p8p" + ("3s4s" if ready else "1s4s")
    rnd = make_round({0: "1m9m2p5p8p2s8s3m6m4p7p1z1z9s", 1: "1m1m9m9m1p1p9p9p5s3z4z5z6z",
                      2: "1p9p2m5m8m3p6p4s7s1s9s4z3m", 3: "3z3z9s" + rest}, draws="1z5z6z4z5s")
    rnd.step(discard("1m"))
    respond(rnd, {1: meld("peng", "1m1m1m")})
    rnd.step(discard("3z"))
    respond(rnd, {3: meld("peng", "3z3z3z")})
    rnd.step(discard("9s"))
    respond(rnd, {})
    for tile, then in [("9m", "4z"), ("1p", "5z"), ("9p", "6z")]:   # seat 0, then seat 2 twice
        rnd.step(discard(tile))
        respond(rnd, {1: meld("peng", tile * 3)})
        rnd.step(discard(then))
        respond(rnd, {})
    step_drawn(rnd)                        # seat 2's last draw
    respond(rnd, {})
    rnd.step(discard("5s"))                # seat 3 lets the drawn 5s go
    respond(rnd, {1: WIN})
    return rnd


@pytest.mark.parametrize("ready", [False, True])
def test_quanqiuren_fed_by_a_seat_not_ready_is_his_alone(ready):
    """包胡 rule 1: "A沒聽牌" feeding B's 全求人 pays all (A-L127, B-三.B.1); ready means
    some tile completes his hand as a legal self-drawn win (flow §7,
    wuhan_flow_ready_definition self_draw_win_exists)."""
    rnd = _quanqiuren_round(ready)
    event = win_event(rnd)
    assert event["seat"] == 1 and event["from"] == 3 and "全求人" in event["patterns"]
    payers = {p.payer for e in rnd.entries for p in e.payments}
    assert ("包胡" in event["patterns"]) is not ready
    assert payers == ({0, 2, 3} if ready else {3})
    assert win_payout(rnd) == event["value"] and conserved(rnd)


# ---------------------------------------------------------------- single-tile kongs and 杠上開花

@pytest.mark.parametrize("special, kind", [("7z", "hongzhong"), ("2z", "laizi")])
def test_special_kongs_draw_a_replacement_and_bloom(special, kind):
    """紅中 "可以隨時拿出來杠牌，打出來也是杠牌" (A-L15) and the laizi's 癩子杠 (A-L31): never
    a discard, laid out singly even right after a 碰 (flow §4 step 4; no 暗杠 then), each
    with a replacement draw; a win on it is 杠上開花 "包括紅中杠和癩子杠" (A-L87)."""
    rnd = make_round({0: "5s1m2m7m1p3p7p9p1s3s7s9s5z6z", 1: "5s5s" + special + "5p5p5p5p4p6p8s8s3m9m"},
                     draws="3z4z6z4m", back="5m")
    rnd.step(discard("5s"))
    respond(rnd, {1: meld("peng", "5s5s5s")})
    legal = rnd.legal_actions()
    assert special_kong(special) in legal and discard(special) not in legal
    assert not any(a.type in ("angang", "bugang") for a in legal)
    rnd.step(discard("9m"))
    respond(rnd, {})
    for _ in range(3):                    # seats 2, 3, 0
        step_drawn(rnd)
        respond(rnd, {})
    legal = rnd.legal_actions()         # seat 1 drew 4m
    assert meld("angang", "5p5p5p5p") in legal and special_kong(special) in legal
    rnd.step(special_kong(special))
    assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": "5m", "replacement": True}
    assert rnd.seats[1].special_kongs == {kind: 1}
    rnd.step(WIN)
    event = win_event(rnd)
    assert event["self_draw"] and "杠上開花" in event["patterns"]
    assert win_payout(rnd) == event["value"] and conserved(rnd)


def test_a_hand_of_special_tiles_lays_one_out_without_replacement():
    """The §4 step 3 fallback: at D = 4 no kong may be made ("此時不能打出不能杠", A-L85,
    kong cutoff D ≥ 5) and a hand of only 紅中 and laizi has nothing to discard, so one
    is laid out as its kong with no replacement draw ("打出來也是杠牌", A-L15)."""
    rnd = make_round({0: "1p1p9p9p7z7z7z7z2z2z2z1m5m9m", 1: "1p3z3z3z4z4z4z5z5z5z6z6z6z",
                      3: "9p1z1z1z9s9s9s8s8s8s7s7s7s"}, at={67: "2z"})
    rnd.step(discard("1m"))
    respond(rnd, {})
    rnd.step(discard("1p"))               # seat 1, after its first draw
    respond(rnd, {0: meld("peng", "1p1p1p")})
    rnd.step(discard("5m"))
    respond(rnd, {})
    for _ in range(2):                    # seats 1 and 2
        step_drawn(rnd)
        respond(rnd, {})
    rnd.step(discard("9p"))               # seat 3
    respond(rnd, {0: meld("peng", "9p9p9p")})
    rnd.step(discard("9m"))
    respond(rnd, {})
    drift(rnd, lambda r: r.to_act == 0 and r.decision == "turn" and r.live == 4)
    assert rnd.legal_actions() == [special_kong("2z"), special_kong("7z")]
    before = len(rnd.events)
    rnd.step(special_kong("7z"))
    kong, after = rnd.events[before:before + 2]
    assert kong == {"type": "special_kong", "seat": 0, "tile": "7z"}
    assert after["type"] == "draw" and after["seat"] == 1 and "replacement" not in after
    assert rnd.seats[0].special_kongs == {"hongzhong": 1}
    # nobody can win on the four 海底 draws that follow (the dealer holds 紅中): 荒莊
    assert rnd.exhausted and conserved(rnd)
    assert rnd.seats[0].count() == 7 + 1 and rnd.seats[0].received[-1] not in _tiles("2z7z")


# ---------------------------------------------------------------- 海底, 荒莊

def _haidi_round(**options) -> Round:
    """Seat 1 碰s 5m and waits on 8s, whose last copy is the last drawable tile (or,
    with ``back``, the first replacement); every special tile is in unopened hands, so
    only seat 1 can ever win."""
    last = {} if options.get("back") else {71: "8s"}
    rnd = make_round({0: "5m8s7z7z2z2z1m3m4m6m9p5z6z3p", 1: "5m5m123p456p789s8s9m",
                      2: "4s7z7z2z2z1s1s1s2s3s9p9p3z"}, at={67: "5m", 68: "1s", **last}, **options)
    rnd.step(discard("5m"))
    respond(rnd, {1: meld("peng", "5m5m5m")})
    rnd.step(discard("9m"))
    respond(rnd, {})
    drift(rnd, lambda r: r.live == 4)
    return rnd


def test_haidi_the_last_four_draws_only_win_or_pass():
    """海底: "除去海底的5沓牌（10張）后，摸最后4張牌時自摸（此時不能打出不能杠，只有自摸）"
    (A-L85, B-一.9.6): at D = 4 a kong is no longer offered (the 4th 5m makes no 蓄杠);
    the last four draws are made without a discard or a kong (seat 2's fourth 1s), and
    the last one, seat 1's 8s, is a 海底撈 self-draw."""
    rnd = _haidi_round()
    assert rnd.to_act == 1 and rnd.decision == "turn" and rnd.seats[1].last_draw == _tiles("5m")[0]
    assert not any(a.type in ("bugang", "angang", "special_kong") for a in rnd.legal_actions())
    rnd.step(discard("5m"))
    respond(rnd, {})
    assert rnd.to_act == 1 and rnd.decision == "haidi" and rnd.legal_actions() == [WIN, PASS]
    tail = rnd.events[-4:]
    assert [(e["type"], e["seat"]) for e in tail] == [("draw", 2), ("draw", 3), ("draw", 0), ("draw", 1)]
    for seat in (2, 3, 0, 1):             # each kept its 海底 tile
        assert rnd.seats[seat].count() + 3 * len(rnd.seats[seat].melds) == 14
    assert rnd.wall.undrawn == 10 and rnd.live == 0
    rnd.step(WIN)
    event = win_event(rnd)
    assert event["self_draw"] and "海底撈" in event["patterns"]
    assert win_payout(rnd) == event["value"] and conserved(rnd)


def test_huangzhuang_settles_nothing_and_the_dealer_stays():
    """荒莊: the fourth 海底 draw brings no win, nothing is settled (digest §6, cases
    WH-CJ-01…03) and "莊家胡牌或者荒莊（流局）則繼續做" (A-L51, B-一.12)."""
    rnd = _haidi_round()
    drift(rnd, lambda r: False)           # seat 1 passes on its 海底撈 too
    assert rnd.done and rnd.exhausted and not rnd.win_events
    assert rnd.entries == [Entry("huangzhuang", None, ())]
    assert rnd.net == [0, 0, 0, 0] and rnd.next_dealer == 0
    assert rnd.wall.undrawn == 10 and conserved(rnd)


# ---------------------------------------------------------------- next dealer

@pytest.mark.parametrize("dealer", [0, 2])
def test_the_deal_passes_to_the_next_seat_when_another_seat_wins(dealer):
    """"逆时针轮流坐庄" (B-一.12; wuhan_flow_dealer_rotation next_seat): r3 won, so the
    dealer's 下家 deals next, not the winner."""
    rnd = _priority_round(dealer)
    _both_claim(rnd)
    assert rnd.next_dealer == (dealer + 1) % 4


def test_the_deal_may_pass_to_the_previous_seat():
    """A-L51 "逆時針上家輪莊" read literally (wuhan_flow_dealer_rotation previous_seat)."""
    rnd = _priority_round(0, flow_dealer_rotation="previous_seat")
    _both_claim(rnd)
    assert rnd.next_dealer == 3


def test_the_dealer_who_wins_deals_again():
    """"莊家胡牌…則繼續做" (A-L51): the dealer's 過水-allowed win keeps the deal."""
    rnd = _guoshui_round("higher")
    rnd.step(discard("4s"))
    respond(rnd, {})
    rnd.step(discard("4s"))
    rnd.step(WIN)
    respond(rnd, {})
    assert rnd.win_events[0].winners == (0,) and rnd.next_dealer == 0


def test_a_kong_in_the_last_four_under_drawable_1():
    """wuhan_flow_kong_cutoff drawable_1: a kong may be made while a tile is left (D ≥ 1),
    its replacement then one of the 海底 draws (win or pass, A-L85), so 杠上開花 (A-L87)
    and 海底撈 (A-L85) come together (flow §7); under drawable_5, the default, the 4th 5m
    drawn at D = 4 makes no 蓄杠."""
    assert meld("bugang", "5m5m5m5m") not in _haidi_round(back="8s").legal_actions()
    rnd = _haidi_round(back="8s", flow_kong_cutoff="drawable_1")
    assert rnd.to_act == 1 and rnd.live == 4
    rnd.step(meld("bugang", "5m5m5m5m"))
    respond(rnd, {})
    assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": "8s", "replacement": True}
    assert rnd.decision == "haidi" and rnd.legal_actions() == [WIN, PASS]
    rnd.step(WIN)
    event = win_event(rnd)
    assert {"杠上開花", "海底撈"} <= set(event["patterns"])
    assert win_payout(rnd) == event["value"] and conserved(rnd)
    assert replay(rnd.record()).record() == rnd.record()


# ---------------------------------------------------------------- options of the flow

def test_kongs_after_a_claim_under_all():
    """wuhan_flow_kongs_after_claim all: "隨時" (A-L15) read for every kong, so a 暗杠
    may follow the 碰."""
    rnd = make_round({0: "5s1m2m7m1p3p7p9p1s3s7s9s5z6z", 1: "5s5s7z5p5p5p5p4p6p8s8s3m9m"},
                     flow_kongs_after_claim="all")
    rnd.step(discard("5s"))
    respond(rnd, {1: meld("peng", "5s5s5s")})
    assert meld("angang", "5p5p5p5p") in rnd.legal_actions()


_PENG_THEN_KONG = {0: "5s1m2m7m1p3p7p9p1s3s7s9s5z6z", 1: "5s5s7z5p5p5p5p4p6p8s8s3m9m"}


@pytest.mark.parametrize("after_claim", ["special_only", "none"])
def test_kongs_after_a_claim_under_none(after_claim):
    """wuhan_flow_kongs_after_claim none: no kong of any kind right after a 吃 / 碰 (the
    default reads "隨時", A-L15, for single-tile kongs there too); the seat's own draw
    brings its single-tile kongs back."""
    rnd = make_round(_PENG_THEN_KONG, draws="3z4z6z4m", flow_kongs_after_claim=after_claim)
    rnd.step(discard("5s"))
    respond(rnd, {1: meld("peng", "5s5s5s")})
    assert (special_kong("7z") in rnd.legal_actions()) == (after_claim == "special_only")
    rnd.step(discard("9m"))
    respond(rnd, {})
    for _ in range(3):                    # seats 2, 3, 0
        step_drawn(rnd)
        respond(rnd, {})
    assert special_kong("7z") in rnd.legal_actions()      # seat 1 drew 4m


def test_a_claimer_of_special_tiles_only_lays_one_out_without_replacement():
    """The §4 step 3 fallback after a claim under wuhan_flow_kongs_after_claim none: the
    claimer holds nothing but must-kong tiles and laizi (發財 variant, B-一.8), may make no
    kong, and lays one out as its kong with no replacement draw (A-L15, A-L33)."""
    rnd = make_round({0: "5s1m2m7m1p3p7p9p1s3s7s9s5z3m", 1: "5s5s7z7z7z7z6z6z6z6z2z2z2z"},
                     gang_variant="hongzhong_facai", flow_kongs_after_claim="none")
    rnd.step(discard("5s"))
    respond(rnd, {1: meld("peng", "5s5s5s")})
    assert rnd.legal_actions() == [special_kong("2z"), special_kong("6z"), special_kong("7z")]
    before = len(rnd.events)
    rnd.step(special_kong("7z"))
    kong, after = rnd.events[before:before + 2]
    assert kong == {"type": "special_kong", "seat": 1, "tile": "7z"}
    assert after == {"type": "draw", "seat": 2, "tile": after["tile"]}       # no replacement
    assert rnd.seats[1].special_kongs == {"hongzhong": 1} and conserved(rnd)


def test_a_special_kong_that_ends_the_turn():
    """wuhan_flow_special_kong_discard turn_ending_discard: a laid-out 紅中 scores as its
    kong (A-L15) but is tossed out like a discard ("也可打出", A-L37) with no replacement:
    the next seat draws, nobody claims it; is_kong (the default) draws the replacement
    that 杠开 needs (A-L87)."""
    for mode, replaced in (("is_kong", True), ("turn_ending_discard", False)):
        rnd = make_round(_PENG_THEN_KONG, draws="3z4z6z4m", back="5m", flow_special_kong_discard=mode)
        rnd.step(discard("5s"))
        respond(rnd, {1: meld("peng", "5s5s5s")})
        before = len(rnd.events)
        rnd.step(special_kong("7z"))
        after = rnd.events[before + 1]
        assert (after == {"type": "draw", "seat": 1, "tile": "5m", "replacement": True}) == replaced
        assert (after["seat"], "replacement" in after) == ((1, True) if replaced else (2, False))
        assert rnd.seats[1].special_kongs == {"hongzhong": 1} and conserved(rnd)
        drift(rnd, lambda r: False)
        assert replay(rnd.record()).net == rnd.net


def test_chi_swap_forbidden():
    """wuhan_flow_chi_swap forbidden: after claiming 3m the claimer may not discard a 3m
    (the seeds are silent, flow §12)."""
    hands = {**_CHI_HANDS, 3: "3m3m3m7m8m9m2p7p8p2s4s7s5z"}
    allowed = make_round(hands, indicator="4m")
    forbidden = make_round(hands, indicator="4m", flow_chi_swap="forbidden")
    for rnd in (allowed, forbidden):
        rnd.step(discard("3m"))
        respond(rnd, {3: meld("peng", "3m3m3m")})
    assert discard("3m") in allowed.legal_actions()
    assert discard("3m") not in forbidden.legal_actions() and forbidden.legal_actions()


def test_replacements_from_the_front():
    """wuhan_flow_replacement_source front: "補牌" (A-L87, B-一.9.7) from the next tile of
    the front, the tail left as it is."""
    rnd = make_round({0: "5s1m2m7m1p3p7p9p1s3s7s9s5z6z", 1: "5s5s7z5p5p5p5p4p6p8s8s3m9m"},
                     draws="3z4z6z4m5m", flow_replacement_source="front")
    rnd.step(discard("5s"))
    respond(rnd, {1: meld("peng", "5s5s5s")})
    rnd.step(discard("9m"))
    respond(rnd, {})
    for _ in range(3):
        step_drawn(rnd)
        respond(rnd, {})
    back = rnd.wall.back
    rnd.step(special_kong("7z"))
    assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": "5m", "replacement": True}
    assert rnd.wall.back == back and WIN in rnd.legal_actions()


def test_no_haidi_reserve():
    """The 海底 reserve "除去海底的5沓牌（10張）" (A-L85, B-一.9.6) leaves 72 drawable tiles
    after the flip; under wuhan_flow_haidi_reserve 0 all 82 may be drawn."""
    assert make_round({}).live == 72
    assert make_round({}, flow_haidi_reserve=0).live == 82


# ---------------------------------------------------------------- properties

def _biased(rnd: Round, rng: random.Random) -> Action:
    """A random legal action, leaning to wins, claims and kongs and to discards that keep
    the hand near a win, so that seeded rounds end in wins of every kind."""
    legal = rnd.legal_actions()
    if WIN in legal and rng.random() < 0.9:
        return WIN
    claims = [a for a in legal if a.type not in ("discard", "pass", "win")]
    if claims and rng.random() < 0.7:
        return rng.choice(claims)
    discards = [a for a in legal if a.type == "discard"]
    if not discards or rng.random() < 0.1:
        return rng.choice(legal)
    seat, laizi = rnd.to_act, rnd.flow.laizi(rnd)

    def shanten(a: Action) -> int:
        counts = bytearray(rnd.seats[seat].concealed)
        counts[a.tile] -= 1
        jokers, counts[laizi] = counts[laizi], 0
        return int(_core.shanten(counts, jokers))
    return min(discards, key=lambda a: (shanten(a), rng.random()))


def _check_round(rnd: Round) -> None:
    assert rnd.done
    for e in rnd.entries:
        assert sum(e.net()) == 0, e
    assert conserved(rnd)
    wins = [e for e in rnd.events if e["type"] == "win"]
    assert len(wins) == len(rnd.win_events) <= 1          # one winner a round (A-L103, B-二.2.10)
    if wins:
        assert win_payout(rnd) == wins[0]["value"] > 0
        assert rnd.next_dealer == (rnd.dealer if wins[0]["seat"] == rnd.dealer else (rnd.dealer + 1) % 4)
    else:
        assert rnd.exhausted and rnd.net == [0, 0, 0, 0] and rnd.next_dealer == rnd.dealer


def _random_round(seed: int, rules=None) -> Round:
    """A round seeded ``seed`` (its dealer seat ``seed % 4``) played to the end with
    uniformly random legal actions."""
    rnd = Round("wuhan", rules, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    while not rnd.done:
        rnd.step(rng.choice(rnd.legal_actions()))
    return rnd


def test_random_rounds_keep_every_invariant():
    """200 seeded rounds of uniformly random legal actions: no exception, every ledger
    zero-sum, every tile in one place, one win at most, paid as scored."""
    for seed in range(200):
        _check_round(_random_round(seed))


@pytest.mark.parametrize("options", [{"flow_special_kong_discard": "turn_ending_discard"},
                                     {"flow_kongs_after_claim": "none", "gang_variant": "hongzhong_facai"}])
def test_random_rounds_under_the_single_tile_kong_options(options):
    """wuhan_flow_special_kong_discard and wuhan_flow_kongs_after_claim none: 100 seeded
    rounds of random legal actions keep every invariant, lay out single-tile kongs with
    and without replacements, and replay to the same record."""
    replaced: Counter = Counter()
    for seed in range(100):
        rnd = _random_round(seed, wuhan.WuhanRules(**options))
        _check_round(rnd)
        assert replay(rnd.record()).record() == rnd.record()
        for i, e in enumerate(rnd.events[1:-1], 1):
            if e["type"] == "special_kong":
                claimed = rnd.events[i - 1]["type"] in ("peng", "chi")
                replaced["replacement" in rnd.events[i + 1], claimed] += 1
    if "flow_special_kong_discard" in options:      # never a replacement
        assert replaced[False, False] >= 20 and not replaced[True, False] and not replaced[True, True]
    else:                                           # never a replacement right after a claim
        assert replaced[True, False] >= 20 and not replaced[True, True]


def test_random_rounds_under_drawable_1():
    """wuhan_flow_kong_cutoff drawable_1: 100 seeded rounds of random legal actions keep
    every invariant and replay to the same record."""
    rules = wuhan.WuhanRules(flow_kong_cutoff="drawable_1")
    for seed in range(100):
        rnd = _random_round(seed, rules)
        _check_round(rnd)
        assert replay(rnd.record()).record() == rnd.record()


def test_biased_random_rounds_win_in_every_way():
    """200 seeded rounds of random legal actions leaning to wins: the same invariants,
    with wins on discards, self-draws and replacement draws among them."""
    sources: Counter = Counter()
    for seed in range(200):
        rnd = Round("wuhan", seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not rnd.done:
            rnd.step(_biased(rnd, rng))
        _check_round(rnd)
        sources.update(w.source for w in rnd.win_events)
    assert sources["discard"] >= 20 and sources["draw"] >= 10 and sources["replacement"] >= 1


# ---------------------------------------------------------------- the wait pre-check

def _random_hand(rng: random.Random, indicator: int) -> tuple[bytearray, list[TableMeld]]:
    """Thirteen tiles near a win: four sets and a pair (some laid out as melds, some of the
    concealed tiles turned into laizi), one tile taken away; or, now and then, tiles all
    2-5-8 or all honours (亂將 / 亂風, A-L69)."""
    laizi = wuhan.laizi_of(indicator)
    pool = Counter({t: 4 for t in range(34)})
    pool[indicator] -= 1
    pool[tiles.RED] = 0                        # a must-kong tile blocks every win anyway
    kind = rng.random()
    melds: list[TableMeld] = []
    if kind < 0.2:
        allowed = [t for t in range(27) if t % 9 in (1, 4, 7)] if kind < 0.1 else list(range(27, 33))
        allowed = [t for t in allowed if t not in (laizi, indicator)]
        for t in rng.sample(allowed, rng.randrange(1, 3)):
            melds.append(TableMeld("peng", (t,) * 3, 1, t))
        concealed = [rng.choice(allowed + [laizi]) for _ in range(14 - 3 * len(melds))]
    else:
        sets = []
        for _ in range(4):
            if rng.random() < 0.5:
                s = rng.randrange(27) // 9 * 9 + rng.randrange(7)
                sets.append(("chi", (s, s + 1, s + 2)))
            else:
                t = rng.randrange(34)
                sets.append(("peng", (t,) * 3))
        pair = rng.randrange(34)
        concealed = [pair, pair]
        for k, (mkind, ts) in enumerate(sets):
            if k < rng.randrange(4) and laizi not in ts and tiles.RED not in ts:
                melds.append(TableMeld(mkind, ts, 1, ts[0]))
            else:
                concealed += list(ts)
        concealed = [laizi if rng.random() < 0.12 else t for t in concealed]
    rng.shuffle(concealed)
    concealed = concealed[:13 - 3 * len(melds)]
    counts = bytearray(34)
    for t in concealed:
        counts[t] += 1
    for m in melds:
        for t in m.tiles:
            pool[t] -= 1
    if any(counts[t] > pool[t] for t in range(34)):
        return _random_hand(rng, indicator)
    return counts, melds


def test_the_wait_mask_covers_every_tile_the_scorer_calls_a_win():
    """The engine asks ``score`` only about tiles in ``wait_mask``, so those must hold
    every tile on which ``score`` reports a win, by discard or self-draw: laizi as
    jokers (A-L29), 將一色 / 風一色 in any arrangement (A-L69), 開口 (A-L55)."""
    rng = random.Random(5)
    rnd = Round("wuhan", seed=0)
    flow, checked = rnd.flow, 0
    for _ in range(400):
        indicator = rng.randrange(34)
        counts, melds = _random_hand(rng, indicator)
        rnd.flips["indicator"] = indicator
        rnd.memo.clear()        # what the flow derived from the last indicator
        rnd.seats[0] = SeatState(concealed=counts, melds=melds)
        waits = flow.wait_mask(rnd, 0)
        hand = Hand(np.frombuffer(bytes(counts), np.uint8),
                    tuple(DeclaredMeld(m.kind, m.tiles, "A") for m in melds))
        seen = Counter({t: c for t, c in enumerate(counts) if c}) + Counter(t for m in melds for t in m.tiles)
        for t in range(34):
            if seen[t] + 1 > (3 if t == indicator else 4):
                continue
            for self_draw in (True, False):
                result = wuhan.score(hand, Situation(t, self_draw=self_draw, indicator=indicator))
                if result.is_win:
                    checked += 1
                    assert waits >> t & 1, (tiles.format(np.frombuffer(bytes(counts), np.uint8)), melds, t)
    assert checked >= 300


def _any_arrangement_reference(counts: bytearray, melds: list[TableMeld], laizi: int, shape_needed: bool) -> set:
    """The tiles that win in any arrangement, as sets: 將一色 / 風一色 (A-L69), and
    清一色 without a shape when ``qingyise_requires_shape`` is false (B-一.9.5)."""
    kinds = {t for t in range(34) if counts[t]} | {t for m in melds for t in m.tiles}
    kinds.discard(laizi)
    suited_258 = {t for t in range(27) if t % 9 in (1, 4, 7)}
    out = set()
    if kinds <= suited_258:
        out |= suited_258
    if kinds <= set(range(27, 34)):
        out |= set(range(27, 34))
    suits = {t // 9 for t in kinds}
    if not shape_needed and len(suits) == 1 and min(kinds) < 27:
        out |= set(range(9 * min(suits), 9 * min(suits) + 9))
    return out


@pytest.mark.parametrize("shape_needed", [True, False])
def test_the_any_arrangement_waits_are_the_plain_set_rule(shape_needed):
    """The flow's masks against the set rule on hands of one suit, of 2-5-8s, of
    honours and of anything (laizi and melds included)."""
    from hupai.rules.wuhan import WuhanRules
    rng = random.Random(8)
    rnd = Round("wuhan", WuhanRules(qingyise_requires_shape=shape_needed), seed=0)
    flow, laizi = rnd.flow, rnd.flow.laizi(rnd)
    pools = [list(range(9)), list(range(18, 27)), [1, 4, 7, 10, 13, 16, 19, 22, 25], list(range(27, 34)),
             list(range(34))]
    found = Counter()
    for _ in range(2000):
        pool = rng.choice(pools) + [laizi] * rng.randrange(2)
        counts = bytearray(34)
        for t in rng.choices(pool, k=rng.choice([4, 7, 10, 13])):
            counts[t] = min(4, counts[t] + 1)
        melds = [TableMeld("peng", (t,) * 3, 1, t) for t in rng.sample(pool, rng.randrange(2)) if t != laizi]
        rnd.seats[0] = SeatState(concealed=counts, melds=melds)
        expected = _any_arrangement_reference(counts, melds, laizi, shape_needed)
        assert flow._any_arrangement(rnd, 0, counts) == sum(1 << t for t in expected), (list(counts), melds)
        found[len(expected)] += 1
    assert found[0] and found[7] and found[9] and (shape_needed or found[18] or found[9] > 100)


def test_the_indicator_from_the_front_or_the_tail():
    """The indicator is the tile after the deal ("翻取的第一張牌", A-L27; B-一.3-4), or
    under wuhan_flow_indicator_source tail the wall's last tile; out of play either way."""
    from hupai.rules.wuhan import WuhanRules
    from hupai.table import Round, play_round, replay
    front = Round("wuhan", seed=4)
    assert front.flips["indicator"] == front.wall.tiles[53]
    tail = play_round("wuhan", WuhanRules(flow_indicator_source="tail"), seed=4, agents=["greedy"] * 4)
    assert tail.flips["indicator"] == tail.wall.tiles[-1]
    assert {"type": "flip", "what": "indicator", "tile": tiles.tile_name(tail.wall.tiles[-1]), "back": True} \
        in tail.events
    assert replay(tail.record()).net == tail.net


def test_greedy_discards_with_a_must_kong_tile_stuck_in_hand():
    """Once the wall is too short for a kong (flow §4 step 3), a special tile stays in
    hand: it may not be discarded ("打出來也是杠牌", A-L15) nor konged, and the region's
    analysis refuses such a hand (B-一.6-8).  The greedy agent then throws the tile
    that leaves the lowest shanten instead of failing (seed 159 reaches it)."""
    from hupai.table import GreedyAgent, play_round
    red = tiles.tile_index("7z")
    stuck = []

    class Watched(GreedyAgent):
        """The greedy agent, noting each turn it takes with a must-kong 紅中 in hand and
        no kong left to make."""

        def act(self, obs, legal):
            kinds = {a.type for a in legal}
            if obs.concealed[red] and "discard" in kinds and "special_kong" not in kinds:
                choice = super().act(obs, legal)
                stuck.append((obs.live, [a.tile for a in legal if a.type == "discard"], choice,
                              GreedyAgent._lowest_shanten(obs, [a for a in legal if a.type == "discard"])))
                return choice
            return super().act(obs, legal)
    rnd = play_round("wuhan", seed=159, agents=["random", Watched(), "random", Watched()])
    assert rnd.done and sum(rnd.net) == 0 and stuck
    live, offered, choice, lowest = stuck[0]
    assert live < rnd.flow.kong_min_live(rnd.rules) and red not in offered
    assert choice == lowest          # the analysis refused the hand: the lowest shanten instead
    assert replay(rnd.record()).net == rnd.net
