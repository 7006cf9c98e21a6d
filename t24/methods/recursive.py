"""Recursive reduction, as "24点经典算法" runs it (in C), its steps as the lesson "recursive
reduction" tells them: (1) pick two slots i < j, (2) replace their numbers by one of six results,
(3) call itself on one number fewer, and afterwards put the two numbers back. t24 adds exact
fractions (the post: doubles within 1e-6), fewest brackets, all answers.

    >>> [str(e) for e in solve((3, 3, 8, 8), Fraction(24))]
    ['8 / (3 - 8 / 3)']
"""

from fractions import Fraction

from ..expr import Expr, Num, join, pair_results
from ..hand import Hand
from .sizes import final_numbers  # noqa: F401  (the search's size, as the lesson counts it)


def pairs(n: int) -> list[tuple[int, int]]:
    """The pairs the post takes from n numbers: i < j, so each pair once.

    >>> pairs(3)
    [(0, 1), (0, 2), (1, 2)]
    """
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def start(hand: Hand) -> list[tuple[Fraction, Expr]]:
    """The starting array: each card as (its exact value, the expression that is just the card)."""
    return [(Fraction(card), Num(card)) for card in hand]


def search(array: list, n: int, target: Fraction, found: list, first=False, visit=None) -> bool:
    """The post's Search(n): append each hit to found (with first, stop there); visit each state."""
    if visit:
        visit(array, n)
    if n == 1:
        if array[0][0] == target:
            found.append(array[0][1])
            return first
        return False
    for i, j in pairs(n):  # 24点经典算法, step 1: each pair of slots i < j
        a, b = array[i], array[j]
        array[j] = array[n - 1]  # the last live number moves into slot j
        for op, swapped, value in pair_results(a[0], b[0]):  # step 2: each of the six results
            array[i] = (value, join(op, swapped, a[1], b[1]))  # the result goes into slot i
            if search(array, n - 1, target, found, first, visit):  # step 3: one number fewer
                return True
        array[i], array[j] = a, b  # step 3: put a and b back, so the next pair starts the same
    return False


def solve(hand: Hand, target: Fraction = Fraction(24), first: bool = False) -> list[Expr]:
    """The trees recursive reduction finds, in the post's order, each once."""
    found: list[Expr] = []
    search(start(hand), len(hand), target, found, first)
    return list(dict.fromkeys(found))
