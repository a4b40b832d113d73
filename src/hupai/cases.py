"""The hupai case format (version 1, FORMAT.md of the case set): its JSON Schema, built
from what the package knows (the regions, their flags and choices, the facts each
region reads), the loading of case files, and the adapters from a case to the library's
objects.  No region module imports this one: it reads the regions through their
:class:`~hupai.rules.Region` interface.

The schema ships with the package and is always applied: a case that does not match it
is reported as invalid, naming the first problem, before anything is evaluated.
:func:`schema` returns it (draft 2020-12)."""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Mapping, NamedTuple, Optional, Union

from . import tiles
from ._messages import short
from .rules import REGIONS, DeclaredMeld, ExhaustResult, Hand, Region, ScoreResult, SeatReport, Situation
from .rules.flags import RegionFlags
from .rules.situation import SCOPES

__all__ = ["schema", "case_problem", "load_cases", "LoadedCase", "SCHEMA_ID", "from_case", "score_case",
           "hand_of", "table_of", "table_situation", "check_case", "request_schema", "analyze_schema",
           "check_request", "ready_case", "exhaust_case", "analyze_request", "first_problem"]

SCHEMA_ID = "urn:hupai:case-format:1"
_TILE = {"type": "string", "pattern": "^([1-9][mps]|[1-7]z)$"}
_TILES = {"type": "string", "pattern": "^([1-9]+[mps]|[1-7]+z)*$"}
_SEAT = {"enum": ["A", "B", "C", "D"]}
_BOOL = {"type": "boolean"}
_COUNT = {"type": "integer", "minimum": 0}
_MELD = {"type": "object", "additionalProperties": False, "required": ["kind", "tiles"],
         "properties": {"kind": {"enum": ["chi", "peng", "minggang", "angang", "bugang"]},
                        "tiles": _TILES, "from": _SEAT}}
_MELDS = {"type": "array", "items": _MELD, "maxItems": 4}
_KONG_COUNTS = ("hongzhong", "facai", "pizi", "laizi")
_SPECIAL_KONGS = {"type": "object", "additionalProperties": False,
                  "properties": {k: _COUNT for k in _KONG_COUNTS}}
_LOSER = {"type": "object", "additionalProperties": False, "required": ["seat", "opened"],
          "properties": {"seat": {"enum": ["A", "B", "C"]}, "opened": _BOOL, "dealer": _BOOL,
                         "discarder": _BOOL, "opens": _COUNT,
                         "kongs": {"type": "object", "additionalProperties": False,
                                   "properties": {k: _COUNT for k in ("ming", "an", *_KONG_COUNTS)}}}}

# The case-format schema of each situation fact (FORMAT.md §4.2); a region's cases carry
# the facts its module lists in ``FACTS``.
_FACT_SCHEMA: dict[str, Any] = {
    **{name: _BOOL for name in ("after_kong", "kong_discard", "robbing_kong", "declared_ready", "tianhu", "dihu",
                                "dealer", "last_four", "discarder_ready", "guoshui_same_tile_not_higher",
                                "re_pao", "shabao", "passed_since_draw", "hero_chicken", "chongfeng")},
    "ghosts_drawn": {"type": "integer", "minimum": 0, "maximum": 8},
    "guoshui_passed_value": _COUNT, "lianzhuang_count": _COUNT,
    "indicator": _TILE, "flip": _TILE,
    "losers": {"type": "array", "items": _LOSER, "minItems": 3, "maxItems": 3},
    "special_kongs": _SPECIAL_KONGS,
    "re_pao_kong": {"enum": ["angang", "bugang", "minggang"]},
    "discards": {"type": "array", "items": _TILE},
    "payment_scope": {"type": "array", "uniqueItems": True, "items": {"enum": sorted(SCOPES)},
                      "contains": {"const": "hand"}},
}
# the facts that describe a whole table rather than one win (a chajiao case's fields)
_TABLE_FACTS = ("indicator", "flip")
_EXTRA_FIELDS = {"laizi": _TILE, "expect_bad_count": _BOOL}   # asserted or informational (FORMAT.md §4.2)


def _facts_schema(region: Region, facts: Any) -> dict[str, Any]:
    out = {f: _FACT_SCHEMA[f] for f in sorted(facts) if f in region.FACTS}
    if "indicator" in out:
        out["laizi"] = _EXTRA_FIELDS["laizi"]
    return out


def _flag_value_schema(rules_cls: type[RegionFlags], name: str) -> dict:
    """The JSON values a flag takes: its choices, or the type of its default."""
    choices = rules_cls.CHOICES.get(name)
    if choices is not None:
        return {"enum": list(choices)}
    default = rules_cls.__dataclass_fields__[name].default  # type: ignore[attr-defined]
    if isinstance(default, bool):
        return _BOOL
    if isinstance(default, tuple):     # three amounts, written "600/700/800"
        return {"type": "string", "pattern": "^[0-9]+/[0-9]+/[0-9]+$"}
    return {"type": "integer"} if isinstance(default, int) else {"type": "number"}


def _options(rules_cls: type[RegionFlags]) -> dict:
    props = {key: _flag_value_schema(rules_cls, name) for key, name in rules_cls.option_names().items()}
    return {"type": "object", "additionalProperties": False, "properties": props}


def _common(region: Region) -> dict[str, Any]:
    return {"id": {"type": "string", "minLength": 1}, "region": {"const": region.name},
            "options": _options(region.Rules), "why": {"type": "string"},
            "depends_on": {"type": "array", "uniqueItems": True,
                           "items": {"enum": list(region.Rules.option_names())}}}


def _win(region: Region) -> dict:
    expected = {"type": "object", "required": ["is_win", "patterns", "value", "unit"],
                "properties": {"is_win": _BOOL, "patterns": {"type": "array", "items": {"type": "string"}},
                               "value": {"type": "number", "minimum": 0}, "unit": {"type": "string"},
                               "payments": {"type": "object", "propertyNames": {"enum": ["W", "A", "B", "C", "D"]},
                                            "additionalProperties": {"type": "number"}},
                               "chickens": _COUNT},
                "additionalProperties": False}
    props = {**_common(region), "concealed": _TILES, "melds": _MELDS, "win_tile": _TILE, "self_draw": _BOOL,
             **_facts_schema(region, _FACT_SCHEMA), "expect_bad_count": _BOOL, "expected": expected}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "region", "concealed", "melds", "win_tile", "self_draw", "expected", "why"]}


def _ready(region: Region) -> dict:
    expected = {"type": "object", "additionalProperties": False, "required": ["ready", "chajiao_value"],
                "properties": {"ready": _BOOL, "waits": {"type": "array", "uniqueItems": True, "items": _TILE},
                               "chajiao_value": {"type": ["number", "null"]},
                               "patterns": {"type": "array", "items": {"type": "string"}},
                               "unit": {"type": "string"}}}
    props = {**_common(region), "kind": {"const": "ready"}, "concealed": _TILES, "melds": _MELDS,
             **_facts_schema(region, _TABLE_FACTS), "expect_bad_count": _BOOL, "expected": expected}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "region", "kind", "concealed", "melds", "expected", "why"]}


def _chajiao(region: Region) -> dict:
    seat_hand = {"type": "object", "additionalProperties": False, "required": ["concealed", "melds"],
                 "properties": {"concealed": _TILES, "melds": _MELDS, "won": {"const": False},
                                "special_kongs": _SPECIAL_KONGS}}
    seat = {"oneOf": [{"type": "object", "additionalProperties": False, "required": ["won"],
                       "properties": {"won": {"const": True}}}, seat_hand]}
    by_seat = {"type": "object", "propertyNames": _SEAT}
    expected = {"type": "object", "additionalProperties": False, "required": ["payments"],
                "properties": {"ready": {**by_seat, "additionalProperties": _BOOL},
                               "huazhu": {**by_seat, "additionalProperties": _BOOL},
                               "values": {**by_seat, "additionalProperties": {"type": "number", "minimum": 0}},
                               "payments": {**by_seat, "additionalProperties": {"type": "number"}},
                               "next_dealer": _SEAT, "unit": {"type": "string"}}}
    props = {**_common(region), "kind": {"const": "chajiao"}, "dealer": _SEAT,
             "seats": {"type": "object", "additionalProperties": False, "required": list("ABCD"),
                       "properties": {s: seat for s in "ABCD"}},
             **_facts_schema(region, _TABLE_FACTS), "expected": expected}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "region", "kind", "seats", "expected", "why"]}


def _side(region: Region) -> dict:
    expected = {"type": "object", "additionalProperties": False, "required": ["patterns", "value", "payments"],
                "properties": {"patterns": {"type": "array", "items": {"type": "string"}},
                               "value": {"type": "number"}, "unit": {"type": "string"},
                               "payments": {"type": "object", "propertyNames": {"enum": ["A", "B", "C", "D"]},
                                            "additionalProperties": {"type": "number"}}}}
    props = {**_common(region), "kind": {"enum": sorted(region.SIDE_SETTLEMENTS)}, "expected": expected}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "region", "kind", "expected", "why"]}


def _when(region: Region, kinds: Optional[list[str]], then: dict) -> dict:
    cond: dict[str, Any] = {"properties": {"region": {"const": region.name}}, "required": ["region"]}
    if kinds is None:
        cond["not"] = {"required": ["kind"]}
    else:
        cond["properties"]["kind"] = {"enum": kinds}
        cond["required"] = ["region", "kind"]
    return {"if": cond, "then": then}


def _kinds(regions: tuple[Region, ...]) -> list[str]:
    side = sorted({k for r in regions for k in r.SIDE_SETTLEMENTS})
    return ["ready", "chajiao", *side]


def _schema_text() -> str:
    """The schema's text, built once for each set of registered regions."""
    return _schema_for(tuple(REGIONS.values()))


@functools.lru_cache(maxsize=4)
def _schema_for(regions: tuple[Region, ...]) -> str:
    branches = []
    for region in regions:
        branches += [_when(region, None, _win(region)), _when(region, ["ready"], _ready(region)),
                     _when(region, ["chajiao"], _chajiao(region))]
        others = [k for k in _kinds(regions) if k not in ("ready", "chajiao")]
        branches.append(_when(region, others, _side(region)))
    case = {"type": "object", "required": ["id", "region", "expected", "why"],
            "properties": {"id": {"type": "string"}, "region": {"enum": [r.name for r in regions]},
                           "kind": {"enum": _kinds(regions)}},
            "allOf": branches}
    doc = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
           "title": "hupai case format, version 1", "type": "array", "items": {"$ref": "#/$defs/case"},
           "$defs": {"case": case}}
    return json.dumps(doc, ensure_ascii=False, sort_keys=True)


def schema() -> dict:
    """The JSON Schema (draft 2020-12) of a case file: an array of cases."""
    return json.loads(_schema_text())


def _case_validator() -> Any:
    return _validator_for(_schema_text())


@functools.lru_cache(maxsize=4)
def _validator_for(text: str) -> Any:
    import jsonschema

    doc = json.loads(text)
    case = dict(doc["$defs"]["case"])
    case["$defs"] = doc["$defs"]
    return jsonschema.Draft202012Validator(case)


def case_problem(case: object) -> Optional[str]:
    """Why ``case`` is not a valid case (the first problem the schema finds), or None."""
    return first_problem(_case_validator(), case, "case")


def first_problem(validator: Any, case: object, what: str) -> Optional[str]:
    """The first problem a JSON Schema ``validator`` finds in ``case`` (the shallowest,
    at its path, quoting briefly), or None; ``what`` names the whole."""
    try:
        errors = list(validator.iter_errors(case))
    except RecursionError:
        return f"the {what} is nested too deeply"
    if not errors:
        return None
    e = min(errors, key=lambda e: (len(e.path), list(map(str, e.path))))
    where = "/".join(str(x) for x in e.path) or f"the {what}"
    return f"at {where}: {_describe(e)}"


def check_case(case: object) -> Mapping[str, Any]:
    """``case`` when it is a valid case; ValueError naming its first problem."""
    problem = case_problem(case)
    if problem:
        raise ValueError(f"not a valid case {problem}")
    return case  # type: ignore[return-value]


# ------------------------------------------------------------------ requests
# A request (``hupai serve``) asks for what a case states: a case without ``expected``,
# whose ``id`` and ``why`` may be left out.  Its schema is the case schema with those
# three fields taken out, so the two cannot drift apart.

_STATED = ("expected", "id", "why")


def _unstated(branch: dict) -> dict:
    out = dict(branch)
    if "properties" in out:
        out["properties"] = {k: v for k, v in out["properties"].items() if k != "expected"}
    if "required" in out:
        out["required"] = [k for k in out["required"] if k not in _STATED]
    return out


def _request_text() -> str:
    return _request_text_for(_schema_text())


@functools.lru_cache(maxsize=4)
def _request_text_for(case_text: str) -> str:
    doc = json.loads(case_text)
    case = _unstated(doc["$defs"]["case"])
    case["allOf"] = [{**b, "then": _unstated(b["then"])} for b in case["allOf"]]
    doc["$defs"]["case"] = case
    doc["title"] = "a hupai request: a case of the case format, version 1, without expected"
    return json.dumps(doc, ensure_ascii=False, sort_keys=True)


def request_schema() -> dict:
    """The JSON Schema (draft 2020-12) of one request: a case (win, ready or chajiao)
    without ``expected``; ``id`` and ``why`` may be left out."""
    return json.loads(_request_text())["$defs"]["case"]


def check_request(case: object, kind: Optional[str] = None) -> Mapping[str, Any]:
    """``case`` when it is a valid request of ``kind`` (None: a win); ValueError naming
    its first problem, or naming its kind when it is another kind's."""
    problem = first_problem(_request_validator(case), case, "request")
    if problem:
        raise ValueError(f"not a valid request {problem}")
    return _of_kind(case, kind)  # type: ignore[arg-type]


def _request_validator(case: object) -> Any:
    return _fitting_validator(_request_text(), case)


def _fitting_validator(text: str, case: object) -> Any:
    """The validator of the one branch of schema ``text`` that applies to ``case`` (its
    region and kind decide which: the others' conditions fail), or of the whole schema
    when no branch is known to apply; the branch alone checks a valid request four times
    faster."""
    if isinstance(case, dict):
        region, kind = case.get("region"), case.get("kind")
        if isinstance(region, str) and ("kind" not in case or isinstance(kind, str)):
            found = _branch_validators(text).get((region, kind))
            if found is not None:
                return found
    return _validator_for(text)


@functools.lru_cache(maxsize=4)
def _branch_validators(text: str) -> dict[tuple[str, Optional[str]], Any]:
    import jsonschema

    case = json.loads(text)["$defs"]["case"]
    out = {}
    for branch in case["allOf"]:
        condition = branch["if"]["properties"]
        for kind in condition.get("kind", {}).get("enum", [None]):
            out[(condition["region"]["const"], kind)] = jsonschema.Draft202012Validator(branch["then"])
    return out


def _of_kind(case: Mapping[str, Any], kind: Optional[str]) -> Mapping[str, Any]:
    found = case.get("kind")
    if found != kind:
        raise ValueError(f"this is a {found or 'win'} case, not a {kind or 'win'} case")
    return case


def _analyze(region: Region) -> dict:
    props = {"region": {"const": region.name}, "options": _options(region.Rules), "concealed": _TILES,
             "melds": _MELDS, "visible": _TILES,
             **{k: v for k, v in _facts_schema(region, _TABLE_FACTS).items() if k != "laizi"}}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["region", "concealed"]}


@functools.lru_cache(maxsize=4)
def _analyze_text_for(regions: tuple[Region, ...]) -> str:
    case = {"type": "object", "required": ["region", "concealed"],
            "properties": {"region": {"enum": [r.name for r in regions]}},
            "allOf": [_when(region, None, _analyze(region)) for region in regions]}
    doc = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID + ":analyze",
           "title": "a hupai discard analysis request", "type": "array", "items": {"$ref": "#/$defs/case"},
           "$defs": {"case": case}}
    return json.dumps(doc, ensure_ascii=False, sort_keys=True)


def _analyze_text() -> str:
    return _analyze_text_for(tuple(REGIONS.values()))


def analyze_schema() -> dict:
    """The JSON Schema of a discard analysis request: a 3M+2 hand (``concealed`` and
    ``melds`` as in a case), its ``region`` and ``options``, the tiles ``visible`` on the
    table and the table facts the region reads (Wuhan's ``indicator``)."""
    return json.loads(_analyze_text())["$defs"]["case"]


def _describe(error: Any) -> str:
    """A schema error in a line, quoting at most a short piece of the offending value."""
    value = short(error.instance)
    validator = error.validator
    if validator == "required":
        missing = [f for f in error.validator_value if not isinstance(error.instance, dict) or f not in error.instance]
        return f"missing required field {short(missing[0]) if missing else ''}".rstrip()
    if validator == "additionalProperties" and isinstance(error.instance, dict):
        known = set(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in known]
        return f"unknown field {short(extra[0]) if extra else ''}".rstrip()
    if validator == "type":
        return f"{value} is not of type {error.validator_value}"
    if validator in ("enum", "const"):
        allowed = error.validator_value if validator == "enum" else [error.validator_value]
        return f"{value} is not one of {short(allowed)}"
    if validator == "pattern":
        return f"{value} is not valid notation"
    return short(error.message, 120)


# ------------------------------------------------------------------ files


class LoadedCase(NamedTuple):
    """One entry of a case file: the case, or why it is not a valid case."""

    case_id: str
    case: Optional[dict]
    problem: Optional[str]


def load_cases(path: Union[str, Path]) -> list[LoadedCase]:
    """The cases of one file, each with the problem that makes it invalid, if any.
    ValueError (naming the file's problem) when the file itself is not a JSON array."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot read it: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError("not JSON: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, list):
        raise ValueError("a case file is a JSON array of cases")
    return [_entry(i, case) for i, case in enumerate(data)]


def _entry(i: int, case: object) -> LoadedCase:
    case_id = case.get("id") if isinstance(case, dict) else None
    label = case_id if isinstance(case_id, str) and len(case_id) <= 40 else f"#{i}"
    problem = case_problem(case)
    return LoadedCase(label, case if problem is None else None, problem)  # type: ignore[arg-type]


# ------------------------------------------------------------------ case -> model


def region_and_rules(case: Mapping[str, Any]) -> tuple[Region, RegionFlags]:
    region = REGIONS[case["region"]]
    return region, region.Rules.from_options(case.get("options", {}))


def hand_of(region: Region, raw: Mapping[str, Any]) -> Hand:
    """The hand of a case (or of a chajiao seat): the region's own hand type, so that a
    Guiyang 相公 (a wrong tile count) is a hand too."""
    melds = tuple(DeclaredMeld.from_dict(m) for m in raw.get("melds", []))
    return region.make_hand(tiles.parse(raw["concealed"]), melds)


def _situation(region: Region, case: Mapping[str, Any], **given: Any) -> Situation:
    """The situation of the region's facts a case carries (the schema admits no other)."""
    facts = {f: case[f] for f in region.FACTS if f in case}
    return Situation.from_dict({**facts, **given})


def _checked(case: Any, kind: Optional[str]) -> Mapping[str, Any]:
    """A case of ``kind`` with its ``expected`` part (checked against the case schema) or
    without it (a request)."""
    if isinstance(case, Mapping) and "expected" in case:
        return _of_kind(check_case(case), kind)
    return check_request(case, kind)


def from_case(case: Any) -> tuple[Region, Hand, Situation, RegionFlags]:
    """The region, hand, situation and rules a win case describes (FORMAT.md §4; the
    ``expected`` part may be left out).  ValueError naming the problem of a case that
    is not valid."""
    case = _checked(case, None)
    region, rules = region_and_rules(case)
    situation = _situation(region, case, win_tile=case["win_tile"], self_draw=case["self_draw"])
    return region, hand_of(region, case), situation, rules


def score_case(case: Any) -> ScoreResult:
    """Score the win a case describes."""
    region, hand, situation, rules = from_case(case)
    return region.score(hand, situation, rules)


def table_of(region: Region, case: Mapping[str, Any]) -> dict[str, Optional[Hand]]:
    """The seats A-D of a chajiao case: a hand, or None for a seat that has won."""
    return {label: None if raw.get("won") else hand_of(region, raw) for label, raw in case["seats"].items()}


def table_situation(region: Region, case: Mapping[str, Any]) -> Situation:
    """The table facts of a ready or chajiao case (Wuhan's indicator)."""
    return _situation(region, {f: case[f] for f in _TABLE_FACTS if f in case})


def ready_case(case: Any) -> SeatReport:
    """Whether the hand of a ready case (FORMAT.md §5) is ready at the end of the wall."""
    case = _checked(case, "ready")
    region, rules = region_and_rules(case)
    return region.ready(hand_of(region, case), rules, table_situation(region, case))


def exhaust_case(case: Any) -> ExhaustResult:
    """What the end of the wall settles for the table of a chajiao case (FORMAT.md §6)."""
    case = _checked(case, "chajiao")
    region, rules = region_and_rules(case)
    return region.exhaust(table_of(region, case), rules, dealer=case.get("dealer"),
                          situation=table_situation(region, case))


def analyze_request(request: Any) -> list:
    """The discard options of an analysis request (:func:`analyze_schema`), best first."""
    from .analysis import analyze_discards
    problem = first_problem(_fitting_validator(_analyze_text(), request), request, "request")
    if problem:
        raise ValueError(f"not a valid request {problem}")
    region, rules = region_and_rules(request)
    counts = tiles.parse(request["concealed"])
    melds = [DeclaredMeld.from_dict(m) for m in request.get("melds", [])]
    if (int(counts.sum()) + 3 * len(melds)) % 3 != 2:
        raise ValueError("the analysis is of the discards of a 3M+2 hand (e.g. 14 tiles)")
    visible = tiles.parse(request["visible"]) if "visible" in request else None
    facts = {f: request[f] for f in _TABLE_FACTS if f in request}
    return analyze_discards(counts, 0, visible, rules=rules, melds=melds, **facts)
