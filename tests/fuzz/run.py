"""Long fuzz runs without Hypothesis: random byte strings into one target (or all) for
a while, every distinct failure reported once with the shortest input that caused it,
the run going on after a failure.

    python tests/fuzz/run.py score --seconds 600
    python tests/fuzz/run.py all --seconds 60 --seed 7

Exits 1 if anything failed.  Replay an input with ``targets.TARGETS[name](data)``, or
add it to tests/fuzz/test_regressions.py as a direct call.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from targets import TARGETS  # noqa: E402


def random_input(rng: random.Random) -> bytes:
    """Short or long; dense random bytes, or mostly zeros (the targets' plain paths)."""
    n = rng.choice([rng.randint(0, 32), rng.randint(64, 1024)])
    if rng.random() < 0.5:
        return rng.randbytes(n)
    sparse = bytearray(n)
    for _ in range(rng.randint(0, 20) if n else 0):
        sparse[rng.randrange(n)] = rng.getrandbits(8)
    return bytes(sparse)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("target", choices=sorted(TARGETS) + ["all"])
    parser.add_argument("--seconds", type=float, default=60.0, help="per target")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    warnings.simplefilter("error")      # as under pytest: a warning is a failure
    seed = args.seed if args.seed is not None else random.randrange(2 ** 32)
    names = sorted(TARGETS) if args.target == "all" else [args.target]
    failed = 0
    for name in names:
        rng = random.Random(seed)
        found: dict[tuple, bytes] = {}
        runs = 0
        end = time.monotonic() + args.seconds
        while time.monotonic() < end:
            data = random_input(rng)
            runs += 1
            try:
                TARGETS[name](data)
            except Exception as exc:      # a failure of the target's contract
                where = traceback.extract_tb(exc.__traceback__)[-1]
                key = (type(exc).__name__, f"{Path(where.filename).name}:{where.lineno}")
                if key not in found:
                    print(f"{name}: {key[0]} at {key[1]}: {str(exc)[:200]}", flush=True)
                if key not in found or len(data) < len(found[key]):
                    found[key] = data
        print(f"{name}: {runs} inputs, seed {seed}, {len(found)} distinct failures")
        for (kind, where), data in found.items():
            print(f"  {kind} at {where}: data={data!r}")
        failed += len(found)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
