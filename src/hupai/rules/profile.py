"""The kernel's profile of a complete hand (:func:`hupai._core.win_profile`): what the
regions read of the tiles (Luzhou's ghosts as the kernel's jokers), packed by the
kernel in one int so that a win's result can be cached on it, and unpacked here by
field name."""
from __future__ import annotations

import functools
from typing import NamedTuple

from .. import _core

__all__ = ["Profile", "unpack"]


class Profile(NamedTuple):
    """One complete hand's tiles as the regions read them (-1: no such reading)."""

    seven: int          # the most quads of its seven-pairs readings
    triplets: int       # ... of its triplets-only standard readings
    other: int          # ... of its other standard readings
    groups: int         # the groups it holds, melds included (tiles.GROUP_BIT)
    fours: int          # the kinds held four times among the concealed tiles
    distinct: bool      # 14 concealed tiles of 14 kinds
    lan: bool           # a 十三爛 (when the options asked for it)
    seven_stars: bool   # a 七星十三爛


def _field(profile: int, shift: int, bits: int) -> int:
    return profile >> shift & ((1 << bits) - 1)


@functools.lru_cache(maxsize=4096)
def unpack(profile: int) -> Profile:
    """The fields of a packed profile (a win's result is cached on the int; this runs
    when one is worked out)."""
    if profile < 0:
        raise ValueError("a negative profile is the kernel's refusal of the counts, not a profile")
    return Profile(_field(profile, _core.PROFILE_SEVEN, 3) - 1, _field(profile, _core.PROFILE_TRIPLETS, 3) - 1,
                   _field(profile, _core.PROFILE_OTHER, 3) - 1, _field(profile, _core.PROFILE_GROUPS, 4),
                   _field(profile, _core.PROFILE_FOURS, 3), bool(_field(profile, _core.PROFILE_DISTINCT, 1)),
                   bool(_field(profile, _core.PROFILE_LAN, 1)), bool(_field(profile, _core.PROFILE_SEVEN_STARS, 1)))
