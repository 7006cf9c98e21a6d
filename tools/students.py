#!/usr/bin/env python3
"""Make the students' copies of the lessons from the teacher's notebooks, with nbgrader: each
solution a stub in the edition's language, hidden tests and outputs gone, checks locked, the code
of cells tagged `reveal` folded away, an exercise's code cell left as its comment (so the copy
runs top to bottom). The copies are handed out clean, nothing run.

    python tools/students.py [TEACHER_NB ...]   write notebooks/ (default: every lesson), and
                                                carry each translated edition along
    python tools/students.py --check [...]      exit 1 naming each copy or catalogue out of date
    python tools/students.py --course DIR [...] make DIR an nbgrader course folder (its release/
                                                holds the same copies as notebooks/)
    python tools/students.py --course DIR --hand-in STUDENT FILE
                                                a copy handed in by hand, into submitted/ as
                                                nbgrader's submit puts it (for its feedback)
    python tools/students.py --execute NB ...   run notebooks top to bottom in place (make execute)

Nothing this tool did not write is replaced (a student's work, a teacher's edited source in a
course, a copy handed in): it writes nothing and names them, unless --force. It knows what it
wrote by content, never by git history: `.written-sha256.json` in the folder (committed with
notebooks/, so a fresh clone knows them) holds the sha256 of each file as written.

Each language of translations/ gets the same from the English (only the lessons named, if any):
teacher/zh-CN/ (run when its words changed), the app's pages, the guides, README, notebooks/zh-CN/.
An English edit never stops it: a changed paragraph keeps its last translation (fuzzy), a new one
shows its English under 「待翻译」, and the run ends listing what to translate. `--check` is strict.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import secrets
import shutil
import sys
import tempfile
from itertools import groupby
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import translations  # noqa: E402  (tools/translations.py, beside this file)

ROOT = Path(__file__).resolve().parent.parent
TEACHER, STUDENTS = ROOT / "teacher", ROOT / "notebooks"
RECORD = ".written-sha256.json"  # in each folder written to: path -> sha256 of the file as written
# The first lines of every translated notebook: the package speaks the notebook's language.
SETUP = 'from t24.text import use_language\n\nuse_language("{lang}")\n\n'
# nbgrader's placeholders where a student writes (code, then a written answer), by the folder of
# the lessons: a translated edition's copies say them in its language. The code's stub keeps
# `raise NotImplementedError()`, by which the checks know a function not written yet.
STUBS = {
    "": ("# YOUR CODE HERE", "YOUR ANSWER HERE"),  # nbgrader's own
    "zh-CN": ("# 在这里写你的代码", "在这里写你的答案"),
}
RAISE = "\nraise NotImplementedError()"
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
# Each check cell is judged again apart from the student's kernel, in a fresh Python given the
# cells above it, and scores 0 unless it passes there too: nothing a notebook rebinds counts.
from t24.notebook.grading import autograde_preprocessors  # noqa: E402

c.Autograde.autograde_preprocessors = autograde_preprocessors()
"""


def dumps(notebook: dict) -> str:
    """The notebook as nbformat writes it: indent 1, sorted keys, non-ASCII kept, final newline."""
    return json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def load(path: Path) -> dict | None:
    """The JSON in a file, or None when there is none (unreadable, not JSON)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def stubs(sources: list[Path]) -> tuple[str, str]:
    """nbgrader's placeholders for the lessons `sources`: their edition's, else nbgrader's own."""
    return STUBS.get(sources[0].parent.name if sources else "", STUBS[""])


def finish(notebook: dict, code: str = STUBS[""][0]) -> dict:
    """Fold away the code of cells tagged `reveal` (a student sees the button, not the answer),
    and leave an exercise's empty code cell as its comment `code`, so the copy runs through."""
    for cell in notebook["cells"]:
        if "reveal" in cell.get("metadata", {}).get("tags", []):
            cell["metadata"].setdefault("jupyter", {})["source_hidden"] = True
        # (an exercise whose words a draft translation left in English keeps no English here)
        text = "".join(cell.get("source", "")).strip()
        if text.removeprefix(f"# {translations.TODO}\n") == code + RAISE:
            cell["source"] = code
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
    code, text = stubs(sources)
    config.ClearSolutions.code_stub = {"python": code + RAISE}
    config.ClearSolutions.text_stub = text
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
        release.write_text(dumps(finish(load(release), code)), encoding="utf-8")
        written.append(release)
    return written


def digest(path: Path) -> str | None:
    """The sha256 of a file's text (line endings as git may turn them), None if there is none."""
    try:
        return hashlib.sha256(path.read_bytes().replace(b"\r\n", b"\n")).hexdigest()
    except OSError:
        return None


def someones(fresh: list[tuple[Path, Path]], folder: Path) -> list[Path]:
    """Of (the new file, where it goes), the places holding something this tool did not write as
    it is now: neither the new content nor what `folder`'s record says it last wrote there."""
    record = load(folder / RECORD) or {}
    found = []
    for new, path in fresh:
        now = digest(path)
        if now not in (None, digest(new), record.get(path.relative_to(folder).as_posix())):
            found.append(path)
    return found


def refuse(found: list[Path], make: str = "") -> int:
    """Name the files kept and the option that replaces them (and its `make` form); exit code 1."""
    names = "\n  ".join(
        str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path) for path in found
    )
    print(
        f"These files were changed since this tool wrote them (or it never did), so nothing was "
        f"written:\n  {names}\nMove them elsewhere to keep them (e.g. into a folder of your own), "
        f"or run again with --force{make} to replace them.",
        file=sys.stderr,
    )
    return 1


def remember(paths: list[Path], folder: Path) -> None:
    """Record the content of each file just written into `folder`, in its record."""
    record = load(folder / RECORD) or {}
    record |= {path.relative_to(folder).as_posix(): digest(path) for path in paths}
    (folder / RECORD).write_text(dumps(record), encoding="utf-8")


def hand_in(course: Path, student: str, notebook: Path, force: bool) -> int:
    """Put a copy handed in by hand where nbgrader's collect would: submitted/STUDENT/NN-slug/,
    with the timestamp.txt and submission_secret.txt its feedback steps read."""
    lessons = [
        p.name for p in (course / "source").glob("[0-9][0-9]-*") if p.name[:3] == notebook.name[:3]
    ]
    if len(lessons) != 1 or not student or Path(student).name != student or student.startswith("."):
        raise SystemExit(
            f"cannot hand in {notebook} for {student!r}: give a student's id (a plain name) and a "
            f"notebook named after its lesson in {course / 'source'} (e.g. 01-pattern-strings.ipynb)"
        )
    folder = course / "submitted" / student / lessons[0]
    target = folder / f"{lessons[0]}.ipynb"
    if not force and digest(target) not in (None, digest(notebook)):
        return refuse([target])
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(notebook, target)
    now = datetime.datetime.now(datetime.timezone.utc)  # as nbgrader's submit writes it
    (folder / "timestamp.txt").write_text(now.strftime("%Y-%m-%d %H:%M:%S.%f %Z"), encoding="utf-8")
    (folder / "submission_secret.txt").write_text(secrets.token_hex(64), encoding="utf-8")
    print(f"handed in {target}")
    return 0


def execute(path: Path, notebook: dict | None = None) -> None:
    """Run a notebook (by default the one at `path`) top to bottom in a fresh kernel in its
    folder, then write it to `path`; a notebook whose cell fails is not written. No widget state
    is saved, so a widget output's id points at nothing: each gets one made from its place, as a
    random one would change every widget cell on each run."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.from_dict(notebook or nbformat.read(path, as_version=4))
    folder = {"metadata": {"path": str(path.parent)}}
    # The kernel talks only to this process; its warning about TCP without encryption is noise.
    quiet = ["--IPKernelApp.log_level=ERROR"]
    client = NotebookClient(
        notebook,
        store_widget_state=False,
        record_timing=False,
        resources=folder,
        extra_arguments=quiet,
    )
    try:
        client.execute()
    except CellExecutionError as error:
        raise SystemExit(f"{path}: a cell failed when it ran:\n{error}") from None
    for number, cell in enumerate(notebook.cells):
        for position, output in enumerate(cell.get("outputs", [])):
            view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view is not None:
                seed = f"{path.name}:{number}:{position}".encode()
                view["model_id"] = hashlib.sha1(seed).hexdigest()[:32]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")


def translated(check: bool, english: list[Path] | None) -> tuple[list[Path], list[Path], list[str]]:
    """Write (or with `check`, compare) every translated source (of the `english` lessons, if
    given); the stale files, the translated teacher lessons to make students' copies from, and
    what is left to translate. With `check`, exits naming stale catalogues."""
    stale, lessons, problems = [], [], []
    for lang in translations.languages():
        chosen = [s for s in translations.sources() if english is None or s.english in english]
        if chosen and not check:  # a changed paragraph keeps its translation, as fuzzy
            translations.update(lang, [source.name for source in chosen])
        for source in chosen:
            target = source.output(lang)  # (with `check`, any problem below stops the run)
            done = translations.translate(source, lang, SETUP.format(lang=lang), problems)
            if target.parent == TEACHER / lang.replace("_", "-") and target.suffix == ".ipynb":
                lessons.append(target)
            old = translations.read(target) if target.exists() else None
            if old is not None and translations.words(old) == translations.words(done):
                continue
            stale.append(target)
            if check:
                continue
            if isinstance(done, str):
                target.write_text(done, encoding="utf-8")
            else:  # as make execute runs it
                execute(target, done)
            print(f"wrote {target.relative_to(ROOT)}")
    if problems and check:
        raise SystemExit(
            "\n".join(problems) + "\nTranslate them (tools/translations.py), then run again."
        )
    return stale, lessons, problems


def course_folder(course: Path, sources: list[Path], force: bool) -> int:
    """Make or bring up to date an nbgrader course folder, never over a teacher's edited source."""
    there = [(path, course / "source" / path.stem / path.name) for path in sources]
    kept = [] if force else someones(there, course)
    if kept:
        return refuse(kept)
    (course / "exchange").mkdir(parents=True, exist_ok=True)
    (course / "exchange").chmod(0o777)  # as release_assignment would make it, with a warning
    if not (course / "nbgrader_config.py").exists():
        (course / "nbgrader_config.py").write_text(CONFIG, encoding="utf-8")
    for path in generate(sources, course):
        print(f"wrote {path}")
    remember([path for _, path in there], course)
    return 0


def copies(sources: list[Path], every: bool, check: bool, force: bool) -> int:
    """Write (or `check`) every language's edition first (of every translated source too, if
    `every`), then the students' copies; then name what is left to translate."""
    stale, lessons, todo = translated(check, None if every else [s.resolve() for s in sources])
    code = students_copies(sources, stale, lessons, check, force)
    if todo:
        print(
            "\nTo translate (meanwhile the edition shows each changed paragraph's last translation, "
            f"and the English of a new one under {translations.TODO}):\n" + "\n".join(todo)
        )
    return code


def students_copies(
    sources: list[Path], stale: list[Path], lessons: list[Path], check: bool, force: bool
) -> int:
    """Write (or `check`) the students' copies of the English `sources` and translated `lessons`;
    with `check`, name each of them or of the `stale` translated files out of date."""
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
        if check:
            stale += [path for new, path in fresh if load(path) != load(new)]
            for path in stale:
                print(
                    f"{path.relative_to(ROOT)}: differs from its source; run tools/students.py",
                    file=sys.stderr,
                )
            return 1 if stale else 0
        kept = [] if force else someones(fresh, STUDENTS)
        if kept:
            return refuse(kept, " (make students FORCE=1)")
        for new, path in fresh:
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(new, path)
            print(f"wrote {path.relative_to(ROOT)}")
        remember([path for _, path in fresh], STUDENTS)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command line: write notebooks/ (default), --check it, make a --course folder, --execute."""
    parser = argparse.ArgumentParser(description="Make the students' copies of the lessons.")
    parser.add_argument(
        "sources", nargs="*", type=Path, help="teacher notebooks (default: teacher/NN-*.ipynb)"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if any copy is out of date")
    mode.add_argument("--course", type=Path, metavar="DIR", help="make an nbgrader course folder")
    mode.add_argument("--execute", action="store_true", help="run the notebooks, in place")
    parser.add_argument(
        "--hand-in",
        nargs=2,
        metavar=("STUDENT", "FILE"),
        help="with --course: put a copy handed in by hand into DIR/submitted/STUDENT/",
    )
    parser.add_argument("--force", action="store_true", help="replace files someone has changed")
    args = parser.parse_args(argv)
    sources = args.sources or sorted(TEACHER.glob("[0-9][0-9]-*.ipynb"))
    if args.hand_in:
        if not args.course:
            parser.error("--hand-in needs --course DIR, the course folder")
        sources = [Path(args.hand_in[1])]
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(missing)}")
    if args.execute:
        for path in sources:
            execute(path)
        return 0
    if args.hand_in:
        return hand_in(args.course.resolve(), args.hand_in[0], sources[0], args.force)
    if args.course:
        return course_folder(args.course.resolve(), sources, args.force)
    return copies(sources, not args.sources, args.check, args.force)


if __name__ == "__main__":
    raise SystemExit(main())
