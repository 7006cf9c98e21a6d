"""Graded hints: what the answer's steps are like, then the next step's operation, then the step.

An answer is read bottom up as steps (two numbers, an operator, the result). The hints stop while
two steps are still to do, so none leaves only an obvious last step; "show" gives the answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..distinct import canonical
from ..expr import BinOp, Expr
from ..text import describe

VERBS = {"+": "adds", "-": "subtracts", "*": "multiplies", "/": "divides"}


def operand(value: Fraction) -> str:
    """A value inside a written operation: bracketed when it is a fraction or negative."""
    text = describe(value)
    return text if value.denominator == 1 and value >= 0 else f"({text})"


@dataclass(frozen=True)
class Step:
    """One step of an answer: two numbers (cards or earlier results), an operator, the result."""

    left: Fraction
    op: str
    right: Fraction
    value: Fraction

    def text(self) -> str:
        """The step as plain text: `3 - (8/3) = 1/3`."""
        return f"{operand(self.left)} {self.op} {operand(self.right)} = {describe(self.value)}"


def answer_steps(expr: Expr) -> list[Step]:
    """The steps of an answer, bottom up: each operation after the ones it uses."""
    if not isinstance(expr, BinOp):
        return []
    steps = answer_steps(expr.left) + answer_steps(expr.right)
    return steps + [Step(expr.left.value, expr.op, expr.right.value, expr.value)]


def step_cost(steps: Sequence[Step]) -> tuple[int, int, Fraction]:
    """How awkward steps are: how many make a fraction, how many a negative number, the largest."""
    values = [step.value for step in steps]
    fractions, negatives = sum(v.denominator != 1 for v in values), sum(v < 0 for v in values)
    return fractions, negatives, max(map(abs, values), default=Fraction(0))


def hint_answer(answers: Sequence[Expr], trees: Sequence[Expr] = ()) -> Expr:
    """The answer the hints follow: the tree with the friendliest steps.

    `trees`, the recursive search's (of "24点经典算法"), may hold a tree of one of the fast
    solver's `answers` with easier steps (10 / 5 * 6 + 12 rather than 10 * 6 / 5 + 12). Ties go
    to the answer the fast solver lists first, then to fewer brackets.
    """
    rank = {canonical(expr): number for number, expr in enumerate(answers)}

    def key(expr):
        text = str(expr)
        order = rank.get(canonical(expr), len(rank))
        return step_cost(answer_steps(expr)), order, text.count("("), text

    return min(list(trees) or answers, key=key)


def hint_texts(expr: Expr, target=24) -> list[str]:
    """The graded hints for one answer: a property of its steps, then operation and step in turn."""
    steps = answer_steps(expr)
    if len(steps) <= 1:
        return [f"hint 1 of 1: one operation between the two cards makes {describe(target)}"]
    fractions, negatives, largest = step_cost(steps)
    count, what = (fractions, "a fraction") if fractions else (negatives, "a negative number")
    if count:
        lines = [f"{count} of the {len(steps)} steps {'makes' if count == 1 else 'make'} {what}"]
    else:
        lines = [f"every step makes a whole number from 0 to {describe(largest)}"]
    for number, step in enumerate(steps[: max(len(steps) - 2, 1)]):
        verb = VERBS[step.op]
        lines.append(f"the next step {verb}" if number else f"the first step {verb} two cards")
        if number < len(steps) - 2:
            lines.append(f"then {step.text()}" if number else f"start with {step.text()}")
    return [f"hint {n} of {len(lines)}: {text}" for n, text in enumerate(lines, 1)]
