"""Runs of many rounds: in this process, on N local processes, or on a Dask cluster.

A run is a :class:`Job` (region, options, seed, agents) and a number of rounds.  Round
*i* is seeded by the run's seed and *i* alone (its wall by ``SeedSequence(seed,
spawn_key=(i,))``, its built-in agents by ``agent_seed(seed, i, seat)``), so the
records of a run do not depend on where, or in how many pieces, it was played.

The rounds are cut into chunks (one task each); at most a few chunks per worker are in
flight and the results come back in round order, so memory stays bounded however long
the run is.  A worker lost mid-run only costs its own chunk: on local processes a new
worker plays it again (:mod:`hupai.sim.pool`), on Dask the scheduler runs the task again
on another worker (``distributed``'s own recovery)."""
from __future__ import annotations

import contextlib
import json
from collections import deque
from typing import Any, Callable, Deque, Iterator, Mapping, NamedTuple, Optional, Sequence

from .._messages import short
from ..rules import REGIONS
from ..table import AGENTS, dumps, play_round
from .stats import RoundRow, round_row

__all__ = ["Job", "Chunk", "play_chunk", "play_match", "play_rounds", "chunk_size", "DASK_CHUNK", "LOCAL_CHUNK",
           "COMMAND_PREFIX", "check_agents",
           "read_record_line"]

#: An agent spec of this form runs an outside bot over the JSON-lines protocol.
COMMAND_PREFIX = "cmd:"


class Job(NamedTuple):
    """What every round of a run shares."""

    region: str
    options: Mapping[str, Any]          # the rule flags by option name (as a record writes them)
    seed: int
    agents: tuple[str, ...]             # four specs: a built-in name or ``cmd:<command>``
    dealer: Optional[int] = None        # None: the region's first-dealer rule
    bot_timeout: float = 5.0            # seconds an outside bot has for one decision
    fallback: str = "random"            # the built-in agent that replaces a failed bot


class Played(NamedTuple):
    """One round of a run: its record as one JSON line, its statistics row, and what
    went wrong with an outside bot (each incident a dict, see ``hupai.protocol``)."""

    line: str
    row: RoundRow
    incidents: tuple[dict[str, Any], ...]


class Chunk(NamedTuple):
    """Rounds ``start``, ``start + 1``, ... of a run as they come back from where they
    were played: their records as UTF-8 JSON lines, each ending in a newline, their
    statistics rows and the incidents of outside bots, all in round order.  The lines
    are encoded where the rounds were played, so that the process writing the records
    file, which shares the machine with the workers, only copies bytes (a list of
    rounds took it almost twice the CPU, to receive, decode and encode)."""

    start: int
    lines: bytes
    rows: tuple[RoundRow, ...]
    incidents: tuple[dict[str, Any], ...]


def _chunk(start: int, played: Sequence[Played]) -> Chunk:
    return Chunk(start, "".join(p.line + "\n" for p in played).encode("utf-8"), tuple(p.row for p in played),
                 tuple(x for p in played for x in p.incidents))


def check_agents(specs: Sequence[str], fallback: str = "random") -> tuple[str, ...]:
    """Four agent specs, each a built-in name or ``cmd:<command>``; ValueError naming the
    first that is neither."""
    if isinstance(specs, str) or len(specs) != 4:
        raise ValueError(f"four agents, one per seat, not {short(specs)}")
    for spec in specs:
        if spec.startswith(COMMAND_PREFIX):
            if not spec[len(COMMAND_PREFIX):].strip():
                raise ValueError(f"{COMMAND_PREFIX} needs a command to run, as in cmd:python my_bot.py")
        elif spec not in AGENTS:
            raise ValueError(f"unknown agent {short(spec)}; built in: {', '.join(AGENTS)}, or cmd:<command>")
    if fallback not in AGENTS:
        raise ValueError(f"unknown fallback agent {short(fallback)}; built in: {', '.join(AGENTS)}")
    return tuple(specs)


@contextlib.contextmanager
def _outside_bots(job: Job) -> Iterator[dict[int, Any]]:
    """One bot process per seat played by an outside command, kept for the rounds
    played inside the ``with`` block and closed at its end."""
    commands = {seat: spec[len(COMMAND_PREFIX):] for seat, spec in enumerate(job.agents)
                if spec.startswith(COMMAND_PREFIX)}
    bots: dict[int, Any] = {}
    if commands:
        from ..protocol import CommandAgent
        bots = {seat: CommandAgent(cmd, timeout=job.bot_timeout, fallback=job.fallback)
                for seat, cmd in commands.items()}
    try:
        yield bots
    finally:
        for bot in bots.values():
            bot.close()


def _played(job: Job, rules: Any, bots: Mapping[int, Any], i: int, dealer: Optional[int],
            scores: Sequence[Any]) -> tuple[Played, Any]:
    """Round ``i`` of ``job`` played (built-in agents by name, outside bots by seat),
    and the round itself."""
    agents = [bots.get(seat, spec) for seat, spec in enumerate(job.agents)]
    rnd = play_round(REGIONS[job.region], rules, seed=job.seed, round_index=i, dealer=dealer, scores_before=scores,
                     agents=agents)
    record = rnd.record()
    incidents = tuple(x for bot in bots.values() for x in bot.take_incidents())
    return Played(dumps(record), round_row(record), incidents), rnd


def _rules(job: Job) -> Any:
    return REGIONS[job.region].Rules.from_options(dict(job.options))


def play_chunk(job: Job, start: int, stop: int) -> Chunk:
    """Rounds ``start``..``stop - 1`` of ``job``, each independent (the task a worker runs)."""
    rules = _rules(job)
    with _outside_bots(job) as bots:
        return _chunk(start, [_played(job, rules, bots, i, job.dealer, (0, 0, 0, 0))[0] for i in range(start, stop)])


def play_match(job: Job, start: int, stop: int, last: Optional[Mapping[str, Any]] = None) -> Iterator[Chunk]:
    """Rounds ``start``..``stop - 1`` as one match, a chunk of one round each: each
    round's scores and dealer follow from the record before (``last``, the record of
    round ``start - 1``, when resuming)."""
    rules = _rules(job)
    scores: Sequence[Any] = (0, 0, 0, 0)
    dealer = job.dealer
    if last is not None:
        scores = [a + b for a, b in zip(last["scores_before"], last["net"])]
        dealer = last["next_dealer"]
    with _outside_bots(job) as bots:
        for i in range(start, stop):
            played, rnd = _played(job, rules, bots, i, dealer, scores)
            scores, dealer = rnd.scores_after, rnd.next_dealer
            yield _chunk(i, [played])


#: The most rounds in a task: on Dask, where a task costs some milliseconds of its own,
#: 200; on local workers, where it costs a copy through a pipe, 25, so that the workers
#: finish close together (a worker idle while the other plays a last long chunk is time
#: lost).  Either way a lost chunk costs little.
DASK_CHUNK, LOCAL_CHUNK = 200, 25


def chunk_size(rounds: int, workers: int, most: int = DASK_CHUNK) -> int:
    """Rounds per task: about four tasks for each worker, enough to keep every worker
    busy to the end (eight a worker made Dask's cost per task felt in short runs), none
    longer than ``most``."""
    return max(1, min(most, -(-rounds // (4 * max(workers, 1)))))


Submit = Callable[..., Any]      # submit(fn, *args) -> a future with .result()


def play_rounds(job: Job, start: int, stop: int, *, submit: Optional[Submit] = None, workers: int = 1,
                size: Optional[int] = None) -> Iterator[Chunk]:
    """The rounds ``start``..``stop - 1`` of ``job`` in chunks, in round order.  Without
    ``submit`` they are played here; with it, submitted through it (local workers' or a
    Dask client's ``submit``), at most ``2 * workers + 1`` chunks in flight."""
    if submit is None:
        size = size or 50
        for begin in range(start, stop, size):
            yield play_chunk(job, begin, min(stop, begin + size))
        return
    size = size or chunk_size(stop - start, workers)
    bounds = ((b, min(stop, b + size)) for b in range(start, stop, size))
    window: Deque[Any] = deque()
    for first in bounds:
        window.append(submit(play_chunk, job, *first))
        if len(window) > 2 * workers:
            break
    while window:
        head = window.popleft()
        yield head.result()
        nxt = next(bounds, None)
        if nxt is not None:
            window.append(submit(play_chunk, job, *nxt))


def read_record_line(line: str, where: str) -> dict[str, Any]:
    """One record of a records file, or ValueError naming the line."""
    try:
        record = json.loads(line)
    except ValueError as e:
        raise ValueError(f"{where} is not JSON: {e}") from None
    if not isinstance(record, dict):
        raise ValueError(f"{where} is not a round record (a JSON object)")
    return record
