"""Plots and tables that compare the four methods, from the saved benchmark results.

Notebook 04 asks which approach a slider should call. The lab answers for one hand; these
figures answer for the whole deck, from the files `t24 bench` writes to `benchmarks/results/`
(read with `t24.bench.load_results()`), so a notebook can show them without rerunning anything:

* `plot_per_hand_times` — how long each method takes per hand, over every hand of the deck;
* `plot_growth` — how the time grows with the count of numbers (2 to 6), beside the candidate
  counts each method implies (11 × 24 × 64 patterns, 5 × 24 × 64 postfix shapes, 36 × 18 × 6
  final numbers for four cards), and where a method refuses;
* `plot_solvable_vs_unsolvable` — why "is there an answer?" costs most when there is none;
* `plot_peers` — t24 beside the PyPI solvers `game24` and `point24`, when they were run;
* `agreement_table` — the distinct answers of every method, side by side, for a few hands.

The plot functions take rows as `csv.DictReader` gives them (strings) or already converted,
return the Axes or Figure they drew on, and leave showing it to the caller (`plt.show()`).
"""

from __future__ import annotations

import html
import math
import random
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence

import matplotlib.pyplot as plt
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

from ..hand import as_target
from ..solver import METHODS, solve
from ..text import describe

FIGSIZE = (10, 5.5)
FONT = {"title": 15, "label": 13, "tick": 12, "legend": 12, "note": 11}
# One colour per method in every figure, so a student can follow "postfix" from plot to plot.
METHOD_COLORS = dict(zip(METHODS, ("tab:blue", "tab:orange", "tab:green", "tab:red")))
OTHER_COLOR = "tab:gray"
# What "candidates" counts for each method (see t24.bench.candidates).
CANDIDATE_WORDS = {"fast": "fast (values it tabulates)"}
MODE_WORDS = {
    "all": "all answers", "distinct": "distinct answers", "first": "first answer", "can_make": "can it be made?",
}


# --- reading rows -------------------------------------------------------------------------

def _records(rows) -> list[dict]:
    """Rows as a list of dicts, whether from csv.DictReader, a list, or a DataFrame."""
    if hasattr(rows, "to_dict"):
        return rows.to_dict("records")
    return [dict(row) for row in rows]


def _number(value) -> float:
    """A CSV cell as a float; empty cells and None are NaN."""
    if value is None or value == "":
        return math.nan
    return float(value)


def _flag(value) -> bool:
    """A CSV cell as a bool: True, 1, 'True', 'true', 'yes', '1'."""
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes", "y")
    return bool(value) and not (isinstance(value, float) and math.isnan(value))


def _method_order(names: Iterable[str]) -> list[str]:
    """Methods in `t24.METHODS` order, then any others alphabetically."""
    names = set(names)
    return [m for m in METHODS if m in names] + sorted(names - set(METHODS))


def _color(method: str) -> str:
    return METHOD_COLORS.get(method, OTHER_COLOR)


def _ms(seconds: float) -> str:
    """A duration in the units a person reads best: `85 µs`, `2.1 ms`, `0.41 s`."""
    if seconds < 1e-4:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 0.1:
        return f"{seconds * 1e3:.1f} ms" if seconds < 0.01 else f"{seconds * 1e3:.0f} ms"
    return f"{seconds:.2f} s" if seconds < 1 else f"{seconds:.1f} s"


def _new_axes(ax, figsize=FIGSIZE):
    if ax is None:
        _fig, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def _plain_log_ms(axis) -> None:
    """Label a log axis of milliseconds 0.01, 0.1, 1, 10 rather than 10⁻², 10⁻¹, 10⁰, 10¹."""
    axis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:g}"))


def _finish(ax, title: str, xlabel: str, ylabel: str) -> None:
    ax.set_title(title, fontsize=FONT["title"])
    ax.set_xlabel(xlabel, fontsize=FONT["label"])
    ax.set_ylabel(ylabel, fontsize=FONT["label"])
    ax.tick_params(labelsize=FONT["tick"])
    ax.grid(True, which="major", axis="y", alpha=0.3)


# --- per-hand times over the deck ----------------------------------------------------------

def times_by_method(deck_rows, mode: str = "all") -> dict[str, list[float]]:
    """Seconds per hand for each method in one mode, methods in the common order."""
    found = defaultdict(list)
    for row in _records(deck_rows):
        if row["mode"] == mode:
            seconds = _number(row["seconds"])
            if not math.isnan(seconds):
                found[row["method"]].append(seconds)
    return {method: found[method] for method in _method_order(found)}


def plot_per_hand_times(deck_rows, mode: str = "all", ax=None):
    """Box plots of the time per hand over the deck, one per method, on a log axis in ms."""
    times = times_by_method(deck_rows, mode)
    if not times:
        raise ValueError(f"no deck rows in mode {mode!r}")
    ax = _new_axes(ax)
    methods = list(times)
    data = [[s * 1e3 for s in times[m]] for m in methods]
    boxes = ax.boxplot(
        data, whis=(0, 100), widths=0.55, patch_artist=True,
        medianprops={"color": "black", "linewidth": 2.5},
    )
    ax.set_xticks(range(1, len(methods) + 1), methods)
    for box, method in zip(boxes["boxes"], methods):
        box.set_facecolor(_color(method))
        box.set_alpha(0.45)
    # One dot per hand, spread sideways (a fixed seed, so the picture is the same every run).
    jitter = random.Random(24)
    for position, (method, values) in enumerate(zip(methods, data), start=1):
        ax.scatter([position + jitter.uniform(-0.2, 0.2) for _ in values], values, s=4, alpha=0.25,
                   color=_color(method), linewidths=0, zorder=3)
    for position, values in enumerate(data, start=1):
        median = statistics.median(values)
        ax.text(position + 0.31, median, _ms(median / 1e3), va="center", fontsize=FONT["note"])
    ax.set_yscale("log")
    _plain_log_ms(ax.yaxis)
    hands = max(len(v) for v in data)
    handles = [Patch(facecolor=_color(m), alpha=0.45, label=m) for m in methods]
    handles.append(Line2D([], [], color="gray", marker="o", linestyle="none", markersize=4, label="one hand"))
    handles.append(Line2D([], [], color="black", linewidth=2.5, label="median"))
    handles.append(Patch(facecolor="none", edgecolor="black", label="middle half"))
    handles.append(Line2D([], [], color="black", linewidth=1, marker="_", markersize=12, label="whiskers: min, max"))
    ax.legend(handles=handles, fontsize=FONT["legend"], loc="upper left", bbox_to_anchor=(1.01, 1))
    _finish(
        ax, f"Time per hand over the deck ({hands} hands, {MODE_WORDS.get(mode, mode)})",
        "method", "time per hand (ms, log scale)",
    )
    ax.set_xlim(0.5, len(methods) + 0.8)  # room for the median labels
    return ax


# --- growth with the count of numbers ------------------------------------------------------

def growth_series(growth_rows, mode: str = "all") -> dict[str, list[dict]]:
    """For each method, its growth rows in one mode sorted by count, with numbers converted."""
    series = defaultdict(list)
    for row in _records(growth_rows):
        if row["mode"] != mode:
            continue
        series[row["method"]].append({
            "count": int(_number(row["count"])),
            "seconds_median": _number(row["seconds_median"]),
            "seconds_max": _number(row.get("seconds_max")),
            "candidates": _number(row.get("candidates")),
            "refused": _flag(row.get("refused")),
        })
    return {m: sorted(series[m], key=lambda p: p["count"]) for m in _method_order(series)}


def plot_growth(growth_rows, mode: str = "all", axes=None):
    """Median time per hand against the count of numbers (log scale), beside the candidate counts.

    Returns the figure; `axes` may be a pair of Axes to draw into (time, candidates).
    """
    series = growth_series(growth_rows, mode)
    if not series:
        raise ValueError(f"no growth rows in mode {mode!r}")
    if axes is None:
        fig, axes = plt.subplots(1, 2, figsize=(13, 5.5), layout="constrained")
    time_ax, candidates_ax = axes
    counts = sorted({p["count"] for points in series.values() for p in points})
    any_refused = 0  # methods refused so far
    for method, points in series.items():
        done = [p for p in points if not p["refused"] and not math.isnan(p["seconds_median"])]
        time_ax.plot(
            [p["count"] for p in done], [p["seconds_median"] * 1e3 for p in done],
            marker="o", linewidth=2.5, markersize=8, color=_color(method), label=method,
        )
        refused = [p["count"] for p in points if p["refused"]]
        if refused:
            # Refused searches have no time: mark them near the top edge, at their count, one
            # method under the other so that marks at the same count stay visible.
            height = 0.95 - 0.07 * any_refused
            any_refused += 1
            time_ax.plot(
                refused, [height] * len(refused), linestyle="none", marker="X", markersize=13,
                color=_color(method), transform=time_ax.get_xaxis_transform(), clip_on=False,
            )
        known = [p for p in points if not math.isnan(p["candidates"])]
        if known:
            candidates_ax.plot(
                [p["count"] for p in known], [p["candidates"] for p in known],
                marker="s", linewidth=2.5, markersize=7, color=_color(method),
                label=CANDIDATE_WORDS.get(method, method),
            )
            for p in known:
                if p["refused"]:
                    candidates_ax.plot(p["count"], p["candidates"], marker="X", markersize=13,
                                       color=_color(method), linestyle="none")
    time_ax.set_yscale("log")
    _plain_log_ms(time_ax.yaxis)
    candidates_ax.set_yscale("log")
    handles, _labels = time_ax.get_legend_handles_labels()
    if any_refused:
        handles.append(Line2D([], [], marker="X", markersize=12, color="dimgray", linestyle="none",
                              label="refused: too many candidates"))
    time_ax.legend(handles=handles, fontsize=FONT["legend"], loc="lower right")
    for ax in axes:
        ax.set_xticks(counts)
    _finish(time_ax, f"Time grows with the count of numbers ({MODE_WORDS.get(mode, mode)})",
            "count of numbers in the hand", "median time per hand (ms, log scale)")
    _finish(candidates_ax, "The work each method implies",
            "count of numbers in the hand", "candidates per hand (log scale)")
    if candidates_ax.get_legend_handles_labels()[0]:
        handles, _labels = candidates_ax.get_legend_handles_labels()
        if any_refused:
            handles.append(Line2D([], [], marker="X", markersize=12, color="dimgray", linestyle="none",
                                  label="past the method's limit"))
        candidates_ax.legend(handles=handles, fontsize=FONT["legend"], loc="upper left")
    return time_ax.figure


# --- solvable versus unsolvable hands ------------------------------------------------------

def solvable_hands(deck_rows) -> set[str]:
    """The hands that have an answer, read from the deck rows themselves."""
    solvable = set()
    for row in _records(deck_rows):
        if row["mode"] == "can_make":
            if _flag(row["answers"]):
                solvable.add(row["hand"])
        elif _number(row["answers"]) > 0:
            solvable.add(row["hand"])
    return solvable


def median_by_outcome(deck_rows, modes: Sequence[str]) -> list[dict]:
    """Median seconds per (mode, method) for solvable and for unsolvable hands."""
    rows = _records(deck_rows)
    solvable = solvable_hands(rows)
    groups = defaultdict(lambda: {True: [], False: []})
    for row in rows:
        if row["mode"] in modes:
            seconds = _number(row["seconds"])
            if not math.isnan(seconds):
                groups[(row["mode"], row["method"])][row["hand"] in solvable].append(seconds)
    out = []
    for mode in modes:
        for method in _method_order(m for (md, m) in groups if md == mode):
            group = groups[(mode, method)]
            out.append({
                "mode": mode, "method": method,
                "solvable": statistics.median(group[True]) if group[True] else math.nan,
                "unsolvable": statistics.median(group[False]) if group[False] else math.nan,
                "hands": (len(group[True]), len(group[False])),
            })
    return out


def plot_solvable_vs_unsolvable(deck_rows, modes: Sequence[str] = ("all", "first", "can_make"), ax=None):
    """Median time per hand for solvable and unsolvable hands, per method and mode (log ms)."""
    groups = median_by_outcome(deck_rows, modes)
    if not groups:
        raise ValueError(f"no deck rows in modes {modes!r}")
    ax = _new_axes(ax, figsize=(max(10, 1.15 * len(groups) + 1), 6))
    width = 0.38
    positions = range(len(groups))
    solvable_ms = [g["solvable"] * 1e3 for g in groups]
    unsolvable_ms = [g["unsolvable"] * 1e3 for g in groups]
    counts = groups[0]["hands"]
    ax.bar([x - width / 2 for x in positions], solvable_ms, width, color="tab:green",
           label=f"solvable hands ({counts[0]})")
    ax.bar([x + width / 2 for x in positions], unsolvable_ms, width, color="tab:purple",
           label=f"unsolvable hands ({counts[1]})")
    ax.set_xticks(list(positions), [g["method"] for g in groups])
    for x, (before, after) in enumerate(zip(groups, groups[1:])):
        if before["mode"] != after["mode"]:
            ax.axvline(x + 0.5, color="gray", linestyle=":", linewidth=1.5)
    ax.set_yscale("log")
    _plain_log_ms(ax.yaxis)
    # Name each mode once, above its group of methods; leave head room for the names.
    bottom, top = ax.get_ylim()
    ax.set_ylim(bottom, top * 4)
    for mode in dict.fromkeys(g["mode"] for g in groups):
        xs = [x for x, g in enumerate(groups) if g["mode"] == mode]
        ax.text((xs[0] + xs[-1]) / 2, 0.96, MODE_WORDS.get(mode, mode), transform=ax.get_xaxis_transform(),
                ha="center", va="top", fontsize=FONT["label"], fontweight="bold")
    ax.legend(fontsize=FONT["legend"], loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2)
    _finish(ax, "Hands with and without an answer", "method, grouped by what it is asked for",
            "median time per hand (ms, log scale)")
    return ax


# --- peers ----------------------------------------------------------------------------------

def plot_peers(peer_rows, ax=None):
    """Seconds for the whole-deck sweep, t24 beside the PyPI solvers, with the ratios."""
    rows = _records(peer_rows)
    if not rows:
        raise ValueError("no peer rows")
    rows.sort(key=lambda row: _number(row["seconds"]))
    ax = _new_axes(ax, figsize=(10, 1.2 + 1.1 * len(rows)))
    names = [row["solver"] for row in rows]
    seconds = [_number(row["seconds"]) for row in rows]
    colors = ["tab:blue" if name.startswith("t24") else OTHER_COLOR for name in names]
    bars = ax.barh(names, seconds, color=colors)
    for bar, row, value in zip(bars, rows, seconds):
        ratio = _number(row.get("ratio_vs_t24"))
        text = f" {_ms(value)}"
        if not (math.isnan(ratio) or row["solver"].startswith("t24")):
            text += f" = {ratio:.1f}× t24"
        if row.get("answers") not in (None, ""):
            text += f"; {int(_number(row['answers']))} answers"
        if row.get("checked_ok") not in (None, ""):
            text += ", all exact" if _flag(row["checked_ok"]) else ", some WRONG"
        ax.text(bar.get_width(), bar.get_y() + bar.get_height() / 2, text, va="center", fontsize=FONT["note"])
    # A linear axis: the bars' lengths are the times, and a short bar is the point.
    ax.set_xlim(0, max(seconds) * 2.1)
    ax.invert_yaxis()
    hands = rows[0].get("hands", "")
    ax.legend(handles=[Patch(color="tab:blue", label="t24"), Patch(color=OTHER_COLOR, label="PyPI peer")],
              fontsize=FONT["legend"], loc="upper right")
    _finish(ax, f"Every hand of the deck ({hands} hands), one process", "seconds for the whole sweep", "solver")
    ax.grid(True, axis="x", alpha=0.3)
    return ax


# --- the distinct answers agree --------------------------------------------------------------

def agreement_rows(hands: Iterable[Sequence[int]], target=24, methods: Sequence[str] = METHODS) -> list[dict]:
    """For each hand, every method's distinct answers: the count per method and whether they agree."""
    target = as_target(target)
    rows = []
    for hand in hands:
        hand = tuple(hand)
        answers = {m: solve(hand, target, method=m, distinct=True) for m in methods}
        texts = [[str(e) for e in exprs] for exprs in answers.values()]
        rows.append({
            "hand": hand,
            "counts": {m: len(exprs) for m, exprs in answers.items()},
            "agree": all(t == texts[0] for t in texts),
            "answers": answers[methods[0]],
        })
    return rows


def agreement_table(hands: Iterable[Sequence[int]], target=24, methods: Sequence[str] = METHODS,
                    show_at_most: int = 6) -> str:
    """HTML: one row per hand, the distinct-answer count of each method, whether they agree, the answers."""
    rows = agreement_rows(hands, target, methods)
    head = "".join(f"<th>{m}</th>" for m in methods)
    lines = [
        "<table>",
        f"<tr><th>hand</th>{head}<th>same answers?</th><th>the distinct answers (= {describe(as_target(target))})</th></tr>",
    ]
    for row in rows:
        counts = "".join(f"<td>{row['counts'][m]}</td>" for m in methods)
        shown = row["answers"][:show_at_most]
        more = len(row["answers"]) - len(shown)
        answers = "<br>".join(html.escape(expr.pretty()) for expr in shown) or "<i>none</i>"
        if more > 0:
            answers += f"<br>… and {more} more"
        lines.append(
            f"<tr><td>{' '.join(map(str, row['hand']))}</td>{counts}"
            f"<td>{'yes' if row['agree'] else '<b>NO</b>'}</td><td style='text-align: left'>{answers}</td></tr>"
        )
    lines.append("</table>")
    return "\n".join(lines)

