"""The 40,000 shanten problems of ../shared/data/shanten-problems (see its README)."""
import numpy as np
import pytest

import hupai

FILES = ["p_normal_10000.txt", "p_hon_10000.txt", "p_tin_10000.txt", "p_koku_10000.txt"]


def load(path):
    rows = np.loadtxt(path, dtype=np.int64)
    assert rows.shape == (10000, 17)
    hands = np.zeros((len(rows), 34), dtype=np.uint8)
    for k in range(14):
        np.add.at(hands, (np.arange(len(rows)), rows[:, k]), 1)
    return hands, rows[:, 14], rows[:, 16]


@pytest.mark.parametrize("name", FILES)
def test_standard_and_seven_pairs(shared, name):
    hands, standard, seven = load(shared / "data" / "shanten-problems" / name)
    got_std = hupai.batch.shanten(hands, standard=True, seven_pairs=False)
    assert (got_std == standard).all(), np.flatnonzero(got_std != standard)[:5]
    got_7 = hupai.batch.shanten(hands, standard=False, seven_pairs=True, quads_as_two_pairs=False)
    assert (got_7 == seven).all(), np.flatnonzero(got_7 != seven)[:5]
    # combined form is the minimum of the two
    both = hupai.batch.shanten(hands, quads_as_two_pairs=False)
    assert (both == np.minimum(standard, seven)).all()


@pytest.mark.parametrize("name", FILES)
def test_single_calls_agree(shared, name):
    hands, standard, seven = load(shared / "data" / "shanten-problems" / name)
    for i in range(0, 10000, 97):
        assert hupai.shanten(hands[i], seven_pairs=False) == standard[i]
        assert hupai.shanten(hands[i], standard=False, quads_as_two_pairs=False) == seven[i]
