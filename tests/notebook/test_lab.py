"""The comparison lab (t24.widgets), driven without a kernel: set a control, read the result."""

from fractions import Fraction

import pytest
from widget_tools import find

import t24
from t24.notebook import lab as widgets
from t24.notebook.lab import compare, format_seconds, make_lab, render_comparison


def test_compare_3388_one_distinct_answer_for_every_method():
    results = compare((3, 3, 8, 8), 24, t24.METHODS, "distinct")
    assert list(results) == list(t24.METHODS)
    for method, result in results.items():
        assert result.method == method and not result.refused
        assert result.count == 1
        assert result.answers[0].value == 24
        assert sorted(result.answers[0].leaves()) == [3, 3, 8, 8]
        assert result.seconds >= 0
    # The article's one answer, whichever method found it.
    assert {str(r.answers[0]) for r in results.values()} == {"8 / (3 - 8 / 3)"}


def test_compare_keeps_only_the_methods_asked_in_canonical_order():
    results = compare((4, 5, 6, 7), 24, ["fast", "patterns"], "first")
    assert list(results) == ["patterns", "fast"]
    assert all(r.count == 1 and r.answers[0].value == 24 for r in results.values())


def test_compare_counts_match_solve_in_each_mode():
    hand = (4, 5, 6, 7)
    for mode, options in {"all": {}, "distinct": {"distinct": True}, "first": {"first": True}}.items():
        results = compare(hand, 24, t24.METHODS, mode)
        for method, result in results.items():
            expected = t24.solve(hand, 24, method=method, **options)
            assert [str(e) for e in result.answers] == [str(e) for e in expected]


def test_a_refusal_is_reported_as_a_message():
    hand = (1, 2, 3, 4, 5, 6)
    results = compare(hand, 24, ["patterns", "postfix"], "distinct")
    for method, result in results.items():
        assert result.refused and result.answers == ()
        with pytest.raises(t24.SearchTooLarge) as raised:
            t24.solve(hand, 24, method=method, distinct=True)
        assert result.refusal == str(raised.value)
    page = render_comparison(results, 24)
    assert "refused" in page and "145,244,160 candidates" in page
    assert "method=&#x27;fast&#x27;" in page  # the message is escaped, not raw HTML


def test_compare_rejects_unknown_methods_and_modes():
    with pytest.raises(t24.InputError):
        compare((3, 3, 8, 8), 24, ["guess"], "all")
    with pytest.raises(t24.InputError):
        compare((3, 3, 8, 8), 24, t24.METHODS, "some")


def test_render_says_when_the_distinct_answers_agree():
    results = compare((4, 5, 6, 7), 24, t24.METHODS, "distinct")
    page = render_comparison(results, 24)
    assert "All 4 methods give the same 2 distinct answers" in page
    expected = t24.solve((4, 5, 6, 7), 24, method="fast", distinct=True)
    for expr in expected:
        assert rf"$\displaystyle {expr.to_latex()} = 24$" in page
    assert page.count(r"\displaystyle") == len(expected)  # listed once, not once per method


def test_render_lists_each_method_in_all_mode():
    results = compare((4, 5, 6, 7), 24, ["patterns", "fast"], "all")
    page = render_comparison(results, 24)
    assert "give the same" not in page
    assert f"<b>patterns</b>: {results['patterns'].count} answers" in page
    assert "<b>fast</b>: 2 answers" in page


def test_render_says_no_way_when_there_are_no_answers():
    assert not t24.can_make((1, 1, 1, 1), 24)
    page = render_comparison(compare((1, 1, 1, 1), 24, t24.METHODS, "distinct"), 24)
    assert "No way to make 24 from 1 1 1 1" in page
    assert r"\displaystyle" not in page


def test_render_caps_long_lists():
    results = compare((1, 2, 3, 4), 24, ["patterns"], "all")
    count = results["patterns"].count
    assert count > widgets.SHOW_AT_MOST
    page = render_comparison(results, 24)
    assert page.count("<li>") == widgets.SHOW_AT_MOST
    assert f"and {count - widgets.SHOW_AT_MOST} more" in page


def test_render_a_fraction_target():
    results = compare((1, 3), Fraction(1, 3), ["fast"], "distinct")
    page = render_comparison(results, Fraction(1, 3))
    assert r"= \frac{1}{3}$" in page and "→ <b>1/3</b>" in page


@pytest.mark.parametrize("seconds, text", [(0.000085, "85 µs"), (0.0123, "12.3 ms"), (0.41, "0.41 s"), (12.4, "12 s")])
def test_format_seconds(seconds, text):
    assert format_seconds(seconds) == text


def test_lab_has_the_controls_the_browser_tests_use():
    lab = make_lab()
    for position, number in enumerate((3, 3, 8, 8), start=1):
        slider = find(lab, f"t24-card-{position}")
        assert (slider.value, slider.min, slider.max, slider.continuous_update) == (number, 1, 13, False)
    assert find(lab, "t24-target").value == 24
    assert find(lab, "t24-lab-methods").value == t24.METHODS
    assert find(lab, "t24-lab-mode").value == "distinct"
    assert "All 4 methods give the same 1 distinct answer" in find(lab, "t24-lab-result").value


def test_moving_a_card_slider_updates_the_result():
    lab = make_lab()
    result = find(lab, "t24-lab-result")
    before = result.value
    find(lab, "t24-card-1").value = 5  # 5 3 8 8
    assert result.value != before
    assert "<b>5 3 8 8</b>" in result.value
    expected = t24.solve((5, 3, 8, 8), 24, method="fast", distinct=True)
    assert len(expected) > 1
    assert f"same {len(expected)} distinct answers" in result.value
    find(lab, "t24-card-1").value = 4  # 4 3 8 8 cannot make 24
    assert not t24.can_make((4, 3, 8, 8), 24)
    assert "No way to make 24 from 4 3 8 8" in result.value


def test_the_target_slider_and_the_methods_selector_update_the_result():
    lab = make_lab()
    result = find(lab, "t24-lab-result")
    find(lab, "t24-target").value = 1
    assert "→ <b>1</b>" in result.value
    find(lab, "t24-lab-methods").value = ("recursive",)
    assert ">recursive<" in result.value and ">patterns<" not in result.value
    find(lab, "t24-lab-methods").value = ()
    assert "Choose at least one method" in result.value


def test_the_mode_toggle_switches_between_all_and_distinct_counts():
    lab = make_lab(hand=(4, 5, 6, 7))
    result, mode = find(lab, "t24-lab-result"), find(lab, "t24-lab-mode")
    find(lab, "t24-lab-methods").value = ("patterns",)
    all_count = len(t24.solve((4, 5, 6, 7), 24, method="patterns"))
    assert all_count > 2
    mode.value = "all"
    assert f"<b>patterns</b>: {all_count} answers" in result.value
    mode.value = "distinct"
    assert "<b>patterns</b>: 2 answers" in result.value
    mode.value = "first"
    assert "<b>patterns</b>: 1 answer<" in result.value


def test_make_lab_refuses_a_hand_it_cannot_show():
    with pytest.raises(t24.InputError):
        make_lab(hand=(1, 2, 3))
    with pytest.raises(t24.InputError):
        make_lab(hand=(1, 2, 3, 14))
    with pytest.raises(t24.InputError):
        make_lab(target=101)


def test_make_lab_starts_from_the_hand_and_target_given():
    lab = make_lab(hand=(1, 4, 5, 6), target=10)
    assert [find(lab, f"t24-card-{i}").value for i in range(1, 5)] == [1, 4, 5, 6]
    result = find(lab, "t24-lab-result").value
    assert "<b>1 4 5 6</b> → <b>10</b>" in result
    expected = t24.solve((1, 4, 5, 6), 10, method="fast", distinct=True)
    assert len(expected) > 1 and f"same {len(expected)} distinct answers" in result
