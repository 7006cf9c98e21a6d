"""The checks answer an attempt in one sentence; the students' copies are the teacher's, generated."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
from pathlib import Path

import pytest

from t24.notebook.checks import check

CASES = [((1, 2, 3, 4), 24), ((2, 2, 2, 0), 24), ((4, 5, 6, 7), 10)]


def right(hand, target):
    """A stand-in search: the sums of pairs divided by the last number."""
    return [f"{a}+{b}" for a in hand for b in hand if hand[-1] and (a + b) / hand[-1] < target]


def unguarded(hand, target):
    return [f"{a}+{b}" for a in hand for b in hand if (a + b) / hand[-1] < target]


def reversed_order(hand, target):
    return list(reversed(right(hand, target)))


@pytest.mark.parametrize(
    ("attempt", "phrases", "ok"),
    [
        (
            unguarded,
            ["divided by zero", "2 2 2 0", "check the divisor", "line 2 of `unguarded`"],
            False,
        ),
        (lambda *case: right(*case)[1:], ["misses `1+1`", "1 2 3 4", "Which pair"], False),
        (lambda *case: [*right(*case), "9+9"], ["`9+9`", "should not be there"], False),
        (right, ["Right", "all 3 cases"], True),
        (lambda *case: [*right(*case), list(case[0])], ["a list of 4 items", "each item"], False),
    ],
)
def test_check_answers_in_one_sentence(capsys, attempt, phrases, ok):
    hint = lambda example, case, got: f"Which pair makes {example}?"  # noqa: E731
    assert check(attempt, right, CASES, what="search", hint=hint) is ok
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "Traceback" not in out
    assert all(phrase in out for phrase in phrases), out


def test_order_counts_only_when_it_is_the_lesson(capsys):
    check(right, right, CASES)
    check(reversed_order, right, CASES)
    first, second = capsys.readouterr().out.splitlines()
    assert first == second
    assert not check(reversed_order, right, CASES, ordered=True)
    assert "not in the right order" in capsys.readouterr().out


ROOT = Path(__file__).resolve().parents[2]
LESSON = "00-the-24-game"
SPEC = importlib.util.spec_from_file_location("students", ROOT / "tools" / "students.py")
SPEC.loader.exec_module(students := importlib.util.module_from_spec(SPEC))


@pytest.mark.slow
def test_the_students_copies_match_their_sources(monkeypatch):
    monkeypatch.setenv("PATH", os.environ["PATH"])  # generate() adds the venv's bin/ to it
    assert students.main(["--check"]) == 0


def test_students_copies_are_handed_out_clean():
    """No copy holds an output or an execution count: nothing answers a question before its try."""
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        code = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        assert code and not [c for c in code if c["outputs"] or c["execution_count"]], path.name


def test_regeneration_never_replaces_a_changed_copy(tmp_path, monkeypatch, capsys):
    copy, made = tmp_path / "notebooks" / "00-x.ipynb", {"cells": [], "n": 1}
    copy.parent.mkdir()

    def generate(sources, course):  # what the generator makes of the source, this time
        (course / copy.name).write_text(students.dumps(made))
        return [course / copy.name]

    for name, value in [("ROOT", tmp_path), ("STUDENTS", copy.parent), ("generate", generate)]:
        monkeypatch.setattr(students, name, value)
    monkeypatch.setattr(students, "RECORD", tmp_path / "record.json")
    source = [str(ROOT / "teacher" / f"{LESSON}.ipynb")]
    assert students.main(source) == 0
    made["n"] = 2  # the source changed: the copy as the tool wrote it is replaced
    assert students.main(source) == 0 and json.loads(copy.read_text())["n"] == 2
    copy.write_text('{"cells": [], "n": "work"}')  # a student's work
    made["n"] = 3
    assert students.main(source) == 1 and "work" in copy.read_text()
    assert {"notebooks/00-x.ipynb", "--force"} <= set(capsys.readouterr().err.split())
    assert students.main([*source, "--force"]) == 0 and json.loads(copy.read_text())["n"] == 3


@pytest.mark.slow
@pytest.mark.parametrize("lang, unwritten", [("", "not written yet"), ("zh-CN", "还没有写")])
def test_the_guides_grading_recipe(tmp_path, monkeypatch, lang, unwritten):
    """The teacher guide's steps through nbgrader's API (what its commands run), for an English
    and a Chinese copy: release like notebooks/, a solved copy submitted, one handed in untouched;
    collect, autograde, a written answer's point given, feedback in the copy's language."""
    from nbgrader.api import Gradebook
    from nbgrader.apps import NbGraderAPI
    from nbgrader.auth import Authenticator
    from nbgrader.coursedir import CourseDirectory
    from nbgrader.exchange import ExchangeFactory
    from traitlets.config import PyFileConfigLoader

    monkeypatch.setenv("PATH", os.environ["PATH"])  # generate() adds the venv's bin/ to it
    course, lesson = tmp_path / "course", ROOT / "teacher" / lang / f"{LESSON}.ipynb"
    assert students.main(["--course", str(course), str(lesson)]) == 0
    release = course / "release" / LESSON / lesson.name
    assert release.read_text() == (ROOT / "notebooks" / lang / lesson.name).read_text()
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    config.CourseDirectory.root = str(course)
    teacher = NbGraderAPI(config=config)
    assert teacher.release_assignment(LESSON)["success"]
    config.Exchange.assignment_dir = str(tmp_path)  # the student's folder
    config.CourseDirectory.assignment_id = LESSON
    student = {"coursedir": CourseDirectory(config=config), "config": config}
    student["authenticator"] = Authenticator(config=config)
    ExchangeFactory(config=config).FetchAssignment(**student).start()
    shutil.copy(lesson, tmp_path / LESSON)  # the student's work: every function written
    ExchangeFactory(config=config).Submit(**student).start()
    assert teacher.collect(LESSON)["success"]
    shutil.copytree(release.parent, course / "submitted" / "untouched" / LESSON)
    for student in (course / "submitted").iterdir():
        assert teacher.autograde(LESSON, student.name)["success"]
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        notebooks = {s.student_id: s.notebooks[0] for s in book.assignment_submissions(LESSON)}
        untouched, (solved,) = notebooks.pop("untouched"), notebooks.values()
        [grade for grade in solved.grades if grade.needs_manual_grade][0].manual_score = 1
        book.db.commit()
        assert solved.code_score == solved.max_code_score > 0 and solved.written_score == 1
        assert untouched.code_score == untouched.written_score == 0
    assert teacher.generate_feedback(LESSON)["success"]
    feedback = course / "feedback" / "untouched" / LESSON / f"{LESSON}.html"
    assert unwritten in feedback.read_text()
