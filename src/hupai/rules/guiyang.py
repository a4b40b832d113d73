"""Guiyang catch-the-chicken mahjong 贵阳捉鸡麻将 (seed 002).

108 suited tiles, 碰 and 杠 only, no jokers, no 缺一门.  Hand values are additive and
differ between the seed's four write-ups (篇一 v1, 篇二 v2 the default, 篇三 v3): each
pattern row holds its value per write-up.  Side money: 豆 (kongs) and 鸡 (chickens), paid
only to ready players; 篇四's chickens that read the discards (冲锋鸡, 碰鸡, kong chickens,
责任鸡) are on under ``v4_chickens``.  A hand with a wrong tile count is 相公
(:class:`MiscountedHand`): it cannot win and is never ready.  ``L<n>`` cites the seed
by line.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Mapping, NamedTuple, Optional, Sequence, Union

import numpy as np

from .. import _core, analysis, tiles
from .._messages import short
from ..tiles import GROUP_BIT, group_bits
from .breakdown import Step, evaluate
from .flags import RegionFlags
from .ledger import Amount, Ledger, Transfer
from .model import (ANGANG, BUGANG, CHI, KONGS, MINGGANG, OTHERS, PENG, UINT8, DeclaredMeld, Hand, ReadOnlyDict,
                    check_bool, check_dealer, check_hand, check_table, declared_melds, from_fields)
from .patterns import FromFlag, Pattern, PatternTable, preference, steps
from .profile import Profile, unpack
from .result import ExhaustResult, ScoreResult, SeatReport
from .settlement import Win, chajiao_ledger, grouped_wait_report, win_ledger
from .situation import NO_FACTS, PLAIN_SELF_DRAW, Situation, table_facts, win_facts

__all__ = ["FLOW", "name", "TITLE", "FACTS", "GuiyangRules", "Rules", "SIDE_TABLES", "PATTERNS", "V4_KONG_CHICKENS",
           "MiscountedHand", "make_hand", "score", "ready", "exhaust", "analyze", "chickens", "ChickenItem",
           "chicken_items", "chicken_reason", "chicken_settlement", "dou_settlement", "genzhang_settlement", "SIDE_SETTLEMENTS"]

name = "guiyang"
TITLE = "Guiyang catch-the-chicken mahjong 贵阳捉鸡麻将"
#: The settlements ``payment_scope`` may ask for.
PAYMENT_SCOPES = ("hand", "dou", "chicken")
#: The situation facts Guiyang reads.
FACTS = frozenset({"after_kong", "robbing_kong", "declared_ready", "dealer", "re_pao", "re_pao_kong", "shabao",
                   "flip", "payment_scope", "passed_since_draw", "discards", "hero_chicken", "chongfeng",
                   "lianzhuang_count"})

YAOJI = tiles.S1     # 幺鸡, always a chicken (L209-211)
JINJI_FLIP = tiles.S9  # flipping 九条 makes 幺鸡 the chicken: 金鸡 (L212-214)


@dataclass(frozen=True)
class GuiyangRules(RegionFlags):
    """Flags of the Guiyang digest (§8), with their defaults, and of its round flow
    (``flow_*``, guiyang-flow §12), which only the table engine reads."""

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
        # the round flow of the table engine (rules/guiyang-flow.md §12; read by flows/guiyang.py)
        "flow_first_dealer": ("param", "random"), "flow_deal_order": ("4-4-4-jump", "one_by_one"),
        "flow_kong_empty_wall": ("forbid", "no_replacement"),
        "flow_after_peng": ("discard_only", "kong_allowed"),
        "flow_replacement_source": ("tail", "front"), "flow_last_discard_claims": ("win_only", "any"),
        "flow_baoting_window": ("first_discard", "yuanshou"),
        "flow_baoting_kongs": ("wait_preserving", "none"),
        "flow_repao_scope": ("turn", "last"),
        "flow_robbed_void": ("by_table", "kong_only", "yifei", "all_dou"),
        "flow_multirob": ("all", "first_only"),
        "flow_multiwin_discarder_dou": ("keep", "void"),
        "flow_multiwin_dealer": ("by_count", "discarder"),
        "flow_exhaust_dealer": ("by_table", "stays", "by_ready"),
        "flow_genzhang_repeat": ("first_only", "doubling"),
        "flow_angang_reveal": ("kind", "hidden"),
        "flow_kong_timing": ("any_time", "at_once"),
    }
    __hash__ = RegionFlags.__hash__

    value_table: str = "v2"                      # C1 篇一 / 篇二 / 篇三
    zimo_bonus: str = "pinghu_only"              # C2 "none", "plus_1_all" (v2 only)
    baoting_mode: str = "add_like_qingyise"      # C3 or "fixed_10"
    shabao_mode: str = "pattern_plus_10"         # C4 or "fixed_10"
    qianggang_value: str = "as_qingyise"         # C5 or "fixed_10" (篇二 only)
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
    # the round flow (guiyang-flow.md §12): only the table engine reads these
    flow_first_dealer: str = "param"          # L24, L233: dice: the caller's seat, else 0
    flow_deal_order: str = "4-4-4-jump"       # L20, L112, L229 give counts only: the usual deal
    flow_kong_empty_wall: str = "forbid"      # silent: no kong without its replacement tile
    flow_after_peng: str = "discard_only"        # or "kong_allowed": 闷豆 / 转弯豆 before the discard
    flow_replacement_source: str = "tail"        # silent: replacements from the tail (the flip reads the front)
    flow_last_discard_claims: str = "win_only"   # L72, L197, L320: the round cannot outlast the wall
    flow_baoting_window: str = "first_discard"   # 报听 after the first discard (L93, L168); "yuanshou" (L95)
    flow_baoting_kongs: str = "wait_preserving"  # a 报听 seat's kongs keep its waits (L93, L169); "none"
    flow_shabao_on_declaring_discard: bool = True   # the declaring discard is a 杀报 (L93, L170-172)
    flow_shabao_overrides_guoshui: bool = True   # 杀报 "任何时候都可以胡" beats 过水 (L171-172)
    flow_repao_scope: str = "turn"               # 热炮 voids every kong of the turn (L187); "last"
    flow_robbed_void: str = "by_table"           # v1 yifei (L68), v2 / v3 kong_only (L192, L284); "all_dou" (L330)
    flow_multirob: str = "all"                   # every robber wins (L331, L360); "first_only"
    flow_multiwin_discarder_dou: str = "keep"    # or "void": 一炮三响's discarder loses his 豆 (L356)
    flow_multiwin_dealer: str = "by_count"       # two winners: the first after the discarder (L321); "discarder"
    flow_exhaust_dealer: str = "by_table"        # v1 / v2 stays, v3 by_ready (L74-78, L291-300, L321)
    flow_chicken_requires_ready: bool = True     # 鸡 only to ready seats (L91, L208); false: v3 L304
    flow_genzhang_repeat: str = "first_only"     # 跟张 once (L100); "doubling" (L101)
    flow_angang_reveal: str = "kind"             # a 闷豆's kind is seen (v4 L334); "hidden"
    flow_kong_timing: str = "any_time"           # v1-v3 set no limit; "at_once": 篇四's 通行证 (L325-329)

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
    def table(self) -> "SideTable":
        """The write-up's side money (豆 and 鸡)."""
        return SIDE_TABLES[self.value_table]

    @property
    def unit(self) -> str:
        return self.table.unit


Rules = GuiyangRules


class SideTable(NamedTuple):
    """One write-up's side money and unit: 豆 and 鸡 (the hand values are pattern rows)."""

    unit: str
    dou: Mapping[str, int]   # 闷豆 / 转弯豆 / 点豆 (L53-61, L173-184, L263-274)
    chicken: int             # one 鸡, from each other player (L84, L208, L304)
    ji_mendou: Optional[int]  # a 闷豆 of a 鸡, from each other player (v1 L84, v3 L304); None: tile by tile


SIDE_TABLES = {
    "v1": SideTable("个", {ANGANG: 2, BUGANG: 3, MINGGANG: 1}, 1, 5),
    "v2": SideTable("番", {ANGANG: 2, BUGANG: 3, MINGGANG: 1}, 1, None),
    "v3": SideTable("番", {ANGANG: 20, BUGANG: 10, MINGGANG: 10}, 10, 60),
}


# ------------------------------------------------------------------ patterns


def _per_table(v1: int, v2: int, v3: int) -> FromFlag:
    """A value that differs by write-up (digest §4)."""
    return FromFlag("value_table", {"v1": v1, "v2": v2, "v3": v3})


class Facts(NamedTuple):
    """One reading of a winning hand and the win's facts that value it."""

    shape: str          # "pinghu", "dadui", "qidui", "longqidui"
    qing: bool
    quads: int          # concealed fours in a seven-pairs reading
    self_draw: bool
    after_kong: bool
    robbing_kong: bool
    declared_ready: bool
    re_pao: bool = False
    shabao: bool = False
    re_pao_kong: Optional[str] = None
    lianzhuang: int = 0     # the dealer's consecutive wins, counted under guiyang_lianzhuang


_SHAPE_ID = {("pinghu", False): "pinghu", ("pinghu", True): "qingyise", ("dadui", False): "daduizi",
             ("dadui", True): "qingdadui", ("qidui", False): "qidui", ("qidui", True): "qingqidui",
             ("longqidui", False): "longqidui", ("longqidui", True): "qinglongbei"}

#: Every Guiyang pattern; shapes set the hand's value (清七对 in v1 / v3 derived, C13),
#: the rest add to it (杠开 +1, 热炮 +1, ...) unless its rule replaces it (报听, 抢杠).
PATTERNS = PatternTable([
    Pattern("pinghu", "平胡", "Plain hand", "L31-32, L131-133, L239-241", _per_table(1, 1, 10), "set"),
    Pattern("qingyise", "清一色", "Full flush", "L43-45, L152-154, L251-253", _per_table(10, 10, 50), "set"),
    Pattern("daduizi", "大对子", "All triplets", "L34-36, L142-144, L242-244", _per_table(5, 5, 30), "set"),
    Pattern("qingdadui", "清大对", "Full flush all triplets", "L46-48, L155-158, L254-257",
            _per_table(15, 15, 80), "set"),
    Pattern("qidui", "七对", "Seven pairs", "L37-39, L145-147, L245-247", _per_table(10, 8, 40), "set"),
    Pattern("qingqidui", "清七对", "Full flush seven pairs", "L159-162 (v1 / v3 derived, C13)",
            _per_table(20, 18, 90), "set"),
    Pattern("longqidui", "龙七对", "Dragon seven pairs", "L40-42, L148-151, L248-250", _per_table(20, 10, 50), "set"),
    Pattern("qinglongbei", "青龙背", "Full flush dragon seven pairs", "L49-51, L163-166, L258-261",
            _per_table(30, 20, 100), "set"),
    Pattern("long_more", "多龙", "Each further quad of a dragon seven pairs", "C12 (unsourced)",
            _per_table(10, 2, 10), "add", listed=False),
    Pattern("zimo", "自摸", "Self-draw", "L136-139", _per_table(1, 2, 10), "set"),
    Pattern("zimo_named", "自摸", "Self-draw", "L136-139 (C2 plus_1_all)", 1, "add"),
    Pattern("gangkai", "杠开", "Win on a kong replacement", "L28-30, L140-141, L237-238", _per_table(1, 1, 10), "add"),
    Pattern("baoting", "报听", "Declared ready", "L92-95, L167-169", _per_table(10, 10, 100), "add"),
    Pattern("repao", "热炮", "Hot discard (the konger's next discard)", "L185-189, L63-64, L332-333",
            FromFlag("repao_mode", {"plus1": 1, "yifei": 0, "shaodou": 3}), "add"),
    Pattern("repao_angang", "热炮", "Hot discard after a concealed kong", "L275-278", 60, "add"),
    Pattern("repao_bugang", "热炮", "Hot discard after an added kong", "L275-278", 30, "add"),
    Pattern("repao_minggang", "热炮", "Hot discard after an exposed kong", "L275-278", 10, "add"),
    Pattern("qianggang", "抢杠", "Robbing a kong", "L190-195 (v2; v1 L67-71 and v3 L282-286 add nothing)",
            _per_table(0, 10, 0), "add"),
    Pattern("qianggang_all", "抢杠", "Robbing a kong, paid for all three", "L282-286 (v3)", 3, "multiply",
            listed=False),
    Pattern("shabao", "杀报", "Winning on a declared-ready player's discard", "L170-172",
            _per_table(10, 10, 100), "add"),
    Pattern("lianzhuang", "连庄", "Dealer's consecutive wins", "L33 (C15)", 1, "add", listed=False),
    Pattern("zhuoji", "捉鸡", "Chicken flip", "L205-211", None, "label"),
    Pattern("jinji", "金鸡", "Golden chicken (nine of bamboo flipped)", "L212-214", None, "label"),
    Pattern("baopai", "包牌", "Passed-win penalty", "L215-218", None, "label"),
], combine="add")


@functools.lru_cache(maxsize=8192)
def _valuation(f: Facts, rules: GuiyangRules, table: PatternTable) -> tuple[Step, ...]:
    """The hand amount per payer of one reading (digest §4-§5), additive: the shape's
    value, then 自摸, 报听, 抢杠, 杠开, 热炮 and 杀报 as their rows say.  Hand-written
    rules, not rows: a 平胡 counts 0 under 报听 and 抢杠 ("按清一色算", C3, C5) and a fixed
    10 replaces the hand (``fixed_10``); 抢杠 follows the write-up (篇一 ordinary 炮钱,
    篇三 ×3)."""
    shape = table[_SHAPE_ID[f.shape, f.qing]]
    named = shape.id != "pinghu"
    out = steps(table, [shape], rules)
    if f.shape == "longqidui" and rules.longqidui_multi_quad == "per_quad" and f.quads > 1:
        out += steps(table, [table["long_more"]], rules, times=f.quads - 1)   # C12
    out += _zimo(f, named, rules, table)
    if f.declared_ready:
        out.append(_like_qingyise(table["baoting"], named and rules.baoting_mode == "add_like_qingyise", rules))
    if f.robbing_kong:
        out += _qianggang(named, rules, table)
    if f.after_kong and f.self_draw:
        out += steps(table, [table["gangkai"]], rules)
    if f.re_pao:
        out += steps(table, [table[_repao_row(f, rules)]], rules)
    if f.lianzhuang:
        out += steps(table, [table["lianzhuang"]], rules, times=f.lianzhuang)   # L33 (C15)
    if f.shabao and not f.self_draw:
        out.append(_like_qingyise(table["shabao"], rules.shabao_mode == "pattern_plus_10", rules))
    elif f.shabao:      # a self-draw while A is 报听: A pays the 杀报 amount more (the ledger, C4)
        out.append(Step(table["shabao"], "label", 0))
    if f.robbing_kong and rules.value_table == "v3":
        out += steps(table, [table["qianggang_all"]], rules)      # the robbed pays for three (L282-286)
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _ranked(f: Facts, rules: GuiyangRules, table: PatternTable) -> tuple[tuple[Step, ...], tuple]:
    """:func:`_valuation` and the key readings are ranked by: the value, then the
    shared :func:`~hupai.rules.patterns.preference`."""
    breakdown = _valuation(f, rules, table)
    return breakdown, (evaluate(breakdown), preference(table, (st.pattern.id for st in breakdown)))


def _zimo(f: Facts, named: bool, rules: GuiyangRules, table: PatternTable) -> list[Step]:
    """C2: v2's 平胡 自摸 line (unless ``none``), or +1 on named hands (``plus_1_all``);
    never with 报听, never in v1 / v3."""
    if not f.self_draw or f.declared_ready or rules.value_table != "v2":
        return []
    if not named and rules.zimo_bonus != "none":
        return steps(table, [table["zimo"]], rules)
    if named and rules.zimo_bonus == "plus_1_all":
        return steps(table, [table["zimo_named"]], rules)
    return []


def _like_qingyise(row: Pattern, adds: bool, rules: GuiyangRules) -> Step:
    """报听 / 杀报 / 抢杠 counted "like a 清一色": added to a named hand, replacing a 平胡
    (or, in their fixed modes, replacing any hand)."""
    return Step(row, "add" if adds else "set", row.amount(rules))


def _qianggang(named: bool, rules: GuiyangRules, table: PatternTable) -> list[Step]:
    """抢杠 per write-up (digest §5): 篇二 counts as a 清一色 (10 + the named hand, or a
    fixed 10, C5, L190-195); 篇一 the ordinary 炮钱 (L67-71); 篇三 a self-draw paid by the
    robbed player for all three (L282-286)."""
    if rules.value_table != "v2":      # 篇三's ×3 comes last (:func:`_valuation`)
        return [Step(table["qianggang"], "label", 0)]
    return [_like_qingyise(table["qianggang"], named and rules.qianggang_value == "as_qingyise", rules)]


def _repao_row(f: Facts, rules: GuiyangRules) -> str:
    """The 热炮 row (C6): by_kong_type reads the kind of the discarder's kong (篇三,
    L275-278: 闷 60 / 转弯 30 / 点 10); the other modes are one row's flag value."""
    if rules.repao_mode != "by_kong_type":
        return "repao"
    if f.re_pao_kong is None:
        raise ValueError("repao_mode 'by_kong_type' needs the kind of the discarder's kong "
                         "(re_pao_kong: angang, bugang or minggang)")
    return f"repao_{f.re_pao_kong}"


# ------------------------------------------------------------------ readings


def _prepare(hand: Hand, win_tile: Optional[int]) -> tuple[bytes, Optional[str]]:
    """The hand's concealed counts with the winning tile (34 bytes), and why Guiyang's
    rules forbid the hand, if they do (a chi: "只能碰、杠", L22, L114); ValueError for
    what is not a Guiyang hand at all (honour tiles, a meld of different tiles, too many
    copies)."""
    full = hand.concealed_bytes
    if win_tile is not None:
        added = bytearray(full)
        added[win_tile] += 1
        full = bytes(added)
    # without melds, the counts alone can exceed four: tested by bytes' own loops
    if hand.melds or full.translate(None, _AT_MOST_FOUR):
        hand.check_copies(win_tile)
    if full[27:] != _NO_HONOURS:
        raise ValueError("Guiyang has no honour tiles (L17, L110)")
    return full, melds_problem(hand.melds) if hand.melds else None


_AT_MOST_FOUR = bytes(range(5))
_NO_HONOURS = bytes(7)


def melds_problem(melds: Sequence[DeclaredMeld]) -> Optional[str]:
    """Why Guiyang forbids these melds (a chi, L22, L114), or None; ValueError for a meld
    that is no meld or holds an honour."""
    forbidden = None
    for m in melds:
        held = m.tiles
        if max(held) >= tiles.HONORS:
            raise ValueError(f"{m}: Guiyang has no honour tiles")
        if m.kind == CHI:
            low = min(held)
            if sorted(held) != [low, low + 1, low + 2] or low // 9 != (low + 2) // 9:
                raise ValueError(f"{m}: a chi is three consecutive tiles of one suit")
            forbidden = forbidden or "吃 is not played in Guiyang: only 碰 and 杠 (L22, L114)"
        elif held.count(held[0]) != len(held):
            raise ValueError(f"{m}: a {m.kind} is identical tiles")
    return forbidden


#: The profile's bit for honour tiles among the hand's groups (melds counted).
_HONOUR_GROUP = GROUP_BIT[tiles.HONORS] << _core.PROFILE_GROUPS


def _win_profile(hand: Hand, win_tile: int) -> tuple[int, Optional[str]]:
    """The kernel's profile of the hand with its winning tile (-1 for a 相公, whose
    tiles make no hand to read), and why Guiyang's rules forbid the hand, if they do;
    ValueError for what is not a Guiyang hand at all, as :func:`_prepare`."""
    if isinstance(hand, MiscountedHand):
        return -1, _prepare(hand, win_tile)[1]
    profile = _core.win_profile(hand.concealed_bytes, win_tile, hand.meld_bytes)
    if profile < 0 or profile & _HONOUR_GROUP:
        _prepare(hand, win_tile)    # names the problem: a fifth copy, an honour tile
        if profile < 0:
            raise AssertionError("win_profile refused counts that _prepare accepts")   # pragma: no cover
    return profile, melds_problem(hand.melds) if hand.melds else None


def _readings(profile: Profile) -> list[tuple[str, bool, int]]:
    """(shape, 清, quads) of each way the complete hand of the kernel's ``profile`` can
    be read; 清 when all the tiles, melds included, are of one suit (清一色; no honours:
    :func:`_win_profile` refuses them)."""
    return _shapes(profile.seven, profile.triplets, profile.other, profile.groups in _AT_MOST_ONE_SUIT)


_AT_MOST_ONE_SUIT = frozenset((0, 1, 2, 4))


def _shapes(seven: int, triplets: int, other: int, qing: bool) -> list[tuple[str, bool, int]]:
    """(shape, 清, quads) of the readings, from the most quads of the seven-pairs, the
    triplets-only and the other standard readings (-1: none): seven pairs with a kind
    of four is 龙七对, a triplets-only hand 大对子, any other 平胡."""
    out = []        # in the order of the shapes' names
    if triplets >= 0:
        out.append(("dadui", qing, 0))
    if seven > 0:
        out.append(("longqidui", qing, seven))
    if other >= 0:
        out.append(("pinghu", qing, 0))
    if seven == 0:
        out.append(("qidui", qing, 0))
    return out


class _Reading(NamedTuple):
    """A reading valued: its breakdown, its shape and whether it is 清 (one suit)."""

    breakdown: tuple[Step, ...]
    shape: str
    qing: bool


def _best(profile: int, situation: Situation, rules: GuiyangRules) -> Optional[_Reading]:
    """The reading of highest value of the tiles of the kernel's ``profile`` (ties: the
    shared :func:`~hupai.rules.patterns.preference`), or None when they do not win."""
    return _best_of(_readings(unpack(profile)), _win_flags(situation, rules), rules, PATTERNS)


def _win_flags(s: Situation, rules: GuiyangRules) -> Facts:
    """The situation's side of :class:`Facts`, the reading's fields blank, completed for
    each reading with ``_replace``."""
    return _new_facts(_flag_key(s, rules))


def _flag_key(s: Situation, rules: GuiyangRules) -> tuple:
    """The fields of :func:`_win_flags` as a plain tuple: the cache key of
    :func:`_hand_outcome`, which makes the :class:`Facts` only when it computes."""
    if not s._given:    # nothing given beyond the win: every flag at its default
        return _PLAIN_FLAG_KEYS[s.self_draw]
    return _given_flag_key(s, rules)


def _given_flag_key(s: Situation, rules: GuiyangRules) -> tuple:
    """:func:`_flag_key` read fact by fact (连庄 counts only under ``guiyang_lianzhuang``
    on, for the dealer)."""
    return ("", False, 0, s.self_draw, s.after_kong, s.robbing_kong, s.declared_ready, s.re_pao,
            s.shabao, s.re_pao_kong, s.lianzhuang_count if rules.lianzhuang == "on" and s.dealer else 0)


#: :func:`_flag_key` of a situation that gives nothing beyond its win, by ``self_draw``
#: (not the dealer, so the rules' 连庄 does not enter it).
_PLAIN_FLAG_KEYS = tuple(_given_flag_key(Situation(self_draw=d), GuiyangRules.defaults()) for d in (False, True))


#: A :class:`Facts` of a tuple of all its fields (one a score).
_new_facts = from_fields(Facts)


def _best_of(shapes: Sequence[tuple[str, bool, int]], flags: Facts, rules: GuiyangRules,
             table: PatternTable) -> Optional[_Reading]:
    """The best of the readings ``shapes`` (:func:`_shapes`) with the situation's
    ``flags`` (:func:`_win_flags`)."""
    best, best_key = None, ()   # type: tuple[Optional[_Reading], tuple]
    for shape, qing, quads in shapes:
        breakdown, key = _ranked(flags._replace(shape=shape, qing=qing, quads=quads), rules, table)
        if best is None or key > best_key:
            best, best_key = _Reading(breakdown, shape, qing), key
    return best


# ------------------------------------------------------------------ hands


@dataclass(frozen=True, eq=False)
class MiscountedHand(Hand):
    """A seat that holds the wrong number of tiles: 相公 (L96-98, "玩家少拿多拿牌").  It
    plays on but cannot win this hand (:func:`score` returns a non-winning result) and is
    never ready, so at 黄庄查叫 it pays like a player who is not ready (:func:`chajiao`).
    Built explicitly, or by :func:`make_hand`; a plain :class:`Hand` keeps refusing a
    wrong count in every region."""

    def _check_size(self, concealed: int, melds: int) -> None:
        if concealed + 3 * melds == 13:
            raise ValueError("13 tiles (a kong counting 3) is the right count, not 相公: use Hand")

    @property
    def size(self) -> int:
        """Tiles held, a kong counting 3 (13 would be right)."""
        return int(self.concealed.sum()) + 3 * len(self.melds)


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
    return _Weights(1, tiles.next_in_suit(flip), False)


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
    return _weighted(n1, nj, discards, w)


def _weighted(n1: int, nj: int, discards: Sequence[int], w: _Weights) -> int:
    """``n1`` 幺鸡 and ``nj`` flipped 鸡 held, with those among ``discards``, 幺鸡
    weighted."""
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


def _chickens_held(hand: Hand, win_tile: Optional[int], flip: Optional[int], rules: GuiyangRules,
                   discards: Sequence[int], hero: bool) -> int:
    """:func:`chickens` of valid arguments, read from the hand's counts as bytes (a
    meld's copies counted in ``meld_bytes``, a kong's four included)."""
    w = _weights(flip, rules.jinji_value)
    if discards and rules.chicken_scope != "inner_outer" and rules.v4_chickens != "on":
        discards = ()
    bonus = w.yaoji if hero and rules.yingxiongji == "on" else 0
    held, melds = hand.concealed_bytes, hand.meld_bytes
    nj = 0 if w.ji is None else held[w.ji] + (win_tile == w.ji) + (melds[w.ji] if melds else 0)
    return _weighted(_yaoji_held(hand, win_tile), nj, discards, w) + bonus


def _yaoji_held(hand: Hand, win_tile: Optional[int]) -> int:
    """The 幺鸡 a player holds, the winning tile and his melds counted: his 鸡 when no
    tile is flipped, no discard counts and no 英雄鸡 (L209-211, L347-348)."""
    melds = hand.meld_bytes
    return hand.concealed_bytes[YAOJI] + (win_tile == YAOJI) + (melds[YAOJI] if melds else 0)


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
    if win_tile is not None:
        _check_suited(win_tile, "win_tile")
    return _chickens_held(hand, win_tile, flip, rules, discards, hero)


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


def _whole(m: DeclaredMeld, w: _Weights, t: SideTable, v4: bool) -> bool:
    """A meld of 鸡 priced as a whole, not tile by tile: under ``v4_chickens`` a kong of
    1条 (L341-343), else a 闷豆 of a 鸡 where the table prices one (v1 L84, v3 L304)."""
    if m.kind not in KONGS or not w.of(m.tiles[0]):
        return False
    return (v4 and m.tiles[0] == YAOJI) or (m.kind == ANGANG and t.ji_mendou is not None)


def _v4_meld_items(m: DeclaredMeld, w: _Weights, t: SideTable) -> list[ChickenItem]:
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
              t: SideTable) -> list[ChickenItem]:
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


#: The seed lines of each kind of 鸡 a ledger names.
_CHICKEN_LINES = {"鸡": "L205-214", "冲锋鸡": "L335", "碰鸡": "L339", "杠钱": "L341-343", "闷鸡": "L341-343",
                  "补杠鸡": "L341-343", "直杠鸡": "L341-343"}


def chicken_reason(name: str, liable: bool = False) -> str:
    """The ledger reason of a 鸡 item, with its seed line (责任鸡: L344-346)."""
    if liable:
        return f"责任{name} (L344-346)"
    return f"{name} ({_CHICKEN_LINES[name]})"


def _collect(seat: str, items: Sequence[ChickenItem], payers: Sequence[str]) -> Ledger:
    """A ready player's 鸡: each payer pays him each collected item (L208, L335-343)."""
    _check_feeders(items, payers)
    return Ledger.of(Transfer(p, seat, i.amount(p), chicken_reason(i.reason))
                     for i in items if i.collect for p in payers).merged()


def _owe(seat: str, items: Sequence[ChickenItem], ready_seats: Sequence[str],
         others: Sequence[str]) -> Ledger:
    """责任鸡 (L344-346, "进多少鸡就赔多少鸡出去"): a player who is not ready pays each
    ready player what that player would have paid him for his discarded 1条 and his
    kongs of 1条, 杠钱 included."""
    _check_feeders(items, others)
    return Ledger.of(Transfer(seat, p, i.amount(p), chicken_reason(i.reason, liable=True))
                     for i in items if i.liable for p in ready_seats).merged()


# ------------------------------------------------------------------ one win


def score(hand: Hand, situation: Situation, rules: Optional[GuiyangRules] = None) -> ScoreResult:
    """Score a Guiyang win.  The situation's ``re_pao`` (and ``re_pao_kong``, for
    ``repao_mode`` by_kong_type), ``shabao``, ``flip`` (捉鸡), ``payment_scope`` ("hand"
    always, "dou" the winner's kongs, "chicken" his 鸡: see :func:`chicken_items` for
    ``discards``, ``hero_chicken`` and ``chongfeng``), ``passed_since_draw`` (包牌) and
    ``lianzhuang_count`` (连庄, each payer pays that many more, L33) are read.  ``value``
    is the hand amount per payer (抢杠: what the robbed player pays); a
    :class:`MiscountedHand` (相公) does not win, nor does a hand with a chi."""
    rules = GuiyangRules.coerce(rules)
    _check(hand, situation)
    win = situation.win_tile
    assert win is not None      # checked by win_facts
    profile, forbidden = _win_profile(hand, win)
    if forbidden:
        return ScoreResult.no_win(forbidden, rules.unit)
    if isinstance(hand, MiscountedHand):
        return ScoreResult.no_win(f"相公: {hand.size} tiles before the winning tile, not 13; a player "
                                  "who took too few or too many tiles cannot win this hand (L96-98)", rules.unit)
    s = situation
    won = _hand_outcome(profile, _flag_key(s, rules), s.passed_since_draw, _dou_excepted(hand, s),
                        None if s.flip is None else "jinji" if s.flip == JINJI_FLIP else "zhuoji", rules, PATTERNS)
    if isinstance(won, ScoreResult):         # no win, or 包牌
        return won
    if not s._given:        # no flip, discard or 英雄鸡 counted, the hand alone paid
        return won.paid_for_hand(_yaoji_held(hand, win))
    chickens_ = _chickens_held(hand, win, s.flip, rules, s.discards, s.hero_chicken)
    side = _side_ledger(hand, s, rules)
    if not side.transfers:
        return won.paid_for_hand(chickens_)
    return won.hand._with_ledger(won.hand.ledger + side, ReadOnlyDict({"chickens": chickens_, "shape": won.shape}))


class _HandWin(NamedTuple):
    """A win's hand part: the result of the hand itself (its breakdown, value, patterns
    and what is paid for it), its 豆 and 鸡 aside, and the hand's shape; ``finished``
    holds the results that pay the hand alone, by the winner's 鸡 count, made once."""

    hand: ScoreResult
    shape: str
    finished: dict

    def paid_for_hand(self, chickens_: int) -> ScoreResult:
        """The result of this hand with ``chickens_`` 鸡 when nothing but the hand is
        paid (its detail is shared between calls, so read-only)."""
        out = self.finished.get(chickens_)
        if out is None:
            out = self.finished[chickens_] = self.hand._with_ledger(
                self.hand.ledger, ReadOnlyDict({"chickens": chickens_, "shape": self.shape}))
        return out


@functools.lru_cache(maxsize=4096)
def _hand_outcome(profile: int, flag_key: tuple, passed_since_draw: bool, dou_excepted: bool, flip: Optional[str],
                  rules: GuiyangRules, table: PatternTable) -> Union[_HandWin, ScoreResult]:
    """The hand part of a win from the few facts it depends on: the kernel's profile of
    the tiles (their readings' shapes, :func:`_readings`), the situation's flags
    (:func:`_flag_key`), a discard win declined since the draw (包牌), whether a 平胡
    may take a discard (:func:`_dou_excepted`), the flipped chicken's pattern, the rules
    and the pattern table; or the finished result when it is no win or 包牌.  Immutable,
    so cached."""
    flags = _new_facts(flag_key)
    best = _best_of(_readings(unpack(profile)), flags, rules, table)
    if best is None:
        return ScoreResult.no_win("the tiles do not form a winning hand", rules.unit)
    breakdown, shape, qing = best
    if passed_since_draw and not flags.self_draw:
        return _baopai(breakdown, rules)
    if shape == "pinghu" and not qing and not flags.self_draw and not dou_excepted:
        return ScoreResult.no_win("平胡 needs a 豆 (a kong of one's own) to win on a discard, "
                                  "except on 热炮, 抢杠 and 杀报 (L30, L131-132)", rules.unit)
    if flip is not None:
        breakdown += (Step(table[flip], "label", 0),)
    return _HandWin(ScoreResult.win(breakdown, rules.unit, _hand_ledger(evaluate(breakdown), flags, rules, table)),
                    shape, {})


def _dou_excepted(hand: Hand, situation: Situation) -> bool:
    """A 平胡 may take a discard with a 豆 of its own, or on 热炮, 抢杠, 杀报 or its own
    报听 (L30, L66, L131-132, L169, L171, L188, L194).  Asked of a hand without a chi, whose
    melds are identical tiles: a kind four times among them is a kong."""
    s = situation
    return bool(s._given) and (s.re_pao or s.robbing_kong or s.shabao or s.declared_ready) \
        or hand.meld_bytes is not None and 4 in hand.meld_bytes


def _check(hand: Hand, situation: Situation) -> None:
    """ValueError for a win that cannot happen at a Guiyang table."""
    win_facts(hand, situation, name, FACTS, PAYMENT_SCOPES)
    if situation.after_kong and not any(m.is_kong for m in hand.melds):
        raise ValueError("after_kong (杠开): the winner has no kong among his melds")
    if situation.flip is not None:
        _check_suited(situation.flip, "flip")


def _baopai(breakdown: tuple[Step, ...], rules: GuiyangRules) -> ScoreResult:
    """包牌 (L215-218): a discard win after declining one since his own draw is blocked,
    or under ``baopai_mode`` penalty costs the winner his hand value to each player."""
    if rules.baopai_mode == "block_win":
        return ScoreResult.no_win("包牌: a discard win was declined since the last draw; only "
                                  "the next own draw may win (L215-218)", rules.unit)
    value = evaluate(breakdown)
    penalty = Ledger.of(Transfer("W", s, value, "包牌 (L215-218)") for s in OTHERS)
    steps_ = breakdown + (Step(PATTERNS["baopai"], "label", 0),)
    return ScoreResult(False, value, rules.unit, ("包牌",), penalty,
                       "包牌: the winner declined a discard win since his last draw and pays each "
                       "player his hand value instead (L215-218)", {}, steps_)


def _hand_ledger(value: Amount, flags: Facts, rules: GuiyangRules, table: PatternTable) -> Ledger:
    """The hand's payments: a self-draw from all three (the 报听 player A the 杀报 amount
    more, C4), a discard or a robbed kong from A (the value already holds 杀报 and 篇三's
    three shares)."""
    if flags.self_draw:
        extra = table["shabao"].amount(rules) if flags.shabao and rules.shabao_mode == "pattern_plus_10" else 0
        return win_ledger(value, True, "自摸 (L27, L130)", {"A": extra})
    why = "抢杠 (L67-71)" if flags.robbing_kong else "杀报 (L170-172)" if flags.shabao else \
        "热炮 (L185-189)" if flags.re_pao else "点炮 (L27, L130)"
    return win_ledger(value, False, why)


def _side_ledger(hand: Hand, situation: Situation, rules: GuiyangRules) -> Ledger:
    """The winner's 豆 and 鸡, as ``payment_scope`` asks."""
    if situation.payment_scope == _HAND_ONLY:
        return _NO_SIDE
    transfers = []
    if "dou" in situation.payment_scope:
        transfers += _dou_transfers(hand.melds, rules.table)
    if "chicken" in situation.payment_scope:
        items = chicken_items(hand, situation.win_tile, situation.flip, rules, situation.discards,
                              situation.hero_chicken, situation.chongfeng)
        transfers += _collect("W", items, OTHERS).transfers
    return Ledger.of(transfers)


_HAND_ONLY = ("hand",)
_NO_SIDE = Ledger()


def _dou_transfers(melds: Sequence[DeclaredMeld], t: SideTable, seat: str = "W",
                   others: Sequence[str] = OTHERS) -> list[Transfer]:
    """The 豆 of ``seat``'s kongs (L53-61, L173-184): 闷豆 and 转弯豆 from each other
    player, 点豆 from its feeder (one of ``others``)."""
    out = []
    for m in melds:
        if m.kind == ANGANG or m.kind == BUGANG:
            out += [Transfer(s, seat, t.dou[m.kind], "闷豆 (L177-180)" if m.kind == ANGANG else "转弯豆 (L181-184)")
                    for s in others]
        elif m.kind == MINGGANG:
            if m.from_seat is None or m.from_seat not in others:
                raise ValueError(f"{m}: a 点豆 is fed by one of {', '.join(others)} (from), "
                                 f"not {short(m.from_seat)}")
            out.append(Transfer(m.from_seat, seat, t.dou[MINGGANG], "点豆 (L173-176)"))
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


def dou_settlement(hands: Mapping[str, Hand], ready: Mapping[str, bool],
                   rules: Optional[GuiyangRules] = None, *, win_tiles: Optional[Mapping[str, int]] = None,
                   re_pao: Optional[str] = None) -> Ledger:
    """豆 after a win, for the whole table (L53-62, L120-121, L173-184): each player's
    kongs are paid to him, 闷豆 and 转弯豆 by each other player, 点豆 by its feeder (the
    meld's ``from_seat``, a seat of ``hands``), when he is ready or has won: "豆通常要叫牌
    后才可收钱" (L62; ``dou_requires_ready`` false pays every player's).  ``re_pao`` is
    the seat whose discard after a kong was won on (热炮): that kong earns nothing
    (L185-187), and under ``repao_mode`` yifei none of his 豆 do (一废全废, L63-64).
    On 黄庄 all 豆 are void (L72, L198): :func:`exhaust` settles none.  A winner's own
    豆 are also in his :func:`score` under ``payment_scope`` "dou": settle them once."""
    rules = GuiyangRules.coerce(rules)
    win_tiles = win_tiles or {}
    ready_seats = _ready_seats(hands, ready, win_tiles)
    _check_record(hands, {}, win_tiles, None, None)
    if re_pao is not None and re_pao not in hands:
        raise ValueError(f"re_pao seat {short(re_pao)} has no hand")
    transfers = []
    for seat, hand in hands.items():
        if rules.dou_requires_ready and seat not in ready_seats:
            continue
        kongs = [m for m in hand.melds if m.is_kong]
        if seat == re_pao:
            if not kongs:
                raise ValueError(f"热炮: seat {short(seat)} has made no kong")
            kongs = [] if rules.repao_mode == "yifei" else kongs[:-1]
        transfers += _dou_transfers(kongs, rules.table, seat, [o for o in hands if o != seat])
    return Ledger.of(transfers)


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
    return Ledger.of(Transfer(dealer, o, amount, "跟张 (L100)") for o in others)


# ------------------------------------------------------------------ 黄庄查叫


def ready(hand: Hand, rules: Optional[GuiyangRules] = None, situation: Optional[Situation] = None) -> SeatReport:
    """Ready at 黄庄 and the 查叫 value: the best wait's table value, on the discard
    basis (平胡 = 1 in v2) or, with ``chajiao_value = "self_draw_basis"``, a 平胡 at its
    self-draw value (L196-204, C10).  A 相公 or a hand with a chi is never ready."""
    rules = GuiyangRules.coerce(rules)
    check_hand(hand)
    _table_situation(situation)
    return _seat_report("", hand, rules)


def _table_situation(situation: Optional[Situation]) -> Situation:
    return table_facts(situation, name, FACTS, PAYMENT_SCOPES)


def _seat_report(seat: str, hand: Hand, rules: GuiyangRules) -> SeatReport:
    full, forbidden = _prepare(hand, None)
    if isinstance(hand, MiscountedHand):     # 相公 is never ready: it pays at 黄庄 (L96-98)
        return SeatReport(seat, False, reason=f"相公: {hand.size} tiles, not 13 (L96-98)")
    if forbidden:
        return SeatReport(seat, False, reason=forbidden)
    seven = not hand.melds
    candidates = _core.waits(full, 0, seven_pairs=seven)
    if not candidates:
        return SeatReport(seat, False)
    melds = hand.meld_bytes
    # a wait the hand holds four of, melds counted, is no wait
    candidates = [t for t in candidates if full[t] + (melds[t] if melds else 0) < 4]
    held = group_bits(full) | (group_bits(melds) if melds else 0)
    # one kernel call for every wait; the waits that read alike come grouped
    groups: list[tuple[tuple[int, ...], Win]] = []
    for seven_q, triplets_q, other_q, group, waits in _core.wait_quads(full, 0, None, candidates, seven_pairs=seven):
        valued = _wait_value(seven_q, triplets_q, other_q, held | 1 << group in _AT_MOST_ONE_SUIT, rules)
        if valued is not None:
            groups.append((waits, valued))
    return grouped_wait_report(seat, groups, PATTERNS)


@functools.lru_cache(maxsize=1024)
def _wait_value(seven: int, triplets: int, other: int, qing: bool, rules: GuiyangRules) -> Optional[Win]:
    """The 查叫 value and patterns of a wait whose readings have these most quads (the
    kernel's ``wait_quads``) and suit, on the basis ``chajiao_value`` names (L196-204,
    C10); None when no reading is a win."""
    basis = PLAIN_SELF_DRAW if rules.chajiao_value == "self_draw_basis" else NO_FACTS
    win = _best_of(_shapes(seven, triplets, other, qing), _win_flags(basis, rules), rules, PATTERNS)
    return None if win is None else (evaluate(win.breakdown), tuple(s.pattern for s in win.breakdown))


def exhaust(table: Mapping[str, Optional[Hand]], rules: Optional[GuiyangRules] = None, *,
            dealer: Optional[str] = None, situation: Optional[Situation] = None) -> ExhaustResult:
    """黄庄查叫 (L196-204): every player who is not ready pays every ready player that
    player's value; if nobody or everybody is ready nothing moves.  豆 are void and no
    鸡 are settled.  A 相公 seat (:class:`MiscountedHand`) or one with a chi is not ready,
    so it pays (L96-98).  ``table`` maps the seats A-D to their hands."""
    rules = GuiyangRules.coerce(rules)
    _table_situation(situation)
    check_table(table)
    check_dealer(dealer)
    reports = {s: _seat_report(s, h, rules) for s, h in table.items() if h is not None}
    return ExhaustResult(reports, chajiao_ledger(reports, "查叫 (L196-204)"), rules.unit, dealer)


#: Settlements of the case format beyond a win, by case kind (none in Guiyang).
SIDE_SETTLEMENTS: dict = {}


# ------------------------------------------------------------------ hands and analysis

def make_hand(concealed, melds: Sequence[DeclaredMeld] = ()) -> Hand:
    """The hand these tiles make: a :class:`Hand`, or a :class:`MiscountedHand` (相公) when
    the concealed counts and melds do not make 13 tiles."""
    counts = tiles.parse(concealed) if isinstance(concealed, str) else np.asarray(concealed)
    # (the engine's and the parser's uint8 counts are summed without a numpy call)
    held = sum(counts.tolist()) if counts.dtype is UINT8 and counts.shape == (34,) else int(counts.sum())
    size = held + 3 * len(melds)
    return (Hand if size == 13 else MiscountedHand)(concealed, tuple(melds))


def analyze(counts, rules: Optional[GuiyangRules] = None, *, visible=None, melds: Sequence[DeclaredMeld] = (),
            situation: Optional[Situation] = None, values: bool = True):
    """The discard analysis under Guiyang's forms (suited tiles, 七对 and 龙七对) and the
    self-drawn value of each wait of a ready discard (:func:`hupai.analyze_discards`;
    none with ``values`` false)."""
    rules = GuiyangRules.coerce(rules)
    _table_situation(situation)
    value_of = (lambda hand, t: _self_drawn_value(hand, t, rules)) if check_bool(values, "values") else None
    melds = declared_melds(melds)
    return analysis.plain_region_options(counts, visible, melds, {}, value_of, melds_problem(melds), kinds=27)


def _self_drawn_value(hand: Hand, win_tile: int, rules: GuiyangRules) -> Optional[Amount]:
    """``score(hand, Situation(win_tile, True), rules).value`` of a win, None when it is
    no win: the value of a wait, without the result's ledger and detail (a plain
    self-draw has no 包牌, no flip and no side settlement).  ``hand`` is a Hand the
    caller made; the tiles are checked as :func:`score` checks them."""
    profile, forbidden = _win_profile(hand, win_tile)
    if forbidden or isinstance(hand, MiscountedHand):
        return None
    best = _best(profile, PLAIN_SELF_DRAW, rules)
    return None if best is None else evaluate(best.breakdown)


# the round flow the table engine asks of this region (rules/flows/guiyang.py)
from .flows.guiyang import FLOW  # noqa: E402  (the flow reads this module)
