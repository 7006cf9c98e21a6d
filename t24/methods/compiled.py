"""The pattern and postfix methods compiled: the same candidates, each compiled once.

`patterns` and `postfix` build every candidate for every ordering of the hand and evaluate it,
as the posts do: clear, and slow. Yet both try the same few hundred operator-filled shapes for
every ordering. So the variants here, `patterns-compiled` and `postfix-compiled`, compile each
candidate once into a *template* (a tree whose leaves are slot numbers 0..n-1), merge all
templates into one table of distinct sub-expressions, and evaluate the table once per ordering:
a sub-expression that a hundred templates share is computed once. They find exactly the trees
their as-written methods find, in the same order.

The arithmetic is exact on unreduced integer pairs (numerator, denominator): no gcd, no rounding,
so this screen can miss nothing; each hit is then confirmed with `Fraction`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import product

from ..expr import BinOp, Expr, Num, from_postfix
from ..hand import orderings
from ..parse import parse
from . import patterns, postfix

Template = int | tuple  # a slot number, or (op, left template, right template)

# `t24.expr.OPS` on unreduced pairs (numerator, denominator); None is a division by zero.
PAIR_OPS = {
    "+": lambda p, q, r, s: (p * s + r * q, q * s),
    "-": lambda p, q, r, s: (p * s - r * q, q * s),
    "*": lambda p, q, r, s: (p * r, q * s),
    "/": lambda p, q, r, s: (p * s, q * r) if r else None,
}


def template_of(expr: Expr) -> Template:
    """The template of a tree whose leaves hold slot numbers."""
    if isinstance(expr, Num):
        return expr.n
    return (expr.op, template_of(expr.left), template_of(expr.right))


def instantiate(template: Template, numbers: Sequence[int]) -> Expr:
    """Put the numbers into a template's slots and return the expression tree."""
    if isinstance(template, int):
        return Num(numbers[template])
    op, left, right = template
    return BinOp(op, instantiate(left, numbers), instantiate(right, numbers))


class CompiledTemplates:
    """Templates merged into one table of distinct sub-expressions, evaluated per permutation."""

    def __init__(self, templates: Sequence[Template]):
        self.templates = list(templates)
        self._position: dict[Template, int] = {}
        self.nodes: list[tuple] = []  # (op, left position, right position) or (None, slot, None)
        self.roots = [self._add(template) for template in self.templates]
        self.distinct_roots = sorted(set(self.roots))

    def _add(self, template: Template) -> int:
        if template in self._position:
            return self._position[template]
        if isinstance(template, int):
            entry = (None, template, None)
        else:
            op, left, right = template
            entry = (op, self._add(left), self._add(right))
        self.nodes.append(entry)
        self._position[template] = len(self.nodes) - 1
        return len(self.nodes) - 1

    def hits(self, numbers: Sequence[int], target: Fraction) -> list[int]:
        """Indices of the templates whose value is exactly `target` for these numbers."""
        values = self.evaluate(numbers)
        num, den = target.numerator, target.denominator
        hit_roots = set()
        for root in self.distinct_roots:
            value = values[root]
            if value is not None and value[0] * den == num * value[1]:
                hit_roots.add(root)
        if not hit_roots:
            return []
        return [index for index, root in enumerate(self.roots) if root in hit_roots]

    def evaluate(self, numbers: Sequence[int]) -> list:
        """Every node's value as an unreduced (numerator, denominator) pair, None after x/0."""
        values: list = [None] * len(self.nodes)
        for position, (op, a, b) in enumerate(self.nodes):
            if op is None:
                values[position] = (numbers[a], 1)
                continue
            x, y = values[a], values[b]
            if x is not None and y is not None:
                values[position] = PAIR_OPS[op](*x, *y)
        return values


def confirm(expr: Expr, target: Fraction) -> Expr:
    """Check a screened hit with Fraction arithmetic; a mismatch is a bug, never an answer."""
    if expr.value != target:
        raise RuntimeError(f"the template screen and Fraction disagree on {expr}")
    return expr


@cache
def pattern_table(count: int) -> CompiledTemplates:
    """Every (pattern, operators) candidate for `count` numbers, compiled once into templates."""
    slots = list(range(count))
    return CompiledTemplates(
        [
            template_of(parse(patterns.fill(pattern, slots, ops)))
            for pattern in patterns.patterns_for(count)
            for ops in product(patterns.OPERATORS, repeat=count - 1)
        ]
    )


@cache
def postfix_table(count: int) -> CompiledTemplates:
    """Every (operators, stack order) candidate for `count` numbers, compiled once."""
    slots = list(range(count))
    return CompiledTemplates(
        [
            template_of(from_postfix(order))
            for ops in product(patterns.OPERATORS, repeat=count - 1)
            for order in postfix.stack_orders(slots, ops)
        ]
    )


def solve_patterns(hand: Sequence[int], target: Fraction, first: bool = False) -> list[Expr]:
    """`patterns-compiled`: the pattern loops' trees, in their order, each candidate compiled once."""
    table = pattern_table(len(hand))
    ops_count = 4 ** (len(hand) - 1)
    hits = []  # the loops' order: pattern, then ordering, then operators
    for order, numbers in enumerate(orderings(hand)):
        for index in table.hits(numbers, target):
            hits.append((index // ops_count, order, index % ops_count, index, numbers))
    hits.sort(key=lambda hit: hit[:3])
    found: dict[Expr, None] = {}
    for *_, index, numbers in hits:
        found.setdefault(confirm(instantiate(table.templates[index], numbers), target))
        if first:
            break
    return list(found)


def solve_postfix(hand: Sequence[int], target: Fraction, first: bool = False) -> list[Expr]:
    """`postfix-compiled`: the postfix loops' trees, in their order, each candidate compiled once."""
    table = postfix_table(len(hand))
    found: dict[Expr, None] = {}
    for numbers in orderings(hand):
        for index in table.hits(numbers, target):
            found.setdefault(confirm(instantiate(table.templates[index], numbers), target))
            if first:
                return list(found)
    return list(found)
