"""Plots for notebook 06, "The whole deck": the figures of `t24.deck` and the benchmarks, drawn.

The deck notebook asks questions about all 1820 hands at once: how many make 24, how many
distinct answers each has, which targets are easiest, how hard the hands are, what happens with
more cards, and why the memoised solver sweeps the deck so quickly. `t24.deck`, `t24.game` and
`t24.bench` compute the figures; the functions here only draw them, readable on a projector
(large type, titled, labelled axes with units, a legend):

* `plot_solvable_counts` — solvable and unsolvable hands for cards 1–9, 1–10 and 1–13;
* `plot_answer_counts` — how many hands have 0, 1, 2, … distinct answers;
* `plot_levels` — how many hands the game rates easy, medium, hard and very hard;
* `plot_target_counts` — for each target 1–100, how many hands make it, 24 and the easiest marked;
* `plot_solvable_share` — the share of hands that make 24, by the count of cards;
* `plot_sweep_seconds` — the benchmarks' deck sweeps per method and mode, and the peers.

Each function takes plain data (dicts as those modules return them), draws on `ax` when given
(else on a new figure), and returns the Axes; showing it is left to the caller (`plt.show()`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.patches import Patch
from matplotlib.ticker import FixedLocator, FuncFormatter, MaxNLocator, NullLocator

FIGSIZE = (10, 5.5)
FONT = {"title": 15, "label": 13, "tick": 12, "legend": 12, "note": 11}
SOLVABLE_COLOR, UNSOLVABLE_COLOR = "tab:green", "tab:gray"
HIGHLIGHT_COLOR, EASIEST_COLOR, BAR_COLOR = "tab:red", "tab:orange", "tab:blue"
LEVEL_COLORS = {"easy": "tab:green", "medium": "tab:olive", "hard": "tab:orange", "very hard": "tab:red"}
MODE_WORDS = {
    "all": "all answers", "distinct": "distinct answers", "first": "first answer", "can_make": "can it be made?",
}
MODE_HATCHES = {"all": "", "distinct": "//", "first": "..", "can_make": "xx"}
PEER_COLOR = "tab:purple"
LOG_TICKS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
METHOD_COLORS = {"patterns": "tab:blue", "postfix": "tab:orange", "recursive": "tab:green", "fast": "tab:red"}


def _axes(ax, figsize=FIGSIZE):
    if ax is None:
        _fig, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def _finish(ax, title: str, xlabel: str, ylabel: str, handles=None, **legend_options) -> None:
    """Title, axis labels and legend at projector sizes; `handles` adds legend entries of its own."""
    ax.set_title(title, fontsize=FONT["title"])
    ax.set_xlabel(xlabel, fontsize=FONT["label"])
    ax.set_ylabel(ylabel, fontsize=FONT["label"])
    ax.tick_params(labelsize=FONT["tick"])
    drawn, _labels = ax.get_legend_handles_labels()
    ax.legend(handles=drawn + list(handles or []), fontsize=FONT["legend"], **legend_options)


def plot_solvable_counts(counts: Mapping[str, Mapping[str, int]], target="24", ax=None):
    """Stacked bars: solvable and unsolvable hands per deck (`t24.deck.solvable_counts()`)."""
    ax = _axes(ax)
    names = list(counts)
    labels = [f"cards {name}\n({counts[name]['hands']:,} hands)" for name in names]
    solvable = [counts[name]["solvable"] for name in names]
    unsolvable = [counts[name]["hands"] - counts[name]["solvable"] for name in names]
    ax.bar(labels, solvable, color=SOLVABLE_COLOR, label=f"make {target}")
    ax.bar(labels, unsolvable, bottom=solvable, color=UNSOLVABLE_COLOR, label=f"cannot make {target}")
    for x, (good, bad) in enumerate(zip(solvable, unsolvable)):
        share = good / (good + bad)
        ax.text(x, good / 2, f"{good:,}\n{share:.1%}", ha="center", va="center", color="white",
                fontsize=FONT["label"], fontweight="bold")
        ax.text(x, good + bad / 2, f"{bad:,}", ha="center", va="center", color="white", fontsize=FONT["label"])
    ax.set_ylim(0, max(good + bad for good, bad in zip(solvable, unsolvable)) * 1.08)
    _finish(ax, f"How many hands of four cards make {target}?", "deck (cards used)", "hands (count)",
            loc="upper left")
    return ax


def plot_answer_counts(per_hand: Mapping[Sequence[int], int], ax=None):
    """Bars: how many hands have 0, 1, 2, … distinct answers (`t24.deck.distinct_counts()`)."""
    ax = _axes(ax)
    histogram = Counter(per_hand.values())
    most = max(histogram)
    xs = list(range(most + 1))
    heights = [histogram.get(x, 0) for x in xs]
    colors = [UNSOLVABLE_COLOR if x == 0 else BAR_COLOR for x in xs]
    ax.bar(xs, heights, color=colors)
    solvable = sum(count for x, count in histogram.items() if x)
    total = sum(x * count for x, count in histogram.items())
    handles = [
        Patch(color=UNSOLVABLE_COLOR, label=f"no answer ({histogram.get(0, 0):,} hands)"),
        Patch(color=BAR_COLOR, label=f"solvable ({solvable:,} hands, {total:,} answers in all)"),
    ]
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    _finish(ax, f"Distinct answers per hand ({len(per_hand):,} hands)", "distinct answers of the hand (count)",
            "hands (count)", handles=handles)
    return ax


def plot_levels(levels: Mapping[str, int], ax=None):
    """Bars: hands per difficulty level, in the game's order (`t24.game.LEVELS`)."""
    ax = _axes(ax, figsize=(9, 5))
    names = [name for name in LEVEL_COLORS if name in levels] + [n for n in levels if n not in LEVEL_COLORS]
    heights = [levels[name] for name in names]
    bars = ax.bar(names, heights, color=[LEVEL_COLORS.get(name, BAR_COLOR) for name in names])
    handles = [Patch(color=LEVEL_COLORS.get(name, BAR_COLOR), label=f"{name} ({levels[name] / sum(heights):.0%})")
               for name in names]
    ax.bar_label(bars, labels=[f"{h:,}" for h in heights], fontsize=FONT["label"])
    ax.set_ylim(0, max(heights) * 1.12)
    _finish(ax, f"How hard are the {sum(heights):,} solvable hands?", "difficulty level (t24.game.difficulty)",
            "hands (count)", handles=handles)
    return ax


def plot_target_counts(counts: Mapping[int, int], hands: int, highlight: int = 24, ax=None):
    """Bars: for each target, how many of the `hands` make it; `highlight` and the easiest marked."""
    ax = _axes(ax, figsize=(12, 5.5))
    targets = list(counts)
    easiest = max(targets, key=lambda t: (counts[t], -t))
    colors = [HIGHLIGHT_COLOR if t == highlight else EASIEST_COLOR if t == easiest else BAR_COLOR for t in targets]
    ax.bar(targets, [counts[t] for t in targets], color=colors, width=0.85)
    handles = [
        Patch(color=BAR_COLOR, label="hands that make the target"),
        Patch(color=EASIEST_COLOR, label=f"easiest: {easiest} ({counts[easiest]:,} hands)"),
    ]
    if highlight in counts:
        rank = sorted(counts.values(), reverse=True).index(counts[highlight]) + 1
        handles.append(Patch(color=HIGHLIGHT_COLOR,
                             label=f"{highlight}: {counts[highlight]:,} hands (rank {rank} of {len(counts)})"))
    ax.axhline(hands, color="black", linestyle="--", linewidth=1.5, label=f"all {hands:,} hands")
    ax.set_xlim(min(targets) - 1, max(targets) + 1)
    ax.set_ylim(0, hands * 1.3)
    _finish(ax, "How many hands make each target?", "target (whole number)", "hands that make it (count)",
            handles=handles, loc="upper right", ncols=2)
    return ax


def plot_solvable_share(shares: Mapping[int, tuple[int, int]], exact_counts: Sequence[int] = (), target="24",
                        deck_name: str = "cards 1–13", ax=None):
    """Bars: share of hands that make the target, by count of cards; {count: (solvable, hands)}.

    `exact_counts` names the counts whose figure covers every hand of the deck (the others are samples).
    """
    ax = _axes(ax, figsize=(9, 5))
    counts = sorted(shares)
    values = [shares[c][0] / shares[c][1] for c in counts]
    colors = [SOLVABLE_COLOR if c in exact_counts else BAR_COLOR for c in counts]
    bars = ax.bar([str(c) for c in counts], [100 * v for v in values], color=colors)
    ax.bar_label(bars, labels=[f"{shares[c][0]:,} / {shares[c][1]:,}" for c in counts], fontsize=FONT["note"])
    handles = []
    if any(c in exact_counts for c in counts):
        handles.append(Patch(color=SOLVABLE_COLOR, label=f"every hand of {deck_name}"))
    if any(c not in exact_counts for c in counts):
        handles.append(Patch(color=BAR_COLOR, label="a seeded random sample of hands"))
    ax.set_ylim(0, 112)
    _finish(ax, f"More cards, more ways to make {target}", "cards in the hand (count)",
            f"hands that make {target} (%)", handles=handles, loc="upper left")
    return ax


def sweep_seconds(summary: Mapping) -> dict[str, dict[str, float]]:
    """From the benchmarks' summary: seconds of each deck sweep, {method: {mode: seconds}}."""
    return {
        method: {mode: figures["sweep_seconds"] for mode, figures in modes.items()}
        for method, modes in summary["methods"].items()
    }


def plot_sweep_seconds(summary: Mapping, ax=None):
    """Grouped bars (log scale): each method's deck sweep in each mode, and the peers' distinct sweeps."""
    ax = _axes(ax, figsize=(12, 6))
    table = sweep_seconds(summary)
    modes = [mode for mode in MODE_WORDS if any(mode in row for row in table.values())]
    width = 0.8 / len(modes)
    methods = list(table)
    for k, mode in enumerate(modes):
        xs = [i + (k - (len(modes) - 1) / 2) * width for i, method in enumerate(methods) if mode in table[method]]
        ys = [table[method][mode] for method in methods if mode in table[method]]
        colors = [METHOD_COLORS.get(method, BAR_COLOR) for method in methods if mode in table[method]]
        ax.bar(xs, ys, width=width, color=colors, hatch=MODE_HATCHES.get(mode, ""), edgecolor="black")
    # Colour is the method (as in t24.plots); the hatching is the mode, so the legend shows hatches.
    handles = [Patch(facecolor="white", edgecolor="black", hatch=MODE_HATCHES.get(mode, ""), label=MODE_WORDS[mode])
               for mode in modes]
    peers = {name: figures for name, figures in summary.get("peers", {}).items() if not name.startswith("t24")}
    labels = list(methods)
    for j, (name, figures) in enumerate(peers.items()):
        ax.bar(len(methods) + j, figures["seconds"], width=width * 1.5, color=PEER_COLOR, edgecolor="black",
               hatch=MODE_HATCHES["distinct"])
        labels.append(f"{name}\n(PyPI)")
    if peers:
        handles.append(Patch(facecolor=PEER_COLOR, edgecolor="black", hatch=MODE_HATCHES["distinct"],
                             label="PyPI solver: its own distinct answers"))
    ax.set_xticks(range(len(labels)), labels)
    ax.set_yscale("log")
    ax.yaxis.set_major_locator(FixedLocator(LOG_TICKS))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _pos: f"{y:g} s"))
    ax.grid(True, axis="y", alpha=0.3)
    hands = summary.get("hands")
    _finish(ax, f"Sweeping the deck ({hands:,} hands) with each method" if hands else "Sweeping the deck",
            "method", "time for the whole deck (s, log scale)", handles=handles, loc="upper left", ncols=2)
    return ax
