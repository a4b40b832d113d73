"""Agents: anything with ``act(observation, legal_actions) -> action``.  Built in
(:mod:`hupai.table.builtin_agents`): ``random`` (uniform over the legal actions, seeded)
and ``greedy`` (wins whenever it can, discards by the region's ``analyze_discards``,
claims a 碰 / 杠 / 吃 when that does not raise its shanten, declares whatever the region
lets it declare)."""
from __future__ import annotations

from typing import Callable, Protocol, Sequence, runtime_checkable

import numpy as np

from .. import _core
from .._messages import short
from .builtin_agents import GreedyAgent, RandomAgent
from .model import Action
from .observation import Observation

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "AGENTS", "make_agent", "agent_seed"]


@runtime_checkable
class Agent(Protocol):
    """What :func:`hupai.table.play` asks of an agent: ``act(observation,
    legal_actions)`` returns one of ``legal_actions``.

    An agent may also have either of two optional methods, which ``play`` calls when
    they are there (the built-in agents have neither):

    - ``start_round(observation, seed)``, before the round's first decision, with the
      seat's :class:`Observation` and ``seed``, the seat's :func:`agent_seed` for the
      round (what a built-in agent would be seeded with);
    - ``end_round(observation)``, once the round is over (:attr:`Observation.outcome`
      says what it settled), also for a seat that was never asked anything.

    :class:`hupai.protocol.CommandAgent`, a bot in another process, uses both."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action: ...


def agent_seed(seed: int, round_index: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in round ``round_index`` of a run seeded
    ``seed`` (independent of the wall's stream)."""
    # SeedSequence(seed, spawn_key=(round_index, 1 + seat)).generate_state(1, np.uint64)[0]
    # as an int, without building the SeedSequence (10 µs a seat) or an array
    return int(_core.seed_word(int(seed), (int(round_index), 1 + int(seat))))


#: The built-in agents by name.
AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(name: str, seed: int) -> Agent:
    """A built-in agent by name, seeded."""
    if name not in AGENTS:
        raise ValueError(f"unknown agent {short(name)}; built in: {', '.join(AGENTS)}")
    return AGENTS[name](seed)
