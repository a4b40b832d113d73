"""Result types of :func:`hupai.decompose`."""
from __future__ import annotations

from typing import NamedTuple, Optional

from .tiles import tile_name

__all__ = ["Meld", "Decomposition", "Reading", "SEQUENCE", "TRIPLET", "PAIR", "ANY", "STANDARD", "SEVEN_PAIRS"]

SEQUENCE = "sequence"
TRIPLET = "triplet"
PAIR = "pair"
ANY = "any"          # three jokers: any triplet or sequence, the caller's choice

STANDARD = "standard"
SEVEN_PAIRS = "seven_pairs"


class Meld(NamedTuple):
    """One set of a decomposition.

    ``tiles[i]`` is the kind position ``i`` stands for and ``jokers[i]`` whether a
    joker fills it.  A set made only of jokers has ``tiles`` of ``None``: a pair of
    any kind, or (``kind == "any"``) any triplet or sequence.  Choosing such a kind is
    left to the caller, who must then respect the four-copies limit.
    """

    kind: str
    tiles: tuple[Optional[int], ...]
    jokers: tuple[bool, ...]

    @property
    def is_free(self) -> bool:
        """Made only of jokers, so its kind is still to be chosen."""
        return self.tiles[0] is None

    @property
    def joker_count(self) -> int:
        return sum(self.jokers)

    def to_dict(self) -> dict:
        """``{"kind", "tiles": [tile or None], "jokers": [bool]}`` (tiles in notation)."""
        return {"kind": self.kind, "tiles": [None if t is None else tile_name(t) for t in self.tiles],
                "jokers": list(self.jokers)}

    def __str__(self) -> str:
        if self.is_free:
            return "*" * len(self.tiles)
        parts = []
        for t, j in zip(self.tiles, self.jokers):
            assert t is not None
            name = tile_name(t)
            parts.append(f"[{name}]" if j else name)
        return "".join(parts)


class Decomposition(NamedTuple):
    """A winning arrangement: ``form`` is ``"standard"`` (melds then the pair, last)
    or ``"seven_pairs"`` (seven pairs)."""

    form: str
    melds: tuple[Meld, ...]

    @property
    def pair(self) -> Meld:
        """The pair of a standard decomposition (the last set)."""
        if self.form != STANDARD:
            raise AttributeError("only a standard decomposition has a single pair")
        return self.melds[-1]

    def to_dict(self) -> dict:
        """``{"form", "melds": [...], "text"}``: plain JSON types."""
        return {"form": self.form, "melds": [m.to_dict() for m in self.melds], "text": str(self)}

    def __str__(self) -> str:
        return " ".join(str(m) for m in self.melds)


class Reading(NamedTuple):
    """One way the jokers of a complete hand can be assigned (see :func:`hupai.readings`).

    ``standins`` lists the kind each joker stands for (sorted), except the jokers that
    form whole sets on their own: ``free_melds`` melds of three jokers (any triplet or
    sequence) and ``free_pairs`` pairs of two jokers, whose kinds the caller chooses.
    ``pair`` is the kind of the pair of a standard reading (``None`` when it is a free
    pair); ``triplets_only`` says every meld holding a real tile is a triplet.
    """

    form: str
    standins: tuple[int, ...]
    pair: Optional[int]
    triplets_only: bool
    free_melds: int
    free_pairs: int
