"""Discard analysis for bots: which tile to throw, with what is left to draw."""
from __future__ import annotations

import functools
from typing import NamedTuple, Optional

import numpy as np

from . import _core, tiles
from ._messages import short

__all__ = ["DiscardOption", "analyze_discards", "unseen_counts"]


class DiscardOption(NamedTuple):
    """One possible discard of a 3M+2 hand.

    ``effective`` maps each kind whose draw would lower ``shanten`` (进张) to how many of
    its copies are still unseen; ``total`` is their sum.  ``waits`` is the same map when
    the hand is ready after the discard (shanten 0), else empty."""

    discard: int
    shanten: int
    effective: dict
    total: int
    waits: dict
    values: Optional[dict] = None   # with rules: each wait's best value (self-drawn)
    void: Optional[str] = None      # Luzhou: the suit given up (缺一門), "m", "p" or "s"
    reason: Optional[str] = None    # with rules: why no wait can make a legal win (a forbidden meld)

    def to_json(self) -> dict:
        name = tiles.tile_name
        out = {"discard": name(self.discard), "shanten": int(self.shanten),
               "effective": {name(t): n for t, n in self.effective.items()}, "total": int(self.total)}
        if self.shanten == 0:
            out["waits"] = {name(t): n for t, n in self.waits.items()}
            if self.values is not None:
                out["values"] = {name(t): v for t, v in self.values.items()}
        if self.void is not None:
            out["void"] = self.void
        if self.reason is not None:
            out["reason"] = self.reason
        return out


def unseen_counts(counts, melds=None, visible=None) -> np.ndarray:
    """4 minus the copies the player holds (hand and melds) and the copies seen on the
    table (``visible``), never below 0: what may still be drawn."""
    seen = _whole_counts(counts, "counts").copy()
    for extra, what in ((melds, "melds"), (visible, "visible")):
        if extra is not None:
            arr = _whole_counts(extra, what)
            if (arr < 0).any() or (arr > 4).any():
                raise ValueError(f"{what} counts must be 0-4")
            seen += arr
    if (seen > 4).any():
        t = int(np.flatnonzero(seen > 4)[0])
        raise ValueError(f"{seen[t]} copies of {tiles.tile_name(t)} held and seen; only 4 exist")
    return (4 - seen).astype(np.int64)


@functools.lru_cache(maxsize=None)
def _default_rules(name: str):
    """One default rule object per region: the scoring caches key on the rules, and a
    fresh object each call would hash and compare all its flags every time."""
    from .rules import REGIONS
    return REGIONS[name].Rules()


def _whole_counts(counts, what: str) -> np.ndarray:
    """34 counts as int64; TypeError for a non-numeric array, ValueError for another
    shape or a count that is not a whole number (never truncated)."""
    arr = np.asarray(counts)
    if arr.shape != (34,):
        raise ValueError(f"{what} are 34 counts, got shape {arr.shape}")
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{what} are integer counts, not {arr.dtype}")
    if arr.dtype.kind == "f" and not (np.isfinite(arr).all() and (arr == np.round(arr)).all()):
        raise ValueError(f"{what} counts must be whole numbers")
    return arr.astype(np.int64)


def analyze_discards(counts, jokers: int = 0, visible=None, rules=None, *, melds=None,
                     seven_pairs: bool = True, quads_as_two_pairs: bool = True,
                     honor_sequences: bool = False, shisanlan=False,
                     indicator: Optional[int] = None, declared=()) -> list[DiscardOption]:
    """Every distinct discard of a 3M+2 hand (``counts`` without the jokers), best first:
    lowest shanten, then the most unseen effective tiles.

    ``visible`` (34 counts) are the tiles seen on the table and ``melds`` the tiles of
    the player's declared melds; a tile the player holds is never counted as available.
    Options as in :func:`hupai.shanten`.

    ``rules="luzhou"`` (or a :class:`~hupai.rules.luzhou.LuzhouRules`) analyses under
    Luzhou rules: ``counts`` then hold the 紅中 ghosts as tiles (``jokers`` must be 0),
    each discard gives up the cheapest suit (缺一門, reported as ``void``), a drawn ghost
    counts as an effective tile, and each wait of a ready hand carries its best self-drawn
    value (``values``).  ``rules="guiyang"`` / ``"fuzhou"`` (or their rule objects) use
    the region's winning forms (Fuzhou: honour sequences, 十三爛) and value each wait as
    a self-drawn win.  ``rules="wuhan"`` needs the ``indicator`` and takes the player's
    ``declared`` melds (:class:`~hupai.rules.DeclaredMeld`; ``counts`` are then the
    concealed tiles; the flipped indicator counts as seen, so ``visible`` leaves it
    out): the hand's laizi are its jokers (held as tiles in ``counts``),
    must-kong tiles must already be konged (a hand holding one raises ``ValueError``);
    shanten and 进张 measure the distance to a small win (a 2-5-8 pair), and a ready
    discard lists only the waits that make a legal win (開口, 2-5-8 pair or a big win,
    one laizi), each with the total it would collect as a self-draw with every loser
    opened."""
    if rules is not None:
        name = rules if isinstance(rules, str) else type(rules).__module__.rsplit(".", 1)[-1]
        if name == "luzhou":
            return _analyze_luzhou(counts, jokers, visible, rules, melds)
        if name in ("guiyang", "fuzhou"):
            return _analyze_plain_region(name, counts, jokers, visible, rules, melds)
        if name == "wuhan":
            return _analyze_wuhan(counts, jokers, visible, rules, declared, indicator)
        raise ValueError(f"region-aware analysis supports luzhou, wuhan, guiyang and fuzhou, got {short(rules)}")
    if melds is None and visible is None and isinstance(counts, np.ndarray) and counts.dtype == np.uint8 \
            and counts.shape == (34,):
        unseen = [4 - c for c in counts.tolist()]   # the common case, without numpy arithmetic
    else:
        unseen = unseen_counts(_as_counts(counts), melds, visible).tolist()
    rows = _core.discard_options(counts, jokers, unseen, seven_pairs, quads_as_two_pairs,
                                 honor_sequences, shisanlan)
    rows.sort(key=_rank)
    return [DiscardOption(d, s, eff, tot, eff if s == 0 else {}) for d, s, eff, tot in rows]


def _rank(row) -> tuple:
    return (row[1], -row[3], row[0])


def _as_counts(counts) -> np.ndarray:
    if isinstance(counts, str):
        return tiles.parse(counts)
    return _whole_counts(counts, "counts")


def _analyze_luzhou(counts, jokers, visible, rules, melds) -> list[DiscardOption]:
    from .rules import Hand, luzhou
    from .rules.luzhou import GHOST, LuzhouRules

    if isinstance(rules, str):
        if rules != "luzhou":
            raise ValueError(f"region-aware analysis supports 'luzhou' so far, got {short(rules)}")
        rules = _default_rules("luzhou")
    if not isinstance(rules, LuzhouRules):
        raise TypeError(f"rules must be 'luzhou' or LuzhouRules, not {type(rules).__name__}")
    if jokers:
        raise ValueError("under Luzhou rules the ghosts are the hand's 紅中 tiles: pass jokers=0")
    if melds is not None:
        raise ValueError("declared melds are not supported by the Luzhou analysis yet")
    arr = _as_counts(counts).astype(np.int64)
    if arr[27:33].any():
        raise ValueError("Luzhou has no honour tiles besides the 紅中 ghosts (7z)")
    ghosts = int(arr[GHOST])
    natural = arr.copy()
    natural[GHOST] = 0
    seen = unseen_counts(arr, None, visible)
    unseen = seen.tolist()
    unseen_ghosts = max(0, rules.ghost_count - ghosts - (int(np.asarray(visible)[GHOST]) if visible is not None else 0))
    for t in range(27, 34):
        unseen[t] = 0      # no other honours in Luzhou; ghosts are counted apart below
    out = []
    for d, sh, eff, tot, g in _core.discard_options_void(natural.astype(np.uint8), ghosts, unseen):
        void = "mps"[g]
        if unseen_ghosts:
            eff[GHOST] = unseen_ghosts       # a ghost always brings the hand one step closer
            tot += unseen_ghosts
        values = None
        if sh == 0:
            after = arr.copy()
            after[d] -= 1
            values = luzhou.wait_values(Hand(after.astype(np.uint8), ()), [t for t in eff if t != GHOST],
                                        rules)
        out.append(DiscardOption(d, sh, eff, tot, eff if sh == 0 else {}, values, void))
    out.sort(key=lambda o: (o.shanten, -o.total, o.discard))
    return out


def _analyze_plain_region(name, counts, jokers, visible, rules, melds) -> list[DiscardOption]:
    """Guiyang and Fuzhou: no jokers, no suit restriction; the region's forms and values."""
    from .rules import REGIONS, Hand, WinContext

    region = REGIONS[name]
    if isinstance(rules, str):
        rules = _default_rules(name)
    if jokers:
        raise ValueError(f"{name} has no jokers: pass jokers=0")
    if melds is not None:
        raise ValueError("declared melds are not supported by the regional analysis yet")
    arr = _as_counts(counts)
    if name == "fuzhou":
        forms = dict(honor_sequences=rules.honor_chow,
                     shisanlan="strict" if rules.shisanlan_strict_147 else True)
    else:
        if np.asarray(arr)[27:].any():
            raise ValueError("Guiyang has no honour tiles")
        forms = {}
    options = analyze_discards(arr, 0, visible, **forms)
    out = []
    for o in options:
        values = None
        if o.shanten == 0:
            after = np.asarray(arr, dtype=np.uint8).copy()
            after[o.discard] -= 1
            hand = Hand(after, ())
            values = {}
            for t in o.waits:
                res = region.score(hand, WinContext(t, True), rules)
                if res.is_win:
                    values[t] = res.value
        if name == "guiyang":
            eff = {t: n for t, n in o.effective.items() if t < 27}
            o = o._replace(effective=eff, total=sum(eff.values()), waits=eff if o.shanten == 0 else {})
        out.append(o._replace(values=values))
    out.sort(key=lambda o: (o.shanten, -o.total, o.discard))
    return out


def _analyze_wuhan(counts, jokers, visible, rules, declared, indicator) -> list[DiscardOption]:
    from .rules import Hand, WinContext, wuhan

    if isinstance(rules, str):
        rules = _default_rules("wuhan")
    if indicator is None:
        raise ValueError("Wuhan analysis needs the indicator (the flipped 癩子皮)")
    if jokers:
        raise ValueError("under Wuhan rules the laizi are the hand's own tiles: pass jokers=0")
    indicator = tiles.tile_index(indicator)
    declared = tuple(declared)
    forbidden = wuhan.check_melds(declared, indicator, rules)
    arr = np.asarray(_as_counts(counts), dtype=np.uint8)
    laizi = wuhan.laizi_of(indicator, rules)
    held = [t for t in wuhan.must_kong_tiles(indicator, rules) if arr[t]]
    if held:
        raise ValueError(f"{tiles.tile_name(held[0])} must be konged before discarding (B-一.6-8)")
    meld_counts = np.zeros(34, np.int64)
    for m in declared:
        for t in m.tiles:
            meld_counts[t] += 1
    natural = arr.copy()
    natural[laizi] = 0
    meld_counts[indicator] += 1     # the flipped indicator is seen by everyone (B-一.4)
    unseen = unseen_counts(arr, meld_counts, visible).tolist()
    for t in wuhan.must_kong_tiles(indicator, rules):
        unseen[t] = 0     # never kept, so never an effective tile
    jokers = int(arr[laizi])
    # shanten and 进张 toward a small win (2-5-8 pair); the plain form finds the ready
    # discards whose waits may make a big win with another pair (碰碰胡, 清一色, ...)
    small = _core.discard_options(natural, jokers, unseen, False, True, False, False, pair258=True)
    plain = {row[0]: row for row in _core.discard_options(natural, jokers, unseen, False, True, False, False)}
    losers = [wuhan.Loser(s, True) for s in "ABC"]
    laizi_draw = {laizi: unseen[laizi]} if unseen[laizi] else {}
    out = []
    for d, sh, eff, tot in small:
        if d == laizi:
            continue      # a laizi is kept, or konged as a 癩子杠; it is not an ordinary discard
        values = None
        waits: dict = {}
        if forbidden:
            # the declared melds can never make a legal win: no wait, whatever the tiles
            out.append(DiscardOption(d, sh, eff, tot, {}, {} if plain[d][1] == 0 else None, None, forbidden))
            continue
        if plain[d][1] == 0:
            after = arr.copy()
            after[d] -= 1
            hand = Hand(after, declared)
            candidates = {**plain[d][2], **laizi_draw}
            values = {}
            for t in candidates:
                res = wuhan.score(hand, WinContext(t, True), rules, indicator=indicator, losers=losers)
                if res.is_win:
                    values[t] = res.value
            waits = {t: candidates[t] for t in values}
            if waits or sh == 0:
                # ready: the legal waits (none yet, e.g. before 開口, when only the shape is)
                sh, eff, tot = 0, waits, sum(waits.values())
        if sh > 0 and laizi_draw:
            eff = {**eff, **laizi_draw}        # a drawn laizi is a joker: always one step closer
            tot = sum(eff.values())
        out.append(DiscardOption(d, sh, eff, tot, waits, values if sh == 0 else None))
    out.sort(key=lambda o: (o.shanten, -o.total, o.discard))
    return out
