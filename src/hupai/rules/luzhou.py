"""Luzhou ghost mahjong 瀘州鬼麻將 (seed 000).

108 suited tiles plus 紅中 ghosts that stand for any suited tile; no 吃; 缺一門; blood
battle (play goes on after a win; self-draws are paid by the players still in).
Every listed value is a self-draw value in 顆; a discard pays half (L29, L75).
Line numbers ``L<n>`` cite the seed.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Iterable, Mapping, NamedTuple, Optional, Sequence

import numpy as np

from .. import _core, analysis, tiles
from ..tiles import RED
from .breakdown import Step, evaluate
from .fifth import readings_beyond_four
from .flags import RegionFlags
from .ledger import Ledger, Transfer
from .model import BUGANG, CHI, MINGGANG, PENG, DeclaredMeld, Hand, ReadOnlyDict, check_bool, check_count, check_dealer, \
    check_hand, check_table, declared_melds, from_fields
from .patterns import FromFlag, Pattern, PatternTable, apply_exclusions, preference, steps
from .profile import unpack
from .result import ExhaustResult, ScoreResult, SeatReport
from .settlement import chajiao_ledger, grouped_wait_report, win_ledger
from .situation import PLAIN_SELF_DRAW, Situation, table_facts, win_facts

__all__ = ["FLOW", "name", "TITLE", "FACTS", "LuzhouRules", "Rules", "score", "ready", "exhaust", "analyze", "make_hand",
           "wait_values", "is_huazhu", "xiqian_settlement", "xiqian_collected", "melds_problem", "PATTERNS", "GHOST", "UNIT",
           "SIDE_SETTLEMENTS"]

name = "luzhou"
TITLE = "Luzhou ghost mahjong 瀘州鬼麻將"
#: The settlements ``payment_scope`` may ask for: the hand only.
PAYMENT_SCOPES = ("hand",)
#: The situation facts Luzhou reads.
FACTS = frozenset({"after_kong", "kong_discard", "robbing_kong", "declared_ready", "tianhu", "dihu", "dealer",
                   "ghosts_drawn", "guoshui_passed_value"})
GHOST = RED          # 紅中 (L5, L19)
UNIT = "顆"


@dataclass(frozen=True)
class LuzhouRules(RegionFlags):
    """Flags of the Luzhou digest (§9), with their defaults."""

    PREFIX = "luzhou_"
    CHOICES = {
        "ghost_count": (4, 8), "wugui_doublings": (1, 2), "pinghu_gsp_value": (5, 10),
        "discard_half_rounding": ("floor", "half_up"), "cap": (40, 100, None),
        "cap_order": ("cap_then_halve", "halve_then_cap"),
        "xiqian_mode": ("mode1_linear", "mode1_doubling", "mode2"),
        "baopai_named_definition": ("any_doubling", "shape_only"),
        "chajiao_basis": ("self_draw_table_max", "discard_half"), "tiegui_min_naturals": (0, 1),
        # the round flow (rules/flows/luzhou.py), luzhou-flow §12
        "flow_first_dealer": ("param", "random"), "flow_deal_order": ("4-4-4-jump", "one_by_one"),
        "flow_kong_empty_wall": ("forbid", "no_replacement"),
        "flow_replacement_source": ("tail", "front"), "flow_last_discard_claims": ("win_only", "any"),
        "flow_after_peng": ("discard_only", "kong_allowed"),
        "flow_next_after_win": ("after_last_winner", "after_discarder"), "flow_multirob": ("all", "first_only"),
        "flow_winner_hand": ("revealed", "hidden"), "flow_angang_reveal": ("hidden", "kind"),
        "flow_baopai_lock": ("draw_discard", "none"), "flow_dihu_interrupt": ("any_meld", "none"),
        "flow_xiqian_count": ("dealt_and_drawn", "held_at_end"),
        "flow_kong_timing": ("any_time", "at_once"),
    }
    __hash__ = RegionFlags.__hash__

    ghost_count: int = 4                     # C1 luzhou_ghost_count: 4 or 8 紅中 (L19, L65-67)
    wugui_doublings: int = 2                 # C2 無鬼 counts as 2 doublings (×4) or 1 (L103-117)
    pinghu_gsp_value: int = 5                # C3 plain 平胡 杠上炮/搶杠胡: 5 (L81) or 10 (L117)
    gangshangpao_halved: bool = False        # C4 杠上炮 halved like a discard (L75 vs L81)
    qianggang_halved: bool = False           # C5 搶杠胡 halved (L117, L139)
    discard_half_rounding: str = "floor"     # C6 "floor" (L79: 5 → 2) or "half_up"
    pinghu_discard_allowed: bool = False     # C7 a 1顆 discard win is legal (L29 vs L75)
    cap: Optional[int] = 40                  # C8 40 (L119), 100 (L145) or None
    cap_order: str = "cap_then_halve"        # C9 or "halve_then_cap"
    xiqian_mode: str = "mode1_linear"        # C11 喜錢: "mode1_linear", "mode1_doubling", "mode2" (L129)
    baopai_named_definition: str = "any_doubling"  # C12 or "shape_only" (L125, L29)
    baopai_halved_on_discard: bool = True    # C13 (L125 "均為自摸情況下")
    chajiao_basis: str = "self_draw_table_max"  # C14 or "discard_half" (L141)
    allow_chi: bool = False                  # C15 (L13: Sichuan rules, no 吃)
    tiegui_min_naturals: int = 1             # C16 naturals from the hand in a 貼鬼碰 (L27)
    ghost_as_fifth_copy: bool = False        # C10 a ghost may be a fifth copy
    # the round flow: read only by the table engine's flow, never by score
    flow_first_dealer: str = "param"          # L9, L11: a 紅中 lot or the dice: the caller's seat, else 0
    flow_deal_order: str = "4-4-4-jump"       # L65-67 give sizes only: the usual deal
    flow_kong_empty_wall: str = "forbid"      # L45, L47: every kong draws its replacement
    flow_replacement_source: str = "tail"    # L45 "摸起來" (silent): replacements from the tail
    flow_last_discard_claims: str = "win_only"   # L33: the last discard may only be won
    flow_after_peng: str = "discard_only"    # L41: a kong follows a draw, not a 碰
    flow_next_after_win: str = "after_last_winner"   # L5 (silent): play resumes after the winner
    flow_multirob: str = "all"               # L43, L135: every robber wins
    flow_winner_hand: str = "revealed"       # L29: a declared win is shown
    flow_angang_reveal: str = "hidden"       # L37 (silent): a 內杠's tiles stay hidden
    flow_baopai_lock: str = "draw_discard"   # L125: a 報牌 hand only draws and discards
    flow_dihu_interrupt: str = "any_meld"    # L115, C17: any earlier 碰 / 杠 voids 地胡
    flow_chajiao_after_last_win: bool = True  # L141 "所有牌摸完": 查叫 also after the last tile is won
    flow_xiqian_count: str = "dealt_and_drawn"   # L129 "摸到了五個鬼牌": every ghost received counts
    flow_kong_timing: str = "any_time"       # L41, L43: a 補杠 / 內杠 on any later own turn

    def __post_init__(self) -> None:
        self._check_choices()


Rules = LuzhouRules  # the name every region module exports

# ------------------------------------------------------------------ patterns

PINGHU, DUIDUI, QIDUI = "pinghu", "duidui", "qidui"

# Each family of hand types is a series by 閨 (G): its rows hold the seed's self-draw
# values (L77-L101, L121), so a plain 平胡 goes 2 → 5 → 10 → 20 (L77, L79)
_FAMILIES = {
    (PINGHU, False): (("平胡", "Plain hand", 2), ("閨自摸", "Plain hand with a quad", 5),
                      ("雙閨自摸", "Plain hand with two quads", 10), ("三閨自摸", "Plain hand with three quads", 20),
                      ("四閨自摸", "Plain hand with four quads", 40)),
    (PINGHU, True): (("清一色", "Full flush", 10), ("清閨", "Full flush with a quad", 20),
                     ("清雙閨", "Full flush with two quads", 40), ("清三閨", "Full flush with three quads", 80),
                     ("清四閨", "Full flush with four quads", 160)),
    (DUIDUI, False): (("大對子", "All triplets", 10), ("閨對", "All triplets with a quad", 20),
                      ("雙閨對", "All triplets with two quads", 40), ("三閨對", "All triplets with three quads", 80),
                      ("四閨對", "All triplets with four quads", 160)),
    (DUIDUI, True): (("清對", "Full flush all triplets", 40), ("清閨對", "Full flush all triplets with a quad", 80),
                     ("清雙閨對", "Full flush all triplets with two quads", 160),
                     ("清三閨對", "Full flush all triplets with three quads", 320),
                     ("清四閨對", "Full flush all triplets with four quads", 640)),
    (QIDUI, False): (("七對", "Seven pairs", 10), ("龍七對", "Dragon seven pairs", 20),
                     ("雙龍七對", "Seven pairs with two dragons", 40), ("三龍七對", "Seven pairs with three dragons", 80)),
    (QIDUI, True): (("清七對", "Full flush seven pairs", 40), ("清龍七對", "Full flush dragon seven pairs", 80),
                    ("清雙龍七對", "Full flush seven pairs with two dragons", 160),
                    ("清三龍七對", "Full flush seven pairs with three dragons", 320)),
}
_SOURCES = {PINGHU: "L77, L79, L89, L95, L101, L121", DUIDUI: "L85, L91, L99, L121",
            QIDUI: "L87, L93, L97, L121"}


def _family_id(shape: str, qing: bool, g: int) -> str:
    return f"{shape}{'_qing' if qing else ''}_g{g}"


class Facts(NamedTuple):
    """One reading of a winning hand and the win's facts, as the rows see them."""

    shape: str
    qing: bool                 # one suit (L89)
    quads: int                 # G: kinds with four tiles in the final hand (L31)
    wugui: bool                # no 紅中 anywhere (L117)
    shoubayi: bool             # four melds and a single tile (L127)
    self_draw: bool
    after_kong: bool
    kong_discard: bool
    robbing_kong: bool
    declared_ready: bool
    tianhu: bool
    dihu: bool


_TOP = {family: len(rows) - 1 for family, rows in _FAMILIES.items()}


def _hand_type_key(f: Facts) -> tuple:
    return (f.shape, f.qing, min(f.quads, _TOP[f.shape, f.qing]))


def _hand_type_rows() -> list[Pattern]:
    return [Pattern(_family_id(shape, qing, g), zh, en, _SOURCES[shape], value, "set", key=(shape, qing, g))
            for (shape, qing), rows in _FAMILIES.items() for g, (zh, en, value) in enumerate(rows)]


HAND_TYPES = _hand_type_rows()
_DOUBLINGS = [
    Pattern("gangshanghua", "杠上花", "Win on a kong replacement", "L45, L83, L117", 1, "double",
            lambda f: f.after_kong and f.self_draw),
    Pattern("gangshangpao", "杠上炮", "Win on a konger's discard", "L47, L81", 1, "double", lambda f: f.kong_discard),
    Pattern("qiangganghu", "搶杠胡", "Robbing a kong", "L43, L117", 1, "double", lambda f: f.robbing_kong),
    Pattern("shoubayi", "手把一", "One tile in hand", "L127", 1, "double", lambda f: f.shoubayi),
    Pattern("wugui", "無鬼", "No ghosts", "L103, L109-117 (luzhou_wugui_doublings)", FromFlag("wugui_doublings"),
            "double", lambda f: f.wugui),
]
_VARIABLE = frozenset(p.id for p in HAND_TYPES + _DOUBLINGS)
_FIXED = [
    Pattern("tianhu", "天胡", "Heavenly hand", "L115", 40, "set", lambda f: f.tianhu,
            excludes=_VARIABLE | {"dihu", "baopai", "baopai_named"}),
    Pattern("dihu", "地胡", "Earthly hand", "L115 (C17)", 40, "set", lambda f: f.dihu,
            excludes=_VARIABLE | {"baopai", "baopai_named"}),
    Pattern("baopai", "報牌", "Declared ready, plain hand", "L125", 10, "set", excludes=_VARIABLE),
    Pattern("baopai_named", "報牌", "Declared ready, hand with a named pattern", "L125", 40, "set", excludes=_VARIABLE),
]
_PAYMENT = [
    Pattern("cap40", "40顆封頂", "Capped at 40", "L119", 40, "cap"),
    Pattern("cap100", "100顆封頂", "Capped at 100", "L145", 100, "cap"),
    Pattern("discard_half", "點炮折半", "A discard pays half", "L75, L79", 0,
            FromFlag("discard_half_rounding", {"floor": "half_down", "half_up": "half_up"}), listed=False),
    Pattern("xiqian", "喜錢", "Ghost money", "L129", 10, "add"),
]
#: Every Luzhou pattern, in the order names are listed.
PATTERNS = PatternTable(HAND_TYPES + _DOUBLINGS + _FIXED + _PAYMENT, key_of=_hand_type_key, combine="double")
_FIXED_IDS = frozenset(p.id for p in _FIXED)
_PAYMENT_IDS = frozenset(p.id for p in _PAYMENT)


class Valued(NamedTuple):
    """One reading valued: its breakdown to what each payer pays (before 喜錢)."""

    breakdown: tuple[Step, ...]
    uncapped: int              # V, the self-draw value (digest §5.3)
    capped: int
    paid: int
    preference: tuple


@functools.lru_cache(maxsize=8192)
def _valuation(f: Facts, rules: LuzhouRules, table: PatternTable) -> Valued:
    """The value of one reading: a pure function of its facts, cached because the same
    few readings recur in every game."""
    rows = [table.rows[i] for i in table.matching(f)]
    hand = _hand_steps(rows, f, rules, table)
    uncapped = int(evaluate(hand))
    paying = hand + tuple(_payment_steps(uncapped, hand[0].pattern.id in _FIXED_IDS, f, rules, table))
    limit = _cap_row(rules, table)
    capped = uncapped if limit is None else min(uncapped, int(limit.amount(rules)))
    return Valued(paying, uncapped, capped, int(evaluate(paying)),
                  preference(table, (s.pattern.id for s in hand)))


def _hand_steps(rows: list[Pattern], f: Facts, rules: LuzhouRules, table: PatternTable) -> tuple[Step, ...]:
    """V (digest §5.3): a fixed hand (天胡, 地胡, 報牌) replaces everything; otherwise the
    hand type's value, then each doubling (杠上花, 杠上炮, 搶杠胡, 手把一, 無鬼) walks up
    its family's series (beyond the last row, each doubles)."""
    doublings = [r for r in rows if r.id not in _FIXED_IDS and r.key is None]
    g = min(f.quads, _TOP[f.shape, f.qing])
    d = f.quads + sum(int(r.amount(rules)) for r in doublings)    # D of §5.3
    if f.declared_ready:       # 報牌's 名堂 test reads D (C12)
        rows = rows + [table["baopai" if _plain(f, d, rules) else "baopai_named"]]
    hits = apply_exclusions(rows)
    fixed = [r for r in hits if r.id in _FIXED_IDS]
    if fixed:
        return tuple(steps(table, fixed[:1], rules))
    out = steps(table, [next(r for r in hits if r.key is not None)], rules)
    for row in doublings:
        k = int(row.amount(rules))
        before, after = _series(f, g, table), _series(f, g + k, table)
        if d == 1 and f.shape == PINGHU and not f.qing and rules.pinghu_gsp_value == 10 \
                and row.id in ("gangshangpao", "qiangganghu"):
            after = 10      # C3: "普通平胡的…杠上炮、搶杠胡…均計10顆" (L117)
        out.append(Step(row, "double", k) if after == before * 2 ** k else Step(row, "set", after))
        g += k
    return tuple(out)


def _series(f: Facts, g: int, table: PatternTable) -> int:
    """The value of the hand type ``g`` steps up its family (L79 "每多一個閨…多翻一番")."""
    top = _TOP[f.shape, f.qing]
    value = table[_family_id(f.shape, f.qing, min(g, top))].value
    return int(value * 2 ** max(0, g - top))


def _plain(f: Facts, d: int, rules: LuzhouRules) -> bool:
    """A plain, ghost-holding 平胡 (no 名堂) for 報牌 (C12): no doubling at all (``D`` 0)."""
    if rules.baopai_named_definition == "shape_only":
        return f.shape == PINGHU and not f.qing
    return f.shape == PINGHU and not f.qing and d == 0


def _payment_steps(uncapped: int, fixed: bool, f: Facts, rules: LuzhouRules,
                   table: PatternTable) -> list[Step]:
    """The cap (L119, L145; never binding on a fixed hand) and, on an ordinary discard,
    the half (L75, L79) in the order ``cap_order`` says (C9); 杠上炮 and 搶杠胡 are paid
    by the konger, not halved (C4, C5), 報牌 per C13."""
    half = steps(table, [table["discard_half"]], rules) if _halved(f, rules) else []
    limit = _cap_row(rules, table)
    over = limit is not None and not fixed and uncapped > limit.amount(rules)   # listed: FORMAT.md §9.1
    cap = steps(table, [limit], rules) if limit is not None and over else []
    return half + cap if rules.cap_order == "halve_then_cap" else cap + half


def _cap_row(rules: LuzhouRules, table: PatternTable) -> Optional[Pattern]:
    """The cap row ``cap`` chooses (C8): 40 (L119), 100 (L145) or none."""
    return None if rules.cap is None else table["cap40" if rules.cap == 40 else "cap100"]


def _halved(f: Facts, rules: LuzhouRules) -> bool:
    if f.self_draw:
        return False
    if f.declared_ready and not rules.baopai_halved_on_discard:
        return False
    return (not f.kong_discard and not f.robbing_kong) or (f.kong_discard and rules.gangshangpao_halved) \
        or (f.robbing_kong and rules.qianggang_halved)


# ------------------------------------------------------------------ the hand

class _MeldReading(NamedTuple):
    """A declared meld as Luzhou reads it."""

    kinds: tuple[int, ...]     # the kinds it stands for, its ghosts resolved (L27, L43)
    forbidden: Optional[str]   # why Luzhou's rules do not allow it (a result, not an error)
    sequence: bool             # a chi (only with luzhou_allow_chi)


@functools.lru_cache(maxsize=4096)
def _meld_reading(meld: DeclaredMeld, rules: LuzhouRules) -> _MeldReading:
    """Read a declared meld: ValueError when it is not a meld at all (a "peng" of
    different tiles, a "chi" that is no sequence, an honour tile Luzhou does not have);
    a reason in ``forbidden`` when it is a meld Luzhou's rules do not allow."""
    naturals = sorted(t for t in meld.tiles if t != GHOST)
    ghosts = len(meld.tiles) - len(naturals)
    if any(t >= 27 for t in naturals):
        raise ValueError(f"{meld}: Luzhou has no honour tiles besides the 紅中 ghosts")
    if meld.kind == CHI:
        return _chi_reading(meld, naturals, ghosts, rules)
    if len(set(naturals)) > 1:
        raise ValueError(f"{meld}: a {meld.kind} needs identical tiles (ghosts may stand in)")
    if not naturals:
        return _MeldReading((), "a meld of 紅中 only: a discarded 紅中 is dead and cannot be "
                                "claimed, and the ghosts stand for suited tiles (L19, L27)", False)
    kinds = (naturals[0],) * len(meld.tiles)
    claimed = meld.kind in (PENG, MINGGANG, BUGANG)
    need = 1 + rules.tiegui_min_naturals if claimed else 1
    if len(naturals) < need:
        return _MeldReading(kinds, f"{meld}: a 貼鬼碰 needs at least {need} natural tile(s) "
                                   f"(luzhou_tiegui_min_naturals = {rules.tiegui_min_naturals}, L27)",
                            False)
    return _MeldReading(kinds, None, False)


def _chi_reading(meld: DeclaredMeld, naturals: list, ghosts: int, rules: LuzhouRules) -> _MeldReading:
    """A chi: forbidden unless ``luzhou_allow_chi`` (L13); a ghost fills the lowest
    sequence that fits."""
    if ghosts > 1 or len(naturals) < 2:
        raise ValueError(f"{meld}: a chi needs the claimed tile and one of the hand's own")
    suit = naturals[0] // 9
    for start in range(suit * 9, suit * 9 + 7):
        rest = [start, start + 1, start + 2]
        try:
            for t in naturals:
                rest.remove(t)
        except ValueError:
            continue
        if len(rest) == ghosts:
            forbidden = None if rules.allow_chi else \
                "吃 is not played in Luzhou (luzhou_allow_chi is false; Sichuan rules, L13)"
            return _MeldReading((start, start + 1, start + 2), forbidden, True)
    raise ValueError(f"{meld}: not a sequence")


class _Prepared(NamedTuple):
    counts: bytes            # natural concealed tiles after the win (ghosts removed), for the kernel
    jokers: int              # ghosts in the concealed hand after the win
    base: bytes              # natural concealed tiles plus the melds' kinds (ghosts resolved)
    extra: bytes             # the melds' kinds (ghosts resolved), at most four with the concealed tiles
    ghosts_total: int        # ghosts anywhere (for 無鬼)
    suits: frozenset         # suits of the natural tiles, melds included
    melds: int
    fifth_copy: bool = False  # a ghost may be a fifth copy (C10 alternative)
    forbidden: Optional[str] = None   # why a meld is not allowed under Luzhou rules
    sequences: bool = False  # some meld is a chi (luzhou_allow_chi)


#: A :class:`_Prepared` of a tuple of all its fields (one a score and one a seat of every 查叫).
_new_prepared = from_fields(_Prepared)
_NO_EXTRA = bytes(34)
_SUIT_SETS = {(a, b, c): frozenset(g for g, on in enumerate((a, b, c)) if on)
              for a in (False, True) for b in (False, True) for c in (False, True)}
# kinds that ghost-only sets may take: the hand's own suits (any suit if it has none)
_FREE_KINDS = {suits: tuple(t for g in (sorted(suits) or [0]) for t in range(9 * g, 9 * g + 9))
               for suits in _SUIT_SETS.values()}
#: The same kinds as a mask (bit t: kind t), as the kernel reads them without a loop.
_FREE_MASKS = {suits: sum(1 << t for t in kinds) for suits, kinds in _FREE_KINDS.items()}


class _WaitSuits(NamedTuple):
    """What a wait in each suit g makes of a hand whose natural tiles are of ``suits``."""

    keeps_void: tuple[bool, ...]           # a tile of suit g keeps 缺一門 (L13, L35)
    free: tuple[int, ...]                  # the kinds ghost-only sets may take, a mask (group 3: none)
    qing: tuple[bool, ...]                 # the hand is then of one suit (L89)
    kinds: tuple[int, ...]                 # the suited kinds that keep 缺一門: the waits to try


_WAIT_SUITS = {suits: _WaitSuits(tuple(len(suits | {g}) <= 2 for g in range(3)),
                                 tuple(_FREE_MASKS[suits | {g}] for g in range(3)) + (0,),
                                 tuple(len(suits | {g}) <= 1 for g in range(3)),
                                 tuple(t for t in range(27) if len(suits | {t // 9}) <= 2))
               for suits in _SUIT_SETS.values()}


class _MeldTiles(NamedTuple):
    """What a hand's declared melds add to its concealed tiles."""

    extra: bytes             # the kinds the melds stand for (ghosts resolved), at most four with the concealed tiles
    ghosts: int              # ghosts inside the melds
    forbidden: Optional[str]
    sequences: bool          # some meld is a chi


def _add_melds(melds: tuple[DeclaredMeld, ...], rules: LuzhouRules, concealed: bytearray,
               naturals: bytearray) -> _MeldTiles:
    """Add the melds' kinds to ``concealed`` (the ghosts they hold resolved) and their
    tiles as held to ``naturals``.  (A cache keyed on the melds was tried: a seat's melds
    are new at nearly every exhaust, 11% hits over random rounds, and it cost more than
    it spared.)"""
    before = bytes(concealed)
    extra = bytearray(34)       # other kinds: the melds add nothing
    kinds: list[int] = []
    ghosts, forbidden, sequences = 0, None, False
    for m in melds:
        reading = _meld_reading(m, rules)
        forbidden = forbidden or reading.forbidden
        sequences = sequences or reading.sequence
        for t in reading.kinds:
            if not extra[t]:
                kinds.append(t)
            extra[t] += 1
            concealed[t] += 1
        for t in m.tiles:
            naturals[t] += 1
        ghosts += m.tiles.count(GHOST)
    # A meld's ghost is the kind it stands for for the rest of the round, so a kind may
    # reach five once the hand holds the four natural copies beside it; the kernel reads
    # the concealed part against at most four (a kind of four or more is one 閨), so a
    # concealed ghost can never be a fifth copy.
    for t in kinds:
        extra[t] = min(extra[t], 4 - before[t])
    return _MeldTiles(bytes(extra), ghosts, forbidden, sequences)


def _check_tile_set(naturals: Sequence[int], win_tile: Optional[int], rules: LuzhouRules) -> None:
    """ValueError for tiles Luzhou's set does not hold: other honours, a fifth copy, more
    ghosts than ``luzhou_ghost_count``."""
    if any(naturals[27:33]):
        raise ValueError("Luzhou has no honour tiles besides the 紅中 ghosts (7z)")
    where = " and the winning tile" if win_tile is not None else ""
    if max(naturals[:27]) > 4:
        t = max(range(27), key=naturals.__getitem__)
        raise ValueError(f"{naturals[t]} copies of {tiles.tile_name(t)} counting the melds{where}; "
                         "only 4 exist")
    if naturals[GHOST] > rules.ghost_count:
        raise ValueError(f"{naturals[GHOST]} copies of 紅中 counting the melds{where}; only "
                         f"{rules.ghost_count} exist (luzhou_ghost_count)")


_AT_MOST_FOUR = bytes(range(5))
_NO_SUIT = bytes(9)
_NO_HONOURS = bytes(6)


def _prepare(hand: Hand, win_tile: Optional[int], rules: LuzhouRules) -> _Prepared:
    """Validate the hand for Luzhou and split it into what the search needs."""
    if hand.melds:
        return _prepare_with_melds(hand, win_tile, rules)
    # most hands, on every score and 查叫: the counts as bytes, tested by bytes' own loops
    naturals = hand.concealed_bytes
    if win_tile is not None:
        added = bytearray(naturals)
        added[win_tile] += 1
        naturals = bytes(added)
    jokers = naturals[GHOST]
    if naturals[:27].translate(None, _AT_MOST_FOUR) or naturals[27:33] != _NO_HONOURS \
            or jokers > rules.ghost_count:
        _check_tile_set(naturals, win_tile, rules)
    counts = naturals[:GHOST] + b"\0" + naturals[GHOST + 1:] if jokers else naturals    # the ghosts removed
    suits = _SUIT_SETS[naturals[0:9] != _NO_SUIT, naturals[9:18] != _NO_SUIT, naturals[18:27] != _NO_SUIT]
    return _new_prepared((counts, jokers, counts, _NO_EXTRA, jokers, suits, 0, rules.ghost_as_fifth_copy,
                          None, False))


def _prepare_with_melds(hand: Hand, win_tile: Optional[int], rules: LuzhouRules) -> _Prepared:
    naturals = bytearray(hand.concealed_bytes)     # every tile as held, the melds' added below
    if win_tile is not None:
        naturals[win_tile] += 1
    jokers = naturals[GHOST]
    concealed = bytearray(naturals)
    concealed[GHOST] = 0                                # the ghosts removed
    counts = bytes(concealed)
    melds = _add_melds(hand.melds, rules, concealed, naturals)
    if naturals[:27].translate(None, _AT_MOST_FOUR) or naturals[27:33] != _NO_HONOURS \
            or naturals[GHOST] > rules.ghost_count:
        _check_tile_set(naturals, win_tile, rules)      # a fifth copy first: counts stay 0-4
    suits = _SUIT_SETS[naturals[0:9] != _NO_SUIT, naturals[9:18] != _NO_SUIT, naturals[18:27] != _NO_SUIT]
    return _new_prepared((counts, jokers, bytes(concealed), melds.extra, jokers + melds.ghosts,
                          suits, len(hand.melds), rules.ghost_as_fifth_copy, melds.forbidden, melds.sequences))


def _candidates(p: _Prepared, counts, suits: frozenset) -> tuple[tuple[str, bool, int], ...]:
    """(shape, 清, G) of the readings worth valuing: for each shape, the reading with
    the most 閨 (the value grows with G), ghosts never a fifth copy counting the melds
    (C10), ghost-only sets placed in the hand's own suits to make the most 閨.

    A ghost standing in a set with a natural tile takes that tile's suit, so the
    ghosts never add a suit: 缺一門 and 清 follow from the natural tiles alone."""
    seven = p.melds == 0   # 七對 is fully concealed (L87)
    if p.fifth_copy:
        most = [-1, -1, -1]    # most 閨 of the seven-pairs, triplets-only and other readings
        for form, triplets_only, _pair, quads, _fm, _fp in _loose_summaries(p, counts, suits, seven):
            slot = 0 if form == "seven_pairs" else 1 if triplets_only else 2
            most[slot] = max(most[slot], quads)
        seven_q, triplets_q, other_q = most
    else:
        seven_q, triplets_q, other_q = _core.reading_quads(counts, p.jokers, p.extra, _FREE_MASKS[suits],
                                                           seven_pairs=seven)
    return _shapes(seven_q, triplets_q, other_q, len(suits) <= 1, p.sequences)


def _shapes(seven: int, triplets: int, other: int, qing: bool, sequences: bool) -> tuple[tuple[str, bool, int], ...]:
    """(shape, 清, G) of each shape some reading makes, from the most 閨 of the
    seven-pairs, the triplets-only and the other standard readings (-1: none): a
    triplets-only reading is 大對子 unless a chi meld is a sequence (L85).  In the
    pattern table's order (平胡, 大對子, 七對): a tie keeps the first, and readings tie
    only in a fixed hand (天胡, 地胡, 報牌 pay the same whatever the shape)."""
    out = []
    pinghu = max(triplets, other) if sequences else other
    if pinghu >= 0:
        out.append((PINGHU, qing, pinghu))
    if triplets >= 0 and not sequences:
        out.append((DUIDUI, qing, triplets))
    if seven >= 0:
        out.append((QIDUI, qing, seven))
    return tuple(out)


def _loose_summaries(p: _Prepared, counts, suits: frozenset, seven: bool):
    """Reading summaries when a ghost may be a fifth copy (C10 alternative): no cap at
    four, and a 閨 is any kind with four or more tiles in the final hand."""
    base = [c + e for c, e in zip(bytes(counts), p.extra)]
    kinds = _FREE_KINDS[suits]
    out = []
    for r in readings_beyond_four(list(bytes(counts)), p.jokers, seven):
        final = list(base)
        for t in r.standins:
            final[t] += 1
        variants = [r.triplets_only] + ([False] if r.triplets_only and r.free_melds else [])
        for triplets in variants:
            quads = _best_quads(final, r.free_melds, r.free_pairs, kinds, triplets)
            out.append((r.form, triplets, r.pair, quads, r.free_melds, r.free_pairs))
    return out


def _best_quads(final: list, melds: int, pairs: int, kinds, triplets_only: bool) -> int:
    """Most kinds with four or more tiles after placing ghost-only sets (no cap)."""
    if not melds and not pairs:
        return sum(1 for x in final if x >= 4)
    best = -1
    options = [(t, t, t) for t in kinds] + ([] if triplets_only or not melds else
                                            [(t, t + 1, t + 2) for t in kinds
                                             if t % 9 <= 6 and t + 2 in kinds])
    if melds:
        for opt in options:
            for t in opt:
                final[t] += 1
            best = max(best, _best_quads(final, melds - 1, pairs, kinds, triplets_only))
            for t in opt:
                final[t] -= 1
        return best
    for t in kinds:
        final[t] += 2
        best = max(best, _best_quads(final, 0, pairs - 1, kinds, triplets_only))
        final[t] -= 2
    return best


def _xiqian(ghosts_drawn: int, rules: LuzhouRules, table: PatternTable) -> list[Step]:
    """喜錢 (L129): five or more ghosts drawn in the 8-ghost game, outside the cap: 10
    for five and 10 more per further ghost (``mode1_linear``; ``mode2`` pays a winner the
    same), or doubling per further ghost (``mode1_doubling``)."""
    if rules.ghost_count != 8 or ghosts_drawn < 5:
        return []
    row = table["xiqian"]
    base = int(row.amount(rules))
    amount = base * 2 ** (ghosts_drawn - 5) if rules.xiqian_mode == "mode1_doubling" else base * (ghosts_drawn - 4)
    return [Step(row, "add", amount)]


class _Best(NamedTuple):
    valued: Valued
    shape: str
    quads: int


def _best(p: _Prepared, s: Situation, rules: LuzhouRules, counts=None,
          suits: Optional[frozenset] = None) -> Optional[_Best]:
    """The reading that pays most (ties: the higher uncapped value, then the shared
    :func:`~hupai.rules.patterns.preference`); ``counts`` and ``suits`` replace the
    prepared hand's (a wait added)."""
    shapes = _candidates(p, p.counts if counts is None else counts, p.suits if suits is None else suits)
    return _best_of(shapes, p.ghosts_total == 0, p.melds == 4, _win_flags(s), rules, PATTERNS)


def _win_flags(s: Situation) -> Facts:
    """The situation's side of :class:`Facts`, the reading's fields blank: a cache key,
    completed for each reading with ``_replace``."""
    if not s._given:        # nothing given beyond the win: every flag at its default
        return _PLAIN_FLAGS[s.self_draw]
    return _given_flags(s)


def _given_flags(s: Situation) -> Facts:
    """:func:`_win_flags` read fact by fact."""
    return _new_facts(("", False, 0, False, False, s.self_draw, s.after_kong, s.kong_discard, s.robbing_kong,
                       s.declared_ready, s.tianhu, s.dihu))


#: A :class:`Facts` of a tuple of all its fields (one a score).
_new_facts = from_fields(Facts)
#: :func:`_win_flags` of a situation that gives nothing beyond its win, by ``self_draw``.
_PLAIN_FLAGS = (_given_flags(Situation(self_draw=False)), _given_flags(Situation(self_draw=True)))


_PLAIN_SELF_DRAW_FLAGS = _win_flags(PLAIN_SELF_DRAW)


@functools.lru_cache(maxsize=8192)
def _best_of(shapes: tuple[tuple[str, bool, int], ...], wugui: bool, shoubayi: bool, flags: Facts,
             rules: LuzhouRules, table: PatternTable) -> Optional[_Best]:
    """The best of the readings ``shapes`` of a hand (no 紅中 anywhere: ``wugui``; four
    melds: ``shoubayi``, L127) in a situation of ``flags`` (:func:`_win_flags`): a pure
    function of these few facts, cached as :func:`_valuation` is."""
    best: Optional[_Best] = None
    best_key: tuple = ()
    for shape, qing, quads in shapes:
        v = _valuation(flags._replace(shape=shape, qing=qing, quads=quads, wugui=wugui, shoubayi=shoubayi),
                       rules, table)
        key = (v.paid, v.uncapped, v.preference)
        if best is None or key > best_key:
            best, best_key = _Best(v, shape, quads), key
    return best


def _waits_best(p0: _Prepared, candidates: Optional[Iterable[int]], rules: LuzhouRules,
                held_four: bool = True) -> list[tuple[tuple[int, ...], _Best]]:
    """The candidate kinds (None: every suited kind) that complete the prepared 13 tiles
    as a self-drawn win with no situational flag, keeping 缺一門 (L13, L35), grouped by
    their best reading: ``(kinds, best)`` in the order of their first kind.  A kind the
    hand holds four of, melds included, completes nothing (with ghosts as fifth copies,
    only when ``held_four``)."""
    wugui, shoubayi = p0.ghosts_total == 0, p0.melds == 4
    out: list[tuple[tuple[int, ...], _Best]] = []
    if rules.ghost_as_fifth_copy:       # readings beyond the core's four copies
        counts = bytearray(p0.counts)
        for t in range(27) if candidates is None else candidates:
            suits = p0.suits | {t // 9}
            if t >= 27 or held_four and p0.base[t] >= 4 or len(suits) > 2:
                continue
            counts[t] += 1
            best = _best(p0, PLAIN_SELF_DRAW, rules, counts, suits)
            counts[t] -= 1
            if best is not None:
                out.append(((t,), best))
        return out
    keeps_void, free, qing, kinds = _WAIT_SUITS[p0.suits]
    if candidates is not None:
        kinds = tuple(t for t in candidates if t < 27 and keeps_void[t // 9])
    # one kernel call: it skips the kinds held four times (melds too: p0.extra) and those
    # that complete nothing, and groups the waits that read alike, each valued once
    for seven, triplets, other, group, tiles in _core.wait_quads(p0.counts, p0.jokers, p0.extra, kinds, free,
                                                                 seven_pairs=p0.melds == 0):
        best = _best_of(_shapes(seven, triplets, other, qing[group], p0.sequences), wugui, shoubayi,
                        _PLAIN_SELF_DRAW_FLAGS, rules, PATTERNS)
        if best is not None:
            out.append((tiles, best))
    return out


def score(hand: Hand, situation: Situation, rules: Optional[LuzhouRules] = None) -> ScoreResult:
    """Score the win of ``hand`` (13 tiles before the winning tile) in ``situation``.

    The best ghost assignment and arrangement is the one that pays most (ties: the
    higher uncapped value), FORMAT.md §4.5.  Seats: W the winner, A the discarder /
    robbed konger (or any other player on a self-draw), B and C the others; a self-draw
    is paid by A, B and C (nobody has won yet in a single-win evaluation, L137).
    ``value`` is what each payer pays, 喜錢 included."""
    rules = LuzhouRules.coerce(rules)
    _check(hand, situation, rules)
    win = situation.win_tile
    assert win is not None      # checked by win_facts
    if win == GHOST and not situation.self_draw:
        return ScoreResult.no_win("a discarded 紅中 is dead: nobody may win on it (L19)", UNIT)
    if not hand.melds and not rules.ghost_as_fifth_copy:
        profile = _concealed_profile(hand.concealed_bytes, win, rules)
        if profile >= 0:
            return _profile_outcome(profile, _win_flags(situation), situation.ghosts_drawn,
                                    situation.guoshui_passed_value, rules, PATTERNS)
    return _score_readings(hand, situation, rules)


def _score_readings(hand: Hand, situation: Situation, rules: LuzhouRules) -> ScoreResult:
    """:func:`score` of a checked win from the hand prepared reading by reading: melds
    (their ghosts resolved), a ghost as a fifth copy, tiles the profile refuses."""
    p = _prepare(hand, situation.win_tile, rules)
    reason = p.forbidden or _huazhu_reason(p)
    if reason:
        return ScoreResult.no_win(reason, UNIT)
    return _outcome(_candidates(p, p.counts, p.suits), p.ghosts_total == 0, p.melds == 4, _win_flags(situation),
                    situation.ghosts_drawn, situation.guoshui_passed_value, rules, PATTERNS)


def _concealed_profile(held: bytes, win_tile: int, rules: LuzhouRules) -> int:
    """The kernel's profile of a win without melds, the ghosts its jokers (ghost-only
    sets in the hand's own suits, as :func:`_candidates` places them), with the ghosts'
    count in the bits above it; -1 when :func:`_prepare` must look at the tiles: a
    fifth copy, an honour other than 紅中, more ghosts than the game has, all three suits
    (花豬, L13)."""
    ghosts = held[GHOST] + (win_tile == GHOST)
    if ghosts > rules.ghost_count:
        return -1
    profile = _core.win_profile(held, win_tile, None, _PROFILE_OPTIONS, GHOST)
    if profile < 0 or profile & _HONOUR_GROUP or profile & _THREE_SUITS == _THREE_SUITS:
        return -1
    return profile | ghosts << _GHOSTS_SHIFT


_PROFILE_OPTIONS = _core.wait_options({})
#: The profile's groups: an honour (紅中 apart, the joker), all three suits.
_HONOUR_GROUP = tiles.GROUP_BIT[tiles.HONORS] << _core.PROFILE_GROUPS
_THREE_SUITS = 7 << _core.PROFILE_GROUPS
_GHOSTS_SHIFT = 32


@functools.lru_cache(maxsize=8192)
def _profile_outcome(profile: int, flags: Facts, ghosts_drawn: int, guoshui_passed: Optional[int],
                     rules: LuzhouRules, table: PatternTable) -> ScoreResult:
    """:func:`_outcome` of a win without melds from its :func:`_concealed_profile`."""
    p = unpack(profile & (1 << _GHOSTS_SHIFT) - 1)
    shapes = _shapes(p.seven, p.triplets, p.other, p.groups in (0, 1, 2, 4), False)
    return _outcome(shapes, profile >> _GHOSTS_SHIFT == 0, False, flags, ghosts_drawn, guoshui_passed, rules, table)


@functools.lru_cache(maxsize=8192)
def _outcome(shapes: tuple[tuple[str, bool, int], ...], wugui: bool, shoubayi: bool, flags: Facts,
             ghosts_drawn: int, guoshui_passed: Optional[int], rules: LuzhouRules,
             table: PatternTable) -> ScoreResult:
    """The result of a win from the few facts it depends on: the shapes its readings
    make (:func:`_candidates`), 無鬼, 手把一, the situation's flags (:func:`_win_flags`),
    the ghosts drawn (喜錢), a passed win's value (過水), the rules and the pattern
    table.  Results are immutable, so one object serves every win of the same facts."""
    best = _best_of(shapes, wugui, shoubayi, flags, rules, table)
    reason = _discard_reason(best, flags.self_draw, guoshui_passed, rules) if best else \
        "the tiles do not form a winning hand"
    if reason or best is None:
        return ScoreResult.no_win(reason or "", UNIT)
    breakdown = best.valued.breakdown + tuple(_xiqian(ghosts_drawn, rules, table))
    xq = int(evaluate(breakdown)) - best.valued.paid
    detail = ReadOnlyDict({"uncapped": best.valued.uncapped, "capped": best.valued.capped, "xiqian": xq,
                           "shape": best.shape, "quads": best.quads})
    return ScoreResult.win(breakdown, UNIT, _ledger(best.valued.paid, xq, flags), detail)


def _huazhu_reason(p: "_Prepared") -> Optional[str]:
    if len(p.suits) == 3:
        return "三門花豬: the hand holds all three suits; 缺一門 is required (L13, L35, L133)"
    return None


def _discard_reason(best: _Best, self_draw: bool, guoshui_passed: Optional[int], rules: LuzhouRules) -> Optional[str]:
    """Why a discard win that the tiles make is refused: 1顆 (L29, L75) or 過水 (L57)."""
    if self_draw:
        return None
    paid = best.valued.paid
    if paid < (1 if rules.pinghu_discard_allowed else 2):
        return f"平胡不能點炮: a discard win paying {paid}顆 is not allowed (L29, L75)"
    if guoshui_passed is not None and paid <= guoshui_passed:
        return (f"過水: a discard win worth {guoshui_passed}顆 was passed since the last draw; "
                f"this one pays {paid}顆 (L57)")
    return None


def _ledger(paid: int, xiqian: int, flags: Facts) -> Ledger:
    """A self-draw is paid by A, B and C; a discard, 杠上炮 or 搶杠胡 by A alone (L135,
    L139); 喜錢 by all three (L129)."""
    why = "自摸 (L137)" if flags.self_draw else "杠上炮 (L139)" if flags.kong_discard else \
        "搶杠胡 (L139)" if flags.robbing_kong else "點炮 (L135)"
    ledger = win_ledger(paid, flags.self_draw, why)
    if xiqian:
        ledger = ledger + win_ledger(xiqian, True, "喜錢 (L129)")
    return ledger


def _check(hand: Hand, s: Situation, rules: LuzhouRules) -> None:
    """ValueError for a win that cannot happen at a Luzhou table."""
    win_facts(hand, s, name, FACTS)
    if s.after_kong and not any(m.is_kong for m in hand.melds):
        raise ValueError("after_kong (杠上花): the winner has no kong among his melds")
    if s.dihu and not s.self_draw:
        raise ValueError("地胡 in Luzhou is a non-dealer complete on his first draw (digest C17): "
                         "a self-draw, not a discard win")
    if s.ghosts_drawn > rules.ghost_count:
        raise ValueError(f"ghosts_drawn = {s.ghosts_drawn}, but the game has {rules.ghost_count} 紅中 "
                         "(luzhou_ghost_count)")


def xiqian_settlement(seat: str, others: Sequence[str], ghosts_drawn: int, won: bool,
                      rules: Optional[LuzhouRules] = None) -> Ledger:
    """喜錢 of a player who drew ``ghosts_drawn`` ghosts this round, settled at the end
    of the round (L129), for the cases a win's own settlement does not cover.

    玩法一 (``mode1_*``): collected from each of ``others`` whether or not the player
    won; a winner's is already in his win's ledger (``score``), so only a player who did
    not win collects here.  玩法二 (``mode2``): only a winner collects (in his win's
    ledger); a player with five or more ghosts who did not win pays 10 to each of
    ``others``."""
    rules = LuzhouRules.coerce(rules)
    ghosts_drawn = check_count(ghosts_drawn, "ghosts_drawn", rules.ghost_count)
    if rules.ghost_count != 8 or ghosts_drawn < 5 or won:
        return Ledger()
    if rules.xiqian_mode == "mode2":
        return Ledger.of(Transfer(seat, o, 10, "喜錢 (玩法二, no win, L129)") for o in others)
    return xiqian_collected(seat, others, ghosts_drawn, rules)


def xiqian_collected(seat: str, others: Sequence[str], ghosts_drawn: int,
                     rules: Optional[LuzhouRules] = None) -> Ledger:
    """喜錢 collected by ``seat`` from each of ``others`` for ``ghosts_drawn`` ghosts
    (L129; nothing below five ghosts or with four): what a winner's own ledger holds
    under either mode, and a non-winner's under 玩法一."""
    rules = LuzhouRules.coerce(rules)
    amount = sum(step.amount for step in _xiqian(ghosts_drawn, rules, PATTERNS))
    return Ledger.of(Transfer(o, seat, amount, "喜錢 (L129)") for o in others)


# ------------------------------------------------------------------ end of the wall

def is_huazhu(hand: Hand, rules: Optional[LuzhouRules] = None) -> bool:
    """花豬 / 花貓 (L35): the natural tiles, melds included, cover all three suits."""
    return len(_prepare(hand, None, LuzhouRules.coerce(rules)).suits) == 3


def wait_values(hand: Hand, waits, rules: Optional[LuzhouRules] = None) -> dict:
    """The best self-drawn value (capped, no situational flags) of each given wait of a
    ready hand; tiles that do not complete a legal win are left out."""
    rules = LuzhouRules.coerce(rules)
    p0 = _prepare(hand, None, rules)
    if p0.forbidden:
        return {}
    waits = list(waits)
    capped = {t: best.valued.capped for tiles, best in _waits_best(p0, waits, rules, held_four=False) for t in tiles}
    return {t: capped[t] for t in waits if t in capped}


def ready(hand: Hand, rules: Optional[LuzhouRules] = None, situation: Optional[Situation] = None) -> SeatReport:
    """Is the hand ready (下叫) at the end of the wall, its waits and its 查叫 value.

    A wait is a suited tile that completes a legal self-drawn win with no situational
    flag (FORMAT.md §6.3); the value is the best wait's self-draw value, capped (查大,
    L141), or half of it under ``chajiao_basis = "discard_half"``.  A hand whose melds
    Luzhou forbids (a chi, a 貼鬼碰 short of naturals) is not ready, with the reason."""
    rules = LuzhouRules.coerce(rules)
    check_hand(hand)
    _table_situation(situation)
    return _seat_report("", hand, rules)


def _table_situation(situation: Optional[Situation]) -> Situation:
    return table_facts(situation, name, FACTS)


def _seat_report(seat: str, hand: Hand, rules: LuzhouRules) -> SeatReport:
    p0 = _prepare(hand, None, rules)
    if len(p0.suits) == 3:
        return SeatReport(seat, False, True, reason="花豬: the hand holds all three suits (L35)")
    if p0.forbidden:
        return SeatReport(seat, False, reason=p0.forbidden)
    # every suited kind is a candidate (a self-drawn 紅中 completes whenever some tile
    # does, and is not listed); the groups that share one best reading share its value
    valued: dict[int, tuple[int, list[Pattern]]] = {}
    groups = []
    for tiles, best in _waits_best(p0, None, rules):
        win = valued.get(id(best))
        if win is None:
            win = valued[id(best)] = _chajiao_value(best, rules)
        groups.append((tiles, win))
    return grouped_wait_report(seat, groups, PATTERNS)


def _chajiao_value(win: _Best, rules: LuzhouRules) -> tuple[int, list[Pattern]]:
    """The 查叫 value of a wait's best win (查大, L141: its self-draw value, capped, or
    half of it under ``chajiao_basis``) and its patterns."""
    capped = win.valued.capped
    value = capped if rules.chajiao_basis == "self_draw_table_max" else \
        (capped // 2 if rules.discard_half_rounding == "floor" else (capped + 1) // 2)
    return value, [st.pattern for st in win.valued.breakdown if st.pattern.id not in _PAYMENT_IDS]


def exhaust(table: Mapping[str, Optional[Hand]], rules: Optional[LuzhouRules] = None, *,
            dealer: Optional[str] = None, situation: Optional[Situation] = None) -> ExhaustResult:
    """查叫 at the end of the wall (L33, L141).

    ``table`` maps each of the seats A-D to its hand, or to ``None`` for a seat that has
    already won (it neither pays nor collects).  With at least two unfinished seats,
    every unfinished seat that is not ready (花豬 included) pays every unfinished ready
    seat that seat's value.  If nobody has won (黃莊), the dealer deals again (L53)."""
    rules = LuzhouRules.coerce(rules)
    _table_situation(situation)
    check_table(table)
    check_dealer(dealer)
    reports = {s: _seat_report(s, h, rules) for s, h in table.items() if h is not None}
    ledger = chajiao_ledger(reports, "查叫 (L141)") if len(reports) >= 2 else Ledger()
    next_dealer = dealer if dealer is not None and all(h is not None for h in table.values()) else None
    return ExhaustResult(reports, ledger, UNIT, next_dealer)


#: Settlements of the case format beyond a win, by case kind (none in Luzhou).
SIDE_SETTLEMENTS: dict = {}


# ------------------------------------------------------------------ hands and analysis

def make_hand(concealed, melds: Sequence[DeclaredMeld] = ()) -> Hand:
    """A Luzhou hand of these tiles (13, a kong counting 3; 紅中 are the ghosts)."""
    return Hand(concealed, tuple(melds))


def analyze(counts, rules: Optional[LuzhouRules] = None, *, visible=None, melds: Sequence[DeclaredMeld] = (),
            situation: Optional[Situation] = None, values: bool = True):
    """The discard analysis under Luzhou rules (:func:`hupai.analyze_discards`):
    ``counts`` hold the 紅中 ghosts as tiles; each discard gives up the cheapest suit
    the melds leave open (缺一門, reported as ``void``); a drawn ghost counts as an
    effective tile; each wait of a ready discard carries its best self-drawn value
    (none with ``values`` false)."""
    rules = LuzhouRules.coerce(rules)
    valued = check_bool(values, "values")
    _table_situation(situation)
    melds = declared_melds(melds)
    # the counts as lists of ints: numpy's calls cost more than the sums on 34 counts
    held = analysis.count_list(counts)
    if any(held[27:33]):
        raise ValueError("Luzhou has no honour tiles besides the 紅中 ghosts (7z)")
    context = _melds_context(melds, rules)
    ghosts = held[GHOST]
    natural = held.copy()
    natural[GHOST] = 0
    seen_ghosts = context.ghosts
    shown = None
    if visible is not None:
        shown = analysis.count_list(visible, "visible")
        seen_ghosts += shown[GHOST]
        shown[GHOST] = 0     # a list of its own: the caller's visible stays as it was
    # the naturals' unseen copies, four of each, no other honours in Luzhou; the ghosts
    # (up to eight, L19) apart: a drawn ghost always brings the hand one step closer
    unseen = analysis.unseen_of(natural, context.seen, shown, 27)
    unseen_ghosts = unseen[GHOST] = max(0, rules.ghost_count - ghosts - seen_ghosts)
    # each discard's void: the open suit that leaves the lowest shanten, then the most
    # unseen effective tiles; the effective tiles of every void that ties count (缺一門)
    options = _core.discard_options_void(natural, ghosts, unseen, True, context.open_voids, ranked=True,
                                         option=analysis.DiscardOption,
                                         also_effective=GHOST if unseen_ghosts else -1)
    if context.forbidden:
        return [o._replace(waits=analysis.NO_TILES, values={} if o.shanten == 0 and valued else None,
                           reason=context.forbidden) for o in options]
    if not valued or not options or options[0].shanten != 0:
        return options      # (ranked: a ready option comes first)
    return [_valued_option(o, held, melds, rules) if o.shanten == 0 else o for o in options]


class _MeldsContext(NamedTuple):
    """What an analysis reads of a seat's melds, the same on every discard until it
    claims again."""
    open_voids: tuple        # the suits a void may be (all three when none is open)
    forbidden: Optional[str]  # why no wait can win (a forbidden meld, 花豬)
    seen: Optional[tuple]    # the melds' natural tiles (None: no melds)
    ghosts: int              # the ghosts among them


@functools.lru_cache(maxsize=4096)
def _melds_context(melds: tuple, rules: LuzhouRules) -> _MeldsContext:
    """:class:`_MeldsContext` of ``melds`` (ValueError for a meld that is no meld)."""
    melded_suits = {t // 9 for m in melds for t in m.tiles if t != GHOST}
    open_voids = tuple(g for g in range(3) if g not in melded_suits)
    forbidden = melds_problem(melds, rules) or (None if open_voids else "花豬: the melds hold all three suits (L35)")
    seen = analysis.meld_list(melds) if melds else None
    ghosts = seen[GHOST] if seen else 0
    if seen:
        seen[GHOST] = 0
    return _MeldsContext(open_voids or (0, 1, 2), forbidden, None if seen is None else tuple(seen), ghosts)


def _valued_option(option: analysis.DiscardOption, held: list, melds: tuple,
                   rules: LuzhouRules) -> analysis.DiscardOption:
    """A ready option with each natural wait's best self-drawn value."""
    after = np.array(held, np.uint8)
    after[option.discard] -= 1
    waits = [t for t in option.waits if t != GHOST]
    return option._replace(values=wait_values(Hand(after, melds), waits, rules))


def melds_problem(melds: Sequence[DeclaredMeld], rules: Optional[LuzhouRules] = None) -> Optional[str]:
    """Why Luzhou forbids these melds (a chi, a 貼鬼碰 short of naturals, a meld of
    ghosts), or None; ValueError for a meld that is no meld."""
    rules = LuzhouRules.coerce(rules)
    for m in melds:
        forbidden = _meld_reading(m, rules).forbidden
        if forbidden:
            return forbidden
    return None


# the round flow the table engine asks of this region (rules/flows/luzhou.py)
from .flows.luzhou import FLOW  # noqa: E402  (the flow reads this module)
