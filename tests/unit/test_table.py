"""The table engine for every region: properties over many seeded rounds (tile
conservation, legal actions only, every win what a case of it scores, zero-sum
ledgers, determinism), records and replay (design/table.md §3-4), observations that
leak nothing, matches and the command line."""
from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

from hupai import cli, tiles
from hupai.rules import REGIONS, score_case
from hupai.table import Action, Match, Round, dumps, play, play_round, replay
from hupai.table.agents import GreedyAgent, RandomAgent
from hupai.table.record import win_cases
from paths import source_of
from table_walls import hidden_permuted

REGION_NAMES = sorted(REGIONS)


def _conserved(rnd: Round) -> bool:
    """Every tile of the wall is in exactly one place: a hand, a meld, a single-tile
    kong, a river (unless claimed), a win (one tile per win event, however many won on
    it), flipped, burnt or still in the wall."""
    held: Counter = Counter()
    for s in rnd.seats:
        held.update({t: c for t, c in enumerate(s.concealed) if c})
        for m in s.melds:
            held.update(m.tiles)
        held.update(s.special_tiles)     # Wuhan's single-tile kongs
        held.update(t for t, claimed in zip(s.discards, s.claimed) if not claimed)
    k = 0
    for ev in rnd.win_events:
        held[rnd.wins[k].ctx.tile] += 1
        k += len(ev.winners)
    held.update(rnd.flips.values())
    held.update(rnd.burnt)
    held.update(rnd.wall.tiles[rnd.wall.front:rnd.wall.back + 1])
    return held == Counter(rnd.flow.tile_set(rnd.rules))


def _check_round(rnd: Round) -> None:
    assert rnd.done
    river = Counter(t for s in rnd.seats for t, claimed in zip(s.discards, s.claimed) if not claimed)
    assert rnd.river == [river[t] for t in range(34)]      # kept as the round went
    for e in rnd.entries:
        assert sum(e.net()) == 0, e
    assert sum(rnd.net) == 0
    assert _conserved(rnd), rnd.record()
    wins = [e for e in rnd.events if e["type"] == "win"]
    for case, ev in zip(win_cases(rnd), wins, strict=True):
        res = score_case(case)           # the same win, as a case through the case format
        assert res.is_win and res.value == ev["value"] and list(res.patterns) == ev["patterns"], case
    again = replay(json.loads(dumps(rnd.record())))
    assert dumps(again.record()) == dumps(rnd.record())


@pytest.mark.parametrize("region", REGION_NAMES)
def test_random_rounds_keep_every_invariant(region):
    """1,000 seeded rounds of random legal actions per region: no exception, tiles
    conserved, every win equal to scoring it as a case, ledgers zero-sum, records
    that replay to the same bytes."""
    for i in range(1000):
        _check_round(play_round(region, seed=11, round_index=i))


@pytest.mark.parametrize("region", REGION_NAMES)
def test_greedy_rounds_keep_every_invariant(region):
    """Greedy agents win far more often, so their rounds test wins and settlements."""
    won = 0
    for i in range(60):
        rnd = play_round(region, seed=12, round_index=i, agents=["greedy"] * 4)
        _check_round(rnd)
        won += bool(rnd.win_events)
    assert won >= 10


@pytest.mark.parametrize("region", REGION_NAMES)
def test_an_action_not_offered_is_refused_and_changes_nothing(region):
    rnd = Round(region, seed=3)
    before = dumps(rnd.record())
    offered = rnd.legal_actions()
    for bad in (Action("chi", (0, 1, 2)), Action("discard", (34 - 1,)), {"type": "win"}, {"type": "fly"}):
        if bad in offered or (isinstance(bad, dict) and Action("win") in offered):
            continue
        with pytest.raises((ValueError, TypeError)):
            rnd.step(bad)
        assert dumps(rnd.record()) == before and rnd.legal_actions() == offered


def test_a_finished_round_takes_no_action():
    rnd = play_round("wuhan", seed=1)
    with pytest.raises(ValueError, match="over"):
        rnd.step(Action("pass"))


# ---------------------------------------------------------------- observations


@pytest.mark.parametrize("region", REGION_NAMES)
def test_an_observation_shows_nothing_hidden(region):
    """The dealer's view at his first decision is the same whatever the other hands and
    the wall hold; it names no other seat's concealed tiles."""
    checked = 0
    for seed in range(40):
        a, b = hidden_permuted(region, seed, 0)
        if a.to_act != 0 or b.to_act != 0:
            continue           # a declaration window of other seats comes first
        view = a.observe(0).to_dict()
        assert view == b.observe(0).to_dict()
        assert set(view) == {"seat", "region", "dealer", "concealed", "last_draw", "melds", "discards", "live",
                             "flips", "burnt", "declared", "finished", "special_kongs", "scores", "revealed"}
        checked += 1
    assert checked >= 10


def test_an_observation_goes_stale():
    rnd = Round("fuzhou", seed=2)
    obs = rnd.observe(rnd.to_act)
    rnd.step(rnd.legal_actions()[-1])
    with pytest.raises(ValueError, match="stale"):
        obs.concealed


# ---------------------------------------------------------------- records and replay

_RECORDS: dict[str, dict] = {}


def _record_with_claims(region: str) -> dict:
    """A record of ``region`` with a win, a 碰 and draws, to tamper with."""
    if region not in _RECORDS:
        for i in range(200):
            rnd = play_round(region, seed=21, round_index=i, agents=["greedy"] * 4)
            if rnd.win_events and any(e["type"] == "peng" for e in rnd.events):
                _RECORDS[region] = rnd.record()
                break
    return _RECORDS[region]


def _first(rec: dict, kind: str) -> int:
    return next(i for i, e in enumerate(rec["events"]) if e["type"] == kind)


def _tampered(rec: dict, change) -> dict:
    rec = copy.deepcopy(rec)
    change(rec)
    return rec


def _swap_wall(rec):
    wall = tiles.parse_sequence(rec["wall"])
    wall[-1], wall[-3] = wall[-3], wall[-1]
    rec["wall"] = tiles.format_sequence(wall)


def _draw_tile(rec):
    i = _first(rec, "draw")
    rec["events"][i]["tile"] = "1m" if rec["events"][i]["tile"] != "1m" else "2m"


def _discard_not_held(rec):
    i = _first(rec, "discard")
    seat = rec["events"][i]["seat"]
    held = Counter(t for e in rec["events"][:i] if e.get("seat") == seat and e["type"] in ("deal", "draw")
                   for t in tiles.parse_sequence(e.get("tiles") or e.get("tile")))
    rec["events"][i]["tile"] = tiles.tile_name(next(t for t in range(27) if not held[t]))


def _claim_impossible(rec):
    i = _first(rec, "peng")
    e = rec["events"][i]
    e["seat"] = next(s for s in range(4) if s not in (e["seat"], e["from"]))


def _not_a_win(rec):
    i = _first(rec, "discard")
    seat = rec["events"][i]["seat"]
    rec["events"][i] = {"type": "win", "seat": seat, "tile": rec["events"][i]["tile"], "self_draw": True,
                        "robbing_kong": False, "patterns": [], "value": 0}


def _win_value(rec):
    rec["events"][_first(rec, "win")]["value"] += 1


def _settlement(rec):
    first = next(e for e in rec["settlement"] if e["transfers"])
    first["transfers"][0]["amount"] += 1


TAMPERING = {
    "wall not the seed's": _swap_wall,
    "a draw that is not the next wall tile": _draw_tile,
    "a discard of a tile not held": _discard_not_held,
    "a claim that was not possible": _claim_impossible,
    "a win that is not a win": _not_a_win,
    "a win scored differently": _win_value,
    "a settlement that differs": _settlement,
    "a net that is not the sum": lambda r: r.__setitem__("net", [r["net"][0] + 1] + r["net"][1:]),
    "another next dealer": lambda r: r.__setitem__("next_dealer", (r["next_dealer"] + 1) % 4),
    "an unknown field": lambda r: r.__setitem__("comment", "x"),
    "a missing field": lambda r: r.pop("events"),
    "events after the end": lambda r: r["events"].append({"type": "exhaust"}),
    "a record that stops early": lambda r: r.__setitem__("events", r["events"][:-1]),
    "a wall that is not the region's tiles": lambda r: r.__setitem__("wall", r["wall"][:-2]),
    "another format": lambda r: r.__setitem__("format", "hupai-round/0"),
}


@pytest.mark.parametrize("region", REGION_NAMES)
@pytest.mark.parametrize("what", sorted(TAMPERING))
def test_replay_refuses_an_inconsistent_record(region, what):
    """design/table.md §4: each check a referee makes, one tampered record each."""
    rec = _record_with_claims(region)
    replay(copy.deepcopy(rec))                       # the genuine record replays
    with pytest.raises(ValueError):
        replay(_tampered(rec, TAMPERING[what]))


@pytest.mark.parametrize("region", REGION_NAMES)
def test_a_watcher_sees_the_round_at_every_event(region):
    """Round(watch=...) and replay(watch=...): called once per event, the deal's
    included, each time with that event just recorded and the wall already past it."""
    seen: list[tuple[int, int]] = []
    rnd = Round(region, seed=3, watch=lambda r: seen.append((len(r.events), r.live)))
    while not rnd.done:
        rnd.step(GreedyAgent().act(rnd.observe(rnd.to_act), rnd.legal_actions()))
    assert [n for n, _ in seen] == list(range(1, len(rnd.events) + 1))
    lives = [live for _, live in seen]
    assert lives == sorted(lives, reverse=True) and lives[-1] == rnd.live
    again: list[tuple[int, int]] = []
    replay(rnd.record(), watch=lambda r: again.append((len(r.events), r.live)))
    assert again == seen


def test_same_decisions_same_bytes_under_any_hash_seed(tmp_path):
    """Same region, options, seed and decisions: the same record, byte for byte, under
    different PYTHONHASHSEED (in fresh interpreters)."""
    outputs = []
    for hash_seed in ("0", "4242"):
        out = tmp_path / f"r{hash_seed}.jsonl"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        for region in REGION_NAMES:
            with open(out, "a") as stream:
                subprocess.run([sys.executable, "-m", "hupai", "simulate", "--region", region, "--rounds", "15",
                                "--seed", "9", "--agents", "greedy,random,greedy,random", "--records", "-"],
                               check=True, env=env, stdout=stream, stderr=subprocess.DEVNULL)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] and len(outputs[0].splitlines()) == 60


# ---------------------------------------------------------------- agents and matches

def test_random_agents_are_seeded():
    a = [play_round("luzhou", seed=5, round_index=i).record() for i in range(3)]
    b = [play_round("luzhou", seed=5, round_index=i).record() for i in range(3)]
    assert a == b and a[0]["wall"] != a[1]["wall"]


@pytest.mark.parametrize("seed", [42, 0, -7, 2 ** 64 - 1, 2 ** 200 + 3, np.int64(9), "a seed", b"bytes", 2.5,
                                  True])
def test_the_random_agent_chooses_as_randrange_would(seed):
    # its inlined draw is random.Random(seed).randrange(n), choice for choice, for every
    # kind of seed random.Random takes (an int seeds its C generator directly): records
    # written before either change replay with the same agents
    agent = RandomAgent(seed)
    reference = random.Random(int(seed) if isinstance(seed, np.integer) else seed)
    for n in [1, 2, 3, 5, 8, 14, 17, 1, 31, 32, 33, 64, 65] * 40:
        offered = [Action("discard", (t % 34,)) for t in range(n)]
        assert agent.act(None, offered) is offered[reference.randrange(n)]


def test_the_greedy_agent_wins_whenever_it_can():
    rnd = Round("fuzhou", seed=0)
    agents = [GreedyAgent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    while not rnd.done:
        seat = rnd.to_act
        legal = rnd.legal_actions()
        action = agents[seat].act(rnd.observe(seat), legal)
        if seat == 0 and Action("win") in legal:
            assert action == Action("win")
        assert action in legal
        rnd.step(action)


@pytest.mark.parametrize("region", REGION_NAMES)
def test_a_match_carries_scores_and_the_dealer(region):
    m = Match(region, seed=4, agents=["greedy", "random", "greedy", "random"]).play(6)
    recs = m.records()
    assert len(recs) == 6 and recs[0]["dealer"] == 0 and recs[0]["scores_before"] == [0, 0, 0, 0]
    for prev, nxt in zip(recs, recs[1:]):
        assert nxt["dealer"] == prev["next_dealer"]
        assert nxt["scores_before"] == [a + b for a, b in zip(prev["scores_before"], prev["net"])]
    assert sum(m.scores) == 0


def test_a_match_stops_on_its_condition():
    m = Match("luzhou", seed=1, agents=["greedy"] * 4).play(50, until=lambda mm: len(mm.rounds) == 3)
    assert len(m.rounds) == 3


def test_play_needs_four_agents():
    with pytest.raises(ValueError, match="four agents"):
        play(Round("luzhou"), [RandomAgent()])


def test_play_tells_the_agents_with_hooks_that_the_round_starts_and_ends():
    """``start_round(observation, seed)`` with the seat's agent seed, then
    ``end_round(observation)``: a method, or a callable set on the agent itself; agents
    without them are not asked."""
    from hupai.table.agents import agent_seed
    told = []

    class Hooked(RandomAgent):
        def start_round(self, observation, seed):
            told.append(("start", observation.seat, seed))

        def end_round(self, observation):
            told.append(("end", observation.seat, rnd_done()))

    class Plain:                # any object with act(), its hook set on the instance
        def __init__(self):
            self.act = RandomAgent(5).act

    own = Plain()
    own.start_round = lambda observation, seed: told.append(("own start", observation.seat, seed))
    rnd = Round("wuhan", seed=7, round_index=2)

    def rnd_done():
        return rnd.done

    assert play(rnd, [Hooked(1), RandomAgent(2), own, Hooked(4)]) is rnd
    assert told == [("start", 0, agent_seed(7, 2, 0)), ("own start", 2, agent_seed(7, 2, 2)),
                    ("start", 3, agent_seed(7, 2, 3)), ("end", 0, True), ("end", 3, True)]


# ---------------------------------------------------------------- the command line

def test_simulate_then_replay(tmp_path, capsys):
    path = tmp_path / "rounds.jsonl"
    assert cli.main(["simulate", "--region", "guiyang", "--rounds", "12", "--seed", "3", "--agents",
                     "greedy,random,random,random", "--records", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rounds"] == 12 and sum(s["net_total"] for s in summary["seats"]) == 0
    assert cli.main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["consistent"] == 12 and report["inconsistent"] == []
    lines = path.read_text(encoding="utf-8").splitlines()
    bad = json.loads(lines[4])
    bad["net"][0] += 1
    lines[4] = json.dumps(bad)
    lines[7] = "{not json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "line 5:" in out and "line 8:" in out and out.strip().endswith("10 consistent, 2 inconsistent")


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--region", "mars"], "unknown rules"),
    (["simulate", "--region", "luzhou", "--agents", "random,greedy"], "four"),
    (["simulate", "--region", "luzhou", "--agents", "smart"], "unknown agent"),
    (["simulate", "--region", "luzhou", "--option", "luzhou_nope=1"], "unknown"),
])
def test_simulate_refuses_bad_arguments_in_one_line(argv, message, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_example_agent_plays_a_round_that_replays():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "examples" / "my_agent.py"
    spec = importlib.util.spec_from_file_location("my_agent", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    record = json.loads(module.main("luzhou", 3))
    assert replay(record).net == record["net"]


@pytest.mark.parametrize("region", [n for n in REGION_NAMES
                                    if "flow_last_discard_claims" in REGIONS[n].Rules.__dataclass_fields__])
def test_the_last_discard_may_be_claimed_where_the_rules_say(region):
    """Under ``flow_last_discard_claims`` any, a 碰 of the discard after the last draw is
    offered (its own discard is answered again, then the wall's end); by default only a
    win is."""
    def claims_after_last_draw(options: dict) -> int:
        rules = REGIONS[region].Rules.from_options({f"{region}_{k}": v for k, v in options.items()})
        found = 0
        for i in range(150):
            rnd = Round(region, rules, seed=31, round_index=i)
            rng = random.Random(i)
            while not rnd.done:
                legal = rnd.legal_actions()
                pengs = [a for a in legal if a.type == "peng"]
                rnd.step(pengs[0] if pengs else legal[rng.randrange(len(legal))])
            last_draw = max(k for k, e in enumerate(rnd.events) if e["type"] == "draw")
            found += any(e["type"] == "peng" for e in rnd.events[last_draw:])
            _check_round(rnd)
        return found
    assert claims_after_last_draw({"flow_last_discard_claims": "win_only"}) == 0
    assert claims_after_last_draw({"flow_last_discard_claims": "any"}) > 0


@pytest.mark.parametrize("region", [n for n in REGION_NAMES
                                    if "flow_replacement_source" in REGIONS[n].Rules.__dataclass_fields__])
@pytest.mark.parametrize("source", ["tail", "front"])
def test_replacement_draws_come_from_where_the_rules_say(region, source):
    """Replacement draws take the back of the wall (default ``tail``) or, under
    ``front``, the next tile like any draw: the tiles taken from each end are the
    wall's, in order."""
    rules = REGIONS[region].Rules.from_options({f"{region}_flow_replacement_source": source})
    kongs = 0
    for i in range(40):
        rnd = play_round(region, rules, seed=8, round_index=i, agents=["greedy"] * 4)
        wall = rnd.wall.tiles
        front, back = [], []
        for e in rnd.events:
            if e["type"] in ("deal", "flip", "draw"):
                taken = tiles.parse_sequence(e.get("tiles") or e["tile"])
                (back if e.get("replacement") and source == "tail" else front).extend(taken)
                kongs += bool(e.get("replacement"))
        assert front == wall[:len(front)] and back == wall[::-1][:len(back)]
    assert kongs >= 3


@pytest.mark.parametrize("region", REGION_NAMES)
def test_every_flow_flag_is_read_by_its_flow(region):
    """A region's ``flow_*`` rules are the round flow's options: each is read by the
    region's flow module (and by no scorer), so no flag is one that nothing reads."""
    import inspect
    flow_modules = {cls.__module__ for cls in type(REGIONS[region].FLOW).__mro__ if cls.__module__.startswith("hupai.")}
    flow_source = "".join(source_of(m) for m in sorted(flow_modules))
    score_source = inspect.getsource(REGIONS[region].score)
    flags = [f for f in REGIONS[region].Rules.__dataclass_fields__ if f.startswith("flow_")]
    assert flags
    for flag in flags:
        assert f".{flag}" in flow_source, f"{region}: {flag} is read by no flow"
        assert flag not in score_source


@pytest.mark.parametrize("region", REGION_NAMES)
def test_the_deal_order_is_an_option(region):
    """The usual deal is 4-4-4 and the dealer's 跳牌 (16 hand-outs); ``one_by_one`` hands
    out one tile at a time (53); either way the dealer holds 14 and play is the same game."""
    for order, handouts in (("4-4-4-jump", 16), ("one_by_one", 53)):
        rules = REGIONS[region].Rules.from_options({f"{region}_flow_deal_order": order})
        for i in range(20):
            rnd = play_round(region, rules, seed=41, round_index=i, dealer=i % 4, agents=["greedy"] * 4)
            deals = [e for e in rnd.events if e["type"] == "deal"]
            assert len(deals) == handouts and deals[0]["seat"] == i % 4
            assert sum(len(tiles.parse_sequence(e["tiles"])) for e in deals if e["seat"] == i % 4) == 14
            _check_round(rnd)


@pytest.mark.parametrize("region", REGION_NAMES)
def test_the_first_dealer_is_the_callers_or_drawn_from_the_seed(region):
    """``flow_first_dealer`` param: seat 0 unless the caller names one; random: drawn from
    the run's seed and the round (the same on every run); a named dealer always wins."""
    random_ = REGIONS[region].Rules.from_options({f"{region}_flow_first_dealer": "random"})
    assert {play_round(region, seed=3, round_index=i).dealer for i in range(12)} == {0}
    drawn = [play_round(region, random_, seed=3, round_index=i).dealer for i in range(12)]
    assert len(set(drawn)) > 1 and drawn == [play_round(region, random_, seed=3, round_index=i).dealer
                                            for i in range(12)]
    assert play_round(region, random_, seed=3, dealer=2).dealer == 2
    assert Match(region, random_, seed=3).play(1).rounds[0].dealer == drawn[0]


@pytest.mark.parametrize("region", [n for n in REGION_NAMES
                                    if "flow_kong_empty_wall" in REGIONS[n].Rules.__dataclass_fields__])
def test_a_kong_on_an_empty_wall_only_where_the_rules_allow(region):
    """``flow_kong_empty_wall`` forbid (default): no kong without its replacement tile;
    no_replacement: the kong stands, nothing is drawn, and the wall's end follows."""
    def kongs_on_empty_wall(option: str) -> int:
        rules = REGIONS[region].Rules.from_options({f"{region}_flow_kong_empty_wall": option})
        found = 0
        for i in range(300):
            rnd = Round(region, rules, seed=53, round_index=i)
            rng = random.Random(i)
            while not rnd.done:
                legal = rnd.legal_actions()
                kongs = [a for a in legal if a.type in ("angang", "bugang", "minggang")]
                rnd.step(kongs[0] if kongs else legal[rng.randrange(len(legal))])
            ends = [k for k, e in enumerate(rnd.events) if e["type"] == "exhaust"]
            if ends and rnd.events[ends[0] - 1]["type"] in ("angang", "bugang", "minggang"):
                found += 1
            _check_round(rnd)
        return found
    assert kongs_on_empty_wall("forbid") == 0
    assert kongs_on_empty_wall("no_replacement") > 0


def test_a_match_from_the_command_line(tmp_path, capsys):
    """``simulate --match`` plays the rounds as one match; ``replay --match`` checks that
    each record follows the one before (design/table.md §3)."""
    path = tmp_path / "match.jsonl"
    assert cli.main(["simulate", "--region", "wuhan", "--rounds", "6", "--seed", "5", "--agents", "greedy",
                     "--match", "--records", str(path)]) == 0
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for prev, nxt in zip(records, records[1:]):
        assert nxt["dealer"] == prev["next_dealer"]
        assert nxt["scores_before"] == [a + b for a, b in zip(prev["scores_before"], prev["net"])]
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--match"]) == 0
    assert capsys.readouterr().out.strip() == "6 consistent, 0 inconsistent"
    records[3], records[4] = records[4], records[3]
    path.write_text("".join(dumps(r) + "\n" for r in records), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0             # each record alone is consistent
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--match"]) == 1
    out = capsys.readouterr().out
    assert "line 4: scores_before" in out and "do not follow" in out


def test_round_replay_is_the_record_replay():
    """``Round.replay(record)`` (the name issue 14 gives it) is ``hupai.table.replay``."""
    from hupai.table import Round, play_round, replay
    rnd = play_round("wuhan", seed=7, agents=["greedy", "random", "random", "greedy"])
    again = Round.replay(rnd.record())
    assert again.record() == replay(rnd.record()).record() == rnd.record()
    with pytest.raises(TypeError, match="JSON object"):
        Round.replay(5)
