"""``hupai serve`` under load: a real server (uvicorn in a subprocess, one process, or
two with ``--workers 2``) and 16 concurrent keep-alive clients sending 20,000 requests
(``HUPAI_LOAD_REQUESTS`` to change it), every answer a 200.

``extra_info`` holds the throughput and the p50 / p99 latency.  The anchor is
``GET /v1/health`` in the same run: what the HTTP stack costs with no work behind it,
so that a change in the figures of ``/v1/score`` can be told from a change in the
machine.  The bodies of ``/v1/score`` are the public win cases without ``expected``, in
turn; those of ``/v1/analyze`` 14-tile hands of each region."""
import json
import os

import pytest

from server_load import run_load
from serving import running_server

REQUESTS = int(os.environ.get("HUPAI_LOAD_REQUESTS", "20000"))
CLIENTS = 16
_ANALYZE = [{"region": "luzhou", "concealed": "123456789m1122p7z"},
            {"region": "guiyang", "concealed": "1112345678999p1s", "visible": "1s1s9p"},
            {"region": "fuzhou", "concealed": "147m258p369s12345z"},
            {"region": "wuhan", "concealed": "23456m22p345s6s777s", "indicator": "4p"}]


def _wins(shared):
    out = []
    for path in sorted((shared / "cases" / "public").glob("*.json")):
        out += [{k: v for k, v in c.items() if k not in ("expected", "id", "why")}
                for c in json.loads(path.read_text(encoding="utf-8")) if "kind" not in c]
    return out


def _bodies(path, shared):
    if path == "/v1/health":
        return [b""]
    return [json.dumps(b).encode() for b in (_wins(shared) if path == "/v1/score" else _ANALYZE)]


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("path", ["/v1/health", "/v1/score", "/v1/analyze"])
def test_server_load(benchmark, shared, path, workers):
    bodies = _bodies(path, shared)
    with running_server("--workers", str(workers)) as served:
        run_load(served.url, path, bodies, 500, CLIENTS)      # warm: imports, caches, connections
        load = benchmark.pedantic(run_load, args=(served.url, path, bodies, REQUESTS, CLIENTS), rounds=1,
                                  iterations=1)
    benchmark.extra_info.update(load.summary())
    assert load.errors == 0 and len(load.latencies) == REQUESTS
