"""The search tree of recursive reduction ("24点经典算法") beside its far fewer distinct states
(multisets of values: what a memoised search visits, the argument for `fast`), from a `Trace`."""

import math
from collections import Counter
from statistics import fmean

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.transforms import offset_copy

from ..text import _, describe, hand_text, plural, said
from ..trace import Trace
from .plots import FONT, finish, new_axes

GREY = "#c4c4c4"
BLUE = "#4a7bb7"
ORANGE = "#e8590c"
RED = "#c92a2a"


def radial_layout(trace: Trace) -> dict[int, tuple[float, float]]:
    """Depth as the radius, the final states round the outer ring in visiting order, each other
    state at the mean angle of its children: each subtree keeps its own wedge."""
    leaves = [s.id for s in trace.states if len(s.values) == 1]
    angle = {leaf: (k + 0.5) * 2 * math.pi / len(leaves) for k, leaf in enumerate(leaves)}
    children: dict[int, list[float]] = {}
    for s in reversed(trace.states):  # children come after their parent
        angle.setdefault(s.id, fmean(children.get(s.id, [0.0])))
        if s.parent is not None:
            children.setdefault(s.parent, []).append(angle[s.id])
    return {
        s.id: (s.depth * math.cos(angle[s.id]), s.depth * math.sin(angle[s.id]))
        for s in trace.states
    }


def layered_layout(graph: nx.DiGraph) -> dict:
    """x is how many numbers are left; each layer fills the same height, smallest value on top."""
    layers: dict[int, list] = {}
    for key in sorted(graph):
        layers.setdefault(len(key), []).append(key)
    return {
        key: (left, 1 - 2 * (k + 0.5) / len(keys))
        for left, keys in layers.items()
        for k, key in enumerate(keys)
    }


def _draw(graph, pos, on_path: set, ax, small: bool, target: str, what: str) -> None:
    """Grey steps and states, the paths to the target orange, the hits red stars."""
    hits = [n for n in on_path if graph.out_degree(n) == 0]
    path = [(u, v) for u, v in graph.edges if u in on_path and v in on_path]
    draw = {"G": graph, "pos": pos, "ax": ax}
    others = list(set(graph.edges) - set(path))
    nx.draw_networkx_edges(**draw, arrows=False, edgelist=others, edge_color=GREY, width=0.5)
    step = said("a step on a path to {target}", target=target)
    nx.draw_networkx_edges(
        **draw, arrows=False, edgelist=path, edge_color=ORANGE, width=3, label=step
    )
    others, leading = [n for n in graph if n not in on_path], [n for n in on_path if n not in hits]
    for nodes, size, colour, label in [
        (others, 40 if small else 4, BLUE, what),
        (leading, 90 if small else 40, ORANGE, said("leads to {target}", target=target)),
        (hits, 260, RED, said("a hit: the last number is {target}", target=target)),
    ]:
        shape = "*" if colour == RED else "o"
        nx.draw_networkx_nodes(
            **draw, nodelist=nodes, node_size=size, node_color=colour, node_shape=shape, label=label
        )
    below = {"loc": 9, "bbox_to_anchor": (0.5, 0), "borderaxespad": 5}  # 9: upper centre
    ax.legend(fontsize=FONT["note"], ncol=2, **below)  # under the axis labels, not over them


def _label(ax, text: str, at, bold: bool, right: bool) -> None:
    """A state's numbers, 7 points above its node (or right of it), in bold on a path."""
    shift = offset_copy(ax.transData, ax.figure, *((7, 0) if right else (0, 7)), units="points")
    place = {"va": "center"} if right else {"ha": "center"}
    weight = "bold" if bold else "normal"
    ax.text(*at, text, transform=shift, fontsize=FONT["note"], weight=weight, **place)


def plot_tree_and_states(trace: Trace):
    """The search tree, the hand at the centre, beside the graph of its distinct states by how many
    numbers are left ("×k" where the tree visits one k times); paths to the target highlighted."""
    labels, target = len(trace.states) <= 200, describe(trace.target)  # small: every node labelled
    size = (18, 11) if labels else (17, 9.5)
    fig, (left, right) = plt.subplots(1, 2, figsize=size, layout="constrained")
    pos, on_path = radial_layout(trace), {s.id for s in trace.states if s.reaches_target}
    edges = [(s.parent, s.id) for s in trace.states[1:]]
    tree = nx.DiGraph(edges)
    tree.add_nodes_from(s.id for s in trace.states)  # a hand of one card has no edges
    _draw(tree, pos, on_path, left, labels, target, _("a state (the numbers left)"))
    left.annotate(hand_text(trace.hand), (0, 0), ha="center", fontsize=FONT["title"], weight="bold")
    for s in trace.states[1:] if labels else ():
        text = " ".join(map(describe, s.values))
        _label(left, text, pos[s.id], s.reaches_target, right=False)
    reach = (len(trace.hand) - 1) * (1.25 if labels else 1.05)
    left.set(xlim=(-reach, reach), ylim=(-reach, reach), aspect="equal")
    left.axis("off")
    visits = Counter(s.key for s in trace.states)  # the distinct states: multisets of values
    graph = nx.DiGraph((trace.states[a].key, trace.states[b].key) for a, b in edges)
    graph.add_nodes_from(visits)
    pos, on_path = layered_layout(graph), {s.key for s in trace.states if s.reaches_target}
    _draw(graph, pos, on_path, right, labels, target, _("a distinct state"))
    for key in graph if labels else on_path:
        times = f"  ×{visits[key]}" if labels and visits[key] > 1 else ""
        text = " ".join(map(describe, key)) + times
        _label(right, text, pos[key], key in on_path, right=True)
    layers, ticks = Counter(len(key) for key in graph), range(1, len(trace.hand) + 1)
    right.tick_params(axis="x", labelbottom=True, length=0)
    states = [plural(layers[n], "{n} state", "{n} states") for n in ticks]
    right.set_xticks(
        ticks, [_("{count}\n({states})").format(count=n, states=s) for n, s in zip(ticks, states)]
    )
    right.set(xlim=(len(trace.hand) + 0.45, 0.1), yticks=[])
    right.spines[["top", "right", "left"]].set_visible(False)
    right.set_xlabel(_("numbers left"), fontsize=FONT["label"])
    title = said("{count} states in the search tree", count=f"{len(trace.states):,}")
    left.set_title(title, fontsize=FONT["title"])
    title = _("{count} distinct states (what memoising visits)")
    right.set_title(title.format(count=f"{trace.distinct_states():,}"), fontsize=FONT["title"])
    title = _(
        "Recursive reduction of {hand} → {target}: the tree repeats the same states many times"
    )
    fig.suptitle(
        title.format(hand=hand_text(trace.hand), target=target), fontsize=FONT["title"] + 1
    )
    return fig


def plot_states_per_depth(trace: Trace, ax=None):
    """Bars per depth: the states the tree visits beside the distinct ones, counts written on."""
    tree = Counter(len(s.values) for s in trace.states)
    distinct = Counter(len(key) for key in {s.key for s in trace.states})
    ax, rows = new_axes(ax), [(n, tree[n], distinct[n]) for n in sorted(tree, reverse=True)]
    for shift, column, colour, label in [
        (-0.19, 1, "#9aa5b1", _("states the search tree visits")),
        (0.19, 2, BLUE, _("distinct states (what memoising visits)")),
    ]:
        xs, heights = [k + shift for k in range(len(rows))], [row[column] for row in rows]
        bars = ax.bar(xs, heights, 0.38, color=colour, label=label)
        ax.bar_label(bars, fmt="{:,.0f}", padding=2, fontsize=FONT["note"])
    names = [_("{count} left").format(count=row[0]) for row in rows]
    names[0] = _("{count} left (the hand)").format(count=rows[0][0])
    ax.set_xticks(range(len(rows)), names)
    ax.set_ylim(0, max(row[1] for row in rows) * 1.12)
    title = _("{hand} → {target}: the tree visits {count} states, only {distinct} are different")
    words = {"hand": hand_text(trace.hand), "target": describe(trace.target)}
    words.update(count=f"{len(trace.states):,}", distinct=f"{trace.distinct_states():,}")
    title = title.format(**words)
    xlabel = _("depth of the search: how many numbers are left")
    finish(ax, title, xlabel, _("number of states"), legend=True, loc=2)  # 2: upper left
    return ax
