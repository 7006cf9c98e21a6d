"""Compiled expression templates: how `solve` runs the pattern and postfix methods quickly.

The teaching versions in `patterns` and `postfix` build every candidate for every permutation
and evaluate it, as the articles do: clear, and slow. Yet both methods try the same few hundred
operator-filled shapes for every permutation of the hand. So their `solve` compiles each
candidate once into a *template* (a tree whose leaves are slot numbers 0..n-1), merges all
templates into one table of distinct sub-expressions, and evaluates the table once per
permutation: a sub-expression that a hundred templates share is computed once.

The arithmetic is exact on unreduced integer pairs (numerator, denominator): no gcd, no rounding,
so this screen can miss nothing; each hit is then confirmed with `Fraction` by the caller.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence, Union

from .expr import BinOp, Expr, Num

Template = Union[int, tuple]  # a slot number, or (op, left template, right template)


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
            if x is None or y is None:
                continue
            p, q = x
            r, s = y
            if op == "+":
                values[position] = (p * s + r * q, q * s)
            elif op == "-":
                values[position] = (p * s - r * q, q * s)
            elif op == "*":
                values[position] = (p * r, q * s)
            elif r:
                values[position] = (p * s, q * r)
        return values


def confirm(expr: Expr, target: Fraction) -> Expr:
    """Check a screened hit with Fraction arithmetic; a mismatch is a bug, never an answer."""
    if expr.value != target:
        raise RuntimeError(f"the template screen and Fraction disagree on {expr}")
    return expr
