"""Reference placement of joker-only sets (slow, obviously correct), for tests."""
from __future__ import annotations

from typing import Iterator, Sequence

__all__ = ["place_free_sets"]


def _sequences(kinds: frozenset[int]) -> list[tuple[int, int, int]]:
    out = []
    for t in sorted(kinds):
        if t < 27 and t % 9 <= 6 and t + 1 in kinds and t + 2 in kinds:
            out.append((t, t + 1, t + 2))
    return out


def place_free_sets(base: Sequence[int], free_melds: int, free_pairs: int,
                    kinds: Sequence[int], triplets_only: bool,
                    honor_sequences: Sequence[tuple[int, int, int]] = ()) -> Iterator[tuple[int, ...]]:
    """Every distinct final count vector obtained by giving kinds (from ``kinds``) to
    ``free_melds`` joker-only melds (triplets, or sequences unless ``triplets_only``)
    and ``free_pairs`` joker-only pairs on top of ``base``, never above four of a kind.

    A hand has at most two free melds and one free pair (eight jokers), so the search
    is small; placements that give the same counts are yielded once."""
    allowed = frozenset(kinds)
    seqs = [] if triplets_only else _sequences(allowed) + [
        s for s in honor_sequences if all(t in allowed for t in s)]
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
