"""Fuzz targets: each takes arbitrary bytes, turns them into calls of the public API
and checks the contract of README.md: every input either returns a valid result or
raises ValueError / TypeError naming the problem, and arguments are never modified.

A valid result is checked against the function's own definition (``waits`` against
``is_win`` of each added tile, a batch against the single-hand calls, a ledger against
zero sum, ...), so a fuzz run also finds wrong answers, not only crashes.  Each target
is a plain function of ``bytes``; tests/fuzz/test_fuzz.py drives them with Hypothesis.
"""
from __future__ import annotations

import dataclasses

import numpy as np

import hupai
from bytesource import ByteSource
from hupai import _core, batch, tiles
from hupai.melds import Decomposition, Reading
from hupai.rules import REGIONS, ExhaustResult, DeclaredMeld, Hand, ScoreResult, Situation, parse_meld
from hupai.rules.model import MELD_KINDS
from region_strategies import check_ledger, fingerprint

EXPECTED = (ValueError, TypeError)
NK = 34

# ------------------------------------------------------------------ decoding helpers

# Characters of every notation the parser reads, plus near misses, so that random
# bytes mostly make text the parser has to think about.
ALPHABET = ("0123456789mpsz mpsz123456789"
            "一二三四五六七八九万萬筒饼條条索東东南西北中發发白紅红板财財"
            "🀇🀈🀉🀏🀙🀡🀐🀘🀀🀁🀂🀃🀆🀅🀄\ufe0f\u200b\t\n,;-_[]()xyMPSZ０１２")


def text_from(src: ByteSource) -> str:
    mode = src.int(0, 3)
    raw = src.bytes(src.int(0, 40))
    if mode == 0:
        return raw.decode("utf-8", "replace")
    if mode == 1:
        return raw.decode("latin-1")
    return "".join(ALPHABET[b % len(ALPHABET)] for b in raw)


def tile_list(src: ByteSource, n: int, pool: "list[int] | range" = range(NK)) -> list[int]:
    """n tiles of the pool (fewer if the pool runs out), never five of a kind."""
    out: list[int] = []
    for _ in range(min(n, 4 * len(pool))):
        i = src.int(0, len(pool) - 1)
        while out.count(pool[i]) == 4:
            i = (i + 1) % len(pool)
        out.append(pool[i])
    return out


def counts_from(src: ByteSource, floats: bool = True):
    """Counts as a caller might pass them, good or bad (``floats``: fractional and NaN
    float arrays among them)."""
    mode = src.int(0, 11)
    if mode <= 5:           # a hand of up to 15 tiles from some pool, as uint8
        pool = src.choice([range(NK), range(9), range(9, 18), range(27, 34), range(27)])
        return tiles.from_indices(tile_list(src, src.int(0, 15), pool))
    if mode == 6:           # any 34 bytes: counts above 4 included
        return np.frombuffer(src.bytes(NK), dtype=np.uint8).copy()
    if mode == 7:           # a list of small signed ints, of about the right length
        return [src.int(-2, 6) for _ in range(src.int(32, 36))]
    if mode == 8:           # the same hand in another container
        c = tiles.from_indices(tile_list(src, src.int(0, 15)))
        return src.choice([lambda: c.tolist(), lambda: tuple(c.tolist()), lambda: c.astype(np.int64),
                           lambda: c.astype(np.float64) + (src.choice([0.0, 0.5, np.nan]) if floats else 0.0),
                           lambda: bytes(c), lambda: bytearray(c), lambda: c.astype(np.int8) * -1,
                           lambda: np.repeat(c, 2)[::2], lambda: c.astype(bool),
                           lambda: c.astype(object), lambda: c.reshape(2, 17),
                           lambda: tiles.format(c)])()
    if mode == 9:           # notation
        return text_from(src)
    if mode == 10:          # a buffer that is not one-byte counts
        return src.choice([memoryview(src.bytes(68)).cast("H"), src.bytes(src.int(0, 40)),
                           np.zeros(34, dtype=">u2"), np.zeros((34, 1), np.uint8)])
    return src.choice([None, 3, 2.5, "", [], [[0] * 34], object(), {1: 2}, [None] * 34, ["1"] * 34])


def jokers_from(src: ByteSource):
    if not src.rare(8):
        return src.int(0, 9)
    return src.choice([-1, True, 2.0, np.int64(3), np.uint8(2), "2", None, 10 ** 20, -(10 ** 20)])


def options_from(src: ByteSource, lan: bool = True) -> dict:
    opts = {"seven_pairs": src.bool(), "quads_as_two_pairs": src.bool(), "honor_sequences": src.bool()}
    if lan:
        opts["shisanlan"] = src.choice([False, False, True, "strict", "loose", 2, None])
    return opts


def canonical(counts) -> np.ndarray:
    """What the kernel read, for an input it accepted."""
    if isinstance(counts, str):
        return hupai.parse(counts).astype(np.int64)
    if isinstance(counts, (bytes, bytearray)):
        return np.frombuffer(counts, dtype=np.uint8).astype(np.int64)
    return np.asarray(counts).astype(np.int64).reshape(NK)


def expect_ok(exc: BaseException) -> None:
    """An error is fine when it is ValueError / TypeError with a message."""
    if not isinstance(exc, EXPECTED):
        raise exc
    assert str(exc), f"{type(exc).__name__} without a message"


def built(make):
    """The inputs ``make()`` builds, or None when the models refuse a bad value (with a
    clear error, which is checked)."""
    try:
        return make()
    except BaseException as exc:
        expect_ok(exc)
        return None


def call_checked(fn, args: tuple, kwargs: dict, check) -> None:
    """Call ``fn``: it either raises ValueError / TypeError with a message or returns
    a result that passes ``check``, and leaves its arguments as they were."""
    before = fingerprint((args, kwargs))
    try:
        out = fn(*args, **kwargs)
    except BaseException as exc:
        expect_ok(exc)
    else:
        check(out)
    assert fingerprint((args, kwargs)) == before, "an argument was modified"


# ------------------------------------------------------------------ parse


def fuzz_parse(data: bytes) -> None:
    src = ByteSource(data)
    text = text_from(src)
    try:
        counts = hupai.parse(text)
    except EXPECTED as exc:
        expect_ok(exc)
        assert isinstance(exc, ValueError), "a str never raises TypeError"
    else:
        assert counts.shape == (NK,) and counts.dtype == np.uint8 and counts.max(initial=0) <= 4
        for style in ("mpsz", "chinese", "unicode"):
            assert (hupai.parse(tiles.format(counts, style)) == counts).all()
    for call in (lambda: tiles.parse_tile(text), lambda: parse_meld(src.choice(MELD_KINDS), text),
                 lambda: Hand.parse(text, [(src.choice(MELD_KINDS), text_from(src))]),
                 lambda: hupai.parse(src.choice([data, None, 5, ["1m"]]))):
        try:
            call()
        except BaseException as exc:
            expect_ok(exc)


# ------------------------------------------------------------------ single-hand kernel

def _check_decompositions(out, c: np.ndarray, k: int) -> None:
    total = int(c.sum()) + k
    for d in out:
        assert isinstance(d, Decomposition)
        assert len(d.melds) == (7 if d.form == "seven_pairs" else total // 3 + 1)
        real = np.zeros(NK, np.int64)
        jokers = 0
        for m in d.melds:
            for t, j in zip(m.tiles, m.jokers):
                jokers += j
                if not j:
                    real[t] += 1
        assert jokers == k and (real == c).all(), f"{d} does not use the hand's tiles"


def _check_single(name: str, out, counts, k: int, opts: dict) -> None:
    c = canonical(counts)
    u8 = c.astype(np.uint8)
    total = int(c.sum()) + k
    plain = {key: v for key, v in opts.items() if key not in ("shisanlan", "standard", "pair258")}
    win_opts = {key: v for key, v in opts.items() if key != "standard"}
    if name == "is_win":
        assert type(out) is bool
        assert out == (hupai.deficit(u8, k, **opts) == k)
        if not opts.get("shisanlan") and not opts.get("pair258"):
            assert out == bool(hupai.decompose(u8, k, **plain))
    elif name == "shanten":
        assert type(out) is int and -1 <= out <= 13
        if total % 3 == 2 and opts.get("standard", True):
            assert (out == -1) == hupai.is_win(u8, k, **win_opts)
    elif name in ("waits", "improving"):
        assert out == sorted(set(out)) and all(0 <= t < NK and c[t] < 4 for t in out)
        if name == "waits":
            assert out == [t for t in range(NK) if c[t] < 4 and hupai.is_win(u8 + np.eye(NK, dtype=np.uint8)[t], k,
                                                                               **opts)]
        elif opts.get("standard", True):
            assert set(hupai.waits(u8, k, **win_opts)) <= set(out)
    elif name == "reading_quads":
        assert len(out) == 3 and min(out) >= -1
        # extra tiles and free kinds can rule out every reading of a win, never add one
        assert max(out) < 0 or hupai.is_win(u8, k, **plain)
    elif name == "wait_quads":
        for *most, group, kinds in out:
            assert max(most) >= 0 and min(most) >= -1 and kinds
            for t in kinds:
                assert 0 <= t < NK and c[t] < 4 and group == (t // 9 if t < 27 else 3)
                assert hupai.is_win(u8 + np.eye(NK, dtype=np.uint8)[t], k, **plain)
    elif name == "decompose":
        _check_decompositions(out, c, k)
        assert bool(out) == hupai.is_win(u8, k, **plain)
    elif name == "readings":
        for r in out:
            assert isinstance(r, Reading)
            assert len(r.standins) + 3 * r.free_melds + 2 * r.free_pairs == k
        assert bool(out) == hupai.is_win(u8, k, **plain)
    elif name == "deficit":
        assert type(out) is int and 0 <= out <= 3 * (total // 3) + 2
    elif name == "lan_deficit":
        assert type(out) is int and 0 <= out <= 14
    elif name == "discard_table":
        assert set(out) == {t for t in range(NK) if c[t]}
        for d, (sh, imp) in out.items():
            after = u8.copy()
            after[d] -= 1
            assert sh == hupai.shanten(after, k, **opts)
    elif name == "analyze_discards":
        assert [o.discard for o in out] and all(c[o.discard] for o in out) or not c.any()


def fuzz_kernel(data: bytes) -> None:
    src = ByteSource(data)
    name = src.choice(["is_win", "shanten", "waits", "improving", "decompose", "readings", "reading_summaries",
                       "deficit", "lan_deficit", "discard_table", "analyze_discards", "wait_quads",
                       "reading_quads"])
    counts = counts_from(src)
    k = jokers_from(src)
    opts = options_from(src, lan=name not in ("decompose", "readings", "reading_summaries", "wait_quads",
                                              "reading_quads"))
    if name in ("is_win", "shanten", "waits", "improving", "deficit"):
        opts["pair258"] = src.rare(4)
    args: tuple = (counts, k)
    if name == "lan_deficit":
        args, opts = (counts,), {"strict": src.choice([False, True, "x"]), "seven_stars": src.bool()}
    elif name in ("reading_summaries", "reading_quads"):
        args = (counts, k, src.choice([None, counts_from(src)]),
                src.choice([None, [src.int(-1, 34) for _ in range(src.int(0, 4))], "1m", [1.5]]))
    elif name == "wait_quads":
        args = (counts, k, src.choice([None, counts_from(src)]),
                src.choice([None, [src.int(-1, 34) for _ in range(src.int(0, 6))], "1m", [1.5]]),
                src.choice([None, [[src.int(-1, 34)] for _ in range(src.int(0, 5))], [[], [], [], []], ["1m"] * 4]))
    elif name == "analyze_discards":
        opts = dict(opts, visible=src.choice([None, counts_from(src)]),
                    melds=src.choice([None, counts_from(src)]))
    if name in ("shanten", "improving", "deficit") and src.rare(8):
        opts["standard"] = False
    fn = hupai.analyze_discards if name == "analyze_discards" else getattr(_core, name)
    plain = name != "analyze_discards" or (opts["visible"] is None and opts["melds"] is None)
    k = int(k) if name != "lan_deficit" and isinstance(k, (int, np.integer)) else 0
    call_checked(fn, args, opts, lambda out: plain and _check_single(
        name, out, counts, k, {key: v for key, v in opts.items() if key not in ("visible", "melds")}))


# ------------------------------------------------------------------ batch

BATCH = {"is_win": (batch.is_win, hupai.is_win), "shanten": (batch.shanten, hupai.shanten),
         "waits": (batch.waits, hupai.waits), "discards": (batch.discards, _core.discard_table)}


def hands_from(src: ByteSource):
    mode = src.int(0, 7)
    n = src.int(0, 6)
    if mode <= 4:
        size = src.int(0, 15)
        hands = np.stack([tiles.from_indices(tile_list(src, size)) for _ in range(n)]) if n else \
            np.zeros((0, NK), np.uint8)
        return src.choice([lambda: hands, lambda: hands.astype(np.int32), lambda: hands.tolist(),
                           lambda: np.asfortranarray(hands), lambda: hands.astype(np.float32),
                           lambda: np.repeat(hands, 2, axis=0)[::2]])()
    if mode == 5:
        return np.frombuffer(src.bytes(n * NK), dtype=np.uint8).reshape(n, NK).copy()
    if mode == 6:
        return np.array([[src.int(-1, 5) for _ in range(NK)] for _ in range(n)], dtype=np.int64).reshape(n, NK)
    return src.choice([None, [], [[1, 2]], np.zeros((2, 33)), np.zeros(NK), "123m", [[0] * NK, [0] * 33],
                       np.zeros((1, NK), dtype=complex)])


def fuzz_batch(data: bytes) -> None:
    src = ByteSource(data)
    name = src.choice(sorted(BATCH))
    hands = hands_from(src)
    rows = len(hands) if isinstance(hands, np.ndarray) and hands.ndim == 2 else 0
    if not src.rare(4):
        jokers = jokers_from(src)
    else:
        jokers = src.choice([np.array([src.int(0, 9) for _ in range(rows)], dtype=src.choice([np.uint8, np.int64])),
                             [src.int(-1, 9) for _ in range(src.int(0, 4))], np.zeros(rows, np.float64)])
    opts = options_from(src, lan=name != "shanten" or src.bool())
    if name == "shanten" and src.rare(8):
        opts["standard"] = False
    opts["threads"] = src.choice([1, 1, 2, 3, 8, 0, -1, 1.5, None])
    fn, single = BATCH[name]
    call_checked(fn, (hands, jokers), opts, lambda out: _check_batch(name, out, hands, jokers, opts, single))


def _check_batch(name: str, out, hands, jokers, opts: dict, single) -> None:
    """Row by row, the batch result equals the single-hand call."""
    arr = np.asarray(hands).astype(np.uint8)
    ks = np.broadcast_to(np.asarray(jokers), (len(arr),))
    one = {key: v for key, v in opts.items() if key != "threads"}
    for i in range(len(arr)):
        expected = single(arr[i], int(ks[i]), **one)
        if name == "is_win":
            assert out.dtype == np.bool_ and out[i] == expected
        elif name == "shanten":
            assert out.dtype == np.int8 and out[i] == expected
        elif name == "waits":
            assert out.dtype == np.bool_ and list(np.flatnonzero(out[i])) == expected
        else:
            sh, masks = out
            assert {t: (int(sh[i, t]), [u for u in range(NK) if int(masks[i, t]) >> u & 1])
                    for t in range(NK) if arr[i, t]} == {t: (s, m) for t, (s, m) in expected.items()}
            assert all(sh[i, t] == 127 for t in range(NK) if not arr[i, t])


# ------------------------------------------------------------------ scoring

REGION_POOLS = {"luzhou": list(range(27)), "guiyang": list(range(27)), "fuzhou": list(range(NK)),
                "wuhan": list(range(33))}
GHOST = 33   # Luzhou's 紅中 ghosts


def rules_from(src: ByteSource, region):
    """The region's flags, each kept at its default or set to an allowed value, and
    now and then to a value that is not allowed."""
    cls = region.Rules
    kwargs = {}
    for f in dataclasses.fields(cls):
        if not src.rare(3):
            continue
        if isinstance(f.default, bool):
            allowed = [False, True]
        elif isinstance(f.default, str):
            allowed = list(cls.CHOICES.get(f.name, ())) or [f.default, "500/600/700", "1/2/3", 600, None]
        else:
            allowed = list(cls.CHOICES.get(f.name, ())) or [f.default, None, 0, 1, 2, 40, 100]
        if src.rare(32):
            allowed = [-1, "bogus", "600/700", None, 1.5] if not isinstance(f.default, str) else \
                ["bogus", "600/700", "", "x/y/z"]
        kwargs[f.name] = src.choice(allowed)
    return cls(**kwargs)


def meld_from(src: ByteSource, pool: list[int]) -> DeclaredMeld:
    kind = src.choice(MELD_KINDS)
    t = src.choice(pool)
    if kind == "chi" and not src.rare(4):
        t = min(t % 9, 6) + t // 9 * 9 if t < 27 else t
        tiles_ = (t, t + 1, t + 2)
    elif not src.rare(8):
        tiles_ = (t,) * (4 if kind.endswith("gang") else 3)
    else:
        tiles_ = tuple(src.choice(pool) for _ in range(src.int(2, 5)))
    return DeclaredMeld(kind, tiles_, src.choice([None, "A", "B", "C", "D"]))


def _sets(pool: list[int]) -> list[tuple[int, ...]]:
    return [(t, t, t) for t in pool] + [(t, t + 1, t + 2) for t in pool
                                        if t < 27 and t % 9 < 7 and t + 1 in pool and t + 2 in pool]


def complete_hand(src: ByteSource, pool: list[int], region: str, wild: "list[int]") -> "tuple[Hand, int]":
    """Four sets and a pair from the pool (never five of a kind), some sets declared
    (sequences only where 吃 is played; at least one where a win needs 開口), now and
    then a tile swapped, and some tiles turned into ``wild`` ones (ghosts, laizi); one
    concealed tile is the winning tile."""
    sets = _sets(pool)
    held = [0] * NK
    chosen: list[tuple[int, ...]] = []
    i = src.int(0, len(sets) - 1)
    while len(chosen) < 4:
        i = (i + 1 + src.int(0, 7)) % len(sets)   # at least one step: every set is reached
        if all(held[t] + sets[i].count(t) <= 4 for t in sets[i]):
            chosen.append(sets[i])
            for t in sets[i]:
                held[t] += 1
    pair = next(t for k in range(len(pool)) for t in [pool[(src.int(0, len(pool) - 1) + k) % len(pool)]]
                if held[t] <= 2)
    melds = []
    declarable = [s for s in chosen if s[0] == s[1] or region == "wuhan" or src.rare(16)]
    for s in declarable[:src.int(1 if region == "wuhan" else 0, 4)]:
        kind = "chi" if s[0] != s[1] else src.choice(["peng", "peng", "minggang", "angang", "bugang"])
        if kind.endswith("gang") and held[s[0]] > 3:
            kind = "peng"
        melds.append(DeclaredMeld(kind, s + s[:1] if kind.endswith("gang") else s,
                                  src.choice([None, "A", "B", "C"])))
    for m in melds:
        chosen.remove(m.tiles[:3])
    concealed = [t for s in chosen for t in s] + [pair, pair]
    if src.rare(3):   # swap a tile
        concealed[src.int(0, len(concealed) - 1)] = src.choice(pool)
    for _ in range(src.int(0, 4) if wild and src.bool() else 0):
        concealed[src.int(0, len(concealed) - 1)] = src.choice(wild)
    win = concealed.pop(src.int(0, len(concealed) - 1))
    counts = np.zeros(NK, np.uint8)
    for t in concealed:
        counts[t] = min(counts[t] + 1, 4)
    return Hand(counts, tuple(melds)), win


def hand_from(src: ByteSource, region: str, pool: "list[int] | None" = None,
              wild: "list[int] | None" = None) -> "tuple[Hand, int]":
    """A hand and a winning tile: mostly near a win, else any tiles or any counts."""
    pool = (pool or REGION_POOLS[region]) if not src.rare(8) else list(range(NK))
    wild = wild if wild is not None else [GHOST] if region == "luzhou" else []
    mode = src.int(0, 7)
    if mode <= 4:
        return complete_hand(src, pool, region, wild)
    if mode <= 6:
        melds = tuple(meld_from(src, pool) for _ in range(src.int(0, 4)))
        concealed = tiles.from_indices(tile_list(src, 13 - 3 * len(melds), pool))
        return Hand(concealed, melds), src.choice(pool + wild)
    return Hand(counts_from(src), tuple(meld_from(src, pool) for _ in range(src.int(0, 5)))), src.choice(pool)


def context_from(src: ByteSource, win: int, region: str) -> dict:
    """The facts of a win, mostly the region's own (now and then one it does not use,
    which must be refused)."""
    if src.rare(16):
        win = src.choice([34, -1, True, "1m", 2.0])
    flags = {name: src.rare(4) for name in
             ("after_kong", "kong_discard", "robbing_kong", "declared_ready", "tianhu", "dihu", "dealer")}
    facts = {"win_tile": win, "self_draw": src.bool(), "ghosts_drawn": src.choice([0, 0, 0, 1, 5, 6, 8, -1]),
             "guoshui_passed_value": src.choice([None, None, 0, 2, 10, 40]), **flags, **region_kwargs(src, region)}
    own = REGIONS[region].FACTS | {"win_tile", "self_draw"}
    return {k: v for k, v in facts.items() if k in own or src.rare(32)}


def region_kwargs(src: ByteSource, region: str) -> dict:
    """The facts of a region's situation (Wuhan's losers come later, from the context:
    see :func:`wuhan_losers`)."""
    if region == "wuhan":
        return {"indicator": src.choice(range(NK)) if not src.rare(16) else
                src.choice(["5m", "5x", None, 34, -1, True]),
                "special_kongs": src.choice([{}, {}, {"hongzhong": 1}, {"laizi": 1}, {"x": 1}]),
                "last_four": src.rare(4), "discarder_ready": not src.rare(4),
                "guoshui_same_tile_not_higher": src.rare(8)}
    if region == "guiyang":
        return {"re_pao": src.rare(4), "shabao": src.rare(4),
                "flip": src.choice([None, None, 0, 8, 17, 26, 34]),
                "payment_scope": src.choice([("hand",), ("hand", "dou", "chicken"), ("chicken",), ("x",)]),
                "re_pao_kong": src.choice([None, "angang", "bugang", "minggang", "x"]),
                "passed_since_draw": src.rare(8), "discards": tile_list(src, src.int(0, 3), range(27)),
                "hero_chicken": src.bool(), "lianzhuang_count": src.int(0, 3)}
    if region == "fuzhou":
        return {"payment_scope": src.choice([("hand",), ("hand", "kong"), ("x",)])}
    return {}


def region_tiles(region: str, rules, kwargs: dict) -> "tuple[list[int], list[int] | None]":
    """The tiles a hand of the region holds, and its wild tiles (Wuhan: no must-kong
    tile; the laizi is wild)."""
    if region == "wuhan" and kwargs.get("indicator") in range(NK):
        from hupai.rules.wuhan import laizi_of, must_kong_tiles
        laizi = laizi_of(kwargs["indicator"], rules)
        avoid = must_kong_tiles(kwargs["indicator"], rules) | {laizi}
        return [t for t in range(NK) if t not in avoid], [laizi]
    return REGION_POOLS[region], None


def wuhan_losers(src: ByteSource, facts: dict) -> list:
    """A, B and C; on a discard win A is the discarder (now and then another seat, or
    fewer losers, which must be refused)."""
    from hupai.rules.wuhan import Loser
    discarder = None if facts.get("self_draw") or facts.get("robbing_kong") else "A"
    if src.rare(16):
        discarder = src.choice("ABC")
    losers = [Loser(s, opened=src.bool(), opens=src.choice([None, None, 0, 1, 2, 3, -1]), dealer=src.rare(4),
                    discarder=s == discarder,
                    kongs={kind: src.int(0, 2) for kind in ("ming", "an", "hongzhong", "laizi") if src.rare(4)})
              for s in "ABC"]
    return losers[:src.int(0, 2)] if src.rare(16) else losers


def check_score(res, rules) -> None:
    assert isinstance(res, ScoreResult)
    check_ledger(res.ledger)
    if not res.is_win and not res.ledger:
        assert res.value == 0 and res.reason
    cap = getattr(rules, "cap", None)
    if cap is not None and res.is_win:
        # 喜錢 is paid beside the win and outside its cap (its reason names its seed line)
        assert all(t.amount <= cap for t in res.ledger if not t.reason.startswith("喜錢"))


def fuzz_score(data: bytes) -> None:
    src = ByteSource(data)
    name = src.choice(sorted(REGIONS))
    region = REGIONS[name]

    def make():
        rules = rules_from(src, region)
        facts = context_from(src, 0, name)
        hand, win = hand_from(src, name, *region_tiles(name, rules, facts))
        facts["win_tile"] = win if facts["win_tile"] == 0 else facts["win_tile"]
        if name == "wuhan":
            facts["losers"] = wuhan_losers(src, facts)
        return (hand, Situation(**facts), rules), {}

    inputs = built(make)
    if inputs is not None:
        args, kwargs = inputs
        call_checked(region.score, args, kwargs, lambda res: check_score(res, args[2]))


def check_chajiao(res, seats) -> None:
    assert isinstance(res, ExhaustResult)
    check_ledger(res.ledger)
    for seat, rep in res.seats.items():
        assert seats[seat] is not None and rep.ready == bool(rep.waits)
        own = seats[seat].all_tiles()
        assert all(own[t] < 4 for t in rep.waits)


def fuzz_chajiao(data: bytes) -> None:
    src = ByteSource(data)
    name = src.choice(sorted(REGIONS))
    region = REGIONS[name]

    def make():
        rules = rules_from(src, region)
        pool, wild = region_tiles(name, rules, region_kwargs(src, name))
        return rules, {s: (None if src.rare(4) else hand_from(src, name, pool, wild)[0])
                       for s in src.choice(["ABCD", "ABCD", "ABC", "AB", "A", "", "ABCE"])}

    inputs = built(make)
    if inputs is not None:
        rules, seats = inputs
        dealer = src.choice(["A", "B", "C", "D", None, "E"])
        call_checked(region.exhaust, (seats, rules), {"dealer": dealer}, lambda res: check_chajiao(res, seats))


TARGETS = {"parse": fuzz_parse, "kernel": fuzz_kernel, "batch": fuzz_batch, "score": fuzz_score,
           "chajiao": fuzz_chajiao}
