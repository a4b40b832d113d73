"""Itemised settlements.  Every transfer moves an amount from one seat to another, so a
ledger sums to zero by construction."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, NamedTuple, Optional, Union

__all__ = ["Transfer", "Ledger"]

Amount = Union[int, float]


class Transfer(NamedTuple):
    """``payer`` pays ``amount`` (never negative) to ``payee`` because of ``reason``."""

    payer: str
    payee: str
    amount: Amount
    reason: str

    def check(self) -> "Transfer":
        if self.amount < 0:
            raise ValueError(f"a transfer amount is never negative, got {self.amount}")
        if self.payer == self.payee:
            raise ValueError(f"{self.payer} cannot pay itself")
        return self


@dataclass(frozen=True)
class Ledger:
    transfers: tuple[Transfer, ...] = ()

    @classmethod
    def of(cls, transfers: Iterable[Transfer]) -> "Ledger":
        kept = []
        for t in transfers:
            if t.amount:
                if t.amount < 0 or t.payer == t.payee:
                    t.check()   # raises, naming the problem
                kept.append(t)
        return cls(tuple(kept))

    @classmethod
    def paid_to(cls, payee: str, items: Iterable[tuple[str, Amount, str]]) -> "Ledger":
        """Every ``(payer, amount, reason)`` paid to one ``payee``, the shape of most win
        settlements; zero amounts are dropped."""
        return cls.of(Transfer(payer, payee, amount, reason) for payer, amount, reason in items)

    def __add__(self, other: "Ledger") -> "Ledger":
        return Ledger(self.transfers + other.transfers)

    def relabel(self, seats: "Mapping[str, Optional[str]]") -> "Ledger":
        """The same transfers with the caller's seat labels: ``seats`` maps each label
        (W, A, B, C of a win; A-D of a table) to the caller's name for that seat, e.g.
        ``result.ledger.relabel({"W": "east", "A": "north", "B": "south", "C": "west"})``;
        a label missing from ``seats`` stays as it is.  A label mapped to None is a
        player out of the round (血戰到底: he has already won): transfers from or to him
        are dropped, which is exactly "a self-draw is paid by every player not yet won"."""
        out = []
        for t in self.transfers:
            payer, payee = seats.get(t.payer, t.payer), seats.get(t.payee, t.payee)
            if payer is not None and payee is not None:
                out.append(Transfer(payer, payee, t.amount, t.reason))
        return Ledger.of(out)

    @classmethod
    def combine(cls, ledgers: Iterable["Ledger"]) -> "Ledger":
        """One ledger of several settlements, e.g. 一炮多響: every winner of the same
        discard is paid separately by the discarder."""
        out: list[Transfer] = []
        for ledger in ledgers:
            out.extend(ledger.transfers)
        return cls(tuple(out))

    def merged(self) -> "Ledger":
        """The same settlement with the transfers of one payer to one payee for one reason
        summed into one, in the order each first appears."""
        sums: dict[tuple[str, str, str], Amount] = {}
        for t in self.transfers:
            key = (t.payer, t.payee, t.reason)
            sums[key] = sums.get(key, 0) + t.amount
        return Ledger(tuple(Transfer(payer, payee, amount, reason)
                            for (payer, payee, reason), amount in sums.items()))

    def net(self) -> dict[str, Amount]:
        """Net per seat (positive receives); seats with no net movement are omitted."""
        out: dict[str, Amount] = {}
        for t in self.transfers:
            out[t.payer] = out.get(t.payer, 0) - t.amount
            out[t.payee] = out.get(t.payee, 0) + t.amount
        return {k: v for k, v in out.items() if v}

    def total(self) -> Amount:
        return sum(self.net().values())

    def to_dict(self) -> dict:
        """``{"transfers": [{"payer", "payee", "amount", "reason"}, ...], "net": {seat: net}}``."""
        return {"transfers": [t._asdict() for t in self.transfers], "net": self.net()}

    def __iter__(self):
        return iter(self.transfers)

    def __len__(self) -> int:
        return len(self.transfers)
