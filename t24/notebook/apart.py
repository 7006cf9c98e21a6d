"""Grades judged apart from the student's kernel: each graded cell `passed = check_X(f)` is run
again in a fresh interpreter, which gets the notebook's cells up to it with t24's own answers to
that exercise hidden (as the check declares them, `lesson`), calls the attempt on the check's cases and writes back plain data
(JSON) of what came back; the check itself then judges that data in the grading process, where
no line of the student's ran. Whatever a cell rebinds in the kernel (a name, a module's
attribute, a builtin) never reaches the grade: the child's data are only ever what the function
gave back, and the answers they are compared with are worked out here.

    judge(cells, index) -> (passed, sentence)   the graded code cell `cells[index]`, apart
"""

from __future__ import annotations

import contextlib
import io
import json
import linecache
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator, KeysView, ValuesView
from fractions import Fraction
from itertools import islice
from unittest.mock import patch

from ..expr import BinOp, Num
from ..text import N_, _, use_language
from .checks import STOPPED

LANGUAGE = re.compile(r'^use_language\("(\w+)"\)', flags=re.M)
GRADED = re.compile(r"\w+ = (check_\w+)\((\w+)\)$", flags=re.M)  # `passed = check_X(f)`, first
TIMEOUT = 300  # seconds for one child: the cells above the check and every case
MOST = 10**5  # items of a list written back; more is more than any answer
STOPS = {**STOPPED, NotImplementedError: "stub"}  # each way out but an error, as plain data
# TRANSLATORS: the detail of an error when a check judged apart has nothing from the attempt
NOT_RUN = N_("nothing came back from it when it ran apart from the notebook")


def _cell(cell: dict) -> tuple[str, dict, list]:
    source = cell.get("source", "")
    source = "".join(source) if isinstance(source, list) else source
    metadata = cell.get("metadata", {})
    return source, metadata.get("nbgrader", {}), metadata.get("tags", [])


def job(cells: list[dict], index: int) -> dict | None:
    """What the child needs for the graded cell `cells[index]`: the code of every cell above it
    but the other checks and the reveal buttons, the check's name and the function's."""
    from ..lessons import every_check

    named = GRADED.match(_cell(cells[index])[0])  # the check and the function it is given
    if named is None or named[1] not in every_check():
        return None  # not one of t24's checks: nbgrader grades it as it is
    code = []
    for cell in cells[:index]:
        source, grading, tags = _cell(cell)
        checked = grading.get("grade") and not grading.get("solution")
        if cell.get("cell_type") == "code" and not checked and "reveal" not in tags:
            code.append(source)
    return {"cells": code, "check": named[1], "function": named[2]}


# Plain data both ways: what JSON holds as it is, a list as a list, and a one-key object
# {tag: parts} for each other kind, its parts written the same way.
PARTS = {
    Fraction: ("fraction", lambda v: [v.numerator, v.denominator]),
    Num: ("num", lambda v: v.n),
    BinOp: ("binop", lambda v: [v.op, v.left, v.right]),
    tuple: ("tuple", list),
    set: ("set", list),
    frozenset: ("frozenset", list),
    dict: ("dict", lambda v: [list(item) for item in v.items()]),
}
BUILD = {
    "fraction": lambda parts: Fraction(*parts),
    "num": Num,
    "binop": lambda parts: BinOp(*parts),
    "tuple": tuple,
    "set": set,
    "frozenset": frozenset,
    "iterator": iter,
    "dict": dict,
    "object": lambda parts: type(str(parts[0]), (Other,), {})(*map(str, parts)),
}


def encode(value, depth: int = 0):
    """A value as JSON data; what is not plain data becomes its type's name and its repr."""
    for plain in (int, str, float):  # a subclass counts by the value it holds, not its `==`
        if isinstance(value, plain) and type(value) not in (bool, plain):
            value = getattr(plain, f"__{plain.__name__}__")(value)
    kind = type(value)
    if value is None or kind in (bool, str, float) or kind is int and value.bit_length() < 4000:
        return value
    sized = kind not in (list, tuple, set, frozenset, dict) or len(value) <= MOST
    if depth < 50 and sized and kind is list:
        return [encode(item, depth + 1) for item in value]
    if depth < 50 and sized and kind in PARTS:
        tag, parts = PARTS[kind]
        return {tag: encode(parts(value), depth + 1)}
    numpy = sys.modules.get("numpy")
    if numpy and isinstance(value, numpy.generic | numpy.ndarray) and value.dtype.kind in "biuf":
        tag = "ndarray" if isinstance(value, numpy.ndarray) else "numpy"
        return {tag: [value.dtype.str, encode(value.tolist(), depth + 1)]}
    try:
        shown = repr(value)[:2000]
    except Exception:  # noqa: BLE001 -- a repr that raises
        shown = ""
    return {"object": [kind.__name__, shown]}


class Other:
    """A value that came back as no plain data: equal only to one of its type and repr."""

    def __init__(self, kind: str, shown: str):
        self.kind, self.shown = kind, shown

    def __eq__(self, other):
        return isinstance(other, Other) and (self.kind, self.shown) == (other.kind, other.shown)

    def __hash__(self):
        return hash((self.kind, self.shown))

    def __repr__(self):
        return self.shown or self.kind


class Unreadable:
    """Data that rebuilds no value: equal to nothing but itself."""

    def __repr__(self):
        return "?"


def decode(data):
    """The value `encode` wrote; data that rebuilds none is `Unreadable`."""
    if isinstance(data, list):
        return [decode(item) for item in data]
    if not isinstance(data, dict):
        return data
    try:
        ((tag, parts),) = data.items()
        if tag in BUILD:
            return BUILD[tag](decode(parts))
        import numpy

        dtype = numpy.dtype(parts[0])
        if dtype.kind not in "biuf" or tag not in ("numpy", "ndarray"):
            raise ValueError(tag)
        array = numpy.array(decode(parts[1]), dtype=dtype)
        return array if tag == "ndarray" else dtype.type(array)
    except (ValueError, TypeError, AttributeError, IndexError, ZeroDivisionError, RecursionError):
        return Unreadable()


def key(case) -> str:
    """A case's arguments as one text, the same in the child and here."""
    return json.dumps(encode(case), sort_keys=True)


# The child: a fresh interpreter (`python -I`) given the job on stdin.
def without_magics(source: str) -> str:
    """A cell's Python: IPython's `%` and `!` lines left out (a `%%` cell is left out whole)."""
    if source.lstrip().startswith("%%"):
        return ""
    return "".join(
        "\n" if line.lstrip().startswith(("%", "!")) else line
        for line in source.splitlines(keepends=True)
    )


def outcome(attempt, case) -> dict:
    """What the attempt did with a copy of one case: what it gave back (or raised), what it
    printed, and its arguments after the call."""
    from . import checks

    def keep(got):
        if isinstance(got, Iterator | KeysView | ValuesView):
            return {"iterator": [encode(x) for x in islice(got, MOST)]}
        return encode(got)

    args, got, failed, printed, _used = checks.run(attempt, case, {}, keep=keep)
    done = {"case": key(case), "printed": printed}
    if isinstance(failed, checks.Shortcut):
        done["raised"] = shortcut_said(*failed.args)
    elif failed is not None:
        name = next((STOPS[t] for t in STOPS if isinstance(failed, t)), "error")
        done["raised"] = [name, type(failed).__name__]
    else:
        done |= {"got": got, "args": encode(list(args))}
    return done


def shortcut_said(why: str, words: dict) -> list:
    """A shortcut as plain data: the key of its question, and the name of what it called."""
    from ..lessons import questions

    asked = [key for key, text in questions().items() if text == why] or ["own_function"]
    return ["shortcut", asked[0], str(words.get("name", ""))]


def child() -> None:
    """Run the job on stdin: hide the exercise's answers (as the kernel's check does, `watching`),
    run the cells, then the check's cases through a recorder in place of `check`; write the
    outcomes to the file named."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    task = json.loads(sys.stdin.read())
    from ..lessons import every_check
    from . import checks

    lesson = every_check()[task["check"]]
    space = {"__name__": "__main__", "__builtins__": __builtins__}
    outcomes = []
    write = json.dumps
    path = task["out"]
    opened = open
    with checks.watching(lesson.hidden, lesson.allowed) as used:  # before any line of the cells
        for number, source in enumerate(task["cells"]):
            name = f"<cell {number}>"
            linecache.cache[name] = (len(source), None, source.splitlines(keepends=True), name)
            with contextlib.suppress(BaseException), contextlib.redirect_stdout(io.StringIO()):
                exec(compile(without_magics(source), name, "exec"), space)  # noqa: S102

        def record(attempt, expected, cases, **options) -> bool:
            for case in cases:
                used.clear()
                outcomes.append(outcome(attempt, case))
                if used:  # a call it caught and went on from
                    why = lesson.hidden[used[0]]
                    outcomes[-1]["raised"] = shortcut_said(
                        why, {"name": checks.shown_name(used[0])}
                    )
            return True

        quiet = contextlib.redirect_stdout(io.StringIO())
        with contextlib.suppress(BaseException), quiet, patch.object(checks, "check", record):
            lesson(space[task["function"]])
    with opened(path, "w", encoding="utf-8") as out:
        out.write(write(outcomes))


def run_child(task: dict) -> list:
    """Run one job in a fresh interpreter; the outcomes it wrote back (none if it failed)."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "outcomes.json")
        program = "from t24.notebook.apart import child; child()"  # not words: code
        with contextlib.suppress(subprocess.TimeoutExpired):
            subprocess.run(
                [sys.executable, "-I", "-c", program],
                input=json.dumps({**task, "out": out}),
                capture_output=True,
                text=True,
                cwd=folder,
                timeout=TIMEOUT,
            )
        try:
            with open(out, encoding="utf-8") as written:
                data = json.loads(written.read(50 * 2**20))
        except (OSError, ValueError, RecursionError):
            return []
    return [d for d in data if isinstance(d, dict)] if isinstance(data, list) else []


def replay(name: str, outcomes: list) -> tuple[bool, str]:
    """The check `name` of t24/lessons/, run here on what came back from the child: each case's
    outcome is what a stand-in for the attempt gives back (or raises)."""
    from ..lessons import every_check, questions
    from . import checks

    lesson = every_check()[name]
    names = {checks.shown_name(function) for function in lesson.hidden}
    by_case = {done.get("case"): done for done in reversed(outcomes)}
    raising = {word: stop for stop, word in STOPS.items()}

    def stand_in(*args):
        done = by_case.get(key(args))
        if done is None:
            raise RuntimeError(_(NOT_RUN))
        print(str(done.get("printed", ""))[:200], end="")
        raised = done.get("raised")
        if isinstance(raised, list) and len(raised) in (2, 3):
            kind, detail, *called = map(str, raised)
            if kind == "shortcut":  # said with the name of one of the check's hidden functions
                why = questions().get(detail, checks.ASK["own_function"])
                raise checks.Shortcut(why, {"name": next(iter(names & {*called}), "t24")})
            raise raising.get(kind, RuntimeError)(detail)
        if raised is not None:
            raise RuntimeError(_(NOT_RUN))
        after = decode(done.get("args"))
        for arg, changed in zip(args, after if isinstance(after, list) else []):
            if isinstance(arg, list) and isinstance(changed, list):
                arg[:] = changed
        return decode(done.get("got"))

    def apart(attempt, expected, cases, **options) -> bool:
        return check(stand_in, expected, cases, **options)

    check = checks.check
    said = io.StringIO()
    placeholder = lambda *args: stand_in(*args)  # noqa: E731 -- what the check readies
    with contextlib.redirect_stdout(said), patch.object(checks, "check", apart):
        passed = lesson(placeholder)
    return passed is True, said.getvalue().strip()


def judge(cells: list[dict], index: int) -> tuple[bool, str] | None:
    """The graded code cell `cells[index]` judged apart: whether it passes and the sentence its
    check says; None when the cell is not one of t24's checks."""
    task = job(cells, index)
    if task is None:
        return None
    chosen = LANGUAGE.search("".join(task["cells"][:1]))  # a translated lesson's first line
    use_language(chosen and chosen[1])
    try:
        return replay(task["check"], run_child(task))
    finally:
        use_language(None)
