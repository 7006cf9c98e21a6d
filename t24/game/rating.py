"""How hard a hand is, from facts anyone can recount: a fraction needed on the way, the distinct
answers, the share of the recursive search's final numbers ("24点经典算法") that hit the target,
and the largest number every answer passes on the way (`(10 × 10 − 4) ÷ 4` passes 100)."""

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from .. import solver
from ..deck import integer_reachable
from ..expr import Expr, pair_results
from ..hand import Hand, as_hand, as_target
from ..methods import TABLE
from ..methods.recursive import pairs
from ..text import N_, Nn_, _, describe, hand_text, n_, plural, said

EFFORT_MAX_COUNT = 4  # the search walk: 3,888 final numbers for four cards, 233,280 for five
COUNT_MAX_CARDS = 5  # six cards can have 62,306 distinct answers (0 1 2 3 4 5 for 0): not counted
LEVELS = (N_("easy"), N_("medium"), N_("hard"), N_("very hard"))  # said with _(level)
NO_ANSWER = N_("no answer")
ANSWERS = Nn_("{n} distinct answer", "{n} distinct answers")


@lru_cache(maxsize=100_000)
def _effort(values: tuple[Fraction, ...], target: Fraction) -> tuple[int, Fraction | None]:
    """(hits, smallest "largest number on the way" over the hits) below a state of the search:
    take two numbers, put one of their six results back, go on; remembered per multiset."""
    if len(values) == 1:
        return (1, Fraction(0)) if values[0] == target else (0, None)
    hits, best = 0, None
    for i, j in pairs(len(values)):  # take two, put one of their six results back
        rest = values[:i] + values[i + 1 : j] + values[j + 1 :]
        for _op, _swapped, value in pair_results(values[i], values[j]):
            below, largest = _effort(tuple(sorted(rest + (value,))), target)
            hits += below
            if largest is not None:
                largest = max(largest, abs(value))
                best = largest if best is None else min(best, largest)
    return hits, best


class Effort(NamedTuple):
    """What the recursive search meets on a hand: its final numbers, the hits, the largest step."""

    final_numbers: int  # the search's size: 3,888 for four cards (a division by zero is a miss)
    hits: int  # final numbers equal to the target (one answer is often reached several ways)
    largest: Fraction | None  # over the hits, the smallest "largest number on the way"


def search_effort(hand: Sequence[int], target=24) -> Effort:
    """Count the final numbers of the recursive search, the hits, and their largest steps."""
    hand = as_hand(hand)
    hits, largest = _effort(tuple(sorted(Fraction(n) for n in hand)), as_target(target))
    return Effort(TABLE["recursive"].size(hand), hits, largest)


@dataclass(frozen=True)
class Difficulty:
    """How hard a hand is (`level`), why (`reason`, one line), and the facts behind them."""

    hand: Hand
    target: Fraction
    needs_fraction: bool
    answers: int | None  # distinct answers; None when not counted (more than five cards)
    effort: Effort | None  # None for hands of more than EFFORT_MAX_COUNT cards

    def __str__(self) -> str:
        return said("{level} ({reason})", level=_(self.level), reason=self.reason)

    @property
    def points(self) -> int:
        """Easy (0 or less), medium (1), hard (2), very hard (3 or more). +2 if every answer needs
        a fraction; −1 for six distinct answers or more; +1 if fewer than 1 in 1,000 of the
        search's final numbers hit, −1 if 1 in 100 or more; +1 if every answer passes a number
        larger than the target (its size) on the way, +2 if larger than twice it."""
        points = 2 if self.needs_fraction else 0
        if self.answers is not None and self.answers >= 6:
            points -= 1
        if self.effort is None:
            return points
        share = Fraction(self.effort.hits, self.effort.final_numbers)
        if share < Fraction(1, 1000):
            points += 1
        elif share >= Fraction(1, 100):
            points -= 1
        size = abs(self.target)
        return points + (self.effort.largest > size) + (self.effort.largest > 2 * size)

    @property
    def level(self) -> str:
        """A key of LEVELS, or NO_ANSWER; `_(level)` says it."""
        if self.answers == 0:
            return NO_ANSWER
        return LEVELS[max(0, min(self.points, len(LEVELS) - 1))]

    @property
    def reason(self) -> str:
        """The facts behind the level, in one line."""
        target = describe(self.target)
        effort = self.effort
        if self.answers == 0:
            none = _("{hand} cannot make {target}: the exact search finds no way")
            return none.format(hand=hand_text(self.hand), target=target)
        fraction = _("needs a fraction on the way") if self.needs_fraction else None
        counted = plural(self.answers, *ANSWERS) if self.answers is not None else None
        facts = [fraction or _("no fraction needed"), counted or _("distinct answers not counted")]
        if effort is None:
            facts.append(said("search not measured for {count} cards", count=len(self.hand)))
            return _("; ").join(facts)
        hits = n_(
            "{hits} of the recursive search's {total} final numbers makes {target}",
            "{hits} of the recursive search's {total} final numbers make {target}",
            effort.hits,
        )
        words = {"hits": f"{effort.hits:,}", "total": f"{effort.final_numbers:,}"}
        facts.append(hits.format(target=target, **words))
        size = abs(self.target)
        if effort.largest > size:
            facts.append(said("every answer passes {largest} on the way", largest=effort.largest))
        else:
            facts.append(said("an answer stays at or below {target} all the way", target=size))
        return _("; ").join(facts)


def rate(hand: Sequence[int], target=24, answers: Sequence[Expr] | None = None) -> Difficulty:
    """Rate a hand, with the measured reasons; `answers`: its distinct answers, if known."""
    hand = as_hand(hand)
    target = as_target(target)
    if answers is None:
        answers = solver.solve(hand, target, method="fast", first=len(hand) > COUNT_MAX_CARDS)
    if not answers:
        return Difficulty(hand, target, needs_fraction=False, answers=0, effort=None)
    count = len(answers) if len(hand) <= COUNT_MAX_CARDS else None
    fraction = target not in integer_reachable(hand)
    effort = search_effort(hand, target) if len(hand) <= EFFORT_MAX_COUNT else None
    return Difficulty(hand, target, fraction, count, effort)
