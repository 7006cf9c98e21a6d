"""Timing the methods: sweeps over hands, growth with the count of numbers, and the checks.

What `t24 bench` measures, per method (`t24.METHODS`), in four modes — all answers, distinct
answers, the first answer, and "can it be made?" (`t24.can_make` for `fast`,
`bool(solve(first=True))` for the others):

* a **sample** of the deck (a fixed, seeded choice of hands of four cards from 1 to 13) swept by
  every method, as-written and optimised alike: the ratios against `fast` come from these sweeps,
  the same hands in the same run;
* the **whole deck** (1,820 hands) swept by the optimised methods, which are quick enough for it
  (the as-written pattern method fills and parses 16,896 texts a hand);
* **growth** with the count of numbers (2 to 6) on a fixed sample of hands, beside the number of
  candidates each method implies, up to where a method refuses with `SearchTooLarge`.

While it times, it checks: every answer makes the target exactly from exactly the hand's
numbers, and the methods give the same distinct answers and agree on which hands can be made.
`fast` remembers sub-multisets between calls: each sweep starts with those memos empty, and in
the growth runs each hand does. The compiled variants compile their tables once per count of
numbers, before the clock starts.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..deck import deck
from ..hand import Hand, SearchTooLarge
from ..methods import AS_WRITTEN, METHODS, fast
from ..methods import TABLE
from ..solver import can_make, solve
from ..text import hand_text
from .clock import CLOCKS, progress

MODES = ("all", "distinct", "first", "can_make")
MODE_WORDS = {"all": "all answers", "distinct": "distinct answers", "first": "first answer", "can_make": "can it be made?"}
TARGET = 24
SEED = 24
SAMPLE_HANDS = 100  # hands every method sweeps, as-written ones included
QUICK_HANDS = 100  # --quick: the optimised methods sweep this many instead of the deck
QUICK_SAMPLE = 20  # --quick: and every method this many
GROWTH_COUNTS = (2, 3, 4, 5, 6)
GROWTH_HANDS = 8
SLOW_SWEEP = 3.0  # seconds: a sweep this slow is not repeated, whatever --repeat says


def run(method: str, mode: str, hand: Hand, target=TARGET):
    """Run one method in one mode on one hand: a list of answers, or a bool for can_make."""
    if mode == "can_make":
        return can_make(hand, target) if method == "fast" else bool(solve(hand, target, method=method, first=True))
    return solve(hand, target, method=method, first=mode == "first", distinct=mode == "distinct")


def answer_count(result) -> int:
    """How many answers a run returned (1/0 for can_make)."""
    return int(result) if isinstance(result, bool) else len(result)


def _timed(method: str, mode: str, hand: Hand, clock: str = "cpu"):
    tick = CLOCKS[clock]
    start = tick()
    result = run(method, mode, hand)
    return tick() - start, result


def _warm_up(method: str, count: int) -> bool:
    """Compile a method's tables for `count` numbers before timing; False if it refuses."""
    try:
        run(method, "first", tuple(range(1, count + 1)))
    except SearchTooLarge:
        return False
    return True


def sample_hands(size: int | None = None, seed: int = SEED, hands: Sequence[Hand] | None = None) -> list[Hand]:
    """The hands (default: the deck of cards 1–13), or a fixed seeded sample of `size`, in order."""
    hands = deck(13) if hands is None else list(hands)
    if size is None or size >= len(hands):
        return list(hands)
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
            {"scope": self.scope, "method": self.method, "mode": self.mode, "hand": hand_text(hand),
             "seconds": seconds, "answers": answers}
            for hand, seconds, answers in zip(self.hands, self.seconds, self.answers)
        ]


def sweep(
    method: str, mode: str, hands: Sequence[Hand], repeat: int = 1, show: bool = False, clock: str = "cpu",
    scope: str = "sample",
) -> Sweep:
    """Time one method in one mode on every hand; repeat (quick sweeps only) and keep the fastest."""
    _warm_up(method, 4)
    best = [math.inf] * len(hands)
    answers, wrong, texts, sums = [], [], {}, []
    for attempt in range(max(1, repeat)):
        fast.clear_caches()
        total = 0.0
        label = f"{scope}: {method} {mode}" + (f" ({attempt + 1}/{repeat})" if repeat > 1 else "")
        for index, hand in enumerate(progress(hands, label, show)):
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
    return Sweep(method, mode, scope, list(hands), best, answers, min(sums), len(sums), wrong, texts)


def sweeps(
    sample: Sequence[Hand], hands: Sequence[Hand], methods: Sequence[str] = METHODS,
    modes: Sequence[str] = MODES, repeat: int = 1, show: bool = False, clock: str = "cpu",
) -> list[Sweep]:
    """Every method in every mode over the sample; the optimised ones over all the hands too."""
    found = [sweep(method, mode, sample, repeat, show, clock, "sample") for method in methods for mode in modes]
    if list(hands) != list(sample):
        found += [
            sweep(method, mode, hands, repeat, show, clock, "deck")
            for method in methods if method not in AS_WRITTEN for mode in modes
        ]
    return found


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


def ratios(found: Sequence[Sweep], baseline: str = "fast") -> dict[str, dict[str, float]]:
    """Per mode, each method's sample sweep time divided by the baseline's, from the same run."""
    base = {s.mode: s.sweep_seconds for s in found if s.scope == "sample" and s.method == baseline}
    return {
        mode: {s.method: s.sweep_seconds / base[mode] for s in found if s.scope == "sample" and s.mode == mode}
        for mode in base if base[mode] > 0
    }


def agreement(sweeps: Sequence[Sweep]) -> dict:
    """Whether the methods agree: the same distinct answers, and the same hands can be made."""
    checks = {}
    for scope in ("sample", "deck"):
        for mode in ("distinct", "can_make"):
            by_method = {s.method: s.texts for s in sweeps if s.mode == mode and s.scope == scope}
            if len(by_method) < 2:
                continue
            _reference_method, reference = next(iter(by_method.items()))
            differ = sorted(
                {hand_text(hand) for texts in by_method.values() for hand in texts
                 if texts[hand] != reference.get(hand)}
            )
            checks[f"{scope} {mode}"] = {"methods": list(by_method), "agree": not differ, "hands_that_differ": differ[:20]}
    checks["wrong_answers"] = sum(len(s.wrong) for s in sweeps)
    checks["wrong_examples"] = [f"{hand_text(h)}: {t}" for s in sweeps for h, t in s.wrong][:20]
    return checks


def growth_sample(count: int, size: int = GROWTH_HANDS, seed: int = SEED) -> list[Hand]:
    """A fixed seeded sample of `size` hands of `count` cards from 1 to 13, in deck order."""
    hands = deck(13, size=count)
    chosen = set(random.Random(seed * 100 + count).sample(hands, min(size, len(hands))))
    return [hand for hand in hands if hand in chosen]


def candidates(method: str, hand: Hand) -> int | None:
    """The work a method implies for this hand (see the module's docstring); None past fast's limit."""
    if method == "fast":
        return fast_states(hand) if len(hand) <= 7 else None
    return TABLE[method].size(hand)


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
    size: int = GROWTH_HANDS, show: bool = False, clock: str = "cpu",
) -> list[dict]:
    """Per count of numbers, method and mode: median and slowest seconds per hand, candidates, refusals."""
    rows = []
    for count in counts:
        hands = growth_sample(count, size)
        for method in methods:
            _warm_up(method, count)
            known = [size for size in (candidates(method, hand) for hand in hands) if size is not None]
            for mode in modes:
                seconds, refused = [], False
                for hand in progress(hands, f"growth {count} {method} {mode}", show):
                    fast.clear_caches()
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
