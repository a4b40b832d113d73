"""``hupai simulate`` and ``hupai replay``: whole rounds from the command line."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import IO, Any, Iterable, Optional, Sequence

from ._messages import clip, short

__all__ = ["add_simulate", "add_replay"]


def _agent_specs(text: str) -> list[str]:
    """``--agents``: one spec for every seat or four, comma-separated."""
    specs = [a.strip() for a in text.split(",") if a.strip()]
    if len(specs) == 1:
        specs *= 4
    if len(specs) != 4:
        raise ValueError(f"--agents names one agent for every seat or four, comma-separated, not {short(text)}")
    return specs


def cmd_simulate(args: argparse.Namespace) -> int:
    from .cli import _options, _region
    from .sim import simulate
    region = _region(args.region)
    rules = region.Rules.from_options(_options(args.option))
    records: Any = sys.stdout if args.records == "-" else args.records
    run = simulate(region, args.rounds, rules=rules, seed=args.seed, agents=_agent_specs(args.agents),
                   dealer=args.dealer, match=args.match, records=records, resume_run=args.resume,
                   workers=args.workers, cluster=args.cluster, chunk=args.chunk, bot_timeout=args.bot_timeout,
                   fallback=args.fallback, progress=not args.no_progress)
    summary = run.summary()
    if args.plot:
        from .sim.plot import plot
        plot(run.stats, args.plot)
    _print(summary, args.json, sys.stderr if args.records == "-" else sys.stdout)
    return 0


def _print(summary: dict[str, Any], as_json: bool, stream: IO[str]) -> None:
    from .sim.report import format_summary
    if as_json:
        stream.write(json.dumps(summary, ensure_ascii=False) + "\n")
        return
    stream.write(format_summary(summary))


# A page holds the table after every event of every round it shows, about 75 KB a
# round: past a few hundred rounds no browser steps through it comfortably.
MAX_PAGE_ROUNDS = 200


def _line_range(spec: str) -> range:
    """``--lines``: ``N`` or ``A-B``, line numbers of the records file (from 1)."""
    first, sep, last = spec.partition("-")
    try:
        lines = range(int(first), int(last if sep else first) + 1)
    except ValueError:
        raise ValueError(f"--lines takes N or A-B (line numbers from 1), not {short(spec)}") from None
    if not lines or lines.start < 1:
        raise ValueError(f"--lines takes N or A-B with 1 <= A <= B, not {short(spec)}")
    return lines


def cmd_replay(args: argparse.Namespace) -> int:
    if args.seat is not None and not args.html:
        raise ValueError("--seat chooses whose view the --html page shows; give --html OUT.html too")
    if args.lines is not None and not args.html:
        raise ValueError("--lines chooses the records the --html page shows; give --html OUT.html too")
    every_line = range(1, sys.maxsize)
    shown = None if args.html is None else _line_range(args.lines) if args.lines else every_line
    start = time.perf_counter()
    with open(args.file, encoding="utf-8") as f:
        rounds, views, problems = _replay_lines(f, args.match, shown, args.seat)
    summary = _replayed(rounds, time.perf_counter() - start)
    summary["consistent"] = len(rounds)
    summary["inconsistent"] = problems
    if args.html:
        _write_page(args.html, views, os.path.basename(args.file), args.seat, problems)
    if args.json:
        _print(summary, True, sys.stdout)
    else:
        for p in problems:
            sys.stdout.write(f"line {p['line']}: {p['error']}\n")
        sys.stdout.write(f"{len(rounds)} consistent, {len(problems)} inconsistent\n")
        if args.html:
            sys.stdout.write(f"wrote {args.html} ({len(views)} rounds)\n")
    return 1 if problems else 0


def _replay_lines(lines: Iterable[str], match: bool, shown: Optional[range], seat: Optional[int]
                  ) -> tuple[list[Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Replay every record of a JSON Lines file: the consistent rounds, the views for
    the page of those on the ``shown`` lines, and a problem for each line that is not
    consistent."""
    from .table import replay
    problems: list[dict[str, Any]] = []
    rounds, views = [], []
    previous = None
    for line_no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            watcher = _watcher(seat) if shown is not None and line_no in shown else None
            rnd = replay(record, watch=watcher)
            if match and previous is not None:
                _check_follows(previous, rnd)
            rounds.append(rnd)
            previous = rnd
            if watcher is not None:
                views.append(watcher.view(rnd, record))
        except (ValueError, TypeError, RecursionError) as e:   # JSONDecodeError is a ValueError
            problems.append({"line": line_no, "error": clip(str(e), 300)})
        if len(views) > MAX_PAGE_ROUNDS:
            raise ValueError(f"a page shows at most {MAX_PAGE_ROUNDS} rounds (about 75 KB each); "
                             "choose which with --lines A-B")
    return rounds, views, problems


def _watcher(seat: Optional[int]) -> Any:
    from .viewer.view import TableWatcher
    return TableWatcher(seat)


def _write_page(path: str, views: Sequence[Any], source: str, seat: Optional[int],
                problems: Sequence[dict[str, Any]]) -> None:
    """The replay page of the consistent rounds (the problems listed on it)."""
    from .viewer.page import replay_page
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(replay_page(views, source, seat, problems))


def _replayed(rounds: Sequence[Any], seconds: float) -> dict[str, Any]:
    """The statistics of replayed rounds, from their records (the agents are unknown)."""
    from .sim import Stats, round_row
    stats = Stats(rounds[0].region.name if rounds else "")
    for rnd in rounds:
        stats.add(round_row(rnd.record()))
    summary = stats.to_dict()
    summary["seconds"] = round(seconds, 3)
    return summary


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
                       description="Play N independent rounds (round i seeded from the seed and i), write "
                                   "one hupai-round/1 record per line and report per-seat and per-agent "
                                   "statistics.")
    p.add_argument("--region", required=True, help=", ".join(regions))
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dealer", type=int, default=None, choices=range(4),
                   help="the dealer of every round (0-3); default the region's first-dealer rule (seat 0 "
                        "unless <region>_flow_first_dealer=random)")
    p.add_argument("--agents", default="random",
                   help="one agent for all seats or four, comma-separated: random, greedy, or cmd:<command> (an "
                        "outside bot over the JSON-lines protocol, docs/protocol.md)")
    p.add_argument("--bot-timeout", type=float, default=5.0,
                   help="seconds an outside bot has for one decision (default 5)")
    p.add_argument("--fallback", default="random",
                   help="the built-in agent that plays the rest of a round for a bot that failed (default random)")
    p.add_argument("--match", action="store_true", help="play the rounds as one match: scores carried over, the "
                                                        "next dealer by the region's rule")
    p.add_argument("--records", help="write the records to this JSON Lines file (- for standard output)")
    p.add_argument("--resume", action="store_true",
                   help="the records file holds the first rounds of this run: read them, play the rest")
    p.add_argument("--workers", type=int, default=None, help="play on N local worker processes")
    p.add_argument("--cluster", default=None, help="play on the Dask cluster at this scheduler address "
                                                   "(tcp://HOST:PORT)")
    p.add_argument("--chunk", type=int, default=None, help="rounds per task on workers (default: about 4 tasks "
                                                           "per worker, at most 25 rounds on local workers, "
                                                           "200 on Dask)")
    p.add_argument("--plot", default=None, help="draw the net per round per agent and the pattern frequencies "
                                                "into this PNG file")
    p.add_argument("--no-progress", action="store_true", help="no progress bar (shown on runs past a second)")
    p.add_argument("--option", action="append", default=[], help="a rule flag: <region>_<flag>=<value>")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=cmd_simulate)


def add_replay(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-check and re-settle round records",
                       description="Replay every record of a JSON Lines file event by event; exits 1 if any "
                                   "record is inconsistent.  --html writes a page that steps through the "
                                   "consistent ones.")
    p.add_argument("file")
    p.add_argument("--match", action="store_true", help="the records are one match: each must follow the one "
                                                        "before (scores and dealer)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--html", metavar="OUT", default=None,
                   help="also write one self-contained HTML page that steps through every consistent round "
                        "(no network needed to open it)")
    p.add_argument("--seat", type=int, default=None, choices=range(4),
                   help="with --html: show only what this seat (0-3) could see, the others' concealed tiles "
                        "face down")
    p.add_argument("--lines", metavar="A-B", default=None,
                   help=f"with --html: show only the records on these lines (N or A-B, from 1); every "
                        f"record is still checked.  A page shows at most {MAX_PAGE_ROUNDS} rounds")
    p.set_defaults(func=cmd_replay)
