"""Fan patterns as data rows, and the one resolver every region uses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

__all__ = ["Pattern", "resolve"]


@dataclass(frozen=True)
class Pattern:
    """One row of a region's pattern table.

    ``value`` means what the region's valuation says (a base, a number of doublings,
    points); ``predicate`` is asked of the facts of one reading of the hand; a matched
    pattern removes the patterns named in ``excludes``.  ``source`` cites the seed."""

    id: str
    name: str
    english: str
    value: Any
    predicate: Callable[[Any], bool]
    excludes: frozenset[str] = frozenset()
    source: str = ""


def resolve(table: Sequence[Pattern], facts: Any) -> tuple[Pattern, ...]:
    """The rows whose predicate holds, less those excluded by another matched row, in
    table order."""
    hits = [p for p in table if p.predicate(facts)]
    excluded: set[str] = set()
    for p in hits:
        excluded |= p.excludes
    return tuple(p for p in hits if p.id not in excluded)


def names(hits: Iterable[Pattern]) -> list[str]:
    return [p.name for p in hits]
