#!/usr/bin/env python3
"""Time every method in four modes on a seeded sample, the optimised ones on the whole deck, and
growth with 2 to 6 numbers; check every answer exactly and the methods' agreement; save the figures
in a new folder, all or nothing, never over results unless asked, and print them as tables.

    python benchmarks/run.py [--quick] [--out DIR] [--replace] [--ship] ...   (make bench)
"""

import argparse
import csv
import itertools
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager, suppress
from pathlib import Path

from t24 import InputError, SearchTooLarge, __version__, deck
from t24 import results as saved
from t24.methods import METHODS, TABLE, fast
from t24.text import duration, hand_text

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "t24" / "measured"  # the rows the lessons read, shipped in the wheel (--ship)
TARGET = 24
MODES = tuple(saved.MODE_WORDS)
SLOW_SWEEP = 3.0  # seconds: repeats of a sweep stop once they have taken this long in all
MAX_REPEAT = 10  # and after this many, whatever --repeat says
ALL_FILES = (*saved.FILES, "peers.csv")


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


def sweep(method, mode, hands, repeat=1, show=False, cold=False) -> tuple:
    """Time one method in one mode on every hand (`fast`'s memos emptied first, before each hand
    if `cold`), check every answer: (the summary's figures, a deck.csv row per hand, the wrong
    answers, per hand what the methods must agree on)."""
    with suppress(SearchTooLarge):  # compile the method's tables before timing
        saved.timed_solve(hands[0], TARGET, method, "first")

    def once():  # a pass: its seconds, and (result, seconds) per hand
        timed = []
        for hand in progress(hands, f"{method}: {saved.MODE_WORDS[mode]}", show):
            if cold or not timed:
                fast.clear_caches()
            timed.append(saved.timed_solve(hand, TARGET, method, mode))
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
    for hand, result in zip(hands, results):
        if mode != "can_make":
            right = [sorted(e.leaves()) == sorted(hand) and e.value == TARGET for e in result]
            wrong += [f"{hand_text(hand)}: {e}" for e, ok in zip(result, right) if not ok]
    agree = {}  # what the methods must agree on, per hand
    if mode in ("distinct", "can_make"):
        agree = {h: r if mode == "can_make" else tuple(map(str, r)) for h, r in zip(hands, results)}
    return figures, rows, wrong, agree


def agreement(answers: dict, wrong: list) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for (scope, mode), found in answers.items():
        if mode in ("distinct", "can_make") and len(found) > 1:
            differ = {hand_text(h) for each in found for h in each if each[h] != found[0].get(h)}
            checks[f"{scope} {mode}"] = {
                "agree": not differ,
                "hands_that_differ": sorted(differ)[:20],
            }
    return checks | {"wrong_answers": len(wrong), "wrong_examples": wrong[:20]}


def ratios(figures: dict) -> dict:
    """Mode -> method -> its sweep's seconds over fast's, from the figures of one scope."""
    found = {}
    for mode, base in figures.get("fast", {}).items():
        if base["sweep_seconds"]:
            each = figures.items()
            found[mode] = {m: f[mode]["sweep_seconds"] / base["sweep_seconds"] for m, f in each}
    return found


def growth(counts, methods, size, show=False) -> list[tuple]:
    """Per count, method and mode: median and slowest seconds per hand, search size, refusal."""
    rows = []
    for count, method, mode in itertools.product(counts, methods, MODES):
        hands = saved.growth_hands(count, size)
        work = int(statistics.median(TABLE[method].size(hand) for hand in hands))
        try:
            found = sweep(method, mode, hands, 1, show, cold=True)[0]
        except SearchTooLarge:  # the method's own limit: record it, do not wait
            rows.append((count, method, mode, 0, None, None, work, 1))
            continue
        seconds = (found["median_ms"] / 1000, found["max_ms"] / 1000)
        rows.append((count, method, mode, len(hands), *seconds, work, 0))
    return rows


def run_benchmark(o: argparse.Namespace, peers=None) -> dict:
    """Run what `o` (from `options`) asks, save it into `o.out` (checked first), return it as
    `load` reads it. `peers`: None, or `(hands, repeat, progress) -> row dicts` (peers.csv)."""
    methods, show = list(dict.fromkeys(o.methods)), not o.no_progress  # each method once
    with staged(o.out, full=o.hands is None, replace=o.replace) as files:
        all_hands = saved.sample_hands(deck.deck(13), o.hands)
        sample_set = saved.sample_hands(all_hands, o.sample)
        optimised = [m for m in methods if not TABLE[m].as_written]
        if len(all_hands) == len(sample_set):  # the sample is the deck: no second sweep
            optimised = []
        figures, answers, wrong, files["deck"] = {"sample": {}, "deck": {}}, {}, [], []
        swept = {"sample": (sample_set, methods), "deck": (all_hands, optimised)}
        for scope, (chosen, names) in swept.items():
            for method, mode in itertools.product(names, MODES):
                found, rows, wrongs, agree = sweep(method, mode, chosen, o.repeat, show)
                figures[scope].setdefault(method, {})[mode] = found
                answers.setdefault((scope, mode), []).append(agree)
                files["deck"] += [(scope, *row) for row in rows]
                wrong += wrongs
        files["growth"] = growth(range(2, o.max_count + 1), methods, o.growth_hands, show)
        peer_rows = peers(all_hands, o.repeat, show) if peers else []
        files["peers"] = [[row[c] for c in saved.COLUMNS["peers"].split(",")] for row in peer_rows]
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
            "command": o.command,
            "t24": __version__,
            "git": commit(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "clock": "CPU time of this process (time.process_time)",
            "full_deck": o.hands is None,
        }
    return load(o.out)


def write(folder: Path, files: dict) -> None:
    """Each file's content: JSON, or CSV rows under the header (floats to six significant digits:
    timings are no finer)."""
    for stem, content in files.items():
        name = stem + (".csv" if stem in saved.COLUMNS else ".json")
        with open(folder / name, "w", encoding="utf-8", newline="") as handle:
            if stem not in saved.COLUMNS:
                handle.write(json.dumps(content, indent=2) + "\n")
                continue
            rows = [[f"{v:.6g}" if isinstance(v, float) else v for v in r] for r in content]
            header = saved.COLUMNS[stem].split(",")
            csv.writer(handle, lineterminator="\n").writerows([header, *rows])


@contextmanager
def staged(out: Path, full: bool, replace: bool):
    """A run's files, all or nothing: before the run the folder is refused (in one line) or made,
    with a hidden folder for the new files; at its end what it put in `files` is written there and
    moved out."""
    made, full_run = [], False  # the folders this run makes; whether `out` holds a full run
    # SIGTERM ends a run as Ctrl-C does (KeyboardInterrupt), through this cleanup
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        if out.exists() and not out.is_dir():
            raise InputError(f"cannot save results in {out}: it is a file, not a folder")
        if not replace and any((out / name).exists() for name in ALL_FILES):
            raise InputError(f"{out} already holds results; choose a new --out, or --replace them")
        with suppress(OSError, ValueError, AttributeError):
            full_run = json.loads((out / "meta.json").read_text("utf-8")).get("full_deck") is True
        if full_run and not full:
            raise InputError(f"{out} holds a full run of the deck; a sample never replaces it")
        made = [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix=".partial-", dir=out) as stage:
            files = {}
            yield files
            write(Path(stage), files)
            for name in ALL_FILES:  # all written: now they replace the old ones
                os.replace(Path(stage, name), out / name)
    except BaseException as error:
        for folder in made:
            with suppress(OSError):
                folder.rmdir()
        if isinstance(error, OSError):
            why = error.strerror or error
            raise InputError(f"cannot save results in {out}: {why}") from None
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


def commit():
    """The git commit the benchmark runs from (None without git)."""
    with suppress(OSError, subprocess.CalledProcessError):
        git = ["git", "-C", str(ROOT), "log", "-1", "--format=%H"]
        done = subprocess.run(git, capture_output=True, text=True, check=True)
        return {"commit": done.stdout.strip()}


def ship(results: dict, folder: Path = SHIPPED) -> None:
    """The rows the lessons read, into the package: the CSV rows of mode "all", no peers."""
    files = {"meta": results["meta"]}
    for stem in ("deck", "growth"):
        files[stem] = [list(row.values()) for row in results[stem] if row["mode"] == "all"]
    files["summary"] = {key: value for key, value in results["summary"].items() if key != "peers"}
    write(folder, files)


def table(title: str, header: list[str], rows: list[list]) -> list[str]:
    """A Markdown table under a heading."""
    lines = [f"| {' | '.join(map(str, row))} |" for row in [header, *rows]]
    return ["", f"### {title}", "", lines[0], "|---" * len(header) + "|", *lines[1:]]


def counted(count: int, thing: str) -> str:
    """`1 hand`, `1,820 hands`."""
    return f"{count:,} {thing}" + "s" * (count != 1)


def run_line(results: dict) -> list[str]:
    """Where, when and how a run was measured."""
    meta = results["meta"]
    commit = (meta.get("git") or {}).get("commit", "")[:7]
    version = f"{meta['t24']} ({commit})" if commit else meta["t24"]
    how = f"Python {meta['python']}, {counted(meta['cpus'], 'CPU')}, {meta['clock']}"
    return [f"Run of {meta['date'][:10]} (`{meta['command']}`, t24 {version}), {how}."]


def scope_tables(results: dict) -> list[str]:
    """Per scope, method and mode: the median, p90 and slowest hand, the sweep, its ratio to fast's."""
    summary = results["summary"]
    titles = {
        "sample": "Every method on the same {}",
        "deck": "The optimised methods on the whole deck ({})",
    }
    header = ["method", "", "mode", "median hand", "p90 hand", "slowest hand", "sweep", "× fast"]
    lines = []
    for scope, title in titles.items():
        found = ratios(summary[scope])
        rows = []
        for method, modes in summary[scope].items():
            for mode, f in modes.items():
                ratio = found.get(mode, {}).get(method)
                times = [duration(f[key] / 1000) for key in ("median_ms", "p90_ms", "max_ms")]
                times += [duration(f["sweep_seconds"]), "" if ratio is None else f"{ratio:.1f}×"]
                rows.append([f"`{method}`", TABLE[method].label, saved.MODE_WORDS[mode], *times])
        lines += table(title.format(counted(summary[f"{scope}_hands"], "hand")), header, rows)
    return lines


def growth_table(results: dict) -> list[str]:
    """Each method's median hand (all answers) per count of numbers, or its refusal; a mode with
    no time in any row is damage (its plot would have nothing to draw)."""
    rows = results["growth"]
    timed = {r["mode"] for r in rows if not r["refused"] and r["seconds_median"] > 0}
    if timed != {r["mode"] for r in rows}:
        raise ValueError("a mode has no time: each of its rows is a refusal")
    medians = {(r["method"], r["count"]): r["seconds_median"] for r in rows if r["mode"] == "all"}
    counts = sorted({count for _method, count in medians})
    table_rows = []
    for method in dict.fromkeys(method for method, _count in medians):
        seconds = [medians.get((method, count)) for count in counts]
        times = ["refused" if each is None else duration(each) for each in seconds]
        table_rows.append([f"`{method}`", *times])
    header = ["method", *(counted(count, "number") for count in counts)]
    return table("Growth with the count of numbers (median hand, all answers)", header, table_rows)


def peers_table(results: dict) -> list[str]:
    """The comparison with other solvers, if the run made one."""
    rows = []
    for r in results["peers"]:
        version = results["summary"]["peers"][r["solver"]]["version"]
        name = r["solver"] if r["solver"].startswith("t24") else f"{r['solver']} {version}"
        ratio = "" if r["ratio_vs_t24"] is None else f"{r['ratio_vs_t24']:.1f}×"
        figures = [f"{r['hands']:,}", f"{r['seconds']:.2f}", f"{r['answers']:,}", ratio]
        rows.append([name, *figures, "right" if r["checked_ok"] else "NOT all right"])
    header = ["solver", "hands", "seconds", "answers", "× t24", "every answer checked"]
    title = "Beside the PyPI solvers (every distinct answer of every hand)"
    return table(title, header, rows) if rows else []


TABLES = {  # the tables in the order shown, each made from the file named (which it checks)
    "meta.json": run_line,
    "summary.json": scope_tables,
    "growth.csv": growth_table,
    "peers.csv": peers_table,
}


def format_table(results: dict) -> str:
    """A saved run's figures as Markdown tables."""
    return "\n".join(line for part in TABLES.values() for line in part(results))


def load(folder) -> dict:
    """A saved run, checked by making its tables: a damaged file raises InputError in one line."""
    results = saved.load_results(folder, ALL_FILES)
    for name, part in TABLES.items():
        try:
            part(results)
        except saved.DAMAGED as error:
            why = " ".join(f"{type(error).__name__}: {error}".split())[:80]
            again = f"benchmarks/run.py --out {folder} --replace makes it again"
            raise InputError(f"cannot read {Path(folder, name)} ({why}); {again}") from None
    return results


def options(argv=None, prog="run.py") -> argparse.Namespace:
    """The run a command line asks for; a bad option is a one-line usage error (exit code 2)."""
    parser = argparse.ArgumentParser(f"benchmarks/{prog}", description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--quick", action="store_true", help="100 hands, 20 per method, 2 per growth count")
    add("--hands", type=int, help="a seeded sample of N hands instead of the deck")
    add("--sample", type=int, help="hands every method sweeps (default 100)")
    add("--methods", type=lambda text: text.split(","), default=METHODS, help="a,b (default all)")
    add("--out", type=Path, help="a new folder (default t24-bench/<date-time>)")
    add("--replace", action="store_true", help="overwrite the results in --out")
    add("--repeat", type=int, default=3, help="keep the fastest of N (sweeps over 3 s: once)")
    add("--max-count", type=int, default=6, choices=range(2, 9), help="growth: 2 to K numbers")
    add("--growth-hands", type=int, help="growth: hands per count (default 8)")
    add("--no-progress", action="store_true", help="no progress bars")
    add("--ship", action="store_true", help="write the rows the lessons read into t24/measured/")
    o = parser.parse_args(argv)
    if set(o.methods) - set(TABLE):
        parser.error(f"--methods: choose from {', '.join(METHODS)}")
    if min(n for n in (o.hands, o.sample, o.repeat, o.growth_hands) if n is not None) < 1:
        parser.error("--hands, --sample, --repeat and --growth-hands take 1 or more")
    if o.ship and (o.quick or o.hands):
        parser.error("--ship needs a full run of the deck")
    o.hands = o.hands or (100 if o.quick else None)
    o.sample = o.sample or (20 if o.quick else 100)  # hands every method sweeps
    o.growth_hands = o.growth_hands or (2 if o.quick else 8)
    o.out = o.out or Path("t24-bench", time.strftime("%Y-%m-%d-%H%M%S", time.gmtime()))
    o.command = " ".join(["python", parser.prog, *(sys.argv[1:] if argv is None else argv)])
    return o


def main(argv=None, peers=None, prog="run.py") -> int:
    """Run, save and print a benchmark; `peers` (benchmarks/peers.py) times other solvers too."""
    o = options(argv, prog)
    try:
        results = run_benchmark(o, peers)
    except InputError as error:
        print(f"benchmarks/{prog}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    if o.ship:
        ship(results)
    print(format_table(results))
    print(f"\nsaved in {o.out}/" + (f", the lessons' rows in {SHIPPED}/" if o.ship else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
