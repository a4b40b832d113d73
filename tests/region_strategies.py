"""Hypothesis strategies for regional wins and tables: (Hand, Situation) pairs near or
at a win, with declared melds, for the property tests of every region."""
from __future__ import annotations

import dataclasses
from typing import Mapping

import numpy as np
from hypothesis import strategies as st

from hupai.rules import Hand, Situation
from hupai.rules.luzhou import GHOST
from hupai.rules.model import DeclaredMeld

SUIT_SEQS = [(b + s, b + s + 1, b + s + 2) for b in (0, 9, 18) for s in range(7)]
HONOR_SEQS = [(27, 28, 29), (27, 28, 30), (27, 29, 30), (28, 29, 30), (31, 32, 33)]


def sets_and_pair(draw, kinds, templates):
    """Counts of four sets drawn from ``templates`` and a pair of one of ``kinds``, and
    the sets."""
    final = np.zeros(34, np.int64)
    sets = draw(st.lists(st.sampled_from(templates), min_size=4, max_size=4))
    for tpl in sets:
        for t in tpl:
            final[t] += 1
    final[draw(st.sampled_from(kinds))] += 2
    return final, sets


def tiles_of(draw, counts, kinds) -> list[int]:
    """The tiles of ``counts`` (each kind cut to four), topped up to 14 from ``kinds``."""
    counts = np.minimum(counts, 4)
    tiles14 = [t for t in range(34) for _ in range(counts[t])]
    while len(tiles14) < 14:
        tiles14.append(draw(st.sampled_from(kinds)))
        if tiles14.count(tiles14[-1]) > 4:
            tiles14.pop()
    return tiles14


@st.composite
def luzhou_wins(draw, max_ghosts=3):
    suits = draw(st.lists(st.integers(0, 2), min_size=1, max_size=3, unique=True))
    kinds = [t for g in suits for t in range(9 * g, 9 * g + 9)]
    final = np.zeros(34, np.int64)
    if draw(st.integers(0, 5)) == 0:
        for t in draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7)):
            final[t] += 2
    else:
        templates = [(t, t, t) for t in kinds] + [s for s in SUIT_SEQS if s[0] in kinds]
        final, _ = sets_and_pair(draw, kinds, templates)
    tiles14 = tiles_of(draw, final, kinds)
    # declare a peng of some triplet, or a kong of some four (taking three from the 14,
    # as a kong counts 3), sometimes
    melds = []
    if draw(st.booleans()):
        trip = [t for t in set(tiles14) if tiles14.count(t) >= 3]
        if trip:
            t = draw(st.sampled_from(sorted(trip)))
            for _ in range(3):
                tiles14.remove(t)
            kong = tiles14.count(t) == 1 and draw(st.booleans())
            if kong:
                tiles14.remove(t)
                tiles14.append(draw(st.sampled_from([k for k in kinds if tiles14.count(k) < 4 and k != t])))
            melds.append(("angang", (t,) * 4) if kong else ("peng", (t, t, t)))
    k = draw(st.integers(0, min(max_ghosts, len(tiles14) - 1)))
    for _ in range(k):
        tiles14[draw(st.integers(0, len(tiles14) - 1))] = GHOST
    win_pos = draw(st.integers(0, len(tiles14) - 1))
    win = tiles14.pop(win_pos)
    self_draw = draw(st.booleans()) or win == GHOST
    # 杠上花 only for a winner who has a kong (a win after one's own kong's replacement)
    ctx = dict(after_kong=self_draw and any(kind == "angang" for kind, _ in melds) and draw(st.booleans()))
    if not self_draw:
        ctx[draw(st.sampled_from(["plain", "kong_discard", "robbing_kong"]))] = True
        ctx.pop("plain", None)
    concealed = np.zeros(34, np.uint8)
    for t in tiles14:
        concealed[t] += 1
    hand = Hand(concealed, tuple(DeclaredMeld(kind, tiles) for kind, tiles in melds))
    return hand, Situation(win, self_draw, **ctx)


@st.composite
def declared_wins(draw, honors=False, honor_sequences=False):
    """Wins without jokers (Guiyang: suits only; Fuzhou: honours and honour sequences
    too): four sets and a pair, or seven pairs, or (Fuzhou) 十三爛; some triplets
    declared as 碰 or kongs (a kong takes the fourth copy; 明扛 and 補扛 name the seat
    that fed them); a random tile of the hand is the winning tile, self-drawn or not,
    now and then swapped for another so that some hands do not win."""
    groups = draw(st.lists(st.integers(0, 3 if honors else 2), min_size=1, max_size=4, unique=True))
    kinds = [t for g in groups for t in (range(27, 34) if g == 3 else range(9 * g, 9 * g + 9))]
    final = np.zeros(34, np.int64)
    shape = draw(st.sampled_from(["sets"] * 6 + ["pairs"] + (["lan"] if honors else [])))
    sets: list[tuple[int, ...]] = []
    if shape == "lan":
        suited = [r + 9 * g for g in range(3) for r in draw(st.sampled_from([(0, 3, 6), (1, 4, 7), (2, 5, 8)]))]
        chosen = draw(st.permutations(suited))[:draw(st.integers(7, 9))] + list(range(27, 34))
        for t in chosen[:14]:
            final[t] += 1
    elif shape == "pairs":
        for t in draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7)):
            final[t] += 2
    else:
        templates = [(t, t, t) for t in kinds] + [s for s in SUIT_SEQS if s[0] in kinds]
        if honor_sequences:
            templates += [s for s in HONOR_SEQS if s[0] in kinds]
        final, sets = sets_and_pair(draw, kinds, templates)
    tiles14 = tiles_of(draw, final, kinds)
    melds = []
    for tpl in sets:
        if tpl[0] != tpl[1] or tiles14.count(tpl[0]) < 3 or not draw(st.booleans()):
            continue
        kind = draw(st.sampled_from(["peng", "peng", "angang", "minggang", "bugang"]))
        if kind != "peng" and tiles14.count(tpl[0]) > 3:
            kind = "peng"
        for _ in range(3):
            tiles14.remove(tpl[0])
        seat = draw(st.sampled_from("ABC")) if kind in ("minggang", "bugang") else None
        melds.append(DeclaredMeld(kind, (tpl[0],) * (3 if kind == "peng" else 4), seat))
    if draw(st.integers(0, 4)) == 0:     # swap a tile for one of a kind with a copy left
        i = draw(st.integers(0, len(tiles14) - 1))
        held = [tiles14.count(t) + sum(len(m.tiles) for m in melds if m.tiles[0] == t) for t in range(34)]
        tiles14[i] = draw(st.sampled_from([t for t in kinds if held[t] < 4] or [tiles14[i]]))
    win = tiles14.pop(draw(st.integers(0, len(tiles14) - 1)))
    self_draw = draw(st.booleans())
    flags = {}
    if self_draw:
        flags["after_kong"] = bool(melds) and any(m.kind != "peng" for m in melds) and draw(st.booleans())
    else:
        flags[draw(st.sampled_from(["plain", "plain", "kong_discard", "robbing_kong"]))] = True
        flags.pop("plain", None)
    flags["declared_ready"] = draw(st.integers(0, 5)) == 0
    flags["dealer"] = draw(st.booleans())
    concealed = np.zeros(34, np.uint8)
    for t in tiles14:
        concealed[t] += 1
    return Hand(concealed, tuple(melds)), Situation(win, self_draw, **flags)


@st.composite
def tables(draw, hands13, seats="ABCD"):
    """Seat -> a 13-tile hand, or None for a seat that has already won."""
    return {s: (None if draw(st.integers(0, 4)) == 0 else draw(hands13)) for s in seats}


def for_region(situation: Situation, region) -> Situation:
    """The situation with the facts ``region`` does not read back at their defaults (a
    region refuses a fact it has no use for)."""
    import dataclasses as dc
    defaults = {f.name: (f.default_factory() if f.default_factory is not dc.MISSING else f.default)
                for f in dc.fields(Situation)}
    return situation.replace(**{f: defaults[f] for f in situation.given() if f not in region.FACTS})


def fingerprint(value):
    """A comparable copy of an argument (arrays as bytes, dataclasses and mappings as
    tuples), so that a test can tell whether a call modified what it was given."""
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(fingerprint(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, Mapping):
        return ("map",) + tuple(sorted((repr(k), fingerprint(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__,) + tuple(fingerprint(v) for v in value)
    return value


def check_ledger(ledger) -> None:
    """Every transfer moves a positive amount between two different seats, so the
    ledger sums to zero."""
    for t in ledger:
        assert t.amount > 0 and t.payer != t.payee, t
    assert sum(ledger.net().values()) == 0
