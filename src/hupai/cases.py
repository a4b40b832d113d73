"""The hupai case format (version 1, ``../shared/cases/FORMAT.md``): its JSON Schema,
built from what the package knows (the regions, their flags and choices, the fields each
region's cases carry), and the loading of case files.

The schema ships with the package and is always applied: a case that does not match it
is reported as invalid, naming the first problem, before anything is evaluated.
:func:`schema` returns it (draft 2020-12)."""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, NamedTuple, Optional, Union

from ._messages import short
from .rules import REGIONS
from .rules.flags import RegionFlags

__all__ = ["schema", "case_problem", "load_cases", "LoadedCase", "SCHEMA_ID"]

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


def _scope(*extra: str) -> dict:
    return {"type": "array", "uniqueItems": True, "items": {"enum": ["hand", *extra]},
            "contains": {"const": "hand"}}


# The context fields of a win case that each region reads (FORMAT.md §4.2), beyond the
# fields every win case has.
_WIN_FIELDS: dict[str, dict[str, Any]] = {
    "luzhou": {"after_kong": _BOOL, "robbing_kong": _BOOL, "kong_discard": _BOOL, "declared_ready": _BOOL,
               "tianhu": _BOOL, "dihu": _BOOL, "dealer": _BOOL,
               "ghosts_drawn": {"type": "integer", "minimum": 0, "maximum": 8},
               "guoshui_passed_value": _COUNT},
    "wuhan": {"after_kong": _BOOL, "robbing_kong": _BOOL, "dealer": _BOOL, "indicator": _TILE,
              "laizi": _TILE, "last_four": _BOOL, "special_kongs": _SPECIAL_KONGS,
              "discarder_ready": _BOOL, "guoshui_same_tile_not_higher": _BOOL,
              "losers": {"type": "array", "items": _LOSER, "minItems": 3, "maxItems": 3}},
    "guiyang": {"after_kong": _BOOL, "robbing_kong": _BOOL, "declared_ready": _BOOL, "re_pao": _BOOL,
                "shabao": _BOOL, "flip": _TILE, "expect_bad_count": _BOOL,
                "payment_scope": _scope("dou", "chicken")},
    "fuzhou": {"after_kong": _BOOL, "robbing_kong": _BOOL, "tianhu": _BOOL, "dihu": _BOOL, "dealer": _BOOL,
               "payment_scope": _scope("kong")},
}
_WIN_REQUIRED = {"wuhan": ["indicator", "losers"]}
# Fields of a chajiao case beyond id/region/kind/seats/dealer/options/expected/why.
_TABLE_FIELDS: dict[str, dict[str, Any]] = {"wuhan": {"indicator": _TILE, "laizi": _TILE}}
_SEAT_FIELDS: dict[str, dict[str, Any]] = {"wuhan": {"special_kongs": _SPECIAL_KONGS}}
_ID_PREFIX = {"luzhou": "LZ", "wuhan": "WH", "guiyang": "GY", "fuzhou": "FZ"}


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


def _common(region: str, kind: Optional[str]) -> dict[str, Any]:
    rules_cls = REGIONS[region].Rules
    prefix = _ID_PREFIX[region] + ("-CJ" if kind == "chajiao" else "")
    return {"id": {"type": "string", "pattern": f"^{prefix}-[0-9A-Za-z._-]+$"},
            "region": {"const": region}, "options": _options(rules_cls),
            "why": {"type": "string"},
            "depends_on": {"type": "array", "uniqueItems": True, "items": {"enum": list(rules_cls.option_names())}}}


def _win(region: str) -> dict:
    expected = {"type": "object", "required": ["is_win", "patterns", "value", "unit"],
                "properties": {"is_win": _BOOL, "patterns": {"type": "array", "items": {"type": "string"}},
                               "value": {"type": "number", "minimum": 0}, "unit": {"type": "string"},
                               "payments": {"type": "object", "propertyNames": {"enum": ["W", "A", "B", "C", "D"]},
                                            "additionalProperties": {"type": "number"}},
                               "chickens": _COUNT},
                "additionalProperties": False}
    props = {**_common(region, None), "concealed": _TILES, "melds": _MELDS, "win_tile": _TILE,
             "self_draw": _BOOL, **_WIN_FIELDS[region], "expected": expected}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "region", "concealed", "melds", "win_tile", "self_draw", "expected", "why",
                         *_WIN_REQUIRED.get(region, [])]}


def _ready(region: str) -> dict:
    expected = {"type": "object", "additionalProperties": False, "required": ["ready", "chajiao_value"],
                "properties": {"ready": _BOOL, "waits": {"type": "array", "uniqueItems": True, "items": _TILE},
                               "chajiao_value": {"type": ["number", "null"]},
                               "patterns": {"type": "array", "items": {"type": "string"}},
                               "unit": {"type": "string"}}}
    props = {**_common(region, "ready"), "kind": {"const": "ready"}, "concealed": _TILES, "melds": _MELDS,
             "expected": expected}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "region", "kind", "concealed", "melds", "expected", "why"]}


def _chajiao(region: str) -> dict:
    seat_hand = {"type": "object", "additionalProperties": False, "required": ["concealed", "melds"],
                 "properties": {"concealed": _TILES, "melds": _MELDS, "won": {"const": False},
                                **_SEAT_FIELDS.get(region, {})}}
    seat = {"oneOf": [{"type": "object", "additionalProperties": False, "required": ["won"],
                       "properties": {"won": {"const": True}}}, seat_hand]}
    by_seat = {"type": "object", "propertyNames": _SEAT}
    expected = {"type": "object", "additionalProperties": False, "required": ["payments"],
                "properties": {"ready": {**by_seat, "additionalProperties": _BOOL},
                               "huazhu": {**by_seat, "additionalProperties": _BOOL},
                               "values": {**by_seat, "additionalProperties": {"type": "number", "minimum": 0}},
                               "payments": {**by_seat, "additionalProperties": {"type": "number"}},
                               "next_dealer": _SEAT, "unit": {"type": "string"}}}
    props = {**_common(region, "chajiao"), "kind": {"const": "chajiao"}, "dealer": _SEAT,
             "seats": {"type": "object", "additionalProperties": False, "required": list("ABCD"),
                       "properties": {s: seat for s in "ABCD"}},
             **_TABLE_FIELDS.get(region, {}), "expected": expected}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "region", "kind", "seats", "expected", "why"]}


def _shao(region: str) -> dict:
    expected = {"type": "object", "additionalProperties": False, "required": ["patterns", "value", "payments"],
                "properties": {"patterns": {"type": "array", "items": {"type": "string"}},
                               "value": {"type": "number"}, "unit": {"type": "string"},
                               "payments": {"type": "object", "propertyNames": {"enum": ["A", "B", "C", "D"]},
                                            "additionalProperties": {"type": "number"}}}}
    props = {**_common(region, None), "kind": {"enum": ["houshao", "qianshao"]}, "expected": expected}
    return {"type": "object", "additionalProperties": False, "properties": props,
            "required": ["id", "region", "kind", "expected", "why"]}


def _when(region: str, kind: Optional[str], then: dict) -> dict:
    cond: dict[str, Any] = {"properties": {"region": {"const": region}}, "required": ["region"]}
    if kind is None:
        cond["not"] = {"required": ["kind"]}
    else:
        cond["properties"]["kind"] = {"enum": [kind] if kind != "shao" else ["houshao", "qianshao"]}
        cond["required"] = ["region", "kind"]
    return {"if": cond, "then": then}


@functools.lru_cache(maxsize=1)
def _schema_text() -> str:
    branches = []
    for region in REGIONS:
        branches.append(_when(region, None, _win(region)))
        branches.append(_when(region, "ready", _ready(region)))
        branches.append(_when(region, "chajiao", _chajiao(region)))
        branches.append(_when(region, "shao", _shao(region)))
    case = {"type": "object", "required": ["id", "region", "expected", "why"],
            "properties": {"id": {"type": "string"}, "region": {"enum": list(REGIONS)},
                           "kind": {"enum": ["ready", "chajiao", "houshao", "qianshao"]}},
            "allOf": branches}
    doc = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
           "title": "hupai case format, version 1", "type": "array", "items": {"$ref": "#/$defs/case"},
           "$defs": {"case": case}}
    return json.dumps(doc, ensure_ascii=False, sort_keys=True)


def schema() -> dict:
    """The JSON Schema (draft 2020-12) of a case file: an array of cases."""
    return json.loads(_schema_text())


@functools.lru_cache(maxsize=1)
def _case_validator():
    import jsonschema

    doc = schema()
    case = dict(doc["$defs"]["case"])
    case["$defs"] = doc["$defs"]
    return jsonschema.Draft202012Validator(case)


def case_problem(case: object) -> Optional[str]:
    """Why ``case`` is not a valid case (the first problem the schema finds), or None."""
    try:
        errors = sorted(_case_validator().iter_errors(case), key=lambda e: (len(e.path), list(map(str, e.path))))
    except RecursionError:
        return "the case is nested too deeply"
    if not errors:
        return None
    e = min(errors, key=lambda e: len(e.path))
    where = "/".join(str(x) for x in e.path) or "the case"
    return f"at {where}: {_describe(e)}"


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


class LoadedCase(NamedTuple):
    """One entry of a case file: the case, or why it is not a valid case."""

    case_id: str
    case: Optional[dict]
    problem: Optional[str]


def load_cases(path: Union[str, Path]) -> list[LoadedCase]:
    """The cases of one file, each with the problem that makes it invalid, if any.
    ValueError (naming the file) when the file itself is not a JSON array."""
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
