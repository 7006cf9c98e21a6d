"""t24: the 24 game (算24点) taught three ways, with exact arithmetic.

    >>> import t24
    >>> [str(e) for e in t24.solve([3, 3, 8, 8])]
    ['8 / (3 - 8 / 3)']
    >>> t24.parse("8/(3-8/3)").value
    Fraction(24, 1)

The core needs only the standard library; `t24.notebook` holds what draws (Jupyter, matplotlib).
"""

from .check import Verdict, check_answer
from .expr import BinOp, DivisionByZero, Expr, ExpressionError, Num
from .hand import InputError, SearchTooLarge
from .methods import AS_WRITTEN, METHODS, OPTIMISED
from .parse import parse
from .solver import can_make, solve

__version__ = "0.2.0"  # the one place the version is written; pyproject.toml reads it from here

__all__ = [
    "AS_WRITTEN",
    "METHODS",
    "OPTIMISED",
    "BinOp",
    "DivisionByZero",
    "Expr",
    "ExpressionError",
    "InputError",
    "Num",
    "SearchTooLarge",
    "Verdict",
    "can_make",
    "check_answer",
    "parse",
    "solve",
]
