"""``hupai verify``: run acceptance case files (hupai case format, version 1).

The format is specified in ``../shared/cases/FORMAT.md``; every case is evaluated through
the public API under its region's default rules overridden by its ``options``, and the
results are compared as FORMAT.md §8 prescribes.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from . import cases, tiles
from ._messages import short
from .rules import REGIONS
from .rules.model import DeclaredMeld, Hand, WinContext, parse_meld

__all__ = ["CaseResult", "load_cases", "run_case", "verify_files", "main"]

# Win-context fields of the format that map one-to-one onto WinContext.
_CONTEXT_FLAGS = ("after_kong", "kong_discard", "robbing_kong", "declared_ready", "tianhu", "dihu",
                  "dealer", "ghosts_drawn", "guoshui_passed_value")
_WIN_FIELDS = {"id", "region", "options", "expected", "why", "depends_on", "concealed", "melds",
               "win_tile", "self_draw", *_CONTEXT_FLAGS}


@dataclass
class CaseResult:
    case_id: str
    passed: bool
    differences: list[tuple[str, Any, Any]] = field(default_factory=list)  # (field, expected, actual)
    error: Optional[str] = None


# ------------------------------------------------------------------ loading

def load_cases(path: Path) -> list[dict]:
    """The valid cases of one file; ValueError naming the file's or the first invalid
    case's problem (the package's case schema, :func:`hupai.cases.schema`, is applied)."""
    entries = cases.load_cases(path)
    for e in entries:
        if e.problem:
            raise ValueError(f"{path}: case {e.case_id} is invalid {e.problem}")
    return [e.case for e in entries if e.case is not None]


# ------------------------------------------------------------------ case -> model

def _melds(raw: Sequence[dict]) -> tuple[DeclaredMeld, ...]:
    return tuple(parse_meld(m["kind"], m["tiles"], m.get("from")) for m in raw)


def hand_of(case: dict, build: Callable[..., Hand] = Hand) -> Hand:
    return build(tiles.parse(case["concealed"]), _melds(case.get("melds", [])))


def _hand_type(region) -> Callable[..., Hand]:
    """How the region builds a case's hand: ``Hand``, or its own ``case_hand`` (Guiyang:
    a wrong tile count is 相公, a result rather than an error)."""
    return getattr(region, "case_hand", Hand)


def context_of(case: dict) -> WinContext:
    kwargs = {k: case[k] for k in _CONTEXT_FLAGS if k in case}
    extra = {k: v for k, v in case.items() if k not in _WIN_FIELDS}
    return WinContext(tiles.parse_tile(case["win_tile"]), bool(case["self_draw"]), extra=extra, **kwargs)


def _tile_set(names: Sequence[str]) -> set[int]:
    return {tiles.parse_tile(n) for n in names}


def _payments(expected: Optional[dict], actual: dict) -> tuple[dict, dict]:
    exp = {k: v for k, v in (expected or {}).items() if v}
    act = {k: v for k, v in actual.items() if v}
    return exp, act


def _compare(result: CaseResult, name: str, expected: Any, actual: Any) -> None:
    if expected != actual:
        result.differences.append((name, expected, actual))


def _run_win(case: dict, region, rules, out: CaseResult) -> None:
    exp = case["expected"]
    res = region.score_case(case, rules) if hasattr(region, "score_case") else \
        region.score(hand_of(case), context_of(case), rules)
    _compare(out, "is_win", exp["is_win"], res.is_win)
    _compare(out, "patterns", set(exp["patterns"]), set(res.patterns))
    _compare(out, "value", exp["value"], res.value)
    if res.is_win or "payments" in exp:
        e, a = _payments(exp.get("payments"), res.payments)
        _compare(out, "payments", e, a)
    if "chickens" in exp:
        _compare(out, "chickens", exp["chickens"], res.detail.get("chickens"))
    if "laizi" in case:
        _compare(out, "laizi", tiles.parse_tile(case["laizi"]), res.detail.get("laizi"))


def _run_ready(case: dict, region, rules, out: CaseResult) -> None:
    exp = case["expected"]
    rep = region.ready(hand_of(case, _hand_type(region)), rules)
    _compare(out, "ready", exp["ready"], rep.ready)
    _compare(out, "chajiao_value", exp.get("chajiao_value"), rep.value if rep.ready else None)
    if "waits" in exp:
        _compare(out, "waits", _tile_set(exp["waits"]), set(rep.waits))
    if "patterns" in exp:
        _compare(out, "patterns", set(exp["patterns"]), set(rep.patterns))


def _run_chajiao(case: dict, region, rules, out: CaseResult) -> None:
    exp = case["expected"]
    seats = {}
    for label, raw in case["seats"].items():
        seats[label] = None if raw.get("won") else hand_of(raw, _hand_type(region))
    res = region.chajiao(seats, rules, dealer=case.get("dealer"))
    if "ready" in exp:
        _compare(out, "ready", exp["ready"], res.ready)
    if "huazhu" in exp:
        _compare(out, "huazhu", exp["huazhu"], res.huazhu)
    if "values" in exp:
        _compare(out, "values", exp["values"], res.values)
    e, a = _payments(exp.get("payments"), res.payments)
    _compare(out, "payments", e, a)
    if "next_dealer" in exp:
        _compare(out, "next_dealer", exp["next_dealer"], res.next_dealer)


def _run_shao(case: dict, region, rules, out: CaseResult) -> None:
    exp = case["expected"]
    res = region.shao(case["kind"])
    _compare(out, "patterns", set(exp["patterns"]), set(res.patterns))
    _compare(out, "value", exp["value"], res.value)
    e, a = _payments(exp.get("payments"), res.payments)
    _compare(out, "payments", e, a)


_RUNNERS: dict[Optional[str], Callable] = {None: _run_win, "ready": _run_ready, "chajiao": _run_chajiao,
                                           "houshao": _run_shao, "qianshao": _run_shao}


def run_case(case: dict) -> CaseResult:
    """Evaluate one (schema-valid) case and compare it with its expectation."""
    out = CaseResult(str(case.get("id")), False)
    region = REGIONS.get(case["region"])
    if region is None:
        out.error = f"region {short(case['region'])} is not implemented"
        return out
    kind = case.get("kind")
    runner = _RUNNERS.get(kind)
    needs = {None: "score", "ready": "ready", "chajiao": "chajiao", "houshao": "shao", "qianshao": "shao"}
    if runner is None or not hasattr(region, needs.get(kind, "")):
        out.error = f"case kind {short(kind)} is not supported for region {short(case['region'])}"
        return out
    try:
        rules = region.Rules.from_options(case.get("options", {}))
        runner(case, region, rules, out)
    except (ValueError, TypeError) as exc:
        out.error = f"{type(exc).__name__}: {short(str(exc), 200)}"
        return out
    out.passed = not out.differences and out.error is None
    return out


def verify_files(paths: Sequence[str], write: Callable[[str], Any]) -> int:
    """Run every case of every file; one line per failing or invalid case, then
    ``N passed, M failed``.  Returns 1 if a file or a case is invalid or a case fails."""
    passed = failed = invalid = 0
    for path in paths:
        try:
            entries = cases.load_cases(Path(path))
        except ValueError as exc:
            write(f"INVALID {path}: {exc}\n")
            invalid += 1
            continue
        for entry in entries:
            if entry.case is None:
                write(f"INVALID {entry.case_id}: {entry.problem} ({path})\n")
                invalid += 1
                continue
            r = run_case(entry.case)
            if r.passed:
                passed += 1
                continue
            failed += 1
            write(f"FAIL {r.case_id} ({path})\n")
            if r.error:
                write(f"    error: {r.error}\n")
            for name, exp, act in r.differences:
                write(f"    {name}: expected {_show(exp)}, got {_show(act)}\n")
    write(f"{passed} passed, {failed} failed" + (f", {invalid} invalid" if invalid else "") + "\n")
    return 1 if failed or invalid else 0


def _show(v: Any) -> str:
    if isinstance(v, set):
        return short("{" + ", ".join(sorted(str(x) for x in v)) + "}", 200)
    text = json.dumps(v, ensure_ascii=False, sort_keys=True) if isinstance(v, (dict, list)) else repr(v)
    return short(text, 200)


def main(paths: Sequence[str]) -> int:
    import sys
    return verify_files(paths, sys.stdout.write)
