"""Hypothesis strategies for hands."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

SUITS = [range(0, 9), range(9, 18), range(18, 27)]
HONORS = range(27, 34)


@st.composite
def counts_of_size(draw, n: int):
    """n tiles (each kind at most 4) from a pool: all kinds, one suit, or one suit + honours."""
    pool_kind = draw(st.sampled_from(["all", "suit", "suit+honors", "two suits"]))
    if pool_kind == "all":
        pool = list(range(34))
    elif pool_kind == "suit":
        pool = list(draw(st.sampled_from(SUITS)))
    elif pool_kind == "suit+honors":
        pool = list(draw(st.sampled_from(SUITS))) + list(HONORS)
    else:
        a, b = draw(st.permutations(SUITS))[:2]
        pool = list(a) + list(b)
    assume_n = min(n, 4 * len(pool))
    counts = np.zeros(34, dtype=np.uint8)
    slots = [t for t in pool for _ in range(4)]
    chosen = draw(st.lists(st.sampled_from(range(len(slots))), min_size=assume_n, max_size=assume_n,
                           unique=True))
    for i in chosen:
        counts[slots[i]] += 1
    return counts


@st.composite
def hands(draw, remainders=(1, 2), max_jokers=4):
    """(counts, jokers) with a total of 3M+r (r in remainders), at most 14 tiles."""
    jokers = draw(st.integers(0, max_jokers))
    sizes = [t for t in range(1, 15) if t % 3 in remainders and t >= jokers]
    total = draw(st.sampled_from(sizes))
    counts = draw(counts_of_size(total - jokers))
    return counts, jokers


options = st.fixed_dictionaries({
    "seven_pairs": st.booleans(),
    "quads_as_two_pairs": st.booleans(),
    "honor_sequences": st.booleans(),
    "shisanlan": st.sampled_from([False, True, "strict"]),
})


@st.composite
def lan_hands(draw, remainders=(1, 2)):
    """Hands of mostly different tiles, near a 十三爛."""
    kinds = draw(st.lists(st.integers(0, 33), min_size=14, max_size=14, unique=True))
    r = draw(st.sampled_from(remainders))
    size = 14 if r == 2 else 13
    c = np.zeros(34, np.uint8)
    for t in kinds[:size]:
        c[t] += 1
    if draw(st.booleans()):   # a duplicate instead of one tile
        c[kinds[0]] += 1
        c[kinds[1]] -= 1
    return c, 0


def _templates(honor_sequences: bool = True):
    out = [(t, t, t) for t in range(34)]
    out += [(b + s, b + s + 1, b + s + 2) for b in (0, 9, 18) for s in range(7)]
    if honor_sequences:
        out += [(27, 28, 29), (27, 28, 30), (27, 29, 30), (28, 29, 30), (31, 32, 33)]
    return out


@st.composite
def near_complete(draw, remainders=(1, 2), max_jokers=4):
    """A complete pattern (melds + pair, or seven pairs), some tiles turned into jokers,
    perhaps a tile removed or swapped: hands at or next to a win."""
    m = draw(st.integers(0, 4))
    counts = np.zeros(34, dtype=np.int64)
    if m == 4 and draw(st.booleans()):
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7))
        for t in kinds:
            counts[t] += 2
    else:
        for tpl in draw(st.lists(st.sampled_from(_templates()), min_size=m, max_size=m)):
            for t in tpl:
                counts[t] += 1
        counts[draw(st.integers(0, 33))] += 2
    if counts.max() > 4:
        counts = np.minimum(counts, 4)
    tiles = [t for t in range(34) for _ in range(counts[t])]
    total = len(tiles)
    # turn some tiles into jokers
    jokers = draw(st.integers(0, min(max_jokers, total)))
    for _ in range(jokers):
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    r = draw(st.sampled_from(remainders))
    while (len(tiles) + jokers) % 3 != r % 3 and tiles:
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    if draw(st.booleans()) and tiles:  # swap one tile for another
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
        tiles.append(draw(st.integers(0, 33)))
    c = np.zeros(34, dtype=np.uint8)
    for t in tiles:
        if c[t] < 4:
            c[t] += 1
    while (int(c.sum()) + jokers) % 3 != r % 3 or int(c.sum()) + jokers == 0:
        # adjust size: drop a tile, or add a joker when there is nothing to drop
        nz = np.flatnonzero(c)
        if len(nz) and (int(c.sum()) + jokers) > 1:
            c[nz[0]] -= 1
        else:
            jokers += 1
    return c, jokers


def any_hand(remainders=(1, 2), max_jokers=4):
    return st.one_of(hands(remainders, max_jokers), near_complete(remainders, max_jokers),
                     lan_hands(remainders))
