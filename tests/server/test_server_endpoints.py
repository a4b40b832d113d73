"""``hupai serve`` over real HTTP (uvicorn in a subprocess): every endpoint answers what
the library answers for the same input."""
import io
import json

import jsonschema
import pytest
import referencing
import referencing.jsonschema

from hupai import analyze_discards, cases, tiles
from hupai.rules import REGIONS, DeclaredMeld
from hupai.sim import simulate
from hupai.table import play_round

_STATED = ("expected", "id", "why")


def _public(shared, kind=None):
    out = []
    for path in sorted((shared / "cases" / "public").glob("*.json")):
        out += [c for c in json.loads(path.read_text(encoding="utf-8")) if c.get("kind") == kind]
    return out


def _request(case):
    return {k: v for k, v in case.items() if k not in _STATED}


def _ready_requests(shared):
    """A ready request for every unfinished seat of the public chajiao tables."""
    out = []
    for case in _public(shared, "chajiao"):
        for seat in case["seats"].values():
            if seat.get("won"):
                continue
            req = {"region": case["region"], "kind": "ready", "concealed": seat["concealed"],
                   "melds": seat["melds"]}
            for key in ("options", "indicator", "flip"):
                if key in case:
                    req[key] = case[key]
            out.append(req)
    return out


def test_health(client):
    r = client.get("/v1/health")
    assert r.status_code == 200
    assert r.json()["status"] == "ok" and r.json()["regions"] == list(REGIONS)


def test_score_equals_the_library_on_every_public_win(client, shared):
    wins = _public(shared)
    assert len(wins) > 80
    for case in wins:
        r = client.post("/v1/score", json=_request(case))
        assert r.status_code == 200, (case["id"], r.text)
        assert r.json() == cases.score_case(case).to_dict(), case["id"]
        assert r.json()["value"] == case["expected"]["value"], case["id"]


def test_ready_equals_the_library(client, shared):
    requests = _ready_requests(shared)
    assert len(requests) > 20
    for req in requests:
        r = client.post("/v1/ready", json=req)
        assert r.status_code == 200, r.text
        assert r.json() == cases.ready_case(req).to_dict()


def test_exhaust_equals_the_library_and_the_expected_payments(client, shared):
    for case in _public(shared, "chajiao"):
        r = client.post("/v1/exhaust", json=_request(case))
        assert r.status_code == 200, (case["id"], r.text)
        assert r.json() == cases.exhaust_case(case).to_dict()
        paid = {k: v for k, v in r.json()["payments"].items() if v}
        assert paid == {k: v for k, v in case["expected"]["payments"].items() if v}, case["id"]


@pytest.mark.parametrize("request_, melds, indicator", [
    ({"region": "luzhou", "concealed": "123456789m1122p7z"}, [], None),
    ({"region": "guiyang", "concealed": "1112345678999p1s", "visible": "1s1s9p"}, [], None),
    ({"region": "fuzhou", "concealed": "147m258p369s12345z"}, [], None),
    ({"region": "wuhan", "concealed": "23456m22p345s6s", "melds": [{"kind": "peng", "tiles": "777s", "from": "B"}],
      "indicator": "4p"}, [{"kind": "peng", "tiles": "777s", "from": "B"}], "4p"),
])
def test_analyze_equals_the_library(client, request_, melds, indicator):
    r = client.post("/v1/analyze", json=request_)
    assert r.status_code == 200, r.text
    facts = {"indicator": indicator} if indicator else {}
    visible = tiles.parse(request_["visible"]) if "visible" in request_ else None
    rows = analyze_discards(tiles.parse(request_["concealed"]), 0, visible, rules=request_["region"],
                            melds=[DeclaredMeld.from_dict(m) for m in melds], **facts)
    assert r.json() == [o.to_dict() for o in rows]
    assert len(r.json()) >= 1


@pytest.mark.parametrize("region", list(REGIONS))
def test_settle_replays_and_resettles_a_round(client, region):
    rnd = play_round(region, seed=11, agents=["greedy"] * 4)
    r = client.post("/v1/rounds/settle", json=rnd.record())
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["consistent"] and body["done"]
    assert body["net"] == rnd.net and sum(body["net"]) == 0
    assert body["settlement"] == rnd.record()["settlement"]
    assert body["next_dealer"] == rnd.next_dealer and body["scores_after"] == rnd.scores_after


def test_settle_names_the_first_inconsistent_event(client):
    record = play_round("luzhou", seed=5, agents=["random"] * 4).record()
    record["net"] = [n + 1 for n in record["net"]]
    r = client.post("/v1/rounds/settle", json=record)
    assert r.status_code == 422
    assert "net" in r.json()["error"]["message"]


@pytest.mark.parametrize("region", list(REGIONS))
def test_simulate_gives_the_records_of_hupai_simulate(client, region):
    body = {"region": region, "rounds": 3, "seed": 9, "agents": ["greedy", "random", "random", "greedy"]}
    r = client.post("/v1/rounds/simulate", json=body)
    assert r.status_code == 200, r.text
    out = io.StringIO()
    run = simulate(region, 3, seed=9, agents=body["agents"], records=out)
    assert r.json()["records"] == [json.loads(line) for line in out.getvalue().splitlines()]
    assert r.json()["summary"]["rounds"] == run.summary()["rounds"] == 3


def test_simulate_never_runs_an_outside_bot(client):
    r = client.post("/v1/rounds/simulate", json={"region": "luzhou", "agents": ["cmd:python -c 1"]})
    assert r.status_code == 422 and "agents" in r.json()["error"]["message"]


def test_regions_list_every_flag_and_pattern(client):
    r = client.get("/v1/regions")
    assert r.status_code == 200
    listed = {row["name"]: row for row in r.json()["regions"]}
    assert list(listed) == list(REGIONS)
    for name, region in REGIONS.items():
        flags = {f["name"]: f for f in listed[name]["flags"]}
        assert set(flags) == set(region.Rules.option_names())
        # every default is a value the case format accepts for that flag
        region.Rules.from_options({k: f["default"] for k, f in flags.items()})
        for key, field in region.Rules.option_names().items():
            if field in region.Rules.CHOICES:
                assert flags[key]["choices"] == list(region.Rules.CHOICES[field])
        patterns = listed[name]["patterns"]
        assert [p["id"] for p in patterns] == [row.id for row in region.PATTERNS]
        assert all(p["name_zh"] and p["name_en"] for p in patterns)


def _openapi_validator(doc, path):
    """A validator of a path's body schema, its references resolved in the OpenAPI document."""
    resource = referencing.Resource.from_contents(doc, default_specification=referencing.jsonschema.DRAFT202012)
    registry = referencing.Registry().with_resource("urn:openapi", resource)
    schema = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    absolute = json.loads(json.dumps(schema).replace('"#/components/', '"urn:openapi#/components/'))
    return jsonschema.Draft202012Validator(absolute, registry=registry)


def test_openapi_bodies_are_the_case_schema(client, shared):
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    assert doc["components"]["schemas"]["CaseRequest"] == cases.request_schema()
    assert doc["components"]["schemas"]["AnalyzeRequest"] == cases.analyze_schema()
    score = _openapi_validator(doc, "/v1/score")
    exhaust = _openapi_validator(doc, "/v1/exhaust")
    for case in _public(shared):
        assert score.is_valid(_request(case)), case["id"]
        assert not score.is_valid(case), case["id"]          # a request states no expectation
        assert not exhaust.is_valid(_request(case))
    for case in _public(shared, "chajiao"):
        assert exhaust.is_valid(_request(case)) and not score.is_valid(_request(case))
    ready = _openapi_validator(doc, "/v1/ready")
    assert all(ready.is_valid(req) for req in _ready_requests(shared))
    assert set(doc["paths"]) == {"/v1/score", "/v1/ready", "/v1/exhaust", "/v1/analyze", "/v1/rounds/settle",
                                 "/v1/rounds/simulate", "/v1/regions", "/v1/health"}
