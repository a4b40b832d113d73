"""Fuzhou (Jiangxi) mahjong 撫州麻將 (seed 003; digest ../shared/rules/fuzhou.md).

136 tiles, 碰 and 扛 only, no jokers.  Any three different winds, and 中發白, form a
順子.  Besides four sets and a pair: 七小對, 十三爛 (14 different tiles, suited ones of
a suit at least three apart) and 七星十三爛; an all-honour hand is a 清一色 in any
arrangement.  Score = pattern points × 2 per 四規一 × 2 for 扛上開花, then +1 (綁一炮).
Kongs pay at once, win or not.  ``L<n>`` cites the seed by line.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Mapping, NamedTuple, Optional, Sequence

from .. import _core
from ..tiles import HONORS
from .flags import RegionFlags
from .ledger import Ledger, Transfer
from .._messages import short
from .model import (ANGANG, BUGANG, CHI, KONGS, MINGGANG, OTHERS, PENG, SEATS, Hand, WinContext,
                    check_dealer, check_table)
from .patterns import Pattern, PatternTable, preference, resolve
from .result import ChajiaoResult, ScoreResult

__all__ = ["FuzhouRules", "Rules", "PATTERNS", "score", "score_case", "kong_points", "kong_ledger",
           "shao", "next_dealer",
           "chajiao", "UNIT"]

UNIT = "分"


@dataclass(frozen=True)
class FuzhouRules(RegionFlags):
    """Flags of the Fuzhou digest (§6), with their defaults."""

    PREFIX = "fuzhou_"
    CHOICES = {"pattern_combine": ("sum", "max"), "siguiyi_stack": ("per_occurrence", "once"),
               "gangkai_siguiyi": ("multiply", "once")}
    __hash__ = RegionFlags.__hash__

    pattern_combine: str = "sum"              # C1 (L57) or "max"
    shisanlan_strict_147: bool = False        # C2 (L37 vs L39-43)
    siguiyi_requires_peng: bool = False       # C3 (L45, L81)
    siguiyi_stack: str = "per_occurrence"     # C4 or "once"
    honor_chow: bool = True                   # C5 (L23)
    gangkai_siguiyi: str = "multiply"         # C9 or "once"

    def __post_init__(self) -> None:
        self._check_choices()


Rules = FuzhouRules


class Facts(NamedTuple):
    shape: str            # "basic", "qixiaodui", "shisanlan", "qixing", "any" (all honours)
    triplets: bool        # basic with every set a triplet or kong
    qing: bool            # one suit, or all honours
    ctx: WinContext


PATTERNS = PatternTable([
    Pattern("qixiaodui", "七小對", "seven pairs", 5, lambda f: f.shape == "qixiaodui", source="L35, L67"),
    Pattern("dasipeng", "大四碰", "all triplets", 4, lambda f: f.shape == "basic" and f.triplets,
            source="L69"),
    Pattern("qingyise", "清一色", "one suit (or all honours, any arrangement)", 10, lambda f: f.qing,
            source="L47, L75"),
    Pattern("shisanlan", "十三爛", "thirteen unrelated", 2, lambda f: f.shape == "shisanlan",
            source="L37-43, L63"),
    Pattern("qixing", "七星十三爛", "thirteen unrelated with all honours", 4,
            lambda f: f.shape == "qixing", source="L65"),
    Pattern("tianhu", "天胡", "heavenly hand", 10, lambda f: f.ctx.tianhu, source="L71"),
    Pattern("dihu", "地胡", "win on the dealer's first discard", 10, lambda f: f.ctx.dihu,
            source="L73"),
])


def _readings(full: list, hand: Hand, rules: FuzhouRules) -> list[tuple[str, bool, bool]]:
    melds = hand.melds
    held = [t for t, n in enumerate(full) if n] + [m.tiles[0] for m in melds]
    groups = {t // 9 if t < HONORS else 3 for t in held}
    all_honors = groups == {3}
    one_suit = len(groups) == 1 and 3 not in groups
    out = set()
    if all_honors:
        out.add(("any", False, True))   # 字一色 counts as 清一色 without a shape (L47)
    for r in _core.readings(bytes(full), 0, seven_pairs=not melds, quads_as_two_pairs=True,
                            honor_sequences=rules.honor_chow):
        if r.form == "seven_pairs":
            out.add(("qixiaodui", False, one_suit or all_honors))
        else:
            out.add(("basic", r.triplets_only, one_suit or all_honors))
    if not melds and sum(full) == 14 and max(full) == 1:
        strict = rules.shisanlan_strict_147
        if _core.lan_deficit(bytes(full), strict=strict) == 0:
            seven = _core.lan_deficit(bytes(full), strict=strict, seven_stars=True) == 0
            out.add(("qixing" if seven else "shisanlan", False, False))
    return sorted(out)      # an order that does not depend on PYTHONHASHSEED


def _siguiyi(full: list, hand: Hand, rules: FuzhouRules) -> int:
    """四規一 (L45, L77-81): kinds with four tiles in the hand not declared as a kong (a
    peng plus the fourth held, or four held); only the peng way with
    ``siguiyi_requires_peng``."""
    n = 0 if rules.siguiyi_requires_peng else full.count(4)
    n += sum(1 for m in hand.melds if m.kind == PENG and full[m.tiles[0]] == 1)
    return n if rules.siguiyi_stack == "per_occurrence" else min(n, 1)


def _value(f: Facts, siguiyi: int, rules: FuzhouRules) -> tuple[int, tuple[Pattern, ...], int]:
    ctx = f.ctx
    return _value_cached(f.shape, f.triplets, f.qing, ctx.tianhu, ctx.dihu,
                         ctx.after_kong and ctx.self_draw, siguiyi, rules)


@functools.lru_cache(maxsize=4096)
def _value_cached(shape: str, triplets: bool, qing: bool, tianhu: bool, dihu: bool, gangkai: bool,
                  siguiyi: int, rules: FuzhouRules) -> tuple[int, tuple[Pattern, ...], int]:
    """(score, patterns, doublings) of one reading: a pure function of these facts."""
    ctx = WinContext(0, gangkai, after_kong=gangkai, tianhu=tianhu, dihu=dihu)
    f = Facts(shape, triplets, qing, ctx)
    hits = resolve(PATTERNS, f)
    points = [int(p.value) for p in hits]
    p = (sum(points) if rules.pattern_combine == "sum" else max(points)) if points else 1
    doublings = siguiyi if f.shape in ("basic", "qixiaodui") else 0
    gangkai = f.ctx.after_kong and f.ctx.self_draw
    if gangkai:
        doublings = doublings + 1 if rules.gangkai_siguiyi == "multiply" or not doublings else 1
    return p * 2 ** doublings + 1, hits, doublings if f.shape in ("basic", "qixiaodui") else 0


def kong_ledger(kind: str, konger: str, others: Sequence[str], feeder: Optional[str] = None) -> Ledger:
    """The points of one kong, paid the moment it is made, win or not (L51-53): 暗扛 2
    from each of ``others``, 補扛 1 from each, 明扛 2 from the ``feeder`` alone."""
    if kind == ANGANG:
        return Ledger.of(Transfer(o, konger, 2, "暗扛") for o in others)
    if kind == BUGANG:
        return Ledger.of(Transfer(o, konger, 1, "補扛") for o in others)
    if kind == MINGGANG:
        if feeder is None or feeder == konger:
            raise ValueError("a 明扛 is paid by the player whose discard was konged")
        return Ledger.of([Transfer(feeder, konger, 2, "明扛")])
    raise ValueError(f"{short(kind)} is not a kong")


def kong_points(hand: Hand) -> Ledger:
    """The winner's kongs, paid at once (L51-53): 暗扛 2 from each of the others, 補扛 1
    from each, 明扛 2 from the discarder who fed it (``from_seat``)."""
    ledger = Ledger()
    for m in hand.melds:
        if m.kind == MINGGANG and m.from_seat is None:
            raise ValueError(f"{m}: a 明扛 needs the seat that fed it (from)")
        if m.kind in KONGS:
            ledger = ledger + kong_ledger(m.kind, "W", OTHERS, m.from_seat)
    return ledger


def score(hand: Hand, ctx: WinContext, rules: Optional[FuzhouRules] = None, *,
          payment_scope: Sequence[str] = ("hand",)) -> ScoreResult:
    """Score a Fuzhou win; ``payment_scope`` adds "kong" for the winner's kong points.
    ``value`` is the score per payer, 綁一炮 included (搶扛: the robbed player pays three
    times it).  A hand with a chi does not win: 吃 is not played (L17, L29)."""
    rules = FuzhouRules.coerce(rules)
    scope = _scope(payment_scope)
    forbidden = _check_hand(hand, ctx)
    if forbidden:
        return ScoreResult.no_win(forbidden, UNIT)
    full = hand.concealed.tolist()
    full[ctx.win_tile] += 1
    sgy = _siguiyi(full, hand, rules)
    best = None
    best_key: tuple = ()
    for shape, triplets, qing in _readings(full, hand, rules):
        v, hits, doublings = _value(Facts(shape, triplets, qing, ctx), sgy, rules)
        # the highest score; equal scores: the shared tie-break (patterns.preference)
        key = (v, preference(PATTERNS, (p.id for p in hits)))
        if best is None or key > best_key:
            best, best_key = (v, hits, shape), key
    if best is None:
        return ScoreResult.no_win("the tiles do not form a winning hand", UNIT)
    value, hits, shape = best
    ledger = _win_ledger(value, ctx)
    if "kong" in scope:
        ledger = ledger + kong_points(hand)
    return ScoreResult(True, value, UNIT, _names(hits, shape, sgy, ctx), ledger, detail={"shape": shape})


def _scope(payment_scope: object) -> set[str]:
    if isinstance(payment_scope, str) or not isinstance(payment_scope, (list, tuple, set, frozenset)):
        raise TypeError(f"payment_scope is a list of settlements such as ['hand', 'kong'], not "
                        f"{type(payment_scope).__name__}")
    scope = set(payment_scope) | {"hand"}
    if scope - {"hand", "kong"}:
        raise ValueError(f"unknown payment scope {short(sorted(map(str, scope - {'hand', 'kong'})))}")
    return scope


def _check_hand(hand: Hand, ctx: WinContext) -> Optional[str]:
    """ValueError for what is not a Fuzhou win at all (a meld that is no meld, more
    copies than exist, a win that cannot happen); the reason when the rules forbid it."""
    if not isinstance(hand, Hand):
        raise TypeError(f"hand must be a Hand, not {type(hand).__name__}")
    if not isinstance(ctx, WinContext):
        raise TypeError(f"ctx must be a WinContext, not {type(ctx).__name__}")
    hand.check_copies(ctx.win_tile)
    forbidden = None
    for m in hand.melds:
        if m.kind == CHI:
            low = min(m.tiles)
            if sorted(m.tiles) != [low, low + 1, low + 2] or low >= HONORS or low // 9 != (low + 2) // 9:
                raise ValueError(f"{m}: a chi is three consecutive tiles of one suit")
            forbidden = forbidden or "吃 is not played in Fuzhou: only 碰 and 扛 (L17, L29)"
        elif len(set(m.tiles)) != 1:
            raise ValueError(f"{m}: a {m.kind} is identical tiles")
    if ctx.after_kong and not any(m.is_kong for m in hand.melds):
        raise ValueError("after_kong (扛上開花): the winner has no kong among his melds")
    if ctx.dihu and (ctx.self_draw or ctx.dealer):
        raise ValueError("地胡 in Fuzhou is another player winning on the dealer's first discard (L73): "
                         "not a self-draw, not the dealer")
    return forbidden


def _names(hits: Sequence[Pattern], shape: str, siguiyi: int, ctx: WinContext) -> tuple[str, ...]:
    names = [p.name for p in hits] or ["平胡"]
    if siguiyi and shape in ("basic", "qixiaodui"):
        names.append("四規一")
    if ctx.after_kong and ctx.self_draw:
        names.append("扛上開花")
    if ctx.robbing_kong:
        names.append("搶扛")
    names.append("綁一炮")
    return tuple(names)


def _win_ledger(value: int, ctx: WinContext) -> Ledger:
    """Self-draw: each of the three pays the score; 搶扛: as a self-draw, the konger pays
    all three shares (L55); a discard: the discarder pays (L51)."""
    if ctx.self_draw:
        return Ledger.of(Transfer(s, "W", value, "自摸") for s in OTHERS)
    if ctx.robbing_kong:
        return Ledger.of([Transfer("A", "W", 3 * value, "搶扛")])
    return Ledger.of([Transfer("A", "W", value, "放炮")])


def score_case(case: dict, rules: FuzhouRules) -> ScoreResult:
    """Adapter for the case format (FORMAT.md §4)."""
    from ..verify import context_of, hand_of
    return score(hand_of(case), context_of(case), rules,
                 payment_scope=case.get("payment_scope", ["hand"]))


def next_dealer(dealer: str, winners: Sequence[str], discarder: Optional[str] = None) -> str:
    """Who deals next (L13, L97): the dealer keeps the deal after his own win, a single
    winner takes it otherwise, and after 一炮多響 the discarder deals."""
    if len(winners) > 1:
        if discarder is None:
            raise ValueError("一炮多響 needs the discarder")
        return discarder
    if not winners:
        return SEATS[(SEATS.index(dealer) + 1) % len(SEATS)]   # 后燒 (L93)
    return winners[0]


def shao(kind: str) -> ScoreResult:
    """燒莊 with D the dealer: 后燒 (L93), the wall ran out with no winner, each other
    player pays the dealer 1; 前燒 (L91), everybody followed the dealer's first discard,
    the dealer pays each other player 1."""
    if kind == "houshao":
        return ScoreResult(True, 1, UNIT, ("后燒",), Ledger.of(Transfer(s, "D", 1, "后燒") for s in OTHERS))
    if kind == "qianshao":
        return ScoreResult(True, 1, UNIT, ("前燒",), Ledger.of(Transfer("D", s, 1, "前燒") for s in OTHERS))
    raise ValueError(f"unknown 燒莊 kind {short(kind)}; use 'houshao' or 'qianshao'")


def chajiao(seats: Mapping[str, Optional[Hand]], rules: Optional[FuzhouRules] = None,
            dealer: Optional[str] = None) -> ChajiaoResult:
    """The end of the wall with no winner is 后燒 (L93): no 查叫; each of the three others
    pays the dealer 1, and the deal passes to the next seat in turn order.  ``seats``
    maps the seats A-D to their hands (None: a seat that won)."""
    FuzhouRules.coerce(rules)
    check_table(seats)
    check_dealer(dealer)
    if dealer is None:
        raise ValueError("Fuzhou 后燒 needs the dealer's seat (A-D)")
    transfers = [Transfer(s, dealer, 1, "后燒") for s in SEATS if s != dealer]
    nxt = SEATS[(SEATS.index(dealer) + 1) % len(SEATS)]
    return ChajiaoResult({}, Ledger.of(transfers), UNIT, nxt,
                         event=f"后燒: the wall ran out with no winner; each other seat pays the dealer "
                               f"{dealer} 1 and {nxt} deals next (L93)")
