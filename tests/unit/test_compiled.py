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

from hupai.table import play_round
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

# Plays the same rounds as _digest() below, with every compiled module imported from
# its .py source instead (a finder ahead of the extension modules'), and prints the
# digest and where hupai.table.round came from.
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
    print(hupai.table.round.__file__)
    print(test_compiled.digest(int(sys.argv[2])))
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


@pytest.mark.skipif(_PURE, reason="a build without the compiled engine (HUPAI_PURE / DEBUG / SANITIZE)")
def test_the_engine_modules_are_compiled():
    import importlib
    for name in COMPILED:
        module = importlib.import_module(name)
        assert not module.__file__.endswith(".py"), f"{name} runs interpreted: {module.__file__}"


def test_compiled_and_interpreted_engines_play_the_same_rounds():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "tests" / "unit"), str(ROOT / "tests")]))
    out = subprocess.run([sys.executable, "-c", _INTERPRETED, json.dumps(COMPILED), "12"], env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out[0].endswith("round.py"), out[0]
    assert out[1] == digest(12)
