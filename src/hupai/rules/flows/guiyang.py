"""Guiyang's round flow (rules/guiyang-flow.md; seed 002, lines L<n>; the defaults of
§12 follow 篇二, v2): 108 suited tiles and no 吃; 报听 right after the first discard and
the frozen hand it makes; 杀报, 热炮 and 过水; every claimant of a discard or a robbed
转弯豆 wins; at the end of a won round the chicken flip, then the table's 豆 and 鸡; at
黄庄 查叫 only.  The first win ends the round."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Optional, Sequence

import numpy as np

from ... import tiles
from .. import guiyang
from ..ledger import Ledger, Transfer
from ..model import ANGANG, BUGANG, MINGGANG, DeclaredMeld, Hand
from ..result import ExhaustResult, ScoreResult
from ..situation import Situation
from .base import DealOptions, LABELS, WinContext, declared, table_labels

if TYPE_CHECKING:
    from ...table.round import Round

__all__ = ["GuiyangFlow", "FLOW", "turn_kongs"]

BAOTING: Final = "baoting"
_KONG_EVENTS: Final = (ANGANG, BUGANG, MINGGANG)
_DOU_REASON: Final = {ANGANG: "闷豆 (L177-180)", BUGANG: "转弯豆 (L181-184)", MINGGANG: "点豆 (L173-176)"}
#: what the robbed konger loses beyond the robbed kong, per write-up (flow §6)
_ROBBED_VOID_BY_TABLE: Final = {"v1": "yifei", "v2": "kong_only", "v3": "kong_only"}
_EXHAUST_DEALER_BY_TABLE: Final = {"v1": "stays", "v2": "stays", "v3": "by_ready"}


class _Voids(NamedTuple):
    """What a won round takes from whom (flow §6): ``barred`` seats receive nothing, neither
    豆 nor 鸡 (一废全废); ``no_dou`` seats none of their 豆; ``kongs`` single kongs
    (seat, tile kind) that earn nothing."""

    barred: frozenset[int] = frozenset()
    no_dou: frozenset[int] = frozenset()
    kongs: frozenset[tuple[int, int]] = frozenset()


class GuiyangFlow(DealOptions):
    """The flow defaults of guiyang-flow.md §12 and the ``guiyang_flow_*`` options
    docs/rules/guiyang.md lists as implemented."""

    def kong_min_live(self, rules: Any) -> int:
        # a kong needs its replacement tile (forbid); no_replacement lets it stand on an
        # empty wall, which then ends the round
        return 0 if rules.flow_kong_empty_wall == "no_replacement" else 1

    def tile_set(self, rules: Any) -> list[int]:
        # 1-9 万/筒/条 ×4, no honours, flowers or wildcards (L17, L110, L316)
        return [t for t in range(tiles.HONORS) for _ in range(4)]

    def angang_public(self, rules: Any) -> bool:
        # a 闷豆 lies two tiles up (v4 L334): its kind is public unless angang_reveal hidden
        return bool(rules.flow_angang_reveal == "kind")

    # ---------------------------------------------------------------- 报听 and its lock

    def locked(self, rnd: "Round", seat: int) -> bool:
        # 报听 freezes the hand: "不得换牌" (L93), "不能修改手上的牌型" (L169)
        return rnd.seats[seat].declared == BAOTING

    def kongs_after_claim(self, rules: Any) -> bool:
        return bool(rules.flow_after_peng == "kong_allowed")

    def replacement_from_back(self, rules: Any) -> bool:
        # no write-up says where a replacement comes from: the tail (flow default)
        return bool(rules.flow_replacement_source == "tail")

    def last_discard_claims(self, rules: Any) -> bool:
        # "所有牌都被摸完" ends the round (L72, L197): the last discard may only be won,
        # unless any (a 碰 too, whose discard is answered again)
        return bool(rules.flow_last_discard_claims == "any")

    def opening_declarations(self, rnd: "Round", seat: int) -> list[str]:
        # 原手报听: a non-dealer whose dealt 13 are ready (L95), only under yuanshou
        if rnd.rules.flow_baoting_window != "yuanshou":
            return []
        return [BAOTING] if self._ready13(rnd, seat) else []

    def discard_declarations(self, rnd: "Round", seat: int) -> list[str]:
        # right after the seat's first discard, before anyone answers it, with no meld
        # yet (a 碰 or kong first closes it: "立即") and 13 ready tiles (L93, L167-169)
        s = rnd.seats[seat]
        if rnd.rules.flow_baoting_window != "first_discard" or s.declared or s.melds or len(s.discards) != 1:
            return []
        return [BAOTING] if self._ready13(rnd, seat) else []

    def _ready13(self, rnd: "Round", seat: int) -> bool:
        """The seat's 13 concealed tiles are ready: the kernel's waits (``wait_mask``, a
        superset of the scorer's) are asked first, so most hands are never scored."""
        return bool(self.wait_mask(rnd, seat)) and _ready(rnd, seat, rnd.hand_of(seat))

    def angang_options(self, rnd: "Round", seat: int) -> list[tuple[int, ...]]:
        if not self.locked(rnd, seat):
            return super().angang_options(rnd, seat)
        # a 报听 seat's 闷豆: its fourth tile is the one just drawn and its waits stay (flow §4)
        t = rnd.seats[seat].last_draw
        if t is None or rnd.seats[seat].concealed[t] != 4 or not _waits_kept(rnd, seat, t, 4):
            return []
        return [(t,) * 4]

    def follows_choices(self, rules: Any) -> bool:
        # 篇四 (kong_timing at_once): "必须即时闷，有闷不闷，再闷的时候就不算豆（杠钱），只算通行证"
        # (L325-329), 转弯豆 and 点豆 alike ("不可先碰后杠"): the kong chances let pass
        # are recorded (Flow.on_choice), and a later kong of their kind earns no 豆 (_voids)
        return bool(rules.flow_kong_timing == "at_once")

    def minggang_allowed(self, rnd: "Round", seat: int, tile: int) -> bool:
        # 点豆 (L173-175); a 报听 seat's only if its waits stay (flow §4, §5.1)
        if rnd.seats[seat].concealed[tile] != 3:
            return False
        return not self.locked(rnd, seat) or _waits_kept(rnd, seat, tile, 3)

    # ---------------------------------------------------------------- wins

    def situation(self, rnd: "Round", ctx: WinContext, labels: dict[int, str]) -> Situation:
        kongs = turn_kongs(rnd, ctx.from_seat) if ctx.source == "discard" and ctx.from_seat is not None else []
        shabao = _shabao(rnd, ctx)
        # 平胡 on a discard needs a 豆 of its own unless 热炮, 抢杠, 杀报 or 报听: the scorer
        # reads that from the melds and these facts (L132, L169, L171, L188, L194)
        return Situation(ctx.tile, self_draw=ctx.self_draw, after_kong=ctx.source == "replacement",
                         robbing_kong=ctx.source == "rob", declared_ready=_declared_ready(rnd, ctx),
                         dealer=ctx.seat == rnd.dealer, re_pao=bool(kongs),
                         re_pao_kong=kongs[-1][0] if kongs else None, shabao=shabao,
                         flip=_chicken_tile(rnd), payment_scope=("hand",),
                         passed_since_draw=_guoshui(rnd, ctx, shabao))

    def declined_win(self, rnd: "Round", ctx: WinContext, result: ScoreResult) -> None:
        # 过水 (L215-218, baopai_mode block_win): no discard or robbed-kong win until the
        # seat's own next draw, which the base on_draw lifts
        rnd.seats[ctx.seat].passed_win = True

    def every_robber_wins(self, rules: Any) -> bool:
        # 一炮多响 (L219-221) and every robber (L331, L360); first_only keeps one robber
        return bool(rules.flow_multirob == "all")

    def win_labels(self, rnd: "Round", ctx: WinContext) -> dict[int, str]:
        # on a self-draw the 报听 loser is A: he pays the 杀报 amount more (L172, digest C4)
        if ctx.self_draw:
            baoting = _baoting_losers(rnd, ctx.seat)
            if baoting:
                ctx = ctx._replace(from_seat=baoting[0])
        return super().win_labels(rnd, ctx)

    def win_payments(self, rnd: "Round", ctx: WinContext, result: ScoreResult,
                     labels: dict[int, str]) -> Ledger:
        # the scorer charges one 报听 loser (A) the 杀报 extra of a self-draw; a second or
        # third 报听 loser pays it too (L172: every 报听 player "按10番给")
        ledger = result.ledger
        more = [labels[o] for o in _baoting_losers(rnd, ctx.seat)[1:]] if ctx.self_draw else []
        extra = sum(t.amount for t in ledger.transfers if t.payer == "A") - result.value
        if not more or not extra:
            return ledger
        return Ledger.of(Transfer(t.payer, t.payee, t.amount + (extra if t.payer in more else 0), t.reason)
                         for t in ledger.transfers)

    # ---------------------------------------------------------------- the end

    def exhaust(self, rnd: "Round") -> ExhaustResult:
        # 黄庄查叫 (L196-204): the scorer's exhaust; its next dealer is the dealer (stays)
        result = super().exhaust(rnd)
        rule = rnd.rules.flow_exhaust_dealer
        if rule == "by_table":
            rule = _EXHAUST_DEALER_BY_TABLE[rnd.rules.value_table]
        if rule == "stays":
            return result
        ready = [result.ready.get(LABELS[i], False) for i in range(4)]
        return dataclasses.replace(result, next_dealer=LABELS[_dealer_by_ready(rnd.dealer, ready)])

    def exhaust_cause(self, rnd: "Round") -> str:
        return "chajiao"

    def end_ledgers(self, rnd: "Round") -> list[tuple[str, Optional[int], Ledger]]:
        # 黄庄: all 豆 void, nothing flipped, no 鸡 (L72, L198, L353); only 跟张
        if rnd.exhausted or not rnd.win_events:
            return _genzhang(rnd)
        # the flip: once, after the win(s), if tiles remain (L206-207); none on the last tile (L347-348)
        flip = rnd.flip("chicken") if rnd.live > 0 else None
        hands = [_final_hand(rnd, i) for i in range(4)]
        ready = [_ready(rnd, i, hands[i]) for i in range(4)]
        voids = _voids(rnd)
        return _dou_ledgers(rnd, ready, voids) + _chicken_ledgers(rnd, hands, ready, flip, voids) + _genzhang(rnd)

    def next_dealer(self, rnd: "Round") -> int:
        # §10: the winner (L24, L321); two winners: the first after the discarder (L321
        # "一炮两响时,第一个胡牌的当庄"); three: the discarder (L309, L321)
        if not rnd.win_events:
            return rnd.dealer
        event = rnd.win_events[0]
        if len(event.winners) == 1 or event.from_seat is None:
            return event.winners[0]
        if len(event.winners) == 2 and rnd.rules.flow_multiwin_dealer == "by_count":
            return event.winners[0]
        return event.from_seat


# -------------------------------------------------------------------- hands and readiness


def _hand(rnd: "Round", seat: int, counts: bytearray, melds: Sequence[DeclaredMeld] = ()) -> Hand:
    """The seat's hand with these concealed counts, its melds (``from`` in table labels)
    and ``melds`` more."""
    own = declared(rnd.seats[seat].melds, table_labels(rnd))
    return guiyang.make_hand(np.frombuffer(bytes(counts), dtype=np.uint8), own + tuple(melds))


def _final_hand(rnd: "Round", seat: int) -> Hand:
    """The seat's 13 tiles at the end (flow §7 step 3): a self-drawn winner without his
    winning tile, the discarder after his discard, the robbed konger without the robbed tile."""
    s = rnd.seats[seat]
    counts = bytearray(s.concealed)
    if s.win_tile is not None and sum(counts) + 3 * len(s.melds) == 14:
        counts[s.win_tile] -= 1
    return _hand(rnd, seat, counts)


def _ready(rnd: "Round", seat: int, hand: Hand) -> bool:
    """Ready (叫牌, FORMAT §6.3): a winner is, a 报听 seat is (flow §7), else its 13 tiles."""
    s = rnd.seats[seat]
    return s.finished or s.declared == BAOTING or guiyang.ready(hand, rnd.rules).ready


def _waits(rnd: "Round", seat: int, counts: bytearray, melds: Sequence[DeclaredMeld] = ()) -> tuple[int, ...]:
    return guiyang.ready(_hand(rnd, seat, counts, melds), rnd.rules).waits


def _waits_kept(rnd: "Round", seat: int, tile: int, held: int) -> bool:
    """A 报听 seat's kong of ``tile`` (``held`` copies in hand: 4 for a 闷豆 of the tile
    just drawn, 3 for a 点豆) leaves its waits as they were (baoting_kongs
    wait_preserving, flow §4); the kong's kind does not change the waits."""
    if rnd.rules.flow_baoting_kongs != "wait_preserving":
        return False
    before = bytearray(rnd.seats[seat].concealed)
    if held == 4:
        before[tile] -= 1            # the 13 tiles before this draw
    after = bytearray(rnd.seats[seat].concealed)
    after[tile] -= held
    return _waits(rnd, seat, before) == _waits(rnd, seat, after, (DeclaredMeld(ANGANG, (tile,) * 4),))


# -------------------------------------------------------------------- facts of a win


def turn_kongs(rnd: "Round", seat: int) -> list[tuple[str, int]]:
    """(kind, tile) of the kongs ``seat`` made in the turn its last discard ended, in the
    order made: the 点豆 that opened the turn, or the 闷豆 and 转弯豆 since its draw or
    since the 碰 that opened it (热炮, L185-187: "所成豆后出的牌")."""
    out: list[tuple[str, int]] = []
    found = False
    for e in rnd.events[::-1]:      # (reversed() of this list stops mypyc 2.4.1)
        if e.get("seat") != seat:
            continue
        kind = e["type"]
        if kind == "discard":
            if found:
                break
            found = True
        elif not found:
            continue
        elif kind in _KONG_EVENTS and not e.get("lapsed"):
            out.append((kind, tiles.parse_sequence(e["tiles"])[0]))
            if kind == MINGGANG:
                break
        elif kind in ("peng", "deal") or (kind == "draw" and not e.get("replacement")):
            break
    return out[::-1]


def _declared_ready(rnd: "Round", ctx: WinContext) -> bool:
    # under yuanshou the dealer's dealt win (天胡) counts as 报听 (L95 "庄家天湖")
    return rnd.seats[ctx.seat].declared == BAOTING or \
        (ctx.source == "dealt" and rnd.rules.flow_baoting_window == "yuanshou")


def _baoting_losers(rnd: "Round", winner: int) -> list[int]:
    """The other seats that declared 报听, in turn order after the winner."""
    return [o for o in ((winner + k) % 4 for k in (1, 2, 3)) if rnd.seats[o].declared == BAOTING]


def _shabao(rnd: "Round", ctx: WinContext) -> bool:
    """杀报 (L170-172): a discard by a 报听 seat (the declaring discard too, unless
    shabao_on_declaring_discard is false); on a self-draw, a 报听 loser (A) pays more."""
    if ctx.self_draw:
        return bool(_baoting_losers(rnd, ctx.seat))
    if ctx.source != "discard" or ctx.from_seat is None:
        return False
    s = rnd.seats[ctx.from_seat]
    if s.declared != BAOTING:
        return False
    declaring = rnd.rules.flow_baoting_window == "first_discard" and len(s.discards) == 1
    return rnd.rules.flow_shabao_on_declaring_discard or not declaring


def _guoshui(rnd: "Round", ctx: WinContext, shabao: bool) -> bool:
    """过水: the seat declined a win since its draw (the scorer then refuses a discard or
    robbed-kong win, L215-218); a 杀报 discard may be won "任何时候" (L171-172)."""
    if ctx.self_draw or not rnd.seats[ctx.seat].passed_win:
        return False
    return not (shabao and rnd.rules.flow_shabao_overrides_guoshui)


def _chicken_tile(rnd: "Round") -> Optional[int]:
    """The tile the flip turns over if the round ends now (the front of the live wall,
    L206-207), None on the last tile (L347-348)."""
    return rnd.wall.tiles[rnd.wall.front] if rnd.live > 0 else None


def _dealer_by_ready(dealer: int, ready: Sequence[bool]) -> int:
    """黄庄 by_ready (L291-300, L321): nobody or everybody ready, the dealer stays; one
    seat not ready, it deals; else the dealer if ready, or the nearest ready seat after him."""
    not_ready = [i for i in range(4) if not ready[i]]
    if len(not_ready) in (0, 4):
        return dealer
    if len(not_ready) == 1:
        return not_ready[0]
    return next((dealer + k) % 4 for k in range(4) if ready[(dealer + k) % 4])


# -------------------------------------------------------------------- 豆 (G2)


def _voids(rnd: "Round") -> _Voids:
    """The voids of flow §6 for the round's win event."""
    event = rnd.win_events[0]
    rules = rnd.rules
    barred: set[int] = set()
    no_dou: set[int] = set()
    kongs: set[tuple[int, int]] = set()
    loser = event.from_seat
    if event.source == "discard" and loser is not None:
        hot = turn_kongs(rnd, loser)      # 热炮 (L185-187)
        if hot and rules.repao_mode in ("plus1", "by_kong_type"):
            kongs |= {(loser, t) for _, t in (hot if rules.flow_repao_scope == "turn" else hot[-1:])}
        elif hot and rules.repao_mode == "yifei":
            barred.add(loser)             # 一废全废 (L63-64)
        elif hot:
            no_dou.add(loser)             # 烧豆 (L332)
    if event.source == "rob" and loser is not None:
        rule = rules.flow_robbed_void
        if rule == "by_table":
            rule = _ROBBED_VOID_BY_TABLE[rules.value_table]
        if rule == "yifei":
            barred.add(loser)             # L68
        elif rule == "all_dou":
            no_dou.add(loser)             # L330
    if len(event.winners) == 3 and loser is not None and rules.flow_multiwin_discarder_dou == "void":
        no_dou.add(loser)                 # 一炮三响 (L331, L333, L356)
    # 通行证 kongs (L325-329): no 豆 money for a kind whose chance was let pass
    kongs |= {(seat, tiles[-1]) for seat, _, tiles in rnd.flow.kongs_let_pass(rnd)}
    return _Voids(frozenset(barred), frozenset(no_dou), frozenset(kongs))


def _kongs_in_order(rnd: "Round") -> list[tuple[int, Any]]:
    """(seat, meld) of every kong that stands, in the order made (a robbed 转弯豆 stays a
    碰: it never existed, L68, L192)."""
    return [(seat, rnd.seats[seat].melds[index]) for seat, index in rnd.kongs]


def _kong_dou(seat: int, meld: Any, rules: Any) -> Ledger:
    """One kong's 豆 (digest §2): 闷豆 and 转弯豆 from each other seat, 点豆 from its feeder."""
    payers = [meld.from_seat] if meld.kind == MINGGANG else [o for o in range(4) if o != seat]
    amount = rules.table.dou[meld.kind]
    return Ledger.of(Transfer(LABELS[p], LABELS[seat], amount, _DOU_REASON[meld.kind]) for p in payers)


def _dou_ledgers(rnd: "Round", ready: Sequence[bool], voids: _Voids) -> list[tuple[str, Optional[int], Ledger]]:
    """G2: one ledger per kong, in the order made, to an owner who won or is ready
    ("“豆”通常要叫牌后才可收钱", L62), less the voids."""
    out: list[tuple[str, Optional[int], Ledger]] = []
    for seat, meld in _kongs_in_order(rnd):
        if rnd.rules.dou_requires_ready and not ready[seat]:
            continue
        if seat in voids.barred or seat in voids.no_dou or (seat, meld.tiles[0]) in voids.kongs:
            continue
        out.append(("dou", seat, _kong_dou(seat, meld, rnd.rules)))
    return out


# -------------------------------------------------------------------- 鸡 (G3)


def _unclaimed(rnd: "Round", seat: int) -> list[int]:
    s = rnd.seats[seat]
    return [t for t, taken in zip(s.discards, s.claimed) if not taken]


def _first_yaoji(rnd: "Round") -> Optional[int]:
    """The index in the discard log of the round's first discarded 1条, or None."""
    return next((i for i, (_, t) in enumerate(rnd.discard_log) if t == guiyang.YAOJI), None)


def _claimed_log(rnd: "Round") -> list[bool]:
    """Whether each discard of the log was claimed (碰, 点豆 or a win)."""
    seen = [0, 0, 0, 0]
    out = []
    for seat, _ in rnd.discard_log:
        out.append(rnd.seats[seat].claimed[seen[seat]])
        seen[seat] += 1
    return out


def _claimer(rnd: "Round", index: int) -> int:
    """The seat that claimed discard ``index`` of the log (the first claim or win on it)."""
    discards = [i for i, e in enumerate(rnd.events) if e["type"] == "discard"]
    seat = rnd.discard_log[index][0]
    return next(e["seat"] for e in rnd.events[discards[index] + 1:]
                if e["type"] in ("peng", MINGGANG, "win") and e.get("from") == seat and not e.get("lapsed"))


def _yaoji_holders(rnd: "Round") -> tuple[Optional[int], Optional[int]]:
    """(英雄鸡, 冲锋鸡): the holder of the first discarded 1条 (its discarder, or whoever
    claimed it, L89) and its discarder if nobody claimed it (L335, L340)."""
    first = _first_yaoji(rnd)
    if first is None:
        return None, None
    discarder = rnd.discard_log[first][0]
    if _claimed_log(rnd)[first]:
        return _claimer(rnd, first), None
    return discarder, discarder


def _chicken_ledgers(rnd: "Round", hands: Sequence[Hand], ready: Sequence[bool], flip: Optional[int],
                     voids: _Voids) -> list[tuple[str, Optional[int], Ledger]]:
    """G3 (L205-214): the scorer's chicken_settlement of the table, one ledger per seat
    collecting, in turn order from the dealer; a barred seat collects nothing."""
    rules = rnd.rules
    collects = [r or not rules.flow_chicken_requires_ready for r in ready]
    hero, chongfeng = _yaoji_holders(rnd)
    ledger = guiyang.chicken_settlement(
        {LABELS[i]: hands[i] for i in range(4)}, {LABELS[i]: collects[i] for i in range(4)}, flip, rules,
        discards={LABELS[i]: _unclaimed(rnd, i) for i in range(4)},
        hero=None if hero is None else LABELS[hero], chongfeng=None if chongfeng is None else LABELS[chongfeng])
    ledger += _win_tile_chickens(rnd, hands, flip)
    out: list[tuple[str, Optional[int], Ledger]] = []
    for seat in ((rnd.dealer + k) % 4 for k in range(4)):
        if seat in voids.barred:
            continue
        mine = Ledger.of(t for t in ledger.transfers if t.payee == LABELS[seat]).merged()
        if mine.transfers:
            out.append(("chicken", seat, mine))
    return out


def _win_tile_chickens(rnd: "Round", hands: Sequence[Hand], flip: Optional[int]) -> Ledger:
    """Each winner's winning tile as a 鸡 of his (L208).  It is passed apart from the
    hands because the winners of one discard share one physical tile, which the table's
    copy check would count once per winner."""
    transfers = []
    for seat, s in enumerate(rnd.seats):
        if s.win_tile is None:
            continue
        n = guiyang.chickens(hands[seat], s.win_tile, flip, rnd.rules) - \
            guiyang.chickens(hands[seat], None, flip, rnd.rules)
        amount = n * rnd.rules.table.chicken
        transfers += [Transfer(LABELS[o], LABELS[seat], amount, guiyang.chicken_reason("鸡"))
                      for o in range(4) if o != seat]
    return Ledger.of(transfers)


# -------------------------------------------------------------------- 跟张 (G4)


def _followed(rnd: "Round", i: int, claimed: Sequence[bool]) -> bool:
    """Discard ``i`` is the dealer's and the next three, by the three others in turn,
    are the same tile, with no claim in between (L100)."""
    log, d = rnd.discard_log, rnd.dealer
    if i + 4 > len(log):
        return False
    return all(log[i + k] == ((d + k) % 4, log[i][1]) for k in range(4)) and not any(claimed[i:i + 3])


def _genzhang(rnd: "Round") -> list[tuple[str, Optional[int], Ledger]]:
    """G4 (guiyang_genzhang on, L99-101): the dealer pays each other seat when his first
    discard is followed by all three; under genzhang_repeat doubling each later one
    followed the same way doubles it."""
    rules = rnd.rules
    if rules.genzhang != "on":
        return []
    claimed = _claimed_log(rnd)
    follows = int(_followed(rnd, 0, claimed))
    if follows and rules.flow_genzhang_repeat == "doubling":
        follows += sum(1 for i in range(1, len(rnd.discard_log))
                       if rnd.discard_log[i][0] == rnd.dealer and _followed(rnd, i, claimed))
    d = rnd.dealer
    ledger = guiyang.genzhang_settlement(LABELS[d], [LABELS[o] for o in range(4) if o != d], follows, rules)
    return [("genzhang", d, ledger)] if ledger.transfers else []


FLOW = GuiyangFlow()
