"""The fast scoring path against the readable one, on 10^5 generated wins a region.

The fast path is what ``score`` does in a long-running process: a win's result (or its
hand part, its settlement, what its melds and table share) is served from caches keyed
by a few packed facts, warm from every earlier win.  The readable path scores the same
win with every cache of the scoring modules switched off (the ``functools`` caches and
the :class:`~hupai.rules.model.Memo` dicts): each function computes its answer for this
win alone, from the pattern tables.  A fact missing from a cache key
would hand one win another's result; a hundred thousand wins a region, spread over the
default rules and every single-flag alternative (the combinations the cases use, §10 of
the case format), give every key many chances to collide.

``HUPAI_DIFFERENTIAL_WINS`` sets the number of wins a region (default 100000): a smaller
number runs the same comparison faster while developing."""
from __future__ import annotations

import dataclasses
import importlib
import itertools
import os
import pkgutil

import pytest

import hupai.rules
from hupai import analysis, tiles
from hupai.rules import REGIONS
from hupai.rules.model import Memo
from generated_wins import GENERATORS

WINS = int(os.environ.get("HUPAI_DIFFERENTIAL_WINS", "100000"))
CHUNK = 4000        # wins scored fast, then readably, before the next (bounded memory)
SEED = 20261205
#: Alternatives of the flags whose values the flag class does not list (any "a/b/c").
EXTRA_ALTERNATIVES = {"koukou_top_tiers": ((500, 600, 700),)}


def _cached_functions() -> list[tuple[object, str, object]]:
    """(module, name, cached function) of every ``functools`` cache of the scoring
    modules, under every name a module binds it to."""
    modules = [tiles, analysis, hupai.rules] + [importlib.import_module(m.name) for m in
                                                pkgutil.walk_packages(hupai.rules.__path__, "hupai.rules.")]
    return [(module, name, value) for module in modules for name, value in vars(module).items()
            if hasattr(value, "cache_clear") and hasattr(value, "__wrapped__")]


def rule_variants(rules_class) -> list:
    """The default rules and each single-flag alternative that makes valid rules (the
    round-flow flags apart: scoring does not read them)."""
    out = [rules_class()]
    for f in dataclasses.fields(rules_class):
        if f.name.startswith("flow_"):
            continue
        alternatives = rules_class.CHOICES.get(f.name) or \
            ((not f.default,) if isinstance(f.default, bool) else EXTRA_ALTERNATIVES.get(f.name, ()))
        for value in alternatives:
            if value == f.default:
                continue
            try:
                out.append(rules_class(**{f.name: value}))
            except ValueError:
                continue        # an alternative valid only beside another (Guiyang's plus_1_all)
    return out


def _outcome(module, hand, situation, rules):
    """The result as plain data, or the refusal of a combination the region rejects."""
    try:
        return module.score(hand, situation, rules).to_dict()
    except ValueError as e:
        return ("ValueError", str(e))


def _uncached(function):
    """The plain function under every cache wrapped around it."""
    while hasattr(function, "cache_clear"):
        function = function.__wrapped__
    return function


def _forgetful_get(memo, key, default=None):
    return default


def _readable(cached, mp: pytest.MonkeyPatch) -> None:
    """Every ``functools`` cache replaced by its plain function, and every
    :class:`~hupai.rules.model.Memo` forgetful (its ``get`` finds nothing)."""
    for module, name, function in cached:
        mp.setattr(module, name, _uncached(function))
    mp.setattr(Memo, "get", _forgetful_get)


def _describe(hand, situation, rules) -> str:
    changed = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
               if getattr(rules, f.name) != f.default}
    return f"{hand} {situation.to_dict()} rules {changed}"


def test_the_rule_variants_cover_every_scoring_flag():
    for region in REGIONS.values():
        variants = rule_variants(region.Rules)
        varied = {f.name for v in variants[1:] for f in dataclasses.fields(v)
                  if getattr(v, f.name) != f.default}
        flags = {f.name for f in dataclasses.fields(region.Rules) if not f.name.startswith("flow_")}
        assert varied == flags, (region.name, flags - varied)


def test_switching_the_caches_off_is_seen():
    """The readable path really computes afresh: with the caches off, a cached function
    is its plain function and a memo finds nothing it kept."""
    cached = _cached_functions()
    assert len(cached) >= 15
    module, name, function = cached[0]
    with pytest.MonkeyPatch.context() as mp:
        _readable(cached, mp)
        assert all(not hasattr(getattr(m, n), "cache_clear") for m, n, _ in cached)
        assert getattr(module, name) is _uncached(function)
        memo = Memo(4)
        memo.keep("k", 1)
        assert memo.get("k") is None
    assert getattr(module, name) is function
    memo = Memo(4)
    memo.keep("k", 1)
    assert memo.get("k") == 1


@pytest.mark.slow
@pytest.mark.parametrize("region", sorted(GENERATORS))
def test_cached_scoring_equals_scoring_without_caches(region):
    module = REGIONS[region]
    variants = rule_variants(module.Rules)
    cached = _cached_functions()
    cases = GENERATORS[region](SEED)
    wins, scored = 0, 0
    won_under: set[int] = set()
    while wins < WINS:
        chunk = [(hand, situation, (scored + k) % len(variants))
                 for k, (hand, situation) in enumerate(itertools.islice(cases, CHUNK))]
        scored += len(chunk)
        fast = [_outcome(module, hand, situation, variants[v]) for hand, situation, v in chunk]
        with pytest.MonkeyPatch.context() as mp:
            _readable(cached, mp)
            for (hand, situation, v), expected in zip(chunk, fast):
                assert _outcome(module, hand, situation, variants[v]) == expected, \
                    _describe(hand, situation, variants[v])
        for (_, _, v), outcome in zip(chunk, fast):
            if isinstance(outcome, dict) and outcome["is_win"]:
                wins += 1
                won_under.add(v)
    # the wins were wins under every variant of the rules, and the generator's hands are
    # mostly wins (a generator gone wrong would compare refusals only)
    assert won_under == set(range(len(variants)))
    assert wins >= scored / 3
