"""``hupai simulate --plot FILE.png``: the distribution of the net per round of each
agent, and the frequency of each pattern among the wins (matplotlib, the ``plot``
extra).  Patterns are labelled with their English names, which every font draws."""
from __future__ import annotations

import math
from typing import Any, Mapping

__all__ = ["plot"]

#: Patterns drawn, the most frequent first.
TOP_PATTERNS = 15


def plot(stats: Any, path: str) -> None:
    """Draw ``stats`` (a :class:`~hupai.sim.stats.Stats`) into the PNG file ``path``."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'hupai[plot]'") from None
    matplotlib.use("Agg")           # no display needed
    from matplotlib.figure import Figure
    summary = stats.to_dict()
    fig = Figure(figsize=(11, 4.5), layout="constrained")
    left, right = fig.subplots(1, 2, width_ratios=(1.2, 1))
    _nets(left, stats.net_distribution())
    _patterns(right, summary)
    fig.suptitle(f"hupai simulate: {summary['region']}, {summary['rounds']} rounds")
    fig.savefig(path, dpi=100, metadata={"Software": None})


def _bins(distribution: Mapping[str, Mapping[Any, int]]) -> list[float]:
    """Edges of at most about 40 bins over every net seen, each bin a whole number wide
    and centred on a whole number (nets are mostly whole points)."""
    seen = [v for counts in distribution.values() for v in counts]
    low, high = (math.floor(min(seen)), math.ceil(max(seen))) if seen else (0, 1)
    width = max(1, math.ceil((high - low + 1) / 40))
    return [low - 0.5 + width * i for i in range((high - low) // width + 2)]


def _nets(ax: Any, distribution: Mapping[str, Mapping[Any, int]]) -> None:
    edges = _bins(distribution)
    for name, counts in distribution.items():
        total = sum(counts.values()) or 1
        mean = sum(v * c for v, c in counts.items()) / total
        ax.hist(list(counts), bins=edges, weights=[c / total for c in counts.values()], histtype="step",
                linewidth=1.6, label=f"{name} (mean {mean:+.2f})")
    ax.set_xlabel("net per round")
    ax.set_ylabel("share of seat-rounds")
    ax.set_title("net per round, per agent")
    ax.legend()


def _patterns(ax: Any, summary: Mapping[str, Any]) -> None:
    rows = summary["patterns"][:TOP_PATTERNS][::-1]
    bars = ax.barh([p["english"] for p in rows], [p["share"] for p in rows], color="tab:green")
    # each bar: the wins that scored the pattern, and their mean value
    ax.bar_label(bars, labels=[f"{p['wins']} wins, mean value {p['mean_value']:.2f}" for p in rows], padding=3,
                 fontsize="small")
    ax.set_xlim(0, 1.5)
    ax.set_xlabel(f"share of the {summary['wins']} wins")
    ax.set_title("pattern frequencies")
