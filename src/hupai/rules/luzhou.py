"""Luzhou ghost mahjong 瀘州鬼麻將 (seed 000; digest ../shared/rules/luzhou.md).

108 suited tiles plus 紅中 ghosts that stand for any suited tile; no 吃; 缺一門; blood
battle (play goes on after a win; self-draws are paid by the players still in).
Every listed value is a self-draw value in 顆; a discard pays half (L29, L75).
Line numbers ``L<n>`` cite the seed.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Iterable, Mapping, NamedTuple, Optional, Sequence

from .. import _core, tiles
from ..tiles import RED
from .flags import RegionFlags
from .ledger import Ledger, Transfer
from .fifth import readings_beyond_four
from .model import (BUGANG, CHI, MINGGANG, OTHERS, PENG, DeclaredMeld, Hand, WinContext, check_count,
                    check_dealer, check_table)
from .patterns import Pattern, PatternTable, apply_exclusions, preference, resolve
from .result import ChajiaoResult, ScoreResult, SeatReport
from .settlement import chajiao_ledger, wait_report

__all__ = ["LuzhouRules", "score", "ready", "chajiao", "wait_values", "PATTERNS", "GHOST", "UNIT"]

GHOST = RED          # 紅中 (L5, L19)
UNIT = "顆"
SUITS = ((0, 9), (9, 18), (18, 27))


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

    def __post_init__(self) -> None:
        self._check_choices()


Rules = LuzhouRules  # the name every region module exports

# ------------------------------------------------------------------ patterns

PINGHU, DUIDUI, QIDUI = "pinghu", "duidui", "qidui"

_HAND_NAMES = {
    (PINGHU, False): ("平胡", "閨自摸", "雙閨自摸", "三閨自摸", "四閨自摸"),
    (PINGHU, True): ("清一色", "清閨", "清雙閨", "清三閨", "清四閨"),
    (DUIDUI, False): ("大對子", "閨對", "雙閨對", "三閨對", "四閨對"),
    (DUIDUI, True): ("清對", "清閨對", "清雙閨對", "清三閨對", "清四閨對"),
    (QIDUI, False): ("七對", "龍七對", "雙龍七對", "三龍七對"),
    (QIDUI, True): ("清七對", "清龍七對", "清雙龍七對", "清三龍七對"),
}
_ENGLISH_SHAPE = {PINGHU: "plain", DUIDUI: "all triplets", QIDUI: "seven pairs"}
_SOURCES = {PINGHU: "L77, L79, L89, L95, L101", DUIDUI: "L85, L91, L99", QIDUI: "L87, L93, L97"}


class Facts(NamedTuple):
    """One reading of a winning hand, as the pattern predicates see it."""

    shape: str
    qing: bool                 # one suit (L89)
    quads: int                 # G: kinds with four tiles in the final hand (L31)
    wugui: bool                # no 紅中 anywhere (L117)
    shoubayi: bool             # four melds and a single tile (L127)
    ctx: WinContext
    rules: LuzhouRules
    doublings: int = 0         # filled in by the valuation; used by 報牌's 名堂 test


def _hand_type_rows() -> list[Pattern]:
    rows = []
    for (shape, qing), names in _HAND_NAMES.items():
        for g, name in enumerate(names):
            english = f"{'full flush ' if qing else ''}{_ENGLISH_SHAPE[shape]}, {g} quad(s)"
            rows.append(Pattern(id=f"{shape}{'_qing' if qing else ''}_g{g}", name=name,
                                english=english, value=g, key=(shape, qing, g),
                                source=_SOURCES[shape]))
    return rows


_TOP_QUADS = {k: len(v) - 1 for k, v in _HAND_NAMES.items()}


def _hand_type_key(f: "Facts") -> tuple:
    top = _TOP_QUADS[f.shape, f.qing]
    return (f.shape, f.qing, f.quads if f.quads < top else top)


HAND_TYPES = _hand_type_rows()
_FACTORS = [
    Pattern("gangshanghua", "杠上花", "win on a kong replacement", 1,
            lambda f: f.ctx.after_kong and f.ctx.self_draw, source="L45, L83, L117"),
    Pattern("gangshangpao", "杠上炮", "win on a konger's discard", 1,
            lambda f: f.ctx.kong_discard, source="L47, L81"),
    Pattern("qiangganghu", "搶杠胡", "robbing a kong", 1,
            lambda f: f.ctx.robbing_kong, source="L43, L117"),
    Pattern("shoubayi", "手把一", "four melds and a single tile", 1,
            lambda f: f.shoubayi, source="L127"),
    Pattern("wugui", "無鬼", "no ghost (doublings: luzhou_wugui_doublings)", "wugui_doublings",
            lambda f: f.wugui, source="L103, L109-117"),
]
_VARIABLE = frozenset(p.id for p in HAND_TYPES + _FACTORS)


def _plain(f: Facts) -> bool:
    """A plain, ghost-holding 平胡 (no 名堂) for 報牌 (C12)."""
    if f.rules.baopai_named_definition == "shape_only":
        return f.shape == PINGHU and not f.qing
    return f.shape == PINGHU and not f.qing and f.doublings == 0


_FIXED = [
    Pattern("tianhu", "天胡", "heavenly hand", 40, lambda f: f.ctx.tianhu,
            excludes=_VARIABLE | {"dihu", "baopai", "baopai_named"}, source="L115"),
    Pattern("dihu", "地胡", "earthly hand", 40, lambda f: f.ctx.dihu,
            excludes=_VARIABLE | {"baopai", "baopai_named"}, source="L115"),
    Pattern("baopai", "報牌", "declared ready, plain hand", 10,
            lambda f: f.ctx.declared_ready and _plain(f), excludes=_VARIABLE, source="L125"),
    Pattern("baopai_named", "報牌", "declared ready, named hand", 40,
            lambda f: f.ctx.declared_ready and not _plain(f), excludes=_VARIABLE, source="L125"),
]
#: Every Luzhou pattern, in the order names are listed.
PATTERNS = PatternTable(HAND_TYPES + _FACTORS + _FIXED, key_of=_hand_type_key)
_FIXED_IDS = frozenset(p.id for p in _FIXED)


def hand_value(facts: Facts) -> tuple[int, tuple[Pattern, ...]]:
    """Uncapped self-draw value V of one reading (digest §5.3) and its patterns.

    D = G + [杠上花] + [杠上炮] + [搶杠胡] + [手把一] + doublings of 無鬼; fixed-value
    hands (天胡, 地胡, 報牌) replace everything else."""
    rules = facts.rules
    matched = [PATTERNS.rows[i] for i in PATTERNS.matching(facts)]
    d = 0
    for p in matched:   # the doublings, before fixed hands exclude them
        if p.id not in _FIXED_IDS:
            d += rules.wugui_doublings if p.id == "wugui" else int(p.value)
    if facts.ctx.declared_ready:   # 報牌's 名堂 test looks at those doublings (C12)
        hits = resolve(PATTERNS, facts._replace(doublings=d))
    else:
        hits = apply_exclusions(matched)
    fixed = [p for p in hits if p.id in _FIXED_IDS]
    if fixed:
        return int(fixed[0].value), (fixed[0],)
    if facts.shape == PINGHU and not facts.qing:
        situational = facts.ctx.kong_discard or facts.ctx.robbing_kong
        if d == 1 and situational and rules.pinghu_gsp_value == 10:
            return 10, hits   # C3: "普通平胡的…杠上炮、搶杠胡…均計10顆" (L117)
        return (2 if d == 0 else 5 * 2 ** (d - 1)), hits   # L77, L79
    base = 40 if facts.qing and facts.shape in (DUIDUI, QIDUI) else 10   # L85-L99
    return base * 2 ** d, hits


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
    base: tuple              # natural concealed tiles plus the melds' kinds (ghosts resolved)
    extra: bytes             # the melds' kinds (ghosts resolved), at most four with the concealed tiles
    ghosts_total: int        # ghosts anywhere (for 無鬼)
    suits: frozenset         # suits of the natural tiles, melds included
    melds: int
    fifth_copy: bool = False  # a ghost may be a fifth copy (C10 alternative)
    forbidden: Optional[str] = None   # why a meld is not allowed under Luzhou rules
    sequences: bool = False  # some meld is a chi (luzhou_allow_chi)


_NO_EXTRA = bytes(34)
_SUIT_SETS = {(a, b, c): frozenset(g for g, on in enumerate((a, b, c)) if on)
              for a in (False, True) for b in (False, True) for c in (False, True)}
# kinds that ghost-only sets may take: the hand's own suits (any suit if it has none)
_FREE_KINDS = {suits: tuple(t for g in (sorted(suits) or [0]) for t in range(9 * g, 9 * g + 9))
               for suits in _SUIT_SETS.values()}


def _prepare(hand: Hand, win_tile: Optional[int], rules: LuzhouRules) -> _Prepared:
    """Validate the hand for Luzhou and split it into what the search needs."""
    naturals = hand.concealed.tolist()
    if win_tile is not None:
        naturals[win_tile] += 1
    counts = list(naturals)          # the concealed tiles, ghosts removed below
    jokers = counts[GHOST]
    counts[GHOST] = 0
    meld_ghosts = 0
    forbidden = None
    sequences = False
    if hand.melds:
        base = list(counts)
        for m in hand.melds:
            reading = _meld_reading(m, rules)
            forbidden = forbidden or reading.forbidden
            sequences = sequences or reading.sequence
            for t in reading.kinds:
                base[t] += 1
            for t in m.tiles:
                naturals[t] += 1
            meld_ghosts += m.tiles.count(GHOST)
        # a meld's ghost is the kind it stands for for the rest of the round, so a kind
        # may reach five once the hand holds the four natural copies beside it; the
        # kernel reads the concealed part against at most four (a kind of four or more
        # is one 閨), so a concealed ghost can never be a fifth copy
        extra = bytes(min(b - c, 4 - c) for b, c in zip(base, counts))
    else:
        base, extra = counts, _NO_EXTRA
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
    suits = _SUIT_SETS[any(naturals[0:9]), any(naturals[9:18]), any(naturals[18:27])]
    return _Prepared(bytes(counts), jokers, tuple(base), extra, jokers + meld_ghosts, suits,
                     len(hand.melds), rules.ghost_as_fifth_copy, forbidden, sequences)


class _Best(NamedTuple):
    paid: int
    uncapped: int
    capped: int
    hits: tuple[Pattern, ...]
    shape: str
    quads: int


def _candidates(p: _Prepared, counts, suits: frozenset) -> Iterable[tuple[str, bool, int]]:
    """(shape, 清, G) of the readings worth valuing: for each shape, the reading with
    the most 閨 (the value grows with G), ghosts never a fifth copy counting the melds
    (C10), ghost-only sets placed in the hand's own suits to make the most 閨.

    A ghost standing in a set with a natural tile takes that tile's suit, so the
    ghosts never add a suit: 缺一門 and 清 follow from the natural tiles alone."""
    seven = p.melds == 0   # 七對 is fully concealed (L87)
    best: dict[str, int] = {}
    if p.fifth_copy:
        summaries = _loose_summaries(p, counts, suits, seven)
    else:
        summaries = _core.reading_summaries(counts, p.jokers, p.extra, _FREE_KINDS[suits],
                                            seven_pairs=seven)
    for form, triplets_only, _pair, quads, _fm, _fp in summaries:
        # a chi meld is a sequence: a hand holding one is never 大對子 (L85)
        shape = QIDUI if form == "seven_pairs" else DUIDUI if triplets_only and not p.sequences else PINGHU
        if quads > best.get(shape, -1):
            best[shape] = quads
    qing = len(suits) <= 1
    return [(shape, qing, quads) for shape, quads in best.items()]


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


def _half(v: int, rules: LuzhouRules) -> int:
    return v // 2 if rules.discard_half_rounding == "floor" else (v + 1) // 2


def _cap(v: int, rules: LuzhouRules) -> int:
    return v if rules.cap is None else min(v, rules.cap)


def _paid(v: int, hits: Sequence[Pattern], ctx: WinContext, rules: LuzhouRules) -> int:
    """What each payer pays for a hand of uncapped value v (before 喜錢), §5.3."""
    baopai = any(p.id in ("baopai", "baopai_named") for p in hits)
    if ctx.self_draw:
        return _cap(v, rules)
    halved = (not ctx.kong_discard and not ctx.robbing_kong) \
        or (ctx.kong_discard and rules.gangshangpao_halved) \
        or (ctx.robbing_kong and rules.qianggang_halved)
    if baopai and not rules.baopai_halved_on_discard:
        halved = False
    if not halved:
        return _cap(v, rules)
    if rules.cap_order == "halve_then_cap":
        return _cap(_half(v, rules), rules)
    return _half(_cap(v, rules), rules)


def _xiqian(ctx: WinContext, rules: LuzhouRules) -> int:
    """喜錢 (L129): five or more ghosts drawn in the 8-ghost game."""
    n = ctx.ghosts_drawn
    if rules.ghost_count != 8 or n < 5:
        return 0
    if rules.xiqian_mode == "mode1_doubling":
        return 10 * 2 ** (n - 5)
    return 10 * (n - 4)   # mode1_linear; mode2 pays the same amounts to a winner


@functools.lru_cache(maxsize=8192)
def _valuation(shape: str, qing: bool, quads: int, wugui: bool, shoubayi: bool,
               flags: tuple, rules: LuzhouRules) -> tuple[int, tuple[Pattern, ...], int, tuple]:
    """(V, patterns, paid, preference) of one reading; a pure function of its arguments,
    cached because the same few readings recur in every game."""
    self_draw, after_kong, kong_discard, robbing_kong, declared_ready, tianhu, dihu = flags
    ctx = WinContext(0, self_draw, after_kong=after_kong, kong_discard=kong_discard,
                     robbing_kong=robbing_kong, declared_ready=declared_ready, tianhu=tianhu,
                     dihu=dihu)
    v, hits = hand_value(Facts(shape, qing, quads, wugui, shoubayi, ctx, rules))
    return v, hits, _paid(v, hits, ctx, rules), preference(PATTERNS, (p.id for p in hits))


def _flags(ctx: WinContext) -> tuple:
    return (ctx.self_draw, ctx.after_kong, ctx.kong_discard, ctx.robbing_kong,
            ctx.declared_ready, ctx.tianhu, ctx.dihu)


def _best(p: _Prepared, ctx: WinContext, rules: LuzhouRules, counts=None,
          suits: Optional[frozenset] = None) -> Optional[_Best]:
    """The reading that pays most (ties: the higher uncapped value, then the shared
    :func:`~hupai.rules.patterns.preference`); ``counts`` and ``suits`` replace the
    prepared hand's (a wait added)."""
    best: Optional[_Best] = None
    best_key: tuple = ()
    wugui = p.ghosts_total == 0
    shoubayi = p.melds == 4     # four melds and a single tile (L127)
    flags = _flags(ctx)
    for shape, qing, quads in _candidates(p, p.counts if counts is None else counts,
                                          p.suits if suits is None else suits):
        v, hits, paid, pref = _valuation(shape, qing, quads, wugui, shoubayi, flags, rules)
        if best is None or (paid, v, pref) > best_key:
            best, best_key = _Best(paid, v, _cap(v, rules), hits, shape, quads), (paid, v, pref)
    return best


def score(hand: Hand, ctx: WinContext, rules: Optional[LuzhouRules] = None) -> ScoreResult:
    """Score the win of ``hand`` (13 tiles before the winning tile) under ``ctx``.

    The best ghost assignment and arrangement is the one that pays most (ties: the
    higher uncapped value), FORMAT.md §4.5.  Seats: W the winner, A the discarder /
    robbed konger (or any other player on a self-draw), B and C the others; a self-draw
    is paid by A, B and C (nobody has won yet in a single-win evaluation, L137)."""
    rules = LuzhouRules.coerce(rules)
    _check_context(hand, ctx, rules)
    if ctx.win_tile == GHOST and not ctx.self_draw:
        return ScoreResult.no_win("a discarded 紅中 is dead: nobody may win on it (L19)", UNIT)
    p = _prepare(hand, ctx.win_tile, rules)
    if p.forbidden:
        return ScoreResult.no_win(p.forbidden, UNIT)
    if len(p.suits) == 3:
        return ScoreResult.no_win("三門花豬: the hand holds all three suits; 缺一門 is required "
                                  "(L13, L35, L133)", UNIT)
    best = _best(p, ctx, rules)
    if best is None:
        return ScoreResult.no_win("the tiles do not form a winning hand", UNIT)
    if not ctx.self_draw:
        legal_min = 1 if rules.pinghu_discard_allowed else 2
        if best.paid < legal_min:
            return ScoreResult.no_win(f"平胡不能點炮: a discard win paying {best.paid}顆 is not allowed "
                                      "(L29, L75)", UNIT)
        if ctx.guoshui_passed_value is not None and best.paid <= ctx.guoshui_passed_value:
            return ScoreResult.no_win(f"過水: a discard win worth {ctx.guoshui_passed_value}顆 was passed "
                                      f"since the last draw; this one pays {best.paid}顆 (L57)", UNIT)
    xq = _xiqian(ctx, rules)
    names = [p_.name for p_ in best.hits]
    if rules.cap is not None and best.uncapped > rules.cap and best.hits[0].id not in _FIXED_IDS:
        names.append(f"{rules.cap}顆封頂")
    if xq:
        names.append("喜錢")
    transfers = []
    if ctx.self_draw:
        transfers += [Transfer(s, "W", best.paid, "自摸") for s in OTHERS]
    else:
        why = "杠上炮" if ctx.kong_discard else "搶杠胡" if ctx.robbing_kong else "點炮"
        transfers.append(Transfer("A", "W", best.paid, why))
    if xq:
        transfers += [Transfer(s, "W", xq, "喜錢") for s in OTHERS]
    return ScoreResult(True, best.paid + xq, UNIT, tuple(names), Ledger.of(transfers),
                       detail={"uncapped": best.uncapped, "capped": best.capped, "xiqian": xq,
                               "shape": best.shape, "quads": best.quads})


def _check_context(hand: Hand, ctx: WinContext, rules: LuzhouRules) -> None:
    """ValueError for a win that cannot happen at a Luzhou table."""
    if not isinstance(hand, Hand):
        raise TypeError(f"hand must be a Hand, not {type(hand).__name__}")
    if not isinstance(ctx, WinContext):
        raise TypeError(f"ctx must be a WinContext, not {type(ctx).__name__}")
    if ctx.after_kong and not any(m.is_kong for m in hand.melds):
        raise ValueError("after_kong (杠上花): the winner has no kong among his melds")
    if ctx.dihu and not ctx.self_draw:
        raise ValueError("地胡 in Luzhou is a non-dealer complete on his first draw (digest C17): "
                         "a self-draw, not a discard win")
    if ctx.ghosts_drawn > rules.ghost_count:
        raise ValueError(f"ghosts_drawn = {ctx.ghosts_drawn}, but the game has {rules.ghost_count} 紅中 "
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
        return Ledger.of(Transfer(seat, o, 10, "喜錢 (玩法二, no win)") for o in others)
    amount = _xiqian(WinContext(0, True, ghosts_drawn=ghosts_drawn), rules)
    return Ledger.of(Transfer(o, seat, amount, "喜錢") for o in others)


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
    ctx = WinContext(0, True)
    counts = bytearray(p0.counts)
    out = {}
    for t in waits:
        if t >= 27 or p0.base[t] >= 4 and not rules.ghost_as_fifth_copy:
            continue
        counts[t] += 1
        best = _best(p0, ctx, rules, counts, p0.suits | {t // 9})
        counts[t] -= 1
        if best is not None and len(p0.suits | {t // 9}) <= 2:
            out[t] = best.capped
    return out


def ready(hand: Hand, rules: Optional[LuzhouRules] = None) -> SeatReport:
    """Is the hand ready (下叫) at the end of the wall, its waits and its 查叫 value.

    A wait is a suited tile that completes a legal self-drawn win with no situational
    flag (FORMAT.md §6.3); the value is the best wait's self-draw value, capped (查大,
    L141), or half of it under ``chajiao_basis = "discard_half"``.  A hand whose melds
    Luzhou forbids (a chi, a 貼鬼碰 short of naturals) is not ready, with the reason."""
    return _seat_report("", hand, LuzhouRules.coerce(rules))


def _seat_report(seat: str, hand: Hand, rules: LuzhouRules) -> SeatReport:
    p0 = _prepare(hand, None, rules)
    if len(p0.suits) == 3:
        return SeatReport(seat, False, True, reason="花豬: the hand holds all three suits (L35)")
    if p0.forbidden:
        return SeatReport(seat, False, reason=p0.forbidden)
    ctx = WinContext(0, True)   # a plain self-draw: the valuation ignores which tile
    counts = bytearray(p0.counts)
    # with ghosts as fifth copies a wait may lie beyond the core's four-copy patterns
    candidates = range(27) if rules.ghost_as_fifth_copy else \
        _core.waits(p0.counts, p0.jokers, seven_pairs=p0.melds == 0)

    def win_on(t: int):
        # a suited tile the hand does not already hold four of (a self-drawn 紅中
        # completes whenever some tile does, and is not listed), keeping 缺一門
        if t >= 27 or p0.base[t] >= 4 or len(p0.suits | {t // 9}) == 3:
            return None
        counts[t] += 1
        win = _best(p0, ctx, rules, counts, p0.suits | {t // 9})
        counts[t] -= 1
        if win is None:
            return None
        value = win.capped if rules.chajiao_basis == "self_draw_table_max" else _half(win.capped, rules)
        return value, win.hits

    return wait_report(seat, candidates, win_on, PATTERNS)


def chajiao(seats: Mapping[str, Optional[Hand]], rules: Optional[LuzhouRules] = None,
            dealer: Optional[str] = None) -> ChajiaoResult:
    """查叫 at the end of the wall (L33, L141).

    ``seats`` maps each of the seats A-D to its hand, or to ``None`` for a seat that has
    already won (it neither pays nor collects).  With at least two unfinished seats,
    every unfinished seat that is not ready (花豬 included) pays every unfinished ready
    seat that seat's value.  If nobody has won (黃莊), the dealer deals again (L53)."""
    rules = LuzhouRules.coerce(rules)
    check_table(seats)
    check_dealer(dealer)
    reports = {s: _seat_report(s, h, rules) for s, h in seats.items() if h is not None}
    ledger = chajiao_ledger(reports) if len(reports) >= 2 else Ledger()
    next_dealer = dealer if dealer is not None and all(h is not None for h in seats.values()) else None
    return ChajiaoResult(reports, ledger, UNIT, next_dealer)
