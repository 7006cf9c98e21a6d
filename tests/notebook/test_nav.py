"""tools/nav.py: links along the two paths, the contents, idempotence and --check."""

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
    patterns = [cell("markdown", "# Pattern strings"), cell("markdown", how)]
    write(tmp_path / "01-patterns.ipynb", *patterns)
    title = "# Postfix\nIs `7 6 5 - -` 8 or −4?"
    write(tmp_path / "02-postfix.ipynb", cell("markdown", "Words first."), cell("markdown", title))
    reduction = "# Reduction\n\n**Take two, make one?**"
    write(tmp_path / "03-reduction.ipynb", cell("markdown", reduction))
    (tmp_path / "scratch.ipynb").write_text("{}")  # not NN-slug: left alone
    return tmp_path


def run(*args):
    command = [sys.executable, str(SCRIPT), *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True)


def cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_writes_nav_cells_and_contents_along_the_paths_once_and_checks_them(folder):
    before = {p.name: cells(p) for p in folder.glob("0*.ipynb")}
    assert run(folder, "--check").returncode == 1 and run(folder).returncode == 0
    top, *_, bottom = cells(folder / "01-patterns.ipynb")
    assert top["metadata"]["tags"] == bottom["metadata"]["tags"] == ["nav"]
    assert top["id"] != bottom["id"] and top["source"] == bottom["source"]
    for name, old in before.items():
        new = [cell for cell in cells(folder / name)[1:-1] if not nav.is_contents(cell)]
        assert new == old  # nothing else changed
    links = {p.name[:2]: "".join(cells(p)[0]["source"]) for p in folder.glob("0*.ipynb")}
    contents = "[Contents](00-the-game.ipynb#The-notebooks)"
    first = "[The 24 game](00-the-game.ipynb)"
    assert links["00"] == "[Contents](#The-notebooks) | [Pattern strings](01-patterns.ipynb) >"
    assert links["01"] == f"< {first} | {contents} | [Reduction](03-reduction.ipynb) >"
    assert links["03"].endswith(f"{contents} | [Postfix](02-postfix.ipynb) >")  # core → extension
    assert links["02"] == f"< [Reduction](03-reduction.ipynb) | {contents}"
    found = [c for c in cells(folder / "00-the-game.ipynb") if nav.is_contents(c)]
    core, extension = "".join(found[0]["source"]).split("**Extension**")
    assert core.count("**Core week**") == 1 and "02" not in core
    assert core.splitlines()[-4:-1] == [  # title, then the first sentence (or bold question)
        "- [00 The 24 game](00-the-game.ipynb): Can you make 24 from 3 3 8 8?",
        "- [01 Pattern strings](01-patterns.ipynb): How does the *pattern* method work?",
        "- [03 Reduction](03-reduction.ipynb): Take two, make one?",
    ]
    assert "- [02 Postfix](02-postfix.ipynb): Is `7 6 5 - -` 8 or −4?" in extension
    assert (folder / "scratch.ipynb").read_text() == "{}"
    snapshot = {p: p.read_text(encoding="utf-8") for p in folder.glob("*.ipynb")}
    again = run(folder)
    assert again.returncode == 0 and again.stdout == ""
    assert {p: p.read_text(encoding="utf-8") for p in folder.glob("*.ipynb")} == snapshot
    assert run(folder, "--check").returncode == 0


def test_the_lessons_navigation_is_current_and_carried_to_the_students_copies():
    assert run(SCRIPT.parents[1] / "teacher", "--check").returncode == 0
    for source in sorted((SCRIPT.parents[1] / "teacher").glob("[0-9][0-9]-*.ipynb")):
        copy = SCRIPT.parents[1] / "notebooks" / source.name
        navs = [[c for c in cells(path) if nav.is_nav(c)] for path in (source, copy)]
        assert len(navs[0]) == 2 and navs[0] == navs[1], source.name
