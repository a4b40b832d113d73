"""The statistics of a run as a table a person reads in the terminal."""
from __future__ import annotations

import unicodedata
from typing import Any, Mapping, Sequence

__all__ = ["format_summary"]

#: How many patterns the terminal table lists (``--json`` has them all).
TOP_PATTERNS = 15

_SEAT_COLUMNS = ("rounds", "win %", "self-draw %", "deal-in %", "exhaust %", "net mean", "net spread", "net total")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def _group_cells(g: Mapping[str, Any]) -> list[str]:
    return [str(g["rounds"]), _pct(g["win_rate"]), _pct(g["self_draw_rate"]), _pct(g["deal_in_rate"]),
            _pct(g["exhaust_rate"]), f"{g['net_mean']:.2f}", f"{g['net_spread']:.2f}", str(g["net_total"])]


def _width(text: str) -> int:
    """Columns a terminal gives ``text`` (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, left: bool) -> str:
    fill = " " * max(width - _width(text), 0)
    return text + fill if left else fill + text


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Text columns: the first left-aligned (and the second when it is text), the
    figures right-aligned."""
    widths = [max([_width(h)] + [_width(r[i]) for r in rows]) for i, h in enumerate(header)]
    left = [i == 0 or (bool(rows) and not rows[0][i].replace(".", "").replace("-", "").isdigit())
            for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(_pad(c, w, lf) for c, w, lf in zip(cells, widths, left)).rstrip()
    return [line(header), line(["-" * w for w in widths])] + [line(r) for r in rows]


def format_summary(summary: Mapping[str, Any]) -> str:
    """The summary of ``hupai simulate`` (or ``replay``) as text: the run, a table per
    seat, one per agent when several play, and the most frequent patterns."""
    out = [f"{summary['region']}: {summary['rounds']} rounds, exhaust rate {_pct(summary['exhaust_rate'])} %"
           + (f", {summary['rounds_per_second']} rounds/s" if summary.get("rounds_per_second") else "")]
    agents = summary.get("agents")
    seat_rows = [[f"seat {i}" + (f" ({agents[i]})" if agents else "")] + _group_cells(g)
                 for i, g in enumerate(summary["seats"])]
    out += [""] + _table(["seat"] + list(_SEAT_COLUMNS), seat_rows)
    by_agent = summary.get("by_agent") or {}
    if len(by_agent) > 1:
        out += [""] + _table(["agent"] + list(_SEAT_COLUMNS),
                             [[name] + _group_cells(g) for name, g in by_agent.items()])
    patterns = summary["patterns"][:TOP_PATTERNS]
    if patterns:
        rows = [[p["pattern"], p["english"], str(p["wins"]), _pct(p["share"]), f"{p['mean_value']:.2f}"]
                for p in patterns]
        out += ["", f"patterns of the {summary['wins']} wins"
                + (f" (the {TOP_PATTERNS} most frequent)" if len(summary["patterns"]) > TOP_PATTERNS else "")]
        out += _table(["pattern", "", "wins", "% of wins", "mean value"], rows)
    incidents = summary.get("incidents") or []
    if incidents:
        out.append("")
    for incident in incidents:
        out.append(f"incident: round {incident.get('round')} seat {incident.get('seat')}: "
                   f"{incident.get('kind')}: {incident.get('detail')}")
    more = summary.get("incident_count", len(incidents)) - len(incidents)
    if more > 0:
        out.append(f"... and {more} more incidents")
    return "\n".join(out) + "\n"
