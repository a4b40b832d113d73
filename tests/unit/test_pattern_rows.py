"""Pattern rows are the single source of values and names: every row has an ASCII id,
the seed's name, a real English name and its citation; every name a result reports and
every step of its breakdown is a row of its region's table; a result's value is its
breakdown's arithmetic (replayed for every public acceptance case); and changing a row's
value changes the scores that use it, in every region."""
import dataclasses
import json
import re

import pytest

from hupai import cases
from hupai.rules import REGIONS, PatternTable
from hupai.rules.patterns import FromFlag
from hupai.rules.breakdown import OPS, evaluate, running


def _public_cases(shared, kind=None):
    out = []
    for path in sorted((shared / "cases" / "public").glob("*.json")):
        out += [c for c in json.loads(path.read_text(encoding="utf-8")) if c.get("kind") == kind]
    return out


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_every_row_has_both_names_and_a_seed(name):
    for row in REGIONS[name].PATTERNS:
        assert row.id.isascii() and re.fullmatch(r"[a-z0-9_]+", row.id), row.id
        assert row.name_zh and not row.name_zh.isascii() or row.name_zh.endswith("封頂"), row
        # English a player would use: capitalised English words, never empty
        assert re.fullmatch(r"[A-Z][A-Za-z0-9 ,:'()\-]+", row.name_en), row.name_en
        assert row.seed, row.id
        assert REGIONS[name].PATTERNS.op(row, REGIONS[name].Rules()) in OPS


def test_every_public_win_replays_its_breakdown(shared):
    for case in _public_cases(shared):
        region = REGIONS[case["region"]]
        res = cases.score_case(case)
        if not res.is_win:
            continue
        assert evaluate(res.breakdown) == res.value, case["id"]
        assert len(running(res.breakdown)) == len(res.breakdown)
        rows = set(map(id, region.PATTERNS))
        assert all(id(step.pattern) in rows for step in res.breakdown), case["id"]
        assert set(res.patterns) <= set(region.PATTERNS.names()), case["id"]
        listed = [s.pattern.name_zh for s in res.breakdown if s.pattern.listed]
        assert set(listed) == set(res.patterns), case["id"]


def _bumped(value, change):
    """Another value for a row: a number changed, or each value of a per-flag mapping."""
    if isinstance(value, FromFlag):
        return FromFlag(value.flag, {k: change(v) for k, v in value.values})
    return change(value)


#: A row is read when a raise or a cut to nothing changes a score.
_CHANGES = (lambda v: v * 3 + 7, lambda v: 0 if v else 1)


def _observed(case) -> tuple:
    """What a row's value can change: the value paid and the amount of every step.  A
    cap can absorb any change (a 40 hand raised is still capped at 40), and a Luzhou
    family series can take over from its row (七對清一色 with a kong, doubled twice, is
    the series' third value), so the steps are observed too; since a result's value is
    its breakdown's arithmetic (the replay test above), a step whose amount moves with
    its row is a value read from that row, never from a constant beside it."""
    res = cases.score_case(case)
    return res.value, tuple(step.amount for step in res.breakdown)


def _patched(table: PatternTable, row_id: str, change) -> PatternTable:
    rows = [dataclasses.replace(r, value=_bumped(r.value, change)) if r.id == row_id else r for r in table]
    return PatternTable(rows, key_of=table.key_of, combine=table.combine)


def _numeric(value) -> bool:
    """A value the row holds (a number, or numbers per flag value), not a flag's own."""
    return isinstance(value, (int, float)) or (isinstance(value, FromFlag) and value.values is not None)


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_changing_a_row_changes_the_scores_that_use_it(name, shared, monkeypatch):
    region = REGIONS[name]
    wins = [c for c in _public_cases(shared) if c["region"] == name and cases.score_case(c).is_win]
    used: dict[str, list] = {}
    for case in wins:
        for step in cases.score_case(case).breakdown:
            if _numeric(step.pattern.value) and step.op in ("set", "add", "double", "multiply", "cap"):
                used.setdefault(step.pattern.id, []).append(case)
    assert len(used) >= 4, sorted(used)
    table = region.PATTERNS
    for row_id, uses in used.items():
        before = [_observed(c) for c in uses]
        changed = False
        for change in _CHANGES:
            monkeypatch.setattr(region, "PATTERNS", _patched(table, row_id, change))
            changed = changed or [_observed(c) for c in uses] != before
        monkeypatch.setattr(region, "PATTERNS", table)
        assert changed, f"{name}: changing row {row_id} changed no score"
