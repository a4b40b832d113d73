"""Settlement steps that several regions share, written once."""
from __future__ import annotations

from typing import Callable, Iterable, Mapping, Optional, Sequence

from .ledger import Amount, Ledger, Transfer
from .patterns import Pattern, PatternTable, preference
from .result import SeatReport

__all__ = ["chajiao_ledger", "wait_report", "win_ledger"]

OTHERS = ("A", "B", "C")


def win_ledger(amount: Amount, self_draw: bool, reason: str,
               extra: Optional[Mapping[str, Amount]] = None) -> Ledger:
    """The ledger of one win, the shape every region shares: on a self-draw each of A, B
    and C pays ``amount`` (plus ``extra`` of his own, e.g. Guiyang's 杀报 10), otherwise
    A alone pays it (the discarder, or the robbed konger).  Payments go to W."""
    extra = extra or {}
    payers = OTHERS if self_draw else ("A",)
    return Ledger.of(Transfer(s, "W", amount + extra.get(s, 0), reason) for s in payers)

#: The best win on one waiting tile: (its 查叫 value, its patterns), or None when the
#: tile does not complete a legal win.
WinOnTile = Callable[[int], Optional[tuple[Amount, Sequence[Pattern]]]]


def wait_report(seat: str, candidates: Iterable[int], win_on: WinOnTile, table: PatternTable) -> SeatReport:
    """The 查叫 report of a seat (查大, Luzhou L141, Guiyang L203): its waits are the
    candidate tiles on which ``win_on`` finds a legal win, its value the best of those
    wins (equal values: the shared :func:`~hupai.rules.patterns.preference`), with that
    win's patterns."""
    waits = []
    best_value: Optional[Amount] = None
    best_hits: Sequence[Pattern] = ()
    best_preference: Optional[tuple] = None      # worked out only when a value ties
    for t in candidates:
        win = win_on(t)
        if win is None:
            continue
        waits.append(t)
        value, hits = win
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
    return SeatReport(seat, True, False, tuple(waits), best_value, tuple(names))


def _preference(table: PatternTable, hits: Sequence[Pattern]) -> tuple:
    return preference(table, (p.id for p in hits if p.listed))


def chajiao_ledger(reports: Mapping[str, SeatReport], reason: str = "查叫") -> Ledger:
    """The 查叫 pay loop (Luzhou L141, Guiyang L196-204): every unfinished seat that is not
    ready pays every ready one that seat's value.  When nobody or everybody is ready,
    or a single seat is unfinished, nothing moves."""
    ready = [(seat, r.value or 0) for seat, r in reports.items() if r.ready]
    return Ledger.of(Transfer(payer, payee, value, reason)
                     for payee, value in ready
                     for payer, r in reports.items() if not r.ready)
