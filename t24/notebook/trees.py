"""The search tree of recursive reduction ("24点经典算法"), as graphs and pictures.

Every choice of the recursion makes a new state (the numbers left), so the search is a tree:
for four cards 1 state, then 36, then 648, then 3,888 final numbers. Many states hold the same
numbers; grouped by their multiset of values (`State.key`) they make a much smaller graph: what
a memoised search visits, and the argument for `fast`. Built from `recursive.trace(hand,
target)`: `make_search_graph` and `make_state_graph` (networkx), `plot_tree_and_states` (both
drawn, the paths to the target highlighted) and `plot_states_per_depth` (for a tree too big to
draw node by node: the states per depth beside the distinct ones).
"""

from __future__ import annotations

import math
from collections import Counter

import matplotlib.pyplot as plt
import networkx as nx

from ..methods.recursive import Trace
from ..text import describe, hand_text
from .plots import FONT, finish, new_axes

GREY, BLUE, ORANGE, RED = "#c4c4c4", "#4a7bb7", "#e8590c", "#c92a2a"
LABEL_AT_MOST = 200  # a tree with at most this many states gets every node labelled


def make_search_graph(trace: Trace) -> nx.DiGraph:
    """The search tree: one node per visited state (by id), an edge to each child."""
    graph = nx.DiGraph(hand=trace.hand, target=trace.target)
    for s in trace.states:
        graph.add_node(s.id, depth=s.depth, values=s.values, reaches_target=s.reaches_target)
    graph.add_edges_from(trace.edges())
    return graph


def make_state_graph(trace: Trace) -> nx.DiGraph:
    """The distinct states: one node per multiset of values, with how often the tree visits it."""
    graph = nx.DiGraph(hand=trace.hand, target=trace.target)
    for s in sorted(trace.states, key=lambda s: (s.depth, s.key)):
        if s.key in graph:
            graph.nodes[s.key]["visits"] += 1
        else:
            graph.add_node(s.key, depth=s.depth, reaches_target=s.reaches_target, visits=1)
    graph.add_edges_from((trace.states[a].key, trace.states[b].key) for a, b in trace.edges())
    return graph


def radial_layout(trace: Trace) -> dict[int, tuple[float, float]]:
    """Depth as the radius; final states spread round the outer ring in visiting order, every
    other state at the mean angle of its children, so each subtree keeps its own wedge."""
    leaves = [s.id for s in trace.states if len(s.values) == 1]
    angle = {leaf: (k + 0.5) * 2 * math.pi / len(leaves) for k, leaf in enumerate(leaves)}
    children: dict[int, list[float]] = {}
    for s in reversed(trace.states):  # children come after their parent
        if s.id not in angle:
            angle[s.id] = sum(children.get(s.id, [0.0])) / len(children.get(s.id, [0.0]))
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
    steps = list(set(graph.edges) - set(path))
    draw = {"G": graph, "pos": pos, "ax": ax}
    width, step = (0.8, "a step (a pair, one of six results)") if small else (0.3, None)
    lines = nx.draw_networkx_edges(
        **draw, edgelist=steps, arrows=False, edge_color=GREY, width=width
    )
    if lines is not None and not small:
        lines.set_antialiased(False)  # hundreds of hairlines: the same look, a quarter of the PNG
    path_label = f"a step on a path to {target}"
    nx.draw_networkx_edges(
        **draw, edgelist=path, arrows=False, edge_color=ORANGE, width=3, label=path_label
    )
    others, leading = [n for n in graph if n not in on_path], [n for n in on_path if n not in hits]
    for nodes, size, colour, label in [
        (others, 40 if small else 4, BLUE, what),
        (leading, 90 if small else 40, ORANGE, f"leads to {target}"),
        (hits, 260, RED, f"a hit: the last number is {target}"),
    ]:
        shape = "*" if colour == RED else "o"
        nx.draw_networkx_nodes(
            **draw, nodelist=nodes, node_size=size, node_color=colour, node_shape=shape, label=label
        )
    ax.legend(fontsize=FONT["note"], loc="upper center", bbox_to_anchor=(0.5, 0), ncol=2)


def _label(ax, text: str, at, bold: bool = False, **where) -> None:
    weight = "bold" if bold else "normal"
    ax.annotate(
        text, at, textcoords="offset points", fontsize=FONT["note"], fontweight=weight, **where
    )


def plot_search_tree(trace: Trace, ax=None, labels: bool | None = None):
    """Every state the recursion visits, the hand at the centre, paths to the target highlighted."""
    ax = new_axes(ax, (10, 10))
    labels = len(trace.states) <= LABEL_AT_MOST if labels is None else labels
    graph, pos = make_search_graph(trace), radial_layout(trace)
    on_path = {s.id for s in trace.states if s.reaches_target}
    _draw(graph, pos, on_path, ax, labels, describe(trace.target), "a state (the numbers left)")
    ax.annotate(
        hand_text(trace.hand), (0, 0), ha="center", fontsize=FONT["title"], fontweight="bold"
    )
    for s in trace.states[1:] if labels else ():
        _label(
            ax,
            " ".join(map(describe, s.values)),
            pos[s.id],
            s.reaches_target,
            xytext=(0, 7),
            ha="center",
        )
    reach = (len(trace.hand) - 1) * (1.25 if labels else 1.05)
    ax.set(xlim=(-reach, reach), ylim=(-reach, reach), aspect="equal")
    ax.axis("off")
    return ax


def plot_state_graph(trace: Trace, ax=None, labels: bool | None = None):
    """The distinct states by how many numbers are left; "×k" where the tree visits one k times."""
    ax = new_axes(ax, (10, 9))
    graph = make_state_graph(trace)
    labels = graph.number_of_nodes() <= LABEL_AT_MOST // 2 if labels is None else labels
    pos, target = layered_layout(graph), describe(trace.target)
    on_path = {key for key, data in graph.nodes(data=True) if data["reaches_target"]}
    _draw(graph, pos, on_path, ax, labels, target, "a distinct state")
    for key in graph if labels else on_path:
        visits = graph.nodes[key]["visits"]
        text = " ".join(map(describe, key)) + (f"  ×{visits}" if labels and visits > 1 else "")
        _label(ax, text, pos[key], key in on_path, xytext=(7, 0), va="center")
    layers = Counter(len(key) for key in graph)
    count = len(trace.hand)
    ax.tick_params(axis="x", labelbottom=True, length=0)
    ax.set_xticks(
        range(1, count + 1), [f"{n}\n({layers[n]:,} states)" for n in range(1, count + 1)]
    )
    ax.set(xlim=(count + 0.45, 0.1), yticks=[])
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.set_xlabel("numbers left", fontsize=FONT["label"])
    return ax


def plot_tree_and_states(trace: Trace, labels: bool | None = None):
    """The search tree beside the graph of its distinct states, in one figure; returns it."""
    labels = len(trace.states) <= LABEL_AT_MOST if labels is None else labels
    fig, (left, right) = plt.subplots(
        1, 2, figsize=(18, 11) if labels else (17, 9.5), layout="constrained"
    )
    plot_search_tree(trace, left, labels)
    plot_state_graph(trace, right, labels)
    left.set_title(f"{len(trace.states):,} states in the search tree", fontsize=FONT["title"])
    right.set_title(
        f"{trace.distinct_states():,} distinct states (what memoising visits)",
        fontsize=FONT["title"],
    )
    fig.suptitle(
        f"Recursive reduction of {hand_text(trace.hand)} → {describe(trace.target)}: "
        "the tree repeats the same states many times",
        fontsize=FONT["title"] + 1,
    )
    return fig


def depth_counts(trace: Trace) -> list[tuple[int, int, int]]:
    """(numbers left, states in the tree, distinct states) for each depth, the hand first."""
    tree = Counter(len(s.values) for s in trace.states)
    distinct = Counter(len(key) for key in {s.key for s in trace.states})
    return [(left, tree[left], distinct[left]) for left in sorted(tree, reverse=True)]


def plot_states_per_depth(trace: Trace, ax=None):
    """Bars per depth: the states the tree visits beside the distinct ones, counts written on."""
    ax = new_axes(ax)
    rows = depth_counts(trace)
    xs = range(len(rows))
    for shift, column, colour, label in [
        (-0.19, 1, "#9aa5b1", "states the search tree visits"),
        (0.19, 2, BLUE, "distinct states (what memoising visits)"),
    ]:
        bars = ax.bar(
            [x + shift for x in xs], [row[column] for row in rows], 0.38, color=colour, label=label
        )
        ax.bar_label(
            bars, labels=[f"{row[column]:,}" for row in rows], padding=2, fontsize=FONT["note"]
        )
    ax.set_xticks(
        list(xs),
        [f"{left} left" + (" (the hand)" if k == 0 else "") for k, (left, *_) in enumerate(rows)],
    )
    ax.set_ylim(0, max(row[1] for row in rows) * 1.12)
    title = (
        f"{hand_text(trace.hand)} → {describe(trace.target)}: the tree visits {len(trace.states):,} "
        f"states, only {trace.distinct_states():,} are different"
    )
    finish(
        ax,
        title,
        "depth of the search: how many numbers are left",
        "number of states",
        legend=True,
        loc="upper left",
    )
    return ax
