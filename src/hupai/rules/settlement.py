"""Settlement steps that several regions share, written once."""
from __future__ import annotations

from typing import Mapping

from .ledger import Ledger, Transfer
from .result import SeatReport

__all__ = ["chajiao_ledger"]


def chajiao_ledger(reports: Mapping[str, SeatReport], reason: str = "查叫") -> Ledger:
    """The 查叫 pay loop (Luzhou L141, Guiyang L196-204): every unfinished seat that is not
    ready pays every ready one that seat's value.  When nobody or everybody is ready,
    or a single seat is unfinished, nothing moves."""
    ready = [(seat, r.value or 0) for seat, r in reports.items() if r.ready]
    return Ledger.of(Transfer(payer, payee, value, reason)
                     for payee, value in ready
                     for payer, r in reports.items() if not r.ready)
