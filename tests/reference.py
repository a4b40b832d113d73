"""Slow, obviously-correct pure-Python reference for the kernel.

Everything follows the definitions word for word:

* a *pattern* is M melds (sequences or triplets, never crossing groups) plus one pair,
  or seven pairs, with each kind used at most four times;
* deficit = min over patterns of the tiles the pattern needs that the hand lacks;
* a 3M+2 hand with k jokers wins when deficit == k; shanten = max(deficit - k, 0) - 1;
* waits = kinds t (held < 4) whose addition makes a win.

Per group, the minimum is taken by brute force over *every* group pattern (listed
explicitly, no dynamic programming), and groups are combined by trying every split
of the melds and of the pair.  Decompositions are enumerated by brute force over
meld instances (a template plus which positions are jokers).
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

GROUPS = [(0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False)]  # (start, size, suited)
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)


def meld_templates(honor_sequences: bool) -> list[tuple[str, tuple[int, ...]]]:
    out: list[tuple[str, tuple[int, ...]]] = []
    for t in range(34):
        out.append(("triplet", (t, t, t)))
    for base in (0, 9, 18):
        for s in range(7):
            out.append(("sequence", (base + s, base + s + 1, base + s + 2)))
    if honor_sequences:
        for combo in itertools.combinations(WINDS, 3):
            out.append(("sequence", combo))
        out.append(("sequence", DRAGONS))
    return out


def group_of(t: int) -> int:
    return min(t // 9, 3)


SUITED_258 = frozenset(t for t in range(27) if t % 9 in (1, 4, 7))


@lru_cache(maxsize=None)
def group_patterns(g: int, honor_sequences: bool, pair258: bool = False) -> dict[tuple[int, int], np.ndarray]:
    """Every pattern of group g: (melds, pair) -> array of count vectors (group-local);
    with ``pair258`` the pair is a suited 2, 5 or 8."""
    start, size, _ = GROUPS[g]
    melds = [tiles for _, tiles in meld_templates(honor_sequences) if group_of(tiles[0]) == g]
    pats: dict[tuple[int, int], set[tuple[int, ...]]] = {}
    for j in range(5):
        for combo in itertools.combinations_with_replacement(range(len(melds)), j):
            vec = [0] * size
            for m in combo:
                for t in melds[m]:
                    vec[t - start] += 1
            if max(vec, default=0) > 4:
                continue
            pats.setdefault((j, 0), set()).add(tuple(vec))
            for t in range(size):
                if vec[t] <= 2 and (not pair258 or start + t in SUITED_258):
                    v2 = list(vec)
                    v2[t] += 2
                    pats.setdefault((j, 1), set()).add(tuple(v2))
    return {k: np.array(sorted(v), dtype=np.int64) for k, v in pats.items()}


def group_deficit(counts: np.ndarray, g: int, j: int, p: int, honor_sequences: bool,
                  pair258: bool = False) -> int:
    start, size, _ = GROUPS[g]
    P = group_patterns(g, honor_sequences, pair258).get((j, p))
    if P is None:
        return 10 ** 6        # no such pattern (a 2-5-8 pair among the honours)
    c = np.asarray(counts[start:start + size], dtype=np.int64)
    return int(np.maximum(P - c, 0).sum(axis=1).min())


def standard_deficit(counts, m: int, p: int = 1, honor_sequences: bool = False,
                     pair258: bool = False) -> int:
    counts = np.asarray(counts)
    table = [[[group_deficit(counts, g, j, q, honor_sequences, pair258) for q in range(2)]
              for j in range(m + 1)] for g in range(4)]
    best = 10 ** 9
    for split in itertools.product(range(m + 1), repeat=4):
        if sum(split) != m:
            continue
        for pair_group in (range(4) if p else [None]):
            total = sum(table[g][split[g]][1 if g == pair_group else 0] for g in range(4))
            best = min(best, total)
    return best


def seven_pairs_deficit(counts, quads_as_two_pairs: bool) -> int:
    """14 - max overlap over seven-pair patterns, by exhaustive knapsack over kinds."""
    options = (0, 2, 4) if quads_as_two_pairs else (0, 2)
    # best[u] = max overlap using u pairs among the kinds seen so far
    best = {0: 0}
    for c in counts:
        nxt: dict[int, int] = {}
        for used, ov in best.items():
            for size in options:
                u = used + size // 2
                if u > 7:
                    continue
                val = ov + min(size, int(c))
                if nxt.get(u, -1) < val:
                    nxt[u] = val
        best = nxt
    return 14 - best[7]


def _lan_subsets(strict: bool) -> list[tuple[int, ...]]:
    """Every set of ranks (0-8) of one suit allowed in a 十三爛."""
    out = []
    for k in range(4):
        for combo in itertools.combinations(range(9), k):
            gaps = [b - a for a, b in zip(combo, combo[1:])]
            if all(g >= 3 for g in gaps) and (not strict or all(g % 3 == 0 for g in gaps)):
                out.append(combo)
    return out


def lan_deficit(counts, strict=False, seven_stars=False) -> int:
    """14 - max overlap with a 十三爛 pattern: 14 different kinds, h honours (h >= 5, or 7
    for 七星) and 14 - h suited ones, each suit an allowed rank set.  Suits are
    independent, so each suit's best overlap per set size is found by trying its sets."""
    held = [int(c) > 0 for c in counts]
    honors = sum(held[27:])
    per_suit = []
    for g in range(3):
        best_k = {}
        for sub in _lan_subsets(strict):
            ov = sum(held[9 * g + r] for r in sub)
            best_k[len(sub)] = max(best_k.get(len(sub), -1), ov)
        per_suit.append(best_k)
    best = -1
    for h in range(7 if seven_stars else 5, 8):
        for k0, k1, k2 in itertools.product(range(4), repeat=3):
            if k0 + k1 + k2 == 14 - h:
                best = max(best, min(h, honors) + per_suit[0][k0] + per_suit[1][k1] + per_suit[2][k2])
    return 14 - best


def deficit(counts, jokers=0, *, standard=True, seven_pairs=True, quads_as_two_pairs=True,
            honor_sequences=False, shisanlan=False, pair258=False) -> int:
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum()) + jokers
    m = total // 3
    d = 10 ** 9
    if standard:
        d = standard_deficit(counts, m, 1, honor_sequences, pair258)
    if seven_pairs and m == 4:
        d = min(d, seven_pairs_deficit(counts, quads_as_two_pairs))
    if shisanlan and m == 4:
        d = min(d, lan_deficit(counts, strict=shisanlan == "strict"))
    return d


def is_win(counts, jokers=0, **opts) -> bool:
    return deficit(counts, jokers, **opts) == jokers


def shanten(counts, jokers=0, **opts) -> int:
    return max(deficit(counts, jokers, **opts) - jokers, 0) - 1


def waits(counts, jokers=0, **opts) -> list[int]:
    counts = np.asarray(counts, dtype=np.int64)
    out = []
    for t in range(34):
        if counts[t] < 4:
            c2 = counts.copy()
            c2[t] += 1
            if is_win(c2, jokers, **opts):
                out.append(t)
    return out


def improving(counts, jokers=0, **opts) -> list[int]:
    counts = np.asarray(counts, dtype=np.int64)
    before = shanten(counts, jokers, **opts)
    out = []
    for t in range(34):
        if counts[t] < 4:
            c2 = counts.copy()
            c2[t] += 1
            if shanten(c2, jokers, **opts) < before:
                out.append(t)
    return out


# ------------------------------------------------------------------ decompositions

def _instances(honor_sequences: bool):
    """Every meld or pair with each position real or joker (at least one real)."""
    out = []
    for kind, tiles in meld_templates(honor_sequences):
        if kind == "triplet":
            for nj in range(3):
                out.append((kind, tiles, tuple([False] * (3 - nj) + [True] * nj)))
        else:
            for mask in itertools.product((False, True), repeat=3):
                if not all(mask):
                    out.append((kind, tiles, mask))
    for t in range(34):
        out.append(("pair", (t, t), (False, False)))
        out.append(("pair", (t, t), (False, True)))
    return out


def decompose(counts, jokers=0, *, seven_pairs=True, quads_as_two_pairs=True,
              honor_sequences=False, cap=4) -> set:
    """Set of canonical decompositions: (form, sorted tuple of (kind, tiles, jokers))."""
    counts = [int(c) for c in counts]
    total = sum(counts) + jokers
    m = total // 3
    inst = _instances(honor_sequences)
    found: set = set()

    def rec(start, rem, jk, used, melds_left, pair_left, chosen):
        if not any(rem):
            if jk != 3 * melds_left + 2 * pair_left:
                return
            free = [("any", (None,) * 3, (True,) * 3)] * melds_left
            free += [("pair", (None, None), (True, True))] * pair_left
            found.add(("standard", tuple(sorted(chosen + free, key=repr))))
            return
        for i in range(start, len(inst)):
            kind, tiles, mask = inst[i]
            if kind == "pair" and not pair_left:
                continue
            if kind != "pair" and not melds_left:
                continue
            need = [t for t, j in zip(tiles, mask) if not j]
            nj = sum(mask)
            if nj > jk:
                continue
            r2 = list(rem)
            ok = True
            for t in need:
                r2[t] -= 1
                ok &= r2[t] >= 0
            u2 = list(used)
            for t in tiles:
                u2[t] += 1
                ok &= u2[t] <= cap
            if not ok:
                continue
            rec(i, r2, jk - nj, u2, melds_left - (kind != "pair"), pair_left - (kind == "pair"),
                chosen + [(kind, tiles, mask)])

    rec(0, counts, jokers, [0] * 34, m, 1, [])
    if seven_pairs and total == 14 and deficit(counts, jokers, standard=False, seven_pairs=True,
                                               quads_as_two_pairs=quads_as_two_pairs) == jokers:
        pairs = []
        left = jokers
        for t, c in enumerate(counts):
            while c >= 2:
                pairs.append(("pair", (t, t), (False, False)))
                c -= 2
            if c == 1:
                pairs.append(("pair", (t, t), (False, True)))
                left -= 1
        pairs += [("pair", (None, None), (True, True))] * (left // 2)
        found.add(("seven_pairs", tuple(sorted(pairs, key=repr))))
    return found


def canonical(decomps) -> set:
    """The library's decompositions in the reference's canonical form."""
    return {(d.form, tuple(sorted(((m.kind, tuple(m.tiles), tuple(m.jokers)) for m in d.melds), key=repr)))
            for d in decomps}
