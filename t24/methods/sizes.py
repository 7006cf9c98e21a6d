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
# The most each method takes on: candidates or final numbers for the brute-force methods (an
# as-written search fills, parses or walks every one, so its limit keeps it to seconds), and
# numbers for fast.
LIMITS = {
    "patterns": 100_000, "postfix": 500_000, "recursive": 2_000_000,
    "patterns-compiled": 2_000_000, "postfix-compiled": 2_000_000,
}
FAST_MAX_CARDS = 7
SIZES = {
    "patterns": pattern_candidates, "postfix": postfix_candidates,
    "recursive": lambda hand: final_numbers(len(hand)),
    "patterns-compiled": pattern_candidates, "postfix-compiled": postfix_candidates,
}
# Where to turn when a method refuses, before `fast`.
FASTER = {"patterns": ("patterns-compiled",), "postfix": ("postfix-compiled",)}


def copes(method: str, hand: Sequence[int]) -> bool:
    """Whether a method takes this hand on, from the hand's counts alone."""
    if method == "fast":
        return len(hand) <= FAST_MAX_CARDS
    return len(hand) <= COUNT_LIMIT and SIZES[method](hand) <= LIMITS[method]


def instead(hand: Sequence[int], alternatives: Sequence[str] = ()) -> str:
    """What to say a refused hand should use: the first alternative (then fast) that copes."""
    for method in (*alternatives, "fast"):
        if copes(method, hand):
            return f"use method='{method}' for hands this large"
    return f"no method searches {plural(len(hand), 'number')} (fast takes the most: up to {FAST_MAX_CARDS})"


def check_size(name: str, hand: Hand, size: Callable[[Hand], int], limit: int,
               what: str = "candidate", alternatives: Sequence[str] = ()) -> int:
    """The search's size for this hand; past `limit`, refuse (SearchTooLarge) naming a method that copes."""
    if len(hand) > COUNT_LIMIT:
        raise SearchTooLarge(
            f"the {name} method cannot search {plural(len(hand), 'number')} (astronomically many {what}s; "
            f"at most {amount(limit)}); {instead(hand, alternatives)}"
        )
    work = size(hand)
    if work > limit:
        raise SearchTooLarge(
            f"the {name} method would try {plural(work, what)} for {plural(len(hand), 'number')} "
            f"(at most {amount(limit)}); {instead(hand, alternatives)}"
        )
    return work


def check_method(method: str, hand: Hand, limit: int | None = None) -> int:
    """A brute-force method's own size check, with its own limit, size and alternatives."""
    what = "final number" if method == "recursive" else "candidate"
    return check_size(method, hand, SIZES[method], LIMITS[method] if limit is None else limit, what,
                      FASTER.get(method, ()))
