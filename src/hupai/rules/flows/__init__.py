"""The round flow of each region (rules/<region>-flow.md), as the table engine asks it."""
from .base import LABELS, Flow, WinContext

__all__ = ["Flow", "WinContext", "LABELS"]
