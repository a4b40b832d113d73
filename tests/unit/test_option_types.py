"""Options and counts take the types they document: a bool option given "no" or 1 is a
TypeError (not read as true), counts of dtype bool are refused (not read as 0 / 1), and
``threads=`` is an int from 1 to ``MAX_BATCH_THREADS``."""
import numpy as np
import pytest

import hupai
from hupai import _core, batch

WIN = hupai.parse("123m456p789s11222z")
READY = hupai.parse("123m456p789s1122z")

SINGLE_BOOL_OPTIONS = [
    (hupai.is_win, WIN, "seven_pairs"), (hupai.is_win, WIN, "quads_as_two_pairs"),
    (hupai.is_win, WIN, "honor_sequences"), (hupai.is_win, WIN, "pair258"),
    (hupai.shanten, READY, "standard"), (hupai.shanten, READY, "seven_pairs"),
    (hupai.waits, READY, "pair258"), (hupai.improving, READY, "honor_sequences"),
    (hupai.deficit, READY, "quads_as_two_pairs"), (hupai.decompose, WIN, "seven_pairs"),
    (hupai.readings, WIN, "honor_sequences"), (hupai.reading_summaries, WIN, "seven_pairs"),
    (_core.discard_table, WIN, "seven_pairs"), (hupai.lan_deficit, READY, "seven_stars"),
    (hupai.lan_deficit, READY, "strict"),
]


@pytest.mark.parametrize("fn, hand, option", SINGLE_BOOL_OPTIONS,
                         ids=[f"{f.__name__}-{o}" for f, _, o in SINGLE_BOOL_OPTIONS])
@pytest.mark.parametrize("value", ["no", 1, 0, None, [True]])
def test_a_bool_option_of_another_type_is_a_type_error(fn, hand, option, value):
    with pytest.raises(TypeError, match=f"{option} must be True or False"):
        fn(hand, **{option: value})


@pytest.mark.parametrize("value", [True, False, np.bool_(True), np.bool_(False)])
def test_bools_and_numpy_bools_are_options(value):
    assert hupai.is_win(WIN, seven_pairs=value) == hupai.is_win(WIN, seven_pairs=bool(value))


@pytest.mark.parametrize("fn", [batch.is_win, batch.shanten, batch.waits, batch.discards])
def test_batch_bool_options_are_checked(fn):
    with pytest.raises(TypeError, match="seven_pairs must be True or False"):
        fn(np.tile(WIN, (2, 1)), seven_pairs="no")


@pytest.mark.parametrize("value, exc", [("yes", ValueError), (1, TypeError), (None, TypeError)])
def test_shisanlan_takes_false_true_or_strict(value, exc):
    with pytest.raises(exc, match="shisanlan must be False, True or 'strict'"):
        hupai.is_win(WIN, shisanlan=value)


def test_analysis_options_are_checked_too():
    with pytest.raises(TypeError, match="honor_sequences must be True or False"):
        hupai.analyze_discards(WIN, honor_sequences="no")


def test_bool_counts_are_refused():
    with pytest.raises(TypeError, match="bool"):
        hupai.shanten(np.ones(34, dtype=bool))
    with pytest.raises(TypeError, match="bool"):
        batch.shanten(np.ones((2, 34), dtype=bool))
    with pytest.raises(TypeError):
        hupai.analyze_discards(np.ones(34, dtype=bool))


@pytest.mark.parametrize("threads, exc", [
    (True, TypeError), (False, TypeError), (1.0, TypeError), ("2", TypeError),
    (0, ValueError), (-1, ValueError), (2 ** 31 - 1, ValueError), (2 ** 30, ValueError),
    (2 ** 63, ValueError), (_core.MAX_BATCH_THREADS + 1, ValueError),
])
def test_threads_is_an_int_in_range(threads, exc):
    hands = np.tile(READY, (4, 1))
    with pytest.raises(exc, match="threads must be"):
        batch.shanten(hands, threads=threads)


def test_the_largest_thread_count_is_accepted():
    hands = np.tile(READY, (10, 1))
    assert (batch.shanten(hands, threads=_core.MAX_BATCH_THREADS) == 0).all()
    assert (batch.shanten(hands, threads=np.int64(2)) == 0).all()
