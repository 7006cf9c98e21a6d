"""Figures that compare the methods, drawn from the saved benchmark results.

Notebook 04 asks which method a slider should call. The lab answers for one hand; these figures
answer for many, from the files `t24 bench` saves (read with `t24.bench.load_results()`), so a
notebook shows them without rerunning anything:

* `plot_per_hand_times` — one dot per hand and method, the as-written methods above their
  optimised variants, all measured in one run on the same sample of hands;
* `plot_ratios` — each method's time for the sample as a multiple of fast's, on a linear axis:
  what each approach costs as written, and what compiling or memoising buys;
* `plot_growth` — how the time grows with the count of numbers (2 to 6), the refusals in a row
  of their own (a refused search has no time), beside the work each method implies;
* `plot_peers` — t24's fast method beside the PyPI solvers `game24` and `point24`;
* `agreement_table` — the distinct answers of every method, side by side, for a few hands.

Times are drawn as dots or on linear bars, never as bars on a log axis, and every title states
what the data shows, computed from the data. The functions take rows as `load_results()` or
`csv.DictReader` gives them, return the Axes or Figure they drew on, and leave showing it to the
caller (`plt.show()`).
"""

from __future__ import annotations

import html
import math
import random
import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

from ..hand import as_target
from ..methods import METHODS, TABLE
from ..solver import solve
from ..text import amount, describe, duration, hand_text
from .style import FONT, MODE_WORDS, PEER_COLOR, color, finish, method_order, new_axes

# The optimised variant that answers for each as-written method.
OPTIMISED_FOR = {"patterns": "patterns-compiled", "postfix": "postfix-compiled", "recursive": "fast"}
# What "candidates" counts for fast (see t24.bench.run.candidates).
CANDIDATE_WORDS = {"fast": "fast (values it tabulates)"}


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


def kind(method: str) -> str:
    """"as written" or "optimised" for a method of `t24.METHODS` (empty for anything else)."""
    return ("as written" if TABLE[method].as_written else "optimised") if method in TABLE else ""


def times_ratio(ratio: float) -> str:
    """A ratio as people say it: `212×`, `9×`, `2.4×`, `0.8×`."""
    return f"{ratio:,.0f}×" if ratio >= 10 else f"{ratio:.1f}×"


def _plain_log(axis) -> None:
    """Label a log axis 0.01, 0.1, 1, 10 rather than 10⁻², 10⁻¹, 10⁰, 10¹."""
    axis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:g}"))


def _log_limits(values: Sequence[float], margin: float = 1.6) -> tuple[float, float]:
    """Limits for a log axis that fit the data with a little room, not the next decade."""
    return min(values) / margin, max(values) * margin


# --- per-hand times on the same sample -----------------------------------------------------

def times_by_method(deck_rows, mode: str = "all", scope: str = "sample") -> dict[str, list[float]]:
    """Seconds per hand for each method in one mode and scope ("sample" or "deck"), in methods order."""
    found = defaultdict(list)
    for row in _records(deck_rows):
        if row["mode"] == mode and row.get("scope", "sample") == scope:
            seconds = _number(row["seconds"])
            if not math.isnan(seconds):
                found[row["method"]].append(seconds)
    return {method: found[method] for method in method_order(found)}


def slowest_versus(times: Mapping[str, Sequence[float]], baseline: str = "fast") -> tuple[str, float] | None:
    """The method whose total time is the largest multiple of the baseline's, and that multiple."""
    if baseline not in times or sum(times[baseline]) <= 0:
        return None
    base = sum(times[baseline])
    method = max(times, key=lambda m: sum(times[m]))
    return method, sum(times[method]) / base


def plot_per_hand_times(deck_rows, mode: str = "all", scope: str = "sample", ax=None):
    """A strip plot: one dot per hand, one row per method, the median marked; time in ms, log x axis."""
    times = times_by_method(deck_rows, mode, scope)
    if not times:
        raise ValueError(f"no {scope} rows in mode {mode!r}")
    methods = list(times)
    ax = new_axes(ax, figsize=(11, 1.2 + 0.85 * len(methods)))
    jitter = random.Random(24)  # a fixed seed: the same picture on every run
    rows = {method: len(methods) - 1 - index for index, method in enumerate(methods)}  # first method on top
    for method, seconds in times.items():
        y = rows[method]
        ax.scatter([s * 1e3 for s in seconds], [y + jitter.uniform(-0.25, 0.25) for _ in seconds], s=14,
                   alpha=0.6, color=color(method), linewidths=0, zorder=3)
        median = statistics.median(seconds)
        ax.plot([median * 1e3] * 2, [y - 0.38, y + 0.38], color="black", linewidth=2.5, zorder=4)
        ax.text(median * 1e3, y + 0.42, f"median {duration(median)}", ha="center", va="bottom",
                fontsize=FONT["note"])
    ax.set_yticks([rows[m] for m in methods], [f"{m}\n({kind(m)})" if kind(m) else m for m in methods])
    ax.set_ylim(-0.6, len(methods) - 0.2)
    written = [m for m in methods if kind(m) == "as written"]
    if written and len(written) < len(methods):
        ax.axhline(rows[written[-1]] - 0.5, color="gray", linewidth=1, linestyle=":")
    ax.set_xscale("log")
    ax.set_xlim(*_log_limits([s * 1e3 for values in times.values() for s in values], 2.0))
    _plain_log(ax.xaxis)
    hands = max(len(v) for v in times.values())
    handles = [Line2D([], [], color="gray", marker="o", linestyle="none", markersize=5, label="one hand"),
               Line2D([], [], color="black", linewidth=2.5, label="median hand")]
    words = MODE_WORDS.get(mode, mode)
    found = slowest_versus(times)
    if found and found[0] != "fast":
        method, ratio = found
        finding = f"{method} takes {times_ratio(ratio)} as long as fast"
        if scope == "sample" and kind(method) == "as written":
            title = f"As written, {finding} (the same {amount(hands)} hands, {words})"
        else:
            title = f"On {'the same' if scope == 'sample' else 'all'} {amount(hands)} hands, {finding} ({words})"
    else:
        title = f"Time per hand ({amount(hands)} hands, {words})"
    finish(ax, title, "time per hand (ms, log scale)", "", handles=handles, grid="x",
           loc="upper left", bbox_to_anchor=(1.01, 1))
    return ax


# --- ratios against fast, on a linear axis ----------------------------------------------------

def ratio_rows(summary: Mapping, mode: str = "all") -> list[dict]:
    """Each method's sample time as a multiple of fast's (one run, the same hands), in methods order."""
    ratios = summary.get("ratio_vs_fast", {}).get(mode, {})
    sample = summary.get("sample", {})
    return [
        {"method": m, "ratio": ratios[m], "kind": kind(m),
         "seconds": sample.get(m, {}).get(mode, {}).get("sweep_seconds", math.nan)}
        for m in method_order(ratios)
    ]


def ratio_finding(rows: Sequence[dict]) -> str:
    """What the ratios show, in words: the slowest as-written method, and what its variant brings."""
    ratio = {row["method"]: row["ratio"] for row in rows}
    written = [m for m in ratio if kind(m) == "as written"]
    if not written:
        return "Time for the sample as a multiple of fast's"
    slowest = max(written, key=ratio.get)
    text = f"As written, {slowest} takes {times_ratio(ratio[slowest])} as long as fast"
    variant = OPTIMISED_FOR.get(slowest)
    if variant in ratio and variant != "fast":
        text += f"; {variant}, {times_ratio(ratio[variant])}"
    return text


def plot_ratios(summary: Mapping, mode: str = "all", ax=None):
    """Linear bars: each method's time for the sample divided by fast's, labelled, as written vs optimised."""
    rows = ratio_rows(summary, mode)
    if not rows:
        raise ValueError(f"no ratios in mode {mode!r}")
    ax = new_axes(ax, figsize=(11, 1.4 + 0.75 * len(rows)))
    positions = list(range(len(rows)))[::-1]  # first method on top
    top = max(row["ratio"] for row in rows)
    for y, row in zip(positions, rows):
        written = row["kind"] == "as written"
        ax.barh(y, row["ratio"], height=0.6, color=color(row["method"]), edgecolor="black", linewidth=0.8,
                hatch=None if written else "//")
        note = times_ratio(row["ratio"])
        if not math.isnan(row["seconds"]):
            note += f"  ({duration(row['seconds'])} for the sample)"
        ax.text(row["ratio"] + top * 0.01, y, note, va="center", fontsize=FONT["note"])
    ax.set_yticks(positions, [f"{row['method']}\n({row['kind']})" for row in rows])
    ax.axvline(1, color="black", linewidth=1, linestyle=":")
    ax.set_xlim(0, top * 1.35)  # linear, from zero: room for the labels, no more
    hands = summary.get("sample_hands", "")
    handles = [Patch(facecolor="white", edgecolor="black", label="as written"),
               Patch(facecolor="white", edgecolor="black", hatch="//", label="optimised"),
               Line2D([], [], color="black", linestyle=":", label="as fast as fast (1×)")]
    finish(ax, ratio_finding(rows),
           f"time for the same {hands} hands, as a multiple of fast's ({MODE_WORDS.get(mode, mode)}; linear)", "",
           handles=handles, grid="x", loc="lower right")
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
    return {m: sorted(series[m], key=lambda p: p["count"]) for m in method_order(series)}


def refusals(series: Mapping[str, Sequence[dict]]) -> dict[str, list[int]]:
    """For each method that refused, the counts of numbers at which it refused."""
    found = {m: [p["count"] for p in points if p["refused"]] for m, points in series.items()}
    return {m: counts for m, counts in found.items() if counts}


def growth_finding(series: Mapping[str, Sequence[dict]], low: int = 4, high: int = 5) -> str:
    """How much one more number multiplies the median time, for the slowest-growing and for fast."""
    factors = {}
    for method, points in series.items():
        at = {p["count"]: p["seconds_median"] for p in points if not p["refused"]}
        if low in at and high in at and at[low] > 0 and not math.isnan(at[high]):
            factors[method] = at[high] / at[low]
    if not factors:
        return "Time per hand against the count of numbers"
    worst = max(factors, key=factors.get)
    text = f"From {low} to {high} numbers, {worst} gets {times_ratio(factors[worst])} slower"
    if "fast" in factors and worst != "fast":
        text += f", fast {times_ratio(factors['fast'])}"
    return text


def plot_growth(growth_rows, mode: str = "all"):
    """Median time per hand against the count of numbers, refusals in a row apart, and the work implied.

    Returns the figure (its suptitle states the finding): axes[0] times (log ms), axes[1] the refusals,
    axes[2] candidates per hand.
    """
    series = growth_series(growth_rows, mode)
    if not series:
        raise ValueError(f"no growth rows in mode {mode!r}")
    refused = refusals(series)
    fig = plt.figure(figsize=(14, 6.5), layout="constrained")
    grid = fig.add_gridspec(2, 2, height_ratios=(5, 0.6 + 0.45 * max(1, len(refused))), width_ratios=(1.15, 1))
    time_ax = fig.add_subplot(grid[0, 0])
    refused_ax = fig.add_subplot(grid[1, 0], sharex=time_ax)
    candidates_ax = fig.add_subplot(grid[:, 1])
    counts = sorted({p["count"] for points in series.values() for p in points})
    timed = []
    for method, points in series.items():
        done = [p for p in points if not p["refused"] and not math.isnan(p["seconds_median"])]
        time_ax.plot([p["count"] for p in done], [p["seconds_median"] * 1e3 for p in done], marker="o",
                     linewidth=2.5, markersize=8, color=color(method), label=method)
        timed += [p["seconds_median"] * 1e3 for p in done]
        known = [p for p in points if not math.isnan(p["candidates"])]
        if known:
            candidates_ax.plot([p["count"] for p in known], [p["candidates"] for p in known], marker="s",
                               linewidth=2.5, markersize=7, color=color(method),
                               label=CANDIDATE_WORDS.get(method, method))
            for p in known:
                if p["refused"]:
                    candidates_ax.plot(p["count"], p["candidates"], marker="X", markersize=14, color=color(method),
                                       markeredgecolor="black", linestyle="none")
    time_ax.set_yscale("log")
    if timed:
        time_ax.set_ylim(*_log_limits(timed, 2.5))
    _plain_log(time_ax.yaxis)
    time_ax.set_xticks(counts)
    time_ax.tick_params(labelbottom=False)
    fig.suptitle(growth_finding(series), fontsize=FONT["title"] + 1)
    finish(time_ax, "Time per hand", "", "median time per hand (ms, log scale)", legend=True, loc="upper left")
    # Refused searches have no time: a row of their own under the time axis, one line per method.
    names = list(refused) or ["none"]
    for row, method in enumerate(names):
        at = refused.get(method, [])
        if at:
            refused_ax.plot(at, [row] * len(at), marker="X", markersize=12, color=color(method), linestyle="none")
            words = " and ".join(str(count) for count in at)
            refused_ax.text(at[0] - 0.15, row, f"{method}: refused at {words} numbers", ha="right", va="center",
                            fontsize=FONT["note"])
    refused_ax.set_yticks(range(len(names)), names if refused else [""])
    refused_ax.set_ylim(len(names) - 0.5, -0.5)
    refused_ax.set_xlim(min(counts) - 0.4, max(counts) + 0.4)
    refused_ax.set_xticks(counts)
    finish(refused_ax, "", "count of numbers in the hand", "refused\n(no time)", grid=None)
    refused_ax.tick_params(axis="y", labelsize=FONT["note"])
    if not refused:
        refused_ax.text(0.5, 0.5, "no method refused", transform=refused_ax.transAxes, ha="center", va="center",
                        fontsize=FONT["note"])
    candidates_ax.set_yscale("log")
    candidates_ax.set_xticks(counts)
    handles = []
    if refused:
        handles.append(Line2D([], [], marker="X", markersize=12, color="dimgray", markeredgecolor="black",
                              linestyle="none", label="past the method's limit: refused"))
    known = [(p["candidates"], m) for m, points in series.items() for p in points if not math.isnan(p["candidates"])]
    biggest = next(pair for pair in known if pair[0] == max(count for count, _m in known))  # first in methods order
    unit = TABLE[biggest[1]].size_unit if biggest[1] in TABLE and TABLE[biggest[1]].size_unit else "candidates"
    finish(candidates_ax, f"{biggest[1]}: {amount(int(biggest[0]))} {unit} at {max(counts)} numbers",
           "count of numbers in the hand", "candidates per hand (median hand, log scale)",
           legend=True, handles=handles, loc="upper left")
    return fig


# --- peers ----------------------------------------------------------------------------------

def _is_t24(name: str) -> bool:
    return name.startswith("t24")


def peer_finding(rows: Sequence[dict]) -> str:
    """The slowest peer as a multiple of t24, in words."""
    peers = [row for row in rows if not _is_t24(row["solver"]) and not math.isnan(_number(row.get("ratio_vs_t24")))]
    hands = rows[0].get("hands", "")
    if not peers:
        return f"t24 on every hand ({hands} hands)"
    slowest = max(peers, key=lambda row: _number(row["ratio_vs_t24"]))
    return f"On {amount(int(_number(hands)))} hands, {slowest['solver']} takes {times_ratio(_number(slowest['ratio_vs_t24']))} as long as t24's fast"


def plot_peers(peer_rows, ax=None):
    """Linear bars: seconds for the same hands, t24's fast method beside the PyPI solvers, labelled."""
    rows = _records(peer_rows)
    if not rows:
        raise ValueError("no peer rows")
    rows.sort(key=lambda row: _number(row["seconds"]))
    ax = new_axes(ax, figsize=(11, 1.6 + 1.0 * len(rows)))
    seconds = [_number(row["seconds"]) for row in rows]
    top = max(seconds)
    positions = list(range(len(rows)))[::-1]
    for y, row, value in zip(positions, rows, seconds):
        ax.barh(y, value, height=0.6, color=color("fast") if _is_t24(row["solver"]) else PEER_COLOR)
        text = duration(value)
        ratio = _number(row.get("ratio_vs_t24"))
        if not (math.isnan(ratio) or _is_t24(row["solver"])):
            text += f" = {times_ratio(ratio)} t24"
        inside = value > 0.5 * top  # a long bar holds its label; a short one has it beside
        ax.text(value - top * 0.01 if inside else value + top * 0.01, y, text, va="center",
                ha="right" if inside else "left", color="white" if inside else "black", fontsize=FONT["note"],
                fontweight="bold" if inside else "normal")
    labels = []
    for row in rows:
        label = row["solver"]
        if row.get("answers") not in (None, ""):
            label += f"\n{amount(int(_number(row['answers'])))} answers"
        if row.get("checked_ok") not in (None, ""):
            label += ", all exact" if _flag(row["checked_ok"]) else ", some wrong"
        labels.append(label)
    ax.set_yticks(positions, labels)
    ax.set_xlim(0, top * 1.05)
    handles = [Patch(color=color("fast"), label="t24 (fast)"), Patch(color=PEER_COLOR, label="PyPI solver")]
    finish(ax, peer_finding(rows), "seconds for every hand, one process (linear)", "", handles=handles, grid="x",
           loc="upper right")
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
                    show_at_most: int = 4) -> str:
    """HTML: one row per hand, the distinct-answer count of each method, whether they agree, the answers."""
    return agreement_html(agreement_rows(hands, target, methods), target, methods, show_at_most)


def agreement_html(rows: Sequence[dict], target=24, methods: Sequence[str] = METHODS, show_at_most: int = 4) -> str:
    """The HTML of `agreement_table` from rows already computed by `agreement_rows`."""
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
            f"<tr><td>{hand_text(row['hand'])}</td>{counts}"
            f"<td>{'yes' if row['agree'] else '<b>NO</b>'}</td><td style='text-align: left'>{answers}</td></tr>"
        )
    lines.append("</table>")
    return "\n".join(lines)

