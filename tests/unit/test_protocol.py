"""Outside bots over hupai-bot/1 (docs/protocol.md): what a seat sees of the events
(nothing hidden), the example bot playing whole rounds of every region, the exchange
as documented, and bots that crash, stall, answer garbage or an action not offered,
or die at the start: each an incident, the round finished by the fallback, recorded,
settled, replayed, and the next round played by the bot again."""
from __future__ import annotations

import copy
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from hupai import tiles
from hupai.protocol import INCIDENT_KINDS, PROTOCOL, CommandAgent, decode, encode
from hupai.rules import REGIONS
from hupai.table import Action, Match, Round, play, play_round, replay
from hupai.table.agents import GreedyAgent, RandomAgent, agent_seed
from hupai.table.record import options_of
from table_walls import hidden_permuted

ROOT = Path(__file__).resolve().parents[2]
MY_BOT = ROOT / "examples" / "my_bot.py"
REGION_NAMES = sorted(REGIONS)

#: The fields of every message, as docs/protocol.md describes them.
ENGINE_FIELDS = {
    "hello": {"type", "protocol", "timeout"},
    "start_round": {"type", "seat", "region", "options", "seed", "round", "dealer", "scores", "jokers", "events"},
    "request": {"type", "events", "decision", "legal"},
    "end_round": {"type", "events", "settlement", "net", "scores", "next_dealer"},
    "bye": {"type"},
}

# A bot that misbehaves once: MODE at its AFTER-th request (crash, stall, garbage,
# illegal, extra) or at its hello (exit, badhello); a MARKER file makes the modes that
# stop it happen only in its first process.  Otherwise it answers the last legal action.
FAULTY = r'''
import json, os, sys, time
mode, after, marker = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def first_time():
    if os.path.exists(marker):
        return False
    open(marker, "w").close()
    return True

def say(message):
    print(json.dumps(message), flush=True)

asked = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if mode == "exit" and first_time():
            sys.exit(3)
        say({"type": "hi"} if mode == "badhello" and first_time() else {"type": "hello", "name": "faulty"})
    elif message["type"] == "request":
        asked += 1
        if asked == after and (mode in ("garbage", "illegal", "extra") or first_time()):
            if mode == "crash":
                sys.exit(1)
            if mode == "stall":
                time.sleep(60)
            if mode == "garbage":
                print("{not json", flush=True)
                continue
            if mode == "illegal":
                say({"type": "declare", "what": "nothing"})
                continue
            if mode == "extra":
                say(dict(message["legal"][-1], seat=0))
                continue
        say(message["legal"][-1])
    elif message["type"] == "bye":
        break
'''


def _my_bot(*args: str, **kw) -> CommandAgent:
    return CommandAgent([sys.executable, str(MY_BOT), *args], **kw)


# ---------------------------------------------------------------- what a seat sees


@pytest.mark.parametrize("region", REGION_NAMES)
def test_the_deal_shows_a_seat_only_its_own_tiles(region):
    for seed in range(10):
        for seat in range(4):
            a, b = hidden_permuted(region, seed, seat)
            assert a.events != b.events
            seen = a.observe(seat).events()
            assert seen == b.observe(seat).events()
            for e in seen:
                if e["type"] == "deal":
                    assert ("tiles" in e) == (e["seat"] == seat) and ("count" in e) != (e["seat"] == seat)


class _Highest:
    """Throws the highest tile it may and passes on everything else: what it does
    depends only on the tiles it holds, never on the order they came in."""

    def act(self, observation, legal_actions):
        discards = [a for a in legal_actions if a.type == "discard"]
        if discards:
            return max(discards, key=lambda a: a.tile)
        return next((a for a in legal_actions if a.type == "pass"), legal_actions[0])


def _first_draws_swapped(region: str, seed: int) -> tuple[Round, list[int]]:
    """A round and the wall where each seat but the dealer (0) is dealt its first draw
    instead of its first dealt tile, and draws that tile instead."""
    rnd = Round(region, seed=seed)
    wall = list(rnd.wall.tiles)
    first_dealt: dict[int, int] = {}
    pos = 0
    for s, n in rnd.flow.deal_chunks(rnd.rules, rnd.dealer):
        first_dealt.setdefault(s, pos)
        pos += n
    pos += sum(1 for e in rnd.events if e["type"] == "flip" and not e.get("back"))
    for k in (1, 2, 3):
        wall[first_dealt[k]], wall[pos + k - 1] = wall[pos + k - 1], wall[first_dealt[k]]
    return rnd, wall


@pytest.mark.parametrize("region", REGION_NAMES)
def test_a_whole_round_shows_a_seat_nothing_hidden(region):
    """Seats 1-3 get their first draw dealt and their first dealt tile drawn: the
    hands are the same from their first draws on, the deals and draws differ, and
    seat 0 sees the same round."""
    compared = 0
    for seed in range(12):
        a, wall = _first_draws_swapped(region, seed)
        b = Round(region, wall=wall)
        play(a, [_Highest()] * 4)
        play(b, [_Highest()] * 4)
        if [e for e in a.events if e["type"] == "discard"] != [e for e in b.events if e["type"] == "discard"]:
            continue             # a first go-around with a kong or a claim: not this test's case
        if a.events == b.events:
            continue             # the swapped tiles were the same
        assert a.observe(0).events() == b.observe(0).events()
        compared += 1
    assert compared >= 6


def _round_with(region: str, want, flags=None, agents=None, seeds=range(300)) -> Round:
    """The first round of ``region`` (its rules with ``flags``) with an event ``want``
    is true of."""
    rules = REGIONS[region].Rules(**(flags or {}))
    for seed in seeds:
        rnd = play_round(region, rules, seed=seed, agents=agents or ["random"] * 4)
        if any(want(e) for e in rnd.events):
            return rnd
    raise AssertionError(f"no {region} round with the event wanted")


@pytest.mark.parametrize("region, flags, public", [
    ("luzhou", None, False), ("luzhou", {"flow_angang_reveal": "kind"}, True), ("guiyang", None, True)])
def test_a_concealed_kong_shows_its_tiles_where_the_region_lays_them_up(region, flags, public):
    rnd = _round_with(region, lambda e: e["type"] == "angang", flags)
    for seat in range(4):
        for e in rnd.observe(seat).events():
            if e["type"] == "angang":
                assert ("tiles" in e) == (public or e["seat"] == seat)


@pytest.mark.parametrize("burn, public", [("face_up", True), ("face_down", False)])
def test_a_burnt_tile_shows_only_face_up(burn, public):
    rnd = _round_with("fuzhou", lambda e: e["type"] == "burn", {"flow_kong_burn": burn})
    burns = [e for e in rnd.observe(2).events() if e["type"] == "burn"]
    assert burns and all(("tile" in e) == public for e in burns)


def test_a_winner_hand_the_region_hides_tells_nothing_of_it():
    rnd = _round_with("luzhou", lambda e: e["type"] == "win" and e["self_draw"], {"flow_winner_hand": "hidden"})
    win = next(i for i, e in enumerate(rnd.events) if e["type"] == "win" and e["self_draw"])
    winner = rnd.events[win]["seat"]
    for seat in range(4):
        seen = next(e for e in rnd.observe(seat).events() if e["type"] == "win" and e["self_draw"])
        if seat == winner:
            assert seen == dict(rnd.events[win], hand=seen["hand"])
            assert sorted(tiles.parse_sequence(seen["hand"])) == rnd.seats[winner].held()
        else:
            assert seen == {"type": "win", "seat": winner, "self_draw": True, "robbing_kong": False}


def test_a_winner_hand_shown_is_in_the_win():
    rnd = play_round("guiyang", seed=90, agents=["greedy"] * 4)
    win = next(e for e in rnd.observe(3).events() if e["type"] == "win")
    assert tiles.parse_sequence(win["hand"]) == rnd.seats[win["seat"]].held()
    assert win["patterns"] and win["value"]


def test_a_pass_that_could_win_is_its_own_seat_secret():
    rnd = _round_with("luzhou", lambda e: e["type"] == "pass", agents=["random", "random", "random", "random"])
    passer = next(e["seat"] for e in rnd.events if e["type"] == "pass")
    assert any(e["type"] == "pass" for e in rnd.observe(passer).events())
    assert not any(e["type"] == "pass" for e in rnd.observe((passer + 1) % 4).events())


def test_events_are_fresh_copies_and_start_counts_what_the_seat_saw():
    rnd = Round("wuhan", seed=4)
    before = copy.deepcopy(rnd.events)
    got: list = []
    while not rnd.done:
        obs = rnd.observe(1)
        got += obs.events(len(got))
        for e in obs.events():
            e.clear()
        rnd.step(rnd.legal_actions()[0])
    assert rnd.events[:len(before)] == before
    assert got + rnd.observe(1).events(len(got)) == rnd.observe(1).events()
    assert rnd.observe(1).events(10 ** 6) == []
    with pytest.raises(ValueError, match="0 or more"):
        rnd.observe(1).events(-1)
    with pytest.raises(TypeError, match="int"):
        rnd.observe(1).events("3")
    replay(rnd.record())


def test_an_observation_says_the_decision_the_round_and_once_over_the_outcome():
    rnd = Round("fuzhou", seed=3, round_index=5)
    seat = rnd.to_act
    assert rnd.observe(seat).decision == rnd.decision == "turn"
    assert rnd.observe((seat + 1) % 4).decision is None
    assert rnd.observe(0).round_index == 5 and rnd.observe(0).outcome is None
    play(rnd, [GreedyAgent()] * 4)
    record = rnd.record()
    assert rnd.observe(2).outcome == {"settlement": record["settlement"], "net": record["net"],
                                      "scores": rnd.scores_after, "next_dealer": record["next_dealer"]}
    assert rnd.observe(2).decision is None


class _Told:
    """An agent that notes when it is told a round starts and ends."""

    def __init__(self, calls: list) -> None:
        self.calls, self.inner = calls, RandomAgent(0)

    def start_round(self, observation, seed):
        self.calls.append(("start", observation.seat, seed, len(observation.events())))

    def act(self, observation, legal_actions):
        return self.inner.act(observation, legal_actions)

    def end_round(self, observation):
        self.calls.append(("end", observation.seat, observation.outcome["net"]))


def test_play_tells_every_seat_that_a_round_starts_and_ends():
    calls: list = []
    rnd = play_round("guiyang", seed=8, round_index=2, agents=[_Told(calls), "greedy", _Told(calls), "greedy"])
    assert calls[:2] == [("start", 0, agent_seed(8, 2, 0), 16), ("start", 2, agent_seed(8, 2, 2), 16)]
    assert calls[2:] == [("end", 0, rnd.net), ("end", 2, rnd.net)]


def test_the_example_bot_follows_its_hand_from_the_events():
    """my_bot's view of its hand, kept from the events only, is the hand at every
    decision of every seat, whatever the others do (claims, kongs, wins)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("my_bot", MY_BOT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    class Following:
        def __init__(self, inner):
            self.inner, self.bot, self.seen = inner, module.Bot(), 0

        def start_round(self, obs, seed):
            self.bot.answer({"type": "start_round", "seat": obs.seat, "jokers": tiles.format_sequence(obs.jokers),
                             "events": obs.events()})
            self.seen = len(obs.events())

        def act(self, obs, legal):
            events = obs.events(self.seen)
            self.seen += len(events)
            self.bot.answer({"type": "end_round", "events": events})
            held = {tiles.tile_name(t): c for t, c in enumerate(obs.concealed) if c}
            assert +self.bot.hand == held
            return self.inner.act(obs, legal)

    for region in REGION_NAMES:
        for seed in range(8):
            play(Round(region, seed=seed), [Following(RandomAgent(seed + s) if s % 2 else GreedyAgent())
                                            for s in range(4)])


# ---------------------------------------------------------------- the example bot

@pytest.mark.parametrize("region", REGION_NAMES)
def test_the_example_bot_plays_whole_rounds_of_every_region(region):
    with _my_bot() as bot:
        match = Match(region, seed=11, agents=["greedy", "random", bot, "greedy"]).play(3)
        assert bot.take_incidents() == []
        assert bot.name == "my_bot"
    for rnd in match.rounds:
        assert rnd.done and sum(rnd.net) == 0
        assert replay(rnd.record()).net == rnd.net


def test_a_deterministic_bot_gives_the_same_records():
    def records():
        with _my_bot() as bot:
            return [play_round("wuhan", seed=2, round_index=i, agents=[bot, "random", "greedy", "random"]).record()
                    for i in range(2)]
    assert records() == records()


class _Spy:
    """Passes everything to a CommandAgent and notes what the engine offered and took."""

    def __init__(self, agent: CommandAgent) -> None:
        self.agent, self.offered, self.taken = agent, [], []

    def start_round(self, observation, seed):
        self.agent.start_round(observation, seed)

    def act(self, observation, legal_actions):
        self.offered.append([a.to_dict() for a in legal_actions])
        self.taken.append(self.agent.act(observation, legal_actions).to_dict())
        return Action.from_dict(self.taken[-1])

    def end_round(self, observation):
        self.agent.end_round(observation)


def _exchange(path: Path) -> list[tuple[str, dict]]:
    """The lines of a ``--log``: (who wrote it, the message)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        who, text = line[:2], line[2:]
        assert who in ("> ", "< "), line
        out.append(("engine" if who == "> " else "bot", json.loads(text)))
    return out


def _check_exchange(exchange: list[tuple[str, dict]]) -> list[list[tuple[str, dict]]]:
    """The exchange follows the protocol's order and fields; its rounds, each from its
    start_round to its end_round."""
    (who, hello), (who2, answer) = exchange[0], exchange[1]
    assert (who, who2) == ("engine", "bot")
    assert hello == {"type": "hello", "protocol": PROTOCOL, "timeout": hello["timeout"]}
    assert answer["type"] == "hello" and set(answer) <= {"type", "name", "protocol"}
    assert exchange[-1] == ("engine", {"type": "bye"})
    rounds: list = []
    for (who, message), (after, reply) in zip(exchange[2:-1], exchange[3:]):
        if who == "bot":
            continue
        assert set(message) == ENGINE_FIELDS[message["type"]], message
        if message["type"] == "start_round":
            rounds.append([])
        rounds[-1].append((who, message))
        if message["type"] == "request":
            assert after == "bot" and reply in message["legal"]
            rounds[-1].append((after, reply))
        else:
            assert after == "engine"
    return rounds


def test_the_exchange_is_the_protocol(tmp_path):
    log = tmp_path / "exchange.txt"
    with _my_bot("--log", str(log)) as bot:
        spy = _Spy(bot)
        played = [play_round(region, seed=21, agents=["greedy", spy, "random", "greedy"]) for region in REGION_NAMES]
        assert bot.take_incidents() == []
    rounds = _check_exchange(_exchange(log))
    assert len(rounds) == len(played)
    requests = [m for r in rounds for who, m in r if m["type"] == "request"]
    answers = [m for r in rounds for who, m in r if who == "bot"]
    assert [m["legal"] for m in requests] == spy.offered
    assert answers == spy.taken
    for messages, rnd in zip(rounds, played):
        start, end = messages[0][1], messages[-1][1]
        assert start == {"type": "start_round", "seat": 1, "region": rnd.region.name, "options": options_of(rnd.rules),
                         "seed": agent_seed(21, 0, 1), "round": 0, "dealer": rnd.dealer, "scores": [0, 0, 0, 0],
                         "jokers": tiles.format_sequence(rnd.observe(1).jokers), "events": start["events"]}
        assert [e for _, m in messages if m.get("events") for e in m["events"]] == rnd.observe(1).events()
        record = rnd.record()
        assert end == {"type": "end_round", "events": end["events"], "settlement": record["settlement"],
                       "net": record["net"], "scores": rnd.scores_after, "next_dealer": record["next_dealer"]}
        assert {m["decision"] for _, m in messages if m["type"] == "request"} <= {"turn", "respond", "rob", "declare",
                                                                                  "haidi"}


def test_the_exchange_in_the_docs_is_what_the_bot_and_the_engine_say(tmp_path):
    """docs/protocol.md quotes a real exchange: the one this run writes (if the engine
    or the agents change, paste the new log into the page)."""
    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- exchange -->\n```text\n(.*?)```", page, re.DOTALL)
    assert block, "docs/protocol.md has no exchange block"
    quoted = tmp_path / "quoted.txt"
    quoted.write_text(block.group(1), encoding="utf-8")
    _check_exchange(_exchange(quoted))
    log = tmp_path / "exchange.txt"
    with _my_bot("--log", str(log)) as bot:
        play_round("guiyang", seed=90, agents=[bot, "greedy", "greedy", "greedy"])
    assert log.read_text(encoding="utf-8") == block.group(1), f"paste {log} into docs/protocol.md"


def test_messages_are_one_line_of_utf8_json():
    line = encode({"type": "x", "reason": "自摸", "tiles": "5m5m"})
    assert line == '{"type":"x","reason":"自摸","tiles":"5m5m"}\n'.encode()
    assert decode(line) == {"type": "x", "reason": "自摸", "tiles": "5m5m"}
    for bad, what in ((b"\xff\n", "UTF-8"), (b"{\n", "JSON"), (b"[" * 100000, "JSON")):
        with pytest.raises(ValueError, match=what):
            decode(bad)
    with pytest.raises(TypeError, match="object"):
        decode(b"[1]\n")


# ---------------------------------------------------------------- bots that misbehave

class _Scripted:
    """What a faulty bot and its fallback do: the last legal action for the bot's
    first ``by_bot`` decisions, then the fallback, seeded as the round seeds it."""

    def __init__(self, by_bot: int, fallback) -> None:
        self.by_bot, self.fallback, self.asked = by_bot, fallback, 0

    def act(self, observation, legal_actions):
        self.asked += 1
        if self.asked <= self.by_bot:
            return legal_actions[-1]
        return self.fallback.act(observation, legal_actions)


def _faulty(tmp_path: Path, mode: str, after: int = 3, **kw) -> CommandAgent:
    script = tmp_path / "faulty.py"
    script.write_text(FAULTY, encoding="utf-8")
    return CommandAgent([sys.executable, str(script), mode, str(after), str(tmp_path / "marker")], **kw)


SEED, SEAT = 5, 1
OTHERS = ["greedy", "random", "greedy"]


def _with(agent, seat: int = SEAT) -> list:
    agents = list(OTHERS)
    agents.insert(seat, agent)
    return agents


@pytest.mark.parametrize("mode, kind, by_bot", [
    ("crash", "crash", 2), ("stall", "timeout", 0), ("garbage", "bad_answer", 2), ("extra", "bad_answer", 2),
    ("illegal", "illegal", 2), ("exit", "crash", 0), ("badhello", "bad_answer", 0)])
def test_a_bot_that_fails_is_replaced_for_the_round_and_plays_the_next(tmp_path, mode, kind, by_bot):
    # the bot fails at its (by_bot + 1)-th request; only a stall is timed short, and
    # only in the first round, so that a busy machine makes no other answer late
    with _faulty(tmp_path, mode, after=by_bot + 1, timeout=0.5 if mode == "stall" else 10) as bot:
        first = play_round("luzhou", seed=SEED, round_index=0, agents=_with(bot))
        incidents = bot.take_incidents()
        bot.timeout = 10.0
        second = play_round("luzhou", seed=SEED, round_index=1, agents=_with(bot))
        assert bot.take_incidents() == [] and bot.name == "faulty"
    assert [(i["round"], i["seat"], i["kind"]) for i in incidents] == [(0, SEAT, kind)]
    assert incidents[0]["kind"] in INCIDENT_KINDS and 0 < len(incidents[0]["detail"]) <= 200
    for rnd in (first, second):
        assert rnd.done and sum(rnd.net) == 0
        assert replay(rnd.record()).net == rnd.net
    fallback = RandomAgent(agent_seed(SEED, 0, SEAT))
    assert first.record() == play_round("luzhou", seed=SEED, agents=_with(_Scripted(by_bot, fallback))).record()
    assert second.record() == play_round("luzhou", seed=SEED, round_index=1,
                                         agents=_with(_Scripted(10 ** 6, fallback))).record()


def test_the_fallback_may_be_any_built_in_agent(tmp_path):
    with _faulty(tmp_path, "crash", after=1, fallback="greedy") as bot:
        rnd = play_round("wuhan", seed=SEED, agents=_with(bot))
        assert [i["kind"] for i in bot.take_incidents()] == ["crash"]
    assert rnd.record() == play_round("wuhan", seed=SEED, agents=_with(GreedyAgent())).record()


def _first_legal_bot(path: Path, before: str = "", after: str = "") -> Path:
    """A bot that greets and answers the first legal action, with ``before`` / ``after``
    run on each message (lines of the loop's body)."""
    path.write_text("import json, sys\n"
                    "for line in sys.stdin:\n"
                    "    m = json.loads(line)\n"
                    + before +
                    "    if m['type'] == 'hello': print(json.dumps({'type': 'hello'}), flush=True)\n"
                    "    if m['type'] == 'request': print(json.dumps(m['legal'][0]), flush=True)\n"
                    + after, encoding="utf-8")
    return path


def test_a_bot_that_stops_between_rounds_is_a_crash_of_the_next(tmp_path):
    script = _first_legal_bot(tmp_path / "one_round.py", after="    if m['type'] == 'end_round': break\n")
    with CommandAgent([sys.executable, str(script)]) as bot:
        for i in range(3):
            play_round("fuzhou", seed=1, round_index=i, agents=_with(bot, 0))
        assert [(i["round"], i["kind"]) for i in bot.take_incidents()] == [(1, "crash")]
        assert bot.name is None


def test_close_says_bye_and_a_bot_that_stays_is_killed(tmp_path):
    bot = _my_bot()
    play_round("guiyang", seed=1, agents=_with(bot, 3))
    popen = bot._process.popen
    bot.close()
    assert popen.returncode == 0          # it left on bye
    bot.close()                           # closing twice is nothing
    script = tmp_path / "stays.py"
    script.write_text("import json, sys, time\n"
                      "print(json.dumps({'type': 'hello'}), flush=True)\n"
                      "time.sleep(60)\n", encoding="utf-8")
    with CommandAgent([sys.executable, str(script)]) as stays:
        stays.start_round(Round("luzhou", seed=1).observe(0), 1)
        popen = stays._process.popen
    assert popen.returncode is not None and popen.returncode != 0


def test_a_bot_stderr_goes_to_its_file_or_nowhere(tmp_path, capfd):
    script = _first_legal_bot(tmp_path / "noisy.py",
                              before="    print('thinking about', m['type'], file=sys.stderr, flush=True)\n")
    with CommandAgent([sys.executable, str(script)]) as quiet:
        play_round("luzhou", seed=1, agents=_with(quiet))
    with CommandAgent(shlex.join([sys.executable, str(script)]), stderr=tmp_path / "bot.log") as logged:
        play_round("luzhou", seed=1, agents=_with(logged))
    assert "thinking" not in capfd.readouterr().err
    assert "thinking about request" in (tmp_path / "bot.log").read_text()


def test_a_command_agent_checks_what_it_is_given(tmp_path):
    with pytest.raises(ValueError, match="empty"):
        CommandAgent("  ")
    with pytest.raises(ValueError, match="does not parse"):
        CommandAgent("python 'unclosed")
    with pytest.raises(TypeError, match="string"):
        CommandAgent([sys.executable, 3])
    with pytest.raises(ValueError, match="fallback"):
        CommandAgent("bot", fallback="clever")
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="timeout"):
            CommandAgent("bot", timeout=bad)
    with pytest.raises(TypeError, match="timeout"):
        CommandAgent("bot", timeout="5")
    missing = CommandAgent([str(tmp_path / "no-such-bot")])
    with pytest.raises(ValueError, match="cannot run the bot"):
        missing.start_round(Round("luzhou", seed=1).observe(0), 1)
    with pytest.raises(ValueError, match="start_round"):
        CommandAgent("bot").act(Round("luzhou", seed=1).observe(0), [Action("pass")])


def test_the_example_bot_runs_from_the_command_line(tmp_path):
    """The bot alone: hello, a round's start and one request, bye."""
    rnd = Round("fuzhou", seed=2)
    obs = rnd.observe(rnd.to_act)
    lines = [{"type": "hello", "protocol": PROTOCOL, "timeout": 5},
             {"type": "start_round", "seat": obs.seat, "region": "fuzhou", "options": {}, "seed": 1, "round": 0,
              "dealer": 0, "scores": [0] * 4, "jokers": "", "events": obs.events()},
             {"type": "request", "events": [], "decision": "turn", "legal": [a.to_dict() for a in rnd.legal_actions()]},
             {"type": "bye"}]
    done = subprocess.run([sys.executable, str(MY_BOT)], input=b"".join(encode(m) for m in lines),
                          capture_output=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    hello, action = (json.loads(line) for line in done.stdout.decode("utf-8").splitlines())
    assert hello == {"type": "hello", "name": "my_bot"}
    assert Action.from_dict(action) in rnd.legal_actions()
