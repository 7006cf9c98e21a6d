"""t24: the 24 game (算24点) taught three ways, with exact arithmetic.

    >>> import t24
    >>> [str(e) for e in t24.solve([3, 3, 8, 8])]
    ['8 / (3 - 8 / 3)']
    >>> t24.parse("8/(3-8/3)").value
    Fraction(24, 1)

The core needs only the standard library; the notebooks' extras live in `t24.widgets` and
`t24.plots`, which import Jupyter, matplotlib and friends when they are imported themselves.
"""

from .check import Verdict, check_answer
from .expr import BinOp, DivisionByZero, Expr, ExpressionError, Num
from .hand import InputError, SearchTooLarge
from .parse import parse
from .solver import METHODS, can_make, solve

__all__ = [
    "METHODS", "BinOp", "DivisionByZero", "Expr", "ExpressionError", "InputError", "Num",
    "SearchTooLarge", "Verdict", "can_make", "check_answer", "parse", "solve",
]
__version__ = "0.1.0"
