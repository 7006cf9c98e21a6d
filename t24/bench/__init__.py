"""Benchmarks you can rerun: `t24 bench` times every method and saves the figures.

Every method in four modes sweeps a seeded **sample** of the deck (the ratios against `fast` come
from it); the optimised methods sweep the **whole deck**; **growth** times 2 to 6 numbers beside
each method's search size until the method refuses. Every answer is checked exactly and the
methods must agree. A run goes into a new folder, checked before it starts; an interruption
leaves nothing behind. The results the notebooks plot ship in `t24/bench/results/`.
"""

from __future__ import annotations

import csv
import datetime
import io
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

from .. import __version__, solver
from .. import deck as deck_module
from ..deck import deck
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


def _optional(kind):
    return lambda text: None if text == "" else kind(text)


# The CSV files' columns and how to read them back; the JSON files' keys that the tables need.
COLUMNS = {
    "deck.csv": {"scope": str, "method": str, "mode": str, "hand": str, "seconds": float}
    | {"answers": int},
    "growth.csv": {"count": int, "method": str, "mode": str, "hands": int}
    | dict.fromkeys(("seconds_median", "seconds_max"), _optional(float))
    | {"candidates": _optional(int), "refused": int},
    "peers.csv": {"solver": str, "hands": int, "seconds": float, "answers": int}
    | {"ratio_vs_t24": _optional(float), "checked_ok": int},
}
KEYS = {
    "meta.json": ("date", "command", "t24", "python", "cpus", "clock"),
    "summary.json": ("sample_hands", "deck_hands", "sample", "deck", "ratio_vs_fast", "checks"),
}
FILES = ("meta.json", *COLUMNS, "summary.json")


def timed_solve(hand, target, method: str, mode: str, clock: str = "cpu"):
    """Run one method in one mode on one hand: (answers, seconds); a bool for "can_make"."""
    tick = CLOCKS[clock]
    start = tick()
    if mode == "can_make" and method == "fast":
        result = solver.can_make(hand, target)
    elif mode == "can_make":
        result = bool(solver.solve(hand, target, method=method, first=True))
    else:
        first, distinct = mode == "first", mode == "distinct"
        result = solver.solve(hand, target, method=method, first=first, distinct=distinct)
    return result, tick() - start


def progress(items, desc: str, show: bool):
    """Wrap `items` in a tqdm bar when asked and tqdm is installed (shown if a step takes a while)."""
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=desc, leave=False, file=sys.stderr, delay=2) if show else items


def repeated(once, repeat: int) -> list:
    """Call `once() -> (seconds, ...)` up to `repeat` times (at most MAX_REPEAT), stopping once
    the calls took SLOW_SWEEP seconds in all; their results."""
    runs = []
    while len(runs) < min(max(1, repeat), MAX_REPEAT) and sum(r[0] for r in runs) <= SLOW_SWEEP:
        runs.append(once())
    return runs


def sample_hands(hands, size=None, seed: int = SEED) -> list:
    """The hands, or a fixed seeded sample of `size` of them, in their order."""
    if size is None or size >= len(hands):
        return list(hands)
    chosen = set(random.Random(seed).sample(hands, size))
    return [hand for hand in hands if hand in chosen]


def sweep(method, mode, hands, repeat=1, show=False, clock="cpu", scope="sample") -> tuple:
    """Time one method in one mode on every hand, `repeated`: its figures (the fastest times),
    deck.csv rows, the answers that fail the exact check, and the answers as text (to compare)."""
    with suppress(SearchTooLarge):  # compile the method's tables before timing
        timed_solve((1, 2, 3, 4), TARGET, method, "first")

    def once():
        fast.clear_caches()
        bar = progress(hands, f"{scope}: {method} {mode}", show)
        timed = [timed_solve(hand, TARGET, method, mode, clock) for hand in bar]
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
        dict(zip(COLUMNS["deck.csv"], (scope, method, mode, hand_text(hand), s, count)))
        for hand, s, count in zip(hands, seconds, counts)
    ]
    wrong = [
        f"{hand_text(hand)}: {e}"
        for hand, result in zip(hands, results)
        if not isinstance(result, bool)
        for e in result
        if sorted(e.leaves()) != sorted(hand) or e.value != TARGET
    ]
    texts = {h: r if isinstance(r, bool) else tuple(map(str, r)) for h, r in zip(hands, results)}
    return figures, rows, wrong, texts if mode in ("distinct", "can_make") else {}


def agreement(texts: dict, wrong: list) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for scope, mode in itertools.product(("sample", "deck"), ("distinct", "can_make")):
        found = [t for (s, _method, md), t in texts.items() if (s, md) == (scope, mode)]
        if len(found) > 1:
            differ = {hand_text(h) for t in found for h in t if t[h] != found[0].get(h)}
            checks[f"{scope} {mode}"] = {
                "agree": not differ,
                "hands_that_differ": sorted(differ)[:20],
            }
    return checks | {"wrong_answers": len(wrong), "wrong_examples": wrong[:20]}


def growth(counts, methods, size=GROWTH_HANDS, show=False, clock="cpu") -> list[dict]:
    """Per count, method and mode: median and slowest seconds per hand, search size, refusals."""
    rows = []
    for count, method in itertools.product(counts, methods):
        hands = sample_hands(deck(13, size=count), size, SEED * 100 + count)
        with suppress(SearchTooLarge):  # a refusal is timed (and recorded) below
            timed_solve(tuple(range(1, count + 1)), TARGET, method, "first")
        size_ = int(statistics.median(TABLE[method].size(hand) for hand in hands))
        for mode in MODES:
            seconds, refused = [], False
            for hand in progress(hands, f"growth {count} {method} {mode}", show):
                fast.clear_caches()
                try:
                    seconds.append(timed_solve(hand, TARGET, method, mode, clock)[1])
                except SearchTooLarge:  # the method's own limit: record it, do not wait
                    refused = True
                    break
            median, most = (statistics.median(seconds), max(seconds)) if seconds else (None, None)
            found = (count, method, mode, len(seconds), median, most, size_, int(refused))
            rows.append(dict(zip(COLUMNS["growth.csv"], found)))
    return rows


def _stop(_signal, _frame):
    raise SystemExit(128 + signal.SIGTERM)


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
    function `(hands, repeat, progress, clock) -> rows` timing other solvers (peers.csv). Each
    method and mode is timed once, however often it is named; SIGTERM ends the run like Ctrl-C.
    """
    methods, full, out = list(dict.fromkeys(methods)), hands is None, Path(out)
    made = _make_folder(out, replace, full)
    staged = {name: out / f".{name}.partial" for name in FILES}
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _stop) if main else None
    try:
        all_hands = sample_hands(deck(13), hands)
        sample_set = sample_hands(all_hands, sample)
        optimised = [m for m in methods if not TABLE[m].as_written]
        optimised = optimised if len(all_hands) > len(sample_set) else []
        scopes, rows, texts, wrong = {"sample": {}, "deck": {}}, [], {}, []
        for scope, swept, names in (
            ("sample", sample_set, methods),
            ("deck", all_hands, optimised),
        ):
            for method, mode in itertools.product(names, MODES):
                figures, found, bad, texts[scope, method, mode] = sweep(
                    method, mode, swept, repeat, progress, clock, scope
                )
                scopes[scope].setdefault(method, {})[mode] = figures
                rows, wrong = rows + found, wrong + bad
        growth_rows = growth(growth_counts, methods, growth_hands, progress, clock)
        peer_rows = peers(all_hands, repeat, progress, clock) if peers else []
        base = scopes["sample"].get("fast", {})
        summary = {
            "sample_hands": len(sample_set),
            "deck_hands": len(all_hands) if optimised else 0,
            **scopes,
            "ratio_vs_fast": {
                mode: {
                    m: f[mode]["sweep_seconds"] / base[mode]["sweep_seconds"]
                    for m, f in scopes["sample"].items()
                }
                for mode in base
                if base[mode]["sweep_seconds"]
            },
            "checks": agreement(texts, wrong),
            "peers": {
                r["solver"]: {k: v for k, v in r.items() if k != "solver"} for r in peer_rows
            },
        }
        if full:
            summary["deck_figures"] = deck_module.figures(TARGET)
        meta = {
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "command": command,
            "t24": __version__,
            "git": _commit(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "clock": CLOCK_WORDS[clock],
            "full_deck": full,
        }
        contents = dict(zip(FILES, (meta, rows, growth_rows, peer_rows, summary)))
        for name, content in contents.items():
            with open(staged[name], "w", newline="", encoding="utf-8") as handle:
                handle.write(_text(name, content))
    except BaseException:
        for path in staged.values():
            path.unlink(missing_ok=True)
        _remove(made)
        raise
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)
    for name, path in staged.items():  # all five written: now they replace the old ones
        os.replace(path, out / name)
    return load_results(out)


def new_run_folder() -> Path:
    """A new folder for a run: `t24-bench/<UTC date and time>` under the current folder."""
    return Path("t24-bench", time.strftime("%Y-%m-%d-%H%M%S", time.gmtime()))


def _make_folder(out: Path, replace: bool, full: bool) -> list[Path]:
    """Make the folder a run writes, or refuse it in one line; the folders made, to remove if the
    run stops. Results there are refused unless `replace`, and a full run always by a sample."""
    made = []
    try:
        if out.exists() and not out.is_dir():
            raise InputError(f"cannot save results in {out}: it is a file, not a folder")
        if any((out / name).exists() for name in FILES) and not replace:
            raise InputError(
                f"{out} already holds results; choose a new folder with --out, "
                "or pass --replace to overwrite them"
            )
        if not full and _full_run(out):
            raise InputError(f"{out} holds a full run of the deck; a sample never replaces it")
        made = [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)
        if not os.access(out, os.W_OK):
            raise InputError(f"cannot save results in {out}: it cannot be written")
    except OSError as error:
        _remove(made)
        raise InputError(f"cannot save results in {out}: {error.strerror or error}") from None
    return made


def _remove(folders) -> None:
    for folder in folders:
        with suppress(OSError):
            folder.rmdir()


def _full_run(folder: Path) -> bool:
    with suppress(OSError, ValueError, AttributeError):
        return json.loads((folder / "meta.json").read_text("utf-8")).get("full_deck") is True
    return False


def _commit():
    """The git commit the package was run from, if it runs from a clone."""
    with suppress(OSError, subprocess.SubprocessError):
        git = ["git", "rev-parse", "HEAD"]
        found = subprocess.run(git, cwd=Path(__file__).parent, capture_output=True, timeout=10)
        if found.returncode == 0:
            return {"commit": found.stdout.decode().strip()}
    return None


def _text(name: str, content) -> str:
    """A file's text: JSON, or CSV with six significant digits for a float (timings are not finer)."""
    if name in KEYS:
        return json.dumps(content, indent=2) + "\n"
    columns, handle = list(COLUMNS[name]), io.StringIO()

    def cell(value):
        return "" if value is None else f"{value:.6g}" if isinstance(value, float) else str(value)

    rows = ([cell(row.get(key)) for key in columns] for row in content)
    csv.writer(handle, lineterminator="\n").writerows([columns, *rows])
    return handle.getvalue()


def _read(text: str, name: str):
    """One file's text: JSON holding the keys the tables need, or CSV rows, numbers converted."""
    if name in KEYS:
        found = json.loads(text)
        missing = [key for key in KEYS[name] if key not in found]
        if missing:
            raise KeyError(missing[0])
        return found
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames != list(COLUMNS[name]):
        raise ValueError(f"its columns are not {','.join(COLUMNS[name])}")
    return [{key: kind(row[key]) for key, kind in COLUMNS[name].items()} for row in reader]


def load_results(path=None) -> dict:
    """Read saved results: {"meta", "deck", "growth", "peers", "summary"}, numbers as int/float.

    Without a path, the results that ship with the package. A missing or damaged file raises
    `t24.InputError` with one line naming the file and the command that makes it again.
    """
    folder = resources.files("t24.bench") / "results" if path is None else Path(path)
    how = "make bench-update (in a clone of the repository)"
    how = how if path is None else f"t24 bench --out {folder} --replace"
    results, name = {}, ""
    try:
        for name in FILES:
            results[name.split(".")[0]] = _read(folder.joinpath(name).read_text("utf-8"), name)
        name = ""  # the files together: whatever the tables show must be there
        format_table(results)
    except (OSError, ValueError, LookupError, TypeError, AttributeError, csv.Error) as error:
        why = f"no {error}" if isinstance(error, KeyError) else " ".join(str(error).split())[:80]
        why = getattr(error, "strerror", None) or why or type(error).__name__
        raise InputError(
            f"cannot read {folder.joinpath(name)} ({why}); {how} makes it again"
        ) from None
    return results


def _ms_text(value: float) -> str:
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"


def table(title: str, header: list[str], rows: list[list]) -> list[str]:
    """A Markdown table under a heading."""
    lines = ["", title, "", " | ".join(["", *header, ""]).strip(), "|---" * len(header) + "|"]
    return lines + [" | ".join(["", *map(str, row), ""]).strip() for row in rows]


def format_table(results: dict) -> str:
    """A saved run's figures as Markdown tables: the methods, the deck's sweeps, growth, the deck."""
    summary, meta = results["summary"], results["meta"]
    commit = (meta.get("git") or {}).get("commit", "")[:7]
    at = f" at {commit}" if commit else ""
    lines = [
        f"Run of {meta['date'][:10]} (`{meta['command']}`, t24 {meta['t24']}{at}), "
        f"Python {meta['python']}, {meta['cpus']} CPUs, {meta['clock']}."
    ]
    rows = []
    for method, modes in summary["sample"].items():
        for mode, f in modes.items():
            ratio = summary["ratio_vs_fast"].get(mode, {}).get(method)
            ratio = "" if ratio is None else f"{ratio:.1f}×"
            times = [_ms_text(f["median_ms"]), _ms_text(f["p90_ms"]), f"{f['sweep_seconds']:.2f} s"]
            rows.append([f"`{method}`", TABLE[method].label, MODE_WORDS[mode], *times, ratio])
    header = ["method", "", "mode", "median hand", "p90 hand", "sweep", "× fast"]
    title = f"### Every method on the same {plural(summary['sample_hands'], 'hand')}"
    lines += table(title, header, rows)
    rows = [
        [f"`{method}`", MODE_WORDS[mode]]
        + [_ms_text(f[key]) for key in ("median_ms", "p90_ms", "max_ms")]
        + [f"{f['sweep_seconds']:.2f} s"]
        for method, modes in summary["deck"].items()
        for mode, f in modes.items()
    ]
    header = ["method", "mode", "median hand", "p90 hand", "slowest hand", "whole deck"]
    title = f"### The optimised methods on the whole deck ({summary['deck_hands']:,} hands)"
    lines += table(title, header, rows)
    grown = {(r["method"], r["count"]): r for r in results["growth"] if r["mode"] == "all"}
    counts = sorted({count for _method, count in grown})
    rows = [
        [f"`{method}`"]
        + [
            "refused"
            if r is None or r["refused"] or r["seconds_median"] is None
            else _ms_text(r["seconds_median"] * 1000)
            for r in (grown.get((method, count)) for count in counts)
        ]
        for method in dict.fromkeys(method for method, _count in grown)
    ]
    title = "### Growth with the count of numbers (median hand, all answers)"
    lines += table(title, ["method", *(f"{c} numbers" for c in counts)], rows)
    lines += ["", "### The deck", ""]
    figures = summary.get("deck_figures")
    if not figures:
        return "\n".join(lines + ["(this run swept a sample, so it has no deck figures)"])
    made = ", ".join(
        f"{v['solvable']:,} of {v['hands']:,} hands (cards {k})"
        for k, v in figures["solvable"].items()
    )
    fractions = ", ".join(figures["fraction_hands"][:4])
    return "\n".join(
        lines
        + [
            f"Make 24: {made}; {figures['needs_fraction']['1-13']} of them only through a fraction "
            f"({fractions}, …); {figures['distinct_answers']['1-13']:,} distinct answers in all."
        ]
    )
