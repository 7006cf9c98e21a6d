#!/usr/bin/env python3
"""Write the "< prev | contents | next >" navigation cells of every lesson, and the contents.

Every teacher lesson (`teacher/NN-slug.ipynb`) starts and ends with a markdown cell tagged `nav`
linking the previous lesson, the contents and the next by title (each notebook's H1). Previous
and next follow the course's two paths, not the numbers, so the core week's last lesson leads to
the extension's first. The first lesson holds the contents (a cell tagged `nav-contents`, first
put before `## Summary`, then replaced where it stands): the two paths, each lesson with its
question. tools/students.py carries the cells into notebooks/ under the same names, so the same
links work in both folders. JupyterLab names a heading's anchor after its text with each space
turned into "-". A notebook is rewritten only when a generated cell changed.

    python tools/nav.py            write the navigation cells and the contents
    python tools/nav.py --check    exit 1 if any of them is missing or stale
    python tools/nav.py --readme   print the index to paste under README's ## Notebooks
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

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
    """One lesson: its file, H1 title and question (the first sentence after the H1)."""

    path: Path
    title: str
    description: str


def is_nav(cell: dict) -> bool:
    return TAG in cell.get("metadata", {}).get("tags", [])


def is_contents(cell: dict) -> bool:
    return CONTENTS_TAG in cell.get("metadata", {}).get("tags", [])


def first_sentence(paragraph: str) -> str:
    """The paragraph's first sentence: the lesson's concrete question, by the house style. A
    paragraph opening in bold opens with the question, perhaps two sentences: the bold part."""
    bold = re.match(r"\*\*((?:[^*]|\*(?!\*))+?)\*\*", paragraph)
    if bold:
        return bold.group(1).strip()
    match = SENTENCE_END.search(paragraph)
    return paragraph[: match.end()] if match else paragraph


def title(notebook: dict) -> tuple[str, str]:
    """The notebook's H1 title ("" without one) and the first sentence after it, on one line."""
    generated = [is_nav(c) or is_contents(c) for c in notebook.cells]
    words = [
        c.source for c, g in zip(notebook.cells, generated) if c.cell_type == "markdown" and not g
    ]
    text = "\n\n".join(words)
    match = re.search(r"^# +(.+?)\s*$", text, flags=re.MULTILINE)
    if not match:
        return "", ""
    after = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text[match.end() :]) if p.strip()]
    return match.group(1), first_sentence(after[0]) if after else ""


def entries(folder: Path) -> list[Entry]:
    """Every lesson of the folder with its title and question, in path order (a number on
    neither path last)."""
    order = CORE + EXTENSION
    found = sorted(
        (p for p in folder.iterdir() if NOTEBOOK_NAME.match(p.name)),
        key=lambda p: (order.index(p.name[:2]) if p.name[:2] in order else len(order), p),
    )
    found = [Entry(path, *title(nbformat.read(path, as_version=4))) for path in found]
    # (a lesson without an H1 is named after its file)
    return [e if e.title else Entry(e.path, e.path.stem[3:].replace("-", " "), "") for e in found]


def index_text(found: list[Entry], folder: str = "") -> str:
    """The two paths, each a list of its lessons: number, title (linked) and first sentence."""
    lines = []
    for label, lessons in PATHS.items():
        on = [entry for entry in found if (entry.path.name[:2] in CORE) == (lessons is CORE)]
        lines += [label, ""] if on else []
        for entry in on:
            link = f"[{entry.path.name[:2]} {entry.title}]({folder}{entry.path.name})"
            lines.append(f"- {link}: {entry.description}" if entry.description else f"- {link}")
        lines += [""] if on else []
    return "\n".join(lines).strip()


def generated(text: str, tag: str, cell_id: str) -> dict:
    """A markdown cell tagged `tag`, with a fixed id to keep diffs quiet."""
    return nbformat.v4.new_markdown_cell(text, id=cell_id, metadata={"tags": [tag]})


def with_navigation(notebook, found: list[Entry], k: int):
    """Lesson `k` of `found` with its navigation first and last (the first lesson with the
    contents too, where it was or before `## Summary`)."""
    cells = [cell for cell in notebook.cells if not is_nav(cell)]
    where = next((n for n, cell in enumerate(cells) if is_contents(cell)), None)
    cells = [cell for cell in cells if not is_contents(cell)]
    if k == 0:
        summary = (n for n, c in enumerate(cells) if re.match(r"\s*## +Summary\b", c.source))
        where = next(summary, len(cells)) if where is None else where
        text = f"## {CONTENTS_HEADING}\n\n{index_text(found)}"
        cells.insert(where, generated(text, CONTENTS_TAG, "nav-contents"))
    target = "" if k == 0 else found[0].path.name
    links = [f"[Contents]({target}#{CONTENTS_HEADING.replace(' ', '-')})"]
    if k > 0:
        links.insert(0, f"< [{found[k - 1].title}]({found[k - 1].path.name})")
    if k + 1 < len(found):
        links.append(f"[{found[k + 1].title}]({found[k + 1].path.name}) >")
    text = " | ".join(links)
    notebook.cells = [generated(text, TAG, "nav-top"), *cells, generated(text, TAG, "nav-bottom")]
    return notebook


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the navigation cells of the lessons.")
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=Path(__file__).resolve().parent.parent / "teacher",
        help="folder of NN-slug.ipynb notebooks (default: the teacher's sources, teacher/)",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if any is missing or stale")
    mode.add_argument("--readme", action="store_true", help="print the index for README.md")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"{args.folder} is not a folder")
    found, stale = entries(args.folder), 0
    if args.readme:
        print(index_text(found, "notebooks/"))  # the README links the students' copies
        return 0
    for k, entry in enumerate(found):
        old = entry.path.read_text(encoding="utf-8")
        new = nbformat.writes(with_navigation(nbformat.reads(old, as_version=4), found, k)) + "\n"
        if new == old:
            continue
        stale += 1
        if args.check:
            print(f"{entry.path}: navigation or contents stale; run tools/nav.py", file=sys.stderr)
        else:
            entry.path.write_text(new, encoding="utf-8")
            print(f"updated {entry.path}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
