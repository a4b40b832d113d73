"""Tiles: named constants, and the one parser and formatter of tile notation.

A hand is a 34-slot count vector (numpy ``uint8``) in Tenhou order:

====== ============ ===============================
index  tiles        notation
====== ============ ===============================
0-8    1-9 萬 (m)   ``1m`` … ``9m``, 一万 … 九万, 🀇 … 🀏
9-17   1-9 筒 (p)   ``1p`` … ``9p``, 一筒 … 九筒, 🀙 … 🀡
18-26  1-9 條 (s)   ``1s`` … ``9s``, 一条 … 九条, 🀐 … 🀘
27-33  honours (z)  ``1z`` … ``7z`` = 东 南 西 北 白 发 中
====== ============ ===============================

:func:`parse` reads mpsz (``"123m456p789s11z"``, spaces allowed), Chinese (simplified
or traditional, e.g. ``"一万二万三万東東"``) and the Unicode mahjong tiles, freely mixed.
:func:`format` writes any of the three.
"""
from __future__ import annotations

import builtins
from typing import Iterable, Literal, Union

import numpy as np

from ._messages import short

__all__ = [
    "NUM_KINDS", "MAN", "PIN", "SOU", "HONORS",
    "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9",
    "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9",
    "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9",
    "EAST", "SOUTH", "WEST", "NORTH", "WHITE", "GREEN", "RED",
    "WINDS", "DRAGONS", "SUITED",
    "parse", "parse_tile", "tile_index", "format", "tile_name", "from_indices", "to_indices",
    "suit_of", "rank_of", "is_honor", "next_in_suit", "parse_sequence", "format_sequence",
    "GROUP_BIT", "group_bits",
]

NUM_KINDS = 34
MAN, PIN, SOU, HONORS = 0, 9, 18, 27  # first index of each group

M1, M2, M3, M4, M5, M6, M7, M8, M9 = range(MAN, MAN + 9)
P1, P2, P3, P4, P5, P6, P7, P8, P9 = range(PIN, PIN + 9)
S1, S2, S3, S4, S5, S6, S7, S8, S9 = range(SOU, SOU + 9)
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(HONORS, HONORS + 7)

WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
SUITED = tuple(range(MAN, HONORS))

_SUIT_LETTERS = "mpsz"
_SUIT_BASE = {"m": MAN, "p": PIN, "s": SOU, "z": HONORS}

_CN_DIGITS = "一二三四五六七八九"
_CN_SUIT = ("万", "筒", "条")
_CN_HONOR = ("东", "南", "西", "北", "白", "发", "中")

# Chinese suit characters, simplified and traditional, with common synonyms.
_CN_SUIT_BASE = {
    "万": MAN, "萬": MAN,
    "筒": PIN, "饼": PIN, "餅": PIN,
    "条": SOU, "條": SOU, "索": SOU,
}
_CN_RANK = {ch: i for i, ch in enumerate(_CN_DIGITS)}
_CN_RANK.update({str(i + 1): i for i in range(9)})
# Honour words, longest first so that 红中 is not read as 红 + 中.
_CN_HONOR_WORDS = {
    "红中": RED, "紅中": RED, "发财": GREEN, "發財": GREEN, "白板": WHITE,
    "东": EAST, "東": EAST, "南": SOUTH, "西": WEST, "北": NORTH,
    "白": WHITE, "发": GREEN, "發": GREEN, "中": RED,
}

# Unicode Mahjong Tiles block: winds, dragons (red, green, white), then
# characters, bamboos and circles.
_UNICODE = {}
for _i, _t in enumerate((EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE)):
    _UNICODE[chr(0x1F000 + _i)] = _t
for _i in range(9):
    _UNICODE[chr(0x1F007 + _i)] = MAN + _i
    _UNICODE[chr(0x1F010 + _i)] = SOU + _i
    _UNICODE[chr(0x1F019 + _i)] = PIN + _i
_UNICODE_OF = {t: ch for ch, t in _UNICODE.items()}
_VARIATION_SELECTOR = "\ufe0f"  # 🀄️ is often written with it


def _error(text: str, pos: int, why: str) -> ValueError:
    ch = text[pos] if pos < len(text) else "end of text"
    return ValueError(f"{why}: {short(ch)} at position {pos} in {short(text)}")


def _scan(text: str) -> list[int]:
    """Tile indices in the order written."""
    if not isinstance(text, str):
        raise TypeError(f"tile notation must be a str, not {type(text).__name__}")
    out: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == _VARIATION_SELECTOR:
            i += 1
        elif ch in _UNICODE:
            out.append(_UNICODE[ch])
            i += 1
        elif "0" <= ch <= "9":
            i = _scan_digits(text, i, out)
        elif ch in _CN_RANK and i + 1 < n and text[i + 1] in _CN_SUIT_BASE:
            out.append(_CN_SUIT_BASE[text[i + 1]] + _CN_RANK[ch])
            i += 2
        elif text[i:i + 2] in _CN_HONOR_WORDS:
            out.append(_CN_HONOR_WORDS[text[i:i + 2]])
            i += 2
        elif ch in _CN_HONOR_WORDS:
            out.append(_CN_HONOR_WORDS[ch])
            i += 1
        elif ch in "mpsz":
            raise _error(text, i, "suit letter without ranks before it")
        else:
            raise _error(text, i, "unexpected character")
    return out


def _scan_digits(text: str, start: int, out: list[int]) -> int:
    """The tiles of a run of ranks at ``start`` ("123m", or one rank and a Chinese suit
    "5万") appended to ``out``; the position after them."""
    i, n = start, len(text)
    while i < n and ("0" <= text[i] <= "9"):
        i += 1
    if i < n and text[i] in _CN_SUIT_BASE and i - start == 1:
        if text[start] == "0":
            raise _error(text, start, "rank 0 is not a tile")
        out.append(_CN_SUIT_BASE[text[i]] + int(text[start]) - 1)  # "5万"
        return i + 1
    if i >= n or text[i] not in _SUIT_LETTERS:
        raise _error(text, i, "digits must be followed by a suit letter m, p, s or z")
    letter = text[i]
    for k in range(start, i):
        rank = int(text[k])
        if rank == 0 or (letter == "z" and rank > 7):
            raise _error(text, k, f"rank {rank} is not a tile of suit {short(letter)}")
        out.append(_SUIT_BASE[letter] + rank - 1)
    return i + 1


def parse(text: str) -> np.ndarray:
    """Counts (34, uint8) of the tiles written in ``text``.

    Raises ``ValueError`` naming the offending character and its position for
    malformed text, and for more than four copies of a kind.
    """
    counts = np.zeros(NUM_KINDS, dtype=np.uint8)
    for t in _scan(text):
        if counts[t] == 4:
            raise ValueError(f"more than four copies of {tile_name(t)} in {short(text)}")
        counts[t] += 1
    return counts


def parse_sequence(text: str) -> list[int]:
    """The tiles written in ``text`` as indices, in the order written (a wall, a deal, a
    meld as held: ``"9p9p7z"``); copies are not limited."""
    return _scan(text)


def format_sequence(indices: Iterable[int]) -> str:
    """Tiles in their order, one mpsz name each: ``[17, 17, 33]`` → ``"9p9p7z"``."""
    return "".join(_NAMES[_check_index(t)] for t in indices)


def parse_tile(text: str) -> int:
    """The index of the single tile written in ``text`` (``"5p"``, ``"五筒"``, ``"🀝"``)."""
    found = _scan(text)
    if len(found) != 1:
        raise ValueError(f"expected exactly one tile, found {len(found)} in {short(text)}")
    return found[0]


def tile_index(tile) -> int:
    """A tile given as an index 0-33 or in notation (``"5p"``, ``"五筒"``) as its index;
    ValueError for an index out of range or text that is not one tile, TypeError for
    anything else."""
    if isinstance(tile, str):
        return parse_tile(tile)
    return _check_index(tile)


def _check_index(t: int) -> int:
    if isinstance(t, bool) or not isinstance(t, (int, np.integer)):
        raise TypeError(f"a tile index must be an int, not {type(t).__name__}")
    if not 0 <= t < NUM_KINDS:
        raise ValueError(f"tile index {t} is outside 0-33")
    return int(t)


def suit_of(t: int) -> str:
    """``"m"``, ``"p"``, ``"s"`` or ``"z"``."""
    return _SUIT_LETTERS[_check_index(t) // 9]


def rank_of(t: int) -> int:
    """Rank 1-9 for suited tiles, 1-7 for honours (mpsz numbering)."""
    return _check_index(t) % 9 + 1


def is_honor(t: int) -> bool:
    return _check_index(t) >= HONORS


#: Each kind's group as a bit: 1 for 万, 2 for 筒, 4 for 条, 8 for the honours (one
#: group: a bit count of one).
GROUP_BIT = tuple(1 << min(t // 9, 3) for t in range(NUM_KINDS))
_NO_SUIT = bytes(9)
_NO_HONOURS = bytes(7)


def group_bits(counts: Union[bytes, bytearray]) -> int:
    """The groups that 34 counts given as bytes hold a tile of, as :data:`GROUP_BIT`
    bits (four slice comparisons: cheaper than a loop or a set of suits)."""
    return ((counts[:9] != _NO_SUIT) | (counts[9:18] != _NO_SUIT) << 1 | (counts[18:27] != _NO_SUIT) << 2
            | (counts[27:34] != _NO_HONOURS) << 3)


def next_in_suit(t: int) -> int:
    """The next rank of a suited tile, 9 wrapping to 1 (Wuhan's laizi, Guiyang's 鸡)."""
    t = _check_index(t)
    if t >= HONORS:
        raise ValueError(f"{tile_name(t)} is an honour: it has no next rank in a suit")
    return t - 8 if t % 9 == 8 else t + 1


Style = Literal["mpsz", "chinese", "unicode"]
_NAMES = tuple(f"{t % 9 + 1}{_SUIT_LETTERS[t // 9]}" for t in range(NUM_KINDS))


def tile_name(t: int, style: Style = "mpsz") -> str:
    """One tile: ``"5m"``, ``"五万"`` or ``"🀋"``."""
    t = _check_index(t)
    if style == "mpsz":
        return f"{t % 9 + 1}{_SUIT_LETTERS[t // 9]}"
    if style == "chinese":
        return _CN_HONOR[t - HONORS] if t >= HONORS else _CN_DIGITS[t % 9] + _CN_SUIT[t // 9]
    if style == "unicode":
        return _UNICODE_OF[t]
    raise ValueError(f"unknown style {short(style)}; use 'mpsz', 'chinese' or 'unicode'")


def _as_count_list(counts: object) -> list[int]:
    arr = np.asarray(counts)
    if arr.dtype.kind not in "iub":
        raise TypeError(f"counts must be integers, not {arr.dtype}")
    if arr.shape != (NUM_KINDS,):
        raise ValueError(f"counts must have shape (34,), got {arr.shape}")
    values = arr.astype(np.int64).tolist()
    for t, c in enumerate(values):
        if not 0 <= c <= 4:
            raise ValueError(f"counts[{t}] = {c} is outside 0-4")
    return values


def format(counts: object, style: Style = "mpsz") -> str:  # noqa: A001 - mirrors parse
    """Write a count vector as ``"123m456p789s11z"``, Chinese or Unicode tiles."""
    values = _as_count_list(counts)
    if style == "mpsz":
        parts = []
        for g, letter in enumerate(_SUIT_LETTERS):
            n = 7 if letter == "z" else 9
            ranks = "".join(str(r + 1) * values[9 * g + r] for r in range(n))
            if ranks:
                parts.append(ranks + letter)
        return "".join(parts)
    return "".join(tile_name(t, style) * c for t, c in enumerate(values))


def from_indices(indices: Iterable[int]) -> np.ndarray:
    """Counts from tile indices (e.g. a list of 14 tiles)."""
    counts = np.zeros(NUM_KINDS, dtype=np.uint8)
    for t in indices:
        t = _check_index(t)
        if counts[t] == 4:
            raise ValueError(f"more than four copies of {tile_name(t)}")
        counts[t] += 1
    return counts


def to_indices(counts: object) -> list[int]:
    """Sorted tile indices, one per tile."""
    return [t for t, c in enumerate(_as_count_list(counts)) for _ in builtins.range(c)]
