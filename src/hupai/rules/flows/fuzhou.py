"""Fuzhou's round flow (rules/fuzhou-flow.md, seed lines L<n>): 136 tiles, 碰 and 扛
only, replacements from the tail with a burn (L83), honour sequences and 十三爛 in the
win shapes (L23, L37), kong points the moment a kong stands (L51-53), 一炮多響 with the
明扛 claims beside it paid (L95-97), 天胡 / 地胡 (L71-73), 前燒 and 后燒 (L89-93).

The options are the ``flow_*`` fields of :class:`hupai.rules.fuzhou.FuzhouRules`
(``fuzhou_flow_*``); docs/rules/fuzhou.md, "Round flow", lists the ones not played."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Optional, Sequence

from ...tiles import HONORS
from .. import fuzhou
from ..ledger import Ledger, Transfer
from ..model import BUGANG, MINGGANG, SEATS
from ..result import ScoreResult
from ..situation import Situation
from .base import HELD_MASK, DealOptions, LABELS, WinContext

if TYPE_CHECKING:
    from ...table.round import Round

__all__ = ["FuzhouFlow", "FLOW", "L97_KONG"]

#: The reason of the 明扛 a win on the same discard left unmade but paid (L97); the
#: next dealer reads it to tell a 一炮多響 of one win and a kong claim (flow §10).
L97_KONG: Final = "明扛 (一炮多響, L97)"


class FuzhouFlow(DealOptions):
    """The flow defaults of fuzhou-flow.md §12 and the cheap options beside them."""

    def kong_min_live(self, rules: Any) -> int:
        # a kong needs its replacement tile (forbid); no_replacement lets it stand on an
        # empty wall, which then ends the round
        return 0 if rules.flow_kong_empty_wall == "no_replacement" else 1


    # ---------------------------------------------------------------- tiles and wall

    def burns(self, rules: Any) -> bool:
        # the replacement is the bottom of the last stack and its top "系統要自動丟棄" (L83);
        # the engine burns only while a tile is left, so a lone bottom (live = 1) burns nothing
        return rules.flow_kong_burn != "none"

    def burns_public(self, rules: Any) -> bool:
        # "丟棄" throws the burnt top onto the table, face up (L83; flow §12)
        return rules.flow_kong_burn == "face_up"

    def angang_public(self, rules: Any) -> bool:
        # the seed is silent (flow §6): hidden by default, its kind shown under "kind"
        return rules.flow_angang_reveal == "kind"

    # ---------------------------------------------------------------- win shapes

    def kernel_options(self, rnd: "Round", seat: int) -> dict[str, Any]:
        # honour 順子 (L23, fuzhou_honor_chow); 七小對 and 十三爛 / 七星十三爛 only by a hand
        # that never made a 碰 or 扛 (L35, L37)
        rules = rnd.rules
        open_ = bool(rnd.seats[seat].melds)
        lan: Any = False if open_ else ("strict" if rules.shisanlan_strict_147 else True)
        return {"seven_pairs": not open_, "quads_as_two_pairs": True, "honor_sequences": rules.honor_chow,
                "shisanlan": lan}

    def may_win(self, rnd: "Round", seat: int, counts: bytearray) -> bool:
        # an all-honour hand is a 清一色 in any arrangement (L47)
        return _all_honours(rnd, seat, counts) or super().may_win(rnd, seat, counts)

    def wait_mask(self, rnd: "Round", seat: int) -> int:
        # a superset of the scorer's waits: the kernel's shapes, and with nothing but
        # honours (melds included) every honour (L47: all honours wins in any arrangement)
        waits = super().wait_mask(rnd, seat)
        if _all_honours(rnd, seat, rnd.seats[seat].concealed):
            waits |= _HONOURS
        return waits

    # ---------------------------------------------------------------- kongs

    def last_discard_claims(self, rules: Any) -> bool:
        # "所有的牌都抓完了" with no winner is 后燒 (L93): the last discard may only be won,
        # unless any (a 碰 too, whose discard is answered again)
        return bool(rules.flow_last_discard_claims == "any")

    def kongs_after_claim(self, rules: Any) -> bool:
        # "無論您是碰、扛或是摸牌，都必須在行動后打出一張牌" (L17): after a 碰 only a discard
        return rules.flow_after_peng == "kong_allowed"

    def bugang_options(self, rnd: "Round", seat: int) -> list[tuple[int, ...]]:
        # L53 has the fourth tile drawn; L45 lets it be kept, so by default any time
        found = super().bugang_options(rnd, seat)
        if rnd.rules.flow_bugang_timing == "on_draw_only":
            drawn = rnd.seats[seat].last_draw
            found = [k for k in found if k[-1] == drawn]
        return found

    def kong_ledger(self, rnd: "Round", seat: int, meld: Any) -> Optional[Ledger]:
        # posted when the kong stands, win or not (a robbed 補扛 never stands, L55), or under
        # round_end with the round's end ledgers: the same entries, later
        if rnd.rules.flow_kong_points_timing == "round_end":
            return None
        return _kong_points(seat, meld)

    def robbed_kong_ledger(self, rnd: "Round", konger: int) -> Optional[Ledger]:
        # L55 is silent on the robbed 補扛's points: none (it never stood), or paid as a
        # 補扛 (1 from each other seat, L51-53), at once
        if rnd.rules.flow_robbed_kong_points != "paid":
            return None
        return fuzhou.kong_ledger(BUGANG, LABELS[konger], [LABELS[o] for o in range(4) if o != konger])

    def lapsed_claim(self, rnd: "Round", seat: int, action: Any, discarder: int) -> Optional[Ledger]:
        # "放炮的玩家按計分規則給每個扛牌或胡牌的人分數" (L97): the 明扛 claim beside a win is
        # paid by the discarder; no meld is made, the round being over
        if action.type != "minggang" or rnd.rules.flow_kong_with_win != "pay":
            return None
        points = fuzhou.KONG_POINTS[MINGGANG]
        return Ledger.of([Transfer(LABELS[discarder], LABELS[seat], points, L97_KONG)])

    # ---------------------------------------------------------------- wins

    def situation(self, rnd: "Round", ctx: WinContext, labels: dict[int, str]) -> Situation:
        # kong points are the engine's (kong_ledger), so the score settles the hand only
        return Situation(ctx.tile, self_draw=ctx.self_draw, after_kong=ctx.source == "replacement",
                         robbing_kong=ctx.source == "rob", tianhu=self._tianhu(rnd, ctx),
                         dihu=self._dihu(rnd, ctx), dealer=ctx.seat == rnd.dealer, payment_scope=("hand",))

    def _tianhu(self, rnd: "Round", ctx: WinContext) -> bool:
        """天胡 "莊家拿牌即胡" (L71): the dealt 14; under ``first_turn`` also the dealer's
        replacement after an 暗扛 before his first discard and any draw."""
        if ctx.source == "dealt":
            return True
        return (rnd.rules.flow_tianhu_scope == "first_turn" and ctx.source == "replacement"
                and ctx.seat == rnd.dealer and not rnd.discard_log and not rnd.seats[ctx.seat].drawn_any)

    @staticmethod
    def _dihu(rnd: "Round", ctx: WinContext) -> bool:
        """地胡 "莊家拿牌第一次出牌，他人即胡" (L73): a win on the round's first discard,
        which is the dealer's, for every winner on it."""
        return ctx.source == "discard" and ctx.from_seat == rnd.dealer and len(rnd.discard_log) == 1

    def win_allowed(self, rnd: "Round", ctx: WinContext, result: ScoreResult) -> bool:
        # no 過水 in the seed (L17); under until_own_draw a declined win blocks discard and
        # robbing wins until the seat's own draw (on_draw lifts it)
        return ctx.self_draw or not rnd.seats[ctx.seat].guoshui

    def declined_win(self, rnd: "Round", ctx: WinContext, result: ScoreResult) -> None:
        if rnd.rules.flow_guoshui == "until_own_draw":
            rnd.seats[ctx.seat].guoshui = True

    def every_robber_wins(self, rules: Any) -> bool:
        # 一炮多響: every claimant wins (L95-97); a multi-rob too, unless first_only (L55
        # is silent)
        return bool(rules.flow_multirob == "all")

    # ---------------------------------------------------------------- the end

    def exhaust_cause(self, rnd: "Round") -> str:
        return "houshao"        # 后燒: "所有的牌都抓完了，但是還沒有人胡牌" (L93)

    def end_ledgers(self, rnd: "Round") -> list[tuple[str, Optional[int], Ledger]]:
        out: list[tuple[str, Optional[int], Ledger]] = []
        if rnd.rules.flow_kong_points_timing == "round_end":
            out += [("kong", seat, _kong_points(seat, rnd.seats[seat].melds[index])) for seat, index in rnd.kongs]
        # 前燒: "最后結束的時候，莊家必須付給每個玩家1分" (L91), whatever ended the round
        if qianshao(rnd):
            out.append(("qianshao", rnd.dealer, fuzhou.shao("qianshao").ledger.relabel(_shao_labels(rnd.dealer))))
        return out

    def next_dealer(self, rnd: "Round") -> int:
        # own single win: the dealer stays; a single winner takes the deal (L13); 一炮多響:
        # the discarder or the robbed konger (L97); 后燒 comes from exhaust (L93)
        first = rnd.win_events[0] if rnd.win_events else None
        if first is None:
            return rnd.dealer
        if first.from_seat is not None and _duoxiang(rnd, first.winners):
            return first.from_seat
        return first.winners[0]


# ------------------------------------------------------------------ helpers

def _kong_points(seat: int, meld: Any) -> Ledger:
    """暗扛 2 from each other seat, 補扛 1 from each, 明扛 2 from the feeder (L51-53)."""
    feeder = LABELS[meld.from_seat] if meld.kind == MINGGANG else None
    others = [LABELS[o] for o in range(4) if o != seat]
    return fuzhou.kong_ledger(meld.kind, LABELS[seat], others, feeder)


def qianshao(rnd: "Round") -> bool:
    """前燒 (L91): the round's first four discards are the dealer's and then each next
    seat's, all of one kind, and no claim took the first three (kongs in between, burnt
    tiles, do not count: they are no discards)."""
    first = rnd.discard_log[:4]
    if len(first) < 4:
        return False
    seats = [seat for seat, _ in first]
    if seats != [(rnd.dealer + k) % 4 for k in range(4)] or len({t for _, t in first}) != 1:
        return False
    # each of these is its seat's first discard
    return not any(rnd.seats[seat].claimed[0] for seat in seats[:3])


def _duoxiang(rnd: "Round", winners: Sequence[int]) -> bool:
    """一炮多響 (L97): several winners, or under ``claimants`` a winner and a 明扛 claim
    on the same discard that was honoured (paid, L97)."""
    if len(winners) > 1:
        return True
    if rnd.rules.flow_duoxiang_definition != "claimants":
        return False
    return any(e.cause == "kong" and any(p.reason == L97_KONG for p in e.payments) for e in rnd.entries)


_SUITED: Final = (1 << HONORS) - 1            # the suited kinds as a mask
_HONOURS: Final = ((1 << 34) - 1) ^ _SUITED


def _all_honours(rnd: "Round", seat: int, counts: bytearray) -> bool:
    """The concealed ``counts`` and the seat's melds are honours only (and not empty)."""
    held = HELD_MASK(counts)        # (one kernel call: most hands hold a suited tile)
    if held & _SUITED or not held:
        return False
    return all(t >= HONORS for m in rnd.seats[seat].melds for t in m.tiles)


def _shao_labels(dealer: int) -> dict[str, str]:
    """The labels of :func:`hupai.rules.fuzhou.shao` (D the dealer, A-C the others in
    turn order) → table labels."""
    others = [LABELS[(dealer + k) % 4] for k in (1, 2, 3)]
    return {"D": LABELS[dealer], **dict(zip(SEATS[:3], others))}


FLOW = FuzhouFlow()
