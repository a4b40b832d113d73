"""Every accepted input type reads as its uint8 counterpart, on the fast paths that read
the caller's data in place (any integer dtype and stride, lists and tuples of ints,
bytes), and the slow path (floats, other byte orders) agrees; counts outside 0-4 are
named with their true value whatever the type."""
import numpy as np
import pytest

import hupai
from hupai import batch

rng = np.random.default_rng(16)

INT_DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def _hands(n, size=14):
    """n random hands of `size` tiles (no kind above 4)."""
    out = np.zeros((n, 34), np.uint8)
    for row in out:
        for t in rng.choice(136, size, replace=False) // 4:
            row[t] += 1
    return out


HANDS14 = _hands(300)
HANDS13 = _hands(300, 13)
JOKERS = rng.integers(0, 2, 300).astype(np.int64)   # 13 + 0 or 1 tiles: a shanten of either size
# 13 concealed tiles, read with one joker: 14-tile hands that exercise the jokers
WITH_JOKERS = _hands(300, 13)


def _variants(row):
    """The same hand as every accepted single-call input type."""
    yield "list", row.tolist()
    yield "tuple", tuple(row.tolist())
    yield "bytes", bytes(row)
    yield "bytearray", bytearray(row)
    yield "memoryview", memoryview(bytes(row))
    yield "strided", np.repeat(row, 2)[::2]
    yield "reversed", row[::-1].copy()[::-1]
    yield "big-endian int16", row.astype(">i2")
    yield "float64", row.astype(np.float64)
    for dt in INT_DTYPES:
        yield np.dtype(dt).name, row.astype(dt)


@pytest.mark.parametrize("fn, hands, jokers", [
    (hupai.shanten, HANDS14, 0), (hupai.is_win, HANDS14, 0), (hupai.waits, HANDS13, 0),
    (hupai.improving, HANDS13, 0), (hupai.shanten, WITH_JOKERS, 1), (hupai.is_win, WITH_JOKERS, 1),
])
def test_single_calls_read_every_input_type_as_uint8(fn, hands, jokers):
    for row in hands[:60]:
        expected = fn(row, jokers)
        for name, value in _variants(row):
            assert fn(value, jokers) == expected, name


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
@pytest.mark.parametrize("value", [-1, -128, 5, 127])
def test_a_signed_count_out_of_range_is_named_with_its_value(dtype, value):
    row = HANDS14[0].astype(dtype)
    row[9] = value
    with pytest.raises(ValueError, match=rf"counts\[9\] = {value} is outside 0-4"):
        hupai.shanten(row)
    with pytest.raises(ValueError, match=rf"counts\[9\] = {value} is outside 0-4"):
        hupai.shanten(row.tolist())


def test_an_unsigned_count_out_of_range_is_named_with_its_value():
    row = HANDS14[0].astype(np.uint64)
    row[30] = 2 ** 64 - 1
    with pytest.raises(ValueError, match=r"counts\[30\] = 18446744073709551615 is outside 0-4"):
        hupai.shanten(row)
    row = HANDS14[0].astype(np.uint16)
    row[0] = 300                          # 300 is 44 as a byte: no truncation is read
    with pytest.raises(ValueError, match=r"counts\[0\] = 300 is outside 0-4"):
        hupai.shanten(row)


@pytest.mark.parametrize("value, text", [("2 ** 40", "an int of 41 bits"), ("-(2 ** 70)", "a negative int of 71 bits"),
                                         ("10 ** 5000", "an int of 16610 bits")], ids=["40 bits", "-70 bits", "5000 digits"])
def test_a_huge_int_in_a_list_is_named_briefly(value, text):
    """10 ** 5000 has more digits than Python prints: the message gives its size."""
    row = HANDS14[0].tolist()
    row[3] = eval(value)
    with pytest.raises(ValueError, match=rf"counts\[3\] = {text} is outside 0-4"):
        hupai.shanten(row)


@pytest.mark.parametrize("odd", [True, 1.0, np.int64(1), "1"], ids=["bool", "float", "numpy int", "str"])
def test_a_list_holding_something_else_than_ints_takes_the_slow_path(odd):
    """A bool, a float, a numpy scalar or a string among ints: numpy judges the list as
    before (an integral float, a numpy int and a bool among ints read as the count; a
    string is refused)."""
    row = HANDS14[0].tolist()
    row[row.index(1)] = odd                # the same count, of another type
    if isinstance(odd, str):
        with pytest.raises((TypeError, ValueError)):
            hupai.shanten(row)
    else:
        assert hupai.shanten(row) == hupai.shanten(HANDS14[0])


def test_wrong_lengths_and_shapes_are_still_refused():
    with pytest.raises(ValueError, match="34 entries"):
        hupai.shanten([0] * 33)
    with pytest.raises(ValueError, match="34 entries"):
        hupai.shanten(np.zeros(35, np.int64))
    with pytest.raises(ValueError, match="34 entries"):
        hupai.shanten(HANDS14[:1].astype(np.int16))        # (1, 34) is not one hand
    with pytest.raises(TypeError):
        hupai.shanten(np.zeros(34, np.bool_))


def _layouts(hands):
    """The same rows as every batch input layout."""
    yield "uint8", hands
    for dt in INT_DTYPES:
        yield np.dtype(dt).name, hands.astype(dt)
    yield "fortran int64", np.asfortranarray(hands.astype(np.int64))
    yield "every other row", np.repeat(hands, 2, axis=0)[::2]
    yield "reversed columns", hands[:, ::-1].copy()[:, ::-1]
    yield "big-endian int32", hands.astype(">i4")
    yield "float32", hands.astype(np.float32)
    yield "broadcast", np.broadcast_to(hands[0], hands.shape)


@pytest.mark.parametrize("call, hands", [
    (lambda h, t: batch.shanten(h, JOKERS, threads=t), HANDS13),
    (lambda h, t: batch.is_win(h, 1, threads=t), WITH_JOKERS),
    (lambda h, t: batch.waits(h, 0, threads=t), HANDS13),
    (lambda h, t: batch.discards(h, 0, threads=t), HANDS14),
])
def test_batches_read_every_layout_as_uint8(call, hands):
    for threads in (1, 2):
        for name, arr in _layouts(hands):
            expected = call(np.ascontiguousarray(arr, dtype=np.uint8), 1)
            got = call(arr, threads)
            if isinstance(expected, tuple):
                assert all(np.array_equal(a, b) for a, b in zip(got, expected)), name
            else:
                assert np.array_equal(got, expected), name


@pytest.mark.parametrize("dtype, value, shown", [
    (np.int64, -3, "-3"), (np.int8, 100, "100"), (np.uint64, 2 ** 63, str(2 ** 63)), (np.int16, 260, "260"),
])
def test_a_batch_count_out_of_range_is_named_with_its_value(dtype, value, shown):
    hands = HANDS14.astype(dtype)
    hands[123, 17] = value
    with pytest.raises(ValueError, match=rf"hands\[123, 17\] = {shown} is outside 0-4"):
        batch.shanten(hands)


def test_batch_inputs_of_other_types_are_not_mutated_or_copied_back():
    hands = HANDS14.astype(np.int64)
    before = hands.copy()
    batch.shanten(hands, threads=2)
    assert np.array_equal(hands, before)


_EDGES = [5, 6, 7, 8, 15, 16, 255, 256, 261, -1, -2, -3, -4, -5, -8]


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64])
def test_every_count_above_four_is_caught_at_every_slot_in_every_width(dtype):
    """The wide copy checks v > 4 as (v >> 3) | ((v + 3) >> 3): the values where v + 3
    wraps (-1 to -3 read unsigned) and those next to 4 and 8 are where it could slip."""
    info = np.iinfo(dtype)
    edges = sorted({v for v in [*_EDGES, int(info.max), int(info.min)]
                    if info.min <= v <= info.max and not 0 <= v <= 4})
    for value in edges:
        for slot in range(34):
            hand = HANDS14[:1].astype(dtype)
            hand[0, slot] = value
            with pytest.raises(ValueError, match=rf"hands\[0, {slot}\] = {value} is outside 0-4"):
                batch.shanten(hand)
