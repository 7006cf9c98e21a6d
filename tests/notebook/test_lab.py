"""The lab: methods compared by name, a toggle per method, answers on demand, the cards shown."""

import re

import pytest
from widget_tools import find

import t24
from t24.methods import METHODS
from t24.notebook import compare, lab_view, make_lab
from t24.notebook.lab import LAB_DEFAULT, TARGETS


def result_text(lab):
    return " ".join(re.sub(r"<[^>]+>", " ", find(lab, "t24-lab-result").value).split())


def toggles(lab):
    return {toggle.description: toggle for toggle in find(lab, "t24-lab-methods").children}


@pytest.mark.parametrize(
    ("methods", "phrase"),
    [("fas", "unknown method 'fas'"), (["fast", 3], "unknown method 3"), (5, "not 5")],
)
def test_a_bad_method_is_refused_in_one_line_before_any_search(methods, phrase):
    with pytest.raises(t24.InputError, match=re.escape(phrase)):
        make_lab(methods=methods)


def test_compare_answers_in_method_order_and_a_refusal_is_a_row():
    found = compare((1, 2, 3, 4, 5), 24, ["fast", "patterns"], "first")
    assert list(found) == ["patterns", "fast"] and len(found["fast"].answers) == 1
    assert isinstance(found["patterns"].refusal, t24.SearchTooLarge)
    assert "refused:" in lab_view(found, (1, 2, 3, 4, 5), 24, "first")
    heading = lab_view(compare((9, 13, 4, 9), 24, "fast"), (9, 13, 4, 9)).split("</p>")[0]
    assert heading.count("title=") == 4 and ">K<" in heading and "13 K" not in heading  # once


@pytest.mark.parametrize(("methods", "names"), [("fast", ["fast"]), (LAB_DEFAULT, LAB_DEFAULT)])
def test_the_toggle_buttons_start_as_asked_and_change_the_rows(methods, names):
    """A string is one method, a list several."""
    lab = make_lab(methods=methods)
    assert [m for m, toggle in toggles(lab).items() if toggle.value] == list(names)
    toggles(lab)["patterns"].value = True
    assert "patterns as written" in result_text(lab)
    for toggle in toggles(lab).values():
        toggle.value = False
    assert "Choose at least one method" in result_text(lab)
    assert set(toggles(lab)) == set(METHODS)


def test_answers_stay_hidden_until_asked_and_the_cards_and_deal_change_the_hand():
    lab = make_lab()
    assert "Answers hidden" in result_text(lab)
    find(lab, "t24-lab-show").value = True
    assert "give the same 1 distinct answer" in result_text(lab)
    find(lab, "t24-card-1").value = 4
    assert result_text(lab).startswith("4 3 8 8 → 24")
    before = [find(lab, f"t24-card-{k}").value for k in range(1, 5)]
    find(lab, "t24-lab-deal").click()
    assert [find(lab, f"t24-card-{k}").value for k in range(1, 5)] != before


def test_a_browser_cannot_move_the_limits_or_freeze_the_lab(monkeypatch):
    target, card = find(lab := make_lab(), "t24-target"), find(lab, "t24-card-1")
    target.set_state({"max": 10**6, "value": 999_983})  # what a comm message does
    card.set_state({"min": 50, "max": 60, "value": 55})
    assert (target.min, target.max, target.value, card.max, card.value) == (1, 40, 40, 13, 13)
    monkeypatch.setattr("t24.notebook.lab.deal_solvable", lambda *args: 1 / 0)
    find(lab, "t24-lab-deal").click()  # refused (ipywidgets logs the error)
    find(lab, "t24-card-2").value = 4
    assert result_text(lab).startswith("K 13 4 8 8 → 40")


def test_the_target_steps_one_value_at_a_time_through_a_range_every_deal_can_make():
    """Task card 1 steps the target from 1 to 40; the deal button finds a hand for each, and
    every slider's track grows with the page, never narrower than 16 em."""
    lab = make_lab(methods="fast")
    target, dealer = find(lab, "t24-target"), find(lab, "t24-lab-deal")
    assert (target.min, target.max, target.step) == (*TARGETS, 1) == (1, 40, 1)
    for value in (1, 7, 40):
        target.value = value
        dealer.click()
        hand = [find(lab, f"t24-card-{k}").value for k in range(1, 5)]
        assert t24.can_make(hand, target=value), (hand, value)
    for slider in [target, *(find(lab, f"t24-card-{k}") for k in range(1, 5))]:
        assert slider.layout.min_width == "16em" and slider.layout.flex.startswith("1 1")
