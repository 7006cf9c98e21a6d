"""tools/nav.py on small notebooks in a temporary folder: links, contents, idempotence, --check, --readme."""

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


def markdown(text, **metadata):
    return {
        "cell_type": "markdown",
        "id": f"md{abs(hash(text)) % 10**8}",
        "metadata": metadata,
        "source": text.splitlines(keepends=True),
    }


def code(text):
    return {
        "cell_type": "code",
        "execution_count": 1,
        "id": f"c{abs(hash(text)) % 10**8}",
        "metadata": {},
        "outputs": [{"name": "stdout", "output_type": "stream", "text": ["24\n"]}],
        "source": text.splitlines(keepends=True),
    }


def notebook(*cells):
    return {
        "cells": list(cells),
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write(path, nb):
    path.write_text(
        json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8"
    )


@pytest.fixture
def folder(tmp_path):
    write(
        tmp_path / "00-the-game.ipynb",
        notebook(
            markdown(
                "# The 24 game\n\n**Can you make 24 from\n3 3 8 8?** Four cards.\n\nMore text."
            ),
            code("print(24)"),
        ),
    )
    write(
        tmp_path / "01-patterns.ipynb",
        notebook(
            markdown("# Pattern strings"),
            markdown("How does the *pattern* method work? Eleven patterns, e.g. `nononon`."),
            code("x = 1"),
        ),
    )
    write(
        tmp_path / "02-postfix.ipynb",
        notebook(
            markdown("Some words before the title."),
            markdown("# Postfix enumeration\nIs `7 6 5 - -` 8 or −4?"),
        ),
    )
    (tmp_path / "scratch.ipynb").write_text("{}")  # not NN-slug: left alone
    (tmp_path / "README.md").write_text("not a notebook\n")
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


def test_check_sees_a_renamed_title_and_a_new_notebook(folder):
    run(folder)
    path = folder / "01-patterns.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"][1]["source"] = ["# Pattern strings, step by step"]
    write(path, nb)
    result = run(folder, "--check")
    assert (
        result.returncode == 1
        and "00-the-game.ipynb" in result.stderr
        and "02-postfix" in result.stderr
    )
    run(folder)
    assert run(folder, "--check").returncode == 0
    write(folder / "03-recursive.ipynb", notebook(markdown("# Recursive reduction")))
    assert run(folder, "--check").returncode == 1
    run(folder)
    assert "[Recursive reduction](03-recursive.ipynb) >" in "".join(
        cells(folder / "02-postfix.ipynb")[0]["source"]
    )


def test_a_deleted_nav_cell_is_restored(folder):
    run(folder)
    path = folder / "00-the-game.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"] = nb["cells"][:-1]
    write(path, nb)
    assert run(folder, "--check").returncode == 1
    run(folder)
    assert cells(path)[-1]["id"] == "nav-bottom"


def test_layout_is_what_nbformat_writes(folder):
    nbformat = pytest.importorskip("nbformat")
    run(folder)
    for path in folder.glob("0*.ipynb"):
        text = path.read_text(encoding="utf-8")
        # nbformat.write (to a file) adds the final newline that writes() leaves off.
        assert nbformat.writes(nbformat.reads(text, as_version=4)) + "\n" == text


def test_readme_index(folder):
    result = run(folder, "--readme")
    assert result.returncode == 0
    name = folder.name
    assert result.stdout.splitlines() == [
        f"- [The 24 game]({name}/00-the-game.ipynb): Can you make 24 from 3 3 8 8?",
        f"- [Pattern strings]({name}/01-patterns.ipynb): How does the *pattern* method work?",
        f"- [Postfix enumeration]({name}/02-postfix.ipynb): Is `7 6 5 - -` 8 or −4?",
    ]


def contents_cells(path):
    return [cell for cell in cells(path) if "nav-contents" in cell["metadata"].get("tags", [])]


def test_contents_cell_in_the_first_notebook_only(folder):
    run(folder)
    [contents] = contents_cells(folder / "00-the-game.ipynb")
    assert contents["id"] == "nav-contents"
    assert "".join(contents["source"]).splitlines()[1:] == [
        "## The notebooks",
        "",
        "- [00 The 24 game](00-the-game.ipynb): Can you make 24 from 3 3 8 8?",
        "- [01 Pattern strings](01-patterns.ipynb): How does the *pattern* method work?",
        "- [02 Postfix enumeration](02-postfix.ipynb): Is `7 6 5 - -` 8 or −4?",
    ]
    assert (
        contents_cells(folder / "01-patterns.ipynb")
        == contents_cells(folder / "02-postfix.ipynb")
        == []
    )
    # The contents cell is generated: it is never read as the notebook's description.
    assert nav.entries(folder)[0].description == "Can you make 24 from 3 3 8 8?"


def test_contents_goes_before_the_summary_and_stays_where_it_is_moved(folder):
    path = folder / "00-the-game.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"] += [markdown("## Summary\n\n- Four cards."), markdown("## Exercises")]
    write(path, nb)
    run(folder)
    sources = ["".join(cell["source"]) for cell in cells(path)]
    where = next(k for k, text in enumerate(sources) if "## The notebooks" in text)
    assert sources[where + 1].startswith("## Summary")
    # Moved by hand to right after the title: a rerun replaces it there and changes nothing else.
    nb = json.loads(path.read_text(encoding="utf-8"))
    moved = nb["cells"].pop(where)
    nb["cells"].insert(2, moved)
    write(path, nb)
    assert run(folder, "--check").returncode == 0
    write(
        folder / "03-recursive.ipynb",
        notebook(markdown("# Recursive reduction\n\nTake two, make one.")),
    )
    assert run(folder, "--check").returncode == 1
    run(folder)
    [contents] = contents_cells(path)
    assert cells(path)[2] == contents
    assert "".join(contents["source"]).endswith(
        "- [03 Recursive reduction](03-recursive.ipynb): Take two, make one."
    )


def test_a_stray_contents_cell_is_removed(folder):
    run(folder)
    path = folder / "01-patterns.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"].insert(2, markdown("## The notebooks\n\nold copy", tags=["nav-contents"]))
    write(path, nb)
    assert run(folder, "--check").returncode == 1
    run(folder)
    assert contents_cells(path) == []
    assert run(folder, "--check").returncode == 0


def test_contents_anchor_is_jupyterlabs():
    # JupyterLab's createHeaderId: the heading's text with each space replaced by "-".
    assert nav.anchor("The notebooks") == "The-notebooks"


def test_a_bold_question_is_taken_whole():
    assert (
        nav.first_sentence("**A student lets go. Which *method* answers?** More text. And more.")
        == "A student lets go. Which *method* answers?"
    )
    assert (
        nav.first_sentence("Plain words, e.g. this one. Then more.")
        == "Plain words, e.g. this one."
    )


def test_widget_ids_are_stable_and_nothing_else_changes(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("stable_ids", SCRIPT.parent / "stable_ids.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    view = {"model_id": "random", "version_major": 2, "version_minor": 0}
    cells = [
        {
            "cell_type": "code",
            "execution_count": 1,
            "metadata": {},
            "source": "w",
            "outputs": [
                {
                    "output_type": "display_data",
                    "metadata": {},
                    "data": {"text/plain": "VBox()", tool.WIDGET_VIEW: dict(view)},
                }
            ],
        }
    ]
    path = tmp_path / "01-a.ipynb"
    path.write_text(
        json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    assert tool.stable_ids(path) is True
    first = json.loads(path.read_text())
    model_id = first["cells"][0]["outputs"][0]["data"][tool.WIDGET_VIEW]["model_id"]
    assert model_id != "random" and len(model_id) == 32
    assert first["cells"][0]["outputs"][0]["data"]["text/plain"] == "VBox()"
    assert tool.stable_ids(path) is False  # a second run changes nothing
