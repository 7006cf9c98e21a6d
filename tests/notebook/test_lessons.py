"""Each lesson's shape, its nbgrader source and its students' copy, by key words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "teacher").glob("[0-9][0-9]-*.ipynb"))
COPIES = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
SOFTWARE = re.compile(
    r"\bmake (lab|test|app|students|notebooks|execute)\b|\bkernel|nbval|nbgrader|jupyter|"
    r"static cop|widget state|CPU|this machine|GitHub",
    re.IGNORECASE,
)


# An exercise asks for code when it asks to write, compute, find or use something, or to try it.
ASKS_FOR_CODE = re.compile(r"\b(write|compute|find|use `|try it|check with)\b", re.IGNORECASE)
TIME = re.compile(
    r"^\*\*Time\*\*: about (\d+) minutes, and about (\d+) more for the exercises\.$", re.M
)


def cells(path: Path, kind: str | None = None) -> list[dict]:
    """The notebook's cells (of one kind), navigation and contents left out."""
    found = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [c for c in found if not {"nav", "nav-contents"} & set(c["metadata"].get("tags", []))]
    return [c for c in found if kind in (None, c["cell_type"])]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def test_every_source_has_its_students_copy():
    assert SOURCES and [p.name for p in SOURCES] == [p.name for p in COPIES]


@pytest.mark.parametrize("path", COPIES, ids=lambda p: p.name)
def test_a_lesson_fits_a_lesson(path):
    markdown = [text(c) for c in cells(path, "markdown")]
    assert len(json.loads(path.read_text(encoding="utf-8"))["cells"]) <= 60
    assert sum(len(m.split()) for m in markdown) <= 1500
    opening = markdown[0]
    assert re.match(r"# \S", opening) and re.search(r"^\*\*[^*]+\?\*\*", opening, re.MULTILINE)
    assert "**Learning goals**" in opening and TIME.search(opening)
    headings = [line for m in markdown for line in m.splitlines() if line.startswith("## ")]
    assert headings[-2:] == ["## Summary", "## Exercises"]


def to_five(minutes: float) -> int:
    """Rounded to the nearest 5 minutes, halves up."""
    return int(minutes / 5 + 0.5) * 5


@pytest.mark.parametrize("path", COPIES, ids=lambda p: p.name)
def test_the_time_follows_the_guides_rule(path):
    """130 words a minute, 1 a code cell, 2 a "Try it first", 8 a function; 6 an exercise."""
    lesson = []
    for cell in cells(path):
        if cell["cell_type"] == "markdown" and "## Exercises" in text(cell):
            lesson.append({**cell, "source": text(cell).split("## Exercises")[0]})
            break
        lesson.append(cell)
    words = sum(len(text(c).split()) for c in lesson if c["cell_type"] == "markdown")
    code = [text(c) for c in lesson if c["cell_type"] == "code"]
    tries = sum(text(c).count("**Try it first.**") for c in lesson)
    minutes = words / 130 + len(code) + 2 * tries + 8 * sum("# YOUR CODE HERE" in c for c in code)
    exercises = sum(text(c).count("### Exercise") for c in cells(path, "markdown"))
    stated = TIME.search(text(cells(path, "markdown")[0])).groups()
    assert tuple(map(int, stated)) == (to_five(minutes), to_five(6 * exercises))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_the_source_is_marked_the_nbgrader_way(path):
    marked = [(c, c["metadata"]["nbgrader"]) for c in cells(path) if "nbgrader" in c["metadata"]]
    ids = [meta["grade_id"] for _, meta in marked]
    assert marked and len(set(ids)) == len(ids) and all(i.startswith(path.name[:3]) for i in ids)
    for cell, meta in marked:
        assert meta["schema_version"] == 3 and {"grade", "solution", "locked", "task"} <= set(meta)
        if meta["grade"]:
            assert meta["points"] > 0
        if cell["cell_type"] == "code" and meta["solution"]:
            assert "### BEGIN SOLUTION" in text(cell) and "### END SOLUTION" in text(cell)
        if cell["cell_type"] == "code" and meta["grade"]:
            assert meta["locked"] and "### BEGIN HIDDEN TESTS" in text(cell)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_exercise_is_answered_in_a_solution_cell_in_code_when_it_asks_for_code(path):
    every = cells(path)
    for k, cell in enumerate(every):
        if cell["cell_type"] == "markdown" and "### Exercise" in text(cell):
            exercise, after = text(cell).split("### Exercise")[1], every[k + 1]
            assert after["metadata"].get("nbgrader", {}).get("solution"), exercise
            assert after["cell_type"] == "code" or not ASKS_FOR_CODE.search(exercise), exercise


@pytest.mark.parametrize("path", COPIES, ids=lambda p: p.name)
def test_the_students_copy_holds_no_answer(path):
    for cell in cells(path):
        hidden = cell["metadata"].get("jupyter", {}).get("source_hidden", False)
        assert "reveal" not in cell["metadata"].get("tags", []) or hidden
        assert not re.search(r"BEGIN (SOLUTION|HIDDEN TESTS|MARK SCHEME)", text(cell))
        if cell["cell_type"] == "code" and not hidden:
            assert not re.search(r"^\s*assert\b", text(cell), re.MULTILINE), text(cell)
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error"


@pytest.mark.parametrize("path", COPIES, ids=lambda p: p.name)
def test_the_students_copy_speaks_about_the_game_not_the_software(path):
    for cell in cells(path, "markdown"):
        assert not SOFTWARE.search(text(cell)), SOFTWARE.search(text(cell)).group()
