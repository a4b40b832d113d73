"""The wall: a seeded permutation of the region's tiles, drawn from the front, with
replacement draws and burns from the back (design/table.md §1, §3)."""
from __future__ import annotations

from collections import Counter
from typing import Sequence, SupportsIndex

import numpy as np
from numpy.random.bit_generator import ISeedSequence

from .. import _core, tiles
from .._messages import short

__all__ = ["Wall", "shuffled", "round_generator", "whole"]


def whole(value: object, what: str) -> int:
    """``value`` (an int or a numpy integer, not a bool) as an int 0 or more; ValueError
    naming ``what`` otherwise.  (Callers' integers are annotated ``SupportsIndex``: the
    compiled engine would refuse a numpy integer annotated ``int`` before this check.)"""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"{what} is a whole number 0 or more, not {short(value)}")
    return int(value)


def round_generator(seed: SupportsIndex, round_index: SupportsIndex) -> np.random.Generator:
    """The generator of round ``round_index`` of a run seeded ``seed``: PCG64 over a
    ``SeedSequence`` spawned by index, so each round's wall depends only on the run's
    seed and its index (not on where or in what order rounds are played)."""
    key = _RoundSeed(whole(seed, "a seed"), (whole(round_index, "a round index"),))
    # numpy's stubs name SeedSequence; its bit generators take any ISeedSequence (as
    # numpy.random.bit_generator.ISeedSequence documents)
    return np.random.Generator(np.random.PCG64(key))  # type: ignore[arg-type]


class _RoundSeed(ISeedSequence):
    """``SeedSequence(seed, spawn_key=key)`` as PCG64 reads it (``generate_state``), the
    same words hashed natively: building the SeedSequence took about 6 µs of a round."""

    __slots__ = ("seed", "key")

    def __init__(self, seed: int, key: tuple[int, ...]) -> None:
        self.seed, self.key = seed, key

    def generate_state(self, n_words: int, dtype=np.uint32) -> np.ndarray:
        return _core.seed_state(self.seed, self.key, n_words, dtype)


def shuffled(tile_set: Sequence[int], seed: SupportsIndex, round_index: SupportsIndex) -> list[int]:
    """The wall of that round: a permutation of ``tile_set``."""
    order = round_generator(seed, round_index).permutation(len(tile_set))
    return [tile_set[i] for i in order.tolist()]


class Wall:
    """The tiles in draw order; ``front`` is the next normal draw, ``back`` the next
    replacement draw; ``reserve`` tiles at the back are never drawn (Wuhan's 海底).
    ``live``, the tiles that may still be drawn, is kept as the wall changes: the engine
    reads it several times a step."""

    __slots__ = ("tiles", "front", "back", "reserve", "live")

    def __init__(self, wall: Sequence[int], tile_set: Sequence[int], reserve: int = 0, check: bool = True) -> None:
        """``check`` False only for a wall :func:`shuffled` made from ``tile_set``."""
        if check and Counter(wall) != Counter(tile_set):
            raise ValueError(f"the wall is not a permutation of the region's {len(tile_set)} tiles "
                             f"(got {len(wall)} tiles: {short(tiles.format_sequence(wall))})")
        self.tiles = list(wall)
        self.front = 0
        self.back = len(self.tiles) - 1
        self.reserve = reserve
        self.live = len(self.tiles) - reserve

    @property
    def undrawn(self) -> int:
        return self.back - self.front + 1

    def take_front(self) -> int:
        if self.back < self.front:
            raise ValueError("the wall is empty")
        t = self.tiles[self.front]
        self.front += 1
        self.live -= 1
        return t

    def take_front_many(self, n: int) -> list[int]:
        """The next ``n`` front tiles at once (the deal's hand-outs)."""
        if self.back - self.front + 1 < n:
            raise ValueError("the wall is empty")
        got = self.tiles[self.front:self.front + n]
        self.front += n
        self.live -= n
        return got

    def take_back(self) -> int:
        if self.back < self.front:
            raise ValueError("the wall is empty")
        t = self.tiles[self.back]
        self.back -= 1
        self.live -= 1
        return t
