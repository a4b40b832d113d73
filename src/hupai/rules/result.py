"""What scoring and 查叫 return."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from .ledger import Amount, Ledger

__all__ = ["ScoreResult", "SeatReport", "ChajiaoResult"]


@dataclass(frozen=True)
class ScoreResult:
    """The evaluation of one win.  A hand that does not win is a result too: ``is_win``
    false, ``reason`` saying why, value 0 and an empty ledger."""

    is_win: bool
    value: Amount = 0
    unit: str = ""
    patterns: tuple[str, ...] = ()
    ledger: Ledger = Ledger()
    reason: Optional[str] = None
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def payments(self) -> dict[str, Amount]:
        """Net transfer per seat label (W the winner, A/B/C the others)."""
        return self.ledger.net()

    @classmethod
    def no_win(cls, reason: str, unit: str = "") -> "ScoreResult":
        return cls(False, 0, unit, (), Ledger(), reason)

    @classmethod
    def win(cls, value: Amount, unit: str, patterns: tuple[str, ...], ledger: Ledger,
            detail: Mapping[str, Any]) -> "ScoreResult":
        """A winning result: ``ScoreResult(True, value, unit, patterns, ledger, None, detail)``."""
        return cls(True, value, unit, patterns, ledger, None, detail)


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


@dataclass(frozen=True)
class ChajiaoResult:
    """What the end of the wall settles.  ``seats`` reports every unfinished seat where
    the region checks readiness (Luzhou, Guiyang 查叫); a region that settles the exhaust
    another way (Wuhan 荒莊, Fuzhou 后燒) reports no seats and says what happened in
    ``event``."""

    seats: Mapping[str, SeatReport]
    ledger: Ledger
    unit: str
    next_dealer: Optional[str] = None
    event: str = "查叫"

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
