"""The PettingZoo AEC environment over one round of the table engine (docs/env.md).

The engine's decisions are its turns: :attr:`TableEnv.agent_selection` is the seat
``Round.to_act`` names, ``player_<seat>``.  A seat filled by a built-in agent plays
inside :meth:`TableEnv.step` and is not one of the env's agents.  Rewards are the round's
settlement (``Round.net``), given when the round ends; rounds end by themselves (a win
or the wall), so nothing is ever truncated."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

from .. import tiles
from .._messages import short
from ..rules import REGIONS
from ..rules.region import Region
from ..table.agents import AGENTS, Agent, agent_seed, make_agent
from ..table.model import Action
from ..table.observation import Observation
from ..table.round import Round, as_region
from .actions import ACTION_SIZE, Claim, Legal
from .planes import PLANES, TablePlanes, plane_highs

__all__ = ["AGENT_NAMES", "DEFAULT_REGION", "TableEnv", "table_env"]

#: The name of seat s's agent is AGENT_NAMES[s].
AGENT_NAMES = tuple(f"player_{seat}" for seat in range(4))
#: The region of an env built without one: the first of ``hupai.rules.REGIONS``.
DEFAULT_REGION = next(iter(REGIONS))

AgentSpec = Union[str, Agent]
_INT8 = np.dtype(np.int8)


def _builtin(agents: Mapping[str, AgentSpec] | None) -> dict[int, AgentSpec]:
    """Seat → the built-in agent (a name of AGENTS, or an object with ``act``) of the
    ``agents`` mapping, checked."""
    if agents is None:
        return {}
    if not isinstance(agents, Mapping):
        raise TypeError(f"agents maps agent names (player_0-player_3) to agents, not {type(agents).__name__}")
    out: dict[int, AgentSpec] = {}
    for name, spec in agents.items():
        if name not in AGENT_NAMES:
            raise ValueError(f"unknown agent name {short(name)}; the seats are {', '.join(AGENT_NAMES)}")
        if isinstance(spec, str):
            if spec not in AGENTS:
                raise ValueError(f"unknown agent {short(spec)} for {name}; built in: {', '.join(AGENTS)}")
        elif not callable(getattr(spec, "act", None)):
            raise TypeError(f"the agent of {name} is a name of {', '.join(AGENTS)} or an object with "
                            f"act(observation, legal_actions), not {type(spec).__name__}")
        out[AGENT_NAMES.index(name)] = spec
    if len(out) == 4:
        raise ValueError("agents fills every seat: the env would have no agent to play")
    return out


def _as_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"a seed is a whole number 0 or more, not {short(seed)}")
    return int(seed)


def _as_index(action: object) -> int:
    if type(action) is int:
        index = action
    elif isinstance(action, np.integer) or (isinstance(action, np.ndarray) and action.shape == ()
                                            and action.dtype.kind in "iu"):
        index = int(action)
    else:
        raise TypeError(f"an action is an index 0-{ACTION_SIZE - 1} (an int), not {short(action)}")
    if not 0 <= index < ACTION_SIZE:
        raise ValueError(f"action {index} is outside the action space 0-{ACTION_SIZE - 1}")
    return index


def _observation_space(high: np.ndarray) -> spaces.Dict:
    """The planes (0 to ``high``) and the mask, as one agent's space (its own objects, so
    that seeding one agent's space seeds no other)."""
    return spaces.Dict({"observation": spaces.Box(low=0.0, high=high, shape=(PLANES, 34), dtype=np.float32),
                        "action_mask": spaces.Box(low=0, high=1, shape=(ACTION_SIZE,), dtype=np.int8)})


class TableEnv(AECEnv):
    """One round of ``region`` per episode, as a PettingZoo AEC environment (build it
    with :func:`table_env`).  Its agents are the seats ``agents`` leaves free."""

    metadata: ClassVar[dict[str, Any]] = {"name": "hupai_table_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, region: str | Region = DEFAULT_REGION, rules: Any = None,
                 agents: Mapping[str, AgentSpec] | None = None, *, dealer: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self._region = as_region(region)
        self._rules = self._region.Rules.coerce(rules)
        self._bots_spec = _builtin(agents)
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, (int, np.integer))
                                   or not 0 <= dealer <= 3):
            raise ValueError(f"the dealer is a seat 0-3 or None, not {short(dealer)}")
        self._dealer = None if dealer is None else int(dealer)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {short(render_mode)}; "
                             f"use one of {', '.join(self.metadata['render_modes'])} or None")
        self.render_mode = render_mode
        self.possible_agents = [name for seat, name in enumerate(AGENT_NAMES) if seat not in self._bots_spec]
        self._seat_of = {name: AGENT_NAMES.index(name) for name in self.possible_agents}
        tile_set = self._region.FLOW.tile_set(self._rules)
        high = plane_highs(max(tile_set.count(t) for t in set(tile_set)), len(tile_set))
        self.observation_spaces = {a: _observation_space(high) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTION_SIZE) for a in self.possible_agents}
        self._seed: int | None = None
        self._next_round = 0
        self._round: Round | None = None
        self._planes: TablePlanes | None = None
        self._bots: dict[int, Agent] = {}
        self._legal = Legal()                 # the legal actions of the state now, when _legal_known
        self._legal_known = False
        self._mask_given = False              # the mask of _legal is in an observation already
        self._claim_context = Claim(None, ())
        self._claim_at = -1                   # the discards _claim_context was made after
        self._to_act: int | None = None       # the seat the round asks, and what
        self._decision: str | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    # ---------------------------------------------------------------- spaces

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (one object per agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(ACTION_SIZE)`` (one object per agent)."""
        return self.action_spaces[agent]

    # ---------------------------------------------------------------- the round

    @property
    def round(self) -> Round:
        """The round being played (its record, its settlement)."""
        if self._round is None:
            raise RuntimeError("reset() first: no round is being played")
        return self._round

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new round.  ``seed`` seeds the wall and the built-in agents: the round is
        round 0 of a run seeded ``seed``; each later reset without a seed plays the next
        round of that run (a fresh run, from OS entropy, when none was ever given).
        ``options`` is accepted as the API asks; no option is read."""
        del options
        if seed is not None:
            self._seed = _as_seed(seed)
            self._next_round = 0
        elif self._seed is None:
            self._seed = int(np.random.SeedSequence().entropy)     # type: ignore[arg-type]
        index = self._next_round
        self._next_round += 1
        dealer = self._dealer
        if dealer is None:
            dealer = self._region.FLOW.first_dealer(self._rules, self._seed, index)
        self._round = Round(self._region, self._rules, seed=self._seed, round_index=index, dealer=dealer)
        self._bots = {seat: make_agent(spec, agent_seed(self._seed, index, seat)) if isinstance(spec, str) else spec
                      for seat, spec in self._bots_spec.items()}
        self._planes = TablePlanes(self._round)
        self._claim_at = -1
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()

    def _advance(self) -> None:
        """Let built-in agents play until a seat of the env is asked or the round is over."""
        rnd = self._round
        assert rnd is not None and self._planes is not None
        seat = rnd.to_act
        bots = self._bots
        while seat in bots:
            rnd.step(bots[seat].act(Observation(rnd, seat), rnd.legal_actions()))
            seat = rnd.to_act
        self._legal_known = False
        self._to_act, self._decision = seat, rnd.decision
        self._planes.update()
        if seat is None:
            self._finish(rnd)
        else:
            self.agent_selection = AGENT_NAMES[seat]

    def _finish(self, rnd: Round) -> None:
        net = rnd.net
        for agent in self.agents:
            self.rewards[agent] = float(net[self._seat_of[agent]])
            self.terminations[agent] = True
        self._accumulate_rewards()

    def _claim(self) -> Claim:
        """What the claims of the state now concern: the last discard, the jokers (made
        again only when either has changed)."""
        log = self.round.discard_log
        assert self._planes is not None
        jokers = self._planes.jokers
        if len(log) != self._claim_at or jokers is not self._claim_context.jokers:
            self._claim_at = len(log)
            self._claim_context = Claim(log[-1][1] if log else None, jokers)
        return self._claim_context

    def _legal_now(self) -> Legal:
        """The legal actions of the state now by index (read once per state)."""
        if not self._legal_known:
            self._legal.read(self.round.legal_actions(), self._claim)
            self._legal_known = True
            self._mask_given = False
        return self._legal

    # ---------------------------------------------------------------- the API

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation": planes, "action_mask": int8 mask}`` of ``agent`` (the mask is
        all zeros unless the round asks ``agent`` now)."""
        seat = self._seat_of.get(agent)
        if seat is None:
            raise ValueError(f"unknown agent {short(agent)}; the env's agents are {', '.join(self.possible_agents)}")
        planes = self._planes
        if planes is None:
            raise RuntimeError("reset() first: no round is being played")
        if seat != self._to_act:
            return {"observation": planes.build(seat, None), "action_mask": np.zeros(ACTION_SIZE, dtype=_INT8)}
        legal = self._legal if self._legal_known else self._legal_now()
        if self._mask_given:        # the first observation has the mask itself, and may change it
            mask = legal.new_mask()
        else:
            self._mask_given = True
            mask = legal.mask
        return {"observation": planes.build(seat, self._decision), "action_mask": mask}

    def action(self, index: int) -> Action:
        """The engine's action that ``index`` stands for now (ValueError if it is not
        in the mask of the agent asked)."""
        index = _as_index(index)
        found = self._legal_now().action(index)
        if found is None:
            raise ValueError(f"action {index} is not legal for {self.agent_selection} now (the round asks "
                             f"for {self.round.decision}; legal: {short(self._legal_now().indices())}); "
                             "choose an index of the observation's action_mask")
        return found

    def step(self, action: Any) -> None:
        """Take the agent's action: an index of its ``action_mask`` (None once it is
        terminated).  Anything else is a ValueError / TypeError and changes nothing."""
        rnd = self._round
        if rnd is None:
            raise RuntimeError("reset() first: no round is being played")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal if self._legal_known else self._legal_now()
        chosen = legal.action(action) if type(action) is int and 0 <= action < ACTION_SIZE else None
        if chosen is None:
            chosen = self.action(action)        # a numpy integer, or the error that names the problem
        self._cumulative_rewards[agent] = 0.0
        rnd.step(chosen)
        self._advance()

    def render(self) -> str | None:
        """``ansi``: the table as text, every hand shown (for watching, not for agents)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: build the env with render_mode='ansi'")
            return None
        rnd = self.round
        lines = [f"{self._region.name} round {rnd.round_index} of seed {rnd.seed}, dealer player_{rnd.dealer}, "
                 f"live {rnd.live}" + ("" if rnd.done else f", player_{rnd.to_act} to {rnd.decision}")]
        for seat, s in enumerate(rnd.seats):
            melds = " ".join(f"{m.kind}:{tiles.format_sequence(m.tiles)}" for m in s.melds)
            flags = "".join([" (won)" if s.finished else "", f" ({s.declared})" if s.declared else ""])
            lines.append(f"player_{seat}{flags}: {tiles.format_sequence(s.held())} | {melds or '-'} | "
                         f"river {tiles.format_sequence(s.discards) or '-'} | score {rnd.scores_after[seat]}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def table_env(region: str | Region = DEFAULT_REGION, rules: Any = None,
              agents: Mapping[str, AgentSpec] | None = None, *, dealer: int | None = None,
              render_mode: str | None = None, illegal_reward: float | None = None) -> AECEnv:
    """The AEC environment of ``region`` (a name of ``hupai.rules.REGIONS``) under
    ``rules`` (the region's ``Rules``; None for its defaults).  ``agents`` maps agent
    names to built-in agents (``{"player_1": "greedy", "player_2": "random"}``, names of
    ``hupai.table.AGENTS`` or objects with ``act(observation, legal_actions)``) that
    play those seats; the env's agents are the others.  ``dealer`` fixes the dealer
    (None: the region's first-dealer rule, drawn from the seed where it is random).
    An action outside the mask is a ValueError; with ``illegal_reward`` it ends the
    round instead, that reward to the agent who made it (PettingZoo's
    ``TerminateIllegalWrapper``, as its classic games do)."""
    env = TableEnv(region, rules, agents, dealer=dealer, render_mode=render_mode)
    if illegal_reward is None:
        return env
    return TerminateIllegalWrapper(env, illegal_reward=float(illegal_reward))
