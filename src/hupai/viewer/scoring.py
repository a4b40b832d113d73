"""A win's breakdown as rows a person reads: each pattern in Chinese and English, what
it does to the value, and the value after it.  The replay page and a result's
notebook display show the same rows."""
from __future__ import annotations

from typing import Any, Union

from ..rules.breakdown import running
from ..rules.result import ScoreResult

__all__ = ["breakdown_rows", "effect"]

Amount = Union[int, float]


def effect(op: str, amount: Amount) -> str:
    """What one step does to the running value, as a short formula."""
    if op == "double":
        return f"×{2 ** amount}" + (f" ({amount} fan)" if amount != 1 else "")
    formulas = {"set": f"= {amount}", "add": f"+{amount}", "multiply": f"×{amount}", "max": f"at least {amount}",
                "cap": f"capped at {amount}", "half_down": "÷2, down", "half_up": "÷2, up", "floor": "rounded down",
                "label": "—"}
    return formulas[op]


def breakdown_rows(result: ScoreResult) -> list[dict[str, Any]]:
    """One row per step of ``result.breakdown``: ``zh``, ``en``, ``effect``, ``value``
    (after the step) and ``payer`` (the seat label whose share the step builds, or
    None for the hand's value)."""
    return [{"zh": s.pattern.name_zh, "en": s.pattern.name_en, "effect": effect(s.op, s.amount), "value": after,
             "payer": s.payer}
            for s, after in zip(result.breakdown, running(result.breakdown))]
