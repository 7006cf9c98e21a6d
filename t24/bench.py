"""Benchmarks you can rerun: `t24 bench` times every method on the whole deck and saves the figures.

What it measures, per method (`t24.METHODS`):

* the deck sweep: every hand of four cards from 1 to 13 (1820 hands) in four modes — all answers,
  distinct answers, the first answer, and "can it be made?" (`t24.can_make` for the fast method;
  `bool(solve(first=True))` for the three article methods) — with the time of each hand, so the
  median, the 90th percentile, the slowest hand and the whole sweep can be read off;
* growth with the count of numbers (2 to 6) on a fixed, seeded sample of hands, beside the number
  of candidates each method implies (pattern strings and postfix candidates, the recursive
  search's final numbers, and for the fast method the (sub-multiset, value) pairs it tabulates),
  up to where a method refuses with `SearchTooLarge`;
* the PyPI solvers `game24` and `point24`, when they are installed (never a dependency), on the
  same hands in the same process, each of their answers checked with t24's exact evaluator.

While it times, it also checks: every answer makes the target exactly from exactly the hand's
numbers, and the four methods give the same distinct answers and agree on which hands can be made.

The fast method remembers the values of sub-multisets between calls. Each sweep starts with those
memos empty (so a sweep is what a fresh process pays), and in the growth runs each hand starts
empty. The pattern and postfix methods compile their templates once per count of numbers; that
one-off compilation is done before the clock starts.

Results go to a folder (default `benchmarks/results/`): `meta.json` (machine, versions, command),
`deck.csv`, `growth.csv`, `peers.csv` and `summary.json`; `load_results()` reads them back so a
notebook can plot them without rerunning. Standard library only; tqdm draws progress bars if it
is installed.
"""

from __future__ import annotations

import csv
import datetime
import importlib
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Callable, Iterable, Sequence

from . import deck as deck_module
from . import fast
from .check import check_answer
from .hand import Hand, SearchTooLarge
from .solver import METHODS, can_make, count_candidates, solve

MODES = ("all", "distinct", "first", "can_make")
TARGET = 24
QUICK_HANDS = 100
GROWTH_COUNTS = (2, 3, 4, 5, 6)
GROWTH_HANDS = 8
SEED = 24
SLOW_SWEEP = 3.0  # seconds: a sweep this slow is not repeated, whatever --repeat says
# The clock: "cpu" (this process's CPU time) by default, because the machine the figures are
# quoted for is shared and wall time there mostly measures the neighbours; "wall" for a quiet one.
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
DEFAULT_OUT = Path("benchmarks") / "results"
REPO_RESULTS = Path(__file__).resolve().parent.parent / "benchmarks" / "results"

DECK_COLUMNS = ("method", "mode", "hand", "seconds", "answers")
GROWTH_COLUMNS = ("count", "method", "mode", "hands", "seconds_median", "seconds_max", "candidates", "refused")
PEER_COLUMNS = ("solver", "hands", "seconds", "answers", "ratio_vs_t24", "checked_ok")
BASELINE = "t24 fast distinct"


# ---------------------------------------------------------------- running one hand


def run(method: str, mode: str, hand: Hand, target=TARGET):
    """Run one method in one mode on one hand: a list of answers, or a bool for can_make."""
    if mode == "can_make":
        return can_make(hand, target) if method == "fast" else bool(solve(hand, target, method=method, first=True))
    return solve(hand, target, method=method, first=mode == "first", distinct=mode == "distinct")


def answer_count(result) -> int:
    """How many answers a run returned (1/0 for can_make)."""
    return int(result) if isinstance(result, bool) else len(result)


def clear_memos() -> None:
    """Empty the fast method's memos, so the next run pays what a fresh process pays."""
    for value in vars(fast).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()


def _timed(method: str, mode: str, hand: Hand, clock: str = "cpu"):
    tick = CLOCKS[clock]
    start = tick()
    result = run(method, mode, hand)
    return tick() - start, result


def _progress(items, desc: str, show: bool):
    """Wrap `items` in a tqdm bar when asked and tqdm is installed."""
    if not show:
        return items
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=desc, leave=False, file=sys.stderr, delay=2)  # only if it takes a while


def _warm_up(method: str, count: int) -> bool:
    """Compile a method's templates for `count` numbers before timing; False if it refuses."""
    try:
        run(method, "first", tuple(range(1, count + 1)))
    except SearchTooLarge:
        return False
    return True


# ---------------------------------------------------------------- the deck sweep


def sample_hands(size: int | None = None, seed: int = SEED) -> list[Hand]:
    """The full deck (cards 1–13), or a fixed seeded sample of `size` hands in deck order."""
    hands = deck_module.deck(13)
    if size is None or size >= len(hands):
        return hands
    chosen = set(random.Random(seed).sample(hands, size))
    return [hand for hand in hands if hand in chosen]


def check_answers(hand: Hand, answers, target=TARGET) -> list[str]:
    """The answers that do not make the target exactly from exactly the hand's numbers."""
    wrong = []
    for expr in answers:
        if sorted(expr.leaves()) != sorted(hand) or expr.value != target:
            wrong.append(str(expr))
    return wrong


@dataclass
class Sweep:
    """One method in one mode over a list of hands: per-hand seconds and answer counts."""

    method: str
    mode: str
    hands: list
    seconds: list  # per hand, the fastest of the repeats
    answers: list
    sweep_seconds: float  # the fastest whole sweep
    repeats: int
    wrong: list  # (hand, text) answers that failed the exact check
    texts: dict  # hand -> tuple of answer texts (distinct mode) or bool (can_make)

    def rows(self) -> list[dict]:
        """The sweep as deck.csv rows."""
        return [
            {"method": self.method, "mode": self.mode, "hand": deck_module.hand_text(hand),
             "seconds": seconds, "answers": answers}
            for hand, seconds, answers in zip(self.hands, self.seconds, self.answers)
        ]


def sweep(
    method: str, mode: str, hands: Sequence[Hand], repeat: int = 1, progress: bool = False, clock: str = "cpu",
) -> Sweep:
    """Time one method in one mode on every hand; repeat (fast sweeps only) and keep the fastest."""
    _warm_up(method, 4)
    best = [math.inf] * len(hands)
    answers, wrong, texts, sums = [], [], {}, []
    for attempt in range(max(1, repeat)):
        clear_memos()
        total = 0.0
        label = f"{method} {mode}" + (f" ({attempt + 1}/{repeat})" if repeat > 1 else "")
        for index, hand in enumerate(_progress(hands, label, progress)):
            seconds, result = _timed(method, mode, hand, clock)
            total += seconds
            best[index] = min(best[index], seconds)
            if attempt == 0:
                answers.append(answer_count(result))
                if isinstance(result, bool):
                    texts[hand] = result
                else:
                    wrong += [(hand, text) for text in check_answers(hand, result)]
                    if mode == "distinct":
                        texts[hand] = tuple(str(expr) for expr in result)
        sums.append(total)
        if total > SLOW_SWEEP:
            break
    return Sweep(method, mode, list(hands), best, answers, min(sums), len(sums), wrong, texts)


def deck_sweeps(
    hands: Sequence[Hand], methods: Sequence[str] = METHODS, modes: Sequence[str] = MODES,
    repeat: int = 1, progress: bool = False, clock: str = "cpu",
) -> list[Sweep]:
    """Every method in every mode over the hands."""
    return [sweep(method, mode, hands, repeat, progress, clock) for method in methods for mode in modes]


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest value with at least `fraction` of them at or below."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def sweep_figures(result: Sweep) -> dict:
    """Sweep seconds and the per-hand distribution (ms), overall and for (un)solvable hands."""
    figures = {"sweep_seconds": result.sweep_seconds, "repeats": result.repeats, **_ms(result.seconds)}
    solvable = [can_make(hand) for hand in result.hands]
    for name, wanted in (("solvable", True), ("unsolvable", False)):
        times = [s for s, ok in zip(result.seconds, solvable) if ok == wanted]
        figures[name] = {"hands": len(times), **(_ms(times) if times else {})}
    figures["answers"] = sum(result.answers)
    return figures


def _ms(seconds: Sequence[float]) -> dict:
    return {
        "median_ms": statistics.median(seconds) * 1000,
        "p90_ms": percentile(seconds, 0.9) * 1000,
        "max_ms": max(seconds) * 1000,
    }


def agreement(sweeps: Sequence[Sweep]) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for mode in ("distinct", "can_make"):
        by_method = {s.method: s.texts for s in sweeps if s.mode == mode}
        if len(by_method) < 2:
            continue
        reference_method, reference = next(iter(by_method.items()))
        differ = sorted(
            {deck_module.hand_text(hand) for texts in by_method.values() for hand in texts
             if texts[hand] != reference.get(hand)}
        )
        checks[mode] = {"methods": list(by_method), "agree": not differ, "hands_that_differ": differ[:20]}
    checks["wrong_answers"] = sum(len(s.wrong) for s in sweeps)
    checks["wrong_examples"] = [f"{deck_module.hand_text(h)}: {t}" for s in sweeps for h, t in s.wrong][:20]
    return checks


# ---------------------------------------------------------------- growth with the count of numbers


def growth_sample(count: int, size: int = GROWTH_HANDS, seed: int = SEED) -> list[Hand]:
    """A fixed seeded sample of `size` hands of `count` cards from 1 to 13, in deck order."""
    hands = deck_module.deck(13, size=count)
    chosen = set(random.Random(seed * 100 + count).sample(hands, min(size, len(hands))))
    return [hand for hand in hands if hand in chosen]


def candidates(method: str, hand: Hand) -> int | None:
    """The work a method implies for this hand (see the module's docstring)."""
    if method == "fast":
        return fast_states(hand)
    return count_candidates(hand, method)


def fast_states(hand: Hand) -> int:
    """(Sub-multiset, value) pairs the fast method tabulates: the value sets it builds in full."""
    cards = tuple(sorted(hand))
    limit = min(fast.full_set_size(len(cards)), len(cards))
    subs = {
        tuple(cards[i] for i in chosen)
        for size in range(1, limit + 1)
        for chosen in combinations(range(len(cards)), size)
    }
    return sum(len(fast.reachable(sub)) for sub in subs)


def growth(
    counts: Iterable[int] = GROWTH_COUNTS, methods: Sequence[str] = METHODS, modes: Sequence[str] = MODES,
    size: int = GROWTH_HANDS, progress: bool = False, clock: str = "cpu",
) -> list[dict]:
    """Per count of numbers, method and mode: median and slowest seconds per hand, candidates, refusals."""
    rows = []
    for count in counts:
        hands = growth_sample(count, size)
        for method in methods:
            _warm_up(method, count)
            work = [candidates(method, hand) for hand in hands]
            known = [w for w in work if w is not None]
            for mode in modes:
                seconds, refused = [], False
                for hand in _progress(hands, f"growth {count} {method} {mode}", progress):
                    clear_memos()
                    try:
                        elapsed, _result = _timed(method, mode, hand, clock)
                    except SearchTooLarge:
                        refused = True  # the method's own limit: record it, do not wait
                        break
                    seconds.append(elapsed)
                rows.append({
                    "count": count, "method": method, "mode": mode, "hands": len(seconds),
                    "seconds_median": statistics.median(seconds) if seconds else None,
                    "seconds_max": max(seconds) if seconds else None,
                    "candidates": int(statistics.median(known)) if known else None,
                    "refused": int(refused),
                })
    return rows


# ---------------------------------------------------------------- peers


@dataclass
class Peer:
    """Another solver: `solve(hand)` returns its answers (anything whose str() is the text)."""

    name: str
    version: str | None
    solve: Callable[[Hand], Iterable]
    max_cards: int | None = None


def _version(package: str) -> str | None:
    try:
        from importlib.metadata import version

        return version(package)
    except Exception:  # noqa: BLE001 - any failure just means "unknown"
        return None


def load_peers() -> dict[str, Peer]:
    """The PyPI solvers game24 and point24, when they can be imported (they are optional)."""
    peers = {}
    try:
        calc = importlib.import_module("game24.calc")
    except ImportError:
        pass
    else:
        peers["game24"] = Peer("game24", _version("game24"), lambda hand: calc.solve(list(hand), TARGET))
    try:
        point24 = importlib.import_module("point24")
    except ImportError:
        pass
    else:
        # point24 takes exactly four numbers and returns answer strings.
        peers["point24"] = Peer("point24", _version("point24"), lambda hand: point24.solve(*hand, ans_aim=TARGET), 4)
    return peers


def t24_peer() -> Peer:
    """The baseline: every distinct answer from t24's fast method."""
    return Peer(BASELINE, importlib.import_module("t24").__version__, lambda hand: solve(hand, TARGET, method="fast", distinct=True))


def as_text(answer) -> str:
    """A peer's answer as text t24 can read: × ÷ − and friends become * / -."""
    return str(answer).replace("×", "*").replace("÷", "/").replace("−", "-").strip()


def run_peer(peer: Peer, hands: Sequence[Hand], progress: bool = False, clock: str = "cpu") -> dict:
    """Time a solver over the hands (answers only, text and checks outside the clock) and check it."""
    hands = [hand for hand in hands if peer.max_cards is None or len(hand) <= peer.max_cards]
    if hands:
        list(peer.solve(hands[0]))  # load data files, compile templates: not part of the sweep
    clear_memos()
    tick = CLOCKS[clock]
    total, answers, wrong, missed, extra, errors, examples = 0.0, 0, 0, 0, 0, 0, []
    for hand in _progress(hands, peer.name, progress):
        start = tick()
        try:
            found = list(peer.solve(hand))
        except Exception as error:  # noqa: BLE001 - a peer's crash is a finding, not the end of the run
            found, errors = [], errors + 1
            if len(examples) < 10:
                examples.append(f"{deck_module.hand_text(hand)}: raised {type(error).__name__}: {error}")
        total += tick() - start
        answers += len(found)
        right = 0
        for answer in found:
            verdict = check_answer(hand, as_text(answer), TARGET)
            right += verdict.ok
            if not verdict.ok:
                wrong += 1
                if len(examples) < 10:
                    examples.append(f"{deck_module.hand_text(hand)}: {as_text(answer)} ({verdict.message})")
        solvable = can_make(hand, TARGET)
        missed += solvable and not right
        extra += (not solvable) and bool(found)
    return {
        "solver": peer.name, "version": peer.version, "hands": len(hands), "seconds": total,
        "answers": answers, "wrong": wrong, "missed": missed, "extra": extra, "errors": errors,
        "checked_ok": int(not (wrong or missed or extra or errors)), "wrong_examples": examples,
    }


def compare_peers(
    hands: Sequence[Hand], peers: dict[str, Peer], repeat: int = 1, progress: bool = False, clock: str = "cpu",
) -> list[dict]:
    """The t24 baseline, then each peer, on the same hands in this process; ratios against t24."""
    runs = (run_peer(t24_peer(), hands, progress, clock) for _ in range(max(1, repeat)))
    baseline = min(runs, key=lambda result: result["seconds"])
    results = [baseline]
    for peer in peers.values():
        results.append(run_peer(peer, hands, progress, clock))
    for result in results:
        same = baseline["seconds"] if result["hands"] == baseline["hands"] else None
        result["ratio_vs_t24"] = result["seconds"] / same if same else None
    return results


# ---------------------------------------------------------------- saving and loading


def machine() -> dict:
    """The machine and the versions the figures were measured with."""
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": _processor(),
        "cpus": os.cpu_count(),
        "t24": importlib.import_module("t24").__version__,
        "git": _git_state(),
    }


def _processor() -> str:
    """The CPU's model name where the system says it (Linux), else platform.processor()."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def _git_state() -> dict | None:
    """The commit the package was measured at, and whether its files had local changes."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "t24"], cwd=root, capture_output=True,
                                 text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if commit.returncode != 0:
        return None
    return {"commit": commit.stdout.strip(), "t24_changed_locally": bool(changed.stdout.strip())}


def _write_csv(path: Path, columns: Sequence[str], rows: Iterable[dict]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({key: _cell(row.get(key)) for key in columns})


def _cell(value) -> str:
    """A CSV cell: empty for None, six significant digits for a float (timings are not finer)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def save_results(out: Path, meta: dict, deck_rows, growth_rows, peer_rows, summary: dict) -> Path:
    """Write meta.json, deck.csv, growth.csv, peers.csv and summary.json into `out`."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    _write_csv(out / "deck.csv", DECK_COLUMNS, deck_rows)
    _write_csv(out / "growth.csv", GROWTH_COLUMNS, growth_rows)
    _write_csv(out / "peers.csv", PEER_COLUMNS, peer_rows)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return out


FLOAT_COLUMNS = {"seconds", "seconds_median", "seconds_max", "ratio_vs_t24"}


def _number(text: str, kinds=(int, float)):
    if text == "":
        return None
    for kind in kinds:
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _read_csv(path: Path, text_columns: Sequence[str]) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as handle:
        return [
            {key: value if key in text_columns else _number(value, (float,) if key in FLOAT_COLUMNS else (int, float))
             for key, value in row.items()}
            for row in csv.DictReader(handle)
        ]


def load_results(path=None) -> dict:
    """Read saved results: {"meta", "deck", "growth", "peers", "summary"}, numbers as int/float.

    Without a path: the repository's `benchmarks/results/` (wherever the notebook runs from).
    """
    folder = Path(path) if path is not None else REPO_RESULTS
    return {
        "meta": json.loads((folder / "meta.json").read_text(encoding="utf-8")),
        "deck": _read_csv(folder / "deck.csv", ("method", "mode", "hand")),
        "growth": _read_csv(folder / "growth.csv", ("method", "mode")),
        "peers": _read_csv(folder / "peers.csv", ("solver",)),
        "summary": json.loads((folder / "summary.json").read_text(encoding="utf-8")),
    }


# ---------------------------------------------------------------- the whole benchmark


def summarise(sweeps: Sequence[Sweep], peer_results: Sequence[dict], deck_figures: dict | None) -> dict:
    """The headline figures: per method and mode, the peers, the deck, and the agreement checks."""
    methods = {}
    for result in sweeps:
        methods.setdefault(result.method, {})[result.mode] = sweep_figures(result)
    distinct_total = {
        s.method: sum(s.answers) for s in sweeps if s.mode == "distinct"
    }
    summary = {
        "hands": len(sweeps[0].hands) if sweeps else 0,
        "methods": methods,
        "can_make_sweep_seconds": methods.get("fast", {}).get("can_make", {}).get("sweep_seconds"),
        "distinct_answers_total": distinct_total,
        "checks": agreement(sweeps),
        "peers": {
            r["solver"]: {key: r[key] for key in ("version", "hands", "seconds", "answers", "ratio_vs_t24",
                                                   "wrong", "missed", "extra", "errors", "checked_ok",
                                                   "wrong_examples")}
            for r in peer_results
        },
        "peer_ratios": {r["solver"]: r["ratio_vs_t24"] for r in peer_results if r["solver"] != BASELINE},
        "targets": targets(methods, peer_results, len(sweeps[0].hands) if sweeps else 0),
    }
    if deck_figures is not None:
        summary["solvable"] = deck_figures["solvable"]
        summary["needs_fraction"] = deck_figures["needs_fraction"]
        summary["deck"] = deck_figures
    return summary


def targets(methods: dict, peer_results: Sequence[dict], hands: int = 1820) -> dict:
    """The speed targets of issues 3 and 4, each with the measured figure and whether it is met."""
    found = {}
    deck = "the deck" if hands == len(deck_module.deck(13)) else f"a sample of {hands} hands (not the deck)"
    for method, modes in methods.items():
        if "all" in modes:
            found[f"{method}: one hand, all answers, median <= 50 ms"] = _target(modes["all"]["median_ms"], 50, "ms")
            found[f"{method}: sweep of {deck}, all answers, <= 60 s"] = _target(modes["all"]["sweep_seconds"], 60, "s")
    if "can_make" in methods.get("fast", {}):
        found[f"can_make over {deck} < 0.5 s"] = _target(methods["fast"]["can_make"]["sweep_seconds"], 0.5, "s")
    for result in peer_results:
        need = {"game24": 10, "point24": 5}.get(result["solver"])
        if need and result.get("ratio_vs_t24") is not None:
            found[f"t24 fast distinct >= {need}x faster than {result['solver']} on {deck}"] = {
                "measured": result["ratio_vs_t24"], "limit": need, "unit": "x", "met": result["ratio_vs_t24"] >= need,
            }
    return found


def _target(measured: float, limit: float, unit: str) -> dict:
    return {"measured": measured, "limit": limit, "unit": unit, "met": measured <= limit}


def run_benchmark(
    out=DEFAULT_OUT, methods: Sequence[str] = METHODS, modes: Sequence[str] = MODES, hands: int | None = None,
    repeat: int = 3, peers: dict[str, Peer] | None = None, growth_counts: Iterable[int] = GROWTH_COUNTS,
    growth_hands: int = GROWTH_HANDS, figures: bool = True, progress: bool = True, command: str = "t24 bench",
    clock: str = "cpu",
) -> dict:
    """Run everything, save it into `out`, and return what `load_results(out)` would read back."""
    started, started_cpu = time.perf_counter(), time.process_time()
    sample = sample_hands(hands)
    peers = load_peers() if peers is None else peers
    sweeps = deck_sweeps(sample, methods, modes, repeat, progress, clock)
    growth_rows = growth(growth_counts, methods, modes, growth_hands, progress, clock)
    peer_results = compare_peers(sample, peers, repeat, progress, clock) if peers else []
    deck_figures = None
    if figures:
        deck_figures = deck_module.figures(TARGET)
        deck_figures["target_counts"] = {str(t): n for t, n in deck_module.target_counts(range(1, 101)).items()}
    summary = summarise(sweeps, peer_results, deck_figures)
    meta = {
        **machine(), "command": command, "hands": len(sample),
        "peers": {name: peers[name].version if name in peers else None for name in ("game24", "point24")},
        "methods": list(methods), "modes": list(modes), "seed": SEED,
        "clock": {"cpu": "CPU time of this process (time.process_time)", "wall": "wall time (time.perf_counter)"}[clock],
        "repeats": {f"{s.method} {s.mode}": s.repeats for s in sweeps},
        "repeat_rule": f"each sweep is repeated up to --repeat times, unless one sweep takes over {SLOW_SWEEP:g} s; "
                       "per-hand times and sweep times are the fastest of the repeats",
        "growth": {"counts": list(growth_counts), "hands_per_count": growth_hands},
    }
    meta["elapsed_seconds"] = round(time.perf_counter() - started, 1)
    meta["cpu_seconds"] = round(time.process_time() - started_cpu, 1)
    deck_rows = [row for s in sweeps for row in s.rows()]
    save_results(out, meta, deck_rows, growth_rows, peer_results, summary)
    return load_results(out)


# ---------------------------------------------------------------- the table and the command


def format_table(results: dict) -> str:
    """The headline figures as plain text: ratios against the fast method in the same mode."""
    summary = results["summary"]
    methods = summary["methods"]
    lines = [f"{summary['hands']} hands, {results['meta']['python']} on {results['meta']['platform']}, "
             f"{results['meta']['cpus']} cpus", ""]
    lines.append(f"{'method':<10} {'mode':<9} {'sweep s':>9} {'median ms':>10} {'p90 ms':>8} {'max ms':>9} {'vs fast':>8}")
    for method, modes in methods.items():
        for mode, figures in modes.items():
            base = methods.get("fast", {}).get(mode, {}).get("sweep_seconds")
            ratio = f"{figures['sweep_seconds'] / base:7.1f}x" if base else ""
            lines.append(
                f"{method:<10} {mode:<9} {figures['sweep_seconds']:9.3f} {figures['median_ms']:10.3f} "
                f"{figures['p90_ms']:8.3f} {figures['max_ms']:9.3f} {ratio:>8}"
            )
    if results["peers"]:
        lines += ["", f"{'solver':<18} {'hands':>6} {'seconds':>9} {'answers':>8} {'vs t24':>8} {'checked':>8}"]
        for row in results["peers"]:
            ratio = f"{row['ratio_vs_t24']:7.1f}x" if row["ratio_vs_t24"] is not None else ""
            details = summary["peers"].get(row["solver"], {})
            checked = "ok" if row["checked_ok"] else f"{details.get('wrong', 0)} wrong, {details.get('missed', 0)} missed"
            lines.append(f"{row['solver']:<18} {row['hands']:>6} {row['seconds']:9.3f} {row['answers']:>8} {ratio:>8} {checked:>8}")
    checks = summary["checks"]
    agree = ", ".join(f"{mode}: {'agree' if c['agree'] else 'DIFFER'}" for mode, c in checks.items() if isinstance(c, dict))
    lines += ["", f"checks: {agree or 'one method only'}; wrong answers: {checks['wrong_answers']}"]
    if "deck" in summary:
        solvable = summary["deck"]["solvable"]
        lines.append("solvable: " + ", ".join(f"{v['solvable']}/{v['hands']} (cards {k})" for k, v in solvable.items())
                     + f"; need a fraction: {summary['deck']['needs_fraction']['1-13']}")
    lines += ["", "targets:"]
    for name, target in summary["targets"].items():
        lines.append(f"  {'met ' if target['met'] else 'MISS'} {name}: {target['measured']:.3g} {target['unit']}")
    return "\n".join(lines)


def _methods_arg(text: str) -> list[str]:
    import argparse

    names = [name.strip() for name in text.replace(",", " ").split() if name.strip()]
    unknown = [name for name in names if name not in METHODS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown method {', '.join(unknown) or text!r}; choose from {', '.join(METHODS)}")
    return names


def _positive(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return value


def add_command(subparsers) -> None:
    """Add `t24 bench` to the command line."""
    bench = subparsers.add_parser(
        "bench", help="time every method on the deck and save the figures",
        description="Time every method on the 1820 hands of cards 1-13 (all, distinct, first answer, can-make), "
                    "growth with 2 to 6 numbers, and the PyPI solvers game24/point24 if installed; "
                    "save the results as CSV/JSON and print a table.",
    )
    bench.add_argument("--quick", action="store_true", help=f"a fixed sample of {QUICK_HANDS} hands and fewer growth hands")
    bench.add_argument("--hands", type=_positive, help="a fixed sample of this many hands (overrides --quick)")
    bench.add_argument("--methods", type=_methods_arg, default=list(METHODS), help="comma-separated methods (default all)")
    bench.add_argument("--out", default=str(DEFAULT_OUT), help=f"where to save the results (default {DEFAULT_OUT})")
    bench.add_argument("--no-peers", action="store_true", help="skip game24 and point24 even if installed")
    bench.add_argument("--repeat", type=_positive, default=3, help=f"repeat each sweep up to N times, keep the fastest (sweeps over {SLOW_SWEEP:g} s run once)")
    bench.add_argument("--max-count", type=_positive, default=max(GROWTH_COUNTS), help="growth: up to this many numbers (default 6)")
    bench.add_argument("--growth-hands", type=_positive, help=f"growth: hands per count (default {GROWTH_HANDS}, --quick 2)")
    bench.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="cpu: this process's CPU time (default; steady on a shared machine); wall: elapsed time")
    bench.add_argument("--no-progress", action="store_true", help="no progress bars")
    bench.set_defaults(run=run_bench)


def _command_line(args) -> str:
    parts = ["t24", "bench"]
    if args.quick:
        parts.append("--quick")
    if args.hands:
        parts += ["--hands", str(args.hands)]
    if list(args.methods) != list(METHODS):
        parts += ["--methods", ",".join(args.methods)]
    if args.out != str(DEFAULT_OUT):
        parts += ["--out", args.out]
    if args.no_peers:
        parts.append("--no-peers")
    if args.repeat != 3:
        parts += ["--repeat", str(args.repeat)]
    if args.max_count != max(GROWTH_COUNTS):
        parts += ["--max-count", str(args.max_count)]
    if args.growth_hands:
        parts += ["--growth-hands", str(args.growth_hands)]
    if args.clock != "cpu":
        parts += ["--clock", args.clock]
    return " ".join(parts)


def run_bench(args) -> int:
    """`t24 bench`: run, save, print the table; exit 0."""
    hands = args.hands or (QUICK_HANDS if args.quick else None)
    growth_hands = args.growth_hands or (2 if args.quick else GROWTH_HANDS)
    results = run_benchmark(
        out=args.out, methods=args.methods, hands=hands, repeat=args.repeat,
        peers={} if args.no_peers else None,
        growth_counts=range(2, args.max_count + 1), growth_hands=growth_hands,
        figures=hands is None, progress=not args.no_progress, command=_command_line(args), clock=args.clock,
    )
    print(format_table(results))
    print(f"\nsaved in {args.out}/ (meta.json, deck.csv, growth.csv, peers.csv, summary.json)")
    return 0
