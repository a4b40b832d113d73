"""What one player may know (design/table.md §1): own tiles, every seat's melds and
discards, the live count, flipped and burnt tiles, declarations, scores.  Nothing else:
no other seat's concealed tiles, no concealed kong another region keeps face down,
nothing of the wall.

An :class:`Observation` is a view of the round at one moment, read on demand (a bot
that ignores it costs nothing); reading it after the round has moved on is a
``ValueError``.  :meth:`Observation.to_dict` is the whole view as plain JSON types."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .. import tiles
from ..rules.situation import Situation
from .model import TableMeld

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
    def concealed(self) -> list[int]:
        """Own concealed tiles, 34 counts."""
        return list(self._live_round().seats[self.seat].concealed)

    @property
    def last_draw(self) -> Optional[int]:
        """The tile this seat drew this turn, if it is still in hand."""
        return self._live_round().seats[self.seat].last_draw

    def melds(self, seat: int) -> list[TableMeld]:
        """A seat's melds (kind, tiles as held, the seat fed from, the claimed tile);
        another seat's concealed kong has no tiles (``()``) where the region keeps it
        face down."""
        rnd = self._live_round()
        melds = rnd.seats[seat].melds
        if seat == self.seat or rnd.flow.angang_public(rnd.rules):
            return list(melds)
        return [m._replace(tiles=()) if m.kind == "angang" else m for m in melds]

    def discards(self, seat: int) -> list[tuple[int, bool]]:
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

    def revealed(self, seat: int) -> Optional[list[int]]:
        """A winner's concealed tiles (34 counts, the winning tile apart), where the
        region shows them; None for a seat that has not won."""
        rnd = self._live_round()
        s = rnd.seats[seat]
        if not s.finished or not (seat == self.seat or rnd.flow.winner_hand_public(rnd.rules)):
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
        out = [0] * 34
        angang_shown = rnd.flow.angang_public(rnd.rules)
        hands_shown = rnd.flow.winner_hand_public(rnd.rules)
        for seat, s in enumerate(rnd.seats):
            for t, claimed in zip(s.discards, s.claimed):
                out[t] += not claimed
            if seat == self.seat:
                continue
            for m in s.melds:
                if m.kind != "angang" or angang_shown:
                    for t in m.tiles:
                        out[t] += 1
            if s.finished and hands_shown:
                for t, c in enumerate(s.concealed):
                    out[t] += c
        if rnd.flow.burns_public(rnd.rules):
            for t in rnd.burnt:
                out[t] += 1
        return out

    def to_dict(self) -> dict[str, Any]:
        """The whole view as plain JSON types (tiles in notation)."""
        return {
            "seat": self.seat, "region": self.region, "dealer": self.dealer,
            "concealed": tiles.format_sequence(t for t, c in enumerate(self.concealed) for _ in range(c)),
            "last_draw": None if self.last_draw is None else tiles.tile_name(self.last_draw),
            "melds": [[{"kind": m.kind, "tiles": tiles.format_sequence(m.tiles) or None, "from": m.from_seat}
                       for m in self.melds(s)] for s in range(4)],
            "discards": [[{"tile": tiles.tile_name(t), "claimed": c} for t, c in self.discards(s)] for s in range(4)],
            "live": self.live, "flips": {k: tiles.tile_name(v) for k, v in self.flips.items()},
            "burnt": tiles.format_sequence(self.burnt), "declared": self.declared, "finished": self.finished,
            "special_kongs": self.special_kongs, "scores": self.scores,
            "revealed": [None if r is None else tiles.format_sequence(t for t, c in enumerate(r) for _ in range(c))
                         for r in (self.revealed(s) for s in range(4))],
        }
