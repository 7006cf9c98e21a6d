"""The comparison plots and the agreement table (t24.plots), on a small synthetic data set.

The real results come from `t24 bench` (benchmarks/results/); these tests build rows of the
same layout by hand, so they check what is drawn (titles, labels, legends, series) without
depending on one machine's timings. No image comparison.
"""

import csv
import io
import math
import statistics
from collections import Counter

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from widget_tools import legend_texts  # noqa: E402

import t24  # noqa: E402
from t24.notebook import plots  # noqa: E402

HANDS = ("3 3 8 8", "4 5 6 7", "1 4 5 6", "1 1 1 1", "1 1 1 2", "2 3 4 6")
# A made-up cost per method (seconds), so each method's times differ visibly.
BASE = {"patterns": 2e-3, "postfix": 1e-3, "recursive": 8e-3, "fast": 5e-5}
MODES = ("all", "distinct", "first")


def answer_count(hand_text, mode, method):
    hand = [int(n) for n in hand_text.split()]
    return len(t24.solve(hand, 24, method=method, first=mode == "first", distinct=mode == "distinct"))


def synthetic_deck_rows():
    """Deck rows as csv.DictReader gives them: every value a string."""
    rows = []
    for i, hand in enumerate(HANDS):
        solvable = t24.can_make([int(n) for n in hand.split()])
        for method, base in BASE.items():
            for mode in MODES:
                # Early exit: first answers are cheap on solvable hands only.
                seconds = base * (1 + i / 10) * (0.2 if mode == "first" and solvable else 1)
                rows.append({"method": method, "mode": mode, "hand": hand,
                             "seconds": repr(seconds), "answers": str(answer_count(hand, mode, method))})
        rows.append({"method": "fast", "mode": "can_make", "hand": hand,
                     "seconds": repr(1e-5 * (1 if solvable else 4)), "answers": str(solvable)})
    return rows


def synthetic_growth_rows():
    limits = {"patterns": 5, "postfix": 5, "recursive": 5, "fast": 6}
    candidates = {"patterns": {2: 8, 3: 96, 4: 16896, 5: 1382400, 6: 145244160},
                  "postfix": {2: 8, 3: 96, 4: 7680, 5: 430080, 6: 30965760},
                  "recursive": {2: 6, 3: 108, 4: 3888, 5: 233280, 6: 20995200},
                  "fast": {2: 7, 3: 78, 4: 83, 5: 500}}  # values tabulated; none recorded for 6
    rows = []
    for method, base in BASE.items():
        for count in range(2, 7):
            refused = count > limits[method]
            rows.append({
                "count": str(count), "method": method, "mode": "all", "hands": "20",
                "seconds_median": "" if refused else repr(base * 10 ** (count - 4)),
                "seconds_max": "" if refused else repr(3 * base * 10 ** (count - 4)),
                "candidates": str(candidates[method].get(count, "")), "refused": str(refused),
            })
    return rows


def synthetic_peer_rows():
    return [
        {"solver": "t24", "hands": "1820", "seconds": "0.9", "answers": "40000", "ratio_vs_t24": "1.0", "checked_ok": "True"},
        {"solver": "game24", "hands": "1820", "seconds": "45.0", "answers": "40000", "ratio_vs_t24": "50.0", "checked_ok": "True"},
        {"solver": "point24", "hands": "1820", "seconds": "9.0", "answers": "90000", "ratio_vs_t24": "10.0", "checked_ok": "False"},
    ]


def test_rows_read_back_from_csv_text_work_too():
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=["method", "mode", "hand", "seconds", "answers"])
    writer.writeheader()
    writer.writerows(synthetic_deck_rows())
    rows = list(csv.DictReader(io.StringIO(buffer.getvalue())))
    times = plots.times_by_method(rows, "all")
    assert list(times) == list(t24.METHODS)
    assert all(len(v) == len(HANDS) for v in times.values())


def test_per_hand_times_one_box_per_method_on_a_log_axis():
    rows = synthetic_deck_rows()
    ax = plots.plot_per_hand_times(rows, mode="all")
    assert "Time per hand" in ax.get_title() and f"{len(HANDS)} hands" in ax.get_title()
    assert "ms" in ax.get_ylabel() and ax.get_yscale() == "log"
    assert ax.get_xlabel() == "method"
    assert [t.get_text() for t in ax.get_xticklabels()] == list(t24.METHODS)
    assert legend_texts(ax) == [*t24.METHODS, "one hand", "median", "middle half", "whiskers: min, max"]
    dots = [collection.get_offsets() for collection in ax.collections]
    assert [len(d) for d in dots] == [len(HANDS)] * len(t24.METHODS)  # one dot per hand and method
    # Each box is labelled with that method's median, computed here independently.
    notes = [t.get_text() for t in ax.texts]
    for method in t24.METHODS:
        seconds = [float(r["seconds"]) for r in rows if r["method"] == method and r["mode"] == "all"]
        assert plots._ms(statistics.median(seconds)) in notes
    assert len(ax.patches) == len(t24.METHODS)  # the boxes


def test_per_hand_times_takes_one_mode_only():
    ax = plots.plot_per_hand_times(synthetic_deck_rows(), mode="can_make")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["fast"]
    assert "can it be made?" in ax.get_title()
    with pytest.raises(ValueError):
        plots.plot_per_hand_times(synthetic_deck_rows(), mode="sometimes")


def test_per_hand_times_draws_into_a_given_axes():
    fig, (left, right) = plt.subplots(1, 2)
    assert plots.plot_per_hand_times(synthetic_deck_rows(), "first", ax=right) is right
    assert not left.has_data()


def test_growth_one_line_per_method_with_refusals_marked():
    fig = plots.plot_growth(synthetic_growth_rows())
    time_ax, candidates_ax = fig.axes[:2]
    assert "count of numbers" in time_ax.get_title()
    assert time_ax.get_xlabel() == "count of numbers in the hand"
    assert "ms" in time_ax.get_ylabel() and time_ax.get_yscale() == "log"
    assert [int(x) for x in time_ax.get_xticks()] == [2, 3, 4, 5, 6]
    assert legend_texts(time_ax) == [*t24.METHODS, "refused: too many candidates"]
    timed = {line.get_label(): line for line in time_ax.get_lines() if not line.get_label().startswith("_")}
    assert list(timed) == list(t24.METHODS)
    assert list(timed["patterns"].get_xdata()) == [2, 3, 4, 5]
    assert list(timed["fast"].get_xdata()) == [2, 3, 4, 5, 6]
    refused = [line for line in time_ax.get_lines() if line.get_marker() == "X"]
    assert sorted(list(line.get_xdata()) for line in refused) == [[6], [6], [6]]


def test_growth_second_panel_shows_the_candidate_counts():
    fig = plots.plot_growth(synthetic_growth_rows())
    candidates_ax = fig.axes[1]
    assert "work each method implies" in candidates_ax.get_title() and candidates_ax.get_yscale() == "log"
    assert "candidates" in candidates_ax.get_ylabel()
    lines = {line.get_label(): line for line in candidates_ax.get_lines() if not line.get_label().startswith("_")}
    assert list(lines) == ["patterns", "postfix", "recursive", "fast (values it tabulates)"]
    assert list(lines["fast (values it tabulates)"].get_xdata()) == [2, 3, 4, 5]  # an empty cell is skipped
    del lines["fast (values it tabulates)"]
    # The article's counts for four different cards.
    four = {label: dict(zip(line.get_xdata(), line.get_ydata()))[4] for label, line in lines.items()}
    assert four == {"patterns": 11 * 24 * 64, "postfix": 5 * 24 * 64, "recursive": 36 * 18 * 6}


def test_solvable_hands_are_read_from_the_rows():
    rows = synthetic_deck_rows()
    expected = {hand for hand in HANDS if t24.can_make([int(n) for n in hand.split()])}
    assert plots.solvable_hands(rows) == expected
    only_can_make = [r for r in rows if r["mode"] == "can_make"]
    assert plots.solvable_hands(only_can_make) == expected


def test_solvable_vs_unsolvable_two_bars_per_method_and_mode():
    rows = synthetic_deck_rows()
    ax = plots.plot_solvable_vs_unsolvable(rows, modes=("all", "first", "can_make"))
    groups = plots.median_by_outcome(rows, ("all", "first", "can_make"))
    assert len(groups) == 4 + 4 + 1
    assert len(ax.patches) == 2 * len(groups)
    solvable = plots.solvable_hands(rows)
    assert legend_texts(ax) == [f"solvable hands ({len(solvable)})", f"unsolvable hands ({len(HANDS) - len(solvable)})"]
    assert [t.get_text() for t in ax.texts] == ["all answers", "first answer", "can it be made?"]
    assert [t.get_text() for t in ax.get_xticklabels()] == [*t24.METHODS, *t24.METHODS, "fast"]
    assert "ms" in ax.get_ylabel() and ax.get_title()
    first_fast = next(g for g in groups if g["mode"] == "first" and g["method"] == "fast")
    assert first_fast["unsolvable"] > first_fast["solvable"]  # as the synthetic data were built


def test_peers_one_bar_per_solver_with_the_ratios():
    ax = plots.plot_peers(synthetic_peer_rows())
    assert len(ax.patches) == 3
    assert [t.get_text() for t in ax.get_yticklabels()] == ["t24", "point24", "game24"]
    notes = [t.get_text() for t in ax.texts]
    assert notes == [" 0.90 s; 40000 answers, all exact", " 9.0 s = 10.0× t24; 90000 answers, some WRONG",
                     " 45.0 s = 50.0× t24; 40000 answers, all exact"]
    assert [bar.get_width() for bar in ax.patches] == [0.9, 9.0, 45.0]
    assert "seconds" in ax.get_xlabel() and "1820 hands" in ax.get_title()
    assert legend_texts(ax) == ["t24", "PyPI peer"]


ARTICLE_HANDS = [(3, 3, 8, 8), (4, 5, 6, 7), (1, 4, 5, 6), (10, 10, 4, 4)]


def test_agreement_rows_all_methods_give_the_same_distinct_answers():
    rows = plots.agreement_rows(ARTICLE_HANDS + [(1, 1, 1, 1)])
    by_hand = {row["hand"]: row for row in rows}
    assert all(row["agree"] for row in rows)
    # Counts from the articles: one answer for 3 3 8 8, two for 4 5 6 7 and 1 4 5 6, none for 1 1 1 1.
    assert by_hand[(3, 3, 8, 8)]["counts"] == dict.fromkeys(t24.METHODS, 1)
    assert by_hand[(4, 5, 6, 7)]["counts"] == dict.fromkeys(t24.METHODS, 2)
    assert by_hand[(1, 4, 5, 6)]["counts"] == dict.fromkeys(t24.METHODS, 2)
    assert by_hand[(1, 1, 1, 1)]["counts"] == dict.fromkeys(t24.METHODS, 0)
    for row in rows:
        for expr in row["answers"]:
            assert expr.value == 24 and Counter(expr.leaves()) == Counter(row["hand"])


def test_agreement_rows_notice_a_disagreement(monkeypatch):
    real_solve = plots.solve

    def postfix_loses_one(hand, target, method, **options):
        answers = real_solve(hand, target, method=method, **options)
        return answers[:-1] if method == "postfix" else answers

    monkeypatch.setattr(plots, "solve", postfix_loses_one)
    rows = plots.agreement_rows([(4, 5, 6, 7)])
    assert not rows[0]["agree"]
    assert rows[0]["counts"] == {"patterns": 2, "postfix": 1, "recursive": 2, "fast": 2}
    assert "<b>NO</b>" in plots.agreement_table([(4, 5, 6, 7)])


def test_agreement_table_html():
    page = plots.agreement_table(ARTICLE_HANDS + [(1, 1, 1, 1)])
    assert page.startswith("<table>") and page.endswith("</table>")
    assert page.count("<tr>") == 1 + len(ARTICLE_HANDS) + 1
    for method in t24.METHODS:
        assert f"<th>{method}</th>" in page
    assert "8 ÷ (3 − 8 ÷ 3)" in page
    assert "<i>none</i>" in page
    assert "NO" not in page


def test_agreement_table_caps_long_lists():
    hand = (1, 2, 3, 4)
    count = len(t24.solve(hand, 24, method="fast"))
    assert count > 3
    page = plots.agreement_table([hand], methods=("postfix", "fast"), show_at_most=3)
    assert f"… and {count - 3} more" in page
    row = page.split("</tr>")[1]
    assert row.count("<br>") == 3


def test_times_are_shown_in_readable_units():
    assert [plots._ms(s) for s in (5e-5, 2.1e-3, 0.05, 0.41)] == ["50 µs", "2.1 ms", "50 ms", "0.41 s"]
    assert math.isnan(plots._number(""))
