"""How hard a hand is, from measured facts, each named in a one-line reason.

The facts: whether every answer needs a fraction on the way (`t24.deck.needs_fraction`), how
many distinct answers there are, what share of the recursive search's final numbers (3,888 for
four cards, the search of "24点经典算法") hit the target, and how large a number every answer
has to pass on the way (`(10 × 10 − 4) ÷ 4` passes 100).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..deck import needs_fraction
from ..hand import as_hand, as_target
from ..methods import recursive
from ..methods.sizes import final_numbers
from ..solver import solve
from ..text import describe, hand_text, plural

EFFORT_MAX_COUNT = 4  # the search walk: 3,888 final numbers for four cards, 233,280 for five
MANY_ANSWERS = 6  # this many distinct answers or more makes a hand easier
LEVELS = ("easy", "medium", "hard", "very hard")
NO_ANSWER_LEVEL = "no answer"


@lru_cache(maxsize=100_000)
def _effort(values: tuple[Fraction, ...], target: Fraction) -> tuple[int, Fraction | None]:
    """(hits, smallest "largest number on the way" over the hits) below a state.

    The recursive search's own step (`recursive.children`), remembered per sorted multiset of
    values: what the search meets below a state depends only on which numbers are left.
    """
    n = len(values)
    if n == 1:
        return (1, Fraction(0)) if values[0] == target else (0, None)
    hits, best = 0, None
    array = [(value, None) for value in values]
    for i, _j, _label in recursive.children(array, n, recursive.combine_values):
        value = array[i][0]
        below_hits, largest = _effort(tuple(sorted(v for v, _ in array[: n - 1])), target)
        hits += below_hits
        if largest is not None:
            largest = max(largest, abs(value))
            best = largest if best is None else min(best, largest)
    return hits, best


@dataclass(frozen=True)
class Effort:
    """What the recursive search meets on a hand: its final numbers, the hits, the largest step."""

    final_numbers: int  # the search's size: 3,888 for four cards (a division by zero is a miss)
    hits: int  # final numbers equal to the target (one answer is often reached several ways)
    largest: Fraction | None  # over the hits, the smallest "largest number on the way"

    @property
    def share(self) -> Fraction:
        """The share of final numbers that hit: the chance a random path of steps makes the target."""
        return Fraction(self.hits, self.final_numbers)


def search_effort(hand: Sequence[int], target=24) -> Effort:
    """Count the final numbers of the recursive search, the hits, and their largest steps."""
    hits, largest = _effort(tuple(sorted(Fraction(n) for n in hand)), as_target(target))
    return Effort(final_numbers(len(hand)), hits, largest)


@dataclass(frozen=True)
class Difficulty:
    """How hard a hand is (`level`), why (`reason`, one line), and the facts behind it."""

    level: str
    reason: str
    needs_fraction: bool
    answers: int
    effort: Effort | None  # None for hands of more than EFFORT_MAX_COUNT cards

    def __str__(self) -> str:
        return f"{self.level} ({self.reason})"


def rating_points(needs_fraction: bool, answers: int, effort: Effort | None, target=24) -> int:
    """Points towards "very hard"; the level is easy (0 or less), medium (1), hard (2), very hard (3+).

    +2 if every answer needs a fraction; −1 for MANY_ANSWERS or more distinct answers; +1 if fewer
    than 1 in 1,000 of the search's final numbers hit, −1 if 1 in 100 or more; +1 if every answer
    passes a number larger than the target on the way, +2 if larger than twice the target.
    """
    target = abs(as_target(target))
    points = 2 if needs_fraction else 0
    points -= 1 if answers >= MANY_ANSWERS else 0
    if effort is not None and effort.hits:
        points += 1 if effort.share < Fraction(1, 1000) else -1 if effort.share >= Fraction(1, 100) else 0
        points += 2 if effort.largest > 2 * target else 1 if effort.largest > target else 0
    return points


def difficulty(hand: Sequence[int], target=24) -> Difficulty:
    """Rate a hand easy, medium, hard or very hard (or no answer), with the measured reasons."""
    hand, target = as_hand(hand), as_target(target)
    answers = len(solve(hand, target, method="fast"))
    if not answers:
        reason = f"{hand_text(hand)} cannot make {describe(target)}: the exact search finds no way"
        return Difficulty(NO_ANSWER_LEVEL, reason, False, 0, None)
    fraction = needs_fraction(hand, target)
    effort = search_effort(hand, target) if len(hand) <= EFFORT_MAX_COUNT else None
    level = LEVELS[max(0, min(rating_points(fraction, answers, effort, target), len(LEVELS) - 1))]
    facts = [
        "needs a fraction on the way" if fraction else "no fraction needed",
        plural(answers, "distinct answer"),
    ]
    if effort is None:
        facts.append(f"search not measured for {len(hand)} cards")
    else:
        verb = "makes" if effort.hits == 1 else "make"
        facts.append(f"{effort.hits:,} of the recursive search's {effort.final_numbers:,} final numbers {verb} {describe(target)}")
        if effort.largest > abs(target):
            facts.append(f"every answer passes {describe(effort.largest)} on the way")
        else:
            facts.append(f"no number above {describe(abs(target))} on the way")
    return Difficulty(level, "; ".join(facts), fraction, answers, effort)
