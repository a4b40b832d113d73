"""Walls for scenario tests: put chosen tiles where the deal, the flips, the draws and
the replacement draws will take them, and the rest of the region's tiles in between."""
from __future__ import annotations

import random
from collections import Counter
from typing import Mapping, Optional, Sequence

from hupai import tiles
from hupai.rules import REGIONS
from hupai.table import Round


def chosen_wall(region: str, hands: Mapping[int, str], *, dealer: int = 0, flips: str = "", draws: str = "",
                back: str = "", rules=None, at: Optional[Mapping[int, str]] = None) -> list[int]:
    """A wall of ``region`` dealing ``hands`` (seat → its tiles: 14 for the dealer, 13
    for the others; a seat left out gets filler), then ``flips`` (tiles the flow turns
    over right after the deal, e.g. Wuhan's indicator), then ``draws`` from the front
    in order, with ``back`` at the back (its first tile is the first replacement draw);
    ``at`` puts a tile at a later front draw (draw index → tile, 0 being the first draw
    after the flips, from ``len(draws)`` on), with filler before it.
    ValueError if the tiles asked for are not in the region's tile set."""
    r = REGIONS[region]
    tile_set = r.FLOW.tile_set(r.Rules.coerce(rules))
    pool = Counter(tile_set)
    wanted = {seat: tiles.parse_sequence(text) for seat, text in hands.items()}
    head = [tiles.parse_sequence(flips), tiles.parse_sequence(draws), tiles.parse_sequence(back)]
    placed = {k: tiles.tile_index(t) for k, t in (at or {}).items()}
    for t in [t for seq in wanted.values() for t in seq] + [t for seq in head for t in seq] + list(placed.values()):
        if pool[t] <= 0:
            raise ValueError(f"no copy of {tiles.tile_name(t)} left for the wall")
        pool[t] -= 1
    filler = sorted(pool.elements())
    need = {seat: (14 if seat == dealer else 13) for seat in range(4)}
    for seat, seq in wanted.items():
        if len(seq) != need[seat]:
            raise ValueError(f"seat {seat} is dealt {need[seat]} tiles, not {len(seq)}")
    given = {seat: list(wanted.get(seat, [])) for seat in range(4)}
    for seat in range(4):
        while len(given[seat]) < need[seat]:
            given[seat].append(filler.pop())
    chunks = r.FLOW.deal_chunks(r.Rules.coerce(rules), dealer)
    wall: list[int] = []
    for seat, n in chunks:
        wall += given[seat][:n]
        given[seat] = given[seat][n:]
    flips_, draws_, back_ = head
    for k in sorted(placed):
        if k < len(draws_):
            raise ValueError(f"draw {k} is already given by draws")
        while len(draws_) < k:
            draws_.append(filler.pop(0))
        draws_.append(placed[k])
    wall += flips_ + draws_
    middle = filler
    return wall + middle + list(reversed(back_))


def play(rnd, actions: Sequence):
    """Take each action in turn (an Action, a record-style dict, "auto": the first
    legal action that is not a win, or "drawn": pass if passing is legal, else discard
    the tile just drawn, with no tile drawn as "auto"); returns the round."""
    from hupai.table import Action
    for a in actions:
        if a == "drawn" and rnd.seats[rnd.to_act].last_draw is not None:
            legal = rnd.legal_actions()
            a = next((x for x in legal if x.type == "pass"), None) or \
                Action("discard", (rnd.seats[rnd.to_act].last_draw,))
        elif a in ("auto", "drawn"):
            legal = rnd.legal_actions()
            a = next((x for x in legal if x.type == "pass"), None) or \
                next(x for x in legal if x.type == "discard")
        elif isinstance(a, dict):
            a = Action.from_dict(a)
        rnd.step(a)
    return rnd


def hidden_permuted(region: str, seed: int, seat: int) -> tuple[Round, Round]:
    """Two rounds whose walls differ only in tiles ``seat`` cannot see at the start:
    the other seats' deals and the wall after the flips are shuffled among themselves
    (the seat's own deal and the flipped tiles stay)."""
    first = Round(region, seed=seed)
    wall = list(first.wall.tiles)
    mine, pos = set(), 0
    for s, n in first.flow.deal_chunks(first.rules, first.dealer):
        if s == seat:
            mine.update(range(pos, pos + n))
        pos += n
    flipped = set(range(pos, pos + len(first.flips)))
    hidden = [i for i in range(len(wall)) if i not in mine and i not in flipped]
    values = [wall[i] for i in hidden]
    random.Random(seed).shuffle(values)
    for i, v in zip(hidden, values):
        wall[i] = v
    return first, Round(region, wall=wall)
