"""Kernel functions over many hands at once.

Each function takes an (N, 34) array of counts (uint8 avoids a copy) and ``jokers``
as a scalar or an (N,) array, with the same options as the single-hand function of
the same name, and returns numpy arrays equal to the single-hand results row by row:
``is_win`` (N,) bool, ``shanten`` (N,) int8, ``waits`` (N, 34) bool; ``discards`` gives,
for self-play bots, the shanten after each discard and the improving tiles as bit masks.

Every row is copied, validated and evaluated without the GIL; ``threads=n`` hands the
rows out in chunks to a persistent pool of worker threads (the calling thread is one of
them), at least 2048 rows per thread, so a small batch stays on one thread and
``threads=2`` is never slower than ``threads=1``. int8 to uint64 arrays are read in
place; other dtypes are converted first.
"""
from ._core import batch_discards as discards
from ._core import batch_is_win as is_win
from ._core import batch_shanten as shanten
from ._core import batch_waits as waits

__all__ = ["is_win", "shanten", "waits", "discards"]
