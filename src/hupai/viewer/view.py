"""A round record as the viewer shows it: the record replayed through the engine, and
the table as it stands after each event (hands, melds, rivers, live tiles, flips,
scores), so that the page's script only draws what it is given.

The whole table is shown by default; ``seat`` shows what that seat may know
(:class:`hupai.table.Observation`): the other seats' concealed tiles only as a count,
the events as that seat saw them, and a record without the wall and the seed (which
would give every hidden tile away)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional

from .. import tiles
from ..table import replay
from .scoring import breakdown_rows

if TYPE_CHECKING:
    from ..table import Observation, Round

__all__ = ["round_view", "TableWatcher", "table_at", "describe", "seat_names", "CAUSES"]

_WINDS = (("东", "East"), ("南", "South"), ("西", "West"), ("北", "North"))

#: What each ledger cause of a settlement is called (design/table.md §1).
CAUSES = {
    "win": "胡 win", "kong": "杠 kong", "dou": "豆 dou (kong beans)", "chicken": "鸡 chicken",
    "genzhang": "跟庄 following the dealer", "chajiao": "查叫 ready-hand check at the end",
    "houshao": "后燒 burn at the end", "qianshao": "前燒 burn at the start", "huangzhuang": "荒莊 drawn round",
    "xiqian": "喜錢 bonus money", "exhaust": "流局 the wall ran out",
}

_VERBS = {
    "draw": "摸 draws", "discard": "打 discards", "chi": "吃 chi", "peng": "碰 peng", "minggang": "明杠 kong",
    "angang": "暗杠 concealed kong", "bugang": "补杠 added kong", "special_kong": "杠 single-tile kong",
    "declare": "报 declares", "pass": "过 passes a win",
}


def seat_names(dealer: int) -> list[str]:
    """Each seat as the page labels it: its number and its wind this round (the
    dealer's is East)."""
    return [f"Seat {seat} · {' '.join(_WINDS[(seat - dealer) % 4])}" for seat in range(4)]


def describe(event: Mapping[str, Any]) -> str:
    """One line for an event of the record (or of a seat's view of it)."""
    kind = event["type"]
    who = f"Seat {event['seat']}" if "seat" in event else ""
    if kind == "deal":
        return f"{who} 配牌 is dealt " + (event["tiles"] if "tiles" in event else f"{event['count']} tiles")
    if kind == "flip":
        return f"翻牌 flip ({event['what']}): {event['tile']}"
    if kind == "burn":
        return "燒 burn " + event.get("tile", "(face down)")
    if kind == "exhaust":
        return "流局 the wall is exhausted"
    if kind == "win":
        return _describe_win(event, who)
    what = event.get("tiles") or event.get("tile") or event.get("what") or ""
    if kind == "draw":
        what = (what or "a tile") + (" (replacement)" if event.get("replacement") else "")
    line = f"{who} {_VERBS[kind]} {what}".rstrip()
    if "from" in event:
        line += f" ← Seat {event['from']}" + (" (lapsed: a win came first)" if event.get("lapsed") else "")
    return line


def _describe_win(event: Mapping[str, Any], who: str) -> str:
    how = "自摸 self-drawn" if event["self_draw"] else ("搶杠 robbing a kong" if event["robbing_kong"]
                                                        else f"点炮 on the discard of Seat {event['from']}")
    line = f"{who} 胡 wins on {event.get('tile', 'a concealed tile')}, {how}"
    if "patterns" in event:
        line += f": {' '.join(event['patterns'])} = {event['value']}"
    return line


def round_view(record: Mapping[str, Any], seat: Optional[int] = None) -> dict[str, Any]:
    """What the page needs of one record (:meth:`TableWatcher.view`), replaying it;
    ValueError / TypeError, as :func:`hupai.table.replay` raises them, for a record
    that is not consistent."""
    watcher = TableWatcher(seat)
    return watcher.view(replay(record, watch=watcher), record)


class TableWatcher:
    """Watches a round being replayed (``replay(record, watch=watcher)``) and takes the
    table after every event that ``seat`` sees (every event, for the whole table:
    ``seat`` None)."""

    def __init__(self, seat: Optional[int] = None) -> None:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3):
            raise ValueError(f"the seat whose view to show is 0-3, not {str(seat)[:12]!r}")
        self.seat = seat
        self.frames: list[dict[str, Any]] = []
        self._seen = 0

    def __call__(self, rnd: "Round") -> None:
        if self.seat is not None:
            seen = len(rnd.observe(self.seat).events())
            if seen == self._seen:           # an event this seat does not see (another's pass)
                return
            self._seen = seen
        self.frames.append(table_at(rnd, self.seat))

    def view(self, rnd: "Round", record: Mapping[str, Any]) -> dict[str, Any]:
        """The finished round watched, as the page shows it: the record (as the seat
        may read it), a line and the table after each event, every win's breakdown,
        the seats' names and the ledgers' causes."""
        if not rnd.done or not self.frames:
            raise ValueError("only a finished round that this watcher watched can be shown")
        self.frames[-1] = table_at(rnd, self.seat)    # the end: every ledger posted, every winner finished
        events = rnd.events if self.seat is None else rnd.observe(self.seat).events()
        return {
            "record": dict(record) if self.seat is None else _as_seen(record, events),
            "view": self.seat, "seats": seat_names(rnd.dealer), "labels": [describe(e) for e in events],
            "frames": self.frames, "wins": _wins(rnd, events),
            "causes": [CAUSES.get(e.cause, e.cause) for e in rnd.entries],
        }


def _as_seen(record: Mapping[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The record as a seat may read it: its events as that seat saw them, no wall and
    no seed."""
    out = {k: v for k, v in record.items() if k not in ("wall", "seed", "events")}
    out["events"] = events
    return out


def table_at(rnd: "Round", seat: Optional[int]) -> dict[str, Any]:
    """The table now, as ``seat`` sees it (None: all of it)."""
    own = [rnd.observe(s) for s in range(4)]
    viewer = own[0] if seat is None else own[seat]
    wins = {e["seat"]: e for e in rnd.events if e["type"] == "win"}
    seen = wins if seat is None else {e["seat"]: e for e in viewer.events() if e["type"] == "win"}
    out: dict[str, Any] = {
        "live": viewer.live, "scores": viewer.scores,
        "flips": {what: tiles.tile_name(t) for what, t in sorted(viewer.flips.items())},
        "burnt": tiles.format_sequence(rnd.burnt if seat is None else viewer.burnt),
        "seats": [_seat_at(own[s] if seat is None else viewer, own[s], wins.get(s), seen.get(s)) for s in range(4)],
    }
    latest = rnd.events[-1] if rnd.events else {}
    if latest.get("type") == "bugang":
        _lay_added_tile(out["seats"][latest["seat"]]["melds"], latest["tiles"])
    return out


def _lay_added_tile(melds: list[dict[str, Any]], kong: str) -> None:
    """At a 補杠's own event the engine still holds the peng (the kong stands only if
    no one robs it); the table shows the added tile laid on it already."""
    for m in melds:
        if m["kind"] == "peng" and m["tiles"] == kong[:6]:
            m.update(kind="bugang", tiles=kong)
            return


def _seat_at(viewer: "Observation", own: "Observation", win: Optional[Mapping[str, Any]],
             seen_win: Optional[Mapping[str, Any]]) -> dict[str, Any]:
    """One seat as ``viewer`` sees it.  ``own`` is that seat's own view, whose tiles
    go into the page only where ``viewer`` may see them (a count of them always: every
    player can count); ``win`` is the seat's win event, ``seen_win`` the same as the
    viewer saw it."""
    s = own.seat
    held = [t for t, c in enumerate(own.concealed) for _ in range(c)]
    drawn = own.last_draw
    if win is not None and win["self_draw"] and not own.finished[s]:
        # the win's own event: the engine sets the winning tile apart right after it
        held.remove(tiles.parse_tile(win["tile"]))
        drawn = None
    elif drawn in held:              # the tile drawn this turn, shown apart at the end
        held.remove(drawn)
        held.append(drawn)
    else:                            # (the drawn tile went into a kong just made)
        drawn = None
    visible = viewer.seat == s or viewer.revealed(s) is not None
    discards = viewer.discards(s)
    return {
        "hand": tiles.format_sequence(held) if visible else None, "count": len(held),
        "drawn": drawn is not None, "won": None if seen_win is None else seen_win.get("tile", ""),
        "melds": [{"kind": m.kind, "tiles": tiles.format_sequence(m.tiles), "from": m.from_seat}
                  for m in viewer.melds(s)],
        "river": tiles.format_sequence(t for t, _ in discards),
        "claimed": [i for i, (_, claimed) in enumerate(discards) if claimed],
        "declared": viewer.declared[s], "finished": viewer.finished[s],
    }


def _wins(rnd: "Round", events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every win as the viewer may see it, in order: its value, and the breakdown of
    it where the seen event shows the patterns (a share's payer named by seat)."""
    seen = [e for e in events if e["type"] == "win"]
    out = []
    for found, event in zip(rnd.wins, seen):
        shown = "patterns" in event
        seat_of = {label: f"Seat {s}" for s, label in rnd.flow.win_labels(rnd, found.ctx).items()}
        rows = [{**row, "payer": seat_of.get(row["payer"], row["payer"])} if row["payer"] else row
                for row in breakdown_rows(found.result)] if shown else []
        out.append({"seat": event["seat"], "value": event.get("value"), "unit": found.result.unit if shown else "",
                    "rows": rows})
    return out
