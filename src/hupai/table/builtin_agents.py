"""The two built-in agents: ``random`` (uniform over the legal actions, seeded) and
``greedy`` (wins whenever it can, discards by the region's ``analyze_discards``, claims
a 碰 / 杠 / 吃 when that does not raise its shanten, declares whatever the region lets it
declare).  Compiled by mypyc with the engine (setup.py); :mod:`hupai.table.agents` is
where they are named and made."""
from __future__ import annotations

import _random
import operator
import random
from typing import Any, Final, Optional, Sequence

import numpy as np
from mypy_extensions import mypyc_attr

from .. import _core
from ..rules import REGIONS
from ..rules.flows.base import scorer_meld
from .model import Action
from .observation import Observation

__all__ = ["RandomAgent", "GreedyAgent"]


@mypyc_attr(allow_interpreted_subclasses=True)     # a bot of one's own may build on it
class RandomAgent:
    """Uniform over the legal actions, from its own seeded generator."""

    def __init__(self, seed: Any = 0) -> None:
        # any seed random.Random takes, and a numpy integer as the int it is.  An int
        # seeds random.Random's C generator directly: random.Random.seed does no more
        # for an int, and its Python-level __init__ and seed were a sixth of the cost
        # of making an agent, four a round.  The same stream either way.
        if isinstance(seed, np.integer):
            seed = int(seed)
        rng = _random.Random(seed) if type(seed) is int else random.Random(seed)
        self._bits = rng.getrandbits

    def act(self, observation: Optional[Observation], legal_actions: Sequence[Action]) -> Action:
        # random.Random.randrange(n) as CPython draws it (_randbelow_with_getrandbits:
        # k = n.bit_length() bits, drawn again while >= n), without its four calls a
        # decision: the same choices, the same records
        n = len(legal_actions)
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal_actions[r]


def _shanten(counts: Sequence[int], jokers: tuple[int, ...]) -> int:
    c = bytearray(counts)
    n = 0
    for j in jokers:
        n += c[j]
        c[j] = 0
    return int(_core.shanten(c, n))


def _uint8(counts: list[int]) -> np.ndarray:
    """34 counts of 0-4 as a (read-only) uint8 array, the cheapest way numpy makes one."""
    return np.frombuffer(bytes(counts), np.uint8)


#: The claims and kongs a greedy agent makes when they keep its shanten.
_CLAIMS: Final = frozenset(("special_kong", "angang", "bugang", "minggang", "peng", "chi"))


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyAgent:
    """Wins when it can; declares when offered; kongs and claims that keep its shanten;
    otherwise the best discard of the region's analysis."""

    def __init__(self, seed: Any = 0) -> None:
        del seed        # deterministic: it needs no generator

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        kinds = {a.type for a in legal_actions}
        for wanted in ("win", "declare"):
            if wanted in kinds:
                return next(a for a in legal_actions if a.type == wanted)
        if not kinds.isdisjoint(_CLAIMS):
            claims = [a for a in legal_actions if a.type in _CLAIMS]
            keep = self._claim_keeping_shanten(observation, claims)
            if keep is not None:
                return keep
        if "discard" in kinds:
            return self._discard(observation, [a for a in legal_actions if a.type == "discard"])
        # nothing to throw: pass where it may, else the one move left (Wuhan's hand of
        # special tiles only lays one out)
        return next((a for a in legal_actions if a.type == "pass"), legal_actions[0])

    def _claim_keeping_shanten(self, obs: Observation, claims: list[Action]) -> Action | None:
        counts = obs.concealed
        jokers = obs.jokers
        before = _shanten(counts, jokers)
        for a in claims:
            after = list(counts)
            if a.type == "special_kong":
                if a.tile in jokers:
                    continue           # keep a joker
                return a               # a must-kong tile blocks every win
            used = list(a.tiles)
            if a.type in ("peng", "minggang", "chi") and obs.last_discard is not None:
                used.remove(obs.last_discard[1])
            if a.type == "bugang":
                used = [a.tiles[-1]]
            for t in used:
                after[t] -= 1
            if min(after) < 0 or sum(after) == 0:
                continue
            if _shanten(after, jokers) <= before:
                return a
        return None

    def _discard(self, obs: Observation, discards: list[Action]) -> Action:
        legal = {a.tile: a for a in discards}
        if len(legal) == 1:
            return discards[0]
        concealed = obs.concealed
        counts = _uint8(concealed)
        melds = tuple(scorer_meld(m.kind, m.tiles) for m in obs.melds(obs.seat))
        own = list(concealed)
        for m in melds:
            for t in m.tiles:
                own[t] += 1
        # the analysis counts four copies of a kind: more (Luzhou's eight 紅中) are seen as all
        seen = obs.visible()
        if max(map(operator.add, seen, own)) > 4:
            seen = [v if v + o <= 4 else 4 - o if o < 4 else 0 for v, o in zip(seen, own)]
        visible = _uint8(seen)
        # the region's own analysis, the hook analyze_discards(rules=...) answers with
        try:
            options = REGIONS[obs.region].analyze(counts, obs.rules, visible=visible, melds=melds,
                                                  situation=obs.situation, values=False)
        except ValueError:
            # a hand the region's analysis does not rank, though the table allows it (a
            # Wuhan must-kong tile stuck in hand once the wall is too short for kongs)
            return self._lowest_shanten(obs, discards)
        for o in options:
            if o.discard in legal:
                return legal[o.discard]
        return discards[-1]

    @staticmethod
    def _lowest_shanten(obs: Observation, discards: list[Action]) -> Action:
        """The discard that leaves the lowest shanten (the kernel's, jokers counted);
        ties: the last offered."""
        counts = obs.concealed
        best, best_shanten = discards[-1], None
        for a in discards:
            after = list(counts)
            after[a.tile] -= 1
            s = _shanten(after, obs.jokers)
            if best_shanten is None or s <= best_shanten:
                best, best_shanten = a, s
        return best
