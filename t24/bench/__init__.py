"""Benchmarks you can rerun: `t24 bench` times every method in four modes on a seeded sample, the
optimised ones on the whole deck, and growth with 2 to 6 numbers; it checks every answer exactly
and the methods' agreement, and saves the figures in a new folder, all or nothing, never over
results unless asked. The results the notebooks plot ship in `results/` (`load_results`)."""

import csv
import itertools
import json
import math
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager, suppress
from importlib import resources
from pathlib import Path

from .. import __version__, deck, solver
from ..hand import NUMBERS, InputError, SearchTooLarge
from ..methods import METHODS, TABLE, fast
from ..text import N_, Nn_, _, duration, hand_text, n_, plural, said

MODES = ("all", "distinct", "first", "can_make")
MODE_WORDS = {
    "all": N_("all answers"),
    "distinct": N_("distinct answers"),
    "first": N_("first answer"),
    "can_make": N_("can it be made?"),
}
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
CLOCK_WORDS = {
    "cpu": N_("CPU time of this process (time.process_time)"),
    "wall": N_("wall time (time.perf_counter)"),
}
TARGET = 24
SEED = 24
SAMPLE_HANDS = 100  # hands every method sweeps, as-written ones included
QUICK_HANDS = 100  # --quick: the hands the optimised methods sweep
QUICK_SAMPLE = 20  # --quick: the hands every method sweeps
GROWTH_COUNTS = (2, 3, 4, 5, 6)
GROWTH_HANDS = 8
SLOW_SWEEP = 3.0  # seconds: repeats of a sweep stop once they have taken this long in all
MAX_REPEAT = 10  # and after this many, whatever --repeat says
FILES = ("meta.json", "deck.csv", "growth.csv", "peers.csv", "summary.json")  # in the order read
COLUMNS = {  # the CSV files' header lines
    "deck": "scope,method,mode,hand,seconds,answers",
    "growth": "count,method,mode,hands,seconds_median,seconds_max,candidates,refused",
    "peers": "solver,hands,seconds,answers,ratio_vs_t24,checked_ok",
}
TEXT_COLUMNS = {"scope", "method", "mode", "hand", "solver"}  # the others hold numbers
DAMAGED = (OSError, ValueError, LookupError, TypeError, AttributeError, csv.Error, RecursionError)
SCOPES = {  # the titles of the two scopes' tables
    "sample": Nn_("Every method on the same {n} hand", "Every method on the same {n} hands"),
    "deck": Nn_(
        "The optimised methods on the whole deck ({n} hand)",
        "The optimised methods on the whole deck ({n} hands)",
    ),
}


def timed_solve(hand, target, method: str, mode: str, clock: str = "cpu"):
    """Run one method in one mode on one hand: (answers, seconds); a bool for "can_make"."""
    start = CLOCKS[clock]()
    if mode == "can_make" and method == "fast":
        result = solver.can_make(hand, target)
    else:
        first = mode in ("first", "can_make")
        result = solver.solve(hand, target, method=method, first=first, distinct=mode == "distinct")
    seconds = CLOCKS[clock]() - start
    return (bool(result) if mode == "can_make" else result), seconds


def progress(items, desc: str, show: bool):
    """`items` in a tqdm bar if asked and tqdm is installed (shown when a step takes a while)."""
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=desc, leave=False, file=sys.stderr, delay=2) if show else items


def repeated(once, repeat: int) -> list:
    """Results of `once() -> (seconds, ...)`: `repeat` calls (≤ MAX_REPEAT), until SLOW_SWEEP s."""
    runs = []
    while len(runs) < min(max(1, repeat), MAX_REPEAT) and sum(r[0] for r in runs) <= SLOW_SWEEP:
        runs.append(once())
    return runs


def sample_hands(hands, size=None, seed: int = SEED) -> list:
    """The hands, or a fixed seeded sample of `size` of them, in their order."""
    chosen = set(random.Random(seed).sample(hands, min(size or len(hands), len(hands))))
    return [hand for hand in hands if hand in chosen]


def sweep(method, mode, hands, repeat=1, show=False, clock="cpu", cold=False) -> tuple:
    """Time one method in one mode on every hand (`repeated`; `fast`'s memos emptied first, before
    each hand if `cold`) and check every answer: (the summary's figures, a deck.csv row per hand,
    the answers failing the check, per hand what the methods must agree on)."""
    with suppress(SearchTooLarge):  # compile the method's tables before timing
        timed_solve(hands[0], TARGET, method, "first")

    def once():  # a pass: its seconds, and (result, seconds) per hand
        timed = []
        for hand in progress(hands, f"{method}: {_(MODE_WORDS[mode])}", show):
            if cold or not timed:
                fast.clear_caches()
            timed.append(timed_solve(hand, TARGET, method, mode, clock))
        return sum(seconds for _result, seconds in timed), timed

    runs = repeated(once, repeat)
    results = [result for result, _seconds in runs[0][1]]
    seconds = [min(each) for each in zip(*([s for _r, s in timed] for _total, timed in runs))]
    counts = [int(r) if isinstance(r, bool) else len(r) for r in results]
    ms = sorted(s * 1000 for s in seconds)
    figures = {
        "sweep_seconds": min(total for total, _timed in runs),
        "repeats": len(runs),
        "median_ms": statistics.median(ms),
        "p90_ms": ms[math.ceil(0.9 * len(ms)) - 1],  # nearest rank
        "max_ms": ms[-1],
        "answers": sum(counts),
    }
    rows = [(method, mode, hand_text(h), s, c) for h, s, c in zip(hands, seconds, counts)]
    wrong = []
    answers = {}
    for hand, result in zip(hands, results):
        if mode == "can_make":
            answers[hand] = result
            continue
        right = [sorted(e.leaves()) == sorted(hand) and e.value == TARGET for e in result]
        wrong += [f"{hand_text(hand)}: {e}" for e, ok in zip(result, right) if not ok]
        if mode == "distinct":
            answers[hand] = tuple(map(str, result))
    return figures, rows, wrong, answers


def agreement(answers: dict, wrong: list) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for (scope, mode), found in answers.items():
        if mode in ("distinct", "can_make") and len(found) > 1:
            differ = {hand_text(h) for each in found for h in each if each[h] != found[0].get(h)}
            agree = {"agree": not differ, "hands_that_differ": sorted(differ)[:20]}
            checks[f"{scope} {mode}"] = agree
    checks["wrong_answers"] = len(wrong)
    checks["wrong_examples"] = wrong[:20]
    return checks


def ratios(figures: dict) -> dict:
    """Mode -> method -> its sweep's seconds over fast's, from the figures of one scope."""
    found = {}
    for mode, base in figures.get("fast", {}).items():
        if base["sweep_seconds"]:
            each = figures.items()
            found[mode] = {m: f[mode]["sweep_seconds"] / base["sweep_seconds"] for m, f in each}
    return found


def growth_hands(count: int, size=GROWTH_HANDS) -> list:
    """The seeded hands of `count` cards from 1 to 13 that the growth figures are timed on."""
    return sample_hands(deck.deck(13, size=count), size, SEED * 100 + count)


def growth(counts, methods, size=GROWTH_HANDS, show=False, clock="cpu") -> list[tuple]:
    """Per count, method and mode: median and slowest seconds per hand, search size, refusal."""
    rows = []
    for count in counts:
        hands = growth_hands(count, size)
        for method, mode in itertools.product(methods, MODES):
            work = int(statistics.median(TABLE[method].size(hand) for hand in hands))
            try:
                found = sweep(method, mode, hands, 1, show, clock, cold=True)[0]
            except SearchTooLarge:  # the method's own limit: record it, do not wait
                rows.append((count, method, mode, 0, None, None, work, 1))
                continue
            seconds = (found["median_ms"] / 1000, found["max_ms"] / 1000)
            rows.append((count, method, mode, len(hands), *seconds, work, 0))
    return rows


def run_benchmark(
    out,
    methods=METHODS,
    hands=None,
    sample=SAMPLE_HANDS,
    repeat=3,
    peers=None,
    growth_counts=GROWTH_COUNTS,
    growth_hands=GROWTH_HANDS,
    progress=True,
    command="t24 bench",
    clock="cpu",
    replace=False,
) -> dict:
    """Run everything, save it into `out` (checked first), and return what `load_results` reads.
    `hands`: a sample of the deck of this size (default the whole deck); `peers`: None, or a
    function `(hands, repeat, progress, clock) -> row dicts` timing other solvers (peers.csv)."""
    methods = list(dict.fromkeys(methods))  # each method once, however often it is named
    with _staged(Path(out), full=hands is None, replace=replace) as files:
        all_hands = sample_hands(deck.deck(13), hands)
        sample_set = sample_hands(all_hands, sample)
        optimised = [m for m in methods if not TABLE[m].as_written]
        if len(all_hands) == len(sample_set):  # the sample is the deck: no second sweep
            optimised = []
        figures = {"sample": {}, "deck": {}}
        answers = {}
        wrong = []
        files["deck"] = []
        swept = {"sample": (sample_set, methods), "deck": (all_hands, optimised)}
        for scope, (chosen, names) in swept.items():
            for method, mode in itertools.product(names, MODES):
                found, rows, wrongs, agree = sweep(method, mode, chosen, repeat, progress, clock)
                figures[scope].setdefault(method, {})[mode] = found
                answers.setdefault((scope, mode), []).append(agree)
                files["deck"] += [(scope, *row) for row in rows]
                wrong += wrongs
        files["growth"] = growth(growth_counts, methods, growth_hands, progress, clock)
        peer_rows = peers(all_hands, repeat, progress, clock) if peers else []
        files["peers"] = [[row[c] for c in COLUMNS["peers"].split(",")] for row in peer_rows]
        files["summary"] = {
            "sample_hands": len(sample_set),
            "deck_hands": len(all_hands) if optimised else 0,
            **figures,
            "ratio_vs_fast": ratios(figures["sample"]),
            "checks": agreement(answers, wrong),
            "peers": {row["solver"]: row for row in peer_rows},
        }
        files["meta"] = {
            "date": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),
            "command": command,
            "t24": __version__,
            "git": _commit(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "clock": CLOCK_WORDS[clock],
            "full_deck": hands is None,
        }
    return load_results(out)


@contextmanager
def _staged(out: Path, full: bool, replace: bool):
    """A run's files, all or nothing: before the run the folder is refused or made, with a hidden
    folder for the new files; at its end what it put in `files` is written there and moved out."""
    made = []  # the folders this run makes
    main = threading.current_thread() is threading.main_thread()  # only it may set a handler
    # SIGTERM ends a run as Ctrl-C does (KeyboardInterrupt), through this cleanup
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler) if main else None
    try:
        _refuse(out, full, replace)
        made = [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix=".partial-", dir=out) as stage:
            files = {}
            yield files
            for name in FILES:
                content = files[Path(name).stem]
                with open(Path(stage, name), "w", encoding="utf-8", newline="") as handle:
                    if name.endswith(".json"):
                        handle.write(json.dumps(content, indent=2) + "\n")
                        continue
                    # floats to six significant digits: timings are no finer
                    rows = [[f"{v:.6g}" if isinstance(v, float) else v for v in r] for r in content]
                    header = COLUMNS[Path(name).stem].split(",")
                    csv.writer(handle, lineterminator="\n").writerows([header, *rows])
            for name in FILES:  # all written: now they replace the old ones
                os.replace(Path(stage, name), out / name)
    except BaseException as error:
        for folder in made:
            with suppress(OSError):
                folder.rmdir()
        if isinstance(error, OSError):
            why = _("cannot save results in {folder}: {why}")
            raise InputError(why.format(folder=out, why=error.strerror or error)) from None
        raise
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)


def _refuse(out: Path, full: bool, replace: bool) -> None:
    """Refuse, in one line, a folder a run must not write into."""
    if out.exists() and not out.is_dir():
        why = _("cannot save results in {folder}: it is a file, not a folder")
        raise InputError(why.format(folder=out))
    if not replace and any((out / name).exists() for name in FILES):
        why = _("{folder} already holds results; choose a new --out, or --replace them")
        raise InputError(why.format(folder=out))
    full_run = False
    with suppress(OSError, ValueError, AttributeError):
        full_run = json.loads((out / "meta.json").read_text("utf-8")).get("full_deck") is True
    if full_run and not full:
        why = _("{folder} holds a full run of the deck; a sample never replaces it")
        raise InputError(why.format(folder=out))


def new_run_folder() -> Path:
    """A new folder for a run: `t24-bench/<UTC date and time>` under the current folder."""
    return Path("t24-bench", time.strftime("%Y-%m-%d-%H%M%S", time.gmtime()))


def _commit():
    """The git commit the package runs from, in a clone."""
    git = ["git", "-C", str(Path(__file__).parent), "log", "-1", "--format=%H"]
    with suppress(OSError):
        done = subprocess.run(git, capture_output=True, text=True)
        return {"commit": done.stdout.strip()} if done.returncode == 0 else None
    return None


def _value(column: str, cell: str):
    """A CSV cell read back: the text of a name or a hand, else a number, or None when empty."""
    if column in TEXT_COLUMNS:
        return cell
    with suppress(ValueError):
        number = json.loads(cell or "null")
        if number is None or type(number) in (int, float):
            return number
    raise ValueError(said("its {column} {cell} is not a number", column=column, cell=cell[:20]))


def _rows(stem: str, text: str) -> list[dict]:
    """A CSV file's rows as dicts, checked: its header line, every cell, numbers as numbers."""
    header, *lines = list(csv.reader(text.splitlines())) or [[]]
    if header != COLUMNS[stem].split(","):
        raise ValueError(said("its columns are not {columns}", columns=COLUMNS[stem]))
    cells = [zip(header, line, strict=True) for line in lines if line]
    return [{column: _value(column, cell) for column, cell in row} for row in cells]


def load_results(path=None) -> dict:
    """Read saved results (without a path, the shipped ones), numbers as int/float; a missing or
    damaged file raises `t24.InputError` in one line naming it and the command that makes it again."""
    folder = resources.files("t24.bench") / "results" if path is None else Path(path)
    results = {}
    try:
        for name in FILES:
            stem = Path(name).stem
            text = folder.joinpath(name).read_text("utf-8")
            results[stem] = _rows(stem, text) if stem in COLUMNS else json.loads(text)
            if stem in TABLES:  # checked as it is read, by making its part of the tables
                TABLES[stem](results[stem])
    except DAMAGED as error:
        why = getattr(error, "strerror", None) or f"{type(error).__name__}: {error}"
        if path is None:
            how = _("cannot read {path} ({why}); make bench-update, in a clone, makes it again")
        else:
            how = _("cannot read {path} ({why}); t24 bench --out {folder} --replace makes it again")
        why = " ".join(why.split())[:80]
        raise InputError(how.format(path=folder / name, why=why, folder=folder)) from None
    return results


def table(title: str, header: list[str], rows: list[list]) -> list[str]:
    """A Markdown table under a heading."""
    lines = [f"| {' | '.join(map(str, row))} |" for row in [header, *rows]]
    return ["", f"### {title}", "", lines[0], "|---" * len(header) + "|", *lines[1:]]


def _header(meta: dict) -> list[str]:
    """Where, when and how a run was measured."""
    commit = (meta.get("git") or {}).get("commit", "")[:7]
    version = f"{meta['t24']} ({commit})" if commit else meta["t24"]
    line = n_(
        "Run of {date} (`{command}`, t24 {version}), Python {python}, {cpus} CPU, {clock}.",
        "Run of {date} (`{command}`, t24 {version}), Python {python}, {cpus} CPUs, {clock}.",
        meta["cpus"],
    )
    facts = {"date": meta["date"][:10], "version": version, "clock": _(meta["clock"])}
    return [line.format(**{**meta, **facts})]


def _scope_tables(summary: dict) -> list[str]:
    """Per scope, method and mode: the median, p90 and slowest hand, the sweep, its ratio to fast's."""
    header = [_("method"), "", _("mode"), _("median hand"), _("p90 hand"), _("slowest hand")]
    lines = []
    for scope, title in SCOPES.items():
        found = ratios(summary[scope])
        rows = []
        for method, modes in summary[scope].items():
            for mode, f in modes.items():
                ratio = found.get(mode, {}).get(method)
                times = [duration(f[key] / 1000) for key in ("median_ms", "p90_ms", "max_ms")]
                times += [duration(f["sweep_seconds"]), "" if ratio is None else f"{ratio:.1f}×"]
                rows.append([f"`{method}`", _(TABLE[method].label), _(MODE_WORDS[mode]), *times])
        title = plural(summary[f"{scope}_hands"], *title)
        lines += table(title, [*header, _("sweep"), _("× fast")], rows)
    return lines


def _growth_table(rows: list[dict]) -> list[str]:
    """Each method's median hand (all answers) per count of numbers, or its refusal; a mode with
    no time in any row is damage (its plot would have nothing to draw)."""
    timed = {r["mode"] for r in rows if not r["refused"] and r["seconds_median"] > 0}
    if timed != {r["mode"] for r in rows}:
        raise ValueError(_("a mode has no time: each of its rows is a refusal"))
    medians = {(r["method"], r["count"]): r["seconds_median"] for r in rows if r["mode"] == "all"}
    counts = sorted({count for _method, count in medians})
    table_rows = []
    for method in dict.fromkeys(method for method, _count in medians):
        row = [f"`{method}`"]
        for count in counts:
            seconds = medians.get((method, count))
            row.append(_("refused") if seconds is None else duration(seconds))
        table_rows.append(row)
    header = [_("method"), *(plural(count, *NUMBERS) for count in counts)]
    title = _("Growth with the count of numbers (median hand, all answers)")
    return table(title, header, table_rows)


TABLES = {"meta": _header, "summary": _scope_tables, "growth": _growth_table}  # in the order shown


def format_table(results: dict) -> str:
    """A saved run's figures as Markdown tables: every method, the optimised ones, growth."""
    return "\n".join(line for stem, part in TABLES.items() for line in part(results[stem]))
