"""The comparison plots and the agreement table (t24.notebook.plots), on a small synthetic data set.

The real results come from `t24 bench` (shipped in t24/bench/results/); these tests build rows of
the same layout by hand (the current schema: deck rows with a `scope`, a summary with "sample",
"ratio_vs_fast" and "as_written"), so they check what is drawn (titles, labels, legends, series)
without depending on one machine's timings. No image comparison.
"""

import csv
import io
import math
from collections import Counter

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_rgba
from widget_tools import legend_texts

import t24
from t24.notebook import plots
from t24.notebook.style import color

HANDS = ("3 3 8 8", "4 5 6 7", "1 4 5 6", "1 1 1 1", "1 1 1 2", "2 3 4 6")
# A made-up cost per method (seconds), so each method's times differ visibly; fast is 1 ms.
BASE = {"patterns": 0.2, "postfix": 0.03, "recursive": 0.01, "patterns-compiled": 2e-3,
        "postfix-compiled": 1.5e-3, "fast": 1e-3}
MODES = ("all", "distinct", "first", "can_make")


def synthetic_deck_rows():
    """Deck rows as csv.DictReader gives them (every value a string): every method on the sample,
    the optimised ones on the "deck" too."""
    rows = []
    for scope, methods in (("sample", BASE), ("deck", [m for m in BASE if m in t24.OPTIMISED])):
        for i, hand in enumerate(HANDS):
            for method in methods:
                for mode in MODES:
                    seconds = BASE[method] * (1 + i / 10) * (0.5 if mode == "first" else 1)
                    rows.append({"scope": scope, "method": method, "mode": mode, "hand": hand,
                                 "seconds": repr(seconds), "answers": "1"})
    return rows


def synthetic_summary():
    """The parts of summary.json the plots read, from the synthetic rows."""
    sample = {m: {mode: {"sweep_seconds": sum(BASE[m] * (1 + i / 10) for i in range(len(HANDS)))}
                  for mode in ("all",)} for m in BASE}
    return {
        "sample_hands": len(HANDS), "deck_hands": 1820, "as_written": list(t24.AS_WRITTEN), "sample": sample,
        "ratio_vs_fast": {"all": {m: BASE[m] / BASE["fast"] for m in BASE}},
    }


def synthetic_growth_rows():
    limits = {"patterns": 4, "postfix": 5, "recursive": 5, "patterns-compiled": 5, "postfix-compiled": 5, "fast": 6}
    candidates = {"patterns": {2: 8, 3: 96, 4: 16896, 5: 1382400, 6: 145244160},
                  "postfix": {2: 8, 3: 96, 4: 7680, 5: 430080, 6: 30965760},
                  "recursive": {2: 6, 3: 108, 4: 3888, 5: 233280, 6: 20995200},
                  "fast": {2: 7, 3: 78, 4: 83, 5: 500}}  # none recorded for 6
    rows = []
    for method, base in BASE.items():
        for count in range(2, 7):
            refused = count > limits[method]
            rows.append({
                "count": str(count), "method": method, "mode": "all", "hands": "8",
                "seconds_median": "" if refused else repr(base * (10 if method != "fast" else 3) ** (count - 4)),
                "seconds_max": "" if refused else repr(3 * base),
                "candidates": str(candidates.get(method, candidates["patterns"]).get(count, "")),
                "refused": str(int(refused)),
            })
    return rows


def synthetic_peer_rows():
    return [
        {"solver": "t24 fast distinct", "hands": "1820", "seconds": "1.9", "answers": "4469", "ratio_vs_t24": "1.0",
         "checked_ok": "1"},
        {"solver": "game24", "hands": "1820", "seconds": "49.5", "answers": "3504", "ratio_vs_t24": "26.05",
         "checked_ok": "1"},
        {"solver": "point24", "hands": "1820", "seconds": "18.9", "answers": "4274", "ratio_vs_t24": "9.95",
         "checked_ok": "0"},
    ]


# --- per-hand times --------------------------------------------------------------------------

def test_times_by_method_keeps_one_scope_and_mode():
    rows = synthetic_deck_rows()
    sample = plots.times_by_method(rows, "all", "sample")
    assert list(sample) == list(t24.METHODS) and all(len(v) == len(HANDS) for v in sample.values())
    assert list(plots.times_by_method(rows, "all", "deck")) == list(t24.OPTIMISED)
    assert plots.slowest_versus(sample)[0] == "patterns"
    assert plots.slowest_versus(sample)[1] == pytest.approx(200)


def test_rows_read_back_from_csv_text_work_too():
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=["scope", "method", "mode", "hand", "seconds", "answers"])
    writer.writeheader()
    writer.writerows(synthetic_deck_rows())
    rows = list(csv.DictReader(io.StringIO(buffer.getvalue())))
    assert plots.times_by_method(rows, "all") == plots.times_by_method(synthetic_deck_rows(), "all")


def test_per_hand_times_dots_per_hand_rows_labelled_as_written_or_optimised():
    ax = plots.plot_per_hand_times(synthetic_deck_rows(), mode="all")
    assert ax.get_title() == f"As written, patterns takes 200× as long as fast (the same {len(HANDS)} hands, all answers)"
    assert ax.get_xlabel() == "time per hand (ms, log scale)" and ax.get_xscale() == "log"
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == [f"{m}\n({'as written' if m in t24.AS_WRITTEN else 'optimised'})" for m in t24.METHODS]
    assert legend_texts(ax) == ["one hand", "median hand"]
    assert [len(c.get_offsets()) for c in ax.collections] == [len(HANDS)] * len(t24.METHODS)  # a dot per hand
    assert [tuple(c.get_facecolor()[0][:3]) for c in ax.collections] == [to_rgba(color(m))[:3] for m in t24.METHODS]
    notes = [t.get_text() for t in ax.texts]
    assert "median 1.2 ms" in notes and "median 0.25 s" in notes
    low, high = ax.get_xlim()  # limits fit the data (1 ms to 0.3 s), not whole decades beyond
    assert 0.4 < low < 1 and 300 < high < 700


def test_per_hand_times_over_the_deck_has_only_the_optimised_methods():
    ax = plots.plot_per_hand_times(synthetic_deck_rows(), mode="first", scope="deck")
    assert len(ax.collections) == 3
    assert ax.get_title() == f"On all {len(HANDS)} hands, patterns-compiled takes 2.0× as long as fast (first answer)"
    with pytest.raises(ValueError):
        plots.plot_per_hand_times(synthetic_deck_rows(), mode="sometimes")


def test_per_hand_times_draws_into_a_given_axes():
    _fig, (left, right) = plt.subplots(1, 2)
    assert plots.plot_per_hand_times(synthetic_deck_rows(), "first", ax=right) is right
    assert not left.has_data()


# --- ratios -----------------------------------------------------------------------------------

def test_ratio_rows_and_finding():
    rows = plots.ratio_rows(synthetic_summary())
    assert [row["method"] for row in rows] == list(t24.METHODS)
    assert [row["kind"] for row in rows] == ["as written"] * 3 + ["optimised"] * 3
    assert plots.ratio_finding(rows) == "As written, patterns takes 200× as long as fast; patterns-compiled, 2.0×"
    assert [plots.times_ratio(r) for r in (212.4, 9.96, 2.44, 0.8)] == ["212×", "10.0×", "2.4×", "0.8×"]


def test_ratios_are_linear_labelled_bars():
    ax = plots.plot_ratios(synthetic_summary())
    assert ax.get_xscale() == "linear" and ax.get_xlim()[0] == 0
    assert ax.get_xlim()[1] == pytest.approx(200 * 1.35)
    bars = [bar for container in ax.containers for bar in container]
    assert sorted(round(bar.get_width(), 6) for bar in bars) == sorted(round(BASE[m] / BASE["fast"], 6) for m in BASE)
    hatched = [bar.get_hatch() for bar in bars]
    assert hatched == [None] * 3 + ["//"] * 3  # the optimised variants are hatched
    notes = [t.get_text() for t in ax.texts]
    assert notes[0].startswith("200×") and "for the sample" in notes[0]
    assert legend_texts(ax) == ["as written", "optimised", "as fast as fast (1×)"]
    assert "multiple of fast's" in ax.get_xlabel() and "linear" in ax.get_xlabel()
    assert ax.get_title() == "As written, patterns takes 200× as long as fast; patterns-compiled, 2.0×"


# --- growth ------------------------------------------------------------------------------------

def test_growth_times_refusals_apart_and_candidates():
    fig = plots.plot_growth(synthetic_growth_rows())
    time_ax, refused_ax, candidates_ax = fig.axes
    assert time_ax.get_yscale() == "log" and "ms" in time_ax.get_ylabel()
    assert fig.get_suptitle() == "From 4 to 5 numbers, postfix gets 10× slower, fast 3.0×"
    assert time_ax.get_title() == "Time per hand"
    assert legend_texts(time_ax) == list(t24.METHODS)
    timed = {line.get_label(): line for line in time_ax.get_lines()}
    assert list(timed["patterns"].get_xdata()) == [2, 3, 4]
    assert list(timed["fast"].get_xdata()) == [2, 3, 4, 5, 6]
    assert not any(line.get_marker() == "X" for line in time_ax.get_lines())  # no refusal on the time axis
    low, high = time_ax.get_ylim()
    assert low > 1e-4 and high < 1e4  # fit the data
    # The refusals: a row per method that refused, in words.
    notes = [t.get_text() for t in refused_ax.texts]
    assert notes[0] == "patterns: refused at 5 and 6 numbers"
    assert "postfix: refused at 6 numbers" in notes and not any(n.startswith("fast") for n in notes)
    assert refused_ax.get_xlabel() == "count of numbers in the hand"
    assert [int(x) for x in refused_ax.get_xticks()] == [2, 3, 4, 5, 6]
    # The work implied: the posts' counts for four different cards.
    assert candidates_ax.get_yscale() == "log" and "candidates" in candidates_ax.get_ylabel()
    lines = {line.get_label(): line for line in candidates_ax.get_lines() if not line.get_label().startswith("_")}
    assert "fast (values it tabulates)" in lines
    assert list(lines["fast (values it tabulates)"].get_xdata()) == [2, 3, 4, 5]  # an empty cell is skipped
    four = {label: dict(zip(line.get_xdata(), line.get_ydata()))[4] for label, line in lines.items()
            if label in t24.AS_WRITTEN}
    assert four == {"patterns": 11 * 24 * 64, "postfix": 5 * 24 * 64, "recursive": 36 * 18 * 6}
    assert candidates_ax.get_title() == "patterns: 145,244,160 candidates at 6 numbers"
    assert "refused" in legend_texts(candidates_ax)[-1]


def test_growth_refusals_and_finding_without_a_pair_of_counts():
    series = plots.growth_series(synthetic_growth_rows())
    assert plots.refusals(series)["patterns"] == [5, 6] and "fast" not in plots.refusals(series)
    assert plots.growth_finding(series, 5, 6) == "From 5 to 6 numbers, fast gets 3.0× slower"
    assert plots.growth_finding({}, 4, 5) == "Time per hand against the count of numbers"
    with pytest.raises(ValueError):
        plots.plot_growth(synthetic_growth_rows(), mode="distinct")


# --- peers ---------------------------------------------------------------------------------------

def test_peers_linear_bars_labelled_with_values_and_ratios():
    ax = plots.plot_peers(synthetic_peer_rows())
    assert ax.get_xscale() == "linear"
    assert [bar.get_width() for bar in ax.patches] == [1.9, 18.9, 49.5]
    assert ax.get_xlim() == (0, pytest.approx(49.5 * 1.05))  # fits the slowest, not the next round number
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "t24 fast distinct\n4,469 answers, all exact", "point24\n4,274 answers, some wrong", "game24\n3,504 answers, all exact",
    ]
    assert [t.get_text() for t in ax.texts] == ["1.9 s", "18.9 s = 9.9× t24", "49.5 s = 26× t24"]
    assert ax.get_title() == "On 1,820 hands, game24 takes 26× as long as t24's fast"
    assert "seconds" in ax.get_xlabel()
    assert legend_texts(ax) == ["t24 (fast)", "PyPI solver"]
    with pytest.raises(ValueError):
        plots.plot_peers([])


# --- agreement -------------------------------------------------------------------------------------

ARTICLE_HANDS = [(3, 3, 8, 8), (4, 5, 6, 7), (1, 4, 5, 6), (10, 10, 4, 4)]


def test_agreement_rows_all_methods_give_the_same_distinct_answers():
    rows = plots.agreement_rows(ARTICLE_HANDS + [(1, 1, 1, 1)])
    by_hand = {row["hand"]: row for row in rows}
    assert all(row["agree"] for row in rows)
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
    methods = ("postfix", "fast")
    rows = plots.agreement_rows([(4, 5, 6, 7)], methods=methods)
    assert not rows[0]["agree"] and rows[0]["counts"] == {"postfix": 1, "fast": 2}
    assert "<b>NO</b>" in plots.agreement_table([(4, 5, 6, 7)], methods=methods)


def test_agreement_table_html():
    page = plots.agreement_table([(3, 3, 8, 8), (1, 1, 1, 1)], methods=("recursive", "fast"))
    assert page.startswith("<table>") and page.endswith("</table>")
    assert page.count("<tr>") == 3
    assert "<th>recursive</th>" in page and "<th>fast</th>" in page
    assert "8 ÷ (3 − 8 ÷ 3)" in page and "<i>none</i>" in page and "NO" not in page


def test_agreement_html_from_rows_is_the_table():
    hands, methods = [(3, 3, 8, 8), (4, 5, 6, 7)], ("recursive", "fast")
    rows = plots.agreement_rows(hands, methods=methods)
    assert plots.agreement_html(rows, methods=methods) == plots.agreement_table(hands, methods=methods)


def test_agreement_table_caps_long_lists():
    hand = (1, 2, 3, 4)
    count = len(t24.solve(hand, 24, method="fast"))
    page = plots.agreement_table([hand], methods=("postfix-compiled", "fast"), show_at_most=3)
    assert f"… and {count - 3} more" in page
    assert page.split("</tr>")[1].count("<br>") == 3


def test_cells_read_from_csv():
    assert math.isnan(plots._number("")) and plots._number("2.5") == 2.5
    assert plots._flag("1") and plots._flag("True") and not plots._flag("0") and not plots._flag("")
