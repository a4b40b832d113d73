"""The ``hupai`` command line."""
from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from . import _core, tiles, verify


def _tile_list(indices: Sequence[int]) -> str:
    return " ".join(tiles.tile_name(t) for t in indices) or "-"


def cmd_analyze(args: argparse.Namespace) -> int:
    counts = tiles.parse(args.hand)
    jokers = args.jokers
    opts = {"seven_pairs": not args.no_seven_pairs, "honor_sequences": args.honor_sequences}
    total = int(counts.sum()) + jokers
    out = sys.stdout
    out.write(f"hand:     {tiles.format(counts)}  ({tiles.format(counts, 'chinese')})"
              f"{f' + {jokers} joker(s)' if jokers else ''}, {total} tiles\n")
    shanten = _core.shanten(counts, jokers, **opts)
    label = {-1: "complete", 0: "ready"}.get(shanten, f"{shanten} from ready")
    out.write(f"shanten:  {shanten} ({label})\n")
    if total % 3 == 1:
        if shanten == 0:
            out.write(f"waits:    {_tile_list(_core.waits(counts, jokers, **opts))}\n")
        else:
            out.write(f"improve:  {_tile_list(_core.improving(counts, jokers, **opts))}\n")
    elif shanten == -1:
        decomps = _core.decompose(counts, jokers, **opts)
        out.write(f"arrangements: {len(decomps)}\n")
        for d in decomps:
            out.write(f"  {d.form:12} {d}\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hupai", description="Mahjong hand evaluation.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("analyze", help="shanten, waits and arrangements of a hand",
                       description="Analyse a hand written in mpsz, Chinese or Unicode tiles; "
                                   "jokers are given with --jokers ([x] in arrangements marks "
                                   "a joker standing for x, * a free joker).")
    p.add_argument("hand", help='e.g. "123m456p789s1122z"')
    p.add_argument("--jokers", type=int, default=0, help="jokers held besides the hand's tiles")
    p.add_argument("--honor-sequences", action="store_true",
                   help="any three winds, and 中发白, form sequences (Fuzhou)")
    p.add_argument("--no-seven-pairs", action="store_true", help="seven pairs do not win")
    p.set_defaults(func=cmd_analyze)

    v = sub.add_parser("verify", help="run acceptance case files",
                       description="Evaluate case files (hupai case format 1) and compare with "
                                   "their expected results; ends with 'N passed, M failed'.")
    v.add_argument("files", nargs="+")
    v.set_defaults(func=lambda a: verify.main(a.files))
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, TypeError) as exc:
        sys.stderr.write(f"hupai: error: {exc}\n")
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
