"""A PettingZoo AEC environment over the table engine, for any region of
``hupai.rules.REGIONS`` (docs/env.md; needs the ``rl`` extra: ``pip install 'hupai[rl]'``).

One episode is one round.  Each agent (``player_0`` … ``player_3``, one per seat, less
the seats built-in agents play) observes ``{"observation": planes, "action_mask": mask}``:
the float32 planes of :mod:`hupai.env.planes` (``PLANES`` rows of 34 tile kinds) and an
int8 mask over the one ``Discrete(ACTION_SIZE)`` action space of :mod:`hupai.env.actions`.
Rewards are the round's settlement, each seat's ``Round.net``, when it ends.

>>> import numpy as np
>>> from hupai.env import table_env
>>> env = table_env("guiyang", agents={"player_1": "greedy", "player_2": "greedy", "player_3": "greedy"})
>>> env.reset(seed=3)
>>> rng = np.random.default_rng(0)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
>>> env.agents, sum(env.round.net) == 0
([], True)
"""
from __future__ import annotations

try:
    from .aec import AGENT_NAMES, DEFAULT_REGION, TableEnv, table_env
except ModuleNotFoundError as missing:          # pragma: no cover - the rl extra is not installed
    if missing.name not in ("pettingzoo", "gymnasium"):
        raise
    raise ModuleNotFoundError(f"hupai.env needs {missing.name}: pip install 'hupai[rl]'",
                              name=missing.name) from missing
from .actions import ACTION_SIZE, BLOCKS, DECLARATIONS, describe
from .planes import DECISIONS, PLANE_NAMES, PLANES

__all__ = [
    "ACTION_SIZE",
    "AGENT_NAMES",
    "BLOCKS",
    "DECISIONS",
    "DECLARATIONS",
    "DEFAULT_REGION",
    "PLANES",
    "PLANE_NAMES",
    "TableEnv",
    "describe",
    "table_env",
]
