"""What scoring, readiness and the end of the wall return; each result converts to plain
JSON types with ``to_dict()``."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Mapping, Optional, Sequence

from .. import tiles
from .breakdown import Step, evaluate, running
from .ledger import Amount, Ledger
from .model import ReadOnlyDict

__all__ = ["ScoreResult", "SeatReport", "ExhaustResult", "listed_names"]


_EMPTY: Mapping[str, Any] = ReadOnlyDict()


def listed_names(steps: Sequence[Step]) -> tuple[str, ...]:
    """The case-format names of a breakdown: the listed rows' names, each once, in the
    order applied."""
    out: list[str] = []
    for s in steps:
        if s.pattern.listed and s.pattern.name_zh not in out:
            out.append(s.pattern.name_zh)
    return tuple(out)


def _plain(value: Any) -> Any:
    """A value as plain JSON types (mappings, sequences, numbers, text)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, (int, float, str)):
        return value.item()       # a numpy scalar
    return value


@dataclass(frozen=True)
class ScoreResult:
    """The evaluation of one win.  A hand that does not win is a result too: ``is_win``
    false, ``reason`` saying why (with its seed line), value 0 and an empty ledger.

    ``breakdown`` lists the steps that make ``value`` in the order applied
    (:mod:`hupai.rules.breakdown`); ``patterns`` are the names the case format lists
    (FORMAT.md §9), taken from the breakdown."""

    is_win: bool
    value: Amount = 0
    unit: str = ""
    patterns: tuple[str, ...] = ()
    ledger: Ledger = Ledger()
    reason: Optional[str] = None
    detail: Mapping[str, Any] = field(default_factory=dict)
    breakdown: tuple[Step, ...] = ()

    @property
    def payments(self) -> dict[str, Amount]:
        """Net transfer per seat label (W the winner, A/B/C the others)."""
        return self.ledger.net()

    @classmethod
    def no_win(cls, reason: str, unit: str = "", detail: Mapping[str, Any] = _EMPTY) -> "ScoreResult":
        return cls._of(False, 0, unit, (), _NO_TRANSFERS, reason, detail, ())

    @classmethod
    def win(cls, steps: Sequence[Step], unit: str, ledger: Ledger,
            detail: Mapping[str, Any] = _EMPTY) -> "ScoreResult":
        """A winning result whose value and patterns come from its breakdown."""
        steps = tuple(steps)
        return cls._of(True, evaluate(steps), unit, listed_names(steps), ledger, None, detail, steps)

    def _with_ledger(self, ledger: Ledger, detail: Mapping[str, Any]) -> "ScoreResult":
        """This result with another ledger and detail, its breakdown, value and patterns
        kept: a win whose hand part is cached, completed by what each call adds."""
        out = object.__new__(ScoreResult)
        state = out.__dict__
        state.update(self.__dict__)
        state["ledger"] = ledger
        state["detail"] = detail
        return out

    @classmethod
    def _of(cls, *values: Any) -> "ScoreResult":
        """A result of every field's value in order, set as the frozen constructor sets
        them (these builders are on every score's path; a frozen dataclass's ``__init__``
        sets each field through ``object.__setattr__``)."""
        out = object.__new__(cls)
        out.__dict__.update(zip(_FIELDS, values))
        return out

    def _repr_html_(self) -> str:
        """The breakdown, total and payments as tables in a notebook, or the reason it
        is no win (the viewer, imported only when asked)."""
        from ..viewer.notebook import result_html
        return result_html(self)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types: the patterns as objects with their id and both names, the
        breakdown with the value after each step, the ledger itemised."""
        after = running(self.breakdown)
        rows = {s.pattern.name_zh: s.pattern for s in self.breakdown}
        return {"is_win": self.is_win, "value": self.value, "unit": self.unit,
                "patterns": [rows[n].to_dict() if n in rows else {"name_zh": n} for n in self.patterns],
                "breakdown": [s.to_dict(v) for s, v in zip(self.breakdown, after)],
                "payments": self.payments, "ledger": self.ledger.to_dict(), "reason": self.reason,
                "detail": _plain(self.detail)}


_FIELDS = tuple(f.name for f in fields(ScoreResult))
_NO_TRANSFERS = Ledger()


@dataclass(frozen=True)
class SeatReport:
    """One unfinished seat at the end of the wall.  A seat that is not ready because the
    region's rules forbid its hand (a chi where 吃 is not played, a 相公) says why in
    ``reason``, with the seed line."""

    seat: str
    ready: bool
    huazhu: bool = False
    waits: tuple[int, ...] = ()
    value: Optional[Amount] = None       # value of the best wait (查大), if ready
    patterns: tuple[str, ...] = ()       # patterns of that best wait
    reason: Optional[str] = None         # why the hand cannot be ready, when a rule forbids it

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "ready": self.ready, "huazhu": self.huazhu,
                "waits": [tiles.tile_name(t) for t in self.waits], "value": self.value,
                "patterns": list(self.patterns), "reason": self.reason}


@dataclass(frozen=True)
class ExhaustResult:
    """What the end of the wall settles.  ``seats`` reports every unfinished seat where
    the region checks readiness (Luzhou, Guiyang 查叫); a region that settles the exhaust
    another way (Wuhan 荒莊, Fuzhou 后燒) reports no seats and says what happened in
    ``event``."""

    seats: Mapping[str, SeatReport]
    ledger: Ledger
    unit: str
    next_dealer: Optional[str] = None
    event: str = "查叫"
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ready(self) -> dict[str, bool]:
        return {s: r.ready for s, r in self.seats.items()}

    @property
    def huazhu(self) -> dict[str, bool]:
        return {s: r.huazhu for s, r in self.seats.items()}

    @property
    def values(self) -> dict[str, Amount]:
        return {s: r.value for s, r in self.seats.items() if r.ready and r.value is not None}

    @property
    def payments(self) -> dict[str, Amount]:
        return self.ledger.net()

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.event, "seats": {s: r.to_dict() for s, r in self.seats.items()},
                "payments": self.payments, "ledger": self.ledger.to_dict(), "unit": self.unit,
                "next_dealer": self.next_dealer, "detail": _plain(self.detail)}
