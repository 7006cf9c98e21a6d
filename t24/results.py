"""The benchmark results the lessons plot (shipped in `measured/`) and a timed solve for the lab."""

import csv
import json
import random
import time
from importlib import resources
from pathlib import Path

from . import deck, solver
from .hand import InputError
from .text import N_, _, said

MODE_WORDS = {
    "all": N_("all answers"),
    "distinct": N_("distinct answers"),
    "first": N_("first answer"),
    "can_make": N_("can it be made?"),
}
CLOCK = time.process_time  # a method's own work, whatever else the machine runs
FILES = ("meta.json", "deck.csv", "growth.csv", "summary.json")  # what the lessons read
COLUMNS = {  # the CSV files' header lines
    "deck": "scope,method,mode,hand,seconds,answers",
    "growth": "count,method,mode,hands,seconds_median,seconds_max,candidates,refused",
    "peers": "solver,hands,seconds,answers,ratio_vs_t24,checked_ok",
}
TEXT_COLUMNS = {"scope", "method", "mode", "hand", "solver"}  # the others hold numbers
DAMAGED = (OSError, ValueError, LookupError, TypeError, AttributeError, csv.Error, RecursionError)


def timed_solve(hand, target, method: str, mode: str):
    """Run one method in one mode on one hand: (answers, seconds); a bool for "can_make"."""
    start = CLOCK()
    if mode == "can_make" and method == "fast":
        result = solver.can_make(hand, target)
    else:
        first = mode in ("first", "can_make")
        result = solver.solve(hand, target, method=method, first=first, distinct=mode == "distinct")
    seconds = CLOCK() - start
    return (bool(result) if mode == "can_make" else result), seconds


def sample_hands(hands, size=None, seed: int = 24) -> list:
    """The hands, or a fixed seeded sample of `size` of them, in their order."""
    chosen = set(random.Random(seed).sample(hands, min(size or len(hands), len(hands))))
    return [hand for hand in hands if hand in chosen]


def growth_hands(count: int, size: int = 8) -> list:
    """The seeded hands of `count` cards from 1 to 13 that the growth figures are timed on."""
    return sample_hands(deck.deck(13, size=count), size, seed=2400 + count)


def read(stem: str, text: str):
    """A file's content: JSON, or a CSV file's rows as dicts, its header and numbers checked."""
    if stem not in COLUMNS:
        return json.loads(text)
    header, *lines = list(csv.reader(text.splitlines())) or [[]]
    if header != COLUMNS[stem].split(","):
        raise ValueError(said("its columns are not {columns}", columns=COLUMNS[stem]))
    return [{c: _cell(c, cell) for c, cell in zip(header, line, strict=True)} for line in lines]


def _cell(column: str, cell: str):
    """A CSV cell read back: the text of a name or a hand, else a number, or None when empty."""
    if column in TEXT_COLUMNS:
        return cell
    number = json.loads(cell or "null")
    if type(number) not in (int, float, type(None)):
        raise ValueError(said("its {column} {cell} is not a number", column=column, cell=cell[:20]))
    return number


def load_results(path=None, files=FILES) -> dict:
    """Saved results (without a path, the shipped ones); a damaged file: a one-line InputError."""
    folder = resources.files("t24") / "measured" if path is None else Path(path)
    results = {}
    try:
        for name in files:
            stem = Path(name).stem
            results[stem] = read(stem, folder.joinpath(name).read_text("utf-8"))
    except DAMAGED as error:
        why = getattr(error, "strerror", None) or f"{type(error).__name__}: {error}"
        again = "make bench-update"  # a command, not words
        if path:
            again = f"benchmarks/run.py --out {folder} --replace"
        how = _("cannot read {path} ({why}); {command}, in a clone, makes it again")
        why = " ".join(why.split())[:80]
        raise InputError(how.format(path=folder / name, why=why, command=again)) from None
    return results
