"""Guiyang catch-the-chicken mahjong 贵阳捉鸡麻将 (seed 002; digest ../shared/rules/guiyang.md).

108 suited tiles, 碰 and 杠 only, no jokers, no 缺一门.  Hand values are additive and
differ between the seed's four write-ups (篇一 v1, 篇二 v2 the default, 篇三 v3), kept
here as data tables.  Side money: 豆 (kongs) and 鸡 (chickens), paid only to ready
players; 篇四's chickens that read the discards (冲锋鸡, 碰鸡, kong chickens, 责任鸡) are
on under ``v4_chickens``.  A hand with a wrong tile count is 相公 (:class:`MiscountedHand`):
it cannot win and is never ready.  ``L<n>`` cites the seed by line.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Mapping, NamedTuple, Optional, Sequence

import numpy as np

from .. import _core, tiles
from .flags import RegionFlags
from .ledger import Ledger, Transfer
from .._messages import short
from .model import (ANGANG, BUGANG, KONGS, MINGGANG, OTHERS, PENG, DeclaredMeld, Hand, WinContext, check_bool,
                    check_count, check_dealer, check_table)
from .patterns import Pattern, PatternTable, preference, resolve
from .result import ChajiaoResult, ScoreResult, SeatReport
from .settlement import chajiao_ledger, wait_report

__all__ = ["GuiyangRules", "Rules", "VALUE_TABLES", "PATTERNS", "V4_KONG_CHICKENS", "MiscountedHand",
           "case_hand", "score", "score_case", "ready", "chajiao", "chickens", "ChickenItem",
           "chicken_items", "chicken_settlement", "genzhang_settlement"]

YAOJI = tiles.S1     # 幺鸡, always a chicken (L209-211)
JINJI_FLIP = tiles.S9  # flipping 九条 makes 幺鸡 the chicken: 金鸡 (L212-214)


@dataclass(frozen=True)
class GuiyangRules(RegionFlags):
    """Flags of the Guiyang digest (§8), with their defaults."""

    PREFIX = "guiyang_"
    CHOICES = {
        "value_table": ("v1", "v2", "v3"), "zimo_bonus": ("pinghu_only", "none", "plus_1_all"),
        "baoting_mode": ("add_like_qingyise", "fixed_10"),
        "shabao_mode": ("pattern_plus_10", "fixed_10"), "qianggang_value": ("as_qingyise", "fixed_10"),
        "repao_mode": ("plus1", "yifei", "by_kong_type", "shaodou"),
        "chicken_scope": ("hand", "inner_outer"), "jinji_value": (2, 3),
        "chajiao_value": ("max_wait_discard_basis", "self_draw_basis"),
        "baopai_mode": ("block_win", "penalty"), "longqidui_multi_quad": ("single_long", "per_quad"),
        "lianzhuang": ("off", "on"), "genzhang": ("off", "on"), "yingxiongji": ("off", "on"),
        "v4_chickens": ("off", "on"),
    }
    __hash__ = RegionFlags.__hash__

    value_table: str = "v2"                      # C1 篇一 / 篇二 / 篇三
    zimo_bonus: str = "pinghu_only"              # C2 "none", "plus_1_all" (v2 only)
    baoting_mode: str = "add_like_qingyise"      # C3 or "fixed_10"
    shabao_mode: str = "pattern_plus_10"         # C4 or "fixed_10"
    qianggang_value: str = "as_qingyise"         # C5 or "fixed_10"
    repao_mode: str = "plus1"                    # C6 "yifei", "by_kong_type", "shaodou"
    chicken_scope: str = "hand"                  # C7 or "inner_outer"
    jinji_value: int = 2                         # C8 or 3
    dou_requires_ready: bool = True              # C9
    chajiao_value: str = "max_wait_discard_basis"  # C10 or "self_draw_basis"
    baopai_mode: str = "block_win"               # C11 or "penalty"
    longqidui_multi_quad: str = "single_long"    # C12 or "per_quad"
    lianzhuang: str = "off"                      # C15
    genzhang: str = "off"                        # C16
    yingxiongji: str = "off"                     # C17
    v4_chickens: str = "off"                     # 篇四 冲锋鸡 / 碰鸡 / kong chickens / 责任鸡 (L335-346)

    def __post_init__(self) -> None:
        self._check_choices()
        if self.zimo_bonus == "plus_1_all" and self.value_table != "v2":
            raise ValueError("guiyang_zimo_bonus 'plus_1_all' exists only with the v2 table")
        if self.qianggang_value != "as_qingyise" and self.value_table != "v2":
            raise ValueError("guiyang_qianggang_value governs 篇二 (v2) only: 篇一 pays the ordinary "
                             "炮钱 (L67-71), 篇三 counts a self-draw paid for all three (L282-286)")
        if self.yingxiongji == "on" and self.v4_chickens == "on":
            raise ValueError("guiyang_yingxiongji (篇一's 英雄鸡, L89) and guiyang_v4_chickens (篇四's "
                             "冲锋鸡, L335) both price the first discarded 幺鸡; turn one of them off")

    @property
    def table(self) -> "ValueTable":
        return VALUE_TABLES[self.value_table]


Rules = GuiyangRules


class ValueTable(NamedTuple):
    """One write-up's hand values (digest §4); 清七对 in v1/v3 is derived (C13)."""

    unit: str
    pinghu: int
    pinghu_zimo: int
    daduizi: int
    qidui: int
    longqidui: int
    qingyise: int
    qingdadui: int
    qingqidui: int
    qinglongbei: int
    gangkai: int
    baoting: int
    qianggang: str     # how a win robbing a kong is paid: QG_ORDINARY, QG_AS_QINGYISE or QG_SELF_DRAW
    qianggang_amount: Optional[int]   # QG_AS_QINGYISE: what the robbed 转弯豆 counts (清一色, L193)
    shabao: int        # what the 报听 player adds when his discard is won on (L170-172)
    dou: Mapping[str, int]   # 闷豆 / 转弯豆 / 点豆 (L53-61, L173-184, L263-274)
    chicken: int             # one 鸡, from each other player (L84, L208, L304)
    ji_mendou: Optional[int]  # a 闷豆 of a 鸡, from each other player (v1 L84, v3 L304); None: tile by tile


# 抢杠 per write-up (digest §5): 篇一 the robbed player pays the ordinary 炮钱 of the hand
# (L67-71); 篇二 the hand counts as a 清一色 and the robbed player pays 10 (+ the named
# hand, guiyang_qianggang_value, L190-195); 篇三 the win counts as a self-draw and the
# robbed player pays for all three (L282-286)
QG_ORDINARY, QG_AS_QINGYISE, QG_SELF_DRAW = "ordinary", "as_qingyise", "self_draw_robbed_pays_all"

VALUE_TABLES = {
    "v1": ValueTable("个", 1, 1, 5, 10, 20, 10, 15, 20, 30, 1, 10, QG_ORDINARY, None, 10,
                     {ANGANG: 2, BUGANG: 3, MINGGANG: 1}, 1, 5),
    "v2": ValueTable("番", 1, 2, 5, 8, 10, 10, 15, 18, 20, 1, 10, QG_AS_QINGYISE, 10, 10,
                     {ANGANG: 2, BUGANG: 3, MINGGANG: 1}, 1, None),
    "v3": ValueTable("番", 10, 10, 30, 40, 50, 50, 80, 90, 100, 10, 100, QG_SELF_DRAW, None, 100,
                     {ANGANG: 20, BUGANG: 10, MINGGANG: 10}, 10, 60),
}


# ------------------------------------------------------------------ patterns

class Facts(NamedTuple):
    shape: str          # "pinghu", "dadui", "qidui", "longqidui"
    qing: bool
    quads: int          # concealed fours in a seven-pairs reading
    ctx: WinContext
    rules: GuiyangRules
    re_pao: bool = False
    shabao: bool = False
    re_pao_kong: Optional[str] = None


_SHAPE_FIELD = {("pinghu", False): "pinghu", ("pinghu", True): "qingyise",
                ("dadui", False): "daduizi", ("dadui", True): "qingdadui",
                ("qidui", False): "qidui", ("qidui", True): "qingqidui",
                ("longqidui", False): "longqidui", ("longqidui", True): "qinglongbei"}
_SHAPE_NAMES = {"pinghu": "平胡", "qingyise": "清一色", "daduizi": "大对子", "qingdadui": "清大对",
                "qidui": "七对", "qingqidui": "清七对", "longqidui": "龙七对", "qinglongbei": "青龙背"}
_SHAPE_SOURCES = {"pinghu": "L31-32, L131-133", "qingyise": "L43-45, L152-154",
                  "daduizi": "L34-36, L142-144", "qingdadui": "L46-48, L155-158",
                  "qidui": "L37-39, L145-147", "qingqidui": "L159-162",
                  "longqidui": "L40-42, L148-151", "qinglongbei": "L49-51, L163-166"}

SHAPES = [Pattern(field, _SHAPE_NAMES[field], field, field, key=key, source=_SHAPE_SOURCES[field])
          for key, field in _SHAPE_FIELD.items()]
EXTRAS = [
    Pattern("zimo", "自摸", "self-draw amount (v2)", "pinghu_zimo", lambda f: _zimo(f),
            source="L136-139"),
    Pattern("gangkai", "杠开", "win on a kong replacement", "gangkai",
            lambda f: f.ctx.after_kong and f.ctx.self_draw, source="L28-30, L140-141"),
    Pattern("baoting", "报听", "declared ready", "baoting", lambda f: f.ctx.declared_ready,
            source="L92-95, L167-169"),
    Pattern("repao", "热炮", "win on a konger's next discard", 1,
            lambda f: f.re_pao, source="L185-189"),
    Pattern("qianggang", "抢杠", "robbing a kong", "qianggang", lambda f: f.ctx.robbing_kong,
            source="L190-195"),
    Pattern("shabao", "杀报", "win on a declared-ready player's discard", "shabao",
            lambda f: f.shabao, source="L170-172"),
]
def _zimo(f: Facts) -> bool:
    """C2: v2's 平胡 自摸 line (unless ``none``), or +1 on named hands (``plus_1_all``);
    never with 报听, never in v1 / v3."""
    if not f.ctx.self_draw or f.ctx.declared_ready or f.rules.value_table != "v2":
        return False
    plain = f.shape == "pinghu" and not f.qing
    return f.rules.zimo_bonus != "none" if plain else f.rules.zimo_bonus == "plus_1_all"


def _key_of(f: Facts):
    return (f.shape, f.qing)


PATTERNS = PatternTable(SHAPES + EXTRAS, key_of=_key_of)


def hand_value(f: Facts) -> tuple[int, tuple[Pattern, ...]]:
    """The hand amount per payer of one reading (digest §4-§5), additive."""
    rules, t = f.rules, f.rules.table
    hits = resolve(PATTERNS, f)
    ids = {p.id for p in hits}
    shape = next(p for p in hits if p.key is not None)
    named = not (f.shape == "pinghu" and not f.qing)
    value = getattr(t, shape.value)
    if f.shape == "longqidui" and rules.longqidui_multi_quad == "per_quad" and f.quads > 1:
        value += (f.quads - 1) * (t.longqidui - t.qidui)    # C12: every further quad adds a 龙
    if "zimo" in ids:
        value = t.pinghu_zimo if not named else value + 1
    if "baoting" in ids:
        # C3: 报听 counts like 清一色 and accumulates (平胡 counting 0), or a fixed 10
        value = t.baoting + (value if named else 0) if rules.baoting_mode == "add_like_qingyise" \
            else t.baoting
    if "qianggang" in ids and t.qianggang == QG_AS_QINGYISE:
        amount = t.qianggang_amount or 0
        value = amount + (value if named else 0) if rules.qianggang_value == "as_qingyise" else amount
    if "gangkai" in ids:
        value += t.gangkai
    if "repao" in ids:
        value += _repao_extra(f, t)
    return value, hits


_REPAO_BY_KONG = {ANGANG: 60, BUGANG: 30, MINGGANG: 10}   # 篇三 L275-278


def _repao_extra(f: Facts, t: "ValueTable") -> int:
    """What a 热炮 adds to the hand (C6): v2 +1 (L185-189); v1 一废全废 nothing here, the
    discarder just earns nothing this hand (L63-64); v3 the amount of his kong's type
    (闷 60 / 转弯 30 / 点 10, L275-278); v4 烧豆 a base of 3 (L332-333)."""
    mode = f.rules.repao_mode
    if mode == "plus1":
        return 1
    if mode == "by_kong_type":
        if f.re_pao_kong not in _REPAO_BY_KONG:
            raise ValueError("repao_mode 'by_kong_type' needs the kind of the discarder's kong "
                             "(re_pao_kong: angang, bugang or minggang)")
        return _REPAO_BY_KONG[f.re_pao_kong]
    if mode == "shaodou":
        return 3
    return 0


# ------------------------------------------------------------------ readings


def _prepare(hand: Hand, win_tile: Optional[int]) -> tuple[list, Optional[str]]:
    """The hand's concealed counts with the winning tile, and why Guiyang's rules forbid
    the hand, if they do (a chi: "只能碰、杠", L22, L114); ValueError for what is not a
    Guiyang hand at all (honour tiles, a meld of different tiles, too many copies)."""
    hand.check_copies(win_tile)
    full = hand.concealed.tolist()
    if win_tile is not None:
        full[win_tile] += 1
    forbidden = None
    for m in hand.melds:
        if any(t >= 27 for t in m.tiles):
            raise ValueError(f"{m}: Guiyang has no honour tiles")
        if m.kind == "chi":
            if sorted(m.tiles) != list(range(min(m.tiles), min(m.tiles) + 3)) or m.tiles[0] // 9 != max(m.tiles) // 9:
                raise ValueError(f"{m}: a chi is three consecutive tiles of one suit")
            forbidden = forbidden or "吃 is not played in Guiyang: only 碰 and 杠 (L22, L114)"
        elif len(set(m.tiles)) != 1:
            raise ValueError(f"{m}: a {m.kind} is identical tiles")
    if any(full[27:]):
        raise ValueError("Guiyang has no honour tiles (L17, L110)")
    return full, forbidden


def _readings(full: list, hand: Hand) -> list[tuple[str, bool, int]]:
    """(shape, 清, quads) of each way the complete hand can be read."""
    suits = {t // 9 for t in range(27) if full[t]} | {m.tiles[0] // 9 for m in hand.melds}
    qing = len(suits) <= 1
    out = set()
    for r in _core.readings(bytes(full), 0, seven_pairs=not hand.melds, quads_as_two_pairs=True):
        if r.form == "seven_pairs":
            quads = sum(1 for x in full if x == 4)
            out.add(("longqidui" if quads else "qidui", qing, quads))
        else:
            out.add(("dadui" if r.triplets_only else "pinghu", qing, 0))
    return sorted(out)


@functools.lru_cache(maxsize=8192)
def _value_cached(shape: str, qing: bool, quads: int, flags: tuple, rules: GuiyangRules,
                  re_pao: bool, shabao: bool, re_pao_kong: Optional[str]):
    """hand_value of one reading: a pure function of these facts and context flags."""
    self_draw, after_kong, robbing_kong, declared_ready = flags
    ctx = WinContext(0, self_draw, after_kong=after_kong, robbing_kong=robbing_kong,
                     declared_ready=declared_ready)
    return hand_value(Facts(shape, qing, quads, ctx, rules, re_pao, shabao, re_pao_kong))


def _best(full: list, hand: Hand, ctx: WinContext, rules: GuiyangRules, re_pao: bool = False,
          shabao: bool = False, re_pao_kong: Optional[str] = None):
    """(value, patterns, shape, 清) of the reading of highest value (ties: the shared
    :func:`~hupai.rules.patterns.preference`), or None when the tiles do not win."""
    best = None
    best_key: tuple = ()
    flags = (ctx.self_draw, ctx.after_kong, ctx.robbing_kong, ctx.declared_ready)
    for shape, qing, quads in _readings(full, hand):
        v, hits = _value_cached(shape, qing, quads, flags, rules, re_pao, shabao, re_pao_kong)
        key = (v, preference(PATTERNS, (p.id for p in hits)))
        if best is None or key > best_key:
            best, best_key = (v, hits, shape, qing), key
    return best


# ------------------------------------------------------------------ hands


@dataclass(frozen=True)
class MiscountedHand(Hand):
    """A seat that holds the wrong number of tiles: 相公 (L96-98, "玩家少拿多拿牌").  It
    plays on but cannot win this hand (:func:`score` returns a non-winning result) and is
    never ready, so at 黄庄查叫 it pays like a player who is not ready (:func:`chajiao`).
    Built explicitly, or by :func:`case_hand`; a plain :class:`Hand` keeps refusing a
    wrong count in every region."""

    def _check_size(self, concealed: int, melds: int) -> None:
        if concealed + 3 * melds == 13:
            raise ValueError("13 tiles (a kong counting 3) is the right count, not 相公: use Hand")

    @property
    def size(self) -> int:
        """Tiles held, a kong counting 3 (13 would be right)."""
        return int(self.concealed.sum()) + 3 * len(self.melds)


def case_hand(concealed, melds: Sequence[DeclaredMeld] = ()) -> Hand:
    """The hand a case describes: a :class:`Hand`, or a :class:`MiscountedHand` (相公) when
    the concealed counts and melds do not make 13 tiles."""
    size = int(np.asarray(concealed).sum()) + 3 * len(melds)
    return (Hand if size == 13 else MiscountedHand)(concealed, tuple(melds))


# ------------------------------------------------------------------ chickens 捉鸡


def _check_suited(tile, what: str) -> None:
    if isinstance(tile, bool) or not isinstance(tile, (int, np.integer)) or not 0 <= tile < 27:
        raise ValueError(f"{what} {short(tile)} is not a suited tile index 0-26 (Guiyang has no honours)")


class _Weights(NamedTuple):
    """What one held tile counts as 鸡 once the tile is flipped."""

    yaoji: int              # one 幺鸡: 1, or ``jinji_value`` under 金鸡
    ji: Optional[int]       # the flipped 鸡 (None: nothing flipped, or 金鸡)
    jinji: bool

    def of(self, tile: int) -> int:
        return self.yaoji if tile == YAOJI else int(tile == self.ji)


@functools.lru_cache(maxsize=64, typed=True)
def _weights(flip: Optional[int], jinji_value: int) -> _Weights:
    """幺鸡 always (L209-211); the flipped tile's successor in its suit, 9 → 1 (L205-208);
    a flipped 九条 makes 幺鸡 the 鸡, each counting ``jinji_value`` (金鸡, L212-214).  No
    flip (the win took the last tile): only 幺鸡 (L347-348)."""
    if flip is None:
        return _Weights(1, None, False)
    _check_suited(flip, "flip")
    if flip == JINJI_FLIP:
        return _Weights(jinji_value, None, True)
    return _Weights(1, flip - 8 if flip % 9 == 8 else flip + 1, False)


def _count(held: Sequence[int], melds: Sequence[DeclaredMeld], discards: Sequence[int],
           w: _Weights) -> int:
    """The 鸡 among ``held`` (concealed tiles and winning tile, by kind), ``melds`` (of
    identical tiles) and ``discards``, 幺鸡 weighted."""
    n1, nj = held[YAOJI], (held[w.ji] if w.ji is not None else 0)
    for m in melds:
        if m.tiles[0] == YAOJI:
            n1 += len(m.tiles)
        elif m.tiles[0] == w.ji:
            nj += len(m.tiles)
    for x in discards:
        _check_suited(x, "discard")
        n1 += x == YAOJI
        nj += x == w.ji
    return n1 * w.yaoji + nj


def _with_win(hand: Hand, win_tile: Optional[int]) -> list:
    held = hand.concealed.tolist()
    if win_tile is not None:
        held[win_tile] += 1
    return held


def _chickens_held(held: Sequence[int], hand: Hand, flip: Optional[int], rules: GuiyangRules,
                   discards: Sequence[int], hero: bool) -> int:
    w = _weights(flip, rules.jinji_value)
    if discards and rules.chicken_scope != "inner_outer" and rules.v4_chickens != "on":
        discards = ()
    bonus = w.yaoji if hero and rules.yingxiongji == "on" else 0
    return _count(held, hand.melds, discards, w) + bonus


def chickens(hand: Hand, win_tile: Optional[int], flip: Optional[int],
             rules: Optional[GuiyangRules] = None, discards: Sequence[int] = (),
             hero: bool = False) -> int:
    """鸡 held by a player (concealed tiles, the winning tile and his own melds, L208):
    幺鸡 always (L209-211); the flipped tile's successor in its suit, 9 → 1 (L205-208);
    a flipped 九条 is 金鸡: each 幺鸡 counts ``jinji_value`` (L212-214).  With
    ``chicken_scope`` inner_outer (内外鸡, L85) or ``v4_chickens`` on (L336-337) the
    player's ``discards`` nobody claimed count too; with ``yingxiongji`` on and ``hero``
    (he holds the first discarded 幺鸡, by discarding it unclaimed or by claiming it),
    that 幺鸡 counts one more (英雄鸡 = 2, L89).  This is a count; what the 鸡 are worth,
    item by item, is :func:`chicken_items`."""
    rules = GuiyangRules.coerce(rules)
    return _chickens_held(_with_win(hand, win_tile), hand, flip, rules, discards, hero)


class ChickenItem(NamedTuple):
    """One priced item of a player's 鸡: ``each`` from every other player, except
    ``feeder`` (the seat whose discard the meld claimed), who pays ``feeder_amount``.  A
    ready player collects it when ``collect``; under ``v4_chickens`` a player who is not
    ready pays the ``liable`` items to each ready player instead (责任鸡, L344-346)."""

    reason: str
    each: int
    feeder: Optional[str] = None
    feeder_amount: int = 0
    collect: bool = True
    liable: bool = False

    def amount(self, payer: str) -> int:
        return self.feeder_amount if payer == self.feeder else self.each


class KongChicken(NamedTuple):
    """篇四's price of a kong of 1条 per payer, (from each, from the feeder), without
    and with 金鸡 (L341-343).  It replaces the four tiles' 鸡; the kong's 豆 stay."""

    name: str
    plain: tuple[int, int]
    jinji: tuple[int, int]


V4_KONG_CHICKENS = {
    ANGANG: KongChicken("闷鸡", (7, 7), (14, 14)),
    BUGANG: KongChicken("补杠鸡", (7, 8), (11, 13)),      # the feeder fed the peng
    MINGGANG: KongChicken("直杠鸡", (4, 8), (8, 13)),
}
V4_CHONGFENG = 2     # 冲锋鸡: the hand's first 1条 discarded and not claimed (L335; ×金鸡, L338)
V4_PENG_EXTRA = 1    # a punged 1条: its discarder pays the punger one more 鸡 (L339)


def _feeder(m: DeclaredMeld) -> str:
    if m.from_seat is None:
        raise ValueError(f"{m}: 篇四 prices a claimed 1条 by its discarder; give the meld's from "
                         "seat (L339-343)")
    return m.from_seat


def _whole(m: DeclaredMeld, w: _Weights, t: ValueTable, v4: bool) -> bool:
    """A meld of 鸡 priced as a whole, not tile by tile: under ``v4_chickens`` a kong of
    1条 (L341-343), else a 闷豆 of a 鸡 where the table prices one (v1 L84, v3 L304)."""
    if m.kind not in KONGS or not w.of(m.tiles[0]):
        return False
    return (v4 and m.tiles[0] == YAOJI) or (m.kind == ANGANG and t.ji_mendou is not None)


def _v4_meld_items(m: DeclaredMeld, w: _Weights, t: ValueTable) -> list[ChickenItem]:
    """A punged 1条: one more 鸡 from its discarder (碰鸡, L339; ×金鸡).  A kong of 1条:
    闷鸡 / 补杠鸡 / 直杠鸡 (L341-343), and its 杠钱, which a konger who is not ready owes
    the ready players with the 鸡 (L345)."""
    if m.kind == PENG:
        return [ChickenItem("碰鸡", 0, _feeder(m), V4_PENG_EXTRA * w.yaoji * t.chicken)]
    row = V4_KONG_CHICKENS[m.kind]
    each, fed = row.jinji if w.jinji else row.plain
    feeder = None if m.kind == ANGANG else _feeder(m)
    dou = t.dou[m.kind]
    money = ChickenItem("杠钱", 0, feeder, dou, False, True) if m.kind == MINGGANG \
        else ChickenItem("杠钱", dou, None, 0, False, True)
    return [ChickenItem(row.name, each * t.chicken, feeder, fed * t.chicken, liable=True), money]


def _v4_items(hand: Hand, discards: Sequence[int], chongfeng: bool, w: _Weights,
              t: ValueTable) -> list[ChickenItem]:
    """篇四's chickens that read the discards (L335-346): each unclaimed 1条 discard 1
    (L336), the 冲锋鸡 2 (L335, 4 under 金鸡, L338), both owed by a discarder who is not
    ready (责任鸡, L344); and the melds of 1条 (:func:`_v4_meld_items`)."""
    n = sum(1 for x in discards if x == YAOJI) - chongfeng
    items = [ChickenItem("鸡", n * w.yaoji * t.chicken, liable=True),
             ChickenItem("冲锋鸡", chongfeng * V4_CHONGFENG * w.yaoji * t.chicken, liable=True)]
    for m in hand.melds:
        if m.tiles[0] == YAOJI and (m.kind == PENG or m.kind in KONGS):
            items += _v4_meld_items(m, w, t)
    return items


def chicken_items(hand: Hand, win_tile: Optional[int], flip: Optional[int],
                  rules: Optional[GuiyangRules] = None, discards: Sequence[int] = (),
                  hero: bool = False, chongfeng: bool = False) -> tuple[ChickenItem, ...]:
    """What one player's 鸡 are worth, item by item, per payer in the table's unit: the
    鸡 of :func:`chickens` at ``chicken`` each, a 闷豆 of a 鸡 at ``ji_mendou`` where the
    table has one (v1 5, v3 60; ×金鸡), and under ``v4_chickens`` 篇四's items
    (:func:`_v4_items`; ``chongfeng``: his discard was the hand's first 1条 and nobody
    claimed it)."""
    rules = GuiyangRules.coerce(rules)
    if chongfeng and YAOJI not in discards:
        raise ValueError("冲锋鸡: the player's unclaimed discards hold no 1条 (L335)")
    t, w, v4 = rules.table, _weights(flip, rules.jinji_value), rules.v4_chickens == "on"
    whole = [m for m in hand.melds if _whole(m, w, t, v4)]
    rest = [m for m in hand.melds if m not in whole]
    counted: Sequence[int]
    if v4:
        counted = [x for x in discards if x != YAOJI]    # the 1条 are _v4_items, owed if not ready
    else:
        counted = discards if rules.chicken_scope == "inner_outer" else ()
    bonus = w.yaoji if hero and rules.yingxiongji == "on" else 0
    n = _count(_with_win(hand, win_tile), rest, counted, w) + bonus
    items = [ChickenItem("鸡", n * t.chicken)]
    # outside 篇四, a whole meld is a 闷豆 of a 鸡, which exists only where ji_mendou is priced
    mendou = t.ji_mendou or 0
    items += [ChickenItem("鸡", mendou * w.of(m.tiles[0])) for m in whole
              if not (v4 and m.tiles[0] == YAOJI)]
    if v4:
        items += _v4_items(hand, discards, chongfeng, w, t)
    return tuple(i for i in items if i.each or i.feeder_amount)


def _check_feeders(items: Sequence[ChickenItem], others: Sequence[str]) -> None:
    for item in items:
        if item.feeder is not None and item.feeder not in others:
            raise ValueError(f"{item.reason}: the meld's from seat {short(item.feeder)} is not one of the "
                             f"other players {list(others)}")


def _collect(seat: str, items: Sequence[ChickenItem], payers: Sequence[str]) -> Ledger:
    """A ready player's 鸡: each payer pays him each collected item (L208, L335-343)."""
    _check_feeders(items, payers)
    return Ledger.of(Transfer(p, seat, i.amount(p), i.reason)
                     for i in items if i.collect for p in payers).merged()


def _owe(seat: str, items: Sequence[ChickenItem], ready_seats: Sequence[str],
         others: Sequence[str]) -> Ledger:
    """责任鸡 (L344-346, "进多少鸡就赔多少鸡出去"): a player who is not ready pays each
    ready player what that player would have paid him for his discarded 1条 and his
    kongs of 1条, 杠钱 included."""
    _check_feeders(items, others)
    return Ledger.of(Transfer(seat, p, i.amount(p), "责任" + i.reason)
                     for i in items if i.liable for p in ready_seats).merged()


# ------------------------------------------------------------------ one win


def score(hand: Hand, ctx: WinContext, rules: Optional[GuiyangRules] = None, *,
          re_pao: bool = False, shabao: bool = False, flip: Optional[int] = None,
          payment_scope: Sequence[str] = ("hand",), re_pao_kong: Optional[str] = None,
          passed_since_draw: bool = False, discards: Sequence[int] = (), hero_chicken: bool = False,
          lianzhuang_count: int = 0, chongfeng: bool = False) -> ScoreResult:
    """Score a Guiyang win.  ``re_pao``: A made a kong and this is his next discard
    (热炮; ``re_pao_kong`` its kind, for ``repao_mode`` by_kong_type); ``shabao``: A had
    declared 报听 (杀报); ``flip``: the tile flipped for 捉鸡; ``payment_scope``: which
    settlements the ledger holds, "hand" always, plus "dou" (the winner's kongs) and
    "chicken" (the winner's 鸡, see :func:`chicken_items` for ``discards`` (his discards
    nobody claimed), ``hero_chicken`` and ``chongfeng``); ``passed_since_draw``: the
    winner, ready, declined a discard win since his last draw (包牌, ``baopai_mode``);
    ``lianzhuang_count``: the dealer's run of consecutive wins, for ``lianzhuang`` on
    (each payer pays that many more, L33).  A :class:`MiscountedHand` (相公) does not win,
    nor does a hand with a chi (吃 is not played)."""
    rules = GuiyangRules.coerce(rules)
    scope = _scope(payment_scope)
    re_pao, shabao, passed_since_draw, hero_chicken, chongfeng = (
        check_bool(v, name) for v, name in ((re_pao, "re_pao"), (shabao, "shabao"),
                                            (passed_since_draw, "passed_since_draw"),
                                            (hero_chicken, "hero_chicken"), (chongfeng, "chongfeng")))
    lianzhuang_count = check_count(lianzhuang_count, "lianzhuang_count")
    if isinstance(flip, str):
        flip = tiles.parse_tile(flip)       # a tile index is checked with the chickens
    _check_context(hand, ctx, re_pao)
    t = rules.table
    full, forbidden = _prepare(hand, ctx.win_tile)
    if forbidden:
        return ScoreResult.no_win(forbidden, t.unit)
    if isinstance(hand, MiscountedHand):
        return ScoreResult.no_win(f"相公: {hand.size} tiles before the winning tile, not 13; a player "
                                  "who took too few or too many tiles cannot win this hand (L96-98)",
                                  t.unit)
    best = _best(full, hand, ctx, rules, re_pao, shabao, re_pao_kong)
    if best is None:
        return ScoreResult.no_win("the tiles do not form a winning hand", t.unit)
    value, hits, shape, qing = best
    if rules.lianzhuang == "on" and ctx.dealer and lianzhuang_count > 0:
        value += lianzhuang_count
    if passed_since_draw and not ctx.self_draw:
        return _baopai(value, rules)
    has_dou = any(m.kind in KONGS for m in hand.melds)
    plain = shape == "pinghu" and not qing
    if plain and not ctx.self_draw and not (has_dou or re_pao or ctx.robbing_kong or shabao
                                             or ctx.declared_ready):
        return ScoreResult.no_win("平胡 needs a 豆 (a kong of one's own) to win on a discard, "
                                  "except on 热炮, 抢杠 and 杀报 (L30, L131-132)", t.unit)
    names = [p.name for p in hits]
    paid, transfers = _hand_transfers(value, ctx, re_pao, shabao, rules)
    n_chickens = _chickens_held(full, hand, flip, rules, discards, hero_chicken)
    if flip is not None:
        names.append("金鸡" if flip == JINJI_FLIP else "捉鸡")
    if "dou" in scope:
        transfers += _dou_transfers(hand, t)
    if "chicken" in scope:
        items = chicken_items(hand, ctx.win_tile, flip, rules, discards, hero_chicken, chongfeng)
        transfers += _collect("W", items, OTHERS).transfers
    return ScoreResult(True, paid, t.unit, tuple(names), Ledger.of(transfers),
                       detail={"chickens": n_chickens, "shape": shape})


def _scope(payment_scope: object) -> set[str]:
    if isinstance(payment_scope, str) or not isinstance(payment_scope, (list, tuple, set, frozenset)):
        raise TypeError(f"payment_scope is a list of settlements such as ['hand', 'dou'], not "
                        f"{type(payment_scope).__name__}")
    scope = set(payment_scope) | {"hand"}
    unknown = scope - {"hand", "dou", "chicken"}
    if unknown:
        raise ValueError(f"unknown payment scope {short(sorted(map(str, unknown)))}")
    return scope


def _check_context(hand: Hand, ctx: WinContext, re_pao: bool) -> None:
    """ValueError for a win that cannot happen at a Guiyang table."""
    if not isinstance(hand, Hand):
        raise TypeError(f"hand must be a Hand, not {type(hand).__name__}")
    if not isinstance(ctx, WinContext):
        raise TypeError(f"ctx must be a WinContext, not {type(ctx).__name__}")
    if re_pao and (ctx.self_draw or ctx.robbing_kong):
        raise ValueError("热炮 (re_pao) is a win on the konger's next discard, not a self-draw or a "
                         "robbed kong (L185-189)")
    if ctx.after_kong and not any(m.is_kong for m in hand.melds):
        raise ValueError("after_kong (杠开): the winner has no kong among his melds")


def _baopai(value: int, rules: GuiyangRules) -> ScoreResult:
    """包牌 (L215-218): a discard win after declining one since his own draw is blocked,
    or under ``baopai_mode`` penalty costs the winner his hand value to each player."""
    t = rules.table
    if rules.baopai_mode == "block_win":
        return ScoreResult.no_win("包牌: a discard win was declined since the last draw; only "
                                  "the next own draw may win (L215-218)", t.unit)
    penalty = Ledger.of(Transfer("W", s, value, "包牌") for s in OTHERS)
    return ScoreResult(False, value, t.unit, ("包牌",), penalty,
                       "包牌: the winner declined a discard win since his last draw and pays each "
                       "player his hand value instead (L215-218)")


def _hand_transfers(value: int, ctx: WinContext, re_pao: bool, shabao: bool,
                    rules: GuiyangRules) -> tuple[int, list[Transfer]]:
    """What each payer pays for the hand (the result's value) and the transfers: a
    self-draw from all three (the 报听 player A 10 more under 杀报, C4), a discard from
    the discarder, a robbed kong per write-up (篇三: the robbed player pays for all three,
    L282-286)."""
    t = rules.table
    plus_10 = t.shabao if shabao and rules.shabao_mode == "pattern_plus_10" else 0
    if ctx.self_draw:
        return value, [Transfer(s, "W", value + (plus_10 if s == "A" else 0), "自摸") for s in OTHERS]
    paid = value
    if shabao:
        paid = value + plus_10 if plus_10 else t.shabao
    if ctx.robbing_kong and t.qianggang == QG_SELF_DRAW:
        paid = len(OTHERS) * paid
    why = "抢杠" if ctx.robbing_kong else "杀报" if shabao else "热炮" if re_pao else "点炮"
    return paid, [Transfer("A", "W", paid, why)]


def _dou_transfers(hand: Hand, t: ValueTable) -> list[Transfer]:
    """The winner's 豆 (L53-61, L173-184): 闷豆 and 转弯豆 from each other player, 点豆
    from its feeder."""
    out = []
    for m in hand.melds:
        if m.kind == ANGANG or m.kind == BUGANG:
            out += [Transfer(s, "W", t.dou[m.kind], "闷豆" if m.kind == ANGANG else "转弯豆") for s in OTHERS]
        elif m.kind == MINGGANG:
            if m.from_seat is None:
                raise ValueError(f"{m}: a 点豆 needs the seat that fed it (from)")
            if m.from_seat in OTHERS:
                out.append(Transfer(m.from_seat, "W", t.dou[MINGGANG], "点豆"))
    return out


# ------------------------------------------------------------------ the table after a win


def chicken_settlement(hands: Mapping[str, Hand], ready: Mapping[str, bool], flip: Optional[int],
                       rules: Optional[GuiyangRules] = None,
                       discards: Optional[Mapping[str, Sequence[int]]] = None,
                       hero: Optional[str] = None, chongfeng: Optional[str] = None,
                       win_tiles: Optional[Mapping[str, int]] = None) -> Ledger:
    """捉鸡 after a win (L205-214): every ready player (the winners included) collects his
    :func:`chicken_items` from each of the other players; players who are not ready
    collect nothing ("捉鸡需叫牌后才计算个数", L91), and under ``v4_chickens`` owe the ready
    players their discarded 1条 and kongs of 1条 (责任鸡, L344-346).

    The record: ``hands`` maps seats to their 13 tiles (a :class:`MiscountedHand` is
    相公, never ready); ``win_tiles`` each winner's winning tile (a winner is ready);
    ``discards`` each seat's discards that nobody claimed (a claimed one lies in the
    claimer's meld, whose ``from_seat`` names its discarder: 碰鸡, 补杠鸡 and 直杠鸡 read
    it there); ``hero`` the seat holding the 英雄鸡 (L89); ``chongfeng`` the seat whose
    discard was the hand's first 1条 when nobody claimed it (冲锋鸡, L335; None when it
    was claimed, L340)."""
    rules = GuiyangRules.coerce(rules)
    discards, win_tiles = discards or {}, win_tiles or {}
    ready_seats = _ready_seats(hands, ready, win_tiles)
    _check_record(hands, discards, win_tiles, hero, chongfeng)
    v4 = rules.v4_chickens == "on"
    ledger = Ledger()
    for seat, hand in hands.items():
        if seat not in ready_seats and not v4:
            continue
        items = chicken_items(hand, win_tiles.get(seat), flip, rules, discards.get(seat, ()),
                              hero == seat, chongfeng == seat)
        others = [o for o in hands if o != seat]
        ledger += _collect(seat, items, others) if seat in ready_seats else \
            _owe(seat, items, ready_seats, others)
    return ledger


def _ready_seats(hands: Mapping[str, Hand], ready: Mapping[str, bool],
                 win_tiles: Mapping[str, int]) -> list[str]:
    for seat in (*ready, *win_tiles):
        if seat not in hands:
            raise ValueError(f"seat {short(seat)} has no hand")
    out = []
    for seat, hand in hands.items():
        if seat in win_tiles and seat in ready and not ready[seat]:
            raise ValueError(f"seat {short(seat)} won, so it is ready")
        if ready.get(seat) or seat in win_tiles:
            if isinstance(hand, MiscountedHand):
                raise ValueError(f"seat {short(seat)} is 相公 (wrong tile count) and cannot be ready (L96-98)")
            out.append(seat)
    return out


def _check_record(hands: Mapping[str, Hand], discards: Mapping[str, Sequence[int]],
                  win_tiles: Mapping[str, int], hero: Optional[str], chongfeng: Optional[str]) -> None:
    """ValueError naming the first thing that cannot be: an unknown seat, a tile that is
    not suited, a 冲锋鸡 seat with no 1条 discarded, more than four of a kind on the table."""
    for what, seat in (("hero", hero), ("chongfeng", chongfeng), *(("discards", s) for s in discards)):
        if seat is not None and seat not in hands:
            raise ValueError(f"{what} seat {short(seat)} has no hand")
    if chongfeng is not None and YAOJI not in discards.get(chongfeng, ()):
        raise ValueError(f"冲锋鸡: seat {short(chongfeng)} has no unclaimed 1条 among its discards (L335)")
    table = np.zeros(34, np.int64)
    for seat, hand in hands.items():
        win = win_tiles.get(seat)
        if win is not None:
            _check_suited(win, f"seat {short(seat)} win tile")
        _prepare(hand, win)     # a malformed hand raises; a forbidden one is settled as not ready
        table += hand.all_tiles(win)
        for x in discards.get(seat, ()):
            _check_suited(x, f"seat {short(seat)} discard")
            table[x] += 1
    if table.max() > 4:
        kind = int(table.argmax())
        raise ValueError(f"{int(table[kind])} copies of {tiles.tile_name(kind)} on the table "
                         "(hands, melds, winning tiles and discards); only 4 exist")


def genzhang_settlement(dealer: str, others: Sequence[str], follows: int,
                        rules: Optional[GuiyangRules] = None) -> Ledger:
    """跟张 (L99-101, ``genzhang`` on): the dealer's first discard was followed by all
    the others; he pays each of them 1, doubling for each further round followed
    (``follows`` rounds)."""
    rules = GuiyangRules.coerce(rules)
    if rules.genzhang != "on" or follows <= 0:
        return Ledger()
    amount = sum(2 ** i for i in range(follows))
    return Ledger.of(Transfer(dealer, o, amount, "跟张") for o in others)


def score_case(case: dict, rules: GuiyangRules) -> ScoreResult:
    """Adapter for the case format (FORMAT.md §4)."""
    from ..verify import context_of, hand_of
    flip = case.get("flip")
    return score(hand_of(case, case_hand), context_of(case), rules, re_pao=case.get("re_pao", False),
                 shabao=case.get("shabao", False),
                 flip=tiles.parse_tile(flip) if flip else None,
                 payment_scope=case.get("payment_scope", ["hand"]))


# ------------------------------------------------------------------ 黄庄查叫


def ready(hand: Hand, rules: Optional[GuiyangRules] = None) -> SeatReport:
    """Ready at 黄庄 and the 查叫 value: the best wait's table value, on the discard
    basis (平胡 = 1 in v2) or, with ``chajiao_value = "self_draw_basis"``, a 平胡 at its
    self-draw value (L196-204, C10).  A 相公 or a hand with a chi is never ready."""
    return _seat_report("", hand, GuiyangRules.coerce(rules))


def _seat_report(seat: str, hand: Hand, rules: GuiyangRules) -> SeatReport:
    full, forbidden = _prepare(hand, None)
    if isinstance(hand, MiscountedHand):     # 相公 is never ready: it pays at 黄庄 (L96-98)
        return SeatReport(seat, False, reason=f"相公: {hand.size} tiles, not 13 (L96-98)")
    if forbidden:
        return SeatReport(seat, False, reason=forbidden)
    own = list(full)
    for m in hand.melds:
        for t in m.tiles:
            own[t] += 1
    self_draw_basis = rules.chajiao_value == "self_draw_basis"

    def win_on(t: int):
        if own[t] >= 4:
            return None
        full[t] += 1
        win = _best(full, hand, WinContext(t, self_draw_basis), rules)
        full[t] -= 1
        return None if win is None else (win[0], win[1])

    return wait_report(seat, _core.waits(bytes(full), 0, seven_pairs=not hand.melds), win_on, PATTERNS)


def chajiao(seats: Mapping[str, Optional[Hand]], rules: Optional[GuiyangRules] = None,
            dealer: Optional[str] = None) -> ChajiaoResult:
    """黄庄查叫 (L196-204): every player who is not ready pays every ready player that
    player's value; if nobody or everybody is ready nothing moves.  豆 are void and no
    鸡 are settled.  A 相公 seat (:class:`MiscountedHand`) or one with a chi is not ready,
    so it pays (L96-98).  ``seats`` maps the seats A-D to their hands."""
    rules = GuiyangRules.coerce(rules)
    check_table(seats)
    check_dealer(dealer)
    reports = {s: _seat_report(s, h, rules) for s, h in seats.items() if h is not None}
    return ChajiaoResult(reports, chajiao_ledger(reports), rules.table.unit, dealer)
