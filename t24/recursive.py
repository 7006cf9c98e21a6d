"""Approach 3, recursive reduction (article 002).

Brackets only fix the order of operations, so the article never writes them while searching.
It keeps an array of the numbers still in play, with the expression that made each one, and
repeats one step: take two of them (pairs i < j, since + and × do not care about order),
replace them by a + b, a − b, b − a, a × b, a ÷ b or b ÷ a, and recurse until one number is
left; then compare it with the target. After each call the array is restored, so the next
choice starts from the same state. Four cards give 6 pairs × 6 results, then 3 × 6, then 1 × 6:
36 × 18 × 6 = 3,888 final numbers.

What t24 changes: exact `Fraction` arithmetic (the article compared doubles within 1e-6,
because of hands like (5 − 1/5) × 5), expression trees instead of fully bracketed strings, an
all-answers mode beside the article's stop-at-the-first-answer, and a `trace` of every state
visited, from which the notebooks draw the search tree and count the states.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Iterator, Sequence

from .expr import BinOp, Expr, Num
from .hand import Hand, SearchTooLarge, as_hand, as_target, check_size

LIMIT = 2_000_000  # final numbers; five cards give 233,280, six would give 20,995,200

# The six results of one step, in the article's order, as (label, how to make it from a and b).
STEPS = ("a+b", "a-b", "b-a", "a*b", "a/b", "b/a")


def pairs(count: int) -> list[tuple[int, int]]:
    """The pairs the article takes from `count` numbers: i < j, so each pair once."""
    return [(i, j) for i in range(count) for j in range(i + 1, count)]


def combine(a: tuple[Fraction, Expr], b: tuple[Fraction, Expr]) -> list[tuple[str, Fraction, Expr]]:
    """The article's six results of two numbers (each with its expression); no division by 0."""
    (x, ex), (y, ey) = a, b
    results = [
        ("a+b", x + y, BinOp("+", ex, ey)),
        ("a-b", x - y, BinOp("-", ex, ey)),
        ("b-a", y - x, BinOp("-", ey, ex)),
        ("a*b", x * y, BinOp("*", ex, ey)),
    ]
    if y != 0:
        results.append(("a/b", x / y, BinOp("/", ex, ey)))
    if x != 0:
        results.append(("b/a", y / x, BinOp("/", ey, ex)))
    return results


def final_numbers(count: int) -> int:
    """How many final numbers the search reaches: the product of 6 × C(k, 2) for k = count..2."""
    total = 1
    for k in range(count, 1, -1):
        total *= 6 * comb(k, 2)
    return total


def start(hand: Sequence[int]) -> list[tuple[Fraction, Expr]]:
    """The starting array: each card with the expression that is just itself."""
    return [(Fraction(n), Num(n)) for n in hand]


def search(array: list, n: int, target: Fraction, budget: list) -> Iterator[Expr]:
    """Article 002's `Search(n)`: reduce the first n entries of the array; yield hits.

    A generator, so the caller stops it at the first answer just by not asking for more.
    """
    if n == 1:
        if array[0][0] == target:
            yield array[0][1]
        return
    for i in range(n):
        for j in range(i + 1, n):
            a, b = array[i], array[j]
            array[j] = array[n - 1]  # keep the live numbers at the front, as the article does
            for _label, value, expr in combine(a, b):
                budget[0] -= 1
                if budget[0] < 0:
                    raise SearchTooLarge(
                        f"the recursive search passed {LIMIT:,} states on {n}+ numbers; use method='fast'"
                    )
                array[i] = (value, expr)
                yield from search(array, n - 1, target, budget)
            array[i], array[j] = a, b  # restore, so the next pair starts from the same state


def solve(hand: Sequence[int], target=24, first: bool = False) -> list[Expr]:
    """The trees recursive reduction finds, in the article's order, each once."""
    hand, target = as_hand(hand), as_target(target)
    if not first:
        check_size("recursive", final_numbers(len(hand)), LIMIT, hand)
    budget = [LIMIT * 2]
    found: dict[Expr, None] = {}
    for expr in search(start(hand), len(hand), target, budget):
        found.setdefault(expr)
        if first:
            break
    return list(found)


@dataclass
class State:
    """One state of the search: the numbers still in play and how the search got there."""

    id: int
    parent: int | None
    depth: int
    step: str  # e.g. "3 - 8/3" ("" for the start)
    values: tuple[Fraction, ...]
    exprs: tuple[Expr, ...]
    reaches_target: bool = False

    @property
    def key(self) -> tuple[Fraction, ...]:
        """The state as a multiset of values: states with equal keys have equal futures."""
        return tuple(sorted(self.values))


@dataclass
class Trace:
    """Every state the all-answers search visits, parents before children."""

    hand: Hand
    target: Fraction
    states: list[State] = field(default_factory=list)

    @property
    def hits(self) -> list[State]:
        """The final states whose one number is the target."""
        return [s for s in self.states if len(s.values) == 1 and s.reaches_target]

    def distinct_states(self) -> int:
        """How many different multisets of values the states hold: what memoising would visit."""
        return len({s.key for s in self.states})

    def edges(self) -> list[tuple[int, int]]:
        """(parent id, child id) for every step the search took."""
        return [(s.parent, s.id) for s in self.states if s.parent is not None]


def trace(hand: Sequence[int], target=24) -> Trace:
    """Run the all-answers search and record every state, marking those that lead to the target."""
    hand, target = as_hand(hand), as_target(target)
    check_size("recursive trace", final_numbers(len(hand)), 20_000, hand)
    result = Trace(hand, target)

    def visit(array: list, parent: int | None, depth: int, step: str) -> bool:
        state = State(
            len(result.states), parent, depth, step,
            tuple(v for v, _ in array), tuple(e for _, e in array),
        )
        result.states.append(state)
        if len(array) == 1:
            state.reaches_target = array[0][0] == target
            return state.reaches_target
        reached = False
        n = len(array)
        for i, j in pairs(n):
            for _label, value, expr in combine(array[i], array[j]):
                # The article's layout: the result takes slot i, the last number moves to slot j.
                after = list(array)
                after[i] = (value, expr)
                after[j] = array[n - 1]
                reached |= visit(after[: n - 1], state.id, depth + 1, str(expr))
        state.reaches_target = reached
        return reached

    visit(start(hand), None, 0, "")
    return result
