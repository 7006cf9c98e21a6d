"""Hints in steps: the next step of one exact answer, never the whole answer.

An answer is read bottom up as steps (two numbers, an operator, the result). The hints give the
first step, then the next, and stop one step short: the last step is the answer, which only
"show" gives. The answer the hints follow is the one with the friendliest steps (fewest
fractions and negative numbers, smallest numbers on the way) among every tree the recursive
search finds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..distinct import canonical
from ..expr import LATEX_SYMBOLS, BinOp, Expr, value_latex
from ..hand import as_target
from ..methods import recursive
from ..text import describe
from .difficulty import EFFORT_MAX_COUNT


def _operand(value: Fraction) -> str:
    """A value as the operand of a step: fractions and negatives in brackets, so it reads once."""
    text = describe(value)
    return text if value.denominator == 1 and value >= 0 else f"({text})"


def _latex_operand(value: Fraction) -> str:
    text = value_latex(value)
    return rf"\left({text}\right)" if value < 0 else text


@dataclass(frozen=True)
class Step:
    """One step of an answer: two numbers (cards or earlier results), an operator, the result."""

    left: Fraction
    op: str
    right: Fraction
    value: Fraction

    def text(self) -> str:
        """The step as plain text: `3 - (8/3) = 1/3`."""
        return f"{_operand(self.left)} {self.op} {_operand(self.right)} = {describe(self.value)}"

    def latex(self) -> str:
        """The step as LaTeX: `3 - \\frac{8}{3} = \\frac{1}{3}`."""
        return f"{_latex_operand(self.left)} {LATEX_SYMBOLS[self.op]} {_latex_operand(self.right)} = {value_latex(self.value)}"


def answer_steps(expr: Expr) -> list[Step]:
    """The steps of an answer, bottom up: each operation after the ones it uses."""
    steps: list[Step] = []

    def walk(node: Expr) -> Fraction:
        if not isinstance(node, BinOp):
            return node.value
        left, right = walk(node.left), walk(node.right)
        steps.append(Step(left, node.op, right, node.value))
        return node.value

    walk(expr)
    return steps


def step_cost(expr: Expr) -> tuple[int, int, Fraction]:
    """How awkward an answer's steps are: fractions on the way, negative numbers, the largest number."""
    steps = answer_steps(expr)
    fractions = sum(step.value.denominator != 1 for step in steps)
    negatives = sum(step.value < 0 for step in steps)
    return fractions, negatives, max((abs(step.value) for step in steps), default=Fraction(0))


def hint_answer(hand: Sequence[int], target, answers: Sequence[Expr]) -> Expr:
    """The answer the hints follow: the tree with the friendliest steps among the hand's answers.

    `answers` are the fast solver's distinct answers; each is one readable tree of its class, and
    another tree of the same class may have easier steps (10 ÷ 5 × 6 + 12 rather than
    10 × 6 ÷ 5 + 12). For up to EFFORT_MAX_COUNT cards every tree of the recursive search is a
    candidate; ties go to the class the fast solver lists first, then to fewer brackets.
    """
    rank = {canonical(expr): number for number, expr in enumerate(answers)}
    candidates = recursive.solve(sorted(hand), target) if len(hand) <= EFFORT_MAX_COUNT else list(answers)
    return min(candidates, key=lambda expr: (
        step_cost(expr), rank.get(canonical(expr), len(rank)), str(expr).count("("), str(expr),
    ))


def hint_texts(expr: Expr, target=24) -> list[str]:
    """The hints for one answer: a first pair and its value, then the next steps, but not the last."""
    steps = answer_steps(expr)[:-1]
    if not steps:  # the answer is one step: a hint could only give it away
        lines = [f"one operation between the two cards makes {describe(as_target(target))}"]
    else:
        lines = [("start with " if number == 0 else "then ") + step.text() for number, step in enumerate(steps)]
    return [f"hint {number} of {len(lines)}: {line}" for number, line in enumerate(lines, start=1)]
