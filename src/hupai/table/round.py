"""One round as a state machine (design/table.md §1): deal → turns → end, for any
region of ``hupai.rules.REGIONS``.  Region behaviour comes from the region's ``FLOW``
(:class:`hupai.rules.flows.Flow`) and its ``score`` / ``exhaust``; nothing here names a
region.

>>> from hupai.table import Round
>>> rnd = Round("luzhou", seed=7)
>>> while not rnd.done:
...     rnd.step(rnd.legal_actions()[0])
>>> sum(rnd.net)
0
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, Final, Mapping, NamedTuple, Optional, Sequence, SupportsIndex, Union

import numpy as np

from .. import tiles
from .._messages import short
from ..rules import REGIONS
from ..rules.region import Region
from ..rules.flows.base import LABELS, Flow, FlowConstants, WinContext, declared, table_labels
from ..rules.ledger import Ledger
from ..rules.model import Hand
from ..rules.result import ScoreResult
from ..rules.situation import Situation
from .model import Action, Amount, Entry, Payment, SeatState, TableMeld
from .wall import Wall, shuffled, whole

if TYPE_CHECKING:
    from .observation import Observation

__all__ = ["Round", "WinEvent", "WIN", "PASS"]

WIN: Final = Action("win")
PASS: Final = Action("pass")
_DISCARD: Final = tuple(Action("discard", (t,)) for t in range(34))
_NAME: Final = tuple(tiles.tile_name(t) for t in range(34))


def _names(kinds: Sequence[int]) -> str:
    """The record's notation of tiles the engine holds (indices it made: not checked
    again, as :func:`hupai.tiles.format_sequence` checks a caller's)."""
    return "".join([_NAME[t] for t in kinds])


#: (k, seat) of the three seats after each seat, in turn order
_AFTER: Final = tuple(tuple((k, (seat + k) % 4) for k in (1, 2, 3)) for seat in range(4))


class WinEvent(NamedTuple):
    """One win event: its winners (several for 一炮多響), the discarder or robbed
    konger, and how the tile came (``WinContext.source``)."""

    winners: tuple[int, ...]
    from_seat: Optional[int]
    source: str


class Found(NamedTuple):
    """A win the seat may take: how it came, its score, and the hand and situation
    scored (what a case of the win would say)."""

    ctx: WinContext
    result: ScoreResult
    hand: Hand
    situation: Situation


class _Pending:
    """The decision the round waits for: ``kind`` (turn, respond, rob, declare, haidi),
    the seats to ask in order, each seat's legal actions, the answers so far."""

    __slots__ = ("kind", "order", "options", "answers", "tile", "from_seat", "wins", "meld")

    def __init__(self, kind: str, order: list[int], options: dict[int, list[Action]], tile: Optional[int] = None,
                 from_seat: Optional[int] = None, wins: Optional[dict] = None, meld: Optional[int] = None) -> None:
        self.kind, self.order, self.options = kind, order, options
        self.answers: dict[int, Action] = {}
        self.tile, self.from_seat, self.meld = tile, from_seat, meld
        self.wins: dict = wins if wins is not None else {}     # (the caller's, even empty: one dict fewer a step)


@functools.lru_cache(maxsize=4096)
def _action(kind: str, tiles: tuple[int, ...]) -> Action:
    """The action of a meld or a kong of ``tiles``, made once: an Action is immutable,
    and building one (a NamedTuple's ``__new__`` runs in Python) cost more than the
    rest of the step that offers it."""
    return Action(kind, tiles)


@functools.lru_cache(maxsize=64)
def _constants(flow: Flow, rules: Any) -> FlowConstants:
    """``flow.constants(rules)``, asked once per flow and rules (rules are frozen and
    hash by value), not once per round."""
    return flow.constants(rules)


def as_region(region: Union[str, Region]) -> Region:
    """The region named ``region`` (or ``region`` itself when it is one of REGIONS)."""
    if isinstance(region, str):
        if region not in REGIONS:
            raise ValueError(f"unknown region {short(region)}; available: {', '.join(REGIONS)}")
        return REGIONS[region]
    for known in REGIONS.values():
        if region is known:
            return known
    raise TypeError(f"a region is a name of hupai.rules.REGIONS or one of its values, not {type(region).__name__}")


def _offered(action: Action, options: list[Action]) -> bool:
    """``action in options``, looking first for the very object offered (what an agent
    that picks from its legal actions returns) before comparing tuples."""
    for a in options:
        if a is action:
            return True
    return action in options


def _seat(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= 3:
        raise ValueError(f"{what} is a seat 0-3, not {short(value)}")
    return int(value)


class Round:
    """One round.  Build it from ``(region, rules, seed, dealer, scores_before)`` (the
    wall shuffled from the seed and the round index) or from a given ``wall`` (tile
    indices or notation in draw order).  Then, until :attr:`done`: :attr:`to_act` is
    the seat asked, :meth:`legal_actions` what it may do, :meth:`step` takes one of
    them (anything else is a ``ValueError`` and changes nothing).

    ``watch``, when given, is called with the round each time an event is recorded,
    the deal's included: one step can make several events (a discard and the next
    draw), and a viewer or a stream shows each of them.  It reads the round and must
    not act on it."""

    def __init__(self, region: Union[str, Region], rules: Any = None, *, seed: Optional[SupportsIndex] = None,
                 round_index: SupportsIndex = 0,
                 dealer: SupportsIndex = 0, scores_before: Sequence[Amount] = (0, 0, 0, 0),
                 wall: Union[None, str, Sequence[int]] = None,
                 watch: Optional[Callable[["Round"], None]] = None) -> None:
        self.region = as_region(region)
        self._watch = watch
        self.events: list[dict[str, Any]] = []
        # recording an event: a plain append unless a watcher is to be shown each one
        self._event: Callable[[dict[str, Any]], None] = \
            self._watched_event if watch is not None else self.events.append
        self.rules: Any = self.region.Rules.coerce(rules)     # the region's own flag class
        self.flow = self.region.FLOW
        self._flow_const = _constants(self.flow, self.rules)
        self.round_index = whole(round_index, "a round index")
        self.seed: Optional[int] = None if seed is None else whole(seed, "a seed")
        self.dealer = _seat(dealer, "the dealer")
        self.scores_before = _scores(scores_before)
        tile_set = self._flow_const.tile_set
        if wall is None:
            if self.seed is None:
                self.seed = 0
            order = shuffled(tile_set, self.seed, self.round_index)
        else:
            order = tiles.parse_sequence(wall) if isinstance(wall, str) else [tiles.tile_index(t) for t in wall]
        self.wall = Wall(order, tile_set, self._flow_const.reserve, check=wall is not None)
        self.seats = [SeatState() for _ in range(4)]
        self.entries: list[Entry] = []
        self.win_events: list[WinEvent] = []
        self.wins: list[Found] = []     # every win, in order: what was scored
        self.flips: dict[str, int] = {}
        # what the flow keeps for the round: facts it derives once (Wuhan: the laizi of
        # the flipped indicator) and records of its own (Guiyang: kong chances let pass)
        self.memo: dict[str, Any] = {}
        self.burnt: list[int] = []
        self.kongs: list[tuple[int, int]] = []     # (seat, meld index) of every kong that stood, in order
        self.discard_log: list[tuple[int, int]] = []     # (seat, tile) of every discard, in order
        self.river = [0] * 34           # counts of the discards no claim took, every seat's
        self.any_claim = False          # some seat has claimed or konged (地胡, 前燒 read it)
        self.first_turn = True          # the dealer has not acted yet
        self.after_claim = False        # the seat to play has just claimed (no draw)
        self.resolving = ""             # the wins being decided: on a "discard" or robbing ("rob")
        self.done = False
        self.exhausted = False
        self.next_dealer: Optional[int] = None
        self._pending: Optional[_Pending] = None
        self._deal()

    # ---------------------------------------------------------------- public state

    @property
    def live(self) -> int:
        """Live tiles left to draw."""
        return self.wall.live

    @property
    def to_act(self) -> Optional[int]:
        """The seat whose decision the round waits for (None when done)."""
        p = self._pending
        return None if p is None else p.order[len(p.answers)]

    @property
    def decision(self) -> Optional[str]:
        """What is being decided: turn, respond, rob, declare or haidi."""
        return None if self._pending is None else self._pending.kind

    def legal_actions(self) -> list[Action]:
        """The actions :attr:`to_act` may take (never an illegal one)."""
        p = self._pending
        if p is None:
            return []
        return list(p.options[p.order[len(p.answers)]])

    def _asked(self) -> tuple[int, list[Action]]:
        """:attr:`to_act` and its :meth:`legal_actions` at once, for a loop that plays
        the round (the round must not be done)."""
        p = self._pending
        assert p is not None
        seat = p.order[len(p.answers)]
        return seat, list(p.options[seat])

    @property
    def net(self) -> list[Amount]:
        """Each seat's sum over every ledger of the round so far."""
        out: list[Amount] = [0, 0, 0, 0]
        for e in self.entries:
            for p in e.payments:
                out[p.payer] -= p.amount
                out[p.payee] += p.amount
        return out

    @property
    def scores_after(self) -> list[Amount]:
        return [a + b for a, b in zip(self.scores_before, self.net)]

    def hand_of(self, seat: SupportsIndex, labels: Optional[dict[int, str]] = None) -> Hand:
        """The seat's concealed tiles and melds as a hand of its region (``from`` in
        ``labels``, default the table labels A-D)."""
        s = self.seats[seat]
        return self.region.make_hand(np.frombuffer(bytes(s.concealed), dtype=np.uint8),
                                     declared(s.melds, labels or table_labels(self)))

    def observe(self, seat: SupportsIndex) -> "Observation":
        """What the player at ``seat`` may know now (:class:`Observation`)."""
        from .observation import Observation
        return Observation(self, _seat(seat, "the seat"))

    # ---------------------------------------------------------------- acting

    def step(self, action: Union[Action, Mapping[str, Any]]) -> None:
        """Take one action of :attr:`to_act`; ValueError (state unchanged) if it is
        not one of :meth:`legal_actions`."""
        p = self._pending
        if p is None:
            raise ValueError("the round is over: no action is expected")
        if not isinstance(action, Action):
            action = Action.from_dict(action)
        seat = p.order[len(p.answers)]
        if not _offered(action, p.options[seat]):
            raise ValueError(f"seat {seat} may not {short(str(action))} now; legal: "
                             f"{short(', '.join(str(a) for a in p.options[seat]))}")
        p.answers[seat] = action
        if self._flow_const.choices:
            self.flow.on_choice(self, seat, action, p.options[seat])
        if len(p.answers) < len(p.order):
            return
        self._pending = None
        if p.kind == "turn":
            self._on_turn(seat, action, p)
        elif p.kind == "respond":
            self._resolve_responses(p)
        elif p.kind == "rob":
            self._resolve_rob(p)
        elif p.kind == "declare":
            self._on_declare(p)
        else:
            self._on_haidi(seat, action, p)

    def _watched_event(self, event: dict[str, Any]) -> None:
        """Record an event and show the round to the watcher (``_event`` when there is
        one): the tiles the event moves have moved; what follows from it (a win's
        ledger and finished seat, a 補杠 standing) comes after."""
        self.events.append(event)
        assert self._watch is not None
        self._watch(self)

    # ---------------------------------------------------------------- deal and draws

    def _deal(self) -> None:
        d = self.dealer
        for seat, n in self._flow_const.deals[d]:
            got = self.wall.take_front_many(n)
            s = self.seats[seat]
            for t in got:
                s.concealed[t] += 1
            s.received.extend(got)
            self._event({"type": "deal", "seat": seat, "tiles": _names(got)})
        self.flow.after_deal(self)
        self._opening_window([(d + k) % 4 for k in (1, 2, 3)])

    def flip(self, what: str, back: bool = False) -> int:
        """Turn the front tile of the wall (or its back tile, ``back``) face up, out of
        play: a hook for the flow (Wuhan's indicator, Guiyang's chicken)."""
        t = self.wall.take_back() if back else self.wall.take_front()
        self.flips[what] = t
        event: dict[str, Any] = {"type": "flip", "what": what, "tile": _NAME[t]}
        if back:
            event["back"] = True
        self._event(event)
        return t

    def _draw(self, seat: int, replacement: bool = False) -> None:
        wall, const = self.wall, self._flow_const
        # one of the last draws (Wuhan's 海底), a kong's replacement too where a kong may
        # come that late: the drawer wins or passes
        haidi = wall.live <= const.last_draws
        t = wall.take_back() if replacement and const.replacement_from_back else wall.take_front()
        s = self.seats[seat]
        s.concealed[t] += 1
        s.received.append(t)
        s.last_draw, s.replacement = t, replacement
        if not replacement:
            s.drawn_any = True
            s.kong_this_turn = False
            s.turn_kongs = []
        event: dict[str, Any] = {"type": "draw", "seat": seat, "tile": _NAME[t]}
        if replacement:
            event["replacement"] = True
        self._event(event)
        if replacement and const.burns and wall.live > 0:
            b = wall.take_back()
            self.burnt.append(b)
            self._event({"type": "burn", "tile": _NAME[b]})
        self.flow.on_draw(self, seat)
        self.after_claim = False
        if haidi:
            self._haidi_window(seat)
        else:
            self._turn(seat)

    def _next_turn(self, after: int) -> None:
        """The next unfinished seat after ``after`` draws, or the wall is exhausted."""
        if self.wall.live <= 0:
            self._exhaust()
            return
        seat = (after + 1) % 4
        while self.seats[seat].finished:
            seat = (seat + 1) % 4
        self._draw(seat)

    # ---------------------------------------------------------------- the seat to play

    def _turn(self, seat: int) -> None:
        f, s = self.flow, self.seats[seat]
        options: list[Action] = []
        wins: dict[int, Found] = {}
        # most draws: the 13 tiles before it are known not to wait on the drawn tile
        if not self.after_claim and (s.wait_mask < 0 or s.last_draw is None or s.wait_mask >> s.last_draw & 1):
            found = self._self_draw(seat)
            if found is not None:
                options.append(WIN)
                wins[seat] = found
        const = self._flow_const
        if self.wall.live >= const.kong_min_live and (not self.after_claim or const.kongs_after_claim):
            if 4 in s.concealed:        # a concealed kong is four of a kind held
                options += [_action("angang", k) for k in f.angang_options(self, seat)]
            if s.melds:                  # a 補杠 adds to a 碰 of one's own
                options += [_action("bugang", k) for k in f.bugang_options(self, seat)]
        if const.special_kongs:
            options += [_action("special_kong", (t,)) for t in f.special_kong_options(self, seat)]
        options += [_DISCARD[t] for t in f.discardable(self, seat)]
        if not options:
            raise ValueError(f"seat {seat} holding {tiles.format(np.frombuffer(bytes(s.concealed), np.uint8))} "
                             "has no legal action: the region's flow offers none")
        self._pending = _Pending("turn", [seat], {seat: options}, None, None, wins)

    def _self_draw(self, seat: int) -> Optional[Found]:
        s = self.seats[seat]
        if s.last_draw is None:          # the dealer's dealt 14: the best reading over any tile
            if not (self.first_turn and seat == self.dealer) or not self.flow.may_win(self, seat, s.concealed):
                return None
            best: Optional[Found] = None
            for t in range(34):
                if s.concealed[t]:
                    found = self._win(WinContext(seat, t, "dealt"))
                    if found is not None and (best is None or found.result.value > best.result.value):
                        best = found
            return best
        if s.wait_mask >= 0 and not s.wait_mask >> s.last_draw & 1:
            return None                  # the 13 tiles before the draw do not wait on it
        return self._win(WinContext(seat, s.last_draw, "replacement" if s.replacement else "draw"))

    def _win(self, ctx: WinContext) -> Optional[Found]:
        """The scored win of ``ctx`` if it is one the seat may take now."""
        s = self.seats[ctx.seat]
        if ctx.source != "dealt":       # (the dealt 14 passed may_win in _self_draw)
            if s.wait_mask < 0:
                if ctx.self_draw:        # the 13 tiles before the draw
                    s.concealed[ctx.tile] -= 1
                    s.wait_mask = self.flow.wait_mask(self, ctx.seat)
                    s.concealed[ctx.tile] += 1
                else:
                    s.wait_mask = self.flow.wait_mask(self, ctx.seat)
            if not s.wait_mask >> ctx.tile & 1:
                return None
        labels = self.flow.win_labels(self, ctx)
        before = bytearray(s.concealed)
        if ctx.self_draw:
            before[ctx.tile] -= 1
        hand = self.region.make_hand(np.frombuffer(bytes(before), dtype=np.uint8), declared(s.melds, labels))
        situation = self.flow.situation(self, ctx, labels)
        result = self.region.score(hand, situation, self.rules)
        if not result.is_win or not self.flow.win_allowed(self, ctx, result):
            return None
        return Found(ctx, result, hand, situation)

    def _on_turn(self, seat: int, action: Action, p: _Pending) -> None:
        kind = action.type
        if kind == "win":
            found = p.wins[seat]
            self._wins([found], None, found.ctx.source)
        elif kind == "discard":
            self._discard(seat, action.tiles[0])
        elif kind == "angang":
            self._angang(seat, action.tiles)
        elif kind == "bugang":
            self._bugang(seat, action.tiles)
        else:
            self._special_kong(seat, action.tile)

    # ---------------------------------------------------------------- discards and claims

    def _discard(self, seat: int, tile: int) -> None:
        s = self.seats[seat]
        s.concealed[tile] -= 1
        if tile != s.last_draw:
            s.wait_mask = -1
        s.discards.append(tile)
        s.claimed.append(False)
        self.river[tile] += 1
        s.last_draw = None
        self.first_turn = False
        self.discard_log.append((seat, tile))
        self._event({"type": "discard", "seat": seat, "tile": _NAME[tile]})
        what = self._flow_const.discard_declarations and self.flow.discard_declarations(self, seat)
        if what:
            options = [Action("declare", (), w) for w in what] + [PASS]
            self._pending = _Pending("declare", [seat], {seat: options}, tile=tile, from_seat=seat)
            return
        self._responses(seat, tile)

    def _responses(self, discarder: int, tile: int) -> None:
        f, const = self.flow, self._flow_const
        if const.dead_discards and f.dead_discard(self, tile):
            self._next_turn(discarder)
            return
        order: list[int] = []
        options: dict[int, list[Action]] = {}
        wins: dict[int, Found] = {}
        last = self.wall.live <= 0 and not const.last_discard_claims
        seats, chi = self.seats, const.chi
        for k, seat in _AFTER[discarder]:
            s = seats[seat]
            if s.finished:
                continue
            waits = s.wait_mask
            if waits < 0:
                waits = s.wait_mask = f.wait_mask(self, seat)
            held = s.concealed[tile]
            # most seats on most discards: no win, and no copy to claim with (a 吃 is
            # only ever the next seat's)
            if not waits >> tile & 1 and (last or not held and (k != 1 or not chi)):
                continue
            opts: list[Action] = []
            if waits >> tile & 1:
                found = self._win(WinContext(seat, tile, "discard", discarder))
                if found is not None:
                    opts.append(WIN)
                    wins[seat] = found
            if not last:
                if held:        # a 碰 or 杠 needs a copy of the tile in hand
                    opts.extend([_action("peng", k) for k in f.peng_options(self, seat, tile)])
                    if self.wall.live >= const.kong_min_live and f.minggang_allowed(self, seat, tile):
                        opts.append(_action("minggang", (tile,) * 4))
                if k == 1 and chi:
                    opts.extend([_action("chi", k) for k in f.chi_options(self, seat, tile, discarder)])
            if opts:
                opts.append(PASS)
                order.append(seat)
                options[seat] = opts
        if not order:
            self._next_turn(discarder)
            return
        self._pending = _Pending("respond", order, options, tile=tile, from_seat=discarder, wins=wins)

    def _declined(self, p: _Pending) -> None:
        """Record every seat that could have won and chose otherwise (過水)."""
        for seat in p.order:
            if seat in p.wins and p.answers[seat].type != "win":
                self.flow.declined_win(self, p.wins[seat].ctx, p.wins[seat].result)
                self._event({"type": "pass", "seat": seat, "could_win": True})

    def _resolve_responses(self, p: _Pending) -> None:
        assert p.from_seat is not None and p.tile is not None
        self._declined(p)
        claimants = [s for s in p.order if p.answers[s].type == "win"]
        if claimants:
            self.resolving = "discard"
            winners = self.flow.winners(self, claimants, p.from_seat)
            for seat in p.order:
                lapsed = self.flow.lapsed_claim(self, seat, p.answers[seat], p.from_seat) \
                    if seat not in winners else None
                if lapsed is not None:      # a claim that still pays is in the record
                    self._lapsed_event(seat, p.answers[seat], p.from_seat)
                    self._post("kong", seat, lapsed, table_labels(self))
            self._mark_claimed(p.from_seat)
            self._wins([p.wins[s] for s in winners], p.from_seat, "discard")
            return
        claims = [s for s in p.order if p.answers[s].type != "pass"]
        if not claims:
            self._next_turn(p.from_seat)
            return
        discarder = p.from_seat
        seat = min(claims, key=lambda s: self.flow.claim_rank(self, s, p.answers[s], discarder))
        self._claim(seat, p.answers[seat], discarder, p.tile)

    def _lapsed_event(self, seat: int, action: Action, discarder: int) -> None:
        """Record a claim that a win on the same discard left unmade but that the region
        still pays (Fuzhou's 明扛, L97): the claim's event, marked ``lapsed``, so that a
        reader sees why the ledger is paid and a replay repeats the claim."""
        self._event({"type": action.type, "seat": seat, "from": discarder,
                            "tiles": _names(action.tiles), "lapsed": True})

    def _mark_claimed(self, discarder: int) -> None:
        s = self.seats[discarder]
        s.claimed[-1] = True
        self.river[s.discards[-1]] -= 1

    def _claim(self, seat: int, action: Action, discarder: int, tile: int) -> None:
        s = self.seats[seat]
        used = list(action.tiles)
        used.remove(tile)
        for t in used:
            s.concealed[t] -= 1
        s.wait_mask = -1
        self._mark_claimed(discarder)
        self.any_claim = True
        s.kong_this_turn = False         # a claim starts the claimer's turn, as a draw does
        s.turn_kongs = []
        meld = TableMeld(action.type, action.tiles, discarder, tile)
        s.melds.append(meld)
        self._event({"type": action.type, "seat": seat, "from": discarder,
                            "tiles": _names(action.tiles)})
        s.last_draw = None
        if action.type == "minggang":
            self._kong_stands(seat, len(s.melds) - 1)
            return
        self.after_claim = True
        self._turn(seat)

    # ---------------------------------------------------------------- kongs

    def _kong_stands(self, seat: int, index: int) -> None:
        """A kong that stands: its payments (if the region pays kongs at once), then
        its replacement draw (none with an empty wall, where a region's
        ``kong_min_live`` of 0 allows the kong: the round is then exhausted)."""
        s = self.seats[seat]
        s.kong_this_turn = True
        s.turn_kongs.append(index)
        self.kongs.append((seat, index))
        self.any_claim = True
        ledger = self.flow.kong_ledger(self, seat, s.melds[index])
        if ledger is not None:
            self._post("kong", seat, ledger, table_labels(self))
        if self.wall.live > 0:
            self._draw(seat, replacement=True)
        else:                       # a kong the region lets stand with no tile left ends the wall
            self._exhaust()

    def _angang(self, seat: int, kong: tuple[int, ...]) -> None:
        s = self.seats[seat]
        for t in kong:
            s.concealed[t] -= 1
        s.wait_mask = -1
        s.melds.append(TableMeld("angang", kong))
        self.first_turn = False
        self._event({"type": "angang", "seat": seat, "tiles": _names(kong)})
        self._kong_stands(seat, len(s.melds) - 1)

    def _bugang(self, seat: int, kong: tuple[int, ...]) -> None:
        s = self.seats[seat]
        added = kong[-1]
        index = next(i for i, m in enumerate(s.melds) if m.kind == "peng" and m.tiles == kong[:3])
        s.concealed[added] -= 1
        s.wait_mask = -1
        self.first_turn = False
        self._event({"type": "bugang", "seat": seat, "tiles": _names(kong)})
        robbed = self.flow.robbed_tile(self, seat, s.melds[index], added)
        order, options, wins = [], {}, {}
        for k in (1, 2, 3):
            other = (seat + k) % 4
            if self.seats[other].finished:
                continue
            found = self._win(WinContext(other, robbed, "rob", seat))
            if found is not None:
                order.append(other)
                options[other] = [WIN, PASS]
                wins[other] = found
        if not order:
            self._bugang_stands(seat, index, added)
            return
        self._pending = _Pending("rob", order, options, tile=added, from_seat=seat, wins=wins, meld=index)

    def _bugang_stands(self, seat: int, index: int, added: int) -> None:
        s = self.seats[seat]
        m = s.melds[index]
        s.melds[index] = TableMeld("bugang", m.tiles + (added,), m.from_seat, m.claimed)
        self._kong_stands(seat, index)

    def _resolve_rob(self, p: _Pending) -> None:
        assert p.from_seat is not None and p.tile is not None and p.meld is not None
        self._declined(p)
        claimants = [s for s in p.order if p.answers[s].type == "win"]
        if not claimants:
            self._bugang_stands(p.from_seat, p.meld, p.tile)
            return
        self.flow.robbed(self, p.from_seat, p.meld, p.tile)
        paid = self.flow.robbed_kong_ledger(self, p.from_seat)
        if paid is not None:
            self._post("kong", p.from_seat, paid, table_labels(self))
        self.resolving = "rob"
        winners = self.flow.winners(self, claimants, p.from_seat)
        self._wins([p.wins[s] for s in winners], p.from_seat, "rob")

    def _special_kong(self, seat: int, tile: int) -> None:
        s = self.seats[seat]
        s.concealed[tile] -= 1
        s.wait_mask = -1
        kind = self.flow.special_kong_kind(self, tile)
        s.special_kongs[kind] = s.special_kongs.get(kind, 0) + 1
        s.special_tiles.append(tile)
        s.kong_this_turn = True
        self.first_turn = False
        self._event({"type": "special_kong", "seat": seat, "tile": _NAME[tile]})
        if self.wall.live >= self._flow_const.kong_min_live and self.flow.special_kong_replaced(self, seat):
            self._draw(seat, replacement=True)
        else:                            # a kong with no replacement ends the turn
            s.last_draw = None
            self._next_turn(seat)

    # ---------------------------------------------------------------- declarations

    def _opening_window(self, seats: list[int]) -> None:
        order, options = [], {}
        for seat in seats:
            what = self.flow.opening_declarations(self, seat)
            if what:
                order.append(seat)
                options[seat] = [Action("declare", (), w) for w in what] + [PASS]
        if order:
            self._pending = _Pending("declare", order, options)
        else:
            self._turn(self.dealer)

    def _on_declare(self, p: _Pending) -> None:
        for seat in p.order:
            a = p.answers[seat]
            if a.type == "declare":
                self.seats[seat].declared = a.what
                self._event({"type": "declare", "seat": seat, "what": a.what})
        if p.tile is None:
            self._turn(self.dealer)
        else:
            assert p.from_seat is not None
            self._responses(p.from_seat, p.tile)

    def _haidi_window(self, seat: int) -> None:
        found = self._self_draw(seat)
        if found is None:
            self.seats[seat].last_draw = None
            self._next_turn(seat)
            return
        self._pending = _Pending("haidi", [seat], {seat: [WIN, PASS]}, wins={seat: found})

    def _on_haidi(self, seat: int, action: Action, p: _Pending) -> None:
        if action.type == "win":
            found = p.wins[seat]
            self._wins([found], None, found.ctx.source)
        else:
            self.seats[seat].last_draw = None
            self._next_turn(seat)

    # ---------------------------------------------------------------- wins and the end

    def _wins(self, found: list[Found], from_seat: Optional[int], source: str) -> None:
        winners = tuple(f.ctx.seat for f in found)
        self.win_events.append(WinEvent(winners, from_seat, source))
        self.wins.extend(found)
        finished_before = [s.finished for s in self.seats]
        for ctx, result, _, _ in found:
            event: dict[str, Any] = {"type": "win", "seat": ctx.seat}
            if from_seat is not None:
                event["from"] = from_seat
            event.update({"tile": tiles.tile_name(ctx.tile), "self_draw": ctx.self_draw,
                          "robbing_kong": ctx.source == "rob", "patterns": list(result.patterns),
                          "value": result.value})
            self._event(event)
            labels = self.flow.win_labels(self, ctx)
            ledger = self.flow.win_payments(self, ctx, result, labels)
            self._post("win", ctx.seat, ledger, labels, skip=finished_before)
            s = self.seats[ctx.seat]
            s.finished = True
            s.win_tile = ctx.tile
            if ctx.self_draw:          # the winning tile is held apart from the 13 tiles
                s.concealed[ctx.tile] -= 1
        self.first_turn = False
        if self.flow.round_over_after_win(self):
            self._end()
            return
        self._next_turn(self.flow.play_on_after(self, winners, from_seat))

    def _post(self, cause: str, seat: Optional[int], ledger: Ledger, labels: dict[int, str],
              skip: Optional[list[bool]] = None) -> None:
        """Add a ledger written in ``labels`` as an entry of seats; payments from or to a
        seat in ``skip`` (finished before this win) are dropped."""
        seat_of = {label: s for s, label in labels.items()}
        payments = []
        for t in ledger.transfers:
            payer, payee = seat_of[t.payer], seat_of[t.payee]
            if skip is not None and (skip[payer] or skip[payee]):
                continue
            payments.append(Payment(payer, payee, t.amount, t.reason))
        self.entries.append(Entry(cause, seat, tuple(payments)))

    def _exhaust(self) -> None:
        self.exhausted = True
        self._event({"type": "exhaust"})
        result = self.flow.exhaust(self)
        self._post(self.flow.exhaust_cause(self), None, result.ledger, table_labels(self))
        if result.next_dealer is not None:
            self.next_dealer = LABELS.index(result.next_dealer)
        self._end()

    def _end(self) -> None:
        for cause, seat, ledger in self.flow.end_ledgers(self):
            self._post(cause, seat, ledger, table_labels(self))
        if self.next_dealer is None:
            self.next_dealer = self.flow.next_dealer(self)
        self.done = True
        self._pending = None

    # ---------------------------------------------------------------- records

    def record(self) -> dict[str, Any]:
        """The round as a ``hupai-round/1`` record (design/table.md §3)."""
        from .record import write
        return write(self)

    @staticmethod
    def replay(record: object, watch: Optional[Callable[["Round"], None]] = None) -> "Round":
        """The round of a ``hupai-round/1`` record rebuilt event by event
        (:func:`hupai.table.replay`): ValueError at the first event that is illegal or
        inconsistent."""
        from .record import replay
        return replay(record, watch)


def _scores(values: Sequence[Amount]) -> list[Amount]:
    if isinstance(values, (str, bytes)) or len(values) != 4:
        raise ValueError(f"scores_before are four numbers, one per seat, not {short(values)}")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
            raise TypeError(f"a score is a number, not {type(v).__name__}")
        out.append(v.item() if isinstance(v, (np.integer, np.floating)) else v)
    return out
