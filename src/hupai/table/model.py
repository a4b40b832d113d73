"""The table's vocabulary (design/table.md §2): actions, melds as laid on the table,
one seat's state, and the payments a round settles."""
from __future__ import annotations

from typing import Any, Final, Mapping, NamedTuple, Optional, Sequence, Union

from .. import tiles
from .._messages import short

__all__ = ["Action", "ACTION_TYPES", "TableMeld", "SeatState", "Payment", "Entry"]

Amount = Union[int, float]

#: Every action of the shared vocabulary, with the fields it carries.
ACTION_TYPES: Final = {"discard": "tile", "chi": "tiles", "peng": "tiles", "minggang": "tiles", "angang": "tiles",
                "bugang": "tiles", "special_kong": "tile", "win": "", "declare": "what", "pass": ""}


class Action(NamedTuple):
    """One decision: ``type`` from :data:`ACTION_TYPES`, the ``tiles`` it moves (one for
    a discard or a single-tile kong, the meld's tiles as held for a meld) and ``what``
    a declaration declares (``baopai``, ``baoting``)."""

    type: str
    tiles: tuple[int, ...] = ()
    what: str = ""

    @property
    def tile(self) -> int:
        return self.tiles[0]

    def to_dict(self) -> dict[str, Any]:
        """The action as the round record writes it (without the seat)."""
        out: dict[str, Any] = {"type": self.type}
        kind = ACTION_TYPES[self.type]
        if kind == "tile":
            out["tile"] = tiles.tile_name(self.tiles[0])
        elif kind == "tiles":
            out["tiles"] = tiles.format_sequence(self.tiles)
        elif kind == "what":
            out["what"] = self.what
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Action":
        """An action from its record form (``{"type": "discard", "tile": "9p"}``);
        ValueError / TypeError naming what is wrong."""
        if not isinstance(data, Mapping):
            raise TypeError(f"an action is a mapping, not {type(data).__name__}")
        kind = data.get("type")
        if kind not in ACTION_TYPES:
            raise ValueError(f"unknown action type {short(kind)}; use one of {', '.join(ACTION_TYPES)}")
        field_ = ACTION_TYPES[kind]
        if field_ == "tile":
            return cls(kind, (tiles.tile_index(data.get("tile")),))
        if field_ == "tiles":
            text = data.get("tiles")
            if not isinstance(text, str):
                raise TypeError(f"a {kind} names its tiles in notation, not {type(text).__name__}")
            return cls(kind, tuple(tiles.parse_sequence(text)))
        if field_ == "what":
            what = data.get("what")
            if not isinstance(what, str):
                raise TypeError(f"a declaration names what it declares, not {type(what).__name__}")
            return cls(kind, (), what)
        return cls(kind)

    def __str__(self) -> str:
        return " ".join(str(v) for v in self.to_dict().values())


class TableMeld(NamedTuple):
    """A meld on the table: its kind, its tiles as held (ghosts included), the seat whose
    discard it claimed and the claimed tile (None for a concealed kong)."""

    kind: str
    tiles: tuple[int, ...]
    from_seat: Optional[int] = None
    claimed: Optional[int] = None


class SeatState:
    """What one seat holds and has done this round.  ``concealed`` are 34 counts
    (a ``bytearray``, which the kernel reads without copying).  A plain class: a round
    makes four, and a dataclass's generated ``__init__`` runs interpreted."""

    def __init__(self, concealed: Optional[bytearray] = None, melds: Optional[list[TableMeld]] = None) -> None:
        self.concealed: bytearray = bytearray(34) if concealed is None else concealed
        self.melds: list[TableMeld] = [] if melds is None else melds
        self.discards: list[int] = []
        self.claimed: list[bool] = []       # per discard: taken by a claim
        self.finished = False               # has won (Luzhou plays on: 血戰)
        self.win_tile: Optional[int] = None  # the tile it won on
        self.declared = ""                  # a declaration made (报听 / 報牌)
        self.last_draw: Optional[int] = None  # the tile drawn this turn
        self.replacement = False            # the tile drawn this turn is a kong's replacement
        self.drawn_any = False              # has made a normal draw this round
        self.kong_this_turn = False         # made a kong since the last discard (杠上炮, 热炮)
        self.turn_kongs: list[int] = []     # melds made as kongs this turn
        self.special_kongs: dict[str, int] = {}     # Wuhan's single-tile kongs
        self.special_tiles: list[int] = []  # the tiles laid out so
        self.received: list[int] = []       # every tile received (deal and draws)
        self.wait_mask = -1      # Flow.wait_mask of the 13 tiles (bit t: kind t), -1 when stale
        self.wait_options = 0               # the kernel's option bits of kernel_options ...
        self.wait_options_melds = -1        # ... made when the seat had this many melds
        self.guoshui: Any = None            # the region's 過水 record
        self.passed_win = False             # declined a win since the last draw (包牌)

    def count(self) -> int:
        return sum(self.concealed)

    def held(self) -> list[int]:
        """The concealed tiles, sorted."""
        return held_tiles(self.concealed)


def held_tiles(counts: Sequence[int]) -> list[int]:
    """The tiles of 34 counts, sorted."""
    return [t for t in range(34) for _ in range(counts[t])]


class Payment(NamedTuple):
    """``payer`` pays ``amount`` to ``payee`` (seats 0-3) because of ``reason``."""

    payer: int
    payee: int
    amount: Amount
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}


class Entry(NamedTuple):
    """One ledger of a round: its ``cause`` (win, kong, dou, chicken, chajiao, ...), the
    seat it concerns (the winner, the konger; None for the table) and its payments."""

    cause: str
    seat: Optional[int]
    payments: tuple[Payment, ...]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"cause": self.cause}
        if self.seat is not None:
            out["seat"] = self.seat
        out["transfers"] = [p.to_dict() for p in self.payments]
        return out

    def net(self) -> list[Amount]:
        out: list[Amount] = [0, 0, 0, 0]
        for p in self.payments:
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
        return out
