"""What the PettingZoo environment (hupai.env) adds to the table engine, per step.

The same EPISODES seeded rounds per region are played (a) by the engine alone, each step
``Round.legal_actions()`` and ``Round.step``, and (b) through the env, each step
``last()`` (the planes and the mask), a look at the mask and ``step(index)``, all four
seats agents of the env.  Both replay one uniform random choice per state, drawn before
any timing, so both play the same rounds step for step.  ``test_env_random_episodes``
times (b) and, before each of its rounds, (a) and (c) once each, so that the three are
measured interleaved, under the same load: (c) is (a) with only what any env with numpy
observations pays per step (one new float32 array of the planes' shape gathered from a
store, one new int8 mask, an index → action map), a floor rather than an env.  Its
``extra_info`` gives per step: the engine's time, the env's overhead (b - a) / steps and
the floor's (c - a) / steps.  Run: pytest benchmarks/test_env_bench.py

``python benchmarks/test_env_bench.py`` prints instead the instructions per step of
(a), (c) and (b) under ``valgrind --tool=callgrind`` (the figures that do not depend on
the machine's load): each replay runs once to warm up, then twice with instructions
counted only inside ``functools.reduce``, which runs them; divided by the steps."""
from __future__ import annotations

import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from typing import NamedTuple

import numpy as np
import pytest

from hupai.env import ACTION_SIZE, PLANES, table_env
from hupai.rules import REGIONS
from hupai.table import Round

EPISODES = 4
SEED = 2026
ROUNDS = 15          # rounds of (b), each after one run of (a) and of (c)


class Script(NamedTuple):
    """A round's uniform random choices: for the engine the position in its legal
    actions, for the env the index in the action space."""

    positions: list[int]
    indices: list[int]
    net: list


def _script(region: str, index: int) -> Script:
    """Round ``index`` of run SEED played with uniform random legal actions, the env
    telling each action's index."""
    env = table_env(region)
    env.reset(seed=SEED)
    for _ in range(index):
        env.reset()
    rng = random.Random(index)
    positions, indices = [], []
    while not env.round.done:
        obs = env.observe(env.agent_selection)
        legal = env.round.legal_actions()
        k = rng.randrange(len(legal))
        found = next(i for i in np.flatnonzero(obs["action_mask"]).tolist() if env.action(i) == legal[k])
        positions.append(k)
        indices.append(found)
        env.step(found)
    return Script(positions, indices, env.round.net)


_SCRIPTS: dict[str, list[Script]] = {}


def _scripts(region: str) -> list[Script]:
    if region not in _SCRIPTS:
        _SCRIPTS[region] = [_script(region, i) for i in range(EPISODES)]
    return _SCRIPTS[region]


def _engine(region: str, scripts: list[Script]) -> list:
    """(a) the engine alone: legal_actions() and step() of the scripted choice."""
    rules = REGIONS[region].Rules.defaults()
    nets = []
    for index, script in enumerate(scripts):
        rnd = Round(region, rules, seed=SEED, round_index=index)
        for k in script.positions:
            rnd.step(rnd.legal_actions()[k])
        nets.append(rnd.net)
    return nets


def _floor(region: str, scripts: list[Script]) -> list:
    """(c) (a) with a new planes-shaped array, a new mask and an index map each step."""
    rules = REGIONS[region].Rules.defaults()
    store = np.zeros((PLANES + 10, 34), dtype=np.float32)
    rows = np.arange(PLANES, dtype=np.intp)
    int8 = np.dtype(np.int8)
    nets = []
    for index, script in enumerate(scripts):
        rnd = Round(region, rules, seed=SEED, round_index=index)
        for k in script.positions:
            legal = rnd.legal_actions()
            found = {a.tiles[0] if a.type == "discard" else -i: a for i, a in enumerate(legal)}
            obs = {"observation": store.take(rows, 0, None, "clip"),
                   "action_mask": np.frombuffer(bytearray(ACTION_SIZE), dtype=int8)}
            assert found and obs
            rnd.step(legal[k])
        nets.append(rnd.net)
    return nets


def _env_episodes(env, scripts: list[Script]) -> list:
    """(b) the scripted episodes through the env: last(), a look at the mask, step(index)."""
    nets = []
    env.reset(seed=SEED)
    for index, script in enumerate(scripts):
        if index:
            env.reset()
        for i in script.indices:
            obs, _reward, _terminated, _truncated, _info = env.last()
            assert obs["action_mask"][i]
            env.step(i)
        nets.append(env.round.net)
    return nets


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_engine_random_episodes(benchmark, region):
    """(a) alone: the engine's episodes."""
    scripts = _scripts(region)
    benchmark.group = f"env overhead ({region})"
    nets = benchmark(_engine, region, scripts)
    assert nets == [s.net for s in scripts]
    if benchmark.stats is not None:
        benchmark.extra_info["steps"] = sum(len(s.positions) for s in scripts)


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_env_random_episodes(benchmark, region):
    """(b) the same episodes through the env: last(), the mask, step(index); (a) and (c)
    timed before each round."""
    scripts = _scripts(region)
    steps = sum(len(s.indices) for s in scripts)
    env = table_env(region)
    beside: dict[str, list[float]] = {"engine": [], "floor": []}

    def interleaved():
        for name, run in (("engine", _engine), ("floor", _floor)):
            start = time.perf_counter()
            run(region, scripts)
            beside[name].append(time.perf_counter() - start)

    benchmark.group = f"env overhead ({region})"
    nets = benchmark.pedantic(_env_episodes, args=(env, scripts), setup=interleaved, rounds=ROUNDS)
    assert nets == [s.net for s in scripts]
    if benchmark.stats is not None:
        engine = statistics.median(beside["engine"])
        per_step = {"engine_us_per_step": engine, "overhead_us_per_step": benchmark.stats.stats.median - engine,
                    "floor_us_per_step": statistics.median(beside["floor"]) - engine}
        benchmark.extra_info["steps"] = steps
        benchmark.extra_info.update({k: round(v / steps * 1e6, 2) for k, v in per_step.items()})


# ---------------------------------------------------------------- instruction counts

_COUNTED = """
import functools, sys
sys.path.insert(0, {here!r})
import test_env_bench as bench
scripts = bench._scripts({region!r})
env = bench.table_env({region!r})
run = {{"engine": lambda: bench._engine({region!r}, scripts), "floor": lambda: bench._floor({region!r}, scripts),
       "env": lambda: bench._env_episodes(env, scripts)}}[{what!r}]
run()
functools.reduce(lambda _, __: run(), range(2), None)
"""


def _instructions(region: str, what: str) -> int:
    """callgrind's instructions of two runs of ``what`` (engine, floor, env) in ``region``."""
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce",
                              f"--callgrind-out-file={tmp}/out", sys.executable, "-c",
                              _COUNTED.format(here=here, region=region, what=what)],
                             env=dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1"),
                             capture_output=True, text=True, check=False)
    total = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or total is None:
        raise RuntimeError(f"valgrind failed: {run.stderr[-500:]}")
    return int(total.group(1))


def main() -> None:
    print("| region | steps | engine (a) | floor (c) | env (b) | env overhead (b - a) |\n|---|---|---|---|---|---|")
    for region in sorted(REGIONS):
        steps = 2 * sum(len(s.indices) for s in _scripts(region))
        per = {what: _instructions(region, what) / steps for what in ("engine", "floor", "env")}
        print(f"| {region} | {steps // 2} | {per['engine']:,.0f} | {per['floor']:,.0f} | {per['env']:,.0f} | "
              f"{per['env'] - per['engine']:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
