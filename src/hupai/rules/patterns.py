"""Fan patterns as data rows, and the one resolver every region uses."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Optional, Sequence

__all__ = ["Pattern", "PatternTable", "resolve", "apply_exclusions", "preference"]


def _never(facts: Any) -> bool:
    return False


@dataclass(frozen=True)
class Pattern:
    """One row of a region's pattern table.

    ``value`` means what the region's valuation says (a base, a number of doublings,
    points); ``predicate`` is asked of the facts of one reading of the hand.  A row
    may instead carry a ``key``: it then matches when the table's ``key_of(facts)``
    equals it (one dictionary lookup for a family of mutually exclusive rows, such as
    a hand-type name per shape and count).  A matched pattern removes the patterns
    named in ``excludes``.  ``source`` cites the seed lines."""

    id: str
    name: str
    english: str
    value: Any
    predicate: Callable[[Any], bool] = _never
    excludes: frozenset[str] = frozenset()
    source: str = ""
    key: Optional[Hashable] = None


class PatternTable:
    """Rows in order, with keyed rows indexed by their key."""

    def __init__(self, rows: Sequence[Pattern], key_of: Optional[Callable[[Any], Hashable]] = None):
        self.rows = tuple(rows)
        self.key_of = key_of
        ids = [r.id for r in self.rows]
        if len(set(ids)) != len(ids):
            raise ValueError("pattern ids must be unique")
        self._keyed: dict[Hashable, list[int]] = {}
        for i, r in enumerate(self.rows):
            if r.key is not None:
                if key_of is None:
                    raise ValueError(f"row {r.id} has a key but the table has no key_of")
                self._keyed.setdefault(r.key, []).append(i)
        self._free = [i for i, r in enumerate(self.rows) if r.key is None]
        self._position = {r.id: i for i, r in enumerate(self.rows)}
        self._position_of_name: dict[str, int] = {}
        for i, r in enumerate(self.rows):
            self._position_of_name.setdefault(r.name, i)

    def position(self, pattern_id: str) -> int:
        """Where the row ``pattern_id`` stands in the table."""
        return self._position[pattern_id]

    def position_of_name(self, name: str) -> int:
        """Where the first row named ``name`` stands (names beyond the table last)."""
        return self._position_of_name.get(name, len(self.rows))

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def matching(self, facts: Any) -> list[int]:
        idx = [i for i in self._free if self.rows[i].predicate(facts)]
        if self.key_of is not None:
            idx += self._keyed.get(self.key_of(facts), [])
        return sorted(idx)


def resolve(table: PatternTable, facts: Any) -> tuple[Pattern, ...]:
    """The rows that match ``facts``, less those excluded by another matched row, in
    table order."""
    return apply_exclusions([table.rows[i] for i in table.matching(facts)])


def apply_exclusions(hits: Sequence[Pattern]) -> tuple[Pattern, ...]:
    """Matched rows less those another matched row excludes."""
    excluded: set[str] = set()
    for p in hits:
        excluded |= p.excludes
    return tuple(p for p in hits if p.id not in excluded)


def preference(table: PatternTable, ids: Iterable[str] = (), names: Iterable[str] = ()) -> tuple:
    """The one tie-break between readings that a region values equally, the same in
    every region: prefer the reading that lists more patterns, then the one whose
    patterns stand earlier in the region's table (compared row by row).

    Each region first compares readings its own way (FORMAT.md §4.5: Luzhou the paid
    value then the uncapped one, Wuhan the winner's multiplier, Guiyang the hand value,
    Fuzhou the score); this key orders only the readings left equal, so a result never
    depends on the order in which readings are found, nor on ``PYTHONHASHSEED``.  The
    patterns are given by ``ids`` (rows) or by ``names``."""
    positions = [table.position(i) for i in ids] + [table.position_of_name(n) for n in names]
    return (len(positions), tuple(-p for p in positions))
