"""Every code block of the README runs as pasted.

Each ``python`` block runs on its own, in a fresh namespace (so no block leans on
another's names), and every line ``expression  # -> result`` is checked: the repr of the
expression's value must be ``result`` exactly.  Each ``sh`` block's ``hupai`` commands
run through the installed command line and must succeed; the ``pip install`` and
``pytest`` of the set-up blocks are what CI itself runs (``.ci/run``), so they are
checked to be there, not run again."""
import ast
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```", README, flags=re.S | re.M)
PYTHON = [code for lang, code in BLOCKS if lang == "python"]
SHELL = [code for lang, code in BLOCKS if lang == "sh"]


def _checks(code: str) -> list[tuple[int, str]]:
    """(line number, expected repr) of every ``# ->`` line."""
    return [(i, line.split("# -> ", 1)[1].strip()) for i, line in enumerate(code.splitlines(), 1)
            if "# -> " in line]


def _run_checked(code: str) -> None:
    """Run ``code`` statement by statement; each statement on a ``# ->`` line is an
    expression whose repr must match."""
    expected = dict(_checks(code))
    namespace: dict = {"__name__": "__readme__"}
    for node in ast.parse(code).body:
        line = node.lineno
        if line in expected:
            assert isinstance(node, ast.Expr), f"README line {line}: '# ->' on a statement that is not an expression"
            value = eval(compile(ast.Expression(node.value), "README.md", "eval"), namespace)
            assert repr(value) == expected.pop(line), f"README block line {line}"
        else:
            exec(compile(ast.Module([node], []), "README.md", "exec"), namespace)
    assert not expected, f"'# ->' inside a multi-line statement: lines {sorted(expected)}"


def test_the_readme_has_code_to_check():
    assert len(PYTHON) >= 4 and len(SHELL) >= 3
    assert sum(len(_checks(code)) for code in PYTHON) >= 25


@pytest.mark.parametrize("index", range(len(PYTHON)))
def test_every_python_block_runs_and_shows_true_results(index):
    _run_checked(PYTHON[index])


def _commands(code: str) -> list[list[str]]:
    out = []
    for line in code.splitlines():
        for part in line.split("&&"):
            if part.strip():
                out.append(shlex.split(part))
    return out


def test_the_setup_commands_are_what_ci_runs():
    commands = [c for code in SHELL for c in _commands(code)]
    assert ["pip", "install", "."] in commands and ["pip", "install", ".[test,bench,rl,dask,plot,server]"] in commands
    assert ["pytest", "-n", "auto"] in commands      # the suite on every core (pytest-xdist)
    test_command = 'sh tools/browser.sh && pip install ".[test,bench,rl,dask,plot,server]" && pytest -n auto'
    assert any(test_command in code for code in SHELL)
    assert test_command + "\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


_HUPAI_BLOCKS = [code for code in SHELL if any(c[0] == "hupai" for c in _commands(code))]


@pytest.mark.parametrize("index", range(len(_HUPAI_BLOCKS)))
def test_every_hupai_command_succeeds(index, shared, tmp_path):
    """The ``hupai`` commands of a block, in order, in a directory of their own (a
    block's later command may read what an earlier one wrote)."""
    for command in [c for c in _commands(_HUPAI_BLOCKS[index]) if c[0] == "hupai"]:
        _run_hupai(command, shared, tmp_path)


def _run_hupai(command: list[str], shared: Path, cwd: Path) -> None:
    # the README's paths to the shared cases are relative to the checkout, as its
    # set-up says; the test suite finds them where conftest's ``shared`` does
    args = [str(shared / a[len("../shared/"):]) if a.startswith("../shared/") else a for a in command[1:]]
    # an outside bot of the examples: this interpreter, the checkout's examples
    args = [a.replace("cmd:python examples/", f"cmd:{sys.executable} {ROOT / 'examples'}/") for a in args]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "hupai", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120)
    assert done.returncode == 0, " ".join(command) + "\n" + done.stdout[-2000:] + done.stderr[-2000:]
    assert done.stdout.strip() and "Traceback" not in done.stderr
    assert "incident:" not in done.stdout, done.stdout[-2000:]
