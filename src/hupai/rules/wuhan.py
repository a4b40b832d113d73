"""Wuhan mahjong 武漢麻將, 紅中癩子杠 and its sister variants (seeds 001 and 004; digest
../shared/rules/wuhan.md).

136 tiles; a flipped indicator (癩子皮) makes its successor the laizi 癩子 (a joker);
紅中 (and 發財 or the 皮子 in the sister variants) must be konged singly and block a win
while held.  A win needs 開口; a small win 小胡 needs a 2-5-8 pair and at most one
laizi; big wins 大胡 add 10 each.  Every one of the three losers pays
``base × 2^(winner fans) × 2^(own fans)`` (×1.5 factors in big wins), capped at 400,
with 金頂 / 陽光頂 / 光明頂 when all three exceed it.  ``A-L<n>`` cites seed 001 by
line, ``B-<section>`` seed 004 by section.
"""
from __future__ import annotations

import functools
import operator
from dataclasses import dataclass, field
from typing import Mapping, NamedTuple, Optional, Sequence

import numpy as np

from .. import _core, tiles
from ..tiles import EAST, GREEN, HONORS, NORTH, RED, SOUTH, WEST, WHITE
from .fifth import readings_beyond_four
from .flags import RegionFlags
from .ledger import Ledger, Transfer
from .model import ANGANG, BUGANG, CHI, MINGGANG, OTHERS, PENG, DeclaredMeld, Hand, WinContext
from .patterns import Pattern, PatternTable, resolve
from .result import ChajiaoResult, ScoreResult, SeatReport

__all__ = ["WuhanRules", "Rules", "Loser", "laizi_of", "must_kong_tiles", "score", "chajiao",
           "priority_winner",
           "PATTERNS", "UNIT"]

UNIT = "分"
HONGZHONG, HONGZHONG_PIZI, HONGZHONG_FACAI = "hongzhong", "hongzhong_pizi", "hongzhong_facai"
KAIKOU_FAN, KOUKOU_FAN = "kaikou_fan", "koukou_fan"


@dataclass(frozen=True)
class WuhanRules(RegionFlags):
    """Flags of the Wuhan digest (§8), with their defaults."""

    PREFIX = "wuhan_"
    CHOICES = {
        "gang_variant": (HONGZHONG, HONGZHONG_PIZI, HONGZHONG_FACAI),
        "kaikou_mode": (KAIKOU_FAN, KOUKOU_FAN), "laizi_gang_fan": (1, 2),
        "big_zimo_fangchong_factor": (1.5, 2), "guoshui": ("same_tile_unless_higher", "none"),
        "qianggang_settlement": ("as_gangkai_robbed_pays_all", "discard_like"),
        "multi_win_priority": ("next_after_discarder", "from_dealer"),
    }
    __hash__ = RegionFlags.__hash__

    gang_variant: str = HONGZHONG                    # C1 (B-一.6-8, A-L13-23)
    kaikou_mode: str = KAIKOU_FAN                    # 開口翻 or 口口翻 (A-L111, A-L119, B-一.2)
    laizi_gang_fan: int = 2                          # C3 (A-L31 vs B-三.A)
    big_win_dealer_fan: bool = False                 # C4 (A-L117)
    big_zimo_fangchong_factor: float = 1.5           # C5 (B-三.A)
    qingyise_requires_shape: bool = True             # C7 (B-一.9.5)
    guoshui: str = "same_tile_unless_higher"         # C6 (B-二.2.5) or "none" (A-L71)
    xiaohu_laizi_limit_counts_self_used: bool = True  # C8 (B-一.10)
    gangkai_zimo_factor: bool = False                # C11 (B-三.A 杠开)
    qianggang_settlement: str = "as_gangkai_robbed_pays_all"  # C16 or "discard_like"
    loser_kaikou_fan: bool = True                    # C10 (A-L105, A-L141-151)
    quanqiuren_discard_only: bool = True             # C14 (B-一.9.2)
    situational_lifts_laizi_limit: bool = True       # C15 (B-一.9.7, B-二.2.9)
    multi_win_priority: str = "next_after_discarder"  # C12 (A-L95, B-二.2.10) or "from_dealer"
    jianzihu_discard_forbidden: bool = True          # C13 (B-二.2.6)
    koukou_top_tiers: str = "600/700/800"            # C17 (A-L137 gives 600; the rest unsourced)
    ghost_as_fifth_copy: bool = False                # C18

    def __post_init__(self) -> None:
        self._check_choices()
        tiers = self.koukou_top_tiers.split("/")
        if len(tiers) != 3 or not all(t.isdigit() for t in tiers):
            raise ValueError(f"wuhan_koukou_top_tiers must look like '600/700/800', got "
                             f"{self.koukou_top_tiers!r}")


    @property
    def tiers(self) -> tuple[int, int, int]:
        """(金頂, 陽光頂, 光明頂) amounts (B-三.C; 口口翻: A-L137 and C17)."""
        if self.kaikou_mode == KOUKOU_FAN:
            a, b, c = (int(x) for x in self.koukou_top_tiers.split("/"))
            return a, b, c
        return 500, 600, 700


Rules = WuhanRules

# ------------------------------------------------------------------ laizi

_HONOR_CYCLE = (EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE)   # 東→南→西→北→中→發→白 (A-L27)


def must_kong_tiles(indicator: int, rules: WuhanRules = WuhanRules()) -> frozenset[int]:
    """Tiles that are konged singly and may never be held: 紅中, plus 發財 or the three
    remaining indicator tiles (皮子) in the sister variants (B-一.6-8)."""
    return _MUST_KONG[indicator, rules.gang_variant]


def laizi_of(indicator: int, rules: WuhanRules = WuhanRules()) -> int:
    """The laizi: the indicator's successor (suits 9 → 1; honours 東南西北中發白 in a
    cycle, skipping the variant's must-kong tiles) (A-L27, A-L35, B-一.3)."""
    return _LAIZI[indicator, rules.gang_variant]


def _successor(indicator: int, variant: str) -> int:
    if indicator < HONORS:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    skip = {RED} | ({GREEN} if variant == HONGZHONG_FACAI else set())
    i = _HONOR_CYCLE.index(indicator)
    while True:
        i = (i + 1) % len(_HONOR_CYCLE)
        if _HONOR_CYCLE[i] not in skip:
            return _HONOR_CYCLE[i]


def _must_kong(indicator: int, variant: str) -> frozenset[int]:
    extra = {HONGZHONG_FACAI: {GREEN}, HONGZHONG_PIZI: {indicator}}.get(variant, set())
    return frozenset({RED} | extra)


_VARIANTS = (HONGZHONG, HONGZHONG_PIZI, HONGZHONG_FACAI)
_LAIZI = {(i, v): _successor(i, v) for i in range(34) for v in _VARIANTS}
_MUST_KONG = {(i, v): _must_kong(i, v) for i in range(34) for v in _VARIANTS}


# ------------------------------------------------------------------ table facts


@dataclass(frozen=True)
class Loser:
    """One of the three other players, as the settlement sees him (FORMAT.md §4.2)."""

    seat: str
    opened: bool = False
    opens: Optional[int] = None        # openings, for 口口翻 (default 1 if opened)
    dealer: bool = False
    discarder: bool = False
    kongs: Mapping[str, int] = field(default_factory=dict)   # ming, an, hongzhong, facai, pizi, laizi

    def __post_init__(self) -> None:
        if self.seat not in OTHERS:
            raise ValueError(f"a loser's seat is A, B or C, got {self.seat!r}")
        unknown = set(self.kongs) - set(_KONG_FANS)
        if unknown:
            raise ValueError(f"unknown kong kinds {sorted(unknown)}; use {sorted(_KONG_FANS)}")
        # an immutable copy, so that a loser is hashable and caches can key on it
        object.__setattr__(self, "kongs", _FrozenKongs(self.kongs))

    @property
    def openings(self) -> int:
        return self.opens if self.opens is not None else int(self.opened)


_KONG_FANS = {"ming": 1, "an": 2, "hongzhong": 1, "facai": 1, "pizi": 1, "laizi": None}


class _FrozenKongs(dict):
    """A read-only, hashable kong count mapping."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _readonly(self, *args, **kwargs):
        raise TypeError("a loser's kongs are read-only")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _readonly  # type: ignore


def _kong_fans(kongs: Mapping[str, int], rules: WuhanRules) -> int:
    total = 0
    for kind, n in kongs.items():
        fan = rules.laizi_gang_fan if kind == "laizi" else _KONG_FANS[kind]
        total += fan * int(n)
    return total


# ------------------------------------------------------------------ patterns

class Facts(NamedTuple):
    """One reading of a winning hand, as the pattern predicates see it."""

    standard: bool          # read as 4 sets + a pair (將一色 / 風一色 need no shape)
    pair258: bool           # the pair is a 2, 5 or 8 (a free laizi pair can be)
    pengpeng: bool          # every set a triplet or kong, no chi
    qing: bool              # one suit, no honours
    jiang: bool             # every tile a 2/5/8
    feng: bool              # every tile an honour
    quanqiuren: bool        # four claimed melds, the single paired with a discard: 2-5-8
    hard: bool              # every held laizi used as itself, or none held
    ctx: WinContext
    last_four: bool
    laizi_pairs_win: bool = False   # the winning tile's role is pairing a laizi


BIG_PATTERNS = [
    Pattern("pengpeng", "碰碰胡", "all triplets", 10, lambda f: f.pengpeng,
            source="A-L79, B-一.9.1"),
    Pattern("quanqiuren", "全求人", "four claimed melds", 10, lambda f: f.quanqiuren,
            source="A-L81, B-一.9.2"),
    Pattern("qingyise", "清一色", "full flush", 10, lambda f: f.qing, source="A-L83, B-一.9.5"),
    Pattern("jiangyise", "將一色", "all 2-5-8 (any arrangement)", 10, lambda f: f.jiang,
            source="A-L69, A-L83, B-一.9.4"),
    Pattern("fengyise", "風一色", "all honours (any arrangement)", 10, lambda f: f.feng,
            source="A-L69, A-L83, B-一.9.3, B-二.3.4"),
]
SITUATIONAL = [
    Pattern("gangkai", "杠上開花", "win on a kong replacement", 10,
            lambda f: f.ctx.after_kong and f.ctx.self_draw, source="A-L87, B-一.9.7"),
    Pattern("qianggang", "搶杠", "robbing a kong", 10, lambda f: f.ctx.robbing_kong,
            source="A-L89, B-一.9.8"),
    Pattern("haidilao", "海底撈", "self-draw among the last four tiles", 10,
            lambda f: f.last_four and f.ctx.self_draw, source="A-L85, B-一.9.6"),
]
#: Every Wuhan pattern with a value (big patterns and situational upgrades, 10 each).
PATTERNS = PatternTable(BIG_PATTERNS + SITUATIONAL)
_BIG_IDS = frozenset(p.id for p in BIG_PATTERNS)

SUITED_258 = frozenset(t for t in range(HONORS) if t % 9 in (1, 4, 7))
ALL_HONORS = frozenset(range(HONORS, 34))


@functools.lru_cache(maxsize=4096)
def _resolve_cached(key: tuple) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(big, situational) pattern names of a reading, keyed by its facts without the
    context and by the three context flags the predicates read (a small closed set)."""
    *fields, self_draw, after_kong, robbing_kong, last_four = key
    ctx = WinContext(0, self_draw, after_kong=after_kong, robbing_kong=robbing_kong)
    hits = resolve(PATTERNS, Facts(*fields[:8], ctx, last_four, fields[8]))
    return (tuple(p.name for p in hits if p.id in _BIG_IDS),
            tuple(p.name for p in hits if p.id not in _BIG_IDS))


def _loser_fans(loser: Loser, rules: WuhanRules) -> tuple[int, int]:
    """A loser's own fans for a small and for a big win (A-L105, B-三.A)."""
    fans = 0
    if rules.loser_kaikou_fan and loser.opened:
        fans += loser.openings if rules.kaikou_mode == KOUKOU_FAN else 1
    fans += _kong_fans(loser.kongs, rules)
    dealer = int(loser.dealer)
    return fans + dealer, fans + (dealer if rules.big_win_dealer_fan else 0)


class _Win(NamedTuple):
    """A legal reading with its winner multiplier."""

    multiplier: float
    names: tuple[str, ...]
    big: int                # number of big patterns (0: small win)
    hard: bool
    facts: Facts


# ------------------------------------------------------------------ scoring


def _tile(value) -> int:
    return int(value) if isinstance(value, (int, np.integer)) else tiles.parse_tile(value)


class _Scorer:
    """One evaluation: validation, readings, fans, caps, 包."""

    def __init__(self, hand: Hand, ctx: WinContext, rules: WuhanRules, indicator: int,
                 losers: Sequence[Loser], special_kongs: Mapping[str, int], last_four: bool,
                 discarder_ready: bool, guoshui_blocked: bool):
        self.hand, self.ctx, self.rules = hand, ctx, rules
        self.indicator = indicator
        self.laizi = laizi_of(indicator, rules)
        self.must_kong = must_kong_tiles(indicator, rules)
        self.losers = list(losers)
        if sorted(l.seat for l in self.losers) != list(OTHERS):
            raise ValueError("losers must describe seats A, B and C once each")
        discarders = [l.seat for l in self.losers if l.discarder]
        if ctx.self_draw or ctx.robbing_kong:
            if discarders:
                raise ValueError("no loser is the discarder on a self-draw or a robbed kong")
        elif discarders != ["A"]:
            raise ValueError("on a discard win, exactly loser A is the discarder")
        unknown = set(special_kongs) - {"hongzhong", "facai", "pizi", "laizi"}
        if unknown:
            raise ValueError(f"unknown special kongs {sorted(unknown)}")
        self.special_kongs = special_kongs
        self.last_four = last_four
        self.discarder_ready = discarder_ready
        self.guoshui_blocked = guoshui_blocked
        hand.check_copies(ctx.win_tile, {indicator: 3})   # one indicator copy is flipped (B-一.4)
        for m in hand.melds:
            self._check_meld(m)
        self.opens = sum(1 for m in hand.melds if m.kind in (CHI, PENG, MINGGANG, BUGANG))
        # fans that do not depend on the reading
        fans = self.opens if rules.kaikou_mode == KOUKOU_FAN else int(self.opens > 0)
        for m in hand.melds:
            fans += 2 if m.kind == ANGANG else 1 if m.kind in (MINGGANG, BUGANG) else 0
        self.fixed_fans = fans + _kong_fans(special_kongs, rules)
        self.zimo = self._zimo_applies()
        self.held = int(hand.concealed[self.laizi]) + (ctx.win_tile == self.laizi)
        # what the pattern predicates read of the context, and nothing else
        self.ctx_key = (ctx.self_draw, ctx.after_kong, ctx.robbing_kong, last_four)
        self.loser_fans = {l.seat: _loser_fans(l, rules) for l in self.losers}

    def _check_meld(self, m: DeclaredMeld) -> None:
        kinds = sorted(m.tiles)
        if any(t in self.must_kong or t == self.laizi for t in kinds):
            raise ValueError(f"{m}: 紅中, the laizi and the variant's must-kong tiles are never "
                             "claimed (A-L31-33, B-二.1)")
        if m.kind == CHI:
            if kinds[0] >= HONORS or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1,
                                                                              kinds[0] + 2]:
                raise ValueError(f"{m}: a chi is three consecutive tiles of one suit")
        elif len(set(kinds)) != 1:
            raise ValueError(f"{m}: a {m.kind} is identical tiles")

    # --- facts -----------------------------------------------------------

    def _readings(self, full: list) -> list[Facts]:
        """Facts of every reading: the laizi as themselves (硬), or as jokers (軟)."""
        ctx, melds, laizi = self.ctx, self.hand.melds, self.laizi
        meld_counts = [0] * 34
        for m in melds:
            for t in m.tiles:
                meld_counts[t] += 1
        meld_kinds = {t for m in melds for t in m.tiles}
        no_chi = all(m.kind != CHI for m in melds)
        claimed = sum(1 for m in melds if m.kind in (CHI, PENG, MINGGANG))
        qqr = len(melds) == 4 and claimed == 4 and (not ctx.self_draw or not self.rules.quanqiuren_discard_only) \
            and not ctx.robbing_kong
        held = full[laizi]
        naturals = {t for t, n in enumerate(full) if n} | meld_kinds
        naturals.discard(laizi)
        out: list[Facts] = []
        # 將一色 / 風一色 need no arrangement (亂將 / 亂風): every natural tile qualifies,
        # the laizi standing in as needed (as themselves if they qualify too)
        for kinds_ok, is_jiang in ((SUITED_258, True), (ALL_HONORS - self.must_kong, False)):
            if naturals <= kinds_ok:
                hard = held == 0 or laizi in kinds_ok
                out.append(Facts(False, False, False, False, is_jiang, not is_jiang, False, hard,
                                 ctx, self.last_four))
        w = ctx.win_tile
        for as_self in (True, False):
            counts = list(full)
            jokers = 0
            if not as_self:
                jokers, counts[laizi] = held, 0
                if jokers == 0:
                    continue
            # A laizi beside a natural tile takes that tile's kind and suit: it is never a
            # must-kong tile (holding one blocks the win) and never adds a suit.
            kinds = naturals | ({laizi} if as_self and held else set())
            qing = not kinds & ALL_HONORS and len({t // 9 for t in kinds}) <= 1
            fifth = self.rules.ghost_as_fifth_copy and jokers
            source = readings_beyond_four(counts, jokers, False) if fifth else \
                _core.readings(bytes(counts), jokers, seven_pairs=False)
            for r in source:
                st = r.standins
                if not fifth and st and meld_kinds and any(
                        meld_counts[t] + counts[t] + st.count(t) > 4 for t in meld_kinds.intersection(st)):
                    continue   # a laizi is never a fifth copy, melds counted (C18)
                pair258 = r.pair in SUITED_258 if r.pair is not None else True
                pairs_win = not as_self and r.pair == w and w in st and counts[w] == 1
                out.append(Facts(True, pair258, r.triplets_only and no_chi, qing, False, False,
                                 qqr and pair258, as_self or held == 0, ctx, self.last_four,
                                 pairs_win))
        if not self.rules.qingyise_requires_shape and not naturals & ALL_HONORS \
                and len({t // 9 for t in naturals}) <= 1:
            out.append(Facts(False, False, False, True, False, False, False,
                             held == 0 or laizi // 9 == next(iter(naturals), laizi) // 9,
                             ctx, self.last_four))
        return out

    # --- fans ------------------------------------------------------------

    def _winner_fans(self, hard: bool, big: bool) -> int:
        fans = self.fixed_fans + int(hard)
        if self.ctx.dealer and (not big or self.rules.big_win_dealer_fan):
            fans += 1
        return fans

    def _zimo_applies(self) -> bool:
        ctx = self.ctx
        if not ctx.self_draw or ctx.robbing_kong:
            return False
        return not (ctx.after_kong and not self.rules.gangkai_zimo_factor)


    def _evaluate(self, f: Facts) -> Optional[_Win]:
        # the context enters the facts only through the situational flags, so the cached
        # resolution is keyed by a context-free copy
        big, situ = _resolve_cached(f[:8] + (f.laizi_pairs_win,) + self.ctx_key)
        limit_count = self.held if self.rules.xiaohu_laizi_limit_counts_self_used or not f.hard \
            else 0
        if big:
            pats = big + situ
        elif situ and f.standard and f.pair258 and (self.rules.situational_lifts_laizi_limit
                                                    or limit_count <= 1):
            pats = situ
        elif f.standard and f.pair258 and limit_count <= 1:
            pats = ()
        else:
            return None
        k = len(pats)
        fans = self._winner_fans(f.hard, bool(k))
        if "風一色" in pats:
            mult = float("inf")   # 風一色 is paid as 金頂 and beats everything (B-二.3.4)
        elif k:
            mult = 10.0 * k * 2 ** fans * (self.rules.big_zimo_fangchong_factor if self.zimo else 1)
        else:
            mult = 2.0 ** (fans + (1 if self.zimo else 0))
        return _Win(mult, pats, k, f.hard, f)

    # --- the win -----------------------------------------------------------

    def run(self) -> ScoreResult:
        ctx, rules = self.ctx, self.rules
        if not ctx.self_draw and not ctx.robbing_kong and ctx.win_tile == self.laizi:
            return ScoreResult.no_win("a discarded laizi is a 癩子杠: nobody may win on it (A-L33)", UNIT)
        if not ctx.self_draw and ctx.win_tile in self.must_kong:
            return ScoreResult.no_win("a discarded must-kong tile is a kong, not a win", UNIT)
        full = self.hand.concealed.astype(np.int64).tolist()
        full[ctx.win_tile] += 1
        held = [t for t in self.must_kong if full[t]]
        if held:
            return ScoreResult.no_win(f"holding {tiles.tile_name(held[0], 'chinese')} blocks the win: it "
                                      "must be konged first (A-L15-23, B-一.6-8)", UNIT)
        if self.opens == 0:
            return ScoreResult.no_win("no 開口: a win needs a chi, peng or exposed kong (A-L55, B-一.1)",
                                      UNIT)
        if self.guoshui_blocked and rules.guoshui != "none" and not ctx.self_draw:
            return ScoreResult.no_win("過水: a win on this tile was passed since the last draw and this "
                                      "one is not worth more (B-二.2.5)", UNIT)
        facts = self._readings(full)
        if not ctx.self_draw and rules.jianzihu_discard_forbidden \
                and any(f.laizi_pairs_win for f in facts) and self._laizi_single_wait(full):
            # 見字胡 (C13): a laizi single that takes any tile may win only by self-draw;
            # waiting for a 2-5-8 to pair it (見將胡) is still allowed on a discard
            facts = [f for f in facts if not f.laizi_pairs_win or ctx.win_tile in SUITED_258]
        wins = [w for w in (self._evaluate(f) for f in facts) if w is not None]
        if not wins:
            return ScoreResult.no_win("the tiles do not form a winning hand under Wuhan rules (a small "
                                      "win needs a 2-5-8 pair and at most one laizi)", UNIT)
        best = max(wins, key=lambda w: (w.multiplier, w.hard, w.big))
        return self._settle(best)

    def _laizi_single_wait(self, full: list) -> bool:
        """The 13 tiles before the win were sets and a single laizi, so any tile would
        pair it: with two extra jokers, some reading leaves them as the free pair."""
        if full[self.laizi] == 0 or self.ctx.win_tile == self.laizi:
            return False
        before = list(full)
        before[self.ctx.win_tile] -= 1
        jokers = before[self.laizi] - 1      # the other laizi stand in the sets
        before[self.laizi] = 0
        return any(r.free_pairs for r in _core.readings(bytes(before), jokers + 2, seven_pairs=False))

    def _settle(self, best: _Win) -> ScoreResult:
        rules, ctx = self.rules, self.ctx
        big = best.big > 0
        names = list(best.names)
        fengyise = "風一色" in names
        gold, sun, bright = rules.tiers
        if not fengyise:
            names.insert(0, "硬胡" if best.hard else "軟胡")
            if not big:
                names.insert(0, "小胡")
            if self.zimo:
                names.append("自摸")
        raw = {}
        for l in self.losers:
            lf = self.loser_fans[l.seat][big]
            if fengyise:
                raw[l.seat] = float("inf")
            elif big:
                fang = rules.big_zimo_fangchong_factor if l.discarder else 1
                raw[l.seat] = best.multiplier * 2 ** lf * fang
            else:
                raw[l.seat] = best.multiplier * 2 ** (lf + (1 if l.discarder else 0))
        opened = {l.seat: l.opened for l in self.losers}
        if all(v > 400 for v in raw.values()):
            all_closed = not any(opened.values())
            pays = {}
            for seat in OTHERS:
                if opened[seat]:
                    pays[seat] = gold
                else:
                    pays[seat] = bright if all_closed else sun
            if any(opened.values()):
                names.append("金頂")
            if not all_closed and not all(opened.values()):
                names.append("陽光頂")
            if all_closed:
                names.append("光明頂")
        else:
            pays = {seat: int(min(v, 400)) for seat, v in raw.items()}
        total = sum(pays.values())
        liable = self._liable(best)
        transfers = []
        if liable is not None:
            seat, why = liable
            names.append(why)
            transfers.append(Transfer(seat, "W", total, why))
        else:
            discarder = next((l.seat for l in self.losers if l.discarder), None)
            transfers += [Transfer(seat, "W", amount, "放沖" if seat == discarder else "胡")
                          for seat, amount in pays.items()]
        return ScoreResult(True, total, UNIT, tuple(names), Ledger.of(transfers),
                           detail={"laizi": self.laizi, "multiplier": best.multiplier, "shares": pays})

    def _liable(self, best: _Win) -> Optional[tuple[str, str]]:
        """包胡 / 見三包 (A-L125-135, B-三.B): who pays everything, if anyone."""
        ctx, rules = self.ctx, self.rules
        if ctx.robbing_kong and rules.qianggang_settlement == "as_gangkai_robbed_pays_all":
            return "A", "包胡"
        if "全求人" in best.names and not ctx.self_draw and not self.discarder_ready:
            return "A", "包胡"
        if "清一色" in best.names:
            opens = [m for m in self.hand.melds if m.kind in (CHI, PENG, MINGGANG)]
            if len(opens) >= 3 and opens[2].from_seat in OTHERS:
                return opens[2].from_seat, "見三包"
        return None


def score(hand: Hand, ctx: WinContext, rules: WuhanRules = WuhanRules(), *, indicator,
          losers: Sequence[Loser], special_kongs: Optional[Mapping[str, int]] = None,
          last_four: bool = False, discarder_ready: bool = True,
          guoshui_same_tile_not_higher: bool = False) -> ScoreResult:
    """Score a Wuhan win.

    ``indicator`` is the flipped 癩子皮 (its successor is the laizi); ``losers`` the three
    other players A, B and C (opened, openings, dealer, discarder, kongs);
    ``special_kongs`` the winner's single-tile kongs (hongzhong, facai, pizi, laizi);
    ``last_four`` a self-draw among the last four live tiles (海底撈);
    ``discarder_ready`` decides 全求人 包胡; ``guoshui_same_tile_not_higher``: a win on this
    tile was declined since the winner's last draw.  The value is the total the winner
    receives; the best laizi use is the one with the highest winner multiplier."""
    return _Scorer(hand, ctx, rules, _tile(indicator), losers, special_kongs or {}, last_four,
                   discarder_ready, guoshui_same_tile_not_higher).run()


def score_case(case: dict, rules: WuhanRules) -> ScoreResult:
    """Adapter for the case format (FORMAT.md §4)."""
    from ..verify import context_of, hand_of
    losers = [Loser(l["seat"], l.get("opened", False), l.get("opens"), l.get("dealer", False),
                    l.get("discarder", False), l.get("kongs", {})) for l in case["losers"]]
    result = score(hand_of(case), context_of(case), rules, indicator=case["indicator"], losers=losers,
                   special_kongs=case.get("special_kongs"), last_four=case.get("last_four", False),
                   discarder_ready=case.get("discarder_ready", True),
                   guoshui_same_tile_not_higher=case.get("guoshui_same_tile_not_higher", False))
    if not result.is_win:
        # the laizi is derived even when the hand does not win
        return ScoreResult(False, 0, UNIT, (), Ledger(), result.reason,
                           {"laizi": laizi_of(_tile(case["indicator"]), rules)})
    return result


def priority_winner(discarder: str, claimants: Sequence[str], dealer: str,
                    order: Sequence[str] = ("A", "B", "C", "D"),
                    rules: WuhanRules = WuhanRules()) -> str:
    """一炮單響 (A-L95, B-二.2.10): of several players who can win on one discard, the
    one who does.  ``order`` lists the seats in turn order.  Default
    (``next_after_discarder``): the first claimant after the discarder in turn order
    (截胡); ``from_dealer``: the first counting from the dealer."""
    if not claimants:
        raise ValueError("no claimant")
    for seat in (discarder, dealer, *claimants):
        if seat not in order:
            raise ValueError(f"unknown seat {seat!r}")
    start = order.index(discarder) + 1 if rules.multi_win_priority == "next_after_discarder" \
        else order.index(dealer)
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        if seat in claimants and seat != discarder:
            return seat
    raise ValueError("the discarder cannot win on his own discard")


def chajiao(seats: Mapping[str, Optional[Hand]], rules: WuhanRules = WuhanRules(),
            dealer: Optional[str] = None) -> ChajiaoResult:
    """荒莊 at the end of the wall: nothing is settled and the dealer deals again (A-L51)."""
    return ChajiaoResult({}, Ledger(), UNIT, dealer)
