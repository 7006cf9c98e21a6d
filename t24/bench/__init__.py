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
import threading
import time
from contextlib import suppress
from importlib import resources
from pathlib import Path

from .. import __version__, deck, solver
from ..hand import InputError, SearchTooLarge
from ..methods import METHODS, TABLE, fast
from ..text import hand_text, plural

MODES = ("all", "distinct", "first", "can_make")
MODE_WORDS = dict(
    zip(MODES, ("all answers", "distinct answers", "first answer", "can it be made?"))
)
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
CLOCK_WORDS = {
    "cpu": "CPU time of this process (time.process_time)",
    "wall": "wall time (time.perf_counter)",
}
TARGET = SEED = 24
SAMPLE_HANDS = 100  # hands every method sweeps, as-written ones included
QUICK_HANDS, QUICK_SAMPLE = 100, 20  # --quick: the optimised methods' hands, and every method's
GROWTH_COUNTS, GROWTH_HANDS = (2, 3, 4, 5, 6), 8
SLOW_SWEEP = 3.0  # seconds: repeats of a sweep stop once they have taken this long in all
MAX_REPEAT = 10  # and after this many, whatever --repeat says
COLUMNS = {  # the CSV files' header lines
    "deck.csv": ["scope", "method", "mode", "hand", "seconds", "answers"],
    "growth.csv": [
        "count",
        "method",
        "mode",
        "hands",
        "seconds_median",
        "seconds_max",
        "candidates",
        "refused",
    ],
    "peers.csv": ["solver", "hands", "seconds", "answers", "ratio_vs_t24", "checked_ok"],
}
FILES = ("meta.json", *COLUMNS, "summary.json")
DAMAGED = (OSError, ValueError, LookupError, TypeError, AttributeError, csv.Error, RecursionError)
TEXT_COLUMNS = {"scope", "method", "mode", "hand", "solver"}  # the others hold numbers


def timed_solve(hand, target, method: str, mode: str, clock: str = "cpu"):
    """Run one method in one mode on one hand: (answers, seconds); a bool for "can_make"."""
    first, distinct = mode in ("first", "can_make"), mode == "distinct"
    start = CLOCKS[clock]()
    if mode == "can_make" and method == "fast":
        result = solver.can_make(hand, target)
    else:
        result = solver.solve(hand, target, method=method, first=first, distinct=distinct)
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


def sweep(method, mode, hands, repeat=1, show=False, clock="cpu", scope="sample", cold=False):
    """Time one method in one mode on every hand, `repeated`, `fast`'s memos emptied first (before
    each hand if `cold`): figures, deck.csv rows, answers failing the exact check, answers."""
    with suppress(SearchTooLarge):  # compile the method's tables before timing
        timed_solve(hands[0], TARGET, method, "first")

    def once():
        timed = []
        for hand in progress(hands, f"{scope}: {method} {mode}", show):
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
    rows = [
        (scope, method, mode, hand_text(hand), hand_seconds, count)
        for hand, hand_seconds, count in zip(hands, seconds, counts)
    ]
    wrong = [
        f"{hand_text(hand)}: {e}"
        for hand, result in zip(hands, results)
        for e in ([] if isinstance(result, bool) else result)
        if sorted(e.leaves()) != sorted(hand) or e.value != TARGET
    ]
    compared = zip(hands, results) if mode in ("distinct", "can_make") else ()
    texts = {h: r if isinstance(r, bool) else tuple(map(str, r)) for h, r in compared}
    return figures, rows, wrong, texts


def agreement(texts: dict, wrong: list) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for scope, mode in itertools.product(("sample", "deck"), ("distinct", "can_make")):
        found = [t for (s, _method, md), t in texts.items() if (s, md) == (scope, mode)]
        if len(found) > 1:
            differ = sorted({hand_text(h) for t in found for h in t if t[h] != found[0].get(h)})
            checks[f"{scope} {mode}"] = {"agree": not differ, "hands_that_differ": differ[:20]}
    return checks | {"wrong_answers": len(wrong), "wrong_examples": wrong[:20]}


def growth(counts, methods, size=GROWTH_HANDS, show=False, clock="cpu") -> list[tuple]:
    """Per count, method and mode: median and slowest seconds per hand, search size, refusal."""
    rows = []
    for count, method, mode in itertools.product(counts, methods, MODES):
        hands = sample_hands(deck.deck(13, size=count), size, SEED * 100 + count)
        work = int(statistics.median(TABLE[method].size(hand) for hand in hands))
        try:
            found = sweep(method, mode, hands, 1, show, clock, f"growth {count}", cold=True)[0]
            timed = (len(hands), found["median_ms"] / 1000, found["max_ms"] / 1000, work, 0)
        except SearchTooLarge:  # the method's own limit: record it, do not wait
            timed = (0, None, None, work, 1)
        rows.append((count, method, mode, *timed))
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
    full, out = hands is None, Path(out)
    staged = {name: out / f".{name}.partial" for name in FILES}
    made = []  # the folders this run makes, removed again if it does not finish
    main = threading.current_thread() is threading.main_thread()  # only it may set a handler
    ended = lambda *_: sys.exit(128 + signal.SIGTERM)  # noqa: E731 -- SIGTERM ends like Ctrl-C
    previous = signal.signal(signal.SIGTERM, ended) if main else None
    try:  # before the run: refuse the folder in one line, or make it and the files to write
        if out.exists() and not out.is_dir():
            raise InputError(f"cannot save results in {out}: it is a file, not a folder")
        if any((out / name).exists() for name in FILES) and not replace:
            raise InputError(f"{out} already holds results; choose a new --out, or --replace them")
        if not full and _full_run(out):
            raise InputError(f"{out} holds a full run of the deck; a sample never replaces it")
        made = [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)
        for path in staged.values():
            path.touch()
        all_hands = sample_hands(deck.deck(13), hands)
        sample_set = sample_hands(all_hands, sample)
        bigger = len(all_hands) > len(sample_set)
        optimised = [m for m in methods if not TABLE[m].as_written and bigger]
        scopes, rows, texts, wrong = {"sample": {}, "deck": {}}, [], {}, []
        chosen = {"sample": (sample_set, methods), "deck": (all_hands, optimised)}
        for scope, (swept, names) in chosen.items():
            for method, mode in itertools.product(names, MODES):
                figures, found, bad, answers = sweep(
                    method, mode, swept, repeat, progress, clock, scope
                )
                scopes[scope].setdefault(method, {})[mode] = figures
                texts[scope, method, mode] = answers
                rows += found
                wrong += bad
        growth_rows = growth(growth_counts, methods, growth_hands, progress, clock)
        peer_rows = peers(all_hands, repeat, progress, clock) if peers else []
        base = {mode: f["sweep_seconds"] for mode, f in scopes["sample"].get("fast", {}).items()}
        summary = {
            "sample_hands": len(sample_set),
            "deck_hands": len(all_hands) if optimised else 0,
            **scopes,
            "ratio_vs_fast": {
                mode: {m: f[mode]["sweep_seconds"] / seconds for m, f in scopes["sample"].items()}
                for mode, seconds in base.items()
                if seconds
            },
            "checks": agreement(texts, wrong),
            "peers": {row["solver"]: row for row in peer_rows},
        }
        meta = {
            "date": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),
            "command": command,
            "t24": __version__,
            "git": _commit(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "clock": CLOCK_WORDS[clock],
            "full_deck": full,
        }
        for name, content in (("meta.json", meta), ("summary.json", summary)):
            staged[name].write_text(json.dumps(content, indent=2) + "\n", "utf-8", newline="")
        peer_table = [[r[key] for key in COLUMNS["peers.csv"]] for r in peer_rows]
        for name, table in zip(COLUMNS, (rows, growth_rows, peer_table)):
            # floats to six significant digits: timings are no finer
            cells = [[f"{v:.6g}" if isinstance(v, float) else v for v in row] for row in table]
            with staged[name].open("w", encoding="utf-8", newline="") as handle:
                csv.writer(handle, lineterminator="\n").writerows([COLUMNS[name], *cells])
    except BaseException as error:  # refused, interrupted, a full disk: no mix, no new folder
        for remove in [path.unlink for path in staged.values()] + [folder.rmdir for folder in made]:
            with suppress(OSError):
                remove()
        if isinstance(error, OSError):
            raise InputError(f"cannot save results in {out}: {error.strerror or error}") from None
        raise
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)
    for name, path in staged.items():  # all written: now they replace the old ones
        os.replace(path, out / name)
    return load_results(out)


def new_run_folder() -> Path:
    """A new folder for a run: `t24-bench/<UTC date and time>` under the current folder."""
    return Path("t24-bench", time.strftime("%Y-%m-%d-%H%M%S", time.gmtime()))


def _full_run(folder: Path) -> bool:
    """Whether the folder holds a run of the whole deck (a sample never replaces one)."""
    with suppress(OSError, ValueError, AttributeError):
        return json.loads((folder / "meta.json").read_text("utf-8")).get("full_deck") is True
    return False


def _commit():
    """The git commit the package runs from, in a clone."""
    git = ["git", "-C", str(Path(__file__).parent), "rev-parse", "HEAD"]
    with suppress(OSError):
        done = subprocess.run(git, capture_output=True, text=True)
        return {"commit": done.stdout.strip()} if done.returncode == 0 else None
    return None


def _value(column: str, cell: str):
    """A CSV cell read back: the text of a name or a hand, else a number, or None when empty."""
    if column in TEXT_COLUMNS:
        return cell
    with suppress(ValueError):
        number = None if cell == "" else json.loads(cell)
        if isinstance(number, (int, float, type(None))) and not isinstance(number, bool):
            return number
    raise ValueError(f"its {column} {cell[:20]!r} is not a number")


def load_results(path=None) -> dict:
    """Read saved results (without a path, the shipped ones), numbers as int/float; a missing or
    damaged file raises `t24.InputError` in one line naming it and the command that makes it again."""
    folder = resources.files("t24.bench") / "results" if path is None else Path(path)
    how = "make bench-update (in a clone of the repository)"
    how = how if path is None else f"t24 bench --out {folder} --replace"
    results = {}
    try:
        for name in FILES:
            text, key = folder.joinpath(name).read_text("utf-8"), name.split(".")[0]
            if name.endswith(".csv"):
                header, *rows = csv.reader(text.splitlines())
                if header != COLUMNS[name]:
                    raise ValueError(f"its columns are not {','.join(COLUMNS[name])}")
                cells = [zip(header, row, strict=True) for row in rows if row]
                results[key] = [{column: _value(column, c) for column, c in r} for r in cells]
            else:
                results[key] = json.loads(text)
            if name == "growth.csv":  # a plot needs times: in each row not refused, in each mode
                rows = results[key]
                timed = {r["mode"] for r in rows if not r["refused"] and r["seconds_median"] > 0}
                if timed != {r["mode"] for r in rows}:
                    raise ValueError("a mode has no time: each of its rows is a refusal")
            if name == "meta.json":
                _header(results[key])  # its line, made now, so that a damaged meta is named
        format_table(results)  # what summary.json, the file read last, must hold for the tables
    except DAMAGED as error:
        why = getattr(error, "strerror", None) or f"{type(error).__name__}: {error}"
        why = " ".join(why.split())[:80]
        raise InputError(f"cannot read {folder / name} ({why}); {how} makes it again") from None
    return results


def _ms(value: float) -> str:
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"


def table(title: str, header: list[str], rows: list[list]) -> list[str]:
    """A Markdown table under a heading."""
    lines = ["", title, "", " | ".join(["", *header, ""]).strip(), "|---" * len(header) + "|"]
    return lines + [" | ".join(["", *map(str, row), ""]).strip() for row in rows]


def _header(meta: dict) -> str:
    """Where, when and how a run was measured."""
    commit = (meta.get("git") or {}).get("commit", "")[:7]
    at = f" at {commit}" if commit else ""
    return (
        f"Run of {meta['date'][:10]} (`{meta['command']}`, t24 {meta['t24']}{at}), "
        f"Python {meta['python']}, {meta['cpus']} CPUs, {meta['clock']}."
    )


def format_table(results: dict) -> str:
    """A saved run's figures as Markdown tables: every method, the optimised ones, growth."""
    summary, lines = results["summary"], [_header(results["meta"])]
    rows = []
    for method, modes in summary["sample"].items():
        for mode, f in modes.items():
            ratio = summary["ratio_vs_fast"].get(mode, {}).get(method)
            ratio = "" if ratio is None else f"{ratio:.1f}×"
            times = [_ms(f["median_ms"]), _ms(f["p90_ms"]), f"{f['sweep_seconds']:.2f} s"]
            rows.append([f"`{method}`", TABLE[method].label, MODE_WORDS[mode], *times, ratio])
    header = ["method", "", "mode", "median hand", "p90 hand", "sweep", "× fast"]
    title = f"### Every method on the same {plural(summary['sample_hands'], 'hand')}"
    lines += table(title, header, rows)
    rows = [
        [f"`{method}`", MODE_WORDS[mode], *(_ms(f[k]) for k in ("median_ms", "p90_ms", "max_ms"))]
        + [f"{f['sweep_seconds']:.2f} s"]
        for method, modes in summary["deck"].items()
        for mode, f in modes.items()
    ]
    header = ["method", "mode", "median hand", "p90 hand", "slowest hand", "whole deck"]
    title = f"### The optimised methods on the whole deck ({summary['deck_hands']:,} hands)"
    lines += table(title, header, rows)
    grown = [r for r in results["growth"] if r["mode"] == "all"]
    grown = {(r["method"], r["count"]): r["seconds_median"] for r in grown}
    counts = sorted({count for _method, count in grown})
    rows = [
        [f"`{method}`"]
        + ["refused" if (s := grown.get((method, c))) is None else _ms(s * 1000) for c in counts]
        for method in dict.fromkeys(method for method, _count in grown)
    ]
    title = "### Growth with the count of numbers (median hand, all answers)"
    lines += table(title, ["method", *(f"{c} numbers" for c in counts)], rows)
    return "\n".join(lines)
