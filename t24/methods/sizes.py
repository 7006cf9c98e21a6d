"""How big each method's search is, from the hand's counts alone, so a hand is refused before work.

Orderings are n! / (k1! k2! ...), bracket patterns little Schröder numbers, postfix shapes Catalan.

    >>> ordering_count((1, 5, 5, 5)), pattern_count(4), shape_count(4), final_numbers(4)
    (4, 11, 5, 3888)
    >>> choices_per_step(4)
    [36, 18, 6]
"""

from collections import Counter
from collections.abc import Sequence
from math import comb, factorial, prod

COMPILE_COST = 20  # compiling one template costs about as much as twenty evaluations of it
# A zero card lets target 0 be made from nearly every candidate (0 × anything): building and
# checking the answers then costs about four times the search (fast, and the compiled methods).
ZERO_FACTOR = 4


def ordering_count(hand: Sequence[int]) -> int:
    """Orderings of the hand without repeats: 24 for 4 5 6 7, 4 for 1 5 5 5."""
    return factorial(len(hand)) // prod(factorial(k) for k in Counter(hand).values())


def pattern_count(count: int) -> int:
    """Bracket patterns for `count` numbers (little Schröder numbers: 11 for four)."""
    small = [0, 1, 1]  # s(n) = ((6n - 9) s(n-1) - (n - 3) s(n-2)) / n, indexed by numbers
    for n in range(3, count + 1):
        small.append(((6 * n - 9) * small[n - 1] - (n - 3) * small[n - 2]) // n)
    return small[count]


def shape_count(count: int) -> int:
    """Postfix shapes for `count` numbers (Catalan numbers: 5 for four)."""
    return comb(2 * (count - 1), count - 1) // count


def choices_per_step(count: int) -> list[int]:
    """The recursive search's choices at each step: 6 × C(k, 2) results, k = count..2."""
    return [6 * comb(k, 2) for k in range(count, 1, -1)]


def final_numbers(count: int) -> int:
    """The recursive search's final numbers: the product of its choices at each step."""
    return prod(choices_per_step(count))


def pattern_candidates(hand: Sequence[int]) -> int:
    """Patterns × orderings × operator choices: 11 × 24 × 64 = 16,896 for four different cards."""
    return pattern_count(len(hand)) * ordering_count(hand) * 4 ** (len(hand) - 1)


def postfix_candidates(hand: Sequence[int]) -> int:
    """Shapes × orderings × operator choices: 5 × 24 × 64 = 7,680 for four different cards."""
    return shape_count(len(hand)) * ordering_count(hand) * 4 ** (len(hand) - 1)


def compiled_work(shapes: int, hand: Sequence[int]) -> int:
    """Templates (shapes × operator choices), each compiled once and evaluated per ordering."""
    evaluations = ordering_count(hand) * (ZERO_FACTOR if 0 in hand else 1)
    return shapes * 4 ** (len(hand) - 1) * (evaluations + COMPILE_COST)


def fast_work(hand: Sequence[int]) -> int:
    """An estimate of fast's work: at most one answer per postfix candidate, more with a zero."""
    return postfix_candidates(hand) * (ZERO_FACTOR if 0 in hand else 1)
