"""The one exact expression: a frozen tree of `Num` and `BinOp`, its `value` a `Fraction`.

`str` brackets a child that binds more loosely than its parent, the right one also at equal
precedence (`7 - (6 - 5)`), which the converter in "24点解法" forgets (`7 - 6 - 5`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from .hand import InputError

OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
UNICODE_SYMBOLS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}
LATEX_SYMBOLS = {"+": "+", "-": "-", "*": r"\times", "/": r"\div"}
SIX_RESULTS = (("+", False), ("-", False), ("-", True), ("*", False), ("/", False), ("/", True))


class ExpressionError(InputError):
    """Text that is not an arithmetic expression t24 accepts, or one that cannot be evaluated."""


class DivisionByZero(ExpressionError, ZeroDivisionError):
    """An expression divides by something that is exactly zero."""


def pair_results(a, b) -> Iterator[tuple[str, bool, object]]:
    """`(op, swapped, value)` for a+b, a-b, b-a, a*b, a/b, b/a (the posts' order), skipping x/0."""
    for op, swapped in SIX_RESULTS:
        left, right = (b, a) if swapped else (a, b)
        if op != "/" or right != 0:
            yield op, swapped, OPS[op](left, right)


def join(op: str, swapped: bool, a: Expr, b: Expr) -> BinOp:
    """The tree of one of `pair_results`: `a op b`, or `b op a` when swapped."""
    return BinOp(op, b, a) if swapped else BinOp(op, a, b)


class _Tree:
    """What every expression does the same way, leaf or node."""

    def __str__(self) -> str:
        return _show(self, {})

    def pretty(self) -> str:
        """Infix text with the typographic symbols − × ÷."""
        return _show(self, UNICODE_SYMBOLS)

    def to_latex(self) -> str:
        """LaTeX for `IPython.display.Math`; a fraction in a fraction is a \\dfrac (large enough)."""
        return _show(self, LATEX_SYMBOLS, latex=True)

    def postfix(self) -> tuple:
        """The expression in postfix (reverse Polish) order."""
        if isinstance(self, Num):
            return (self.n,)
        return self.left.postfix() + self.right.postfix() + (self.op,)

    def nodes(self) -> Iterator[Expr]:
        """Every node, parents before children."""
        yield self
        if isinstance(self, BinOp):
            yield from self.left.nodes()
            yield from self.right.nodes()

    def leaves(self) -> tuple[int, ...]:
        """The integers used, left to right."""
        return tuple(node.n for node in self.nodes() if isinstance(node, Num))

    def to_sympy(self, leaf: Callable[[int], object] | None = None):
        """The exact value as a sympy object (or, with `leaf`, the tree with leaves mapped)."""
        import sympy

        if isinstance(self, Num):
            return leaf(self.n) if leaf else sympy.Integer(self.n)
        return OPS[self.op](self.left.to_sympy(leaf), self.right.to_sympy(leaf))


@dataclass(frozen=True)
class Num(_Tree):
    """A leaf: one integer card."""

    n: int

    def __post_init__(self):
        if isinstance(self.n, bool) or not isinstance(self.n, int):
            raise TypeError(f"a leaf holds an int, not {self.n!r}")

    @property
    def value(self) -> Fraction:
        """The leaf's exact value."""
        return Fraction(self.n)


@dataclass(frozen=True)
class BinOp(_Tree):
    """A binary node: `left op right` with op one of `+ - * /`."""

    op: str
    left: Expr
    right: Expr

    def __post_init__(self):
        if self.op not in OPS:
            raise ValueError(f"unknown operator {self.op!r}; expected one of {''.join(OPS)}")
        if not isinstance(self.left, _Tree) or not isinstance(self.right, _Tree):
            raise TypeError(f"the operands are trees: write a card as Num(3), not {self.left!r}")

    @property
    def value(self) -> Fraction:
        """The exact value; raises DivisionByZero if any divisor is zero."""
        left, right = self.left.value, self.right.value
        if self.op == "/" and right == 0:
            raise DivisionByZero(f"{self} divides by zero")
        return OPS[self.op](left, right)


Expr = Num | BinOp


def _show(expr: Expr, symbols: dict, latex: bool = False, inside: bool = False) -> str:
    """Infix text (or LaTeX, where a fraction bar groups its operands) with the fewest brackets."""
    if isinstance(expr, Num):
        return f"({expr.n})" if expr.n < 0 else str(expr.n)
    fraction = latex and expr.op == "/"
    sides = [_show(side, symbols, latex, inside or fraction) for side in (expr.left, expr.right)]
    if fraction:
        return ("\\dfrac" if inside else "\\frac") + "".join(f"{{{side}}}" for side in sides)
    mine, (left, right) = PRECEDENCE[expr.op], (expr.left, expr.right)
    for index, loose in enumerate((_binds(left, latex) < mine, _binds(right, latex) <= mine)):
        if loose:
            sides[index] = f"\\left({sides[index]}\\right)" if latex else f"({sides[index]})"
    return f"{sides[0]} {symbols.get(expr.op, expr.op)} {sides[1]}"


def _binds(expr: Expr, latex: bool) -> int:
    """How tightly an operand holds together: a leaf (and in LaTeX a fraction) needs no brackets."""
    return 3 if isinstance(expr, Num) or latex and expr.op == "/" else PRECEDENCE[expr.op]


def value_latex(value: Fraction) -> str:
    """An exact value as LaTeX: 24, \\frac{8}{3}, -\\frac{1}{2}."""
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    return rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"
