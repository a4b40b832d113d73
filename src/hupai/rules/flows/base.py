"""What the table engine asks of a region: the round flow (rules/<region>-flow.md),
as one class whose defaults are the shared flow of design/table.md §1 and whose
subclasses, one per region, say where their region differs.

The engine (:mod:`hupai.table`) never branches on a region's name: it calls these
hooks with itself as ``rnd``; a hook reads the round's public state (``rnd.seats``,
``rnd.dealer``, ``rnd.live``, ...) and returns plain values.  A region without
special flow rules (a new region, a test's toy region) uses :class:`Flow` as it is:
first win ends the round, 一炮多響 allowed, no claims but 碰 and 杠, no side settlements."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, AbstractSet, Any, Final, NamedTuple, Optional, Sequence

import numpy as np
from mypy_extensions import mypyc_attr

from ... import _core
from ..ledger import Ledger
from ..model import KONGS, DeclaredMeld
from ..result import ExhaustResult, ScoreResult
from ..situation import Situation

if TYPE_CHECKING:       # the engine imports the rules, never the other way round
    from ...table.round import Round

__all__ = ["Flow", "FlowConstants", "DealOptions", "WinContext", "LABELS", "table_labels", "deal_chunks",
           "drawn_dealer"]

#: the round memo's entry of the kong chances let pass (Flow.on_choice)
_KONGS_LET_PASS: Final = "kongs_let_pass"

#: The seat labels of a table (FORMAT.md §6.1): seat i of the engine is LABELS[i].
LABELS: Final = ("A", "B", "C", "D")
# the kernel calls of every decision, bound once (Final: a C static of the compiled
# module, not a module attribute looked up at each call)
HELD_KINDS: Final = _core.held_kinds
HELD_MASK: Final = _core.held_mask
_WAIT_MASK: Final = _core.wait_mask
_WAIT_OPTIONS: Final = _core.wait_options


class WinContext(NamedTuple):
    """How a win arrives: ``source`` is ``dealt`` (the dealer's first 14), ``draw``,
    ``replacement`` (a kong's replacement), ``discard`` or ``rob`` (a 補杠's tile);
    ``from_seat`` the discarder or the robbed konger."""

    seat: int
    tile: int
    source: str
    from_seat: Optional[int] = None

    @property
    def self_draw(self) -> bool:
        return self.source in ("dealt", "draw", "replacement")


def table_labels(rnd: "Round") -> dict[int, str]:
    """Seat → its label A-D (FORMAT.md §6.1: the seats in turn order)."""
    return dict(enumerate(LABELS))


class FlowConstants:
    """The answers of the hooks that read only the rules (:meth:`Flow.constants`): a
    round asks them once, not at every step.  (A plain class, compiled: the engine
    reads these at every step, and a NamedTuple's fields are generic attribute lookups
    from compiled code.)"""

    def __init__(self, *, kong_min_live: int, last_draws: int, replacement_from_back: bool, burns: bool,
                 kongs_after_claim: bool, last_discard_claims: bool, special_kongs: bool, chi: bool,
                 dead_discards: bool, discard_declarations: bool, choices: bool, tile_set: tuple[int, ...],
                 reserve: int, deals: tuple[tuple[tuple[int, int], ...], ...]) -> None:
        self.kong_min_live = kong_min_live
        self.last_draws = last_draws
        self.replacement_from_back = replacement_from_back
        self.burns = burns
        self.kongs_after_claim = kongs_after_claim
        self.last_discard_claims = last_discard_claims
        # which of the hooks that answer "never" by default (no single-tile kongs, no 吃,
        # no dead discards, no declarations after a discard) the flow gives answers of
        # its own
        self.special_kongs = special_kongs
        self.chi = chi
        self.dead_discards = dead_discards
        self.discard_declarations = discard_declarations
        self.choices = choices              # the flow follows each choice (follows_choices)
        # the answers of tile_set, reserve and deal_chunks (for each dealer 0-3): made
        # once per flow and rules, not once per round
        self.tile_set = tile_set
        self.reserve = reserve
        self.deals = deals


@mypyc_attr(allow_interpreted_subclasses=True)     # a new region's flow is a subclass
class Flow:
    """The default round flow.  Each hook's docstring is its contract; the region
    subclasses cite their flow digest for every difference.  A hook that takes only
    ``rules`` must answer from the rules alone: the engine asks it once per round
    (:meth:`constants`)."""

    def constants(self, rules: Any) -> FlowConstants:
        """The rules-only hooks' answers for a round under ``rules``, and which of the
        hooks whose default never offers anything this flow redefines (the engine does
        not ask the others)."""
        def own(hook: str) -> bool:
            return getattr(type(self), hook) is not getattr(Flow, hook)
        return FlowConstants(
            kong_min_live=int(self.kong_min_live(rules)), last_draws=int(self.last_draws(rules)),
            replacement_from_back=bool(self.replacement_from_back(rules)), burns=bool(self.burns(rules)),
            kongs_after_claim=bool(self.kongs_after_claim(rules)),
            last_discard_claims=bool(self.last_discard_claims(rules)),
            special_kongs=own("special_kong_options"), chi=own("chi_options"), dead_discards=own("dead_discard"),
            discard_declarations=own("discard_declarations"), choices=bool(self.follows_choices(rules)),
            tile_set=tuple(self.tile_set(rules)), reserve=int(self.reserve(rules)),
            deals=tuple(tuple(self.deal_chunks(rules, dealer)) for dealer in range(4)))

    # ---------------------------------------------------------------- tiles and wall

    def tile_set(self, rules: Any) -> list[int]:
        """The tiles of the wall, one index per tile (default: 136, four of each kind)."""
        return [t for t in range(34) for _ in range(4)]

    def deal_order(self, rules: Any) -> str:
        """How the deal hands the tiles out: ``4-4-4-jump`` (three rounds of four in turn
        order from the dealer, the dealer's two 跳牌, one more to each other seat) or
        ``one_by_one`` (one tile at a time, the dealer's fourteenth last)."""
        return "4-4-4-jump"

    def deal_chunks(self, rules: Any, dealer: int) -> list[tuple[int, int]]:
        """(seat, tiles) of every hand-out of the deal, in order: 53 tiles."""
        return deal_chunks(self.deal_order(rules), dealer)

    def first_dealer(self, rules: Any, seed: int, round_index: int) -> int:
        """The dealer of a round nobody chose one for (a match's first round, a
        simulation's rounds): seat 0, the caller's choice ("param")."""
        return 0

    def reserve(self, rules: Any) -> int:
        """Tiles at the back that are never drawn (Wuhan's 海底 reserve)."""
        return 0

    def last_draws(self, rules: Any) -> int:
        """How many final draws are draw-and-win-only (Wuhan's 海底 phase), a kong's
        replacement among them."""
        return 0

    def kong_min_live(self, rules: Any) -> int:
        """The fewest live tiles with which a kong may be declared (its replacement)."""
        return 1

    def replacement_from_back(self, rules: Any) -> bool:
        """Whether replacement draws come from the back of the wall (else the front)."""
        return True

    def burns(self, rules: Any) -> bool:
        """Whether each replacement draw burns the top of the last stack (Fuzhou)."""
        return False

    def angang_public(self, rules: Any) -> bool:
        """Whether a concealed kong's tiles are shown to the other seats."""
        return False

    def burns_public(self, rules: Any) -> bool:
        """Whether burnt tiles are shown face up."""
        return True

    def after_deal(self, rnd: "Round") -> None:
        """What happens once the deal is done (Wuhan flips the indicator)."""

    # ---------------------------------------------------------------- what a seat may do

    def jokers(self, rnd: "Round") -> tuple[int, ...]:
        """The tile kinds that stand for any tile (for the kernel's shape check)."""
        return ()

    def kernel_options(self, rnd: "Round", seat: int) -> dict[str, Any]:
        """The kernel's win-shape options for this seat (``is_win`` keywords), which
        depend only on the rules and the seat's melds (the engine asks again when the
        melds change)."""
        return {"seven_pairs": not rnd.seats[seat].melds}

    def _wait_options(self, rnd: "Round", seat: int) -> int:
        """:meth:`kernel_options` as the kernel's bits, made once per change of the
        seat's melds (they are asked at every change of its hand)."""
        s = rnd.seats[seat]
        made = len(s.melds)
        if s.wait_options_melds != made:
            s.wait_options = _WAIT_OPTIONS(self.kernel_options(rnd, seat))
            s.wait_options_melds = made
        return s.wait_options

    def may_win(self, rnd: "Round", seat: int, counts: bytearray) -> bool:
        """A necessary condition for the 14 tiles ``counts`` to be a win (the dealer's
        dealt hand); the region's ``score`` decides.  Default: the kernel's shape check
        with the region's jokers."""
        counts, n = _split_jokers(counts, self.jokers(rnd))
        return bool(_core.is_win(counts, n, **self.kernel_options(rnd, seat)))

    def wait_mask(self, rnd: "Round", seat: int) -> int:
        """The tiles that might complete the seat's 13 tiles as a mask (bit t: kind t), a
        superset of its waits, asked once per change of its hand; the region's ``score``
        decides each win.  Default: the kernel's waits with the region's jokers."""
        jokers = 0
        for j in self.jokers(rnd):
            jokers |= 1 << j
        return _WAIT_MASK(rnd.seats[seat].concealed, self._wait_options(rnd, seat), jokers)

    def discardable(self, rnd: "Round", seat: int) -> list[int]:
        """The kinds the seat may discard now (default: any concealed tile; a locked
        seat, the tile just drawn)."""
        s = rnd.seats[seat]
        if self.locked(rnd, seat) and s.last_draw is not None:
            return [s.last_draw]
        return HELD_KINDS(s.concealed)

    def dead_discard(self, rnd: "Round", tile: int) -> bool:
        """A discard nobody may claim (Luzhou's ghost, L19)."""
        return False

    def locked(self, rnd: "Round", seat: int) -> bool:
        """The seat's hand is frozen by a declaration (draw and discard only)."""
        return False

    def kongs_after_claim(self, rules: Any) -> bool:
        """Whether 暗杠 / 補杠 may follow a 碰 or 吃 before the discard."""
        return False

    def angang_options(self, rnd: "Round", seat: int) -> list[tuple[int, ...]]:
        """Concealed kongs the seat may make: four natural copies (none when locked)."""
        s = rnd.seats[seat]
        if 4 not in s.concealed or self.locked(rnd, seat):
            return []
        return [(t,) * 4 for t in range(34) if s.concealed[t] == 4]

    def bugang_options(self, rnd: "Round", seat: int) -> list[tuple[int, ...]]:
        """Kongs made by adding a concealed tile to an own 碰 (the added tile last)."""
        s = rnd.seats[seat]
        held = s.concealed
        found = [m.tiles + (m.claimed,) for m in s.melds
                 if m.kind == "peng" and m.claimed is not None and held[m.claimed]]
        return found if found and not self.locked(rnd, seat) else []

    def special_kong_kind(self, rnd: "Round", tile: int) -> str:
        """The kind of a single-tile kong of ``tile`` (Wuhan's hongzhong, laizi, ...)."""
        raise ValueError(f"{rnd.region.name} has no single-tile kongs")

    def robbed_tile(self, rnd: "Round", konger: int, peng: Any, added: int) -> int:
        """The tile a robber of this 補杠 wins on (default: the added tile)."""
        return added

    def robbed(self, rnd: "Round", konger: int, index: int, added: int) -> None:
        """A 補杠 was robbed: the konger's meld stays a 碰 and the added tile is gone."""

    def robbed_kong_ledger(self, rnd: "Round", konger: int) -> Optional[Ledger]:
        """What a robbed 補杠 still pays its konger, in table labels A-D (default
        nothing: it never stood)."""
        return None

    def special_kong_options(self, rnd: "Round", seat: int) -> list[int]:
        """Single-tile kongs the seat may lay out (Wuhan)."""
        return []

    def special_kong_replaced(self, rnd: "Round", seat: int) -> bool:
        """Whether the single-tile kong the seat just laid out draws a replacement (while
        the wall allows a kong's); if not, it ends the seat's turn as a discard nobody
        may claim would (default: it does draw)."""
        return True

    def peng_options(self, rnd: "Round", seat: int, tile: int) -> list[tuple[int, ...]]:
        """The 碰 the seat may make on ``tile`` (default: two natural copies; none for a
        locked seat)."""
        if rnd.seats[seat].concealed[tile] < 2 or self.locked(rnd, seat):
            return []
        return [(tile, tile, tile)]

    def minggang_allowed(self, rnd: "Round", seat: int, tile: int) -> bool:
        """A 明杠 on ``tile``: three natural copies held, the seat not locked."""
        return rnd.seats[seat].concealed[tile] == 3 and not self.locked(rnd, seat)

    def chi_options(self, rnd: "Round", seat: int, tile: int, discarder: int) -> list[tuple[int, ...]]:
        """The 吃 the seat may make (default: none; Wuhan's 下家 may)."""
        return []

    def follows_choices(self, rules: Any) -> bool:
        """Whether the engine tells :meth:`on_choice` every choice (default: no; a flow
        whose kongs must be made at once says yes)."""
        return False

    def on_choice(self, rnd: "Round", seat: int, action: Any, offered: Sequence[Any]) -> None:
        """The seat took ``action`` of the ``offered`` legal actions (before the round
        acts on it), asked when :meth:`follows_choices`.  Default: every kong offered
        and not made at this decision (a discard, a pass or a 碰 instead; making another
        kong keeps the chance) joins :meth:`kongs_let_pass`."""
        if action.type in KONGS:
            return
        let_pass = {(seat, a.type, a.tiles) for a in offered if a.type in KONGS}
        if let_pass:
            rnd.memo.setdefault(_KONGS_LET_PASS, set()).update(let_pass)

    @staticmethod
    def kongs_let_pass(rnd: "Round") -> AbstractSet[tuple[int, str, tuple[int, ...]]]:
        """(seat, kind, tiles) of every kong chance let pass this round (recorded only
        while :meth:`follows_choices`); read it, do not change it."""
        return rnd.memo.get(_KONGS_LET_PASS, frozenset())  # type: ignore[no-any-return]

    def lapsed_claim(self, rnd: "Round", seat: int, action: Any, discarder: int) -> Optional[Ledger]:
        """What a claim that lapsed because of a win on the same discard still pays,
        in table labels A-D (Fuzhou's 明扛 beside a win, L97); default nothing."""
        return None

    def claim_rank(self, rnd: "Round", seat: int, action: Any, discarder: int) -> tuple:
        """Orders competing non-win claims, smallest first: a kong or 碰 before a 吃,
        then the seat nearest after the discarder."""
        return (action.type == "chi", (seat - discarder) % 4)

    # ---------------------------------------------------------------- declarations

    def opening_declarations(self, rnd: "Round", seat: int) -> list[str]:
        """Declarations a non-dealer may make after the deal, before the dealer acts."""
        return []

    def discard_declarations(self, rnd: "Round", seat: int) -> list[str]:
        """Declarations the seat may make right after its discard (before responses)."""
        return []

    # ---------------------------------------------------------------- wins

    def situation(self, rnd: "Round", ctx: WinContext, labels: dict[int, str]) -> Situation:
        """The facts of this win for the region's ``score`` (only facts it reads):
        default, how the tile came (a kong's replacement, a robbed kong)."""
        facts = rnd.region.FACTS
        known: dict[str, Any] = {"after_kong": ctx.source == "replacement", "robbing_kong": ctx.source == "rob"}
        return Situation(ctx.tile, self_draw=ctx.self_draw, **{k: v for k, v in known.items() if k in facts})

    def win_allowed(self, rnd: "Round", ctx: WinContext, result: ScoreResult) -> bool:
        """Whether a scored win may be taken (過水 blocks, minimum values)."""
        return True

    def declined_win(self, rnd: "Round", ctx: WinContext, result: ScoreResult) -> None:
        """The seat could have won and did not (過水 records it)."""

    def on_draw(self, rnd: "Round", seat: int) -> None:
        """A draw by the seat (normal or replacement): lifts its 過水 block."""
        rnd.seats[seat].guoshui = None
        rnd.seats[seat].passed_win = False

    def winners(self, rnd: "Round", claimants: Sequence[int], from_seat: int) -> list[int]:
        """Which of several seats claiming a win on one tile win, in turn order after
        ``from_seat`` (default: all, 一炮多響; of several robbers of a 補杠 only the
        first unless :meth:`every_robber_wins`); ``rnd.resolving`` says whether the
        tile is a discard or a robbed kong's."""
        order = sorted(claimants, key=lambda s: (s - from_seat) % 4)
        if rnd.resolving == "rob" and not self.every_robber_wins(rnd.rules):
            return order[:1]
        return order

    def every_robber_wins(self, rules: Any) -> bool:
        """Whether every seat robbing one 補杠 wins (default), or only the first."""
        return True

    def last_discard_claims(self, rules: Any) -> bool:
        """Whether the discard after the last draw may be claimed by 碰 / 吃 as well
        as won (default: a win only; the round cannot outlast the wall)."""
        return False

    def play_on_after(self, rnd: "Round", winners: Sequence[int], from_seat: Optional[int]) -> int:
        """Where play goes on after a win the round survives: it passes to the next
        seat after the winner (of several, the one farthest from the discarder)."""
        if from_seat is None:
            return winners[0]
        return max(winners, key=lambda w: (w - from_seat) % 4)

    def winner_hand_public(self, rules: Any) -> bool:
        """Whether a winner's hand is shown to all (the round may go on after it)."""
        return True

    def round_over_after_win(self, rnd: "Round") -> bool:
        """Whether the round ends now that a win (or a multi-win) happened."""
        return True

    def win_labels(self, rnd: "Round", ctx: WinContext) -> dict[int, str]:
        """Seat → the label of a win case: W the winner; A the discarder or robbed
        konger (on a self-draw the next seat), then B and C in turn order."""
        first = ctx.from_seat if ctx.from_seat is not None else (ctx.seat + 1) % 4
        others = [first] + [(ctx.seat + k) % 4 for k in (1, 2, 3) if (ctx.seat + k) % 4 != first]
        out = {ctx.seat: "W"}
        out.update(zip(others, ("A", "B", "C")))
        return out

    def win_payments(self, rnd: "Round", ctx: WinContext, result: ScoreResult,
                     labels: dict[int, str]) -> Ledger:
        """The ledger a win settles, in its labels (default: the score's ledger)."""
        return result.ledger

    # ---------------------------------------------------------------- the end

    def kong_ledger(self, rnd: "Round", seat: int, meld: Any) -> Optional[Ledger]:
        """Payments made the moment a kong stands (Fuzhou), in table labels A-D."""
        return None

    def exhaust(self, rnd: "Round") -> ExhaustResult:
        """The end of the wall: the region's ``exhaust`` of the unfinished seats."""
        labels = table_labels(rnd)
        table = {labels[i]: (None if s.finished else rnd.hand_of(i)) for i, s in enumerate(rnd.seats)}
        return rnd.region.exhaust(table, rnd.rules, dealer=labels[rnd.dealer], situation=self.table_situation(rnd))

    def exhaust_cause(self, rnd: "Round") -> str:
        """The ``cause`` of the exhaust ledger in the record."""
        return "exhaust"

    def table_situation(self, rnd: "Round") -> Optional[Situation]:
        """The table facts ``exhaust`` and ``ready`` need (Wuhan: the indicator)."""
        return None

    def end_ledgers(self, rnd: "Round") -> list[tuple[str, Optional[int], Ledger]]:
        """Ledgers of the whole table at the end of the round (豆, 鸡, 燒莊, 喜錢), each
        ``(cause, seat, ledger)`` in table labels A-D, in the order applied."""
        return []

    def next_dealer(self, rnd: "Round") -> int:
        """Who deals next (default: a single winner; after a multi-win the discarder;
        after an exhaust the dealer stays)."""
        first = rnd.win_events[0] if rnd.win_events else None
        if first is None:
            return rnd.dealer
        if len(first.winners) > 1 and first.from_seat is not None:
            return first.from_seat
        return first.winners[0]


def _split_jokers(counts: bytearray, jokers: tuple[int, ...]) -> tuple[bytearray, int]:
    """The counts without the joker kinds, and how many jokers they held."""
    if not jokers:
        return counts, 0
    counts = bytearray(counts)
    n = 0
    for j in jokers:
        n += counts[j]
        counts[j] = 0
    return counts, n


@mypyc_attr(allow_interpreted_subclasses=True)
class DealOptions(Flow):
    """A flow whose rules have the two options every region's round flow has, as
    ``flow_deal_order`` and ``flow_first_dealer`` fields (the four regions' flows)."""

    def deal_order(self, rules: Any) -> str:
        return str(rules.flow_deal_order)          # any fixed order is fair on a shuffled wall

    def first_dealer(self, rules: Any, seed: int, round_index: int) -> int:
        # "random": what a lot or the dice amount to, drawn from the run's seed
        return drawn_dealer(seed, round_index) if rules.flow_first_dealer == "random" else 0


def deal_chunks(order: str, dealer: int) -> list[tuple[int, int]]:
    """The hand-outs of a deal in ``order`` (see :meth:`Flow.deal_order`)."""
    seats = [(dealer + k) % 4 for k in range(4)]
    if order == "one_by_one":
        return [(s, 1) for _ in range(13) for s in seats] + [(dealer, 1)]
    return [(s, 4) for _ in range(3) for s in seats] + [(dealer, 2)] + [(s, 1) for s in seats[1:]]


def drawn_dealer(seed: int, round_index: int) -> int:
    """A dealer drawn from a run's seed for round ``round_index`` (what a lot or the dice
    amount to), from a stream of its own: the wall's is not touched."""
    seq = np.random.SeedSequence(int(seed), spawn_key=(int(round_index), 99))
    return int(np.random.default_rng(seq).integers(4))


def declared(hand_melds: Sequence[Any], labels: dict[int, str]) -> tuple[DeclaredMeld, ...]:
    """The engine's melds as the scorer's, ``from`` in ``labels``."""
    return tuple(scorer_meld(m.kind, m.tiles, labels.get(m.from_seat) if m.from_seat is not None else None)
                 for m in hand_melds)


@functools.lru_cache(maxsize=4096)
def scorer_meld(kind: str, tiles: tuple[int, ...], source: Optional[str] = None) -> DeclaredMeld:
    """One table meld as the scorer and the analyses take it, checked and made once: a
    DeclaredMeld is frozen, and the same few melds come back at every hand the engine
    builds and every analysis an agent asks for."""
    return DeclaredMeld(kind, tiles, source)
