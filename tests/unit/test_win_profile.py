"""The kernel's profile of a complete hand (``_core.win_profile``) against what the
regions used to read of the tiles one call at a time: ``reading_quads``, the groups,
the kinds held four times, ``lan_deficit``; and its input checks."""
import numpy as np
import pytest

import hupai
from generated_wins import sets_and_a_pair
from hupai import _core, tiles
from hupai.rules.profile import Profile, unpack

OPTION_SETS = [{}, {"honor_sequences": True}, {"shisanlan": True}, {"shisanlan": "strict", "honor_sequences": True},
               {"quads_as_two_pairs": False}]


def _reference(concealed: bytes, win: int, melds: bytes, options: dict) -> Profile:
    """The profile worked out from the single-purpose calls, as the regions did."""
    full = bytearray(concealed)
    full[win] += 1
    full = bytes(full)
    seven, triplets, other = _core.reading_quads(
        full, 0, seven_pairs=not any(melds), quads_as_two_pairs=options.get("quads_as_two_pairs", True),
        honor_sequences=options.get("honor_sequences", False))
    both = bytes(a + b for a, b in zip(full, melds))
    groups = tiles.group_bits(both)
    distinct = full.count(1) == 14
    lan = options.get("shisanlan", False)
    is_lan = bool(lan) and distinct and _core.lan_deficit(full, strict=lan == "strict") == 0
    stars = is_lan and _core.lan_deficit(full, strict=lan == "strict", seven_stars=True) == 0
    return Profile(seven, triplets, other, groups, full.count(4), distinct, is_lan, stars)


def _hands(rng, n):
    """Complete hands (sets and a pair, seven pairs, 十三爛-like spreads), some with
    declared melds split off, with a winning tile taken out."""
    out = []
    while len(out) < n:
        c = np.zeros(34, np.int64)
        form = rng.integers(3)
        if form == 0:
            c = sets_and_a_pair(rng)
        elif form == 1:
            for t in rng.choice(34, 7, replace=rng.random() < 0.3):
                c[t] += 2
        else:
            c[rng.choice(34, 14, replace=False)] += 1
        if c.max() > 4:
            continue
        melds = np.zeros(34, np.int64)
        if form == 0 and rng.random() < 0.4:
            t = int(rng.choice(np.flatnonzero(c >= 3)) if (c >= 3).any() else -1)
            if t >= 0:
                c[t] -= 3
                melds[t] += 3
        win = int(rng.choice(np.flatnonzero(c)))
        c[win] -= 1
        out.append((bytes(c.astype(np.uint8)), win, bytes(melds.astype(np.uint8))))
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_profile_is_what_the_single_calls_say(options):
    bits = _core.wait_options(options)
    rng = np.random.default_rng(20261206)
    for concealed, win, melds in _hands(rng, 1500):
        profile = _core.win_profile(concealed, win, melds if any(melds) else None, bits)
        assert unpack(profile) == _reference(concealed, win, melds, options), (concealed, win, melds)


def test_known_profiles():
    seven = hupai.parse("113355779m1122p")        # 9m wins seven pairs (and no standard hand)
    p = unpack(_core.win_profile(bytes(seven), 8))
    assert (p.seven, p.triplets, p.other, p.groups, p.fours) == (0, -1, -1, 0b0011, 0)
    quads = hupai.parse("1111m23m456p789s1z")     # 1z: 111m 123m 456p 789s 11z, four 1m held
    p = unpack(_core.win_profile(bytes(quads), 27))
    assert (p.seven, p.triplets, p.groups, p.fours) == (-1, -1, 0b1111, 1) and p.other >= 0
    lan = hupai.parse("147m258p3s123456z")        # 7z completes 七星十三爛
    opts = _core.wait_options({"shisanlan": True})
    p = unpack(_core.win_profile(bytes(lan), 33, None, opts))
    assert p.distinct and p.lan and p.seven_stars
    assert not unpack(_core.win_profile(bytes(lan), 33)).lan     # 十三爛 not asked for
    assert unpack(_core.win_profile(bytes(hupai.parse("123m456p789s1122z")), 0)).other == -1   # no win


def test_a_fifth_copy_is_minus_one_not_a_profile():
    hand = bytes(hupai.parse("1111m234p567s11z"))
    assert _core.win_profile(hand, 0) == -1
    melds = bytearray(34)
    melds[27] = 3
    assert _core.win_profile(bytes(hupai.parse("1111m234p11z")), 27, bytes(melds)) == -1
    with pytest.raises(ValueError, match="negative profile"):
        unpack(-1)


def test_the_inputs_are_checked():
    hand = bytes(hupai.parse("123m456p789s1122z"))
    with pytest.raises(TypeError, match="bytes or a bytearray"):
        _core.win_profile(list(hand), 0)
    with pytest.raises(ValueError, match="34 entries"):
        _core.win_profile(hand[:33], 0)
    with pytest.raises(ValueError, match="0-33"):
        _core.win_profile(hand, 34)
    with pytest.raises(TypeError, match="meld_counts"):
        _core.win_profile(hand, 0, "111m")
    with pytest.raises(ValueError, match="3M\\+2"):
        _core.win_profile(bytes(hupai.parse("123m456p789s112z")), 0)
    with pytest.raises(ValueError, match="option bits"):
        _core.win_profile(hand, 0, None, 1 << 20)
    assert _core.win_profile(bytearray(hand), 27) == _core.win_profile(hand, 27)


def test_free_kinds_as_a_mask_read_as_the_kinds():
    """``free_kinds`` given as a mask (Luzhou's ghost-only sets, without a loop over
    the kinds) reads as the same kinds given one by one; a mask past 34 bits is refused."""
    rng = np.random.default_rng(7)
    kinds = [tuple(range(9)), tuple(range(9, 27)), (0, 5, 30)]
    checked = 0
    for concealed, win, _ in _hands(rng, 300):
        full = bytearray(concealed)
        full[win] += 1
        full[next(t for t in range(34) if full[t])] -= 1     # one tile less: a joker in its place
        if sum(full) != 13:
            continue        # (a hand with a meld split off)
        checked += 1
        for ks in kinds:
            mask = sum(1 << t for t in ks)
            assert _core.reading_quads(bytes(full), 1, None, mask) == _core.reading_quads(bytes(full), 1, None, ks)
            assert _core.reading_summaries(bytes(full), 1, None, mask) == \
                _core.reading_summaries(bytes(full), 1, None, ks)
        before = bytearray(full)
        before[next(t for t in range(34) if before[t])] -= 1
        groups = [sum(1 << t for t in ks) for ks in kinds] + [0]
        assert _core.wait_quads(bytes(before), 1, None, None, groups) == \
            _core.wait_quads(bytes(before), 1, None, None, kinds + [()])
    assert checked > 200
    with pytest.raises(ValueError):
        _core.reading_quads(bytes(hupai.parse("123m456p789s1122z")), 1, None, 1 << 40)


def test_a_joker_kind_reads_as_reading_quads_with_jokers_in_the_suits_held():
    """With ``joker``, that kind's copies (the winning tile included) are jokers, the
    groups are the other tiles', and ghost-only sets take kinds of the suits held (the
    first suit when none is): what Luzhou read with ``reading_quads`` and a mask."""
    rng = np.random.default_rng(20261207)
    checked = 0
    for concealed, win, _ in _hands(rng, 1500):
        full = bytearray(concealed)
        full[win] += 1
        if sum(full) != 14:
            continue        # (a hand with a meld split off)
        for _ in range(int(rng.integers(0, 4))):
            held = [t for t in range(33) if full[t]]
            if held:
                t = int(rng.choice(held))
                full[t] -= 1
                full[33] += 1
        if full[33] > 4:
            continue
        for joker in (33, int(rng.integers(33))):
            w = joker if full[joker] and rng.random() < 0.3 else int(rng.choice([t for t in range(34) if full[t]]))
            before = bytearray(full)
            before[w] -= 1
            naturals = bytearray(full)
            k = naturals[joker]
            naturals[joker] = 0
            suits = tiles.group_bits(bytes(naturals)) & 7
            mask = sum(0x1FF << 9 * g for g in range(3) if suits >> g & 1) or 0x1FF
            profile = _core.win_profile(bytes(before), w, None, _core.wait_options({}), joker)
            if max(naturals) > 4:
                assert profile == -1
                continue
            p = unpack(profile)
            assert (p.seven, p.triplets, p.other) == _core.reading_quads(bytes(naturals), k, None, mask), \
                (bytes(before), w, joker)
            assert p.groups == tiles.group_bits(bytes(naturals)) and p.fours == naturals.count(4)
            checked += 1
    assert checked > 1000


def test_the_joker_is_a_kind_or_none():
    hand = bytes(hupai.parse("123m456p789s1122z"))
    with pytest.raises(ValueError, match="joker"):
        _core.win_profile(hand, 0, None, _core.wait_options({}), 34)
    nine = bytearray(hupai.parse("123m"))          # eleven 紅中 with the winning one: past the kernel's eight
    nine[33] = 10
    nine = bytes(nine)
    with pytest.raises(ValueError, match="jokers"):
        _core.win_profile(nine, 33, None, _core.wait_options({}), 33)
