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
import re
from types import MappingProxyType
from dataclasses import dataclass, field
from typing import Mapping, NamedTuple, Optional, Sequence


from .. import _core, tiles
from ..tiles import EAST, GREEN, HONORS, NORTH, RED, SOUTH, WEST, WHITE
from .fifth import readings_beyond_four
from .flags import RegionFlags
from .ledger import Ledger
from .._messages import short
from .model import (ANGANG, CHI, KONGS, MINGGANG, OPENING, OTHERS, PENG, DeclaredMeld, Hand, WinContext,
                    check_bool, check_count, check_dealer, check_table)
from .patterns import Pattern, PatternTable, preference, resolve
from .result import ChajiaoResult, ScoreResult

__all__ = ["WuhanRules", "Rules", "Loser", "laizi_of", "must_kong_tiles", "check_melds", "score", "chajiao",
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
    koukou_top_tiers: tuple[int, int, int] = (600, 700, 800)  # C17 (A-L137 gives 600; the rest unsourced)
    ghost_as_fifth_copy: bool = False                # C18

    def __post_init__(self) -> None:
        object.__setattr__(self, "koukou_top_tiers", _tiers_of(self.koukou_top_tiers))
        self._check_choices()

    @property
    def tiers(self) -> tuple[int, int, int]:
        """(金頂, 陽光頂, 光明頂) amounts (B-三.C; 口口翻: A-L137 and C17)."""
        if self.kaikou_mode == KOUKOU_FAN:
            return self.koukou_top_tiers
        return 500, 600, 700


def _tiers_of(value: object) -> tuple[int, int, int]:
    """``wuhan_koukou_top_tiers`` as three amounts: text ``"600/700/800"`` (ASCII
    digits, as the case format writes it) or three positive ints."""
    if isinstance(value, str):
        parts = value.split("/")
        if len(parts) != 3 or not all(re.fullmatch(r"[0-9]{1,6}", p) for p in parts):
            raise ValueError(f"wuhan_koukou_top_tiers must look like '600/700/800', got {short(value)}")
        a, b, c = (int(p) for p in parts)
        return a, b, c
    if not isinstance(value, tuple):
        raise TypeError(f"wuhan_koukou_top_tiers is text like '600/700/800' or three ints, not "
                        f"{type(value).__name__}")
    if len(value) != 3:
        raise ValueError(f"wuhan_koukou_top_tiers has three amounts, got {short(value)}")
    for v in value:
        check_count(v, "a wuhan_koukou_top_tiers amount")
    a, b, c = (int(v) for v in value)
    return a, b, c


Rules = WuhanRules

# ------------------------------------------------------------------ laizi

_HONOR_CYCLE = (EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE)   # 東→南→西→北→中→發→白 (A-L27)


def must_kong_tiles(indicator: int, rules: Optional[WuhanRules] = None) -> frozenset[int]:
    """Tiles that are konged singly and may never be held: 紅中, plus 發財 or the three
    remaining indicator tiles (皮子) in the sister variants (B-一.6-8)."""
    return _MUST_KONG[tiles.tile_index(indicator), WuhanRules.coerce(rules).gang_variant]


def laizi_of(indicator: int, rules: Optional[WuhanRules] = None) -> int:
    """The laizi: the indicator's successor (suits 9 → 1; honours 東南西北中發白 in a
    cycle, skipping the variant's must-kong tiles) (A-L27, A-L35, B-一.3).  The indicator
    is a tile index or notation."""
    return _LAIZI[tiles.tile_index(indicator), WuhanRules.coerce(rules).gang_variant]


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


@dataclass(frozen=True, eq=False)
class Loser:
    """One of the three other players, as the settlement sees him (FORMAT.md §4.2).

    Losers key the settlement cache, so equality and hash read one precomputed tuple."""

    seat: str
    opened: bool = False
    opens: Optional[int] = None        # openings, for 口口翻 (default 1 if opened)
    dealer: bool = False
    discarder: bool = False
    kongs: Mapping[str, int] = field(default_factory=dict)   # ming, an, hongzhong, facai, pizi, laizi

    def __post_init__(self) -> None:
        if self.seat not in OTHERS:
            raise ValueError(f"a loser's seat is A, B or C, got {short(self.seat)}")
        for name in ("opened", "dealer", "discarder"):
            object.__setattr__(self, name, check_bool(getattr(self, name), f"loser {self.seat} {name}"))
        if self.opens is not None:
            opens = check_count(self.opens, f"loser {self.seat} opens", 4)
            if bool(opens) != self.opened:
                raise ValueError(f"loser {self.seat}: {opens} openings but opened is {self.opened}")
        # an immutable copy, so that a loser is hashable and caches can key on it
        kongs = _FrozenKongs(check_kongs(self.kongs, f"loser {self.seat}", _KONG_KINDS))
        object.__setattr__(self, "kongs", kongs)
        # what settlement reads of a loser, as one plain tuple: it keys the table cache
        key = (self.seat, bool(self.opened), self.openings, bool(self.dealer), bool(self.discarder),
               tuple(sorted((kind, int(n)) for kind, n in kongs.items() if n)))
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Loser:
            return NotImplemented
        return self._key == other._key   # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self._hash   # type: ignore[attr-defined]

    def __reduce__(self):
        # rebuilt through the constructor: the cached hash is this process's only
        return Loser, (self.seat, self.opened, self.opens, self.dealer, self.discarder, dict(self.kongs))

    @property
    def openings(self) -> int:
        return self.opens if self.opens is not None else int(self.opened)


_KONG_FANS = {"ming": 1, "an": 2, "hongzhong": 1, "facai": 1, "pizi": 1}   # 癩子杠: laizi_gang_fan
_KONG_KINDS = frozenset(_KONG_FANS) | {"laizi"}
_SPECIAL_KONGS = frozenset({"hongzhong", "facai", "pizi", "laizi"})
# the most kongs of a kind one player (or the whole table, for the single-tile kinds)
# can have made: four melds; four 紅中, 發財 or laizi; three 皮子 (one is flipped, B-一.4)
_MOST_KONGS = {"ming": 4, "an": 4, "hongzhong": 4, "facai": 4, "pizi": 3, "laizi": 4}
# the single-tile kongs each variant has (B-一.6-8)
_VARIANT_KONGS = {HONGZHONG: frozenset({"hongzhong", "laizi"}),
                  HONGZHONG_PIZI: frozenset({"hongzhong", "pizi", "laizi"}),
                  HONGZHONG_FACAI: frozenset({"hongzhong", "facai", "laizi"})}


def check_kongs(kongs: object, whose: str, kinds: frozenset[str]) -> dict[str, int]:
    """A kong count mapping as a plain dict: known kinds, whole numbers of kongs no more
    than can exist (ValueError / TypeError naming the problem)."""
    if not isinstance(kongs, Mapping):
        raise TypeError(f"{whose} kongs are a mapping of kong kinds to counts, not {type(kongs).__name__}")
    unknown = [k for k in kongs if k not in kinds]
    if unknown:
        raise ValueError(f"{whose}: unknown kong kinds {short(sorted(map(str, unknown)))}; use {sorted(kinds)}")
    out = {kind: check_count(n, f"{whose} {kind} kongs", _MOST_KONGS[kind]) for kind, n in kongs.items()}
    if out.get("ming", 0) + out.get("an", 0) > 4:
        raise ValueError(f"{whose}: {out.get('ming', 0) + out.get('an', 0)} kongs; a player makes at most 4")
    return out


class _FrozenKongs(dict):
    """A read-only, hashable kong count mapping."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def _readonly(self, *args, **kwargs):
        raise TypeError("a loser's kongs are read-only")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _readonly  # type: ignore


def _kong_fans(kongs: Mapping[str, int], rules: WuhanRules) -> int:
    """Fans of single-tile and ordinary kongs: 明杠 1, 暗杠 2, 紅中 / 發財 / 皮子杠 1,
    癩子杠 ``laizi_gang_fan`` (A-L31, A-L105, B-三.A)."""
    total = 0
    for kind, n in kongs.items():
        fan = rules.laizi_gang_fan if kind == "laizi" else _KONG_FANS[kind]
        total += fan * int(n)
    return total


class _Table(NamedTuple):
    """The three losers as the settlement reads them (validated once per configuration)."""

    seats: tuple[tuple[str, int, int, bool], ...]   # (seat, fans in a small win, in a big win, discarder)
    opened: tuple[bool, bool, bool]     # A, B, C have opened
    discarder: Optional[str]


def _table_of(losers: Sequence[Loser], rules: WuhanRules, discard_win: bool) -> _Table:
    if len(losers) != 3:
        raise ValueError("losers must describe seats A, B and C once each")
    for l in losers:
        if not isinstance(l, Loser):
            raise TypeError(f"losers must be Loser, not {type(l).__name__}")
    return _table(losers[0]._key, losers[1]._key, losers[2]._key, rules, discard_win)  # type: ignore[attr-defined]


@functools.lru_cache(maxsize=1024)
def _table(a: tuple, b: tuple, c: tuple, rules: WuhanRules, discard_win: bool) -> _Table:
    """Validate the losers of one win (their ``Loser._key``) and take each one's own
    fans (A-L105, B-三.A)."""
    losers = (a, b, c)
    if sorted(seat for seat, *_ in losers) != list(OTHERS):
        raise ValueError("losers must describe seats A, B and C once each")
    allowed = _VARIANT_KONGS[rules.gang_variant] | {"ming", "an"}
    for seat, *_, kongs in losers:
        for kind, _n in kongs:
            if kind not in allowed:
                raise ValueError(f"loser {seat}: a {kind} kong does not exist in the "
                                 f"{rules.gang_variant} variant (B-一.6-8)")
    discarders = [seat for seat, _, _, _, discarder, _ in losers if discarder]
    if not discard_win:
        if discarders:
            raise ValueError("no loser is the discarder on a self-draw or a robbed kong")
    elif discarders != ["A"]:
        raise ValueError("on a discard win, exactly loser A is the discarder")
    seats = []
    for seat, opened, openings, dealer, discarder, kongs in losers:
        fans = _kong_fans(dict(kongs), rules)
        if rules.loser_kaikou_fan and opened:
            fans += openings if rules.kaikou_mode == KOUKOU_FAN else 1
        seats.append((seat, fans + dealer, fans + (dealer if rules.big_win_dealer_fan else 0),
                      discarder))
    opened = {seat: opened for seat, opened, *_ in losers}
    return _Table(tuple(seats), tuple(opened[seat] for seat in OTHERS),
                  discarders[0] if discarders else None)


class _Melds(NamedTuple):
    """What scoring reads of the winner's declared melds (computed once per meld set)."""

    malformed: Optional[str]       # why a meld is not a meld at all (a ValueError)
    forbidden: Optional[str]       # why the rules do not allow a meld (a non-win)
    opens: int                     # 開口 melds: chi, peng, exposed kongs (暗杠 does not open)
    kong_fans: int                 # 明杠 1, 暗杠 2 (A-L105)
    counts: tuple[int, ...]        # 34 counts of the meld tiles
    kinds: frozenset[int]
    suits: int                     # bit s for suit s among the meld tiles, bit 3 for honours
    all258: bool
    no_chi: bool
    claimed: int                   # chi, peng, 明杠 claimed from a discard (全求人)
    third_opener: Optional[str]    # the seat that fed the third chi / peng / 明杠 (見三包)


def _suit_bit(t: int) -> int:
    return 1 << min(t // 9, 3)


@functools.lru_cache(maxsize=4096)
def _melds(melds: tuple[DeclaredMeld, ...], laizi: int, must_kong: frozenset[int]) -> _Melds:
    malformed = forbidden = None
    counts = [0] * 34
    for m in melds:
        held = sorted(m.tiles)
        for t in held:
            counts[t] += 1
        if m.kind == CHI and (held[0] >= HONORS or held != [held[0], held[0] + 1, held[0] + 2]
                              or held[0] // 9 != held[2] // 9):
            malformed = malformed or f"{m}: a chi is three consecutive tiles of one suit"
        elif m.kind != CHI and len(set(held)) != 1:
            malformed = malformed or f"{m}: a {m.kind} is identical tiles"
        elif any(t in must_kong or t == laizi for t in held):
            forbidden = forbidden or (f"{m}: 紅中, the laizi and the variant's must-kong tiles are "
                                      "never claimed or konged as sets (A-L31-33, B-二.1)")
    kinds = frozenset(t for t in range(34) if counts[t])
    suits = 0
    for t in kinds:
        suits |= _suit_bit(t)
    feeders = [m.from_seat for m in melds if m.kind in (CHI, PENG, MINGGANG)]
    return _Melds(malformed, forbidden, sum(1 for m in melds if m.kind in OPENING),
                  sum(2 if m.kind == ANGANG else 1 for m in melds if m.kind in KONGS),
                  tuple(counts), kinds, suits, kinds <= SUITED_258,
                  all(m.kind != CHI for m in melds), len(feeders),
                  feeders[2] if len(feeders) >= 3 and feeders[2] in OTHERS else None)


def check_melds(melds: Sequence[DeclaredMeld], indicator: int, rules: Optional[WuhanRules] = None) -> Optional[str]:
    """ValueError when a declared meld is not a meld (a chi not of three consecutive
    suited tiles, a peng or kong not of identical tiles); the reason, with its seed
    line, when the rules forbid one (it holds 紅中, the laizi or a must-kong tile,
    A-L31-33, B-二.1), else None."""
    rules = WuhanRules.coerce(rules)
    laizi = laizi_of(indicator, rules)
    for m in melds:
        if not isinstance(m, DeclaredMeld):
            raise TypeError(f"melds must be DeclaredMeld, not {type(m).__name__}")
    read = _melds(tuple(melds), laizi, must_kong_tiles(indicator, rules))
    if read.malformed:
        raise ValueError(read.malformed)
    return read.forbidden


# ------------------------------------------------------------------ patterns

class Facts(NamedTuple):
    """What the pattern predicates read: one reading's shape and the win's context."""

    pengpeng: bool          # every set a triplet or kong, no chi
    quanqiuren: bool        # four claimed melds, the single paired with a discard: 2-5-8
    qing: bool              # one suit, no honours
    jiang: bool             # every tile a 2/5/8 (any arrangement)
    feng: bool              # every tile an honour (any arrangement)
    self_draw: bool
    after_kong: bool
    robbing_kong: bool
    last_four: bool         # among the last four live tiles


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
            lambda f: f.after_kong and f.self_draw, source="A-L87, B-一.9.7"),
    Pattern("qianggang", "搶杠", "robbing a kong", 10, lambda f: f.robbing_kong,
            source="A-L89, B-一.9.8"),
    Pattern("haidilao", "海底撈", "self-draw among the last four tiles", 10,
            lambda f: f.last_four and f.self_draw, source="A-L85, B-一.9.6"),
]
#: Every Wuhan pattern with a value (big patterns and situational upgrades, 10 each).
PATTERNS = PatternTable(BIG_PATTERNS + SITUATIONAL)
_BIG_IDS = frozenset(p.id for p in BIG_PATTERNS)

SUITED_258 = frozenset(t for t in range(HONORS) if t % 9 in (1, 4, 7))
ALL_HONORS = frozenset(range(HONORS, 34))
_AT_258 = operator.itemgetter(*sorted(SUITED_258))

# Facts are packed into bits (in Facts field order) so that a resolution is one lookup.
_PENGPENG, _QUANQIUREN, _QING, _JIANG, _FENG = (1 << i for i in range(5))
_CONTEXT_SHIFT = 5


@functools.lru_cache(maxsize=None)
def _names(bits: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(big, situational) pattern names matched by the packed facts (at most 2^9 keys)."""
    hits = resolve(PATTERNS, Facts(*(bool(bits >> i & 1) for i in range(len(Facts._fields)))))
    return (tuple(p.name for p in hits if p.id in _BIG_IDS),
            tuple(p.name for p in hits if p.id not in _BIG_IDS))


@functools.lru_cache(maxsize=None)
def _preference(names: tuple[str, ...]) -> tuple:
    return preference(PATTERNS, names=names)


# A reading of the winning tiles is a plain tuple (the hot path builds a few per win):
# (small_shape, bits, hard, laizi_pairs_win) -- 4 sets and a 2-5-8 pair (a free laizi
# pair can be one), the packed big-pattern facts, every held laizi used as itself (or
# none held), and whether the winning tile's role is pairing a laizi (見字胡).
_Reading = tuple


# ------------------------------------------------------------------ scoring


def _suits_of(counts: bytearray) -> int:
    """Bit s for each suit s held, bit 3 for honours."""
    return ((counts.count(0, 0, 9) < 9) | (counts.count(0, 9, 18) < 9) << 1
            | (counts.count(0, 18, 27) < 9) << 2 | (counts.count(0, 27, 34) < 7) << 3)


def _readings(full: bytearray, held: int, laizi: int, ctx: WinContext, melds: _Melds,
              n_melds: int, rules: WuhanRules) -> list[_Reading]:
    """Every reading: the laizi as themselves (硬), or as jokers (軟) (B-一.10)."""
    naturals = full
    if held:
        naturals = bytearray(full)
        naturals[laizi] = 0
    # suits of the natural tiles; must-kong tiles are neither held nor melded here
    suits = melds.suits | _suits_of(naturals)
    out = []
    # 將一色 / 風一色 hold whatever the arrangement (亂將 / 亂風): every natural tile
    # qualifies and the laizi stand in as needed (as themselves if they qualify too).
    # They also add to the big patterns of a shape reading whose laizi qualify: "如果正好
    # 又满足碰碰胡的情况的话，则视为双大胡" (B-一.9.4, A-L121)
    jiang = melds.all258 and sum(_AT_258(naturals)) == 14 - 3 * n_melds - held
    feng = not suits & 7
    if jiang:
        out.append((False, _JIANG, held == 0 or laizi in SUITED_258, False))
    if feng:
        out.append((False, _FENG, held == 0 or laizi >= HONORS, False))
    quanqiuren = n_melds == 4 and melds.claimed == 4 and not ctx.robbing_kong \
        and (not ctx.self_draw or not rules.quanqiuren_discard_only)
    no_chi = melds.no_chi
    # the laizi as themselves: they add their suit, and are 2-5-8s or honours as they are
    hard_bits = (_QING if (suits | (_suit_bit(laizi) if held else 0)) in (0, 1, 2, 4) else 0) \
        | (_JIANG if jiang and (not held or laizi in SUITED_258) else 0) \
        | (_FENG if feng and (not held or laizi >= HONORS) else 0)
    for r in _core.readings(full, 0, seven_pairs=False):
        pair258 = r.pair in SUITED_258
        out.append((pair258, (_PENGPENG if r.triplets_only and no_chi else 0)
                    | (_QUANQIUREN if quanqiuren and pair258 else 0) | hard_bits, True, False))
    if held:
        out += _soft_readings(naturals, held, laizi, ctx, melds, suits, jiang, feng, quanqiuren, rules)
    if not rules.qingyise_requires_shape and suits in (1, 2, 4):
        out.append((False, _QING, held == 0 or _suit_bit(laizi) == suits, False))
    return out


def _soft_readings(naturals: bytearray, held: int, laizi: int, ctx: WinContext, melds: _Melds,
                   suits: int, jiang: bool, feng: bool, quanqiuren: bool,
                   rules: WuhanRules) -> list[_Reading]:
    """The readings with the laizi as jokers: they take a natural tile's kind and suit
    (never a must-kong tile, whose holding blocks the win, and never a new suit).  Two
    laizi standing in as the pair are a 將 only as themselves, when the laizi is a 2-5-8
    (B-二.2.7: laizi 7m, 333m 999s and a 7m drawing a 7m on a kong has no 將)."""
    qing = _QING if suits in (0, 1, 2, 4) else 0
    fifth = rules.ghost_as_fifth_copy
    w = ctx.win_tile
    free_pair_258 = laizi in SUITED_258
    out = []
    for r in (readings_beyond_four(naturals, held, False) if fifth else
              _core.readings(naturals, held, seven_pairs=False)):
        st = r.standins
        if not fifth and st and melds.kinds and any(
                melds.counts[t] + naturals[t] + st.count(t) > 4 for t in melds.kinds.intersection(st)):
            continue   # a laizi is never a fifth copy, melds counted (C18)
        pair258 = r.pair in SUITED_258 if r.pair is not None else free_pair_258
        bits = qing | (_PENGPENG if r.triplets_only and melds.no_chi else 0) \
            | (_QUANQIUREN if quanqiuren and pair258 else 0) \
            | (_JIANG if jiang and all(t in SUITED_258 for t in st) else 0) \
            | (_FENG if feng and all(t >= HONORS for t in st) else 0)
        out.append((pair258, bits, False, r.pair == w and w in st and naturals[w] == 1))
    return out


def _laizi_single_wait(full: bytearray, laizi: int, win_tile: int) -> bool:
    """The 13 tiles before the win were sets and a single laizi, so any tile would
    pair it: with two extra jokers, some reading leaves them as the free pair."""
    if full[laizi] == 0 or win_tile == laizi:
        return False
    before = bytearray(full)
    before[win_tile] -= 1
    jokers = before[laizi] - 1      # the other laizi stand in the sets
    before[laizi] = 0
    return any(r.free_pairs for r in _core.readings(before, jokers + 2, seven_pairs=False))


# A legal reading with its winner multiplier: (multiplier, hard, number of big patterns
# and upgrades (0: a small win), pattern names); wins compare on the first three.
_Win = tuple


def _evaluate(r: _Reading, context_bits: int, held: int, fixed_fans: int, dealer: bool,
              zimo: bool, rules: WuhanRules) -> Optional[_Win]:
    """The winner multiplier of one reading, or None when it is not a legal win: a
    small win needs a 2-5-8 pair and at most one laizi (A-L57-61, B-一.10)."""
    small_shape, bits, hard, _ = r
    big, situ = _names(bits | context_bits)
    if big:
        pats = big + situ
    else:
        limit_count = held if hard == 0 or rules.xiaohu_laizi_limit_counts_self_used else 0
        if situ and small_shape and (limit_count <= 1 or rules.situational_lifts_laizi_limit):
            pats = situ
        elif small_shape and limit_count <= 1:
            pats = ()
        else:
            return None
    k = len(pats)
    fans = fixed_fans + hard + (dealer and (not k or rules.big_win_dealer_fan))
    if k == 0:
        mult = 2.0 ** (fans + zimo)
    elif "風一色" in pats:
        mult = float("inf")   # 風一色 is paid as 金頂 and beats everything (B-二.3.4)
    else:
        mult = 10.0 * k * 2 ** fans * (rules.big_zimo_fangchong_factor if zimo else 1)
    return mult, hard, k, pats


def _no_win_reason(hand: Hand, ctx: WinContext, full: bytearray, laizi: int,
                   must_kong: frozenset[int], opens: int, guoshui_blocked: bool,
                   rules: WuhanRules) -> Optional[str]:
    """Why the winning tile cannot be taken at all, whatever the reading."""
    discard = not ctx.self_draw
    if discard and not ctx.robbing_kong and ctx.win_tile == laizi:
        return "a discarded laizi is a 癩子杠: nobody may win on it (A-L33)"
    if discard and ctx.win_tile in must_kong:
        return "a discarded must-kong tile is a kong, not a win"
    for t in must_kong:
        if full[t]:
            return (f"holding {tiles.tile_name(t, 'chinese')} blocks the win: it must be konged "
                    "first (A-L15-23, B-一.6-8)")
    if opens == 0:
        return "no 開口: a win needs a chi, peng or exposed kong (A-L55, B-一.1)"
    if guoshui_blocked and rules.guoshui != "none" and discard:
        return ("過水: a win on this tile was passed since the last draw and this one is not "
                "worth more (B-二.2.5)")
    return None


@functools.lru_cache(maxsize=4096)
def _settle(best: _Win, table: _Table, zimo: bool, liable: Optional[tuple[str, str]],
            laizi: int, rules: WuhanRules) -> ScoreResult:
    """Every loser pays base × 2^(winner fans) × 2^(own fans), capped; 金頂 / 陽光頂 /
    光明頂 when all three exceed the cap (A-L105-137, B-三.A-C); 包 moves it all.

    A settlement depends only on these few values, which take a small set of values
    over all hands, so it is computed once per set; the result is immutable (its
    ``detail`` read-only) and may be shared between calls."""
    mult, hard, k, pats = best
    if "風一色" in pats:
        names = list(pats)
        over = True        # 風一色 is paid as a top whatever the fans
    else:
        names = ["硬胡" if hard else "軟胡", *pats]
        if not k:
            names.insert(0, "小胡")
        if zimo:
            names.append("自摸")
        factor = rules.big_zimo_fangchong_factor
        shares = []
        over = True
        for seat, small_fans, big_fans, discarder in table.seats:
            raw = mult * 2 ** big_fans * (factor if discarder else 1) if k \
                else mult * 2 ** (small_fans + discarder)
            over = over and raw > 400
            shares.append((seat, int(min(raw, 400))))
    if over:
        gold, sun, bright = rules.tiers
        if not any(table.opened):
            shares = [(seat, bright) for seat in OTHERS]
            names.append("光明頂")
        else:
            shares = [(seat, gold if opened else sun) for seat, opened in zip(OTHERS, table.opened)]
            names.append("金頂")
            if not all(table.opened):
                names.append("陽光頂")
    total = sum(amount for _, amount in shares)
    if liable is not None:
        names.append(liable[1])
        ledger = Ledger.paid_to("W", [(liable[0], total, liable[1])])
    else:
        ledger = Ledger.paid_to("W", [(seat, amount, "放沖" if seat == table.discarder else "胡")
                                      for seat, amount in shares])
    return ScoreResult.win(total, UNIT, tuple(names), ledger,
                           MappingProxyType({"laizi": laizi, "multiplier": mult,
                                             "shares": MappingProxyType(dict(shares))}))


def _liable(best: _Win, ctx: WinContext, melds: _Melds, discarder_ready: bool,
            rules: WuhanRules) -> Optional[tuple[str, str]]:
    """包胡 / 見三包 (A-L125-135, B-三.B): who pays everything, if anyone."""
    if ctx.robbing_kong and rules.qianggang_settlement == "as_gangkai_robbed_pays_all":
        return "A", "包胡"
    names = best[3]
    if "全求人" in names and not ctx.self_draw and not discarder_ready:
        return "A", "包胡"
    if "清一色" in names and melds.third_opener is not None:
        return melds.third_opener, "見三包"
    return None


def score(hand: Hand, ctx: WinContext, rules: Optional[WuhanRules] = None, *, indicator,
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
    rules = WuhanRules.coerce(rules)
    indicator = tiles.tile_index(indicator)
    laizi = _LAIZI[indicator, rules.gang_variant]
    must_kong = _MUST_KONG[indicator, rules.gang_variant]
    table = _table_of(losers, rules, not (ctx.self_draw or ctx.robbing_kong))
    special = _check_special_kongs(special_kongs, rules)
    last_four = check_bool(last_four, "last_four")
    discarder_ready = check_bool(discarder_ready, "discarder_ready")
    guoshui_same_tile_not_higher = check_bool(guoshui_same_tile_not_higher, "guoshui_same_tile_not_higher")
    full = bytearray(hand.concealed.tobytes())   # the 14 tiles of the win, melds apart
    full[ctx.win_tile] += 1
    melds = _melds(hand.melds, laizi, must_kong)
    if melds.malformed:
        raise ValueError(melds.malformed)
    # the concealed counts are within 4 (Hand checks them): only the winning tile, the
    # meld kinds and the indicator (one copy is flipped, B-一.4) can exceed what exists
    if full[ctx.win_tile] > 4 or full[indicator] + melds.counts[indicator] > 3 \
            or any(full[t] + melds.counts[t] > 4 for t in melds.kinds):
        hand.check_copies(ctx.win_tile, {indicator: 3})
    _check_situation(hand, ctx, special, last_four, losers, full, melds, indicator, laizi, rules)
    if melds.forbidden:
        return ScoreResult.no_win(melds.forbidden, UNIT)
    special_fans = _kong_fans(special, rules)

    reason = _no_win_reason(hand, ctx, full, laizi, must_kong, melds.opens,
                            guoshui_same_tile_not_higher, rules)
    if reason:
        return ScoreResult.no_win(reason, UNIT)
    held = full[laizi]
    readings = _readings(full, held, laizi, ctx, melds, len(hand.melds), rules)
    if not ctx.self_draw and not ctx.robbing_kong and rules.jianzihu_discard_forbidden \
            and any(r[3] for r in readings) and _laizi_single_wait(full, laizi, ctx.win_tile):
        # 見字胡 (C13): a laizi single that takes any tile may win only "by 自摸, 杠开
        # or 抢杠" (B-二.2.6); waiting for a 2-5-8 to pair it (見將胡) is still allowed
        # on a discard
        readings = [r for r in readings if not r[3] or ctx.win_tile in SUITED_258]
    # fans that do not depend on the reading: 開口 (or 口口翻), kongs (A-L105, B-三.A)
    fixed_fans = (melds.opens if rules.kaikou_mode == KOUKOU_FAN else 1) + melds.kong_fans + special_fans
    zimo = ctx.self_draw and not ctx.robbing_kong and (not ctx.after_kong or rules.gangkai_zimo_factor)
    context_bits = (ctx.self_draw | ctx.after_kong << 1 | ctx.robbing_kong << 2
                    | last_four << 3) << _CONTEXT_SHIFT
    best = None
    for r in readings:
        win = _evaluate(r, context_bits, held, fixed_fans, ctx.dealer, zimo, rules)
        # the reading that pays most; then hard before soft, then more patterns, then
        # the shared tie-break (patterns.preference)
        if win is not None and (best is None or win[:3] > best[:3] or (
                win[:3] == best[:3] and _preference(win[3]) > _preference(best[3]))):
            best = win
    if best is None:
        return ScoreResult.no_win("the tiles do not form a winning hand under Wuhan rules (a small "
                                  "win needs a 2-5-8 pair and at most one laizi)", UNIT)
    return _settle(best, table, zimo, _liable(best, ctx, melds, discarder_ready, rules), laizi, rules)


def _check_special_kongs(special_kongs: object, rules: WuhanRules) -> dict[str, int]:
    """The winner's single-tile kongs: kinds the variant has, counts that can exist."""
    if special_kongs is None:
        return {}
    special = check_kongs(special_kongs, "the winner's special", _SPECIAL_KONGS)
    for kind, n in special.items():
        if n and kind not in _VARIANT_KONGS[rules.gang_variant]:
            raise ValueError(f"a {kind} kong does not exist in the {rules.gang_variant} variant (B-一.6-8)")
    return special


_SPECIAL_TILE = {"hongzhong": lambda indicator, laizi: RED, "facai": lambda indicator, laizi: GREEN,
                 "pizi": lambda indicator, laizi: indicator, "laizi": lambda indicator, laizi: laizi}


def _check_situation(hand: Hand, ctx: WinContext, special: Mapping[str, int], last_four: bool,
                     losers: Sequence[Loser], full: bytearray, melds: _Melds, indicator: int,
                     laizi: int, rules: WuhanRules) -> None:
    """ValueError for a win that cannot happen at a Wuhan table."""
    if last_four and not ctx.self_draw:
        raise ValueError("海底撈 (last_four) is a self-draw: in the last four tiles nobody discards "
                         "or kongs (A-L85)")
    if ctx.after_kong and not any(m.is_kong for m in hand.melds) and not any(special.values()):
        raise ValueError("after_kong (杠上開花): the winner has no kong among his melds and no "
                         "special kong (special_kongs)")
    # single-tile kongs of the whole table, with the winner's own copies, within what
    # exists (three of the indicator: one is flipped, B-一.4)
    konged: dict[int, int] = {}
    for kind, tile_of in _SPECIAL_TILE.items():
        n = special.get(kind, 0) + sum(l.kongs.get(kind, 0) for l in losers)
        if n:
            tile = tile_of(indicator, laizi)
            konged[tile] = konged.get(tile, 0) + n
    for tile, n in konged.items():
        most = 3 if tile == indicator else 4
        if n + full[tile] + melds.counts[tile] > most:
            raise ValueError(f"{n} single-tile kongs of {tiles.tile_name(tile)} at the table beside "
                             f"the winner's {full[tile] + melds.counts[tile]}: only {most} exist")


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
                           {"laizi": laizi_of(case["indicator"], rules)})
    return result


def priority_winner(discarder: str, claimants: Sequence[str], dealer: str,
                    order: Sequence[str] = ("A", "B", "C", "D"),
                    rules: Optional[WuhanRules] = None) -> str:
    """一炮單響 (A-L95, B-二.2.10): of several players who can win on one discard, the
    one who does.  ``order`` lists the seats in turn order.  Default
    (``next_after_discarder``): the first claimant after the discarder in turn order
    (截胡); ``from_dealer``: the first counting from the dealer."""
    rules = WuhanRules.coerce(rules)
    if not claimants:
        raise ValueError("no claimant")
    for seat in (discarder, dealer, *claimants):
        if seat not in order:
            raise ValueError(f"unknown seat {short(seat)}")
    start = order.index(discarder) + 1 if rules.multi_win_priority == "next_after_discarder" \
        else order.index(dealer)
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        if seat in claimants and seat != discarder:
            return seat
    raise ValueError("the discarder cannot win on his own discard")


def chajiao(seats: Mapping[str, Optional[Hand]], rules: Optional[WuhanRules] = None,
            dealer: Optional[str] = None) -> ChajiaoResult:
    """荒莊 at the end of the wall: nothing is settled and the dealer deals again (A-L51).
    ``seats`` maps the seats A-D to their hands (None: a seat that won; Wuhan has one
    winner, so at 荒莊 nobody has)."""
    WuhanRules.coerce(rules)
    check_table(seats)
    check_dealer(dealer)
    return ChajiaoResult({}, Ledger(), UNIT, dealer,
                         event="荒莊: the wall ran out with no winner; nothing is settled and the "
                               "dealer deals again (A-L51)")
