"""Discard analysis for bots: which tile to throw, with what is left to draw."""
from __future__ import annotations

from typing import NamedTuple, Optional, Sequence

import numpy as np

from . import _core, tiles

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

    def to_json(self) -> dict:
        name = tiles.tile_name
        out = {"discard": name(self.discard), "shanten": int(self.shanten),
               "effective": {name(t): n for t, n in self.effective.items()}, "total": int(self.total)}
        if self.shanten == 0:
            out["waits"] = {name(t): n for t, n in self.waits.items()}
        return out


def unseen_counts(counts, melds=None, visible=None) -> np.ndarray:
    """4 minus the copies the player holds (hand and melds) and the copies seen on the
    table (``visible``), never below 0: what may still be drawn."""
    seen = np.asarray(counts, dtype=np.int64).copy()
    for extra in (melds, visible):
        if extra is not None:
            arr = np.asarray(extra)
            if arr.shape != (34,):
                raise ValueError(f"melds and visible are 34 counts, got shape {arr.shape}")
            if (arr < 0).any() or (arr > 4).any():
                raise ValueError("melds and visible counts must be 0-4")
            seen += arr.astype(np.int64)
    if (seen > 4).any():
        t = int(np.flatnonzero(seen > 4)[0])
        raise ValueError(f"{seen[t]} copies of {tiles.tile_name(t)} held and seen; only 4 exist")
    return (4 - seen).astype(np.int64)


def analyze_discards(counts, jokers: int = 0, visible=None, *, melds=None,
                     seven_pairs: bool = True, quads_as_two_pairs: bool = True,
                     honor_sequences: bool = False, shisanlan=False) -> list[DiscardOption]:
    """Every distinct discard of a 3M+2 hand (``counts`` without the jokers), best first:
    lowest shanten, then the most unseen effective tiles.

    ``visible`` (34 counts) are the tiles seen on the table and ``melds`` the tiles of
    the player's declared melds; a tile the player holds is never counted as available.
    Options as in :func:`hupai.shanten`."""
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
    arr = np.asarray(counts)
    if arr.shape != (34,):
        raise ValueError(f"counts must have shape (34,), got {arr.shape}")
    return arr
