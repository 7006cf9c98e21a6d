"""How big each method's search is, computed from the hand's counts alone, before any work.

`t24.solve` compares these sizes with each method's limit and refuses a hand at once, without
building a single ordering: the orderings of a hand with repeats are the multinomial
n! / (k1! k2! ...), the bracket patterns a little Schröder number (1, 1, 3, 11, 45, 197 ... for
1, 2, 3, 4, 5, 6 numbers), the postfix shapes a Catalan number (1, 1, 2, 5, 14, 42 ...), and the
recursive search's final numbers the product of 6 × C(k, 2) for k = n down to 2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import comb, factorial, prod

# Compiling one template costs about as much as twenty evaluations of it.
COMPILE_COST = 20
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


def final_numbers(count: int) -> int:
    """The recursive search's final numbers: 6 × C(k, 2) results at each level, k = count..2."""
    return prod(6 * comb(k, 2) for k in range(count, 1, -1))


def pattern_candidates(hand: Sequence[int]) -> int:
    """Patterns × orderings × operator choices: 11 × 24 × 64 = 16,896 for four different cards."""
    return pattern_count(len(hand)) * ordering_count(hand) * 4 ** (len(hand) - 1)


def postfix_candidates(hand: Sequence[int]) -> int:
    """Shapes × orderings × operator choices: 5 × 24 × 64 = 7,680 for four different cards."""
    return shape_count(len(hand)) * ordering_count(hand) * 4 ** (len(hand) - 1)


def answer_factor(hand: Sequence[int]) -> int:
    """How much building the answers adds: a zero card lets target 0 be made nearly everywhere."""
    return ZERO_FACTOR if 0 in hand else 1


def compiled_patterns(hand: Sequence[int]) -> int:
    """The pattern templates, each compiled (COMPILE_COST) and evaluated per ordering."""
    templates = pattern_count(len(hand)) * 4 ** (len(hand) - 1)
    return templates * (ordering_count(hand) * answer_factor(hand) + COMPILE_COST)


def compiled_postfix(hand: Sequence[int]) -> int:
    """The postfix templates, each compiled (COMPILE_COST) and evaluated per ordering."""
    templates = shape_count(len(hand)) * 4 ** (len(hand) - 1)
    return templates * (ordering_count(hand) * answer_factor(hand) + COMPILE_COST)


def fast_work(hand: Sequence[int]) -> int:
    """An estimate of fast's work: at most one answer per postfix candidate, more with a zero."""
    return postfix_candidates(hand) * answer_factor(hand)


def fast_first_work(hand: Sequence[int]) -> int:
    """fast's work for one answer or a yes/no: the values its parts make, one card fewer."""
    return postfix_candidates(hand[1:] or hand)  # one card: itself
