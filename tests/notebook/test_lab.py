"""The comparison lab (t24.notebook.lab), driven without a kernel: set a control, click, read the HTML."""

import random

import pytest
from widget_tools import find

import t24
from t24.methods import LAB_DEFAULT
from t24.methods.sizes import LIMITS
from t24.notebook import lab as lab_module
from t24.notebook.lab import (
    card_text,
    compare,
    deal_hand,
    kind,
    lab_view,
    make_lab,
    method_label,
)


def cards(lab):
    return [find(lab, f"t24-card-{position}").value for position in range(1, 5)]


def result_html(lab):
    return find(lab, "t24-lab-result").value


def test_compare_3388_one_distinct_answer_for_every_method():
    results = compare((3, 3, 8, 8), 24, t24.METHODS, "distinct")
    assert list(results) == list(t24.METHODS)
    for method, result in results.items():
        assert result.method == method and not result.refused
        assert result.count == 1 and result.answers[0].value == 24
        assert sorted(result.answers[0].leaves()) == [3, 3, 8, 8]
    assert {str(r.answers[0]) for r in results.values()} == {"8 / (3 - 8 / 3)"}


def test_compare_runs_the_lab_default_in_methods_order():
    assert list(compare((4, 5, 6, 7))) == list(LAB_DEFAULT) == ["recursive", "postfix-compiled", "fast"]
    assert list(compare((4, 5, 6, 7), 24, ["fast", "patterns"], "first")) == ["patterns", "fast"]


def test_compare_counts_match_solve_in_each_mode():
    hand = (4, 5, 6, 7)
    for mode, options in {"all": {}, "distinct": {"distinct": True}, "first": {"first": True}}.items():
        methods = [m for m in t24.METHODS if m != "patterns"]  # the slow one is checked on 3 3 8 8 above
        for method, result in compare(hand, 24, methods, mode).items():
            expected = t24.solve(hand, 24, method=method, **options)
            assert [str(e) for e in result.answers] == [str(e) for e in expected]


def test_fast_is_timed_from_cold(monkeypatch):
    cleared = []
    monkeypatch.setattr(lab_module.fast, "clear_caches", lambda: cleared.append(True))
    compare((3, 3, 8, 8), 24, ["recursive", "fast"])
    assert cleared == [True]  # once, for fast only


def test_compare_rejects_unknown_methods_and_modes():
    with pytest.raises(t24.InputError):
        compare((3, 3, 8, 8), 24, ["guess"], "all")
    with pytest.raises(t24.InputError):
        compare((3, 3, 8, 8), 24, t24.METHODS, "some")


def test_labels_say_as_written_or_optimised_and_slow():
    assert [kind(m) for m in t24.METHODS] == ["as written"] * 3 + ["optimised"] * 3
    assert method_label("patterns") == "patterns (as written, slow)"
    assert method_label("postfix") == "postfix (as written, slow)"
    assert method_label("postfix-compiled") == "postfix-compiled (optimised)"
    assert method_label("recursive") == "recursive (as written)"
    assert [card_text(n) for n in (1, 10, 11, 12, 13)] == ["1", "10", "11 J", "12 Q", "13 K"]


def test_a_refusal_is_a_row_with_its_reason():
    results = compare((1, 2, 3, 4, 5, 6), 24, ["patterns", "fast"], "first")
    assert results["patterns"].refused and results["patterns"].count == 0
    with pytest.raises(t24.SearchTooLarge) as raised:
        t24.solve((1, 2, 3, 4, 5, 6), 24, method="patterns", first=True)
    assert results["patterns"].refusal == str(raised.value)
    page = lab_view(results, 24, show_answers=True)
    row = next(line for line in page.splitlines() if "t24-lab-refused" in line)
    assert "<b>patterns</b>" in row and "as written" in row
    assert "refused: the patterns method would try 145,244,160 candidates" in row
    assert "Traceback" not in page
    assert "use method=&#x27;" in row and "method='" not in row  # the message is escaped, not raw HTML


def test_lab_starts_with_the_default_methods_and_hidden_answers():
    lab = make_lab()
    assert find(lab, "t24-lab-methods").value == LAB_DEFAULT
    labels = [label for label, _value in find(lab, "t24-lab-methods").options]
    assert "patterns (as written, slow)" in labels and "fast (optimised)" in labels
    page = result_html(lab)
    for method in LAB_DEFAULT:
        assert f"<b>{method}</b>" in page
    assert "<b>patterns</b>" not in page  # the slow as-written searches wait until asked for
    note = find(lab, "t24-lab-note").value
    assert "Runs by default: recursive, postfix-compiled, fast" in note and "patterns and postfix as written are slow" in note
    assert "Answers hidden" in page and "\\displaystyle" not in page and "8 / (3" not in page


def test_show_answers_typesets_them_and_hides_them_again():
    lab = make_lab()
    show = find(lab, "t24-lab-show")
    show.value = True
    page = result_html(lab)
    assert "Answers hidden" not in page
    assert r"$\displaystyle \frac{8}{3 - \dfrac{8}{3}} = 24$" in page
    assert "All 3 methods give the same 1 distinct answer" in page
    assert (show.description, show.icon) == ("hide answers", "eye-slash")
    show.value = False
    assert "Answers hidden" in result_html(lab) and "displaystyle" not in result_html(lab)


def test_each_row_names_the_method_its_kind_count_and_time():
    lab = make_lab((4, 5, 6, 7))
    find(lab, "t24-lab-methods").value = ("postfix", "fast")
    rows = [line for line in result_html(lab).splitlines() if line.startswith("<tr><td")]
    assert len(rows) == 2
    assert "<b>postfix</b>" in rows[0] and "as written" in rows[0] and ">2<" in rows[0]
    assert "<b>fast</b>" in rows[1] and "optimised" in rows[1] and ">2<" in rows[1]
    assert all(unit in row for row, unit in zip(rows, ("s<", "s<")))


def test_sliders_answer_on_release_and_show_face_cards():
    lab = make_lab()
    for position in range(1, 5):
        assert find(lab, f"t24-card-{position}").continuous_update is False
    assert find(lab, "t24-target").continuous_update is False
    find(lab, "t24-card-4").value = 12
    assert "<b>3 3 8 12 Q</b>" in result_html(lab)
    assert any("12 Q" in child.value for box in lab.children[:2] for child in box.children
               if hasattr(child, "value") and isinstance(child.value, str))


def test_the_deal_button_changes_the_cards_to_a_solvable_hand():
    lab = make_lab(seed=7)
    before = cards(lab)
    find(lab, "t24-lab-deal").click()
    after = cards(lab)
    assert after != before and all(1 <= card <= 13 for card in after)
    assert t24.can_make(after, 24)
    assert list(deal_hand(random.Random(7))) == after  # the seed fixes the classroom's sequence
    assert " ".join(card_text(card) for card in after) in result_html(lab)


def test_the_target_slider_and_modes_reach_the_result():
    lab = make_lab((1, 1, 1, 1))
    find(lab, "t24-lab-show").value = True
    assert "No way to make 24 from 1 1 1 1" in result_html(lab)
    find(lab, "t24-target").value = 4
    find(lab, "t24-lab-mode").value = "first"
    assert "→ <b>4</b>, first answer" in result_html(lab)


def test_a_refused_method_in_the_lab_is_a_row_not_a_traceback(monkeypatch):
    monkeypatch.setitem(LIMITS, "patterns", 100)  # as if four cards were too many for the pattern search
    lab = make_lab(methods=("patterns", "fast"))
    page = result_html(lab)
    assert "refused: the patterns method would try 4,224 candidates" in page
    find(lab, "t24-lab-show").value = True
    assert r"\frac{8}{3 - \dfrac{8}{3}}" in result_html(lab)  # fast still answers


def test_no_methods_and_bad_arguments():
    lab = make_lab()
    find(lab, "t24-lab-methods").value = ()
    assert "Choose at least one method" in result_html(lab)
    with pytest.raises(t24.InputError):
        make_lab((1, 2, 3))
    with pytest.raises(t24.InputError):
        make_lab(target=0)
    with pytest.raises(t24.InputError):
        make_lab(methods=("guess",))
