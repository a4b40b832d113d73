"""What one player may know (design/table.md §1): own tiles, every seat's melds and
discards, the live count, flipped and burnt tiles, declarations, scores.  Nothing else:
no other seat's concealed tiles, no concealed kong another region keeps face down,
nothing of the wall.

An :class:`Observation` is a view of the round at one moment, read on demand (a bot
that ignores it costs nothing); reading it after the round has moved on is a
``ValueError``.  :meth:`Observation.to_dict` is the whole view as plain JSON types;
:meth:`Observation.events` the round's events as the seat saw them happen."""
from __future__ import annotations

from operator import add, index
from typing import TYPE_CHECKING, Any, Optional, SupportsIndex

from .. import tiles
from ..rules.situation import Situation
from .model import TableMeld, held_tiles

if TYPE_CHECKING:
    from .round import Round

__all__ = ["Observation"]


class Observation:
    """The view of ``seat`` at one moment of a round."""

    __slots__ = ("_round", "seat", "_moment")

    def __init__(self, rnd: "Round", seat: int) -> None:
        self._round = rnd
        self.seat = seat
        self._moment = len(rnd.events)

    def _live_round(self) -> "Round":
        if len(self._round.events) != self._moment:
            raise ValueError("this observation is stale: the round has moved on; observe again")
        return self._round

    @property
    def region(self) -> str:
        return self._live_round().region.name

    @property
    def rules(self) -> Any:
        return self._live_round().rules

    @property
    def dealer(self) -> int:
        return self._live_round().dealer

    @property
    def round_index(self) -> int:
        """The round's index in its run (the record's ``round``)."""
        return self._live_round().round_index

    @property
    def decision(self) -> Optional[str]:
        """What this seat is asked to decide now (``turn``, ``respond``, ``rob``,
        ``declare``, ``haidi``); None when the round waits for another seat or is over
        (whether another seat is asked is not this seat's to know)."""
        rnd = self._live_round()
        return rnd.decision if rnd.to_act == self.seat else None

    def events(self, start: SupportsIndex = 0) -> list[dict[str, Any]]:
        """The round's events so far as this seat saw them, from the ``start``-th it saw
        on (``start`` counts this seat's events: pass the length of what it has read).
        Each is the record's event (fresh dicts: the round's own are never handed out)
        without what the seat may not see: another seat's dealt and drawn tiles (a
        ``deal`` keeps their ``count``), a concealed kong's tiles where the region keeps
        it face down, a burnt tile burnt face down, a pass of another seat (that it
        could have won is its own secret), and of a win whose hand the region does not
        show the ``patterns``, the ``value`` and a self-drawn ``tile``.  A win whose hand
        the seat may see carries it as ``hand`` (the concealed tiles, the winning tile
        apart)."""
        if isinstance(start, bool) or not isinstance(start, int):
            raise TypeError(f"start is a count of events, an int, not {type(start).__name__}")
        if start < 0:
            raise ValueError(f"start is a count of events, 0 or more, not {start}")
        rnd = self._live_round()
        out: list[dict[str, Any]] = []
        seen = 0
        for event in rnd.events:
            if event["type"] == "pass" and event["seat"] != self.seat:
                continue
            if seen >= start:
                out.append(self._as_seen(rnd, event))
            seen += 1
        return out

    def _as_seen(self, rnd: "Round", event: dict[str, Any]) -> dict[str, Any]:
        """One event as this seat sees it (a copy)."""
        e = dict(event)
        kind, own = e["type"], e.get("seat") == self.seat
        if kind == "deal" and not own:
            e["count"] = len(tiles.parse_sequence(e.pop("tiles")))
        elif (kind == "draw" and not own) or (kind == "burn" and not rnd.flow.burns_public(rnd.rules)):
            del e["tile"]
        elif kind == "angang" and not own and not rnd.flow.angang_public(rnd.rules):
            del e["tiles"]
        elif kind == "win":
            if own or rnd.flow.winner_hand_public(rnd.rules):
                e["hand"] = tiles.format_sequence(rnd.seats[e["seat"]].held())
            else:
                del e["patterns"], e["value"]
                if e["self_draw"]:
                    del e["tile"]
        return e

    @property
    def outcome(self) -> Optional[dict[str, Any]]:
        """Once the round is over, what it settled, as the record writes it:
        ``settlement`` (every ledger), ``net``, ``scores`` (after the round) and
        ``next_dealer``; None while it runs."""
        rnd = self._live_round()
        if not rnd.done:
            return None
        return {"settlement": [e.to_dict() for e in rnd.entries], "net": rnd.net, "scores": rnd.scores_after,
                "next_dealer": rnd.next_dealer}

    @property
    def concealed(self) -> list[int]:
        """Own concealed tiles, 34 counts."""
        return list(self._live_round().seats[self.seat].concealed)

    @property
    def last_draw(self) -> Optional[int]:
        """The tile this seat drew this turn, if it is still in hand."""
        return self._live_round().seats[self.seat].last_draw

    def melds(self, seat: SupportsIndex) -> list[TableMeld]:
        """A seat's melds (kind, tiles as held, the seat fed from, the claimed tile);
        another seat's concealed kong has no tiles (``()``) where the region keeps it
        face down."""
        rnd = self._live_round()
        melds = rnd.seats[seat].melds
        if index(seat) == self.seat or rnd.flow.angang_public(rnd.rules):
            return list(melds)
        return [m._replace(tiles=()) if m.kind == "angang" else m for m in melds]

    def discards(self, seat: SupportsIndex) -> list[tuple[int, bool]]:
        """A seat's discards in order, each with whether it was claimed."""
        s = self._live_round().seats[seat]
        return list(zip(s.discards, s.claimed))

    @property
    def live(self) -> int:
        return self._live_round().live

    @property
    def flips(self) -> dict[str, int]:
        """Tiles turned face up (Wuhan's indicator, Guiyang's chicken)."""
        return dict(self._live_round().flips)

    @property
    def burnt(self) -> list[int]:
        return list(self._live_round().burnt) if self._live_round().flow.burns_public(self.rules) else []

    @property
    def declared(self) -> list[str]:
        return [s.declared for s in self._live_round().seats]

    @property
    def finished(self) -> list[bool]:
        return [s.finished for s in self._live_round().seats]

    def revealed(self, seat: SupportsIndex) -> Optional[list[int]]:
        """A winner's concealed tiles (34 counts, the winning tile apart), where the
        region shows them; None for a seat that has not won."""
        rnd = self._live_round()
        s = rnd.seats[seat]
        if not s.finished or not (index(seat) == self.seat or rnd.flow.winner_hand_public(rnd.rules)):
            return None
        return list(s.concealed)

    @property
    def special_kongs(self) -> list[dict[str, int]]:
        return [dict(s.special_kongs) for s in self._live_round().seats]

    @property
    def scores(self) -> list[Any]:
        """Every seat's score now (before the round, plus what it settled so far)."""
        return self._live_round().scores_after

    @property
    def jokers(self) -> tuple[int, ...]:
        """The tile kinds that stand for any tile at this table (public)."""
        rnd = self._live_round()
        return rnd.flow.jokers(rnd)

    @property
    def situation(self) -> Optional[Situation]:
        """The table facts the region's analysis needs (Wuhan: the indicator)."""
        rnd = self._live_round()
        return rnd.flow.table_situation(rnd)

    @property
    def last_discard(self) -> Optional[tuple[int, int]]:
        """(seat, tile) of the latest discard."""
        log = self._live_round().discard_log
        return log[-1] if log else None

    def visible(self) -> list[int]:
        """Counts of the tiles this seat sees on the table outside its own hand and its
        own melds (what ``analyze_discards`` takes as ``visible`` beside the melds):
        every river's unclaimed discards, the other seats' melds as shown, winners'
        hands shown, burnt tiles.  Flipped tiles are not in it (they are in
        :attr:`flips`; the region's analysis counts the one it knows, Wuhan's
        indicator, from the table's situation)."""
        rnd = self._live_round()
        out = list(rnd.river)           # every river's unclaimed discards
        angang_shown = rnd.flow.angang_public(rnd.rules)
        hands_shown = rnd.flow.winner_hand_public(rnd.rules)
        for seat, s in enumerate(rnd.seats):
            if seat == self.seat:
                continue
            for m in s.melds:
                if m.kind != "angang" or angang_shown:
                    for t in m.tiles:
                        out[t] += 1
            if s.finished and hands_shown:
                out = list(map(add, out, s.concealed))
        if rnd.flow.burns_public(rnd.rules):
            for t in rnd.burnt:
                out[t] += 1
        return out

    def to_dict(self) -> dict[str, Any]:
        """The whole view as plain JSON types (tiles in notation)."""
        return {
            "seat": self.seat, "region": self.region, "dealer": self.dealer,
            "concealed": tiles.format_sequence(held_tiles(self.concealed)),
            "last_draw": None if self.last_draw is None else tiles.tile_name(self.last_draw),
            "melds": [[{"kind": m.kind, "tiles": tiles.format_sequence(m.tiles) or None, "from": m.from_seat}
                       for m in self.melds(s)] for s in range(4)],
            "discards": [[{"tile": tiles.tile_name(t), "claimed": c} for t, c in self.discards(s)] for s in range(4)],
            "live": self.live, "flips": {k: tiles.tile_name(v) for k, v in self.flips.items()},
            "burnt": tiles.format_sequence(self.burnt), "declared": self.declared, "finished": self.finished,
            "special_kongs": self.special_kongs, "scores": self.scores,
            "revealed": [None if r is None else tiles.format_sequence(held_tiles(r))
                         for r in (self.revealed(s) for s in range(4))],
        }
