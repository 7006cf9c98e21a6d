"""The deck notebook's plots (t24.deck_plots): titles, axis labels, legends and the series drawn.

The inputs are small: decks of cards 1–4 and 1–5 computed here with `t24.deck`. No image
comparison, no whole-deck loops.
"""

from collections import Counter

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from widget_tools import legend_texts  # noqa: E402

import t24  # noqa: E402
from t24 import deck  # noqa: E402
from t24.notebook import deck_plots  # noqa: E402

SMALL = {"1-4": (1, 4), "1-5": (1, 5)}


def bar_heights(ax):
    return [patch.get_height() for patch in ax.patches]


def test_solvable_counts_stacks_solvable_and_unsolvable_per_deck():
    counts = deck.solvable_counts(decks=SMALL)
    ax = deck_plots.plot_solvable_counts(counts)
    share = {name: round(100 * row["solvable"] / row["hands"]) for name, row in counts.items()}
    assert ax.get_title() == f"Hands that make 24: {share['1-4']}% of cards 1-4, {share['1-5']}% of cards 1-5"
    assert ax.get_xlabel() == "deck (cards used)" and ax.get_ylabel() == "hands (count)"
    assert legend_texts(ax) == ["make 24", "cannot make 24"]
    heights = bar_heights(ax)
    # First the solvable bars, then the unsolvable ones stacked on them.
    assert heights[:2] == [counts["1-4"]["solvable"], counts["1-5"]["solvable"]]
    assert heights[2:] == [counts["1-4"]["unsolvable"], counts["1-5"]["unsolvable"]]
    assert [tick.get_text() for tick in ax.get_xticklabels()] == ["cards 1-4\n(35 hands)", "cards 1-5\n(70 hands)"]


def test_answer_counts_draws_one_bar_per_count_and_sums_the_answers():
    per_hand = {hand: len(t24.solve(hand, method="fast")) for hand in deck.deck(5)}
    ax = deck_plots.plot_answer_counts(per_hand)
    histogram = Counter(per_hand.values())
    assert bar_heights(ax) == [histogram.get(n, 0) for n in range(max(histogram) + 1)]
    commonest = max((n for n in histogram if n), key=lambda n: (histogram[n], -n))
    assert ax.get_title() == f"Most solvable hands have few distinct answers; {commonest} is the commonest count"
    assert ax.get_xlabel() == "distinct answers of the hand (count; 70 hands)" and ax.get_ylabel() == "hands (count)"
    solvable = sum(1 for n in per_hand.values() if n)
    assert legend_texts(ax) == [
        f"no answer ({histogram[0]} hands)",
        f"solvable ({solvable} hands, {sum(per_hand.values())} answers in all)",
    ]


def test_levels_keep_the_game_order_and_label_each_bar():
    levels = {"very hard": 2, "easy": 30, "hard": 3, "medium": 5}
    ax = deck_plots.plot_levels(levels)
    assert [tick.get_text() for tick in ax.get_xticklabels()] == ["easy", "medium", "hard", "very hard"]
    assert bar_heights(ax) == [30, 5, 3, 2]
    assert ax.get_title() == "Most of the 40 solvable hands are easy (75%)"
    assert legend_texts(ax) == ["easy (75%)", "medium (12%)", "hard (8%)", "very hard (5%)"]
    assert [text.get_text() for text in ax.texts] == ["30", "5", "3", "2"]


def test_target_counts_mark_the_highlight_and_the_easiest():
    counts = deck.target_counts(range(1, 31), high=5)
    ax = deck_plots.plot_target_counts(counts, hands=len(deck.deck(5)), highlight=24)
    assert bar_heights(ax) == [counts[t] for t in range(1, 31)]
    easiest = max(counts, key=lambda t: (counts[t], -t))
    rank = sorted(counts.values(), reverse=True).index(counts[24]) + 1
    assert legend_texts(ax) == [
        "all 70 hands",
        "hands that make the target",
        f"easiest: {easiest} ({counts[easiest]} hands)",
        f"24: {counts[24]} hands (rank {rank} of 30)",
    ]
    colors = {t: patch.get_facecolor() for t, patch in zip(range(1, 31), ax.patches)}
    assert colors[24] == matplotlib.colors.to_rgba(deck_plots.HIGHLIGHT_COLOR)
    assert colors[easiest] == matplotlib.colors.to_rgba(deck_plots.EASIEST_COLOR)
    assert ax.get_xlabel() == "target (whole number)" and ax.get_ylabel() == "hands that make it (count)"
    assert ax.get_title().startswith(f"{easiest} is the easiest target; 24 ranks {rank} of 30")


def test_solvable_share_in_percent_and_says_which_bars_are_samples():
    shares = {2: (1, 10), 4: (3, 4), 5: (9, 10)}
    ax = deck_plots.plot_solvable_share(shares, exact_counts=(2, 4), deck_name="cards 1–5")
    assert bar_heights(ax) == pytest.approx([10.0, 75.0, 90.0])
    assert legend_texts(ax) == ["every hand of cards 1–5", "a seeded random sample of hands"]
    assert ax.get_ylabel() == "hands that make 24 (%)" and ax.get_xlabel() == "cards in the hand (count)"
    assert ax.get_title() == "More cards, more hands make 24: 10% with 2 cards, 90% with 5"
    only_exact = deck_plots.plot_solvable_share({4: (3, 4)}, exact_counts=(4,))
    assert legend_texts(only_exact) == ["every hand of cards 1–13"]


def test_every_axis_is_linear_labelled_and_fits_its_data():
    per_hand = {hand: len(t24.solve(hand, method="fast")) for hand in deck.deck(4)}
    axes = [
        deck_plots.plot_solvable_counts(deck.solvable_counts(decks=SMALL)),
        deck_plots.plot_answer_counts(per_hand),
        deck_plots.plot_levels({"easy": 30, "hard": 3}),
        deck_plots.plot_target_counts(deck.target_counts(range(1, 31), high=5), hands=70),
        deck_plots.plot_solvable_share({2: (1, 10), 4: (3, 4)}, exact_counts=(2, 4)),
    ]
    for ax in axes:
        assert ax.get_xscale() == ax.get_yscale() == "linear"
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
        top = max(patch.get_y() + patch.get_height() for patch in ax.patches)
        low, high = ax.get_ylim()
        assert low == 0 and top <= high <= 1.3 * max(top, 100 if "%" in ax.get_ylabel() else 70)


def test_plots_draw_on_a_given_axes():
    fig, ax = plt.subplots()
    assert deck_plots.plot_levels({"easy": 1}, ax=ax) is ax
    assert fig.axes == [ax]
