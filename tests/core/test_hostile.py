"""Hostile and odd input: one number grammar for cards, targets and expressions, one-line refusals."""

import time
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import t24
from t24 import ExpressionError, InputError, check_answer, parse
from t24.hand import MAX_DIGITS, SearchTooLarge, as_hand, as_target
from t24.methods.sizes import check_size
from t24.text import plural

TOO_LONG = "number too long: at most 100 digits"
NOT_A_NUMBER = "is not a number: use an integer or a fraction like 1/3"


def refusal(call, *args) -> str:
    """The message of the InputError that `call(*args)` raises; it must be one line."""
    with pytest.raises(InputError) as caught:
        call(*args)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


# -- every bad input is an InputError ---------------------------------------------------------

def test_expression_errors_are_input_errors():
    assert issubclass(ExpressionError, InputError)
    assert issubclass(InputError, ValueError)
    assert issubclass(t24.DivisionByZero, ExpressionError)
    assert issubclass(t24.DivisionByZero, ZeroDivisionError)
    assert issubclass(SearchTooLarge, InputError)
    assert t24.InputError is InputError
    with pytest.raises(InputError, match="names are not allowed"):
        parse("os.system('ls')")


# -- targets ----------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["1 2/3", "2 4", "1 /3", "- 1/3", "1/ 3", "1/3/4", "1/-3", "+-3", "/3", "3/"])
def test_a_target_with_spaces_inside_or_other_shapes_is_not_a_number(typed):
    assert refusal(as_target, typed) == f"target {typed!r} {NOT_A_NUMBER}"


def test_the_inner_space_examples_are_not_read_as_other_numbers():
    assert refusal(as_target, "1 2/3") == "target '1 2/3' is not a number: use an integer or a fraction like 1/3"
    assert refusal(as_target, "2 4") == "target '2 4' is not a number: use an integer or a fraction like 1/3"


@pytest.mark.parametrize(
    "typed",
    [
        "1" * 201,
        "1" * 150,
        "1/" + "1" * 150,
        "-" + "1" * 101 + "/3",
        "1" * 100 + "/" + "1" * 101,
        "9" * 5000,  # past Python's own limit for reading an int from text
        "1/" + "7" * 10_000,
    ],
)
def test_a_target_part_over_the_digit_limit_is_too_long(typed):
    assert refusal(as_target, typed) == TOO_LONG


def test_a_target_at_the_digit_limit_is_fine_and_zeros_do_not_count():
    longest = "9" * MAX_DIGITS
    assert as_target(f"-{longest}/{longest}") == -1
    assert as_target("0" * 500 + "7/02") == Fraction(7, 2)
    assert as_target(10**MAX_DIGITS - 1) == 10**MAX_DIGITS - 1


@pytest.mark.parametrize(
    "target",
    [10**5000, -(10**5000), Fraction(1, 10**5000), Fraction(10**5000, 3), 10**MAX_DIGITS],
    ids=["10**5000", "-10**5000", "1/10**5000", "10**5000/3", "10**100"],  # pytest's own ids would str() them
)
def test_a_huge_number_target_is_too_long_without_converting_it_to_text(target):
    assert refusal(as_target, target) == TOO_LONG


def test_a_huge_card_is_too_long_without_converting_it_to_text():
    assert refusal(as_hand, [10**5000, 1, 2, 3]) == TOO_LONG
    assert refusal(t24.solve, [10**5000, 1, 2, 3]) == TOO_LONG
    assert refusal(as_hand, [-(10**MAX_DIGITS)]) == TOO_LONG
    assert refusal(as_hand, ["9" * 5000]) == TOO_LONG
    assert as_hand([10**MAX_DIGITS - 1]) == (10**MAX_DIGITS - 1,)


@pytest.mark.parametrize("typed", ["1/0", "-5/000"])
def test_a_target_that_divides_by_zero(typed):
    assert refusal(as_target, typed) == f"target {typed!r} is not a number: it divides by zero"


def test_float_targets_are_refused_as_floats():
    message = "target 2.5 is a float; give it exactly, as an integer or a fraction like 1/3"
    assert refusal(as_target, 2.5) == message
    assert refusal(as_target, np.float64(2.5)) == message
    assert refusal(as_target, np.float32(24)) == "target 24.0 is a float; give it exactly, as an integer or a fraction like 1/3"


def test_bool_targets_are_refused():
    assert refusal(as_target, True) == "target True is not a number"


# -- cards --------------------------------------------------------------------------------------

def test_bytes_are_not_a_hand():
    assert refusal(as_hand, b"3 3 8 8") == "expected numbers, got bytes: give them as text or as a list"
    assert refusal(as_hand, bytearray(b"3388")).startswith("expected numbers, got bytearray")
    assert refusal(t24.solve, b"3 3 8 8").startswith("expected numbers, got bytes")


def test_text_hands_still_work():
    assert as_hand("3 3 8 8") == (3, 3, 8, 8)
    assert as_hand("3,3,8,8") == (3, 3, 8, 8)
    assert as_hand(" +3, -3 ,08\t12 ") == (3, -3, 8, 12)


def test_numpy_integers_are_cards_and_targets():
    assert as_hand(np.array([3, 3, 8, 8])) == (3, 3, 8, 8)
    hand = as_hand([np.int64(3), np.int32(3), np.uint8(8), np.int16(8)])
    assert hand == (3, 3, 8, 8) and all(type(n) is int for n in hand)
    assert as_target(np.int64(24)) == 24 and type(as_target(np.int64(24))) is Fraction
    assert [str(e) for e in t24.solve(np.array([3, 3, 8, 8]), np.int64(24))] == ["8 / (3 - 8 / 3)"]
    assert check_answer(np.array([8, 3, 3, 8]), "8/(3-8/3)", np.int8(24)).ok


def test_numpy_bools_and_plain_bools_are_not_cards():
    assert refusal(as_hand, [True, 2]) == "True is not a whole number (cards are integers like 3 or 12)"
    assert refusal(as_hand, [np.True_, 2]).endswith("is not a whole number (cards are integers like 3 or 12)")


def test_fractions_that_are_whole_are_cards():
    assert as_hand([Fraction(6, 2), 8]) == (3, 8)
    assert refusal(as_hand, [Fraction(1, 2)]) == "Fraction(1, 2) is not a whole number (cards are integers like 3 or 12)"


@pytest.mark.parametrize(
    "card, message",
    [
        (3.0, "3.0 is a float; cards are whole numbers like 3"),
        (-12.0, "-12.0 is a float; cards are whole numbers like -12"),
        (np.float64(8.0), "8.0 is a float; cards are whole numbers like 8"),
        (1.5, "1.5 is not a whole number (cards are integers like 3 or 12)"),
        (float("nan"), "nan is not a whole number (cards are integers like 3 or 12)"),
        ("3.0", "'3.0' is not a whole number (cards are integers like 3 or 12)"),
        ("- 3", "'- 3' is not a whole number (cards are integers like 3 or 12)"),
        ("1_000", "'1_000' is not a whole number (cards are integers like 3 or 12)"),
    ],
)
def test_floats_and_other_shapes_are_not_cards(card, message):
    assert refusal(as_hand, [card]) == message


def test_a_broken_or_multiline_repr_still_gives_one_short_line():
    assert refusal(as_hand, [np.zeros((4, 4))]).endswith("is not a whole number (cards are integers like 3 or 12)")
    assert len(refusal(as_hand, ["x" * 10_000])) < 100
    assert len(refusal(as_target, "x" * 10_000)) < 120
    assert refusal(as_hand, [[10**5000]]) == "a list is not a whole number (cards are integers like 3 or 12)"


# -- one grammar: the same numbers in cards, targets and expressions --------------------------

def test_leading_zeros_read_the_same_in_cards_targets_and_expressions():
    assert as_hand(["08", "003"]) == (8, 3)
    assert as_target("08") == 8 and as_target("-08/06") == Fraction(-4, 3)
    assert parse("08").value == 8
    assert parse("0").value == 0 and parse("00").value == 0
    verdict = check_answer([8, 3, 3, 8], "08/(3-8/3)")
    assert verdict.ok, verdict.message
    assert verdict.message == "8 / (3 - 8 / 3) = 24, using exactly 3 3 8 8"
    assert check_answer(as_hand("08 03 03 08"), "8/(3-8/3)").ok


# three as a fullwidth, an Arabic-Indic and a Devanagari digit, and a superscript three
@pytest.mark.parametrize("digit", ["\uff13", "\u0663", "\u0969", "\u00b3"])
def test_digits_of_other_scripts_are_refused_everywhere_with_the_same_words(digit):
    words = f"'{digit}' is not a digit 0-9: type numbers with the digits 0-9"
    assert refusal(as_hand, [digit]) == words
    assert refusal(as_hand, f"3 3 8 {digit}") == words
    assert refusal(as_hand, [f"1{digit}"]) == words
    assert refusal(as_target, digit) == words
    assert refusal(as_target, f"1/{digit}") == words
    assert refusal(parse, f"8 * {digit}") == f"column 5: {words}"
    assert check_answer([3, 8], f"8 * {digit}").message == f"cannot read that: column 5: {words}"


@pytest.mark.parametrize("minus", ["-", "\u2212", "\u2013"])
def test_the_three_minus_signs_are_read_the_same_everywhere(minus):
    assert as_hand([f"{minus}3"]) == (-3,)
    assert as_hand(f"{minus}3 3 8 8") == (-3, 3, 8, 8)
    assert as_target(f"{minus}3") == -3
    assert as_target(f"{minus}1/3") == Fraction(-1, 3)
    assert parse(f"8 {minus} (-3)").value == 11
    assert parse(f"8 - ({minus}3)").value == 11
    assert check_answer([-3, 8, 3], f"(8 {minus} ({minus}3)) * 3 - 9 * 1", 24).message.startswith("use exactly")


def test_a_plus_sign_is_fine_on_cards_and_targets():
    assert as_hand(["+3"]) == (3,)
    assert as_target("+1/3") == Fraction(1, 3)


def test_the_digit_limit_is_the_same_for_cards_targets_and_expressions():
    longest, too_long = "9" * MAX_DIGITS, "9" * (MAX_DIGITS + 1)
    assert as_hand([longest]) == (int(longest),)
    assert as_target(longest) == int(longest)
    assert parse(longest).value == int(longest)
    assert refusal(as_hand, [too_long]) == TOO_LONG
    assert refusal(as_target, too_long) == TOO_LONG
    assert refusal(parse, too_long) == f"column 1: {TOO_LONG}"
    assert refusal(as_hand, [10 ** (MAX_DIGITS + 1)]) == TOO_LONG


# -- expressions ------------------------------------------------------------------------------

def test_a_bracket_is_closed_by_its_own_kind():
    assert refusal(parse, "(3+3]*4") == "column 5: ']' closes '(' from column 1"
    assert check_answer([3, 3, 4], "(3+3]*4").message == "cannot read that: column 5: ']' closes '(' from column 1"
    assert parse("[(3+3)]*4").value == 24


@pytest.mark.parametrize("typed", ["3xx8", "3XX8", "3\u00d7\u00d78", "3x\u00d78", "3\u00f7\u00f78", "3*x8"])
def test_doubled_symbols_are_two_operators_in_a_row_not_a_power(typed):
    assert refusal(parse, typed) == "column 3: two operators in a row; put a number or a bracket between them"


def test_a_typed_power_is_still_named_a_power():
    assert refusal(parse, "3**2") == "column 2: '**' (power) is not allowed; use + - * / only"
    assert refusal(parse, "7//2") == "column 2: '//' (floor division) is not allowed; use + - * / only"


# -- messages ---------------------------------------------------------------------------------

def test_check_size_says_one_candidate_and_one_number():
    with pytest.raises(SearchTooLarge) as caught:
        check_size("patterns", (5,), lambda hand: 1, 0)
    assert str(caught.value) == (
        "the patterns method would try 1 candidate for 1 number (at most 0); use method='fast' for hands this large"
    )
    with pytest.raises(SearchTooLarge) as caught:
        check_size("patterns-compiled", (1, 2, 3, 4, 5, 6), lambda hand: 145_244_160, 2_000_000)
    assert str(caught.value) == (
        "the patterns-compiled method would try 145,244,160 candidates for 6 numbers (at most 2,000,000); "
        "use method='fast' for hands this large"
    )


def test_check_size_refuses_a_huge_hand_without_counting():
    def count(hand):
        raise AssertionError("the count must not be computed for 2,000 numbers")

    with pytest.raises(SearchTooLarge) as caught:
        check_size("patterns", tuple(range(2000)), count, 100_000)
    assert str(caught.value) == (
        "the patterns method cannot search 2,000 numbers (astronomically many candidates; at most 100,000); "
        "use method='fast' for up to 7 numbers"
    )


def test_an_astronomical_count_is_written_without_converting_it_to_text():
    assert plural(10**5000 + 7, "candidate") == "about 10^5,000 candidates"


# -- random text: a result or an InputError, quickly -------------------------------------------

ARITHMETIC = "0123456789 +-*/()[]xX\u00d7\u00f7\u00b7\u2212\u2013,./%^\uff13\u0663_e"
TEXTS = st.one_of(
    st.text(),
    st.text(alphabet=ARITHMETIC),
    st.text(alphabet="0123456789 /-+\u2212\u2013", max_size=400),
    st.text(alphabet=st.characters(categories=["Nd", "No", "Zs", "Sm", "Pd", "Ps", "Pe"])),
)


def _result_or_input_error(call, text):
    started = time.perf_counter()
    try:
        call(text)
    except InputError as error:
        message = str(error)
        assert message and "\n" not in message
    assert time.perf_counter() - started < 1.0


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_random_text_gives_a_result_or_an_input_error_quickly(text):
    _result_or_input_error(as_hand, text)
    _result_or_input_error(as_target, text)
    _result_or_input_error(parse, text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["0", "00", "7", "12", "-", "\u2212", "\u2013", "+", "/", " "]), max_size=30))
def test_digit_and_sign_soup_agrees_between_targets_and_python(parts):
    text = "".join(parts)
    try:
        value = as_target(text)
    except InputError:
        return
    plain = text.strip().replace("\u2212", "-").replace("\u2013", "-")
    assert " " not in plain
    assert value == Fraction(plain)
