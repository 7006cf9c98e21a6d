"""The exceptions t24 raises for input it cannot work with.

Every bad input is an `InputError` (a `ValueError`) whose message is one line that says why:
a hand, a target, an option, or typed text (`t24.expr.ExpressionError` is an `InputError`).
This module imports nothing from t24, so every other module can import it.
"""

from __future__ import annotations


class InputError(ValueError):
    """A hand, a target, an option or a typed expression t24 cannot work with; the message says why."""


class SearchTooLarge(InputError):
    """A method would take unreasonably long on this hand; the message names a better choice."""
