"""Tiles drawn as SVG, so that a page shows them with no image file and no font of
mahjong glyphs: an ivory face with the rank as a Chinese numeral over the suit
character (万 red, 筒 blue, 条 green), an honour as its character, and the record's
mpsz name in the corner for readers who know the notation better than the glyphs."""
from __future__ import annotations

from typing import Optional

from .. import tiles

__all__ = ["NAMES", "BACK", "tile_body", "tile_svg", "tile_symbols"]

#: Every tile by its record name, in index order.
NAMES = tuple(tiles.tile_name(t) for t in range(tiles.NUM_KINDS))
#: The name of a face-down tile.
BACK = "back"

VIEWBOX = "0 0 60 80"
_FONT = "'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','Songti SC','SimSun',serif"
_SUIT_COLOUR = {"m": "#b3261e", "p": "#1f4e9c", "s": "#1d6b38"}
_HONOUR_COLOUR = {"1z": "#1b2a49", "2z": "#1b2a49", "3z": "#1b2a49", "4z": "#1b2a49",
                  "5z": "#2b63b8", "6z": "#1d6b38", "7z": "#b3261e"}
_BODY = ('<rect x="1" y="3" width="58" height="76" rx="7" fill="#b9a97f"/>'
         '<rect x="1" y="1" width="58" height="74" rx="7" fill="#fbf6e6" stroke="#8f8468" stroke-width="1.2"/>')
_BACK = ('<rect x="1" y="3" width="58" height="76" rx="7" fill="#d9cfae"/>'
         '<rect x="1" y="1" width="58" height="74" rx="7" fill="#1f6e52" stroke="#0f3b2b" stroke-width="1.2"/>'
         '<rect x="8" y="8" width="44" height="60" rx="4" fill="none" stroke="#7fc4a4" stroke-width="1.5"/>')


def _text(x: float, y: float, size: float, colour: str, text: str, weight: int = 700) -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{colour}" '
            f'text-anchor="middle" font-family="{_FONT}">{text}</text>')


def _face(name: str) -> str:
    """The drawing on a tile's face: rank over suit, or the honour."""
    chinese = tiles.tile_name(tiles.parse_tile(name), "chinese")
    corner = _text(10, 13, 10, "#6f6a5c", name, 400)
    if name.endswith("z"):
        colour = _HONOUR_COLOUR[name]
        frame = ('<rect x="13" y="17" width="34" height="44" rx="3" fill="none" stroke="#2b63b8" '
                 'stroke-width="3"/>' if name == "5z" else "")
        return corner + frame + _text(30, 53, 34 if frame else 40, colour, chinese)
    colour = _SUIT_COLOUR[name[1]]
    rank_colour = "#1b1b1b" if name[1] == "m" else colour
    return corner + _text(30, 38, 27, rank_colour, chinese[0]) + _text(30, 68, 25, colour, chinese[1])


def tile_body(name: Optional[str]) -> str:
    """The SVG elements of one tile (``"5m"``; None or :data:`BACK` face down);
    ValueError for a name that is not a tile."""
    if name is None or name == BACK:
        return _BACK
    if name not in NAMES:
        raise ValueError(f"not a tile name: {name[:12]!r}")
    return _BODY + _face(name)


def tile_svg(name: Optional[str], css_class: str = "hupai-tile") -> str:
    """One tile as an inline ``<svg>`` element (its size is the stylesheet's, or
    30 x 40 by default), with the tile name as its accessible label."""
    label = "face down" if name is None or name == BACK else name
    return (f'<svg class="{css_class}" viewBox="{VIEWBOX}" width="30" height="40" role="img" '
            f'aria-label="{label}">{tile_body(name)}</svg>')


def tile_symbols() -> str:
    """A hidden ``<svg>`` defining every tile and the back as a ``<symbol>``
    (``#tile-5m``, ``#tile-back``), which a page's script instantiates with ``<use>``:
    each tile is drawn once, however often it shows."""
    symbols = "".join(f'<symbol id="tile-{n}" viewBox="{VIEWBOX}">{tile_body(n)}</symbol>'
                      for n in NAMES + (BACK,))
    return f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">{symbols}</svg>'
