#!/usr/bin/env python3
"""Write the "< prev | contents | next >" navigation cells of every notebook, and the index.

In the style of the Python Data Science Handbook, every lesson starts and ends with a generated
markdown cell that links the previous lesson, the contents and the next one, by title (each
notebook's H1). Previous and next follow the course's two paths, not the lessons' numbers: the
core week (00, 01, 03, 04, 07, 10), then the extension (02, 05, 06, 08, 09), so the last lesson of
the core week leads to the first of the extension. The cells are written into the teacher's sources (`teacher/NN-slug.ipynb`), and
`tools/students.py` carries them into the students' copies in `notebooks/` under the same names,
so the same links work in both folders. The contents are a generated cell of the first lesson
(tagged `nav-contents`, under the heading "The notebooks", placed before `## Summary` the first
time and replaced where it stands after that): the two paths, each lesson with its question, so
every link stays inside the folder. JupyterLab
names a heading's anchor after its text with each space turned into "-", hence
`00-the-24-game.ipynb#The-notebooks`. Navigation cells are tagged `nav`, so a rerun replaces them
and changes nothing else; a notebook is rewritten only when something generated changed, in the
JSON layout nbformat writes (indent 1, sorted keys, a trailing newline).

    python tools/nav.py            write the navigation cells and the contents
    python tools/nav.py --check    exit 1 if any notebook's navigation or the contents is missing or stale
    python tools/nav.py --readme   print the notebook index to paste under README's ## Notebooks
                                   (the two paths, each lesson with the first sentence after its H1)

Only the standard library is needed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

TAG = "nav"
CONTENTS_TAG = "nav-contents"
CONTENTS_HEADING = "The notebooks"
NOTEBOOK_NAME = re.compile(r"^\d\d-[\w-]+\.ipynb$")
CORE = ("00", "01", "03", "04", "07", "10")  # the core week, six lessons in class order
EXTENSION = ("02", "05", "06", "08", "09")  # after the core week, in this order
PATHS = {
    "**Core week**, six lessons of 45 minutes:": CORE,
    "**Extension**, after the core week:": EXTENSION,
}
# The end of a sentence: . ? or ! (perhaps closing bold, italics or code), then a space and a
# capital or markup, or the end of the text. "e.g. this" does not end a sentence.
SENTENCE_END = re.compile(r"[.?!](\*\*|\*|__|_|`)?(?=\s+[A-Z*_`(\[]|\s*$)")


@dataclass(frozen=True)
class Entry:
    """One notebook in the collection: its file, H1 title and one-line description."""

    path: Path
    title: str
    description: str


def on_core_week(path: Path) -> bool:
    """Whether the lesson is on the core week (any lesson not on it is an extension)."""
    return path.name[:2] in CORE


def path_rank(path: Path) -> tuple[int, Path]:
    """Where the lesson stands along the paths; a number on neither path comes last."""
    order = CORE + EXTENSION
    return (order.index(path.name[:2]) if path.name[:2] in order else len(order), path)


def notebook_paths(folder: Path) -> list[Path]:
    """The collection's notebooks, `NN-slug.ipynb`, in path order."""
    found = [path for path in folder.iterdir() if NOTEBOOK_NAME.match(path.name)]
    return sorted(found, key=path_rank)


def read_notebook(path: Path) -> dict:
    """The notebook's JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def dumps(notebook: dict) -> str:
    """The notebook as nbformat writes it: indent 1, sorted keys, non-ASCII kept, final newline."""
    return json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def source(cell: dict) -> str:
    """A cell's source as one string (stored either as a string or as a list of lines)."""
    text = cell.get("source", "")
    return text if isinstance(text, str) else "".join(text)


def is_nav(cell: dict) -> bool:
    """Whether the cell is a generated navigation cell."""
    return TAG in cell.get("metadata", {}).get("tags", [])


def is_contents(cell: dict) -> bool:
    """Whether the cell is the generated contents cell."""
    return CONTENTS_TAG in cell.get("metadata", {}).get("tags", [])


def anchor(heading: str) -> str:
    """The anchor JupyterLab gives a heading: its text with every space turned into "-"."""
    return heading.replace(" ", "-")


def first_sentence(paragraph: str) -> str:
    """The paragraph's first sentence: the notebook's concrete question, by the house style.

    A paragraph that opens in bold opens with the question, perhaps two sentences long: then the
    whole bold part, unbolded (it reads better so in a list).
    """
    bold = re.match(r"\*\*((?:[^*]|\*(?!\*))+?)\*\*", paragraph)
    if bold:
        return bold.group(1).strip()
    match = SENTENCE_END.search(paragraph)
    return paragraph[: match.end()] if match else paragraph


def title_and_description(notebook: dict, path: Path) -> tuple[str, str]:
    """The H1 title and the first sentence of the first paragraph after it, on one line."""
    paragraphs: list[str] | None = None  # None until the H1 is found
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown" or is_nav(cell) or is_contents(cell):
            continue
        text = source(cell)
        if paragraphs is None:
            match = re.search(r"^# +(.+?)\s*$", text, flags=re.MULTILINE)
            if not match:
                continue
            title = match.group(1)
            text = text[match.end() :]
            paragraphs = []
        paragraphs += [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
        if paragraphs:
            return title, first_sentence(paragraphs[0])
    if paragraphs is None:
        print(f"warning: {path.name} has no H1 title; using its file name", file=sys.stderr)
        return path.stem[3:].replace("-", " ").capitalize(), ""
    return title, ""


def entries(folder: Path) -> list[Entry]:
    """Every notebook of the folder with its title and description."""
    found = []
    for path in notebook_paths(folder):
        title, description = title_and_description(read_notebook(path), path)
        found.append(Entry(path, title, description))
    return found


def contents_link(first: Entry, entry: Entry) -> str:
    """Where "Contents" points from `entry`: the contents heading in the first notebook."""
    target = "" if entry.path.name == first.path.name else first.path.name
    return f"{target}#{anchor(CONTENTS_HEADING)}"


def nav_text(previous: Entry | None, following: Entry | None, contents: str) -> str:
    """The markdown of a navigation cell."""
    parts = []
    if previous:
        parts.append(f"< [{previous.title}]({previous.path.name})")
    parts.append(f"[Contents]({contents})")
    if following:
        parts.append(f"[{following.title}]({following.path.name}) >")
    return " | ".join(parts)


def nav_cell(text: str, cell_id: str, with_id: bool) -> dict:
    """A markdown cell tagged `nav` (with a fixed id where the format has ids, to keep diffs quiet)."""
    cell = {
        "cell_type": "markdown",
        "metadata": {"tags": [TAG]},
        "source": text.splitlines(keepends=True),
    }
    if with_id:
        cell["id"] = cell_id
    return cell


def has_id(notebook: dict) -> bool:
    """Whether the notebook's format gives cells ids (nbformat 4.5 and later)."""
    return (notebook.get("nbformat"), notebook.get("nbformat_minor", 0)) >= (4, 5)


def with_navigation(notebook: dict, text: str) -> dict:
    """The notebook with its navigation cells (old ones removed) first and last."""
    with_id = has_id(notebook)
    cells = [cell for cell in notebook["cells"] if not is_nav(cell)]
    top, bottom = nav_cell(text, "nav-top", with_id), nav_cell(text, "nav-bottom", with_id)
    return {**notebook, "cells": [top, *cells, bottom]}


def index_text(found: list[Entry], folder: str = "") -> str:
    """The two paths, each a list of its lessons: number, title (linked) and first sentence."""
    lines = []
    for label, core in zip(PATHS, (True, False)):
        lessons = [entry for entry in found if on_core_week(entry.path) == core]
        lines += [label, ""] if lessons else []
        for entry in lessons:
            link = f"[{entry.path.name[:2]} {entry.title}]({folder}{entry.path.name})"
            lines.append(f"- {link}: {entry.description}" if entry.description else f"- {link}")
        lines += [""] if lessons else []
    return "\n".join(lines).strip()


def contents_text(found: list[Entry]) -> str:
    """The markdown of the contents cell: a heading, then the two paths."""
    return f"## {CONTENTS_HEADING}\n\n{index_text(found)}"


def is_summary(cell: dict) -> bool:
    """Whether the cell opens the `## Summary` section."""
    return (
        cell["cell_type"] == "markdown" and re.match(r"\s*## +Summary\b", source(cell)) is not None
    )


def with_contents(notebook: dict, text: str) -> dict:
    """The notebook with its contents cell: replaced where it is, or put before `## Summary`."""
    cell = {
        "cell_type": "markdown",
        "metadata": {"tags": [CONTENTS_TAG]},
        "source": text.splitlines(keepends=True),
    }
    if has_id(notebook):
        cell["id"] = "nav-contents"
    cells = list(notebook["cells"])
    where = next((k for k, old in enumerate(cells) if is_contents(old)), None)
    if where is not None:
        cells = [
            old for old in cells if not is_contents(old)
        ]  # one contents cell, at the first one's place
    else:
        where = next((k for k, old in enumerate(cells) if is_summary(old)), len(cells))
    cells.insert(where, cell)
    return {**notebook, "cells": cells}


def plan(folder: Path) -> list[tuple[Path, str, str]]:
    """For each notebook: (path, its text now, its text with current navigation and contents)."""
    found = entries(folder)
    changes = []
    for k, entry in enumerate(found):
        previous = found[k - 1] if k > 0 else None
        following = found[k + 1] if k + 1 < len(found) else None
        old = entry.path.read_text(encoding="utf-8")
        notebook = json.loads(old)
        if k == 0:
            notebook = with_contents(notebook, contents_text(found))
        else:
            notebook = {
                **notebook,
                "cells": [cell for cell in notebook["cells"] if not is_contents(cell)],
            }
        new = dumps(
            with_navigation(notebook, nav_text(previous, following, contents_link(found[0], entry)))
        )
        changes.append((entry.path, old, new))
    return changes


def readme_index(folder: Path) -> str:
    """The README's index of the students' copies: the two paths, as in the contents."""
    return index_text(entries(folder), "notebooks/")  # README links the students' copies


def main(argv: list[str] | None = None) -> int:
    """Command line: write (default), --check or --readme."""
    parser = argparse.ArgumentParser(
        description="Generate the prev/contents/next cells and the contents of the t24 notebooks."
    )
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=Path(__file__).resolve().parent.parent / "teacher",
        help="folder of NN-slug.ipynb notebooks (default: the teacher's sources, teacher/)",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--check", action="store_true", help="exit 1 if any navigation cell is missing or stale"
    )
    mode.add_argument(
        "--readme", action="store_true", help="print the notebook index for README.md"
    )
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"{args.folder} is not a folder")
    if args.readme:
        print(readme_index(args.folder))
        return 0
    stale = [(path, new) for path, old, new in plan(args.folder) if old != new]
    if args.check:
        for path, _ in stale:
            print(
                f"{path}: navigation or contents cells missing or stale; run tools/nav.py",
                file=sys.stderr,
            )
        return 1 if stale else 0
    for path, new in stale:
        path.write_text(new, encoding="utf-8")
        print(f"updated {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
