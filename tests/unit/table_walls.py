"""Walls for scenario tests: put chosen tiles where the deal, the flips, the draws and
the replacement draws will take them, and the rest of the region's tiles in between."""
from __future__ import annotations

from collections import Counter
from typing import Mapping, Sequence

from hupai import tiles
from hupai.rules import REGIONS


def chosen_wall(region: str, hands: Mapping[int, str], *, dealer: int = 0, flips: str = "", draws: str = "",
                back: str = "", rules=None) -> list[int]:
    """A wall of ``region`` dealing ``hands`` (seat → its tiles: 14 for the dealer, 13
    for the others; a seat left out gets filler), then ``flips`` (tiles the flow turns
    over right after the deal, e.g. Wuhan's indicator), then ``draws`` from the front
    in order, with ``back`` at the back (its first tile is the first replacement draw).
    ValueError if the tiles asked for are not in the region's tile set."""
    r = REGIONS[region]
    tile_set = r.FLOW.tile_set(r.Rules.coerce(rules))
    pool = Counter(tile_set)
    wanted = {seat: tiles.parse_sequence(text) for seat, text in hands.items()}
    head = [tiles.parse_sequence(flips), tiles.parse_sequence(draws), tiles.parse_sequence(back)]
    for t in [t for seq in wanted.values() for t in seq] + [t for seq in head for t in seq]:
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
    chunks = [((dealer + k) % 4, 4) for _ in range(3) for k in range(4)] + [(dealer, 2)] + \
             [((dealer + k) % 4, 1) for k in (1, 2, 3)]
    wall: list[int] = []
    for seat, n in chunks:
        wall += given[seat][:n]
        given[seat] = given[seat][n:]
    flips_, draws_, back_ = head
    wall += flips_ + draws_
    middle = filler
    return wall + middle + list(reversed(back_))


def play(rnd, actions: Sequence):
    """Take each action in turn (an Action, a record-style dict, or "auto": the first
    legal action that is not a win); returns the round."""
    from hupai.table import Action
    for a in actions:
        if a == "auto":
            legal = rnd.legal_actions()
            a = next((x for x in legal if x.type == "pass"), None) or \
                next(x for x in legal if x.type == "discard")
        elif isinstance(a, dict):
            a = Action.from_dict(a)
        rnd.step(a)
    return rnd
