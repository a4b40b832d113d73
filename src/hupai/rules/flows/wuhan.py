"""Wuhan's round flow (rules/wuhan-flow.md)."""
from __future__ import annotations

from .base import Flow

__all__ = ["WuhanFlow", "FLOW"]


class WuhanFlow(Flow):
    """The flow defaults of wuhan-flow.md §12."""


FLOW = WuhanFlow()
