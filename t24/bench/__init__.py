"""Benchmarks you can rerun: `t24 bench` times every method and saves the figures.

Every method (`t24.METHODS`) in four modes (`MODES`) sweeps a fixed seeded **sample** of the deck
(the ratios against `fast` come from it: the same hands, the same run); the optimised methods sweep
the **whole deck** (1,820 hands); **growth** times 2 to 6 numbers beside each method's search size
(its record's `size`) until the method refuses. Every answer is checked exactly, and the methods
must agree. Seconds are CPU time of this process by default; `fast`'s memos are emptied before each
sweep. The five files of a run go into a new folder, checked first and made only when saved, so
neither a bad path nor an interruption leaves anything behind; the results the notebooks plot ship
with the package (`t24/bench/results/`), and `load_results` refuses a damaged file in one line.
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


# What a run saves and what reading it back checks: per file, each column or key and its type.
NUMBER = (int, float)
COLUMNS = {
    "deck.csv": {"scope": str, "method": str, "mode": str, "hand": str, "seconds": float}
    | {"answers": int},
    "growth.csv": {"count": int, "method": str, "mode": str, "hands": int}
    | dict.fromkeys(("seconds_median", "seconds_max"), _optional(float))
    | {"candidates": _optional(int), "refused": int},
    "peers.csv": {"solver": str, "hands": int, "seconds": float, "answers": int}
    | {"ratio_vs_t24": _optional(float), "checked_ok": int},
}
SCHEMA = {
    "meta.json": dict.fromkeys(("date", "command", "t24", "python", "clock"), str) | {"cpus": int},
    "summary.json": {"sample_hands": int, "deck_hands": int, "as_written": list, "checks": dict}
    | dict.fromkeys(("sample", "deck", "ratio_vs_fast", "peers"), dict),
    "figures": dict.fromkeys(("sweep_seconds", "median_ms", "p90_ms", "max_ms"), NUMBER),
}
FILES = ("meta.json", *COLUMNS, "summary.json")


def timed_solve(hand, target, method: str, mode: str, clock: str = "cpu"):
    """Run one method in one mode on one hand: (answers, seconds); a bool for "can_make"."""
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; choose from {', '.join(MODES)}")
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
    deck.csv rows, the answers' texts (to compare methods) and the answers that fail the check."""
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
    texts, wrong = {}, []
    for hand, result in zip(hands, results):
        if isinstance(result, bool):
            texts[hand] = result
        else:
            bad = [e for e in result if sorted(e.leaves()) != sorted(hand) or e.value != TARGET]
            wrong += [f"{hand_text(hand)}: {e}" for e in bad]
            texts[hand] = tuple(map(str, result)) if mode == "distinct" else None
    figures = {"sweep_seconds": min(total for total, _timed in runs), "repeats": len(runs)}
    solvable = [solver.can_make(hand) for hand in hands]
    for name, wanted in ((None, None), ("solvable", True), ("unsolvable", False)):
        times = [s for s, ok in zip(seconds, solvable) if wanted in (None, ok)]
        ms = (
            {}
            if not times
            else {
                "median_ms": statistics.median(times) * 1000,
                "p90_ms": sorted(times)[math.ceil(0.9 * len(times)) - 1] * 1000,  # nearest rank
                "max_ms": max(times) * 1000,
            }
        )
        figures |= ms if name is None else {name: {"hands": len(times), **ms}}
    rows = [
        dict(zip(COLUMNS["deck.csv"], (scope, method, mode, hand_text(hand), s, count)))
        for hand, s, count in zip(hands, seconds, counts)
    ]
    return figures | {"answers": sum(counts)}, rows, texts, wrong


def agreement(texts: dict, wrong: list) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for scope, mode in itertools.product(("sample", "deck"), ("distinct", "can_make")):
        found = {m: t for (s, m, md), t in texts.items() if (s, md) == (scope, mode)}
        if len(found) > 1:
            first = next(iter(found.values()))
            differ = {hand_text(h) for t in found.values() for h in t if t[h] != first.get(h)}
            checks[f"{scope} {mode}"] = {
                "methods": list(found),
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
    methods, full = list(dict.fromkeys(methods)), hands is None
    out = prepare_out(out, replace=replace, full=full)
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _stop) if main else None
    try:
        started, started_cpu = time.perf_counter(), time.process_time()
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
                figures, found, texts[scope, method, mode], bad = sweep(
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
            "as_written": [m for m in methods if TABLE[m].as_written],
            **scopes,
            "ratio_vs_fast": {
                mode: {
                    m: f[mode]["sweep_seconds"] / base[mode]["sweep_seconds"]
                    for m, f in scopes["sample"].items()
                }
                for mode in base
                if base[mode]["sweep_seconds"]
            },
            "distinct_answers_total": {
                f"{scope} {m}": f["distinct"]["answers"]
                for scope, by in scopes.items()
                for m, f in by.items()
            },
            "checks": agreement(texts, wrong),
            "peers": {
                r["solver"]: {k: v for k, v in r.items() if k != "solver"} for r in peer_rows
            },
        }
        if full:
            summary["deck_figures"] = deck_module.figures(TARGET)
            counts = deck_module.target_counts(range(1, 101)).items()
            summary["deck_figures"]["target_counts"] = {str(t): n for t, n in counts}
        meta = machine() | {
            "command": command,
            "full_deck": full,
            "hands": len(all_hands),
            "sample_hands": len(sample_set),
            "peers": {r["solver"]: r["version"] for r in peer_rows[1:]},
            "methods": methods,
            "as_written": summary["as_written"],
            "modes": list(MODES),
            "seed": SEED,
            "clock": CLOCK_WORDS[clock],
            "repeats": {
                f"{scope} {m} {mode}": f["repeats"]
                for scope, by in scopes.items()
                for m, modes in by.items()
                for mode, f in modes.items()
            },
            "repeat_rule": f"each sweep is repeated up to --repeat times (at most {MAX_REPEAT}), until "
            f"its repeats took {SLOW_SWEEP:g} s in all; per-hand and sweep times are the fastest",
            "growth": {"counts": list(growth_counts), "hands_per_count": growth_hands},
            "elapsed_seconds": round(time.perf_counter() - started, 1),
            "cpu_seconds": round(time.process_time() - started_cpu, 1),
        }
        save_results(out, meta, rows, growth_rows, peer_rows, summary)
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)
    return load_results(out)


def new_run_folder() -> Path:
    """A new folder for a run: `t24-bench/<UTC date and time>` under the current folder."""
    return Path("t24-bench", time.strftime("%Y-%m-%d-%H%M%S", time.gmtime()))


def _short(path) -> str:
    return str(path) if len(str(path)) <= 60 else str(path)[:57] + "..."


def prepare_out(out, replace: bool = False, full: bool = True) -> Path:
    """Check the folder a run will write, before the run, leaving nothing; refuse with a reason.

    A folder that holds results is refused unless `replace`; a full run is never replaced by a
    sample (`full=False`), whatever `replace` says.
    """
    out = Path(out)
    try:
        if out.exists() and not out.is_dir():
            raise InputError(f"cannot save results in {_short(out)}: it is a file, not a folder")
        if any((out / name).exists() for name in FILES) and not replace:
            raise InputError(
                f"{_short(out)} already holds results; choose a new folder with --out, "
                "or pass --replace to overwrite them"
            )
        if not full and _full_run(out):
            raise InputError(
                f"{_short(out)} holds a full run of the deck; a sample never replaces it"
            )
        made = [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)  # the write check: made, probed, removed again
        (out / ".t24-write-check").write_text("", encoding="utf-8")
        (out / ".t24-write-check").unlink()
        for folder in made:
            folder.rmdir()
    except OSError as error:
        raise InputError(
            f"cannot save results in {_short(out)}: {error.strerror or error}"
        ) from None
    return out


def _full_run(folder: Path) -> bool:
    try:
        return bool(json.loads((folder / "meta.json").read_text(encoding="utf-8"))["full_deck"])
    except (OSError, ValueError, KeyError, TypeError):
        return False


def machine() -> dict:
    """The machine, the versions and the commit the figures were measured with."""
    cpu = platform.processor()
    with suppress(OSError, IndexError):
        cpu = Path("/proc/cpuinfo").read_text().split("model name", 1)[1].split("\n")[0][1:]
    git, root = None, Path(__file__).resolve().parents[2]
    with suppress(OSError, subprocess.SubprocessError):
        commit, changed = (
            subprocess.run(["git", *c], cwd=root, capture_output=True, text=True, timeout=10)
            for c in (["rev-parse", "HEAD"], ["status", "--porcelain", "-uno", "--", "t24"])
        )
        if commit.returncode == 0:
            git = {"commit": commit.stdout.strip(), "t24_changed_locally": bool(changed.stdout)}
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": cpu.strip(" :\t"),
        "cpus": os.cpu_count(),
        "t24": __version__,
        "git": git,
    }


def _cell(value) -> str:
    """A CSV cell: empty for None, six significant digits for a float (timings are not finer)."""
    return "" if value is None else f"{value:.6g}" if isinstance(value, float) else str(value)


def save_results(out, meta: dict, deck_rows, growth_rows, peer_rows, summary: dict) -> Path:
    """Write the five files into `out`; an interruption leaves neither a mix nor an empty folder."""
    out = Path(out)
    made = [folder for folder in (out, *out.parents) if not folder.exists()]
    staged = {name: out / f".{name}.partial" for name in FILES}
    rows = dict(zip(COLUMNS, (deck_rows, growth_rows, peer_rows)))
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, document in (("meta.json", meta), ("summary.json", summary)):
            staged[name].write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        for name, columns in COLUMNS.items():
            with open(staged[name], "w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle, lineterminator="\n")
                writer.writerows(
                    [columns, *([_cell(r.get(k)) for k in columns] for r in rows[name])]
                )
    except BaseException:
        for path in staged.values():
            path.unlink(missing_ok=True)
        for folder in made:
            folder.rmdir()
        raise
    for name, path in staged.items():
        os.replace(path, out / name)
    return out


def _check(found: dict, schema: dict) -> None:
    for key, kind in schema.items():
        if not isinstance(found[key], kind):
            raise ValueError(f"{key!r} is not {getattr(kind, '__name__', 'a number')}")


def _read(text: str, name: str):
    """One file's text as JSON or CSV rows (numbers as int/float), checked against its schema."""
    if name.endswith(".json"):
        found = json.loads(text)
        _check(found, SCHEMA[name])
        if name == "summary.json":
            for figures in (
                f for s in ("sample", "deck") for m in found[s].values() for f in m.values()
            ):
                _check(figures, SCHEMA["figures"])
            for by_method in found["ratio_vs_fast"].values():
                _check(by_method, dict.fromkeys(by_method, NUMBER))
            _check(found["checks"], {"wrong_answers": int})
        return found
    reader = csv.DictReader(io.StringIO(text))
    missing = [column for column in COLUMNS[name] if column not in (reader.fieldnames or ())]
    if missing:
        raise ValueError(f"no column {missing[0]!r}")
    return [{key: kind(row[key]) for key, kind in COLUMNS[name].items()} for row in reader]


def load_results(path=None) -> dict:
    """Read saved results: {"meta", "deck", "growth", "peers", "summary"}, numbers as int/float.

    Without a path, the results that ship with the package. A missing or damaged file raises
    `t24.InputError` with one line naming the file and the command that makes it again.
    """
    folder = shipped_results() if path is None else Path(path)
    how = "make bench-update (in a clone of the repository)"
    how = how if path is None else f"t24 bench --out {folder} --replace"
    results = {}
    try:
        for name in FILES:
            results[name.split(".")[0]] = _read(folder.joinpath(name).read_text("utf-8"), name)
        name = ""  # the files together: whatever the tables show must be there
        format_table(results)
    except FileNotFoundError:
        raise InputError(
            f"no benchmark results in {folder} (no {name}); {how} makes them"
        ) from None
    except (OSError, ValueError, LookupError, TypeError, AttributeError, csv.Error) as error:
        why = f"no {error}" if isinstance(error, KeyError) else " ".join(str(error).split())[:80]
        raise InputError(
            f"cannot read {folder.joinpath(name)} ({why or type(error).__name__}); {how} makes it again"
        ) from None
    return results


def shipped_results():
    """The folder of results that ships with the package (a Traversable; a Path when installed)."""
    return resources.files("t24.bench") / "results"


def _ms_text(value: float) -> str:
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"


def table(title: str, header: list[str], rows: list[list]) -> list[str]:
    """A Markdown table under a heading."""
    lines = ["", title, "", " | ".join(["", *header, ""]).strip(), "|---" * len(header) + "|"]
    return lines + [" | ".join(["", *map(str, row), ""]).strip() for row in rows]


def format_table(results: dict) -> str:
    """A saved run's figures as Markdown tables: the methods, growth, the deck."""
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
    lines += table(
        f"### Every method on the same {plural(summary['sample_hands'], 'hand')}", header, rows
    )
    rows = [
        [
            f"`{method}`",
            MODE_WORDS[mode],
            *(_ms_text(f[k]) for k in ("median_ms", "p90_ms", "max_ms")),
            f"{f['sweep_seconds']:.2f} s",
        ]
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
    return "\n".join(
        lines
        + [
            f"Make 24: {made}; {figures['needs_fraction']['1-13']} of them only through a fraction "
            f"({', '.join(figures['fraction_hands'][:4])}, …); "
            f"{figures['distinct_answers']['1-13']:,} distinct answers in all."
        ]
    )
