"""Each lesson's shape, its nbgrader source and its students' copy, by key words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "teacher").glob("[0-9][0-9]-*.ipynb"))
SOFTWARE = re.compile(
    r"\bmake (lab|test|app|students|notebooks|execute)\b|\bkernel|nbval|nbgrader|jupyter|"
    r"static cop|widget state|CPU|this machine|GitHub",
    re.IGNORECASE,
)
# An exercise asks for code when it asks to write, compute, find or use something, or to try it.
ASKS_FOR_CODE = re.compile(r"\b(write|compute|find|use `|try it|check with)\b", re.IGNORECASE)
PATH = re.compile(
    r"^\*\*Path\*\*: (core week, lesson (\d) of 6|extension, after the core week)\.", re.M
)
TIME = re.compile(
    r"^\*\*Time\*\*: about (\d+) minutes in class, and about (\d+) more for the exercises\.$", re.M
)
TIMING = json.loads((ROOT / "teacher" / "timing.json").read_text(encoding="utf-8"))
PERIODS = {2: "two", 3: "three"}
END = re.compile(r"^\*End of the (?:first|second) period", re.M)
CORE_WEEK = ["00", "01", "03", "04", "07", "10"]  # in class order


def cells(path: Path, kind: str | None = None) -> list[dict]:
    """The notebook's cells (of one kind), navigation and contents left out."""
    found = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [c for c in found if not {"nav", "nav-contents"} & set(c["metadata"].get("tags", []))]
    return [c for c in found if kind in (None, c["cell_type"])]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def opening(path: Path) -> str:
    return text(cells(path, "markdown")[0])


def test_the_core_week_is_six_lessons_in_path_order_and_each_copy_is_there():
    assert [p.name for p in SOURCES] == sorted(p.name for p in (ROOT / "notebooks").glob("[0-9]*"))
    core = []
    for path in SOURCES:
        lesson = PATH.search(opening(path))
        if lesson and lesson[2]:
            core.append((int(lesson[2]), path.name[:2]))
    assert sorted(core) == list(enumerate(CORE_WEEK, 1))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_a_lesson_fits_its_periods_states_the_sum_of_its_tasks_and_its_copy_hides_answers(path):
    """At most 60 cells and 1,500 words (the students' copy); the header's minutes within 15 % of
    the sums kept beside the lessons (teacher/timing.json), a core lesson within its periods of
    45 minutes, a longer lesson saying so and marking where each period ends. The copy holds no
    answer and speaks about the game, not the software."""
    copy = ROOT / "notebooks" / path.name
    for cell in cells(path) + cells(copy):  # the teacher's copy, projected, folds them too
        hidden = cell["metadata"].get("jupyter", {}).get("source_hidden", False)
        assert "reveal" not in cell["metadata"].get("tags", []) or hidden
    for cell in cells(copy):
        hidden = cell["metadata"].get("jupyter", {}).get("source_hidden", False)
        assert not re.search(r"BEGIN (SOLUTION|HIDDEN TESTS|MARK SCHEME)", text(cell))
        if cell["cell_type"] == "code" and not hidden:
            assert not re.search(r"^\s*assert\b", text(cell), re.MULTILINE), text(cell)
        if cell["cell_type"] == "markdown":
            assert not SOFTWARE.search(text(cell)), SOFTWARE.search(text(cell)).group()
    markdown = [text(c) for c in cells(copy, "markdown")]
    assert len(json.loads(copy.read_text(encoding="utf-8"))["cells"]) <= 60
    assert sum(len(m.split()) for m in markdown) <= 1500
    head = opening(path)
    assert re.match(r"# \S", head) and re.search(r"^\*\*[^*]+\?\*\*", head, re.M)
    assert "**Learning goals**" in head and PATH.search(head)
    headings = [line for m in markdown for line in m.splitlines() if line.startswith("## ")]
    assert headings[-2:] == ["## Summary", "## Exercises"]
    if any(heading.endswith("(optional)") for heading in headings):  # the header says so
        assert "optional" in head.split("**Time**")[1]
    stated, timing = TIME.search(head), TIMING[path.stem]
    for part, minutes in zip(("class", "exercises"), map(int, stated.groups())):
        assert timing[part] and all(m > 0 for _, m in timing[part])
        total = sum(m for _, m in timing[part])
        assert abs(minutes - total) <= 0.15 * total, (part, minutes, total)
    periods = timing["periods"]
    if PATH.search(head)[2]:
        assert int(stated[1]) <= 45 * periods
    if periods > 1:
        assert f"{PERIODS[periods]} periods" in head
    assert sum(len(END.findall(m)) for m in markdown) == periods - 1


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_the_source_is_marked_the_nbgrader_way_with_rubrics_and_solutions(path):
    """nbgrader's marks; every written answer a rubric with a sample at each level; every
    exercise answered in the solution cell after it, in code when it asks for code."""
    every = cells(path)
    marked = [(c, c["metadata"]["nbgrader"]) for c in every if "nbgrader" in c["metadata"]]
    ids = [meta["grade_id"] for _, meta in marked]
    assert marked and len(set(ids)) == len(ids) and all(i.startswith(path.name[:3]) for i in ids)
    levels = r"Full: .+ e\.g\. \".+\nPartial \(½\): .+ e\.g\. \".+\nNone: .+ e\.g\. \".+\n"
    for cell, meta in marked:
        assert meta["schema_version"] == 3 and {"grade", "solution", "locked", "task"} <= set(meta)
        if meta["grade"]:
            assert meta["points"] > 0
        if meta["solution"]:  # a function, or a written answer
            assert "### BEGIN SOLUTION" in text(cell) and "### END SOLUTION" in text(cell)
        if cell["cell_type"] == "code" and meta["grade"]:
            assert meta["locked"] and "### BEGIN HIDDEN TESTS" in text(cell)
        if cell["cell_type"] == "markdown" and meta["grade"]:  # inside the solution region
            assert re.search(rf"\*\*Rubric\*\* \(\d points?\)\. {levels}### END SOL", text(cell))
    for k, cell in enumerate(every):
        if cell["cell_type"] == "markdown" and "### Exercise" in text(cell):
            exercise, after = text(cell).split("### Exercise")[1], every[k + 1]
            assert after["metadata"].get("nbgrader", {}).get("solution"), exercise
            assert after["cell_type"] == "code" or not ASKS_FOR_CODE.search(exercise), exercise
