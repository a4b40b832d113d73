"""Scoring caches what a win's result depends on by a few packed facts (Luzhou and
Fuzhou the whole result, Guiyang its hand part, Wuhan its settlement and what its melds
and table share).  A fact missing from a key would hand one win another's result, so
each test scores a run of wins and variants of their situations (one fact changed at a
time) with the caches warm, then each again with every cache of its region emptied
first: the results must be the same."""
import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from hupai.rules import Situation, fuzhou, guiyang, luzhou, wuhan
from region_strategies import declared_wins, for_region, luzhou_wins
from test_wuhan_properties import wuhan_wins


def _clear_caches(module) -> None:
    for value in vars(module).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


def _result(module, hand, situation, rules):
    """The result as plain data, or the error it raised (an impossible variant)."""
    try:
        return module.score(hand, situation, rules).to_dict()
    except ValueError as e:
        return ("ValueError", str(e))


def _variants(situation: Situation, changes: list[dict]) -> list[Situation]:
    """The situation and each of ``changes`` applied to it (those that make a situation)."""
    out = [situation]
    for change in changes:
        try:
            out.append(situation.replace(**change))
        except ValueError:
            pass                # a combination no table produces
    return out


def _warm_equals_cold(module, wins, rules) -> None:
    warm = [_result(module, hand, situation, rules) for hand, situation in wins]
    for (hand, situation), expected in zip(wins, warm):
        _clear_caches(module)
        assert _result(module, hand, situation, rules) == expected, (hand, situation)


_LUZHOU_RULES = [luzhou.Rules(), luzhou.Rules(pinghu_discard_allowed=True), luzhou.Rules(ghost_count=8)]


@given(st.lists(luzhou_wins(), min_size=1, max_size=6), st.sampled_from(_LUZHOU_RULES), st.data())
def test_luzhou_results_from_the_cache_are_those_of_their_own_facts(wins, rules, data):
    runs = []
    for hand, situation in wins:
        changes = [{"ghosts_drawn": data.draw(st.integers(0, rules.ghost_count))},
                   {"guoshui_passed_value": data.draw(st.integers(0, 12))},
                   {"declared_ready": True}, {"tianhu": True}, {"dealer": True}]
        runs += [(hand, s) for s in _variants(situation, changes)]
    _warm_equals_cold(luzhou, runs, rules)


@given(st.lists(declared_wins(honors=True, honor_sequences=True), min_size=1, max_size=6),
       st.sampled_from([fuzhou.Rules(), fuzhou.Rules(siguiyi_requires_peng=True, honor_chow=True)]))
def test_fuzhou_results_from_the_cache_are_those_of_their_own_facts(wins, rules):
    runs = []
    for hand, situation in wins:
        situation = for_region(situation, fuzhou)
        changes = [{"tianhu": True}, {"dihu": True}, {"payment_scope": ("hand", "kong")},
                   {"robbing_kong": True, "self_draw": False}]
        runs += [(hand, s) for s in _variants(situation, changes)]
    _warm_equals_cold(fuzhou, runs, rules)


@given(st.lists(declared_wins(), min_size=1, max_size=6),
       st.sampled_from([guiyang.Rules(), guiyang.Rules(lianzhuang="on", shabao_mode="fixed_10")]), st.data())
def test_guiyang_results_from_the_cache_are_those_of_their_own_facts(wins, rules, data):
    runs = []
    for hand, situation in wins:
        situation = for_region(situation, guiyang)
        changes = [{"re_pao": True}, {"shabao": True}, {"passed_since_draw": True},
                   {"flip": data.draw(st.integers(0, 26))}, {"lianzhuang_count": 2, "dealer": True},
                   {"payment_scope": ("hand", "dou", "chicken")}]
        runs += [(hand, s) for s in _variants(situation, changes)]
    _warm_equals_cold(guiyang, runs, rules)


@given(st.lists(wuhan_wins().filter(lambda w: w is not None), min_size=1, max_size=4),
       st.sampled_from([wuhan.Rules(), wuhan.Rules(kaikou_mode="koukou_fan")]))
def test_wuhan_results_from_the_cache_are_those_of_their_own_facts(wins, rules):
    runs = []
    for hand, situation, indicator, losers in wins:
        situation = situation.replace(indicator=indicator, losers=losers,
                                      special_kongs={"hongzhong": 1} if situation.after_kong else {})
        opened = [dataclasses.replace(loser, opened=not loser.opened, opens=None) for loser in losers]
        changes = [{"last_four": True}, {"dealer": True}, {"losers": opened},
                   {"special_kongs": {"hongzhong": 1, "laizi": 1}}]
        runs += [(hand, s) for s in _variants(situation, changes)]
    _warm_equals_cold(wuhan, runs, rules)
