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
    ("maker", "first", "last", "count"),
    [
        (make_pattern_stepper, "filled text 4+5+6+7 ", "filled text 7/((6/5)/4) ", 11 * 24 * 64),
        (make_postfix_stepper, "postfix 4 5 + 6 + 7 + ", "postfix 7 6 5 4 / / / ", 5 * 24 * 64),
    ],
)
def test_candidates_come_in_the_posts_loop_order_each_with_its_value(maker, first, last, count):
    method = "patterns" if maker is make_pattern_stepper else "postfix"
    view = text(candidate_html(method, (4, 5, 6, 7), 0))
    assert first in view and "exact value 22" in view and "makes 24? no" in view
    assert last in text(candidate_html(method, (4, 5, 6, 7), count - 1))
    assert maker((4, 5, 6, 7)).slider.max == count


@pytest.mark.parametrize("maker", MAKERS)
def test_the_counters_next_hit_the_jump_dropdown_and_a_hand_too_big_to_step(maker):
    stepper = maker((3, 3, 8, 8))
    view = text(stepper.view.value)
    assert re.search(r"So far: 1 (candidate|state) met, 0 hits", view), view  # one, singular
    stepper.next_hit.click()
    first = stepper.slider.value
    assert first > 1 and re.search(r"a hit", text(stepper.view.value), re.I)
    stepper.next_hit.click()
    assert stepper.slider.value > first or stepper.next_hit.disabled
    stepper.jump_to.value = 2  # the dropdown moves the slider, and follows it
    assert stepper.slider.value > 1 and stepper.jump_to.value == 2
    stepper.slider.value = 1
    assert stepper.jump_to.value == 0
    refusal = maker((1, 2, 3, 4, 5, 6))  # refused in one line
    assert "too many to step through" in refusal.sentence and "6 numbers" in refusal.sentence


def test_a_postfix_candidate_shows_the_stack_and_the_java_converters_wrong_brackets():
    assert stack_steps((8, 3, 8, 3, "/", "-", "/"))[-1] == "pop two: 8 / (1/3), push 24"
    assert stack_steps((1, 0, "/")) == ["push 1", "push 0", "pop two: 1 / 0 divides by zero"]
    views = (text(candidate_html("postfix", (5, 6, 7), i, 6)) for i in range(240))
    view = next(view for view in views if "postfix 7 6 5 - - " in view)
    assert "7 - 6 - 5" in view and "reads back as -4: wrong brackets" in view


def test_a_trace_records_every_state_marks_the_paths_to_the_target_and_shows_each_step():
    states = trace([4, 5, 6, 7])
    assert sum(1 for s in states.states if len(s.values) == 1) == 3888  # no zero to divide by
    assert len(states.states) == 1 + 36 + 36 * 18 + 3888
    states = trace([3, 3, 8, 8])
    assert states.hits and all(s.values == (24,) for s in states.hits)
    on_paths = {s.parent for s in states.states if s.reaches_target} - {None}
    assert all(states.states[k].reaches_target for k in on_paths)  # each hit's ancestors
    assert states.distinct_states() < len(states.states) / 5
    assert "Start: the hand" in text(state_html(states, 0))
    hit = text(state_html(states, states.hits[0].id))
    assert "A hit: the last number is 24" in hit
    assert "Step: from 1/3 8, two numbers make 8 ÷ (3 − 8 ÷ 3) = 24" in hit
    with pytest.raises(SearchTooLarge, match="trace of 5 numbers would record 233,280 final"):
        trace([1, 2, 3, 4, 5])
