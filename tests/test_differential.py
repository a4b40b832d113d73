"""Hypothesis differential tests: the native core against the pure-Python reference."""
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import hupai
import reference as ref
from strategies import any_hand, options


@given(any_hand(remainders=(2,)), options)
def test_is_win(hand, opts):
    counts, jokers = hand
    before = counts.copy()
    assert hupai.is_win(counts, jokers, **opts) == ref.is_win(counts, jokers, **opts)
    assert (counts == before).all()


@given(any_hand(remainders=(1, 2)), options)
def test_shanten(hand, opts):
    counts, jokers = hand
    assert hupai.shanten(counts, jokers, **opts) == ref.shanten(counts, jokers, **opts)


@given(any_hand(remainders=(1, 2)), options)
def test_shanten_standard_only(hand, opts):
    counts, jokers = hand
    opts = dict(opts, seven_pairs=False)
    assert hupai.shanten(counts, jokers, **opts) == ref.shanten(counts, jokers, **opts)


@given(any_hand(remainders=(1,)), options)
def test_waits(hand, opts):
    counts, jokers = hand
    assert hupai.waits(counts, jokers, **opts) == ref.waits(counts, jokers, **opts)


@given(any_hand(remainders=(1,)), options)
def test_improving(hand, opts):
    counts, jokers = hand
    assert hupai.improving(counts, jokers, **opts) == ref.improving(counts, jokers, **opts)


@given(any_hand(remainders=(2,), max_jokers=3), options)
def test_decompose(hand, opts):
    opts = {k: v for k, v in opts.items() if k != "shisanlan"}
    counts, jokers = hand
    got = hupai.decompose(counts, jokers, **opts)
    canon = ref.canonical(got)
    assert len(canon) == len(got), "duplicate decompositions"
    assert canon == ref.decompose(counts, jokers, **opts)
    assert bool(got) == ref.is_win(counts, jokers, **opts)


@given(any_hand(remainders=(1, 2)), options)
def test_batch_rows_equal_single_calls(hand, opts):
    counts, jokers = hand
    rows = np.stack([counts, counts])
    total = int(counts.sum()) + jokers
    assert hupai.batch.shanten(rows, jokers, **opts).tolist() == [hupai.shanten(counts, jokers, **opts)] * 2
    if total % 3 == 2:
        assert hupai.batch.is_win(rows, jokers, **opts).tolist() == [hupai.is_win(counts, jokers, **opts)] * 2
    else:
        w = hupai.batch.waits(rows, [jokers, jokers], **opts)
        assert [list(np.flatnonzero(r)) for r in w] == [hupai.waits(counts, jokers, **opts)] * 2


def _reading_key(form, melds):
    """The reading of one reference decomposition (see hupai.readings)."""
    standins = []
    pair = None
    triplets_only = True
    free_melds = free_pairs = 0
    for kind, tiles, jokers in melds:
        if tiles[0] is None:
            if kind == "pair":
                free_pairs += 1
            else:
                free_melds += 1
            continue
        standins += [t for t, j in zip(tiles, jokers) if j]
        if kind == "pair" and form == "standard":
            pair = tiles[0]
        triplets_only &= kind != "sequence"
    return (form, tuple(sorted(standins)), pair, triplets_only and form == "standard",
            free_melds, free_pairs)


@given(any_hand(remainders=(2,), max_jokers=3), options)
def test_readings(hand, opts):
    opts = {k: v for k, v in opts.items() if k != "shisanlan"}
    counts, jokers = hand
    got = hupai.readings(counts, jokers, **opts)
    keys = [(r.form, r.standins, r.pair, r.triplets_only, r.free_melds, r.free_pairs) for r in got]
    assert len(set(keys)) == len(keys), "duplicate readings"
    expected = {_reading_key(form, melds) for form, melds in ref.decompose(counts, jokers, **opts)}
    assert set(keys) == expected


@st.composite
def extras(draw, counts):
    """Tiles outside the hand (melds), never making a kind exceed four."""
    extra = np.zeros(34, np.uint8)
    for t in draw(st.lists(st.integers(0, 33), max_size=6)):
        if counts[t] + extra[t] < 4:
            extra[t] += 1
    return extra


@given(any_hand(remainders=(2,), max_jokers=4), options, st.data())
def test_reading_summaries(hand, opts, data):
    from free_sets import place_free_sets
    opts = {k: v for k, v in opts.items() if k != "shisanlan"}
    counts, jokers = hand
    extra = data.draw(extras(counts))
    kinds = sorted(data.draw(st.sets(st.integers(0, 33), min_size=1)))
    got = hupai.reading_summaries(counts, jokers, extra, kinds, **opts)
    assert len(set(got)) == len(got)
    expected = set()
    honor_seqs = [(27, 28, 29), (27, 28, 30), (27, 29, 30), (28, 29, 30), (31, 32, 33)]
    for r in hupai.readings(counts, jokers, **opts):
        base = (counts.astype(int) + extra).tolist()
        for t in r.standins:
            base[t] += 1
        if max(base) > 4:
            continue
        variants = [r.triplets_only] + ([False] if r.triplets_only and r.free_melds else [])
        for trip in variants:
            finals = list(place_free_sets(base, r.free_melds, r.free_pairs, kinds, trip,
                                          honor_seqs if opts["honor_sequences"] else []))
            if not finals:
                continue
            quads = max(sum(1 for x in f if x == 4) for f in finals)
            expected.add((r.form, trip, r.pair, quads, r.free_melds, r.free_pairs))
    assert set(got) == expected


def _most_quads_of_summaries(counts, jokers, extra, kinds, opts):
    """The most quads per kind of reading (seven pairs, triplets-only, other) from the
    listed reading summaries: the slow, obvious way."""
    most = [-1, -1, -1]
    for form, trip, _pair, quads, _fm, _fp in hupai.reading_summaries(counts, jokers, extra, kinds, **opts):
        slot = 0 if form == "seven_pairs" else 1 if trip else 2
        most[slot] = max(most[slot], quads)
    return tuple(most)


@given(any_hand(remainders=(2,), max_jokers=1), options, st.data())
def test_reading_quads_without_listing(hand, opts, data):
    """reading_quads of a hand with no joker, or one where no kind can reach four, says
    whether each kind of reading exists and the quads every reading shares
    (``hupai_most_quads_quick``): the same as the summaries of every reading listed."""
    from hupai import _core
    opts = {k: v for k, v in opts.items() if k != "shisanlan"}
    counts, jokers = hand
    extra = data.draw(extras(counts))
    kinds = data.draw(st.one_of(st.none(), st.sets(st.integers(0, 33), min_size=1).map(sorted)))
    assert _core.reading_quads(counts, jokers, extra, kinds, **opts) == \
        _most_quads_of_summaries(counts, jokers, extra, kinds, opts)


@st.composite
def wins_with_fours(draw):
    """A hand at or next to a win without jokers (seven pairs, one of them doubled, or a
    triplet, a sequence sharing its kind, two more sets and a pair) in which some kind is
    held four times, and tiles outside it that keep every kind within four."""
    from strategies import _templates
    counts = np.zeros(34, np.int64)
    four = draw(st.integers(0, 33))
    if draw(st.booleans()):
        others = draw(st.lists(st.integers(0, 33).filter(lambda t: t != four), min_size=5, max_size=5, unique=True))
        for t in others:
            counts[t] += 2
        counts[four] += 4
    else:
        sequences = [tpl for tpl in _templates() if four in tpl and len(set(tpl)) == 3]
        for tpl in [(four,) * 3, draw(st.sampled_from(sequences))] + draw(
                st.lists(st.sampled_from(_templates()), min_size=2, max_size=2)):
            for t in tpl:
                counts[t] += 1
        counts[draw(st.integers(0, 33))] += 2
    counts = np.minimum(counts, 4).astype(np.uint8)
    return counts, draw(extras(counts))


@given(wins_with_fours(), options)
def test_reading_quads_of_wins_with_fours(hand, opts):
    """Without jokers a kind held four times is a quad of every reading: reading_quads
    counts them without listing the readings, as the summaries of every reading do."""
    from hupai import _core
    opts = {k: v for k, v in opts.items() if k != "shisanlan"}
    counts, extra = hand
    if int(counts.sum()) % 3 != 2:
        return
    assert _core.reading_quads(counts, 0, extra, None, **opts) == _most_quads_of_summaries(counts, 0, extra, None, opts)


@given(any_hand(remainders=(1,), max_jokers=4), options, st.data())
def test_wait_quads_is_reading_summaries_of_each_wait(hand, opts, data):
    """wait_quads (one call for every wait, as Luzhou's 查叫 asks it) against
    reading_summaries of the hand with each candidate added, reduced to the most quads
    per kind of reading, candidates read alike in one group together."""
    from hupai import _core
    opts = {k: v for k, v in opts.items() if k != "shisanlan"}
    counts, jokers = hand
    extra = data.draw(extras(counts))
    free = data.draw(st.one_of(st.none(), st.lists(st.sets(st.integers(0, 33)).map(sorted), min_size=4,
                                                   max_size=4)))
    candidates = data.draw(st.one_of(st.none(), st.lists(st.integers(0, 33), unique=True)))
    got = _core.wait_quads(counts, jokers, extra, candidates, free, **opts)
    expected: dict = {}         # (most quads ..., group) -> kinds, in the order first found
    for t in range(34) if candidates is None else candidates:
        if counts[t] + extra[t] >= 4:
            continue
        after = counts.copy()
        after[t] += 1
        kinds = None if free is None else free[t // 9 if t < 27 else 3]
        most = _most_quads_of_summaries(after, jokers, extra, kinds, opts)
        if max(most) >= 0:
            expected.setdefault((*most, t // 9 if t < 27 else 3), []).append(t)
    assert got == [key + (tuple(kinds),) for key, kinds in expected.items()]


@given(any_hand(remainders=(1, 2), max_jokers=0), st.booleans(), st.booleans())
def test_lan_deficit(hand, strict, seven_stars):
    counts, _ = hand
    if int(counts.sum()) not in (13, 14):
        return
    assert hupai.lan_deficit(counts, strict=strict, seven_stars=seven_stars) == \
        ref.lan_deficit(counts, strict=strict, seven_stars=seven_stars)


@given(any_hand(remainders=(1, 2)), options)
def test_pair258_deficit_and_shanten(hand, opts):
    """Wuhan's small win: the pair must be a suited 2, 5 or 8 (pair258)."""
    counts, jokers = hand
    opts = dict(opts, pair258=True)
    assert hupai.deficit(counts, jokers, **opts) == ref.deficit(counts, jokers, **opts)
    assert hupai.shanten(counts, jokers, **opts) == ref.shanten(counts, jokers, **opts)


@given(any_hand(remainders=(1,)), options)
def test_pair258_waits_and_improving(hand, opts):
    counts, jokers = hand
    opts = dict(opts, pair258=True)
    assert hupai.waits(counts, jokers, **opts) == ref.waits(counts, jokers, **opts)
    assert hupai.improving(counts, jokers, **opts) == ref.improving(counts, jokers, **opts)


@given(any_hand(remainders=(2,)), st.booleans())
def test_readings_exist_exactly_when_the_hand_wins(hand, seven_pairs):
    """Wuhan's scorer asks ``is_win`` before it searches for readings of the laizi as
    themselves: the kernel has readings exactly for the hands it calls complete."""
    counts, jokers = hand
    assert bool(list(hupai._core.readings(counts, jokers, seven_pairs=seven_pairs))) \
        == hupai.is_win(counts, jokers, seven_pairs=seven_pairs)
