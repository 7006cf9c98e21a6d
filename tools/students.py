#!/usr/bin/env python3
"""Make the students' copies of the lessons from the teacher's notebooks, with nbgrader.

Each `teacher/NN-slug.ipynb` is the one source of its lesson: the complete walkthrough with
solution regions and hidden tests marked the nbgrader way. nbgrader's `generate_assignment`, run
in a course folder, turns it into the copy a student gets: each solution region becomes
`# YOUR CODE HERE` + `raise NotImplementedError()`, hidden tests and outputs are removed, check
cells are locked. Then the code of cells tagged `reveal` is folded away
(`metadata.jupyter.source_hidden`) and an exercise's code cell is left as a comment (so the copy
runs top to bottom). The copies are handed out clean: no outputs, nothing run.

    python tools/students.py [TEACHER_NB ...]   write notebooks/NN-slug.ipynb (default: every lesson)
    python tools/students.py --check [...]      exit 1 naming every copy that differs from a
                                                fresh generation
    python tools/students.py --course DIR [...] make DIR an nbgrader course folder (its
                                                nbgrader_config.py, source/, release/, exchange/):
                                                release/ holds the same copies as notebooks/

A copy in notebooks/ that someone changed (a student's work) is never replaced: the tool writes
nothing and names it, unless told --force. It knows what it wrote from a record of its own
(notebooks/.written.json, not committed) or, in a fresh clone, from the last commit.

Each language with catalogues in translations/ (tools/translations.py) gets the same from the
English sources: teacher/zh-CN/ (executed here when its words changed), app/zh-CN/, the guides
and README.zh-CN.md, then notebooks/zh-CN/ made from teacher/zh-CN/ as above. A catalogue out of
step with the English stops it before anything is written, naming each stale paragraph.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from itertools import groupby
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import translations  # noqa: E402  (tools/translations.py, beside this file)

ROOT = Path(__file__).resolve().parent.parent
TEACHER, STUDENTS = ROOT / "teacher", ROOT / "notebooks"
RECORD = STUDENTS / ".written.json"
# The first lines of every translated notebook: the package speaks the notebook's language.
SETUP = 'from t24.text import use_language\n\nuse_language("{lang}")\n\n'
EXECUTE = [
    "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
    "--NotebookClient.store_widget_state=False", "--NotebookClient.record_timing=False",
]  # fmt: skip
REVEAL = "reveal"
STUB = "# YOUR CODE HERE\nraise NotImplementedError()"  # nbgrader's stub for a whole cell
CONFIG = """\
# nbgrader's settings for this course folder (made by t24's tools/students.py --course).
import os
import warnings

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "t24"
# The exchange (release_assignment, fetch, submit, collect) lives inside this folder, never in a
# system-wide one; every user may write into it, as nbgrader requires.
c.Exchange.root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "exchange")
# Two minutes for a cell when autograding (nbgrader's 30 s is short on a busy laptop).
c.Execute.timeout = 120
# Quiet grading: the grading kernel's warning about TCP on this computer's loopback, and
# SQLAlchemy's "not in session" warnings from nbgrader's gradebook, change nothing.
c.Execute.extra_arguments = ["--IPKernelApp.log_level=ERROR"]
warnings.filterwarnings("ignore", message="Object of type <.+> not in session")
"""


def dumps(notebook: dict) -> str:
    """The notebook as nbformat writes it: indent 1, sorted keys, non-ASCII kept, final newline."""
    return json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def load(path: Path) -> dict | None:
    """The notebook in a file, or None when it is not one (unreadable, not JSON)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def finish(notebook: dict) -> dict:
    """Fold away the code of cells tagged `reveal` (a student sees the button, not the answer),
    and leave an exercise's empty code cell as a comment, so the copy runs top to bottom."""
    for cell in notebook["cells"]:
        if REVEAL in cell.get("metadata", {}).get("tags", []):
            cell["metadata"].setdefault("jupyter", {})["source_hidden"] = True
        if "".join(cell.get("source", "")).strip() == STUB:
            cell["source"] = "# YOUR CODE HERE"
    return notebook


def generate(sources: list[Path], course: Path) -> list[Path]:
    """Release each teacher notebook in the nbgrader course folder `course`, finished; the
    release copies' paths."""
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    # nbgrader's gradebook runs `alembic` from the environment nbgrader is installed in.
    os.environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    config = Config()
    config.CourseDirectory.root = str(course)
    api = NbGraderAPI(config=config)
    written = []
    for source in sources:
        lesson = source.stem
        (course / "source" / lesson).mkdir(parents=True, exist_ok=True)
        shutil.copy(source, course / "source" / lesson / source.name)
        result = api.generate_assignment(lesson, force=True, create=True)
        if not result["success"]:
            raise SystemExit(f"nbgrader could not generate {source.name}:\n{result['log']}")
        release = course / "release" / lesson / source.name
        release.write_text(dumps(finish(load(release))), encoding="utf-8")
        written.append(release)
    return written


def committed(path: Path) -> dict | None:
    """The file as the clone's last commit holds it (None outside a git clone, or if new)."""
    try:
        done = subprocess.run(
            ["git", "show", f"HEAD:{path.relative_to(ROOT).as_posix()}"],
            cwd=ROOT,
            capture_output=True,
        )
    except OSError:  # no git on this computer
        return None
    return json.loads(done.stdout) if done.returncode == 0 else None


def digest(notebook: dict) -> str:
    return hashlib.sha256(dumps(notebook).encode()).hexdigest()


def changed(fresh: list[tuple[Path, Path]]) -> list[Path]:
    """The copies in notebooks/ that the fresh ones would replace although this tool did not
    write them as they are now (edited by hand, or a student's work)."""
    record = load(RECORD) or {}
    found = []
    for new, path in fresh:
        if not path.exists():
            continue
        now = load(path)
        if now is None or (
            now != load(new)
            and digest(now) != record.get(path.relative_to(STUDENTS).as_posix())
            and now != committed(path)
        ):
            found.append(path)
    return found


def words(notebook: dict | None) -> list:
    """What a translation decides in a notebook: each cell's kind and text (not its outputs)."""
    cells = (notebook or {}).get("cells", [])
    return [(cell["cell_type"], "".join(cell["source"])) for cell in cells]


def write(target: Path, done: str | dict) -> None:
    """Write a translated file; a translated notebook only once it has run top to bottom, as
    make execute runs it (a notebook whose cell fails is not written)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(done, str):
        target.write_text(done, encoding="utf-8")
        return
    running = target.with_name(f".{target.stem}.running.ipynb")
    running.write_text(dumps(done), encoding="utf-8")
    if subprocess.run([*EXECUTE, str(running)], cwd=target.parent).returncode:
        running.unlink()
        raise SystemExit(f"{target.relative_to(ROOT)}: a cell failed when it ran (above)")
    running.replace(target)
    subprocess.run([sys.executable, str(ROOT / "tools" / "stable_ids.py"), str(target)])


def translated(check: bool) -> tuple[list[Path], list[Path]]:
    """Write (or with `check`, compare) every translated source; the stale files, and the
    translated teacher lessons to make students' copies from. Exits naming stale catalogues."""
    stale, lessons, problems = [], [], []
    for lang in translations.languages():
        for source in translations.sources():
            target = source.output(lang)
            try:
                done = translations.translate(source, lang, setup=SETUP.format(lang=lang))
            except translations.Stale as error:
                problems.append(str(error))
                continue
            if target.parent == TEACHER / lang.replace("_", "-") and target.suffix == ".ipynb":
                lessons.append(target)
            if isinstance(done, str):
                same = target.exists() and target.read_text(encoding="utf-8") == done
            else:
                same = words(load(target)) == words(done)
            if not same:
                stale.append(target)
            if not (same or check):
                write(target, done)
                print(f"wrote {target.relative_to(ROOT)}")
    if problems:
        raise SystemExit(
            "\n".join(problems) + "\nTranslate them (tools/translations.py), then run again."
        )
    return stale, lessons


def main(argv: list[str] | None = None) -> int:
    """Command line: write notebooks/ (default), --check it, or make a --course folder."""
    parser = argparse.ArgumentParser(description="Make the students' copies of the lessons.")
    parser.add_argument(
        "sources", nargs="*", type=Path, help="teacher notebooks (default: teacher/NN-*.ipynb)"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if any copy is out of date")
    mode.add_argument("--course", type=Path, metavar="DIR", help="make an nbgrader course folder")
    mode.add_argument("--force", action="store_true", help="replace copies someone has changed")
    args = parser.parse_args(argv)
    sources = args.sources or sorted(TEACHER.glob("[0-9][0-9]-*.ipynb"))
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(missing)}")
    if args.course:
        (args.course / "exchange").mkdir(parents=True, exist_ok=True)
        (args.course / "exchange").chmod(
            0o777
        )  # as release_assignment would make it, with a warning
        if not (args.course / "nbgrader_config.py").exists():
            (args.course / "nbgrader_config.py").write_text(CONFIG, encoding="utf-8")
        for path in generate(sources, args.course.resolve()):
            print(f"wrote {path}")
        return 0
    stale, lessons = ([], []) if args.sources else translated(args.check)
    # One nbgrader course per folder: each new course's gradebook costs seconds to set up.
    folders = {STUDENTS: sources} | {
        STUDENTS / name: list(paths) for name, paths in groupby(lessons, lambda p: p.parent.name)
    }
    fresh = []  # (the copy just made, where it goes)
    with tempfile.TemporaryDirectory() as temporary:
        for number, (folder, teacher) in enumerate(folders.items()):
            course = Path(temporary) / str(number)
            course.mkdir()
            fresh += [(new, folder / new.name) for new in generate(teacher, course)]
        if args.check:
            stale += [path for new, path in fresh if load(path) != load(new)]
            for path in stale:
                print(
                    f"{path.relative_to(ROOT)}: differs from its source; run tools/students.py",
                    file=sys.stderr,
                )
            return 1 if stale else 0
        kept = [] if args.force else changed(fresh)
        if kept:
            names = "\n  ".join(str(path.relative_to(ROOT)) for path in kept)
            print(
                f"These copies were changed since they were made, so nothing was written:\n  {names}\n"
                "Move them elsewhere to keep them (e.g. into a folder of your own), or run again "
                "with --force to replace them.",
                file=sys.stderr,
            )
            return 1
        record = load(RECORD) or {}
        for new, path in fresh:
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(new, path)
            record[path.relative_to(STUDENTS).as_posix()] = digest(load(new))
            print(f"wrote {path.relative_to(ROOT)}")
        RECORD.write_text(dumps(record), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
