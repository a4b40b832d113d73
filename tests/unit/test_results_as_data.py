"""Results as data: every result type's ``to_dict()`` is plain JSON (a JSON round trip
gives back the same dict: lists, not tuples; string keys; no mapping proxies), patterns
are objects with an id and both names, and the inputs round-trip too (``Hand``,
``Situation``, ``DeclaredMeld``), for every region and every public acceptance case."""
import json

import numpy as np
import pytest

import hupai
from hupai import cases
from hupai.rules import REGIONS, DeclaredMeld, Hand, Ledger, Situation, Transfer


def _public(shared):
    out = []
    for path in sorted((shared / "cases" / "public").glob("*.json")):
        out += json.loads(path.read_text(encoding="utf-8"))
    return out


def _plain(data):
    """``data`` unchanged by a JSON round trip (so it holds only JSON's own types)."""
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    return data


def _check_pattern(p):
    assert set(p) >= {"id", "name_zh", "name_en", "seed"}, p
    assert p["id"].isascii() and p["name_en"] and p["name_zh"]


def _result_of(case):
    """The result a public case asks for, through the Region interface."""
    region, rules = cases.region_and_rules(case)
    kind = case.get("kind")
    if kind is None:
        return cases.score_case(case)
    if kind == "ready":
        return region.ready(cases.hand_of(region, case), rules, cases.table_situation(region, case))
    if kind == "chajiao":
        return region.exhaust(cases.table_of(region, case), rules, dealer=case.get("dealer"),
                              situation=cases.table_situation(region, case))
    return region.SIDE_SETTLEMENTS[kind]()


def test_every_public_result_is_plain_json(shared):
    seen = set()
    for case in _public(shared):
        res = _result_of(case)
        data = _plain(res.to_dict())
        seen.add((case["region"], type(res).__name__))
        for p in data.get("patterns", []):
            _check_pattern(p)
        for step in data.get("breakdown", []):
            _check_pattern(step)
            assert step["op"] and "amount" in step and "value" in step
        if "ledger" in data:
            assert sum(t["amount"] for t in data["ledger"]["transfers"]) >= 0
            assert sum(data["ledger"]["net"].values()) == 0, case["id"]
    # every region produced a score result, and each result type was seen
    assert {r for r, t in seen if t == "ScoreResult"} == set(REGIONS)
    assert {t for _, t in seen} >= {"ScoreResult", "ExhaustResult"}


def test_score_to_dict_carries_its_breakdown_and_ledger(shared):
    case = next(c for c in _public(shared) if c["region"] == "wuhan" and c.get("kind") is None
                and cases.score_case(c).is_win)
    res = cases.score_case(case)
    data = res.to_dict()
    assert data["value"] == res.value and data["is_win"] is True
    assert [p["name_zh"] for p in data["patterns"]] == list(res.patterns)
    assert [s["id"] for s in data["breakdown"]] == [s.pattern.id for s in res.breakdown]
    assert data["ledger"]["net"] == res.payments


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_every_region_ready_and_exhaust_are_plain_json(name):
    region = REGIONS[name]
    hand = region.make_hand("123m456m789m234p5p")
    situation = Situation(indicator="4p") if "indicator" in region.FACTS else None
    report = region.ready(hand, None, situation)
    data = _plain(report.to_dict())
    assert data["ready"] == report.ready
    table = {"A": hand, "B": Hand.parse("1112345678999m"), "C": Hand.parse("1357m2468p1357s9s"), "D": None}
    result = region.exhaust(table, None, dealer="A", situation=situation)
    data = _plain(result.to_dict())
    assert data["event"] == result.event
    assert sum(data["ledger"]["net"].values()) == 0


def test_a_non_win_is_plain_json_with_its_reason():
    res = REGIONS["luzhou"].score(Hand.parse("123m456m789m1234p"), Situation("9s", True))
    data = _plain(res.to_dict())
    assert data["is_win"] is False and data["reason"] and data["value"] == 0


def test_discard_options_and_decompositions_are_plain_json():
    counts = hupai.parse("123m456p789s1122z3m")
    for option in hupai.analyze_discards(counts):
        data = _plain(option.to_dict())
        assert data["discard"] == hupai.tiles.tile_name(option.discard)
    for option in hupai.analyze_discards(hupai.parse("123m456p789s1134s7z"), rules="luzhou"):
        _plain(option.to_dict())
    for d in hupai.decompose(hupai.parse("111222333m456p77z")):
        data = _plain(d.to_dict())
        assert data["form"] in ("standard", "seven_pairs")


def test_a_ledger_round_trips_through_its_dict_and_relabels():
    ledger = Ledger.of([Transfer("A", "W", 4, "自摸"), Transfer("B", "W", 4, "自摸"), Transfer("C", "W", 4, "自摸")])
    data = _plain(ledger.to_dict())
    assert data["net"] == {"W": 12, "A": -4, "B": -4, "C": -4}
    named = ledger.relabel({"W": "east", "A": "south", "B": "west", "C": "north"})
    assert named.net() == {"east": 12, "south": -4, "west": -4, "north": -4}
    assert ledger.net() == {"W": 12, "A": -4, "B": -4, "C": -4}       # the original is unchanged


def test_hand_compares_hashes_and_round_trips_by_value():
    a = Hand.parse("123m456p789s1z", melds=(DeclaredMeld("peng", "5z5z5z"),))
    b = Hand(np.array(a.concealed), (DeclaredMeld("peng", (31, 31, 31)),))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Hand.parse("123m456p789s1115z") and a != "123m456p789s1z"
    data = _plain(a.to_dict())
    assert Hand.from_dict(data) == a
    assert Hand.from_dict(json.loads(json.dumps(data))) == a


def test_situation_round_trips_through_its_dict():
    s = Situation("5m", False, dealer=True, indicator="3p", robbing_kong=True)
    data = _plain(s.to_dict())
    assert data == {"win_tile": "5m", "self_draw": False, "robbing_kong": True, "dealer": True, "indicator": "3p"}
    assert Situation.from_dict(data) == s
    with pytest.raises(ValueError, match="unknown situation fact"):
        Situation.from_dict({"win_tile": "5m", "colour": "red"})
