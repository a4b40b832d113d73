"""The region-independent result types: ledgers and score results."""
import pytest

from hupai.rules import Ledger
from hupai.rules.ledger import Transfer
from hupai.rules.result import ScoreResult


def test_paid_to_builds_the_same_transfers_as_of():
    items = [("A", 4, "胡"), ("B", 0, "胡"), ("C", 8, "放沖")]
    fast = Ledger.paid_to("W", items)
    slow = Ledger.of(Transfer(payer, "W", amount, reason) for payer, amount, reason in items)
    assert fast == slow
    assert [type(t) for t in fast] == [Transfer, Transfer]      # the zero share is dropped
    assert fast.net() == {"A": -4, "C": -8, "W": 12}


@pytest.mark.parametrize("items, problem", [([("A", -1, "x")], "never negative"),
                                            ([("W", 3, "x")], "cannot pay itself")])
def test_paid_to_rejects_what_of_rejects(items, problem):
    with pytest.raises(ValueError, match=problem):
        Ledger.paid_to("W", items)


def test_a_win_takes_its_value_and_patterns_from_its_breakdown():
    from hupai.rules import Step, wuhan
    ledger = Ledger.paid_to("W", [("A", 2, "胡")])
    steps = (Step(wuhan.PATTERNS["xiaohu"], "set", 1), Step(wuhan.PATTERNS["kaikou"], "double", 1))
    fast = ScoreResult.win(steps, "分", ledger, {"laizi": 3})
    assert fast == ScoreResult(True, 2, "分", ("小胡",), ledger, None, {"laizi": 3}, steps)
    assert fast.payments == {"A": -2, "W": 2}
    with pytest.raises(AttributeError):
        fast.value = 5          # still frozen


def test_cached_hashes_do_not_travel_in_pickles(tmp_path):
    """Flags and Wuhan losers cache their hash; string hashes are salted per process, so a
    pickle read by another process (multiprocessing workers) must hash afresh."""
    import pickle
    import subprocess
    import sys

    from hupai.rules import wuhan
    from hupai.rules.luzhou import LuzhouRules

    objects = [LuzhouRules(), wuhan.WuhanRules(kaikou_mode="koukou_fan"),
               wuhan.Loser("B", opened=True, kongs={"an": 1})]
    for x in objects:
        hash(x)                 # fill the caches before pickling
    path = tmp_path / "objects.pickle"
    path.write_bytes(pickle.dumps(objects))
    check = ("import pickle, sys, dataclasses; from hupai.rules import wuhan; "
             f"xs = pickle.loads(open({str(path)!r}, 'rb').read()); "
             "fresh = [type(x)(**{f.name: getattr(x, f.name) for f in dataclasses.fields(x)}) for x in xs]; "
             "assert xs == fresh and [hash(x) for x in xs] == [hash(y) for y in fresh], 'stale hash'; "
             "print('ok')")
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                             env={**__import__("os").environ, "PYTHONHASHSEED": seed})
        assert out.stdout.strip() == "ok", out.stderr


def test_boolean_flags_take_only_booleans():
    from hupai.rules import REGIONS
    from hupai.rules.guiyang import GuiyangRules
    with pytest.raises(TypeError, match="true or false"):
        GuiyangRules(dou_requires_ready="yes")
    for region in REGIONS.values():
        rules = region.Rules()          # every default passes its own check
        assert rules == region.Rules(**{f: getattr(rules, f) for f in rules.__dataclass_fields__})



#: A win of each region: (concealed, melds, winning tile, situation facts).
_WINS = {"luzhou": ("123m456m234p567p7z", (), "5p", {}),
         "wuhan": ("234p678p789s5m", (("chi", "345p"),), "5m", {"indicator": 16}),
         "fuzhou": ("123m456m789m1p999s", (), "1p", {}),
         "guiyang": ("111m222m333m444m5m", (), "5m", {})}


@pytest.mark.parametrize("region", sorted(_WINS))
def test_a_cached_result_cannot_be_changed_through_its_detail(region):
    """Scoring hands the same result object to every win of the same facts, so its
    detail refuses changes; it still copies and converts to JSON as a dict does."""
    import copy
    import json
    from hupai import tiles
    from hupai.rules import REGIONS, Hand, Situation
    concealed, melds, win, facts = _WINS[region]
    hand, situation = Hand.parse(concealed, melds), Situation(tiles.parse_tile(win), True, **facts)
    first = REGIONS[region].score(hand, situation)
    assert first.is_win
    before = dict(first.detail)
    with pytest.raises(TypeError, match="read-only"):
        first.detail["shape"] = "changed"           # type: ignore[index]
    with pytest.raises(TypeError, match="read-only"):
        first.detail.update(shape="changed")        # type: ignore[attr-defined]
    assert REGIONS[region].score(hand, situation).detail == before
    assert copy.deepcopy(first) == first
    assert json.loads(json.dumps(first.detail)) == json.loads(json.dumps(before))


def test_a_situation_with_kong_counts_pickles_and_copies():
    """Kong counts are read-only mappings; unpickling or copying one item by item would
    meet the refusal (it did, before they rebuilt from a plain dict)."""
    import copy
    import pickle
    from hupai.rules import Loser, Situation
    situation = Situation(win_tile=3, self_draw=True, indicator=5, special_kongs={"laizi": 1},
                          losers=[Loser("A", True, kongs={"ming": 1}), Loser("B"), Loser("C")])
    assert pickle.loads(pickle.dumps(situation)) == situation
    assert copy.deepcopy(situation) == situation
    with pytest.raises(TypeError, match="read-only"):
        situation.special_kongs["laizi"] = 2        # type: ignore[index]
