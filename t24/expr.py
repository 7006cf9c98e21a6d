"""The one exact model of an arithmetic expression that every part of t24 shares.

An expression is an immutable tree: integer leaves (`Num`) and binary nodes (`BinOp`) for
`+ - * /`. Its `value` is an exact `fractions.Fraction`, so `8 / (3 - 8 / 3)` is 24, not
23.99999999999999. `str(expr)` prints infix with the fewest brackets that keep the tree:
a child is bracketed when its operator binds more loosely than its parent's, and the right
operand is also bracketed at equal precedence (`7 - (6 - 5)`, `8 / (3 - 8 / 3)`), because
without them the text would read back as another tree. The converter in "24点解法"
forgets that second rule and prints `7 - 6 - 5` for `7 6 5 - -`.

LaTeX comes from the same tree (sympy's printer would rewrite `-` and `/`), and
`to_sympy()` hands the value to sympy for an independent exact check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
import operator
from dataclasses import dataclass
from fractions import Fraction

from .errors import InputError

OPERATORS = "+-*/"
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}
UNICODE_SYMBOLS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7"}
LATEX_SYMBOLS = {"+": "+", "-": "-", "*": r"\times", "/": r"\div"}
ATOM = 3  # precedence of a leaf: never needs brackets of its own


class ExpressionError(InputError):
    """Text that is not an arithmetic expression t24 accepts, or one that cannot be evaluated."""


class DivisionByZero(ExpressionError, ZeroDivisionError):
    """An expression divides by something that is exactly zero."""


OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}


def pair_results(a, b):
    """The six results of a pair in the post's order (a+b, a-b, b-a, a*b, a/b, b/a): (op, swapped, value)."""
    for op, swapped in (("+", False), ("-", False), ("-", True), ("*", False), ("/", False), ("/", True)):
        left, right = (b, a) if swapped else (a, b)
        if not (op == "/" and right == 0):
            yield op, swapped, OPS[op](left, right)


def apply(op: str, left: Fraction, right: Fraction) -> Fraction:
    """Apply one of `+ - * /` exactly; dividing by zero raises DivisionByZero."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if op == "/":
        if right == 0:
            raise DivisionByZero(f"division by zero: the divisor is {right}")
        return Fraction(left) / right
    raise ValueError(f"unknown operator {op!r}; expected one of {OPERATORS}")


@dataclass(frozen=True)
class Num:
    """A leaf: one integer card."""

    n: int

    def __post_init__(self):
        if isinstance(self.n, bool) or not isinstance(self.n, int):
            raise TypeError(f"a leaf holds an int, not {self.n!r}")

    @property
    def value(self) -> Fraction:
        """The leaf's exact value."""
        return Fraction(self.n)

    @property
    def precedence(self) -> int:
        return ATOM

    def leaves(self) -> tuple[int, ...]:
        """The integers used, left to right."""
        return (self.n,)

    def postfix(self) -> tuple:
        """The expression in postfix (reverse Polish) order."""
        return (self.n,)

    def __str__(self) -> str:
        return self.format()

    def format(self, symbols: dict | None = None) -> str:
        """Infix text; `symbols` maps operators to other glyphs (see `pretty`)."""
        return f"({self.n})" if self.n < 0 else str(self.n)

    def pretty(self) -> str:
        """Infix text with the typographic symbols − × ÷."""
        return self.format(UNICODE_SYMBOLS)

    def to_latex(self, division: str = "frac", inside_fraction: bool = False) -> str:
        """LaTeX for `IPython.display.Math`."""
        return f"({self.n})" if self.n < 0 else str(self.n)

    def to_sympy(self, leaf: Callable[[int], object] | None = None):
        """The exact value as a sympy object (or, with `leaf`, the tree with leaves mapped)."""
        import sympy

        return leaf(self.n) if leaf else sympy.Integer(self.n)

    def nodes(self) -> Iterator[Expr]:
        yield self


@dataclass(frozen=True)
class BinOp:
    """A binary node: `left op right` with op one of `+ - * /`."""

    op: str
    left: Expr
    right: Expr

    def __post_init__(self):
        if self.op not in PRECEDENCE:
            raise ValueError(f"unknown operator {self.op!r}; expected one of {OPERATORS}")

    @property
    def value(self) -> Fraction:
        """The exact value; raises DivisionByZero if any divisor is zero."""
        return apply(self.op, self.left.value, self.right.value)

    @property
    def precedence(self) -> int:
        return PRECEDENCE[self.op]

    def leaves(self) -> tuple[int, ...]:
        return self.left.leaves() + self.right.leaves()

    def postfix(self) -> tuple:
        return self.left.postfix() + self.right.postfix() + (self.op,)

    def needs_brackets(self) -> tuple[bool, bool]:
        """Whether the left and the right operand must be bracketed to keep this tree."""
        mine = self.precedence
        return self.left.precedence < mine, self.right.precedence <= mine

    def __str__(self) -> str:
        return self.format()

    def format(self, symbols: dict | None = None) -> str:
        left_b, right_b = self.needs_brackets()
        left = self.left.format(symbols)
        right = self.right.format(symbols)
        symbol = (symbols or {}).get(self.op, self.op)
        return f"{_wrap(left, left_b)} {symbol} {_wrap(right, right_b)}"

    def pretty(self) -> str:
        return self.format(UNICODE_SYMBOLS)

    def to_latex(self, division: str = "frac", inside_fraction: bool = False) -> str:
        """LaTeX: `division="frac"` (default) typesets a / b as \\frac{a}{b}, "div" as a \\div b.

        A fraction inside another fraction is a \\dfrac, so 8/3 in 8 / (3 - 8 / 3) stays as large
        as the rest: readable on a projector.
        """
        if division not in ("frac", "div"):
            raise ValueError('division must be "frac" or "div"')
        if self.op == "/" and division == "frac":
            # The fraction bar groups both operands: no brackets needed inside.
            command = r"\dfrac" if inside_fraction else r"\frac"
            numerator = self.left.to_latex(division, True)
            denominator = self.right.to_latex(division, True)
            return rf"{command}{{{numerator}}}{{{denominator}}}"
        left_b, right_b = self.needs_brackets()
        if division == "frac":
            # A \frac operand is already grouped, so it needs no brackets beside * or /.
            left_b = left_b and not _is_frac(self.left)
            right_b = right_b and not _is_frac(self.right)
        left = self.left.to_latex(division, inside_fraction)
        right = self.right.to_latex(division, inside_fraction)
        return f"{_latex_wrap(left, left_b)} {LATEX_SYMBOLS[self.op]} {_latex_wrap(right, right_b)}"

    def to_sympy(self, leaf: Callable[[int], object] | None = None):
        left = self.left.to_sympy(leaf)
        right = self.right.to_sympy(leaf)
        if self.op == "+":
            return left + right
        if self.op == "-":
            return left - right
        if self.op == "*":
            return left * right
        return left / right

    def nodes(self) -> Iterator[Expr]:
        """Every node, parents before children."""
        yield self
        yield from self.left.nodes()
        yield from self.right.nodes()


Expr = Num | BinOp


def _wrap(text: str, brackets: bool) -> str:
    return f"({text})" if brackets else text


def _latex_wrap(text: str, brackets: bool) -> str:
    return rf"\left({text}\right)" if brackets else text


def _is_frac(expr: Expr) -> bool:
    return isinstance(expr, BinOp) and expr.op == "/"


def value_latex(value: Fraction) -> str:
    """An exact value as LaTeX: 24, \\frac{8}{3}, -\\frac{1}{2}."""
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    return rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"


def from_postfix(tokens) -> Expr:
    """Build the tree for a postfix sequence of ints and operator characters."""
    stack: list[Expr] = []
    for token in tokens:
        if isinstance(token, str):
            if len(stack) < 2:
                raise ExpressionError(f"postfix {tokens!r}: operator {token!r} needs two operands")
            right = stack.pop()
            left = stack.pop()
            stack.append(BinOp(token, left, right))
        else:
            stack.append(Num(token))
    if len(stack) != 1:
        raise ExpressionError(f"postfix {tokens!r} leaves {len(stack)} values, not one")
    return stack[0]


def value_or_none(expr: Expr) -> Fraction | None:
    """The exact value, or None when the expression divides by zero."""
    try:
        return expr.value
    except DivisionByZero:
        return None
