"""The search tree of recursive reduction (the post "24点经典算法"), drawn, counted and stepped through.

The post solves a hand by taking two of the numbers still in play, replacing them by one of
six results, and recursing until one number is left. Every choice makes a new *state* (the
numbers left), so the search is a tree: for four cards 1 state, then 36, then 648, then 3,888
final numbers (fewer when a division by zero is skipped). Many of these states hold the same
numbers: from 3 3 8 8, "8 ÷ 3" can be made from either 8 and either 3. Grouping the states by
their multiset of values (`State.key`) gives a much smaller graph: that is what a memoised search
visits, and the argument for `t24.fast`, which memoises on sub-multisets of the cards.

Everything here is built from `t24.methods.recursive.trace(hand, target)`:

* `make_search_graph` / `make_state_graph`: the tree and the graph of distinct states, as
  networkx graphs;
* `plot_search_tree`, `plot_state_graph`, `plot_tree_and_states`: the pictures, with the paths
  that reach the target highlighted (every node labelled when the hand is small);
* `depth_counts` and `plot_states_per_depth`: for a hand too big to draw node by node, the
  states per depth in the tree beside the distinct ones, as bars on a linear axis;
* `describe_state` (a pure function that writes one state as HTML) and
  `make_recursion_stepper`, the widget that steps through the states in visiting order (or says
  in one line why it will not, when the trace would be too large).
"""

from __future__ import annotations

import html
import math
from fractions import Fraction

import ipywidgets as widgets
import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.lines import Line2D

from ..hand import as_hand
from ..methods import recursive
from ..methods.recursive import State, Trace
from ..text import hand_text, plural
from .steppers import Jump, Outcomes, Stepper
from .style import FONT as STYLE_FONT
from .style import WIDGET_FONT

EDGE_GREY = "#c4c4c4"
FAN_GREY = "#d4d4d4"  # lighter, for hundreds of hairlines drawn without antialiasing
DENSE = 300  # edges; above this the grey lines are drawn without antialiasing
STATE_BLUE = "#4a7bb7"
PATH_ORANGE = "#e8590c"
HIT_RED = "#c92a2a"
FONT = 12
TREE_BAR = "#9aa5b1"  # the tree's states: grey, the work done
DISTINCT_BAR = STATE_BLUE  # the distinct states: what a memoised search would visit
LABEL_ALL_STATES = 80  # a state graph this small gets every node labelled


# ----------------------------------------------------------------------------- graphs

def make_search_graph(trace: Trace) -> nx.DiGraph:
    """The search tree: one node per visited state (by id), an edge from each state to its children."""
    graph = nx.DiGraph(hand=trace.hand, target=trace.target)
    for state in trace.states:
        graph.add_node(
            state.id,
            depth=state.depth,
            values=state.values,
            step=state.step,
            reaches_target=state.reaches_target,
        )
    graph.add_edges_from(trace.edges())
    return graph


def make_state_graph(trace: Trace) -> nx.DiGraph:
    """The distinct states: one node per multiset of values (`State.key`), edges parent key → child key."""
    graph = nx.DiGraph(hand=trace.hand, target=trace.target)
    # Nodes go in by depth, then by value, so the graph lists each layer in value order.
    for state in sorted(trace.states, key=lambda s: (s.depth, s.key)):
        if state.key in graph:
            graph.nodes[state.key]["visits"] += 1
        else:
            graph.add_node(state.key, depth=state.depth, reaches_target=state.reaches_target, visits=1)
    for parent, child in trace.edges():
        graph.add_edge(trace.states[parent].key, trace.states[child].key)
    return graph


def path_states(trace: Trace) -> set[int]:
    """The ids of the states on a path that reaches the target: the hits and all their ancestors."""
    return {state.id for state in trace.states if state.reaches_target}


# ----------------------------------------------------------------------------- text

def format_value(value: Fraction) -> str:
    """A value as people write it: 24, -1, 8/3."""
    return str(value)


def state_label(state: State) -> str:
    """The numbers left in a state, in array order: '8/3 3 8'."""
    return " ".join(format_value(v) for v in state.values)


def _states(count: int) -> str:
    return f"{count:,} state" + ("" if count == 1 else "s")


def _target_text(trace: Trace) -> str:
    return format_value(trace.target)


def _hand_text(trace: Trace, faces: bool = False) -> str:
    return hand_text(trace.hand, faces=faces)


# ----------------------------------------------------------------------------- layout

def radial_tree_layout(trace: Trace) -> dict[int, tuple[float, float]]:
    """Positions for the search tree: depth is the radius, each subtree keeps its own wedge.

    networkx's layered layouts (`nx.bfs_layout`, `nx.multipartite_layout`) would put 3,888 final
    numbers on one straight line; round a circle of the same width they get π times the room. The final
    states are spread evenly around the outer ring in visiting order, and every other state sits
    at the mean angle of its children, so a path from the centre outwards is one branch.
    """
    angle: dict[int, float] = {}
    leaves = [s for s in trace.states if len(s.values) == 1]
    gap = 2 * math.pi / len(leaves)
    for k, state in enumerate(leaves):
        angle[state.id] = (k + 0.5) * gap
    children: dict[int, list[float]] = {}
    for state in reversed(trace.states):  # children come after their parent in visiting order
        if state.id not in angle:
            kids = children.get(state.id, [0.0])
            angle[state.id] = sum(kids) / len(kids)
        if state.parent is not None:
            children.setdefault(state.parent, []).append(angle[state.id])
    return {
        s.id: (s.depth * math.cos(angle[s.id]), s.depth * math.sin(angle[s.id])) for s in trace.states
    }


def state_graph_layout(graph: nx.DiGraph) -> dict:
    """Positions for the distinct states: x is how many numbers are left, each layer spread over y.

    Like `nx.multipartite_layout`, but every layer fills the same height (smallest value at the
    top), so a layer of 14 states is as easy to read as one of 269.
    """
    layers: dict[int, list] = {}
    for key in graph:
        layers.setdefault(len(key), []).append(key)
    pos = {}
    for left, keys in layers.items():
        keys.sort()
        for k, key in enumerate(keys):
            pos[key] = (left, 1 - 2 * (k + 0.5) / len(keys))
    return pos


# ----------------------------------------------------------------------------- plots

def _counts_note(trace: Trace) -> str:
    finals = sum(1 for s in trace.states if len(s.values) == 1)
    on_paths = len(path_states(trace))
    return (
        f"{len(trace.states):,} states, {finals:,} final numbers\n"
        f"{len(trace.hits):,} hits; {on_paths:,} states on paths to {_target_text(trace)}"
    )


def plot_search_tree(trace: Trace, ax=None, labels: bool | None = None):
    """Draw every state the recursion visits, centre = the hand, paths to the target highlighted.

    With `labels` (the default for trees of at most 200 states) each node shows the numbers left.
    Returns the Axes.
    """
    if ax is None:
        _fig, ax = plt.subplots(figsize=(10, 10), layout="constrained")
    if labels is None:
        labels = len(trace.states) <= 200
    graph = make_search_graph(trace)
    pos = radial_tree_layout(trace)
    on_path = path_states(trace)
    hit_ids = [s.id for s in trace.hits]
    target = _target_text(trace)
    count = len(trace.hand)
    small = labels  # a labelled tree is small: bigger points and lines

    # Faint rings, one per depth, so the eye reads the radius as "numbers left".
    for depth in range(1, count):
        ax.add_patch(plt.Circle((0, 0), depth, fill=False, color="#eeeeee", lw=1, zorder=0))

    grey_edges = [(u, v) for u, v in graph.edges if v not in on_path]
    path_edges = [(u, v) for u, v in graph.edges if v in on_path]
    hairlines = nx.draw_networkx_edges(
        graph, pos, edgelist=grey_edges, ax=ax, arrows=False, edge_color=EDGE_GREY if small else FAN_GREY,
        width=0.8 if small else 0.3, label="a step (pair and one of six results)",
    )
    _plain_if_dense(hairlines, len(grey_edges))
    nx.draw_networkx_edges(
        graph, pos, edgelist=path_edges, ax=ax, arrows=False, edge_color=PATH_ORANGE,
        width=3.5 if small else 2.5, label=f"a step on a path to {target}",
    )
    others = [n for n in graph if n not in on_path]
    nx.draw_networkx_nodes(
        graph, pos, nodelist=others, ax=ax, node_size=40 if small else 2,
        node_color=STATE_BLUE, linewidths=0, label="a state (the numbers left)",
    )
    nx.draw_networkx_nodes(
        graph, pos, nodelist=[n for n in on_path if n not in hit_ids], ax=ax,
        node_size=90 if small else 40, node_color=PATH_ORANGE, linewidths=0,
        label=f"a state that leads to {target}",
    )
    if hit_ids:
        nx.draw_networkx_nodes(
            graph, pos, nodelist=hit_ids, ax=ax, node_size=260 if small else 220,
            node_color=HIT_RED, node_shape="*", linewidths=0,
            label=f"a hit: the last number is {target}",
        )
    root = trace.states[0]
    ax.scatter([0], [0], s=120, color="black", zorder=5)
    ax.annotate(
        _hand_text(trace), (0, 0), xytext=(0, 14), textcoords="offset points", ha="center",
        fontsize=FONT + 2, fontweight="bold", zorder=6,
        bbox=dict(boxstyle="round,pad=0.2", fc="white", ec="none", alpha=0.8),
    )
    if labels:
        _label_small_tree(ax, trace, pos, on_path, skip=root.id)
    else:
        ax.text(
            0.0, 0.0, _counts_note(trace), transform=ax.transAxes, fontsize=FONT,
            va="bottom", ha="left",
        )
    # Without node labels, name each ring ("3 left" ...) along the emptiest direction.
    label_angle = _free_angle([math.atan2(pos[n][1], pos[n][0]) for n in on_path if n != root.id])
    for depth in range(1, count) if not labels else ():
        ax.text(
            depth * math.cos(label_angle), depth * math.sin(label_angle), f"{count - depth} left",
            fontsize=FONT - 1, color="#555555", ha="center", va="center", zorder=4,
            bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85),
        )
    reach = max(count - 1, 1) * (1.3 if labels else 1.04)
    ax.set_xlim(-reach, reach)
    ax.set_ylim(-reach, reach)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(
        f"{len(trace.states):,} states in the search tree of {_hand_text(trace)} → {target}",
        fontsize=FONT + 3,
    )
    _legend(ax, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=2)
    return ax


def _plain_if_dense(lines, count: int) -> None:
    """Draw hundreds of grey hairlines without antialiasing.

    They look the same from a seat in the classroom, and the PNG kept in the notebook shrinks
    to about a quarter (blended grey levels compress badly).
    """
    if lines is not None and count > DENSE:
        lines.set_antialiased(False)


def _free_angle(angles: list[float]) -> float:
    """The direction (radians) farthest from all the given ones; straight up when there are none."""
    candidates = [math.radians(d) for d in range(0, 360, 5)]

    def clearance(theta: float) -> float:
        gaps = [abs((theta - a + math.pi) % (2 * math.pi) - math.pi) for a in angles]
        return min(gaps, default=math.pi) + 0.01 * math.sin(theta)  # prefer the upper half on ties

    return max(candidates, key=clearance)


def _legend(ax, **where):
    """A legend whose point markers are big enough to see, however small the plotted points."""
    legend = ax.legend(fontsize=FONT - 1, framealpha=0.9, **where)
    for handle in legend.legend_handles:
        if isinstance(handle, Line2D) and handle.get_linewidth() < 1.5:
            handle.set_linewidth(1.5)  # a hairline sample would be invisible in the legend
            handle.set_color(EDGE_GREY)
        elif hasattr(handle, "set_sizes"):
            handle.set_sizes([min(max(handle.get_sizes()[0], 40), 200)])
    return legend


def _label_small_tree(ax, trace: Trace, pos, on_path: set[int], skip: int) -> None:
    """Write the numbers left beside every node; final numbers radially, outside the ring."""
    for state in trace.states:
        if state.id == skip:
            continue
        x, y = pos[state.id]
        colour = HIT_RED if state.reaches_target else "#333333"
        weight = "bold" if state.id in on_path else "normal"
        if len(state.values) == 1:
            theta = math.degrees(math.atan2(y, x))
            flip = 90 < theta % 360 < 270  # keep the text upright on the left half
            r = math.hypot(x, y) + 0.12
            ax.text(
                r * math.cos(math.radians(theta)), r * math.sin(math.radians(theta)),
                format_value(state.values[0]), rotation=theta + (180 if flip else 0),
                rotation_mode="anchor", ha="right" if flip else "left", va="center",
                fontsize=FONT, color=colour, fontweight=weight,
            )
        else:
            ax.annotate(
                state_label(state), (x, y), xytext=(0, 8), textcoords="offset points",
                ha="center", fontsize=FONT + 1, color=colour, fontweight=weight,
                bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.7),
            )


def plot_state_graph(trace: Trace, ax=None, labels: bool | None = None):
    """Draw the distinct states (multisets of numbers left) by how many numbers are left.

    With `labels` (the default for at most 80 distinct states) every node shows its numbers, and
    "×k" when the tree visits it k times; otherwise only the states on paths to the target.
    """
    if ax is None:
        _fig, ax = plt.subplots(figsize=(10, 9), layout="constrained")
    graph = make_state_graph(trace)
    count = len(trace.hand)
    pos = state_graph_layout(graph)
    target = _target_text(trace)
    on_path = {key for key, data in graph.nodes(data=True) if data["reaches_target"]}
    hits = [key for key in on_path if len(key) == 1]

    grey_edges = [(u, v) for u, v in graph.edges if not (u in on_path and v in on_path)]
    path_edges = [(u, v) for u, v in graph.edges if u in on_path and v in on_path]
    hairlines = nx.draw_networkx_edges(
        graph, pos, edgelist=grey_edges, ax=ax, arrows=False, edge_color=FAN_GREY, width=0.4,
        label="a step between distinct states",
    )
    _plain_if_dense(hairlines, len(grey_edges))
    nx.draw_networkx_edges(
        graph, pos, edgelist=path_edges, ax=ax, arrows=False, edge_color=PATH_ORANGE, width=3,
        label=f"a step on a path to {target}",
    )
    nx.draw_networkx_nodes(
        graph, pos, nodelist=[k for k in graph if k not in on_path], ax=ax, node_size=12,
        node_color=STATE_BLUE, linewidths=0, label="a distinct state",
    )
    nx.draw_networkx_nodes(
        graph, pos, nodelist=[k for k in on_path if k not in hits], ax=ax, node_size=70,
        node_color=PATH_ORANGE, linewidths=0, label=f"a state that leads to {target}",
    )
    if hits:
        nx.draw_networkx_nodes(
            graph, pos, nodelist=hits, ax=ax, node_size=260, node_color=HIT_RED, node_shape="*",
            linewidths=0, label=f"the final number {target}",
        )
    if labels is None:
        labels = graph.number_of_nodes() <= LABEL_ALL_STATES
    for key in graph if labels else on_path:
        x, y = pos[key]
        visits = graph.nodes[key]["visits"]
        text = " ".join(format_value(v) for v in key) + (f"  ×{visits}" if labels and visits > 1 else "")
        bold = key in on_path
        ax.annotate(
            text, (x, y), xytext=(7, 0) if labels else (0, 11), textcoords="offset points",
            ha="left" if labels else "center", va="center" if labels else "baseline",
            fontsize=FONT + (1 if labels and bold else 0), fontweight="bold" if bold else "normal",
            color=HIT_RED if key in hits else "#333333",
            bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.85), zorder=6,
        )
    layer_sizes = {}
    for key in graph:
        layer_sizes[len(key)] = layer_sizes.get(len(key), 0) + 1
    # networkx's drawing functions hide the tick labels; this axis has a meaning, so show them.
    ax.tick_params(axis="x", labelbottom=True)
    ax.set_xticks(range(1, count + 1))
    ax.set_xticklabels([f"{n}\n({_states(layer_sizes.get(n, 0))})" for n in range(1, count + 1)], fontsize=FONT)
    ax.set_xlim(count + 0.45, 0.55 - (0.45 if labels else 0))  # the hand on the left, as in reading order
    ax.set_yticks([])
    ax.tick_params(axis="x", length=0)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.set_xlabel("numbers left (count of values in the state)", fontsize=FONT)
    ax.set_ylabel("distinct states, in value order", fontsize=FONT)
    ax.set_title(f"{graph.number_of_nodes():,} distinct states", fontsize=FONT + 3)
    _legend(ax, loc="upper center", bbox_to_anchor=(0.5, -0.11), ncol=2)
    return ax


def plot_tree_and_states(trace: Trace, labels: bool | None = None):
    """The search tree beside the graph of distinct states, in one figure; returns the figure.

    With `labels` (the default for a tree of at most 200 states) every node of both shows its numbers.
    """
    if labels is None:
        labels = len(trace.states) <= 200
    fig, (left, right) = plt.subplots(
        1, 2, figsize=(18, 11) if labels else (17, 9.5), layout="constrained",
        gridspec_kw={"width_ratios": [1, 1.05]},
    )
    plot_search_tree(trace, ax=left, labels=labels)
    plot_state_graph(trace, ax=right, labels=labels)
    left.set_title(f"{len(trace.states):,} states in the search tree", fontsize=FONT + 3)
    right.set_title(f"{trace.distinct_states():,} distinct states (what memoising visits)", fontsize=FONT + 3)
    fig.suptitle(
        f"Recursive reduction of {_hand_text(trace)} → {_target_text(trace)}: "
        "the tree repeats the same states many times",
        fontsize=FONT + 4,
    )
    return fig


def depth_counts(trace: Trace) -> list[tuple[int, int, int]]:
    """(numbers left, states in the tree, distinct states) for each depth, the hand first."""
    tree: dict[int, int] = {}
    distinct: dict[int, set] = {}
    for state in trace.states:
        left = len(state.values)
        tree[left] = tree.get(left, 0) + 1
        distinct.setdefault(left, set()).add(state.key)
    return [(left, tree[left], len(distinct[left])) for left in sorted(tree, reverse=True)]


def plot_states_per_depth(trace: Trace, ax=None):
    """Bars per depth: the states the tree visits beside the distinct ones (linear axis, counts written on).

    The honest picture of a tree too big to draw node by node. Returns the Axes.
    """
    if ax is None:
        _fig, ax = plt.subplots(figsize=(10, 5.5), layout="constrained")
    rows = depth_counts(trace)
    xs = range(len(rows))
    width = 0.38
    tree_bars = ax.bar([x - width / 2 for x in xs], [t for _, t, _ in rows], width, color=TREE_BAR,
                       label="states the search tree visits")
    distinct_bars = ax.bar([x + width / 2 for x in xs], [d for _, _, d in rows], width, color=DISTINCT_BAR,
                           label="distinct states (what memoising visits)")
    for bars in (tree_bars, distinct_bars):
        ax.bar_label(bars, labels=[f"{b.get_height():,.0f}" for b in bars], padding=2, fontsize=STYLE_FONT["note"] + 1)
    ax.set_xticks(list(xs))
    ax.set_xticklabels([f"{left} left" + (" (the hand)" if k == 0 else "") for k, (left, _, _) in enumerate(rows)])
    ax.tick_params(labelsize=STYLE_FONT["tick"])
    ax.set_ylim(0, max(t for _, t, _ in rows) * 1.12)
    ax.grid(True, axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    ax.set_xlabel("depth of the search: how many numbers are left", fontsize=STYLE_FONT["label"])
    ax.set_ylabel("number of states", fontsize=STYLE_FONT["label"])
    total, distinct = len(trace.states), trace.distinct_states()
    ax.set_title(
        f"{_hand_text(trace)} → {_target_text(trace)}: the tree visits {total:,} states, "
        f"only {distinct:,} are different", fontsize=STYLE_FONT["title"],
    )
    ax.legend(fontsize=STYLE_FONT["legend"], loc="upper left")
    return ax


# ----------------------------------------------------------------------------- stepping

def step_taken(trace: Trace, index: int) -> tuple[int, int, str] | None:
    """The step that made state `index`: (i, j, one of `recursive.STEPS`), or None for the start.

    The trace records only the new expression, so the step is found by walking the parent's
    children with the search's own step (`recursive.children`) up to this child.
    """
    return trace.states[index].move


def _cell(text: str, style: str = "") -> str:
    return f'<td style="padding:2px 10px;{style}">{text}</td>'


def describe_state(trace: Trace, index: int, faces: bool = True) -> str:
    """One state of the recursion as HTML: the array, the step that led there, depth, counts.

    With `faces`, the hand is written with J Q K for 11 12 13, as the cards show them.
    """
    state = trace.states[index]
    total = len(trace.states)
    target = _target_text(trace)
    count = len(trace.hand)
    left = len(state.values)
    step = step_taken(trace, index)
    lines = [
        f"<b>State {index + 1:,} of {total:,}</b> &nbsp;·&nbsp; depth {state.depth} "
        f"({left} number{'s' if left != 1 else ''} left of {count})"
    ]
    moved_slot = None
    if step is None:
        lines.append(f"Start: the hand {html.escape(_hand_text(trace, faces))}, each card its own expression.")
        result_slot = None
    else:
        i, j, label = step
        parent = trace.states[state.parent]
        a, b = parent.exprs[i].pretty(), parent.exprs[j].pretty()
        last = len(parent.values) - 1
        lines.append(
            f"Step: pair (i, j) = ({i}, {j}), a = {html.escape(a)}, b = {html.escape(b)}; "
            f"result <code>{label}</code> = {html.escape(state.exprs[i].pretty())} "
            f"= {format_value(state.values[i])} goes into slot {i}"
            + (f"; the last number ({html.escape(format_value(parent.values[last]))}, slot {last}) "
               f"moves into slot {j}." if j != last else f"; slot {j} was the last slot, so it is simply dropped.")
        )
        result_slot = i
        moved_slot = j if j != last else None
    rows = []
    for slot, (value, expr) in enumerate(zip(state.values, state.exprs)):
        mark = ""
        if slot == result_slot:
            mark = "background:#ffe8cc;"
        elif slot == moved_slot:
            mark = "background:#e7f0fa;"
        rows.append(
            "<tr>" + _cell(str(slot), mark) + _cell(f"<b>{html.escape(format_value(value))}</b>", mark)
            + _cell(html.escape(expr.pretty()), mark) + "</tr>"
        )
    lines.append(
        '<table style="border-collapse:collapse;margin:4px 0">'
        "<tr><th style='padding:2px 10px'>slot</th><th style='padding:2px 10px'>number</th>"
        "<th style='padding:2px 10px'>expression</th></tr>" + "".join(rows) + "</table>"
    )
    if left == 1:
        verdict = (
            f"<b style='color:{HIT_RED}'>A hit: the last number is {target}.</b>" if state.reaches_target
            else f"The last number is not {target}: this path ends here."
        )
    elif state.reaches_target:
        verdict = f"<b style='color:{PATH_ORANGE}'>Reaches {target}</b> on at least one path below."
    else:
        verdict = f"No path below this state reaches {target}."
    lines.append(verdict)
    hits_so_far = sum(1 for s in trace.hits if s.id <= index)
    lines.append(
        f"Visited so far: {index + 1:,} of {total:,} states; hits so far: {hits_so_far} of {len(trace.hits)}."
    )
    body = "".join(f'<div style="margin:3px 0">{line}</div>' for line in lines)
    return f'<div style="font-size:{WIDGET_FONT}">{body}</div>'  # larger than the default: read on a projector


def first_step_jump(trace: Trace) -> Jump:
    """A dropdown over the first steps: pick one (say "8 / 3") and the stepper moves to that subtree.

    Option 0 is the hand; option k is the k-th state at depth 1 and every state below it, which
    the search visits right after it.
    """
    starts = [0] + [s.id for s in trace.states if s.depth == 1]
    part_of, current = [], 0
    for state in trace.states:
        if state.depth == 1:
            current += 1
        part_of.append(current)
    options = ["the hand"]
    for start in starts[1:]:
        i, j, label = step_taken(trace, start)
        options.append(f"{trace.states[start].step}  ({label} of slots {i}, {j})")

    def move(index: int, option: int) -> int:
        return index if part_of[index] == option else starts[option]

    return Jump("first step", tuple(options), lambda index: part_of[index], move)


class Refusal(widgets.HTML):
    """One line in place of a widget that would be too big to build, saying why."""

    def __init__(self, message: str):
        super().__init__(value=f'<div style="font-size:{WIDGET_FONT}">{html.escape(message)}</div>')
        self.message = message
        self.add_class("t24-refusal")

    def __repr__(self) -> str:
        return self.message


def make_recursion_stepper(hand, target=24, faces: bool = True) -> Stepper | Refusal:
    """A widget that steps through the states recursive reduction visits for one hand.

    A "first step" dropdown moves to the subtree of one first step. The size is checked before
    any work: past `recursive.TRACE_LIMIT` final numbers (five cards or more) it returns a
    one-line `Refusal` instead.
    """
    hand = as_hand(hand)
    finals = recursive.final_numbers(len(hand))
    if finals > recursive.TRACE_LIMIT:
        return Refusal(
            f"No stepper for {hand_text(hand, faces)}: its search reaches {plural(finals, 'final number')}, "
            f"too many to step through (at most {recursive.TRACE_LIMIT:,}); four cards or fewer step."
        )
    trace = recursive.trace(hand, target)
    hits = tuple(s.id for s in trace.hits)
    outcomes = Outcomes(total=len(trace.states), hits=hits, new_trees=(), zeros=())
    label = f"Recursion stepper for {_hand_text(trace, faces)}, target {_target_text(trace)}"
    return Stepper(lambda index: describe_state(trace, index, faces), outcomes, "recursion", label, noun="state",
                   jump=first_step_jump(trace))
