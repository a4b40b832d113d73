"""Instruction counts of the kernels and of the Python boundary, under callgrind.

    python benchmarks/callgrind.py            # every measurement, a Markdown table
    python benchmarks/callgrind.py waits      # the measurements whose name holds "waits"

Instructions do not depend on what else the machine is doing, so these figures repeat
where wall-clock medians on a shared 2-core machine do not.  Each measurement runs one
workload of ``workloads.py`` in a fresh interpreter under ``valgrind --tool=callgrind``
(``PYTHONHASHSEED=0 OPENBLAS_NUM_THREADS=1``: OpenBLAS's idle threads would add
instructions at random) and reports either

* ``kernel``: the inclusive instructions of one C function (``hupai_shanten``, ...) per
  call, read with ``callgrind_annotate --inclusive=yes``: the kernel alone; or
* ``call``: the instructions of the whole Python call per hand: the run over N hands
  minus the same run over N/10, divided by the 9N/10 hands between them (a run over no
  hands would take other paths, an empty array's among them, and skew the difference):
  what a caller pays, boundary included (the 查叫 measurements: per table).

Needs valgrind (and its callgrind_annotate) on PATH.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent


class Measurement(NamedTuple):
    name: str
    mode: str           # "kernel" or "call"
    setup: str          # Python run first (counted in both runs of "call", so it cancels)
    loop: str           # Python run with N bound to the number of hands
    n: int
    function: str = ""  # kernel mode: the C function


SINGLE = "rows = [{conv} for h in hands]; jk = [int(k) for k in jokers]\n"
LOOP_SINGLE = "for h, k in zip(rows[:N], jk[:N]): {fn}(h, k)\n"


def _single(name, conv, fn="hupai.shanten", kind="random", size=14):
    return Measurement(f"single {fn.split('.')[-1]}, {name}", "call",
                       f"hands, jokers = make({kind!r}, 2000, {size})\n" + SINGLE.format(conv=conv),
                       LOOP_SINGLE.format(fn=fn), 2000)


def _chajiao(region, args=""):
    """查叫 of a whole 4-seat table (``workloads.CHAJIAO_TABLES``), per table."""
    return Measurement(f"查叫 of a table, {region}", "call",
                       f"from hupai.rules import Hand, {region} as region\nfrom workloads import CHAJIAO_TABLES\n"
                       f"seats = {{k: Hand.parse(v) for k, v in CHAJIAO_TABLES[{region!r}].items()}}",
                       f"for _ in range(N): region.exhaust(seats{', ' + args if args else ''})\n", 1000)


def _analyze(region):
    """``analyze_discards(rules=region)`` of one hand of ``workloads.analysis_hands``."""
    return Measurement(f"analyze_discards with rules, {region}", "call",
                       f"hands = analysis_hands({region!r}, 1000)\n",
                       f"for h, facts in hands[:N]: hupai.analyze_discards(h, rules={region!r}, **facts)\n", 1000)


#: The scoring benchmarks' wins (test_rules_bench.py), by region.
SCORE_CASES = {"luzhou": "luzhou_wins(400, ghosts='dealt')", "wuhan": "wuhan_wins(300)",
               **{r: f"[(h, s) for h, s in luzhou_wins(300, ghosts='none') if region.score(h, s).is_win]"
                  for r in ("guiyang", "fuzhou")}}


def _score(region):
    """``score`` of one win of the scoring benchmark's hands, its caches warmed by a first
    pass over them all (as the benchmark's warm-up rounds warm them)."""
    return Measurement(f"score one win, {region}", "call",
                       f"from hupai.rules import {region} as region\nfrom workloads import luzhou_wins, wuhan_wins\n"
                       f"cases = {SCORE_CASES[region]}\nfor h, s in cases: region.score(h, s)\n",
                       "for h, s in cases[:N]: region.score(h, s)\n", 200)


#: The Python call behind a kernel, for single-hand loops: (call, hands in the loop).
KERNEL_CALLS = {"waits": ("hupai.waits(h, k{opt})", 4000), "shanten": ("hupai.shanten(h, k{opt})", 4000),
                "discards": ("hupai._core.discard_options(h, k, unseen{opt})", 1000)}


def _kernel_single(kernel, kind, size, option=""):
    """The kernel's instructions per call under ``option`` (e.g. ``pair258=True``), from a
    loop of single calls (the batch functions take the default options only)."""
    call, n = KERNEL_CALLS[kernel]
    name = f"kernel {kernel}, {kind} {size}" + (f", {option.split('=')[0]}" if option else "")
    return Measurement(name, "kernel",
                       f"hands, jokers = make({kind!r}, {n}, {size})\n" + SINGLE.format(conv="h")
                       + "unseen = [4] * 34\n",
                       f"for h, k in zip(rows[:N], jk[:N]): {call.format(opt=', ' + option if option else '')}\n",
                       n, f"hupai_{kernel}")


MEASUREMENTS = [
    Measurement("kernel shanten, random 14", "kernel", "hands, jokers = make('random', 20000, 14)",
                "batch.shanten(hands[:N], jokers[:N])", 20000, "hupai_shanten"),
    Measurement("kernel shanten, ready 13", "kernel", "hands, jokers = make('ready', 20000, 13)",
                "batch.shanten(hands[:N], jokers[:N])", 20000, "hupai_shanten"),
    Measurement("kernel waits, ready 13", "kernel", "hands, jokers = make('ready', 20000, 13)",
                "batch.waits(hands[:N], jokers[:N])", 20000, "hupai_waits"),
    Measurement("kernel waits, random 13", "kernel", "hands, jokers = make('random', 20000, 13)",
                "batch.waits(hands[:N], jokers[:N])", 20000, "hupai_waits"),
    _kernel_single("waits", "ready", 13, "pair258=True"),
    _kernel_single("shanten", "ready", 13, "pair258=True"),
    _kernel_single("shanten", "random", 14, "shisanlan=True"),
    _kernel_single("discards", "random", 14),
    _kernel_single("discards", "random", 14, "pair258=True"),
    _kernel_single("discards", "random", 14, "shisanlan=True"),
    Measurement("batch shanten, uint8", "call", "hands, jokers = make('random', 20000, 14)",
                "batch.shanten(hands[:N], jokers[:N])", 20000),
    Measurement("batch shanten, int8", "call", "hands, jokers = make('random', 20000, 14); hands = hands.astype('int8')",
                "batch.shanten(hands[:N], jokers[:N])", 20000),
    Measurement("batch shanten, int64", "call", "hands, jokers = make('random', 20000, 14); hands = hands.astype('int64')",
                "batch.shanten(hands[:N], jokers[:N])", 20000),
    _chajiao("luzhou", "dealer='A'"),
    *(_analyze(region) for region in ("fuzhou", "guiyang", "luzhou", "wuhan")),
    *(_score(region) for region in ("fuzhou", "guiyang", "luzhou", "wuhan")),
    _chajiao("guiyang"),
    _single("uint8", "h"),
    _single("bytes", "bytes(h)"),
    _single("int8", "h.astype('int8')"),
    _single("int16", "h.astype('int16')"),
    _single("int64", "h.astype('int64')"),
    _single("strided uint8", "np.repeat(h, 2)[::2]"),
    _single("list", "h.tolist()"),
    _single("tuple", "tuple(h.tolist())"),
]


def _script(m: Measurement, n: int) -> str:
    return ("import sys\n"
            f"sys.path.insert(0, {str(HERE)!r})\n"
            "import numpy as np\nimport hupai\nfrom hupai import batch\nfrom workloads import analysis_hands, make\n"
            f"{m.setup}\nN = {n}\n{m.loop}\n")


def _callgrind(script: str, out: Path) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                          sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"valgrind failed: {run.stderr[-500:]}")
    total = re.search(r"Collected : (\d+)", run.stderr)
    if total is None:
        raise RuntimeError("valgrind printed no total")
    return int(total.group(1))


def _inclusive(out: Path, function: str) -> int:
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
                          capture_output=True, text=True, check=True).stdout
    for line in text.splitlines():
        if re.search(rf"[\s:]{re.escape(function)}(\s|$|')", line):
            return int(line.split()[0].replace(",", ""))
    raise RuntimeError(f"{function} not found in the callgrind output")


def measure(m: Measurement) -> float:
    """Instructions per hand (kernel: per call of the function)."""
    with tempfile.TemporaryDirectory() as tmp:
        full = Path(tmp) / "full.out"
        total = _callgrind(_script(m, m.n), full)
        if m.mode == "kernel":
            return _inclusive(full, m.function) / m.n
        tenth = m.n // 10
        base = _callgrind(_script(m, tenth), Path(tmp) / "tenth.out")
        return (total - base) / (m.n - tenth)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="?", default="", help="run the measurements whose name holds this")
    args = parser.parse_args(argv)
    chosen = [m for m in MEASUREMENTS if args.only in m.name]
    if not chosen:
        parser.error(f"no measurement is named like {args.only!r}")
    print("| measurement | instructions per hand |\n|---|---|")
    for m in chosen:
        print(f"| {m.name} | {measure(m):,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
