"""The region-independent models refuse what is not a hand or cannot happen (review
items: Hand's promised copy check, Situation booleans, impossible combinations)."""
import dataclasses

import numpy as np
import pytest

from hupai import tiles
from hupai.rules import Hand, Situation
from hupai.rules.model import MOST_COPIES, check_table

T = tiles.parse_tile


def test_a_hand_with_more_copies_than_any_tile_set_holds_is_refused():
    with pytest.raises(ValueError, match="5 copies of 1m counting the melds"):
        Hand.parse("11m456p789p23p", [("peng", "111m")])
    with pytest.raises(ValueError, match="8 copies of 2p"):
        Hand.parse("2p456m789m", [("peng", "222p"), ("minggang", "2222p")])
    # up to eight 紅中: Luzhou's 8-ghost game (each region checks its own tile set)
    assert MOST_COPIES[tiles.RED] == 8
    Hand.parse("7777z123m456m", [("peng", "11m7z")])


@pytest.mark.parametrize("kwargs, exc, fragment", [
    (dict(self_draw="no"), TypeError, "self_draw is true or false"),
    (dict(after_kong=1), TypeError, "after_kong is true or false"),
    (dict(dealer=None), TypeError, "dealer is true or false"),
    (dict(ghosts_drawn=1.0), TypeError, "ghosts_drawn is a whole number"),
    (dict(ghosts_drawn=True), TypeError, "ghosts_drawn is a whole number"),
    (dict(ghosts_drawn=-1), ValueError, "ghosts_drawn must be 0 or more"),
    (dict(guoshui_passed_value=2.5), TypeError, "guoshui_passed_value"),
    (dict(self_draw=False, after_kong=True), ValueError, "after_kong is a self-draw"),
    (dict(self_draw=False, tianhu=True), ValueError, "天胡 is the dealer complete"),
    (dict(tianhu=True, dihu=True), ValueError, "天胡 and 地胡 at once"),
    (dict(self_draw=True, robbing_kong=True), ValueError, "robbing a kong is not a self-draw"),
    (dict(self_draw=False, robbing_kong=True, kong_discard=True), ValueError, "not both"),
])
def test_win_context_checks_its_facts(kwargs, exc, fragment):
    kwargs.setdefault("self_draw", True)
    with pytest.raises(exc, match=fragment):
        Situation(T("5p"), **kwargs)


def test_win_context_takes_the_tile_as_notation_too():
    assert Situation("5p", True) == Situation(T("5p"), True)
    with pytest.raises(ValueError, match="outside 0-33"):
        Situation(34, True)
    with pytest.raises(TypeError):
        Situation(2.0, True)


def test_table_labels():
    check_table({s: None for s in "ABCD"})
    for bad in ({}, {"A": None}, {s: None for s in "ABCDE"}, {1: None, "B": None, "C": None, "D": None}):
        with pytest.raises(ValueError):
            check_table(bad)
    with pytest.raises(TypeError):
        check_table([("A", None)])


def test_counts_of_bool_are_refused_by_hand():
    with pytest.raises(TypeError):
        Hand(np.ones(34, dtype=bool))


def test_a_hand_may_hold_more_than_four_ghosts_only_where_they_exist():
    """Luzhou's 8-ghost game (L19) lets a hand hold five 紅中 concealed; every other region
    refuses the hand with a ValueError naming the fifth copy."""
    from hupai import tiles
    from hupai.rules import REGIONS, Hand, Situation
    from hupai.rules.luzhou import LuzhouRules
    counts = tiles.parse("123m456m99p")
    counts[tiles.RED] = 5
    hand = Hand(counts)
    assert REGIONS["luzhou"].score(hand, Situation("9p", self_draw=True), LuzhouRules(ghost_count=8)).is_win
    for name, region in REGIONS.items():
        facts = {"indicator": "1m"} if "indicator" in region.FACTS else {}
        with pytest.raises(ValueError, match="紅中|7z"):
            region.score(hand, Situation("9p", **facts))
    counts[tiles.RED] = 9
    with pytest.raises(ValueError, match="outside 0-8"):
        Hand(counts)


def test_a_hand_keeps_its_own_read_only_counts_whatever_array_it_was_given():
    """The caller's writable array is copied (changing it later changes no hand); a
    view of bytes, which nothing can make writeable, is kept as it is; a view of such a
    view is copied."""
    counts = tiles.parse("123m456p789s1122z")
    hand = Hand(counts)
    counts[0] = 4
    assert hand.concealed[0] == 1 and not hand.concealed.flags.writeable
    view = np.frombuffer(bytes(tiles.parse("123m456p789s1122z")), np.uint8)
    assert Hand(view).concealed is view
    longer = np.frombuffer(bytes(tiles.parse("123m456p789s1122z")) * 2, np.uint8)[::2]
    kept = Hand(np.frombuffer(bytes(tiles.parse("123m456p789s1122z")) * 2, np.uint8)[:34])
    assert kept.concealed.base is None and not kept.concealed.flags.writeable
    assert kept == Hand.parse("123m456p789s1122z")
    with pytest.raises(ValueError, match="13 tiles"):
        Hand(longer)          # a strided view reads its own 34 entries (here 26 tiles)


@pytest.mark.parametrize("kind, count", [(0, 5), (26, 5), (27, 5), (32, 5), (33, 9)])
def test_a_hand_of_uint8_counts_over_a_kinds_limit_names_the_kind(kind, count):
    counts = np.zeros(34, np.uint8)
    counts[kind] = count
    with pytest.raises(ValueError, match=rf"concealed\[{kind}\] = {count} is outside 0-{MOST_COPIES[kind]}"):
        Hand(counts)
    with pytest.raises(ValueError, match=rf"concealed\[{kind}\] = {count} is outside"):
        Hand(np.frombuffer(counts.tobytes(), np.uint8))


@pytest.mark.parametrize("given", ["123m456p789s1122z", list(tiles.parse("19m19p19s1234567z")),
                                   tiles.parse("1112345678999m").astype(np.int64)])
def test_a_hands_concealed_bytes_are_its_counts_whatever_it_was_given(given):
    hand = Hand(given)
    assert hand.concealed_bytes == hand.concealed.tobytes()
    assert type(hand.concealed_bytes) is bytes
    other = dataclasses.replace(hand, concealed="1112345678999m")
    assert other.concealed_bytes == tiles.parse("1112345678999m").tobytes()
    assert (other == hand) is (other.concealed_bytes == hand.concealed_bytes)
