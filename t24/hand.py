"""Hands, targets and the checks every solver makes on them before searching.

A hand is a tuple of integers (cards above 9, zero and negative numbers are all allowed); a
target is an exact `Fraction` (24, -3, 1/3 ...). Typed numbers follow one grammar, the same for
cards, targets and the numbers in an expression (`t24.parse`):

- digits are the ASCII digits 0-9 only (`３` or `٣` is refused, not read as 3);
- a minus sign is `-`, `−` (U+2212) or `–` (en dash); a card or a target may also start with `+`;
- leading zeros are fine (`08` is 8), but at most `MAX_DIGITS` digits count (also for a target's
  numerator and denominator, and for ints, which are compared with 10**MAX_DIGITS);
- a target is an integer or a fraction `a/b` (`-1/3`); whitespace around a number is fine, inside
  it is not (`1 2/3` is refused, not read as 12/3).

Ints, any `numbers.Integral` (numpy integers too) and whole `Decimal`s are cards; any
`numbers.Rational` or `Decimal` is a target, taken exactly. Anything else (bool, float, bytes, text outside the grammar) is refused with an
`InputError` whose one-line message says why, so the command line and the widgets can show it.
"""

from __future__ import annotations

import itertools
import numbers
import operator
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from .text import not_a_digit, shown, too_long

Hand = tuple[int, ...]

MAX_DIGITS = 100
MAX_CARDS = 100  # cards read from any iterable: more is refused before reading further
DIGITS = "0123456789"
MINUS_SIGNS = "-\u2212\u2013"  # hyphen-minus, minus sign, en dash
TOO_LONG = too_long(MAX_DIGITS)

_BOUND = 10**MAX_DIGITS  # the smallest number with one digit too many
_SIGN = "[" + re.escape("+" + MINUS_SIGNS) + "]?"
_INTEGER = re.compile(f"({_SIGN})([0-9]+)")  # [0-9], not \d: \d matches every script's digits
_RATIONAL = re.compile(f"({_SIGN})([0-9]+)(?:/([0-9]+))?")
_CARD_HINT = "cards are integers like 3 or 12"
_TARGET_HINT = "use an integer or a fraction like 1/3"


class InputError(ValueError):
    """A hand, a target, an option or a typed expression t24 cannot work with; the message says why."""


class SearchTooLarge(InputError):
    """A method would take too long on this hand; the message names a method that copes, if any."""


def foreign_digit(text: str) -> str | None:
    """The first character that is a digit or numeral but not one of 0-9, if any."""
    return next((char for char in text if char.isnumeric() and char not in DIGITS), None)


def significant(digits: str) -> str:
    """A run of ASCII digits without its leading zeros, checked against MAX_DIGITS."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise InputError(TOO_LONG)
    return digits


def _sign(text: str) -> int:
    return -1 if text and text in MINUS_SIGNS else 1


def _check_length(number: int) -> int:
    if -_BOUND < number < _BOUND:
        return number
    raise InputError(TOO_LONG)


def whole(text: str, what: str) -> int:
    """A typed whole number (the digits 0-9, an optional sign), or InputError naming `what`."""
    match = _INTEGER.fullmatch(text.strip())
    if match is None:
        char = foreign_digit(text)
        raise InputError(
            not_a_digit(char) if char else f"{what} {shown(text)} is not a whole number"
        )
    sign, digits = match.groups()
    return _sign(sign) * int(significant(digits))


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


def _as_int(item) -> int:
    try:
        if isinstance(item, str):
            return whole(item, "card")
        if isinstance(item, (numbers.Rational, Decimal)) and not isinstance(item, bool):
            value = Fraction(item)
            if value.denominator == 1:
                return _check_length(operator.index(value.numerator))
        elif (
            isinstance(item, numbers.Real)
            and not isinstance(item, bool)
            and float(item).is_integer()
        ):
            raise InputError(f"{float(item)!r} is a float; cards are whole numbers like 3")
    except (TypeError, ValueError, ArithmeticError) as error:
        if isinstance(error, InputError):
            raise
    raise InputError(f"{shown(item)} is not a whole number ({_CARD_HINT})")


def as_target(target) -> Fraction:
    """Check and return the target as an exact Fraction: 24, -3, '1/3', '-1/3', Fraction(7, 2)."""
    if isinstance(target, str):
        return _typed_target(target)
    try:
        if isinstance(target, (numbers.Rational, Decimal)) and not isinstance(target, bool):
            value = Fraction(target)
            numerator, denominator = map(operator.index, (value.numerator, value.denominator))
            return Fraction(_check_length(numerator), _check_length(denominator))
        if isinstance(target, numbers.Real) and not isinstance(target, bool):
            float(target)
            raise InputError(
                f"target {shown(target)} is a float; give it exactly, as an integer or a fraction like 1/3"
            )
    except (TypeError, ValueError, ArithmeticError) as error:
        if isinstance(error, InputError):
            raise
    raise InputError(f"target {shown(target)} is not a number: {_TARGET_HINT}")


def _typed_target(target: str) -> Fraction:
    match = _RATIONAL.fullmatch(target.strip())
    if match is None:
        char = foreign_digit(target)
        raise InputError(
            not_a_digit(char) if char else f"target {shown(target)} is not a number: {_TARGET_HINT}"
        )
    sign, numerator, denominator = match.groups()
    numerator = _sign(sign) * int(significant(numerator))
    if denominator is None:
        return Fraction(numerator)
    denominator = int(significant(denominator))
    if denominator == 0:
        raise InputError(f"target {shown(target)} is not a number: it divides by zero")
    return Fraction(numerator, denominator)


def orderings(hand: Hand) -> list[Hand]:
    """Orderings of the hand without repeats: `1 5 5 5` has 4, not 24."""
    return list(dict.fromkeys(itertools.permutations(hand)))
