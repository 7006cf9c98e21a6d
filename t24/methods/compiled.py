"""`patterns-compiled` and `postfix-compiled`: the as-written candidates, each compiled once into
a template (leaves are slots 0..n-1) sharing one table of sub-expressions, evaluated per ordering
on unreduced integer pairs (no rounding: the screen misses nothing); hits confirmed by `Fraction`.

    >>> [str(e) for e in solve_postfix((3, 3, 8, 8), Fraction(24))]
    ['8 / (3 - 8 / 3)']
"""

import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, partial

from ..expr import Expr, Num
from ..hand import ANSWERS, SearchTooLarge, orderings
from ..parse import parse
from ..text import said
from . import patterns, postfix

MAX_HITS = 20_000  # the most hits turned into trees: target 0 from 1 1 1 2 2 2 has 68,524
# `t24.expr.OPS` on unreduced pairs (numerator, denominator); None is a division by zero.
PAIR_OPS = {
    "+": lambda p, q, r, s: (p * s + r * q, q * s),
    "-": lambda p, q, r, s: (p * s - r * q, q * s),
    "*": lambda p, q, r, s: (p * r, q * s),
    "/": lambda p, q, r, s: (p * s, q * r) if r else None,
}


class CompiledTemplates:
    """Templates merged into one table of distinct sub-expressions, evaluated per ordering."""

    def __init__(self, templates: Sequence[Expr]):
        self.templates = list(templates)
        self.position: dict[Expr, int] = {}
        self.nodes: list[tuple] = []  # (op, left position, right position) or (None, slot, None)
        self.roots = [self._add(template) for template in self.templates]

    def _add(self, template: Expr) -> int:
        if template not in self.position:
            if isinstance(template, Num):
                entry = (None, template.n, None)
            else:
                entry = (template.op, self._add(template.left), self._add(template.right))
            self.nodes.append(entry)
            self.position[template] = len(self.nodes) - 1
        return self.position[template]

    def hits(self, numbers: Sequence[int], target: Fraction) -> list[int]:
        """Indices of the templates whose value is exactly `target` for these numbers."""
        values: list = []  # every node's value as an unreduced pair, None after x/0
        for op, a, b in self.nodes:
            if op is None:
                values.append((numbers[a], 1))
            else:
                x, y = values[a], values[b]
                values.append(None if x is None or y is None else PAIR_OPS[op](*x, *y))
        num, den = target.numerator, target.denominator
        return [
            index
            for index, root in enumerate(self.roots)
            if values[root] and values[root][0] * den == num * values[root][1]
        ]


@cache
def table(method: str, count: int) -> CompiledTemplates:
    """Every candidate of the method for `count` numbers, in its loops' order, compiled once."""
    slots = list(range(count))
    choices = list(itertools.product(patterns.OPERATORS, repeat=count - 1))
    if method == "patterns":
        shapes = patterns.patterns_for(count)
        texts = (patterns.fill(shape, slots, ops) for shape in shapes for ops in choices)
        return CompiledTemplates([parse(text) for text in texts])
    orders = (order for ops in choices for order in postfix.stack_orders(slots, ops))
    return CompiledTemplates([postfix.to_infix(order) for order in orders])


def solve(method: str, hand: Sequence[int], target: Fraction, first: bool = False) -> list[Expr]:
    """The as-written method's trees in its loops' order: a hit's place is (group, ordering, place
    in the group), the groups being patterns (then operators) or all postfix candidates."""
    compiled = table(method, len(hand))
    group = 4 ** (len(hand) - 1) if method == "patterns" else len(compiled.templates)
    hits = sorted(
        (index // group, order, index % group, numbers)
        for order, numbers in enumerate(orderings(hand))
        for index in compiled.hits(numbers, target)
    )
    if len(hits) > MAX_HITS and not first:  # a hit costs a hundred evaluations: a tree, checked
        name = f"{method}-compiled"
        raise SearchTooLarge("answers", name, len(hits), MAX_HITS, len(hand), ANSWERS, "fast")
    found: dict[Expr, None] = {}
    for part, _order, rest, numbers in hits[:1] if first else hits:
        slots = compiled.templates[part * group + rest].postfix()
        expr = postfix.to_infix([numbers[t] if isinstance(t, int) else t for t in slots])
        if expr.value != target:  # the screen and Fraction disagree: a bug, never an answer
            raise RuntimeError(
                said("the template screen and Fraction disagree on {expr}", expr=expr)
            )
        found.setdefault(expr)
    return list(found)


solve_patterns = partial(solve, "patterns")
solve_postfix = partial(solve, "postfix")
