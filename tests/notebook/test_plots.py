"""The figures: a title that states the finding from the data, honest axes, clear errors."""

import re
import statistics
import subprocess
import sys

import pytest

from t24.hand import InputError
from t24.methods import fast
from t24.notebook import (
    agreement_html,
    plot_answer_counts,
    plot_growth,
    plot_levels,
    plot_per_hand_times,
    plot_ratios,
    plot_solvable_counts,
    plot_solvable_share,
    plot_states_per_depth,
    plot_target_counts,
    plot_tree_and_states,
    trace,
)
from t24.notebook.plots import alt_text
from t24.results import growth_hands, load_results

DECK = [
    {"method": m, "mode": "all", "scope": "sample", "seconds": s}
    for m, times in {"patterns": [0.4, 0.6], "fast": [0.001, 0.003]}.items()
    for s in times
]
GROWTH = [  # as `t24.results.load_results` gives them: a refusal has no time
    {"method": m, "mode": "all", "count": c, "seconds_median": s, "candidates": n, "refused": r}
    for m, c, s, n, r in [
        ("postfix", 4, 0.01, 7680, 0),
        ("postfix", 5, 0.5, 430080, 0),
        ("postfix", 6, None, None, 1),
        ("fast", 4, 0.001, None, 0),
        ("fast", 5, 0.004, None, 0),
        ("fast", 6, 0.02, None, 0),
    ]
]
SUMMARY = {"ratio_vs_fast": {"all": {"patterns": 200.0, "patterns-compiled": 2.0, "fast": 1.0}}}
PER_HAND = {(1, 1, 1, 1): 0, (3, 3, 8, 8): 1, (4, 5, 6, 7): 3}  # distinct answers: 1 and 3 tie
TITLES = [
    (lambda: plot_per_hand_times(DECK), "The median hand: 0.50 s with patterns, 2.0 ms with fast"),
    (lambda: plot_ratios(SUMMARY), "patterns takes 200× as long as fast; patterns-compiled, 2.0×"),
    (lambda: plot_growth(GROWTH)._suptitle, "postfix gets 50× slower, fast 4.0×"),
    (lambda: plot_solvable_counts({"1-13": {"hands": 1820, "solvable": 1362}}), "75% of cards"),
    (lambda: plot_answer_counts(PER_HAND), "1 is the commonest count"),
    (lambda: plot_levels({"easy": 3, "hard": 1}), "Most of the 4 solvable hands are easy (75%)"),
    (lambda: plot_target_counts({1: 90, 24: 80, 30: 10}, 100), "2 of 3, ahead of every larger"),
    (lambda: plot_solvable_share({4: (3, 4), 5: (9, 10)}), "75% with 4 cards, 90% with 5"),
    (lambda: plot_solvable_share({4: (1, 2), 6: (18554, 18564)}), "50% with 4 cards, 99.9% with 6"),
    (lambda: plot_tree_and_states(trace((3, 8)))._suptitle, "repeats the same states"),
    (lambda: plot_states_per_depth(trace((3, 3, 8, 8))), "4,453 states, only 393 are different"),
]


@pytest.mark.parametrize(("draw", "finding"), TITLES)
def test_the_title_states_the_finding_and_the_text_alternative_names_title_and_axes(draw, finding):
    shown = draw()
    assert finding in (shown.get_text() if hasattr(shown, "get_text") else shown.get_title())
    fig = shown.figure
    said = alt_text(fig)
    axes = [(ax.get_title(), ax.get_xlabel(), ax.get_ylabel()) for ax in fig.axes]
    assert fig.get_suptitle() in said and all(text in said for texts in axes for text in texts)
    assert re.search(r"(Bar chart|Dot plot|Line chart|Network) of \d+ (bar|dot|line|point)", said)


@pytest.mark.parametrize(
    "draw",
    [
        lambda: plot_per_hand_times(DECK, mode="first"),
        lambda: plot_ratios({}),
        lambda: plot_growth([]),
    ],
)
def test_no_rows_is_a_clear_error(draw):
    with pytest.raises(InputError, match="no "):
        draw()


def test_the_growth_figure_draws_fast_s_measured_work_and_every_refusal_apart():
    figure = plot_growth(GROWTH)
    time_ax, work_ax = figure.axes
    fast_line = [line for line in work_ax.get_lines() if line.get_label() == "fast"][0]
    measured = [statistics.median(map(fast.pair_work, growth_hands(n))) for n in (4, 5)]
    assert list(fast_line.get_xdata()) == [4, 5] and list(fast_line.get_ydata()) == measured
    rows = load_results()["growth"]  # the shipped run: 2 methods refuse 5 numbers, 5 refuse 6
    refusals = sum(r["refused"] for r in rows if r["mode"] == "all")
    time_ax = plot_growth(rows).axes[0]
    crosses = [
        x for line in time_ax.get_lines() if line.get_marker() == "X" for x in line.get_xdata()
    ]
    assert len(set(crosses)) == len(crosses) == refusals == 7  # each cross apart, none hidden


def test_the_figures_count_the_trees_states_and_the_distinct_ones():
    small = trace((2, 3, 4), 10)  # lesson 04's: each distinct state labelled, ×visits
    labels = [text.get_text() for text in plot_tree_and_states(small).axes[1].texts]
    visits = [int(label.split("×")[1]) if "×" in label else 1 for label in labels]
    assert (len(labels), sum(visits)) == (small.distinct_states(), len(small.states))
    assert f"Network of {len(small.states)} points" in alt_text(plot_tree_and_states(small))
    big = trace((3, 3, 8, 8))
    tree, distinct = (bars.datavalues for bars in plot_states_per_depth(big).containers)
    assert (tree[0], distinct[0], sum(tree), sum(distinct)) == (1, 1, 4453, big.distinct_states())
    assert "Bar chart of 8 bars" in alt_text(plot_states_per_depth(big).figure)


def test_the_agreement_table_says_whether_the_methods_agree():
    shown = agreement_html([(3, 3, 8, 8), (1, 1, 1, 1)], methods=["recursive", "fast"])
    assert shown.count(">yes</td>") == 2 and "NO" not in shown and "<i>none</i>" in shown
    assert "8 ÷ (3 − 8 ÷ 3)" in shown


SHOWN = """
import matplotlib
from IPython.core.interactiveshell import InteractiveShell
rc, shell = dict(matplotlib.rcParams), InteractiveShell.instance()
shell.enable_gui = lambda gui=None: None  # `%matplotlib inline` without a front end
import t24.notebook
show = lambda: shell.display_formatter.format(t24.notebook.plot_levels({"easy": 3}).figure)[0]
print(rc == matplotlib.rcParams, sorted(show()))
t24.notebook.setup()
print(matplotlib.rcParams["font.family"], sorted(show()), show()["text/html"][-32:])
"""


def test_importing_changes_no_figure_and_setup_shows_each_with_its_words_and_chinese():
    """In a fresh kernel importing t24.notebook changes nothing; the lessons' `setup()` shows a
    figure as an <img> with its text alternative, Chinese drawn from the `zh` extra's font."""
    done = subprocess.run([sys.executable, "-c", SHOWN], capture_output=True, text=True)
    assert done.stdout.splitlines() == [
        "True ['text/plain']",
        "['sans-serif', 'Noto Sans SC'] ['text/html', 'text/plain'] (t24.game); up: hands (count).\">",
    ], done.stderr
