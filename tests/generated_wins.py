"""Seeded wins of every region, many and fast: a complete hand from templates, some sets
declared as melds, a random tile of it the winning tile, the situation's facts drawn
from those the region reads, and now and then a tile swapped so that some hands do not
win.  Plain ``random.Random`` draws (a hundred thousand hands a region in seconds, where
Hypothesis would take minutes); the same seed gives the same hands on any machine.

Each generator yields ``(hand, situation)``; a combination the region refuses (a fact
that cannot hold with these tiles) is left for the scorer to refuse, as it refuses it
from any caller."""
from __future__ import annotations

import random
from typing import Callable, Iterator, Optional

import numpy as np

from hupai.rules import DeclaredMeld, Hand, Loser, Situation

RED = 33
YAOJI = 18          # 1条, Guiyang's 幺鸡
KONGS = ("angang", "minggang", "bugang")
PAIRS_258 = [t for t in range(27) if t % 9 in (1, 4, 7)]
HONOURS = list(range(27, 34))
SUIT_SEQS = [(b + s, b + s + 1, b + s + 2) for b in (0, 9, 18) for s in range(7)]
HONOR_SEQS = [(27, 28, 29), (27, 28, 30), (27, 29, 30), (28, 29, 30), (31, 32, 33)]


def sets_and_a_pair(rng: np.random.Generator) -> np.ndarray:
    """34 counts (int64) of four sets, each a triplet or a suited chow at even odds, and
    a pair, from numpy's ``rng``; a kind may pass four (the caller draws again)."""
    c = np.zeros(34, np.int64)
    for _ in range(4):
        if rng.random() < 0.5:
            c[rng.integers(34)] += 3
        else:
            s = rng.integers(3) * 9 + rng.integers(7)
            c[s:s + 3] += 1
    c[rng.integers(34)] += 2
    return c


class _Draw:
    """The draws every generator shares."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.random = self.rng.random

    def chance(self, p: float) -> bool:
        return self.random() < p

    def index(self, n: int) -> int:
        """0 to n - 1 (from one float: cheaper than ``randrange``, as deterministic)."""
        return int(self.random() * n)

    def pick(self, seq):
        return seq[int(self.random() * len(seq))]

    def kinds(self, groups: list[int]) -> list[int]:
        return [t for g in groups for t in (HONOURS if g == 3 else range(9 * g, 9 * g + 9))]

    def complete(self, kinds: list[int], templates: list[tuple[int, ...]], pairs: float,
                 pair_kinds: Optional[list[int]] = None) -> Optional[tuple[list[int], list[tuple[int, ...]]]]:
        """14 tiles of four sets and a pair (of ``pair_kinds`` when some are given) or
        seven pairs (with chance ``pairs``), and the sets; None when a kind would exceed
        four copies."""
        counts = [0] * 34
        sets: list[tuple[int, ...]] = []
        if self.chance(pairs):
            for _ in range(7):
                counts[self.pick(kinds)] += 2
        else:
            for _ in range(4):
                s = self.pick(templates)
                sets.append(s)
                for t in s:
                    counts[t] += 1
            counts[self.pick(pair_kinds or kinds)] += 2
        if max(counts) > 4:
            return None
        return [t for t in range(34) for _ in range(counts[t])], sets

    def declare(self, tiles: list[int], sets: list[tuple[int, ...]], chi: bool, most: int = 2
                ) -> list[DeclaredMeld]:
        """Lay some of ``sets`` down: a triplet as 碰 or a kong (whose fourth copy is
        drawn, so only while no other copy is held), a sequence as 吃 where the region
        has them."""
        melds: list[DeclaredMeld] = []
        for s in sets:
            if len(melds) >= most or not self.chance(0.4) or (s[0] != s[1] and (not chi or s[0] >= 27)) \
                    or any(tiles.count(t) < s.count(t) for t in set(s)):
                continue
            for t in s:
                tiles.remove(t)
            if s[0] != s[1]:
                melds.append(DeclaredMeld("chi", s, self.pick("ABC")))
                continue
            kind = self.pick(["peng", "peng", "peng", "angang", "minggang", "bugang"])
            if 3 + tiles.count(s[0]) + sum(m.tiles.count(s[0]) for m in melds) >= 4:
                kind = "peng"
            melds.append(DeclaredMeld(kind, (s[0],) * (3 if kind == "peng" else 4),
                                      None if kind == "angang" else self.pick("ABC")))
        return melds

    def sets_hand(self, groups: list[int], how_many: list[int], pairs: float, chi: bool, most: int,
                  honor_sequences: bool = False, pair_258: float = 0.0, red: bool = False
                  ) -> Optional[tuple[list[int], list[int], list[DeclaredMeld]]]:
        """(kinds, tiles, melds) of a complete hand over some of ``groups`` (0-2 the suits,
        3 the honours, 紅中 among them if ``red``), some of its sets declared; its pair a
        2-5-8 with chance ``pair_258``; None when a kind would exceed four copies."""
        kinds = [t for t in self.kinds(self.rng.sample(groups, self.pick(how_many))) if red or t != RED]
        pair_kinds = [t for t in PAIRS_258 if t in kinds] if self.chance(pair_258) else None
        made = self.complete(kinds, _templates(kinds, honor_sequences), pairs, pair_kinds)
        if made is None:
            return None
        tiles, sets = made
        return kinds, tiles, self.declare(tiles, sets, chi, most)

    def swap(self, tiles: list[int], kinds: list[int], melds: list[DeclaredMeld], p: float) -> None:
        """With chance ``p``, one tile swapped for a kind with a copy left (a near miss)."""
        if not self.chance(p):
            return
        held = [tiles.count(t) + sum(m.tiles.count(t) for m in melds) for t in range(34)]
        free = [t for t in kinds if held[t] < 4]
        if free:
            tiles[self.index(len(tiles))] = self.pick(free)


def _hand(tiles: list[int], melds: list[DeclaredMeld]) -> Hand:
    counts = np.zeros(34, np.uint8)
    for t in tiles:
        counts[t] += 1
    return Hand(counts, tuple(melds))


def _templates(kinds: list[int], honor_sequences: bool = False) -> list[tuple[int, ...]]:
    out = [(t, t, t) for t in kinds] + [s for s in SUIT_SEQS if s[0] in kinds]
    if honor_sequences:
        out += [s for s in HONOR_SEQS if s[0] in kinds]
    return out


def luzhou(seed: int) -> Iterator[tuple[Hand, Situation]]:
    """Luzhou: one or two suits (now and then three, a 花豬), 紅中 ghosts in the hand as a
    deal gives them (and in a 貼鬼碰 now and then), 碰 and kongs, chi now and then (a
    flag allows them); the win's facts of L: how the tile came, 報牌, 天胡 / 地胡, the
    dealer, the ghosts drawn, a 過水 passed value."""
    d = _Draw(seed)
    while True:
        made = d.sets_hand([0, 1, 2], [1, 2, 2, 2, 3], 0.15, chi=d.chance(0.1), most=2)
        if made is None:
            continue
        kinds, tiles, melds = made
        if melds and melds[0].kind == "peng" and d.chance(0.2):     # a 貼鬼碰
            t = melds[0].tiles[0]
            melds[0] = DeclaredMeld("peng", (t, t, RED), melds[0].from_seat)
        for _ in range(d.pick([0] * 12 + [1] * 6 + [2] * 2 + [3, 4])):
            tiles[d.index(len(tiles))] = RED
        d.swap(tiles, kinds, melds, 0.1)
        win = tiles.pop(d.index(len(tiles)))
        self_draw = win == RED or d.chance(0.5)
        facts: dict = {"dealer": d.chance(0.25), "declared_ready": d.chance(0.15),
                       "ghosts_drawn": d.pick([0, 0, 0, 1, 2, 3, 4])}
        if self_draw:
            facts["after_kong"] = any(m.kind in KONGS for m in melds) and d.chance(0.4)
            first = not melds and d.chance(0.1)         # 天胡 the dealer's, 地胡 another's (C17)
            facts["tianhu" if facts["dealer"] else "dihu"] = first
        else:
            how = d.pick(["plain", "plain", "kong_discard", "robbing_kong"])
            if how != "plain":
                facts[how] = True
            if d.chance(0.1):
                facts["guoshui_passed_value"] = d.pick([1, 2, 4, 8, 16])
        yield _hand(tiles, melds), Situation(win, self_draw, **facts)


def wuhan(seed: int) -> Iterator[tuple[Hand, Situation]]:
    """Wuhan: one or two groups of suits and honours, opened (開口) with a chi or 碰 and
    now and then a kong or a second meld, the indicator drawn at random (so the laizi
    is held as a deal gives it); losers opened or not, dealing, with kongs; the winner's
    single-tile kongs, 海底, 過水, 全求人's discarder."""
    d = _Draw(seed)
    # the losers of a discard win (A the discarder) and of any other: drawn once, a few
    # hundred of each, then picked (Loser objects are immutable; making three a win
    # would cost more than the win's score)
    losers = {discard: [_losers(d, discard) for _ in range(300)] for discard in (False, True)}
    while True:
        # a small win's pair is a 2-5-8 (A-L57): most hands have one
        made = d.sets_hand([0, 1, 2, 3], [1, 2, 2], 0.05, chi=True, most=4, pair_258=0.8)
        if made is None:
            continue
        kinds, tiles, melds = made
        d.swap(tiles, kinds, melds, 0.1)
        win = tiles.pop(d.index(len(tiles)))
        how = d.pick(["self", "self", "discard", "discard", "rob"])
        self_draw = how == "self"
        special = {k: 1 for k in ("hongzhong", "laizi") if d.chance(0.15)}
        facts: dict = {"indicator": d.index(34), "losers": d.pick(losers[how == "discard"]),
                       "special_kongs": special,
                       "dealer": d.chance(0.25), "robbing_kong": how == "rob",
                       "discarder_ready": d.chance(0.5)}
        if self_draw:
            facts["after_kong"] = bool(special or any(m.kind in ("angang", "minggang", "bugang") for m in melds)) \
                and d.chance(0.4)
            facts["last_four"] = d.chance(0.1)
        elif how == "discard":
            facts["guoshui_same_tile_not_higher"] = d.chance(0.1)
        yield _hand(tiles, melds), Situation(win, self_draw, **facts)


def _losers(d: _Draw, discard: bool) -> tuple[Loser, ...]:
    """A, B and C of a Wuhan win: opened or not, B dealing now and then, A the
    discarder of a discard win, some with kongs of their own."""
    return tuple(Loser(s, opened=d.chance(0.7), dealer=s == "B" and d.chance(0.5), discarder=discard and s == "A",
                       kongs={k: 1 for k in ("ming", "an") if d.chance(0.15)}) for s in "ABC")


def guiyang(seed: int) -> Iterator[tuple[Hand, Situation]]:
    """Guiyang: suited tiles only, 碰 and kongs (no chi); the facts of G: how the tile
    came, 报听 and 杀报, 热炮 and its kong, the flipped chicken, the discards, the hero
    chicken, 冲锋鸡, 连庄, 包牌's passed win, the payment scope."""
    d = _Draw(seed)
    while True:
        made = d.sets_hand([0, 1, 2], [1, 1, 2, 2, 3], 0.15, chi=False, most=3)
        if made is None:
            continue
        kinds, tiles, melds = made
        d.swap(tiles, kinds, melds, 0.1)
        win = tiles.pop(d.index(len(tiles)))
        how = d.pick(["self", "self", "discard", "discard", "repao", "rob"])
        self_draw = how == "self"
        facts: dict = {"dealer": d.chance(0.25), "declared_ready": d.chance(0.15),
                       "flip": d.pick([None, d.index(27)]),
                       "discards": tuple(d.index(27) for _ in range(d.pick([0, 0, 1, 3]))),
                       "hero_chicken": d.chance(0.05),
                       "lianzhuang_count": d.pick([0, 0, 0, 1, 2]),
                       "payment_scope": d.pick([("hand",), ("hand",), ("hand", "dou", "chicken")])}
        if d.chance(0.05):       # 冲锋鸡: the first discard an unclaimed 1条 (L335)
            facts["chongfeng"], facts["discards"] = True, (YAOJI,) + facts["discards"]
        if self_draw:
            facts["after_kong"] = any(m.kind in KONGS for m in melds) and d.chance(0.4)
            facts["passed_since_draw"] = d.chance(0.05)
        else:
            facts["shabao"] = d.chance(0.1)
            facts["robbing_kong"] = how == "rob"
            if how == "repao":
                facts["re_pao"] = True
                facts["re_pao_kong"] = d.pick(["minggang", "angang", "bugang"])
        yield _hand(tiles, melds), Situation(win, self_draw, **facts)


def fuzhou(seed: int) -> Iterator[tuple[Hand, Situation]]:
    """Fuzhou: every kind, honour sequences, seven pairs and 十三爛 (some with all seven
    honours, 七星), chi, 碰 and kongs; the facts of F: how the tile came, 天胡 / 地胡, the
    dealer, the payment scope."""
    d = _Draw(seed)
    while True:
        shape = d.pick(["sets"] * 8 + ["lan"])
        if shape == "lan":
            suited = [r + 9 * g for g in range(3) for r in d.pick([(0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)])]
            chosen = d.rng.sample(suited, d.pick([7, 8, 9])) + d.rng.sample(HONOURS, 7)
            tiles, melds = chosen[:14], []
        else:
            made = d.sets_hand([0, 1, 2, 3], [1, 2, 2, 3], 0.1, chi=True, most=3, honor_sequences=True, red=True)
            if made is None:
                continue
            _, tiles, melds = made
        d.swap(tiles, list(range(34)), melds, 0.1)
        win = tiles.pop(d.index(len(tiles)))
        how = d.pick(["self", "self", "discard", "discard", "rob"])
        self_draw = how == "self"
        facts: dict = {"dealer": d.chance(0.25), "robbing_kong": how == "rob",
                       "payment_scope": d.pick([("hand",), ("hand",), ("hand", "kong")])}
        if self_draw:
            facts["after_kong"] = any(m.kind in KONGS for m in melds) and d.chance(0.4)
            facts["tianhu"] = not melds and d.chance(0.05)
        elif how == "discard":
            facts["dihu"] = not melds and d.chance(0.05)
        yield _hand(tiles, melds), Situation(win, self_draw, **facts)


#: Region name -> its generator of ``(hand, situation)`` from a seed.
GENERATORS: dict[str, Callable[[int], Iterator[tuple[Hand, Situation]]]] = {
    "luzhou": luzhou, "wuhan": wuhan, "guiyang": guiyang, "fuzhou": fuzhou}
