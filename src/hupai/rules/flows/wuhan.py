"""Wuhan's round flow (rules/wuhan-flow.md; A-L<n> cites seed 001 by line, B-<section>
seed 004 by section): a flipped indicator out of play, must-kong tiles and the laizi
laid out singly, 吃 by the 下家 only, one winner per round, 過水 on the same tile, the
海底 reserve and its last four draw-or-win tiles, 荒莊 that settles nothing.

逃跑 (A-L159, flow §9 ``taopao``) is not a table action: a caller that reports a runner
settles it outside the round, so this flow has no hook for it."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Final, Optional, Sequence

import numpy as np

from ...tiles import GREEN, HONORS, RED, tile_name
from .. import wuhan
from ..model import ANGANG, KONGS, OPENING, Hand
from ..result import ExhaustResult, ScoreResult
from ..situation import Loser, Situation
from .base import HELD_KINDS, HELD_MASK, DealOptions, LABELS, WinContext, declared, table_labels

if TYPE_CHECKING:
    from ...table.model import SeatState
    from ...table.round import Round

__all__ = ["WuhanFlow", "FLOW"]

_HAIDI_DRAWS: Final = 4        # 海底: "摸最后4張牌時自摸" (A-L85, B-一.9.6)
#: The fewest live tiles a kong needs, by ``flow_kong_cutoff``: D ≥ 5 keeps every
#: replacement out of the 海底 phase (flow §1); drawable_1 lets it be a 海底 draw
_KONG_MIN_LIVE: Final = {"drawable_5": 5, "drawable_1": 1}
# kinds as bit masks (bit t for kind t), as the seats' waits are tested
_SUITED_258: Final = sum(1 << t for t in range(HONORS) if t % 9 in (1, 4, 7))
_HONOUR_KINDS: Final = sum(1 << t for t in range(HONORS, 34))
_SUIT_KINDS: Final = (0x1FF, 0x1FF << 9, 0x1FF << 18)
_ALL_KINDS: Final = (1 << 34) - 1


#: For each suited tile, the sequences a 吃 of it can make and the two tiles of each
#: that come from the hand.
_CHI_SHAPES: Final = tuple(
    tuple(((start, start + 1, start + 2), tuple(t for t in (start, start + 1, start + 2) if t != tile))
          for start in range(tile - 2, tile + 1) if start >= 0 and start // 9 == tile // 9 == (start + 2) // 9)
    for tile in range(HONORS))


class _IndicatorTiles:
    """The tiles an indicator makes special (a compiled class: the flow reads them at
    every step)."""

    def __init__(self, laizi: int, must_kong: frozenset[int], special: frozenset[int]) -> None:
        self.laizi = laizi
        self.must_kong = must_kong
        self.special = special
        self.special_order = tuple(sorted(special))     # ``special`` in tile order
        self.special_mask = sum(1 << t for t in special)   # as a mask (bit t for kind t)


@functools.lru_cache(maxsize=256)
def _indicator_tiles(indicator: int, rules: Any) -> _IndicatorTiles:
    """The laizi and the must-kong tiles of an indicator under ``rules``."""
    laizi = wuhan.laizi_of(indicator, rules)
    must = wuhan.must_kong_tiles(indicator, rules)
    special = must | {laizi}
    return _IndicatorTiles(laizi, must, special)


class WuhanFlow(DealOptions):
    """The flow defaults of wuhan-flow.md §12 and the ``wuhan_flow_*`` options."""


    # ---------------------------------------------------------------- tiles and wall

    def reserve(self, rules: Any) -> int:
        # "除去海底的5沓牌（10張）" (A-L85, B-一.9.6): a count, replacements come from the tail
        return int(rules.flow_haidi_reserve)

    def replacement_from_back(self, rules: Any) -> bool:
        # "補牌" after a kong (A-L87, B-一.9.7) says not from where: the tail by default
        return rules.flow_replacement_source == "tail"

    def last_draws(self, rules: Any) -> int:
        return _HAIDI_DRAWS

    def kong_min_live(self, rules: Any) -> int:
        # D ≥ 5: "此時不能打出不能杠" in the last four (A-L85), so no replacement is a 海底 tile
        return _KONG_MIN_LIVE[rules.flow_kong_cutoff]

    def after_deal(self, rnd: "Round") -> None:
        # the lone tile after the deal is turned face up, out of play (B-一.3, B-一.4, A-L27)
        rnd.flip("indicator", back=rnd.rules.flow_indicator_source == "tail")

    # ---------------------------------------------------------------- the indicator's tiles

    def indicator(self, rnd: "Round") -> int:
        return rnd.flips["indicator"]

    @staticmethod
    def _tiles(rnd: "Round") -> _IndicatorTiles:
        """The round's laizi and must-kong tiles, found once the indicator is flipped and
        kept in the round's memo."""
        found = rnd.memo.get("indicator_tiles")
        if found is None:
            found = rnd.memo["indicator_tiles"] = _indicator_tiles(rnd.flips["indicator"], rnd.rules)
        return found

    def laizi(self, rnd: "Round") -> int:
        return self._tiles(rnd).laizi

    def must_kong(self, rnd: "Round") -> frozenset[int]:
        return self._tiles(rnd).must_kong

    def special(self, rnd: "Round") -> frozenset[int]:
        """The must-kong tiles and the laizi: they leave a hand only as single-tile kongs
        (A-L15, A-L31, flow §0)."""
        return self._tiles(rnd).special

    # ---------------------------------------------------------------- win pre-checks

    def jokers(self, rnd: "Round") -> tuple[int, ...]:
        return (self.laizi(rnd),)

    def kernel_options(self, rnd: "Round", seat: int) -> dict[str, Any]:
        return {"seven_pairs": False}       # "沒有…七對" (A-L65)

    def _may_ever_win(self, rnd: "Round", seat: int) -> bool:
        """開口 made (A-L55) and no must-kong tile held (A-L15-23): without both no tile
        is a win."""
        s = rnd.seats[seat]
        for m in s.melds:
            if m.kind in OPENING:
                break
        else:                            # no meld, or none that opens the hand
            return False
        held = s.concealed
        for t in self._tiles(rnd).must_kong:
            if held[t]:
                return False
        return True

    def may_win(self, rnd: "Round", seat: int, counts: bytearray) -> bool:
        if not self._may_ever_win(rnd, seat):
            return False
        if rnd.rules.ghost_as_fifth_copy or self._any_arrangement(rnd, seat, counts):
            return True
        return super().may_win(rnd, seat, counts)

    def wait_mask(self, rnd: "Round", seat: int) -> int:
        """A superset of the tiles ``score`` may call a win on: the kernel's waits with
        the laizi as jokers (the laizi too: it stands for any of them), and every tile a
        亂將 / 亂風 (A-L69) or, under ``qingyise_requires_shape`` false, a 亂清 takes."""
        if not self._may_ever_win(rnd, seat):
            return 0
        if rnd.rules.ghost_as_fifth_copy:     # the kernel never reads a joker as a fifth copy
            return _ALL_KINDS
        out = super().wait_mask(rnd, seat) | self._any_arrangement(rnd, seat, rnd.seats[seat].concealed)
        return out | 1 << self.laizi(rnd) if out else 0

    def _any_arrangement(self, rnd: "Round", seat: int, counts: bytearray) -> int:
        """The tiles (a mask) that complete a win needing no shape: 將一色 and 風一色
        (A-L69, B-一.9.3-4), 清一色 when ``qingyise_requires_shape`` is false; ``counts``
        are the concealed tiles (the laizi stand in for anything)."""
        laizi = self.laizi(rnd)
        kinds = HELD_MASK(counts)   # (masks: most hands hold tiles of several kinds)
        for m in rnd.seats[seat].melds:
            for t in m.tiles:
                kinds |= 1 << t
        kinds &= ~(1 << laizi)
        out = 0
        if not kinds & ~_SUITED_258:
            out |= _SUITED_258
        if not kinds & ~_HONOUR_KINDS:
            out |= _HONOUR_KINDS
        if not rnd.rules.qingyise_requires_shape:
            for suit in _SUIT_KINDS:
                if kinds and not kinds & ~suit:
                    out |= suit
        return out

    # ---------------------------------------------------------------- the seat to play

    def discardable(self, rnd: "Round", seat: int) -> list[int]:
        # special tiles never go out as discards: "打出來也是杠牌" (A-L15, A-L31); when only
        # they are left and no kong may be made, special_kong_options is the fallback
        s = rnd.seats[seat]
        out = HELD_KINDS(s.concealed, self._tiles(rnd).special_mask)
        if rnd.after_claim and rnd.rules.flow_chi_swap == "forbidden":
            claimed = s.melds[-1].claimed
            kept = [t for t in out if t != claimed]
            out = kept or out            # forced: nothing else left to discard
        return out

    def angang_options(self, rnd: "Round", seat: int) -> list[tuple[int, ...]]:
        # four natural copies, never of a special tile (A-L11, A-L33, B-二.1)
        special = self._tiles(rnd).special
        return [k for k in super().angang_options(rnd, seat) if k[0] not in special]

    def kongs_after_claim(self, rules: Any) -> bool:
        # 暗杠 / 蓄杠 follow draws (flow §4 step 4); "all" lets them follow a 吃 / 碰 too
        return rules.flow_kongs_after_claim == "all"

    def special_kong_options(self, rnd: "Round", seat: int) -> list[int]:
        """Single-tile kongs: any held special tile, "隨時" (A-L15) and "在任意时候"
        (B-一.6), after a 吃 / 碰 too (not under ``kongs_after_claim`` none), while D ≥ 5.
        Fallback (flow §4 step 3): a hand of special tiles only, with no kong allowed,
        lays one out with no replacement draw (:meth:`special_kong_replaced`; the engine
        ends the turn when the wall is below ``kong_min_live``)."""
        counts = rnd.seats[seat].concealed
        found = self._tiles(rnd)
        held = [t for t in found.special_order if counts[t]]
        if not held or (rnd.live >= self.kong_min_live(rnd.rules) and not self._no_kong_after_claim(rnd)):
            return held
        only_special = sum(counts) == sum(counts[t] for t in held)
        return held if only_special else []

    def special_kong_replaced(self, rnd: "Round", seat: int) -> bool:
        # "打出來也是杠牌" with its 補牌 (A-L15, A-L87 杠开; is_kong); turn_ending_discard:
        # the kong's fan, and the tile ends the turn as a discard would (A-L37 "也可打出");
        # the fallback after a claim under kongs_after_claim none (flow §4 step 3) too
        return rnd.rules.flow_special_kong_discard == "is_kong" and not self._no_kong_after_claim(rnd)

    @staticmethod
    def _no_kong_after_claim(rnd: "Round") -> bool:
        """Just after the seat's 吃 / 碰 under ``kongs_after_claim`` none: no kong at all."""
        return rnd.after_claim and rnd.rules.flow_kongs_after_claim == "none"

    def special_kong_kind(self, rnd: "Round", tile: int) -> str:
        # 紅中杠 (A-L15), 癩子杠 (A-L31), 發財杠 (A-L21), 皮子杠 (B-一.7); 紅中 first when
        # the indicator itself is 紅中 in the 皮子 variant
        variant = rnd.rules.gang_variant
        if tile == RED:
            return "hongzhong"
        if tile == self.laizi(rnd):
            return "laizi"
        if variant == wuhan.HONGZHONG_FACAI and tile == GREEN:
            return "facai"
        if variant == wuhan.HONGZHONG_PIZI and tile == self.indicator(rnd):
            return "pizi"
        raise ValueError(f"{tile_name(tile)} is not a special tile of this Wuhan round")

    # ---------------------------------------------------------------- claims

    def peng_options(self, rnd: "Round", seat: int, tile: int) -> list[tuple[int, ...]]:
        # no 碰 of a special tile (A-L11, B-二.1)
        return [] if tile in self._tiles(rnd).special else super().peng_options(rnd, seat, tile)

    def minggang_allowed(self, rnd: "Round", seat: int, tile: int) -> bool:
        return tile not in self._tiles(rnd).special and super().minggang_allowed(rnd, seat, tile)

    def chi_options(self, rnd: "Round", seat: int, tile: int, discarder: int) -> list[tuple[int, ...]]:
        """吃 only by the discarder's 下家 (A-L11, B-二.1), a suited sequence whose two hand
        tiles are natural: neither a laizi nor a must-kong tile (皮子, flow §5.1)."""
        if seat != (discarder + 1) % 4 or tile >= HONORS:
            return []
        held = rnd.seats[seat].concealed
        special = self._tiles(rnd).special
        return [seq for seq, (a, b) in _CHI_SHAPES[tile]
                if held[a] and held[b] and a not in special and b not in special]

    def claim_rank(self, rnd: "Round", seat: int, action: Any, discarder: int) -> tuple:
        # 胡 > 碰 / 杠 > 吃 (flow §5.2, flow_claim_priority); seat_order: the nearest seat
        if rnd.rules.flow_claim_priority == "seat_order":
            return ((seat - discarder) % 4,)
        return super().claim_rank(rnd, seat, action, discarder)

    # ---------------------------------------------------------------- wins

    def winners(self, rnd: "Round", claimants: Sequence[int], from_seat: int) -> list[int]:
        # 一炮單響: "只能有一個胡牌者" (A-L95), "每首牌只能有一个胡牌者" (B-二.2.10); on a rob
        # the konger stands in the discarder's place ("第一家可以截胡", B-一.9.8)
        won = wuhan.priority_winner(LABELS[from_seat], [LABELS[s] for s in claimants], LABELS[rnd.dealer],
                                    LABELS, rnd.rules)
        return [LABELS.index(won)]

    def situation(self, rnd: "Round", ctx: WinContext, labels: dict[int, str]) -> Situation:
        s = rnd.seats[ctx.seat]
        return Situation(ctx.tile, self_draw=ctx.self_draw, after_kong=ctx.source == "replacement",
                         robbing_kong=ctx.source == "rob", dealer=ctx.seat == rnd.dealer,
                         indicator=self.indicator(rnd), losers=self._losers(rnd, ctx, labels),
                         special_kongs=dict(s.special_kongs), last_four=self._haidi(rnd, ctx),
                         discarder_ready=self._discarder_ready(rnd, ctx))

    def _haidi(self, rnd: "Round", ctx: WinContext) -> bool:
        """A 海底撈 self-draw: a draw made with D ≤ 4 (A-L85, flow §1), so the wall now
        holds fewer than four drawable tiles; a kong's replacement only under
        ``flow_kong_cutoff`` drawable_1 (杠開 with 海底撈, flow §7)."""
        return ctx.source in ("draw", "replacement") and rnd.live < self.last_draws(rnd.rules)

    def _losers(self, rnd: "Round", ctx: WinContext, labels: dict[int, str]) -> tuple[Loser, ...]:
        """The three others, each with his own fans (A-L105, A-L109, B-三.A): opened and
        how often (吃 / 碰 / 直杠, a 蓄杠 keeping its 碰's one), dealer, 放沖, his kongs."""
        out = []
        for seat, label in labels.items():
            if label == "W":
                continue
            other = rnd.seats[seat]
            opens = sum(1 for m in other.melds if m.kind in OPENING)
            kongs = self._kongs(other)
            if ctx.source == "rob" and seat == ctx.from_seat and rnd.rules.flow_robbed_kong == "counts_as_kong":
                kongs["ming"] = kongs.get("ming", 0) + 1     # the robbed 蓄杠 still a kong fan
            out.append(_loser(label, opens, seat == rnd.dealer, ctx.source == "discard" and seat == ctx.from_seat,
                              tuple(sorted(kongs.items()))))
        return tuple(out)

    @staticmethod
    def _kongs(s: "SeatState") -> dict[str, int]:
        """A seat's kongs by kind: 明杠 (直杠 and standing 蓄杠), 暗杠, single-tile kongs."""
        out = dict(s.special_kongs)
        out["ming"] = sum(1 for m in s.melds if m.kind in KONGS and m.kind != ANGANG)
        out["an"] = sum(1 for m in s.melds if m.kind == ANGANG)
        return out

    def _discarder_ready(self, rnd: "Round", ctx: WinContext) -> bool:
        """Whether the discarder was ready after his discard (flow §7: some tile makes a
        legal self-drawn win), which decides 全求人 包胡 (A-L127, B-三.B.1).  Only a
        winner with four melds can have 全求人, so only then is it worth asking."""
        if ctx.source != "discard" or ctx.from_seat is None or len(rnd.seats[ctx.seat].melds) < 4:
            return True
        hand = rnd.hand_of(ctx.from_seat)
        return wuhan.ready(hand, rnd.rules, self.table_situation(rnd)).ready

    # ---------------------------------------------------------------- 過水 (B-二.2.5)

    def _measure(self, rnd: "Round", result: ScoreResult) -> float:
        # the total received (flow §5.4), or the winner's own multiplier
        if rnd.rules.flow_guoshui_measure == "winner_multiplier":
            return float(result.detail["multiplier"])
        return float(result.value)

    def declined_win(self, rnd: "Round", ctx: WinContext, result: ScoreResult) -> None:
        # every tile a claim-win was declined on since the last draw, with its value
        s = rnd.seats[ctx.seat]
        record = dict(s.guoshui or {})
        record[ctx.tile] = max(record.get(ctx.tile, 0.0), self._measure(rnd, result))
        s.guoshui = record

    def win_allowed(self, rnd: "Round", ctx: WinContext, result: ScoreResult) -> bool:
        # a claim-win on a declined tile only if "胡牌翻数大于前一家" (B-二.2.5); other tiles
        # are free, and wuhan_guoshui none blocks nothing (A-L71)
        record = rnd.seats[ctx.seat].guoshui
        if ctx.self_draw or not record or ctx.tile not in record or rnd.rules.guoshui == "none":
            return True
        return self._measure(rnd, result) > record[ctx.tile]

    # ---------------------------------------------------------------- the end

    def exhaust(self, rnd: "Round") -> ExhaustResult:
        """荒莊: each seat's 13 tiles go to ``exhaust`` (which settles nothing, flow §8); a
        seat that drew in the 海底 phase kept that tile (A-L85), so it is left out."""
        table = {LABELS[i]: self._thirteen(rnd, i) for i in range(4)}
        return rnd.region.exhaust(table, rnd.rules, dealer=LABELS[rnd.dealer], situation=self.table_situation(rnd))

    @staticmethod
    def _thirteen(rnd: "Round", seat: int) -> Hand:
        s = rnd.seats[seat]
        counts = bytearray(s.concealed)
        if s.count() + 3 * len(s.melds) == 14:      # its last tile received is the 海底 draw
            counts[s.received[-1]] -= 1
        # (read-only over bytes: the hand keeps it without a copy)
        return rnd.region.make_hand(np.frombuffer(bytes(counts), dtype=np.uint8), declared(s.melds, table_labels(rnd)))

    def table_situation(self, rnd: "Round") -> Optional[Situation]:
        return _table_situation(self.indicator(rnd))

    def exhaust_cause(self, rnd: "Round") -> str:
        return "huangzhuang"        # 荒莊 settles nothing (flow §8; WH-CJ-01…03)

    def next_dealer(self, rnd: "Round") -> int:
        # "莊家胡牌或者荒莊（流局）則繼續做" (A-L51, B-一.12); else "逆时针轮流坐庄" to the 下家
        won = rnd.win_events[0].winners[0] if rnd.win_events else rnd.dealer
        if won == rnd.dealer:
            return rnd.dealer
        step = 3 if rnd.rules.flow_dealer_rotation == "previous_seat" else 1
        return (rnd.dealer + step) % 4


@functools.lru_cache(maxsize=1024)
def _loser(label: str, opens: int, dealer: bool, discarder: bool, kongs: tuple[tuple[str, int], ...]) -> Loser:
    """One loser of a win, checked and made once: a Loser is frozen, and the same few
    (most not opened, no kongs) come back at every win."""
    return Loser(label, bool(opens), opens, dealer, discarder, dict(kongs))


@functools.lru_cache(maxsize=34)
def _table_situation(indicator: int) -> Situation:
    """The table facts of an indicator, one immutable situation each (a greedy agent
    asks for them at every discard)."""
    return Situation(indicator=indicator)


FLOW = WuhanFlow()
