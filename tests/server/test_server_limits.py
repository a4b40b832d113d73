"""What a public service must refuse, and how: a JSON error naming the problem, never a
500 (the issue's limits: a body over 1 MB, a time limit per request)."""
import json
import time

import httpx
import pytest

from hupai.table import play_round
from serving import running_server

_WIN = {"region": "luzhou", "concealed": "1112223334445m", "melds": [], "win_tile": "5m", "self_draw": True}


def _error(r, status):
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/json")
    message = r.json()["error"]["message"]
    assert isinstance(message, str) and 0 < len(message) <= 400
    return message


def test_a_body_over_one_megabyte_is_refused(client):
    big = json.dumps({**_WIN, "why": "x" * 1_100_000})
    assert "limit" in _error(client.post("/v1/score", content=big), 413)


def test_a_streamed_body_over_the_limit_is_refused_while_it_streams(client):
    def chunks():
        yield b'{"region": "luzhou", "why": "'
        for _ in range(40):
            yield b"x" * 50_000
        yield b'"}'
    assert "limit" in _error(client.post("/v1/score", content=chunks()), 413)


def test_a_body_just_under_the_limit_is_read(client):
    body = json.dumps({**_WIN, "why": "x" * 900_000})
    assert client.post("/v1/score", content=body).json()["is_win"] is True


@pytest.mark.parametrize("body, words", [
    (b"", "empty"), (b"{", "not JSON"), (b"\xff\xfe{}", "not JSON"), (b'{"region": NaN}', "NaN"),
    (b"[" * 100_000 + b"]" * 100_000, "not JSON"), (b"  \n ", "empty"),
])
def test_what_is_not_json_is_a_400(client, body, words):
    assert words in _error(client.post("/v1/score", content=body), 400)


@pytest.mark.parametrize("path, body, words", [
    ("/v1/score", [], "object"), ("/v1/score", {"region": "nowhere"}, "nowhere"),
    ("/v1/score", {**_WIN, "concealed": "1z2z3q"}, "notation"),
    ("/v1/score", {**_WIN, "options": {"luzhou_nope": 1}}, "luzhou_nope"),
    ("/v1/score", {**_WIN, "kind": "chajiao"}, "unknown field"),
    ("/v1/ready", _WIN, "win case, not a ready case"),
    ("/v1/analyze", {"region": "luzhou", "concealed": "123m"}, "3M+2"),
    ("/v1/rounds/settle", {"format": "hupai-round/1"}, "region"),
    ("/v1/rounds/simulate", {"region": "luzhou", "rounds": 10_000}, "rounds"),
])
def test_a_request_the_library_refuses_is_a_422_with_its_message(client, path, body, words):
    assert words in _error(client.post(path, json=body), 422)


def test_a_record_of_another_format_is_refused(client):
    record = play_round("fuzhou", seed=2).record()
    assert "hupai-round/9" in _error(client.post("/v1/rounds/settle", json={**record, "format": "hupai-round/9"}),
                                     422)


def test_unknown_paths_and_methods_answer_in_json(client):
    assert "openapi.json" in _error(client.get("/v2/anything"), 404)
    _error(client.get("/v1/score"), 405)
    _error(client.post("/v1/health", json={}), 405)


def test_a_request_past_the_time_limit_is_a_503_and_the_server_goes_on():
    # the slowest request the server takes (a hundred Wuhan rounds of greedy agents, about
    # half a second here) against a limit of 20 ms: far past it on any machine
    with running_server("--time-limit", "0.02") as served, httpx.Client(base_url=served.url, timeout=30) as c:
        slow = {"region": "wuhan", "rounds": 100, "agents": ["greedy"]}
        assert "time limit" in _error(c.post("/v1/rounds/simulate", json=slow), 503)
        assert c.get("/v1/health").json()["status"] == "ok"
        time.sleep(2.0)             # the abandoned computation finishes on its thread
        assert c.post("/v1/score", json=_WIN).json()["is_win"] is True


def test_a_client_that_hangs_up_mid_body_is_no_internal_error(server, client):
    import socket
    from urllib.parse import urlsplit
    where = urlsplit(server.url)
    with socket.create_connection((where.hostname, where.port)) as sock:
        sock.sendall(b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 5000\r\n\r\n{\"region\": ")
    time.sleep(0.3)                 # the server notices the hang-up
    assert client.get("/v1/health").json()["status"] == "ok"
    assert client.post("/v1/score", json=_WIN).json()["is_win"] is True
    assert "internal error" not in "".join(server.log) and "Traceback" not in "".join(server.log)
