"""Requests (``hupai serve``'s bodies): the case format without ``expected``, checked by
the case schema's own branches."""
import json
import random

import pytest

from hupai import cases
from mutations import mutated


def _public(shared):
    out = []
    for path in sorted((shared / "cases" / "public").glob("*.json")):
        out += json.loads(path.read_text(encoding="utf-8"))
    return out


def _request(case):
    return {k: v for k, v in case.items() if k not in ("expected", "id", "why")}


def test_the_request_schema_is_the_case_schema_without_what_a_case_states():
    request, case = cases.request_schema(), cases.schema()["$defs"]["case"]
    assert len(request["allOf"]) == len(case["allOf"])
    for asked, stated in zip(request["allOf"], case["allOf"]):
        assert asked["if"] == stated["if"]
        assert set(stated["then"]["properties"]) - set(asked["then"]["properties"]) == {"expected"}
        assert set(stated["then"]["required"]) - set(asked["then"]["required"]) == {"expected", "id", "why"}


def test_every_public_case_is_a_request_once_its_expectation_is_taken_out(shared):
    for case in _public(shared):
        if case.get("kind") not in (None, "ready", "chajiao"):
            continue
        assert cases.check_request(_request(case), case.get("kind")) == _request(case)
        with pytest.raises(ValueError, match="unknown field 'expected'"):
            cases.check_request({**_request(case), "expected": case["expected"]}, case.get("kind"))


def test_a_request_of_another_kind_is_named():
    with pytest.raises(ValueError, match="this is a win case, not a chajiao case"):
        cases.check_request({"region": "luzhou", "concealed": "1112223334445m", "melds": [], "win_tile": "5m",
                             "self_draw": True}, "chajiao")


def _disagreements(text, seeds, rng, bodies):
    """Mutated bodies on which the branch check and the whole schema ``text`` differ
    about validity, and how many bodies were checked."""
    whole = cases._validator_for(text)
    differ, checked = [], 0
    for _ in range(bodies):
        try:
            body = json.loads(mutated(rng, rng.choice(seeds)))
        except ValueError:
            continue
        fast = cases.first_problem(cases._fitting_validator(text, body), body, "request")
        full = cases.first_problem(whole, body, "request")
        if (fast is None) != (full is None):
            differ.append((body, fast, full))
        checked += 1
    return differ, checked


def test_the_one_branch_checked_agrees_with_the_whole_schema(shared):
    """The fast path (the branch of the request's region and kind) finds a problem
    exactly where the whole schema does, over thousands of mutated requests."""
    seeds = [_request(c) for c in _public(shared) if c.get("kind") in (None, "chajiao")]
    differ, checked = _disagreements(cases._request_text(), seeds, random.Random(7), 3000)
    assert not differ, differ[:3]
    assert checked > 1500


def test_the_analysis_request_branch_agrees_with_its_whole_schema():
    seeds = [{"region": "luzhou", "concealed": "123456789m1122p7z"},
             {"region": "guiyang", "concealed": "1112345678999p1s", "visible": "1s1s9p"},
             {"region": "fuzhou", "concealed": "147m258p369s12345z", "options": {}},
             {"region": "wuhan", "concealed": "23456m22p345s6s", "melds": [{"kind": "peng", "tiles": "777s"}],
              "indicator": "4p"}]
    differ, checked = _disagreements(cases._analyze_text(), seeds, random.Random(11), 2000)
    assert not differ, differ[:3]
    assert checked > 1000
