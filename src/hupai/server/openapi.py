"""The OpenAPI 3.1 description of ``hupai serve``, served at ``/openapi.json``.

The request bodies are the case format's own schema (:func:`hupai.cases.request_schema`:
a case without ``expected``) and the analysis request built from the same pieces, so
what the service documents is what it checks: the application validates every body with
these very schemas."""
from __future__ import annotations

import functools
from typing import Any

from .. import __version__, cases
from .endpoints import MAX_SIMULATED_ROUNDS, simulate_schema

__all__ = ["document"]

_ERROR = {"type": "object", "required": ["error"],
          "properties": {"error": {"type": "object", "required": ["status", "message"],
                                   "properties": {"status": {"type": "integer"}, "message": {"type": "string"},
                                                  "type": {"type": "string"}}}}}
_OBJECT = {"type": "object"}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _of_kind(kind: Any) -> dict[str, Any]:
    """A request of one kind: the case request schema, with ``kind`` pinned."""
    pinned = ({"not": {"required": ["kind"]}} if kind is None
              else {"required": ["kind"], "properties": {"kind": {"const": kind}}})
    return {"allOf": [_ref("CaseRequest"), pinned]}


def _errors() -> dict[str, Any]:
    body = {"application/json": {"schema": _ref("Error")}}
    return {code: {"description": text, "content": body} for code, text in (
        ("400", "the body is not JSON"), ("413", "the body is over the size limit"),
        ("422", "the request is not valid, or names something the rules do not allow: the message says what"),
        ("503", "the request ran past the time limit"))}


def _post(summary: str, body: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    return {"post": {"summary": summary,
                     "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
                     "responses": {"200": {"description": "the answer",
                                           "content": {"application/json": {"schema": answer}}},
                                   **_errors()}}}


def _get(summary: str) -> dict[str, Any]:
    return {"get": {"summary": summary, "responses": {"200": {
        "description": "the answer", "content": {"application/json": {"schema": _OBJECT}}}}}}


def _paths() -> dict[str, Any]:
    return {
        "/v1/score": _post("Score a win (a win case, FORMAT.md §4, without expected): ScoreResult.to_dict()",
                           _of_kind(None), _OBJECT),
        "/v1/ready": _post("Whether one hand is ready at the end of the wall (FORMAT.md §5)",
                           _of_kind("ready"), _OBJECT),
        "/v1/exhaust": _post("What the end of the wall settles for a whole table (FORMAT.md §6)",
                             _of_kind("chajiao"), _OBJECT),
        "/v1/analyze": _post("Every discard of a 3M+2 hand under its region's rules, best first",
                             _ref("AnalyzeRequest"), {"type": "array", "items": _OBJECT}),
        "/v1/rounds/settle": _post("Replay a hupai-round/1 record event by event and re-settle it",
                                   _ref("RoundRecord"), _OBJECT),
        "/v1/rounds/simulate": _post(f"Play up to {MAX_SIMULATED_ROUNDS} seeded rounds with built-in agents",
                                     _ref("SimulateRequest"), _OBJECT),
        "/v1/regions": _get("Every region's flags (defaults, choices), facts and patterns (both names)"),
        "/v1/health": _get("The service is up"),
    }


def _record_schema() -> dict[str, Any]:
    # the record is checked field by field by the replay (design/table.md §3); the schema
    # names its fields for a client
    fields = ("format", "region", "options", "seed", "round", "dealer", "scores_before", "wall", "events",
              "settlement", "net", "next_dealer")
    return {"type": "object", "description": "a hupai-round/1 record (design/table.md §3)",
            "required": list(fields), "properties": {"format": {"const": "hupai-round/1"}}}


@functools.lru_cache(maxsize=1)
def document() -> dict[str, Any]:
    """The OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {"title": "hupai", "version": __version__,
                 "description": "Mahjong under Chinese regional rules: scoring, readiness, the end of the wall, "
                                "discard analysis and whole rounds."},
        "paths": _paths(),
        "components": {"schemas": {"CaseRequest": cases.request_schema(), "AnalyzeRequest": cases.analyze_schema(),
                                   "SimulateRequest": simulate_schema(), "RoundRecord": _record_schema(),
                                   "Error": _ERROR}},
    }
