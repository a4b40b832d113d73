"""The table engine: whole rounds of any region, played, recorded, replayed and settled
(design/table.md)."""
from .model import Action, Entry, Payment
from .round import PASS, WIN, Round, WinEvent

__all__ = ["Round", "Action", "Entry", "Payment", "WinEvent", "WIN", "PASS"]
