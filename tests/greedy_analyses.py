"""The analyses the built-in greedy agents ask for: each ``region.analyze`` call of
seeded greedy rounds, with the agent's melds, visible tiles and table situation (used by
the analysis differential test and the analysis benchmark)."""
from typing import Any, NamedTuple

import numpy as np
import pytest

from hupai.rules import REGIONS
from hupai.table import play_round


class Asked(NamedTuple):
    """One analysis a greedy agent asked for: ``region.analyze``'s arguments."""

    counts: Any
    melds: tuple
    visible: Any
    situation: Any
    rules: Any
    values: bool


def greedy_analyses(region, rounds, seed=4242):
    """Every analysis (:class:`Asked`) the greedy agents ask for in ``rounds`` rounds of a
    run seeded ``seed``."""
    module = REGIONS[region]
    asked = []
    original = module.analyze

    def spy(counts, rules=None, *, visible=None, melds=(), situation=None, values=True):
        asked.append(Asked(np.array(counts), tuple(melds), None if visible is None else np.array(visible),
                           situation, rules, values))
        return original(counts, rules, visible=visible, melds=melds, situation=situation, values=values)

    mp = pytest.MonkeyPatch()
    mp.setattr(module, "analyze", spy)
    try:
        for i in range(rounds):
            play_round(region, seed=seed, round_index=i, agents=["greedy"] * 4)
    finally:
        mp.undo()
    return asked
