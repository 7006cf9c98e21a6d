"""The checks answer an attempt in one sentence; the students' copies are the teacher's, generated."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from babel.messages.pofile import read_po

from t24.notebook.checks import check

CASES = [((1, 2, 3, 4), 24), ((2, 2, 2, 0), 24), ((4, 5, 6, 7), 10)]


def right(hand, target):
    """A stand-in search: the sums of pairs divided by the last number."""
    return [f"{a}+{b}" for a in hand for b in hand if hand[-1] and (a + b) / hand[-1] < target]


def unguarded(hand, target):
    return [f"{a}+{b}" for a in hand for b in hand if (a + b) / hand[-1] < target]


@pytest.mark.parametrize(
    ("attempt", "ok", "phrases"),
    [
        (
            unguarded,
            False,
            ["divided by zero", "2 2 2 0", "check the divisor", "line 2 of `unguarded`"],
        ),
        (lambda *case: right(*case)[1:], False, ["misses `1+1`", "1 2 3 4", "Which pair"]),
        (lambda *case: [*right(*case), "9+9"], False, ["`9+9`", "should not be there"]),
        (right, True, ["Right", "all 3 cases"]),
        (lambda *case: [*right(*case), list(case[0])], False, ["a list of 4 items", "each item"]),
    ],
)
def test_check_answers_in_one_sentence(capsys, attempt, ok, phrases):
    hint = lambda example, case, got: f"Which pair makes {example}?"  # noqa: E731
    assert check(attempt, right, CASES, what="search", hint=hint) is ok
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "Traceback" not in out
    assert all(phrase in out for phrase in phrases), out


def test_order_counts_only_when_it_is_the_lesson(capsys):
    backwards = lambda *case: right(*case)[::-1]  # noqa: E731
    assert check(backwards, right, CASES) and not check(backwards, right, CASES, ordered=True)
    assert "not in the right order" in capsys.readouterr().out.splitlines()[1]


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
        code = [c for c in nbformat.read(path, 4).cells if c.cell_type == "code"]
        assert code and not [c for c in code if c.outputs or c.execution_count], path.name


@pytest.mark.parametrize("folder, unwritten", [("", "not written yet"), ("zh-CN", "还没有写")])
def test_an_editions_stub_is_not_written_yet(tmp_path, capsys, folder, unwritten):
    """The function as its copy hands it out, nbgrader's placeholder in the edition's language
    above `raise NotImplementedError()`: the check says it is not written yet, in that language."""
    from t24.text import use_language

    code, _text = students.stubs([ROOT / "teacher" / folder / f"{LESSON}.ipynb"])
    assert code == students.STUBS[folder][0] and (folder == "") == code.isascii()
    stub = "".join(f"    {line}\n" for line in (code + students.RAISE).splitlines())
    path = tmp_path / "handout.py"
    path.write_text(f'def search(hand, target):\n    """Given."""\n{stub}', encoding="utf-8")
    space = {}
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), space)
    use_language(folder.replace("-", "_") or "en")
    try:
        assert not check(space["search"], right, CASES)
    finally:
        use_language(None)
    assert unwritten in capsys.readouterr().out


def test_an_exercise_a_draft_left_in_english_is_handed_out_as_its_comment():
    """Its English words are all in the solution nbgrader takes away: the copy still runs."""
    code = students.STUBS["zh-CN"][0]
    cell = nbformat.v4.new_code_cell(f"# 「待翻译」\n{code}{students.RAISE}\n")
    assert students.finish({"cells": [cell]}, code)["cells"][0]["source"] == code


def fake_generate(made: dict):
    """A stand-in for nbgrader's generation: the source copied into the course, as `generate`
    does, and `made` as the copy."""

    def generate(sources, course):
        written = []
        for source in sources:
            (course / "source" / source.stem).mkdir(parents=True, exist_ok=True)
            shutil.copy(source, course / "source" / source.stem / source.name)
            (course / f"{source.stem}.ipynb").write_text(students.dumps(made))
            written.append(course / f"{source.stem}.ipynb")
        return written

    return generate


def git(*args, cwd):
    command = ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args]
    return subprocess.run(command, cwd=cwd, check=True, capture_output=True, text=True).stdout


def test_regeneration_knows_its_copies_by_content_never_by_git(tmp_path, monkeypatch, capsys):
    """The record of what the tool wrote is committed with the copies: in a fresh clone the
    committed copy is the tool's and is replaced; a student's change is kept, committed or not."""
    made, source = {"cells": [], "n": 1}, [str(ROOT / "teacher" / f"{LESSON}.ipynb")]
    monkeypatch.setattr(students, "generate", fake_generate(made))
    monkeypatch.setattr(students.translations, "languages", list)  # the English copies alone

    def clone(folder):  # the tool run in the clone at `folder`
        monkeypatch.setattr(students, "ROOT", folder)
        monkeypatch.setattr(students, "STUDENTS", folder / "notebooks")
        return folder / "notebooks" / f"{LESSON}.ipynb"

    copy = clone(tmp_path / "origin")
    copy.parent.mkdir(parents=True)
    assert students.main(source) == 0 and (copy.parent / ".written-sha256.json").exists()
    git("init", "-q", cwd=copy.parent.parent)
    git("add", "-A", cwd=copy.parent.parent)
    git("commit", "-qm", "copies", cwd=copy.parent.parent)
    git("clone", "-q", str(copy.parent.parent), str(tmp_path / "fresh"), cwd=tmp_path)
    copy = clone(tmp_path / "fresh")
    made["n"] = 2  # the source changed: the committed copy, as the tool wrote it, is replaced
    assert students.main(source) == 0 and json.loads(copy.read_text())["n"] == 2
    for commit in (False, True):  # a student's work, then the same committed (as nbgitpuller does)
        copy.write_text(f'{{"cells": [], "n": "work {commit}"}}')
        if commit:
            git("commit", "-qam", "my work", cwd=copy.parent.parent)
        made["n"] = 3
        assert students.main(source) == 1 and f"work {commit}" in copy.read_text()
        assert {"notebooks/00-the-24-game.ipynb", "--force"} <= set(capsys.readouterr().err.split())
    assert students.main([*source, "--force"]) == 0 and json.loads(copy.read_text())["n"] == 3
    other = copy.with_name("01-pattern-strings.ipynb")  # a file the tool never wrote
    other.write_text("{}")
    assert students.main([str(ROOT / "teacher" / other.name)]) == 1 and other.read_text() == "{}"


def test_a_course_folder_keeps_a_teachers_edited_source(tmp_path, monkeypatch, capsys):
    made, course = {"cells": [], "n": 1}, tmp_path / "course"
    monkeypatch.setattr(students, "generate", fake_generate(made))
    lesson = ROOT / "teacher" / f"{LESSON}.ipynb"
    there = course / "source" / LESSON / lesson.name
    assert students.main(["--course", str(course), str(lesson)]) == 0
    assert there.read_bytes() == lesson.read_bytes()
    assert students.main(["--course", str(course), str(lesson)]) == 0  # the tool's own: again
    there.write_text('{"cells": [], "edited": "by the teacher"}')
    assert students.main(["--course", str(course), str(lesson)]) == 1
    assert "by the teacher" in there.read_text()
    err = capsys.readouterr().err
    assert str(there) in err.split() and "--force" in err.split()
    assert students.main(["--course", str(course), str(lesson), "--force"]) == 0
    assert there.read_bytes() == lesson.read_bytes()


def test_a_copy_handed_in_by_hand_gets_what_nbgraders_feedback_reads(tmp_path, capsys):
    from nbgrader.utils import parse_utc

    course, mailed = tmp_path / "course", tmp_path / f"{LESSON} (1).ipynb"
    (course / "source" / LESSON).mkdir(parents=True)
    mailed.write_text('{"cells": []}')
    assert students.main(["--course", str(course), "--hand-in", "alice", str(mailed)]) == 0
    folder = course / "submitted" / "alice" / LESSON
    assert (folder / f"{LESSON}.ipynb").read_text() == mailed.read_text()
    assert parse_utc((folder / "timestamp.txt").read_text()).year >= 2026
    assert len((folder / "submission_secret.txt").read_text()) == 128
    mailed.write_text('{"cells": [], "again": 1}')  # a second version does not replace the first
    assert students.main(["--course", str(course), "--hand-in", "alice", str(mailed)]) == 1
    assert "again" not in (folder / f"{LESSON}.ipynb").read_text()
    assert "--force" in capsys.readouterr().err.split()
    (tmp_path / "mine.ipynb").write_text("{}")
    with pytest.raises(SystemExit, match="named after its lesson"):
        students.main(["--course", str(course), "--hand-in", "bob", str(tmp_path / "mine.ipynb")])
    with pytest.raises(SystemExit, match="a plain name"):
        students.main(["--course", str(course), "--hand-in", "../bob", str(mailed)])


@pytest.mark.slow
@pytest.mark.parametrize("lang, unwritten", [("", "not written yet"), ("zh-CN", "还没有写")])
def test_the_guides_grading_recipe(tmp_path, monkeypatch, lang, unwritten):
    """The teacher guide's steps through nbgrader's API (what its commands run), for an English
    and a Chinese copy: release like notebooks/, a solved copy submitted, one handed in untouched
    by hand (tools/students.py --hand-in); collect, autograde, a written answer's point given,
    feedback in the copy's language, released to both and fetched by the one who submitted."""
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
    handed = ["--course", str(course), "--hand-in", "untouched", str(release)]  # by hand
    assert students.main(handed) == 0
    for submitted in (course / "submitted").iterdir():
        assert teacher.autograde(LESSON, submitted.name)["success"]
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        notebooks = {s.student_id: s.notebooks[0] for s in book.assignment_submissions(LESSON)}
        untouched, (solved,) = notebooks.pop("untouched"), notebooks.values()
        [grade for grade in solved.grades if grade.needs_manual_grade][0].manual_score = 1
        book.db.commit()
        assert solved.code_score == solved.max_code_score > 0 and solved.written_score == 1
        assert untouched.code_score == untouched.written_score == 0
    assert teacher.generate_feedback(LESSON)["success"]
    feedback = course / "feedback" / "untouched" / LESSON / f"{LESSON}.html"
    assert unwritten in feedback.read_text()  # the file to send back to who handed in by hand
    assert teacher.release_feedback(LESSON)["success"]
    assert len(list((course / "exchange" / "t24" / "feedback").glob("*.html"))) == 2
    ExchangeFactory(config=config).FetchFeedback(**student).start()
    (fetched,) = (tmp_path / LESSON / "feedback").glob(f"*/{LESSON}.html")
    assert unwritten not in fetched.read_text()  # the solved copy's feedback, at home


def test_contributings_recipe_adapts_a_lesson_in_a_fresh_clone(tmp_path):
    """CONTRIBUTING's "Adapting a lesson", from a fresh clone: a paragraph of the English lesson
    edited, the students' copies made again by its command. The English copy has the change, the
    Chinese lesson keeps the paragraph's last translation (marked for review, so its tests fail
    until it is translated again), the command names the paragraph, and nothing else changed."""
    clone = tmp_path / "t24"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    lesson, catalogue = f"teacher/{LESSON}.ipynb", f"translations/zh_CN/{LESSON}.po"
    old = "**Try it first.** Give yourself five minutes with 3 3 8 8."
    new = old.replace("five", "ten")
    source = nbformat.read(clone / lesson, as_version=4)
    (index,) = [k for k, cell in enumerate(source.cells) if old in cell.source]
    source.cells[index].source = source.cells[index].source.replace(old, new)
    nbformat.write(source, clone / lesson)
    with (clone / catalogue).open("rb") as file:
        (chinese,) = [m.string for m in read_po(file) if m.id.startswith(old)]

    def run(*command):  # the clone's own tools, in this environment
        return subprocess.run(
            [sys.executable, *command], cwd=clone, capture_output=True, text=True, check=False
        )

    made = run("tools/students.py", lesson)
    assert made.returncode == 0, made.stderr
    copy = (clone / "notebooks" / f"{LESSON}.ipynb").read_text(encoding="utf-8")
    assert new in copy and old not in copy
    for folder in ("teacher", "notebooks"):
        assert chinese in (clone / folder / "zh-CN" / f"{LESSON}.ipynb").read_text(encoding="utf-8")
    to_translate = made.stdout.split("To translate")[-1]
    assert f"{LESSON}.ipynb, cell {index}: the English changed" in to_translate
    assert "Try it first" in to_translate
    changed = git("status", "--porcelain", cwd=clone).split()
    assert sorted(changed[1::2]) == sorted(
        [lesson, catalogue, f"notebooks/{LESSON}.ipynb", "notebooks/.written-sha256.json"]
    )
    # The catalogue opens in any PO editor (Babel's `#|` lines would be cut mid-string).
    assert "\n#|" not in (clone / catalogue).read_text(encoding="utf-8")
    status = run("tools/translations.py", "status")  # the tests' judgement: still to translate
    assert status.returncode == 1 and "Try it first" in status.stderr
