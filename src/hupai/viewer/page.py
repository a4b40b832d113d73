"""The replay page: one HTML file holding everything it shows (the records as JSON,
the table after each event, the tiles as SVG, the style and the script), so that it
opens from a disk, a mail or an archive with no network; its Content-Security-Policy
forbids any fetch, so a slip that would load something fails loudly instead of
leaking a request."""
from __future__ import annotations

import html
import json
from importlib import resources
from string import Template
from typing import Any, Mapping, Optional, Sequence

from .tiles_svg import tile_symbols

__all__ = ["replay_page", "json_script"]

# The characters that could end a <script> element or open a comment inside it; in
# JSON they are only ever inside strings, where the \u escape means the same text.
_SCRIPT_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026",
                   ord("\u2028"): "\\u2028", ord("\u2029"): "\\u2029"}


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def json_script(element_id: str, data: Any) -> str:
    """``data`` as a ``<script type="application/json">`` element whose text no string
    inside it can end early (``</script>``, ``<!--``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (f'<script type="application/json" id="{html.escape(element_id)}">'
            f'{text.translate(_SCRIPT_ESCAPES)}</script>')


def replay_page(views: Sequence[Mapping[str, Any]], source: str, seat: Optional[int] = None,
                problems: Sequence[Mapping[str, Any]] = ()) -> str:
    """The page for the round views of one file (:func:`hupai.viewer.view.round_view`,
    in the file's order).  ``source`` names the file in the title; ``problems`` are
    the lines left out as inconsistent (``{"line", "error"}``), listed on the page."""
    records = [v["record"] for v in views]
    rounds = [{k: v for k, v in view.items() if k != "record"} for view in views]
    title = f"hupai replay · {source}" + ("" if seat is None else f" · seat {seat}'s view")
    data = {"source": source, "view": seat, "problems": list(problems), "rounds": rounds}
    return Template(_asset("page.html")).substitute(
        title=html.escape(title), style=_asset("viewer.css"), symbols=tile_symbols(),
        records=json_script("hupai-records", records), views=json_script("hupai-views", data),
        script=_asset("viewer.js"))
