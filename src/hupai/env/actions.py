"""The action space of :mod:`hupai.env`: one ``Discrete(ACTION_SIZE)`` for every region,
and the map between the engine's legal :class:`~hupai.table.Action` s of a state and its
indices.

Layout (``k`` is a tile kind 0-33 in mpsz order: 1m-9m, 1p-9p, 1s-9s, 1z-7z):

=================  =========  ==================================================================
indices            block      the action
=================  =========  ==================================================================
0-33               DISCARD    discard a tile of kind ``k``
34-67              ANGANG     a concealed kong of four ``k``
68-339             BUGANG     add a tile to the own 碰 of kind ``k``: ``68 + 34 * v + k``, with
                              ``v = 2 * j + a``: ``j`` jokers among the 碰's three tiles (0-3),
                              ``a`` 1 when the added tile is a joker (Luzhou's 補杠紅中); the
                              ordinary 補杠 is ``v = 0``.  A 碰 of jokers only (what robbing a
                              補杠紅中 of a 碰 with two ghosts leaves) is of the natural kind
                              added to it, or of the joker's kind when a joker is added
340-373            SPECIAL    a single-tile kong of the tile ``k`` (Wuhan's 紅中 / 發財 / 皮子 /
                              癩子 kongs)
374-376            CHI        吃 the last discard as the low, middle or high tile of a run
377-379            PENG       碰 the last discard with 0, 1 or 2 jokers from the hand
                              (Luzhou's 硬碰 and 貼鬼碰)
380                MINGGANG   the kong on the last discard
381                WIN        win: self-drawn, on the discard or robbing the kong
382                PASS       decline (a claim, a declaration, a 海底 draw's win)
383-384            DECLARE    declare ``DECLARATIONS[i]`` (``baopai``, ``baoting``)
=================  =========  ==================================================================

Why these blocks: a claim is always of the last discard (public, in the observation), so
a 吃, a 碰 and a 明杠 need no kind, only what tells one legal claim from another: the
regions' 吃 (Wuhan's; the other flows offer none) are suited runs whose two hand tiles
are natural, told apart by where the claimed tile sits; a 碰 is told apart by the jokers
it takes from the hand (``5m5m5m`` and ``5m5m7z`` on a Luzhou 5m); there is one 明杠.
A turn's own actions name their kind.  A 補杠 names its 碰 by kind and by its jokers, so
two 碰 of one kind (possible when a 碰 may hold two ghosts) stay apart, and the added
tile by whether it is a joker.

On every state, distinct legal actions have distinct indices and every index of the
mask stands for one legal action (:func:`legal_indices` raises ``RuntimeError`` otherwise,
``ValueError`` for an action this layout has no index for: neither happens with the
regions' flows, which the tests check over many rounds).
"""
from __future__ import annotations

from typing import Callable, NamedTuple

import numpy as np

from .. import tiles
from .._core import tile_mask
from .._messages import short
from ..table.model import Action

__all__ = [
    "ACTION_SIZE",
    "ANGANG",
    "BLOCKS",
    "BUGANG",
    "BUGANG_VARIANTS",
    "CHI",
    "DECLARATIONS",
    "DECLARE",
    "DISCARD",
    "DISCARD_ACTIONS",
    "MINGGANG",
    "PASS",
    "PENG",
    "SPECIAL",
    "WIN",
    "Block",
    "Claim",
    "Legal",
    "action_index",
    "describe",
    "legal_indices",
]

_KINDS = 34

#: The declarations the table's vocabulary has (design/table.md §2), in index order.
DECLARATIONS = ("baopai", "baoting")

DISCARD = 0
ANGANG = DISCARD + _KINDS
BUGANG = ANGANG + _KINDS
BUGANG_VARIANTS = 8
SPECIAL = BUGANG + BUGANG_VARIANTS * _KINDS
CHI = SPECIAL + _KINDS
PENG = CHI + 3
MINGGANG = PENG + 3
WIN = MINGGANG + 1
PASS = WIN + 1
DECLARE = PASS + 1
#: The size of the one Discrete action space.
ACTION_SIZE = DECLARE + len(DECLARATIONS)


class Block(NamedTuple):
    """A run of indices of one kind of action: ``start`` and ``size``."""

    name: str
    start: int
    size: int


#: The blocks in index order.
BLOCKS = (Block("discard", DISCARD, _KINDS), Block("angang", ANGANG, _KINDS),
          Block("bugang", BUGANG, BUGANG_VARIANTS * _KINDS), Block("special_kong", SPECIAL, _KINDS),
          Block("chi", CHI, 3), Block("peng", PENG, 3), Block("minggang", MINGGANG, 1), Block("win", WIN, 1),
          Block("pass", PASS, 1), Block("declare", DECLARE, len(DECLARATIONS)))

_DECLARE_INDEX = {what: DECLARE + i for i, what in enumerate(DECLARATIONS)}
_POSITIONS = ("low", "middle", "high")


class Claim(NamedTuple):
    """What the indices of a state are relative to: the tile a claim would take (the
    last discard; None when there is none) and the table's joker kinds."""

    tile: int | None
    jokers: tuple[int, ...]


def _no_index(action: Action, why: str) -> ValueError:
    return ValueError(f"the env's action space has no index for {short(str(action))}: {why}")


def action_index(action: Action, claim: Claim) -> int:
    """The index of a legal ``action`` of a state whose claims concern ``claim``;
    ValueError for an action the layout cannot represent."""
    index_of = _INDEX_OF.get(action.type)
    if index_of is None:
        raise _no_index(action, "unknown action type")
    return index_of(action, claim)


def _discard_index(action: Action, claim: Claim) -> int:
    return DISCARD + action.tiles[0]


def _angang_index(action: Action, claim: Claim) -> int:
    t = action.tiles
    if len(t) != 4 or t.count(t[0]) != 4:
        raise _no_index(action, "a concealed kong is four tiles of one kind")
    return ANGANG + t[0]


def _special_index(action: Action, claim: Claim) -> int:
    return SPECIAL + action.tiles[0]


def _declare_index(action: Action, claim: Claim) -> int:
    if action.what not in _DECLARE_INDEX:
        raise _no_index(action, f"the declarations are {', '.join(DECLARATIONS)}")
    return _DECLARE_INDEX[action.what]


def _minggang_index(action: Action, claim: Claim) -> int:
    if claim.tile is None or action.tiles != (claim.tile,) * 4:
        raise _no_index(action, "a kong on a discard is four tiles of the discard's kind")
    return MINGGANG


def _peng_index(action: Action, claim: Claim) -> int:
    t = action.tiles
    tile = claim.tile
    natural = t.count(tile)
    if tile is None or len(t) != 3 or not natural or natural + _jokers_in(t, claim.jokers) != 3:
        raise _no_index(action, "a 碰 is three tiles with the discard, the others jokers")
    return PENG + 3 - natural


def _jokers_in(tiles_: tuple[int, ...], jokers: tuple[int, ...]) -> int:
    return sum(map(tiles_.count, jokers)) if jokers else 0


def _chi_index(action: Action, claim: Claim) -> int:
    run = sorted(action.tiles)
    low = run[0]
    if (claim.tile is None or len(run) != 3 or claim.tile not in run or low >= tiles.HONORS
            or run != [low, low + 1, low + 2] or low // 9 != (low + 2) // 9):
        raise _no_index(action, "a 吃 is a run of three suited tiles with the discard")
    return CHI + claim.tile - low


def _bugang_index(action: Action, claim: Claim) -> int:
    t = action.tiles
    jokers = claim.jokers
    kind = t[0] if t else -1            # a 碰's natural kind comes first (5m5m7z)
    if kind in jokers:                  # or a 碰 of jokers only, the added tile its kind
        kind = next((x for x in t if x not in jokers), kind)
    in_jokers = _jokers_in(t, jokers)
    if len(t) != 4 or (t.count(kind) + in_jokers != 4 if kind not in jokers else in_jokers != 4):
        raise _no_index(action, "a 補杠 is the 碰's three tiles and the added one, of one kind and jokers")
    held = 3 if kind in jokers else 3 - t[:3].count(kind)
    return BUGANG + _KINDS * (2 * held + (t[3] in jokers)) + kind


def _fixed(index: int) -> Callable[[Action, Claim], int]:
    return lambda action, claim: index


_INDEX_OF: dict[str, Callable[[Action, Claim], int]] = {
    "discard": _discard_index, "angang": _angang_index, "bugang": _bugang_index, "special_kong": _special_index,
    "chi": _chi_index, "peng": _peng_index, "minggang": _minggang_index, "win": _fixed(WIN),
    "pass": _fixed(PASS), "declare": _declare_index}


#: The engine's discard of each kind (what a discard index stands for).
DISCARD_ACTIONS = tuple(Action("discard", (t,)) for t in range(_KINDS))


#: The actions whose index is a block's start plus their tiles' kind (:func:`hupai._core.tile_mask`):
#: type → (the block's start, how many tiles of that kind the action has)
_TILE_KINDS = {"discard": (DISCARD, 1), "angang": (ANGANG, 4), "special_kong": (SPECIAL, 1), "win": (WIN, 0),
               "pass": (PASS, 0)}


class Legal:
    """The legal actions of one state by index: ``actions`` (the engine's list), ``mask``
    (int8, 1 where legal) and ``at`` (a bytearray: 1 + the position in ``actions`` of
    the action of each legal index, 0 elsewhere; its own bytes, since ``mask`` is handed
    out in an observation and may be changed there).  The action of an index is the
    engine's own object, which its ``Round.step`` finds first.  An env keeps one Legal
    and :meth:`read` s each state into it."""

    __slots__ = ("actions", "at", "mask")

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        self.at = bytearray(ACTION_SIZE)

    def read(self, actions: list[Action], claim: Callable[[], Claim]) -> None:
        """The indices of the legal ``actions`` of one state (equal actions share their
        index; two different actions on one index are a ``RuntimeError``).  ``claim``
        gives the state's :class:`Claim`; it is asked only when an action needs it.
        Discards, kongs of a kind, win and pass are indexed in compiled code (every step
        has them), the others (claims, 補杠, declarations, and what the layout cannot
        index) here."""
        self.actions = actions
        self.mask, self.at, rest = tile_mask(actions, _TILE_KINDS, ACTION_SIZE)
        if rest is not None:
            self._index(rest, claim())

    def _index(self, positions: list[int], claim: Claim) -> None:
        actions, at = self.actions, self.at
        for p in positions:
            a = actions[p]
            i = action_index(a, claim)
            if at[i] and actions[at[i] - 1] != a:
                raise RuntimeError(f"the env's action space gives {short(str(actions[at[i] - 1]))} and "
                                   f"{short(str(a))} one index ({i})")
            if not at[i]:
                at[i] = p + 1
                self.mask[i] = 1

    def action(self, index: int) -> Action | None:
        """The legal action ``index`` (0 to ACTION_SIZE - 1) stands for, or None."""
        p = self.at[index]
        return self.actions[p - 1] if p else None

    def indices(self) -> list[int]:
        return [i for i, p in enumerate(self.at) if p]

    def new_mask(self) -> np.ndarray:
        """A new copy of the mask (``mask`` may have been handed out)."""
        return np.frombuffer(bytes(map(bool, self.at)), dtype=np.int8).copy()


def legal_indices(actions: list[Action], claim: Callable[[], Claim]) -> Legal:
    """The indices of the legal ``actions`` of one state (:meth:`Legal.read`)."""
    legal = Legal()
    legal.read(actions, claim)
    return legal


def describe(index: int) -> str:
    """What an index stands for, in words (``"discard 5m"``, ``"peng with 1 joker"``)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < ACTION_SIZE:
        raise ValueError(f"an action index is an int 0-{ACTION_SIZE - 1}, not {short(index)}")
    block = next(b for b in reversed(BLOCKS) if index >= b.start)
    offset = index - block.start
    if block.name in ("discard", "angang", "special_kong"):
        return f"{block.name} {tiles.tile_name(offset)}"
    if block.name == "bugang":
        variant, kind = divmod(offset, _KINDS)
        held, added = divmod(variant, 2)
        text = f"bugang {tiles.tile_name(kind)}"
        if held:
            text += f", {held} joker{'s' if held > 1 else ''} in the 碰"
        return text + (", a joker added" if added else "")
    if block.name == "chi":
        return f"chi, the discard the {_POSITIONS[offset]} tile"
    if block.name == "peng":
        return f"peng with {offset} joker{'' if offset == 1 else 's'}"
    if block.name == "declare":
        return f"declare {DECLARATIONS[offset]}"
    return block.name
