"""Fuzhou's round flow (rules/fuzhou-flow.md)."""
from __future__ import annotations

from .base import Flow

__all__ = ["FuzhouFlow", "FLOW"]


class FuzhouFlow(Flow):
    """The flow defaults of fuzhou-flow.md §12."""


FLOW = FuzhouFlow()
