"""Bots in any language: the ``hupai-bot/1`` protocol over a bot's standard input and
output, one JSON object a line (docs/protocol.md).

The engine tells the bot what its seat sees happen (the round record's events with
everything hidden removed, :meth:`hupai.table.Observation.events`) and, when the seat
must act, the legal actions; the bot answers one of them.  :class:`CommandAgent` is an
agent of :mod:`hupai.table` that runs such a bot as a process and plays its seat with
it.  A bot that crashes, stalls past the time limit or answers anything but an action
offered is replaced by a fallback agent for the rest of the round; the incident is
kept (:meth:`CommandAgent.take_incidents`), and a bot that died or stalled is started
afresh for the next round.

>>> import sys
>>> from hupai.table import play_round
>>> with CommandAgent([sys.executable, "examples/my_bot.py"]) as bot:   # doctest: +SKIP
...     rnd = play_round("wuhan", seed=1, agents=[bot, "greedy", "greedy", "greedy"])
...     bot.take_incidents()
[]
"""
from __future__ import annotations

import json
import os
import queue
import shlex
import signal
import subprocess
import threading
from collections.abc import Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any

from . import tiles
from ._messages import clip, short
from .table.agents import AGENTS, Agent, make_agent
from .table.model import ACTION_TYPES, Action
from .table.observation import Observation
from .table.record import options_of

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["INCIDENT_KINDS", "PROTOCOL", "CommandAgent", "decode", "encode"]

#: The protocol's name, in the engine's ``hello``.
PROTOCOL = "hupai-bot/1"
#: What went wrong with a bot: it ended, did not answer in time, answered what is not
#: an action (or not a ``hello``), or answered an action it was not offered.
INCIDENT_KINDS = ("crash", "timeout", "bad_answer", "illegal")
#: How long a bot has to leave after ``bye``, and its pipes to close after it ended.
_GRACE = 1.0
_HELLO_FIELDS = frozenset({"type", "name", "protocol"})


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as the line the protocol sends: compact JSON, UTF-8, newline."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def decode(line: bytes) -> dict[str, Any]:
    """A line a bot wrote, as a JSON object; ValueError if it is not JSON in UTF-8,
    TypeError if it is not an object."""
    try:
        value = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(f"not UTF-8: {short(line)}") from None
    except (ValueError, RecursionError):
        raise ValueError(f"not JSON: {short(line.decode('utf-8').rstrip())}") from None
    if not isinstance(value, dict):
        raise TypeError(f"not a JSON object: {short(line.decode('utf-8').rstrip())}")
    return value


class _Failure(Exception):
    """A bot's failure: its incident ``kind``, a short ``detail``, and whether its
    process must be stopped (``stop``: it is gone, stalled or does not speak the
    protocol)."""

    def __init__(self, kind: str, detail: str, stop: bool | None = None) -> None:
        super().__init__(detail)
        self.kind, self.detail = kind, detail
        self.stop = kind in ("crash", "timeout") if stop is None else stop


def _read_lines(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """The reader thread: every line the bot writes, then None at its end; then the
    pipe closes."""
    try:
        for line in iter(stream.readline, b""):
            lines.put(line)
    except OSError:                      # a broken pipe: the same end
        pass
    finally:
        lines.put(None)
        stream.close()


def _write_lines(stream: IO[bytes], out: queue.Queue[bytes | None]) -> None:
    """The writer thread: every message queued, until None; then the bot's input
    closes.  A bot that does not read never blocks the engine, only this thread."""
    try:
        while (data := out.get()) is not None:
            stream.write(data)
            stream.flush()
    except OSError:                      # the bot is gone: its end shows on its output
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


class _Process:
    """One run of a bot's command: its pipes, served by a reader and a writer thread,
    in a session of its own so that killing it kills whatever it started."""

    def __init__(self, argv: Sequence[str], cwd: Any, env: Mapping[str, str] | None, stderr: Any) -> None:
        try:
            if stderr is None:
                self.popen = _start(argv, cwd, env, subprocess.DEVNULL)
            else:
                with open(stderr, "ab") as err:      # the bot holds its own copy
                    self.popen = _start(argv, cwd, env, err)
        except OSError as e:
            raise ValueError(f"cannot run the bot {short(shlex.join(argv))}: {e.strerror or e}") from None
        assert self.popen.stdin is not None and self.popen.stdout is not None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._out: queue.Queue[bytes | None] = queue.Queue()
        self._reader = threading.Thread(target=_read_lines, args=(self.popen.stdout, self._lines), daemon=True)
        self._writer = threading.Thread(target=_write_lines, args=(self.popen.stdin, self._out), daemon=True)
        self._reader.start()
        self._writer.start()

    def send(self, message: Mapping[str, Any]) -> None:
        self._out.put(encode(message))

    def receive(self, timeout: float, what: str) -> bytes:
        """The bot's next line, within ``timeout`` seconds (``what`` it answers, for
        the incident)."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise _Failure("timeout", f"no answer to {what} within {timeout:g} s") from None
        if line is None:
            raise _Failure("crash", f"the bot ended before answering {what} ({self._ending()})")
        return line

    def _ending(self) -> str:
        try:
            return f"exit code {self.popen.wait(_GRACE)}"
        except subprocess.TimeoutExpired:
            return "its output closed"

    def stop(self, grace: float = _GRACE) -> None:
        """Close the bot's input and give it ``grace`` seconds to leave, else kill it;
        reap it and let the threads close its pipes."""
        self._out.put(None)
        try:
            self.popen.wait(grace)
        except subprocess.TimeoutExpired:
            self._kill()
            self.popen.wait()
        self._writer.join(_GRACE)
        self._reader.join(_GRACE)

    def kill(self) -> None:
        """Stop the bot now."""
        self.stop(grace=0)

    def _kill(self) -> None:
        """Kill the bot's session (only while the bot is not reaped: its id is still
        its own)."""
        if self.popen.returncode is not None:
            return
        if os.name == "posix":
            try:
                os.killpg(self.popen.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        else:
            self.popen.kill()


def _start(argv: Sequence[str], cwd: Any, env: Mapping[str, str] | None,
           stderr: int | IO[bytes]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, cwd=cwd,
                            env=None if env is None else dict(env), start_new_session=os.name == "posix")


class _RoundState:
    """What the agent keeps of the round it plays: its seat, the round's index, its
    fallback agent, how many of the seat's events the bot has been sent, and whether
    the fallback plays the rest of the round."""

    __slots__ = ("fallback", "replaced", "round_index", "seat", "sent")

    def __init__(self, seat: int, round_index: int, fallback: Agent) -> None:
        self.seat, self.round_index, self.fallback = seat, round_index, fallback
        self.sent = 0
        self.replaced = False


def _argv(command: str | Sequence[str]) -> list[str]:
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise ValueError(f"the bot command {short(command)} does not parse: {e}") from None
    elif isinstance(command, Sequence) and all(isinstance(a, str) for a in command):
        argv = list(command)
    else:
        raise TypeError(f"a bot command is a string or a sequence of strings, not {type(command).__name__}")
    if not argv:
        raise ValueError("the bot command is empty")
    return argv


def _seconds(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} is a number of seconds, not {type(value).__name__}")
    if not 0 < value < float("inf"):
        raise ValueError(f"{what} is a positive number of seconds, not {short(value)}")
    return float(value)


def _chosen(line: bytes, legal: Sequence[Action]) -> Action:
    """The action a bot's answer names, if it is one of ``legal``."""
    try:
        answer = decode(line)
        action = Action.from_dict(answer)
    except (TypeError, ValueError) as e:
        raise _Failure("bad_answer", str(e)) from None
    unknown = sorted(set(answer) - {"type", ACTION_TYPES[action.type]})
    if unknown:
        raise _Failure("bad_answer", f"unknown field {short(unknown[0])} in a {action.type}")
    if action not in legal:
        raise _Failure("illegal", f"{action} was not offered; legal: {', '.join(str(a) for a in legal)}")
    return action


def _hello_name(line: bytes) -> str | None:
    """The name in a bot's ``hello``; a failure that stops the bot if it is none."""
    try:
        hello = decode(line)
    except (TypeError, ValueError) as e:
        raise _Failure("bad_answer", f"hello expected: {e}", stop=True) from None
    name = hello.get("name")
    if hello.get("type") != "hello" or set(hello) - _HELLO_FIELDS or not isinstance(name, (str, type(None))) \
            or hello.get("protocol", PROTOCOL) != PROTOCOL:
        raise _Failure("bad_answer", f"hello expected, not {short(line.decode('utf-8').rstrip())}", stop=True)
    return name


class CommandAgent:
    """A seat played by a bot in another process, speaking ``hupai-bot/1`` on its
    standard input and output (docs/protocol.md).

    ``command`` is the command line (split as a shell would, without a shell) or its
    arguments; ``cwd`` and ``env`` are the process's.  The process starts with the
    first round and is kept across rounds; ``close()`` (or leaving a ``with`` block)
    says ``bye`` and ends it.  The bot has ``start_timeout`` seconds to answer
    ``hello`` and ``timeout`` seconds for each decision.  Its standard error goes to
    the file ``stderr`` (appended) or nowhere.

    A bot that ends, stalls, answers what is not an action or answers an action it was
    not offered is replaced by the built-in agent ``fallback`` (seeded with the seat's
    seed for the round) until the round ends, and the incident is kept for
    :meth:`take_incidents`.  A bot that ended, stalled (it is killed) or did not
    answer ``hello`` is started afresh at the next round; one that answered wrongly is
    kept and told the round's end as usual.  One agent plays one seat at a time."""

    def __init__(self, command: str | Sequence[str], *, timeout: float = 5.0, fallback: str = "random",
                 start_timeout: float = 10.0, cwd: str | os.PathLike[str] | None = None,
                 env: Mapping[str, str] | None = None, stderr: str | os.PathLike[str] | None = None) -> None:
        self.argv = _argv(command)
        self.timeout = _seconds(timeout, "timeout")
        self.start_timeout = _seconds(start_timeout, "start_timeout")
        if fallback not in AGENTS:
            raise ValueError(f"unknown fallback agent {short(fallback)}; built in: {', '.join(AGENTS)}")
        self.fallback = fallback
        self.cwd, self.env, self.stderr = cwd, env, stderr
        #: The name the bot gave in its ``hello`` (None before, or if it gave none).
        self.name: str | None = None
        self._process: _Process | None = None
        self._state: _RoundState | None = None
        self._incidents: list[dict[str, Any]] = []

    # ---------------------------------------------------------------- the agent

    def start_round(self, observation: Observation, seed: int) -> None:
        """A round starts: the bot (started if it is not running) gets
        ``start_round`` with what its seat sees so far."""
        self._state = state = _RoundState(observation.seat, observation.round_index, make_agent(self.fallback, seed))
        try:
            process = self._running()
        except _Failure as f:
            self._fail(f)
            return
        events = observation.events()
        state.sent = len(events)
        process.send({"type": "start_round", "seat": observation.seat, "region": observation.region,
                      "options": options_of(observation.rules), "seed": seed, "round": observation.round_index,
                      "dealer": observation.dealer, "scores": observation.scores,
                      "jokers": tiles.format_sequence(observation.jokers), "events": events})

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The bot's answer to a ``request``, or the fallback's once it failed."""
        state = self._state
        if state is None:
            raise ValueError("act before start_round: play() tells a CommandAgent when a round starts")
        if not state.replaced and self._process is not None:
            try:
                return self._ask(self._process, state, observation, legal_actions)
            except _Failure as f:
                self._fail(f)
        return state.fallback.act(observation, legal_actions)

    def end_round(self, observation: Observation) -> None:
        """The round is over: a bot still running gets ``end_round`` (the events it has
        not seen and the settlement)."""
        state, self._state = self._state, None
        outcome = observation.outcome
        if outcome is None:
            raise ValueError("end_round of a round that is not over")
        if state is None or self._process is None:
            return
        self._process.send({"type": "end_round", "events": observation.events(state.sent), **outcome})

    def take_incidents(self) -> list[dict[str, Any]]:
        """The incidents since the last call (``round``, ``seat``, ``kind`` of
        :data:`INCIDENT_KINDS`, ``detail``), oldest first; they are cleared."""
        out, self._incidents = self._incidents, []
        return out

    # ---------------------------------------------------------------- the process

    def close(self) -> None:
        """Say ``bye`` and end the bot (killed if it has not left within a second)."""
        process, self._process = self._process, None
        if process is not None:
            process.send({"type": "bye"})
            process.stop()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _running(self) -> _Process:
        """The bot's process, started and greeted if it is not running."""
        if self._process is None:
            self._process = _Process(self.argv, self.cwd, self.env, self.stderr)
            self._process.send({"type": "hello", "protocol": PROTOCOL, "timeout": self.timeout})
            self.name = _hello_name(self._process.receive(self.start_timeout, "hello"))
        return self._process

    def _ask(self, process: _Process, state: _RoundState, observation: Observation,
             legal: Sequence[Action]) -> Action:
        events = observation.events(state.sent)
        state.sent += len(events)
        decision = observation.decision
        process.send({"type": "request", "events": events, "decision": decision,
                      "legal": [a.to_dict() for a in legal]})
        return _chosen(process.receive(self.timeout, f"a {decision} request"), legal)

    def _fail(self, failure: _Failure) -> None:
        """Keep the incident; the fallback plays on; a bot that must stop is killed."""
        state = self._state
        assert state is not None
        state.replaced = True
        self._incidents.append({"round": state.round_index, "seat": state.seat, "kind": failure.kind,
                                "detail": clip(failure.detail, 200)})
        if failure.stop and self._process is not None:
            self._process.kill()
            self._process = None
