"""One interface for every region: each region module is a hupai.rules.Region, generic
code reaches it only through REGIONS, a fact a region does not use is refused, and a
fifth region is one module and one registration (a toy region, registered here, runs
through the case format, verify, the command line and the analysis)."""
import dataclasses
import json
import subprocess
import sys
import textwrap
import types
from dataclasses import dataclass
from typing import Optional

import pytest

import hupai
from hupai import cases, cli, tiles
from hupai.rules import (REGIONS, ExhaustResult, Hand, Ledger, Pattern, PatternTable, Region, RegionFlags,
                         ScoreResult, SeatReport, Situation, Step, region_of)
from hupai.rules.situation import SCOPES
from hupai.rules.flows import Flow
from paths import source_of


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_every_region_is_a_region(name):
    region = REGIONS[name]
    assert isinstance(region, Region) and region.name == name
    facts = {f.name for f in dataclasses.fields(Situation)}
    assert region.FACTS <= facts and set(region.PAYMENT_SCOPES) <= SCOPES and "hand" in region.PAYMENT_SCOPES
    assert issubclass(region.Rules, RegionFlags) and isinstance(region.PATTERNS, PatternTable)
    assert region_of(name)[0] is region and region_of(region.Rules())[0] is region
    assert region_of(region)[1] == region.Rules()


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_a_fact_a_region_does_not_use_is_a_value_error(name):
    region = REGIONS[name]
    unused = next(f.name for f in dataclasses.fields(Situation)
                  if f.name not in region.FACTS and f.name not in ("win_tile", "self_draw")
                  and f.type in ("bool", bool) and f.default is False)
    hand = Hand.parse("123m456m789m1234p")
    given = {unused: True, **({"indicator": "9s"} if "indicator" in region.FACTS else {})}
    with pytest.raises(ValueError, match=f"{name} does not use {unused}"):
        region.score(hand, Situation("1p", False, **given))


def test_rules_of_no_region_are_refused():
    with pytest.raises(ValueError, match="unknown region 'mars'"):
        region_of("mars")
    with pytest.raises(TypeError, match="rules are a region's name"):
        region_of(3)


# ------------------------------------------------------------------ a fifth region

@dataclass(frozen=True)
class ToyRules(RegionFlags):
    PREFIX = "toy_"
    CHOICES = {"points": (1, 2)}
    __hash__ = RegionFlags.__hash__
    points: int = 1

    def __post_init__(self) -> None:
        self._check_choices()


def _toy() -> types.ModuleType:
    """A region in a few lines: any complete hand wins, worth its row's value."""
    toy = types.ModuleType("toy")
    table = PatternTable([Pattern("hu", "胡", "Any win", "-", 1, "set")], combine="set")

    def score(hand: Hand, situation: Situation, rules: Optional[ToyRules] = None) -> ScoreResult:
        rules = ToyRules.coerce(rules)
        situation.check_facts("toy", toy.FACTS)
        full = hand.concealed.copy()
        full[situation.win_tile] += 1
        if not hupai.is_win(full):
            return ScoreResult.no_win("not a complete hand")
        steps = (Step(table["hu"], "set", table["hu"].value * rules.points),)
        return ScoreResult.win(steps, "分", Ledger.paid_to("W", [("A", steps[0].amount, "胡")]))

    def ready(hand, rules=None, situation=None) -> SeatReport:
        waits = tuple(hupai.waits(hand.concealed))
        return SeatReport("", bool(waits), waits=waits, value=1 if waits else None)

    def exhaust(table_, rules=None, *, dealer=None, situation=None) -> ExhaustResult:
        return ExhaustResult({s: ready(h) for s, h in table_.items() if h is not None}, Ledger(), "分", dealer)

    def analyze(counts, rules=None, *, visible=None, melds=(), situation=None, values=True):
        return hupai.analyze_discards(counts, visible=visible)

    toy.__dict__.update(name="toy", TITLE="A toy region", Rules=ToyRules, PATTERNS=table, FACTS=frozenset(),
                        PAYMENT_SCOPES=("hand",), SIDE_SETTLEMENTS={}, score=score, ready=ready,
                        exhaust=exhaust, analyze=analyze, make_hand=lambda c, m=(): Hand(c, tuple(m)),
                        FLOW=Flow())
    return toy


@pytest.fixture
def toy_registered(monkeypatch):
    toy = _toy()
    monkeypatch.setitem(REGIONS, "toy", toy)
    yield toy


def test_a_fifth_regions_own_flow_is_a_subclass_the_compiled_engine_calls(toy_registered):
    """A new region's flow subclasses :class:`Flow` in plain Python; the engine, compiled
    by mypyc, must still call the subclass's hooks: here no claims and no kongs, and
    only the lowest kind held may be thrown."""
    from hupai.table import play_round

    class LowestOnly(Flow):
        def discardable(self, rnd, seat):
            return super().discardable(rnd, seat)[:1]

        def peng_options(self, rnd, seat, tile):
            return []

        def kong_min_live(self, rules):
            return 200

    toy_registered.FLOW = LowestOnly()
    for i in range(5):
        rnd = play_round("toy", seed=3, round_index=i, agents=["random"] * 4)
        hands: dict[int, list[int]] = {seat: [] for seat in range(4)}
        discards = 0
        for e in rnd.events:
            assert e["type"] not in ("peng", "minggang", "angang", "bugang")
            if e["type"] == "deal":
                hands[e["seat"]] += tiles.parse_sequence(e["tiles"])
            elif e["type"] == "draw":
                hands[e["seat"]].append(tiles.parse_tile(e["tile"]))
            elif e["type"] == "discard":
                thrown = tiles.parse_tile(e["tile"])
                assert thrown == min(hands[e["seat"]])
                hands[e["seat"]].remove(thrown)
                discards += 1
        assert rnd.done and discards > 10


def test_a_fifth_region_is_one_module_and_one_registration(toy_registered, tmp_path, capsys):
    assert isinstance(toy_registered, Region)
    case = {"id": "TOY-1", "region": "toy", "why": "a toy", "concealed": "123m456m789m1234p", "melds": [],
            "win_tile": "1p", "self_draw": False, "options": {"toy_points": 2},
            "expected": {"is_win": True, "patterns": ["胡"], "value": 2, "payments": {"W": 2, "A": -2},
                         "unit": "分"}}
    assert cases.score_case(case).value == 2
    path = tmp_path / "toy.json"
    path.write_text(json.dumps([case], ensure_ascii=False), encoding="utf-8")
    assert cli.main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "1 passed, 0 failed"
    assert cli.main(["score", "--rules", "toy", "123m456m789m1234p", "--win", "1p", "--option", "toy_points=2"]) == 0
    assert "win: 2分" in capsys.readouterr().out
    rows = hupai.analyze_discards(tiles.parse("123m456m789m1234p5s"), rules="toy")
    assert rows[0].discard == tiles.parse_tile("5s")
    with pytest.raises(ValueError, match="toy does not use dealer"):
        toy_registered.score(Hand.parse("123m456m789m1234p"), Situation("1p", dealer=True))
    records = tmp_path / "toy.jsonl"        # whole rounds too, with the default flow
    assert cli.main(["simulate", "--region", "toy", "--rounds", "20", "--agents", "greedy",
                     "--records", str(records)]) == 0
    capsys.readouterr()
    assert cli.main(["replay", str(records)]) == 0
    assert capsys.readouterr().out.strip() == "20 consistent, 0 inconsistent"


MYPY_SCRIPT = '''
from hupai.rules import REGIONS, Hand, Loser, ScoreResult, Situation

HANDS = {"luzhou": "23m7z456m234p9p", "wuhan": "234m678m345s5s", "guiyang": "123m456p789s234s5p",
         "fuzhou": "123m456p789s234s5m"}
MELDS = {"luzhou": [("peng", "111m")], "wuhan": [("chi", "345p")]}


def main() -> None:
    losers = tuple(Loser(seat, True) for seat in "ABC")
    for name, region in REGIONS.items():
        hand = Hand.parse(HANDS[name], MELDS.get(name, []))
        facts = {"indicator": 16, "losers": losers} if "indicator" in region.FACTS else {}
        result: ScoreResult = region.score(hand, Situation(int(hand.concealed.argmax()), True).replace(**facts))
        print(name, result.value, [row["name_en"] for row in result.to_dict()["patterns"]])


main()
'''


def test_a_user_script_passes_mypy_strict(tmp_path):
    script = tmp_path / "score_every_region.py"
    script.write_text(textwrap.dedent(MYPY_SCRIPT), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                           "--cache-dir", str(tmp_path / "cache"), str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert run.returncode == 0 and len(run.stdout.splitlines()) == 4, run.stderr


def test_the_fact_notes_name_the_regions_that_read_each_fact():
    """FACT_NOTES (the Situation docs and the CLI help) agree with each region's FACTS."""
    from hupai.rules.situation import FACT_NOTES
    letters = {"luzhou": "L", "wuhan": "W", "guiyang": "G", "fuzhou": "F"}
    assert set(FACT_NOTES) == {f.name for f in dataclasses.fields(Situation)}
    for fact, (regions, meaning) in FACT_NOTES.items():
        readers = {letters[n] for n, r in REGIONS.items() if fact in r.FACTS}
        assert meaning and (regions == "all" and not readers or set(regions.split()) == readers), fact


def _code_words(source: str) -> list[str]:
    """The identifiers and the string constants of ``source`` that are code: comments
    and docstrings (which may well give a region as an example) left out."""
    import ast
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            docstrings.add(id(node.body[0].value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append(node.value)
        elif isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, ast.Attribute):
            out.append(node.attr)
        elif isinstance(node, ast.alias):
            out.append(node.name)
    return out


@pytest.mark.parametrize("module", ["cli", "cases", "verify", "analysis", "cli_table", "table.round",
                                    "table.record", "table.agents", "table.builtin_agents", "table.match", "table.observation",
                                    "table.wall", "table.model", "rules.flows.base", "protocol", "sim.run",
                                    "sim.driver", "sim.stats", "sim.report", "sim.resume", "sim.plot",
                                    "env.aec", "env.actions", "env.planes"])
def test_generic_code_never_names_a_region(module):
    """The adapters and the analysis reach regions only through REGIONS: no region's
    name appears in their code (strings, names, imports)."""
    words = _code_words(source_of(f"hupai.{module}"))
    assert len(words) > 50          # (the source was read)
    for name in REGIONS:
        assert not [w for w in words if name in w.lower()], f"hupai.{module} names {name}"


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_no_region_imports_an_adapter(name):
    import inspect
    source = inspect.getsource(REGIONS[name])
    for adapter in ("cases", "verify", "cli"):
        assert f"from ..{adapter} import" not in source and f"from .. import {adapter}" not in source
        assert f"hupai.{adapter}" not in source


_NOT_A_HAND_OR_SITUATION = [None, 5, "x", [1, 2], {"a": 1}, 3.5, True]


@pytest.mark.parametrize("name", sorted(REGIONS))
@pytest.mark.parametrize("value", _NOT_A_HAND_OR_SITUATION, ids=repr)
def test_the_interface_refuses_a_hand_or_situation_of_another_type(name, value):
    """readiness, the end of the wall and the analysis: a TypeError naming what was
    given, where an AttributeError escaped before."""
    region = REGIONS[name]
    hand = Hand.parse("123m456p789s11p25m")
    situation = Situation(indicator=5) if name == "wuhan" else None
    if value is not None:           # (no hand at all is a seat that has won at the table)
        with pytest.raises(TypeError, match="must be a Hand"):
            region.ready(value, situation=situation)
        with pytest.raises(TypeError, match="seat A's hand"):
            region.exhaust({"A": value, "B": hand, "C": hand, "D": hand})
    with pytest.raises(TypeError, match="situation must be a Situation"):
        region.ready(hand, situation=value if value is not None else 5)
    with pytest.raises(TypeError, match="situation must be a Situation"):
        region.analyze(tiles.parse("123m456p789s11p256m"), situation=value if value is not None else 5)
