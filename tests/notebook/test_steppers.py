"""The steppers: candidates and states in the search's own order, counters, jumps, refusals."""

import re

import pytest

from t24 import SearchTooLarge
from t24.notebook import (
    make_pattern_stepper,
    make_postfix_stepper,
    make_recursion_stepper,
    state_html,
)
from t24.notebook.steppers import candidate_html
from t24.trace import stack_steps, trace

MAKERS = [make_pattern_stepper, make_postfix_stepper, make_recursion_stepper]


def text(html):
    return " ".join(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html).split())


@pytest.mark.parametrize(
    ("method", "first", "last", "count"),
    [
        ("patterns", "filled text 4+5+6+7 ", "filled text 7/((6/5)/4) ", 11 * 24 * 64),
        ("postfix", "postfix 4 5 + 6 + 7 + ", "postfix 7 6 5 4 / / / ", 5 * 24 * 64),
    ],
)
def test_candidates_come_in_the_posts_loop_order(method, first, last, count):
    hand = (4, 5, 6, 7)
    assert first in text(candidate_html(method, hand, 0))
    assert last in text(candidate_html(method, hand, count - 1))
    maker = {"patterns": make_pattern_stepper, "postfix": make_postfix_stepper}[method]
    assert maker(hand).slider.max == count


@pytest.mark.parametrize("maker", MAKERS)
def test_the_first_view_counts_one_in_the_singular(maker):
    view = text(maker((3, 3, 8, 8)).view.value)
    assert re.search(r"So far: 1 (candidate|state) met, 0 hits", view), view
    assert "1 candidates" not in view and "1 states" not in view


@pytest.mark.parametrize("maker", MAKERS)
def test_next_hit_moves_to_the_next_hit(maker):
    stepper = maker((3, 3, 8, 8))
    stepper.next_hit.click()
    first = stepper.slider.value
    assert first > 1 and re.search(r"a hit", text(stepper.view.value), re.I)
    stepper.next_hit.click()
    assert stepper.slider.value > first or stepper.next_hit.disabled


@pytest.mark.parametrize("maker", MAKERS)
def test_the_jump_dropdown_follows_the_slider_and_moves_it(maker):
    stepper = maker((4, 5, 6, 7))
    stepper.jump_to.value = 2
    assert stepper.slider.value > 1 and stepper.jump_to.value == 2
    stepper.slider.value = 1
    assert stepper.jump_to.value == 0


@pytest.mark.parametrize("maker", MAKERS)
def test_a_hand_too_big_to_step_is_refused_in_one_line(maker):
    refusal = maker((1, 2, 3, 4, 5, 6))
    assert "too many to step through" in refusal.sentence and "6 numbers" in refusal.sentence


def test_a_pattern_candidate_shows_how_it_is_filled_and_its_value():
    view = text(candidate_html("patterns", (4, 5, 6, 7), 0))
    assert "pattern nononon (1 of 11)" in view and "filled text 4+5+6+7" in view
    assert "exact value 22" in view and "makes 24? no" in view


def test_a_postfix_candidate_shows_the_stack_after_each_token():
    assert stack_steps((8, 3, 8, 3, "/", "-", "/"))[-1] == "pop two: 8 / (1/3), push 24"
    assert stack_steps((1, 0, "/")) == ["push 1", "push 0", "pop two: 1 / 0 divides by zero"]


def test_the_java_converters_wrong_brackets_are_shown():
    views = (text(candidate_html("postfix", (5, 6, 7), i, 6)) for i in range(240))
    view = next(view for view in views if "postfix 7 6 5 - - " in view)
    assert "7 - 6 - 5" in view and "reads back as -4: wrong brackets" in view


def test_a_state_shows_the_step_that_made_it():
    states = trace((3, 3, 8, 8))
    assert "Start: the hand" in text(state_html(states, 0))
    hit = text(state_html(states, states.hits[0].id))
    assert "A hit: the last number is 24" in hit
    assert "Step: from 1/3 8, two numbers make 8 ÷ (3 − 8 ÷ 3) = 24" in hit


def test_a_trace_records_every_state_and_marks_the_paths_to_the_target():
    states = trace([4, 5, 6, 7])
    assert sum(1 for s in states.states if len(s.values) == 1) == 3888  # no zero to divide by
    assert len(states.states) == 1 + 36 + 36 * 18 + 3888
    states = trace([3, 3, 8, 8])
    assert states.hits and all(s.values == (24,) for s in states.hits)
    by_id = {s.id: s for s in states.states}
    for hit in states.hits:
        state = hit
        while state.parent is not None:
            state = by_id[state.parent]
            assert state.reaches_target
    assert states.states[0].reaches_target
    assert states.distinct_states() < len(states.states) / 5


def test_a_trace_of_five_cards_is_refused_in_one_line():
    with pytest.raises(SearchTooLarge, match="trace of 5 numbers would record 233,280 final"):
        trace([1, 2, 3, 4, 5])
