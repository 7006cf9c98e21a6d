"""One look for every figure and widget of the notebooks: sizes for a projector, one colour per method.

A student follows "postfix" from plot to plot by its colour, and reads every title from the back
of the room. Every plotting module takes its axes, fonts and colours from here.
"""

from __future__ import annotations

from collections.abc import Iterable

import matplotlib.pyplot as plt

from ..bench.run import MODE_WORDS  # noqa: F401  (the modes' words, for every plot)
from ..methods import METHODS

FIGSIZE = (10, 5.5)
FONT = {"title": 15, "label": 13, "tick": 12, "legend": 12, "note": 11}
# Widgets on a projector: the text size of results, buttons and labels.
WIDGET_FONT = "1.25em"
# One colour per method; an optimised variant shares its method's hue family.
METHOD_COLORS = {
    "patterns": "tab:blue", "postfix": "tab:orange", "recursive": "tab:green",
    "patterns-compiled": "#7fb2e5", "postfix-compiled": "#ffbf80", "fast": "tab:red",
}
OTHER_COLOR = "tab:gray"
PEER_COLOR = "tab:purple"


def color(method: str) -> str:
    """The colour of a method in every figure (grey for anything else)."""
    return METHOD_COLORS.get(method, OTHER_COLOR)


def method_order(names: Iterable[str]) -> list[str]:
    """Methods in `t24.METHODS` order, then any others alphabetically."""
    names = set(names)
    return [m for m in METHODS if m in names] + sorted(names - set(METHODS))


def new_axes(ax=None, figsize=FIGSIZE):
    """The axes to draw on: the given ones, or a new figure's at projector size."""
    if ax is None:
        _fig, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def finish(ax, title: str, xlabel: str, ylabel: str, legend: bool = False, handles=None, grid: str | None = "y",
           **legend_options) -> None:
    """Title, axis labels, ticks, an optional grid and legend, all at projector sizes."""
    ax.set_title(title, fontsize=FONT["title"])
    ax.set_xlabel(xlabel, fontsize=FONT["label"])
    ax.set_ylabel(ylabel, fontsize=FONT["label"])
    ax.tick_params(labelsize=FONT["tick"])
    if grid:
        ax.grid(True, which="major", axis=grid, alpha=0.3)
    if legend or handles:
        drawn, _labels = ax.get_legend_handles_labels()
        ax.legend(handles=drawn + list(handles or []), fontsize=FONT["legend"], **legend_options)
