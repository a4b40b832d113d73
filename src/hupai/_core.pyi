from typing import Sequence, Union

import numpy as np
import numpy.typing as npt

from hupai.melds import Decomposition, Reading

Counts = Union[npt.ArrayLike, bytes, str, Sequence[int]]
Jokers = Union[int, np.integer]

def is_win(counts: Counts, jokers: Jokers = 0, *, seven_pairs: bool = True,
           quads_as_two_pairs: bool = True, honor_sequences: bool = False, shisanlan: Union[bool, str] = False) -> bool: ...
def shanten(counts: Counts, jokers: Jokers = 0, *, standard: bool = True, seven_pairs: bool = True,
            quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> int: ...
def waits(counts: Counts, jokers: Jokers = 0, *, seven_pairs: bool = True,
          quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> list[int]: ...
def improving(counts: Counts, jokers: Jokers = 0, *, standard: bool = True, seven_pairs: bool = True,
              quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> list[int]: ...
def decompose(counts: Counts, jokers: Jokers = 0, *, seven_pairs: bool = True,
              quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> list[Decomposition]: ...
def readings(counts: Counts, jokers: Jokers = 0, *, seven_pairs: bool = True,
             quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> list[Reading]: ...
def reading_summaries(counts: Counts, jokers: Jokers = 0, extra: Counts | None = None,
                      free_kinds: Sequence[int] | None = None, *, seven_pairs: bool = True,
                      quads_as_two_pairs: bool = True, honor_sequences: bool = False
                      ) -> list[tuple[str, bool, int | None, int, int, int]]: ...
def lan_deficit(counts: Counts, *, strict: bool = False, seven_stars: bool = False) -> int: ...
def deficit(counts: Counts, jokers: Jokers = 0, *, standard: bool = True, seven_pairs: bool = True,
            quads_as_two_pairs: bool = True, honor_sequences: bool = False) -> int: ...

BatchJokers = Union[int, npt.ArrayLike]

def batch_is_win(hands: npt.ArrayLike, jokers: BatchJokers = 0, *, seven_pairs: bool = True,
                 quads_as_two_pairs: bool = True, honor_sequences: bool = False,
                 threads: int = 1) -> npt.NDArray[np.bool_]: ...
def batch_shanten(hands: npt.ArrayLike, jokers: BatchJokers = 0, *, standard: bool = True,
                  seven_pairs: bool = True, quads_as_two_pairs: bool = True,
                  honor_sequences: bool = False, threads: int = 1) -> npt.NDArray[np.int8]: ...
def batch_waits(hands: npt.ArrayLike, jokers: BatchJokers = 0, *, seven_pairs: bool = True,
                quads_as_two_pairs: bool = True, honor_sequences: bool = False,
                threads: int = 1) -> npt.NDArray[np.bool_]: ...
def batch_discards(hands: npt.ArrayLike, jokers: BatchJokers = 0, *, seven_pairs: bool = True,
                   quads_as_two_pairs: bool = True, honor_sequences: bool = False,
                   shisanlan: Union[bool, str] = False,
                   threads: int = 1) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint64]]: ...
def discard_table(counts: Counts, jokers: Jokers = 0, *, seven_pairs: bool = True,
                  quads_as_two_pairs: bool = True, honor_sequences: bool = False,
                  shisanlan: Union[bool, str] = False) -> dict[int, tuple[int, list[int]]]: ...
