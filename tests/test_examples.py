"""The worked example in examples/ runs and behaves like a bot should."""
import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "greedy_bot.py"


def load():
    spec = importlib.util.spec_from_file_location("greedy_bot", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_greedy_bot_plays_to_the_end():
    bot = load()
    results = [bot.play(seed) for seed in range(12)]
    assert all(r["result"] in ("win", "exhausted") for r in results)
    # a greedy shanten bot wins a fair share of solitaire games
    assert sum(r["result"] == "win" for r in results) >= 3
    with_jokers = [bot.play(seed, jokers_in_wall=8) for seed in range(6)]
    assert all(r["result"] in ("win", "exhausted") for r in with_jokers)
