"""Benchmarks you can rerun: `t24 bench` times every method and saves the figures.

Per method (`t24.METHODS`) in four modes — all answers, distinct answers, the first answer, and
"can it be made?" (`t24.can_make` for `fast`, `bool(solve(first=True))` for the others):

* a **sample** of the deck (a fixed, seeded choice of hands of four cards from 1 to 13) swept by
  every method: the ratios against `fast` come from these sweeps, the same hands in the same run;
* the **whole deck** (1,820 hands) swept by the optimised methods, which are quick enough for it;
* **growth** with the count of numbers (2 to 6) on a few hands, beside the size of each method's
  search (its record's `size`), up to where a method refuses with `SearchTooLarge`.

While it times, it checks every answer exactly, and that the methods agree. Seconds are CPU time
of this process by default; `fast`'s memos are emptied before each sweep. A run writes five files
(`meta.json`, `deck.csv`, `growth.csv`, `peers.csv`, `summary.json`) into a new folder, checked
before the run and made only when the results are saved, so neither a bad path nor an interrupted
run leaves anything behind. The results the notebooks plot ship with the package
(`t24/bench/results/`); `load_results()` reads them and refuses a damaged file in one line.
Standard library only; tqdm draws progress bars if it is installed.
"""

from __future__ import annotations

import csv
import datetime
import io
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
from importlib import resources
from pathlib import Path

from .. import __version__, solver
from .. import deck as deck_module
from ..deck import deck
from ..hand import InputError, SearchTooLarge
from ..methods import METHODS, TABLE, fast
from ..text import hand_text, plural

MODES = ("all", "distinct", "first", "can_make")
MODE_WORDS = {
    "all": "all answers",
    "distinct": "distinct answers",
    "first": "first answer",
    "can_make": "can it be made?",
}
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


def _warm_up(method: str, count: int) -> None:
    """Compile a method's tables for `count` numbers before timing (a refusal is timed later)."""
    try:
        timed_solve(tuple(range(1, count + 1)), TARGET, method, "first")
    except SearchTooLarge:
        pass


def sweep(method, mode, hands, repeat=1, show=False, clock="cpu", scope="sample") -> dict:
    """Time one method in one mode on every hand, `repeated`; per hand and sweep the fastest."""
    _warm_up(method, 4)

    def once():
        fast.clear_caches()
        bar = progress(hands, f"{scope}: {method} {mode}", show)
        timed = [timed_solve(hand, TARGET, method, mode, clock) for hand in bar]
        return sum(seconds for _result, seconds in timed), timed

    runs = repeated(once, repeat)
    results = [result for result, _seconds in runs[0][1]]
    wrong = [
        (hand, str(e))
        for hand, answers in zip(hands, results)
        if not isinstance(answers, bool)
        for e in answers
        if sorted(e.leaves()) != sorted(hand) or e.value != TARGET
    ]
    texts = {
        hand: result if isinstance(result, bool) else tuple(map(str, result))
        for hand, result in zip(hands, results)
        if mode in ("distinct", "can_make")
    }
    times = zip(*([seconds for _result, seconds in timed] for _total, timed in runs))
    return {
        "method": method,
        "mode": mode,
        "scope": scope,
        "hands": list(hands),
        "seconds": [min(each) for each in times],
        "sweep_seconds": min(r[0] for r in runs),
        "answers": [int(r) if isinstance(r, bool) else len(r) for r in results],
        "repeats": len(runs),
        "wrong": wrong,
        "texts": texts,
    }


def _ms(seconds) -> dict:
    ordered = sorted(seconds)
    return {
        "median_ms": statistics.median(ordered) * 1000,
        "p90_ms": ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)] * 1000,  # nearest rank
        "max_ms": ordered[-1] * 1000,
    }


def sweep_figures(found: dict) -> dict:
    """Sweep seconds and the per-hand distribution (ms), overall and for (un)solvable hands."""
    figures = {"sweep_seconds": found["sweep_seconds"], "repeats": found["repeats"]}
    figures |= _ms(found["seconds"])
    solvable = [solver.can_make(hand) for hand in found["hands"]]
    for name, wanted in (("solvable", True), ("unsolvable", False)):
        times = [s for s, ok in zip(found["seconds"], solvable) if ok == wanted]
        figures[name] = {"hands": len(times), **(_ms(times) if times else {})}
    return figures | {"answers": sum(found["answers"])}


def ratios(found, baseline: str = "fast") -> dict[str, dict[str, float]]:
    """Per mode, each method's sample sweep time divided by the baseline's, from the same run."""
    sample = [s for s in found if s["scope"] == "sample"]
    base = {s["mode"]: s["sweep_seconds"] for s in sample if s["method"] == baseline}
    return {
        mode: {s["method"]: s["sweep_seconds"] / base[mode] for s in sample if s["mode"] == mode}
        for mode in base
        if base[mode]
    }


def agreement(found) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for scope in ("sample", "deck"):
        for mode in ("distinct", "can_make"):
            texts = {
                s["method"]: s["texts"] for s in found if (s["mode"], s["scope"]) == (mode, scope)
            }
            if len(texts) < 2:
                continue
            first = next(iter(texts.values()))
            differ = sorted(
                {hand_text(h) for each in texts.values() for h in each if each[h] != first.get(h)}
            )
            checks[f"{scope} {mode}"] = {
                "methods": list(texts),
                "agree": not differ,
                "hands_that_differ": differ[:20],
            }
    wrong = [f"{hand_text(hand)}: {text}" for s in found for hand, text in s["wrong"]]
    return checks | {"wrong_answers": len(wrong), "wrong_examples": wrong[:20]}


def growth(counts, methods, size=GROWTH_HANDS, show=False, clock="cpu") -> list[dict]:
    """Per count, method and mode: median and slowest seconds per hand, search size, refusals."""
    rows = []
    for count in counts:
        hands = sample_hands(deck(13, size=count), size, SEED * 100 + count)
        for method in methods:
            _warm_up(method, count)
            sizes = [TABLE[method].size(hand) for hand in hands]
            for mode in MODES:
                seconds, refused = [], False
                for hand in progress(hands, f"growth {count} {method} {mode}", show):
                    fast.clear_caches()
                    try:
                        seconds.append(timed_solve(hand, TARGET, method, mode, clock)[1])
                    except SearchTooLarge:  # the method's own limit: record it, do not wait
                        refused = True
                        break
                rows.append(
                    {
                        "count": count,
                        "method": method,
                        "mode": mode,
                        "hands": len(seconds),
                        "seconds_median": statistics.median(seconds) if seconds else None,
                        "seconds_max": max(seconds) if seconds else None,
                        "candidates": int(statistics.median(sizes)),
                        "refused": int(refused),
                    }
                )
    return rows


def summarise(found, peer_rows, deck_figures: dict | None) -> dict:
    """The headline figures: per scope, method and mode; ratios; the checks; other solvers; deck."""
    scopes: dict = {"sample": {}, "deck": {}}
    for s in found:
        scopes[s["scope"]].setdefault(s["method"], {})[s["mode"]] = sweep_figures(s)
    summary = {
        "sample_hands": len(next((s["hands"] for s in found if s["scope"] == "sample"), ())),
        "deck_hands": len(next((s["hands"] for s in found if s["scope"] == "deck"), ())),
        "as_written": [m for m in scopes["sample"] if TABLE[m].as_written],
        **scopes,
        "ratio_vs_fast": ratios(found),
        "distinct_answers_total": {
            f"{s['scope']} {s['method']}": sum(s["answers"])
            for s in found
            if s["mode"] == "distinct"
        },
        "checks": agreement(found),
        "peers": {r["solver"]: {k: v for k, v in r.items() if k != "solver"} for r in peer_rows},
    }
    return summary if deck_figures is None else summary | {"deck_figures": deck_figures}


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
        found = [
            sweep(m, mode, sample_set, repeat, progress, clock) for m in methods for mode in MODES
        ]
        if full or len(all_hands) > len(sample_set):
            found += [
                sweep(m, mode, all_hands, repeat, progress, clock, "deck")
                for m in methods
                if not TABLE[m].as_written
                for mode in MODES
            ]
        growth_rows = growth(growth_counts, methods, growth_hands, progress, clock)
        peer_rows = peers(all_hands, repeat, progress, clock) if peers else []
        deck_figures = None
        if full:
            deck_figures = deck_module.figures(TARGET)
            counts = deck_module.target_counts(range(1, 101))
            deck_figures["target_counts"] = {str(t): n for t, n in counts.items()}
        meta = machine() | {
            "command": command,
            "full_deck": full,
            "hands": len(all_hands),
            "sample_hands": len(sample_set),
            "peers": {
                r["solver"]: r["version"]
                for r in peer_rows
                if r["solver"] != peer_rows[0]["solver"]
            },
            "methods": methods,
            "as_written": [m for m in methods if TABLE[m].as_written],
            "modes": list(MODES),
            "seed": SEED,
            "clock": CLOCK_WORDS[clock],
            "repeats": {f"{s['scope']} {s['method']} {s['mode']}": s["repeats"] for s in found},
            "repeat_rule": f"each sweep is repeated up to --repeat times (at most {MAX_REPEAT}), until "
            f"its repeats took {SLOW_SWEEP:g} s in all; per-hand and sweep times are the fastest",
            "growth": {"counts": list(growth_counts), "hands_per_count": growth_hands},
            "elapsed_seconds": round(time.perf_counter() - started, 1),
            "cpu_seconds": round(time.process_time() - started_cpu, 1),
        }
        rows = [r for s in found for r in _rows(s)], growth_rows, peer_rows
        save_results(out, meta, *rows, summarise(found, peer_rows, deck_figures))
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)
    return load_results(out)


def _rows(s: dict) -> list[dict]:
    keys = ("scope", "method", "mode")
    return [
        {**{k: s[k] for k in keys}, "hand": hand_text(hand), "seconds": seconds, "answers": count}
        for hand, seconds, count in zip(s["hands"], s["seconds"], s["answers"])
    ]


def new_run_folder() -> Path:
    """A new folder for a run: `t24-bench/<UTC date and time>` under the current folder."""
    return Path("t24-bench") / datetime.datetime.now(datetime.timezone.utc).strftime(
        "%Y-%m-%d-%H%M%S"
    )


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
    try:
        cpu = Path("/proc/cpuinfo").read_text().split("model name", 1)[1].split("\n")[0]
    except (OSError, IndexError):
        cpu = ":" + platform.processor()
    git = None
    root = Path(__file__).resolve().parents[2]
    try:
        commit, changed = (
            subprocess.run(["git", *c], cwd=root, capture_output=True, text=True, timeout=10)
            for c in (["rev-parse", "HEAD"], ["status", "--porcelain", "-uno", "--", "t24"])
        )
        if commit.returncode == 0:
            git = {
                "commit": commit.stdout.strip(),
                "t24_changed_locally": bool(changed.stdout.strip()),
            }
    except (OSError, subprocess.SubprocessError):
        pass
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": cpu.split(":", 1)[1].strip(),
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
    except FileNotFoundError:
        raise InputError(
            f"no benchmark results in {folder} (no {name}); {how} makes them"
        ) from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError, csv.Error) as error:
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


def _table(title: str, header: list[str], rows: list[list]) -> list[str]:
    """A Markdown table under a heading."""
    lines = ["", title, "", " | ".join(["", *header, ""]).strip(), "|---" * len(header) + "|"]
    return lines + [" | ".join(["", *map(str, row), ""]).strip() for row in rows]


def format_table(results: dict) -> str:
    """A saved run's figures as Markdown: the methods, other solvers, growth, the deck."""
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
    lines += _table(
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
    lines += _table(title, header, rows)
    rows = []
    for r in results["peers"]:
        version = summary["peers"].get(r["solver"], {}).get("version")
        name = r["solver"] + (
            f" {version}" if version and not r["solver"].startswith("t24") else ""
        )
        ratio = "" if r["ratio_vs_t24"] is None else f"{r['ratio_vs_t24']:.1f}×"
        ok = "right" if r["checked_ok"] else "NOT all right"
        rows.append(
            [name, f"{r['hands']:,}", f"{r['seconds']:.2f}", f"{r['answers']:,}", ratio, ok]
        )
    header = ["solver", "hands", "seconds", "answers", "× t24", "every answer checked"]
    lines += _table(
        "### Beside the PyPI solvers (every distinct answer of every hand)", header, rows
    )
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
    lines += _table(title, ["method", *(f"{c} numbers" for c in counts)], rows)
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
