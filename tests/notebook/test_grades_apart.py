"""Grades nothing in a notebook can fake: every check cell is judged again apart from the
student's kernel (t24/notebook/apart.py), and a real nbgrader autograde scores answer cells that
try to fake a grade 0, right work full marks, as it did before."""

from __future__ import annotations

import importlib
import json
import os
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from t24 import parse
from t24.lessons import every_check
from t24.notebook import apart

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(ROOT.glob("teacher/**/[0-9][0-9]-*.ipynb"))


def test_every_check_cell_is_judged_apart_and_every_check_is_called():
    used = set()
    for path in LESSONS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for index, cell in enumerate(cells):
            mark = cell["metadata"].get("nbgrader", {})
            if cell["cell_type"] == "code" and mark.get("grade") and not mark.get("solution"):
                task = apart.job(cells, index)  # None: graded in the kernel only
                assert task and task["function"] in "".join(map(str, task["cells"])), index
                used.add(task["check"])
    assert used == set(every_check())


@pytest.mark.parametrize(  # an attempt that calls t24's answer; one that catches the refusal
    "body",
    [
        "return patterns.search(hand, target)",
        "try:\n        patterns.search(hand, target)\n    except BaseException:\n        return []",
    ],
)
def test_a_shortcut_is_refused_apart_as_in_the_kernel(body):
    imports = (
        "from t24.lessons.pattern_strings import check_patterns\nfrom t24.methods import patterns"
    )
    cells = [imports, f"def search(hand, target):\n    {body}\n", "passed = check_patterns(search)"]
    cells = [{"cell_type": "code", "source": source, "metadata": {}} for source in cells]
    passed, said = apart.judge(cells, 2)
    assert not passed and "it calls t24's own `patterns.search`" in said, said


class Always(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def test_what_comes_back_is_plain_data():
    values = [None, True, 3, 2.5, "3*8", Fraction(8, 3), (3, "+"), [1, [2]], {1, 2}, {"a": 1}]
    values += [frozenset({(3, 8)}), np.float32(24.5), np.array([1, 2]), parse("8 / (3 - 8 / 3)")]
    for value in values:
        back = apart.decode(json.loads(json.dumps(apart.encode(value))))
        same = np.array_equal(back, value) if type(value) is np.ndarray else back == value
        assert type(back) is type(value) and same, value
    assert apart.encode(Always(0)) == 0 and type(apart.decode(apart.encode(Always(0)))) is int
    other = apart.decode(json.loads(json.dumps(apart.encode(Fraction))))
    assert other != Fraction and other == other and type(other).__name__ == "ABCMeta"
    unreadable = apart.decode({"num": True})  # not a card
    assert unreadable != apart.decode({"num": True}) and unreadable == unreadable


# A real autograde over a lesson made of the recursion lesson's first cells: its import cell, then
# one copy of the `product` exercise and its check for each way to fake a grade (one kernel).
LESSON = next(path.stem for path in LESSONS if "def product(" in path.read_text(encoding="utf-8"))
WRONG = "0 if len(cards) == 1 else product(cards[1:])"  # what `product` returns
RIGHT = "cards[0] if len(cards) == 1 else cards[0] * product(cards[1:])"
BODY = "def product(cards):\n    {lines}return {value}\n"
TRICKS = {  # what an answer cell does to fake its check, around or inside `product`
    "rebound": BODY + "check_product = lambda f: True\n",
    "patched": "import t24.notebook.checks as c\n\nc.compare = lambda *a, **k: None\n" + BODY,
    "builtin": "import t24.notebook.checks as c\n\nc.bool = lambda x=False: True\n" + BODY,
    "always-equal": (
        "class Always(int):\n    def __eq__(self, other):\n        return True\n\n"
        "    __hash__ = int.__hash__\n\n\n" + BODY.replace("{value}", "Always({value})")
    ),
    "silenced": (
        "from IPython.core.interactiveshell import InteractiveShell\n\n"
        "InteractiveShell.showtraceback = lambda *a, **k: None\n" + BODY
    ),
    "patches-when-called": BODY.replace(
        "{lines}", "import t24.notebook.checks as c\n\n    c.compare = lambda *a, **k: None\n    "
    ),
    "prints-fake": "import json, os\n\n"
    + BODY.replace(
        "{lines}",
        "fake = json.dumps([{{'case': '', 'got': 120}}])\n    print(fake)\n"
        "    os.write(1, fake.encode())\n"
        "    print('Right: your product agrees on all 6 cases tried.')\n    ",
    ),
}


def lesson_of_tricks(path: Path) -> None:
    """The lesson cut after its import cell, with a copy of the product exercise per trick."""
    source = json.loads((ROOT / "teacher" / f"{LESSON}.ipynb").read_text(encoding="utf-8"))
    cells = source["cells"]
    answer = next(c for c in cells if "".join(c["source"]).startswith("def product("))
    check = next(c for c in cells if "".join(c["source"]).startswith("passed = check_product("))
    kept = [c for c in cells[: cells.index(answer)] if c["cell_type"] == "markdown"][:1]
    kept.append(next(c for c in cells if c["cell_type"] == "code"))  # the import cell
    for trick in TRICKS:
        for cell, kind in [(answer, "answer"), (check, "check")]:
            made = json.loads(json.dumps(cell))
            made["id"] = made["metadata"]["nbgrader"]["grade_id"] = f"{trick}-{kind}"
            kept.append(made)
    source["cells"] = kept
    path.write_text(json.dumps(source), encoding="utf-8")


@pytest.mark.slow
def test_no_answer_cell_fakes_a_grade(tmp_path, monkeypatch):
    from nbgrader.api import Gradebook
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import PyFileConfigLoader

    spec = importlib.util.spec_from_file_location("students", ROOT / "tools" / "students.py")
    spec.loader.exec_module(students := importlib.util.module_from_spec(spec))
    monkeypatch.setenv("PATH", os.environ["PATH"])  # generate() adds the venv's bin/ to it
    lesson_of_tricks(tmp_path / f"{LESSON}.ipynb")
    course = tmp_path / "course"
    assert students.main(["--course", str(course), str(tmp_path / f"{LESSON}.ipynb")]) == 0
    release = course / "release" / LESSON / f"{LESSON}.ipynb"
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    config.CourseDirectory.root = str(course)
    teacher = NbGraderAPI(config=config)
    bodies = {"tricked": WRONG, "right": RIGHT, "honest": WRONG}  # right work tricked too
    for student, value in bodies.items():
        copy = json.loads(release.read_text(encoding="utf-8"))
        for cell in copy["cells"]:
            trick = cell["metadata"].get("nbgrader", {}).get("grade_id", "")[: -len("-answer")]
            if trick in TRICKS:
                cell["source"] = (BODY if student == "honest" else TRICKS[trick]).format(
                    lines="", value=value
                )
        folder = course / "submitted" / student / LESSON
        folder.mkdir(parents=True)
        (folder / release.name).write_text(json.dumps(copy), encoding="utf-8")
        assert teacher.autograde(LESSON, student)["success"]
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        scores = {
            (student, trick): book.find_grade(f"{trick}-check", LESSON, LESSON, student).score
            for student in bodies
            for trick in TRICKS
        }
    assert scores == {(student, trick): float(student == "right") for student, trick in scores}
    graded = course / "autograded" / "tricked" / LESSON / release.name
    checks_run = [
        c
        for c in json.loads(graded.read_text())["cells"]
        if "check_product(" in "".join(c["source"])
    ]
    for trick, cell in zip(TRICKS, checks_run):  # the kernel alone gave the point; apart, 0
        errors = [output for output in cell["outputs"] if output["output_type"] == "error"]
        assert [e["evalue"][:12] for e in errors] == ["Your product"], (trick, cell["outputs"])
