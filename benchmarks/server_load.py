"""A bounded HTTP load: ``clients`` concurrent keep-alive connections send ``requests``
requests in all (POSTs of the bodies given, GETs for an empty body), each waiting for its answer before the next (closed loop), and every
latency is kept.  Written on asyncio streams rather than an HTTP client library so
that the load generator costs little beside the server it measures on the same two
cores."""
from __future__ import annotations

import asyncio
import statistics
import time
from typing import NamedTuple, Sequence
from urllib.parse import urlsplit


class Load(NamedTuple):
    requests: int
    clients: int
    seconds: float
    errors: int            # answers other than 200, or broken connections
    latencies: list[float]

    @property
    def throughput(self) -> float:
        return self.requests / self.seconds

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]

    def summary(self) -> dict[str, float]:
        return {"requests": self.requests, "clients": self.clients, "errors": self.errors,
                "requests_per_s": round(self.throughput), "p50_ms": round(self.percentile(50) * 1e3, 3),
                "p99_ms": round(self.percentile(99) * 1e3, 3),
                "mean_ms": round(statistics.fmean(self.latencies) * 1e3, 3)}


def _request(host: str, path: str, body: bytes) -> bytes:
    """A POST of ``body``, or a GET when there is none."""
    if not body:
        return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


async def _answer(reader: asyncio.StreamReader) -> int:
    """Read one response; its status."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = next(int(line.split(":", 1)[1]) for line in lines[1:] if line.lower().startswith("content-length:"))
    await reader.readexactly(length)
    return status


async def _client(host: str, port: int, wire: Sequence[bytes], count: int, latencies: list[float]) -> int:
    reader, writer = await asyncio.open_connection(host, port)
    errors = 0
    try:
        for i in range(count):
            start = time.perf_counter()
            writer.write(wire[i % len(wire)])
            status = await _answer(reader)
            latencies.append(time.perf_counter() - start)
            errors += status != 200
    finally:
        writer.close()
        await writer.wait_closed()
    return errors


async def _load(url: str, path: str, bodies: Sequence[bytes], requests: int, clients: int) -> Load:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    latencies: list[float] = []
    shares = [requests // clients + (i < requests % clients) for i in range(clients)]
    wires = [[_request(host, path, b) for b in bodies[i::clients] or bodies] for i in range(clients)]
    start = time.perf_counter()
    errors = await asyncio.gather(*(_client(host, port, wires[i], shares[i], latencies) for i in range(clients)))
    return Load(requests, clients, time.perf_counter() - start, sum(errors), latencies)


def run_load(url: str, path: str, bodies: Sequence[bytes], requests: int = 20_000, clients: int = 16) -> Load:
    """Send the load and measure it."""
    return asyncio.run(_load(url, path, bodies, requests, clients))
