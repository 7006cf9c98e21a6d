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

Ints and any `numbers.Integral` (numpy integers too) are cards; any `numbers.Rational` is a
target. Anything else (bool, float, bytes, text outside the grammar) is refused with an
`InputError` whose one-line message says why, so the command line and the widgets can show it.
"""

from __future__ import annotations

import itertools
import numbers
import operator
import re
import reprlib
from collections.abc import Iterable
from fractions import Fraction

from .errors import InputError, SearchTooLarge

__all__ = [
    "DIGITS", "MAX_DIGITS", "MINUS_SIGNS", "TOO_LONG", "Hand", "InputError", "SearchTooLarge",
    "as_hand", "as_target", "foreign_digit", "not_a_digit", "permutations",
]

Hand = tuple[int, ...]

MAX_DIGITS = 100
DIGITS = "0123456789"
MINUS_SIGNS = "-\u2212\u2013"  # hyphen-minus, minus sign, en dash
TOO_LONG = f"number too long: at most {MAX_DIGITS} digits"

_BOUND = 10**MAX_DIGITS  # the smallest number with one digit too many
_SIGN = "[" + re.escape("+" + MINUS_SIGNS) + "]?"
_INTEGER = re.compile(f"({_SIGN})([0-9]+)")  # [0-9], not \d: \d matches every script's digits
_RATIONAL = re.compile(f"({_SIGN})([0-9]+)(?:/([0-9]+))?")
_CARD_HINT = "cards are integers like 3 or 12"
_TARGET_HINT = "use an integer or a fraction like 1/3"

_repr = reprlib.Repr()
_repr.maxstring = _repr.maxother = 40


def shown(value) -> str:
    """A short one-line repr of what someone passed, for a message (never a traceback)."""
    try:
        text = _repr.repr(value)
    except Exception:  # a repr that fails (an int too long for str, a broken object)
        text = f"a {type(value).__name__}"
    return " ".join(text.split())


def not_a_digit(char: str) -> str:
    """The refusal for a digit from another script, the same for cards, targets and expressions."""
    quoted = f"'{char}'" if char.isprintable() else repr(char)
    return f"{quoted} is not a digit 0-9: type numbers with the digits 0-9"


def foreign_digit(text: str) -> str | None:
    """The first character that is a digit or numeral but not one of 0-9, if any."""
    for char in text:
        if char.isnumeric() and char not in DIGITS:
            return char
    return None


def _significant(digits: str) -> str:
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


def as_hand(numbers: Iterable) -> Hand:
    """Check and return the numbers as a tuple of ints: [3, 3, 8, 8], '3 3 8 8' or '3,3,8,8'."""
    if isinstance(numbers, (bytes, bytearray, memoryview)):
        raise InputError(f"expected numbers, got {type(numbers).__name__}: give them as text or as a list")
    if isinstance(numbers, str):
        numbers = numbers.replace(",", " ").split()
    try:
        items = list(numbers)
    except TypeError:
        raise InputError(f"expected a list of whole numbers, got {shown(numbers)}") from None
    if not items:
        raise InputError("no numbers given: deal at least one card, e.g. 3 3 8 8")
    return tuple(_as_int(item) for item in items)


def _as_int(item) -> int:
    if isinstance(item, bool):
        raise InputError(f"{item!r} is not a whole number ({_CARD_HINT})")
    if isinstance(item, numbers.Integral):
        return _check_length(operator.index(item))
    if isinstance(item, numbers.Rational) and item.denominator == 1:
        return _check_length(operator.index(item.numerator))
    if isinstance(item, numbers.Real) and not isinstance(item, numbers.Rational):
        value = float(item)
        if value.is_integer():
            example = int(value) if abs(value) < 1e15 else 3
            raise InputError(f"{value!r} is a float; cards are whole numbers like {example}")
        raise InputError(f"{value!r} is not a whole number ({_CARD_HINT})")
    if isinstance(item, str):
        match = _INTEGER.fullmatch(item.strip())
        if match is None:
            char = foreign_digit(item)
            if char is not None:
                raise InputError(not_a_digit(char))
            raise InputError(f"{shown(item)} is not a whole number ({_CARD_HINT})")
        sign, digits = match.groups()
        return _sign(sign) * int(_significant(digits))
    raise InputError(f"{shown(item)} is not a whole number ({_CARD_HINT})")


def as_target(target) -> Fraction:
    """Check and return the target as an exact Fraction: 24, -3, '1/3', '-1/3', Fraction(7, 2)."""
    if isinstance(target, bool):
        raise InputError(f"target {target!r} is not a number")
    if isinstance(target, numbers.Integral):
        return Fraction(_check_length(operator.index(target)))
    if isinstance(target, numbers.Rational):
        numerator, denominator = operator.index(target.numerator), operator.index(target.denominator)
        return Fraction(_check_length(numerator), _check_length(denominator))
    if isinstance(target, numbers.Real):
        raise InputError(
            f"target {float(target)!r} is a float; give it exactly, as an integer or a fraction like 1/3"
        )
    if not isinstance(target, str):
        raise InputError(f"target {shown(target)} is not a number: {_TARGET_HINT}")
    match = _RATIONAL.fullmatch(target.strip())
    if match is None:
        char = foreign_digit(target)
        if char is not None:
            raise InputError(not_a_digit(char))
        raise InputError(f"target {shown(target)} is not a number: {_TARGET_HINT}")
    sign, numerator, denominator = match.groups()
    numerator = _sign(sign) * int(_significant(numerator))
    if denominator is None:
        return Fraction(numerator)
    denominator = int(_significant(denominator))
    if denominator == 0:
        raise InputError(f"target {shown(target)} is not a number: it divides by zero")
    return Fraction(numerator, denominator)


def permutations(hand: Hand) -> list[Hand]:
    """Orderings of the hand without repeats: `1 5 5 5` has 4, not 24."""
    return list(dict.fromkeys(itertools.permutations(hand)))
