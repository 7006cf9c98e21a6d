#!/usr/bin/env python3
"""Make the students' copies of the lessons from the teacher's notebooks, with nbgrader.

Each `teacher/NN-slug.ipynb` is the one source of its lesson: the complete walkthrough with
solution regions and hidden tests marked the nbgrader way. nbgrader's `generate_assignment`, run
in a temporary course folder, turns it into the copy a student gets: each solution region becomes
`# YOUR CODE HERE` + `raise NotImplementedError()`, hidden tests and outputs are removed, check
cells are locked. Then the code of cells tagged `reveal` is folded away
(`metadata.jupyter.source_hidden`), an exercise's code cell is left as a comment (so the copy runs
top to bottom), and the copy is written to `notebooks/NN-slug.ipynb`. The navigation cells of the
source are carried over unchanged.

    python tools/students.py [TEACHER_NB ...]   write the students' copies (default: every lesson)
    python tools/students.py --execute ...      and run each copy top to bottom, outputs kept
    python tools/students.py --check [...]      exit 1 naming every copy whose cells differ from
                                                a fresh generation (outputs are not compared)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEACHER, STUDENTS = ROOT / "teacher", ROOT / "notebooks"
REVEAL = "reveal"
STUB = "# YOUR CODE HERE\nraise NotImplementedError()"  # nbgrader's stub for a whole cell


def dumps(notebook: dict) -> str:
    """The notebook as nbformat writes it: indent 1, sorted keys, non-ASCII kept, final newline."""
    return json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def finish(notebook: dict) -> dict:
    """Fold away the code of cells tagged `reveal` (a student sees the button, not the answer),
    and leave an exercise's empty code cell as a comment, so the copy runs top to bottom."""
    for cell in notebook["cells"]:
        if REVEAL in cell.get("metadata", {}).get("tags", []):
            cell["metadata"].setdefault("jupyter", {})["source_hidden"] = True
        if "".join(cell.get("source", "")).strip() == STUB:
            cell["source"] = "# YOUR CODE HERE"
    return notebook


def generate(sources: list[Path], folder: Path) -> list[Path]:
    """Write the students' copy of each teacher notebook into `folder`; the paths written."""
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    # nbgrader's gradebook runs `alembic` from the environment nbgrader is installed in.
    os.environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    written = []
    with tempfile.TemporaryDirectory() as course:
        config = Config()
        config.CourseDirectory.root = course
        api = NbGraderAPI(config=config)
        for source in sources:
            lesson = source.stem
            (Path(course) / "source" / lesson).mkdir(parents=True)
            shutil.copy(source, Path(course) / "source" / lesson / source.name)
            result = api.generate_assignment(lesson, force=True, create=True)
            if not result["success"]:
                raise SystemExit(f"nbgrader could not generate {source.name}:\n{result['log']}")
            release = Path(course) / "release" / lesson / source.name
            notebook = finish(json.loads(release.read_text(encoding="utf-8")))
            target = folder / source.name
            target.write_text(dumps(notebook), encoding="utf-8")
            written.append(target)
    return written


def execute(paths: list[Path]) -> None:
    """Run each notebook top to bottom in a fresh kernel, keeping outputs but no widget state."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute"]
    command += ["--inplace", "--NotebookClient.store_widget_state=False"]
    command += ["--NotebookClient.record_timing=False"]
    for path in paths:
        if subprocess.run([*command, str(path)], env=env).returncode:
            raise SystemExit(f"{path} stopped with an error when run (see above)")
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "stable_ids.py"), *map(str, paths)], check=True
    )


def cells(path: Path) -> list[tuple]:
    """What a copy's cells say, outputs left out: type, source, tags, nbgrader and folding."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in notebook["cells"]:
        text = cell.get("source", "")
        meta = cell.get("metadata", {})
        found.append(
            (
                cell["cell_type"],
                text if isinstance(text, str) else "".join(text),
                meta.get("tags", []),
                meta.get("nbgrader"),
                meta.get("jupyter"),
            )
        )
    return found


def stale(sources: list[Path]) -> list[Path]:
    """The students' copies that are missing or whose cells differ from a fresh generation."""
    with tempfile.TemporaryDirectory() as fresh:
        found = []
        for new in generate(sources, Path(fresh)):
            committed = STUDENTS / new.name
            if not committed.exists() or cells(committed) != cells(new):
                found.append(committed)
        return found


def main(argv: list[str] | None = None) -> int:
    """Command line: write (default), --execute or --check."""
    parser = argparse.ArgumentParser(description="Make the students' copies of the lessons.")
    parser.add_argument(
        "sources", nargs="*", type=Path, help="teacher notebooks (default: teacher/NN-*.ipynb)"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--execute", action="store_true", help="run each copy after writing it")
    mode.add_argument("--check", action="store_true", help="exit 1 if any copy is out of date")
    args = parser.parse_args(argv)
    sources = args.sources or sorted(TEACHER.glob("[0-9][0-9]-*.ipynb"))
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(missing)}")
    if args.check:
        out_of_date = stale(sources)
        for path in out_of_date:
            print(
                f"{path}: differs from its teacher notebook; run tools/students.py", file=sys.stderr
            )
        return 1 if out_of_date else 0
    written = generate(sources, STUDENTS)
    if args.execute:
        execute(written)
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
