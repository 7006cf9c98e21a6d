"""t24: the 24 game (算24点) taught three ways, with exact arithmetic.

    >>> import t24
    >>> [str(e) for e in t24.solve([3, 3, 8, 8])]
    ['8 / (3 - 8 / 3)']
    >>> t24.parse("8/(3-8/3)").value
    Fraction(24, 1)

The core needs only the standard library; `t24.notebook` holds what draws (Jupyter, matplotlib).
"""

__version__ = "0.2.0"  # the one place the version is written; pyproject.toml reads it from here

from .check import Verdict, check_answer  # noqa: E402  (after __version__, which submodules read)
from .expr import BinOp, DivisionByZero, Expr, ExpressionError, Num  # noqa: E402
from .hand import InputError, SearchTooLarge  # noqa: E402
from .methods import AS_WRITTEN, METHODS, OPTIMISED  # noqa: E402
from .parse import parse  # noqa: E402
from .solver import can_make, solve  # noqa: E402

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
