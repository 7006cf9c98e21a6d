"""How big each method's search is, computed from the hand's counts alone, before any work.

Every method checks its size here first and refuses (`SearchTooLarge`) in well under a second,
without building a single permutation: the number of orderings of a hand with repeats is the
multinomial n! / (k1! k2! ...), the number of bracket patterns is a little Schröder number
(1, 1, 3, 11, 45, 197 ... for 1, 2, 3, 4, 5, 6 numbers), the number of postfix shapes a Catalan
number (1, 1, 2, 5, 14, 42 ...), and the recursive search's final numbers the product of
6 × C(k, 2) for k = n down to 2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from math import comb, factorial, prod

from ..hand import Hand, SearchTooLarge
from ..text import amount, plural


def orderings(hand: Sequence[int]) -> int:
    """Orderings of the hand without repeats: 24 for 4 5 6 7, 4 for 1 5 5 5."""
    return factorial(len(hand)) // prod(factorial(k) for k in Counter(hand).values())


def operator_choices(count: int) -> int:
    """Ways to choose the operators between `count` numbers: 4 ** (count - 1)."""
    return 4 ** (count - 1)


@cache
def pattern_count(count: int) -> int:
    """Bracket patterns for `count` numbers (little Schröder numbers: 11 for four)."""
    # s(n) = ((6n - 9) s(n-1) - (n - 3) s(n-2)) / n, with s(1) = s(2) = 1, indexed by numbers.
    small = {1: 1, 2: 1}
    for n in range(3, count + 1):
        small[n] = ((6 * n - 9) * small[n - 1] - (n - 3) * small[n - 2]) // n
    return small[count]


def shape_count(count: int) -> int:
    """Postfix shapes for `count` numbers (Catalan numbers: 5 for four)."""
    return comb(2 * (count - 1), count - 1) // count


def final_numbers(count: int) -> int:
    """The recursive search's final numbers: 6 × C(k, 2) results at each level, k = count..2."""
    return prod(6 * comb(k, 2) for k in range(count, 1, -1))


def pattern_candidates(hand: Sequence[int]) -> int:
    """Patterns × orderings × operator choices: 11 × 24 × 64 = 16,896 for four different cards."""
    return pattern_count(len(hand)) * orderings(hand) * operator_choices(len(hand))


def postfix_candidates(hand: Sequence[int]) -> int:
    """Shapes × orderings × operator choices: 5 × 24 × 64 = 7,680 for four different cards."""
    return shape_count(len(hand)) * orderings(hand) * operator_choices(len(hand))


# Past this many numbers every brute-force count is astronomically beyond any limit, so the
# refusal does not compute it (it could have thousands of digits).
COUNT_LIMIT = 12


def check_size(method: str, hand: Hand, size: Callable[[Hand], int], limit: int,
               what: str = "candidate", instead: str = "fast") -> int:
    """The search's size for this hand; refuse (SearchTooLarge) past the method's limit."""
    if len(hand) > COUNT_LIMIT:
        raise SearchTooLarge(
            f"the {method} method cannot search {plural(len(hand), 'number')} (astronomically many {what}s; "
            f"at most {amount(limit)}); use method='{instead}' for up to 7 numbers"
        )
    work = size(hand)
    if work > limit:
        raise SearchTooLarge(
            f"the {method} method would try {plural(work, what)} for {plural(len(hand), 'number')} "
            f"(at most {amount(limit)}); use method='{instead}' for hands this large"
        )
    return work
