"""Crashes the fuzz targets found, each as a direct call (the kernel ones are in
tests/unit/test_limits.py: readings with six or more jokers in one suit, and
batch.shanten(standard=False) with a huge joker count)."""
import numpy as np
import pytest

from hupai.rules import Hand, Situation, guiyang


@pytest.mark.parametrize("concealed, error, message", [
    ("1" * 40, ValueError, "digits must be followed by a suit letter"),  # notation (was OverflowError)
    (np.full(34, np.nan), ValueError, "whole numbers"),                    # was a RuntimeWarning
    (np.full(34, 0.5), ValueError, "whole numbers"),                       # was truncated to 0
    (["1"] * 34, TypeError, "concealed counts must be integers"),         # was read as numbers
    ([None] * 34, TypeError, "concealed counts must be integers"),
])
def test_hand_refuses_counts_that_are_not_whole_numbers(concealed, error, message):
    with pytest.raises(error, match=message):
        Hand(concealed)


def test_hand_still_takes_whole_float_counts():
    c = np.zeros(34)
    c[:9] = 1
    c[9:13] = 1
    assert Hand(c).concealed.dtype == np.uint8


@pytest.mark.parametrize("flip", [34, -1, 27])
def test_guiyang_flip_outside_the_suits_is_refused(flip):
    """Was IndexError from the chicken count (fixed in guiyang.py meanwhile)."""
    with pytest.raises(ValueError, match=f"flip {flip} is not a suited tile|tile index {flip} is outside"):
        guiyang.score(Hand.parse("123m456m789m11p23s"), Situation(21, True, flip=flip))
