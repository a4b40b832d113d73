"""The observation planes of :mod:`hupai.env`: ``PLANES`` rows of 34 (one column per tile
kind, mpsz order), float32, what one seat may know (design/table.md §1; the same view as
:class:`hupai.table.Observation`).

Rows (``r`` is a seat relative to the observer: 0 itself, 1 its 下家, 2 the seat
opposite, 3 its 上家; a "constant" row holds one number in every column):

======================  ==================================================================
row                     what
======================  ==================================================================
0 ``hand``              own concealed tiles, counts (``Observation.concealed``)
1 ``drawn``             the tile drawn this turn while it is in hand, one-hot
2 ``face_up``           every tile face up on the table, the same for every seat: every
                        river's unclaimed discards, every meld as the table sees it, winners'
                        hands shown, burnt tiles (``Observation.visible()`` and the seat's
                        own melds and hand as the others see them), counts
3 + 12r + 0 ``melds``   the seat's melds as the observer sees them, counts (jokers as
                        held; another seat's concealed kong only where the region shows it)
+1 ``hidden_kongs``     constant: the seat's concealed kongs the observer cannot see
+2 ``discards``         every tile the seat discarded, claimed ones too, counts
+3 ``last_discard``     the table's latest discard, one-hot, in the row of its discarder
+4 ``special_kongs``    the tiles the seat laid out as single-tile kongs (Wuhan), counts
+5 ``revealed``         a winner's concealed tiles where the region shows them
                        (``Observation.revealed``), counts
+6 ``finished``         constant 1: the seat has won (Luzhou plays on)
+7 ``dealer``           constant 1: the seat deals
+8 ``score_gain``       constant: the seat's score now (before the round and what it
                        settled so far), when positive
+9 ``score_loss``       constant: minus that score, when negative
+10 ``baopai``          constant 1: the seat declared 報牌 (``DECLARATIONS`` in order)
+11 ``baoting``         constant 1: the seat declared 报听
51 ``jokers``           the kinds that stand for any tile at this table, one-hot
52 ``flipped``          tiles turned face up (Wuhan's indicator, Guiyang's chicken), counts
53 ``burnt``            tiles burnt face up (Fuzhou), counts
54 ``live``             constant: live tiles left to draw
55 ``robbed``           the tile a 補杠 adds, one-hot, while the observer is asked whether
                        to rob it
56 + d ``decision``     constant 1 when the observer is asked now and the decision is
                        ``DECISIONS[d]``: turn, respond, rob, declare, haidi
======================  ==================================================================

:class:`TablePlanes` keeps one store of rows for a round, in absolute seat order, up to
date from the round's new events (what they make public in the public rows; a seat's own
draws, hand and concealed kongs in rows only its own planes read), and builds a seat's
planes as one gather of the store's rows in that seat's order.
"""
from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Callable, ClassVar, NamedTuple

import numpy as np

from .. import tiles
from .._core import apply_moves, gather_rows
from .._messages import short
from .actions import DECLARATIONS

if TYPE_CHECKING:
    from ..table.round import Round

__all__ = [
    "BURNT",
    "DEALER",
    "DECISION",
    "DECISIONS",
    "DECLARED",
    "DISCARDS",
    "DRAWN",
    "FACE_UP",
    "FINISHED",
    "FLIPPED",
    "HAND",
    "HIDDEN_KONGS",
    "JOKERS",
    "LAST_DISCARD",
    "LIVE",
    "MELDS",
    "PLANES",
    "PLANE_NAMES",
    "REVEALED",
    "ROBBED",
    "SCORE_GAIN",
    "SCORE_LOSS",
    "SEAT",
    "SEAT_PLANES",
    "SPECIAL_KONGS",
    "TABLE",
    "TablePlanes",
    "plane_highs",
]

#: What a seat may be asked (``Round.decision``), in row order.
DECISIONS = ("turn", "respond", "rob", "declare", "haidi")

HAND, DRAWN, FACE_UP = 0, 1, 2
#: The first row of the seat blocks; seat block r starts at SEAT + r * SEAT_PLANES.
SEAT = 3
# offsets within a seat block
MELDS, HIDDEN_KONGS, DISCARDS, LAST_DISCARD, SPECIAL_KONGS, REVEALED, FINISHED, DEALER, SCORE_GAIN, SCORE_LOSS = \
    range(10)
DECLARED = 10
SEAT_PLANES = DECLARED + len(DECLARATIONS)
#: The first table row; the table rows are TABLE + one of the offsets below.
TABLE = SEAT + 4 * SEAT_PLANES
JOKERS, FLIPPED, BURNT, LIVE, ROBBED = range(5)
DECISION = 5
PLANES = TABLE + DECISION + len(DECISIONS)

_SEAT_NAMES = ("melds", "hidden_kongs", "discards", "last_discard", "special_kongs", "revealed", "finished",
               "dealer", "score_gain", "score_loss") + DECLARATIONS
_TABLE_NAMES = ("jokers", "flipped", "burnt", "live", "robbed") + tuple(f"decision_{d}" for d in DECISIONS)
#: Every row's name: ``hand``, ``seat1.melds``, ``decision_turn``, ...
PLANE_NAMES = ("hand", "drawn", "face_up") + tuple(f"seat{r}.{n}" for r in range(4) for n in _SEAT_NAMES) \
    + _TABLE_NAMES


def plane_highs(copies: int, tile_count: int) -> np.ndarray:
    """The upper bound of every row, for a tile set with at most ``copies`` tiles of a
    kind and ``tile_count`` tiles (scores are unbounded: float32's largest)."""
    high = np.full((PLANES, 34), float(copies), dtype=np.float32)
    unbounded = float(np.finfo(np.float32).max)
    for r in range(4):
        base = SEAT + r * SEAT_PLANES
        high[base + HIDDEN_KONGS] = 4
        for row in (LAST_DISCARD, FINISHED, DEALER) + tuple(range(DECLARED, SEAT_PLANES)):
            high[base + row] = 1
        high[base + SCORE_GAIN] = high[base + SCORE_LOSS] = unbounded
    high[DRAWN] = high[TABLE + JOKERS] = high[TABLE + ROBBED] = 1
    high[TABLE + DECISION:] = 1
    high[TABLE + LIVE] = tile_count
    return high


# ---------------------------------------------------------------- the store
#
# Rows of the store: each seat's public block (the rows every seat sees of it, in
# absolute seat order), then the rows of a seat only its own planes read (its hand, its
# drawn tile, its melds with its concealed kongs, its hand once it has won), the table's
# rows, a row of zeros and a row of ones.  A seat's planes are the store's rows taken in
# the order _ORDER gives for that seat and its decision.

_OWN_HAND = 4 * SEAT_PLANES
_OWN_DRAWN = _OWN_HAND + 4
_OWN_MELDS = _OWN_DRAWN + 4
_OWN_REVEALED = _OWN_MELDS + 4
_FACE_UP = _OWN_REVEALED + 4
_TABLE_ROWS = _FACE_UP + 1           # + JOKERS ... ROBBED
_ZERO = _TABLE_ROWS + ROBBED + 1
_ONE = _ZERO + 1
_STORE_ROWS = _ONE + 1


def _order(seat: int, decision: str | None) -> bytes:
    """The store's rows that make the planes of ``seat`` asked ``decision`` (or nothing),
    as bytes (for :func:`hupai._core.gather_rows`)."""
    rows = [_OWN_HAND + seat, _OWN_DRAWN + seat, _FACE_UP]
    for r in range(4):
        other = (seat + r) % 4
        for k in range(SEAT_PLANES):
            if r == 0 and k == MELDS:
                rows.append(_OWN_MELDS + seat)
            elif r == 0 and k == HIDDEN_KONGS:
                rows.append(_ZERO)               # one's own concealed kongs are no secret to oneself
            elif r == 0 and k == REVEALED:
                rows.append(_OWN_REVEALED + seat)
            else:
                rows.append(other * SEAT_PLANES + k)
    rows += [_TABLE_ROWS + k for k in (JOKERS, FLIPPED, BURNT, LIVE)]
    rows.append(_TABLE_ROWS + ROBBED if decision == "rob" else _ZERO)
    rows += [_ONE if decision == d else _ZERO for d in DECISIONS]
    return bytes(rows)


_ORDER = tuple({d: _order(seat, d) for d in DECISIONS + (None,)} for seat in range(4))
_TILE = {tiles.tile_name(t): t for t in range(34)}
_DECLARED_OFFSET = {what: DECLARED + i for i, what in enumerate(DECLARATIONS)}
_MELD_EVENTS = frozenset({"chi", "peng", "minggang", "angang", "bugang"})
# first cells of rows in the flat store
_HAND_CELL = tuple((_OWN_HAND + seat) * 34 for seat in range(4))
_DISCARDS_CELL = tuple((seat * SEAT_PLANES + DISCARDS) * 34 for seat in range(4))
_LAST_DISCARD_CELL = tuple((seat * SEAT_PLANES + LAST_DISCARD) * 34 for seat in range(4))
_FACE_UP_CELL = _FACE_UP * 34
#: what apply_moves writes: each seat's hand, discards and latest-discard rows, face up
_MOVE_CELLS = _HAND_CELL + _DISCARDS_CELL + _LAST_DISCARD_CELL + (_FACE_UP_CELL,)
_LIVE_CELL = (_TABLE_ROWS + LIVE) * 34
#: the live row for each count of live tiles met so far (at most a wall's size of them)
_LIVE_ROWS: dict[int, array] = {}


def _live_row(live: int) -> array:
    found = _LIVE_ROWS[live] = array("f", [float(live)]) * 34
    return found


class _Changed(NamedTuple):
    """The seats whose melds and whose hands some events changed."""

    melds: set[int]
    hands: set[int]


class TablePlanes:
    """The planes of every seat of one round: :meth:`update` reads the events the round
    added since, :meth:`build` gives one seat's planes."""

    def __init__(self, rnd: Round) -> None:
        self._round = rnd
        flow, rules = rnd.flow, rnd.rules
        self._angang_public = bool(flow.angang_public(rules))
        self._burns_public = bool(flow.burns_public(rules))
        self._hands_public = bool(flow.winner_hand_public(rules))
        self._store = np.zeros((_STORE_ROWS, 34), dtype=np.float32)
        self._store[_ONE] = 1
        self._cells = self._store.reshape(-1).data          # a flat float32 view, cell by cell
        # kind → count of each seat's melds as the table sees them, and of its concealed
        # kongs the others cannot see
        self._shown: list[dict[int, int]] = [{} for _ in range(4)]
        self._hidden: list[dict[int, int]] = [{} for _ in range(4)]
        self._hidden_count = [0, 0, 0, 0]
        self._events = 0
        self._entries = -1
        self._scores_shown: list[Any] = [0, 0, 0, 0]
        self._open_discard: tuple[int, int] | None = None   # (seat, tile) of a discard not yet claimed
        self._last_discard = -1             # its cell in the store
        self._robbable = -1                 # the cell of the tile a 補杠 adds
        self._drawn = [-1, -1, -1, -1]      # the cell of each seat's drawn tile, as last built
        self._live = -1
        #: the table's joker kinds now
        self.jokers: tuple[int, ...] = ()
        self._row(rnd.dealer * SEAT_PLANES + DEALER, 1)
        self._jokers()
        self.update()

    def _row(self, row: int, value: float) -> None:
        self._store[row] = value

    # ---------------------------------------------------------------- keeping up

    def update(self) -> None:
        """Read the events the round added since the last call, in order: draws and
        discards cell by cell; claims, kongs, wins, flips, burns and declarations by
        :meth:`_other`, which leaves the melds and hands they change to read once, after."""
        rnd = self._round
        events = rnd.events
        i, end = self._events, len(events)
        if end != i:
            self._events = end
            cells = self._cells
            changed: _Changed | None = None
            while i < end:
                # the draws and discards, cell by cell in compiled code (the drawer's own
                # hand row; the discarder's, its discards, the face-up row, the mark of the
                # latest discard); it stops at any other event
                i, self._last_discard, seat, tile, replaced = apply_moves(events, i, self._store, _MOVE_CELLS,
                                                                         self._last_discard)
                if seat >= 0:
                    self._open_discard = (seat, tile)
                if replaced:                   # kongs that stood
                    changed = changed or _Changed(set(), set())
                    changed.melds.update(s for s in range(4) if replaced >> s & 1)
                if i < end:
                    changed = changed or _Changed(set(), set())
                    self._other(events[i], changed)
                    i += 1
            if changed is not None:
                for seat in changed.melds:
                    self._melds(seat)
                for seat in changed.hands:
                    self._hand(seat)
            live = rnd.live         # the wall changes only with an event (a draw, a burn, a flip)
            if live != self._live:
                self._live = live
                cells[_LIVE_CELL:_LIVE_CELL + 34] = _LIVE_ROWS.get(live) or _live_row(live)
        if len(rnd.entries) != self._entries:
            self._scores()

    def _other(self, e: dict[str, Any], changed: _Changed) -> None:
        kind = e["type"]
        if "seat" in e:                 # what else takes tiles from a hand: its hand again
            changed.hands.add(e["seat"])
        if kind in _MELD_EVENTS:
            changed.melds.add(e["seat"])
            if kind == "bugang":
                self._rob(_TILE[e["tiles"][-2:]])
            elif "from" in e:
                self._claimed(e["from"])
        elif kind == "win":
            self._row(e["seat"] * SEAT_PLANES + FINISHED, 1)
            if "from" in e and not e["robbing_kong"]:
                self._claimed(e["from"])
            changed.melds.update(range(4))   # a robbed 補杠 changes the konger's melds
            self._reveal(e["seat"])
        elif kind in self._HANDLERS:
            self._HANDLERS[kind](self, e)

    def _hand(self, seat: int) -> None:
        self._store[_OWN_HAND + seat] = np.frombuffer(self._round.seats[seat].concealed, dtype=np.uint8)

    def _claimed(self, from_seat: int) -> None:
        """The latest discard, by ``from_seat``, was taken: no longer in the river."""
        if self._open_discard is not None and self._open_discard[0] == from_seat:
            self._cells[_FACE_UP_CELL + self._open_discard[1]] -= 1
            self._open_discard = None

    def _rob(self, tile: int) -> None:
        cells = self._cells
        if self._robbable >= 0:
            cells[self._robbable] = 0
        self._robbable = (_TABLE_ROWS + ROBBED) * 34 + tile
        cells[self._robbable] = 1

    def _on_special_kong(self, e: dict[str, Any]) -> None:
        self._cells[(e["seat"] * SEAT_PLANES + SPECIAL_KONGS) * 34 + _TILE[e["tile"]]] += 1

    def _on_flip(self, e: dict[str, Any]) -> None:
        self._cells[(_TABLE_ROWS + FLIPPED) * 34 + _TILE[e["tile"]]] += 1
        self._jokers()          # Wuhan's laizi comes of its indicator

    def _jokers(self) -> None:
        self.jokers = tuple(self._round.flow.jokers(self._round))
        row = self._store[_TABLE_ROWS + JOKERS]
        row[:] = 0
        row[list(self.jokers)] = 1

    def _on_burn(self, e: dict[str, Any]) -> None:
        if self._burns_public:
            tile = _TILE[e["tile"]]
            self._cells[(_TABLE_ROWS + BURNT) * 34 + tile] += 1
            self._cells[_FACE_UP_CELL + tile] += 1

    def _on_declare(self, e: dict[str, Any]) -> None:
        what = e["what"]
        if what not in _DECLARED_OFFSET:
            raise ValueError(f"the env's planes have no row for the declaration {short(what)}; "
                             f"they have {', '.join(DECLARATIONS)}")
        self._row(e["seat"] * SEAT_PLANES + _DECLARED_OFFSET[what], 1)

    _HANDLERS: ClassVar[dict[str, Callable[[TablePlanes, dict[str, Any]], None]]] = {
        "special_kong": _on_special_kong, "flip": _on_flip, "burn": _on_burn, "declare": _on_declare}

    def _melds(self, seat: int) -> None:
        """The seat's meld rows again, from its melds (what a claim or a kong changed):
        the table sees its melds as shown, itself its concealed kongs too."""
        shown: dict[int, int] = {}
        hidden: dict[int, int] = {}
        count = 0
        for m in self._round.seats[seat].melds:
            if m.kind == "angang" and not self._angang_public:
                count += 1
                into = hidden
            else:
                into = shown
            for t in m.tiles:
                into[t] = into.get(t, 0) + 1
        cells = self._cells
        public = (seat * SEAT_PLANES + MELDS) * 34
        own = (_OWN_MELDS + seat) * 34
        old_shown, old_hidden = self._shown[seat], self._hidden[seat]
        for t in old_shown.keys() | shown.keys():
            more = shown.get(t, 0) - old_shown.get(t, 0)
            if more:
                cells[public + t] += more
                cells[own + t] += more
                cells[_FACE_UP_CELL + t] += more
        for t in old_hidden.keys() | hidden.keys():
            cells[own + t] += hidden.get(t, 0) - old_hidden.get(t, 0)
        self._shown[seat], self._hidden[seat] = shown, hidden
        if count != self._hidden_count[seat]:
            self._hidden_count[seat] = count
            self._row(seat * SEAT_PLANES + HIDDEN_KONGS, count)

    def _reveal(self, seat: int) -> None:
        """A winner's hand: in its own planes, and in the table's where the region shows
        it (its tiles no longer change)."""
        hand = np.frombuffer(bytes(self._round.seats[seat].concealed), dtype=np.uint8)
        self._store[_OWN_REVEALED + seat] = hand
        if self._hands_public:
            self._store[seat * SEAT_PLANES + REVEALED] = hand
            self._store[_FACE_UP] += hand

    def _scores(self) -> None:
        """The score rows of the seats whose score changed."""
        rnd = self._round
        self._entries = len(rnd.entries)
        for seat, score in enumerate(rnd.scores_after):
            if score != self._scores_shown[seat]:
                self._scores_shown[seat] = score
                self._row(seat * SEAT_PLANES + SCORE_GAIN, max(score, 0))
                self._row(seat * SEAT_PLANES + SCORE_LOSS, max(-score, 0))

    # ---------------------------------------------------------------- one seat's view

    def build(self, seat: int, decision: str | None) -> np.ndarray:
        """The planes of ``seat`` now, ``decision`` what the round asks of it (None when
        it asks it nothing): a new array (call :meth:`update` first)."""
        drawn = self._round.seats[seat].last_draw
        cell = -1 if drawn is None else (_OWN_DRAWN + seat) * 34 + drawn
        if cell != self._drawn[seat]:
            cells = self._cells
            if self._drawn[seat] >= 0:
                cells[self._drawn[seat]] = 0
            if cell >= 0:
                cells[cell] = 1
            self._drawn[seat] = cell
        return gather_rows(self._store, _ORDER[seat][decision])
