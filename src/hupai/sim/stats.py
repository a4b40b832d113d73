"""Self-play statistics of a run, read from its round records (``hupai-round/1``).

Everything is computed from the records alone, so a run resumed from its records file
and a run made in pieces on many machines report the same figures: each record is cut
down to a :class:`RoundRow` (what a round gives each seat), and the rows are folded in
round order into a :class:`Stats`.

Per seat and per agent (seats played by the same agent pooled): rounds, win rate,
self-draw rate, deal-in rate (wins paid by the seat's discard or robbed kong, per round:
a multi-win counts each winner), the mean
and the spread (standard deviation) of the net per round, the exhaust rate, and per
pattern the number of wins that scored it, its share of those wins and their mean
value.  Rates are per round."""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable, Mapping, NamedTuple, Optional, Sequence

from .. import rules as _rules
from .._messages import short

__all__ = ["RoundRow", "WinRow", "round_row", "Stats", "Group"]

Amount = Any      # int or float, as the ledgers settle


class WinRow(NamedTuple):
    """One win of a round: the winner, whether self-drawn, the seat that paid it by its
    discard (or robbed kong; None for a self-draw), the patterns and the value."""

    seat: int
    self_draw: bool
    from_seat: Any
    patterns: tuple[str, ...]
    value: Amount


class RoundRow(NamedTuple):
    """What one round gives the statistics."""

    net: tuple[Amount, ...]
    wins: tuple[WinRow, ...]
    exhausted: bool


def round_row(record: Mapping[str, Any]) -> RoundRow:
    """The statistics row of one round record; ValueError if it lacks what a record has."""
    try:
        return _row(record)
    except (KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"not a hupai-round/1 record: {type(e).__name__} {short(str(e))}") from None


def _row(record: Mapping[str, Any]) -> RoundRow:
    wins = []
    exhausted = False
    for e in record["events"]:
        kind = e.get("type")
        if kind == "win":
            self_draw = bool(e.get("self_draw"))
            wins.append(WinRow(int(e["seat"]), self_draw, None if self_draw else e.get("from"),
                               tuple(e.get("patterns", ())), e.get("value", 0)))
        elif kind == "exhaust":
            exhausted = True
    net = tuple(record["net"])
    if len(net) != 4:
        raise ValueError(f"a round record settles four seats, not {short(record['net'])}")
    return RoundRow(net, tuple(wins), exhausted)


class Group:
    """The running figures of one seat or one agent."""

    __slots__ = ("rounds", "wins", "self_draws", "deal_ins", "exhausts", "net_sum", "net_squares", "nets",
                 "patterns", "pattern_values")

    def __init__(self) -> None:
        self.rounds = 0
        self.wins = 0
        self.self_draws = 0
        self.deal_ins = 0
        self.exhausts = 0
        self.net_sum: Amount = 0
        self.net_squares: Amount = 0
        #: how many rounds ended with each net (the distribution the plot draws; the
        #: distinct values of a region's settlements are few, so it stays small)
        self.nets: Counter[Amount] = Counter()
        self.patterns: Counter[str] = Counter()
        self.pattern_values: dict[str, Amount] = {}

    def add(self, seat: int, row: RoundRow) -> None:
        self.rounds += 1
        net = row.net[seat]
        self.net_sum += net
        self.net_squares += net * net
        self.nets[net] += 1
        self.exhausts += row.exhausted
        for w in row.wins:
            if w.from_seat == seat:
                self.deal_ins += 1
            if w.seat != seat:
                continue
            self.wins += 1
            self.self_draws += w.self_draw
            self.add_patterns(w)

    def add_patterns(self, win: WinRow) -> None:
        """Count ``win`` under each of its patterns, with its value."""
        for p in win.patterns:
            self.patterns[p] += 1
            self.pattern_values[p] = self.pattern_values.get(p, 0) + win.value

    def to_dict(self, english: Mapping[str, str]) -> dict[str, Any]:
        n = self.rounds
        mean = self.net_sum / n if n else 0.0
        var = max(self.net_squares / n - mean * mean, 0.0) if n else 0.0
        return {
            "rounds": n, "wins": self.wins,
            "win_rate": _rate(self.wins, n), "self_draw_rate": _rate(self.self_draws, n),
            "deal_in_rate": _rate(self.deal_ins, n), "exhaust_rate": _rate(self.exhausts, n),
            "net_total": self.net_sum, "net_mean": round(mean, 4), "net_spread": round(math.sqrt(var), 4),
            "patterns": _patterns(self.patterns, self.pattern_values, self.wins, english),
        }


def _rate(count: int, n: int) -> float:
    return round(count / n, 4) if n else 0.0


def _patterns(counts: Counter[str], values: Mapping[str, Amount], wins: int,
              english: Mapping[str, str]) -> list[dict[str, Any]]:
    """Per pattern, most frequent first (ties by name): wins, share of wins, mean value."""
    order = sorted(counts, key=lambda p: (-counts[p], p))
    return [{"pattern": p, "english": english.get(p, p), "wins": counts[p], "share": _rate(counts[p], wins),
             "mean_value": round(values[p] / counts[p], 4)} for p in order]


class Stats:
    """The statistics of a run: rows folded in round order, per seat and per agent."""

    def __init__(self, region: str, agents: Optional[Sequence[str]] = None) -> None:
        if agents is not None and len(agents) != 4:
            raise ValueError(f"four agents, one per seat, not {len(agents)}")
        self.region = region
        self.agents = list(agents) if agents is not None else None
        self.rounds = 0
        self.exhausted = 0
        self.seats = [Group() for _ in range(4)]
        #: seats played by the same agent pooled (none when the agents are not known,
        #: as in a records file replayed)
        self.by_agent = {name: Group() for name in dict.fromkeys(agents or ())}
        self.all_wins = Group()          # every win of the run, whoever won it (the pattern table)

    def add(self, row: RoundRow) -> None:
        if len(row.net) != 4:
            raise ValueError(f"a round settles four seats, not {len(row.net)}")
        self.rounds += 1
        self.exhausted += row.exhausted
        for seat in range(4):
            self.seats[seat].add(seat, row)
            if self.agents is not None:
                self.by_agent[self.agents[seat]].add(seat, row)
        for w in row.wins:
            self.all_wins.wins += 1
            self.all_wins.add_patterns(w)

    def extend(self, rows: Iterable[RoundRow]) -> "Stats":
        for row in rows:
            self.add(row)
        return self

    def english(self) -> dict[str, str]:
        """The region's English name of each pattern name a record may carry."""
        table = _rules.REGIONS[self.region].PATTERNS if self.region in _rules.REGIONS else ()
        return {p.name_zh: p.name_en for p in table}

    def to_dict(self) -> dict[str, Any]:
        english = self.english()
        return {
            "region": self.region, "rounds": self.rounds, "agents": self.agents,
            "exhaust_rate": _rate(self.exhausted, self.rounds),
            "seats": [g.to_dict(english) for g in self.seats],
            "by_agent": {name: g.to_dict(english) for name, g in self.by_agent.items()},
            "patterns": _patterns(self.all_wins.patterns, self.all_wins.pattern_values, self.all_wins.wins,
                                  english),
            "wins": self.all_wins.wins,
        }

    def net_distribution(self) -> dict[str, dict[Amount, int]]:
        """Per agent (per seat when the agents are not known), how many of its
        seat-rounds ended with each net."""
        groups = self.by_agent if self.agents is not None else {f"seat {i}": g for i, g in enumerate(self.seats)}
        return {name: dict(sorted(g.nets.items())) for name, g in groups.items()}
