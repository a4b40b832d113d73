"""Inputs at and past the limits of a real hand: more tiles than a hand holds, 8 jokers,
hands of jokers only, empty hands, every tile at four copies.  Each either works (and
the answer is checked) or raises ValueError naming the problem."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hupai
from hupai import batch, tiles
from hupai.rules import REGIONS, Hand, Situation

EMPTY = np.zeros(34, np.uint8)
WALL = np.full(34, 4, np.uint8)          # every tile at four copies: 136 tiles
SINGLE = {"is_win": 2, "decompose": 2, "readings": 2, "reading_summaries": 2,   # name: 3M+r
          "waits": 1, "improving": 1, "shanten": 3, "deficit": 3}


def reading_keys_of_decompositions(counts, jokers, **opts):
    """The readings (hupai.readings) a hand must have: one per distinct joker use among
    its decompositions, which the reference tests check separately."""
    keys = set()
    for d in hupai.decompose(counts, jokers, **opts):
        standins, pair, triplets_only, free_melds, free_pairs = [], None, True, 0, 0
        for m in d.melds:
            if m.is_free:
                free_pairs += m.kind == "pair"
                free_melds += m.kind != "pair"
                continue
            standins += [t for t, j in zip(m.tiles, m.jokers) if j]
            pair = m.tiles[0] if m.kind == "pair" and d.form == "standard" else pair
            triplets_only &= m.kind != "sequence"
        keys.add((d.form, tuple(sorted(standins)), pair, triplets_only and d.form == "standard",
                  free_melds, free_pairs))
    return keys


def reading_keys(counts, jokers, **opts):
    got = [(r.form, r.standins, r.pair, r.triplets_only, r.free_melds, r.free_pairs)
           for r in hupai.readings(counts, jokers, **opts)]
    assert len(set(got)) == len(got), "duplicate readings"
    return set(got)


# ------------------------------------------------------------------ too many tiles

@pytest.mark.parametrize("name", sorted(SINGLE))
@pytest.mark.parametrize("counts, jokers", [(WALL, 0), (hupai.parse("111222333444555m"), 0),
                                            (hupai.parse("123456789m"), 8), (hupai.parse("1112223334445m"), 2)])
def test_more_tiles_than_a_hand_holds(name, counts, jokers):
    total = int(counts.sum()) + jokers
    with pytest.raises(ValueError, match=f"a hand holds at most 14 tiles \\(jokers included\\), got {total}"):
        getattr(hupai, name)(counts, jokers)


@pytest.mark.parametrize("fn", [batch.is_win, batch.shanten, batch.waits, batch.discards])
def test_batch_row_with_too_many_tiles(fn):
    hands = np.stack([hupai.parse("123m456p789s11122z" if fn is not batch.waits else "123m456p789s1122z"), WALL])
    with pytest.raises(ValueError, match="row 1: a hand holds at most 14 tiles .*got 136"):
        fn(hands, 0)


def test_wall_notation_round_trips_but_is_no_hand():
    text = tiles.format(WALL)
    assert (hupai.parse(text) == WALL).all() and int(hupai.parse(text).sum()) == 136
    with pytest.raises(ValueError, match="at most 14"):
        hupai.analyze_discards(WALL)
    with pytest.raises(ValueError, match="13 tiles before its winning tile"):
        Hand(WALL)
    with pytest.raises(ValueError, match="more than four copies of 1m"):
        hupai.parse(text + "1m")


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_a_fifth_copy_of_the_winning_tile_is_refused(region):
    hand = Hand.parse("1111m234p567p789s")
    module = REGIONS[region]
    if region == "wuhan":
        from hupai.rules.wuhan import Loser
        kwargs = {"indicator": tiles.parse_tile("9s"), "losers": [Loser(s, opened=True) for s in "ABC"]}
    else:
        kwargs = {}
    with pytest.raises(ValueError, match="5 copies of 1m counting the melds and the winning tile"):
        module.score(hand, Situation(0, True, **kwargs))


# ------------------------------------------------------------------ jokers: 8, 9, only jokers

@pytest.mark.parametrize("name", sorted(SINGLE))
def test_nine_jokers_are_refused(name):
    with pytest.raises(ValueError, match="jokers = 9 is outside 0-8"):
        getattr(hupai, name)(hupai.parse("12m"), 9)
    with pytest.raises(ValueError, match="jokers\\[0\\] = 9 is outside 0-8"):
        batch.shanten(np.stack([hupai.parse("12m")]), [9])


@pytest.mark.parametrize("jokers", [2, 5, 8])
def test_hands_of_jokers_only_win(jokers):
    assert hupai.is_win(EMPTY, jokers) and hupai.shanten(EMPTY, jokers) == -1
    assert hupai.deficit(EMPTY, jokers) == jokers
    (d,) = hupai.decompose(EMPTY, jokers)
    assert all(m.is_free for m in d.melds) and len(d.melds) == jokers // 3 + 1
    (r,) = hupai.readings(EMPTY, jokers)
    assert (r.standins, r.free_melds, r.free_pairs) == ((), jokers // 3, 1)
    assert batch.is_win(np.zeros((3, 34), np.uint8), jokers).all()


@pytest.mark.parametrize("jokers", [1, 4, 7])
def test_hands_of_jokers_only_wait_on_everything(jokers):
    assert hupai.waits(EMPTY, jokers) == list(range(34))
    assert hupai.improving(EMPTY, jokers) == list(range(34))
    assert batch.waits(np.zeros((2, 34), np.uint8), jokers).all()


def test_readings_with_many_jokers_in_one_suit():
    """Regression (fuzzing, tests/fuzz): with six or more jokers, one suit's arrangements
    outgrew the kernel's per-group list and readings() returned nothing for a winning
    hand; it now falls back to arranging the whole hand."""
    counts = hupai.parse("2356677m")
    assert hupai.is_win(counts, 7, seven_pairs=False)
    keys = reading_keys(counts, 7, seven_pairs=False)
    assert keys and keys == reading_keys_of_decompositions(counts, 7, seven_pairs=False)
    assert hupai.reading_summaries(counts, 7, seven_pairs=False)


@st.composite
def many_joker_hands(draw):
    """6-8 jokers with a few tiles, often from one suit (where arrangements pile up)."""
    jokers = draw(st.integers(5, 8))
    n = draw(st.sampled_from([t for t in range(0, 15 - jokers) if (t + jokers) % 3 == 2]))
    pool = draw(st.sampled_from([range(9), range(34), range(18)]))
    kinds = draw(st.lists(st.sampled_from(list(pool)), min_size=n, max_size=n))
    counts = np.zeros(34, np.uint8)
    for t in kinds:
        counts[t] = min(counts[t] + 1, 4)
    while (int(counts.sum()) + jokers) % 3 != 2:
        jokers -= 1
    return counts, jokers


@given(many_joker_hands(), st.booleans(), st.booleans())
def test_readings_match_decompositions_with_many_jokers(hand, seven_pairs, honor_sequences):
    counts, jokers = hand
    opts = dict(seven_pairs=seven_pairs, honor_sequences=honor_sequences)
    keys = reading_keys(counts, jokers, **opts)
    assert keys == reading_keys_of_decompositions(counts, jokers, **opts)
    assert bool(keys) == hupai.is_win(counts, jokers, **opts)


# ------------------------------------------------------------------ empty hands

@pytest.mark.parametrize("name", sorted(SINGLE))
def test_empty_hand_is_refused_with_the_size_rule(name):
    with pytest.raises(ValueError, match=f"{name} needs 3M\\+[12].* got 0"):
        getattr(hupai, name)(EMPTY, 0)


def test_empty_things_elsewhere():
    assert not hupai.parse("").any() and hupai.format(EMPTY) == ""
    with pytest.raises(ValueError, match="got 0"):
        hupai.analyze_discards(EMPTY)
    with pytest.raises(ValueError, match="row 0: .*got 0"):
        batch.is_win(np.zeros((1, 34), np.uint8))
    for fn in (batch.is_win, batch.shanten, batch.waits):
        assert len(fn(np.zeros((0, 34), np.uint8))) == 0
    sh, masks = batch.discards(np.zeros((0, 34), np.uint8))
    assert sh.shape == masks.shape == (0, 34)
    with pytest.raises(ValueError, match="13 tiles before its winning tile.*got 0"):
        Hand(EMPTY)
    with pytest.raises(ValueError, match="13 or 14 tiles, got 0"):
        hupai.lan_deficit(EMPTY)


def test_batch_shanten_seven_pairs_alone_checks_the_jokers_first():
    """Regression (fuzzing): with standard=False the row sizes were summed before the
    jokers were validated, so a huge joker count raised OverflowError."""
    hands = np.stack([hupai.parse("1122334455667m")])
    with pytest.raises(ValueError, match="jokers = 100000000000000000000 is outside 0-8"):
        batch.shanten(hands, 10 ** 20, standard=False)
    with pytest.raises(ValueError, match="jokers\\[0\\] = -1 is outside 0-8"):
        batch.shanten(hands, [-1], standard=False)
    assert batch.shanten(hands, 1, standard=False).tolist() == [-1]
    with pytest.raises(ValueError, match="row 0: seven_pairs alone needs 13 or 14 tiles"):
        batch.shanten(np.stack([hupai.parse("11223m")]), 0, standard=False)
