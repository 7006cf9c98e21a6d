"""The one exact expression: a frozen tree of `Num` and `BinOp`, its `value` a `Fraction`. `str`
brackets a right child also at equal precedence (`7 - (6 - 5)`), as "24点解法"'s converter forgets.

    >>> expr = BinOp("-", Num(7), BinOp("-", Num(6), Num(5)))
    >>> str(expr), expr.value, expr.postfix()
    ('7 - (6 - 5)', Fraction(6, 1), (7, 6, 5, '-', '-'))
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from .hand import InputError
from .text import _, said, shown

OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
SYMBOLS = {"-": "\u2212", "*": "\u00d7", "/": "\u00f7"}  # − × ÷, as a person writes them
SIX_RESULTS = (("+", False), ("-", False), ("-", True), ("*", False), ("/", False), ("/", True))


class ExpressionError(InputError):
    """Text that is not an arithmetic expression t24 accepts, or one that cannot be evaluated."""


class DivisionByZero(ExpressionError, ZeroDivisionError):
    """An expression divides by something that is exactly zero: `part`, the division at fault."""

    def __init__(self, part: BinOp):
        super().__init__(said("{part} divides by zero", part=part))
        self.part = part


def pair_results(a, b) -> Iterator[tuple[str, bool, object]]:
    """`(op, swapped, value)` for a+b, a-b, b-a, a*b, a/b, b/a (the posts' order), skipping x/0.

    >>> [str(value) for _op, _swapped, value in pair_results(Fraction(8), Fraction(2))]
    ['10', '6', '-6', '16', '4', '1/4']
    """
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
        return _show(self, SYMBOLS)

    def to_latex(self) -> str:
        """LaTeX for `IPython.display.Math`; a fraction in a fraction is a \\dfrac (large enough)."""
        return _show(self, {"*": r"\times", "/": r"\div"}, latex=True)

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
        return tuple(token for token in self.postfix() if isinstance(token, int))


@dataclass(frozen=True)
class Num(_Tree):
    """A leaf: one integer card."""

    n: int

    def __post_init__(self):
        if isinstance(self.n, bool) or not isinstance(self.n, int):
            raise TypeError(said("a leaf holds an int, not {value}", value=shown(self.n)))

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
            refusal = _("unknown operator {op}; expected one of + - * /")
            raise ValueError(refusal.format(op=shown(self.op)))
        if not isinstance(self.left, _Tree) or not isinstance(self.right, _Tree):
            refusal = _("the operands are trees: write a card as Num(3), not {value}")
            raise TypeError(refusal.format(value=shown(self.left)))

    @property
    def value(self) -> Fraction:
        """The exact value; raises DivisionByZero if any divisor is zero."""
        left = self.left.value
        right = self.right.value
        if self.op == "/" and right == 0:
            raise DivisionByZero(self)
        return OPS[self.op](left, right)


Expr = Num | BinOp


def _show(expr: Expr, symbols: dict, latex: bool = False, inside: bool = False) -> str:
    """Infix text (or LaTeX, where a fraction bar groups its operands) with the fewest brackets."""
    if isinstance(expr, Num):
        return f"({expr.n})" if expr.n < 0 else str(expr.n)
    fraction = latex and expr.op == "/"
    left = _show(expr.left, symbols, latex, inside or fraction)
    right = _show(expr.right, symbols, latex, inside or fraction)
    if fraction:
        return ("\\dfrac" if inside else "\\frac") + f"{{{left}}}{{{right}}}"
    # The bracket rule of lesson 02: a left child that binds more loosely than its parent needs
    # brackets; a right child also at equal precedence, as 7 - (6 - 5) is not 7 - 6 - 5.
    mine = PRECEDENCE[expr.op]
    if _binds(expr.left, latex) < mine:
        left = f"\\left({left}\\right)" if latex else f"({left})"
    if _binds(expr.right, latex) <= mine:
        right = f"\\left({right}\\right)" if latex else f"({right})"
    return f"{left} {symbols.get(expr.op, expr.op)} {right}"


def _binds(expr: Expr, latex: bool) -> int:
    """How tightly an operand holds together: a leaf (and in LaTeX a fraction) needs no brackets."""
    return 3 if isinstance(expr, Num) or latex and expr.op == "/" else PRECEDENCE[expr.op]


def value_latex(value: Fraction) -> str:
    """An exact value as LaTeX: 24, \\frac{8}{3}, -\\frac{1}{2}.

    >>> value_latex(Fraction(-1, 2))
    '-\\\\frac{1}{2}'
    """
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    return rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"
