"""Luzhou's round flow (rules/luzhou-flow.md), one scenario per rule, each from a chosen
wall and citing its seed line (seeds/000, L<n>)."""
from __future__ import annotations

from hupai import tiles
from hupai.table import Action, Round
from table_walls import chosen_wall

PASS, WIN = Action("pass"), Action("win")


def D(tile: str) -> Action:
    return Action("discard", (tiles.parse_tile(tile),))


def T(text: str) -> tuple[int, ...]:
    return tuple(tiles.parse_sequence(text))


def _skip_declarations(rnd: Round) -> None:
    while rnd.decision == "declare":
        rnd.step(PASS)


def _round(hands: dict, **kw) -> Round:
    rnd = Round("luzhou", wall=chosen_wall("luzhou", hands, **kw))
    _skip_declarations(rnd)
    return rnd


# three seats waiting on 9p with seven pairs (無鬼: 20 on a discard)
SEVEN_PAIRS_9P = {2: "112233445566s9p", 3: "1122334455669p"}


def test_hard_peng_beats_a_ghost_peng_even_from_farther():
    """硬碰 beats 貼鬼碰, whoever is nearer (L27 "硬碰優先")."""
    rnd = _round({0: "57m13579p2468s139m", 1: "5m46m7z2468p13579s", 2: "55m28m12468p3579s", 3: "1236m379p124689s"})
    rnd.step(D("5m"))
    _skip_declarations(rnd)
    assert rnd.to_act == 1 and Action("peng", T("5m5m7z")) in rnd.legal_actions()
    rnd.step(Action("peng", T("5m5m7z")))
    rnd.step(Action("peng", T("5m5m5m")))
    assert rnd.events[-1] == {"type": "peng", "seat": 2, "from": 0, "tiles": "5m5m5m"}
    assert rnd.to_act == 2 and rnd.decision == "turn"
    assert {a.type for a in rnd.legal_actions()} == {"discard"}        # after a 碰, only a discard


def test_the_nearest_of_several_ghost_pengs_wins():
    """Equal claims go to the seat nearest after the discarder (L27 "由最靠近A玩家的那家優先選")."""
    rnd = _round({0: "57m13579p2468s139m", 1: "5m46m7z2468p13579s", 2: "28m12468p3579s13s", 3: "5m7z236m379p24689s"})
    rnd.step(D("5m"))
    _skip_declarations(rnd)
    rnd.step(Action("peng", T("5m5m7z")))
    rnd.step(Action("peng", T("5m5m7z")))
    assert rnd.events[-1]["seat"] == 1


def test_one_discard_three_winners_and_the_discarder_deals_next():
    """一炮三響 (L21, L135): every seat that declares 胡 wins, each paid by the discarder
    alone; the first win had several winners, so the discarder deals next (L11)."""
    rnd = _round({0: "112233445566m9p8s", 1: "9p289m789s1378p9m9s", **SEVEN_PAIRS_9P}, draws="2m")
    rnd.step(D("8s"))
    _skip_declarations(rnd)
    rnd.step(D("9p"))
    for _ in range(3):
        assert rnd.legal_actions() == [WIN, PASS]
        rnd.step(WIN)
    assert rnd.done and not rnd.exhausted                    # three have won: the round ends at once (L5)
    wins = [e for e in rnd.events if e["type"] == "win"]
    assert [w["seat"] for w in wins] == [2, 3, 0] and all(w["from"] == 1 for w in wins)
    assert [(e.cause, e.seat, [(p.payer, p.payee) for p in e.payments]) for e in rnd.entries] == \
        [("win", 2, [(1, 2)]), ("win", 3, [(1, 3)]), ("win", 0, [(1, 0)])]
    assert rnd.next_dealer == 1


def test_a_self_draw_after_two_wins_is_paid_by_the_one_seat_still_in():
    """Play goes on after a win (L5); a later self-draw is paid only by seats that have
    not won ("已經胡了的不再輸分", L137).  Play resumes after the winner farthest from the
    discarder."""
    rnd = _round({0: "1122334455667m8s", 1: "9p289m789s1378p9m9s", **SEVEN_PAIRS_9P}, draws="2m7m")
    rnd.step(D("8s"))
    _skip_declarations(rnd)
    rnd.step(D("9p"))
    rnd.step(WIN)
    rnd.step(WIN)
    assert not rnd.done and rnd.to_act == 0 and rnd.events[-1] == {"type": "draw", "seat": 0, "tile": "7m"}
    rnd.step(WIN)
    last = rnd.entries[-1]
    assert last.cause == "win" and [(p.payer, p.payee, p.amount) for p in last.payments] == [(1, 0, 40)]
    assert rnd.done and sum(rnd.net) == 0 and rnd.net[1] == -80
    assert rnd.next_dealer == 1          # the first win event had two winners: the discarder deals (L11)


def _guoshui_round(**kw) -> Round:
    rnd = _round({0: "9p135799m2467s135p", 1: "9p8888s2468m1357p", 2: "112233445566s9p", 3: "9p2468m2468p7s1s23m"},
                 draws="6p6p9s", back="4p")
    rnd.step(D("9p"))
    _skip_declarations(rnd)
    rnd.step(PASS)                       # seat 2 passes a 20顆 discard win
    return rnd


def test_guoshui_blocks_an_equal_win_until_the_next_draw():
    """過水 (L57): after passing a discard win, a win of the same value is refused until
    the seat draws again; then it may win on that tile."""
    rnd = _guoshui_round()
    assert {"type": "pass", "seat": 2, "could_win": True} in rnd.events
    rnd.step(D("9p"))                    # seat 1 throws the next 9p: worth the same 20
    assert rnd.to_act == 2 and rnd.decision == "turn"       # no window was offered to seat 2
    rnd.step(D("6p"))                    # seat 2 drew (過水 lifted) and throws it
    assert rnd.to_act == 3
    rnd.step(D("9p"))
    assert rnd.to_act == 2 and rnd.legal_actions() == [WIN, PASS]


def test_guoshui_allows_a_higher_win():
    """升值胡 (L57): a win worth more than the one passed is allowed before the next draw:
    a 杠上炮 pays the whole value (L47, L139)."""
    rnd = _guoshui_round()
    rnd.step(Action("angang", T("8s8s8s8s")))
    assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": "4p", "replacement": True}
    rnd.step(D("9p"))
    assert rnd.to_act == 2 and rnd.legal_actions() == [WIN, PASS]
    rnd.step(WIN)
    win = rnd.entries[-1]
    assert [(p.payer, p.amount, p.reason) for p in win.payments] == [(1, 40, "杠上炮 (L139)")]


def test_a_discarded_ghost_is_dead():
    """A discarded 紅中 cannot be claimed: no 碰, 杠 or 胡 on it; the next seat draws (L19)."""
    rnd = _round({0: "7z1122334455667m", 1: "7z7z2468m13579p13s"}, draws="9s")
    rnd.step(D("7z"))
    _skip_declarations(rnd)
    assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": "9s"}


def test_baopai_is_declared_at_the_start_and_locks_the_hand():
    """報牌 (L125): a non-dealer ready on his dealt 13 declares before play or never; his
    wins are then 報牌, and he only draws and throws the drawn tile, with no 碰."""
    rnd = Round("luzhou", wall=chosen_wall("luzhou", {0: "5m3579m2468p13579s", 1: "112233445566s5m"}, draws="9p"))
    assert rnd.to_act == 1 and rnd.legal_actions() == [Action("declare", (), "baopai"), PASS]
    rnd.step(Action("declare", (), "baopai"))
    _skip_declarations(rnd)
    rnd.step(D("5m"))                    # 5m completes seat 1's seven pairs
    _skip_declarations(rnd)
    assert rnd.to_act == 1 and rnd.legal_actions() == [WIN, PASS]
    while rnd.decision == "respond":
        rnd.step(PASS)
    assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": "9p"}
    assert rnd.legal_actions() == [D("9p")]          # locked: the drawn tile only


def test_a_robbed_bugang_does_not_stand():
    """搶杠 (L43): a 補杠 may be robbed; the kong then does not count and there is no
    replacement draw; the robbed konger pays alone (L139)."""
    rnd = _round({0: "1p13579m2468s3579p", 1: "11p2468m2468s579p", 2: "123m456m789m23p55p", 3: "13579m13579s468p"},
                 draws="8p9s9s1p")
    rnd.step(D("1p"))
    _skip_declarations(rnd)
    while rnd.decision == "respond":
        rnd.step(Action("peng", T("1p1p1p")) if rnd.to_act == 1 else PASS)
    assert rnd.seats[1].melds[0].kind == "peng"
    rnd.step(D("9p"))                    # seat 1 after the 碰
    for tile in ("8p", "9s", "9s"):      # seats 2, 3, 0 draw and throw
        while rnd.decision == "respond":
            rnd.step(PASS)
        rnd.step(D(tile))
    while rnd.decision == "respond":
        rnd.step(PASS)
    assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": "1p"}
    rnd.step(Action("bugang", T("1p1p1p1p")))
    assert rnd.decision == "rob" and rnd.to_act == 2
    rnd.step(WIN)
    win = [e for e in rnd.events if e["type"] == "win"][-1]
    assert win["robbing_kong"] and win["from"] == 1
    assert rnd.seats[1].melds[0].kind == "peng"               # the kong did not count
    assert not any(e.get("replacement") and e["seat"] == 1 for e in rnd.events)
    assert [p.payer for p in rnd.entries[-1].payments] == [1]


def test_exhaust_holds_chajiao_among_the_seats_still_in():
    """At the end of the wall, 查叫 among the unfinished seats (L33, L141), as the
    region's exhaust settles that table; after 黃莊 the dealer stays (L53), otherwise
    the first winner deals, or the discarder of a first multi-win (L11)."""
    from hupai.table import play_round
    checked = 0
    for seed in range(12):
        rnd = play_round("luzhou", seed=seed, agents=["greedy", "random", "greedy", "random"])
        if rnd.exhausted:
            _check_exhaust(rnd)
            checked += 1
    assert checked >= 5


def _check_exhaust(rnd: Round) -> None:
    from hupai.rules import luzhou
    entry = next(e for e in rnd.entries if e.cause == "chajiao")
    table = {"ABCD"[i]: None if s.finished else rnd.hand_of(i) for i, s in enumerate(rnd.seats)}
    expected = luzhou.exhaust(table).ledger
    assert [(p.payer, p.payee, p.amount) for p in entry.payments] == \
        [("ABCD".index(t.payer), "ABCD".index(t.payee), t.amount) for t in expected.transfers]
    first = rnd.win_events[0] if rnd.win_events else None
    if first is None:
        assert rnd.next_dealer == rnd.dealer
    else:
        assert rnd.next_dealer == (first.from_seat if len(first.winners) > 1 else first.winners[0])


def _options(**flags):
    from hupai.rules.luzhou import LuzhouRules
    return LuzhouRules(**flags)


def test_replacements_come_from_the_tail_or_the_front():
    """Replacement draws from the tail (flow §1, L45 silent); option ``front``."""
    hands = {0: "9p135799m2467s135p", 1: "9p8888s2468m1357p", 2: "112233445566s9p", 3: "9p2468m2468p7s1s23m"}
    for source, tile in (("tail", "4p"), ("front", "3s")):
        rules = _options(flow_replacement_source=source)
        rnd = Round("luzhou", rules, wall=chosen_wall("luzhou", hands, draws="6p3s", back="4p"))
        _skip_declarations(rnd)
        rnd.step(D("9p"))
        _skip_declarations(rnd)
        rnd.step(PASS)
        rnd.step(Action("angang", T("8s8s8s8s")))
        assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": tile, "replacement": True}


def test_play_goes_on_after_the_winner_or_the_discarder():
    """After a win play resumes after the winner (flow §7.2, default); option
    ``after_discarder`` resumes after the discarder."""
    hands = {0: "9p135799m2467s135p", 1: "2468m1357p13579s", 2: "112233445566s9p", 3: "2468m24568p7s1s23m"}
    for option, next_seat in (("after_last_winner", 3), ("after_discarder", 1)):
        rnd = Round("luzhou", _options(flow_next_after_win=option), wall=chosen_wall("luzhou", hands))
        _skip_declarations(rnd)
        rnd.step(D("9p"))
        _skip_declarations(rnd)
        rnd.step(WIN)
        assert rnd.events[-1]["type"] == "draw" and rnd.events[-1]["seat"] == next_seat


def test_a_winners_hand_is_shown_unless_hidden():
    """A declared win is shown (L29; flow_winner_hand ``revealed``); option ``hidden``."""
    hands = {0: "9p135799m2467s135p", 1: "2468m1357p13579s", 2: "112233445566s9p", 3: "2468m24568p7s1s23m"}
    for option, shown in (("revealed", True), ("hidden", False)):
        rnd = Round("luzhou", _options(flow_winner_hand=option), wall=chosen_wall("luzhou", hands))
        _skip_declarations(rnd)
        rnd.step(D("9p"))
        _skip_declarations(rnd)
        rnd.step(WIN)
        view = rnd.observe(rnd.to_act).to_dict()
        assert (view["revealed"][2] == "9p1s1s2s2s3s3s4s4s5s5s6s6s") == shown
        assert view["revealed"][rnd.to_act] is None


def test_baopai_without_the_lock():
    """luzhou_flow_baopai_lock ``none``: a 報牌 seat may still discard any tile."""
    rnd = Round("luzhou", _options(flow_baopai_lock="none"),
                wall=chosen_wall("luzhou", {0: "5m3579m2468p13579s", 1: "112233445566s5m"}, draws="9p"))
    rnd.step(Action("declare", (), "baopai"))
    _skip_declarations(rnd)
    rnd.step(D("5m"))
    _skip_declarations(rnd)
    rnd.step(PASS)
    while rnd.decision == "respond":
        rnd.step(PASS)
    assert rnd.events[-1] == {"type": "draw", "seat": 1, "tile": "9p"}
    assert len([a for a in rnd.legal_actions() if a.type == "discard"]) == 8


def test_xiqian_is_settled_at_the_end_with_the_three_others():
    """喜錢 (8 ghosts, L129): a seat that received five ghosts in the round settles with
    each of the three others, won or not; 玩法二 makes a seat that did not win pay."""
    from hupai.rules import luzhou
    from hupai.table import play_round
    found = 0
    for mode in ("mode1_linear", "mode2"):
        rules = _options(ghost_count=8, xiqian_mode=mode)
        for i in range(40):
            rnd = play_round("luzhou", rules, seed=3, round_index=i, agents=["greedy"] * 4)
            for e in rnd.entries:
                if e.cause != "xiqian":
                    continue
                s = rnd.seats[e.seat]
                assert s.received.count(tiles.RED) >= 5 and len(e.payments) == 3
                collects = s.finished or mode != "mode2"
                assert all((p.payee if collects else p.payer) == e.seat for p in e.payments)
                if collects:
                    amount = luzhou.xiqian_collected("A", ["B"], s.received.count(tiles.RED), rules).transfers[0]
                    assert all(p.amount == amount.amount for p in e.payments)
                found += 1
    assert found >= 3


def test_xiqian_counts_ghosts_held_at_the_end_under_held_at_end():
    """luzhou_flow_xiqian_count: 喜錢 (L129) counts every ghost a seat received, a
    discarded one too ("摸到", dealt_and_drawn); under held_at_end only those in its hand
    at the end.  Seat 1 is dealt five 紅中 beside all three suits (a 花豬 that cannot win,
    L35), throws one 紅中 away (a dead discard, L19), then every tile it draws."""
    hands = {0: "1m2m3m4m5m6m7m8m9m1p2p3p4p5p", 1: "7z7z7z7z7z1m9m1p9p1s5s9s3m"}
    paid = {}
    for count in ("dealt_and_drawn", "held_at_end"):
        rules = _options(ghost_count=8, flow_xiqian_count=count)
        rnd = Round("luzhou", rules, wall=chosen_wall("luzhou", hands, rules=rules))
        thrown = False
        while not rnd.done:
            legal = rnd.legal_actions()
            if rnd.to_act == 1 and not thrown and D("7z") in legal:
                rnd.step(D("7z"))
                thrown = True
            elif PASS in legal:
                rnd.step(PASS)
            else:
                drawn = rnd.seats[rnd.to_act].last_draw
                rnd.step(D(tiles.tile_name(drawn)) if drawn is not None else legal[-1])
        held = rnd.seats[1].concealed[tiles.RED] + sum(m.tiles.count(tiles.RED) for m in rnd.seats[1].melds)
        assert thrown and rnd.seats[1].received.count(tiles.RED) == 5 and held == 4
        paid[count] = [e for e in rnd.entries if e.cause == "xiqian" and e.seat == 1]
        assert sum(rnd.net) == 0
    assert len(paid["dealt_and_drawn"]) == 1 and len(paid["dealt_and_drawn"][0].payments) == 3
    assert paid["held_at_end"] == []


def test_a_kong_let_pass_is_gone_under_kong_timing_at_once():
    """luzhou_flow_kong_timing: a 內杠 (L37) may wait for any later own turn (any_time,
    L41, L43); under at_once it is made at the first decision that offers it, or never.
    The dealer holds four 5m from the deal and discards instead; a go-round later the
    內杠 is offered again under any_time only; the round still settles zero-sum and
    replays."""
    from hupai.table.record import replay
    hands = {0: "5m5m5m5m1p2p3p7p8p9p2s4s6s8s"}
    for timing, offered_again in (("any_time", True), ("at_once", False)):
        rules = _options(flow_kong_timing=timing)
        rnd = Round("luzhou", rules, wall=chosen_wall("luzhou", hands, rules=rules))
        _skip_declarations(rnd)
        angang = Action("angang", T("5m5m5m5m"))
        assert angang in rnd.legal_actions()
        rnd.step(D("8s"))
        while not (rnd.to_act == 0 and rnd.decision == "turn"):
            legal = rnd.legal_actions()
            rnd.step(PASS if PASS in legal else D(tiles.tile_name(rnd.seats[rnd.to_act].last_draw)))
        assert (angang in rnd.legal_actions()) == offered_again
        while not rnd.done:
            legal = rnd.legal_actions()
            drawn = rnd.seats[rnd.to_act].last_draw
            rnd.step(PASS if PASS in legal else D(tiles.tile_name(drawn)) if drawn is not None else legal[-1])
        assert sum(rnd.net) == 0 and replay(rnd.record()).record() == rnd.record()
