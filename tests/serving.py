"""A real ``hupai serve`` in a subprocess on the loopback interface, for the server tests
and the load benchmark."""
from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from typing import Iterator, NamedTuple, Sequence

_LISTENING = re.compile(r"Uvicorn running on (http://127\.0\.0\.1:\d+)")


def _answers(url: str, timeout: float) -> bool:
    """Whether the server answers its health check within ``timeout`` seconds (with
    several workers uvicorn says it listens before each worker has started)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/v1/health", timeout=5) as answer:
                return answer.status == 200
        except OSError:
            time.sleep(0.05)
    return False


class Served(NamedTuple):
    """A running server: its base URL and the lines it has logged so far."""

    url: str
    log: list[str]


@contextlib.contextmanager
def running_server(*options: str, timeout: float = 30.0) -> Iterator[Served]:
    """Start ``python -m hupai serve --port 0`` (the system picks a free port) with
    ``options`` and yield it once it listens; stop it on the way out."""
    cmd: Sequence[str] = [sys.executable, "-m", "hupai", "serve", "--host", "127.0.0.1", "--port", "0",
                          "--log-level", "info", *options]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: list[str] = []
    found: list[str] = []
    ready = threading.Event()

    def read() -> None:      # uvicorn logs to stderr; keep reading so the pipe never fills
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.append(line)
            match = _LISTENING.search(line)
            if match and not found:
                found.append(match.group(1))
                ready.set()
        ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        ready.wait(timeout)
        if not found or not _answers(found[0], timeout):
            raise RuntimeError("hupai serve did not start: " + "".join(lines[-20:]))
        yield Served(found[0], lines)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:   # pragma: no cover - a server that will not stop
            proc.kill()
            proc.wait()
        reader.join(5)
        if proc.stderr is not None:
            proc.stderr.close()
