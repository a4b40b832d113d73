"""Resuming a run from its records file: the rounds already written are read (their
statistics folded in, nothing played again) and the run goes on from the first
missing round.  A last line cut short (the run was stopped while writing it) is
dropped; every other line must be the record of this run's next round."""
from __future__ import annotations

import json
from typing import IO, Any, Mapping, NamedTuple, Optional

from .._messages import short
from .run import Job, read_record_line
from .stats import Stats, round_row

__all__ = ["Resumed", "resume"]


class Resumed(NamedTuple):
    """Where a resumed run stands: the rounds done, the last record (a match goes on
    from its scores and next dealer), and the length of the file's whole records."""

    done: int
    last: Optional[dict[str, Any]]
    length: int


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _check(record: Mapping[str, Any], job: Job, index: int, where: str) -> None:
    expected = {"region": job.region, "seed": job.seed, "round": index, "options": dict(job.options)}
    for key, value in expected.items():
        if not _same(record.get(key), value):
            raise ValueError(f"{where} is not round {index} of this run: its {key} is "
                             f"{short(record.get(key))}, the run's {short(value)}")


def resume(stream: IO[bytes], job: Job, stats: Stats, rounds: int) -> Resumed:
    """Read the records of ``stream`` (a records file opened ``rb``), check that record
    *i* is round *i* of ``job``, and fold each into ``stats``."""
    done, length = 0, 0
    last: Optional[dict[str, Any]] = None
    for raw in stream:
        where = f"line {done + 1} of the records file"
        if not raw.endswith(b"\n"):
            break                       # cut short while being written: played again
        record = read_record_line(raw.decode("utf-8", errors="replace"), where)
        if done >= rounds:
            raise ValueError(f"the records file holds more than the {rounds} rounds asked for")
        _check(record, job, done, where)
        stats.add(round_row(record))
        done, length, last = done + 1, length + len(raw), record
    return Resumed(done, last, length)
