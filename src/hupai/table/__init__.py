"""The table engine: whole rounds of any region, played, recorded, replayed and settled
(design/table.md).

>>> from hupai.table import play_round, replay
>>> rnd = play_round("luzhou", seed=1, agents=["greedy", "random", "random", "random"])
>>> sum(rnd.net), replay(rnd.record()).net == rnd.net
(0, True)
"""
from .agents import AGENTS, Agent, GreedyAgent, RandomAgent, make_agent
from .match import Match, play, play_round
from .model import Action, Entry, Payment
from .observation import Observation
from .record import FORMAT, dumps, replay
from .round import PASS, WIN, Round, WinEvent

__all__ = ["Round", "Action", "Entry", "Payment", "WinEvent", "WIN", "PASS", "Observation", "Agent",
           "RandomAgent", "GreedyAgent", "AGENTS", "make_agent", "Match", "play", "play_round", "FORMAT",
           "dumps", "replay"]
