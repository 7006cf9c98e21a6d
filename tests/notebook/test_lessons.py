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


def cells(path: Path, kind: str | None = None) -> list[dict]:
    """The notebook's cells (of one kind), navigation left out."""
    found = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [c for c in found if "nav" not in c["metadata"].get("tags", [])]
    return [c for c in found if kind in (None, c["cell_type"])]


def text(cell: dict) -> str:
    return "".join(cell["source"])


def test_every_source_has_its_students_copy():
    assert SOURCES and [p.name for p in SOURCES] == [p.name for p in COPIES]


@pytest.mark.parametrize("path", COPIES, ids=lambda p: p.name)
def test_a_lesson_fits_a_lesson(path):
    markdown = [text(c) for c in cells(path, "markdown")]
    assert len(cells(path)) + 2 <= 60
    assert sum(len(m.split()) for m in markdown) <= 1500
    opening = markdown[0]
    assert re.match(r"# \S", opening) and re.search(r"^\*\*[^*]+\?\*\*", opening, re.MULTILINE)
    assert "**Learning goals**" in opening and re.search(
        r"\*\*Time\*\*: about \d+ minutes", opening
    )
    headings = [line for m in markdown for line in m.splitlines() if line.startswith("## ")]
    assert headings[-2:] == ["## Summary", "## Exercises"]


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
def test_every_exercise_has_a_solution_code_cell(path):
    every = cells(path)
    for k, cell in enumerate(every):
        if cell["cell_type"] == "markdown" and text(cell).startswith("### Exercise"):
            after = every[k + 1]
            assert after["cell_type"] == "code" and after["metadata"]["nbgrader"]["solution"]


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
