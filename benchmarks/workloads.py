"""Seeded workloads for the benchmarks: every hand is generated here, in code."""
from __future__ import annotations

import numpy as np

SEED = 20261129
WALL = np.repeat(np.arange(34), 4)
TEMPLATES = [(t, t, t) for t in range(34)] + [
    (b + s, b + s + 1, b + s + 2) for b in (0, 9, 18) for s in range(7)]


def _random(rng, n, tiles_per_hand, pool=WALL):
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        np.add.at(out[i], rng.choice(pool, tiles_per_hand[i], replace=False), 1)
    return out


def _complete(rng):
    while True:
        c = np.zeros(34, np.int64)
        for k in rng.choice(len(TEMPLATES), 4):
            for t in TEMPLATES[k]:
                c[t] += 1
        c[rng.integers(34)] += 2
        if c.max() <= 4:
            return c


def _take_jokers(rng, c, k):
    tiles = np.repeat(np.arange(34), c)
    keep = rng.choice(len(tiles), len(tiles) - k, replace=False)
    out = np.zeros(34, np.uint8)
    np.add.at(out, tiles[keep], 1)
    return out


def make(kind: str, n: int, size: int, seed: int = SEED, max_jokers: int = 4):
    """(hands (n, 34) uint8, jokers (n,) uint8) with size = tiles + jokers per hand.

    Jokers are drawn uniformly from 0..max_jokers.  Kinds: random (from the 136 wall), onesuit (one suit only), near (a complete hand
    with one tile swapped; size 14) / ready (a complete hand less one tile; size 13)."""
    rng = np.random.default_rng(seed)
    jokers = rng.integers(0, max_jokers + 1, n).astype(np.uint8)
    if kind == "random":
        return _random(rng, n, size - jokers), jokers
    if kind == "onesuit":
        return _random(rng, n, size - jokers, pool=np.repeat(np.arange(9), 4)), jokers
    hands = np.zeros((n, 34), np.uint8)
    for i in range(n):
        c = _complete(rng)
        if kind == "near":
            t = rng.choice(np.flatnonzero(c))
            c[t] -= 1
            u = rng.choice(np.flatnonzero(c < 4))
            c[u] += 1
        elif kind == "ready":
            c[rng.choice(np.flatnonzero(c))] -= 1
        hands[i] = _take_jokers(rng, c, jokers[i])
    assert ((hands.sum(axis=1) + jokers) == size).all()
    return hands, jokers


def luzhou_wins(n: int, seed: int = SEED, ghosts: str = "dealt"):
    """Luzhou winning situations: (Hand, Situation) pairs.

    A complete hand in one or two suits (4 melds and a pair, sometimes seven pairs,
    sometimes with a declared peng), some tiles replaced by 紅中 ghosts, a random tile
    of it taken as the winning tile, self-drawn or not; only hands that are legal wins
    are kept.  ``ghosts``: "dealt" draws the number of ghosts as a 14-tile hand from
    the 112-tile wall would hold them (0: 59%, 1: 33%, 2: 7%, ...); "uniform" draws
    0-4 uniformly, a stress test; "none" gives none (hands for Guiyang and Fuzhou)."""
    from hupai.rules import DeclaredMeld, Hand, Situation, luzhou

    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        suits = rng.choice(3, size=rng.integers(1, 3), replace=False)
        kinds = [t for g in suits for t in range(9 * g, 9 * g + 9)]
        c = np.zeros(34, np.int64)
        if rng.random() < 0.15:
            for t in rng.choice(kinds, 7):
                c[t] += 2
        else:
            templates = [(t, t, t) for t in kinds] + [s for s in TEMPLATES[34:] if s[0] in kinds]
            for k in rng.choice(len(templates), 4):
                for t in templates[k]:
                    c[t] += 1
            c[rng.choice(kinds)] += 2
        if c.max() > 4:
            continue
        tiles = list(np.repeat(np.arange(34), c))
        melds = []
        trip = [t for t in set(tiles) if tiles.count(t) >= 3]
        if trip and rng.random() < 0.3:
            t = int(rng.choice(trip))
            for _ in range(3):
                tiles.remove(t)
            melds.append(DeclaredMeld("peng", (t, t, t)))
        k = {"dealt": lambda: rng.hypergeometric(4, 108, 14), "none": lambda: 0}.get(
            ghosts, lambda: rng.integers(0, 5))()
        for _ in range(k):
            tiles[rng.integers(len(tiles))] = 33
        win = int(tiles.pop(rng.integers(len(tiles))))
        concealed = np.zeros(34, np.uint8)
        np.add.at(concealed, tiles, 1)
        hand = Hand(concealed, tuple(melds))
        ctx = Situation(win, bool(rng.random() < 0.5) or win == 33)
        if luzhou.score(hand, ctx).is_win:
            out.append((hand, ctx))
    return out


def wuhan_wins(n: int, seed: int = SEED):
    """Wuhan winning situations: (Hand, Situation) pairs, the indicator and losers in the
    situation.

    A complete hand from one or two suits and sometimes honours, opened with one chi or
    peng, a random indicator (so the laizi is held as often as a deal would give it),
    a random winning tile, self-drawn or from A; only legal wins are kept."""
    from hupai.rules import DeclaredMeld, Hand, Loser, Situation, wuhan

    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        groups = rng.choice(4, size=rng.integers(1, 3), replace=False)
        kinds = [t for g in groups for t in (range(9 * g, 9 * g + 9) if g < 3 else range(27, 33))]
        templates = [(t, t, t) for t in kinds] + [s for s in TEMPLATES[34:] if s[0] in kinds]
        c = np.zeros(34, np.int64)
        sets = [templates[k] for k in rng.choice(len(templates), 4)]
        for s in sets:
            for t in s:
                c[t] += 1
        c[rng.choice(kinds)] += 2
        if c.max() > 4:
            continue
        tiles = list(np.repeat(np.arange(34), c))
        opener = sets[0]
        for t in opener:
            tiles.remove(t)
        meld = DeclaredMeld("peng" if opener[0] == opener[1] else "chi", tuple(int(t) for t in opener))
        win = int(tiles.pop(rng.integers(len(tiles))))
        concealed = np.zeros(34, np.uint8)
        np.add.at(concealed, tiles, 1)
        indicator = int(rng.integers(33))
        self_draw = bool(rng.random() < 0.5)
        losers = [Loser(s, opened=bool(rng.random() < 0.7), dealer=(s == "B"),
                              discarder=(s == "A" and not self_draw)) for s in "ABC"]
        situation = Situation(win, self_draw, indicator=indicator, losers=tuple(losers))
        try:
            hand = Hand(concealed, (meld,))
            res = wuhan.score(hand, situation)
        except ValueError:
            continue   # e.g. the laizi or the indicator inside the meld
        if res.is_win:
            out.append((hand, situation))
    return out


_GB_SUITS = ("W", "B", "T")      # PyMahjongGB's 萬 餅 條; honours F1-F4 winds, J1-J3 dragons


def gb_tile(t: int) -> str:
    """A tile index (Tenhou order) in PyMahjongGB's notation."""
    if t < 27:
        return f"{_GB_SUITS[t // 9]}{t % 9 + 1}"
    return f"F{t - 26}" if t < 31 else f"J{t - 30}"


def gb_wins(n: int, seed: int = SEED):
    """Wins that PyMahjongGB scores under the Chinese Official rules, as its calculator's
    arguments: complete hands of four melds and a pair from all 34 kinds, a random tile
    of it the winning tile, self-drawn or not, concealed; only the hands its calculator
    takes as wins are kept (it does not hold them to the 8-fan minimum)."""
    from MahjongGB import MahjongFanCalculator

    rng = np.random.default_rng(seed)
    templates = [(t, t, t) for t in range(34)] + list(TEMPLATES[34:])
    out = []
    while len(out) < n:
        c = np.zeros(34, np.int64)
        for k in rng.choice(len(templates), 4):
            for t in templates[k]:
                c[t] += 1
        c[rng.integers(34)] += 2
        if c.max() > 4:
            continue
        tiles = [gb_tile(int(t)) for t in np.repeat(np.arange(34), c)]
        win = tiles.pop(int(rng.integers(len(tiles))))
        args = ((), tuple(tiles), win, 0, bool(rng.random() < 0.5), False, False, False, 0, 0)
        try:
            MahjongFanCalculator(*args)
        except TypeError:        # ERROR_NOT_WIN: not a hand it scores
            continue
        out.append(args)
    return out


#: The 4-seat tables whose 查叫 the benchmarks time (test_rules_bench.py, callgrind.py).
CHAJIAO_TABLES = {
    "luzhou": {
        "A": "123m456m234p678p7z",     # a ghost single: waits on 18 tiles
        "B": "13m46m9m147p258s69s",    # 花豬
        "C": "123456789s1479p",        # not ready
        "D": "234m567m345p678p9p",     # ready on 3p 6p 9p
    },
    "guiyang": {"A": "123m456p789s2345s", "B": "6666m33m11p88p77s9s", "C": "1248m1359p2358s7s",
                "D": "12m45m78m12p45p78p9p"},
}


def _drawn(rng, wall, size: int) -> np.ndarray:
    """34 counts of ``size`` tiles drawn from ``wall`` without replacement."""
    c = np.zeros(34, np.uint8)
    np.add.at(c, rng.choice(wall, size, replace=False), 1)
    return c


def analysis_hands(region: str, n: int = 300) -> list:
    """``(counts, facts)`` for ``analyze_discards(counts, rules=region, **facts)``: 14
    tiles of the region's set (Guiyang suited only; Luzhou with its 紅中 ghosts as
    dealt); in Wuhan 11 concealed tiles beside a chi, with an indicator."""
    if region == "wuhan":
        from hupai.rules import parse_meld
        chi = (parse_meld("chi", "345s"),)
        rng = np.random.default_rng(12)
        wall = np.array([t for t in range(27) for _ in range(4 - (20 <= t <= 22))])   # no 紅中
        return [(_drawn(rng, wall, 11), {"indicator": int(rng.choice([t for t in range(27) if t not in (19, 20, 21)])),
                                         "melds": chi}) for _ in range(n)]
    if region == "luzhou":
        rng = np.random.default_rng(11)
        wall = np.concatenate([np.repeat(np.arange(27), 4), np.full(4, 33)])
    else:
        rng = np.random.default_rng(13)
        wall = np.repeat(np.arange(27 if region == "guiyang" else 34), 4)
    return [(_drawn(rng, wall, 14), {}) for _ in range(n)]
