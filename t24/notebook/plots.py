"""The lessons' figures of the saved benchmarks, then of the deck: projector sizes, each method in
its `TABLE` colour, a title that states the finding; each draws on `ax` (else a new figure)."""

import contextlib
import html
import logging
import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from functools import partial

import matplotlib.pyplot as plt
from IPython import get_ipython
from IPython.core.pylabtools import print_figure
from matplotlib import font_manager
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from ..game import HANDS, LEVELS
from ..hand import ANSWERS, InputError, as_target
from ..methods import METHODS, TABLE, fast
from ..results import MODE_WORDS, growth_hands
from ..solver import solve
from ..text import N_, Nn_, _, describe, duration, hand_text, plural, said
from .widgets import table_html

FONT = {"title": 15, "label": 13, "tick": 12, "legend": 12, "note": 11}
# matplotlib's "tableau" colours; the game's levels from easy to very hard
LEVEL_COLOURS = dict(zip(LEVELS, ("tab:green", "tab:olive", "tab:orange", "tab:red")))
# A figure's text alternative, from what its axes hold: the first kind counted, then its words.
KINDS = {
    "bar": Nn_("Bar chart of {n} bar", "Bar chart of {n} bars"),
    "point": Nn_("Network of {n} point", "Network of {n} points"),
    "dot": Nn_("Dot plot of {n} dot", "Dot plot of {n} dots"),
    "line": Nn_("Line chart of {n} line", "Line chart of {n} lines"),
}
PARTS = ("{text}", N_("across: {text}"), N_("up: {text}"), N_("key: {text}"))
IMG = '<img src="data:image/png;base64,{}" alt="{}">'
# Chinese in a figure: the `zh` extra's font (the same on every computer), else a system's.
CJK_FONTS = ("Noto Sans SC", "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC")  # not words
FAST_WORK_COUNT = 5  # fast's work is measured on the growth hands up to this many numbers (0.4 s)


def new_axes(ax=None, figsize=(10, 5.5)):
    """The axes to draw on: the given ones, or a new figure's at projector size."""
    return plt.subplots(figsize=figsize, layout="constrained")[1] if ax is None else ax


def finish(ax, title, xlabel, ylabel, legend=False, handles=(), grid="y", **legend_options):
    """Title, axis labels, ticks, an optional grid and legend, all at projector sizes: the axes."""
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
    return ax


def percent(part: int, whole: int) -> str:
    """A share in whole percent, with a decimal where rounding would say 0% or 100% wrongly."""
    text = f"{part / whole:.0%}"
    return f"{part / whole:.1%}" if text in ("0%", "100%") and 0 < part < whole else text


def times_ratio(ratio: float) -> str:
    """A ratio as people say it: `212×`, `2.4×` (in Chinese `212 倍`)."""
    return said("{ratio}×", ratio=f"{ratio:,.0f}" if ratio >= 10 else f"{ratio:.1f}")


def _by_method(pairs, refusal: str, **words) -> dict[str, list]:
    """The values of (method, value) pairs by method, in `t24.METHODS`' order; none is refused."""
    found = defaultdict(list)
    for method, value in pairs:
        found[method].append(value)
    if not any(found[m] for m in METHODS):
        raise InputError(said(refusal, **words))
    return {m: found[m] for m in METHODS if found[m]}


def _method_axes(ax, methods: list[str], height: float, row: float):
    """Axes with a row per method, the first on top, named with its kind; y counts up from 0."""
    ax = new_axes(ax, (11, height + row * len(methods)))
    ax.set_yticks(range(len(methods)), [f"{m}\n({_(TABLE[m].label)})" for m in reversed(methods)])
    return ax


def plot_per_hand_times(deck_rows, mode: str = "all", scope: str = "sample", ax=None):
    """One dot per hand, a row per method, the median marked; time in ms on a log axis."""
    rows = [r for r in deck_rows if (r["mode"], r["scope"]) == (mode, scope)]
    pairs = ((r["method"], r["seconds"] * 1e3) for r in rows)
    times = _by_method(pairs, N_("no {scope} rows in mode {mode}"), scope=scope, mode=repr(mode))
    medians = {method: statistics.median(ms) / 1e3 for method, ms in times.items()}
    ax = _method_axes(ax, list(times), 1.2, 0.85)
    jitter = random.Random(24)  # the same picture on every run
    for y, (method, ms) in enumerate(reversed(times.items())):
        ys = [y + jitter.uniform(-0.25, 0.25) for _ in ms]
        ax.scatter(ms, ys, s=14, alpha=0.6, color=TABLE[method].colour)
        median = medians[method] * 1e3
        ax.plot([median] * 2, [y - 0.38, y + 0.38], color="black", linewidth=2.5)
        ax.text(median, y + 0.42, said("median {time}", time=duration(median / 1e3)), ha="center")
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter("{x:g}")  # 0.1, 1, 10
    ax.margins(x=0.1)  # room for the outer medians' labels
    slowest = max(medians, key=medians.get)
    words = {"time": duration(medians[slowest]), "method": slowest, "mode": _(MODE_WORDS[mode])}
    words |= {"hands": plural(max(map(len, times.values())), *HANDS)}
    title = N_("The median hand: {time} with {method} ({hands}, {mode})")
    if "fast" in medians and slowest != "fast":
        title = N_("The median hand: {time} with {method}, {fast} with fast ({hands}, {mode})")
        words["fast"] = duration(medians["fast"])
    handles = [Line2D([], [], color="black", linewidth=2.5, label=_("median hand"))]
    xlabel = _("time per hand (ms, log scale)")
    return finish(ax, said(title, **words), xlabel, "", handles=handles, grid="x")


def plot_ratios(summary: Mapping, mode: str = "all", ax=None):
    """Linear bars: each method's time for the sample divided by fast's, as written vs optimised."""
    pairs = summary.get("ratio_vs_fast", {}).get(mode, {}).items()
    found = _by_method(pairs, N_("no ratios in mode {mode}"), mode=repr(mode))
    ratio = {method: values[0] for method, values in found.items()}
    ax = _method_axes(ax, list(ratio), 1.4, 0.75)
    for y, (m, value) in enumerate(reversed(ratio.items())):
        hatch = None if TABLE[m].as_written else "//"
        ax.barh(y, value, height=0.6, color=TABLE[m].colour, edgecolor="black", hatch=hatch)
        ax.text(value + max(ratio.values()) * 0.01, y, times_ratio(value), va="center")
    ax.axvline(1, color="black", linestyle=":")
    ax.set_xlim(0, max(ratio.values()) * 1.2)
    kinds = {None: _("as written"), "//": _("optimised")}
    handles = [Patch(fc="white", ec="black", hatch=h, label=w) for h, w in kinds.items()]
    title = N_("Time for the sample as a multiple of fast's")
    words = {}
    if written := [m for m in ratio if TABLE[m].as_written]:
        slowest = max(written, key=ratio.get)
        title = N_("As written, {method} takes {ratio} as long as fast")
        words = {"method": slowest, "ratio": times_ratio(ratio[slowest])}
        variant = next((m for m in TABLE[slowest].instead if m in ratio and m != "fast"), None)
        if variant:
            title = N_(
                "As written, {method} takes {ratio} as long as fast; {variant}, {variant_ratio}"
            )
            words |= {"variant": variant, "variant_ratio": times_ratio(ratio[variant])}
    hands = summary.get("sample_hands", "")
    xlabel = said("time for the same {hands} hands, as a multiple of fast's (linear)", hands=hands)
    title = said(title, **words)
    return finish(ax, title, xlabel, "", handles=handles, grid="x", loc=4)  # 4: lower right


def plot_growth(growth_rows, mode: str = "all"):
    """Median time per hand against the count of numbers (a refusal has no time: drawn on the
    floor) beside the work each search does; returns the figure."""
    rows = sorted((r for r in growth_rows if r["mode"] == mode), key=lambda r: r["count"])
    pairs = ((r["method"], r) for r in rows)
    series = _by_method(pairs, N_("no growth rows in mode {mode}"), mode=repr(mode))
    fig, (time_ax, work_ax) = plt.subplots(1, 2, figsize=(14, 6), layout="constrained")
    timed = [p["seconds_median"] * 1e3 for ps in series.values() for p in ps if not p["refused"]]
    floor = min(timed) / 2
    factors = {}  # how much a fifth number multiplies the time
    for k, (method, points) in enumerate(series.items()):
        at = {p["count"]: p["seconds_median"] * 1e3 for p in points if not p["refused"]}
        if at.get(4) and 5 in at:
            factors[method] = at[5] / at[4]
        style = {"color": TABLE[method].colour, "linewidth": 2.5, "label": method}
        time_ax.plot(list(at), list(at.values()), "o-", **style)
        shift = (k - (len(series) - 1) / 2) * 0.1  # side by side: one cross for each refusal
        refused = [p["count"] + shift for p in points if p["refused"]]
        cross = {"markersize": 11, "color": style["color"], "markeredgecolor": "black"}
        time_ax.plot(refused, [floor] * len(refused), "X", **cross)
        work = {p["count"]: p["candidates"] for p in points if p["candidates"] is not None}
        if method == "fast":  # not candidates: the pairs of values it combines, measured
            counts = sorted(p["count"] for p in points if p["count"] <= FAST_WORK_COUNT)
            work = {n: statistics.median(map(fast.pair_work, growth_hands(n))) for n in counts}
        work_ax.plot(list(work), list(work.values()), "s-", **style)
    time_ax.set_yscale("log")
    time_ax.yaxis.set_major_formatter("{x:g}")
    work_ax.set_yscale("log")
    refused = Line2D([], [], marker="X", color="tab:gray", ls="none", label=_("refused: no time"))
    across = _("numbers in the hand")
    ylabel = _("median time per hand (ms, log scale)")
    finish(time_ax, _("Time per hand"), across, ylabel, handles=[refused])
    ylabel = _("work per hand (log scale)")
    finish(work_ax, _("The work each search does"), across, ylabel, legend=True)
    for ax in (time_ax, work_ax):
        ax.set_xticks(sorted({p["count"] for points in series.values() for p in points}))
    title = N_("Time per hand against the count of numbers")
    words = {}
    if factors:
        worst = max(factors, key=factors.get)
        title = N_("From 4 to 5 numbers, {method} gets {ratio} slower")
        words = {"method": worst, "ratio": times_ratio(factors[worst])}
        if worst != "fast" and "fast" in factors:
            title = N_("From 4 to 5 numbers, {method} gets {ratio} slower, fast {fast}")
            words["fast"] = times_ratio(factors["fast"])
    fig.suptitle(said(title, **words), fontsize=FONT["title"] + 1)
    return fig


def agreement_html(hands, target=24, methods: Sequence[str] = METHODS) -> str:
    """A row per hand: each method's count of distinct answers, whether they agree, the first few."""
    rows = []
    for hand in hands:
        found = [solve(hand, target, method=m, distinct=True) for m in methods]
        same = len({tuple(map(str, answers)) for answers in found}) == 1
        agree = _("yes") if same else "<b>" + _("NO") + "</b>"
        shown = [html.escape(expr.pretty()) for expr in found[0][:4]]
        if len(found[0]) > 4:
            shown.append(said("… and {count} more", count=len(found[0]) - 4))
        shown = "<br>".join(shown) or "<i>" + _("none") + "</i>"
        rows.append((hand_text(hand), *map(len, found), agree, shown))
    answers = said("the distinct answers (= {target})", target=describe(as_target(target)))
    return table_html(rows, (_("hand"), *methods, _("same answers?"), answers))


def _bars(ax, figsize, xs, heights, colours, labels=None, **options):
    """Bars on `new_axes`, each labelled if `labels` are given, with room above the tallest."""
    ax = new_axes(ax, figsize)
    bars = ax.bar(xs, heights, color=colours, **options)
    if labels:
        ax.bar_label(bars, labels=labels, fontsize=FONT["note"])
    ax.set_ylim(0, max(bar.get_y() + bar.get_height() for bar in ax.patches) * 1.15)
    return ax


def plot_solvable_counts(counts: Mapping[str, Mapping[str, int]], target="24", ax=None):
    """Stacked bars: solvable and unsolvable hands per deck (`t24.deck.solvable_counts()`)."""
    names = [
        said("cards {deck}\n({hands})", deck=d, hands=plural(c["hands"], *HANDS))
        for d, c in counts.items()
    ]
    good = [c["solvable"] for c in counts.values()]
    bad = [c["hands"] - c["solvable"] for c in counts.values()]
    shares = [
        said("{share} of cards {deck}", share=percent(c["solvable"], c["hands"]), deck=d)
        for d, c in counts.items()
    ]
    ax = _bars(ax, (10, 5.5), names, good, "tab:green", label=said("make {target}", target=target))
    labels = [said("{count} cannot", count=f"{b:,}") for b in bad]
    cannot = said("cannot make {target}", target=target)
    _bars(ax, None, names, bad, "tab:gray", labels, bottom=good, label=cannot)
    title = said("Hands that make {target}: {shares}", target=target, shares=", ".join(shares))
    return finish(ax, title, _("deck (cards used)"), _("hands (count)"), True)


def plot_answer_counts(per_hand: Mapping[Sequence[int], int], ax=None):
    """Bars: how many hands have 0, 1, 2, … distinct answers (`t24.deck.distinct_counts()`)."""
    histogram = Counter(per_hand.values())
    xs = range(max(histogram) + 1)
    colours = ["tab:gray" if x == 0 else "tab:blue" for x in xs]
    ax = _bars(ax, (10, 5.5), xs, [histogram[x] for x in xs], colours)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    solvable = plural(sum(count for x, count in histogram.items() if x), *HANDS)
    answers = plural(sum(x * count for x, count in histogram.items()), *ANSWERS)
    none = said("no answer ({hands})", hands=plural(histogram[0], *HANDS))
    some = said("solvable ({hands}, {answers} in all)", hands=solvable, answers=answers)
    handles = [Patch(color="tab:gray", label=none), Patch(color="tab:blue", label=some)]
    commonest = max((x for x in xs if x), key=lambda x: (histogram[x], -x), default=0)
    title = _("Most solvable hands have few distinct answers; {count} is the commonest count")
    hands = plural(len(per_hand), *HANDS)
    xlabel = said("distinct answers of the hand (count; {hands})", hands=hands)
    return finish(ax, title.format(count=commonest), xlabel, _("hands (count)"), handles=handles)


def plot_levels(levels: Mapping[str, int], ax=None):
    """Bars: hands per difficulty level, in the game's order (`t24.game.LEVELS`)."""
    names = [n for n in LEVEL_COLOURS if n in levels]
    total = sum(levels.values())
    shares = [f"{levels[n]:,} ({percent(levels[n], total)})" for n in names]
    heights = [levels[n] for n in names]
    ax = _bars(
        ax, (9, 5), [_(n) for n in names], heights, [LEVEL_COLOURS[n] for n in names], shares
    )
    top = max(names, key=levels.get)
    title = _("Most of the {total} solvable hands are {level} ({share})")
    title = title.format(total=f"{total:,}", level=_(top), share=percent(levels[top], total))
    return finish(ax, title, _("difficulty level (t24.game)"), _("hands (count)"))


def plot_target_counts(counts: Mapping[int, int], hands: int, highlight: int = 24, ax=None):
    """Bars: for each target, how many of the `hands` make it; `highlight` and the easiest marked."""
    easiest = max(counts, key=lambda t: (counts[t], -t))
    colours = [{easiest: "tab:orange", highlight: "tab:red"}.get(t, "tab:blue") for t in counts]
    ax = _bars(ax, (12, 5.5), list(counts), list(counts.values()), colours, width=0.85)
    words = {"target": highlight, "of": len(counts), "easiest": easiest}
    easy = plural(counts[easiest], *HANDS)
    easy = said("easiest: {target} ({hands})", target=easiest, hands=easy)
    handles = [Patch(color="tab:orange", label=easy)]
    title = said("{target} is the easiest target", target=easiest)
    if highlight in counts:
        words["rank"] = sorted(counts.values(), reverse=True).index(counts[highlight]) + 1
        words["hands"] = plural(counts[highlight], *HANDS)
        label = said("{target}: {hands} (rank {rank} of {of})", **words)
        handles.append(Patch(color="tab:red", label=label))
        title = N_("{easiest} is the easiest target; {target} ranks {rank} of {of}")
        if all(counts[t] < counts[highlight] for t in counts if t > highlight):
            title = N_(
                "{easiest} is the easiest target; {target} ranks {rank} of {of}, ahead of every larger target"
            )
        title = said(title, **words)
    every = said("all {hands}", hands=plural(hands, *HANDS))
    ax.axhline(hands, color="black", linestyle="--", label=every)
    ax.set_ylim(0, hands * 1.25)
    ylabel = _("hands that make it (count)")
    return finish(ax, title, _("target (whole number)"), ylabel, handles=handles)


def plot_solvable_share(shares: Mapping[int, tuple[int, int]], target="24", ax=None):
    """Bars: the share of hands that make the target by count of cards, {count: (solvable, hands)}."""
    counts = sorted(shares)
    values = [100 * shares[c][0] / shares[c][1] for c in counts]
    labels = [f"{shares[c][0]:,} / {shares[c][1]:,}" for c in counts]
    ax = _bars(ax, (9, 5), [str(c) for c in counts], values, "tab:green", labels)
    fewest = counts[0]
    most = counts[-1]
    words = {"target": target, "fewest": fewest, "most": most}
    words |= {"low": percent(*shares[fewest]), "high": percent(*shares[most])}
    title = N_("More cards, more hands make {target}")
    if len(counts) > 1:
        title = N_(
            "More cards, more hands make {target}: {low} with {fewest} cards, {high} with {most}"
        )
    ylabel = said("hands that make {target} (%)", target=target)
    return finish(ax, said(title, **words), _("cards in the hand (count)"), ylabel)


def alt_text(fig) -> str:
    """A sentence per axes for a screen reader: what it draws and how many, title, axes, key."""
    sentences = [fig.get_suptitle()]
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
    return ". ".join(filter(None, sentences)) + "."


def setup() -> None:
    """What a lesson's first cell calls: its figures drawn in the page at the size they are made
    (they lay themselves out), each as a PNG in an <img> with its `alt_text`, and Chinese in them
    drawn from a CJK font (the `zh` extra's Noto Sans SC, else the system's). Importing t24
    changes no figure; this does."""
    with contextlib.suppress(ImportError):
        import pylopdf_fonts_zh_cn

        font_manager.fontManager.addfont(str(pylopdf_fonts_zh_cn.sans_path()))
    names = {font.name for font in font_manager.fontManager.ttflist}
    cjk = next((name for name in CJK_FONTS if name in names), None)
    if cjk:  # after the usual sans-serif, which draws the Latin letters
        plt.rcParams["font.family"] = ["sans-serif", cjk]
        # It has one weight: bold Chinese is drawn regular, with no warning under every figure.
        logging.getLogger("matplotlib.font_manager").addFilter(
            lambda record: (record.args or ())[1:2] != (cjk,)  # (weight, font, weight used)
        )
    shell = get_ipython()
    if shell:
        shell.run_line_magic("matplotlib", "inline")
        formats = shell.display_formatter.formatters
        formats["image/png"].pop(plt.Figure, None)
        png = partial(print_figure, fmt="png", base64=True, bbox_inches=None)
        formats["text/html"].for_type(
            plt.Figure, lambda fig: IMG.format(png(fig), html.escape(alt_text(fig)))
        )
