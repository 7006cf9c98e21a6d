"""The search-tree graphs, plots and stepper of recursive reduction (t24.search_tree)."""

from __future__ import annotations

import math
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
import pytest  # noqa: E402

from t24.methods import recursive  # noqa: E402
from t24.notebook import search_tree as st  # noqa: E402

SIX = {  # the article's six results of a and b, written out independently of t24.recursive
    "a+b": lambda a, b: a + b,
    "a-b": lambda a, b: a - b,
    "b-a": lambda a, b: b - a,
    "a*b": lambda a, b: a * b,
    "a/b": lambda a, b: a / b,
    "b/a": lambda a, b: b / a,
}


@pytest.fixture(scope="module")
def trace_3388():
    return recursive.trace((3, 3, 8, 8))


@pytest.fixture(scope="module")
def trace_234():
    return recursive.trace((2, 3, 4), 10)


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def children_of(values: tuple) -> set[tuple]:
    """Every multiset one step of the article makes from these values (an independent BFS step)."""
    found = set()
    for i in range(len(values)):
        for j in range(i + 1, len(values)):
            a, b = values[i], values[j]
            rest = [v for k, v in enumerate(values) if k not in (i, j)]
            results = [a + b, a - b, b - a, a * b] + ([a / b] if b else []) + ([b / a] if a else [])
            for r in results:
                found.add(tuple(sorted(rest + [r])))
    return found


def distinct_graph(hand) -> tuple[set, set]:
    """The distinct states and the steps between them, by breadth-first search over multisets."""
    start = tuple(sorted(Fraction(n) for n in hand))
    nodes, edges, frontier = {start}, set(), [start]
    while frontier:
        nxt = []
        for key in frontier:
            if len(key) == 1:
                continue
            for child in children_of(key):
                edges.add((key, child))
                if child not in nodes:
                    nodes.add(child)
                    nxt.append(child)
        frontier = nxt
    return nodes, edges


# ----------------------------------------------------------------------------- graphs

def test_search_graph_has_one_node_per_state_and_is_a_tree(trace_3388):
    graph = st.make_search_graph(trace_3388)
    assert graph.number_of_nodes() == len(trace_3388.states)
    assert graph.number_of_edges() == len(trace_3388.edges()) == len(trace_3388.states) - 1
    assert nx.is_arborescence(graph)
    for state in trace_3388.states[::97]:
        data = graph.nodes[state.id]
        assert (data["depth"], data["values"], data["step"], data["reaches_target"]) == (
            state.depth, state.values, state.step, state.reaches_target
        )
        assert nx.shortest_path_length(graph, 0, state.id) == state.depth


def test_search_graph_size_is_the_articles_count_when_nothing_divides_by_zero():
    # 4 5 6 7 never meets a zero divisor: 1 + 36 + 36×18 + 36×18×6 states (article 002's counts).
    graph = st.make_search_graph(recursive.trace((4, 5, 6, 7)))
    levels = [1, math.comb(4, 2) * 6, math.comb(3, 2) * 6, math.comb(2, 2) * 6]
    expected = sum(math.prod(levels[: k + 1]) for k in range(4))
    assert graph.number_of_nodes() == expected == 4573
    final = [n for n, d in graph.out_degree() if d == 0]
    assert len(final) == recursive.final_numbers(4) == 3888


@pytest.mark.parametrize("hand, target", [((2, 3, 4), 10), ((3, 3, 8, 8), 24), ((1, 5, 5, 5), 24)])
def test_state_graph_is_the_graph_of_distinct_multisets(hand, target):
    trace = recursive.trace(hand, target)
    graph = st.make_state_graph(trace)
    assert graph.number_of_nodes() == trace.distinct_states()
    nodes, edges = distinct_graph(hand)
    assert set(graph.nodes) == nodes
    assert set(graph.edges) == edges
    assert graph.number_of_nodes() < len(trace.states)
    # States with equal keys have equal futures, so they agree on whether they reach the target.
    for state in trace.states:
        assert graph.nodes[state.key]["reaches_target"] == state.reaches_target


def test_state_graph_counts_how_often_the_tree_visits_each_state(trace_3388):
    graph = st.make_state_graph(trace_3388)
    assert sum(d["visits"] for _k, d in graph.nodes(data=True)) == len(trace_3388.states)
    # "8/3 3 8" is reached four ways: either 3 with either 8.
    assert graph.nodes[(Fraction(8, 3), Fraction(3), Fraction(8))]["visits"] == 4


def test_highlighted_states_are_exactly_the_hits_and_their_ancestors(trace_3388):
    graph = st.make_search_graph(trace_3388)
    hits = [s.id for s in trace_3388.hits]
    ancestors = set(hits).union(*(nx.ancestors(graph, h) for h in hits))
    assert st.path_states(trace_3388) == ancestors
    assert len(hits) == 4 and all(trace_3388.states[h].exprs[0].value == 24 for h in hits)


def test_no_highlight_when_the_target_cannot_be_made():
    trace = recursive.trace((1, 1, 1, 1))
    assert trace.hits == [] and st.path_states(trace) == set()
    ax = st.plot_search_tree(trace)
    labels = [c.get_label() for c in ax.collections]
    assert "a hit: the last number is 24" not in labels


# ----------------------------------------------------------------------------- layout and steps

def test_radial_layout_puts_each_state_at_its_depth(trace_234):
    pos = st.radial_tree_layout(trace_234)
    for state in trace_234.states:
        assert math.hypot(*pos[state.id]) == pytest.approx(state.depth)


def test_step_taken_replays_the_articles_array_discipline(trace_234):
    """Result into slot i, the last number into slot j, one slot fewer: gives each child's values."""
    assert st.step_taken(trace_234, 0) is None
    for state in trace_234.states[1:]:
        i, j, label = st.step_taken(trace_234, state.id)
        parent = list(trace_234.states[state.parent].values)
        assert i < j
        array = list(parent)
        array[i] = SIX[label](parent[i], parent[j])
        array[j] = parent[-1]
        assert tuple(array[:-1]) == state.values


def test_describe_state_shows_the_step_the_array_and_the_counts(trace_3388):
    first_third = next(s for s in trace_3388.states if s.depth == 1 and s.step == "8 / 3")
    text = st.describe_state(trace_3388, first_third.id)
    assert f"State {first_third.id + 1:,} of 4,453" in text
    assert "b/a" in text and "8 ÷ 3" in text and "8/3" in text
    assert "Reaches 24" in text
    hit = trace_3388.hits[0]
    hit_text = st.describe_state(trace_3388, hit.id)
    assert "A hit" in hit_text and "8 ÷ (3 − 8 ÷ 3)" in hit_text
    assert "hits so far: 1 of 4" in hit_text
    assert "Start" in st.describe_state(trace_3388, 0)
    dead = next(s for s in trace_3388.states if not s.reaches_target and len(s.values) == 1)
    assert "not 24" in st.describe_state(trace_3388, dead.id)


# ----------------------------------------------------------------------------- plots

def test_plot_search_tree_highlights_the_paths(trace_3388):
    ax = st.plot_search_tree(trace_3388)
    assert isinstance(ax, plt.Axes)
    assert "4,453 states" in ax.get_title()
    legend = ax.get_legend()
    assert legend is not None
    texts = [t.get_text() for t in legend.get_texts()]
    assert "a step on a path to 24" in texts and "a hit: the last number is 24" in texts
    by_label = {c.get_label(): c for c in ax.collections}
    assert len(by_label["a step on a path to 24"].get_segments()) == len(st.path_states(trace_3388)) - 1
    assert len(by_label["a hit: the last number is 24"].get_offsets()) == len(trace_3388.hits)
    assert len(by_label["a step (pair and one of six results)"].get_segments()) == (
        len(trace_3388.states) - len(st.path_states(trace_3388))
    )


def test_small_tree_is_labelled_with_the_numbers_left(trace_234):
    ax = st.plot_search_tree(trace_234)
    texts = [t.get_text() for t in ax.texts]
    assert "10" in texts  # the two hits
    assert "6 4" in texts and "2 12" in texts  # the states on the paths to 10
    assert len(texts) >= len(trace_234.states) - 1


def test_plot_state_graph_and_side_by_side(trace_3388):
    ax = st.plot_state_graph(trace_3388)
    assert ax.get_title().startswith("393 distinct states")
    assert ax.get_legend() is not None and ax.get_xlabel()
    fig = st.plot_tree_and_states(trace_3388)
    titles = [a.get_title() for a in fig.axes]
    assert titles[0] == "4,453 states in the search tree"
    assert titles[1].startswith("393 distinct states")
    assert all(a.get_legend() is not None for a in fig.axes)


# ----------------------------------------------------------------------------- stepper

def test_stepper_follows_the_slider_the_play_button_and_the_hit_buttons():
    stepper = st.make_recursion_stepper((3, 3, 8, 8))
    trace = recursive.trace((3, 3, 8, 8))
    assert "State 1 of 4,453" in stepper.view.value
    assert repr(stepper) == "Recursion stepper for 3 3 8 8, target 24: 4,453 states, 4 hits"
    stepper.slider.value = 1360
    assert stepper.view.value == st.describe_state(trace, 1359)
    stepper.play.value = 7
    assert stepper.slider.value == 7 and stepper.view.value == st.describe_state(trace, 6)
    hits = [s.id + 1 for s in trace.hits]
    assert stepper.previous_hit.disabled and not stepper.next_hit.disabled
    stepper.next_hit.click()
    assert stepper.slider.value == hits[0] and "A hit" in stepper.view.value
    stepper.next_hit.click()
    assert stepper.slider.value == hits[1]
    stepper.previous_hit.click()
    assert stepper.slider.value == hits[0]
    stepper.slider.value = hits[-1]
    assert stepper.next_hit.disabled and not stepper.previous_hit.disabled
    stepper.slider.value = len(trace.states)
    stepper.previous_hit.click()
    assert stepper.slider.value == hits[-1]


def test_stepper_hit_buttons_are_off_when_nothing_is_a_hit():
    stepper = st.make_recursion_stepper((1, 1, 1, 1))
    stepper.slider.value = 5
    assert stepper.next_hit.disabled and stepper.previous_hit.disabled
    stepper.next_hit.click()
    assert stepper.slider.value == 5
    assert "hits so far: 0 of 0" in stepper.view.value


# ----------------------------------------------------------------------------- small hands, labelled

def test_small_state_graph_labels_every_state_with_its_visits(trace_234):
    ax = st.plot_state_graph(trace_234)
    graph = st.make_state_graph(trace_234)
    texts = [t.get_text() for t in ax.texts]
    assert len(texts) == graph.number_of_nodes() == 61
    # "2 3" is reached twice in the tree (from 4 - 2 and from 4 / 2): one node, marked ×2.
    assert graph.nodes[(Fraction(2), Fraction(3))]["visits"] == 2
    assert "2 3  ×2" in texts and "10  ×2" in texts and "2 3 4" in texts
    assert ax.get_xlabel().startswith("numbers left")


def test_big_state_graph_labels_only_the_paths(trace_3388):
    ax = st.plot_state_graph(trace_3388)
    on_path = [k for k, d in st.make_state_graph(trace_3388).nodes(data=True) if d["reaches_target"]]
    assert len(ax.texts) == len(on_path)


def test_small_tree_and_states_are_both_labelled(trace_234):
    fig = st.plot_tree_and_states(trace_234)
    left, right = fig.axes
    assert left.get_title() == "127 states in the search tree"
    assert right.get_title() == "61 distinct states (what memoising visits)"
    assert len(left.texts) >= len(trace_234.states) - 1 and len(right.texts) == 61
    assert "2 3 4" in fig.get_suptitle() and "10" in fig.get_suptitle()


# ----------------------------------------------------------------------------- states per depth

def test_depth_counts_of_3388(trace_3388):
    # 648 and 3,888 less the children of the skipped divisions by zero (3 - 3, 8 - 8).
    assert st.depth_counts(trace_3388) == [(4, 1, 1), (3, 36, 14), (2, 640, 109), (1, 3776, 269)]
    assert sum(t for _, t, _ in st.depth_counts(trace_3388)) == len(trace_3388.states)
    assert sum(d for _, _, d in st.depth_counts(trace_3388)) == trace_3388.distinct_states()


def test_plot_states_per_depth_draws_both_counts_on_a_linear_axis(trace_3388):
    ax = st.plot_states_per_depth(trace_3388)
    assert ax.get_yscale() == "linear"
    assert ax.get_title() == "3 3 8 8 → 24: the tree visits 4,453 states, only 393 are different"
    assert ax.get_xlabel() == "depth of the search: how many numbers are left"
    assert ax.get_ylabel() == "number of states"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "states the search tree visits", "distinct states (what memoising visits)"
    ]
    tree_bars, distinct_bars = ax.containers
    assert [b.get_height() for b in tree_bars] == [1, 36, 640, 3776]
    assert [b.get_height() for b in distinct_bars] == [1, 14, 109, 269]
    written = {t.get_text() for t in ax.texts}
    assert {"3,776", "269", "640", "109"} <= written
    assert [t.get_text() for t in ax.get_xticklabels()][0] == "4 left (the hand)"


# ----------------------------------------------------------------------------- stepper extras

def test_stepper_writes_face_cards_and_projector_sized_text():
    stepper = st.make_recursion_stepper((1, 11, 12, 13))
    assert repr(stepper).startswith("Recursion stepper for 1 J Q K, target 24")
    assert "the hand 1 J Q K" in stepper.view.value
    assert 'font-size:1.25em' in stepper.view.value
    assert stepper.next_hit.style.font_size == "1.25em"
    plain = st.make_recursion_stepper((1, 11, 12, 13), faces=False)
    assert "the hand 1 11 12 13" in plain.view.value


def test_stepper_refuses_five_cards_in_one_line_before_any_work(monkeypatch):
    def no_trace(*_args, **_kwargs):
        raise AssertionError("the size is checked before tracing")

    monkeypatch.setattr(recursive, "trace", no_trace)
    refusal = st.make_recursion_stepper((1, 2, 3, 4, 5))
    assert isinstance(refusal, st.Refusal)
    text = repr(refusal)
    assert "\n" not in text and "233,280 final numbers" in text and "20,000" in text
    assert "233,280 final numbers" in refusal.value


def test_first_step_dropdown_moves_to_a_subtree_and_follows_the_slider(trace_3388):
    stepper = st.make_recursion_stepper((3, 3, 8, 8))
    options = [text for text, _ in stepper.jump_to.options]
    assert options[0] == "the hand" and len(options) == 1 + 36
    assert options[1] == "3 + 3  (a+b of slots 0, 1)" and options[2] == "3 - 3  (a-b of slots 0, 1)"
    assert len(set(options)) == len(options)
    first_third = next(s for s in trace_3388.states if s.depth == 1 and s.step == "8 / 3")
    pick = next(k for text, k in stepper.jump_to.options if text.startswith("8 / 3"))
    stepper.jump_to.value = pick
    assert stepper.slider.value == first_third.id + 1 and "8/3" in stepper.view.value
    # Moving the slider inside that subtree keeps the dropdown there and does not jump back.
    stepper.slider.value = first_third.id + 5
    assert stepper.slider.value == first_third.id + 5 and stepper.jump_to.value == pick
    assert trace_3388.states[first_third.id + 4].depth > 1
    stepper.jump_to.value = 0
    assert stepper.slider.value == 1
