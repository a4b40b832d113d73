"""hupai.env, the PettingZoo AEC environment: PettingZoo's own API and seed tests for
every region, the action space a bijection with the engine's legal actions on every
state reached, the planes what an independent reading of ``Observation`` gives (so they
leak nothing it hides), seeding, rewards, the input policy, the docs page's code."""
from __future__ import annotations

import dataclasses
import re
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from table_walls import hidden_permuted

from hupai import _core, tiles
from hupai.env import (
    ACTION_SIZE,
    AGENT_NAMES,
    BLOCKS,
    PLANE_NAMES,
    PLANES,
    actions,
    describe,
    planes,
    table_env,
)
from hupai.env.planes import TablePlanes
from hupai.rules import REGIONS
from hupai.table import Round, play_round
from hupai.table.agents import GreedyAgent, RandomAgent, agent_seed

ROOT = Path(__file__).resolve().parents[2]
REGION_NAMES = sorted(REGIONS)

#: the regions under their defaults and under options that change what a seat sees or
#: may do (ghost 碰 with two ghosts, 8 ghosts, hands or kongs shown or hidden, burnt
#: tiles face down, 原手报听, kongs after a claim)
VARIANTS = [(name, {}) for name in REGION_NAMES] + [
    ("luzhou", {"ghost_count": 8, "tiegui_min_naturals": 0, "flow_winner_hand": "hidden",
                "flow_angang_reveal": "kind", "flow_after_peng": "kong_allowed"}),
    ("wuhan", {"gang_variant": "hongzhong_pizi", "flow_kongs_after_claim": "all"}),
    ("guiyang", {"flow_baoting_window": "yuanshou", "flow_angang_reveal": "hidden"}),
    ("fuzhou", {"flow_kong_burn": "face_down", "flow_angang_reveal": "kind"}),
]


def _rules(region: str, options: dict):
    return dataclasses.replace(REGIONS[region].Rules.defaults(), **options)


def _variant_id(variant) -> str:
    region, options = variant
    return region + "".join(f"-{k}={v}" for k, v in options.items())


# ---------------------------------------------------------------- an independent reading

def _reference_planes(rnd: Round, seat: int) -> np.ndarray:
    """The planes of ``seat``, read row by row from ``rnd.observe(seat)`` as docs/env.md
    defines them; beside it only public events: the tiles laid out as single-tile
    kongs and the tile a 補杠 adds."""
    obs = rnd.observe(seat)
    out = np.zeros((PLANES, 34), dtype=np.float32)
    rows = {name: i for i, name in enumerate(PLANE_NAMES)}
    out[rows["hand"]] = obs.concealed
    if obs.last_draw is not None:
        out[rows["drawn"], obs.last_draw] = 1
    # face up: what the seat sees on the table, and its own melds and hand as another sees them
    out[rows["face_up"]] = obs.visible()
    table = rnd.observe((seat + 1) % 4)
    for m in table.melds(seat):
        for t in m.tiles:
            out[rows["face_up"], t] += 1
    if table.revealed(seat) is not None:
        out[rows["face_up"]] += table.revealed(seat)
    special = [Counter() for _ in range(4)]
    for e in rnd.events:
        if e["type"] == "special_kong":
            special[e["seat"]][tiles.tile_index(e["tile"])] += 1
    for r in range(4):
        other = (seat + r) % 4
        row = {name: rows[f"seat{r}.{name}"] for name in ("melds", "hidden_kongs", "discards", "last_discard",
                                                           "special_kongs", "revealed", "finished", "dealer",
                                                           "score_gain", "score_loss", "baopai", "baoting")}
        for m in obs.melds(other):
            for t in m.tiles:
                out[row["melds"], t] += 1
        out[row["hidden_kongs"]] = sum(1 for m in obs.melds(other) if not m.tiles)
        for t, _ in obs.discards(other):
            out[row["discards"], t] += 1
        if obs.last_discard is not None and obs.last_discard[0] == other:
            out[row["last_discard"], obs.last_discard[1]] = 1
        for t, n in special[other].items():
            out[row["special_kongs"], t] = n
        if obs.revealed(other) is not None:
            out[row["revealed"]] = obs.revealed(other)
        out[row["finished"]] = obs.finished[other]
        out[row["dealer"]] = obs.dealer == other
        out[row["score_gain"]] = max(obs.scores[other], 0)
        out[row["score_loss"]] = max(-obs.scores[other], 0)
        for what in ("baopai", "baoting"):
            out[row[what]] = obs.declared[other] == what
    for t in obs.jokers:
        out[rows["jokers"], t] = 1
    for t in obs.flips.values():
        out[rows["flipped"], t] += 1
    for t in obs.burnt:
        out[rows["burnt"], t] += 1
    out[rows["live"]] = obs.live
    if rnd.to_act == seat:
        out[rows[f"decision_{rnd.decision}"]] = 1
        if rnd.decision == "rob":
            out[rows["robbed"], tiles.parse_sequence(rnd.events[-1]["tiles"])[-1]] = 1
    return out


# ---------------------------------------------------------------- the mask and the planes, state by state

def _check_state(env, obs, seen: Counter) -> None:
    """The mask is the engine's legal actions one to one; the planes of the agent asked,
    and of one other agent, are the reference's."""
    rnd = env.round
    seat = rnd.to_act
    legal = rnd.legal_actions()
    mask = obs["action_mask"]
    assert mask.dtype == np.int8 and mask.shape == (ACTION_SIZE,)
    indices = np.flatnonzero(mask).tolist()
    decoded = [env.action(i) for i in indices]
    assert len(set(decoded)) == len(decoded) == len(set(legal)) and set(decoded) == set(legal)
    seen.update(describe(i) for i in indices)
    seen[f"decision {rnd.decision}"] += 1
    np.testing.assert_array_equal(obs["observation"], _reference_planes(rnd, seat))
    other = AGENT_NAMES[(seat + 1 + len(rnd.events)) % 4]
    if other in env.agents and other != AGENT_NAMES[seat]:
        view = env.observe(other)
        assert not view["action_mask"].any()
        np.testing.assert_array_equal(view["observation"], _reference_planes(rnd, AGENT_NAMES.index(other)))


def _play_checked(region: str, options: dict, seed: int, policies, seen: Counter) -> None:
    """One episode of a four-agent env whose agents choose as ``policies`` do (built-in
    agents asked through the engine's legal actions), every state checked."""
    env = table_env(region, _rules(region, options))
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        if terminated:
            assert reward == env.round.net[AGENT_NAMES.index(agent)] and not truncated
            env.step(None)
            continue
        _check_state(env, obs, seen)
        rnd = env.round
        seat = rnd.to_act
        chosen = policies[seat].act(rnd.observe(seat), rnd.legal_actions())
        index = next(i for i in np.flatnonzero(obs["action_mask"]).tolist() if env.action(i) == chosen)
        env.step(index)
    assert env.agents == [] and env.round.done


#: seeds whose round (greedy agents at seats 0 and 2, random at 1 and 3) reaches a rare
#: decision: a rob, a declaration, Wuhan's 海底 (found by playing seeds 0-300)
RARE = {"luzhou": ([1, 21], "rob"), "wuhan": ([92], "haidi"), "guiyang": ([25, 70], "declare"),
        "fuzhou": ([278], "rob"), "luzhou-ghost_count": ([21, 26], "rob declare"),
        "wuhan-gang_variant": ([36], "haidi"), "guiyang-flow_baoting_window": ([25, 47], "declare"),
        "fuzhou-flow_kong_burn": ([278], "rob")}


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
def test_the_mask_and_the_planes_follow_the_engine(variant):
    """Seeded rounds played by greedy and random agents: on every state the mask's
    indices stand for the legal actions one to one, and the planes are exactly what the
    seat's Observation shows."""
    region, options = variant
    rare_seeds, rare = RARE[_variant_id(variant).split("=")[0]]
    seen: Counter = Counter()
    for seed in sorted(set(range(4)) | set(rare_seeds)):
        greedy_mix = [GreedyAgent(), RandomAgent(seed), GreedyAgent(), RandomAgent(seed + 1)]
        _play_checked(region, options, seed, greedy_mix, seen)
    for seed in range(4):
        _play_checked(region, options, 100 + seed, [RandomAgent(seed * 4 + k) for k in range(4)], seen)
    assert seen["win"] and seen["pass"] and sum(v for k, v in seen.items() if k.startswith("discard")) > 100
    for decision in ("turn", "respond", *rare.split()):
        assert seen[f"decision {decision}"], decision


@pytest.mark.parametrize("region", REGION_NAMES)
@pytest.mark.parametrize("agents", [{"player_1": "greedy", "player_2": "random", "player_3": "random"},
                                    {"player_0": "random", "player_2": "greedy"}], ids=["one", "two"])
def test_the_planes_follow_the_engine_between_the_agents_turns(region, agents):
    """With built-in agents playing several engine steps between two of the env's, the
    planes and the mask of every state an agent of the env sees are still the reference's."""
    seen: Counter = Counter()
    env = table_env(region, agents=agents)
    for seed in range(4):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in env.agent_iter():
            obs, _reward, terminated, _truncated, _info = env.last()
            if terminated:
                env.step(None)
                continue
            _check_state(env, obs, seen)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sum(seen.values()) > 200


def _legal_indices(rnd: Round) -> dict:
    """The legal actions by index, as the env reads them (the compiled path for the
    actions whose index is a kind's), checked against action_index of each, one by one."""
    log = rnd.discard_log
    claim = actions.Claim(log[-1][1] if log else None, tuple(rnd.flow.jokers(rnd)))
    given = rnd.legal_actions()
    legal = actions.legal_indices(given, lambda: claim)
    found = {i: legal.action(i) for i in legal.indices()}
    assert found == {actions.action_index(a, claim): a for a in given}
    assert all(any(a is b for b in given) for a in found.values())     # the engine's own objects
    assert legal.mask.tolist() == [int(p > 0) for p in legal.at] == [int(i in found) for i in range(ACTION_SIZE)]
    return found


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
def test_no_two_legal_actions_share_an_index(variant):
    """Many seeded rounds with random and greedy agents: every state's distinct legal
    actions have distinct indices in the action space (legal_indices raises on a clash),
    and the variants the region's claims need all occur."""
    region, options = variant
    rules = _rules(region, options)
    seen: Counter = Counter()
    for seed in range(100):
        agents = [RandomAgent(agent_seed(seed, 0, k)) for k in range(4)]
        if seed % 2 == 0:
            agents[seed // 2 % 4] = GreedyAgent()
        rnd = Round(region, rules, seed=seed)
        while not rnd.done:
            legal = rnd.legal_actions()
            found = _legal_indices(rnd)
            assert len(found) == len(set(legal)) and set(found.values()) == set(legal)
            assert all(0 <= i < ACTION_SIZE for i in found)
            seen.update(describe(i) for i in found if not i < actions.ANGANG)
            rnd.step(agents[rnd.to_act].act(rnd.observe(rnd.to_act), legal))
    expected = {"luzhou": {"peng with 0 jokers", "peng with 1 joker"}, "wuhan": {"chi, the discard the low tile",
                "chi, the discard the middle tile", "chi, the discard the high tile"},
                "guiyang": {"peng with 0 jokers"}, "fuzhou": {"peng with 0 jokers", "minggang"}}[region]
    if options.get("tiegui_min_naturals") == 0:
        expected |= {"peng with 2 jokers"}
    assert expected <= set(seen), sorted(seen)
    if region == "luzhou":
        assert any(k.startswith("bugang") and "joker" in k for k in seen), sorted(seen)
    if region == "wuhan":
        assert any(k.startswith("special_kong") for k in seen)


def test_the_codec_refuses_what_it_cannot_index():
    """An action the layout has no index for (a 吃 with a joker, a 碰 of two kinds) and two
    actions on one index are errors, never a silent choice."""
    claim = actions.Claim(tiles.tile_index("4m"), (tiles.RED,))
    chi = actions.Action("chi", tuple(tiles.parse_sequence("3m4m7z")))
    with pytest.raises(ValueError, match="no index for 'chi 3m4m7z'"):
        actions.action_index(chi, claim)
    with pytest.raises(ValueError, match="no index"):
        actions.action_index(actions.Action("peng", tuple(tiles.parse_sequence("4m4m5m"))), claim)
    with pytest.raises(ValueError, match="no index"):
        actions.action_index(actions.Action("declare", (), "shout"), claim)
    first = actions.Action("chi", tuple(tiles.parse_sequence("2m3m4m")))
    assert actions.action_index(first, claim) == actions.CHI + 2
    with pytest.raises(RuntimeError, match="one index"):
        actions.legal_indices([first, actions.Action("chi", tuple(tiles.parse_sequence("4m3m2m")))], lambda: claim)


def test_the_compiled_mask_indexes_what_has_the_shape_and_leaves_the_rest():
    """tile_mask (hupai._core) against the rule it states, on well-formed and malformed
    actions; its inputs are checked and never changed."""
    kinds = {"discard": (0, 1), "angang": (34, 4), "win": (381, 0)}
    given = [("discard", (5,), ""), ("discard", (5,), "x"), ("discard", (34,), ""), ("discard", (5, 5), ""),
             ("angang", (7, 7, 7, 7), ""), ("angang", (7, 7, 7, 8), ""), ("win", (), ""), ("win", (1,), ""),
             ("chi", (1, 2, 3), ""), ("discard", (True,), ""), ("discard", (-1,), ""), ("discard",), 5, "discard",
             actions.Action("discard", (9,)), ("discard", (5,), "")]
    before = list(given)
    mask, at, rest = _core.tile_mask(given, kinds, ACTION_SIZE)
    assert given == before and mask.dtype == np.int8 and mask.shape == (ACTION_SIZE,)
    assert np.flatnonzero(mask).tolist() == [5, 9, 34 + 7, 381]
    assert {i: p for i, p in enumerate(at) if p} == {5: 1, 9: 15, 34 + 7: 5, 381: 7}    # 1 + the first position
    assert rest == [1, 2, 3, 5, 7, 8, 9, 10, 11, 12, 13]
    assert _core.tile_mask([("discard", (1,), "")], kinds, 2)[2] is None
    with pytest.raises(ValueError, match="outside 0-1"):
        _core.tile_mask([("discard", (3,), "")], kinds, 2)
    with pytest.raises(ValueError, match="0 or more"):
        _core.tile_mask([], kinds, -1)
    for bad, error in (({"discard": 0}, TypeError), ({"discard": (0, 5)}, ValueError), ({"discard": (-3, 1)}, ValueError)):
        with pytest.raises(error, match="kinds gives 'discard'"):
            _core.tile_mask([("discard", (1,), "")], bad, 10)
    with pytest.raises(TypeError):
        _core.tile_mask((("discard", (1,), ""),), kinds, 10)
    with pytest.raises(ValueError, match="at most 255 actions"):
        _core.tile_mask([("pass", (), "")] * 256, kinds, ACTION_SIZE)


def test_the_compiled_gather_is_numpy_take():
    """gather_rows (hupai._core) is numpy's take of the rows, on random stores and row
    orders (runs of consecutive rows among them); its input is checked and not changed."""
    rng = np.random.default_rng(15)
    for _ in range(200):
        height, width = int(rng.integers(1, 80)), int(rng.integers(1, 40))
        store = rng.random((height, width), dtype=np.float32)
        kept = store.copy()
        order = rng.integers(0, height, int(rng.integers(0, 100)))
        if len(order) > 3:
            start = int(rng.integers(0, len(order) - 2))
            order[start:start + 3] = np.minimum(order[start] + np.arange(3), height - 1)
        out = _core.gather_rows(store, bytes(order.astype(np.uint8)))
        assert out.dtype == np.float32 and out.flags.c_contiguous and out.flags.writeable
        np.testing.assert_array_equal(out, store.take(order, 0).reshape(len(order), width))
        np.testing.assert_array_equal(store, kept)
    store = np.zeros((4, 3), dtype=np.float32)
    with pytest.raises(ValueError, match="row 4 is outside the store's 4 rows"):
        _core.gather_rows(store, bytes([0, 4]))
    for bad in (store.astype(np.float64), store[:, :2], store[0], store.T):
        with pytest.raises(TypeError, match="C-contiguous 2-D float32"):
            _core.gather_rows(bad, b"\0")
    with pytest.raises(TypeError):
        _core.gather_rows(store, [0, 1])


def _moves_reference(events, start, store, layout, last):
    """apply_moves the readable way: a Python loop over the draws and discards."""
    cells = store.reshape(-1)
    seat_tile, replaced = (-1, -1), 0
    for i in range(start, len(events)):
        e = events[i]
        if e["type"] not in ("draw", "discard"):
            return (i, last, *seat_tile, replaced)
        seat, tile = e["seat"], tiles.tile_index(e["tile"])
        if e["type"] == "draw":
            cells[layout[seat] + tile] += 1
            replaced |= ("replacement" in e) << seat
            continue
        cells[layout[seat] + tile] -= 1
        cells[layout[4 + seat] + tile] += 1
        cells[layout[12] + tile] += 1
        if last >= 0:
            cells[last] = 0
        last = layout[8 + seat] + tile
        cells[last] = 1
        seat_tile = (seat, tile)
    return (len(events), last, *seat_tile, replaced)


def test_the_compiled_moves_are_the_readable_loop():
    """apply_moves (hupai._core) against a Python loop on random runs of draws, discards
    and other events; malformed moves and layouts are refused."""
    rng = np.random.default_rng(16)
    layout = tuple(int(c) * 34 for c in rng.choice(20, 13, replace=False))
    for _ in range(300):
        events = []
        for _k in range(int(rng.integers(0, 12))):
            kind = str(rng.choice(["draw", "discard", "peng", "draw"]))
            e = {"type": kind, "seat": int(rng.integers(4)), "tile": tiles.tile_name(int(rng.integers(34)))}
            if kind == "draw" and rng.random() < 0.2:
                e["replacement"] = True
            events.append(e)
        start = int(rng.integers(0, len(events) + 1))
        last = int(rng.choice([-1, layout[8] + 3]))
        store, mine = np.zeros((20, 34), np.float32), np.zeros((20, 34), np.float32)
        assert _core.apply_moves(events, start, store, layout, last) == \
            _moves_reference(events, start, mine, layout, last)
        np.testing.assert_array_equal(store, mine)
    store = np.zeros((20, 34), np.float32)
    for bad in ({"type": "draw", "seat": 4, "tile": "1m"}, {"type": "discard", "seat": 0, "tile": "8z"},
                {"type": "draw", "seat": True, "tile": "1m"}, {"type": "discard", "seat": 1}):
        with pytest.raises(ValueError, match="needs a seat 0-3 and a tile name"):
            _core.apply_moves([bad], 0, store, layout, -1)
    with pytest.raises(ValueError, match="outside the store"):
        _core.apply_moves([], 0, store, layout[:12] + (20 * 34,), -1)
    with pytest.raises(ValueError, match="13 first cells"):
        _core.apply_moves([], 0, store, layout[:5], -1)
    with pytest.raises(TypeError, match="C-contiguous float32"):
        _core.apply_moves([], 0, store.astype(np.float64), layout, -1)
    with pytest.raises(ValueError, match="outside the 0 events"):
        _core.apply_moves([], 1, store, layout, -1)


def test_the_layout_is_documented_and_complete():
    starts = [b.start for b in BLOCKS]
    assert starts[0] == 0 and all(b.start + b.size == n for b, n in zip(BLOCKS, starts[1:] + [ACTION_SIZE]))
    assert len({describe(i) for i in range(ACTION_SIZE)}) == ACTION_SIZE
    assert describe(actions.BUGANG + 34 * 3 + 4) == "bugang 5m, 1 joker in the 碰, a joker added"
    assert len(PLANE_NAMES) == len(set(PLANE_NAMES)) == PLANES
    for bad in (-1, ACTION_SIZE, 1.0, True):
        with pytest.raises(ValueError, match="action index"):
            describe(bad)
    page = (ROOT / "docs" / "env.md").read_text(encoding="utf-8")
    for name in PLANE_NAMES:
        assert f"`{name.split('.')[-1]}`" in page, name
    for block in BLOCKS:
        assert f"`{block.name}`" in page, block.name


# ---------------------------------------------------------------- nothing hidden

@pytest.mark.parametrize("region", REGION_NAMES)
def test_the_planes_show_nothing_hidden(region):
    """Seat 0's planes at its first decision are the same whatever the other hands and
    the wall hold, and differ when its own hand does."""
    checked = 0
    for seed in range(30):
        a, b = hidden_permuted(region, seed, 0)
        if a.to_act != 0 or b.to_act != 0:
            continue
        assert a.wall.tiles != b.wall.tiles
        np.testing.assert_array_equal(TablePlanes(a).build(0, a.decision), TablePlanes(b).build(0, b.decision))
        checked += 1
    assert checked >= 10
    other = Round(region, seed=1000)
    assert not np.array_equal(TablePlanes(Round(region, seed=0)).build(0, None)[planes.HAND],
                              TablePlanes(other).build(0, None)[planes.HAND])


# ---------------------------------------------------------------- PettingZoo's own tests

@pytest.mark.parametrize("region", REGION_NAMES)
@pytest.mark.parametrize("agents", [None, {"player_1": "greedy", "player_2": "random", "player_3": "greedy"},
                                    {"player_0": "random", "player_2": "greedy"}], ids=["four", "one", "two"])
# api_test warns about the dict observation of any env whose name is not on its own list
# of classic games; {"observation", "action_mask"} is the form those games use and the
# one asked of this env, so these two warnings (and no other) are expected
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_pettingzoo_api_and_seed_tests(region, agents, capsys):
    api_test(table_env(region, agents=agents), num_cycles=1000)
    seed_test(lambda: table_env(region, agents=agents), num_cycles=500)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize("region", REGION_NAMES)
def test_every_episode_ends_by_itself(region):
    """Like PettingZoo's max_cycles test: a round ends within a bound of steps, every
    agent terminated at once and none truncated; each then steps None and leaves."""
    env = table_env(region, agents={"player_2": "random"})
    bound = 4 * len(REGIONS[region].FLOW.tile_set(REGIONS[region].Rules.defaults()))
    for episode in range(3):
        env.reset(seed=episode)
        rng = np.random.default_rng(episode)
        steps = 0
        while not any(env.terminations.values()):
            obs, *_ = env.last()
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            assert steps < bound
        assert all(env.terminations.values()) and not any(env.truncations.values())
        assert set(env.agents) == {"player_0", "player_1", "player_3"}
        for _ in range(3):
            env.step(None)
        assert env.agents == []


# ---------------------------------------------------------------- seeds and rewards

@pytest.mark.parametrize("region", REGION_NAMES)
def test_a_seeded_run_is_play_round_of_that_run(region):
    """reset(seed=s) plays round 0 of run s and each reset() after it the next round, the
    built-in agents seeded as play_round seeds them: an agent choosing as RandomAgent
    does gives play_round's record, and its rewards are the round's net."""
    env = table_env(region, agents={"player_1": "greedy", "player_2": "random", "player_3": "random"})
    for index in range(3):
        if index == 0:
            env.reset(seed=11)
        else:
            env.reset()
        me = RandomAgent(agent_seed(11, index, 0))
        returns = {}
        for agent in env.agent_iter():
            obs, reward, terminated, _truncated, _info = env.last()
            if terminated:
                returns[agent] = reward
                env.step(None)
                continue
            chosen = me.act(env.round.observe(0), env.round.legal_actions())
            env.step(next(i for i in np.flatnonzero(obs["action_mask"]).tolist() if env.action(i) == chosen))
        expected = play_round(region, seed=11, round_index=index, agents=["random", "greedy", "random", "random"])
        assert env.round.record() == expected.record()
        assert returns == {"player_0": float(expected.net[0])}


def test_resets_without_a_seed_are_fresh_runs_and_repeatable_with_one():
    env = table_env("luzhou")
    env.reset()
    first = env.round.seed
    env.reset()
    assert env.round.seed == first and env.round.round_index == 1
    other = table_env("luzhou")
    other.reset()
    assert other.round.seed != first
    other.reset(seed=first)
    assert other.round.record()["wall"] == Round("luzhou", seed=first).record()["wall"]


def test_the_dealer_can_be_fixed_or_follow_the_region():
    env = table_env("wuhan", dealer=2)
    env.reset(seed=1)
    assert env.round.dealer == 2
    rules = _rules("guiyang", {"flow_first_dealer": "random"})
    drawn = table_env("guiyang", rules)
    dealers = set()
    for seed in range(12):
        drawn.reset(seed=seed)
        dealers.add(drawn.round.dealer)
        assert drawn.round.dealer == REGIONS["guiyang"].FLOW.first_dealer(rules, seed, 0)
    assert len(dealers) > 1


# ---------------------------------------------------------------- the input policy

def test_the_env_refuses_bad_arguments_naming_them():
    with pytest.raises(ValueError, match="unknown region 'atlantis'"):
        table_env("atlantis")
    with pytest.raises(TypeError, match="rules must be"):
        table_env("luzhou", REGIONS["wuhan"].Rules.defaults())
    with pytest.raises(TypeError, match="agents maps agent names"):
        table_env("luzhou", agents=["greedy"])
    with pytest.raises(ValueError, match="unknown agent name 'seat_1'"):
        table_env("luzhou", agents={"seat_1": "greedy"})
    with pytest.raises(ValueError, match="unknown agent 'genius' for player_1"):
        table_env("luzhou", agents={"player_1": "genius"})
    with pytest.raises(TypeError, match="act"):
        table_env("luzhou", agents={"player_1": 3})
    with pytest.raises(ValueError, match="every seat"):
        table_env("luzhou", agents={name: "random" for name in AGENT_NAMES})
    with pytest.raises(ValueError, match="dealer"):
        table_env("luzhou", dealer=4)
    with pytest.raises(ValueError, match="render mode"):
        table_env("luzhou", render_mode="human")
    long = "x" * 10_000
    with pytest.raises(ValueError) as info:
        table_env(long)
    assert len(str(info.value)) < 200


def test_an_action_outside_the_mask_is_refused_and_changes_nothing():
    env = table_env("fuzhou")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=4)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    events = len(env.round.events)
    with pytest.raises(ValueError, match=f"action {illegal} is not legal for player_0"):
        env.step(illegal)
    for bad, error in ((ACTION_SIZE, ValueError), (-1, ValueError), (1.5, TypeError), ("0", TypeError),
                       (True, TypeError), (np.array([1, 2]), TypeError)):
        with pytest.raises(error):
            env.step(bad)
    assert len(env.round.events) == events
    np.testing.assert_array_equal(env.last()[0]["action_mask"], obs["action_mask"])
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(np.int64(legal))
    assert len(env.round.events) > events
    with pytest.raises(ValueError, match="unknown agent"):
        env.observe("player_9")
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)


def test_illegal_reward_follows_pettingzoo_and_ends_the_round():
    env = table_env("guiyang", illegal_reward=-1)
    env.reset(seed=2)
    obs, *_ = env.last()
    agent = env.agent_selection
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env.last()[1] == (-1.0 if env.agent_selection == agent else 0.0)
    while env.agents:
        env.step(None)


def test_render_shows_the_table():
    env = table_env("wuhan", render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    assert text.count("player_") >= 5 and "live" in text
    quiet = table_env("wuhan")
    quiet.reset(seed=5)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None
    env.close()


# ---------------------------------------------------------------- the docs and the example

def _python_blocks(page: Path) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), flags=re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize("index", range(len(_python_blocks(ROOT / "docs" / "env.md"))))
def test_every_python_block_of_the_docs_page_runs(index, capsys):
    code = _python_blocks(ROOT / "docs" / "env.md")[index]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exec(compile(code, "docs/env.md", "exec"), {"__name__": "__docs__"})  # noqa: S102 - the page's own code


def test_the_example_runs_episodes_and_prints_returns(capsys):
    import runpy
    module = runpy.run_path(str(ROOT / "examples" / "train_env.py"))
    returns = module["main"]("wuhan", episodes=2, seed=3)
    assert len(returns) == 2 and all(set(r) == set(AGENT_NAMES) for r in returns)
    assert all(sum(r.values()) == 0 for r in returns)
    assert "episode 1" in capsys.readouterr().out


def test_the_module_docstring_example_runs():
    import doctest

    import hupai.env
    result = doctest.testmod(hupai.env)
    assert result.attempted >= 5 and result.failed == 0
