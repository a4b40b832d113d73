"""What a region is: the one interface generic code (the case format, the command line,
the analysis, the table engine) uses, never a region's name.

A region is a module (``hupai.rules.luzhou``, ...) with the attributes below; adding a
region is one module and one line in ``hupai.rules.REGIONS``."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Protocol, Sequence, runtime_checkable

from .flags import RegionFlags
from .flows.base import Flow
from .model import DeclaredMeld, Hand
from .patterns import PatternTable
from .result import ExhaustResult, ScoreResult, SeatReport
from .situation import Situation

__all__ = ["Region"]


@runtime_checkable
class Region(Protocol):
    """A regional rule set.

    ``name`` is its key in ``REGIONS`` (ASCII), ``TITLE`` what a person reads, ``Rules`` its
    frozen flag class, ``PATTERNS`` its pattern table (every name a result can report),
    ``FACTS`` the :class:`~hupai.rules.Situation` facts it reads (any other fact given is
    a ``ValueError``), ``PAYMENT_SCOPES`` the settlements a ``payment_scope`` may ask for,
    ``SIDE_SETTLEMENTS`` the case kinds it settles beyond a win (Fuzhou's 燒莊), by kind,
    ``FLOW`` its round flow for the table engine (:class:`hupai.rules.flows.Flow`)."""

    name: str
    TITLE: str
    Rules: type[RegionFlags]
    PATTERNS: PatternTable
    FACTS: frozenset[str]
    PAYMENT_SCOPES: tuple[str, ...]
    SIDE_SETTLEMENTS: Mapping[str, Callable[[], ScoreResult]]
    FLOW: Flow

    def score(self, hand: Hand, situation: Situation, rules: Optional[Any] = None) -> ScoreResult:
        """The evaluation of one win: a result whether or not the hand wins."""
        ...

    def ready(self, hand: Hand, rules: Optional[Any] = None, situation: Optional[Situation] = None) -> SeatReport:
        """Whether 13 tiles are ready, their waits and the best wait's value."""
        ...

    def exhaust(self, table: Mapping[str, Optional[Hand]], rules: Optional[Any] = None, *,
                dealer: Optional[str] = None, situation: Optional[Situation] = None) -> ExhaustResult:
        """What the end of the wall settles (查叫, 荒莊, 后燒)."""
        ...

    def analyze(self, counts: Any, rules: Optional[Any] = None, *, visible: Any = None,
                melds: Sequence[DeclaredMeld] = (), situation: Optional[Situation] = None,
                values: bool = True) -> list:
        """The discard analysis of a 3M+2 hand under the region's rules; with ``values``
        false no wait is valued (every option's ``values`` None), for a caller that only
        ranks: the options and their order stay the same."""
        ...

    def make_hand(self, concealed: Any, melds: Sequence[DeclaredMeld] = ()) -> Hand:
        """The region's hand of these tiles (Guiyang: a wrong count is 相公, a hand too)."""
        ...
