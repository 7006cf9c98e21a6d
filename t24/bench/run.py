"""Timing the methods: one run timed, sweeps over hands, growth with the count of numbers, checks.

What `t24 bench` measures, per method (`t24.METHODS`), in four modes — all answers, distinct
answers, the first answer, and "can it be made?" (`t24.can_make` for `fast`,
`bool(solve(first=True))` for the others):

* a **sample** of the deck (a fixed, seeded choice of hands of four cards from 1 to 13) swept by
  every method, as-written and optimised alike: the ratios against `fast` come from these sweeps,
  the same hands in the same run;
* the **whole deck** (1,820 hands) swept by the optimised methods, which are quick enough for it;
* **growth** with the count of numbers (2 to 6) on a fixed sample of hands, beside the size of
  each method's search (its record's `size`), up to where a method refuses with `SearchTooLarge`.

While it times, it checks: every answer makes the target exactly from exactly the hand's
numbers, and the methods give the same distinct answers and agree on which hands can be made.
`fast` remembers sub-multisets between calls: each sweep starts with those memos empty, and in
the growth runs each hand does. Seconds are CPU time of this process by default (the machine
the figures are quoted for is shared; wall time there mostly measures the neighbours).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .. import solver
from ..deck import deck
from ..hand import Hand, InputError, SearchTooLarge
from ..methods import AS_WRITTEN, METHODS, TABLE, fast
from ..text import hand_text

MODES = ("all", "distinct", "first", "can_make")
MODE_WORDS = {
    "all": "all answers", "distinct": "distinct answers", "first": "first answer",
    "can_make": "can it be made?",
}  # fmt: skip
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
    """Wrap `items` in a tqdm bar when asked and tqdm is installed (only if a step takes a while)."""
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=desc, leave=False, file=sys.stderr, delay=2) if show else items


def _warm_up(method: str, count: int) -> None:
    """Compile a method's tables for `count` numbers before timing (a refusal is timed later)."""
    try:
        timed_solve(tuple(range(1, count + 1)), TARGET, method, "first")
    except SearchTooLarge:
        pass


def sample_hands(size=None, seed: int = SEED, hands: Sequence[Hand] | None = None) -> list[Hand]:
    """The hands (default: the deck of cards 1–13), or a fixed seeded sample of `size`, in order."""
    hands = deck(13) if hands is None else list(hands)
    if size is None or size >= len(hands):
        return list(hands)
    chosen = set(random.Random(seed).sample(hands, size))
    return [hand for hand in hands if hand in chosen]


def check_answers(hand: Hand, answers, target=TARGET) -> list[str]:
    """The answers that do not make the target exactly from exactly the hand's numbers."""
    return [str(e) for e in answers if sorted(e.leaves()) != sorted(hand) or e.value != target]


@dataclass
class Sweep:
    """One method in one mode over a list of hands: per-hand seconds and answer counts."""

    method: str
    mode: str
    scope: str  # "sample" (every method, the same hands) or "deck" (the optimised methods)
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
            {"scope": self.scope, "method": self.method, "mode": self.mode,
             "hand": hand_text(hand), "seconds": seconds, "answers": answers}
            for hand, seconds, answers in zip(self.hands, self.seconds, self.answers)
        ]  # fmt: skip


def sweep(method, mode, hands, repeat=1, show=False, clock="cpu", scope="sample") -> Sweep:
    """Time one method in one mode on every hand; repeat until SLOW_SWEEP in all; keep the fastest."""
    _warm_up(method, 4)
    best = [math.inf] * len(hands)
    answers, wrong, texts, sums = [], [], {}, []
    while len(sums) < min(max(1, repeat), MAX_REPEAT) and sum(sums) <= SLOW_SWEEP:
        fast.clear_caches()
        total = 0.0
        for index, hand in enumerate(progress(hands, f"{scope}: {method} {mode}", show)):
            result, seconds = timed_solve(hand, TARGET, method, mode, clock)
            total += seconds
            best[index] = min(best[index], seconds)
            if not sums:
                answers.append(int(result) if isinstance(result, bool) else len(result))
                if isinstance(result, bool):
                    texts[hand] = result
                else:
                    wrong += [(hand, text) for text in check_answers(hand, result)]
                    if mode == "distinct":
                        texts[hand] = tuple(str(expr) for expr in result)
        sums.append(total)
    return Sweep(
        method, mode, scope, list(hands), best, answers, min(sums), len(sums), wrong, texts
    )


def sweeps(sample, hands, methods=METHODS, modes=MODES, repeat=1, show=False, clock="cpu"):
    """Every method in every mode over the sample; the optimised ones over all the hands too."""
    found = [sweep(m, mode, sample, repeat, show, clock) for m in methods for mode in modes]
    if list(hands) != list(sample):
        optimised = [m for m in methods if m not in AS_WRITTEN]
        found += [
            sweep(m, mode, hands, repeat, show, clock, "deck") for m in optimised for mode in modes
        ]
    return found


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest value with `fraction` of them at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def _ms(seconds: Sequence[float]) -> dict:
    return {
        "median_ms": statistics.median(seconds) * 1000,
        "p90_ms": percentile(seconds, 0.9) * 1000,
        "max_ms": max(seconds) * 1000,
    }


def sweep_figures(result: Sweep) -> dict:
    """Sweep seconds and the per-hand distribution (ms), overall and for (un)solvable hands."""
    figures = {
        "sweep_seconds": result.sweep_seconds,
        "repeats": result.repeats,
        **_ms(result.seconds),
    }
    solvable = [solver.can_make(hand) for hand in result.hands]
    for name, wanted in (("solvable", True), ("unsolvable", False)):
        times = [s for s, ok in zip(result.seconds, solvable) if ok == wanted]
        figures[name] = {"hands": len(times), **(_ms(times) if times else {})}
    figures["answers"] = sum(result.answers)
    return figures


def ratios(found: Sequence[Sweep], baseline: str = "fast") -> dict[str, dict[str, float]]:
    """Per mode, each method's sample sweep time divided by the baseline's, from the same run."""
    sample = [s for s in found if s.scope == "sample"]
    base = {s.mode: s.sweep_seconds for s in sample if s.method == baseline and s.sweep_seconds}
    return {
        mode: {s.method: s.sweep_seconds / base[mode] for s in sample if s.mode == mode}
        for mode in base
    }


def agreement(found: Sequence[Sweep]) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for scope in ("sample", "deck"):
        for mode in ("distinct", "can_make"):
            by_method = {s.method: s.texts for s in found if s.mode == mode and s.scope == scope}
            if len(by_method) < 2:
                continue
            reference = next(iter(by_method.values()))
            differ = sorted(
                {hand_text(hand) for texts in by_method.values() for hand in texts
                 if texts[hand] != reference.get(hand)}
            )  # fmt: skip
            checks[f"{scope} {mode}"] = {
                "methods": list(by_method), "agree": not differ, "hands_that_differ": differ[:20],
            }  # fmt: skip
    checks["wrong_answers"] = sum(len(s.wrong) for s in found)
    checks["wrong_examples"] = [f"{hand_text(h)}: {t}" for s in found for h, t in s.wrong][:20]
    return checks


def growth_sample(count: int, size: int = GROWTH_HANDS, seed: int = SEED) -> list[Hand]:
    """A fixed seeded sample of `size` hands of `count` cards from 1 to 13, in deck order."""
    hands = deck(13, size=count)
    chosen = set(random.Random(seed * 100 + count).sample(hands, min(size, len(hands))))
    return [hand for hand in hands if hand in chosen]


def growth(counts: Iterable[int] = GROWTH_COUNTS, methods=METHODS, modes=MODES, size=GROWTH_HANDS,
           show=False, clock="cpu") -> list[dict]:  # fmt: skip
    """Per count, method and mode: median and slowest seconds per hand, search size, refusals."""
    rows = []
    for count in counts:
        hands = growth_sample(count, size)
        for method in methods:
            _warm_up(method, count)
            sizes = [TABLE[method].size(hand) for hand in hands]
            for mode in modes:
                seconds, refused = [], False
                for hand in progress(hands, f"growth {count} {method} {mode}", show):
                    fast.clear_caches()
                    try:
                        seconds.append(timed_solve(hand, TARGET, method, mode, clock)[1])
                    except SearchTooLarge:
                        refused = True  # the method's own limit: record it, do not wait
                        break
                rows.append({
                    "count": count, "method": method, "mode": mode, "hands": len(seconds),
                    "seconds_median": statistics.median(seconds) if seconds else None,
                    "seconds_max": max(seconds) if seconds else None,
                    "candidates": int(statistics.median(sizes)), "refused": int(refused),
                })  # fmt: skip
    return rows
