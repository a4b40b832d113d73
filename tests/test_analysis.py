"""Discard analysis against brute force: discard each tile, draw each tile, re-evaluate."""
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import hupai
import reference as ref
from strategies import any_hand


def brute_force(counts, jokers, unseen, **opts):
    out = {}
    for d in range(34):
        if not counts[d]:
            continue
        after = counts.copy()
        after[d] -= 1
        sh = hupai.shanten(after, jokers, **opts)
        eff = {}
        for t in range(34):
            if after[t] < 4:
                drawn = after.copy()
                drawn[t] += 1
                if hupai.shanten(drawn, jokers, **opts) < sh and unseen[t] > 0:
                    eff[t] = int(unseen[t])
        out[d] = (sh, eff)
    return out


@given(any_hand(remainders=(2,), max_jokers=3), st.data())
def test_analyze_discards_matches_brute_force(hand, data):
    counts, jokers = hand
    if not counts.any():
        return
    visible = np.zeros(34, np.uint8)
    for t in data.draw(st.lists(st.integers(0, 33), max_size=10)):
        if counts[t] + visible[t] < 4:
            visible[t] += 1
    before = counts.copy()
    got = hupai.analyze_discards(counts, jokers, visible)
    assert (counts == before).all()
    unseen = 4 - counts.astype(int) - visible
    expected = brute_force(counts, jokers, unseen)
    assert {o.discard: (o.shanten, o.effective) for o in got} == expected
    for o in got:
        assert o.total == sum(o.effective.values())
        assert o.waits == (o.effective if o.shanten == 0 else {})
        assert all(n <= 4 - counts[t] for t, n in o.effective.items())   # never counts own tiles
    keys = [(o.shanten, -o.total) for o in got]
    assert keys == sorted(keys)


def test_own_tiles_are_never_available():
    hand = hupai.parse("1112345678999m5p")   # discard 5p: waits on every 1-9m
    best = hupai.analyze_discards(hand)[0]
    assert best.discard == hupai.tiles.P5 and best.shanten == 0
    assert best.waits[0] == 1 and best.waits[8] == 1 and best.waits[1] == 3


def test_errors():
    with pytest.raises(ValueError, match="3M\\+2"):
        hupai.analyze_discards(hupai.parse("123m"))
    with pytest.raises(ValueError, match="only 4 exist"):
        hupai.analyze_discards(hupai.parse("1111m23m456p789s11z"), visible=[1] + [0] * 33)


def test_batch_discards_equal_single_analysis():
    rng = np.random.default_rng(5)
    hands = np.zeros((200, 34), np.uint8)
    jokers = rng.integers(0, 3, 200)
    wall = np.repeat(np.arange(34), 4)
    for i in range(200):
        np.add.at(hands[i], rng.choice(wall, 14 - jokers[i], replace=False), 1)
    sh, masks = hupai.batch.discards(hands, jokers, threads=2)
    assert sh.shape == masks.shape == (200, 34) and sh.dtype == np.int8 and masks.dtype == np.uint64
    for i in range(200):
        table = hupai._core.discard_table(hands[i], int(jokers[i]))
        for d in range(34):
            if hands[i, d]:
                s, kinds = table[d]
                assert sh[i, d] == s
                assert [t for t in range(34) if int(masks[i, d]) >> t & 1] == kinds
            else:
                assert sh[i, d] == 127 and masks[i, d] == 0


@settings(max_examples=60)
@given(st.data())
def test_luzhou_analysis_against_reference(data):
    import reference as ref
    from hupai.rules import Hand, Situation, luzhou
    suits = data.draw(st.lists(st.sampled_from([0, 9, 18]), min_size=1, max_size=3, unique=True))
    pool = [t for s in suits for t in range(s, s + 9)] + [33]
    tiles = []
    while len(tiles) < 14:
        t = data.draw(st.sampled_from(pool))
        if tiles.count(t) < 4:
            tiles.append(t)
    counts = np.zeros(34, np.uint8)
    for t in tiles:
        counts[t] += 1
    got = hupai.analyze_discards(counts, rules="luzhou")
    ghosts = int(counts[33])
    for o in got:
        after = counts.astype(int)
        after[o.discard] -= 1
        natural = after.copy()
        natural[33] = 0
        best = None
        for g in range(3):
            c = natural.copy()
            c[9 * g:9 * g + 9] = 0
            d = min(ref.standard_deficit(c, 4), ref.seven_pairs_deficit(c, True))
            best = d if best is None else min(best, d)
        assert o.shanten == best - ghosts - 1
        if o.shanten == 0:
            hand = Hand(after.astype(np.uint8), ())
            wins = {t for t in range(27) if counts[t] < 4    # an unseen copy is left
                    and luzhou.score(hand, Situation(t, True)).is_win}
            assert set(o.values) == wins & set(o.waits)
            assert wins <= set(o.waits)


@pytest.mark.parametrize("region, hand", [
    ("fuzhou", "147m258p369s12347z"), ("fuzhou", "124z456m789p234s55p"),
    ("guiyang", "1112345678999m5p"), ("guiyang", "1122m3344p5566s9s8p"),
])
def test_plain_region_analysis_values(region, hand):
    from hupai.rules import REGIONS, Hand, Situation
    module = REGIONS[region]
    counts = hupai.parse(hand)
    rows = hupai.analyze_discards(counts, rules=region)
    assert rows and rows[0].shanten <= 1
    for o in rows:
        if o.shanten != 0:
            assert o.values is None
            continue
        after = counts.copy()
        after[o.discard] -= 1
        for t, v in o.values.items():
            assert module.score(Hand(after), Situation(t, True)).value == v
        assert set(o.values) <= set(o.waits)


def test_wuhan_analysis():
    from hupai.rules import Hand, Situation, parse_meld, wuhan
    chi = [parse_meld("chi", "345s")]
    counts = hupai.parse("234m678m5s123p8p")
    rows = hupai.analyze_discards(counts, rules="wuhan", indicator="8p", melds=chi)
    losers = [wuhan.Loser(s, True) for s in "ABC"]
    for o in rows:
        if o.shanten == 0:
            after = counts.copy()
            after[o.discard] -= 1
            for t, v in o.values.items():
                assert wuhan.score(Hand(after, tuple(chi)),
                                   Situation(t, True, indicator="8p", losers=losers)).value == v
            assert set(o.waits) == set(o.values)
    # without an opening nothing can be won, so no waits are listed
    closed = hupai.analyze_discards(hupai.parse("234m678m345s5s123p8p"), rules="wuhan", indicator="8p")
    assert all(not o.waits for o in closed)
    with pytest.raises(ValueError, match="must be konged"):
        hupai.analyze_discards(hupai.parse("234m678m345s5s12p7z"), rules="wuhan", indicator="8p")
    with pytest.raises(ValueError, match="indicator"):
        hupai.analyze_discards(counts, rules="wuhan")
    # 4s, the laizi, inside the chi: a meld the rules forbid, so no discard has a wait
    rows = hupai.analyze_discards(counts, rules="wuhan", indicator="3s", melds=chi)
    assert rows and all(not o.waits and "never claimed" in o.reason for o in rows)
    assert "reason" in rows[0].to_dict()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_wuhan_analysis_counts_the_way_to_a_small_win(data):
    """Not yet ready: shanten and 进张 toward 4 sets and a 2-5-8 pair, the laizi as
    jokers, checked against the reference; ready: exactly the legal waits."""
    from hupai.rules import Hand, Situation, parse_meld, wuhan
    chi = (parse_meld("chi", "345s"),)
    # a suited laizi, not inside the chi
    indicator = data.draw(st.sampled_from([t for t in range(27) if t not in (19, 20, 21)]),
                          label="indicator")
    laizi = wuhan.laizi_of(indicator)
    wall = [t for t in range(27) for _ in range(4 - (t == indicator) - (20 <= t <= 22))]
    picks = data.draw(st.lists(st.sampled_from(range(len(wall))), min_size=11, max_size=11,
                               unique=True), label="tiles")
    counts = np.zeros(34, np.uint8)
    for k in picks:
        counts[wall[k]] += 1
    rows = hupai.analyze_discards(counts, rules="wuhan", indicator=indicator, melds=chi)
    losers = [wuhan.Loser(s, True) for s in "ABC"]
    melded = sum(m.counts for m in chi)
    seen = melded.copy()
    seen[indicator] += 1          # the flipped indicator
    unseen = hupai.analysis.unseen_counts(counts, seen).tolist()
    assert {o.discard for o in rows} == {t for t in range(34) if counts[t] and t != laizi}
    for o in rows:
        after = counts.astype(np.int64)
        after[o.discard] -= 1
        natural = after.copy()
        natural[laizi] = 0
        jokers = int(after[laizi])
        legal = {t for t in range(34) if unseen[t] and
                 wuhan.score(Hand(after.astype(np.uint8), chi),
                             Situation(t, True, indicator=indicator, losers=losers)).is_win}
        if legal:
            assert o.shanten == 0 and set(o.waits) == legal
            continue
        small = ref.shanten(natural, jokers, seven_pairs=False, pair258=True)
        assert o.shanten == small and not o.waits
        if small > 0:
            expect = {t for t in ref.improving(natural, jokers, seven_pairs=False, pair258=True)
                      if unseen[t] and t != laizi}
            assert set(o.effective) - {laizi} == expect


def test_visible_and_meld_counts_must_be_whole_numbers():
    """Regression found by the fuzz targets: float counts were cast unchecked."""
    hand = hupai.parse("123m456p789s11z256m")
    seen = np.zeros(34)
    seen[0] = 0.5
    with pytest.raises(ValueError, match="whole numbers"):
        hupai.analyze_discards(hand, visible=seen)
    seen[0] = np.nan
    with pytest.raises(ValueError, match="whole numbers"):
        hupai.analyze_discards(hand, visible=seen)
    with pytest.raises(TypeError, match="DeclaredMeld"):
        hupai.analyze_discards(hand, melds=[seen])
    with pytest.raises(TypeError, match="integer counts"):
        hupai.analyze_discards(hand, visible=np.array(["1"] * 34))
    with pytest.raises(ValueError, match="whole numbers"):
        hupai.analyze_discards(hand.astype(float) + 0.5, rules="guiyang")
    seen[0] = 1.0
    assert hupai.analyze_discards(hand, visible=seen)[0].effective == \
        hupai.analyze_discards(hand, visible=seen.astype(int))[0].effective


@pytest.mark.parametrize("count", [5, -1, 256, 300])
def test_visible_counts_must_be_0_to_4(count):
    hand = hupai.parse("123m456p789s11p256m")
    seen = [0] * 34
    seen[20] = count
    for rules in (None, "luzhou"):
        with pytest.raises(ValueError, match="visible counts must be 0-4"):
            hupai.analyze_discards(hand, visible=np.array(seen), rules=rules)


def test_luzhou_analysis_with_more_than_four_ghosts():
    """The 8-ghost game (L19) lets a hand hold five 紅中 and the table show more: the
    analysis counts the naturals' four copies and the ghosts apart, instead of refusing."""
    from hupai.rules.luzhou import LuzhouRules
    rules = LuzhouRules(ghost_count=8)
    hand = hupai.tiles.parse("123m456m11p9p")
    hand[33] = 5                                   # and five ghosts: 14 tiles
    visible = np.zeros(34, np.uint8)
    visible[33] = 2                                # two more discarded: seven of eight seen
    rows = hupai.analyze_discards(hand, visible=visible, rules=rules)
    assert rows[0].shanten == -1 or rows[0].shanten == 0
    assert all(r.effective.get(33, 0) <= 1 for r in rows)     # one ghost left to draw


@pytest.mark.parametrize("rules", ["luzhou", "wuhan", "guiyang", "fuzhou"])
@pytest.mark.parametrize("melds, problem", [(np.zeros(34), "not an array"), ([1, 2], "not int"),
                                            ([("peng", "111m")], "not tuple"), (5, "sequence of DeclaredMeld")])
def test_melds_that_are_no_melds_are_a_type_error_in_every_region(rules, melds, problem):
    """Not DeclaredMeld: a TypeError naming what was given (three regions' analyses
    failed with an AttributeError before)."""
    hand = hupai.parse("123m456p789s11p256m")
    facts = {"indicator": 5} if rules == "wuhan" else {}
    with pytest.raises(TypeError, match=problem):
        hupai.analyze_discards(hand, rules=rules, melds=melds, **facts)


@pytest.mark.parametrize("melds, problem", [(np.zeros(34), "not an array"), (5, "sequence of DeclaredMeld")])
def test_melds_that_are_no_melds_are_a_type_error_without_rules(melds, problem):
    with pytest.raises(TypeError, match=problem):
        hupai.analyze_discards(hupai.parse("123m456p789s11p256m"), melds=melds)


_COUNTS = st.lists(st.integers(0, 4), min_size=34, max_size=34)


@given(_COUNTS, st.one_of(st.none(), _COUNTS), st.one_of(st.none(), _COUNTS), st.integers(0, 34),
       st.sampled_from([list, tuple, lambda c: np.array(c, np.uint8), lambda c: np.array(c, np.int64), bytes]))
def test_kernel_unseen_counts_as_the_lists_do(held, melds, visible, kinds, kind_of_input):
    """``_core.unseen`` (one kernel call) against the plain list sums it stands in for:
    the same counts, or the same refusal of a kind with more than four copies."""
    from hupai import analysis
    from hupai._core import unseen
    given_ = [None if c is None else kind_of_input(c) for c in (held, melds, visible)]
    try:
        expected = analysis.unseen_of_lists(held, melds, visible)
    except ValueError as e:
        with pytest.raises(ValueError, match=str(e).split(";")[0]):
            unseen(*given_, kinds)
        return
    expected[kinds:] = [0] * (34 - kinds)
    assert unseen(*given_, kinds) == expected
    assert analysis.unseen_of(*given_, kinds) == expected


@given(_COUNTS, st.sampled_from([list, tuple, bytearray, bytes, lambda c: np.array(c, np.int64)]),
       st.integers(0, (1 << 34) - 1))
def test_kernel_held_kinds_are_the_kinds_with_a_copy(counts, kind_of_input, excluded):
    """``_core.held_kinds`` (the engine's discardable kinds) against the plain filter,
    and with the kinds of a mask left out (Wuhan's special tiles)."""
    from hupai._core import held_kinds
    assert held_kinds(kind_of_input(counts)) == [t for t in range(34) if counts[t]]
    assert held_kinds(kind_of_input(counts), excluded) == \
        [t for t in range(34) if counts[t] and not excluded >> t & 1]


@given(_COUNTS, st.sampled_from([list, tuple, bytearray, bytes, lambda c: np.array(c, np.int64)]))
def test_kernel_held_mask_has_the_bit_of_each_kind_with_a_copy(counts, kind_of_input):
    """``_core.held_mask`` (the engine's test of what kinds a hand holds) against the
    plain sum of bits."""
    from hupai._core import held_mask
    assert held_mask(kind_of_input(counts)) == sum(1 << t for t in range(34) if counts[t])


@pytest.mark.parametrize("mask, error", [(-1, ValueError), (1 << 34, ValueError), (2 ** 80, ValueError),
                                         (True, TypeError), (1.0, TypeError), ({3}, TypeError)])
def test_kernel_held_kinds_refuses_a_mask_that_is_not_34_bits(mask, error):
    from hupai._core import held_kinds
    with pytest.raises(error, match="mask of kinds"):
        held_kinds(bytes(34), mask)


def _as_mask(kinds) -> int:
    return sum(1 << t for t in kinds)


@given(any_hand(remainders=(1,), max_jokers=8), st.fixed_dictionaries({}, optional={
    "seven_pairs": st.booleans(), "quads_as_two_pairs": st.booleans(), "honor_sequences": st.booleans(),
    "shisanlan": st.sampled_from([False, True, "strict"]), "pair258": st.booleans()}),
    st.sampled_from([bytes, bytearray]), st.randoms(use_true_random=False))
def test_kernel_wait_mask_is_waits_with_the_jokers_held_as_kinds(hand, options, kind_of_input, rng):
    """``_core.wait_mask`` (the engine's call: the jokers are copies of joker kinds the
    hand holds, the options a dict or bits) against ``waits`` with a joker count."""
    from hupai import _core
    counts, jokers = hand
    assume(jokers <= 8)             # (the strategy also makes hands beyond the kernel's eight jokers)
    counts = bytearray(np.asarray(counts, np.uint8).tobytes())
    expected = _as_mask(_core.waits(counts, jokers, **options))
    # the jokers as copies of one or two kinds the hand does not hold (Luzhou holds up
    # to eight 紅中 of one kind; a Wuhan laizi is any kind)
    empty = [t for t in range(34) if not counts[t]]
    kinds = rng.sample(empty, min(len(empty), rng.choice([1, 2])))
    for i in range(jokers):
        counts[kinds[i % len(kinds)]] += 1
    assert _core.wait_mask(kind_of_input(counts), options, _as_mask(kinds)) == expected
    # the options parsed once into bits (the engine's per-seat cache) answer the same
    assert _core.wait_mask(kind_of_input(counts), _core.wait_options(options), _as_mask(kinds)) == expected


def test_kernel_wait_mask_without_joker_kinds_counts_every_tile():
    from hupai import _core
    counts = bytes(hupai.tiles.parse("123m456p789s1122z"))
    assert _core.wait_mask(counts, {}) == _as_mask([27, 28])
    six_pairs = bytes(hupai.tiles.parse("1133557799m113z"))       # six pairs and a 西
    assert _core.wait_mask(six_pairs, {}) == 1 << 29
    assert _core.wait_mask(six_pairs, {"seven_pairs": False}) == 0


def test_kernel_wait_mask_refuses_what_is_not_a_hand_of_34_counts():
    from hupai import _core
    ready = bytearray(hupai.tiles.parse("123m456p789s1122z"))
    for counts in (list(ready), np.frombuffer(bytes(ready), np.uint8), "123m456p789s1122z"):
        with pytest.raises(TypeError, match="bytes or a bytearray"):
            _core.wait_mask(counts, {})
    with pytest.raises(ValueError, match="34 entries"):
        _core.wait_mask(bytes(ready[:33]), {})
    five = bytearray(ready)
    five[0] = 5
    with pytest.raises(ValueError, match=r"counts\[0\] = 5 is outside 0-4"):
        _core.wait_mask(five, {})
    eight = bytearray(hupai.tiles.parse("123m45p"))
    eight[33] = 8                                      # a joker kind holds any count: eight 紅中
    assert _core.wait_mask(eight, {}, 1 << 33) == _as_mask(_core.waits(hupai.tiles.parse("123m45p"), 8))
    nine = bytearray(34)
    nine[0], nine[33] = 4, 9
    with pytest.raises(ValueError, match="9 jokers"):
        _core.wait_mask(nine, {}, 1 << 33)
    with pytest.raises(ValueError, match="3M\\+1"):
        _core.wait_mask(bytes(hupai.tiles.parse("123m456p789s11222z")), {})
    with pytest.raises(ValueError, match="mask of kinds"):
        _core.wait_mask(ready, {}, 1 << 34)


def test_kernel_wait_mask_refuses_an_unknown_option_or_a_non_bool():
    from hupai import _core
    counts = bytes(hupai.tiles.parse("123m456p789s1122z"))
    for call in (lambda o: _core.wait_mask(counts, o), _core.wait_options):
        with pytest.raises(TypeError, match="no option"):
            call({"seven_pair": True})
        with pytest.raises(TypeError):
            call({"seven_pairs": 1})
        with pytest.raises(TypeError):
            call([("seven_pairs", True)])


@pytest.mark.parametrize("bits", [0, -1, 2, 1 << 7, 1 | 32, 2 ** 70, -2 ** 70])
def test_kernel_wait_mask_refuses_bits_wait_options_never_answers(bits):
    """Bits without the standard form, beyond the known options, or 147-strict 十三爛
    without 十三爛 are a ValueError, never read as some other option set."""
    from hupai import _core
    with pytest.raises(ValueError, match="option bits"):
        _core.wait_mask(bytes(hupai.tiles.parse("123m456p789s1122z")), bits)


def test_kernel_wait_mask_refuses_options_that_are_neither_a_dict_nor_bits():
    from hupai import _core
    for options in (1.0, True, "seven_pairs", np.int64(3)):
        with pytest.raises(TypeError, match="options are a dict"):
            _core.wait_mask(bytes(hupai.tiles.parse("123m456p789s1122z")), options)


@pytest.mark.parametrize("name", ["held_kinds", "held_mask"])
def test_kernel_held_kinds_reads_any_count_and_refuses_what_is_not_34_counts(name):
    from hupai import _core
    held = getattr(_core, name)
    eight_red = bytearray(34)
    eight_red[33], eight_red[0] = 8, 1           # Luzhou's game of eight 紅中
    assert held(eight_red) == held(list(eight_red)) == ([0, 33] if name == "held_kinds" else 1 | 1 << 33)
    with pytest.raises(ValueError, match="negative"):
        held([-1] + [0] * 33)
    for wrong_size in ([1, 2, 3], bytes(33), np.zeros(35, np.uint8)):
        with pytest.raises(ValueError, match="34 entries"):
            held(wrong_size)
    for not_counts in (None, "1m" * 17, [0.5] * 34):
        with pytest.raises(TypeError):
            held(not_counts)


@given(any_hand(remainders=(2,), max_jokers=3), st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_ranked_discard_options_are_the_rows_sorted(hand, unseen):
    """The kernel's ``ranked`` order is :func:`hupai.analysis.rank`'s: lowest shanten, most
    unseen effective tiles, lowest discard."""
    from hupai import _core, analysis
    counts, jokers = hand
    rows = _core.discard_options(counts, jokers, unseen)
    assert _core.discard_options(counts, jokers, unseen, ranked=True) == sorted(rows, key=analysis._rank)



@given(any_hand(remainders=(2,), max_jokers=3), st.lists(st.integers(0, 4), min_size=34, max_size=34),
       st.booleans())
def test_discard_options_made_as_options_are_the_rows_with_their_waits(hand, unseen, ranked):
    """``option=DiscardOption`` makes each kernel row a DiscardOption in the same order:
    the waits are the effective tiles of a ready discard, no values, no void, no reason."""
    from hupai import DiscardOption, _core
    counts, jokers = hand
    rows = _core.discard_options(counts, jokers, unseen, ranked=ranked)
    options = _core.discard_options(counts, jokers, unseen, ranked=ranked, option=DiscardOption)
    assert all(type(o) is DiscardOption for o in options)
    assert options == [DiscardOption(d, s, eff, tot, eff if s == 0 else {}) for d, s, eff, tot in rows]


def test_discard_options_refuse_an_option_type_that_is_no_tuple():
    from hupai import _core
    counts = hupai.tiles.parse("1123345667899m1p")
    with pytest.raises(TypeError, match="tuple type"):
        _core.discard_options(counts, 0, [4] * 34, option=dict)
    with pytest.raises(TypeError):
        _core.discard_options(counts, 0, [4] * 34, option=(1, 2))

def _void_rows_readably(counts, jokers, unseen, voids):
    """Each discard's best void among ``voids``, from one analysis per void: the lowest
    shanten, then the most unseen effective tiles, then the lowest suit; the effective
    tiles of every void that ties on shanten count (the readable form of 缺一門)."""
    from hupai import _core
    by_void = {g: _core.discard_options(counts, jokers, unseen, True, True, False, False, g) for g in voids}
    out = []
    for rows in zip(*(by_void[g] for g in voids)):
        best = min(range(len(voids)), key=lambda i: (rows[i][1], -rows[i][3], voids[i]))
        tied = [i for i in range(len(voids)) if rows[i][1] == rows[best][1]]
        eff = {t: n for i in tied for t, n in rows[i][2].items()}
        out.append((rows[best][0], rows[best][1], eff, sum(eff.values()), voids[best]))
    return out


#: Luzhou's analysis: suited tiles, and its ghosts as jokers
_SUITED_HANDS = st.integers(0, 2).flatmap(lambda jokers: st.tuples(
    st.lists(st.integers(0, 26), min_size=14 - jokers, max_size=14 - jokers).filter(
        lambda ts: max(ts.count(t) for t in set(ts)) <= 4), st.just(jokers)))


@given(_SUITED_HANDS, st.lists(st.integers(0, 4), min_size=34, max_size=34),
       st.sampled_from([(0, 1, 2), (0, 1), (0, 2), (1, 2), (0,), (1,), (2,)]))
def test_void_options_of_the_open_suits_are_the_best_void_of_each(hand, unseen, voids):
    from hupai import _core
    held, jokers = hand
    counts = [held.count(t) for t in range(34)]
    assert _core.discard_options_void(counts, jokers, unseen, True, voids) == \
        _void_rows_readably(counts, jokers, unseen, list(voids))
