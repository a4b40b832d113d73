"""Playing rounds with agents, and a match: rounds in sequence with the scores carried
over and the next dealer the region's rule gives (連莊, rotation, multi-win rules)."""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence, SupportsIndex, Union

from .._messages import short
from ..rules.region import Region
from .agents import Agent, agent_seed, make_agent
from .model import Amount
from .observation import Observation
from .round import Round, as_region
from .wall import whole

__all__ = ["play", "play_round", "Match"]

AgentSpec = Union[str, Agent]


def play(rnd: Round, agents: Sequence[Agent]) -> Round:
    """Play ``rnd`` to its end, asking ``agents[seat]`` at each decision.  An agent
    with ``start_round(observation, seed)`` is told first that the round starts (with
    its seat's :func:`agent_seed`; a round on a given wall counts as seed 0), one with
    ``end_round(observation)`` that it is over (:class:`hupai.table.agents.Agent`)."""
    if len(agents) != 4:
        raise ValueError(f"a round needs four agents, one per seat, not {len(agents)}")
    for told, agent in enumerate(agents):
        start = _hook(agent, "start_round")
        if start is not None:
            start(Observation(rnd, told), agent_seed(rnd.seed or 0, rnd.round_index, told))
    while not rnd.done:
        seat, legal = rnd._asked()
        rnd.step(agents[seat].act(Observation(rnd, seat), legal))
    for told, agent in enumerate(agents):
        end = _hook(agent, "end_round")
        if end is not None:
            end(Observation(rnd, told))
    return rnd


def _hook(agent: Agent, name: str) -> Optional[Callable[..., Any]]:
    """The agent's optional method ``name``, or None.  (Asked with hasattr: compiled,
    ``getattr(agent, name, None)`` raises and clears an AttributeError for every agent
    without the hook, about 4,000 instructions each, eight a round.)"""
    return getattr(agent, name) if hasattr(agent, name) else None


def _agents(specs: Sequence[AgentSpec], seed: int, round_index: int) -> list[Agent]:
    if isinstance(specs, str) or len(specs) != 4:
        raise ValueError(f"four agents, one per seat, not {short(specs)}")
    return [make_agent(a, agent_seed(seed, round_index, seat)) if isinstance(a, str) else a
            for seat, a in enumerate(specs)]


def play_round(region: Union[str, Region], rules: Any = None, *, seed: SupportsIndex = 0,
               round_index: SupportsIndex = 0, dealer: Optional[SupportsIndex] = None, scores_before: Sequence[Amount] = (0, 0, 0, 0),
               agents: Sequence[AgentSpec] = ("random",) * 4) -> Round:
    """One round of ``region`` seeded by ``(seed, round_index)``, played by ``agents``
    (built-in names are seeded from the same two numbers and the seat).  Without a
    ``dealer`` the region's first-dealer rule picks one (seat 0 unless its
    ``flow_first_dealer`` is random)."""
    seed, round_index = whole(seed, "a seed"), whole(round_index, "a round index")
    if dealer is None:
        found = as_region(region)
        dealer = found.FLOW.first_dealer(found.Rules.coerce(rules), seed, round_index)
    rnd = Round(region, rules, seed=seed, round_index=round_index, dealer=dealer, scores_before=scores_before)
    return play(rnd, _agents(agents, seed, round_index))


class Match:
    """Rounds in sequence: each round's ``scores_before`` are the last one's scores
    after it, its dealer the last one's ``next_dealer`` (the first round's
    ``first_dealer``, else the region's rule); round i's wall is seeded by ``(seed, i)``.  ``play(rounds, until=...)`` plays up to ``rounds`` more rounds, or
    until ``until(match)`` is true after a round."""

    def __init__(self, region: Union[str, Region], rules: Any = None, *, seed: SupportsIndex = 0,
                 first_dealer: Optional[SupportsIndex] = None,
                 scores: Sequence[Amount] = (0, 0, 0, 0), agents: Sequence[AgentSpec] = ("random",) * 4) -> None:
        self.region, self.rules, self.seed = region, rules, whole(seed, "a seed")
        if first_dealer is None:         # the region's rule: the caller's, or drawn from the seed
            found = as_region(region)
            first_dealer = found.FLOW.first_dealer(found.Rules.coerce(rules), self.seed, 0)
        self.dealer: SupportsIndex = first_dealer       # (checked as the first round's dealer)
        self.scores: list[Amount] = list(scores)
        self.agents = list(agents)
        self.rounds: list[Round] = []

    def play(self, rounds: SupportsIndex = 1, until: Optional[Callable[["Match"], bool]] = None) -> "Match":
        for _ in range(rounds):
            rnd = play_round(self.region, self.rules, seed=self.seed, round_index=len(self.rounds),
                             dealer=self.dealer, scores_before=self.scores, agents=self.agents)
            self.rounds.append(rnd)
            self.scores = rnd.scores_after
            assert rnd.next_dealer is not None
            self.dealer = rnd.next_dealer
            if until is not None and until(self):
                break
        return self

    def records(self) -> list[dict[str, Any]]:
        return [r.record() for r in self.rounds]
