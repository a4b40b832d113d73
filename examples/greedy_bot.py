"""A minimal greedy bot built on hupai.analyze_discards.

It draws from a shuffled 136-tile wall, and after each draw either declares a win or
throws the tile whose discard leaves the lowest shanten with the most unseen effective
tiles.  Run:  python examples/greedy_bot.py [seed]
"""
from __future__ import annotations

import sys

import numpy as np

import hupai
from hupai import tiles


def play(seed: int = 0, jokers_in_wall: int = 0, max_draws: int = 70) -> dict:
    """One solitaire game; returns how it ended and the discards made.  With
    ``jokers_in_wall`` > 0, that many extra tiles in the wall are jokers (index -1)."""
    rng = np.random.default_rng(seed)
    wall = list(np.repeat(np.arange(34), 4)) + [-1] * jokers_in_wall
    rng.shuffle(wall)
    hand = np.zeros(34, np.uint8)
    jokers = 0
    seen = np.zeros(34, np.uint8)      # our own discards, visible on the table

    def draw():
        nonlocal jokers
        t = int(wall.pop())
        if t < 0:
            jokers += 1
        else:
            hand[t] += 1

    for _ in range(13):
        draw()
    discards = []
    for turn in range(max_draws):
        draw()
        if hupai.is_win(hand, jokers):
            return {"result": "win", "turns": turn + 1, "hand": tiles.format(hand), "jokers": jokers,
                    "discards": discards}
        best = hupai.analyze_discards(hand, jokers, visible=seen)[0]
        hand[best.discard] -= 1
        seen[best.discard] += 1
        discards.append(tiles.tile_name(best.discard))
        if not wall:
            break
    return {"result": "exhausted", "turns": len(discards), "hand": tiles.format(hand), "jokers": jokers,
            "discards": discards}


if __name__ == "__main__":
    print(play(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
