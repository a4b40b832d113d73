"""``hupai simulate`` and ``hupai replay``: whole rounds from the command line."""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import IO, Any, Iterator, Optional, Sequence

from ._messages import clip, short

__all__ = ["add_simulate", "add_replay"]


def _agent_names(text: str) -> list[str]:
    from .table import AGENTS
    names = [a.strip() for a in text.split(",") if a.strip()]
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise ValueError(f"--agents names one agent for every seat or four, comma-separated, not {short(text)}")
    for n in names:
        if n not in AGENTS:
            raise ValueError(f"unknown agent {short(n)}; built in: {', '.join(AGENTS)}")
    return names


def _summary(region: str, rounds: Sequence[Any], seconds: float) -> dict[str, Any]:
    wins = [0, 0, 0, 0]
    net = [0, 0, 0, 0]
    exhausted = 0
    for rnd in rounds:
        exhausted += rnd.exhausted
        for ev in rnd.win_events:
            for w in ev.winners:
                wins[w] += 1
        for seat, v in enumerate(rnd.net):
            net[seat] += v
    n = len(rounds)
    return {"region": region, "rounds": n, "wins": wins, "net": net, "exhaust_rate": exhausted / n if n else 0.0,
            "seconds": round(seconds, 3), "rounds_per_second": round(n / seconds, 1) if seconds > 0 else None}


def cmd_simulate(args: argparse.Namespace) -> int:
    from .cli import _options, _region
    from .table import dumps
    region = _region(args.region)
    rules = region.Rules.from_options(_options(args.option))
    agents = _agent_names(args.agents)
    if args.rounds < 0:
        raise ValueError(f"--rounds is 0 or more, not {args.rounds}")
    out: Optional[IO[str]] = None
    if args.records:
        out = sys.stdout if args.records == "-" else open(args.records, "w", encoding="utf-8")
    played = []
    start = time.perf_counter()
    try:
        for rnd in _rounds(region, rules, args, agents):
            played.append(rnd)
            if out is not None:
                out.write(dumps(rnd.record()) + "\n")
    finally:
        if out is not None and out is not sys.stdout:
            out.close()
    summary = _summary(region.name, played, time.perf_counter() - start)
    summary["agents"] = agents
    _print(summary, args.json, sys.stderr if args.records == "-" else sys.stdout)
    return 0


def _rounds(region: Any, rules: Any, args: argparse.Namespace, agents: list[str]) -> Iterator[Any]:
    """The rounds of a run: independent (round i seeded by the seed and i), or with
    ``--match`` one match, each round's scores and dealer following from the last."""
    from .table import Match, play_round
    if not args.match:
        for i in range(args.rounds):
            yield play_round(region, rules, seed=args.seed, round_index=i, dealer=args.dealer, agents=agents)
        return
    match = Match(region, rules, seed=args.seed, first_dealer=args.dealer, agents=agents)
    for _ in range(args.rounds):
        match.play(1)
        yield match.rounds[-1]


def _print(summary: dict[str, Any], as_json: bool, stream: IO[str]) -> None:
    if as_json:
        stream.write(json.dumps(summary, ensure_ascii=False) + "\n")
        return
    for key, value in summary.items():
        stream.write(f"{key}: {value}\n")


def cmd_replay(args: argparse.Namespace) -> int:
    from .table import replay
    problems: list[dict[str, Any]] = []
    rounds = []
    start = time.perf_counter()
    previous = None
    with open(args.file, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rnd = replay(json.loads(line))
                if args.match and previous is not None:
                    _check_follows(previous, rnd)
                rounds.append(rnd)
                previous = rnd
            except (ValueError, TypeError, RecursionError) as e:   # JSONDecodeError is a ValueError
                problems.append({"line": line_no, "error": clip(str(e), 300)})
    region = rounds[0].region.name if rounds else ""
    summary = _summary(region, rounds, time.perf_counter() - start)
    summary["consistent"] = len(rounds)
    summary["inconsistent"] = problems
    if args.json:
        _print(summary, True, sys.stdout)
    else:
        for p in problems:
            sys.stdout.write(f"line {p['line']}: {p['error']}\n")
        sys.stdout.write(f"{len(rounds)} consistent, {len(problems)} inconsistent\n")
    return 1 if problems else 0


def _check_follows(previous: Any, rnd: Any) -> None:
    """A match's record follows the one before: its scores before are the last one's
    after, its dealer the last one's next dealer (design/table.md §3)."""
    if list(rnd.scores_before) != previous.scores_after:
        raise ValueError(f"scores_before {rnd.scores_before} do not follow the previous round's scores "
                         f"{previous.scores_after}")
    if rnd.dealer != previous.next_dealer:
        raise ValueError(f"dealer {rnd.dealer} does not follow the previous round's next dealer "
                         f"{previous.next_dealer}")


def add_simulate(sub: Any, regions: Sequence[str]) -> None:
    p = sub.add_parser("simulate", help="play seeded rounds with built-in agents",
                       description="Play N independent rounds (round i seeded from the seed and i) and write "
                                   "one hupai-round/1 record per line.")
    p.add_argument("--region", required=True, help=", ".join(regions))
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dealer", type=int, default=None, choices=range(4),
                   help="the dealer of every round (0-3); default the region's first-dealer rule (seat 0 "
                        "unless <region>_flow_first_dealer=random)")
    p.add_argument("--agents", default="random", help="one agent for all seats or four, comma-separated: "
                                                      "random, greedy")
    p.add_argument("--match", action="store_true", help="play the rounds as one match: scores carried over, the "
                                                        "next dealer by the region's rule")
    p.add_argument("--records", help="write the records to this JSON Lines file (- for standard output)")
    p.add_argument("--option", action="append", default=[], help="a rule flag: <region>_<flag>=<value>")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=cmd_simulate)


def add_replay(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-check and re-settle round records",
                       description="Replay every record of a JSON Lines file event by event; exits 1 if any "
                                   "record is inconsistent.")
    p.add_argument("file")
    p.add_argument("--match", action="store_true", help="the records are one match: each must follow the one "
                                                        "before (scores and dealer)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=cmd_replay)
