#!/usr/bin/env python3
"""Generate the kernel's lookup tables: ``csrc/hupai_tables.h``.

Run ``python tools/gen_tables.py`` after changing anything here; the test
``tests/unit/test_tables.py`` regenerates the header and fails if the committed
copy differs.

What is tabulated
-----------------
Melds never cross groups (the three suits and the honours), so a hand's distance
to a complete pattern splits into independent per-group terms.  For every count
vector ``c`` of a group (each count 0-4, at most 14 tiles) and every target
"``j`` melds, with or without the pair" (j = 0..4) we store

    deficit(c, j, pair) = min over group patterns P of sum_t max(0, P[t] - c[t])

where P ranges over multisets of ``j`` melds (+ one pair) with each kind used at
most four times.  Suits also get the with-pair entries for a pair of 2, 5 or 8 only
(Wuhan's small win): the kernel adds them to the other groups' pair-free entries.  This is the number of tiles P needs that ``c`` lacks; the
kernel adds these up over the groups (min-plus over how the melds are spread) and
compares the total with the number of jokers.

Vectors are addressed by their rank in lexicographic order among all vectors of
the group with sum <= 14, computed from ``RANK[i][prefix_sum * 5 + c_i]``.
Distinct per-vector rows are shared through class ids.

Suits use a dynamic programme over the nine kinds (pending sequences as state).
Honours are split into winds (4 kinds) and dragons (3 kinds), which never share
a meld even with Fuzhou honour sequences; each is solved by brute force over its
few patterns and the two are combined by min-plus.
"""
from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

MAX_TILES = 14  # no group of a legal hand holds more
MAX_MELDS = 4
NTARGET = 2 * (MAX_MELDS + 1)  # index = 2 * melds + pair
INF = 99

OUT = Path(__file__).resolve().parent.parent / "csrc" / "hupai_tables.h"


def count_table(n: int) -> np.ndarray:
    """N[k][b]: vectors of length k, entries 0..4, sum <= b."""
    N = np.zeros((n + 1, MAX_TILES + 1), dtype=np.int64)
    N[0, :] = 1
    for k in range(1, n + 1):
        for b in range(MAX_TILES + 1):
            N[k, b] = sum(N[k - 1, b - v] for v in range(5) if b - v >= 0)
    return N


def rank_table(n: int) -> np.ndarray:
    """R[i][s*5+v] = number of vectors with the same prefix before i, a smaller value at i."""
    N = count_table(n)
    R = np.zeros((n, (MAX_TILES + 1) * 5), dtype=np.int64)
    for i in range(n):
        for s in range(MAX_TILES + 1):
            acc = 0
            for v in range(5):
                R[i, s * 5 + v] = acc
                rest = MAX_TILES - s - v
                if rest >= 0:
                    acc += N[n - 1 - i, rest]
    return R


def all_vectors(n: int) -> np.ndarray:
    """Every vector of length n, entries 0..4, sum <= 14, in lexicographic (rank) order."""
    vecs = np.array([v for v in itertools.product(range(5), repeat=n) if sum(v) <= MAX_TILES],
                    dtype=np.int64)
    return vecs


def ranks_of(vecs: np.ndarray, R: np.ndarray) -> np.ndarray:
    prefix = np.zeros(len(vecs), dtype=np.int64)
    r = np.zeros(len(vecs), dtype=np.int64)
    for i in range(vecs.shape[1]):
        r += R[i, prefix * 5 + vecs[:, i]]
        prefix += vecs[:, i]
    return r


# ---------------------------------------------------------------- suits (DP)

def suit_deficits(vecs: np.ndarray, pair_at: tuple[int, ...] = tuple(range(9))) -> np.ndarray:
    """deficit[v, 2*j+pair] for 9-kind suit vectors, by DP over kinds; the pair only
    on the kinds ``pair_at`` (0-based).

    State after kind i: (a, b, j, p) with a = sequences started at i-1 and b =
    sequences started at i (both still need later tiles), j melds begun, p pairs.
    The DP value depends only on the prefix, so level i is computed once per
    distinct prefix of length i and children gather from their parent.
    """
    states = [(a, b, j, p) for a in range(5) for b in range(5) if a + b <= 4
              for j in range(MAX_MELDS + 1) for p in range(2)]
    sid = {s: k for k, s in enumerate(states)}
    dp = np.full((1, len(states)), INF, dtype=np.int16)
    dp[0, sid[(0, 0, 0, 0)]] = 0
    for i in range(9):
        level = all_vectors(i + 1) if i < 8 else vecs
        parent = ranks_of(level[:, :i], rank_table(i)) if i else np.zeros(len(level), np.int64)
        c = level[:, i]
        last = i == 8
        new = np.full((len(level), len(states)), INF, dtype=np.int16)
        for (a, b, j, p), k in sid.items():
            if dp[:, k].min() >= INF:
                continue
            col = dp[parent, k]
            for s_new in range(5 if i < 7 else 1):
                if last and b:
                    continue  # a sequence started at kind 7 has no kind 9 to finish in
                for x in range(2):
                    for q in range(2 - p if i in pair_at else 1):
                        need = a + b + s_new + 3 * x + 2 * q
                        j2 = j + s_new + x
                        if need > 4 or j2 > MAX_MELDS or b + s_new > 4:
                            continue
                        k2 = sid[(b, s_new, j2, p + q)]
                        np.minimum(new[:, k2], col + np.maximum(need - c, 0), out=new[:, k2])
        dp = np.minimum(new, INF)
    out = np.empty((len(vecs), NTARGET), dtype=np.int16)
    for j in range(MAX_MELDS + 1):
        for p in range(2):
            out[:, 2 * j + p] = dp[:, sid[(0, 0, j, p)]]
    return out


# ------------------------------------------------------- honours (brute force)

def subgroup_patterns(n: int, melds: list[tuple[int, ...]]) -> dict[tuple[int, int], np.ndarray]:
    """All patterns (count vectors) of j melds (+pair) over n kinds, each kind <= 4."""
    pats: dict[tuple[int, int], set[tuple[int, ...]]] = {}
    for j in range(MAX_MELDS + 1):
        for combo in itertools.combinations_with_replacement(range(len(melds)), j):
            base = [0] * n
            for m in combo:
                for t in melds[m]:
                    base[t] += 1
            if max(base, default=0) > 4:
                continue
            pats.setdefault((j, 0), set()).add(tuple(base))
            for t in range(n):
                if base[t] + 2 <= 4:
                    with_pair = list(base)
                    with_pair[t] += 2
                    pats.setdefault((j, 1), set()).add(tuple(with_pair))
    return {k: np.array(sorted(v), dtype=np.int64) for k, v in pats.items()}


def subgroup_deficits(vecs: np.ndarray, melds: list[tuple[int, ...]]) -> np.ndarray:
    n = vecs.shape[1]
    pats = subgroup_patterns(n, melds)
    out = np.full((len(vecs), NTARGET), INF, dtype=np.int16)
    for (j, p), P in pats.items():
        lack = np.maximum(P[None, :, :] - vecs[:, None, :], 0).sum(axis=2)
        out[:, 2 * j + p] = lack.min(axis=1)
    return out


def closure(rows: set[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Smallest set of rows containing ``rows`` and closed under min_plus, sorted."""
    while True:
        cur = np.array(sorted(rows), dtype=np.int16)
        n = len(cur)
        more = min_plus(np.repeat(cur, n, axis=0), np.tile(cur, (n, 1)))
        grown = rows | {tuple(int(x) for x in r) for r in more}
        if len(grown) == len(rows):
            return sorted(rows)
        rows = grown


def min_plus(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Combine two groups' deficit rows: melds add up, at most one pair in total."""
    out = np.full(a.shape, INF, dtype=np.int16)
    for j1 in range(MAX_MELDS + 1):
        for j2 in range(MAX_MELDS + 1 - j1):
            for p1 in range(2):
                for p2 in range(2 - p1):
                    k = 2 * (j1 + j2) + p1 + p2
                    np.minimum(out[:, k], a[:, 2 * j1 + p1] + b[:, 2 * j2 + p2], out=out[:, k])
    return np.minimum(out, INF)


PAIR_258 = (1, 4, 7)   # 0-based kinds of a suit: 2, 5, 8

WIND_TRIPLETS = [(t, t, t) for t in range(4)]
WIND_SEQUENCES = [s for s in itertools.combinations(range(4), 3)]
DRAGON_TRIPLETS = [(t, t, t) for t in range(3)]
DRAGON_SEQUENCES = [(0, 1, 2)]


def honor_deficits(vecs: np.ndarray, honor_sequences: bool) -> np.ndarray:
    winds = all_vectors(4)
    dragons = all_vectors(3)
    w_melds = WIND_TRIPLETS + (WIND_SEQUENCES if honor_sequences else [])
    d_melds = DRAGON_TRIPLETS + (DRAGON_SEQUENCES if honor_sequences else [])
    w_def = subgroup_deficits(winds, w_melds)
    d_def = subgroup_deficits(dragons, d_melds)
    w_index = {tuple(v): k for k, v in enumerate(winds)}
    d_index = {tuple(v): k for k, v in enumerate(dragons)}
    wi = np.array([w_index[tuple(v[:4])] for v in vecs])
    di = np.array([d_index[tuple(v[4:])] for v in vecs])
    return min_plus(w_def[wi], d_def[di])


# ---------------------------------------------------------------- emit

def emit_array(name: str, ctype: str, arr: np.ndarray, per_line: int = 24) -> str:
    flat = arr.reshape(-1).tolist()
    dims = "".join(f"[{d}]" for d in arr.shape)
    lines = [f"static const {ctype} {name}{dims} = {{"]
    for k in range(0, len(flat), per_line):
        lines.append("    " + ",".join(str(int(x)) for x in flat[k:k + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def build() -> str:
    suit_R = rank_table(9)
    honor_R = rank_table(7)
    suit_vecs = all_vectors(9)
    honor_vecs = all_vectors(7)
    assert (ranks_of(suit_vecs, suit_R) == np.arange(len(suit_vecs))).all()
    assert (ranks_of(honor_vecs, honor_R) == np.arange(len(honor_vecs))).all()

    suit_def = suit_deficits(suit_vecs)
    pair258 = suit_deficits(suit_vecs, pair_at=PAIR_258)[:, 1::2]   # [v, j]: j melds + a 2/5/8 pair
    honor_def = honor_deficits(honor_vecs, honor_sequences=False)
    hseq_def = honor_deficits(honor_vecs, honor_sequences=True)
    assert suit_def.max() < INF and honor_def.max() < INF and hseq_def.max() < INF

    # Distinct rows become class ids.  The rows of all groups, closed under the
    # min-plus combination, are only 180, so a class fits a byte and combining two
    # groups (or combined groups) is one lookup in a 180 x 180 table.
    all_def = np.concatenate([suit_def, honor_def, hseq_def])
    rows = closure({tuple(int(x) for x in r) for r in np.unique(all_def, axis=0)})
    assert len(rows) <= 256
    row_id = {r: k for k, r in enumerate(rows)}
    def_cls = np.array([row_id[tuple(int(x) for x in r)] for r in all_def], dtype=np.int64)
    R = np.array(rows, dtype=np.int16)
    n = len(rows)
    combined = min_plus(np.repeat(R, n, axis=0), np.tile(R, (n, 1)))
    comb = np.array([row_id[tuple(int(x) for x in r)] for r in combined], dtype=np.int64).reshape(n, n)
    def_rows = R.astype(np.int64)

    ns, nh = len(suit_vecs), len(honor_vecs)
    p258_rows, p258_id = np.unique(pair258, axis=0, return_inverse=True)
    assert len(p258_rows) <= 256
    parts = [
        "/* DO NOT EDIT: generated by tools/gen_tables.py; regenerate with",
        " *     python tools/gen_tables.py",
        " * tests/unit/test_tables.py checks that this file matches the generator. */",
        "#ifndef HUPAI_TABLES_H",
        "#define HUPAI_TABLES_H",
        "#include <stdint.h>",
        "",
        f"#define HUPAI_SUIT_VECTORS {ns}",
        f"#define HUPAI_HONOR_VECTORS {nh}",
        f"#define HUPAI_CLASSES {n}",
        "",
        "/* rank of a group vector = sum_i RANK[i][prefix_sum_before_i * 5 + c_i] */",
        emit_array("HUPAI_SUIT_RANK", "uint32_t", suit_R),
        emit_array("HUPAI_HONOR_RANK", "uint32_t", honor_R),
        "",
        "/* deficit rows: [class][2 * melds + pair] */",
        emit_array("HUPAI_DEF", "uint8_t", def_rows),
        "/* class of the min-plus combination of two classes (melds add, one pair) */",
        emit_array("HUPAI_COMB", "uint8_t", comb, per_line=30),
        "",
        "/* per-vector class ids, indexed by rank */",
        emit_array("HUPAI_SUIT_DCLS", "uint8_t", def_cls[:ns], per_line=40),
        emit_array("HUPAI_HONOR_DCLS", "uint8_t", def_cls[ns:ns + nh], per_line=40),
        emit_array("HUPAI_HSEQ_DCLS", "uint8_t", def_cls[ns + nh:], per_line=40),
        "",
        "/* suits, pair of 2, 5 or 8 only: deficit of j melds and that pair, [row][j];",
        " * per-vector row ids indexed by rank */",
        f"#define HUPAI_P258_ROWS {len(p258_rows)}",
        emit_array("HUPAI_P258", "uint8_t", p258_rows.astype(np.int64)),
        emit_array("HUPAI_SUIT_P258", "uint8_t", p258_id.reshape(-1).astype(np.int64), per_line=40),
        "",
        "#endif /* HUPAI_TABLES_H */",
        "",
    ]
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", type=Path, default=OUT)
    ap.add_argument("--stdout", action="store_true", help="write to standard output instead")
    args = ap.parse_args(argv)
    text = build()
    if args.stdout:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="ascii")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
