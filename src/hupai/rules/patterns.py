"""Patterns as data rows, the one resolver every region uses, and the one tie-break.

A row is the single source of a pattern's value: its ``value`` and its ``op`` (how the
value combines into the hand's, see :mod:`hupai.rules.breakdown`) are read by
:func:`steps`, which every region's valuation calls; a value or an op may depend on a
rule flag (:class:`FromFlag`), e.g. Guiyang's amounts per write-up or Luzhou's 無鬼
doublings.  Each table declares its default op once (``combine``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, Optional, Sequence, Union

from .breakdown import OPS, Step

__all__ = ["Pattern", "PatternTable", "FromFlag", "resolve", "apply_exclusions", "preference", "steps"]

Amount = Union[int, float]


def _never(facts: Any) -> bool:
    return False


@dataclass(frozen=True)
class FromFlag:
    """A row's value (or op) read from the region's rules: the flag (or property)
    ``flag``, through ``values`` when given (flag value → row value), e.g.
    ``FromFlag("value_table", {"v1": 1, "v2": 1, "v3": 10})``."""

    flag: str
    values: Optional[Any] = None      # a mapping, kept as a tuple of pairs (hashable)

    def __post_init__(self) -> None:
        if isinstance(self.values, Mapping):
            object.__setattr__(self, "values", tuple(self.values.items()))

    def of(self, rules: Any) -> Any:
        v = getattr(rules, self.flag)
        if self.values is None:
            return v
        for key, value in self.values:
            if key == v:
                return value
        raise ValueError(f"{self.flag} = {v!r} has no value here")


@dataclass(frozen=True)
class Pattern:
    """One row of a region's pattern table.

    ``id`` is ASCII; ``name_zh`` the name as the seed writes it (the case format's
    canonical name); ``name_en`` the English a player would use; ``seed`` cites the seed
    lines.  ``value`` and ``op`` say what the row contributes when it applies (``op``
    None: the table's ``combine``).  ``listed``: the name appears in a result's
    ``patterns`` (FORMAT.md §9); fans, factors and caps that the case format does not
    name are rows too, shown in the breakdown only.  ``predicate`` is asked of the facts
    of one reading; a row may instead carry a ``key``, matching when the table's
    ``key_of(facts)`` equals it (one lookup for a family of exclusive rows).  A matched
    row removes the rows named in ``excludes``."""

    id: str
    name_zh: str
    name_en: str
    seed: str
    value: Any = None
    op: Any = None
    predicate: Callable[[Any], bool] = _never
    excludes: frozenset[str] = frozenset()
    key: Optional[Hashable] = None
    listed: bool = True

    def __post_init__(self) -> None:
        if not self.id.isascii() or not self.name_zh or not self.name_en:
            raise ValueError(f"pattern {self.id!r}: an ASCII id and both names are required")

    def amount(self, rules: Any) -> Amount:
        """The row's value under ``rules``."""
        return self.value.of(rules) if isinstance(self.value, FromFlag) else self.value

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name_zh": self.name_zh, "name_en": self.name_en, "seed": self.seed}


class PatternTable:
    """A region's rows in order, keyed rows indexed by their key; ``combine`` is the op
    of the rows that do not name one."""

    def __init__(self, rows: Sequence[Pattern], key_of: Optional[Callable[[Any], Hashable]] = None,
                 combine: str = "add"):
        if combine not in OPS:
            raise ValueError(f"unknown combine rule {combine!r}")
        self.rows = tuple(rows)
        self.key_of = key_of
        self.combine = combine
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
        self._by_name: dict[str, int] = {}
        for i, r in enumerate(self.rows):
            self._by_name.setdefault(r.name_zh, i)

    def __iter__(self) -> Iterator[Pattern]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, pattern_id: str) -> Pattern:
        return self.rows[self._position[pattern_id]]

    def op(self, row: Pattern, rules: Any) -> str:
        """How ``row`` combines under ``rules``."""
        op = self.combine if row.op is None else row.op
        return op.of(rules) if isinstance(op, FromFlag) else op

    def position(self, pattern_id: str) -> int:
        """Where the row ``pattern_id`` stands in the table."""
        return self._position[pattern_id]

    def position_of_name(self, name: str) -> int:
        """Where the first row named ``name`` stands (names beyond the table last)."""
        return self._by_name.get(name, len(self.rows))

    def matching(self, facts: Any) -> list[int]:
        idx = [i for i in self._free if self.rows[i].predicate(facts)]
        if self.key_of is not None:
            idx += self._keyed.get(self.key_of(facts), [])
        return sorted(idx)

    def names(self, listed_only: bool = True) -> list[str]:
        """Every name a result of this table can report (each once, in table order)."""
        out: list[str] = []
        for r in self.rows:
            if (r.listed or not listed_only) and r.name_zh not in out:
                out.append(r.name_zh)
        return out


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


def steps(table: PatternTable, rows: Iterable[Pattern], rules: Any, payer: Optional[str] = None,
          times: int = 1) -> list[Step]:
    """The breakdown steps of ``rows``: each row's op and value read from the row (under
    ``rules``); ``times`` repeats a row's contribution (e.g. one doubling per kong) by
    scaling an added or doubled value."""
    out = []
    for row in rows:
        op = table.op(row, rules)
        amount = 0 if op == "label" else row.amount(rules)     # a label carries no value
        if times != 1 and op in ("add", "double"):
            amount = amount * times
        out.append(Step(row, op, amount, payer))
    return out


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
