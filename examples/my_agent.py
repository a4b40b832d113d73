"""Play one round with your own agent at seat 0 and print its record.

An agent is any object with ``act(observation, legal_actions) -> action``; this one
wins whenever it can and otherwise throws the tile it holds the fewest of (ties: the
highest).  The other three seats are the built-in greedy agent.
Run:  python examples/my_agent.py [region] [seed]
"""
from __future__ import annotations

import sys

from hupai.table import Action, GreedyAgent, Observation, Round, dumps, play


class FewestFirst:
    def act(self, observation: Observation, legal_actions: list[Action]) -> Action:
        for a in legal_actions:
            if a.type in ("win", "declare"):
                return a
        discards = [a for a in legal_actions if a.type == "discard"]
        if not discards:                      # a claim window: let it pass
            return next(a for a in legal_actions if a.type == "pass")
        held = observation.concealed
        return min(discards, key=lambda a: (held[a.tile], -a.tile))


def main(region: str = "luzhou", seed: int = 0) -> str:
    rnd = Round(region, seed=seed)
    play(rnd, [FewestFirst(), GreedyAgent(), GreedyAgent(), GreedyAgent()])
    return dumps(rnd.record())


if __name__ == "__main__":
    print(main(sys.argv[1] if len(sys.argv) > 1 else "luzhou", int(sys.argv[2]) if len(sys.argv) > 2 else 0))
