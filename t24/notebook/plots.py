"""The lessons' figures of the saved benchmarks, then of the deck: projector sizes, each method in
its `TABLE` colour, a title that states the finding; each draws on `ax` (else a new figure)."""

import html
import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
from IPython import get_ipython
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, MaxNLocator

from ..bench import MODE_WORDS
from ..game import HANDS
from ..game import LEVELS as GAME_LEVELS
from ..hand import ANSWERS, InputError, as_target
from ..methods import METHODS, TABLE
from ..solver import solve
from ..text import N_, _, describe, duration, hand_text, plural, said
from .widgets import table_html

FONT = {"title": 15, "label": 13, "tick": 12, "legend": 12, "note": 11}
GREY = "#7f7f7f"  # matplotlib's "tableau" colours
BLUE = "#1f77b4"
GREEN = "#2ca02c"
RED = "#d62728"
ORANGE = "#ff7f0e"
LEVELS = dict(zip(GAME_LEVELS, (GREEN, "#bcbd22", ORANGE, RED)))  # easy to very hard
# A figure's text alternative, from what its axes hold: the first kind counted, then its words.
KINDS = {
    "bar": (N_("Bar chart of {n} bar"), N_("Bar chart of {n} bars")),
    "point": (N_("Network of {n} point"), N_("Network of {n} points")),
    "dot": (N_("Dot plot of {n} dot"), N_("Dot plot of {n} dots")),
    "line": (N_("Line chart of {n} line"), N_("Line chart of {n} lines")),
}
PARTS = ("{text}", N_("across: {text}"), N_("up: {text}"), N_("key: {text}"))
IMG = '<img src="data:image/png;base64,{}" alt="{}">'


def new_axes(ax=None, figsize=(10, 5.5)):
    """The axes to draw on: the given ones, or a new figure's at projector size."""
    return plt.subplots(figsize=figsize, layout="constrained")[1] if ax is None else ax


def finish(ax, title, xlabel, ylabel, legend=False, handles=(), grid="y", **legend_options):
    """Title, axis labels, ticks, an optional grid and legend, all at projector sizes."""
    ax.set_title(title, fontsize=FONT["title"])
    ax.set_xlabel(xlabel, fontsize=FONT["label"])
    ax.set_ylabel(ylabel, fontsize=FONT["label"])
    ax.tick_params(labelsize=FONT["tick"])
    if grid:
        ax.grid(True, axis=grid, alpha=0.3)
        ax.set_axisbelow(True)
    if legend or handles:
        drawn = ax.get_legend_handles_labels()[0] + list(handles)
        ax.legend(handles=drawn, fontsize=FONT["legend"], **legend_options)


def percent(part: int, whole: int) -> str:
    """A share in whole percent, with a decimal where rounding would say 0% or 100% wrongly."""
    text = f"{part / whole:.0%}"
    return f"{part / whole:.1%}" if text in ("0%", "100%") and 0 < part < whole else text


def times_ratio(ratio: float) -> str:
    """A ratio as people say it: `212×`, `2.4×`."""
    return f"{ratio:,.0f}×" if ratio >= 10 else f"{ratio:.1f}×"


def _log(axis, values: Sequence[float], margin: float) -> None:
    """A log axis labelled 0.1, 1, 10 that fits the data with a little room."""
    axis.axes.set(**{f"{axis.axis_name}scale": "log"})
    axis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:g}"))
    axis.axes.set(**{f"{axis.axis_name}lim": (min(values) / margin, max(values) * margin)})


def _by_method(rows, key) -> dict[str, list]:
    """Rows grouped by method (those of `t24.METHODS`, in its order)."""
    found = defaultdict(list)
    for row in rows:
        found[row["method"]].append(key(row))
    return {m: found[m] for m in METHODS if found[m]}


def plot_per_hand_times(deck_rows, mode: str = "all", scope: str = "sample", ax=None):
    """One dot per hand, a row per method, the median marked; time in ms on a log axis."""
    rows = [r for r in deck_rows if r["mode"] == mode and r["scope"] == scope]
    times = _by_method(rows, lambda row: row["seconds"])
    if not times:
        raise InputError(_("no {scope} rows in mode {mode}").format(scope=scope, mode=repr(mode)))
    ax = new_axes(ax, (11, 1.2 + 0.85 * len(times)))
    jitter = random.Random(24)  # the same picture on every run
    for y, (method, seconds) in enumerate(reversed(times.items())):
        ys = [y + jitter.uniform(-0.25, 0.25) for _ in seconds]
        ax.scatter([s * 1e3 for s in seconds], ys, s=14, alpha=0.6, color=TABLE[method].colour)
        median = statistics.median(seconds) * 1e3
        ax.plot([median] * 2, [y - 0.38, y + 0.38], color="black", linewidth=2.5)
        ax.text(median, y + 0.42, said("median {time}", time=duration(median / 1e3)), ha="center")
    ax.set_yticks(range(len(times)), [f"{m}\n({_(TABLE[m].label)})" for m in reversed(times)])
    _log(ax.xaxis, [s * 1e3 for values in times.values() for s in values], 2.0)
    medians = {method: statistics.median(seconds) for method, seconds in times.items()}
    slowest = max(medians, key=medians.get)
    words = {"time": duration(medians[slowest]), "method": slowest, "mode": _(MODE_WORDS[mode])}
    words["hands"] = plural(max(map(len, times.values())), *HANDS)
    if "fast" in medians and slowest != "fast":
        title = _("The median hand: {time} with {method}, {fast} with fast ({hands}, {mode})")
        title = title.format(fast=duration(medians["fast"]), **words)
    else:
        title = _("The median hand: {time} with {method} ({hands}, {mode})").format(**words)
    handles = [Line2D([], [], color="black", linewidth=2.5, label=_("median hand"))]
    finish(ax, title, _("time per hand (ms, log scale)"), "", handles=handles, grid="x")
    return ax


def plot_ratios(summary: Mapping, mode: str = "all", ax=None):
    """Linear bars: each method's time for the sample divided by fast's, as written vs optimised."""
    found = summary.get("ratio_vs_fast", {}).get(mode, {})
    ratio = {m: found[m] for m in METHODS if m in found}
    if not ratio:
        raise InputError(_("no ratios in mode {mode}").format(mode=repr(mode)))
    ax = new_axes(ax, (11, 1.4 + 0.75 * len(ratio)))
    for y, (m, value) in enumerate(reversed(ratio.items())):
        hatch = None if TABLE[m].as_written else "//"
        ax.barh(y, value, height=0.6, color=TABLE[m].colour, edgecolor="black", hatch=hatch)
        ax.text(value + max(ratio.values()) * 0.01, y, times_ratio(value), va="center")
    ax.set_yticks(range(len(ratio)), [f"{m}\n({_(TABLE[m].label)})" for m in reversed(ratio)])
    ax.axvline(1, color="black", linestyle=":")
    ax.set_xlim(0, max(ratio.values()) * 1.2)
    kinds = {None: _("as written"), "//": _("optimised")}
    handles = [Patch(fc="white", ec="black", hatch=h, label=w) for h, w in kinds.items()]
    title = _("Time for the sample as a multiple of fast's")
    if written := [m for m in ratio if TABLE[m].as_written]:
        slowest = max(written, key=ratio.get)
        words = {"method": slowest, "ratio": times_ratio(ratio[slowest])}
        title = _("As written, {method} takes {ratio} as long as fast").format(**words)
        variant = next((m for m in TABLE[slowest].instead if m in ratio and m != "fast"), None)
        if variant:
            title = _(
                "As written, {method} takes {ratio} as long as fast; {variant}, {variant_ratio}"
            )
            title = title.format(
                variant=variant, variant_ratio=times_ratio(ratio[variant]), **words
            )
    xlabel = _("time for the same {hands} hands, as a multiple of fast's (linear)")
    xlabel = xlabel.format(hands=summary.get("sample_hands", ""))
    finish(ax, title, xlabel, "", handles=handles, grid="x", loc=4)  # lower right
    return ax


def plot_growth(growth_rows, mode: str = "all"):
    """Median time per hand against the count of numbers (a refusal has no time: drawn on the
    floor) beside the work each search implies; returns the figure."""
    rows = sorted((r for r in growth_rows if r["mode"] == mode), key=lambda r: r["count"])
    series = _by_method(rows, lambda row: row)
    if not series:
        raise InputError(_("no growth rows in mode {mode}").format(mode=repr(mode)))
    fig, (time_ax, work_ax) = plt.subplots(1, 2, figsize=(14, 6), layout="constrained")
    timed = [p["seconds_median"] * 1e3 for ps in series.values() for p in ps if not p["refused"]]
    floor, factors = min(timed) / 2, {}  # factors: how much a fifth number multiplies the time
    for method, points in series.items():
        done, refused = [p for p in points if not p["refused"]], [p for p in points if p["refused"]]
        if (at := {p["count"]: p["seconds_median"] for p in done}).get(4) and 5 in at:
            factors[method] = at[5] / at[4]
        style = {"color": TABLE[method].colour, "linewidth": 2.5, "label": method}
        ms = [p["seconds_median"] * 1e3 for p in done]
        time_ax.plot([p["count"] for p in done], ms, "o-", **style)
        cross = {"markersize": 13, "color": style["color"], "markeredgecolor": "black"}
        time_ax.plot([p["count"] for p in refused], [floor] * len(refused), "X", **cross)
        work = [p for p in points if p["candidates"] is not None]
        work_ax.plot([p["count"] for p in work], [p["candidates"] for p in work], "s-", **style)
    _log(time_ax.yaxis, [*timed, floor], 1.5)
    work_ax.set_yscale("log")
    counts = sorted({p["count"] for points in series.values() for p in points})
    refused = Line2D([], [], marker="X", color=GREY, linestyle="none", label=_("refused: no time"))
    ylabel = _("median time per hand (ms, log scale)")
    finish(time_ax, _("Time per hand"), _("numbers in the hand"), ylabel, handles=[refused])
    ylabel = _("candidates, final numbers or values per hand (log scale)")
    title = _("The work each search implies")
    finish(work_ax, title, _("numbers in the hand"), ylabel, legend=True)
    for ax in (time_ax, work_ax):
        ax.set_xticks(counts)
    title = _("Time per hand against the count of numbers")
    if factors:
        worst = max(factors, key=factors.get)
        words = {"method": worst, "ratio": times_ratio(factors[worst])}
        title = _("From 4 to 5 numbers, {method} gets {ratio} slower").format(**words)
        if worst != "fast" and "fast" in factors:
            title = _("From 4 to 5 numbers, {method} gets {ratio} slower, fast {fast}")
            title = title.format(fast=times_ratio(factors["fast"]), **words)
    fig.suptitle(title, fontsize=FONT["title"] + 1)
    return fig


def agreement_html(hands, target=24, methods: Sequence[str] = METHODS) -> str:
    """A row per hand: each method's count of distinct answers, whether they agree, the first few."""
    answers = said("the distinct answers (= {target})", target=describe(as_target(target)))
    rows = []
    for hand in hands:
        found = [solve(hand, target, method=m, distinct=True) for m in methods]
        differ = _("NO")
        agree = _("yes") if len({tuple(map(str, a)) for a in found}) == 1 else f"<b>{differ}</b>"
        shown = [html.escape(expr.pretty()) for expr in found[0][:4]]
        if len(found[0]) > 4:
            shown.append(said("… and {count} more", count=len(found[0]) - 4))
        none = _("none")
        shown = "<br>".join(shown) or f"<i>{none}</i>"
        rows.append((hand_text(hand), *map(len, found), agree, shown))
    return table_html(rows, (_("hand"), *methods, _("same answers?"), answers))


def _bars(ax, xs, heights, colours, labels=None, **options):
    bars = ax.bar(xs, heights, color=colours, **options)
    if labels:
        ax.bar_label(bars, labels=labels, fontsize=FONT["note"])
    ax.set_ylim(0, max(bar.get_y() + bar.get_height() for bar in bars) * 1.15)


def plot_solvable_counts(counts: Mapping[str, Mapping[str, int]], target="24", ax=None):
    """Stacked bars: solvable and unsolvable hands per deck (`t24.deck.solvable_counts()`)."""
    ax = new_axes(ax)
    deck = _("cards {deck}\n({hands})")
    hands = [plural(c["hands"], *HANDS) for c in counts.values()]
    names = [deck.format(deck=name, hands=h) for name, h in zip(counts, hands)]
    good = [c["solvable"] for c in counts.values()]
    bad = [c["hands"] - c["solvable"] for c in counts.values()]
    ax.bar(names, good, color=GREEN, label=_("make {target}").format(target=target))
    labels = [_("{count} cannot").format(count=f"{b:,}") for b in bad]
    cannot = _("cannot make {target}").format(target=target)
    _bars(ax, names, bad, GREY, labels, bottom=good, label=cannot)
    share = _("{share} of cards {deck}")
    shares = [
        share.format(share=percent(c["solvable"], c["hands"]), deck=n) for n, c in counts.items()
    ]
    title = _("Hands that make {target}: {shares}").format(target=target, shares=", ".join(shares))
    finish(ax, title, _("deck (cards used)"), _("hands (count)"), True)
    return ax


def plot_answer_counts(per_hand: Mapping[Sequence[int], int], ax=None):
    """Bars: how many hands have 0, 1, 2, … distinct answers (`t24.deck.distinct_counts()`)."""
    ax = new_axes(ax)
    histogram = Counter(per_hand.values())
    xs = range(max(histogram) + 1)
    _bars(ax, xs, [histogram[x] for x in xs], [GREY if x == 0 else BLUE for x in xs])
    solvable = sum(count for x, count in histogram.items() if x)
    answers = sum(x * count for x, count in histogram.items())
    none = said("no answer ({hands})", hands=plural(histogram[0], *HANDS))
    answers = plural(answers, *ANSWERS)
    some = said(
        "solvable ({hands}, {answers} in all)", hands=plural(solvable, *HANDS), answers=answers
    )
    handles = [Patch(color=GREY, label=none), Patch(color=BLUE, label=some)]
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    commonest = max((x for x in xs if x), key=lambda x: (histogram[x], -x), default=0)
    title = _("Most solvable hands have few distinct answers; {count} is the commonest count")
    xlabel = _("distinct answers of the hand (count; {hands})")
    xlabel = xlabel.format(hands=plural(len(per_hand), *HANDS))
    finish(ax, title.format(count=commonest), xlabel, _("hands (count)"), handles=handles)
    return ax


def plot_levels(levels: Mapping[str, int], ax=None):
    """Bars: hands per difficulty level, in the game's order (`t24.game.LEVELS`)."""
    ax = new_axes(ax, (9, 5))
    names = [n for n in LEVELS if n in levels]
    total = sum(levels.values())
    shares = [f"{levels[n]:,} ({percent(levels[n], total)})" for n in names]
    _bars(ax, [_(n) for n in names], [levels[n] for n in names], [LEVELS[n] for n in names], shares)
    top = max(names, key=levels.get)
    title = _("Most of the {total} solvable hands are {level} ({share})")
    title = title.format(total=f"{total:,}", level=_(top), share=percent(levels[top], total))
    finish(ax, title, _("difficulty level (t24.game)"), _("hands (count)"))
    return ax


def plot_target_counts(counts: Mapping[int, int], hands: int, highlight: int = 24, ax=None):
    """Bars: for each target, how many of the `hands` make it; `highlight` and the easiest marked."""
    ax = new_axes(ax, (12, 5.5))
    easiest = max(counts, key=lambda t: (counts[t], -t))
    colours = [RED if t == highlight else ORANGE if t == easiest else BLUE for t in counts]
    _bars(ax, list(counts), list(counts.values()), colours, width=0.85)
    easy = said(
        "easiest: {target} ({hands})", target=easiest, hands=plural(counts[easiest], *HANDS)
    )
    handles = [Patch(color=ORANGE, label=easy)]
    title = _("{target} is the easiest target").format(target=easiest)
    if highlight in counts:
        rank = sorted(counts.values(), reverse=True).index(counts[highlight]) + 1
        words = {"target": highlight, "rank": rank, "of": len(counts), "easiest": easiest}
        words["hands"] = plural(counts[highlight], *HANDS)
        label = said("{target}: {hands} (rank {rank} of {of})", **words)
        handles.append(Patch(color=RED, label=label))
        title = _("{easiest} is the easiest target; {target} ranks {rank} of {of}").format(**words)
        if all(counts[t] < counts[highlight] for t in counts if t > highlight):
            title = _(
                "{easiest} is the easiest target; {target} ranks {rank} of {of}, ahead of every larger target"
            ).format(**words)
    every = said("all {hands}", hands=plural(hands, *HANDS))
    ax.axhline(hands, color="black", linestyle="--", label=every)
    ax.set_ylim(0, hands * 1.25)
    finish(ax, title, _("target (whole number)"), _("hands that make it (count)"), handles=handles)
    return ax


def plot_solvable_share(shares: Mapping[int, tuple[int, int]], target="24", ax=None):
    """Bars: the share of hands that make the target by count of cards, {count: (solvable, hands)}."""
    ax = new_axes(ax, (9, 5))
    counts = sorted(shares)
    values = [100 * shares[c][0] / shares[c][1] for c in counts]
    labels = [f"{shares[c][0]:,} / {shares[c][1]:,}" for c in counts]
    _bars(ax, [str(c) for c in counts], values, GREEN, labels)
    title = _("More cards, more hands make {target}").format(target=target)
    if len(counts) > 1:
        title = _(
            "More cards, more hands make {target}: {low} with {fewest} cards, {high} with {most}"
        )
        low = percent(*shares[counts[0]])
        high = percent(*shares[counts[-1]])
        title = title.format(target=target, low=low, fewest=counts[0], high=high, most=counts[-1])
    ylabel = _("hands that make {target} (%)").format(target=target)
    finish(ax, title, _("cards in the hand (count)"), ylabel)
    return ax


def alt_text(fig) -> str:
    """A sentence per axes for a screen reader: what it draws and how many, title, axes, key."""
    sentences = [fig.get_suptitle()] if fig.get_suptitle() else []
    for ax in fig.axes:
        dots = sum(len(c.get_offsets()) for c in ax.collections if isinstance(c, PathCollection))
        linked = any(isinstance(c, LineCollection) for c in ax.collections)
        lines = {ln.get_label() for ln in ax.lines if not ln.get_label().startswith("_")}
        counts = [sum(map(len, ax.containers)), dots * linked, dots, len(lines)]
        kind = [plural(n, *KINDS[k]) for k, n in zip(KINDS, counts) if n][:1]
        key = ax.get_legend() and ", ".join(text.get_text() for text in ax.get_legend().texts)
        texts = (ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), key)
        parts = [_(part).format(text=t) for part, t in zip(PARTS, texts) if t]
        sentences.append("; ".join(kind + parts))
    return ". ".join(sentences) + "."


# In a kernel, a figure shown is the inline backend's plain PNG in an <img> with its `alt_text`.
fmt = get_ipython().display_formatter.formatters if get_ipython() else {}
png = fmt and fmt["image/png"].type_printers.get(plt.Figure)
if getattr(png, "keywords", {}).get("fmt") == "png":  # not retina (its PNG comes with a size)
    fmt["image/png"].pop(plt.Figure)
    fmt["text/html"].for_type(plt.Figure, lambda f: IMG.format(png(f), html.escape(alt_text(f))))
