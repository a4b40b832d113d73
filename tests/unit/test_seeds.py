"""The native SeedSequence hash (``_core.seed_state``, and ``_core.seed_word`` for one
uint64 as an int) that seeds every round's wall and agents, against numpy's SeedSequence
itself: the same numbers for any entropy and spawn key."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hupai import _core
from hupai.table.agents import agent_seed

whole = st.one_of(st.integers(0, 2 ** 32), st.integers(0, 2 ** 64), st.integers(0, 2 ** 300))


def numpy_state64(entropy, spawn_key):
    return int(np.random.SeedSequence(entropy, spawn_key=spawn_key).generate_state(1, np.uint64)[0])


def same_state(entropy, spawn_key, n_words, dtype):
    ours = _core.seed_state(entropy, spawn_key, n_words, dtype)
    theirs = np.random.SeedSequence(entropy, spawn_key=spawn_key).generate_state(n_words, dtype)
    return ours.dtype == theirs.dtype and ours.tolist() == theirs.tolist()


@given(whole, st.lists(whole, max_size=4).map(tuple), st.integers(0, 9), st.sampled_from([np.uint32, np.uint64]))
def test_seed_state_is_numpys_seed_sequence(entropy, spawn_key, n_words, dtype):
    assert same_state(entropy, spawn_key, n_words, dtype)


@given(whole, st.lists(whole, max_size=4).map(tuple))
def test_seed_word_is_the_first_uint64_of_the_seed_sequence(entropy, spawn_key):
    assert _core.seed_word(entropy, spawn_key) == numpy_state64(entropy, spawn_key)


@pytest.mark.parametrize("entropy, spawn_key", [(0, ()), (0, (0,)), (2 ** 128 - 1, (7, 0)), (1, (2 ** 70, 3))])
def test_seed_state_edges(entropy, spawn_key):
    """Zero words, a key longer than the pool, entropy of four full words."""
    assert same_state(entropy, spawn_key, 4, np.uint64) and same_state(entropy, spawn_key, 5, np.uint32)


@given(st.integers(0, 2 ** 128), st.integers(0, 10 ** 7), st.integers(0, 3))
def test_agent_seed_is_the_documented_seed_sequence(seed, round_index, seat):
    assert agent_seed(seed, round_index, seat) == numpy_state64(seed, (round_index, 1 + seat))


@pytest.mark.parametrize("entropy, spawn_key, what", [(-1, (), "a seed"), (1.5, (), "a seed"), (True, (), "a seed"),
                                                      (3, (-2,), "a spawn key part"), (3, ("1",), "a spawn key part")])
def test_seed_state_refuses_what_is_no_whole_number(entropy, spawn_key, what):
    with pytest.raises(ValueError, match=what):
        _core.seed_state(entropy, spawn_key, 1)
    with pytest.raises(ValueError, match=what):
        _core.seed_word(entropy, spawn_key)


def test_seed_state_refuses_other_word_types():
    with pytest.raises(TypeError, match="uint32 or uint64"):
        _core.seed_state(1, (), 1, np.int64)
