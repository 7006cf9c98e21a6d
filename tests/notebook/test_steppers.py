"""The steppers: candidates and states in the search's own order, counters, jumps, refusals."""

import re

import pytest

from t24.methods import recursive
from t24.notebook import (
    make_pattern_stepper,
    make_postfix_stepper,
    make_recursion_stepper,
    pattern_candidate_html,
    postfix_candidate_html,
    state_html,
)
from t24.notebook.steppers import pattern_loops, postfix_loops, stack_steps

MAKERS = [make_pattern_stepper, make_postfix_stepper, make_recursion_stepper]


def text(html):
    return " ".join(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html).split())


@pytest.mark.parametrize(
    ("loops", "first", "last", "count"),
    [
        (pattern_loops, "4+5+6+7", "7/((6/5)/4)", 11 * 24 * 64),
        (postfix_loops, (4, 5, "+", 6, "+", 7, "+"), (7, 6, 5, 4, "/", "/", "/"), 5 * 24 * 64),
    ],
)
def test_candidates_come_in_the_posts_loop_order(loops, first, last, count):
    found = loops((4, 5, 6, 7))
    assert (found.candidate(0), found.candidate(count - 1), len(found)) == (first, last, count)


@pytest.mark.parametrize("maker", MAKERS)
def test_the_first_view_counts_one_in_the_singular(maker):
    view = text(maker((3, 3, 8, 8)).view.value)
    assert re.search(r"So far: 1 (candidate|state) met, 0 hits", view), view
    assert "1 candidates" not in view and "1 states" not in view


@pytest.mark.parametrize("maker", MAKERS)
def test_next_hit_moves_to_a_hit_and_previous_hit_back(maker):
    stepper = maker((3, 3, 8, 8))
    assert stepper.previous_hit.disabled
    stepper.next_hit.click()
    first = stepper.slider.value
    assert first > 1 and re.search(r"a hit", text(stepper.view.value), re.I)
    stepper.next_hit.click()
    stepper.previous_hit.click()
    assert stepper.slider.value == first


@pytest.mark.parametrize("maker", MAKERS)
def test_the_jump_dropdown_follows_the_slider_and_moves_it(maker):
    stepper = maker((4, 5, 6, 7))
    stepper.jump_to.value = 2
    assert stepper.slider.value > 1 and stepper.jump_to.value == 2
    stepper.slider.value = 1
    assert stepper.jump_to.value == 0


@pytest.mark.parametrize(
    ("maker", "phrase"),
    [
        (make_pattern_stepper, "takes at most 100,000"),
        (make_postfix_stepper, "takes at most 500,000"),
        (make_recursion_stepper, "too many to step through"),
    ],
)
def test_a_hand_too_big_to_step_is_refused_in_one_line(maker, phrase):
    refusal = maker((1, 2, 3, 4, 5, 6))
    assert phrase in refusal.sentence and "1 2 3 4 5 6" in refusal.sentence


def test_a_pattern_candidate_shows_how_it_is_filled_and_its_value():
    view = text(pattern_candidate_html((4, 5, 6, 7), 0))
    assert "pattern nononon (1 of 11)" in view and "filled text 4+5+6+7" in view
    assert "exact value 22" in view and "makes 24? no" in view


def test_a_postfix_candidate_shows_the_stack_after_each_token():
    assert [action for _, action, _ in stack_steps((8, 3, 8, 3, "/", "-", "/"))][-1] == (
        "pop two, push 8 / (1/3) = 24"
    )
    assert stack_steps((1, 0, "/"))[-1][2] is None


def test_the_java_converters_wrong_brackets_are_shown():
    loops = postfix_loops((5, 6, 7))
    index = next(i for i in range(len(loops)) if loops.candidate(i) == (7, 6, 5, "-", "-"))
    view = text(postfix_candidate_html((5, 6, 7), index, 6))
    assert "7 - 6 - 5" in view and "reads back as -4: wrong brackets" in view


def test_a_state_shows_the_step_that_made_it():
    trace = recursive.trace((3, 3, 8, 8))
    assert "Start: the hand" in text(state_html(trace, 0))
    hit = text(state_html(trace, trace.hits[0].id))
    assert (
        "A hit: the last number is 24" in hit
        and "Step: from 1/3 8, two numbers make 8 ÷ (3 − 8 ÷ 3) = 24" in hit
    )
