"""Hands and results as HTML for a notebook (``_repr_html_``): a hand as its tiles
and melds, a result as its breakdown, total and payments, or as the reason it is no
win.  Styles are inline, as a notebook output has no stylesheet of its own."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .scoring import breakdown_rows
from .tiles_svg import NAMES, tile_svg

if TYPE_CHECKING:
    from ..rules.model import DeclaredMeld, Hand
    from ..rules.result import ScoreResult

__all__ = ["hand_html", "result_html"]

_BOX = "display:inline-flex;flex-wrap:wrap;align-items:flex-end;gap:10px;padding:6px;"
_GROUP = "display:inline-flex;flex-direction:column;align-items:flex-start;"
_CAPTION = "font-size:11px;color:#666;"
_TABLE = "border-collapse:collapse;font-size:13px;margin:4px 0;"
_CELL = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;"
_NUM = _CELL + "text-align:right;font-family:monospace;"


def _tiles(indices: Iterable[int]) -> str:
    return "".join(tile_svg(NAMES[t]) for t in indices)


def _meld(meld: "DeclaredMeld") -> str:
    source = "" if meld.from_seat is None else f" ← {meld.from_seat}"
    return (f'<span style="{_GROUP}"><span>{_tiles(meld.tiles)}</span>'
            f'<span style="{_CAPTION}">{html.escape(meld.kind + source)}</span></span>')


def hand_html(hand: "Hand") -> str:
    """The concealed tiles in order, then each meld with its kind and source."""
    held = [t for t, c in enumerate(hand.concealed.tolist()) for _ in range(c)]
    concealed = f'<span style="{_GROUP}"><span>{_tiles(held)}</span><span style="{_CAPTION}">concealed</span></span>'
    return f'<div class="hupai-hand" style="{_BOX}">{concealed}{"".join(_meld(m) for m in hand.melds)}</div>'


def _row(cells: Sequence[Any], numeric: Sequence[int] = (), tag: str = "td") -> str:
    return "<tr>" + "".join(f'<{tag} style="{_NUM if k in numeric else _CELL}">{html.escape(str(c))}</{tag}>'
                            for k, c in enumerate(cells)) + "</tr>"


def _table(head: Sequence[str], rows: Iterable[str], numeric: Sequence[int] = ()) -> str:
    return f'<table style="{_TABLE}"><thead>{_row(head, numeric, "th")}</thead><tbody>{"".join(rows)}</tbody></table>'


def result_html(result: "ScoreResult") -> str:
    """A win's breakdown (pattern in Chinese and English, effect, value after it), its
    total, the net per seat and every transfer; or a no-win and its reason."""
    if not result.is_win:
        return (f'<div class="hupai-result"><b>No win</b>: {html.escape(result.reason or "not a winning hand")}'
                "</div>")
    steps = [_row([r["zh"], r["en"] + (f" ({r['payer']})" if r["payer"] else ""), r["effect"], r["value"]], (3,))
             for r in breakdown_rows(result)]
    total = _row(["合计", "total", "", f"{result.value} {result.unit}".strip()], (3,), "th")
    payments = [_row([seat, f"{amount:+}"], (1,)) for seat, amount in result.payments.items()]
    ledger = [_row([t.payer, t.payee, t.amount, t.reason], (2,)) for t in result.ledger]
    return ('<div class="hupai-result">'
            + _table(["番种", "pattern", "effect", "value"], steps + [total], (3,))
            + _table(["seat", "net"], payments, (1,))
            + _table(["payer", "payee", "amount", "reason"], ledger, (2,)) + "</div>")
