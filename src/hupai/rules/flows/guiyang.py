"""Guiyang's round flow (rules/guiyang-flow.md)."""
from __future__ import annotations

from .base import Flow

__all__ = ["GuiyangFlow", "FLOW"]


class GuiyangFlow(Flow):
    """The flow defaults of guiyang-flow.md §12."""


FLOW = GuiyangFlow()
