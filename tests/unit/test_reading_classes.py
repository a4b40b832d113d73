"""The kernel's classes of a complete hand's readings (``_core.reading_classes``)
against the readings themselves (``_core.readings``) sorted into the same classes by a
plain loop; its fields of the tiles, its refusals and its input checks."""
import numpy as np
import pytest

import hupai
from generated_wins import sets_and_a_pair
from hupai import _core

PAIRS = sum(1 << t for t in range(27) if t % 9 in (1, 4, 7))       # 2-5-8s
KINDS_A = sum(1 << t for t in range(27) if t % 9 in (1, 4, 7))
OPTIONS = [{"seven_pairs": False}, {"seven_pairs": False, "honor_sequences": True}]


def _reference(concealed: bytes, win: int, melds: bytes, joker: int, options: dict, blocked: int,
               most: int) -> int:
    """The packed classes worked out from the listed readings."""
    full = bytearray(concealed)
    full[win] += 1
    naturals = bytearray(full)
    k = naturals[joker] if joker >= 0 else 0
    if joker >= 0:
        naturals[joker] = 0
    kw = {"seven_pairs": False, "honor_sequences": options.get("honor_sequences", False)}
    hard = 0
    if _core.is_win(bytes(full), 0, **kw):
        for r in _core.readings(bytes(full), 0, **kw):
            hard |= 1 << ((PAIRS >> r.pair & 1) | 2 * r.triplets_only)
    soft = 0
    if 0 < k <= most and _core.is_win(bytes(naturals), k, **kw):
        for r in _core.readings(bytes(naturals), k, **kw):
            if any(melds[t] and naturals[t] + r.standins.count(t) + melds[t] > 4 for t in set(r.standins)):
                continue
            cls = (1 if r.pair is not None and PAIRS >> r.pair & 1 else 0) | (2 if r.pair is None else 0) \
                | (4 if r.triplets_only else 0) | (8 if all(KINDS_A >> t & 1 for t in r.standins) else 0) \
                | (16 if r.pair == win and win in r.standins and naturals[win] == 1 else 0)
            soft |= 1 << cls
    others = [t for t in range(34) if naturals[t] and t != joker]
    groups = 0
    for t in others:
        groups |= 1 << (t // 9 if t < 27 else 3)
    within = all(KINDS_A >> t & 1 for t in others)
    is_blocked = any(full[t] and blocked >> t & 1 for t in range(34))
    return (hard << _core.CLASSES_HARD | groups << _core.CLASSES_GROUPS | within << _core.CLASSES_WITHIN_A
            | k << _core.CLASSES_JOKERS | is_blocked << _core.CLASSES_BLOCKED | soft << _core.CLASSES_SOFT)


def _hands(rng, n):
    """Complete hands of sets and a pair from one to four groups, some tiles made
    copies of a joker kind, some with a peng split off, a winning tile taken out."""
    out = []
    while len(out) < n:
        c = sets_and_a_pair(rng)
        joker = int(rng.integers(-1, 34))
        if joker >= 0:
            for _ in range(int(rng.integers(0, 4))):
                held = np.flatnonzero(c)
                c[rng.choice(held)] -= 1
                c[joker] += 1
        if c.max() > 4:
            continue
        melds = np.zeros(34, np.int64)
        if rng.random() < 0.4 and (c >= 3).any():
            t = int(rng.choice(np.flatnonzero(c >= 3)))
            c[t] -= 3
            melds[t] += 3
        win = int(rng.choice(np.flatnonzero(c)))
        c[win] -= 1
        out.append((bytes(c.astype(np.uint8)), win, bytes(melds.astype(np.uint8)), joker))
    return out


@pytest.mark.parametrize("options", OPTIONS)
def test_the_classes_are_those_of_the_listed_readings(options):
    bits = _core.wait_options(options)
    rng = np.random.default_rng(20261207)
    seen = 0
    for concealed, win, melds, joker in _hands(rng, 3000):
        blocked = 1 << int(rng.integers(34))
        most = int(rng.choice([1, 8]))
        got = _core.reading_classes(concealed, win, melds if any(melds) else None, joker, PAIRS, KINDS_A, bits,
                                    most, blocked)
        assert got == _reference(concealed, win, melds, joker, options, blocked, most), (concealed, win, melds, joker)
        seen |= got
    # every field took part: hard and soft classes, jokers, blocked kinds
    assert seen >> _core.CLASSES_SOFT and seen >> _core.CLASSES_BLOCKED & 1 and seen & 0xF


@pytest.mark.parametrize("text, win, hard", [
    ("111222333m777p5s", 22, 0b1010),     # three triplets, or three equal chows; pair 5s (a 2-5-8)
    ("111222333m777p6s", 23, 0b0101),     # the same, pair 6s
    ("222333444m7p567s", 0, 0),           # not complete with 1m
    ("22233344m77p567s", 3, 0b0001),      # a chow beside the triplets or the chows; pair 7p
    ("11122233m777p55s", 2, 0b1010),      # completed by the third 3m
])
def test_known_hard_classes(text, win, hard):
    concealed = bytes(hupai.parse(text))
    got = _core.reading_classes(concealed, win, None, -1, PAIRS, KINDS_A, _core.wait_options(OPTIONS[0]))
    assert got & 0xF == hard == _reference(concealed, win, bytes(34), -1, OPTIONS[0], 0, 8) & 0xF


def test_refusals_and_checks():
    hand = bytes(hupai.parse("1111m234p55p789s"))
    assert _core.reading_classes(hand, 0) == -1                         # a fifth 1m
    melds = bytes(hupai.parse("111m"))
    assert _core.reading_classes(bytes(hupai.parse("1m234p55p789s123s")), 0, melds) == -1   # 1m over four
    flipped = bytes(hupai.parse("555m234p55p789s33s"))
    assert _core.reading_classes(flipped, 4) >= 0                       # four 5m
    assert _core.reading_classes(flipped, 4, flipped=4) == -1           # but one lies face up
    with pytest.raises(ValueError, match="win_tile"):
        _core.reading_classes(hand, 34)
    with pytest.raises(ValueError, match="joker"):
        _core.reading_classes(hand, 0, joker=40)
    with pytest.raises(ValueError, match="flipped"):
        _core.reading_classes(hand, 0, flipped=-2)
    with pytest.raises(TypeError, match="bytes"):
        _core.reading_classes(list(hand), 0)
    with pytest.raises(ValueError, match="3M"):
        _core.reading_classes(bytes(hupai.parse("234p55p789s")), 0)
    # not a win: no class, the tiles' fields only
    none = _core.reading_classes(bytes(hupai.parse("123m456p789s1122z")), 0)
    assert none >> _core.CLASSES_SOFT == 0 and none & 0xF == 0
