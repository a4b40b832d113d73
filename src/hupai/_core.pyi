"""Types of the native core (src/hupai/_core.pyx).

tests/unit/test_typing.py checks this stub against the built module with
``mypy.stubtest``: every function, parameter and default must match.

Threads: ``decompose``, ``readings``, ``reading_summaries``, ``discard_table`` and the
``discard_options*`` helpers release the GIL while the kernel runs; ``is_win``,
``shanten``, ``waits``, ``improving``, ``deficit`` and ``lan_deficit`` (a few hundred
nanoseconds) hold it.  The ``batch_*`` functions convert their input with the GIL held
and run the rows without it, on up to ``threads`` threads (1 to ``MAX_BATCH_THREADS``,
at least 2048 rows each) of one persistent pool started on first use, the calling
thread working as one of them; a call that finds the pool busy (another Python thread's
batch) runs its rows on the calling thread alone.  Every row is copied, validated and
evaluated from the copy, so a caller's thread that changes the array meanwhile gets a
ValueError or the answer for some state of the data, never a crash.

Input types: single calls take a numpy array, a list or tuple of ints, bytes or any
1-D integer buffer (any item size, signedness and stride) without converting it; batch
calls read int8 to uint64 arrays in place; other dtypes (floats with integral values,
non-native byte order) are converted first.

Options (``seven_pairs``, ``quads_as_two_pairs``, ...) are ``bool`` (a numpy bool is
accepted); anything else is a TypeError.
"""
from collections.abc import ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import Any, Iterable, Literal, Sequence, TypeVar, Union, final, overload

import numpy as np
import numpy.typing as npt

from hupai.melds import Decomposition, Reading

_Counts = Union[npt.ArrayLike, bytes, str, Sequence[int]]
_Jokers = Union[int, np.integer]
_Lan = Union[bool, Literal["strict"]]
_BatchJokers = Union[int, npt.ArrayLike]
_T = TypeVar("_T")


@final
class TileMap(Mapping[int, int]):
    def __init__(self, items: Mapping[int, int] | Iterable[tuple[int, int]] = ...) -> None: ...
    def __getitem__(self, key: int, /) -> int: ...
    @overload
    def get(self, key: int, default: None = None, /) -> int | None: ...
    @overload
    def get(self, key: int, default: int | _T, /) -> int | _T: ...
    def __iter__(self) -> Iterator[int]: ...
    def __len__(self) -> int: ...
    def keys(self) -> KeysView[int]: ...
    def values(self) -> ValuesView[int]: ...
    def items(self) -> ItemsView[int, int]: ...
    def __hash__(self) -> int: ...

NO_TILES: TileMap
_Effective = TileMap
_Row = TypeVar("_Row", bound=tuple)

MAX_BATCH_THREADS: int  # the most ``threads=`` a batch call accepts

def pool_threads() -> int: ...  # worker threads the batch pool has started (0 before first use)

def is_win(counts: _Counts, jokers: _Jokers = 0, *, seven_pairs: bool = True, quads_as_two_pairs: bool = True,
           honor_sequences: bool = False, shisanlan: _Lan = False, pair258: bool = False) -> bool: ...
def shanten(counts: _Counts, jokers: _Jokers = 0, *, standard: bool = True, seven_pairs: bool = True,
            quads_as_two_pairs: bool = True, honor_sequences: bool = False, shisanlan: _Lan = False,
            pair258: bool = False) -> int: ...
def waits(counts: _Counts, jokers: _Jokers = 0, *, seven_pairs: bool = True, quads_as_two_pairs: bool = True,
          honor_sequences: bool = False, shisanlan: _Lan = False, pair258: bool = False) -> list[int]: ...
def wait_options(options: dict[str, Any]) -> int: ...
def wait_mask(counts: Union[bytes, bytearray], options: Union[dict[str, Any], int], joker_kinds: int = 0) -> int: ...
def improving(counts: _Counts, jokers: _Jokers = 0, *, standard: bool = True, seven_pairs: bool = True,
              quads_as_two_pairs: bool = True, honor_sequences: bool = False,
              shisanlan: _Lan = False, pair258: bool = False) -> list[int]: ...
def decompose(counts: _Counts, jokers: _Jokers = 0, *, seven_pairs: bool = True,
              quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> list[Decomposition]: ...
def readings(counts: _Counts, jokers: _Jokers = 0, *, seven_pairs: bool = True,
             quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> list[Reading]: ...
def reading_summaries(counts: _Counts, jokers: _Jokers = 0, extra: _Counts | None = None,
                      free_kinds: Sequence[int] | int | None = None, *, seven_pairs: bool = True,
                      quads_as_two_pairs: bool = True, honor_sequences: bool = False
                      ) -> list[tuple[str, bool, int | None, int, int, int]]: ...
def reading_quads(counts: _Counts, jokers: _Jokers = 0, extra: _Counts | None = None,
                  free_kinds: Iterable[int] | int | None = None, *, seven_pairs: bool = True,
                  quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> tuple[int, int, int]: ...
PROFILE_SEVEN: int
PROFILE_TRIPLETS: int
PROFILE_OTHER: int
PROFILE_GROUPS: int
PROFILE_FOURS: int
PROFILE_DISTINCT: int
PROFILE_LAN: int
PROFILE_SEVEN_STARS: int
def win_profile(counts: Union[bytes, bytearray], win_tile: int, meld_counts: Union[bytes, bytearray, None] = None,
                options: int = ..., joker: int = -1) -> int: ...
CLASSES_HARD: int
CLASSES_GROUPS: int
CLASSES_WITHIN_A: int
CLASSES_JOKERS: int
CLASSES_BLOCKED: int
CLASSES_SOFT: int
CLASS_PAIR: int
CLASS_FREE_PAIR: int
CLASS_TRIPLETS: int
CLASS_WITHIN_A: int
CLASS_WIN_PAIRS_JOKER: int
def reading_classes(counts: Union[bytes, bytearray], win_tile: int, meld_counts: Union[bytes, bytearray, None] = None,
                    joker: int = -1, pair_kinds: int = 0, kinds_a: int = 0,
                    options: int = ..., most_jokers: int = 8, blocked: int = 0, flipped: int = -1) -> int: ...
def wait_quads(counts: _Counts, jokers: _Jokers = 0, extra: _Counts | None = None,
               candidates: Iterable[int] | None = None, free_kinds: Sequence[Iterable[int] | int] | None = None, *,
               seven_pairs: bool = True, quads_as_two_pairs: bool = True, honor_sequences: bool = False
               ) -> list[tuple[int, int, int, int, tuple[int, ...]]]: ...
def discard_table(counts: _Counts, jokers: _Jokers = 0, *, seven_pairs: bool = True,
                  quads_as_two_pairs: bool = True, honor_sequences: bool = False,
                  shisanlan: _Lan = False) -> dict[int, tuple[int, list[int]]]: ...
def held_kinds(counts: _Counts, excluded: int = 0) -> list[int]: ...
def held_mask(counts: _Counts) -> int: ...
def count_bytes(counts: _Counts) -> bytes: ...
@overload
def discard_options(counts: _Counts, jokers: _Jokers, unseen: Sequence[int], seven_pairs: bool = True,
                    quads_as_two_pairs: bool = True, honor_sequences: bool = False, shisanlan: _Lan = False,
                    void_suit: int = -1, pair258: bool = False,
                    ranked: bool = False, option: None = None, also_effective: int = -1) -> list[tuple[int, int, _Effective, int]]: ...
@overload
def discard_options(counts: _Counts, jokers: _Jokers, unseen: Sequence[int], seven_pairs: bool = True,
                    quads_as_two_pairs: bool = True, honor_sequences: bool = False, shisanlan: _Lan = False,
                    void_suit: int = -1, pair258: bool = False,
                    ranked: bool = False, *, option: type[_Row], also_effective: int = -1) -> list[_Row]: ...
def unseen(counts: _Counts, seen: _Counts | None = None, visible: _Counts | None = None,
           kinds: int = 34) -> list[int]: ...
@overload
def discard_options_void(counts: _Counts, jokers: _Jokers, unseen: Sequence[int],
                         seven_pairs: bool = True,
                         voids: Sequence[int] = ..., *, ranked: bool = False, option: None = None,
                         also_effective: int = -1) -> list[tuple[int, int, _Effective, int, int]]: ...
@overload
def discard_options_void(counts: _Counts, jokers: _Jokers, unseen: Sequence[int],
                         seven_pairs: bool = True, voids: Sequence[int] = ..., *, ranked: bool = False,
                         option: type[_Row], also_effective: int = -1) -> list[_Row]: ...
def lan_deficit(counts: _Counts, *, strict: bool = False, seven_stars: bool = False) -> int: ...
def deficit(counts: _Counts, jokers: _Jokers = 0, *, standard: bool = True, seven_pairs: bool = True,
            quads_as_two_pairs: bool = True, honor_sequences: bool = False, shisanlan: _Lan = False,
            pair258: bool = False) -> int: ...

def batch_is_win(hands: npt.ArrayLike, jokers: _BatchJokers = 0, *, seven_pairs: bool = True,
                 quads_as_two_pairs: bool = True, honor_sequences: bool = False, shisanlan: _Lan = False,
                 threads: int = 1) -> npt.NDArray[np.bool_]: ...
def batch_shanten(hands: npt.ArrayLike, jokers: _BatchJokers = 0, *, standard: bool = True,
                  seven_pairs: bool = True, quads_as_two_pairs: bool = True, honor_sequences: bool = False,
                  shisanlan: _Lan = False, threads: int = 1) -> npt.NDArray[np.int8]: ...
def batch_waits(hands: npt.ArrayLike, jokers: _BatchJokers = 0, *, seven_pairs: bool = True,
                quads_as_two_pairs: bool = True, honor_sequences: bool = False, shisanlan: _Lan = False,
                threads: int = 1) -> npt.NDArray[np.bool_]: ...
def batch_discards(hands: npt.ArrayLike, jokers: _BatchJokers = 0, *, seven_pairs: bool = True,
                   quads_as_two_pairs: bool = True, honor_sequences: bool = False, shisanlan: _Lan = False,
                   threads: int = 1) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint64]]: ...

def gather_rows(store: npt.NDArray[np.float32], rows: bytes) -> npt.NDArray[np.float32]: ...
def apply_moves(events: list[dict[str, object]], start: int, store: npt.NDArray[np.float32],
                layout: tuple[int, ...], last_discard: int) -> tuple[int, int, int, int, int]: ...
def tile_mask(actions: list, kinds: dict[str, tuple[int, int]],
              size: int) -> tuple[npt.NDArray[np.int8], bytearray, list[int] | None]: ...
def seed_state(entropy: int, spawn_key: tuple[int, ...], n_words: int,
               dtype: npt.DTypeLike = ...) -> npt.NDArray[np.unsignedinteger]: ...
def seed_word(entropy: int, spawn_key: tuple[int, ...]) -> int: ...
