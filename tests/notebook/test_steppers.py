"""The step-through views agree with the teaching searches, and the widgets work without a kernel."""

from fractions import Fraction

import pytest

pytest.importorskip("ipywidgets")

from t24.hand import SearchTooLarge  # noqa: E402
from t24.methods import patterns, postfix  # noqa: E402
from t24.notebook import steppers  # noqa: E402
from t24.parse import parse  # noqa: E402


def all_postfix(hand):
    """The teaching search's postfix candidates, in its loop order."""
    return [tokens for numbers, ops in postfix.sequences(hand) for tokens in postfix.stack_orders(numbers, ops)]


def test_pattern_candidate_follows_the_articles_loops():
    hand = (1, 5, 5, 5)
    expected = list(patterns.candidates(hand))
    assert len(expected) == 11 * 4 * 64
    assert [steppers.pattern_candidate(hand, i) for i in range(len(expected))] == expected


def test_postfix_candidate_follows_the_teaching_search():
    hand = (1, 5, 5, 5)
    expected = all_postfix(hand)
    assert len(expected) == 5 * 4 * 64
    assert [steppers.postfix_candidate(hand, i)[2] for i in range(len(expected))] == expected
    numbers, ops, tokens = steppers.postfix_candidate(hand, 7)
    assert sorted(t for t in tokens if not isinstance(t, str)) == sorted(numbers) == sorted(hand)
    assert "".join(t for t in tokens if isinstance(t, str)) == ops


@pytest.mark.parametrize("index", [-1, 11 * 6 * 64])
def test_candidate_out_of_range(index):
    with pytest.raises(IndexError):
        steppers.pattern_candidate((3, 3, 8, 8), index)
    with pytest.raises(IndexError):
        steppers.postfix_candidate((3, 3, 8, 8), index if index < 0 else 5 * 6 * 64)


@pytest.mark.parametrize("hand, target", [((3, 3, 8, 8), 24), ((0, 0, 1, 2), 2), ((1, 2, 3, 4), Fraction(1, 3))])
def test_pattern_counters_match_the_teaching_search(hand, target):
    outcomes = steppers.pattern_outcomes(hand, Fraction(target))
    found = patterns.search(hand, target)
    assert outcomes.total == found.generated
    assert len(outcomes.hits) == found.hits
    assert len(outcomes.new_trees) == len(found.trees)
    assert len(outcomes.zeros) == found.division_by_zero
    assert [steppers.pattern_candidate(hand, i)[3] for i in outcomes.hits] == found.hit_texts


@pytest.mark.parametrize("hand, target", [((3, 3, 8, 8), 24), ((0, 0, 1, 2), 2), ((4, 5, 6, 7), 24)])
def test_postfix_counters_match_the_teaching_search(hand, target):
    outcomes = steppers.postfix_outcomes(hand, Fraction(target))
    found = postfix.search(hand, target)
    assert outcomes.total == found.generated
    assert len(outcomes.zeros) == found.division_by_zero
    assert [steppers.postfix_candidate(hand, i)[2] for i in outcomes.hits] == found.hit_postfix
    assert len(outcomes.new_trees) == len(found.trees)


def test_running_counters_and_hit_jumps():
    outcomes = steppers.pattern_outcomes((3, 3, 8, 8), Fraction(24))
    first, last = outcomes.hits[0], outcomes.hits[-1]
    assert outcomes.so_far(first - 1)[0] == 0 and outcomes.so_far(first)[0] == 1
    assert outcomes.so_far(outcomes.total - 1)[0] == len(outcomes.hits)
    assert outcomes.next_hit(-1) == first and outcomes.next_hit(first) == outcomes.hits[1]
    assert outcomes.previous_hit(first) is None and outcomes.next_hit(last) is None


def test_stack_steps_end_with_the_exact_value():
    for tokens in all_postfix((0, 2, 3, 3)):
        steps = steppers.stack_steps(tokens)
        value = postfix.evaluate(tokens)
        if value is None:
            assert steps[-1][2] is None and "divides by zero" in steps[-1][1]
        else:
            assert len(steps) == len(tokens)
            assert steps[-1][2] == (value,)
            depths = [len(stack) for _, _, stack in steps]
            pushes = [sum(1 for t in tokens[: i + 1] if not isinstance(t, str)) for i in range(len(tokens))]
            assert depths == [2 * p - (i + 1) for i, p in enumerate(pushes)]


def test_stack_steps_of_the_3388_answer():
    tokens = parse("8/(3-8/3)").postfix()
    stacks = [stack for _, _, stack in steppers.stack_steps(tokens)]
    assert stacks[-2] == (Fraction(8), Fraction(1, 3))  # 3 - 8/3, the fraction floats get wrong
    assert stacks[-1] == (Fraction(24),)


def test_describe_pattern_candidate_shows_a_hit_of_3388():
    hand = (3, 3, 8, 8)
    outcomes = steppers.pattern_outcomes(hand, Fraction(24))
    page = steppers.describe_pattern_candidate(hand, outcomes.hits[0])
    text = steppers.pattern_candidate(hand, outcomes.hits[0])[3]
    assert parse(text).value == 24
    assert f"<code>{text}</code>" in page and "a hit" in page
    assert "So far: " in page and "1 hit " in page
    miss = steppers.describe_pattern_candidate(hand, 0)
    assert "<code>3+3+8+8</code>" in miss and "22" in miss and "a hit" not in miss


def test_describe_pattern_candidate_division_by_zero():
    hand = (1, 1, 1, 1)
    index = next(i for i in range(11 * 64) if patterns.evaluate(steppers.pattern_candidate(hand, i)[3]) is None)
    assert "divides by zero" in steppers.describe_pattern_candidate(hand, index)


def test_describe_postfix_candidate_shows_the_converter_bug():
    hand = (4, 5, 6, 7)
    index = postfix.sequences(hand).index(((7, 6, 5, 4), "--*")) * 5 + postfix.make_shapes(4).index("nnnoono")
    assert steppers.postfix_candidate(hand, index)[2] == (7, 6, 5, "-", "-", 4, "*")
    page = steppers.describe_postfix_candidate(hand, index)
    assert "<code>(7 - (6 - 5)) * 4</code>" in page  # the right infix
    assert "(7 - 6 - 5) * 4" in page and "reads back as -16" in page  # the article's
    assert "a hit" in page and "push 6 - 5 = 1" in page


def test_too_large_hands_are_refused():
    with pytest.raises(SearchTooLarge):
        steppers.describe_pattern_candidate((1, 2, 3, 4, 5), 0)
    with pytest.raises(SearchTooLarge):
        steppers.make_postfix_stepper((1, 2, 3, 4, 5))


def test_pattern_stepper_widget():
    hand = (3, 3, 8, 8)
    stepper = steppers.make_pattern_stepper(hand)
    assert stepper.slider.max == patterns.count_candidates(hand)
    assert stepper.view.value == steppers.describe_pattern_candidate(hand, 0)
    assert stepper.previous_hit.disabled and not stepper.next_hit.disabled
    stepper.slider.value = 100
    assert stepper.view.value == steppers.describe_pattern_candidate(hand, 99)
    stepper.next_hit.click()
    first = stepper.outcomes.hits[0]
    assert stepper.slider.value == first + 1 and "a hit" in stepper.view.value
    for _ in stepper.outcomes.hits[1:]:
        stepper.next_hit.click()
    assert stepper.next_hit.disabled and stepper.slider.value == stepper.outcomes.hits[-1] + 1
    stepper.previous_hit.click()
    assert stepper.slider.value == stepper.outcomes.hits[-2] + 1
    assert repr(stepper) == f"Pattern-method stepper for 3 3 8 8, target 24: 4,224 candidates, {patterns.search(hand).hits} hits"
    assert "t24-pattern-stepper" in stepper._dom_classes
    assert "t24-stepper-view" in stepper.view._dom_classes


def test_postfix_stepper_widget_with_another_target():
    hand, target = (1, 2, 3, 4), 10
    stepper = steppers.make_postfix_stepper(hand, target)
    stepper.next_hit.click()
    tokens = steppers.postfix_candidate(hand, stepper.slider.value - 1)[2]
    assert postfix.evaluate(tokens) == 10
    assert "makes 10?" in stepper.view.value and "a hit" in stepper.view.value
    assert "t24-postfix-stepper" in stepper._dom_classes


@pytest.mark.parametrize("make, names", [(steppers.make_pattern_stepper, "patterns"),
                                         (steppers.make_postfix_stepper, "postfix")])
def test_a_huge_hand_is_refused_at_once_naming_a_method_that_copes(make, names):
    import time

    start = time.perf_counter()
    with pytest.raises(SearchTooLarge) as refusal:
        make(range(1, 12))
    assert time.perf_counter() - start < 0.2  # counted from the hand, nothing built
    message = str(refusal.value)
    assert message.startswith("too many to step through") and "11 numbers" in message
    assert message.endswith("no method searches 11 numbers (fast takes the most: up to 7)")
    with pytest.raises(SearchTooLarge) as six:
        make((1, 2, 3, 4, 5, 6))
    assert "method='fast'" in str(six.value)  # no compiled variant takes six different cards
    with pytest.raises(SearchTooLarge) as five:
        make((1, 2, 3, 4, 5))
    assert f"method='{names}-compiled'" in str(five.value)  # a compiled variant copes with five cards


def test_face_cards_are_shown_as_j_q_k():
    stepper = steppers.make_pattern_stepper((12, 12, 1, 1))
    assert "Q Q 1 1 (= 12 12 1 1)" in stepper.view.value
    assert repr(stepper).startswith("Pattern-method stepper for Q Q 1 1 (= 12 12 1 1), target 24")
    assert "<code>12+12+1+1</code>" in stepper.view.value  # the filled text keeps the numbers
    plain = steppers.make_postfix_stepper((3, 3, 8, 8))
    assert "(= " not in plain.view.value


def test_text_and_controls_are_large_enough_for_a_projector():
    from t24.notebook.style import WIDGET_FONT

    stepper = steppers.make_postfix_stepper((4, 5, 6, 7))
    assert f"font-size:{WIDGET_FONT}" in stepper.view.value
    for control in [stepper.next_hit, stepper.previous_hit]:
        assert control.style.font_size == WIDGET_FONT
    # sliders and dropdowns have no font style: a stylesheet scoped to steppers enlarges them
    assert stepper.css in stepper.children and "t24-stepper" in stepper._dom_classes
    for selector in [".t24-stepper .widget-label", ".t24-stepper .widget-readout", ".t24-stepper select"]:
        assert selector in stepper.css.value
    assert f"font-size: {WIDGET_FONT}" in stepper.css.value


def test_speed_control_sets_the_play_interval():
    stepper = steppers.make_pattern_stepper((3, 3, 8, 8))
    assert stepper.play.interval == steppers.SPEEDS["medium"]
    stepper.speed.value = "fastest"
    assert stepper.play.interval == steppers.SPEEDS["fastest"] < steppers.SPEEDS["slow"]
    stepper.speed.value = "slow"
    assert stepper.play.interval == steppers.SPEEDS["slow"]


def test_jump_to_pattern_keeps_the_ordering_and_the_operators():
    hand = (4, 5, 6, 7)
    stepper = steppers.make_pattern_stepper(hand)
    assert list(stepper.jump_to.options) == [(p, k) for k, p in enumerate(patterns.PATTERNS)]
    stepper.slider.value = 100
    _, numbers, ops, _ = steppers.pattern_candidate(hand, 99)
    stepper.jump_to.value = patterns.PATTERNS.index("(non)o(non)")
    pattern, numbers_after, ops_after, text = steppers.pattern_candidate(hand, stepper.slider.value - 1)
    assert (pattern, numbers_after, ops_after) == ("(non)o(non)", numbers, ops)
    assert f"<code>{text}</code>" in stepper.view.value
    stepper.next_hit.click()  # moving the slider moves the dropdown to the pattern shown
    assert stepper.jump_to.label == steppers.pattern_candidate(hand, stepper.slider.value - 1)[0]


def test_jump_to_shape_keeps_the_sequence():
    hand = (4, 5, 6, 7)
    stepper = steppers.make_postfix_stepper(hand)
    stepper.slider.value = 5 * 37 + 1
    numbers, ops, _ = steppers.postfix_candidate(hand, 5 * 37)
    for k, shape in enumerate(postfix.make_shapes(4)):
        stepper.jump_to.value = k
        after_numbers, after_ops, tokens = steppers.postfix_candidate(hand, stepper.slider.value - 1)
        assert (after_numbers, after_ops) == (numbers, ops)
        assert "".join("o" if isinstance(t, str) else "n" for t in tokens) == shape
        assert stepper.jump_to.label == shape
