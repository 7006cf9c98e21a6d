"""The command line: answers, checks, exit codes and one-line errors (never a traceback)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from t24.cli import main


def run(*args):
    """Run `python -m t24 ARGS` as a user would; return (exit code, stdout, stderr)."""
    done = subprocess.run([sys.executable, "-m", "t24", *args], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


def test_solve_prints_one_answer_per_line():
    code, out, err = run("solve", "3", "3", "8", "8")
    assert (code, out, err) == (0, "8 / (3 - 8 / 3)\n", "")


@pytest.mark.parametrize("method", ["patterns", "postfix", "recursive", "patterns-compiled", "postfix-compiled", "fast"])
def test_every_method_is_offered(method, capsys):
    assert main(["solve", "10", "10", "4", "4", "--method", method, "--first"]) == 0
    assert capsys.readouterr().out == "(10 * 10 - 4) / 4\n"


def test_solve_distinct(capsys):
    assert main(["solve", "4", "5", "6", "7", "--method", "patterns", "--distinct"]) == 0
    assert capsys.readouterr().out == "(7 + 5 - 6) * 4\n(7 + 5) * (6 - 4)\n"
    assert main(["solve", "4", "5", "6", "7", "--method", "patterns"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 20


def test_solve_with_no_answer_exits_1():
    code, out, err = run("solve", "1", "1", "1", "1")
    assert code == 1 and out == ""
    assert err == "no way to make 24 from 1 1 1 1\n"


def test_solve_json(capsys):
    assert main(["solve", "1", "2", "3", "--target", "1/3", "--json", "--method", "fast"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["numbers"] == [1, 2, 3] and data["target"] == "1/3" and data["method"] == "fast"
    assert sorted(data["answers"]) == ["(2 - 1) / 3", "1 - 2 / 3"]
    assert data["counts"] == {"answers": 2}


def test_solve_json_counts_the_search_space(capsys):
    assert main(["solve", "4", "5", "6", "7", "--method", "patterns", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"] == {"answers": 20, "candidates": 11 * 24 * 64}
    assert main(["solve", "4", "5", "6", "7", "--method", "recursive", "--json", "--distinct"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"] == {"answers": 2, "candidates": 36 * 18 * 6}


def test_solve_negative_numbers_and_other_targets(capsys):
    assert main(["solve", "-3", "5", "--target", "8", "--method", "fast"]) == 0
    assert capsys.readouterr().out == "5 - (-3)\n"


def test_check_right_answer():
    code, out, err = run("check", "3", "3", "8", "8", "8/(3-8/3)")
    assert code == 0 and out.startswith("right: 8 / (3 - 8 / 3) = 24")


@pytest.mark.parametrize(
    "args, reason",
    [
        (["3", "3", "8", "8", "3*8-3+8"], "3 * 8 - 3 + 8 makes 29, not 24"),
        (["3", "3", "8", "8", "3*8"], "not used: 3 8"),
        (["3", "3", "8", "8", "8/(3-3)+8*3+3"], "extra: 3"),
        (["3", "3", "8", "8", "8/(3-3)*8"], "divides by zero"),
        (["3", "3", "8", "8", "__import__('os')"], "names are not allowed"),
        (["3", "3", "8", "8", "9**9**9"], "'**' (power) is not allowed"),
        (["3", "3", "8", "8", "(" * 10000], "too long"),
        (["1", "2", "3", "(2-1)/3", "--target", "1/2"], "makes 1/3, not 1/2"),
    ],
)
def test_check_wrong_answers_exit_1_with_the_reason(args, reason):
    code, out, err = run("check", *args)
    assert code == 1
    assert reason in err and "Traceback" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve"], "the following arguments are required"),
        (["solve", "3", "x", "8"], "'x' is not a whole number"),
        (["solve", "3", "2.5"], "'2.5' is not a whole number"),
        (["solve", "1", "2", "--target", "abc"], "target 'abc' is not a number"),
        (["solve", "1", "2", "--method", "magic"], "invalid choice: 'magic'"),
        (["check", "3"], "give the cards and then the expression"),
        (["frobnicate"], "invalid choice"),
        ([], "the following arguments are required"),
    ],
)
def test_usage_errors_exit_2_with_one_line(args, message):
    code, out, err = run(*args)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "1", "2", "3", "4", "5", "--method", "patterns"], "use method='patterns-compiled'"),
        (["solve", "1", "2", "3", "4", "5", "6", "--method", "patterns-compiled"], "use method='fast'"),
        (["solve", "1", "2", "3", "4", "5", "6", "--method", "recursive", "--first"], "20,995,200 final numbers"),
        (["solve", *map(str, range(1, 10)), "--method", "fast"], "up to 7 numbers"),
    ],
)
def test_searches_too_large_exit_3_with_one_line(args, message):
    code, out, err = run(*args)
    assert (code, out) == (3, "")
    assert message in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_python_m_and_console_script_agree():
    console_script = Path(sys.executable).parent / "t24"  # installed beside this Python
    script = subprocess.run([str(console_script), "solve", "4", "5", "6", "7", "--method", "fast"], capture_output=True, text=True)
    assert script.returncode == 0
    assert script.stdout == run("solve", "4", "5", "6", "7", "--method", "fast")[1]


def test_help_lists_the_exit_codes(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    words = " ".join(capsys.readouterr().out.split())
    assert ("exit codes: 0 answer found / right, 1 none / wrong, 2 usage error, 3 search too large for the method, "
            "4 output cannot be written, 130 interrupted") in words


@pytest.mark.parametrize(
    "argv, joined",
    [
        (["solve", "1", "2", "--target", "-1/3"], ["solve", "1", "2", "--target=-1/3"]),
        (["solve", "1", "2", "--target", "5"], ["solve", "1", "2", "--target=5"]),
        (["play", "--seed", "-1"], ["play", "--seed=-1"]),
        (["play", "--count", "6"], ["play", "--count", "6"]),
        (["check", "3", "8", "-8*3"], ["check", "3", "8", "\0-8*3"]),
        (["solve", "-3", "3", "-h"], ["solve", "\0-3", "3", "-h"]),
        (["solve", "3", "--first", "--", "-"], ["solve", "3", "--first", "--", "-"]),
        (["play", "-3"], ["play", "-3"]),  # only cards and expressions are items
        (["solve", "3", "--target"], ["solve", "3", "--target"]),
    ],
)
def test_what_starts_with_a_minus_is_read_as_meant(argv, joined):
    from t24.cli import _join_option_values

    assert _join_option_values(argv) == joined


def test_an_expression_that_starts_with_a_minus_is_checked_not_an_unknown_option():
    code, out, err = run("check", "3", "3", "8", "8", "-8*3+3+8")
    assert (code, out) == (1, "")
    assert err == "wrong: cannot read that: column 1: a minus sign needs something before it; write a negative card as (-3)\n"


def test_a_card_like_a_fraction_is_named_as_a_card_not_an_option():
    code, out, err = run("solve", "-1/3", "3")
    assert (code, out) == (2, "")
    assert err == "t24 solve: error: '-1/3' is not a whole number (cards are integers like 3 or 12)\n"
