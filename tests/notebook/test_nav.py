"""tools/nav.py: links first and last, idempotence and --check, on small notebooks and on the lessons."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "nav.py"
spec = importlib.util.spec_from_file_location("nav", SCRIPT)
nav = importlib.util.module_from_spec(spec)
sys.modules["nav"] = nav  # dataclasses look their module up here
spec.loader.exec_module(nav)


def cell(kind, text, **metadata):
    """A cell; code cells get one output, so a rewrite that loses outputs shows."""
    made = {"cell_type": kind, "id": f"{kind[0]}{abs(hash(text)) % 10**8}", "metadata": metadata}
    if kind == "code":
        made |= {"execution_count": 1, "outputs": [{"output_type": "stream", "name": "stdout"}]}
        made["outputs"][0]["text"] = ["24\n"]
    return made | {"source": text.splitlines(keepends=True)}


def write(path, *cells):
    meta = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    nb = {"cells": list(cells), "metadata": meta, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


@pytest.fixture
def folder(tmp_path):
    question = "# The 24 game\n\n**Can you make 24 from\n3 3 8 8?** Four cards.\n\nMore text."
    write(tmp_path / "00-the-game.ipynb", cell("markdown", question), cell("code", "print(24)"))
    how = "How does the *pattern* method work? Eleven patterns, e.g. `nononon`."
    write(
        tmp_path / "01-patterns.ipynb", cell("markdown", "# Pattern strings"), cell("markdown", how)
    )
    title = "# Postfix enumeration\nIs `7 6 5 - -` 8 or −4?"
    write(tmp_path / "02-postfix.ipynb", cell("markdown", "Words first."), cell("markdown", title))
    (tmp_path / "scratch.ipynb").write_text("{}")  # not NN-slug: left alone
    return tmp_path


def run(*args):
    return subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True
    )


def cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_titles_and_descriptions(folder):
    found = nav.entries(folder)
    assert [e.path.name for e in found] == [
        "00-the-game.ipynb",
        "01-patterns.ipynb",
        "02-postfix.ipynb",
    ]
    assert [e.title for e in found] == ["The 24 game", "Pattern strings", "Postfix enumeration"]
    assert [e.description for e in found] == [
        "Can you make 24 from 3 3 8 8?",
        "How does the *pattern* method work?",
        "Is `7 6 5 - -` 8 or −4?",
    ]


def test_writes_nav_cells_first_and_last(folder):
    before = {p.name: cells(p) for p in folder.glob("0*.ipynb")}
    result = run(folder)
    assert result.returncode == 0, result.stderr
    middle = cells(folder / "01-patterns.ipynb")
    top, bottom = middle[0], middle[-1]
    assert top["metadata"]["tags"] == ["nav"] and bottom["metadata"]["tags"] == ["nav"]
    assert top["id"] != bottom["id"]
    link_line = "".join(top["source"]).splitlines()[-1]
    assert link_line == (
        "< [The 24 game](00-the-game.ipynb) | [Contents](00-the-game.ipynb#The-notebooks) | "
        "[Postfix enumeration](02-postfix.ipynb) >"
    )
    assert "".join(bottom["source"]) == "".join(top["source"])
    for name, old in before.items():
        new = [cell for cell in cells(folder / name)[1:-1] if not nav.is_contents(cell)]
        assert new == old  # nothing else changed
    first = "".join(cells(folder / "00-the-game.ipynb")[0]["source"])
    last = "".join(cells(folder / "02-postfix.ipynb")[-1]["source"])
    assert first.endswith("[Contents](#The-notebooks) | [Pattern strings](01-patterns.ipynb) >")
    assert "< [" not in first
    assert last.endswith(
        "< [Pattern strings](01-patterns.ipynb) | [Contents](00-the-game.ipynb#The-notebooks)"
    )
    assert (folder / "scratch.ipynb").read_text() == "{}"


def test_idempotent_and_check(folder):
    assert run(folder, "--check").returncode == 1
    run(folder)
    snapshot = {p: p.read_text(encoding="utf-8") for p in folder.glob("*.ipynb")}
    again = run(folder)
    assert again.returncode == 0 and again.stdout == ""
    assert {p: p.read_text(encoding="utf-8") for p in folder.glob("*.ipynb")} == snapshot
    assert run(folder, "--check").returncode == 0
    assert (
        sum("nav" in c["metadata"].get("tags", []) for c in cells(folder / "00-the-game.ipynb"))
        == 2
    )


def test_the_lessons_navigation_is_current_and_carried_to_the_students_copies():
    assert run(SCRIPT.parents[1] / "teacher", "--check").returncode == 0
    for source in sorted((SCRIPT.parents[1] / "teacher").glob("[0-9][0-9]-*.ipynb")):
        copy = SCRIPT.parents[1] / "notebooks" / source.name
        navs = [[c for c in cells(path) if nav.is_nav(c)] for path in (source, copy)]
        assert len(navs[0]) == 2 and navs[0] == navs[1], source.name
