"""hupai: mahjong hand evaluation under Chinese regional rules.

The kernel functions take a hand as 34 counts in Tenhou order (a numpy ``uint8``
array is fastest; lists, other integer arrays and tile notation are accepted) plus a
number of jokers:

>>> import hupai
>>> hand = hupai.parse("123m456p789s1122z")
>>> hupai.shanten(hand), [hupai.tiles.tile_name(t) for t in hupai.waits(hand)]
(0, ['1z', '2z'])

See :mod:`hupai.batch` for arrays of hands and :mod:`hupai.tiles` for notation.
"""
from . import analysis, batch, tiles
from ._core import (decompose, deficit, improving, is_win, lan_deficit, reading_summaries, readings,
                    shanten, waits)
from .analysis import DiscardOption, analyze_discards
from .melds import Decomposition, Meld, Reading
from .tiles import format, parse

__all__ = [
    "is_win", "waits", "shanten", "decompose", "readings", "reading_summaries", "lan_deficit", "improving", "deficit",
    "Decomposition", "Meld", "Reading", "analyze_discards", "DiscardOption", "analysis", "parse", "format", "tiles", "batch",
]
__version__ = "0.1.0"
