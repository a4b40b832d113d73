"""Luzhou's round flow (rules/luzhou-flow.md, seed lines L<n>): 紅中 ghosts that die when
discarded, 硬碰 before 貼鬼碰, 報牌, 過水, and the blood battle that goes on until three
players have won or the wall is gone."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from ... import _core
from ...tiles import HONORS, RED
from .. import luzhou
from ..ledger import Ledger
from ..result import ExhaustResult, ScoreResult
from ..situation import Situation
from .base import DealOptions, LABELS, WinContext

if TYPE_CHECKING:
    from ...table.round import Round

__all__ = ["LuzhouFlow", "FLOW"]



def peng_kind(meld: Any) -> int:
    """The kind of a 碰 (its claimed tile; a 貼鬼碰 holds a ghost besides)."""
    return meld.claimed if meld.claimed is not None else meld.tiles[0]


class LuzhouFlow(DealOptions):
    """The flow defaults of luzhou-flow.md §12, and the options beside them that are
    ``flow_*`` fields of :class:`~hupai.rules.luzhou.LuzhouRules` (docs/rules/luzhou.md,
    "Round flow", lists the ones not played)."""

    def kong_min_live(self, rules: Any) -> int:
        # a kong needs its replacement tile (forbid); no_replacement lets it stand on an
        # empty wall, which then ends the round
        return 0 if rules.flow_kong_empty_wall == "no_replacement" else 1

    def tile_set(self, rules: Any) -> list[int]:
        # 108 suited tiles and 4 or 8 紅中 (L19, L65-67); no other honour
        return [t for t in range(HONORS) for _ in range(4)] + [RED] * rules.ghost_count

    def jokers(self, rnd: "Round") -> tuple[int, ...]:
        return (RED,)

    def replacement_from_back(self, rules: Any) -> bool:
        # L45 "摸起來張牌" says not from where: Sichuan practice takes the tail
        return bool(rules.flow_replacement_source == "tail")

    def last_discard_claims(self, rules: Any) -> bool:
        # 查叫 comes "最后一張牌打出后" (L33): by default the last discard may only be won
        return bool(rules.flow_last_discard_claims == "any")

    def kongs_after_claim(self, rules: Any) -> bool:
        # "碰了一對后再模一張來杠" (L41): a kong follows a draw
        return bool(rules.flow_after_peng == "kong_allowed")

    def winner_hand_public(self, rules: Any) -> bool:
        # 胡 is declared (L29): the winning hand is shown to be checked
        return bool(rules.flow_winner_hand == "revealed")

    def angang_public(self, rules: Any) -> bool:
        return bool(rules.flow_angang_reveal == "kind")

    def dead_discard(self, rnd: "Round", tile: int) -> bool:
        return tile == RED          # a discarded ghost is dead: no 碰, 杠 or 胡 on it (L19)

    def locked(self, rnd: "Round", seat: int) -> bool:
        # after 報牌 the seat only draws and discards (flow §4 step 6, L125)
        return rnd.seats[seat].declared == "baopai" and rnd.rules.flow_baopai_lock == "draw_discard"

    def angang_options(self, rnd: "Round", seat: int) -> list[tuple[int, ...]]:
        # 內杠: four identical natural tiles (L37); ghosts stand in no 暗杠
        return self._not_let_pass(rnd, seat, "angang", [k for k in super().angang_options(rnd, seat) if k[0] != RED])

    def bugang_options(self, rnd: "Round", seat: int) -> list[tuple[int, ...]]:
        # 補杠: the fourth natural tile, or a 紅中 (補杠紅中, L41, L43)
        s = rnd.seats[seat]
        if not s.melds or self.locked(rnd, seat):
            return []
        out = []
        for m in s.melds:
            if m.kind == "peng" and m.claimed is not None:
                if s.concealed[m.claimed]:
                    out.append(m.tiles + (m.claimed,))
                if s.concealed[RED]:
                    out.append(m.tiles + (RED,))
        return self._not_let_pass(rnd, seat, "bugang", out)

    def follows_choices(self, rules: Any) -> bool:
        # kong_timing at_once: a 內杠 or 補杠 is made at the first own decision it is
        # offered at, or never (any_time, L41 and L43's 補杠紅中 with a ghost held from
        # earlier, lets it wait); the chances let pass are recorded (Flow.on_choice)
        return bool(rules.flow_kong_timing == "at_once")

    def _not_let_pass(self, rnd: "Round", seat: int, kind: str,
                      kongs: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """``kongs`` of ``kind`` less those the seat let pass under kong_timing at_once."""
        let_pass = self.kongs_let_pass(rnd)
        return [k for k in kongs if (seat, kind, k) not in let_pass] if let_pass else kongs

    def peng_options(self, rnd: "Round", seat: int, tile: int) -> list[tuple[int, ...]]:
        # 硬碰 with two naturals, 貼鬼碰 with one natural and a 紅中 (L27); two ghosts
        # only when luzhou_tiegui_min_naturals is 0
        s = rnd.seats[seat]
        if self.locked(rnd, seat):
            return []
        out: list[tuple[int, ...]] = []
        if s.concealed[tile] >= 2:
            out.append((tile, tile, tile))
        if s.concealed[tile] >= 1 and s.concealed[RED] >= 1:
            out.append((tile, tile, RED))
        if rnd.rules.tiegui_min_naturals == 0 and s.concealed[RED] >= 2:
            out.append((tile, RED, RED))
        return out

    def claim_rank(self, rnd: "Round", seat: int, action: Any, discarder: int) -> tuple:
        # fewer ghosts from the hand first (硬碰 beats 貼鬼碰), then the seat nearest
        # after the discarder (L27)
        return (action.tiles.count(RED), (seat - discarder) % 4)

    def robbed_tile(self, rnd: "Round", konger: int, peng: Any, added: int) -> int:
        # robbing a 補杠紅中 wins on the tile the ghost stands for (L43)
        return peng_kind(peng) if added == RED else added

    def robbed(self, rnd: "Round", konger: int, index: int, added: int) -> None:
        # the robber takes a natural tile of the 碰 and the 紅中 stays in it (L43)
        if added != RED:
            return
        s = rnd.seats[konger]
        m = s.melds[index]
        kept = list(m.tiles)
        kept.remove(peng_kind(m))
        s.melds[index] = m._replace(tiles=tuple(kept) + (RED,))

    # ---------------------------------------------------------------- 報牌 (L125)

    def _ready13(self, rnd: "Round", seat: int) -> bool:
        s = rnd.seats[seat]
        counts = bytearray(s.concealed)
        ghosts = counts[RED]
        counts[RED] = 0
        if not _core.waits(counts, ghosts, seven_pairs=not s.melds):
            return False
        return luzhou.ready(rnd.hand_of(seat), rnd.rules).ready

    def opening_declarations(self, rnd: "Round", seat: int) -> list[str]:
        # a non-dealer whose dealt 13 tiles are ready declares at the start or never
        return ["baopai"] if self._ready13(rnd, seat) else []

    def discard_declarations(self, rnd: "Round", seat: int) -> list[str]:
        # the dealer, ready after his first discard (L125)
        if seat != rnd.dealer or len(rnd.discard_log) != 1 or rnd.seats[seat].declared:
            return []
        return ["baopai"] if self._ready13(rnd, seat) else []

    # ---------------------------------------------------------------- wins

    def situation(self, rnd: "Round", ctx: WinContext, labels: dict[int, str]) -> Situation:
        s = rnd.seats[ctx.seat]
        # 地胡: a non-dealer's first draw (L115), voided by any earlier 碰 / 杠 (C17)
        untouched = not rnd.any_claim or rnd.rules.flow_dihu_interrupt == "none"
        dihu = (ctx.source == "draw" and ctx.seat != rnd.dealer and untouched
                and not s.discards and len(s.received) == 14)
        kong_discard = ctx.source == "discard" and ctx.from_seat is not None \
            and rnd.seats[ctx.from_seat].kong_this_turn
        return Situation(ctx.tile, self_draw=ctx.self_draw, after_kong=ctx.source == "replacement",
                         kong_discard=kong_discard, robbing_kong=ctx.source == "rob",
                         declared_ready=s.declared == "baopai", tianhu=ctx.source == "dealt", dihu=dihu,
                         dealer=ctx.seat == rnd.dealer,
                         guoshui_passed_value=None if ctx.self_draw else s.guoshui)

    def declined_win(self, rnd: "Round", ctx: WinContext, result: ScoreResult) -> None:
        # 過水 (L57): the highest paid value passed since the last draw
        s = rnd.seats[ctx.seat]
        s.guoshui = max(s.guoshui or 0, int(result.value))

    def every_robber_wins(self, rules: Any) -> bool:
        # 一炮多響 (L135) and every robber (L43); first_only keeps the nearest robber
        return bool(rules.flow_multirob == "all")

    def play_on_after(self, rnd: "Round", winners: Sequence[int], from_seat: Optional[int]) -> int:
        # 血戰 goes on from the winner's 下家 (L5 is silent); after_discarder: from the discarder's
        if from_seat is not None and rnd.rules.flow_next_after_win == "after_discarder":
            return from_seat
        return super().play_on_after(rnd, winners, from_seat)

    def exhaust(self, rnd: "Round") -> ExhaustResult:
        # 查叫 "所有牌摸完" (L141), also when the last tile was won; L33's "最后一張牌打出后"
        # read alone (flow_chajiao_after_last_win false) holds none then
        last_won = len(rnd.events) >= 2 and rnd.events[-2]["type"] == "win"
        if last_won and not rnd.rules.flow_chajiao_after_last_win:
            return ExhaustResult({}, Ledger(), luzhou.UNIT, None, event="the last tile was won: no 查叫 (L33)")
        return super().exhaust(rnd)

    def round_over_after_win(self, rnd: "Round") -> bool:
        # 血戰: "直到“胡完三家”或“抓光牌”為止" (L5)
        return sum(s.finished for s in rnd.seats) >= 3

    def exhaust_cause(self, rnd: "Round") -> str:
        return "chajiao"

    def end_ledgers(self, rnd: "Round") -> list[tuple[str, Optional[int], Ledger]]:
        # 喜錢 (8 ghosts) of every seat that received five ghosts this round, counting the
        # deal and every draw ("一局之內摸到了五個鬼牌"), with the three others, winners or
        # not ("向剩下三家收取…不論自己胡沒胡牌"), in turn order from the dealer (L129); a
        # win's value leaves it out, so a winner collects here too
        out: list[tuple[str, Optional[int], Ledger]] = []
        for k in range(4):
            seat = (rnd.dealer + k) % 4
            s = rnd.seats[seat]
            ghosts = _ghosts_counted(s, rnd.rules)
            others = [LABELS[o] for o in range(4) if o != seat]
            if s.finished:
                ledger = luzhou.xiqian_collected(LABELS[seat], others, ghosts, rnd.rules)
            else:
                ledger = luzhou.xiqian_settlement(LABELS[seat], others, ghosts, False, rnd.rules)
            if ledger.transfers:
                out.append(("xiqian", seat, ledger))
        return out


def _ghosts_counted(s: Any, rules: Any) -> int:
    """The ghosts a seat's 喜錢 counts: every one received this round, the deal's and
    every draw's, a discarded one too (L129 "摸到", dealt_and_drawn); or, under
    held_at_end, those in its hand at the end: concealed, in its melds (貼鬼碰, 補杠紅中)
    and a self-drawn winning ghost held apart."""
    if rules.flow_xiqian_count == "dealt_and_drawn":
        return int(s.received.count(RED))
    in_melds = sum(m.tiles.count(RED) for m in s.melds)
    return int(s.concealed[RED]) + in_melds + (s.win_tile == RED and s.finished)


FLOW = LuzhouFlow()
