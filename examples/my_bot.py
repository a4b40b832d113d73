"""A bot for hupai's table in plain Python (the standard library only): it speaks the
hupai-bot/1 protocol of docs/protocol.md, one JSON object a line on stdin and stdout.

It keeps its own hand from the events it is sent, wins whenever it may, lays out a
single-tile kong that is not a joker (Wuhan's 紅中, 發財, 皮子), passes on every other
claim and on declarations, and otherwise discards the tile that has the fewest
companions in its hand (never a joker while it has another choice).

Play it:      hupai simulate --agents "cmd:python examples/my_bot.py",greedy,greedy,greedy
Log it:       python examples/my_bot.py --log exchange.txt
              (every line received, after "> ", and every line sent, after "< ")
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable
from typing import Any, TextIO


def tiles_of(text: str) -> list[str]:
    """ "5m5m7z" -> ["5m", "5m", "7z"] (the engine writes two characters a tile)."""
    return [text[i:i + 2] for i in range(0, len(text), 2)]


class Bot:
    name = "my_bot"

    def __init__(self) -> None:
        self.seat: int | None = None
        self.hand: Counter[str] = Counter()
        self.jokers: set[str] = set()
        self.last_discard = ""          # the tile a claim takes

    def answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """What to write back to a message: the hello, an action, or nothing."""
        kind = message["type"]
        if kind == "hello":
            return {"type": "hello", "name": self.name}
        if kind == "start_round":
            self.seat, self.hand = message["seat"], Counter()
            self.jokers = set(tiles_of(message["jokers"]))
        for event in message.get("events", []):
            self.see(event)
        if kind == "request":
            return self.choose(message["legal"])
        return None

    def see(self, event: dict[str, Any]) -> None:
        """Follow the own hand: tiles come in by the deal and draws, go out by discards,
        claims and kongs (a claim marked lapsed was never made)."""
        kind = event["type"]
        if kind == "discard":
            self.last_discard = event["tile"]
        if event.get("seat") != self.seat or event.get("lapsed"):
            return
        if kind == "deal":
            self.hand.update(tiles_of(event["tiles"]))
        elif kind == "draw":
            self.hand[event["tile"]] += 1
        elif kind in ("discard", "special_kong"):
            self.hand[event["tile"]] -= 1
        elif kind == "angang":
            self.hand.subtract(tiles_of(event["tiles"]))
        elif kind == "bugang":                      # the fourth tile joins an own 碰
            self.hand[tiles_of(event["tiles"])[-1]] -= 1
        elif kind in ("chi", "peng", "minggang"):   # the claimed discard was not in hand
            used = tiles_of(event["tiles"])
            used.remove(self.last_discard)
            self.hand.subtract(used)

    def choose(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        """One of the legal actions, copied as it was offered."""
        by_type: dict[str, list[dict[str, Any]]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        if "win" in by_type:
            return by_type["win"][0]
        for kong in by_type.get("special_kong", []):
            if kong["tile"] not in self.jokers:
                return kong
        if "discard" in by_type:
            return min(by_type["discard"], key=lambda action: self.worth(action["tile"]))
        return by_type["pass"][0] if "pass" in by_type else legal[0]

    def worth(self, tile: str) -> int:
        """How much the tile does for the hand: its copies, its neighbours in the suit
        (next ones count double), a middle rank; a joker is worth the most."""
        if tile in self.jokers:
            return 100
        worth = 4 * (self.hand[tile] - 1)
        rank, suit = int(tile[0]), tile[1]
        if suit != "z":
            for distance, weight in ((1, 2), (2, 1)):
                for near in (rank - distance, rank + distance):
                    worth += weight * (1 <= near <= 9 and self.hand[f"{near}{suit}"] > 0)
            worth += 2 <= rank <= 8
        return worth


def serve(lines: Iterable[str], log: TextIO | None = None) -> None:
    """Answer every message until ``bye`` (noting both sides in ``log``)."""
    bot = Bot()
    for line in lines:
        if log:
            log.write("> " + line)
        message = json.loads(line)
        if message["type"] == "bye":
            return
        reply = bot.answer(message)
        if reply is not None:
            text = json.dumps(reply, ensure_ascii=False)
            print(text, flush=True)
            if log:
                log.write("< " + text + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", help="write every line received and sent to this file")
    args = parser.parse_args(argv)
    sys.stdin.reconfigure(encoding="utf-8")     # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")    # type: ignore[union-attr]
    if args.log:
        with open(args.log, "w", encoding="utf-8") as log:
            serve(sys.stdin, log)
    else:
        serve(sys.stdin)


if __name__ == "__main__":
    main()
