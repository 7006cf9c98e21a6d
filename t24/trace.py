"""The steps a search takes, recorded for a person to follow: every state of the recursion
("24点经典算法") with the step that made it (`trace`), and what the stack machine does at each
token (`stack_steps`), and the brute-force methods' three loops walked candidate by candidate
(`scan`). Standard library only: the checks, the handouts and the steppers read them.
"""

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from .expr import OPS, Expr
from .game import operand
from .hand import Hand, SearchTooLarge, as_hand, as_target, orderings
from .methods import TABLE, patterns, postfix, recursive
from .parse import parse
from .text import N_, describe, said

TRACE_LIMIT = 20_000  # final numbers a trace records: four cards (3,888), not five (233,280)


@dataclass
class State:
    """One state of the recursion: the numbers still in play and the step that made them."""

    id: int
    parent: int | None
    depth: int
    values: tuple[Fraction, ...]
    exprs: tuple[Expr, ...]
    reaches_target: bool  # a path below (or this state itself) makes the target
    made: int | None = None  # the slot of the new number (None for the start)

    @property
    def step(self) -> str:
        """The new number's expression, e.g. "3 - 8 / 3" ("" for the start)."""
        return "" if self.made is None else str(self.exprs[self.made])

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


def too_big(kind: str, hand: Hand, method: str, limit: int) -> None:
    """Refuse a search too big to record or step through."""
    record = TABLE[method]
    if record.size(hand) > limit:
        raise SearchTooLarge(kind, method, record.size(hand), limit, len(hand), record.unit)


def trace(hand, target=24) -> Trace:
    """Record every state of the recursive search for all answers, marking those on a path to
    the target (the search's own `visit` sees each state)."""
    hand = as_hand(hand)
    target = as_target(target)
    too_big("trace", hand, "recursive", TRACE_LIMIT)
    result = Trace(hand, target)
    latest = {}  # the last state seen at each depth

    def visit(array: list, n: int) -> None:
        depth = len(hand) - n
        values, exprs = zip(*array[:n])
        hit = n == 1 and values[0] == target
        state = State(len(result.states), latest.get(depth - 1), depth, values, exprs, hit)
        if state.parent is not None:  # the one slot whose expression is new
            old = result.states[state.parent].exprs
            state.made = next(k for k, (new, was) in enumerate(zip(exprs, old)) if new is not was)
        for d in range(depth if hit else 0):  # the latest state at each depth above: the path
            result.states[latest[d]].reaches_target = True
        latest[depth] = state.id
        result.states.append(state)

    recursive.search(recursive.start(hand), len(hand), target, [], visit=visit)
    return result


def stack_steps(tokens: Sequence) -> list[str]:
    """What the stack machine (`postfix.evaluate`) does at each token, the last a ÷ 0 if any."""
    steps = []

    def number(token) -> Fraction:
        steps.append(said("push {token}", token=token))
        return Fraction(token)

    def combine(op: str, left: Fraction, right: Fraction) -> Fraction:
        popped = f"{operand(left)} {op} {operand(right)}"
        if op == "/" and right == 0:  # the division below stops the machine
            steps.append(said("pop two: {step} divides by zero", step=popped))
        value = OPS[op](left, right)  # (÷ 0 raises: no push is said)
        steps.append(said("pop two: {step}, push {value}", step=popped, value=describe(value)))
        return value

    postfix.evaluate(tokens, number, combine)
    return steps


class Loops(NamedTuple):
    """A brute-force method's three loops in the post's order: the stepper's title, the loops'
    names and lists for a hand, how their items make a candidate, its value (None on ÷ 0), its tree."""

    title: str
    names: tuple[str, str, str]
    lists: Callable
    fill: Callable
    value: Callable
    tree: Callable


LOOPS = {
    "patterns": Loops(
        title=N_("Pattern method, {hand}"),
        names=(N_("pattern"), N_("ordering"), N_("operators")),
        lists=lambda hand, ops: (patterns.patterns_for(len(hand)), orderings(hand), ops),
        fill=patterns.fill,
        value=patterns.evaluate,
        tree=parse,
    ),
    "postfix": Loops(
        title=N_("Postfix enumeration, {hand}"),
        names=(N_("ordering"), N_("operators"), N_("shape")),
        lists=lambda hand, ops: (orderings(hand), ops, postfix.make_shapes(len(hand))),
        fill=lambda numbers, ops, shape: postfix.fill(shape, numbers, ops),
        value=postfix.evaluate,
        tree=postfix.to_infix,
    ),
}


@lru_cache(maxsize=16)  # a stepper views one candidate at a time
def scan(method: str, hand: Hand, target: Fraction) -> tuple[tuple, ...]:
    """The method's three loops for the hand (outer first), then every candidate once, in order:
    the hits, the hits with a new tree, the divisions by 0."""
    loops = LOOPS[method]
    lists = loops.lists(hand, list(itertools.product(OPS, repeat=len(hand) - 1)))
    hits, new_trees, zeros, seen = [], [], [], set()
    for index, items in enumerate(itertools.product(*lists)):
        found = loops.value(loops.fill(*items))
        if found is None:
            zeros.append(index)
        elif found == target:
            hits.append(index)
            if (made := loops.tree(loops.fill(*items))) not in seen:
                seen.add(made)
                new_trees.append(index)
    return lists, tuple(hits), tuple(new_trees), tuple(zeros)
