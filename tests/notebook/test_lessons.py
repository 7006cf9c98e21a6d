"""Every lesson and answer key, read as JSON (no kernel): shape, exercises, answer keys, sources, execution.

The student notebooks are `notebooks/NN-slug.ipynb`; each one with exercises has an answer key
`teacher/NN-slug-answers.ipynb` whose exercise headings match and whose answers are code with
asserts. Every notebook opens with a title, one concrete question, learning goals and a time,
and ends with a summary and exercises; it is stored executed, top to bottom, without errors.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_NAME = re.compile(r"^\d\d-[\w-]+\.ipynb$")
STUDENT = sorted(
    path for path in (ROOT / "notebooks").glob("*.ipynb") if NOTEBOOK_NAME.match(path.name)
)
KEYS = sorted((ROOT / "teacher").glob("*.ipynb")) if (ROOT / "teacher").is_dir() else []
MAX_CELLS = 90

POSTS = {"patterns": "24点解法", "postfix": "24点扑克牌游戏的算法实现", "recursive": "24点经典算法"}
# Which posts each method notebook must cite by title.
CITED = {
    "01": [POSTS["patterns"]],
    "02": [POSTS["patterns"], POSTS["postfix"]],
    "03": [POSTS["recursive"]],
}
# Nothing the reader of the project does not have: the material behind it or how it is run.
OUTSIDE = re.compile(
    r"steering|shared/|seeds?/|seeds? README|\barticle 00[024]\b|\bissues? #?\d|the project asks",
    re.IGNORECASE,
)
# In a notebook, not even how it is tested (the README explains that).
TESTING = re.compile(r"nbval|make test")

EXERCISE = re.compile(r"^### Exercise (\d+): (\S.*?)\s*$", re.MULTILINE)
EXERCISE_LIKE = re.compile(r"^#+ *Exercise\b.*$", re.MULTILINE | re.IGNORECASE)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    text = cell.get("source", "")
    return text if isinstance(text, str) else "".join(text)


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def content_cells(notebook: dict) -> list[dict]:
    """The cells a person wrote: without the generated navigation and contents."""
    return [cell for cell in notebook["cells"] if not {"nav", "nav-contents"} & set(tags(cell))]


def markdown(notebook: dict) -> list[str]:
    return [source(cell) for cell in content_cells(notebook) if cell["cell_type"] == "markdown"]


def headings(notebook: dict, level: int) -> list[str]:
    marks = "#" * level
    return [
        match.group(1)
        for text in markdown(notebook)
        for match in re.finditer(rf"^{marks} +(\S.*?)\s*$", text, flags=re.MULTILINE)
    ]


def title(notebook: dict) -> str:
    found = headings(notebook, 1)
    assert found, "no H1 title"
    return found[0]


def exercises(notebook: dict) -> list[tuple[int, str]]:
    return [
        (int(number), name)
        for text in markdown(notebook)
        for number, name in EXERCISE.findall(text)
    ]


def all_text(notebook: dict) -> str:
    """Every cell's source and every text output."""
    parts = []
    for cell in notebook["cells"]:
        parts.append(source(cell))
        for output in cell.get("outputs", []):
            text = output.get("text", "")
            parts.append(text if isinstance(text, str) else "".join(text))
            for kind, data in output.get("data", {}).items():
                if kind.startswith("text/"):
                    parts.append(data if isinstance(data, str) else "".join(data))
    return "\n".join(parts)


def by_prefix(prefix: str) -> Path:
    found = [path for path in STUDENT if path.name.startswith(f"{prefix}-")]
    assert found, f"no notebook notebooks/{prefix}-*.ipynb"
    return found[0]


def key_for(path: Path) -> Path:
    return ROOT / "teacher" / f"{path.stem}-answers.ipynb"


COLLECTION = [
    "00-the-24-game",
    "01-pattern-strings",
    "02-postfix-enumeration",
    "03-recursive-reduction",
    "04-comparing-the-approaches",
    "05-exact-arithmetic",
    "06-distinct-answers",
    "07-the-whole-deck",
    "08-play",
]


def test_the_collection_is_there():
    assert [path.stem for path in STUDENT] == COLLECTION


@pytest.mark.parametrize("path", STUDENT, ids=lambda path: path.name)
def test_first_cell_sets_the_lesson(path):
    first = content_cells(load(path))[0]
    text = source(first)
    assert first["cell_type"] == "markdown"
    assert re.match(r"\s*# +\S", text), "the first cell starts with the H1 title"
    # Bold text may run over a line break and hold *italics*; the question ends inside the bold.
    bold = re.findall(r"\*\*((?:[^*]|\*(?!\*))+?)\*\*", text)
    assert any(part.rstrip().endswith("?") and "\n\n" not in part for part in bold), (
        "one concrete question in bold"
    )
    assert "**Learning goals**" in text
    assert re.search(r"\*\*Time\*\*: about \d+ minutes", text)
    goals = text.split("**Learning goals**", 1)[1].split("**Time**", 1)[0]
    assert 3 <= len(re.findall(r"^[-*] ", goals, flags=re.MULTILINE)) <= 4, (
        "3 or 4 learning goals, as a list"
    )


@pytest.mark.parametrize("path", STUDENT, ids=lambda path: path.name)
def test_ends_with_summary_and_exercises(path):
    notebook = load(path)
    sections = headings(notebook, 2)
    assert "Summary" in sections and "Exercises" in sections
    assert sections[-2:] == ["Summary", "Exercises"], f"the last sections are {sections[-2:]}"
    found = exercises(notebook)
    assert [number for number, _ in found] == list(range(1, len(found) + 1)), (
        "exercises numbered 1, 2, 3, …"
    )
    written = [line for text in markdown(notebook) for line in EXERCISE_LIKE.findall(text)]
    assert len(written) == len(found), (
        f"exercise headings not as `### Exercise N: title`: {written}"
    )


@pytest.mark.parametrize("path", STUDENT, ids=lambda path: path.name)
def test_answer_key_matches(path):
    found = exercises(load(path))
    assert found, f"{path.name} has no exercises"
    key_path = key_for(path)
    assert key_path.exists(), f"no answer key teacher/{key_path.name}"
    key = load(key_path)
    assert title(key) == f"{title(load(path))} — answer key"
    assert exercises(key) == found, "the answer key's exercise headings differ from the notebook's"
    # Each exercise's answer: at least one code cell with an assert before the next exercise.
    current, proven = None, set()
    for cell in content_cells(key):
        if cell["cell_type"] == "markdown":
            numbers = [int(n) for n, _ in EXERCISE.findall(source(cell))]
            current = numbers[-1] if numbers else current
        elif current is not None and re.search(r"^\s*assert\b", source(cell), flags=re.MULTILINE):
            proven.add(current)
    missing = [number for number, _ in found if number not in proven]
    assert not missing, f"exercises without a code cell that asserts the answer: {missing}"


@pytest.mark.parametrize("path", KEYS, ids=lambda path: path.name)
def test_every_answer_key_has_its_notebook(path):
    stem = path.stem.removesuffix("-answers")
    assert path.stem.endswith("-answers") and (ROOT / "notebooks" / f"{stem}.ipynb").exists()


@pytest.mark.parametrize("path", STUDENT + KEYS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_notebook_stays_inside_the_project(path):
    text = all_text(load(path))
    assert not OUTSIDE.findall(text)
    assert not TESTING.findall(text), "how the notebooks are tested belongs in the README"


@pytest.mark.parametrize(
    "path",
    [ROOT / "README.md", *sorted((ROOT / "t24").rglob("*.py"))],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_text_stays_inside_the_project(path):
    assert not OUTSIDE.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("where", ["README", "00", "01", "02", "03"])
def test_posts_cited_by_title(where):
    if where == "README":
        text, titles = (ROOT / "README.md").read_text(encoding="utf-8"), list(POSTS.values())
    else:
        text, titles = all_text(load(by_prefix(where))), CITED.get(where, list(POSTS.values()))
    missing = [name for name in titles if f'"{name}"' not in text and f"“{name}”" not in text]
    assert not missing, f"not cited by title: {missing}"


HANDS = {"3 3 8 8": r"3,\s*3,\s*8,\s*8", "4 5 6 7": r"4,\s*5,\s*6,\s*7"}


@pytest.mark.parametrize("prefix", ["01", "02", "03"])
def test_student_search_checked_against_the_package(prefix):
    code = [
        source(cell)
        for cell in content_cells(load(by_prefix(prefix)))
        if cell["cell_type"] == "code"
    ]
    defined = {
        name for text in code for name in re.findall(r"^def (\w+)\(", text, flags=re.MULTILINE)
    }
    assert defined, "no code cell defines a function"

    def hands_in(k: int) -> set[str]:
        """The hands the k-th code cell names, itself or through a name bound in an earlier cell."""
        seen = {hand for hand, pattern in HANDS.items() if re.search(pattern, code[k])}
        for earlier in code[:k]:
            for name in re.findall(r"^(\w+)\s*(?::[^=\n]+)?=", earlier, flags=re.MULTILINE):
                if re.search(rf"\b{name}\b", code[k]):
                    seen |= {hand for hand, pattern in HANDS.items() if re.search(pattern, earlier)}
        return seen

    checked = [
        k
        for k, text in enumerate(code)
        if re.search(r"^\s*assert\b", text, flags=re.MULTILINE)
        and ("t24.solve(" in text or "t24.methods." in text)
        and any(re.search(rf"\b{name}\(", text) for name in defined)
    ]
    assert checked, "no cell asserts a function of the notebook against t24.solve( or t24.methods."
    assert any(set(HANDS) <= hands_in(k) for k in checked), (
        "the check must cover 3 3 8 8 and 4 5 6 7"
    )


@pytest.mark.parametrize("path", STUDENT + KEYS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_size(path):
    assert len(load(path)["cells"]) <= MAX_CELLS


@pytest.mark.parametrize("path", STUDENT + KEYS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_executed_top_to_bottom_without_errors(path):
    code = [cell for cell in load(path)["cells"] if cell["cell_type"] == "code"]
    assert [cell["execution_count"] for cell in code] == list(range(1, len(code) + 1))
    failed = [
        source(cell).splitlines()[:1]
        for cell in code
        if "raises-exception" not in tags(cell)
        and any(output["output_type"] == "error" for output in cell.get("outputs", []))
    ]
    assert not failed, f"cells with an error: {failed}"
