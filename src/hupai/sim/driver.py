"""``simulate``: a whole run, its records streamed to a file in round order and its
statistics folded as the rounds come back, wherever they were played."""
from __future__ import annotations

import contextlib
import os
import sys
import time
from pathlib import Path
from typing import IO, Any, Callable, Iterator, NamedTuple, Optional, Sequence, Union

from .._messages import short
from ..table.record import options_of
from ..table.round import as_region
from .pool import LocalWorkers
from .resume import Resumed, resume
from .run import DASK_CHUNK, LOCAL_CHUNK, Chunk, Job, Submit, check_agents, chunk_size, play_match, play_rounds
from .stats import Stats

__all__ = ["simulate", "Run", "dask_submit"]

Records = Union[str, "os.PathLike[str]", IO[str], None]
Write = Callable[[bytes], Any]      # writes records, UTF-8 JSON lines, where they go


class Run(NamedTuple):
    """What a run gives back: the statistics of every round (resumed ones included),
    the rounds played now, the incidents of outside bots (the first
    :data:`KEPT_INCIDENTS`, and how many there were), the seconds it took."""

    stats: Stats
    played: int
    incidents: list[dict[str, Any]]
    incident_count: int
    seconds: float

    def summary(self) -> dict[str, Any]:
        """The statistics as plain JSON types, with the run's speed and incidents."""
        out = self.stats.to_dict()
        out["played"] = self.played
        out["seconds"] = round(self.seconds, 3)
        out["rounds_per_second"] = round(self.played / self.seconds, 1) if self.seconds > 0 else None
        out["incidents"] = self.incidents
        out["incident_count"] = self.incident_count
        return out


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ValueError("--cluster runs on Dask: pip install 'hupai[dask]'") from None
    return distributed


def dask_submit(client: Any) -> Submit:
    """``submit(fn, *args)`` on a Dask client; every call a task of its own (not pure:
    a bot's rounds are not cached by their arguments)."""
    def submit(fn: Any, *args: Any) -> Any:
        return client.submit(fn, *args, pure=False)
    return submit


@contextlib.contextmanager
def _workers(workers: Optional[int], cluster: Optional[str]) -> Iterator[tuple[Optional[Submit], int, int]]:
    """A submit function on N local worker processes (:class:`LocalWorkers`) or on the
    Dask cluster at an address, the number of workers and the most rounds a chunk
    should have there; (None, 1, ...) to play in this process."""
    if cluster is not None:
        with _distributed().Client(cluster, timeout=10) as client:
            yield dask_submit(client), len(client.scheduler_info().get("workers", {})) or 1, DASK_CHUNK
    elif workers is not None:
        with LocalWorkers(workers) as pool:
            yield pool.submit, workers, LOCAL_CHUNK
    else:
        yield None, 1, LOCAL_CHUNK


def _validate(rounds: int, workers: Optional[int], cluster: Optional[str], match: bool, resume_: bool,
              records: Records, chunk: Optional[int], bot_timeout: float) -> None:
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        raise ValueError(f"the number of rounds is an integer 0 or more, not {short(rounds)}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers is 1 or more, not {short(workers)}")
    if workers is not None and cluster is not None:
        raise ValueError("give workers (local processes) or a cluster address, not both")
    if match and (workers is not None or cluster is not None):
        raise ValueError("a match is played in order, one round after the other: it takes no workers")
    if resume_ and not isinstance(records, (str, os.PathLike)):
        raise ValueError("resuming needs the records file of the run")
    if chunk is not None and (not isinstance(chunk, int) or chunk < 1):
        raise ValueError(f"a chunk is 1 round or more, not {short(chunk)}")
    if not bot_timeout > 0:
        raise ValueError(f"the bot time limit is more than 0 seconds, not {short(bot_timeout)}")


def simulate(region: Any, rounds: int, *, rules: Any = None, seed: int = 0,
             agents: Sequence[str] = ("random",) * 4, dealer: Optional[int] = None, match: bool = False,
             records: Records = None, resume_run: bool = False, workers: Optional[int] = None,
             cluster: Optional[str] = None, chunk: Optional[int] = None, bot_timeout: float = 5.0,
             fallback: str = "random", progress: bool = False) -> Run:
    """Play ``rounds`` rounds of ``region`` seeded by ``seed`` (round *i* by the seed and
    *i*; with ``match`` one match, scores and dealer carried over), write each record as
    one line to ``records`` (a path, or an open text stream), and return the statistics.
    ``agents``: four specs, built-in names or ``cmd:<command>`` (an outside bot, see
    docs/protocol.md).  ``resume_run``: the records file already holds the first rounds of
    this run; they are read, not played again.  ``workers``: on that many local
    processes; ``cluster``: on the Dask cluster at that scheduler address."""
    found = as_region(region)
    rules = found.Rules.coerce(rules)
    agents = check_agents(list(agents), fallback)
    _validate(rounds, workers, cluster, match, resume_run, records, chunk, bot_timeout)
    job = Job(found.name, options_of(rules), int(seed), agents, dealer, float(bot_timeout), fallback)
    stats = Stats(found.name, agents)
    begun = time.perf_counter()
    with contextlib.ExitStack() as stack:
        write, done = _open_records(stack, records, resume_run, job, stats, rounds)
        submit, n, most = stack.enter_context(_workers(workers, cluster))
        size = chunk or chunk_size(rounds - done.done, n, most)
        source: Iterator[Chunk] = (play_match(job, done.done, rounds, done.last) if match else
                                    play_rounds(job, done.done, rounds, submit=submit, workers=n, size=size))
        incidents, count = _consume(source, write, stats, _progress(stack, progress, rounds, done.done))
    return Run(stats, rounds - done.done, incidents, count, time.perf_counter() - begun)


def _open_records(stack: contextlib.ExitStack, records: Records, resume_run: bool, job: Job, stats: Stats,
                  rounds: int) -> tuple[Optional[Write], Resumed]:
    """How the records are written (a file by its bytes, an open text stream as text),
    and where a resumed run stands."""
    if records is None:
        return None, Resumed(0, None, 0)
    if not isinstance(records, (str, os.PathLike)):
        return _text_writer(records), Resumed(0, None, 0)
    path = Path(records)
    done = Resumed(0, None, 0)
    if resume_run and path.exists():
        with open(path, "rb") as f:
            done = resume(f, job, stats, rounds)
        with open(path, "r+b") as f:
            f.truncate(done.length)     # a last line cut short is played again
    out = stack.enter_context(open(path, "ab" if resume_run else "wb"))
    return out.write, done


def _text_writer(stream: IO[str]) -> Write:
    """Records written to an open text stream (standard output, a ``StringIO``) as text."""
    def write(lines: bytes) -> None:
        stream.write(lines.decode("utf-8"))
    return write


#: Seconds a run goes on before its progress bar appears: a short run prints no bar.
PROGRESS_DELAY = 1.0


def _progress(stack: contextlib.ExitStack, shown: bool, total: int, initial: int) -> Any:
    """A progress bar on standard error, shown once a run has taken PROGRESS_DELAY."""
    if not shown:
        return None
    from tqdm import tqdm
    return stack.enter_context(tqdm(total=total, initial=initial, unit="round", delay=PROGRESS_DELAY,
                                    file=sys.stderr,
                                    dynamic_ncols=True))


#: Incidents of outside bots kept for the report (all are counted): a bot broken for a
#: run of 10^7 rounds must not fill the memory with them.
KEPT_INCIDENTS = 100


def _consume(source: Iterator[Chunk], write: Optional[Write], stats: Stats,
             bar: Any) -> tuple[list[dict[str, Any]], int]:
    incidents: list[dict[str, Any]] = []
    count = 0
    for chunk in source:
        if write is not None:
            write(chunk.lines)
        stats.extend(chunk.rows)
        count += len(chunk.incidents)
        incidents.extend(chunk.incidents[:max(KEPT_INCIDENTS - len(incidents), 0)])
        if bar is not None:
            bar.update(len(chunk.rows))
    return incidents, count
