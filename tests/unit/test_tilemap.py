"""TileMap, the immutable kind -> count map of a discard option: it reads as the dict it
replaced, refuses bad keys and counts, and cannot be changed once made."""
import collections.abc
import copy
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hupai
from hupai import analysis
from hupai.analysis import NO_TILES, TileMap

maps = st.dictionaries(st.integers(0, 33), st.integers(0, 255), max_size=34)


@given(maps)
def test_reads_as_the_dict_it_was_built_from(d):
    m = TileMap(d)
    ordered = dict(sorted(d.items()))
    assert len(m) == len(d) and bool(m) == bool(d)
    assert list(m) == list(ordered)                       # kind order, whatever the input order
    assert list(m.keys()) == list(ordered.keys())
    assert list(m.values()) == list(ordered.values())
    assert list(m.items()) == list(ordered.items())
    assert dict(m) == ordered and m == d and d == m and not (m != d)
    assert repr(m) == repr(ordered)
    for t in range(34):
        assert (t in m) == (t in d)
        assert m.get(t) == d.get(t) and m.get(t, -1) == d.get(t, -1)
        if t in d:
            assert m[t] == d[t]
        else:
            with pytest.raises(KeyError):
                m[t]


@given(maps, maps)
def test_equality_and_hash(a, b):
    ma, mb = TileMap(a), TileMap(b)
    assert (ma == mb) == (a == b)
    assert (ma != mb) == (a != b)
    assert TileMap(list(a.items())) == ma
    if a == b:
        assert hash(ma) == hash(mb)


def test_is_a_mapping_not_a_mutable_one():
    m = TileMap({3: 2})
    assert isinstance(m, collections.abc.Mapping)
    assert not isinstance(m, collections.abc.MutableMapping)
    with pytest.raises(TypeError):
        m[4] = 1                                          # type: ignore[index]
    with pytest.raises(TypeError):
        del m[3]                                          # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="immutable"):
        m.__init__({5: 1})
    with pytest.raises(TypeError, match="immutable"):
        NO_TILES.__init__({5: 1})                         # the shared empty map stays empty
    assert m == {3: 2} and NO_TILES == {} and len(NO_TILES) == 0


def test_keys_that_are_no_kind_are_absent_not_errors():
    m = TileMap({0: 1, 33: 4})
    for key in (-1, 34, 1.0, "0", None, True, (0,)):
        assert key not in m
        assert m.get(key, "no") == "no"
        with pytest.raises(KeyError):
            m[key]
    assert m[np.int64(33)] == 4 and np.uint8(0) in m


@pytest.mark.parametrize("items, error, words", [
    ({34: 1}, ValueError, "tile kind 0-33"),
    ({-1: 1}, ValueError, "tile kind 0-33"),
    ({"1m": 1}, ValueError, "tile kind 0-33"),
    ({True: 1}, ValueError, "tile kind 0-33"),
    ({0: 256}, ValueError, "0-255"),
    ({0: -1}, ValueError, "0-255"),
    ({0: 2 ** 70}, ValueError, "0-255"),
    ({0: np.int64(-2 ** 40)}, ValueError, "0-255"),
    ({2 ** 70: 1}, ValueError, "tile kind 0-33"),
    ({0: 1.0}, TypeError, "an int, not float"),
    ({0: True}, TypeError, "an int, not bool"),
    ([(0, 1, 2)], TypeError, "mapping or \\(kind, count\\) pairs"),
    (5, TypeError, "mapping or \\(kind, count\\) pairs, not 5"),
])
def test_bad_items_are_refused(items, error, words):
    with pytest.raises(error, match=words):
        TileMap(items)


def test_pickles_and_copies_to_an_equal_map():
    m = TileMap({1: 3, 20: 255})
    for other in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert type(other) is TileMap and other == m and list(other.items()) == [(1, 3), (20, 255)]


def test_options_carry_tilemaps_equal_to_the_old_dicts():
    # 123m 456p 789s 11z 257s: every option's effective map is the kernel's count of
    # unseen copies, in kind order; waits are the same map only when ready
    options = hupai.analyze_discards("123m456p789s11z257s")
    assert options[0].shanten == 0 and options[0].waits == {23: 4}     # drop 2s: 57s waits on 6s
    for o in options:
        assert type(o.effective) is TileMap and type(o.waits) is TileMap
        assert o.total == sum(o.effective.values())
        assert list(o.effective) == sorted(o.effective)
        assert o.waits == (o.effective if o.shanten == 0 else {})
    assert analysis.NO_TILES is NO_TILES


def test_unseen_counts_outside_a_byte_are_refused():
    from hupai import _core
    for bad in (300, -1):
        unseen = [4] * 34
        unseen[5] = bad
        with pytest.raises(ValueError, match="0-255"):
            _core.discard_options("123m456p789s11z257s", 0, unseen)
        with pytest.raises(ValueError, match="0-255"):
            _core.discard_options_void("123m456p789s11z257s", 0, unseen)
