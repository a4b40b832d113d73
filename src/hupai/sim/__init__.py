"""Runs of many rounds for bots: self-play statistics, resumable records files, and
simulation on local worker processes or a Dask cluster (``hupai simulate``).

>>> from hupai.sim import simulate
>>> run = simulate("fuzhou", 20, seed=1, agents=["greedy", "random", "random", "random"])
>>> s = run.stats.to_dict()
>>> s["rounds"], sum(g["net_total"] for g in s["seats"])
(20, 0)
"""
from .driver import Run, simulate
from .run import Chunk, Job, play_chunk, play_rounds
from .stats import RoundRow, Stats, round_row

__all__ = ["simulate", "Run", "Stats", "RoundRow", "round_row", "Job", "Chunk", "play_chunk", "play_rounds"]
