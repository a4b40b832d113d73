"""``hupai verify``: run acceptance case files (hupai case format, version 1).

Every case is evaluated through the :class:`~hupai.rules.Region` interface under its
region's default rules overridden by its ``options`` (:mod:`hupai.cases` reads the
format), and the results are compared as the format prescribes (FORMAT.md §8).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from . import cases, tiles
from ._messages import clip, short
from .rules import Region, RegionFlags

__all__ = ["CaseResult", "run_case", "verify_files", "report", "main"]


@dataclass
class CaseResult:
    case_id: str
    passed: bool
    differences: list[tuple[str, Any, Any]] = field(default_factory=list)  # (field, expected, actual)
    error: Optional[str] = None
    invalid: bool = False        # the case itself is not valid (schema, or a kind its region lacks)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.case_id, "passed": self.passed, "invalid": self.invalid, "error": self.error,
                "differences": [{"field": f, "expected": _plain(e), "actual": _plain(a)}
                                for f, e, a in self.differences]}


def _plain(v: Any) -> Any:
    return sorted(v, key=str) if isinstance(v, set) else v


def _tile_set(names: Sequence[str]) -> set[int]:
    return {tiles.parse_tile(n) for n in names}


def _nonzero(payments: Optional[dict]) -> dict:
    return {k: v for k, v in (payments or {}).items() if v}


def _compare(result: CaseResult, name: str, expected: Any, actual: Any) -> None:
    if expected != actual:
        result.differences.append((name, expected, actual))


def _run_win(case: dict, region: Region, rules: RegionFlags, out: CaseResult) -> None:
    exp = case["expected"]
    res = cases.score_case(case)
    _compare(out, "is_win", exp["is_win"], res.is_win)
    _compare(out, "patterns", set(exp["patterns"]), set(res.patterns))
    _compare(out, "value", exp["value"], res.value)
    if res.is_win or "payments" in exp:
        _compare(out, "payments", _nonzero(exp.get("payments")), _nonzero(res.payments))
    if "chickens" in exp:
        _compare(out, "chickens", exp["chickens"], res.detail.get("chickens"))
    if "laizi" in case:
        _compare(out, "laizi", tiles.parse_tile(case["laizi"]), res.detail.get("laizi"))


def _run_ready(case: dict, region: Region, rules: RegionFlags, out: CaseResult) -> None:
    exp = case["expected"]
    rep = cases.ready_case(case)
    _compare(out, "ready", exp["ready"], rep.ready)
    _compare(out, "chajiao_value", exp.get("chajiao_value"), rep.value if rep.ready else None)
    if "waits" in exp:
        _compare(out, "waits", _tile_set(exp["waits"]), set(rep.waits))
    if "patterns" in exp:
        _compare(out, "patterns", set(exp["patterns"]), set(rep.patterns))


def _run_chajiao(case: dict, region: Region, rules: RegionFlags, out: CaseResult) -> None:
    exp = case["expected"]
    res = cases.exhaust_case(case)
    for name in ("ready", "huazhu", "values"):
        if name in exp:
            _compare(out, name, exp[name], getattr(res, name))
    _compare(out, "payments", _nonzero(exp.get("payments")), _nonzero(res.payments))
    if "next_dealer" in exp:
        _compare(out, "next_dealer", exp["next_dealer"], res.next_dealer)
    if "laizi" in case:
        _compare(out, "laizi", tiles.parse_tile(case["laizi"]), res.detail.get("laizi"))


def _run_side(case: dict, region: Region, rules: RegionFlags, out: CaseResult) -> None:
    exp = case["expected"]
    res = region.SIDE_SETTLEMENTS[case["kind"]]()
    _compare(out, "patterns", set(exp["patterns"]), set(res.patterns))
    _compare(out, "value", exp["value"], res.value)
    _compare(out, "payments", _nonzero(exp.get("payments")), _nonzero(res.payments))


def _runner(case: dict, region: Region) -> Optional[Callable[..., None]]:
    kind = case.get("kind")
    if kind is None:
        return _run_win
    if kind == "ready":
        return _run_ready
    if kind == "chajiao":
        return _run_chajiao
    return _run_side if kind in region.SIDE_SETTLEMENTS else None


def run_case(case: dict) -> CaseResult:
    """Evaluate one (schema-valid) case and compare it with its expectation."""
    out = CaseResult(str(case.get("id")), False)
    try:
        region, rules = cases.region_and_rules(case)
        runner = _runner(case, region)
        if runner is None:
            out.error = f"case kind {short(case.get('kind'))} is not supported for region {region.name!r}"
            out.invalid = True
            return out
        runner(case, region, rules, out)
    except (ValueError, TypeError) as exc:
        out.error = f"{type(exc).__name__}: {clip(str(exc), 200)}"
        return out
    out.passed = not out.differences and out.error is None
    return out


def _results(paths: Sequence[str]) -> list[tuple[str, Optional[CaseResult], Optional[str]]]:
    """(path, result, a file's problem) for every case of every file."""
    out: list[tuple[str, Optional[CaseResult], Optional[str]]] = []
    for path in paths:
        try:
            entries = cases.load_cases(Path(path))
        except ValueError as exc:
            out.append((path, None, str(exc)))
            continue
        for entry in entries:
            if entry.case is None:
                out.append((path, CaseResult(entry.case_id, False, error=entry.problem, invalid=True), None))
            else:
                out.append((path, run_case(entry.case), None))
    return out


def report(paths: Sequence[str]) -> dict[str, Any]:
    """Every case of ``paths`` run, as plain JSON types: each case's result, the files
    that could not be read, and the counts."""
    results = _results(paths)
    rows = [r.to_dict() | {"file": p} for p, r, _ in results if r is not None]
    return {"cases": rows, "files": [{"file": p, "problem": e} for p, r, e in results if r is None],
            "passed": sum(r["passed"] for r in rows),
            "failed": sum(not r["passed"] and not r["invalid"] for r in rows),
            "invalid": sum(r["invalid"] for r in rows) + sum(r is None for _, r, _ in results)}


def verify_files(paths: Sequence[str], write: Callable[[str], Any]) -> int:
    """Run every case of every file; one line per failing or invalid case, then
    ``N passed, M failed``.  Returns 1 if a file or a case is invalid or a case fails."""
    passed = failed = invalid = 0
    for path, r, problem in _results(paths):
        if r is None:
            write(f"INVALID {path}: {problem}\n")
            invalid += 1
        elif r.passed:
            passed += 1
        elif r.invalid:
            write(f"INVALID {r.case_id}: {r.error} ({path})\n")
            invalid += 1
        else:
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


def main(paths: Sequence[str], as_json: bool = False) -> int:
    import sys
    if as_json:
        result = report(paths)
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return 1 if result["failed"] or result["invalid"] else 0
    return verify_files(paths, sys.stdout.write)
