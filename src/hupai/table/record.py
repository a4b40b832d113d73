"""The round record ``hupai-round/1`` (design/table.md §3): writing it, and replaying
one, which rebuilds the round event by event and raises ``ValueError`` at the first
event that is illegal or inconsistent (design/table.md §4)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from .. import tiles
from .._messages import short
from ..rules import REGIONS
from .model import Action
from .wall import shuffled

if TYPE_CHECKING:
    from .round import Round

__all__ = ["FORMAT", "write", "replay", "dumps", "check_record", "win_cases"]

FORMAT = "hupai-round/1"
_FIELDS = ("format", "region", "options", "seed", "round", "dealer", "scores_before", "wall", "events",
           "settlement", "net", "next_dealer")
_CLAIMS = frozenset({"win", "peng", "minggang", "chi"})
_RESPONSES = _CLAIMS | {"pass"}


def options_of(rules: Any) -> dict[str, Any]:
    """The flags that differ from the region's defaults, by their option names."""
    default = type(rules).defaults()
    out: dict[str, Any] = {}
    for name, field in type(rules).option_names().items():
        value = getattr(rules, field)
        if value != getattr(default, field):
            out[name] = list(value) if isinstance(value, tuple) else value
    return out


def write(rnd: "Round") -> dict[str, Any]:
    """The record of a round (finished or not: a record of an unfinished round has no
    settlement yet and replays only as far as it goes)."""
    return {
        "format": FORMAT, "region": rnd.region.name, "options": options_of(rnd.rules), "seed": rnd.seed,
        "round": rnd.round_index, "dealer": rnd.dealer, "scores_before": list(rnd.scores_before),
        "wall": tiles.format_sequence(rnd.wall.tiles), "events": [dict(e) for e in rnd.events],
        "settlement": [e.to_dict() for e in rnd.entries], "net": rnd.net, "next_dealer": rnd.next_dealer,
    }


def win_cases(rnd: "Round") -> list[dict[str, Any]]:
    """Every win of the round as a win case of the case format (FORMAT.md §4, without
    ``expected``): what ``hupai verify`` would score for it."""
    options = options_of(rnd.rules)
    out = []
    for k, found in enumerate(rnd.wins):
        case: dict[str, Any] = {"id": f"{rnd.region.name}-{rnd.seed}-{rnd.round_index}-win{k}",
                                "region": rnd.region.name}
        if options:
            case["options"] = options
        case.update(found.hand.to_dict())
        case.update(found.situation.to_dict())
        out.append(case)
    return out


def dumps(record: Mapping[str, Any]) -> str:
    """One record as one line of JSON, the same bytes on any machine."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def check_record(record: object) -> Mapping[str, Any]:
    """The record's top level: a mapping with exactly the fields of §3 (ValueError /
    TypeError naming the problem)."""
    if not isinstance(record, Mapping):
        raise TypeError(f"a round record is a JSON object, not {type(record).__name__}")
    unknown = [k for k in record if k not in _FIELDS]
    if unknown:
        raise ValueError(f"unknown record field {short(unknown[0])}")
    missing = [k for k in _FIELDS if k not in record]
    if missing:
        raise ValueError(f"the record has no {missing[0]!r}")
    if record["format"] != FORMAT:
        raise ValueError(f"not a {FORMAT} record: format {short(record['format'])}")
    if record["region"] not in REGIONS:
        raise ValueError(f"unknown region {short(record['region'])}")
    for name in ("events", "settlement"):
        if not isinstance(record[name], list):
            raise TypeError(f"{name} is a list, not {type(record[name]).__name__}")
    if not isinstance(record["wall"], str):
        raise TypeError(f"the wall is tile notation, not {type(record['wall']).__name__}")
    if not isinstance(record["options"], Mapping):
        raise TypeError(f"options are a mapping, not {type(record['options']).__name__}")
    return record


def replay(record: object, watch: Optional[Callable[["Round"], None]] = None) -> "Round":
    """The round a record describes, rebuilt event by event: ValueError at the first
    event that is not what the rules and the wall make of the recorded decisions (a
    draw that is not the next wall tile, a claim that was not possible, a win that is
    not a win, a different settlement).  ``watch`` sees the round at each event as it
    is rebuilt (:class:`~hupai.table.Round`), e.g. to show the table event by event."""
    from .round import Round
    rec = check_record(record)
    region = REGIONS[rec["region"]]
    rules = region.Rules.from_options(rec["options"])
    wall = tiles.parse_sequence(rec["wall"])
    seed = rec["seed"]
    if seed is not None and wall != shuffled(region.FLOW.tile_set(rules), seed, rec["round"]):
        raise ValueError(f"the wall is not the one seed {short(seed)} shuffles for round {short(rec['round'])}")
    rnd = Round(region, rules, seed=seed, round_index=rec["round"], dealer=rec["dealer"],
                scores_before=rec["scores_before"], wall=wall, watch=watch)
    events: list = rec["events"]
    seen = _compare(rnd, events, 0)
    while not rnd.done:
        action = _recorded_action(rnd, events, seen)
        try:
            rnd.step(action)
        except ValueError as e:
            raise ValueError(f"event {seen} ({short(_brief(events, seen))}): {e}") from None
        seen = _compare(rnd, events, seen)
    if seen != len(events):
        raise ValueError(f"event {seen}: the round is over, but the record goes on with "
                         f"{short(_brief(events, seen))}")
    _check_settlement(rnd, rec)
    return rnd


def _brief(events: list, i: int) -> str:
    return json.dumps(events[i], ensure_ascii=False) if i < len(events) else "the end of the record"


def _compare(rnd: "Round", events: list, start: int) -> int:
    """Check the events the round made since ``start`` against the record; the index
    after them."""
    i = start
    while i < len(rnd.events):
        if i >= len(events):
            raise ValueError(f"event {i}: the record ends, but the round goes on with "
                             f"{short(json.dumps(rnd.events[i], ensure_ascii=False))}")
        if events[i] != rnd.events[i]:
            raise ValueError(f"event {i}: the record says {short(_brief(events, i), 120)}, the rules and the "
                             f"wall give {short(json.dumps(rnd.events[i], ensure_ascii=False), 120)}")
        i += 1
    return i


def _recorded_action(rnd: "Round", events: list, i: int) -> Action:
    """The decision the record shows for the seat the round asks now."""
    seat, kind = rnd.to_act, rnd.decision
    if kind in ("respond", "rob"):
        return _response(rnd, events, i, seat)
    if i >= len(events):
        raise ValueError(f"event {i}: the record ends while seat {seat} is to act")
    e = events[i]
    if not isinstance(e, Mapping):
        raise TypeError(f"event {i} is a JSON object, not {type(e).__name__}")
    if kind in ("declare", "haidi"):
        if e.get("seat") == seat and e.get("type") in ("declare", "win"):
            return _action(e, i)
        return Action("pass")
    if e.get("seat") != seat:
        raise ValueError(f"event {i} ({short(_brief(events, i))}): seat {seat} is to act")
    return _action(e, i)


def _response(rnd: "Round", events: list, i: int, seat: Optional[int]) -> Action:
    """A seat's answer in a response or robbing window: its claim among the window's
    events (the passes of seats that could have won, then the claims granted), else
    a pass (a claim that lost to a higher one leaves no trace and changes nothing)."""
    declined = False
    for j in range(i, len(events)):
        e = events[j]
        if not isinstance(e, Mapping) or e.get("type") not in _RESPONSES:
            break
        if e.get("seat") == seat and e.get("type") in _CLAIMS:
            return _action(e, j)
        declined = declined or (e.get("seat") == seat and e.get("type") == "pass")
    # a seat that could win and left no pass claimed the win and lost it to another
    # seat's priority (a region with one winner per discard): it answered win
    if not declined and Action("win") in rnd.legal_actions():
        return Action("win")
    return Action("pass")


def _action(e: Mapping[str, Any], i: int) -> Action:
    if e.get("type") == "win":
        return Action("win")
    try:
        return Action.from_dict(e)
    except (TypeError, ValueError) as err:
        raise ValueError(f"event {i}: {err}") from None


def _check_settlement(rnd: "Round", rec: Mapping[str, Any]) -> None:
    mine = write(rnd)
    for name in ("settlement", "net", "next_dealer"):
        if rec[name] != mine[name]:
            raise ValueError(f"the record's {name} {short(json.dumps(rec[name], ensure_ascii=False), 120)} "
                             f"differs from the settlement of its events "
                             f"{short(json.dumps(mine[name], ensure_ascii=False), 120)}")
