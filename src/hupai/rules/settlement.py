"""Settlement steps that several regions share, written once."""
from __future__ import annotations

from typing import Callable, Iterable, Mapping, Optional, Sequence

from .ledger import Amount, Ledger, Transfer
from .model import from_fields
from .patterns import Pattern, PatternTable, preference
from .result import SeatReport

__all__ = ["chajiao_ledger", "wait_report", "grouped_wait_report", "win_ledger", "Win"]

OTHERS = ("A", "B", "C")


def win_ledger(amount: Amount, self_draw: bool, reason: str,
               extra: Optional[Mapping[str, Amount]] = None) -> Ledger:
    """The ledger of one win, the shape every region shares: on a self-draw each of A, B
    and C pays ``amount`` (plus ``extra`` of his own, e.g. Guiyang's 杀报 10), otherwise
    A alone pays it (the discarder, or the robbed konger).  Payments go to W."""
    extra = extra or {}
    payers = OTHERS if self_draw else ("A",)
    return Ledger.of(Transfer(s, "W", amount + extra.get(s, 0), reason) for s in payers)

#: The best win on a waiting tile: (its 查叫 value, its patterns).
Win = tuple[Amount, Sequence[Pattern]]
#: The best win on one waiting tile, or None when the tile completes no legal win.
WinOnTile = Callable[[int], Optional[Win]]


def wait_report(seat: str, candidates: Iterable[int], win_on: WinOnTile, table: PatternTable) -> SeatReport:
    """The 查叫 report of a seat (查大, Luzhou L141, Guiyang L203): its waits are the
    candidate tiles (in ascending order) on which ``win_on`` finds a legal win, its value
    the best of those wins (equal values: the shared
    :func:`~hupai.rules.patterns.preference`, then the lower tile), with that win's
    patterns."""
    wins = []
    for t in candidates:
        win = win_on(t)
        if win is not None:
            wins.append(((t,), win))
    return grouped_wait_report(seat, wins, table)


def grouped_wait_report(seat: str, groups: Sequence[tuple[Sequence[int], Win]], table: PatternTable) -> SeatReport:
    """:func:`wait_report` of waits grouped by their win: ``groups`` of ``(tiles, win)``,
    in the order of their lowest tiles (a region values the waits that read alike once,
    as ``_core.wait_quads`` groups them)."""
    best_value: Optional[Amount] = None
    best_hits: Sequence[Pattern] = ()
    best_preference: Optional[tuple] = None      # worked out only when a value ties
    for _, (value, hits) in groups:
        if best_value is None or value > best_value:
            best_value, best_hits, best_preference = value, hits, None
        elif value == best_value and hits is not best_hits:
            if best_preference is None:
                best_preference = _preference(table, best_hits)
            mine = _preference(table, hits)
            if mine > best_preference:
                best_hits, best_preference = hits, mine
    if best_value is None:
        return SeatReport(seat, False)
    names: list[str] = []
    for p in best_hits:
        if p.listed and p.name_zh not in names:
            names.append(p.name_zh)
    waits = tuple(sorted(t for tiles, _ in groups for t in tiles))
    return SeatReport(seat, True, False, waits, best_value, tuple(names))


def _preference(table: PatternTable, hits: Sequence[Pattern]) -> tuple:
    return preference(table, (p.id for p in hits if p.listed))


def chajiao_ledger(reports: Mapping[str, SeatReport], reason: str = "查叫") -> Ledger:
    """The 查叫 pay loop (Luzhou L141, Guiyang L196-204): every unfinished seat that is not
    ready pays every ready one that seat's value.  When nobody or everybody is ready,
    or a single seat is unfinished, nothing moves."""
    ready = [(seat, r.value or 0) for seat, r in reports.items() if r.ready]
    payers = [seat for seat, r in reports.items() if not r.ready]
    return Ledger.of([_transfer((payer, payee, value, reason)) for payee, value in ready for payer in payers])


#: A :class:`Transfer` of one tuple of its fields (the pay loop makes one per pair of seats).
_transfer = from_fields(Transfer)
