"""Readings when a joker may be a fifth (or later) copy of a kind: the rule-option
``ghost_as_fifth_copy`` of the joker regions.

The core's patterns use each kind at most four times.  A joker beyond the fourth copy
of kind t in the concealed part is only needed when the hand holds all four t: then
some set of the arrangement is a t-triplet or a t-pair (five t cannot all sit in
different sets), so that set is put aside and the rest is read by the core.
"""
from __future__ import annotations

from typing import Iterator, Sequence

from .. import _core
from ..melds import Reading

__all__ = ["readings_beyond_four"]


def readings_beyond_four(counts: Sequence[int], jokers: int, seven_pairs: bool) -> Iterator[Reading]:
    """Every reading of the complete hand (``counts`` without the jokers) when jokers may
    exceed four copies of a kind; readings within four come first (the core's)."""
    seen = set()
    for r in _candidates(counts, jokers, seven_pairs):
        key = (r.form, tuple(sorted(r.standins)), r.pair, r.triplets_only, r.free_melds, r.free_pairs)
        if key not in seen:
            seen.add(key)
            yield r


def _candidates(counts: Sequence[int], jokers: int, seven_pairs: bool) -> Iterator[Reading]:
    for r in _core.readings(bytes(counts), jokers, seven_pairs=seven_pairs):
        yield Reading(r.form, r.standins, r.pair, r.triplets_only, r.free_melds, r.free_pairs)
    if not jokers:
        return
    for t in range(34):
        if counts[t] != 4:
            continue
        for size in (3, 2):
            for b in range(1, min(size, jokers) + 1):     # the set aside holds b jokers as t
                rest = list(counts)
                rest[t] -= size - b
                yield from _beside_a_set(rest, jokers - b, t, b, size)


def _beside_a_set(rest: list, left: int, t: int, b: int, size: int) -> Iterator[Reading]:
    """Readings of ``rest`` (with ``left`` jokers) beside a set of t: a triplet, or the
    pair (then the rest must be sets only: read it with two more jokers and keep the
    readings where those two form the free pair); ``b`` jokers stand as t in that set."""
    if size == 3:
        for r in _core.readings(bytes(rest), left, seven_pairs=False):
            yield Reading("standard", tuple(sorted(r.standins + (t,) * b)), r.pair, r.triplets_only,
                          r.free_melds, r.free_pairs)
        return
    for r in _core.readings(bytes(rest), left + 2, seven_pairs=False):
        if r.free_pairs:
            yield Reading("standard", tuple(sorted(r.standins + (t,) * b)), t, r.triplets_only, r.free_melds, 0)
