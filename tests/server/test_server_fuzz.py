"""Thousands of malformed bodies against a real server: each is answered in JSON with a
4xx naming the problem (or a 200 where the mutation left a valid request), never a 500,
and the server is still up at the end with nothing logged as an internal error."""
import json
import random

import pytest

from hupai.table import play_round
from mutations import mutated

_ENDPOINTS = ["/v1/score", "/v1/ready", "/v1/exhaust", "/v1/analyze", "/v1/rounds/settle", "/v1/rounds/simulate"]
# how many bodies the test sends (the issue: thousands)
_BODIES = 3000


def _seeds(shared):
    """Valid bodies to mutate, one or more per endpoint."""
    out = []
    for path in sorted((shared / "cases" / "public").glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))[:6]:
            body = {k: v for k, v in case.items() if k not in ("expected", "id", "why")}
            out.append(body)
            if "seats" in case:
                seat = next(s for s in case["seats"].values() if not s.get("won"))
                out.append({"region": case["region"], "kind": "ready", **seat})
    out.append({"region": "wuhan", "concealed": "23456m22p345s6s777s", "indicator": "4p", "visible": "1m"})
    out.append({"region": "luzhou", "rounds": 2, "seed": 1, "agents": ["random"]})
    out.append(play_round("guiyang", seed=3).record())
    return out


@pytest.mark.fuzz
def test_the_server_survives_thousands_of_malformed_bodies(client, server, shared):
    rng = random.Random(20261202)
    seeds = _seeds(shared)
    statuses = {}
    for _ in range(_BODIES):
        path = rng.choice(_ENDPOINTS)
        body = mutated(rng, rng.choice(seeds))
        r = client.post(path, content=body, headers={"content-type": "application/json"})
        statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
        assert r.status_code in (200, 400, 422), (path, body[:200], r.status_code, r.text[:300])
        assert r.headers["content-type"].startswith("application/json")
        answer = r.json()
        if r.status_code != 200:
            assert 0 < len(answer["error"]["message"]) <= 400
    assert statuses.get(400, 0) > 300 and statuses.get(422, 0) > 1000, statuses
    assert client.get("/v1/health").json()["status"] == "ok"
    logged = "".join(server.log)
    assert "Traceback" not in logged and "internal error" not in logged
