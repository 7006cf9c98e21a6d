"""Hands and targets, checked before any search, and the one grammar of typed numbers: digits
0-9 only (`３` is refused), at most `MAX_DIGITS` after leading zeros, a minus sign `-`, `−` or
`–`, a target maybe `a/b`; anything else gets an `InputError` whose one line says why."""

import itertools
import numbers
import operator
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from .text import not_a_digit, shown

Hand = tuple[int, ...]

MAX_DIGITS = 100
MAX_CARDS = 100  # cards read from any iterable: more is refused before reading further
MAX_NUMBERS = 7  # the most a search takes: one answer from seven different cards (fast)
MINUS_SIGNS = "-\u2212\u2013"  # hyphen-minus, minus sign, en dash
TOO_LONG = f"number too long: at most {MAX_DIGITS} digits"

_BOUND = 10**MAX_DIGITS  # the smallest number with one digit too many
# [0-9], not \d: \d matches every script's digits
_NUMBER = re.compile(f"([{re.escape('+' + MINUS_SIGNS)}]?)([0-9]+)(?:/([0-9]+))?")
_TARGET_HINT = "use an integer or a fraction like 1/3"


class InputError(ValueError):
    """A hand, a target, an option or a typed expression t24 cannot work with; the message says why."""


class SearchTooLarge(InputError):
    """A method would take too long on this hand; the message names a method that copes, if any."""


def significant(digits: str) -> str:
    """A run of ASCII digits without its leading zeros, checked against MAX_DIGITS."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise InputError(TOO_LONG)
    return digits


def _read(text: str, refusal: str) -> tuple[int, int | None]:
    """A typed integer or fraction in the one grammar: (numerator, denominator or None)."""
    match = _NUMBER.fullmatch(text.strip())
    if match is None:
        char = next((char for char in text if char.isnumeric() and not char.isascii()), None)
        raise InputError(not_a_digit(char) if char else refusal)
    sign, numerator, denominator = match.groups()
    sign = -1 if sign and sign in MINUS_SIGNS else 1
    return sign * int(significant(numerator)), denominator and int(significant(denominator))


def whole(text: str, what: str, low: int | None = None) -> int:
    """A typed whole number (the digits 0-9, an optional sign), at least `low`, or InputError."""
    refusal = f"{what} {shown(text)} is not a whole number"
    number, denominator = _read(text, refusal)
    if denominator is not None:
        raise InputError(refusal)
    if low is not None and number < low:
        raise InputError(f"{what} must be at least {low}, not {number}")
    return number


def _exact(value) -> Fraction | None:
    """An int, any `numbers.Rational` (numpy integers too) or a `Decimal`, exactly; else None."""
    if not isinstance(value, (numbers.Rational, Decimal)) or isinstance(value, bool):
        return None
    if isinstance(value, Decimal) and value.is_finite() and abs(value.adjusted()) > MAX_DIGITS:
        raise InputError(TOO_LONG)  # at once, before Fraction builds 10**exponent
    try:
        value = Fraction(value)
        parts = operator.index(value.numerator), operator.index(value.denominator)
    except (TypeError, ValueError, ArithmeticError):
        return None
    if not all(-_BOUND < part < _BOUND for part in parts):
        raise InputError(TOO_LONG)
    return Fraction(*parts)  # plain ints, whatever integer type came in


def as_hand(numbers: Iterable) -> Hand:
    """Check and return the numbers as a tuple of ints: [3, 3, 8, 8], '3 3 8 8' or '3,3,8,8'."""
    if isinstance(numbers, (bytes, bytearray, memoryview)):
        raise InputError(
            f"expected numbers, got {type(numbers).__name__}: give them as text or as a list"
        )
    if isinstance(numbers, str):
        numbers = numbers.replace(",", " ").split()
    try:
        items = list(itertools.islice(numbers, MAX_CARDS + 1))
    except TypeError:
        raise InputError(f"expected a list of whole numbers, got {shown(numbers)}") from None
    if not items:
        raise InputError("no numbers given: deal at least one card, e.g. 3 3 8 8")
    if len(items) > MAX_CARDS:
        raise InputError(f"too many numbers: at most {MAX_CARDS} cards")
    return tuple(_as_int(item) for item in items)


def _is_float(value) -> bool:
    """A float of any kind (numpy's too): a real number that is not exact."""
    return isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational)


def _as_int(item) -> int:
    if isinstance(item, str):
        return whole(item, "card")
    value = _exact(item)
    if value is not None and value.denominator == 1:
        return value.numerator
    if _is_float(item) and float(item).is_integer():
        raise InputError(f"{float(item)!r} is a float; cards are whole numbers like 3")
    raise InputError(f"{shown(item)} is not a whole number (cards are integers like 3 or 12)")


def as_target(target) -> Fraction:
    """Check and return the target as an exact Fraction: 24, -3, '1/3', '-1/3', Fraction(7, 2)."""
    refusal = f"target {shown(target)} is not a number"
    if isinstance(target, str):
        numerator, denominator = _read(target, f"{refusal}: {_TARGET_HINT}")
        if denominator == 0:
            raise InputError(f"{refusal}: it divides by zero")
        return Fraction(numerator, denominator or 1)
    value = _exact(target)
    if value is not None:
        return value
    if _is_float(target):
        raise InputError(f"target {shown(target)} is a float; give it exactly: {_TARGET_HINT}")
    raise InputError(f"{refusal}: {_TARGET_HINT}")


def orderings(hand: Hand) -> list[Hand]:
    """Orderings of the hand without repeats: `1 5 5 5` has 4, not 24."""
    return list(dict.fromkeys(itertools.permutations(hand)))
