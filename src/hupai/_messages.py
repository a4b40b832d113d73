"""How error messages quote what the caller gave: briefly.

A message names the problem and quotes at most a short piece of the offending input, so
that a 10 MB string or a deeply nested object is never echoed whole."""
from __future__ import annotations

__all__ = ["short", "clip", "LIMIT"]

LIMIT = 80


def short(value: object, limit: int = LIMIT) -> str:
    """``repr(value)``, cut to about ``limit`` characters with an ellipsis."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]          # no need to represent the whole of a long text
    try:
        text = repr(value)
    except RecursionError:             # a deeply nested list or dict
        text = f"<a deeply nested {type(value).__name__}>"
    if len(text) <= limit:
        return text
    return text[:limit - 1] + "…"


def clip(text: str, limit: int = 300) -> str:
    """A message cut to about ``limit`` characters (no quotes added)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
