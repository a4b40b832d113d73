"""Discard analysis for bots: which tile to throw, with what is left to draw.

:func:`analyze_discards` is the kernel's analysis; with ``rules`` it hands the hand to the
region's own analysis (``region.analyze``), which :func:`plain_region_options` and the
helpers here serve."""
from __future__ import annotations

import functools
from typing import Any, Callable, NamedTuple, Optional, Sequence

import numpy as np

from . import _core, tiles
from ._messages import short
from .rules.model import Hand, check_bool, declared_melds, from_fields
from .rules.situation import NO_FACTS, Situation

__all__ = ["DiscardOption", "TileMap", "NO_TILES", "analyze_discards", "unseen_counts", "meld_counts",
           "plain_region_options", "rank"]

#: An immutable map of tile kinds to counts (:class:`hupai._core.TileMap`): an option's
#: effective tiles and waits, made by the kernel without a dict; ``dict(m)`` copies it.
TileMap = _core.TileMap
#: The empty :class:`TileMap`: the waits of an option that is not ready.
NO_TILES: TileMap = _core.NO_TILES


class DiscardOption(NamedTuple):
    """One possible discard of a 3M+2 hand.

    ``effective`` maps each kind whose draw would lower ``shanten`` (进张) to how many of
    its copies are still unseen, in kind order; ``total`` is their sum.  ``waits`` is the
    same map when the hand is ready after the discard (shanten 0), else empty.  Both are
    immutable maps (:class:`TileMap`, read as a dict; ``dict(option.effective)`` copies
    one), so options can be shared and cached safely."""

    discard: int
    shanten: int
    effective: TileMap
    total: int
    waits: TileMap
    values: Optional[dict] = None   # with rules: each wait's best value (self-drawn)
    void: Optional[str] = None      # Luzhou: the suit given up (缺一門), "m", "p" or "s"
    reason: Optional[str] = None    # with rules: why no wait can make a legal win (a forbidden meld)

    def to_dict(self) -> dict:
        """Plain JSON types, tiles in notation."""
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


#: A :class:`DiscardOption` of a tuple of all eight fields (:func:`~hupai.rules.model.from_fields`).
new_option = from_fields(DiscardOption)


def unseen_counts(counts, melds=None, visible=None) -> np.ndarray:
    """4 minus the copies the player holds (hand, and ``melds``: 34 counts of his melds'
    tiles) and the copies seen on the table (``visible``), never below 0: what may still
    be drawn."""
    return np.array(unseen_list(counts, melds, visible), np.int64)


def unseen_list(counts, melds=None, visible=None) -> list[int]:
    """:func:`unseen_counts` as a list (what the kernel's analysis takes)."""
    return unseen_of(counts, melds, visible)


def unseen_of(counts, melds, visible, kinds: int = tiles.NUM_KINDS) -> list[int]:
    """The unseen copies of each of the first ``kinds`` kinds (0 beyond), ``counts``
    held and ``melds`` and ``visible`` seen (34 counts each, or None): the kernel counts
    them in one call.  An input it refuses is read again the slow way
    (:func:`unseen_of_lists`), whose checks word the error."""
    try:
        return _core.unseen(counts, melds, visible, kinds)
    except (ValueError, TypeError):
        pass
    unseen = unseen_of_lists(count_list(counts), None if melds is None else _count_list(melds, "melds"),
                             None if visible is None else _count_list(visible, "visible"))
    unseen[kinds:] = [0] * (tiles.NUM_KINDS - kinds)
    return unseen


def unseen_of_lists(counts: list[int], melds: Optional[list[int]], visible: Optional[list[int]]) -> list[int]:
    """:func:`unseen_list` of counts already read as lists of ints (:func:`count_list`)."""
    # 34 counts are summed faster as lists than by numpy's calls on such small arrays,
    # and in one pass
    rows = [counts]
    for arr, what in ((melds, "melds"), (visible, "visible")):
        if arr is not None:
            if not _all_zero_to_four(arr):
                raise ValueError(f"{what} counts must be 0-4")
            rows.append(arr)
    if len(rows) == 3:
        unseen = [4 - a - b - c for a, b, c in zip(*rows)]
    elif len(rows) == 2:
        unseen = [4 - a - b for a, b in zip(*rows)]
    else:
        unseen = [4 - a for a in counts]
    if min(unseen) < 0:
        t = next(t for t, n in enumerate(unseen) if n < 0)
        raise ValueError(f"{4 - unseen[t]} copies of {tiles.tile_name(t)} held and seen; only 4 exist")
    return unseen


def _all_zero_to_four(counts: list[int]) -> bool:
    """Whether every count is 0-4 (as bytes, a value outside 0-255 fails, and deleting
    the bytes 0-4 leaves nothing: cheaper than ``min`` and ``max`` on 34 ints)."""
    try:
        return not bytes(counts).translate(None, _ZERO_TO_FOUR)
    except ValueError:
        return False


_ZERO_TO_FOUR = bytes(range(5))


def _count_list(counts, what: str) -> list[int]:
    """``_whole_counts(counts, what).tolist()``; 34 counts that are an integer array of
    the two types the library makes (int64, uint8) are read as they are."""
    if type(counts) is np.ndarray and (counts.dtype is _INT64 or counts.dtype is _UINT8) and counts.shape == (34,):
        return counts.tolist()
    return _whole_counts(counts, what).tolist()


_INT64, _UINT8 = np.dtype(np.int64), np.dtype(np.uint8)


def _whole_counts(counts, what: str) -> np.ndarray:
    """34 counts as int64; TypeError for a non-numeric array, ValueError for another
    shape or a count that is not a whole number (never truncated)."""
    arr = np.asarray(counts)
    if arr.shape != (34,):
        raise ValueError(f"{what} are 34 counts, got shape {arr.shape}")
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{what} are integer counts, not {arr.dtype}")
    if arr.dtype.kind == "f" and not (np.isfinite(arr).all() and (arr == np.round(arr)).all()):
        raise ValueError(f"{what} must be whole numbers")
    return arr.astype(np.int64)


def meld_counts(melds: Sequence[Any]) -> np.ndarray:
    """34 counts of the tiles of declared melds (:class:`~hupai.rules.DeclaredMeld`)."""
    return np.array(meld_list(melds), np.int64)


def meld_list(melds: Sequence[Any]) -> list[int]:
    """:func:`meld_counts` as a list of ints."""
    out = [0] * 34
    for m in declared_melds(melds):
        for t in m.tiles:
            out[t] += 1
    return out


def analyze_discards(counts, jokers: int = 0, visible=None, rules=None, *, melds: Sequence[Any] = (),
                     seven_pairs: bool = True, quads_as_two_pairs: bool = True,
                     honor_sequences: bool = False, shisanlan=False, values: bool = True,
                     **facts: Any) -> list[DiscardOption]:
    """Every distinct discard of a 3M+2 hand (``counts`` without the jokers), best first:
    lowest shanten, then the most unseen effective tiles.

    ``visible`` (34 counts) are the tiles seen on the table and ``melds`` the player's
    declared melds (:class:`~hupai.rules.DeclaredMeld`; ``counts`` are then the
    concealed tiles); a tile the player holds is never counted as available.  Options as
    in :func:`hupai.shanten`.

    With ``rules`` (a region's name, its rules object or the region itself) the region's
    own analysis answers (its forms, its jokers, each wait's value; see each region's
    ``analyze``): the kernel options are then the region's, ``jokers`` must be 0 (a
    region's jokers are tiles of the hand), and keyword ``facts`` are the situation the
    region needs (Wuhan: ``indicator``; :class:`~hupai.rules.Situation`).  ``values``
    false skips valuing the waits (``values`` None in every option, the ranking as it
    is): a bot that only picks the best discard pays for no scoring."""
    values = check_bool(values, "values")
    if rules is not None:
        return _regional(counts, jokers, visible, rules, melds, facts,
                         (seven_pairs, quads_as_two_pairs, honor_sequences, shisanlan), values)
    if facts:
        raise TypeError(f"analyze_discards got unexpected argument {short(next(iter(facts)))} "
                        "(situation facts go with rules=)")
    return _ranked_options(counts, jokers, visible, declared_melds(melds), seven_pairs, quads_as_two_pairs,
                           honor_sequences, shisanlan)


def _ranked_options(counts, jokers, visible, melds: tuple, seven_pairs, quads_as_two_pairs, honor_sequences,
                    shisanlan, kinds: int = tiles.NUM_KINDS) -> list[DiscardOption]:
    """The kernel's option of every discard, best first, no values; only the first
    ``kinds`` kinds are drawn (the kernel leaves a kind with no unseen copy out of the
    effective tiles)."""
    unseen = unseen_of(counts, meld_list(melds) if melds else None, visible, kinds)   # (melds: DeclaredMeld)
    return _core.discard_options(counts, jokers, unseen, seven_pairs, quads_as_two_pairs, honor_sequences,
                                 shisanlan, ranked=True, option=DiscardOption)


def _regional(counts, jokers, visible, rules, melds, facts, options, values: bool) -> list[DiscardOption]:
    region, rules = _region_of()(rules)
    if options != (True, True, False, False):
        raise ValueError(f"with rules, the forms are {region.name}'s own: leave seven_pairs, "
                         "quads_as_two_pairs, honor_sequences and shisanlan as they are")
    if isinstance(jokers, bool) or jokers != 0:
        raise ValueError(f"under {region.name} rules the jokers are tiles of the hand: pass jokers=0")
    return region.analyze(counts, rules, visible=visible, melds=melds, situation=_situation(facts), values=values)


def _situation(facts: dict) -> Situation:
    """The situation of an analysis's keyword facts: none is the plain one, and facts of
    hashable values (an ``indicator``, flags) make a situation once (it is immutable,
    so analyses of one table share it); others are checked afresh."""
    if not facts:
        return NO_FACTS
    try:
        # (each value's type in the key: 5.0 equals 5 but is no tile index)
        if len(facts) == 1:         # (the common case, a Wuhan indicator: no sort)
            ((name, value),) = facts.items()
            return _situation_of(((name, type(value), value),))
        return _situation_of(tuple((k, type(v), v) for k, v in sorted(facts.items())))
    except TypeError:               # a value that is no key (a list of losers)
        return Situation(**facts)


@functools.lru_cache(maxsize=1024)
def _situation_of(items: tuple) -> Situation:
    return Situation(**{k: v for k, _, v in items})


@functools.lru_cache(maxsize=None)
def _region_of() -> Callable[[Any], tuple[Any, Any]]:
    """``hupai.rules.region_of``, imported once (the rules package imports this module)."""
    from .rules import region_of
    return region_of


def _rank(row) -> tuple:
    """The sort key of a kernel row or a :class:`DiscardOption` (shanten, total and
    discard sit at the same places in both; indexing is cheaper than attributes)."""
    return (row[1], -row[3], row[0])


def rank(options: list[DiscardOption]) -> list[DiscardOption]:
    """Best first: lowest shanten, then the most unseen effective tiles, then the tile."""
    return sorted(options, key=_rank)


def as_counts(counts) -> np.ndarray:
    """Counts given as notation or 34 whole numbers, as int64."""
    return _as_counts(counts)


def count_bytes(counts) -> bytes:
    """One hand's 34 counts (0-4) as bytes, read by the kernel in one call
    (:func:`hupai._core.count_bytes`); an input it refuses is read again by
    :func:`count_list`, whose checks word the error."""
    try:
        return _core.count_bytes(counts)
    except (ValueError, TypeError):
        pass
    return _core.count_bytes(count_list(counts))


def count_list(counts, what: str = "counts") -> list[int]:
    """:func:`as_counts` as a list of ints (counts as notation, or 34 whole numbers)."""
    if isinstance(counts, str):
        return tiles.parse(counts).tolist()
    return _count_list(counts, what)


def _as_counts(counts) -> np.ndarray:
    if isinstance(counts, str):
        return tiles.parse(counts).astype(np.int64)
    return _whole_counts(counts, "counts")


def plain_region_options(counts, visible, melds: tuple, forms: dict,
                         value_of: Optional[Callable[[Any, int], Any]],
                         forbidden: Optional[str] = None, kinds: int = 34) -> list[DiscardOption]:
    """A region's analysis without jokers: the kernel's options under the region's
    ``forms``, the effective tiles limited to the first ``kinds`` kinds (Guiyang has no
    honours), and for each ready discard the value of each wait, ``value_of(hand, tile)``
    (None: no legal win; ``value_of`` None: no values).  A ``forbidden`` hand (a meld the
    rules do not allow) has no wait, with the reason."""
    # the counts as bytes, read once by the kernel: numpy's calls cost more than the
    # work on 34 counts
    held = count_bytes(counts)
    if kinds < tiles.NUM_KINDS and _core.held_mask(held) >> kinds:
        raise ValueError(f"the region has no tile {tiles.tile_name(next(t for t in range(kinds, 34) if held[t]))}")
    options = _ranked_options(held, 0, visible, melds, not melds, True, forms.get("honor_sequences", False),
                              forms.get("shisanlan", False), kinds=kinds)
    if forbidden:
        return [new_option((o.discard, o.shanten, o.effective, o.total, NO_TILES, {} if o.shanten == 0 else None, None,
                            forbidden)) for o in options]
    if value_of is None or not options or options[0].shanten != 0:
        return options      # (ranked: a ready option comes first)
    return [_valued(o, held, melds, value_of) if o.shanten == 0 else o for o in options]


def _valued(option: DiscardOption, held: bytes, melds: tuple,
            value_of: Callable[[Any, int], Any]) -> DiscardOption:
    """A ready option with the value of each wait, ``value_of(hand, tile)``, None (no
    legal win) left out."""
    after = bytearray(held)      # (0-4 each: the kernel has checked them)
    after[option.discard] -= 1
    hand = Hand(np.frombuffer(after, np.uint8).copy(), melds)
    return option._replace(values={t: v for t in option.waits if (v := value_of(hand, t)) is not None})
