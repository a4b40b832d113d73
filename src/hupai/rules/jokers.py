"""Choosing kinds for the jokers that form whole sets on their own (shared by regions)."""
from __future__ import annotations

from typing import Iterator, Optional, Sequence

__all__ = ["place_free_sets", "max_quads"]


def _sequences(kinds: frozenset[int]) -> list[tuple[int, int, int]]:
    out = []
    for t in sorted(kinds):
        if t < 27 and t % 9 <= 6 and t + 1 in kinds and t + 2 in kinds:
            out.append((t, t + 1, t + 2))
    return out


def place_free_sets(base: Sequence[int], free_melds: int, free_pairs: int,
                    kinds: Sequence[int], triplets_only: bool) -> Iterator[tuple[int, ...]]:
    """Every distinct final count vector obtained by giving kinds (from ``kinds``) to
    ``free_melds`` joker-only melds (triplets, or sequences unless ``triplets_only``)
    and ``free_pairs`` joker-only pairs on top of ``base``, never above four of a kind.

    A hand has at most two free melds and one free pair (eight jokers), so the search
    is small; placements that give the same counts are yielded once."""
    allowed = frozenset(kinds)
    seqs = [] if triplets_only else _sequences(allowed)
    seen: set[tuple[int, ...]] = set()

    def rec(counts: list[int], melds: int, pairs: int, floor: int) -> Iterator[tuple[int, ...]]:
        if melds == 0 and pairs == 0:
            key = tuple(counts)
            if key not in seen:
                seen.add(key)
                yield key
            return
        if melds:
            # option ids keep the melds in non-decreasing order (a multiset)
            options = [(t, t, t) for t in sorted(allowed)] + seqs
            for i in range(floor, len(options)):
                opt = options[i]
                if all(counts[t] + opt.count(t) <= 4 for t in set(opt)):
                    for t in opt:
                        counts[t] += 1
                    yield from rec(counts, melds - 1, pairs, i)
                    for t in opt:
                        counts[t] -= 1
            return
        for t in sorted(allowed):
            if counts[t] <= 2:
                counts[t] += 2
                yield from rec(counts, 0, pairs - 1, 0)
                counts[t] -= 2

    yield from rec(list(base), free_melds, free_pairs, 0)


def _quads(counts: Sequence[int]) -> int:
    return sum(1 for x in counts if x == 4)


def max_quads(base: Sequence[int], free_melds: int, free_pairs: int, kinds: Sequence[int],
              triplets_only: bool) -> Optional[int]:
    """The most kinds at exactly four after placing the free sets on ``base`` (see
    :func:`place_free_sets`), or None when they cannot be placed.  One free set, the
    usual case, is decided directly: a triplet tops up a single, a pair a pair, a
    sequence every kind it meets at three."""
    q0 = _quads(base)
    if free_melds + free_pairs == 0:
        return q0
    if free_melds + free_pairs > 1:
        return max((_quads(f) for f in place_free_sets(base, free_melds, free_pairs, kinds,
                                                       triplets_only)), default=None)
    best: Optional[int] = None
    if free_pairs:
        for t in kinds:
            if base[t] <= 2:
                best = max(best or 0, q0 + (base[t] == 2))
        return best
    for t in kinds:
        if base[t] <= 1:
            best = max(best or 0, q0 + (base[t] == 1))
    if not triplets_only:
        for a, b, c in _sequences(frozenset(kinds)):
            if base[a] <= 3 and base[b] <= 3 and base[c] <= 3:
                best = max(best or 0, q0 + (base[a] == 3) + (base[b] == 3) + (base[c] == 3))
    return best
