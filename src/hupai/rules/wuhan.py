"""Wuhan mahjong 武漢麻將, 紅中癩子杠 and its sister variants (seeds 001 and 004).

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
import math
import operator
import re
from dataclasses import dataclass
from typing import Mapping, NamedTuple, Optional, Sequence

import numpy as np

from .. import _core, analysis, tiles
from .._messages import short
from ..tiles import EAST, GREEN, GROUP_BIT, HONORS, NORTH, RED, SOUTH, WEST, WHITE, group_bits
from .breakdown import Step, evaluate, running
from .fifth import readings_beyond_four
from .flags import RegionFlags
from .ledger import Ledger
from .model import (ANGANG, CHI, KONGS, MINGGANG, OPENING, OTHERS, PENG, DeclaredMeld, Hand, Memo, ReadOnlyDict,
                    check_bool, check_count, check_dealer, check_hand, check_table, declared_melds)
from .patterns import FromFlag, Pattern, PatternTable, preference, resolve, steps
from .result import ExhaustResult, ScoreResult, SeatReport
from .settlement import wait_report
from .situation import Loser, Situation, table_facts, win_facts

__all__ = ["FLOW", "name", "TITLE", "FACTS", "WuhanRules", "Rules", "Loser", "laizi_of", "must_kong_tiles", "check_melds",
           "score", "ready", "exhaust", "analyze", "make_hand", "priority_winner", "PATTERNS", "UNIT",
           "SIDE_SETTLEMENTS"]

name = "wuhan"
TITLE = "Wuhan mahjong 武漢麻將 (紅中癩子杠)"
UNIT = "分"
#: The settlements ``payment_scope`` may ask for: the hand only.
PAYMENT_SCOPES = ("hand",)
#: The situation facts Wuhan reads.
FACTS = frozenset({"after_kong", "robbing_kong", "dealer", "indicator", "losers", "special_kongs", "last_four",
                   "discarder_ready", "guoshui_same_tile_not_higher"})
HONGZHONG, HONGZHONG_PIZI, HONGZHONG_FACAI = "hongzhong", "hongzhong_pizi", "hongzhong_facai"
KAIKOU_FAN, KOUKOU_FAN = "kaikou_fan", "koukou_fan"


@dataclass(frozen=True)
class WuhanRules(RegionFlags):
    """Flags of the Wuhan digest (§8), with their defaults, and of its round flow
    (``flow_*``, wuhan-flow §12), which only the table engine reads."""

    PREFIX = "wuhan_"
    CHOICES = {
        "gang_variant": (HONGZHONG, HONGZHONG_PIZI, HONGZHONG_FACAI),
        "kaikou_mode": (KAIKOU_FAN, KOUKOU_FAN), "laizi_gang_fan": (1, 2),
        "big_zimo_fangchong_factor": (1.5, 2), "guoshui": ("same_tile_unless_higher", "none"),
        "qianggang_settlement": ("as_gangkai_robbed_pays_all", "discard_like"),
        "multi_win_priority": ("next_after_discarder", "from_dealer"),
        # the round flow of the table engine (wuhan-flow.md §12; rules/flows/wuhan.py)
        "flow_first_dealer": ("param", "random"), "flow_deal_order": ("4-4-4-jump", "one_by_one"),
        "flow_indicator_source": ("front_after_deal", "tail"),
        "flow_haidi_reserve": (10, 0), "flow_replacement_source": ("tail", "front"),
        "flow_kongs_after_claim": ("special_only", "all", "none"),
        "flow_special_kong_discard": ("is_kong", "turn_ending_discard"),
        "flow_kong_cutoff": ("drawable_5", "drawable_1"),
        "flow_claim_priority": ("hu_pengkong_chi", "seat_order"), "flow_chi_swap": ("allowed", "forbidden"),
        "flow_guoshui_measure": ("total_received", "winner_multiplier"),
        "flow_robbed_kong": ("reverts_to_peng", "counts_as_kong"),
        "flow_dealer_rotation": ("next_seat", "previous_seat"),
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
    # the round flow (flows/wuhan.py), flow digest §12
    flow_first_dealer: str = "param"          # silent: the caller's seat, else 0
    flow_deal_order: str = "4-4-4-jump"       # A-L27, B-一.3 give 14/13 only: the usual deal
    flow_indicator_source: str = "front_after_deal"   # A-L27 "翻取的第一張牌", B-一.3/4: the next tile
    flow_haidi_reserve: int = 10                     # A-L85, B-一.9.6: 5 stacks never drawn
    flow_replacement_source: str = "tail"            # A-L87, B-一.9.7 "補牌" (no position): usual practice
    flow_kongs_after_claim: str = "special_only"     # A-L15 "隨時", B-一.6: single-tile kongs only
    flow_special_kong_discard: str = "is_kong"       # A-L15 "打出來也是杠牌", A-L87 杠开: with its replacement
    flow_kong_cutoff: str = "drawable_5"             # A-L85 "此時不能打出不能杠": no kong's replacement is a 海底 tile
    flow_claim_priority: str = "hu_pengkong_chi"     # silent: 胡 > 碰/杠 > 吃
    flow_chi_swap: str = "allowed"                   # silent: the claimed kind may be discarded
    flow_guoshui_measure: str = "total_received"     # B-二.2.5 "胡牌翻数大于前一家"
    flow_robbed_kong: str = "reverts_to_peng"        # silent; case WH-20
    flow_dealer_rotation: str = "next_seat"          # B-一.12 "逆时针轮流坐庄" (A-L51 "上家" read as a slip)

    def __post_init__(self) -> None:
        object.__setattr__(self, "koukou_top_tiers", _tiers_of(self.koukou_top_tiers))
        self._check_choices()

    @property
    def tiers(self) -> tuple[int, int, int]:
        """(金頂, 陽光頂, 光明頂) amounts (B-三.C; 口口翻: A-L137 and C17)."""
        if self.kaikou_mode == KOUKOU_FAN:
            return self.koukou_top_tiers
        return 500, 600, 700

    @property
    def gold(self) -> int:
        return self.tiers[0]

    @property
    def sun(self) -> int:
        return self.tiers[1]

    @property
    def bright(self) -> int:
        return self.tiers[2]


def _tiers_of(value: object) -> tuple[int, int, int]:
    """``wuhan_koukou_top_tiers`` as three amounts: text ``"600/700/800"`` (ASCII
    digits, as the case format writes it) or three ints."""
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
    a, b, c = (check_count(v, "a wuhan_koukou_top_tiers amount") for v in value)
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
        return tiles.next_in_suit(indicator)
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
# the single-tile kongs each variant has (B-一.6-8)
_VARIANT_KONGS = {HONGZHONG: frozenset({"hongzhong", "laizi"}),
                  HONGZHONG_PIZI: frozenset({"hongzhong", "pizi", "laizi"}),
                  HONGZHONG_FACAI: frozenset({"hongzhong", "facai", "laizi"})}

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
    Pattern("pengpeng", "碰碰胡", "All triplets", "A-L79, B-一.9.1", 10, "add", lambda f: f.pengpeng),
    Pattern("quanqiuren", "全求人", "All melded", "A-L81, B-一.9.2", 10, "add", lambda f: f.quanqiuren),
    Pattern("qingyise", "清一色", "Full flush", "A-L83, B-一.9.5", 10, "add", lambda f: f.qing),
    Pattern("jiangyise", "將一色", "All 2-5-8", "A-L69, A-L83, B-一.9.4", 10, "add", lambda f: f.jiang),
    Pattern("fengyise", "風一色", "All honours", "A-L69, A-L83, B-一.9.3, B-二.3.4", 10, "add", lambda f: f.feng),
]
SITUATIONAL = [
    Pattern("gangkai", "杠上開花", "Win on a kong replacement", "A-L87, B-一.9.7", 10, "add",
            lambda f: f.after_kong and f.self_draw),
    Pattern("qianggang", "搶杠", "Robbing a kong", "A-L89, B-一.9.8", 10, "add", lambda f: f.robbing_kong),
    Pattern("haidilao", "海底撈", "Last four tiles", "A-L85, B-一.9.6", 10, "add",
            lambda f: f.last_four and f.self_draw),
]
#: Fans (each ×2, A-L105, B-三.A): the winner's and each loser's own; the 1.5 factors of
#: big wins; the caps and tops; 包.
_FANS = [
    Pattern("xiaohu", "小胡", "Small win", "A-L57-63, B-一.5", 1, "set"),
    Pattern("kaikou", "開口", "Opened", "A-L55, A-L105, B-三.A (口口翻: per opening, A-L111)", 1, "double",
            listed=False),
    Pattern("minggang", "明杠", "Exposed kong", "A-L41-43, A-L105", 1, "double", listed=False),
    Pattern("angang", "暗杠", "Concealed kong", "A-L47, A-L105", 2, "double", listed=False),
    Pattern("hongzhong_kong", "紅中杠", "Red dragon kong", "A-L15, B-一.6", 1, "double", listed=False),
    Pattern("facai_kong", "發財杠", "Green dragon kong", "A-L17-23, B-一.8", 1, "double", listed=False),
    Pattern("pizi_kong", "皮子杠", "Indicator kong", "B-一.7", 1, "double", listed=False),
    Pattern("laizi_kong", "癩子杠", "Wild tile kong", "A-L31, B-三.A (wuhan_laizi_gang_fan)",
            FromFlag("laizi_gang_fan"), "double", listed=False),
    Pattern("yinghu", "硬胡", "Hard win (every wild tile as itself)", "A-L29, B-一.13", 1, "double"),
    Pattern("ruanhu", "軟胡", "Soft win (wild tiles used)", "A-L29, B-一.14", None, "label"),
    Pattern("zimo", "自摸", "Self-draw", "A-L105, B-三.A", 1, "double"),
    Pattern("zimo_big", "自摸", "Self-draw (big win factor)", "A-L117, B-三.A",
            FromFlag("big_zimo_fangchong_factor"), "multiply"),
    Pattern("dealer", "莊", "Dealer", "A-L105, B-三.A (big wins: wuhan_big_win_dealer_fan)", 1, "double", listed=False),
    Pattern("fangchong", "放沖", "Discarder", "A-L105, B-三.A", 1, "double", listed=False),
    Pattern("fangchong_big", "放沖", "Discarder (big win factor)", "A-L117, B-三.A",
            FromFlag("big_zimo_fangchong_factor"), "multiply", listed=False),
    Pattern("share", "輸家", "A loser's share: the winner's multiplier times his own fans", "A-L103-105",
            None, "label", listed=False),
    Pattern("cap400", "封頂", "Capped at 400 per loser", "A-L135, B-三.C", 400, "cap", listed=False),
    Pattern("truncate", "取整", "Paid in whole points", "B-三.A", None, "floor", listed=False),
    Pattern("jinding", "金頂", "Golden top", "B-三.C, A-L135-137", FromFlag("gold"), "set"),
    Pattern("yangguangding", "陽光頂", "Sunshine top (an unopened loser)", "B-三.C", FromFlag("sun"), "set"),
    Pattern("guangmingding", "光明頂", "Bright top (nobody opened)", "B-三.C", FromFlag("bright"), "set"),
    Pattern("baohu", "包胡", "Liability: one loser pays all", "A-L125-131, B-三.B", None, "label"),
    Pattern("jiansanbao", "見三包", "Third-opening liability", "A-L133, B-三.B", None, "label"),
]
#: Every Wuhan pattern: big wins and upgrades (10 each, A-L77, A-L121), then the fans,
#: factors, caps and tops that make each loser's payment.
PATTERNS = PatternTable(BIG_PATTERNS + SITUATIONAL + _FANS, combine="double")
_BIG_IDS = frozenset(p.id for p in BIG_PATTERNS)
_SCORING_IDS = tuple(p.id for p in BIG_PATTERNS + SITUATIONAL)
_KONG_ROW = {"ming": "minggang", "an": "angang", "hongzhong": "hongzhong_kong", "facai": "facai_kong",
             "pizi": "pizi_kong", "laizi": "laizi_kong"}

SUITED_258 = frozenset(t for t in range(HONORS) if t % 9 in (1, 4, 7))
_AT_258 = operator.itemgetter(*sorted(SUITED_258))

# Facts are packed into bits (in Facts field order) so that a resolution is one lookup.
_PENGPENG, _QUANQIUREN, _QING, _JIANG, _FENG = (1 << i for i in range(5))
_CONTEXT_SHIFT = 5


@functools.lru_cache(maxsize=None)
def _ids(bits: int, table: PatternTable) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(big, situational) pattern ids matched by the packed facts (at most 2^9 keys)."""
    hits = resolve(table, Facts(*(bool(bits >> i & 1) for i in range(len(Facts._fields)))))
    return (tuple(p.id for p in hits if p.id in _BIG_IDS), tuple(p.id for p in hits if p.id not in _BIG_IDS))


# ------------------------------------------------------------------ the losers


class _Payer(NamedTuple):
    """One loser as his share reads him: his own fans (A-L105, B-三.A)."""

    seat: str
    opened: bool
    openings: int
    dealer: bool
    discarder: bool
    kongs: tuple[tuple[str, int], ...]


class _Table(NamedTuple):
    """The three losers as the settlement reads them (validated once per configuration)."""

    payers: tuple[_Payer, _Payer, _Payer]
    discarder: Optional[str]


@functools.lru_cache(maxsize=1024)
def _table(keys: tuple, rules: WuhanRules, discard_win: bool) -> _Table:
    """Validate the losers of one win (their ``Loser._key``): their variant's kongs, the
    discarder A on a discard win and nobody else."""
    payers = tuple(sorted((_Payer(*k) for k in keys), key=lambda p: p.seat))
    allowed = _VARIANT_KONGS[rules.gang_variant] | {"ming", "an"}
    for p in payers:
        for kind, _n in p.kongs:
            if kind not in allowed:
                raise ValueError(f"loser {p.seat}: a {kind} kong does not exist in the "
                                 f"{rules.gang_variant} variant (B-一.6-8)")
    discarders = [p.seat for p in payers if p.discarder]
    if not discard_win and discarders:
        raise ValueError("no loser is the discarder on a self-draw or a robbed kong")
    if discard_win and discarders != ["A"]:
        raise ValueError("on a discard win, exactly loser A is the discarder")
    return _Table(payers, discarders[0] if discarders else None)  # type: ignore[arg-type]


def _table_of(losers: Optional[Sequence[Loser]], rules: WuhanRules, discard_win: bool) -> _Table:
    """The losers as the settlement reads them; not given: three opened players, A the
    discarder on a discard win."""
    if losers is None:
        losers = (Loser("A", True, discarder=discard_win), Loser("B", True), Loser("C", True))
    return _table(tuple(l._key for l in losers), rules, discard_win)  # type: ignore[attr-defined]


# ------------------------------------------------------------------ the winner's melds


class _Melds(NamedTuple):
    """What scoring reads of the winner's declared melds (computed once per meld set)."""

    malformed: Optional[str]       # why a meld is not a meld at all (a ValueError)
    forbidden: Optional[str]       # why the rules do not allow a meld (a non-win)
    opens: int                     # 開口 melds: chi, peng, exposed kongs (暗杠 does not open)
    ming: int                      # 明杠 (直杠 / 蓄杠)
    an: int                        # 暗杠
    counts: tuple[int, ...]        # 34 counts of the meld tiles
    kinds: frozenset[int]
    suits: int                     # bit s for suit s among the meld tiles, bit 3 for honours
    all258: bool
    no_chi: bool
    claimed: int                   # chi, peng, 明杠 claimed from a discard (全求人)
    third_opener: Optional[str]    # the seat that fed the third chi / peng / 明杠 (見三包)


def _meld_problem(m: DeclaredMeld, laizi: int, must_kong: frozenset[int]) -> tuple[Optional[str], Optional[str]]:
    """(malformed, forbidden) of one meld."""
    held = sorted(m.tiles)
    if m.kind == CHI and (held[0] >= HONORS or held != [held[0], held[0] + 1, held[0] + 2]
                          or held[0] // 9 != held[2] // 9):
        return f"{m}: a chi is three consecutive tiles of one suit", None
    if m.kind != CHI and len(set(held)) != 1:
        return f"{m}: a {m.kind} is identical tiles", None
    if any(t in must_kong or t == laizi for t in held):
        return None, (f"{m}: 紅中, the laizi and the variant's must-kong tiles are never claimed or "
                      "konged as sets (A-L31-33, B-二.1)")
    return None, None


@functools.lru_cache(maxsize=4096)
def _melds(melds: tuple[DeclaredMeld, ...], laizi: int, must_kong: frozenset[int]) -> _Melds:
    """What scoring reads of ``melds`` (cached: a seat's melds come back on every
    analysis and score until it claims again)."""
    malformed = forbidden = None
    counts = [0] * 34
    for m in melds:
        for t in m.tiles:
            counts[t] += 1
        bad, banned = _meld_problem(m, laizi, must_kong)
        malformed, forbidden = malformed or bad, forbidden or banned
    kinds = frozenset(t for t in range(34) if counts[t])
    suits = 0
    for t in kinds:
        suits |= GROUP_BIT[t]
    feeders = [m.from_seat for m in melds if m.kind in (CHI, PENG, MINGGANG)]
    return _Melds(malformed, forbidden, sum(1 for m in melds if m.kind in OPENING),
                  sum(1 for m in melds if m.kind in KONGS and m.kind != ANGANG),
                  sum(1 for m in melds if m.kind == ANGANG), tuple(counts), kinds, suits,
                  kinds <= SUITED_258, all(m.kind != CHI for m in melds), len(feeders),
                  feeders[2] if len(feeders) >= 3 and feeders[2] in OTHERS else None)


def check_melds(melds: Sequence[DeclaredMeld], indicator: int, rules: Optional[WuhanRules] = None) -> Optional[str]:
    """ValueError when a declared meld is not a meld (a chi not of three consecutive
    suited tiles, a peng or kong not of identical tiles); the reason, with its seed
    line, when the rules forbid one (it holds 紅中, the laizi or a must-kong tile,
    A-L31-33, B-二.1), else None."""
    rules = WuhanRules.coerce(rules)
    read = _melds(declared_melds(melds), laizi_of(indicator, rules), must_kong_tiles(indicator, rules))
    if read.malformed:
        raise ValueError(read.malformed)
    return read.forbidden


# ------------------------------------------------------------------ readings


class _Reading(NamedTuple):
    """One reading of the winning tiles."""

    small_shape: bool     # four sets and a 2-5-8 pair (the small win's shape)
    bits: int             # the packed big-pattern facts
    hard: bool            # every held laizi used as itself (or none held)
    jianzi: bool          # the winning tile's role is to pair a laizi (見字胡)


class _Win(NamedTuple):
    """A legal reading with its winner's multiplier; wins compare on the first three."""

    mult: float
    hard: bool
    k: int                           # big patterns and upgrades (0: a small win)
    ids: tuple[str, ...]             # those patterns
    steps: tuple[Step, ...]          # the winner's multiplier, step by step

    @property
    def rank(self) -> tuple[float, bool, int]:
        """What wins compare on: the multiplier, then hard before soft, then more patterns."""
        return self.mult, self.hard, self.k


class _Context(NamedTuple):
    """The win's facts that every reading shares."""

    laizi: int
    held: int                  # laizi among the 14 tiles
    win_tile: int
    self_draw: bool
    robbing: bool
    quanqiuren: bool           # four claimed melds, the win a discard (B-一.9.2, C14)
    bits: int                  # the packed context facts (self-draw, kong, robbing, last four)


def _readings(full: bytearray, c: _Context, melds: _Melds, n_melds: int, rules: WuhanRules) -> list[_Reading]:
    """Every reading: the laizi as themselves (硬), or as jokers (軟) (B-一.10)."""
    naturals = full
    if c.held:
        naturals = bytearray(full)
        naturals[c.laizi] = 0
    # suits of the natural tiles; must-kong tiles are neither held nor melded here
    suits = melds.suits | group_bits(naturals)
    out = []
    # 將一色 / 風一色 hold whatever the arrangement (亂將 / 亂風): every natural tile
    # qualifies and the laizi stand in as needed (as themselves if they qualify too).
    # They also add to the big patterns of a shape reading whose laizi qualify: "如果正好
    # 又满足碰碰胡的情况的话，则视为双大胡" (B-一.9.4, A-L121)
    jiang = melds.all258 and sum(_AT_258(naturals)) == 14 - 3 * n_melds - c.held
    feng = not suits & 7
    if jiang:
        out.append(_Reading(False, _JIANG, c.held == 0 or c.laizi in SUITED_258, False))
    if feng:
        out.append(_Reading(False, _FENG, c.held == 0 or c.laizi >= HONORS, False))
    # the laizi as themselves: they add their suit, and are 2-5-8s or honours as they are
    hard_bits = (_QING if (suits | (GROUP_BIT[c.laizi] if c.held else 0)) in (0, 1, 2, 4) else 0) \
        | (_JIANG if jiang and (not c.held or c.laizi in SUITED_258) else 0) \
        | (_FENG if feng and (not c.held or c.laizi >= HONORS) else 0)
    # the laizi as themselves rarely complete a hand that they complete as jokers: the
    # kernel's win check (tens of ns) spares the search for readings where there are none
    hard = _core.readings(full, 0, seven_pairs=False) if _core.is_win(full, 0, seven_pairs=False) else ()
    for r in hard:
        pair258 = r.pair in SUITED_258
        out.append(_Reading(pair258, (_PENGPENG if r.triplets_only and melds.no_chi else 0)
                            | (_QUANQIUREN if c.quanqiuren and pair258 else 0) | hard_bits, True, False))
    if c.held and (c.held == 1 or _beyond_limit_may_win(
            (_QING if suits in (0, 1, 2, 4) else 0) | (_PENGPENG if melds.no_chi else 0)
            | (_QUANQIUREN if c.quanqiuren else 0) | (_JIANG if jiang else 0) | (_FENG if feng else 0),
            c.bits, rules.situational_lifts_laizi_limit)):
        out += _soft_readings(naturals, c, melds, suits, jiang, feng, rules)
    if not rules.qingyise_requires_shape and suits in (1, 2, 4):
        out.append(_Reading(False, _QING, c.held == 0 or GROUP_BIT[c.laizi] == suits, False))
    # readings that differ only in where the laizi stand read alike here: value each once
    # (half of them, over the scoring benchmark's wins)
    return list(dict.fromkeys(out))


def _beyond_limit_may_win(possible: int, context: int, lifted: bool) -> bool:
    """Whether a reading with two or more laizi as jokers may still be a win: a small win
    allows one (A-L57-61, B-一.10), so it takes a big pattern, or a situational one where
    it lifts the limit (C15).  ``possible``: every big-pattern fact some reading of the
    hand may have; each combination of them is tried with the win's ``context``."""
    big, lifts = _reach(possible, context, lifted)
    return big or lifts


@functools.lru_cache(maxsize=None)
def _reach(possible: int, context: int, lifted: bool) -> tuple[bool, bool]:
    """(some big pattern, some situational pattern that lifts the laizi limit) among the
    readings whose big-pattern facts are any combination of ``possible``, with the win's
    ``context``: read from the pattern table (:func:`_ids`), at most 2^9 keys."""
    combos = (sub for sub in range(possible + 1) if sub & ~possible == 0)
    ids = [_ids(sub | context, PATTERNS) for sub in combos]
    return any(big for big, _ in ids), lifted and any(situ for _, situ in ids)


def _may_win_on(shared: _Shared, after: bytearray, n_melds: int, rules: WuhanRules, candidates) -> list[int]:
    """The ``candidates`` t (in their order) that may make the 13 tiles ``after`` (melds
    apart) a legal self-drawn win at ``shared``'s table: a necessary condition, at the
    cost of a kernel call or two for all of them; a tile left out is one on which
    :func:`_score` would find no legal reading.  A small win needs four sets and a 2-5-8
    pair within the laizi limit (A-L57-61, B-一.10); anything else needs a big pattern,
    or a situational one that lifts the limit (C15), and every fact a reading can have
    is bounded here by the tiles (one suit, all 2-5-8, all honours, few kinds).  The
    kernel's waits of the 13 tiles (as themselves, and with the laizi as jokers) stand
    for an ``is_win`` per tile."""
    melds, laizi = shared.melds, shared.laizi
    if melds.forbidden or not melds.opens or any(after[t] for t in shared.must_kong):
        return []           # what _no_win_reason refuses whatever the tiles' reading
    held0 = after[laizi]
    naturals = bytearray(after)
    naturals[laizi] = 0
    suits0 = melds.suits | group_bits(naturals)
    at_258, kinds = sum(_AT_258(naturals)), 34 - naturals.count(0)
    counted = rules.xiaohu_laizi_limit_counts_self_used
    hard = soft = None      # the kernel's waits, asked for when first needed
    out = []
    for t in candidates:
        if t in shared.must_kong:
            continue
        drawn_laizi = t == laizi
        held = held0 + drawn_laizi
        suits = suits0 if drawn_laizi else suits0 | GROUP_BIT[t]
        possible = (_QING if suits in (0, 1, 2, 4) else 0) | (0 if suits & 7 else _FENG) \
            | (_JIANG if melds.all258 and at_258 + (not drawn_laizi and t in SUITED_258) == 14 - 3 * n_melds - held
               else 0) \
            | (_PENGPENG if melds.no_chi and kinds + (not drawn_laizi and not naturals[t]) <= 5 - n_melds else 0) \
            | (_QUANQIUREN if shared.quanqiuren else 0)
        big, lifts = _reach(possible, shared.bits, rules.situational_lifts_laizi_limit)
        if big or (held and rules.ghost_as_fifth_copy):
            out.append(t)
            continue
        if held <= 1 or lifts or not counted:
            if hard is None:
                hard = _core.waits(after, 0, seven_pairs=False, pair258=True)
            if t in hard:
                out.append(t)
                continue
        if 0 < held and (held == 1 or lifts):
            if drawn_laizi:      # one joker more
                win = _core.is_win(naturals, held, seven_pairs=False, pair258=True)
            else:
                if soft is None:
                    soft = _core.waits(naturals, held0, seven_pairs=False, pair258=True)
                win = t in soft
            if win:
                out.append(t)
    return out


def _soft_readings(naturals: bytearray, c: _Context, melds: _Melds, suits: int, jiang: bool, feng: bool,
                   rules: WuhanRules) -> list[_Reading]:
    """The readings with the laizi as jokers: they take a natural tile's kind and suit
    (never a must-kong tile, whose holding blocks the win, and never a new suit).  Two
    laizi standing in as the pair are a 將 only as themselves, when the laizi is a 2-5-8
    (B-二.2.7: laizi 7m, 333m 999s and a 7m drawing a 7m on a kong has no 將)."""
    qing = _QING if suits in (0, 1, 2, 4) else 0
    fifth = rules.ghost_as_fifth_copy
    w = c.win_tile
    free_pair_258 = c.laizi in SUITED_258
    out = []
    for r in (readings_beyond_four(naturals, c.held, False) if fifth else
              _core.readings(naturals, c.held, seven_pairs=False)):
        st = r.standins
        if not fifth and st and melds.kinds and any(
                melds.counts[t] + naturals[t] + st.count(t) > 4 for t in melds.kinds.intersection(st)):
            continue   # a laizi is never a fifth copy, melds counted (C18)
        pair258 = r.pair in SUITED_258 if r.pair is not None else free_pair_258
        bits = qing | (_PENGPENG if r.triplets_only and melds.no_chi else 0) \
            | (_QUANQIUREN if c.quanqiuren and pair258 else 0) \
            | (_JIANG if jiang and all(t in SUITED_258 for t in st) else 0) \
            | (_FENG if feng and all(t >= HONORS for t in st) else 0)
        out.append(_Reading(pair258, bits, False, r.pair == w and w in st and naturals[w] == 1))
    return out


_MASK_258 = sum(1 << t for t in SUITED_258)
_STANDARD_ONLY = _core.wait_options({"seven_pairs": False})
#: the soft classes whose winning tile pairs a laizi (見字胡, C13), in place
_WIN_PAIRS_LAIZI = sum(1 << k for k in range(32) if k & _core.CLASS_WIN_PAIRS_JOKER) << _core.CLASSES_SOFT
_BLOCKED = 1 << _core.CLASSES_BLOCKED
#: the laizi held, in place; at least two of them; classes with no soft reading are at most _NO_SOFT
_LAIZI_HELD, _TWO_LAIZI = 0xF << _core.CLASSES_JOKERS, 2 << _core.CLASSES_JOKERS
_NO_SOFT = (1 << _core.CLASSES_SOFT) - 1


def _classes(hand: Hand, win_tile: int, shared: "_Shared", rules: WuhanRules) -> int:
    """The kernel's classes of the win's readings (:func:`hupai._core.reading_classes`):
    the laizi as themselves and as jokers, 2-5-8 pairs, triplets only, laizi standing
    in for 2-5-8s or honours, the winning tile pairing a laizi; -1 for a kind held more
    than four times.  With two laizi or more the readings with them as jokers are
    listed only when some reading could still be a win (:func:`_soft_wanted`)."""
    classes = _core.reading_classes(hand.concealed_bytes, win_tile, hand.meld_bytes, shared.laizi, _MASK_258,
                                    _MASK_258, _STANDARD_ONLY, 1, shared.blocked, shared.indicator)
    if classes >= 0 and classes >> _core.CLASSES_JOKERS & 0xF > 1 and _soft_wanted(
            classes & _HAND_FIELDS, shared.melds, shared.quanqiuren, shared.bits, rules):
        classes = _core.reading_classes(hand.concealed_bytes, win_tile, hand.meld_bytes, shared.laizi, _MASK_258,
                                        _MASK_258, _STANDARD_ONLY, blocked=shared.blocked,
                                        flipped=shared.indicator)
    return classes


def _field(classes: int, shift: int, bits: int) -> int:
    return classes >> shift & ((1 << bits) - 1)


#: The fields of the kernel's classes that describe the tiles, not their readings.
_HAND_FIELDS = (0xF << _core.CLASSES_GROUPS | 1 << _core.CLASSES_WITHIN_A | 0xF << _core.CLASSES_JOKERS)


@functools.lru_cache(maxsize=4096)
def _soft_wanted(tiles_: int, melds: _Melds, quanqiuren: bool, context: int, rules: WuhanRules) -> bool:
    """Whether the readings with the laizi as jokers may hold a win: always with one
    laizi; with more only with a big pattern, or a situational one that lifts the limit
    (:func:`_beyond_limit_may_win`).  ``tiles_``: the kernel's fields of the tiles
    (groups, all 2-5-8, laizi held)."""
    held = _field(tiles_, _core.CLASSES_JOKERS, 4)
    suits = melds.suits | _field(tiles_, _core.CLASSES_GROUPS, 4)
    jiang = melds.all258 and bool(_field(tiles_, _core.CLASSES_WITHIN_A, 1))
    return held == 1 or held > 1 and _beyond_limit_may_win(
        (_QING if suits in (0, 1, 2, 4) else 0) | (_PENGPENG if melds.no_chi else 0)
        | (_QUANQIUREN if quanqiuren else 0) | (_JIANG if jiang else 0) | (0 if suits & 7 else _FENG),
        context, rules.situational_lifts_laizi_limit)


@functools.lru_cache(maxsize=8192)
def _class_readings(classes: int, melds: _Melds, quanqiuren: bool, laizi: int, context: int,
                    rules: WuhanRules) -> tuple[_Reading, ...]:
    """:func:`_readings` of the win whose kernel classes are ``classes``: the same
    readings, read from the classes instead of listed (cached: a few hundred class
    sets cover most wins)."""
    held = _field(classes, _core.CLASSES_JOKERS, 4)
    suits = melds.suits | _field(classes, _core.CLASSES_GROUPS, 4)
    jiang = melds.all258 and bool(_field(classes, _core.CLASSES_WITHIN_A, 1))
    feng = not suits & 7
    laizi_258, laizi_honour = laizi in SUITED_258, laizi >= HONORS
    out = []
    if jiang:       # (亂將 / 亂風 hold whatever the arrangement: _readings says why)
        out.append(_Reading(False, _JIANG, held == 0 or laizi_258, False))
    if feng:
        out.append(_Reading(False, _FENG, held == 0 or laizi_honour, False))
    hard_bits = (_QING if (suits | (GROUP_BIT[laizi] if held else 0)) in (0, 1, 2, 4) else 0) \
        | (_JIANG if jiang and (not held or laizi_258) else 0) \
        | (_FENG if feng and (not held or laizi_honour) else 0)
    hard = _field(classes, _core.CLASSES_HARD, 4)
    for k in range(4):
        if hard >> k & 1:
            pair258, triplets = bool(k & 1), bool(k & 2)
            out.append(_Reading(pair258, (_PENGPENG if triplets and melds.no_chi else 0)
                                | (_QUANQIUREN if quanqiuren and pair258 else 0) | hard_bits, True, False))
    qing = _QING if suits in (0, 1, 2, 4) else 0
    if _soft_wanted(classes & _HAND_FIELDS, melds, quanqiuren, context, rules):
        soft = classes >> _core.CLASSES_SOFT
        for k in range(32):
            if soft >> k & 1:
                pair258 = bool(k & _core.CLASS_PAIR) or bool(k & _core.CLASS_FREE_PAIR) and laizi_258
                out.append(_Reading(pair258, qing | (_PENGPENG if k & _core.CLASS_TRIPLETS and melds.no_chi else 0)
                                    | (_QUANQIUREN if quanqiuren and pair258 else 0)
                                    | (_JIANG if jiang and k & _core.CLASS_WITHIN_A else 0)
                                    | (_FENG if feng else 0),    # (a laizi stands in for a kind held)
                                    False, bool(k & _core.CLASS_WIN_PAIRS_JOKER)))
    if not rules.qingyise_requires_shape and suits in (1, 2, 4):
        out.append(_Reading(False, _QING, held == 0 or GROUP_BIT[laizi] == suits, False))
    return tuple(dict.fromkeys(out))


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


# ------------------------------------------------------------------ the winner's multiplier


class _Fans(NamedTuple):
    """The winner's fans that do not depend on the reading (A-L105, B-三.A)."""

    opens: int                             # 開口 fans: 1, or the openings under 口口翻
    kongs: tuple[tuple[str, int], ...]     # his kongs by kind: ming, an and single-tile kongs
    dealer: bool
    zimo: bool                             # the 自摸 fan (small) or factor (big) applies


def _evaluate(r: _Reading, c: _Context, fans: _Fans, rules: WuhanRules) -> Optional[_Win]:
    """The winner multiplier of one reading, or None when it is not a legal win: a
    small win needs a 2-5-8 pair and at most one laizi (A-L57-61, B-一.10)."""
    big, situ = _ids(r.bits | c.bits, PATTERNS)
    if big:
        ids = big + situ
    else:
        limit_count = c.held if not r.hard or rules.xiaohu_laizi_limit_counts_self_used else 0
        if situ and r.small_shape and (limit_count <= 1 or rules.situational_lifts_laizi_limit):
            ids = situ
        elif r.small_shape and limit_count <= 1:
            ids = ()
        else:
            return None
    winner = _winner_steps(ids, r.hard, fans, rules, PATTERNS)
    mult = math.inf if "fengyise" in ids else evaluate(winner)   # 風一色 beats everything (B-二.3.4)
    return _Win(mult, r.hard, len(ids), ids, winner)


@functools.lru_cache(maxsize=8192)
def _winner_steps(ids: tuple[str, ...], hard: bool, fans: _Fans, rules: WuhanRules,
                  table: PatternTable) -> tuple[Step, ...]:
    """The winner's multiplier: 小胡 1, or 10 per big pattern and upgrade (A-L77, A-L121),
    doubled per fan (開口 or 口口翻, kongs, 硬胡, 莊 on a small win, 自摸), the 自摸 of a big
    win a factor (×1.5, C5).  風一色 is paid as 金頂 with no count (B-二.3.4): its rows
    are named only."""
    rows = [table[i] for i in ids]
    if "fengyise" in ids:
        return tuple(Step(row, "label", 0) for row in rows)
    big = bool(ids)
    out = steps(table, rows if big else [table["xiaohu"]], rules)
    out += _fan_steps(fans.opens, fans.kongs, fans.dealer and (not big or rules.big_win_dealer_fan), None,
                      rules, table)
    out += steps(table, [table["yinghu" if hard else "ruanhu"]], rules)
    if fans.zimo:
        out += steps(table, [table["zimo_big" if big else "zimo"]], rules)
    return tuple(out)


def _fan_steps(opens: int, kongs: tuple[tuple[str, int], ...], dealer: bool, payer: Optional[str],
               rules: WuhanRules, table: PatternTable) -> list[Step]:
    """開口 (×2 per opening under 口口翻), each kong, and 莊: one player's own fans."""
    out = steps(table, [table["kaikou"]], rules, payer, times=opens) if opens else []
    for kind, n in kongs:
        out += steps(table, [table[_KONG_ROW[kind]]], rules, payer, times=n)
    if dealer:
        out += steps(table, [table["dealer"]], rules, payer)
    return out


# ------------------------------------------------------------------ the losers' shares


class _Liability(NamedTuple):
    """包: the row that makes one loser pay all, and that loser."""

    row: str
    seat: str


@functools.lru_cache(maxsize=4096)
def _settle(win: _Win, t: _Table, liable: Optional[_Liability], laizi: int, rules: WuhanRules,
            table: PatternTable) -> ScoreResult:
    """Every loser pays the winner's multiplier × 2^(his own fans) (× 1.5 as 放沖 in a
    big win), capped at 400; 金頂 / 陽光頂 / 光明頂 when all three exceed it or for a
    風一色 (A-L105-137, B-三.A-C); 包 moves it all to one loser (``liable``: the row and
    the seat).

    A settlement depends only on these few values, which take a small set of values
    over all hands, so it is computed once per set; the result is immutable (its
    ``detail`` read-only) and may be shared between calls."""
    feng = "fengyise" in win.ids
    own = {p.seat: [Step(table["share"], "label", 0, p.seat)] + ([] if feng else _loser_steps(win, p, rules, table))
           for p in t.payers}
    raw = {seat: evaluate(win.steps + tuple(own[seat])) for seat in OTHERS}
    over = feng or all(raw[s] > 400 for s in OTHERS)
    shares: list[Step] = list(win.steps)
    for p in t.payers:
        shares += own[p.seat] + _top_or_cap(p, raw[p.seat], over, t, rules, table)
    if liable is not None:
        shares += steps(table, [table[liable.row]], rules)
    amounts = _amounts(shares)
    total = sum(amounts.values())
    if liable is not None:
        row = table[liable.row]
        ledger = Ledger.paid_to("W", [(liable.seat, total, f"{row.name_zh} ({row.seed})")])
    else:
        ledger = Ledger.paid_to("W", [(s, amounts[s], "放沖 (A-L103)" if s == t.discarder else "胡 (A-L103)") for s in OTHERS])
    detail = ReadOnlyDict({"laizi": laizi, "multiplier": win.mult, "shares": ReadOnlyDict(amounts)})
    return ScoreResult.win(shares, UNIT, ledger, detail)


def _loser_steps(win: _Win, p: _Payer, rules: WuhanRules, table: PatternTable) -> list[Step]:
    """One loser's own fans (開口 under loser_kaikou_fan, his kongs, 莊, 放沖)."""
    big = win.k > 0
    opens = (p.openings if rules.kaikou_mode == KOUKOU_FAN else 1) if rules.loser_kaikou_fan and p.opened else 0
    out = _fan_steps(opens, p.kongs, p.dealer and (not big or rules.big_win_dealer_fan), p.seat, rules, table)
    if p.discarder:
        out += steps(table, [table["fangchong_big" if big else "fangchong"]], rules, p.seat)
    return out


def _top_or_cap(p: _Payer, raw: float, over: bool, t: _Table, rules: WuhanRules,
                table: PatternTable) -> list[Step]:
    """A top tier when all three shares exceed 400 (光明頂 if nobody opened, else 金頂 for
    the opened, 陽光頂 for the unopened); else the 400 cap; then whole points."""
    if over:
        nobody = not any(q.opened for q in t.payers)
        row = "guangmingding" if nobody else "jinding" if p.opened else "yangguangding"
        return steps(table, [table[row]], rules, p.seat)
    out = steps(table, [table["cap400"]], rules, p.seat) if raw > 400 else []
    if min(raw, 400) != int(min(raw, 400)):
        out += steps(table, [table["truncate"]], rules, p.seat)
    return out


def _amounts(steps_: Sequence[Step]) -> dict[str, int]:
    """Each payer's share as his steps leave it."""
    out = {}
    for s, v in zip(steps_, running(steps_)):
        if s.payer is not None:
            out[s.payer] = int(v)
    return {s: out[s] for s in OTHERS}


# ------------------------------------------------------------------ scoring


def score(hand: Hand, situation: Situation, rules: Optional[WuhanRules] = None) -> ScoreResult:
    """Score a Wuhan win.

    The situation's ``indicator`` (the flipped 癩子皮; its successor is the laizi) is
    required; ``losers`` are A, B and C (opened, openings, dealer, discarder, kongs;
    not given: three opened players, A the discarder on a discard win);
    ``special_kongs`` are the winner's single-tile kongs, ``last_four`` a self-draw among
    the last four live tiles (海底撈), ``discarder_ready`` decides 全求人 包胡 and
    ``guoshui_same_tile_not_higher`` says a win on this tile was declined since the
    winner's last draw.  The value is the total the winner receives; the best laizi use
    is the one with the highest winner multiplier (FORMAT.md §4.5)."""
    rules = WuhanRules.coerce(rules)
    win_facts(hand, situation, name, FACTS)
    return _score(_shared(hand.melds, situation, rules), hand, situation, rules)


def _score(shared: "_Shared", hand: Hand, situation: Situation, rules: WuhanRules) -> ScoreResult:
    """:func:`score` once the types are checked and ``shared`` is what every winning tile
    of this hand's melds in this situation shares (the analysis values many tiles with
    one): the kernel sorts the win's readings into classes, and the result is worked
    out once per class set at this table (:func:`_outcome`).  A laizi as a fifth copy
    (C18) takes the readable path (:func:`_score_readings`), which lists the readings."""
    if rules.ghost_as_fifth_copy:
        return _score_readings(shared, hand, situation, rules)
    win, laizi, melds = situation.win_tile, shared.laizi, shared.melds
    assert win is not None      # checked by win_facts (score) or _check_types
    classes = _core.reading_classes(hand._bytes, win, hand._meld_bytes, laizi, _MASK_258, _MASK_258,  # type: ignore[attr-defined]
                                    _STANDARD_ONLY, 1, shared.blocked, shared.indicator)
    if classes & _LAIZI_HELD >= _TWO_LAIZI:     # (the laizi as jokers: listed only when wanted)
        classes = _classes(hand, win, shared, rules)
    if classes < 0:     # a kind over four (the indicator over three: B-一.4)
        hand.check_copies(win, {shared.indicator: 3})       # (raises, naming the kind)
    if shared.situation_checked:
        _check_situation(shared, _full(hand, win))
    if shared.refused or classes & _BLOCKED or situation.guoshui_same_tile_not_higher \
            or not situation.self_draw and (win == laizi or win in shared.must_kong):
        reason = melds.forbidden or _no_win_reason(situation, hand.concealed_bytes, laizi, shared.must_kong,
                                                   melds.opens, rules)
        if reason:
            return ScoreResult.no_win(reason, UNIT, {"laizi": laizi})
    # 見字胡 (C13): see _score_readings
    barred = classes > _NO_SOFT and not situation.self_draw and not situation.robbing_kong \
        and rules.jianzihu_discard_forbidden and bool(classes & _WIN_PAIRS_LAIZI) and win not in SUITED_258 \
        and _laizi_single_wait(_full(hand, win), laizi, win)
    key = classes << 2 | barred << 1 | situation.discarder_ready
    out = shared.outcomes.get(key)
    if out is None:
        out = shared.outcomes.keep(key, _outcome(shared, classes, barred, situation, rules))
    return out


def _full(hand: Hand, win_tile: int) -> bytearray:
    """The 14 tiles of the win, melds apart."""
    full = bytearray(hand.concealed_bytes)
    full[win_tile] += 1
    return full


def _outcome(shared: "_Shared", classes: int, barred: bool, s: Situation, rules: WuhanRules) -> ScoreResult:
    """The result of a win whose readings have the kernel's ``classes`` (the 見字胡 ones
    ``barred``) at ``shared``'s table: what :func:`_score_readings` finds, read from the
    classes; ``s`` is read only for the facts the memo's key holds (its
    ``discarder_ready``) or ``shared`` does."""
    readings = _class_readings(classes, shared.melds, shared.quanqiuren, shared.laizi, shared.bits, rules)
    if barred:
        readings = tuple(r for r in readings if not r.jianzi)
    c = _Context(shared.laizi, _field(classes, _core.CLASSES_JOKERS, 4), s.win_tile, s.self_draw,  # type: ignore[arg-type]
                 s.robbing_kong, shared.quanqiuren, shared.bits)
    return _result(_best(readings, c, shared.fans, rules), shared, s, rules)


def _result(best: Optional["_Win"], shared: "_Shared", s: Situation, rules: WuhanRules) -> ScoreResult:
    """The settlement of the best reading, or the non-win when no reading is legal."""
    if best is None:
        return ScoreResult.no_win("the tiles do not form a winning hand under Wuhan rules (a small "
                                  "win needs a 2-5-8 pair and at most one laizi)", UNIT,
                                  ReadOnlyDict({"laizi": shared.laizi}))
    return _settle(best, shared.table, _liable(best, s, shared.melds, rules), shared.laizi, rules, PATTERNS)


def _score_readings(shared: "_Shared", hand: Hand, situation: Situation, rules: WuhanRules) -> ScoreResult:
    """:func:`_score` the readable way: every reading listed and valued (the reference
    the kernel's classes are tested against, and the path of C18's fifth copies)."""
    prepared = _prepare(shared, hand, situation, rules)
    if isinstance(prepared, ScoreResult):
        return prepared
    full, c = prepared
    readings = _readings(full, c, shared.melds, len(hand.melds), rules)
    if not situation.self_draw and not situation.robbing_kong and rules.jianzihu_discard_forbidden \
            and any(r.jianzi for r in readings) and _laizi_single_wait(full, c.laizi, c.win_tile):
        # 見字胡 (C13): a laizi single that takes any tile may win only "by 自摸, 杠开
        # or 抢杠" (B-二.2.6); waiting for a 2-5-8 to pair it (見將胡) is still allowed
        readings = [r for r in readings if not r.jianzi or c.win_tile in SUITED_258]
    return _result(_best(readings, c, shared.fans, rules), shared, situation, rules)


def _best(readings: Sequence[_Reading], c: _Context, fans: _Fans, rules: WuhanRules) -> Optional[_Win]:
    """The reading that pays most; then hard before soft, then more patterns, then the
    shared tie-break (patterns.preference)."""
    best = None
    for r in readings:
        win = _evaluate(r, c, fans, rules)
        if win is not None and (best is None or win.rank > best.rank or (
                win.rank == best.rank and _preference(win.ids) > _preference(best.ids))):
            best = win
    return best


@functools.lru_cache(maxsize=None)
def _preference(ids: tuple[str, ...]) -> tuple:
    return preference(PATTERNS, ids)


class _Shared(NamedTuple):
    """What a win shares whatever its concealed tiles and winning tile: the table facts
    and the declared melds, checked once."""

    indicator: int
    laizi: int
    must_kong: frozenset[int]
    table: _Table
    melds: _Melds
    after_kong_problem: Optional[str]      # raised where the tile-dependent checks stand
    konged: tuple[tuple[int, int], ...]    # single-tile kongs at the table, by tile
    quanqiuren: bool
    bits: int                              # the packed context facts
    fans: _Fans
    situation_checked: bool                # a win's tiles are checked against these facts (_check_situation)
    blocked: int                           # the must-kong kinds as a mask: held, they block a win
    refused: bool                          # the melds forbid a win, or none opens (_no_win_reason)
    outcomes: Memo                         # _score's results by classes and facts (a few hundred)


class _TableFacts(NamedTuple):
    """The situation's facts that :func:`_shared` reads: its cache key."""

    indicator: int
    losers: Optional[tuple[Loser, ...]]
    special_kongs: Mapping[str, int]
    self_draw: bool
    robbing_kong: bool
    after_kong: bool
    last_four: bool
    dealer: bool


def _shared(hand_melds: tuple[DeclaredMeld, ...], s: Situation, rules: WuhanRules) -> _Shared:
    """Validate the situation and the melds of a win (ValueError, as :func:`score`
    raises them) and gather what every winning tile shares: once per set of melds,
    facts but the winning tile, and rules (the same melds at the same table come back
    on every score of a hand and every wait of an analysis), kept in a plain dict on
    keys that hash fast (the situation's facts are hashed once, Situation._facts)."""
    if s.indicator is None:
        raise ValueError("a Wuhan win needs the flipped indicator (the situation's indicator)")
    key = (hand_melds, s._facts(), id(rules))
    hit = _SHARED.get(key)
    if hit is not None and hit.rules is rules and hit.table is PATTERNS:
        return hit.shared
    out = _shared_of(hand_melds, _TableFacts(s.indicator, s.losers, s.special_kongs, s.self_draw, s.robbing_kong,
                                             s.after_kong, s.last_four, s.dealer), rules)
    return _SHARED.keep(key, _Kept(rules, PATTERNS, out)).shared


class _Kept(NamedTuple):
    """A :func:`_shared` kept for a key holding ``id(rules)``: the rules kept with it
    (alive, so no other object takes their id while it is kept; equal rules of another
    identity are another key, which costs a miss, never a wrong hit), and the pattern
    table its results were valued from (``shared.outcomes``: a table changed, e.g. by a
    test of its rows, is a miss)."""

    rules: WuhanRules
    table: PatternTable
    shared: "_Shared"


_SHARED = Memo(4096)


def _shared_of(hand_melds: tuple[DeclaredMeld, ...], s: _TableFacts, rules: WuhanRules) -> _Shared:
    """:func:`_shared` of the few facts it reads."""
    indicator = s.indicator
    laizi = _LAIZI[indicator, rules.gang_variant]
    must_kong = _MUST_KONG[indicator, rules.gang_variant]
    table = _table_of(s.losers, rules, not (s.self_draw or s.robbing_kong))
    _check_special_kongs(s.special_kongs, rules)
    melds = _melds(hand_melds, laizi, must_kong)
    if melds.malformed:
        raise ValueError(melds.malformed)
    quanqiuren = len(hand_melds) == 4 and melds.claimed == 4 and not s.robbing_kong \
        and (not s.self_draw or not rules.quanqiuren_discard_only)
    kongs = tuple(sorted({"ming": melds.ming, "an": melds.an, **dict(s.special_kongs)}.items()))
    fans = _Fans(melds.opens if rules.kaikou_mode == KOUKOU_FAN else 1, tuple(k for k in kongs if k[1]), s.dealer,
                 s.self_draw and not s.robbing_kong and (not s.after_kong or rules.gangkai_zimo_factor))
    problem, konged = _after_kong_problem(hand_melds, s), _konged(s, indicator, laizi)
    return _Shared(indicator, laizi, must_kong, table, melds, problem, konged, quanqiuren,
                   (s.self_draw | s.after_kong << 1 | s.robbing_kong << 2 | s.last_four << 3) << _CONTEXT_SHIFT,
                   fans, bool(problem or konged), sum(1 << t for t in must_kong),
                   bool(melds.forbidden) or not melds.opens, Memo(4096))


def _prepare(shared: _Shared, hand: Hand, s: Situation, rules: WuhanRules):
    """Validate the win's tiles and gather what every reading shares; a non-win result
    when the winning tile cannot be taken at all."""
    full = bytearray(hand.concealed_bytes)   # the 14 tiles of the win, melds apart
    full[s.win_tile] += 1                        # type: ignore[index]
    melds, laizi = shared.melds, shared.laizi
    _check_copies(hand, s, full, melds, shared.indicator)
    _check_situation(shared, full)
    reason = melds.forbidden or _no_win_reason(s, hand.concealed_bytes, laizi, shared.must_kong, melds.opens, rules)
    if reason:
        return ScoreResult.no_win(reason, UNIT, {"laizi": laizi})
    c = _Context(laizi, full[laizi], s.win_tile, s.self_draw, s.robbing_kong, shared.quanqiuren,  # type: ignore[arg-type]
                 shared.bits)
    return full, c


def _check_types(hand: Hand, s: Situation) -> None:
    win_facts(hand, s, name, FACTS)


def _check_copies(hand: Hand, s: Situation, full: bytearray, melds: _Melds, indicator: int) -> None:
    """The concealed counts are within 4 (Hand checks them; 紅中 within the 8 of Luzhou's
    set, so it is checked here): only the winning tile, the meld kinds, 紅中 and the
    indicator (one copy is flipped, B-一.4) can exceed what exists."""
    win = s.win_tile
    assert win is not None      # checked by _check_types
    if full[win] > 4 or full[RED] > 4 or full[indicator] + melds.counts[indicator] > 3 \
            or any(full[t] + melds.counts[t] > 4 for t in melds.kinds):
        hand.check_copies(win, {indicator: 3})


def _check_special_kongs(special: Mapping[str, int], rules: WuhanRules) -> None:
    """The winner's single-tile kongs: kinds the variant has."""
    for kind, n in special.items():
        if n and kind not in _VARIANT_KONGS[rules.gang_variant]:
            raise ValueError(f"a {kind} kong does not exist in the {rules.gang_variant} variant (B-一.6-8)")


_SPECIAL_TILE = {"hongzhong": lambda indicator, laizi: RED, "facai": lambda indicator, laizi: GREEN,
                 "pizi": lambda indicator, laizi: indicator, "laizi": lambda indicator, laizi: laizi}


def _after_kong_problem(hand_melds: tuple[DeclaredMeld, ...], s: _TableFacts) -> Optional[str]:
    """杠上開花 without a kong cannot happen at a Wuhan table."""
    if s.after_kong and not any(m.is_kong for m in hand_melds) and not any(s.special_kongs.values()):
        return "after_kong (杠上開花): the winner has no kong among his melds and no special kong (special_kongs)"
    return None


def _konged(s: _TableFacts, indicator: int, laizi: int) -> tuple[tuple[int, int], ...]:
    """The single-tile kongs at the table (the winner's and the losers' together), as
    (tile, kongs) by tile."""
    kongs = dict(s.special_kongs)
    for loser in s.losers or ():
        for kind, n in loser.kongs.items():
            kongs[kind] = kongs.get(kind, 0) + n
    konged: dict[int, int] = {}
    for kind, tile_of in _SPECIAL_TILE.items():
        n = kongs.get(kind, 0)
        if n:
            tile = tile_of(indicator, laizi)
            konged[tile] = konged.get(tile, 0) + n
    return tuple(konged.items())


def _check_situation(shared: _Shared, full: bytearray) -> None:
    """ValueError for a win that cannot happen at a Wuhan table: 杠上開花 without a kong,
    more single-tile kongs of a tile (the winner's and the losers' together, with the
    winner's own copies) than exist."""
    if shared.after_kong_problem:
        raise ValueError(shared.after_kong_problem)
    counts = shared.melds.counts
    for tile, n in shared.konged:
        most = 3 if tile == shared.indicator else 4
        if n + full[tile] + counts[tile] > most:
            raise ValueError(f"{n} single-tile kongs of {tiles.tile_name(tile)} at the table beside "
                             f"the winner's {full[tile] + counts[tile]}: only {most} exist")


def _no_win_reason(s: Situation, concealed: bytes, laizi: int, must_kong: frozenset[int], opens: int,
                   rules: WuhanRules) -> Optional[str]:
    """Why the winning tile cannot be taken at all, whatever the reading (``concealed``:
    the counts before the winning tile)."""
    discard = not s.self_draw
    if discard and not s.robbing_kong and s.win_tile == laizi:
        return "a discarded laizi is a 癩子杠: nobody may win on it (A-L33)"
    if discard and s.win_tile in must_kong:
        return "a discarded must-kong tile is a kong, not a win"
    for t in must_kong:
        if concealed[t] or t == s.win_tile:
            return (f"holding {tiles.tile_name(t, 'chinese')} blocks the win: it must be konged "
                    "first (A-L15-23, B-一.6-8)")
    if opens == 0:
        return "no 開口: a win needs a chi, peng or exposed kong (A-L55, B-一.1)"
    if s.guoshui_same_tile_not_higher and rules.guoshui != "none" and discard:
        return ("過水: a win on this tile was passed since the last draw and this one is not "
                "worth more (B-二.2.5)")
    return None


def _liable(best: _Win, s: Situation, melds: _Melds, rules: WuhanRules) -> Optional[_Liability]:
    """包胡 / 見三包 (A-L125-135, B-三.B): (the liability's row, the seat that pays all),
    if anyone does."""
    if s.robbing_kong and rules.qianggang_settlement == "as_gangkai_robbed_pays_all":
        return _Liability("baohu", "A")
    if "quanqiuren" in best.ids and not s.self_draw and not s.discarder_ready:
        return _Liability("baohu", "A")
    if "qingyise" in best.ids and melds.third_opener is not None:
        return _Liability("jiansanbao", melds.third_opener)
    return None


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


# ------------------------------------------------------------------ the end of the wall

def _table_situation(situation: Optional[Situation]) -> Situation:
    return table_facts(situation, name, FACTS)


_OPENED_LOSERS = tuple(Loser(s, True) for s in OTHERS)


@functools.lru_cache(maxsize=1024)
def _self_drawn_facts(situation: Situation) -> Situation:
    """The table situation as a self-draw's (no winning tile yet), its losers by default
    three opened players: derived once per table situation (a situation is immutable)."""
    return situation._derive(self_draw=True, losers=situation.losers or _OPENED_LOSERS)


class _SelfDrawn:
    """Self-drawn wins of hands with the same melds at one table (``situation``, a
    checked one without a winning tile; its losers by default three opened players), as
    readiness and the analysis value each wait: :func:`score` of a situation that
    differs only in its winning tile, the situation and the melds checked on the first
    win asked for and shared by the rest."""

    def __init__(self, situation: Situation, rules: WuhanRules) -> None:
        self._facts = _self_drawn_facts(situation)
        self._rules = rules
        self._shared: Optional[_Shared] = None

    def score(self, hand: Hand, win_tile: int) -> ScoreResult:
        """``score(hand, situation with win_tile)``; ``win_tile`` an index 0-33, ``hand``
        with the melds of every earlier call."""
        s = self._facts._derive(win_tile=win_tile)
        return _score(self._table(hand, s), hand, s, self._rules)

    def may_win_on(self, hand: Hand, candidates) -> list[int]:
        """The ``candidates`` on which :meth:`score` may find a win (:func:`_may_win_on`);
        the others are sure to be no win.  Most waits of a ready shape are no legal win,
        and this spares their scores."""
        if not candidates:
            return []
        shared = self._shared or self._table(hand, self._facts._derive(win_tile=next(iter(candidates))))
        return _may_win_on(shared, bytearray(hand.concealed_bytes), len(hand.melds), self._rules, candidates)

    def _table(self, hand: Hand, s: Situation) -> _Shared:
        """What every win of the hand's melds at this table shares, checked once."""
        if self._shared is None:
            _check_types(hand, s)
            self._shared = _shared(hand.melds, s, self._rules)
        return self._shared


def ready(hand: Hand, rules: Optional[WuhanRules] = None, situation: Optional[Situation] = None) -> SeatReport:
    """The tiles that complete ``hand`` as a legal self-drawn win (開口, a 2-5-8 pair or a
    big win, the laizi limit), and the best one's total.  The situation needs the
    ``indicator``; ``losers`` default to three opened players.  Wuhan has no 查叫 (荒莊
    settles nothing), so this is what a seat is waiting for."""
    rules = WuhanRules.coerce(rules)
    check_hand(hand)
    situation = _table_situation(situation)
    if situation.indicator is None:
        raise ValueError("Wuhan readiness needs the flipped indicator (the situation's indicator)")
    self_drawn = _SelfDrawn(situation, rules)
    forbidden = check_melds(hand.melds, situation.indicator, rules)
    if forbidden:
        return SeatReport("", False, reason=forbidden)
    own = hand.all_tiles()
    own[situation.indicator] += 1    # the flipped indicator is one copy fewer to draw (B-一.4)

    def win_on(t: int):
        res = self_drawn.score(hand, t)
        return (res.value, [s.pattern for s in res.breakdown]) if res.is_win else None

    # the tiles left to draw that may make a legal win, found for all of them at once
    candidates = self_drawn.may_win_on(hand, [t for t in range(34) if own[t] < 4])
    return wait_report("", candidates, win_on, PATTERNS)


def exhaust(table: Mapping[str, Optional[Hand]], rules: Optional[WuhanRules] = None, *,
            dealer: Optional[str] = None, situation: Optional[Situation] = None) -> ExhaustResult:
    """荒莊 at the end of the wall: nothing is settled and the dealer deals again (A-L51).
    ``table`` maps the seats A-D to their hands (None: a seat that won; Wuhan has one
    winner, so at 荒莊 nobody has)."""
    rules = WuhanRules.coerce(rules)
    situation = _table_situation(situation)
    check_table(table)
    check_dealer(dealer)
    detail = {} if situation.indicator is None else {"laizi": laizi_of(situation.indicator, rules)}
    return ExhaustResult({}, Ledger(), UNIT, dealer,
                         event="荒莊: the wall ran out with no winner; nothing is settled and the "
                               "dealer deals again (A-L51)", detail=detail)


#: Settlements of the case format beyond a win, by case kind (none in Wuhan).
SIDE_SETTLEMENTS: dict = {}


# ------------------------------------------------------------------ hands and analysis

def make_hand(concealed, melds: Sequence[DeclaredMeld] = ()) -> Hand:
    """A Wuhan hand of these tiles (13, a kong counting 3; the laizi are its own tiles)."""
    return Hand(concealed, tuple(melds))


def analyze(counts, rules: Optional[WuhanRules] = None, *, visible=None, melds: Sequence[DeclaredMeld] = (),
            situation: Optional[Situation] = None, values: bool = True):
    """The discard analysis under Wuhan rules (:func:`hupai.analyze_discards`): the
    situation's ``indicator`` is required; ``counts`` are the concealed tiles, the
    hand's laizi its jokers; must-kong tiles must already be konged (holding one raises
    ``ValueError``).  Shanten and 进张 measure the distance to a small win (a 2-5-8 pair);
    a ready discard lists only the waits that make a legal win, each with the total it
    would collect as a self-draw (losers: the situation's, or three opened players).
    Which waits are legal needs their scores, so ``values`` false only leaves the
    values out."""
    rules = WuhanRules.coerce(rules)
    valued = check_bool(values, "values")
    situation = _table_situation(situation)
    indicator = situation.indicator
    if indicator is None:
        raise ValueError("Wuhan analysis needs the indicator (the flipped 癩子皮)")
    melds = declared_melds(melds)
    laizi, must_kong = _LAIZI[indicator, rules.gang_variant], _MUST_KONG[indicator, rules.gang_variant]
    read = _melds(melds, laizi, must_kong)
    if read.malformed:
        raise ValueError(read.malformed)
    forbidden = read.forbidden
    arr = analysis.count_bytes(counts)
    held = [t for t in must_kong if arr[t]]
    if held:
        raise ValueError(f"{tiles.tile_name(min(held))} must be konged before discarding (B-一.6-8)")
    seen = list(read.counts)
    seen[indicator] += 1     # the flipped indicator is seen by everyone (B-一.4)
    unseen = analysis.unseen_of(arr, seen, visible)
    for t in must_kong:
        unseen[t] = 0        # never kept, so never an effective tile
    return _options(arr, laizi, unseen, melds, situation, rules, forbidden, valued)


def _options(arr: bytes, laizi: int, unseen: list, melds, situation: Situation, rules: WuhanRules,
             forbidden: Optional[str], valued: bool) -> list[analysis.DiscardOption]:
    """Every discard's option, ranked.  The kernel's options measure the distance to a
    small win (a 2-5-8 pair, the laizi as jokers, ``pair258``); a discard that leaves
    the plain form (big wins take any pair) ready lists the waits that make a legal win
    instead, found by scoring them; a drawn laizi (a joker) always counts as effective
    before that."""
    natural = bytearray(arr)      # (item changes on a bytearray cost no numpy calls)
    jokers = natural[laizi]
    natural[laizi] = 0
    drawn = unseen[laizi]
    # No discard leaves a shanten below the whole hand's (a pattern overlaps the 13
    # tiles by at most what it overlaps the 14), so above 0 no discard leaves the plain
    # form ready, and no discard needs its own shanten call; nor is anything scored:
    # the kernel's ranked options are the answer, a drawn laizi among the effective tiles.
    near = _core.shanten(natural, jokers, seven_pairs=False) <= 0
    if not near and not forbidden:
        return _core.discard_options(natural, jokers, unseen, False, True, False, False, pair258=True, ranked=True,
                                     option=analysis.DiscardOption, also_effective=laizi)
    return analysis.rank(_near_options(natural, jokers, drawn, near, arr, laizi, unseen, melds, situation, rules,
                                       forbidden, valued))


def _near_options(natural: bytearray, jokers: int, drawn: int, near: bool, arr, laizi: int, unseen: list, melds,
                  situation: Situation, rules: WuhanRules, forbidden: Optional[str],
                  valued: bool) -> list[analysis.DiscardOption]:
    """:func:`_options` of a hand near a win (or of forbidden melds), option by option,
    unranked."""
    self_drawn = _SelfDrawn(situation, rules) if near and not forbidden else None
    new = analysis.new_option
    out = []
    # a drawn laizi (a joker) brings any shape a step closer: effective, but for melds
    # that can never win
    also = -1 if forbidden or not drawn else laizi
    for d, sh, eff, tot in _core.discard_options(natural, jokers, unseen, False, True, False, False, pair258=True,
                                                 also_effective=also):
        plain = None
        if near:
            natural[d] -= 1
            # (a small win's shape is a plain one: ready for a small win, ready for any)
            if sh == 0 or _core.shanten(natural, jokers, seven_pairs=False) == 0:
                plain = {t: unseen[t] for t in _core.waits(natural, jokers, seven_pairs=False) if unseen[t]}
            natural[d] += 1
        if forbidden:      # the declared melds can never make a legal win: no wait
            out.append(new((d, sh, eff, tot, analysis.NO_TILES, {} if plain is not None and valued else None, None,
                             forbidden)))
        elif plain is None:
            out.append(new((d, sh, eff, tot, analysis.NO_TILES, None, None, None)))
        else:
            assert self_drawn is not None
            out.append(_ready_option(d, sh, eff, tot, plain, laizi, drawn, arr, melds, self_drawn, valued))
    return out


def _ready_option(d: int, sh: int, eff: analysis.TileMap, tot: int, plain: dict, laizi: int, drawn: int, arr, melds,
                  self_drawn: _SelfDrawn, valued: bool) -> analysis.DiscardOption:
    """The option of a discard that leaves the plain form ready: its legal waits
    (``plain`` and a drawn laizi, those that score a win) and their values when
    ``valued``; a shape not ready for a legal win (e.g. before 開口) keeps the small
    win's shanten and effective tiles."""
    after = bytearray(arr)
    after[d] -= 1
    hand = Hand(np.frombuffer(bytes(after), np.uint8), melds)     # (read-only over bytes: not copied)
    candidates = {**plain, laizi: drawn} if drawn else plain
    values = {}
    for t in self_drawn.may_win_on(hand, candidates):
        res = self_drawn.score(hand, t)
        if res.is_win:
            values[t] = res.value
    waits = analysis.TileMap(sorted((t, candidates[t]) for t in values))
    if waits or sh == 0:
        # ready: the legal waits (none yet, e.g. before 開口, when only the shape is)
        sh, eff, tot = 0, waits, sum(waits.values())
    return analysis.new_option((d, sh, eff, tot, waits, values if sh == 0 and valued else None, None, None))


# the round flow the table engine asks of this region (rules/flows/wuhan.py)
from .flows.wuhan import FLOW  # noqa: E402  (the flow reads this module)
