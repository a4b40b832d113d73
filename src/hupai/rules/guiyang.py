"""Guiyang catch-the-chicken mahjong 贵阳捉鸡麻将 (seed 002; digest ../shared/rules/guiyang.md).

108 suited tiles, 碰 and 杠 only, no jokers, no 缺一门.  Hand values are additive and
differ between the seed's four write-ups (篇一 v1, 篇二 v2 the default, 篇三 v3), kept
here as data tables.  Side money: 豆 (kongs) and 鸡 (chickens), paid only to ready
players.  A hand with a wrong tile count is 相公 (:class:`MiscountedHand`): it cannot
win and is never ready.  ``L<n>`` cites the seed by line.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Mapping, NamedTuple, Optional, Sequence

import numpy as np

from .. import _core, tiles
from .flags import RegionFlags
from .ledger import Ledger, Transfer
from .model import ANGANG, BUGANG, KONGS, MINGGANG, OTHERS, PENG, DeclaredMeld, Hand, WinContext
from .patterns import Pattern, PatternTable, resolve
from .result import ChajiaoResult, ScoreResult, SeatReport

__all__ = ["GuiyangRules", "Rules", "VALUE_TABLES", "PATTERNS", "MiscountedHand", "case_hand",
           "score", "score_case", "ready", "chajiao", "chickens", "chicken_settlement",
           "genzhang_settlement"]

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

    def __post_init__(self) -> None:
        self._check_choices()
        if self.zimo_bonus == "plus_1_all" and self.value_table != "v2":
            raise ValueError("guiyang_zimo_bonus 'plus_1_all' exists only with the v2 table")


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
    qianggang: int     # the robbed kong is counted as a 清一色 (L190-195)
    shabao: int        # what the 报听 player adds when his discard is won on (L170-172)
    dou: Mapping[str, int]   # 闷豆 / 转弯豆 / 点豆 (L53-61, L173-184, L263-274)
    chicken: int


VALUE_TABLES = {
    "v1": ValueTable("个", 1, 1, 5, 10, 20, 10, 15, 20, 30, 1, 10, 10, 10,
                     {ANGANG: 2, BUGANG: 3, MINGGANG: 1}, 1),
    "v2": ValueTable("番", 1, 2, 5, 8, 10, 10, 15, 18, 20, 1, 10, 10, 10,
                     {ANGANG: 2, BUGANG: 3, MINGGANG: 1}, 1),
    "v3": ValueTable("番", 10, 10, 30, 40, 50, 50, 80, 90, 100, 10, 100, 50, 100,
                     {ANGANG: 20, BUGANG: 10, MINGGANG: 10}, 10),
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
    rules, t, ctx = f.rules, f.rules.table, f.ctx
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
    if "qianggang" in ids:
        value = t.qianggang + (value if named else 0) if rules.qianggang_value == "as_qingyise" \
            else t.qianggang
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


def _prepare(hand: Hand, win_tile: Optional[int]):
    hand.check_copies(win_tile)
    full = hand.concealed.tolist()
    if win_tile is not None:
        full[win_tile] += 1
    for m in hand.melds:
        if any(t >= 27 for t in m.tiles):
            raise ValueError(f"{m}: Guiyang has no honour tiles")
        if m.kind == "chi":
            raise ValueError("吃 is not played in Guiyang (L22, L114)")
        if len(set(m.tiles)) != 1:
            raise ValueError(f"{m}: a {m.kind} is identical tiles")
    if any(full[27:]):
        raise ValueError("Guiyang has no honour tiles (L17, L110)")
    return full


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
    best = None
    flags = (ctx.self_draw, ctx.after_kong, ctx.robbing_kong, ctx.declared_ready)
    for shape, qing, quads in _readings(full, hand):
        v, hits = _value_cached(shape, qing, quads, flags, rules, re_pao, shabao, re_pao_kong)
        if best is None or v > best[0]:
            best = (v, hits, shape, qing)
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


def chickens(hand: Hand, win_tile: Optional[int], flip: Optional[int],
             rules: GuiyangRules = GuiyangRules(), discards: Sequence[int] = (),
             hero: bool = False) -> int:
    """鸡 held by a player (concealed tiles, the winning tile and his own melds, L208):
    幺鸡 always (L209-211); the flipped tile's successor in its suit, 9 → 1 (L205-208);
    a flipped 九条 is 金鸡: each 幺鸡 counts ``jinji_value`` (L212-214).  With
    ``chicken_scope`` inner_outer (内外鸡, L85) the player's ``discards`` count too; with
    ``yingxiongji`` on and ``hero`` (he holds the first discarded 幺鸡, by discarding it
    unclaimed or by claiming it), that 幺鸡 counts one more (英雄鸡 = 2, L89)."""
    total = hand.concealed.tolist()
    if rules.chicken_scope == "inner_outer":
        for t in discards:
            total[t] += 1
    bonus = 1 if rules.yingxiongji == "on" and hero else 0
    for m in hand.melds:
        for t in m.tiles:
            total[t] += 1
    if win_tile is not None:
        total[win_tile] += 1
    if flip is None:
        return int(total[YAOJI]) + bonus
    if flip == JINJI_FLIP:
        return (int(total[YAOJI]) + bonus) * rules.jinji_value
    ji = flip - 8 if flip % 9 == 8 else flip + 1
    return int(total[YAOJI]) + bonus + (int(total[ji]) if ji != YAOJI else 0)


def score(hand: Hand, ctx: WinContext, rules: GuiyangRules = GuiyangRules(), *,
          re_pao: bool = False, shabao: bool = False, flip: Optional[int] = None,
          payment_scope: Sequence[str] = ("hand",), re_pao_kong: Optional[str] = None,
          passed_since_draw: bool = False, discards: Sequence[int] = (), hero_chicken: bool = False,
          lianzhuang_count: int = 0) -> ScoreResult:
    """Score a Guiyang win.  ``re_pao``: A made a kong and this is his next discard
    (热炮; ``re_pao_kong`` its kind, for ``repao_mode`` by_kong_type); ``shabao``: A had
    declared 报听 (杀报); ``flip``: the tile flipped for 捉鸡; ``payment_scope``: which
    settlements the ledger holds, "hand" always, plus "dou" (the winner's kongs) and
    "chicken" (the winner's 鸡, see :func:`chickens` for ``discards`` and
    ``hero_chicken``); ``passed_since_draw``: the winner, ready, declined a discard win
    since his last draw (包牌, ``baopai_mode``); ``lianzhuang_count``: the dealer's run of
    consecutive wins, for ``lianzhuang`` on (each payer pays that many more, L33).  A
    :class:`MiscountedHand` (相公) does not win."""
    scope = set(payment_scope) | {"hand"}
    unknown = scope - {"hand", "dou", "chicken"}
    if unknown:
        raise ValueError(f"unknown payment scope {sorted(unknown)}")
    t = rules.table
    full = _prepare(hand, ctx.win_tile)
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
        # 包牌 (L215-218): a discard win after declining one since his own draw
        if rules.baopai_mode == "block_win":
            return ScoreResult.no_win("包牌: a discard win was declined since the last draw; only "
                                      "the next own draw may win (L215-218)", t.unit)
        penalty = Ledger.of(Transfer("W", s, value, "包牌") for s in OTHERS)
        return ScoreResult(False, value, t.unit, ("包牌",), penalty,
                           "包牌: the winner declined a discard win since his last draw and pays each "
                           "player his hand value instead (L215-218)")
    has_dou = any(m.kind in KONGS for m in hand.melds)
    plain = shape == "pinghu" and not qing
    if plain and not ctx.self_draw and not (has_dou or re_pao or ctx.robbing_kong or shabao
                                             or ctx.declared_ready):
        return ScoreResult.no_win("平胡 needs a 豆 (a kong of one's own) to win on a discard, "
                                  "except on 热炮, 抢杠 and 杀报 (L30, L131-132)", t.unit)
    names = [p.name for p in hits]
    transfers = []
    if ctx.self_draw:
        for s in OTHERS:
            extra_10 = t.shabao if shabao and s == "A" and rules.shabao_mode == "pattern_plus_10" else 0
            transfers.append(Transfer(s, "W", value + extra_10, "自摸"))
        paid = value + (t.shabao if shabao and rules.shabao_mode == "pattern_plus_10" else 0)
    else:
        paid = value
        if shabao:
            paid = value + t.shabao if rules.shabao_mode == "pattern_plus_10" else t.shabao
        why = "抢杠" if ctx.robbing_kong else "杀报" if shabao else "热炮" if re_pao else "点炮"
        transfers.append(Transfer("A", "W", paid, why))
    n_chickens = chickens(hand, ctx.win_tile, flip, rules, discards, hero_chicken)
    if flip is not None:
        names.append("金鸡" if flip == JINJI_FLIP else "捉鸡")
    if "dou" in scope:
        for m in hand.melds:
            if m.kind == ANGANG or m.kind == BUGANG:
                transfers += [Transfer(s, "W", t.dou[m.kind], "闷豆" if m.kind == ANGANG else "转弯豆")
                              for s in OTHERS]
            elif m.kind == MINGGANG:
                if m.from_seat is None:
                    raise ValueError(f"{m}: a 点豆 needs the seat that fed it (from)")
                if m.from_seat in OTHERS:
                    transfers.append(Transfer(m.from_seat, "W", t.dou[MINGGANG], "点豆"))
    if "chicken" in scope and n_chickens:
        transfers += [Transfer(s, "W", n_chickens * t.chicken, "鸡") for s in OTHERS]
    return ScoreResult(True, paid if not ctx.self_draw else value, t.unit, tuple(names),
                       Ledger.of(transfers), detail={"chickens": n_chickens, "shape": shape})


def chicken_settlement(hands: Mapping[str, Hand], ready: Mapping[str, bool], flip: Optional[int],
                       rules: GuiyangRules = GuiyangRules(),
                       discards: Optional[Mapping[str, Sequence[int]]] = None,
                       hero: Optional[str] = None) -> Ledger:
    """捉鸡 after a win (L205-214): every ready player (the winners included) collects, for
    each 鸡 he holds, the chicken value from each of the other players; players who are
    not ready collect nothing ("捉鸡需叫牌后才计算个数").  ``hands`` maps seats to their
    tiles (a winner's winning tile included in his concealed tiles); ``hero`` is the seat
    holding the 英雄鸡."""
    t = rules.table
    transfers = []
    for seat, hand in hands.items():
        if not ready.get(seat):
            continue
        n = chickens(hand, None, flip, rules, (discards or {}).get(seat, ()), hero == seat)
        transfers += [Transfer(o, seat, n * t.chicken, "鸡") for o in hands if o != seat and n]
    return Ledger.of(transfers)


def genzhang_settlement(dealer: str, others: Sequence[str], follows: int,
                        rules: GuiyangRules = GuiyangRules()) -> Ledger:
    """跟张 (L99-101, ``genzhang`` on): the dealer's first discard was followed by all
    the others; he pays each of them 1, doubling for each further round followed
    (``follows`` rounds)."""
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


def ready(hand: Hand, rules: GuiyangRules = GuiyangRules()) -> SeatReport:
    """Ready at 黄庄 and the 查叫 value: the best wait's table value, on the discard
    basis (平胡 = 1 in v2) or, with ``chajiao_value = "self_draw_basis"``, a 平胡 at its
    self-draw value (L196-204, C10)."""
    return _seat_report("", hand, rules)


def _seat_report(seat: str, hand: Hand, rules: GuiyangRules) -> SeatReport:
    full = _prepare(hand, None)
    if isinstance(hand, MiscountedHand):
        return SeatReport(seat, False)      # 相公 is never ready: it pays at 黄庄 (L96-98)
    own = list(full)
    for m in hand.melds:
        for t in m.tiles:
            own[t] += 1
    waits, best_value, best_names = [], None, ()
    self_draw_basis = rules.chajiao_value == "self_draw_basis"
    for t in _core.waits(bytes(full), 0, seven_pairs=not hand.melds):
        if own[t] >= 4:
            continue
        full[t] += 1
        best = _best(full, hand, WinContext(t, self_draw_basis), rules)
        full[t] -= 1
        if best is None:
            continue
        waits.append(t)
        if best_value is None or best[0] > best_value:
            best_value, best_names = best[0], tuple(p.name for p in best[1])
    return SeatReport(seat, bool(waits), False, tuple(waits), best_value, best_names)


def chajiao(seats: Mapping[str, Optional[Hand]], rules: GuiyangRules = GuiyangRules(),
            dealer: Optional[str] = None) -> ChajiaoResult:
    """黄庄查叫 (L196-204): every player who is not ready pays every ready player that
    player's value; if nobody or everybody is ready nothing moves.  豆 are void and no
    鸡 are settled.  A 相公 seat (:class:`MiscountedHand`) is not ready, so it pays
    (L96-98)."""
    reports = {s: _seat_report(s, h, rules) for s, h in seats.items() if h is not None}
    ready_seats = [s for s, r in reports.items() if r.ready]
    transfers = []
    if 0 < len(ready_seats) < len(reports):
        for payee in ready_seats:
            for payer, r in reports.items():
                if not r.ready:
                    transfers.append(Transfer(payer, payee, reports[payee].value or 0, "查叫"))
    return ChajiaoResult(reports, Ledger.of(transfers), rules.table.unit, dealer)
