"""Fuzhou (Jiangxi) mahjong 撫州麻將 (seed 003).

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

from .. import _core, analysis
from .._messages import short
from ..tiles import GROUP_BIT, HONORS
from .breakdown import Step, evaluate
from .flags import RegionFlags
from .ledger import Amount, Ledger, Transfer
from .model import ANGANG, BUGANG, CHI, KONGS, MINGGANG, OTHERS, PENG, SEATS, DeclaredMeld, Hand, \
    ReadOnlyDict, check_bool, check_dealer, check_hand, check_table, declared_melds
from .patterns import FromFlag, Pattern, PatternTable, preference, resolve, steps
from .profile import Profile, unpack
from .result import ExhaustResult, ScoreResult, SeatReport
from .settlement import wait_report, win_ledger
from .situation import Situation, table_facts, win_facts

__all__ = ["FLOW", "name", "TITLE", "FACTS", "FuzhouRules", "Rules", "PATTERNS", "UNIT", "score", "ready", "exhaust",
           "analyze", "make_hand", "kong_points", "kong_ledger", "shao", "next_dealer", "SIDE_SETTLEMENTS"]

name = "fuzhou"
TITLE = "Fuzhou (Jiangxi) mahjong 撫州麻將"
UNIT = "分"
#: The settlements ``payment_scope`` may ask for.
PAYMENT_SCOPES = ("hand", "kong")
#: The situation facts Fuzhou reads.
FACTS = frozenset({"after_kong", "robbing_kong", "tianhu", "dihu", "dealer", "payment_scope"})


@dataclass(frozen=True)
class FuzhouRules(RegionFlags):
    """Flags of the Fuzhou digest (§6), and of its round flow (``flow_*``, fuzhou-flow §12),
    with their defaults."""

    PREFIX = "fuzhou_"
    CHOICES = {"pattern_combine": ("sum", "max"), "siguiyi_stack": ("per_occurrence", "once"),
               "gangkai_siguiyi": ("multiply", "once"),
               # the round flow (rules/flows/fuzhou.py), fuzhou-flow §12
               "flow_first_dealer": ("param", "random"), "flow_deal_order": ("4-4-4-jump", "one_by_one"),
               "flow_kong_empty_wall": ("forbid", "no_replacement"),
        "flow_kong_burn": ("face_up", "face_down", "none"),
               "flow_after_peng": ("discard_only", "kong_allowed"),
               "flow_last_discard_claims": ("win_only", "any"),
               "flow_kong_points_timing": ("immediate", "round_end"),
               "flow_robbed_kong_points": ("none", "paid"),
               "flow_bugang_timing": ("any_time", "on_draw_only"),
               "flow_kong_with_win": ("pay", "lapse"),
               "flow_multirob": ("all", "first_only"),
               "flow_guoshui": ("none", "until_own_draw"),
               "flow_tianhu_scope": ("dealt_14", "first_turn"),
               "flow_duoxiang_definition": ("claimants", "winners"),
               "flow_angang_reveal": ("hidden", "kind")}
    __hash__ = RegionFlags.__hash__

    pattern_combine: str = "sum"              # C1 (L57) or "max"
    shisanlan_strict_147: bool = False        # C2 (L37 vs L39-43)
    siguiyi_requires_peng: bool = False       # C3 (L45, L81)
    siguiyi_stack: str = "per_occurrence"     # C4 or "once"
    honor_chow: bool = True                   # C5 (L23)
    gangkai_siguiyi: str = "multiply"         # C9 or "once"
    # the round flow: read only by the table engine's flow, never by score
    flow_first_dealer: str = "param"          # L13 "第一輪由系統自動設定": the caller's seat, else 0
    flow_deal_order: str = "4-4-4-jump"       # L15 "每次拿2墩": the usual deal
    flow_kong_empty_wall: str = "forbid"      # silent: no kong without its replacement tile
    flow_kong_burn: str = "face_up"           # L83: the top of the last stack is burnt, shown
    flow_after_peng: str = "discard_only"     # L17: after a 碰 only a discard
    flow_last_discard_claims: str = "win_only"   # L93: the round ends with the wall
    flow_robbed_kong_points: str = "none"     # L55 silent: a robbed 補扛 never stands, earns nothing
    flow_kong_points_timing: str = "immediate"   # L51-53 silent; digest §0: kong points when the kong stands
    flow_bugang_timing: str = "any_time"      # L53 vs L45: a 補扛 at any own turn
    flow_kong_with_win: str = "pay"           # L97: a 明扛 beside a win is paid
    flow_multirob: str = "all"                # L55 silent, L95-97: every robber wins
    flow_guoshui: str = "none"                # L17: no 過水
    flow_tianhu_scope: str = "dealt_14"       # L71: 天胡 on the dealt 14 only
    flow_duoxiang_definition: str = "claimants"   # L97: 扛 claimants count for 一炮多響
    flow_angang_reveal: str = "hidden"        # silent: an 暗扛's kind stays hidden

    def __post_init__(self) -> None:
        self._check_choices()


Rules = FuzhouRules


class Facts(NamedTuple):
    """One reading of a winning hand, as the pattern predicates see it."""

    shape: str            # "basic", "qixiaodui", "shisanlan", "qixing", "any" (all honours)
    triplets: bool        # basic with every set a triplet or kong
    qing: bool            # one suit, or all honours
    tianhu: bool
    dihu: bool


# the named patterns add (C1 sum) or count by the largest (max)
_NAMED = FromFlag("pattern_combine", {"sum": "add", "max": "max"})

#: Every Fuzhou pattern: the named ones (L59-75), then what the score applies to them.
PATTERNS = PatternTable([
    Pattern("qixiaodui", "七小對", "Seven pairs", "L35, L67", 5, _NAMED, lambda f: f.shape == "qixiaodui"),
    Pattern("dasipeng", "大四碰", "All triplets", "L69", 4, _NAMED, lambda f: f.shape == "basic" and f.triplets),
    Pattern("qingyise", "清一色", "Full flush (or all honours, any arrangement)", "L47, L75", 10, _NAMED,
            lambda f: f.qing),
    Pattern("shisanlan", "十三爛", "Thirteen unrelated", "L37-43, L63", 2, _NAMED, lambda f: f.shape == "shisanlan"),
    Pattern("qixing", "七星十三爛", "Seven stars thirteen unrelated", "L65", 4, _NAMED,
            lambda f: f.shape == "qixing"),
    Pattern("tianhu", "天胡", "Heavenly hand", "L71", 10, _NAMED, lambda f: f.tianhu),
    Pattern("dihu", "地胡", "Earthly hand (on the dealer's first discard)", "L73", 10, _NAMED, lambda f: f.dihu),
    # not predicates: applied by the score's steps
    Pattern("pinghu", "平胡", "Plain hand", "L59-61", 1, "set"),
    Pattern("siguiyi", "四規一", "Four of a kind kept in hand", "L45, L77-81", 1, "double"),
    Pattern("gangkai", "扛上開花", "Win on a kong replacement", "L83-87", 1, "double"),
    Pattern("bangyipao", "綁一炮", "Tied-on point", "L57", 1, "add"),
    Pattern("qianggang", "搶扛", "Robbing a kong", "L55", None, "label"),
    Pattern("houshao", "后燒", "Exhausted wall: everyone pays the dealer", "L93", 1, "set"),
    Pattern("qianshao", "前燒", "First discard followed: the dealer pays everyone", "L91", 1, "set"),
], combine="add")

#: Kong points, paid when the kong is made, win or not (L51-53): from each of the others
#: for 暗扛 and 補扛, from the feeder for 明扛.
KONG_POINTS = {ANGANG: 2, BUGANG: 1, MINGGANG: 2}
_KONG_NAMES = {ANGANG: "暗扛 (L51, L53)", BUGANG: "補扛 (L51, L53)", MINGGANG: "明扛 (L51, L53)"}


# ------------------------------------------------------------------ readings

@functools.lru_cache(maxsize=64)
def _profile_options(rules: FuzhouRules) -> int:
    """The kernel's option bits of Fuzhou's forms under ``rules`` (win_profile)."""
    return _core.wait_options({"honor_sequences": rules.honor_chow,
                               "shisanlan": "strict" if rules.shisanlan_strict_147 else True})


def _readings(profile: Profile) -> tuple[tuple[str, bool, bool], ...]:
    """(shape, all triplets, 清) of each way the complete hand can be read, from its
    kernel profile, in a fixed order (one that does not depend on PYTHONHASHSEED).  No
    jokers: every meld holds real tiles, so a standard reading is all triplets or holds
    a sequence."""
    qing = profile.groups in _ONE_GROUP
    out = []
    if profile.groups == GROUP_BIT[HONORS]:
        out.append(("any", False, True))   # 字一色 counts as 清一色 without a shape (L47)
    if profile.other >= 0:
        out.append(("basic", False, qing))
    if profile.triplets >= 0:
        out.append(("basic", True, qing))
    if profile.seven >= 0:
        out.append(("qixiaodui", False, qing))
    if profile.lan:                    # 14 different tiles (L37-43), 七星 with every honour (L65)
        out.append(("qixing" if profile.seven_stars else "shisanlan", False, False))
    return tuple(out)


#: The group bits (tiles.GROUP_BIT) of one group.
_ONE_GROUP = frozenset((1, 2, 4, 8))


def _peng_fours(hand: Hand, win_tile: int) -> int:
    """The pengs whose fourth tile is in the hand (the winning tile included)."""
    held = hand.concealed_bytes
    return sum(1 for m in hand.melds if m.kind == PENG and held[m.tiles[0]] + (m.tiles[0] == win_tile) == 1)


def _siguiyi(fours: int, peng_fours: int, rules: FuzhouRules) -> int:
    """四規一 (L45, L77-81): kinds with four tiles in the hand not declared as a kong (a
    peng plus the fourth held, ``peng_fours``, or four held, ``fours``); only the peng
    way with ``siguiyi_requires_peng``."""
    n = peng_fours + (0 if rules.siguiyi_requires_peng else fours)
    return n if rules.siguiyi_stack == "per_occurrence" else min(n, 1)


@functools.lru_cache(maxsize=4096)
def _valuation(facts: Facts, gangkai: bool, robbing: bool, siguiyi: int, rules: FuzhouRules,
               table: PatternTable) -> tuple[Step, ...]:
    """The breakdown of one reading: the named patterns (or 平胡), ×2 per 四規一 (basic
    and 七小對 shapes), ×2 for 扛上開花 (``gangkai_siguiyi`` once: one doubling in all),
    then +1 綁一炮 (L57, L77-87).  A pure function of its arguments, cached."""
    named = resolve(table, facts)
    out = steps(table, named or (table["pinghu"],), rules)
    doublings = siguiyi if facts.shape in ("basic", "qixiaodui") else 0
    once = gangkai and rules.gangkai_siguiyi == "once" and doublings > 0   # C9: one doubling in all
    if doublings:
        out += steps(table, [table["siguiyi"]], rules, times=1 if once else doublings)
    if gangkai:
        out += steps(table, [table["gangkai"]], rules, times=0 if once else 1)
    if robbing:
        out += steps(table, [table["qianggang"]], rules)
    return tuple(out + steps(table, [table["bangyipao"]], rules))


# ------------------------------------------------------------------ one win

def score(hand: Hand, situation: Situation, rules: Optional[FuzhouRules] = None) -> ScoreResult:
    """Score a Fuzhou win.  ``value`` is the score per payer, 綁一炮 included (搶扛: the
    robbed player pays three times it, L55); ``payment_scope`` "kong" adds the winner's
    kong points.  A hand with a chi does not win: 吃 is not played (L17, L29)."""
    rules = FuzhouRules.coerce(rules)
    profile, forbidden = _check(hand, situation, rules)
    if forbidden:
        return ScoreResult.no_win(forbidden, UNIT)
    s = situation
    win = s.win_tile
    assert win is not None      # checked by win_facts
    result = _outcome(profile, _peng_fours(hand, win) if hand.melds else 0, s.after_kong and s.self_draw,
                      s.robbing_kong, s.tianhu, s.dihu, s.self_draw, rules, PATTERNS)
    if result.is_win and "kong" in s.payment_scope:
        return ScoreResult.win(result.breakdown, UNIT, result.ledger + kong_points(hand), result.detail)
    return result


@functools.lru_cache(maxsize=4096)
def _outcome(profile: int, peng_fours: int, gangkai: bool, robbing: bool, tianhu: bool, dihu: bool,
             self_draw: bool, rules: FuzhouRules, table: PatternTable) -> ScoreResult:
    """The result of a win (its kong points aside) from the few facts it depends on: the
    kernel's profile of the tiles (the kinds of reading they make, :func:`_readings`, and
    the kinds held four times), the pengs whose fourth tile is held (四規一), 扛上開花,
    搶扛, 天胡, 地胡, a self-draw, the rules and the pattern table.  Results are
    immutable, so one object serves every win of the same facts."""
    best = _best(unpack(profile), peng_fours, gangkai, robbing, tianhu, dihu, rules, table)
    if best is None:
        return ScoreResult.no_win("the tiles do not form a winning hand", UNIT)
    return ScoreResult.win(best.breakdown, UNIT, _win_ledger(evaluate(best.breakdown), self_draw, robbing),
                           ReadOnlyDict({"shape": best.shape}))


class _Best(NamedTuple):
    """The reading that scores highest: its shape and its breakdown."""

    shape: str
    breakdown: tuple[Step, ...]


def _best(profile: Profile, peng_fours: int, gangkai: bool, robbing: bool, tianhu: bool, dihu: bool,
          rules: FuzhouRules, table: PatternTable) -> Optional[_Best]:
    """The reading of the tiles of ``profile`` (the kernel's, :func:`_readings`) with
    the highest score, or None when they do not win; equal scores: the shared
    tie-break."""
    siguiyi = _siguiyi(profile.fours, peng_fours, rules)
    best: Optional[_Best] = None
    best_key: tuple = ()
    for shape, triplets, qing in _readings(profile):
        breakdown = _valuation(Facts(shape, triplets, qing, tianhu, dihu), gangkai, robbing, siguiyi, rules, table)
        key = (evaluate(breakdown), preference(table, (s.pattern.id for s in breakdown if s.pattern.listed)))
        if best is None or key > best_key:
            best, best_key = _Best(shape, breakdown), key
    return best


def _check(hand: Hand, situation: Situation, rules: FuzhouRules) -> tuple[int, Optional[str]]:
    """ValueError for what is not a Fuzhou win at all (a meld that is no meld, more
    copies than exist, a win that cannot happen); else the kernel's profile of the
    tiles with the winning tile (:func:`hupai._core.win_profile`) and the reason when
    the rules forbid the win."""
    win_facts(hand, situation, name, FACTS, PAYMENT_SCOPES)
    win = situation.win_tile
    assert win is not None      # checked by win_facts
    profile = _profile(hand, win, rules)
    forbidden = melds_problem(hand.melds) if hand.melds else None
    if situation.after_kong and not any(m.is_kong for m in hand.melds):
        raise ValueError("after_kong (扛上開花): the winner has no kong among his melds")
    if situation.dihu and (situation.self_draw or situation.dealer):
        raise ValueError("地胡 in Fuzhou is another player winning on the dealer's first discard (L73): "
                         "not a self-draw, not the dealer")
    return profile, forbidden


def _profile(hand: Hand, win_tile: int, rules: FuzhouRules) -> int:
    """The kernel's profile of the hand with ``win_tile``; ValueError naming a kind held
    more than four times, counting the melds."""
    profile = _core.win_profile(hand.concealed_bytes, win_tile, hand.meld_bytes, _profile_options(rules))
    if profile < 0:
        hand.check_copies(win_tile)
        raise AssertionError("win_profile refused counts that check_copies accepts")   # pragma: no cover
    return profile


def melds_problem(melds: Sequence[DeclaredMeld]) -> Optional[str]:
    """Why Fuzhou forbids these melds (a chi, L17, L29), or None; ValueError for a meld
    that is no meld at all."""
    forbidden = None
    for m in melds:
        if m.kind == CHI:
            low = min(m.tiles)
            if sorted(m.tiles) != [low, low + 1, low + 2] or low >= HONORS or low // 9 != (low + 2) // 9:
                raise ValueError(f"{m}: a chi is three consecutive tiles of one suit")
            forbidden = forbidden or "吃 is not played in Fuzhou: only 碰 and 扛 (L17, L29)"
        elif len(set(m.tiles)) != 1:
            raise ValueError(f"{m}: a {m.kind} is identical tiles")
    return forbidden


def _win_ledger(value: Amount, self_draw: bool, robbing: bool) -> Ledger:
    """Self-draw: each of the three pays the score; 搶扛: as a self-draw, the konger pays
    all three shares (L55); a discard: the discarder pays (L51)."""
    if robbing:
        return win_ledger(3 * value, False, "搶扛 (L55)")
    return win_ledger(value, self_draw, "自摸 (L51, L61)" if self_draw else "放炮 (L51, L59)")


# ------------------------------------------------------------------ kongs

def kong_ledger(kind: str, konger: str, others: Sequence[str], feeder: Optional[str] = None) -> Ledger:
    """The points of one kong, paid the moment it is made, win or not (L51-53): 暗扛 2
    from each of ``others``, 補扛 1 from each, 明扛 2 from the ``feeder`` alone."""
    if kind not in KONG_POINTS:
        raise ValueError(f"{short(kind)} is not a kong")
    points, why = KONG_POINTS[kind], _KONG_NAMES[kind]
    if kind != MINGGANG:
        return Ledger.of(Transfer(o, konger, points, why) for o in others)
    if feeder is None or feeder == konger:
        raise ValueError("a 明扛 is paid by the player whose discard was konged")
    return Ledger.of([Transfer(feeder, konger, points, why)])


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


# ------------------------------------------------------------------ the end of the wall

def ready(hand: Hand, rules: Optional[FuzhouRules] = None, situation: Optional[Situation] = None) -> SeatReport:
    """The tiles that complete ``hand`` as a self-drawn win, and the best one's score
    per payer.  Fuzhou has no 查叫 (后燒 settles the exhaust), so this is what a seat is
    waiting for; a hand with a chi is never ready."""
    rules = FuzhouRules.coerce(rules)
    check_hand(hand)
    situation = _ready_situation(situation)
    forbidden = melds_problem(hand.melds)
    if forbidden:
        return SeatReport("", False, reason=forbidden)
    own = hand.all_tiles()

    def win_on(t: int):
        if own[t] >= 4:
            return None
        res = score(hand, situation._derive(win_tile=t, self_draw=True), rules)
        return (res.value, [s.pattern for s in res.breakdown]) if res.is_win else None

    return wait_report("", range(34), win_on, PATTERNS)


def _ready_situation(situation: Optional[Situation]) -> Situation:
    return table_facts(situation, name, FACTS, PAYMENT_SCOPES)


def exhaust(table: Mapping[str, Optional[Hand]], rules: Optional[FuzhouRules] = None, *,
            dealer: Optional[str] = None, situation: Optional[Situation] = None) -> ExhaustResult:
    """The end of the wall with no winner is 后燒 (L93): no 查叫; each of the three others
    pays the dealer 1, and the deal passes to the next seat in turn order.  ``table``
    maps the seats A-D to their hands (None: a seat that won)."""
    FuzhouRules.coerce(rules)
    _ready_situation(situation)
    check_table(table)
    check_dealer(dealer)
    if dealer is None:
        raise ValueError("Fuzhou 后燒 needs the dealer's seat (A-D)")
    transfers = [Transfer(s, dealer, 1, "后燒 (L93)") for s in SEATS if s != dealer]
    nxt = SEATS[(SEATS.index(dealer) + 1) % len(SEATS)]
    return ExhaustResult({}, Ledger.of(transfers), UNIT, nxt,
                         event=f"后燒: the wall ran out with no winner; each other seat pays the dealer "
                               f"{dealer} 1 and {nxt} deals next (L93)")


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
    if kind not in ("houshao", "qianshao"):
        raise ValueError(f"unknown 燒莊 kind {short(kind)}; use 'houshao' or 'qianshao'")
    row = PATTERNS[kind]
    breakdown = steps(PATTERNS, [row], FuzhouRules())
    amount = row.amount(FuzhouRules())
    why = f"{row.name_zh} ({row.seed})"
    transfers = (Transfer(s, "D", amount, why) if kind == "houshao" else Transfer("D", s, amount, why)
                 for s in OTHERS)
    return ScoreResult.win(breakdown, UNIT, Ledger.of(transfers))


#: Settlements of the case format beyond a win, by case kind (FORMAT.md §7).
SIDE_SETTLEMENTS = {"houshao": lambda: shao("houshao"), "qianshao": lambda: shao("qianshao")}


# ------------------------------------------------------------------ hands and analysis

def make_hand(concealed, melds: Sequence[DeclaredMeld] = ()) -> Hand:
    """A Fuzhou hand of these tiles (13, a kong counting 3)."""
    return Hand(concealed, tuple(melds))


def analyze(counts, rules: Optional[FuzhouRules] = None, *, visible=None, melds: Sequence[DeclaredMeld] = (),
            situation: Optional[Situation] = None, values: bool = True):
    """The discard analysis under Fuzhou's forms (honour sequences, 七小對, 十三爛) and the
    self-drawn score of each wait of a ready discard (:func:`hupai.analyze_discards`;
    none with ``values`` false)."""
    rules = FuzhouRules.coerce(rules)
    _ready_situation(situation)
    forms = dict(honor_sequences=rules.honor_chow, shisanlan="strict" if rules.shisanlan_strict_147 else True)
    value_of = (lambda hand, t: _self_drawn_value(hand, t, rules)) if check_bool(values, "values") else None
    melds = declared_melds(melds)
    return analysis.plain_region_options(counts, visible, melds, forms, value_of, melds_problem(melds))


def _self_drawn_value(hand: Hand, win_tile: int, rules: FuzhouRules) -> Optional[Amount]:
    """``score(hand, Situation(win_tile, True), rules).value`` of a win, None when it is
    no win: the value of a wait, without the result's ledger (a plain self-draw is in
    no way impossible).  ``hand`` is a Hand the caller made; its tiles and melds are
    checked as :func:`score` checks them."""
    profile = _profile(hand, win_tile, rules)
    if melds_problem(hand.melds):
        return None
    best = _best(unpack(profile), _peng_fours(hand, win_tile) if hand.melds else 0, False, False, False, False,
                 rules, PATTERNS)
    return None if best is None else evaluate(best.breakdown)


# the round flow the table engine asks of this region (rules/flows/fuzhou.py)
from .flows.fuzhou import FLOW  # noqa: E402  (the flow reads this module)
