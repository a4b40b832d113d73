"""Known hands and every error path of the single-hand kernel functions."""
import numpy as np
import pytest

import hupai
from hupai.tiles import parse


def P(text):
    return parse(text)


@pytest.mark.parametrize("text, jokers, win", [
    ("123m456p789s11122z", 0, True),
    ("11122233344455m", 0, True),
    ("1122334455667m", 1, True),      # seven pairs with a joker
    ("11223344556677z", 0, True),     # all honours, seven pairs
    ("111m", 0, False),               # 3 tiles is not 3M+2: see size tests
    ("11m", 0, True),
    ("1m", 1, True),
    ("", 2, True),                    # two jokers are a pair
    ("19m19p19s1234567z", 1, False),  # thirteen orphans is not a form here
    ("123m456p789s123z", 2, False),   # honours make no sequences by default
])
def test_is_win_examples(text, jokers, win):
    c = P(text)
    if (int(c.sum()) + jokers) % 3 != 2:
        with pytest.raises(ValueError, match="3M\\+2"):
            hupai.is_win(c, jokers)
    else:
        assert hupai.is_win(c, jokers) is win


def test_honor_sequences_option():
    c = P("123m456p789s123z55z")  # 东南西 sequence, 白 pair
    assert not hupai.is_win(c)
    assert hupai.is_win(c, honor_sequences=True)
    assert hupai.is_win(P("123m456p789s567z11z"), honor_sequences=True)  # 白发中


def test_quads_as_two_pairs():
    c = P("11112233445566m")
    assert hupai.is_win(c, quads_as_two_pairs=True)
    assert hupai.is_win(c, quads_as_two_pairs=False)  # also standard: 11 123 123 456 456
    c = P("1111m2233p445566s")
    assert hupai.is_win(c, quads_as_two_pairs=True)
    assert not hupai.is_win(c, quads_as_two_pairs=False)
    assert not hupai.is_win(c, seven_pairs=False)


def test_joker_never_fifth_copy():
    # 1111m + joker: the joker may not be a fifth 1m
    c = P("1111m")
    assert not hupai.is_win(c, 1)
    assert hupai.waits(P("1111m"), 0) == []  # cannot even wait with four 1m alone
    assert 0 not in hupai.waits(P("111m"), 1)


def test_waits_and_shanten_examples():
    assert hupai.waits(P("1112345678999m")) == list(range(9))
    assert hupai.waits(P("123m456p789s1122z")) == [27, 28]
    assert hupai.shanten(P("123m456p789s1122z")) == 0
    assert hupai.shanten(P("123m456p789s11222z")) == -1
    assert hupai.shanten(P("19m19p19s1234567z")) == 6
    # a single tile waits on itself; a lone joker waits on everything
    assert hupai.waits(P("5m")) == [4]
    assert hupai.waits(P(""), 1) == list(range(34))


def test_improving():
    assert hupai.improving(P("1m"), 0) == [0]
    # 1379m: 2m and 8m make a sequence shape; 1m, 3m, 7m, 9m make a pair
    assert hupai.improving(P("1379m")) == [0, 1, 2, 6, 7, 8]
    assert hupai.improving(P("123m456p789s1122z")) == [27, 28]


def test_decompose_examples():
    d = hupai.decompose(P("11122233344455m"))
    assert len(d) == 4
    assert all(x.form == "standard" and x.pair.kind == "pair" for x in d)
    sp = hupai.decompose(P("11223344556677z"))
    assert [x.form for x in sp] == ["seven_pairs"]
    free = hupai.decompose(P("123m"), 2)
    assert any(m.is_free and m.kind == "pair" for x in free for m in x.melds)
    assert hupai.decompose(P("123m456p789s11123z")) == []


def test_decompose_reports_joker_stand_ins():
    decs = hupai.decompose(P("13m55p"), 1)
    seqs = [m for x in decs for m in x.melds if m.kind == "sequence"]
    assert any(m.tiles == (0, 1, 2) and m.jokers == (False, True, False) for m in seqs)
    assert str(seqs[0]) == "1m[2m]3m"


# ------------------------------------------------------------------ inputs

def test_accepts_many_input_types():
    c = P("123m456p789s11122z")
    as_list = c.tolist()
    assert hupai.is_win(as_list)
    assert hupai.is_win(tuple(as_list))
    assert hupai.is_win(bytes(c))
    assert hupai.is_win(c.astype(np.int64))
    assert hupai.is_win(c.astype(np.float32))
    assert hupai.is_win(np.repeat(c, 2)[::2])  # strided view
    assert hupai.is_win("123m456p789s11122z")
    assert hupai.is_win(c, np.int64(0))


def test_never_mutates_arguments():
    c = P("1112345678999m")
    before = c.copy()
    hupai.waits(c)
    hupai.shanten(c)
    hupai.improving(c)
    c2 = P("11123456789999m")
    b2 = c2.copy()
    hupai.decompose(c2)
    hupai.is_win(c2)
    assert (c == before).all() and (c2 == b2).all()


@pytest.mark.parametrize("fn", [hupai.is_win, hupai.shanten, hupai.waits, hupai.decompose,
                                hupai.improving])
@pytest.mark.parametrize("bad, exc, fragment", [
    ([0] * 33, ValueError, "34 entries"),
    (np.zeros((2, 34), np.uint8), ValueError, "34 entries"),
    ([5] + [0] * 33, ValueError, "counts[0] = 5 is outside 0-4"),
    ([-1] + [0] * 33, ValueError, "outside 0-4"),
    (np.array([7] + [0] * 33, np.uint8), ValueError, "counts[0] = 7"),
    ([0.5] + [0] * 33, ValueError, "without loss"),
    (None, TypeError, "sequence of 34 integers"),
    (3, TypeError, "sequence of 34 integers"),
    (["a"] * 34, TypeError, "integers"),
    ({"a": 1}, TypeError, "sequence of 34 integers"),
    ("12x", ValueError, "'x' at position 2"),
])
def test_bad_counts(fn, bad, exc, fragment):
    with pytest.raises(exc) as info:
        fn(bad)
    assert fragment in str(info.value)


@pytest.mark.parametrize("fn", [hupai.is_win, hupai.shanten, hupai.waits, hupai.decompose])
def test_bad_jokers(fn):
    c = np.zeros(34, np.uint8)
    c[0] = 1
    with pytest.raises(ValueError, match="jokers = -1 is outside 0-8"):
        fn(c, -1)
    with pytest.raises(ValueError, match="outside 0-8"):
        fn(c, 9)
    with pytest.raises(ValueError, match="outside 0-8"):
        fn(c, 10 ** 30)
    with pytest.raises(TypeError, match="jokers must be an int"):
        fn(c, 1.0)
    with pytest.raises(TypeError, match="jokers must be an int"):
        fn(c, "1")
    with pytest.raises(TypeError, match="jokers must be an int"):
        fn(c, True)


def test_sizes():
    full = P("11112222333344m")
    with pytest.raises(ValueError, match="at most 14 tiles"):
        hupai.shanten(full, 1)
    with pytest.raises(ValueError, match="at most 14 tiles"):
        hupai.is_win(np.full(34, 4, np.uint8))
    with pytest.raises(ValueError, match="3M\\+1"):
        hupai.waits(P("11m"))
    with pytest.raises(ValueError, match="3M\\+2"):
        hupai.decompose(P("1m"))
    with pytest.raises(ValueError, match="3M\\+1 or 3M\\+2"):
        hupai.shanten(P("111m"))
    with pytest.raises(ValueError, match="3M\\+1 or 3M\\+2"):
        hupai.shanten(P(""))
    with pytest.raises(ValueError, match="no enabled form"):
        hupai.shanten(P("1m"), standard=False)
    with pytest.raises(ValueError, match="no enabled form"):
        hupai.shanten(P("1m"), standard=False, seven_pairs=False)


def test_extreme_inputs():
    assert hupai.is_win(P(""), 2)
    assert hupai.is_win(P("1m"), 1)
    assert hupai.shanten(P(""), 1) == 0
    assert hupai.waits(P(""), 4) == list(range(34))
    assert hupai.is_win(P("1m"), 4)
    # eight jokers and six tiles
    assert hupai.is_win(P("19m19p1z7z"), 8)
    assert len(hupai.decompose(P("19m19p1z7z"), 8)) > 0


def test_pair258_restricts_the_pair_to_suited_2_5_8():
    plain = dict(seven_pairs=False)
    assert hupai.is_win(hupai.parse("11m234p567s789s555p"), **plain)
    assert not hupai.is_win(hupai.parse("11m234p567s789s555p"), **plain, pair258=True)
    assert hupai.is_win(hupai.parse("111m234p567s789s55p"), **plain, pair258=True)
    assert hupai.is_win(hupai.parse("111m234p567s789s"), 2, **plain, pair258=True)   # a joker pair
    assert not hupai.is_win(hupai.parse("123m234p567s789s11z"), **plain, pair258=True)
    # all four 8s held: the pair cannot also lend a fifth 8 to a triplet
    assert hupai.deficit(hupai.parse("8888s1m"), **plain, pair258=True) == 2
    assert hupai.deficit(hupai.parse("8888s1m"), **plain) == 1
    assert hupai.waits(hupai.parse("123m456p789s234s1s"), **plain) == [18, 21]    # 1s, 4s
    assert hupai.waits(hupai.parse("123m456p789s234s1s"), **plain, pair258=True) == []
    assert hupai.waits(hupai.parse("123m456p789s234s5s"), **plain, pair258=True) == [19, 22]  # 2s, 5s


def test_count_bytes_reads_every_input_type_as_the_kernel_does():
    from hupai import _core
    hand = parse("123m456p789s1122z")
    want = bytes(hand.astype(np.uint8))
    for form in ("123m456p789s1122z", hand, hand.astype(np.int64), hand.astype(np.int8), hand.tolist(),
                 tuple(hand.tolist()), want, bytearray(want)):
        got = _core.count_bytes(form)
        assert type(got) is bytes and got == want
    five = hand.tolist()
    five[0] = 5
    with pytest.raises(ValueError, match="outside 0-4"):
        _core.count_bytes(five)
    with pytest.raises(ValueError):
        _core.count_bytes([1] * 33)
    with pytest.raises(TypeError):
        _core.count_bytes(None)
