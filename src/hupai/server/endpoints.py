"""What each endpoint of ``hupai serve`` answers, as plain functions from a parsed JSON
body to a JSON-ready value: no HTTP here, so the answers are the library's and can be
tested without a server.  Malformed or forbidden input raises ``ValueError`` /
``TypeError`` with the library's own message; the application turns it into a 422."""
from __future__ import annotations

import functools
import io
import json
from typing import Any, Callable, Mapping

from .. import __version__, cases
from ..rules import REGIONS, Region
from ..rules.flags import RegionFlags
from ..table import AGENTS, FORMAT, replay

__all__ = ["ENDPOINTS", "Endpoint", "regions", "health", "MAX_SIMULATED_ROUNDS", "simulate_schema"]

# A simulation over HTTP is for a quick look (a server is not a batch runner: use
# ``hupai simulate`` or the Dask driver for more); greedy agents play two to three hundred
# rounds a second, so the cap keeps one request well inside the default time limit.
MAX_SIMULATED_ROUNDS = 100


def score(body: Any) -> dict[str, Any]:
    """``POST /v1/score``: a win case without ``expected`` → the result."""
    return cases.score_case(body).to_dict()


def ready(body: Any) -> dict[str, Any]:
    """``POST /v1/ready``: a ready case without ``expected`` → the seat's report."""
    return cases.ready_case(body).to_dict()


def exhaust(body: Any) -> dict[str, Any]:
    """``POST /v1/exhaust``: a chajiao case (the whole table) without ``expected``."""
    return cases.exhaust_case(body).to_dict()


def analyze(body: Any) -> list[dict[str, Any]]:
    """``POST /v1/analyze``: a 3M+2 hand, its region and what is visible → every discard,
    best first."""
    return [option.to_dict() for option in cases.analyze_request(body)]


def settle(body: Any) -> dict[str, Any]:
    """``POST /v1/rounds/settle``: a ``hupai-round/1`` record, replayed event by event
    (a ValueError names the first inconsistent event) → its settlement re-computed."""
    rnd = replay(body)
    rebuilt = rnd.record()
    return {"consistent": True, "done": rnd.done, "settlement": rebuilt["settlement"], "net": rebuilt["net"],
            "scores_after": rnd.scores_after, "next_dealer": rebuilt["next_dealer"]}


def simulate_schema() -> dict[str, Any]:
    """The body of ``POST /v1/rounds/simulate``: built-in agents only (a server never
    starts an outside bot's command)."""
    agent = {"enum": sorted(AGENTS)}
    return {"type": "object", "additionalProperties": False, "required": ["region"],
            "properties": {"region": {"enum": list(REGIONS)},
                           "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_SIMULATED_ROUNDS},
                           "seed": {"type": "integer", "minimum": 0},
                           "agents": {"type": "array", "items": agent, "minItems": 1, "maxItems": 4},
                           "options": {"type": "object"},
                           "dealer": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
                           "match": {"type": "boolean"}}}


@functools.lru_cache(maxsize=1)
def _simulate_validator() -> Any:
    import jsonschema
    return jsonschema.Draft202012Validator(simulate_schema())


def _check_simulate(body: Any) -> Mapping[str, Any]:
    problem = cases.first_problem(_simulate_validator(), body, "request")
    if problem:
        raise ValueError(f"not a valid simulation request {problem}")
    agents = body.get("agents", ["random"])
    if len(agents) not in (1, 4):
        raise ValueError(f"agents names one agent for every seat or four, not {len(agents)}")
    return body


def simulate(body: Any) -> dict[str, Any]:
    """``POST /v1/rounds/simulate``: a few seeded rounds → their records and statistics,
    the same as ``hupai simulate`` with the same region, options, seed and agents."""
    from ..sim import simulate as run_rounds
    body = _check_simulate(body)
    region = REGIONS[body["region"]]
    agents = list(body.get("agents", ["random"]))
    out = io.StringIO()
    run = run_rounds(region, body.get("rounds", 1), rules=region.Rules.from_options(body.get("options", {})),
                     seed=body.get("seed", 0), agents=agents * 4 if len(agents) == 1 else agents,
                     dealer=body.get("dealer"), match=body.get("match", False), records=out)
    return {"records": [json.loads(line) for line in out.getvalue().splitlines()], "summary": run.summary()}


def _flag_default(value: Any) -> Any:
    # a flag of three amounts is written "600/700/800" in the case format
    return "/".join(str(v) for v in value) if isinstance(value, tuple) else value


def _flags(rules_cls: type[RegionFlags]) -> list[dict[str, Any]]:
    default = rules_cls.defaults()
    out = []
    for option, field in rules_cls.option_names().items():
        row: dict[str, Any] = {"name": option, "default": _flag_default(getattr(default, field))}
        if field in rules_cls.CHOICES:
            row["choices"] = list(rules_cls.CHOICES[field])
        out.append(row)
    return out


def _region(region: Region) -> dict[str, Any]:
    return {"name": region.name, "title": region.TITLE, "flags": _flags(region.Rules),
            "facts": sorted(region.FACTS), "payment_scopes": list(region.PAYMENT_SCOPES),
            "side_settlements": sorted(region.SIDE_SETTLEMENTS),
            "patterns": [{**row.to_dict(), "listed": row.listed} for row in region.PATTERNS]}


@functools.lru_cache(maxsize=1)
def regions() -> dict[str, Any]:
    """``GET /v1/regions``: every region's flags (defaults and choices), the situation
    facts it reads and its patterns with both names."""
    return {"regions": [_region(region) for region in REGIONS.values()]}


def health() -> dict[str, Any]:
    """``GET /v1/health``."""
    return {"status": "ok", "version": __version__, "record_format": FORMAT, "regions": list(REGIONS)}


Endpoint = Callable[[Any], Any]

# path → what answers a POST to it (the GET endpoints take no body)
ENDPOINTS: dict[str, Endpoint] = {
    "/v1/score": score, "/v1/ready": ready, "/v1/exhaust": exhaust, "/v1/analyze": analyze,
    "/v1/rounds/settle": settle, "/v1/rounds/simulate": simulate,
}
