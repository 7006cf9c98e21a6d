"""The checks answer an attempt in one sentence; the students' copies are the teacher's, generated."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from t24.notebook.checks import check

CASES = [((1, 2, 3, 4), 24), ((2, 2, 2, 0), 24), ((4, 5, 6, 7), 10)]


def right(hand, target):
    """A stand-in search: the sums of pairs divided by the last number."""
    return [f"{a}+{b}" for a in hand for b in hand if hand[-1] and (a + b) / hand[-1] < target]


def stub(hand, target):
    raise NotImplementedError()


def unguarded(hand, target):
    return [f"{a}+{b}" for a in hand for b in hand if (a + b) / hand[-1] < target]


def missing_one(hand, target):
    return right(hand, target)[1:]


def extra_one(hand, target):
    return right(hand, target) + ["9+9"]


def reversed_order(hand, target):
    return list(reversed(right(hand, target)))


@pytest.mark.parametrize(
    ("attempt", "phrases", "ok"),
    [
        (stub, ["not written yet"], False),
        (
            unguarded,
            ["divided by zero", "2 2 2 0", "check the divisor", "line 2 of `unguarded`"],
            False,
        ),
        (missing_one, ["misses `1+1`", "1 2 3 4", "Which pair"], False),
        (extra_one, ["`9+9`", "should not be there"], False),
        (reversed_order, ["Right", "all 3 cases"], True),
        (right, ["Right", "all 3 cases"], True),
        (lambda *case: [*right(*case), list(case[0])], ["a list of 4 items", "each item"], False),
    ],
)
def test_check_answers_in_one_sentence(capsys, attempt, phrases, ok):
    hint = lambda example, case: f"Which pair makes {example}?"  # noqa: E731
    assert check(attempt, right, CASES, what="search", hint=hint) is ok
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "Traceback" not in out
    for phrase in phrases:
        assert phrase in out


def test_same_line_for_every_right_version(capsys):
    check(right, right, CASES)
    check(reversed_order, right, CASES)
    first, second = capsys.readouterr().out.splitlines()
    assert first == second


def test_order_counts_when_it_is_the_lesson(capsys):
    assert not check(reversed_order, right, CASES, ordered=True)
    assert "not in the right order" in capsys.readouterr().out


@pytest.mark.parametrize(
    "attempt, question",
    [(missing_one, "Missed?"), (extra_one, "Extra?"), (lambda *case: right(*case) * 2, "Twice?")],
)
def test_a_tuple_of_questions_asks_about_what_went_wrong(capsys, attempt, question):
    check(attempt, right, CASES, hint=("Missed?", "Extra?", "Twice?"))
    assert capsys.readouterr().out.endswith(f"{question}\n")


def test_target_named_when_not_24(capsys):
    check(lambda hand, target: [], right, CASES[2:])
    assert "4 5 6 7 with target 10" in capsys.readouterr().out


ROOT = Path(__file__).resolve().parents[2]
LESSON = "01-pattern-strings"


@pytest.mark.slow
@pytest.mark.parametrize("source", sorted((ROOT / "teacher").glob("[0-9][0-9]-*.ipynb")), ids=str)
def test_students_copy_matches_its_source(source):
    done = subprocess.run([sys.executable, "tools/students.py", "--check", str(source)], cwd=ROOT)
    assert done.returncode == 0


@pytest.mark.slow
def test_autograde_full_marks_for_the_teacher_source_and_zero_for_the_handout(tmp_path):
    """nbgrader releases the teacher source and autogrades a solved and an untouched copy."""
    source = tmp_path / "source" / LESSON
    source.mkdir(parents=True)
    shutil.copy(ROOT / "teacher" / f"{LESSON}.ipynb", source)
    (tmp_path / "nbgrader_config.py").write_text("c = get_config()\n")
    for student, copy in [("solved", "teacher"), ("handout", "notebooks")]:
        folder = tmp_path / "submitted" / student / LESSON
        folder.mkdir(parents=True)
        shutil.copy(ROOT / copy / f"{LESSON}.ipynb", folder)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
    }
    for command in (["generate_assignment", LESSON], ["autograde", LESSON]):
        done = subprocess.run(
            [sys.executable, "-m", "nbgrader", *command, "--force"], cwd=tmp_path, env=env
        )
        assert done.returncode == 0
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gradebook:
        marks = {
            student: (notebook.code_score, notebook.max_code_score)
            for student in ("solved", "handout")
            for notebook in [gradebook.find_submission_notebook(LESSON, LESSON, student)]
        }
    checks = marks["solved"][1]
    assert checks > 0 and marks == {"solved": (checks, checks), "handout": (0, checks)}
    graded = (tmp_path / "autograded" / "handout" / LESSON / f"{LESSON}.ipynb").read_text()
    assert "not written yet" in graded
