"""Regional rules on top of the core: models, the pattern resolver, settlement ledgers,
and one module per region (``hupai.rules.luzhou``, ...), each a :class:`Region`.

>>> from hupai.rules import REGIONS, Hand, Situation
>>> res = REGIONS["luzhou"].score(Hand.parse("23m7z456m234p9p", [("peng", "111m")]),
...                               Situation("9p", self_draw=True))
>>> res.value, res.patterns
(5, ('閨自摸',))
"""
from __future__ import annotations

from typing import Any, Union

from . import fuzhou, guiyang, luzhou, wuhan
from .breakdown import Step
from .flags import RegionFlags
from .ledger import Ledger, Transfer
from .model import DeclaredMeld, Hand, parse_meld
from .patterns import Pattern, PatternTable, resolve
from .region import Region
from .result import ExhaustResult, ScoreResult, SeatReport
from .situation import Loser, Situation

#: Every region by name.  A new region is one module satisfying :class:`Region` and one
#: entry here.
REGIONS: dict[str, Region] = {m.name: m for m in (luzhou, wuhan, guiyang, fuzhou)}  # type: ignore[misc]

__all__ = ["luzhou", "wuhan", "guiyang", "fuzhou", "REGIONS", "Region", "region_of", "Ledger", "Transfer",
           "DeclaredMeld", "Hand", "Situation", "Loser", "parse_meld", "Pattern", "PatternTable", "resolve",
           "Step", "ExhaustResult", "ScoreResult", "SeatReport", "score_case", "from_case"]


def region_of(rules: Union[str, Region, RegionFlags, Any]) -> tuple[Region, RegionFlags]:
    """The region and its rules for ``rules``: a region's name, a region, or a region's
    rules object (ValueError / TypeError for anything else)."""
    if isinstance(rules, str):
        if rules not in REGIONS:
            raise ValueError(f"unknown region {rules[:40]!r}; available: {', '.join(REGIONS)}")
        region = REGIONS[rules]
        return region, region.Rules.coerce(None)
    for region in REGIONS.values():
        if rules is region:
            return region, region.Rules.coerce(None)
        if type(rules) is region.Rules:
            return region, rules
    raise TypeError(f"rules are a region's name, a region or its rules, not {type(rules).__name__}")


def score_case(case: Any) -> ScoreResult:
    """Score a win written in the case format (FORMAT.md §4, ``expected`` not needed):
    the entry point for JSON callers."""
    from ..cases import score_case as score_
    return score_(case)


def from_case(case: Any) -> "tuple[Region, Hand, Situation, RegionFlags]":
    """The region, hand, situation and rules a case-format win describes."""
    from ..cases import from_case as from_
    return from_(case)
