"""Approach 3, recursive reduction, as the post "24点经典算法" runs it (its C; a Java version is mentioned).

Brackets only fix the order of operations, so the post never writes them while searching. It
keeps an array of the numbers still in play, with the expression that made each one, and
repeats one step: take two of them (pairs i < j, since + and × do not care about order),
replace them by a + b, a − b, b − a, a × b, a ÷ b or b ÷ a, and recurse until one number is
left; then compare it with the target. The result goes into slot i, the last live number moves
into slot j, and after each call the array is restored, so the next choice starts from the same
state. Four cards give 6 pairs × 6 results, then 3 × 6, then 1 × 6: 36 × 18 × 6 = 3,888 final
numbers.

The step is written once, in `children`; `search` (the post's loop), `trace` (every state, for
the search tree a notebook draws), the game's difficulty measure and the notebooks' stepper all
walk it. What t24 changes: exact `Fraction` arithmetic (the post compared doubles within 1e-6),
expression trees printed with the fewest brackets instead of brackets around everything, and an
all-answers mode beside the post's stop-at-the-first-answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..expr import BinOp, Expr, Num
from ..hand import Hand, SearchTooLarge, as_hand, as_target
from ..text import too_large
from .sizes import final_numbers

TRACE_LIMIT = 20_000  # states a trace records: four cards (4,453 states), not five

# The six results of one step, in the post's order.
STEPS = ("a+b", "a-b", "b-a", "a*b", "a/b", "b/a")

Item = tuple  # (value, what made it): (Fraction, Expr) in the search


def pairs(count: int) -> list[tuple[int, int]]:
    """The pairs the post takes from `count` numbers: i < j, so each pair once."""
    return [(i, j) for i in range(count) for j in range(i + 1, count)]


def combine(a: Item, b: Item) -> list[tuple[str, Fraction, Expr]]:
    """The post's six results of two numbers (each with its expression); no division by 0."""
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


def combine_values(a: Item, b: Item) -> list[tuple[str, Fraction, None]]:
    """The six results of two numbers when only the values matter (no expressions built)."""
    x, y = a[0], b[0]
    results = [("a+b", x + y, None), ("a-b", x - y, None), ("b-a", y - x, None), ("a*b", x * y, None)]
    if y != 0:
        results.append(("a/b", x / y, None))
    if x != 0:
        results.append(("b/a", y / x, None))
    return results


def start(hand: Sequence[int]) -> list[Item]:
    """The starting array: each card with the expression that is just itself."""
    return [(Fraction(n), Num(n)) for n in hand]


def children(array: list, n: int, combine: Callable = combine) -> Iterator[tuple[int, int, str]]:
    """The post's step, in its order: each child of the state held in `array[:n]`, in place.

    For each pair i < j and each of its results, the result goes into slot i and the last live
    number into slot j; the child is `array[:n - 1]` until the next child is asked for. After
    the last child of a pair the two numbers are put back, so the array ends as it began.
    Yields (i, j, label).
    """
    for i, j in pairs(n):
        a, b = array[i], array[j]
        array[j] = array[n - 1]
        for label, value, expr in combine(a, b):
            array[i] = (value, expr)
            yield i, j, label
        array[i], array[j] = a, b  # restore, so the next pair starts from the same state


def search(array: list, n: int, target: Fraction) -> Iterator[Expr]:
    """The post's `Search(n)`: reduce the first n entries of the array; yield each hit.

    A generator, so the caller stops it at the first answer just by not asking for more.
    """
    if n == 1:
        if array[0][0] == target:
            yield array[0][1]
        return
    for _step in children(array, n):
        yield from search(array, n - 1, target)


def solve(hand: Sequence[int], target=24, first: bool = False) -> list[Expr]:
    """The trees recursive reduction finds, in the post's order, each once."""
    hand, target = as_hand(hand), as_target(target)
    found: dict[Expr, None] = {}
    for expr in search(start(hand), len(hand), target):
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
    """Walk the all-answers search and record every state, marking those that lead to the target."""
    hand, target = as_hand(hand), as_target(target)
    if final_numbers(len(hand)) > TRACE_LIMIT:
        words = ("recursive", final_numbers(len(hand)), "final numbers", len(hand), TRACE_LIMIT, None)
        raise SearchTooLarge("a trace of " + too_large(*words, option=False))
    result = Trace(hand, target)

    def visit(array: list, n: int, parent: int | None, depth: int, step: str) -> bool:
        state = State(
            len(result.states), parent, depth, step,
            tuple(v for v, _ in array[:n]), tuple(e for _, e in array[:n]),
        )
        result.states.append(state)
        if n == 1:
            state.reaches_target = array[0][0] == target
            return state.reaches_target
        reached = False
        for i, _j, _label in children(array, n):
            reached |= visit(array, n - 1, state.id, depth + 1, str(array[i][1]))
        state.reaches_target = reached
        return reached

    visit(start(hand), len(hand), None, 0, "")
    return result
