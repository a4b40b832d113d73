"""Fail when a kernel's speed-up over the pure-Python reference falls below its floor.

    pytest benchmarks --benchmark-json=bench.json && python benchmarks/check_floors.py bench.json

Reads the pytest-benchmark JSON of one run and benchmarks/floors.json, prints every
kernel's measured speed-up (reference ns per hand / native ns per hand, both from this
run) next to its floor, and exits 1 if any is below its floor or a benchmark it needs
is missing from the run.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

FLOORS = Path(__file__).resolve().parent / "floors.json"


def per_hand_ns(bench: dict) -> float:
    info = bench.get("extra_info", {})
    if info.get("ns_per_hand") is not None:
        return float(info["ns_per_hand"])
    return bench["stats"]["median"] * 1e9 / info.get("hands_per_call", 1)


def check(results: dict, floors: dict, write=print) -> bool:
    """True when every kernel meets its floor; writes one line per kernel."""
    by_name = {b["name"]: b for b in results["benchmarks"]}
    ok = True
    write(f"{'kernel':<24}{'native ns':>12}{'reference ns':>16}{'speed-up':>12}{'floor':>10}")
    for kernel, spec in floors["kernels"].items():
        missing = [spec[k] for k in ("native", "reference") if spec[k] not in by_name]
        if missing:
            write(f"{kernel:<24}  MISSING benchmark {', '.join(missing)}")
            ok = False
            continue
        native, reference = per_hand_ns(by_name[spec["native"]]), per_hand_ns(by_name[spec["reference"]])
        ratio = reference / native
        below = ratio < spec["floor"]
        ok &= not below
        write(f"{kernel:<24}{native:>12,.1f}{reference:>16,.0f}{ratio:>12,.0f}{spec['floor']:>10,}"
              + ("  BELOW FLOOR" if below else ""))
    return ok


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", type=Path, help="pytest-benchmark JSON (--benchmark-json)")
    parser.add_argument("--floors", type=Path, default=FLOORS)
    args = parser.parse_args(argv)
    ok = check(json.loads(args.results.read_text()), json.loads(args.floors.read_text()))
    print("speed-ups: all at or above their floors" if ok else "speed-ups: FAILED (see above)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
