"""Recursive reduction, as the post "24点经典算法" runs it (in C): Search(n) puts each of the six
results of each pair of slots i < j into slot i, the last live number into slot j, and recurses.
t24 adds exact fractions (the post: doubles within 1e-6), fewest brackets, all answers.

The post's steps, as lesson 03 tells them: (1) pick two slots i < j, (2) replace their numbers by
one of six results, (3) call itself on one number fewer, and afterwards put the two numbers back.

    >>> [str(e) for e in solve((3, 3, 8, 8), Fraction(24))]
    ['8 / (3 - 8 / 3)']
"""

from dataclasses import dataclass, field
from fractions import Fraction

from ..expr import Expr, Num, join, pair_results
from ..hand import FINAL_NUMBERS, Hand, SearchTooLarge, as_hand, as_target
from .sizes import final_numbers

TRACE_LIMIT = 20_000  # final numbers a trace records: four cards (3,888), not five (233,280)


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
        a = array[i]
        b = array[j]
        array[j] = array[n - 1]  # the last live number moves into slot j
        for op, swapped, value in pair_results(a[0], b[0]):  # step 2: each of the six results
            array[i] = (value, join(op, swapped, a[1], b[1]))  # the result goes into slot i
            if search(array, n - 1, target, found, first, visit):  # step 3: one number fewer
                return True
        array[i] = a  # step 3: put a and b back, so the next pair starts from the same array
        array[j] = b
    return False


def solve(hand: Hand, target: Fraction = Fraction(24), first: bool = False) -> list[Expr]:
    """The trees recursive reduction finds, in the post's order, each once."""
    found: list[Expr] = []
    search(start(hand), len(hand), target, found, first)
    return list(dict.fromkeys(found))


@dataclass
class State:
    """One state of the search: the numbers still in play and the step that made them."""

    id: int
    parent: int | None
    depth: int
    values: tuple[Fraction, ...]
    exprs: tuple[Expr, ...]
    reaches_target: bool  # a path below (or this state itself) makes the target
    step: str = ""  # the new number's expression, e.g. "3 - 8 / 3" ("" for the start)

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


def trace(hand, target=24) -> Trace:
    """Record every state of the all-answers search, marking those on a path to the target."""
    hand, target = as_hand(hand), as_target(target)
    size = final_numbers(len(hand))
    if size > TRACE_LIMIT:
        raise SearchTooLarge("trace", "recursive", size, TRACE_LIMIT, len(hand), FINAL_NUMBERS)
    result, latest = Trace(hand, target), {}  # latest: the last state seen at each depth

    def visit(array: list, n: int) -> None:
        depth, (values, exprs) = len(hand) - n, zip(*array[:n])
        hit = n == 1 and values[0] == target
        state = State(len(result.states), latest.get(depth - 1), depth, values, exprs, hit)
        if state.parent is not None:  # the one slot whose expression is new
            old = result.states[state.parent].exprs
            state.step = str(next(new for new, was in zip(exprs, old) if new is not was))
        for d in range(depth if hit else 0):  # the latest state at each depth above: the path
            result.states[latest[d]].reaches_target = True
        latest[depth] = state.id
        result.states.append(state)

    search(start(hand), len(hand), target, [], visit=visit)
    return result
