import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hupai
from hupai import tiles
from hupai.tiles import EAST, M1, P5, RED, S1, S9, WHITE


def counts_of(*indices):
    c = np.zeros(34, dtype=np.uint8)
    for t in indices:
        c[t] += 1
    return c


def test_constants_follow_tenhou_order():
    assert (tiles.M1, tiles.M9, tiles.P1, tiles.P9, tiles.S1, tiles.S9) == (0, 8, 9, 17, 18, 26)
    assert (tiles.EAST, tiles.SOUTH, tiles.WEST, tiles.NORTH) == (27, 28, 29, 30)
    assert (tiles.WHITE, tiles.GREEN, tiles.RED) == (31, 32, 33)


def test_parse_mpsz():
    c = hupai.parse("123m456p789s11z")
    assert c.dtype == np.uint8 and c.shape == (34,)
    assert tiles.to_indices(c) == [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27]
    assert (hupai.parse("1m 2m 3m") == hupai.parse("123m")).all()
    assert (hupai.parse("23m7z456m") == hupai.parse("23456m7z")).all()
    assert hupai.parse is tiles.parse


@pytest.mark.parametrize("text, expected", [
    ("一万九万", [M1, 8]),
    ("五筒", [P5]),
    ("三条", [20]),
    ("东南西北中发白", [27, 28, 29, 30, RED, 32, WHITE]),
    ("一萬一筒一條東發", [M1, 9, S1, EAST, 32]),
    ("红中白板发财", [RED, WHITE, 32]),
    ("5万", [4]),
])
def test_parse_chinese(text, expected):
    assert (hupai.parse(text) == counts_of(*expected)).all()


def test_parse_unicode():
    assert (hupai.parse("🀇🀏🀙🀡🀐🀘") == counts_of(M1, 8, 9, 17, S1, S9)).all()
    assert (hupai.parse("🀀🀁🀂🀃🀆🀅🀄\ufe0f") == counts_of(27, 28, 29, 30, WHITE, 32, RED)).all()


def test_parse_mixed_styles():
    assert (hupai.parse("123m 五筒 🀄") == counts_of(0, 1, 2, P5, RED)).all()


@pytest.mark.parametrize("text, fragment", [
    ("123x", "'x' at position 3"),
    ("123", "suit letter"),
    ("0m", "rank 0"),
    ("8z", "rank 8"),
    ("m", "'m' at position 0"),
    ("11111m", "more than four copies of 1m"),
    ("一万?", "'?' at position 2"),
])
def test_parse_errors_name_the_problem(text, fragment):
    with pytest.raises(ValueError, match=None) as info:
        hupai.parse(text)
    assert fragment in str(info.value)


def test_parse_type_error():
    with pytest.raises(TypeError):
        hupai.parse(123)  # type: ignore[arg-type]


def test_parse_tile():
    assert tiles.parse_tile("5p") == P5
    assert tiles.parse_tile("五筒") == P5
    with pytest.raises(ValueError, match="exactly one tile"):
        tiles.parse_tile("55p")


def test_format_styles():
    c = hupai.parse("123m5p9s17z")
    assert hupai.format(c) == "123m5p9s17z"
    assert tiles.format(c, "chinese") == "一万二万三万五筒九条东中"
    assert tiles.format(c, "unicode") == "🀇🀈🀉🀝🀘🀀🀄"
    with pytest.raises(ValueError, match="unknown style"):
        tiles.format(c, "roman")  # type: ignore[arg-type]


def test_format_rejects_bad_counts():
    with pytest.raises(ValueError, match="outside 0-4"):
        tiles.format([5] + [0] * 33)
    with pytest.raises(ValueError, match="shape"):
        tiles.format([0] * 33)
    with pytest.raises(TypeError):
        tiles.format(["a"] * 34)


@st.composite
def count_vectors(draw):
    return np.array(draw(st.lists(st.integers(0, 4), min_size=34, max_size=34)), dtype=np.uint8)


@given(count_vectors(), st.sampled_from(["mpsz", "chinese", "unicode"]))
def test_round_trip(counts, style):
    text = tiles.format(counts, style)
    assert (hupai.parse(text) == counts).all()


def test_helpers():
    assert tiles.suit_of(P5) == "p" and tiles.rank_of(P5) == 5
    assert tiles.is_honor(RED) and not tiles.is_honor(S9)
    assert (tiles.from_indices([0, 0, 33]) == counts_of(0, 0, 33)).all()
    with pytest.raises(ValueError, match="outside 0-33"):
        tiles.tile_name(34)
    with pytest.raises(TypeError):
        tiles.tile_name("1m")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="more than four"):
        tiles.from_indices([1] * 5)


@given(st.text(max_size=30))
def test_parse_never_crashes(text):
    """Any text parses or raises ValueError naming the problem."""
    try:
        counts = hupai.parse(text)
    except ValueError as exc:
        assert "position" in str(exc) or "copies" in str(exc)
    else:
        assert counts.shape == (34,) and counts.max() <= 4


@pytest.mark.parametrize("text", ["123m", "5p", "9s1z", "1234567z", "19m19p19s1234567z", "11m22p33s"])
def test_group_bits_are_the_groups_held(text):
    counts = tiles.parse(text)
    groups = {min(t // 9, 3) for t in range(34) if counts[t]}
    expected = sum(1 << g for g in groups)
    assert tiles.group_bits(counts.tobytes()) == expected
    assert tiles.group_bits(bytearray(counts.tobytes())) == expected
    assert [tiles.GROUP_BIT[t] for t in (0, 8, 9, 17, 18, 26, 27, 33)] == [1, 1, 2, 2, 4, 4, 8, 8]
