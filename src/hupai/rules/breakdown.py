"""A result's breakdown: the steps that make its value, in the order applied.

Each step names the pattern row it comes from and what it does to the running value:

============= ===================================================================
op            effect on the running value ``v``
============= ===================================================================
``set``       ``v = amount`` (a base, a fixed value that replaces, a top tier)
``add``       ``v += amount`` (points)
``double``    ``v *= 2 ** amount`` (fans, doublings; amount = how many)
``multiply``  ``v *= amount`` (a factor such as ×1.5, or 3 shares)
``max``       ``v = max(v, amount)`` (patterns combined by the largest)
``cap``       ``v = min(v, amount)`` (封頂)
``half_down`` ``v = v // 2`` (a discard pays half, rounded down)
``half_up``   ``v = (v + 1) // 2`` (rounded half up)
``floor``     ``v = floor(v)`` (a share paid in whole units)
``label``     nothing: a name the result reports (e.g. 軟胡, 捉鸡)
============= ===================================================================

Steps without a ``payer`` build the hand's value.  Steps with a ``payer`` build that
player's own share, starting from the hand's value as it stands when his first step
comes (Wuhan: every loser pays the winner's multiplier times his own fans); when any
step names a payer, the result's value is the sum of the shares.  :func:`evaluate` is
the arithmetic; a result's ``value`` equals ``evaluate(result.breakdown)`` by
construction, and a test replays every acceptance case this way."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Sequence, Union

if TYPE_CHECKING:
    from .patterns import Pattern

__all__ = ["Step", "OPS", "evaluate", "running", "apply"]

Amount = Union[int, float]
OPS = ("set", "add", "double", "multiply", "max", "cap", "half_down", "half_up", "floor", "label")


class Step(NamedTuple):
    """One step of a breakdown: the ``pattern`` row, its ``op`` and ``amount`` (see the
    module docstring), and the ``payer`` whose share it builds (None: the hand)."""

    pattern: "Pattern"
    op: str
    amount: Amount = 0
    payer: Optional[str] = None

    def to_dict(self, after: Optional[Amount] = None) -> dict[str, Any]:
        out: dict[str, Any] = {**self.pattern.to_dict(), "op": self.op, "amount": self.amount}
        if self.payer is not None:
            out["payer"] = self.payer
        if after is not None:
            out["value"] = after
        return out


def apply(op: str, v: Amount, amount: Amount) -> Amount:
    """The running value after one step."""
    if op == "set":
        return amount
    if op == "add":
        return v + amount
    if op == "double":
        return v * 2 ** amount
    if op == "multiply":
        product = v * amount
        # a factor such as ×1.5 that lands on a whole number keeps the value an int
        return int(product) if isinstance(product, float) and product.is_integer() else product
    if op == "max":
        return max(v, amount)
    if op == "cap":
        return min(v, amount)
    if op == "half_down":
        return v // 2
    if op == "half_up":
        return (v + 1) // 2
    if op == "floor":
        return math.floor(v)
    if op == "label":
        return v
    raise ValueError(f"unknown breakdown op {op!r}")


def running(steps: Sequence[Step]) -> list[Amount]:
    """The value each step leaves: the hand's, or its payer's share."""
    hand: Amount = 0
    shares: dict[str, Amount] = {}
    out = []
    for s in steps:
        if s.payer is None:
            hand = apply(s.op, hand, s.amount)
            out.append(hand)
        else:
            shares[s.payer] = apply(s.op, shares.get(s.payer, hand), s.amount)
            out.append(shares[s.payer])
    return out


def evaluate(steps: Sequence[Step]) -> Amount:
    """The value the steps make: the hand's, or the sum of the payers' shares."""
    hand: Amount = 0
    shares: dict[str, Amount] = {}
    for s in steps:
        if s.payer is None:
            hand = apply(s.op, hand, s.amount)
        else:
            shares[s.payer] = apply(s.op, shares.get(s.payer, hand), s.amount)
    return sum(shares.values()) if shares else hand
