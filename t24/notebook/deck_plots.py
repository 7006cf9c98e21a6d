"""Plots for the notebook "The whole deck": the figures of `t24.deck` and `t24.game`, drawn.

The deck notebook asks questions about all 1820 hands at once: how many make 24, how many
distinct answers each has, how hard the hands are, which targets are easiest, and what happens
with more cards. `t24.deck` and `t24.game` compute the figures; the functions here only draw
them, readable on a projector (sizes from `t24.notebook.style`), every axis linear and labelled
with its unit, and a title that states what the figure shows, computed from the data:

* `plot_solvable_counts` — solvable and unsolvable hands for cards 1–9, 1–10 and 1–13;
* `plot_answer_counts` — how many hands have 0, 1, 2, … distinct answers;
* `plot_levels` — how many hands the game rates easy, medium, hard and very hard;
* `plot_target_counts` — for each target 1–100, how many hands make it, 24 and the easiest marked;
* `plot_solvable_share` — the share of hands that make 24, by the count of cards.

Timings are not drawn here: the benchmarks have their own notebook. Each function takes plain
data (dicts as those modules return them), draws on `ax` when given (else on a new figure), and
returns the Axes; showing it is left to the caller (`plt.show()`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from .style import FONT, new_axes
from .style import finish as _style_finish

SOLVABLE_COLOR, UNSOLVABLE_COLOR = "tab:green", "tab:gray"
HIGHLIGHT_COLOR, EASIEST_COLOR, BAR_COLOR = "tab:red", "tab:orange", "tab:blue"
LEVEL_COLORS = {"easy": "tab:green", "medium": "tab:olive", "hard": "tab:orange", "very hard": "tab:red"}


def _finish(ax, title: str, xlabel: str, ylabel: str, handles=None, **legend_options) -> None:
    """The house finish (title, labels, grid), always with a legend."""
    _style_finish(ax, title, xlabel, ylabel, legend=True, handles=handles, **legend_options)


def _percent(part: int, whole: int) -> str:
    return f"{part / whole:.0%}"


def plot_solvable_counts(counts: Mapping[str, Mapping[str, int]], target="24", ax=None):
    """Stacked bars: solvable and unsolvable hands per deck (`t24.deck.solvable_counts()`)."""
    ax = new_axes(ax)
    names = list(counts)
    labels = [f"cards {name}\n({counts[name]['hands']:,} hands)" for name in names]
    solvable = [counts[name]["solvable"] for name in names]
    unsolvable = [counts[name]["hands"] - counts[name]["solvable"] for name in names]
    ax.bar(labels, solvable, color=SOLVABLE_COLOR, label=f"make {target}")
    ax.bar(labels, unsolvable, bottom=solvable, color=UNSOLVABLE_COLOR, label=f"cannot make {target}")
    for x, (good, bad) in enumerate(zip(solvable, unsolvable)):
        ax.text(x, good / 2, f"{good:,}\n{good / (good + bad):.1%}", ha="center", va="center", color="white",
                fontsize=FONT["label"], fontweight="bold")
        ax.text(x, good + bad / 2, f"{bad:,}", ha="center", va="center", color="white", fontsize=FONT["label"])
    ax.set_ylim(0, max(good + bad for good, bad in zip(solvable, unsolvable)) * 1.15)
    shares = ", ".join(f"{_percent(counts[n]['solvable'], counts[n]['hands'])} of cards {n}" for n in names)
    _finish(ax, f"Hands that make {target}: {shares}", "deck (cards used)", "hands (count)",
            loc="upper left")
    return ax


def plot_answer_counts(per_hand: Mapping[Sequence[int], int], ax=None):
    """Bars: how many hands have 0, 1, 2, … distinct answers (`t24.deck.distinct_counts()`)."""
    ax = new_axes(ax)
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
    ax.set_xlim(-0.7, most + 0.7)
    ax.set_ylim(0, max(heights) * 1.1)
    commonest = max((x for x in xs if x), key=lambda x: (histogram.get(x, 0), -x), default=0)
    _finish(ax, f"Most solvable hands have few distinct answers; {commonest} is the commonest count",
            f"distinct answers of the hand (count; {len(per_hand):,} hands)",
            "hands (count)", handles=handles)
    return ax


def plot_levels(levels: Mapping[str, int], ax=None):
    """Bars: hands per difficulty level, in the game's order (`t24.game.LEVELS`)."""
    ax = new_axes(ax, figsize=(9, 5))
    names = [name for name in LEVEL_COLORS if name in levels] + [n for n in levels if n not in LEVEL_COLORS]
    heights = [levels[name] for name in names]
    bars = ax.bar(names, heights, color=[LEVEL_COLORS.get(name, BAR_COLOR) for name in names])
    total = sum(heights)
    handles = [Patch(color=LEVEL_COLORS.get(name, BAR_COLOR), label=f"{name} ({levels[name] / total:.0%})")
               for name in names]
    ax.bar_label(bars, labels=[f"{h:,}" for h in heights], fontsize=FONT["label"])
    ax.set_ylim(0, max(heights) * 1.15)
    top = max(names, key=lambda name: levels[name])
    _finish(ax, f"Most of the {total:,} solvable hands are {top} ({levels[top] / total:.0%})",
            "difficulty level (t24.game.difficulty)", "hands (count)", handles=handles)
    return ax


def plot_target_counts(counts: Mapping[int, int], hands: int, highlight: int = 24, ax=None):
    """Bars: for each target, how many of the `hands` make it; `highlight` and the easiest marked."""
    ax = new_axes(ax, figsize=(12, 5.5))
    targets = list(counts)
    easiest = max(targets, key=lambda t: (counts[t], -t))
    colors = [HIGHLIGHT_COLOR if t == highlight else EASIEST_COLOR if t == easiest else BAR_COLOR for t in targets]
    ax.bar(targets, [counts[t] for t in targets], color=colors, width=0.85)
    handles = [
        Patch(color=BAR_COLOR, label="hands that make the target"),
        Patch(color=EASIEST_COLOR, label=f"easiest: {easiest} ({counts[easiest]:,} hands)"),
    ]
    title = f"{easiest} is the easiest target"
    if highlight in counts:
        rank = sorted(counts.values(), reverse=True).index(counts[highlight]) + 1
        handles.append(Patch(color=HIGHLIGHT_COLOR,
                             label=f"{highlight}: {counts[highlight]:,} hands (rank {rank} of {len(counts)})"))
        title += f"; {highlight} ranks {rank} of {len(counts)}"
        if all(counts[t] < counts[highlight] for t in targets if t > highlight):
            title += ", ahead of every larger target"
    ax.axhline(hands, color="black", linestyle="--", linewidth=1.5, label=f"all {hands:,} hands")
    ax.set_xlim(min(targets) - 1, max(targets) + 1)
    ax.set_ylim(0, hands * 1.25)
    _finish(ax, title, "target (whole number)", "hands that make it (count)",
            handles=handles, loc="upper right", ncols=2)
    return ax


def plot_solvable_share(shares: Mapping[int, tuple[int, int]], exact_counts: Sequence[int] = (), target="24",
                        deck_name: str = "cards 1–13", ax=None):
    """Bars: share of hands that make the target, by count of cards; {count: (solvable, hands)}.

    `exact_counts` names the counts whose figure covers every hand of the deck (the others are samples).
    """
    ax = new_axes(ax, figsize=(9, 5))
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
    ax.set_ylim(0, 115)
    ax.set_yticks(range(0, 101, 20))
    title = f"More cards, more hands make {target}"
    if len(counts) > 1:
        title += f": {values[0]:.0%} with {counts[0]} cards, {values[-1]:.0%} with {counts[-1]}"
    _finish(ax, title, "cards in the hand (count)", f"hands that make {target} (%)", handles=handles,
            loc="upper left")
    return ax
