"""Hostile and odd input: one number grammar for cards, targets and expressions, one-line refusals,
and a command line that never crashes, hangs, misleads or loses data (real pipes where it matters)."""

import io
import json
import os
import shutil
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import t24
from t24 import ExpressionError, InputError, check_answer, parse
from t24.cli import main
from t24.game import difficulty
from t24.game.deal import MAX_SECONDS
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
        "no method searches 2,000 numbers (fast takes the most: up to 7)"
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


# == the command line, as a user types it =========================================================
#
# In process where the question is the message, the exit code or the time (`main` returns the
# code; argparse's own refusals raise SystemExit); in a real process where it is the pipes.

REPO = Path(__file__).resolve().parents[2]
CONSOLE = Path(sys.executable).parent / "t24"


def cli(capsys, *argv, stdin=None, monkeypatch=None):
    """Run `t24 ARGV` in this process: (exit code, stdout, stderr, seconds)."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    started = time.perf_counter()
    try:
        code = main([str(arg) for arg in argv])
    except SystemExit as stop:
        code = stop.code
    seconds = time.perf_counter() - started
    out, err = capsys.readouterr()
    return code, out, err, seconds


def shell(command: str, timeout: float = 20):
    """Run a bash command line with real pipes and redirections: (exit code, stdout, stderr)."""
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "T24": str(CONSOLE)})
    return done.returncode, done.stdout, done.stderr


def one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


def seq(first, last):
    return [str(n) for n in range(first, last + 1)]


# -- a target with a space inside is refused, not read as 12/3 or 24 ------------------------------

@pytest.mark.parametrize("argv, typed", [
    (["solve", 1, 2, 3, 4, "--target", "1 2/3"], "1 2/3"),
    (["solve", 1, 2, 3, 4, "--target", "2 4"], "2 4"),
    (["check", 3, 4, "3*4", "--target", "1 2"], "1 2"),
])
def test_cli_refuses_a_target_with_a_space_inside(capsys, argv, typed):
    code, out, err, _ = cli(capsys, *argv)
    assert (code, out) == (2, "")
    assert one_line(err) == (f"t24 {argv[0]}: error: argument --target: target {typed!r} is not a number: "
                             f"use an integer or a fraction like 1/3 (see t24 {argv[0]} --help)")


# -- searches too large: refused at once, with the true size and a method that copes --------------

TOO_LARGE = [
    (seq(1, 11) + ["--method", "postfix"],
     "the postfix method would try 703,009,991,216,332,800 candidates for 11 numbers (at most 500,000); "
     "no method searches 11 numbers (fast takes the most: up to 7)"),
    (seq(1, 11) + ["--method", "patterns"],
     "the patterns method would try about 10^19 candidates for 11 numbers (at most 100,000); "
     "no method searches 11 numbers (fast takes the most: up to 7)"),
    (seq(1, 13) + ["--method", "patterns"],
     "the patterns method cannot search 13 numbers (astronomically many candidates; at most 100,000); "
     "no method searches 13 numbers (fast takes the most: up to 7)"),
    (["1"] * 12 + ["--method", "postfix"],
     "the postfix method would try 246,566,354,944 candidates for 12 numbers (at most 500,000); "
     "no method searches 12 numbers (fast takes the most: up to 7)"),
    (seq(1, 10),
     "the recursive method would try 25,918,947,274,752,000 final numbers for 10 numbers (at most 2,000,000); "
     "no method searches 10 numbers (fast takes the most: up to 7)"),
    (seq(1, 10) + ["--method", "fast"], "the fast method handles up to 7 numbers, not 10; no method takes more"),
    (["1"] * 6 + ["--target", "720", "--method", "recursive", "--first"],
     "the recursive method would try 20,995,200 final numbers for 6 numbers (at most 2,000,000); "
     "use method='fast' for hands this large"),
    (seq(1, 6) + ["--method", "patterns"],
     "the patterns method would try 145,244,160 candidates for 6 numbers (at most 100,000); "
     "use method='fast' for hands this large"),
    (seq(1, 5) + ["--method", "patterns"],
     "the patterns method would try 1,382,400 candidates for 5 numbers (at most 100,000); "
     "use method='patterns-compiled' for hands this large"),
    (seq(1, 7) + ["--method", "recursive"],
     "the recursive method would try 2,645,395,200 final numbers for 7 numbers (at most 2,000,000); "
     "use method='fast' for hands this large"),
]


@pytest.mark.parametrize("argv, message", TOO_LARGE, ids=lambda value: None if isinstance(value, str) else " ".join(value[-3:]))
def test_cli_refuses_a_search_too_large_at_once_exit_3(capsys, argv, message):
    code, out, err, seconds = cli(capsys, "solve", *argv)
    assert (code, out) == (3, "")
    assert one_line(err) == f"t24 solve: {message}"
    assert seconds < 0.5


@pytest.mark.parametrize("argv, method", [(seq(1, 5), "patterns-compiled"), (["1"] * 6, "fast"), (seq(1, 7), "fast")])
def test_the_method_a_refusal_names_really_copes(capsys, argv, method):
    code, _, err, _ = cli(capsys, "solve", *argv, "--method", method, "--first")
    assert code in (0, 1) and "t24 solve:" not in err


@pytest.mark.parametrize("count", [800, 1200])
def test_hundreds_of_cards_give_one_line_not_a_value_or_recursion_error(capsys, count):
    for extra in ([], ["--first"]):
        code, out, err, seconds = cli(capsys, "solve", *seq(1, count), *extra)
        assert (code, out) == (3, "")
        assert one_line(err) == (
            f"t24 solve: the recursive method cannot search {count:,} numbers (astronomically many final numbers; "
            f"at most 2,000,000); no method searches {count:,} numbers (fast takes the most: up to 7)"
        )
        assert seconds < 0.5


def test_bench_growth_past_eight_numbers_is_refused_up_front(capsys, tmp_path):
    code, out, err, seconds = cli(capsys, "bench", "--methods", "patterns", "--max-count", "12", "--out", tmp_path / "run")
    assert (code, out) == (2, "")
    assert one_line(err) == (
        "t24 bench: error: argument --max-count: --max-count must be at most 8, not 12: every method refuses "
        "more than 7 numbers (fast takes the most), so 8 already shows the limit (see t24 bench --help)"
    )
    assert seconds < 0.5 and not (tmp_path / "run").exists()


# -- a dealer that cannot deal says so on time ----------------------------------------------------

@pytest.mark.parametrize("deck, words", [
    (["--low", 1, "--high", 1_000_000], "from 1 to 1,000,000"),
    ([], "from 1 to 13"),
])
def test_a_deal_that_cannot_make_the_target_is_refused_within_the_time_limit(capsys, monkeypatch, deck, words):
    code, out, err, seconds = cli(capsys, "play", "--count", 6, *deck, "--target", "1/999983",
                                  stdin="", monkeypatch=monkeypatch)
    assert (code, out) == (2, "")
    message = one_line(err)
    assert message.startswith(f"t24 play: error: no hand of 6 cards {words} made 1/999983 in ")
    assert message.endswith("; choose another deck or target, or allow any hand")
    assert seconds < MAX_SECONDS + 1.0  # a try is not begun if it would end past the deadline


def test_a_deal_refusal_counts_its_deals_in_words(capsys, monkeypatch):
    code, _, err, _ = cli(capsys, "play", "--count", 2, "--target", "1/999983", stdin="", monkeypatch=monkeypatch)
    assert code == 2 and "made 1/999983 in 1,000 deals (" in err


# -- pipes, full disks and closed streams ---------------------------------------------------------

def test_a_reader_that_stops_early_ends_the_solver_quietly():
    code, out, err = shell('"$T24" solve 0 0 0 0 0 0 0 --target 0 --method fast | head -1; exit ${PIPESTATUS[0]}')
    assert (code, out, err) == (0, "0 * 0 * 0 * 0 * 0 * 0 * 0\n", "")


def test_a_reader_that_stops_early_ends_the_game_quietly():
    code, out, err = shell('yes s | "$T24" play --seed 1 | head -3; exit ${PIPESTATUS[1]}')
    assert code == 0 and err == "" and len(out.splitlines()) == 3


def test_a_full_disk_is_exit_4_with_one_line():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    code, out, err = shell('"$T24" check 3 3 8 8 "8/(3-8/3)" > /dev/full')
    assert code == 4
    assert one_line(err) == "t24 check: error: cannot write the output: No space left on device"


def test_play_with_standard_input_closed():
    code, out, err = shell('"$T24" play <&-')
    assert (code, out) == (2, "")
    assert one_line(err) == ("t24 play: error: there is no input to read (standard input is closed); "
                             "run it at a terminal or pipe answers in")


@pytest.mark.parametrize("command", ["play", "solve 3 3 8 8", 'check 3 3 8 8 "8/(3-8/3)"'])
def test_standard_output_closed_is_exit_4_with_the_line_on_stderr(command):
    code, out, err = shell(f'"$T24" {command} >&-')
    assert code == 4
    assert one_line(err) == "t24: error: standard output is closed; nothing can be printed"


# -- the benchmark's folder: checked before the run, never overwritten by mistake -----------------

def _bench(capsys, *argv):
    return cli(capsys, "bench", "--quick", "--no-peers", "--no-progress", *argv)


@pytest.mark.parametrize("where, reason", [
    ("/proc/x", "cannot save results in /proc/x: No such file or directory"),
    ("{file}", "cannot save results in {file}: it is a file, not a folder"),
    ("{file}/sub", "cannot save results in {file}/sub: Not a directory"),
    ("", "--out needs a folder name (leave it out for a new folder under t24-bench/)"),
])
def test_bench_refuses_a_folder_it_cannot_write_before_the_run(capsys, tmp_path, where, reason):
    afile = tmp_path / "notes.txt"
    afile.write_text("keep me")
    code, out, err, seconds = _bench(capsys, "--out", where.format(file=afile))
    assert (code, out) == (2, "")
    assert one_line(err) == "t24 bench: error: " + reason.format(file=afile)
    assert seconds < 0.5  # refused before any timing starts
    assert afile.read_text() == "keep me" and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_bench_in_a_clone_writes_a_new_ignored_dated_folder_and_leaves_the_shipped_results(capsys, tmp_path, monkeypatch):
    shipped = REPO / "t24" / "bench" / "results"
    before = {path.name: path.stat().st_mtime_ns for path in shipped.iterdir()}
    monkeypatch.chdir(tmp_path)
    code, out, err, _ = _bench(capsys, "--sample", 1, "--hands", 2, "--max-count", 2, "--growth-hands", 1,
                               "--repeat", 1, "--methods", "recursive,fast")
    assert code == 0, err
    [folder] = (tmp_path / "t24-bench").iterdir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t24-bench"]
    assert f"saved in t24-bench/{folder.name}/" in out
    assert "every method, the same 1 hand:" in out
    assert {path.name: path.stat().st_mtime_ns for path in shipped.iterdir()} == before
    if shutil.which("git") and (REPO / ".git").exists():
        ignored = subprocess.run(["git", "-C", str(REPO), "check-ignore", "-q", f"t24-bench/{folder.name}/meta.json"])
        assert ignored.returncode == 0, "t24-bench/ must be in .gitignore"


def test_bench_refuses_to_replace_a_full_run_with_a_sample(capsys, tmp_path):
    full = tmp_path / "results"
    full.mkdir()
    for name in ("deck.csv", "growth.csv", "peers.csv", "summary.json"):
        (full / name).write_text("kept\n")
    (full / "meta.json").write_text(json.dumps({"full_deck": True}))
    code, out, err, seconds = _bench(capsys, "--out", full, "--replace")
    assert (code, out) == (2, "")
    assert one_line(err) == (f"t24 bench: error: {full} holds a full run of the deck; "
                             "a sample (--quick or --hands) never replaces it")
    assert seconds < 0.5
    assert (full / "deck.csv").read_text() == "kept\n"


def test_an_interrupted_bench_leaves_no_empty_folder(capsys, tmp_path, monkeypatch):
    import t24.bench

    def interrupt(*args, **kwargs):
        t24.bench.prepare_out(kwargs["out"])
        raise KeyboardInterrupt

    monkeypatch.setattr(t24.bench, "run_benchmark", interrupt)
    code, _, err, _ = _bench(capsys, "--out", tmp_path / "run")
    assert code == 130 and one_line(err) == "interrupted"
    assert not (tmp_path / "run").exists()


# -- the Python API: every bad input is an InputError ---------------------------------------------

def test_huge_numbers_anywhere_in_the_api_are_input_errors():
    assert refusal(check_answer, [1, 2, 3, 4], "1+2", 10**5000) == TOO_LONG
    assert refusal(check_answer, [10**5000, 2, 3, 4], "1+2") == TOO_LONG
    assert refusal(difficulty, [1, 2, 3, 4], 10**5000) == TOO_LONG
    assert refusal(difficulty, [10**5000, 2, 3, 4]) == TOO_LONG
    assert refusal(t24.can_make, [1, 2, 3, 4], 10**5000) == TOO_LONG


@pytest.mark.parametrize("method", [["fast"], None, 3, {"fast": 1}, "Fast"])
def test_a_method_that_is_not_a_name_is_an_input_error(method):
    assert refusal(t24.solve, [1, 2, 3, 4], 24, method).startswith(f"unknown method {method!r}; choose one of patterns,")


def test_the_api_names_a_method_that_copes_too():
    with pytest.raises(SearchTooLarge, match=r"use method='fast' for hands this large$"):
        t24.solve([1, 2, 3, 4, 5, 6], method="patterns")
    with pytest.raises(SearchTooLarge, match=r"no method searches 13 numbers \(fast takes the most: up to 7\)$"):
        t24.solve([1] * 13, method="postfix")


# -- the same words from the command line ----------------------------------------------------------

def test_unknown_options_and_a_negative_seed_are_named_by_the_command(capsys):
    code, _, err, _ = cli(capsys, "play", "--bogus")
    assert code == 2 and one_line(err) == "t24 play: error: unrecognized arguments: --bogus (see t24 play --help)"
    code, _, err, _ = cli(capsys, "play", "--seed", "-1")
    assert code == 2 and one_line(err) == (
        "t24 play: error: argument --seed: --seed must be at least 0, not -1 (see t24 play --help)")


@pytest.mark.parametrize("option, typed, reason", [
    ("--count", "\uff16", "'\uff16' is not a digit 0-9: type numbers with the digits 0-9"),
    ("--seed", "1_0", "--seed must be a whole number, not '1_0'"),
    ("--seed", "\u22123", "--seed must be at least 0, not -3"),
    ("--rounds", "9" * 101, "number too long: at most 100 digits"),
])
def test_whole_number_options_use_the_card_grammar(capsys, option, typed, reason):
    code, out, err, _ = cli(capsys, "play", option, typed)
    assert (code, out) == (2, "")
    assert one_line(err) == f"t24 play: error: argument {option}: {reason} (see t24 play --help)"


@pytest.mark.parametrize("typed, reason", [
    ("(3+3]*4", "column 5: ']' closes '(' from column 1"),
    ("3xx8", "column 3: two operators in a row; put a number or a bracket between them"),
    ("-8*3+3+8", "column 1: a minus sign needs something before it; write a negative card as (-3)"),
    ("8 * \uff13", "column 5: '\uff13' is not a digit 0-9: type numbers with the digits 0-9"),
])
def test_cli_check_gives_the_parser_reason_even_for_a_leading_minus(capsys, typed, reason):
    code, out, err, _ = cli(capsys, "check", 3, 3, 8, 8, typed)
    assert (code, out) == (1, "")
    assert one_line(err) == f"wrong: cannot read that: {reason}"


def test_cli_leading_zeros_read_the_same_in_cards_targets_and_expressions(capsys):
    code, out, _, _ = cli(capsys, "check", "08", "03", 3, 8, "08/(3-8/03)", "--target", "024")
    assert (code, out) == (0, "right: 8 / (3 - 8 / 3) = 24, using exactly 3 3 8 8\n")
    code, out, _, _ = cli(capsys, "solve", "08", "03", "3", "008")
    assert (code, out) == (0, "8 / (3 - 8 / 3)\n")


@pytest.mark.parametrize("digit", ["\uff13", "\u0663"])
def test_cli_refuses_other_digits_with_the_same_words_everywhere(capsys, digit):
    words = f"'{digit}' is not a digit 0-9: type numbers with the digits 0-9"
    code, _, err, _ = cli(capsys, "solve", digit, 3, 8, 8)
    assert code == 2 and one_line(err) == f"t24 solve: error: {words}"
    code, _, err, _ = cli(capsys, "solve", 3, 3, 8, 8, "--target", digit)
    assert code == 2 and one_line(err) == f"t24 solve: error: argument --target: {words} (see t24 solve --help)"


@pytest.mark.parametrize("minus", ["-", "\u2212", "\u2013"])
def test_cli_reads_every_minus_sign_the_same(capsys, minus):
    code, out, _, _ = cli(capsys, "solve", f"{minus}3", 3, 8, 8, "--target", f"{minus}24", "--method", "fast", "--first")
    assert code == 0 and t24.parse(out.strip()).value == -24
    code, out, _, _ = cli(capsys, "check", f"{minus}3", 3, 8, 8, "8 / ((-3) + 8 / 3)", "--target", f"{minus}24")
    assert code == 0 and out.startswith("right:")
    code, _, err, _ = cli(capsys, "solve", 1, 2, 3, "--target", f"{minus}1/3", "--method", "fast")
    assert code == 0 and err == ""


# -- random command lines: an exit code, never an exception, always quickly ------------------------

CARDS = st.sampled_from(["0", "1", "3", "8", "13", "-3", "08", "\u22123", "\u20133", "1/3", "x", "", " ", "\uff13",
                         "99999999999", "8/(3-8/3)", "3xx8", "(3+3]*4", "-8*3", "3 3"])
OPTIONS = st.sampled_from([
    "--target", "--target=1/3", "--target=-1/3", "--target=1 2/3", "--target=0", "--method", "--method=fast",
    "--method=patterns", "--method=postfix", "--method=recursive", "--method=magic", "--first", "--distinct", "--json",
    "--count=6", "--count=2", "--count=9", "--low=1", "--high=1000000", "--low=5", "--high=1", "--seed=1",
    "--seed=-1", "--rounds=1", "--any", "--bogus", "-h", "--", "-", "fast", "--target=\uff13", "--count=\uff16",
    "--seed=1_0",
])


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(["solve", "check", "play"]), st.lists(CARDS, max_size=4), st.lists(OPTIONS, max_size=4),
       st.randoms(use_true_random=False))
def test_random_command_lines_exit_with_a_code_and_never_raise(command, cards, options, rng):
    argv = cards + options
    rng.shuffle(argv)
    stdin, stdout, stderr = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO("s\nq\n"), io.StringIO(), io.StringIO()
    started = time.perf_counter()
    try:
        try:
            code = main([command, *argv])
        except SystemExit as stop:
            code = stop.code
    finally:
        written, errors = sys.stdout.getvalue(), sys.stderr.getvalue()
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    assert code in (0, 1, 2, 3), (command, argv, code, errors)
    assert "Traceback" not in errors and "Traceback" not in written
    assert time.perf_counter() - started < MAX_SECONDS + 2.5, (command, argv)
