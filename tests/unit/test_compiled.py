"""The table engine and the round flows are compiled by mypyc (setup.py, ``COMPILED``).
The compiled modules must be the ones the build names, and they must play exactly as
their Python sources do: the same rounds, record for record, for every region with
random and greedy agents.  The interpreted side is the readable reference."""
from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
import textwrap

import pytest

from hupai.table import play_round  # noqa: F401 (input_outcomes and digest use it)
from paths import ROOT


def _compiled_modules() -> list[str]:
    """The module names of setup.py's ``COMPILED`` list (read, not imported)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "COMPILED" for t in node.targets):
            paths = ast.literal_eval(node.value)
            return [p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


COMPILED = _compiled_modules()
_PURE = os.environ.get("HUPAI_PURE") == "1" or os.environ.get("HUPAI_DEBUG") == "1" \
    or os.environ.get("HUPAI_SANITIZE") == "1"

# Plays the same rounds as digest() below and makes the calls of input_outcomes(), with
# every compiled module imported from its .py source instead (a finder ahead of the
# extension modules'), and prints where hupai.table.round came from, the digest and the
# outcomes.
_INTERPRETED = textwrap.dedent("""
    import importlib.abc, importlib.util, json, pathlib, sys
    NAMES = set(json.loads(sys.argv[1]))

    class Sources(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name not in NAMES:
                return None
            for entry in path or []:
                source = pathlib.Path(entry) / (name.rpartition(".")[2] + ".py")
                if source.is_file():
                    return importlib.util.spec_from_file_location(name, source)
            return None

    sys.meta_path.insert(0, Sources())
    import test_compiled
    import hupai.table.round
    print(json.dumps({"round": hupai.table.round.__file__, "digest": test_compiled.digest(int(sys.argv[2])),
                      "outcomes": test_compiled.input_outcomes()}))
""")


def digest(rounds: int) -> str:
    """A digest of the records of ``rounds`` rounds per region and agent kind."""
    h = hashlib.sha256()
    for region in ("luzhou", "wuhan", "guiyang", "fuzhou"):
        for agent in ("random", "greedy"):
            for i in range(rounds):
                rnd = play_round(region, seed=17, round_index=i, dealer=i % 4, agents=[agent] * 4)
                h.update(json.dumps(rnd.record(), sort_keys=True, ensure_ascii=False).encode())
    return h.hexdigest()


def input_outcomes() -> list[str]:
    """What the engine's entry points make of integers of other types and of bad input
    (mypyc checks annotations at a compiled function's boundary, before the function's
    own checks run): each call's result or its error, type and message."""
    import numpy as np
    from hupai.table import Action, Match, Round
    from hupai.table.agents import RandomAgent

    def r(**kw):
        return Round("luzhou", **kw)
    calls = {
        "seed np": lambda: json.dumps(r(seed=np.int64(1)).record())[:40],
        "seed str": lambda: r(seed="x"),
        "seed negative": lambda: r(seed=-1),
        "seed bool": lambda: r(seed=True),
        "round_index np": lambda: r(seed=1, round_index=np.int64(2)).round_index,
        "round_index float": lambda: r(seed=1, round_index=1.5),
        "dealer np": lambda: r(seed=1, dealer=np.int64(1)).dealer,
        "dealer str": lambda: r(seed=1, dealer="x"),
        "dealer 4": lambda: r(seed=1, dealer=4),
        "region unknown": lambda: Round("nowhere"),
        "region not a name": lambda: Round(5),
        "wall bad": lambda: Round("luzhou", wall="1m"),
        "scores bad": lambda: r(seed=1, scores_before=(0, 0)),
        "observe np": lambda: r(seed=1).observe(np.int64(1)).seat,
        "observe str": lambda: r(seed=1).observe("x"),
        "hand_of np": lambda: repr(r(seed=1).hand_of(np.int64(2))),
        "melds np": lambda: r(seed=1).observe(0).melds(np.int64(1)),
        "discards np": lambda: r(seed=1).observe(0).discards(np.int64(1)),
        "revealed np": lambda: r(seed=1).observe(0).revealed(np.int64(1)),
        "events np": lambda: r(seed=1).observe(0).events(np.int64(1)),
        "step not an action": lambda: r(seed=1).step("discard"),
        "step unknown type": lambda: r(seed=1).step({"type": "fly"}),
        "step not offered": lambda: r(seed=1).step({"type": "peng", "tiles": "111m"}),
        "play_round np": lambda: play_round("guiyang", seed=np.int64(3), round_index=np.int64(1),
                                            dealer=np.int64(2)).net,
        "play_round seed str": lambda: play_round("guiyang", seed="x"),
        "play_round agents bad": lambda: play_round("guiyang", agents=["random"]),
        "match np": lambda: Match("fuzhou", seed=np.int64(3), first_dealer=np.int64(1)).play(np.int64(2)).scores,
        "match dealer str": lambda: Match("fuzhou", first_dealer="x").play(1),
        "random agent np seed": lambda: RandomAgent(np.int64(5)).act(None, [Action("discard", (t,)) for t in range(9)]),
    }
    out = []
    for name, call in calls.items():
        try:
            out.append(f"{name}: ok {call()!r}")
        except Exception as e:      # the outcome is what is compared
            out.append(f"{name}: {type(e).__name__}: {e}")
    return out


@pytest.mark.skipif(_PURE, reason="a build without the compiled engine (HUPAI_PURE / DEBUG / SANITIZE)")
def test_the_engine_modules_are_compiled():
    import importlib
    for name in COMPILED:
        module = importlib.import_module(name)
        assert not module.__file__.endswith(".py"), f"{name} runs interpreted: {module.__file__}"


def _interpreted() -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "tests" / "unit"), str(ROOT / "tests")]))
    out = json.loads(subprocess.run([sys.executable, "-c", _INTERPRETED, json.dumps(COMPILED), "12"], env=env,
                                    capture_output=True, text=True, check=True).stdout)
    assert out["round"].endswith("round.py"), out["round"]
    return out


def test_compiled_and_interpreted_engines_play_the_same_rounds():
    assert _interpreted()["digest"] == digest(12)


def test_compiled_and_interpreted_engines_take_the_same_input():
    """A numpy integer is a seed, a round index or a seat as before; bad input is the
    same ValueError or TypeError, named as the sources name it, never mypyc's own."""
    here = input_outcomes()
    assert here == _interpreted()["outcomes"]
    for outcome in here:
        assert ": ok " in outcome or ": ValueError: " in outcome or ": TypeError: " in outcome, outcome
        assert "object expected" not in outcome, outcome
        if " np" in outcome.split(":")[0]:
            assert ": ok " in outcome or "events" in outcome, outcome
