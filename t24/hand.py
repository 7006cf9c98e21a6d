"""Hands and targets, checked before any search, in the one grammar of typed numbers (digits 0-9,
at most `MAX_DIGITS`, a sign `-` `−` `–`, a target maybe `a/b`); else a one-line `InputError`.

    >>> as_hand("3, 3 8 8")
    (3, 3, 8, 8)
    >>> as_target("-1/3")
    Fraction(-1, 3)
"""

import itertools
import numbers
import operator
import re
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .text import N_, Nn_, _, amount, not_a_digit, plural, said, shown

Hand = tuple[int, ...]

MAX_DIGITS = 100
MAX_CARDS = 100  # cards read from any iterable: more is refused before reading further
MAX_NUMBERS = 7  # the most a search takes: one answer from seven different cards (fast)
MINUS_SIGNS = "-\u2212\u2013"  # hyphen-minus, minus sign, en dash

_BOUND = 10**MAX_DIGITS  # the smallest number with one digit too many
# [0-9], not \d: \d matches every script's digits
_NUMBER = re.compile(f"([{re.escape('+' + MINUS_SIGNS)}]?)([0-9]+)(?:/([0-9]+))?")

# What a search's size counts, as the two forms `plural` takes.
CANDIDATES = Nn_("{n} candidate", "{n} candidates")
FINAL_NUMBERS = Nn_("{n} final number", "{n} final numbers")
ANSWERS = Nn_("{n} answer", "{n} answers")
NUMBERS = Nn_("{n} number", "{n} numbers")
# The refusals of `SearchTooLarge`, by kind; "+" when a method that copes is named.
REFUSALS = {
    "search": N_("{method} would try {size} for {count} (at most {limit}); no method copes"),
    "search+": N_("{method} would try {size} for {count} (at most {limit}); use {instead}"),
    "answers": N_("{method} would list {size} (at most {limit})"),
    "answers+": N_("{method} would list {size} (at most {limit}); use {instead}"),
    "numbers": N_("a search takes 1 to {limit} numbers, not {count}"),
    "trace": N_("a trace of {count} would record {size} (at most {limit}): four cards at most"),
    "stepper": N_("{method} has {size} for {count}, too many to step through (at most {limit})"),
}


class InputError(ValueError):
    """A hand, a target, an option or a typed expression t24 cannot work with; the message says why."""


@dataclass(eq=False)
class SearchTooLarge(InputError):
    """A search past a limit, as data (`kind`: a key of `REFUSALS`; `instead`: a method that copes).

    >>> error = SearchTooLarge("search", "patterns", 120_000, 100_000, 5, instead="fast")
    >>> error.sentence(name=lambda method: f"--method {method}")
    '--method patterns would try 120,000 candidates for 5 numbers (at most 100,000); use --method fast'
    """

    kind: str
    method: str | None
    size: int
    limit: int
    count: int
    unit: tuple[str, str] = CANDIDATES
    instead: str | None = None

    def sentence(self, name=lambda method: f"method={method!r}") -> str:
        """The refusal in the language in use, each method written by `name`."""
        return _(REFUSALS[self.kind + ("+" if self.instead else "")]).format(
            method=name(self.method),
            instead=self.instead and name(self.instead),
            size=plural(self.size, *self.unit),
            limit=amount(self.limit),
            count=plural(self.count, *NUMBERS),
        )

    def __str__(self) -> str:
        return self.sentence()


def too_long() -> InputError:
    """The refusal of a number with more than MAX_DIGITS digits."""
    return InputError(said("number too long: at most {digits} digits", digits=MAX_DIGITS))


def significant(digits: str) -> str:
    """A run of ASCII digits without its leading zeros, checked against MAX_DIGITS.

    >>> significant("0024")
    '24'
    """
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise too_long()
    return digits


def _read(text: str, refusal: str) -> tuple[int, int | None]:
    """(numerator, denominator or None) of a typed integer or fraction."""
    match = _NUMBER.fullmatch(text.strip())
    if match is None:
        char = next((char for char in text if char.isnumeric() and not char.isascii()), None)
        raise InputError(not_a_digit(char) if char else refusal)
    sign, numerator, denominator = match.groups()
    sign = -1 if sign and sign in MINUS_SIGNS else 1
    if denominator is not None:
        denominator = int(significant(denominator))
    return sign * int(significant(numerator)), denominator


def whole(text: str, what: str, low: int | None = None) -> int:
    """A typed whole number (the digits 0-9, an optional sign), at least `low`, or InputError.

    >>> whole("−3", "--seed")
    -3
    """
    refusal = said("{what} {value} is not a whole number", what=what, value=shown(text))
    number, denominator = _read(text, refusal)
    if denominator is not None:
        raise InputError(refusal)
    if low is not None and number < low:
        raise InputError(
            said("{what} must be at least {low}, not {number}", what=what, low=low, number=number)
        )
    return number


def _exact(value) -> Fraction | None:
    """An int, any `numbers.Rational` (numpy's too) or a `Decimal`, exactly; else None."""
    if not isinstance(value, (numbers.Rational, Decimal)) or isinstance(value, bool):
        return None
    if isinstance(value, Decimal) and value.is_finite() and abs(value.adjusted()) > MAX_DIGITS:
        raise too_long()  # at once, before Fraction builds 10**exponent
    try:
        value = Fraction(value)
        parts = operator.index(value.numerator), operator.index(value.denominator)
    except (TypeError, ValueError, ArithmeticError):
        return None
    if not all(-_BOUND < part < _BOUND for part in parts):
        raise too_long()
    return Fraction(*parts)  # plain ints, whatever integer type came in


def as_hand(numbers: Iterable) -> Hand:
    """Check and return the numbers as a tuple of ints: [3, 3, 8, 8], '3 3 8 8' or '3,3,8,8'
    (a sequence, never a mapping or a set, which would hold a repeated card once)."""
    if isinstance(numbers, (bytes, bytearray, memoryview)):
        refusal = _("expected numbers, got {kind}: give them as text or as a list")
        raise InputError(refusal.format(kind=type(numbers).__name__))
    if isinstance(numbers, (Mapping, Set)):  # a Counter, dict or set keeps each number once
        refusal = _(
            "expected the cards in a list, got a {kind}: write each card, repeats too, e.g. [3, 3, 8, 8]"
        )
        raise InputError(refusal.format(kind=type(numbers).__name__))
    if isinstance(numbers, str):
        numbers = numbers.replace(",", " ").split()
    try:
        items = list(itertools.islice(numbers, MAX_CARDS + 1))
    except TypeError:
        refusal = _("expected a list of whole numbers, got {value}")
        raise InputError(refusal.format(value=shown(numbers))) from None
    if not items:
        raise InputError(_("no numbers given: deal at least one card, e.g. 3 3 8 8"))
    if len(items) > MAX_CARDS:
        raise InputError(said("too many numbers: at most {cards} cards", cards=MAX_CARDS))
    return tuple(_as_int(item) for item in items)


def _is_float(value) -> bool:
    """A float of any kind (numpy's too): a real number that is not exact."""
    return isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational)


def _as_int(item) -> int:
    if isinstance(item, str):
        return whole(item, _("card"))
    value = _exact(item)
    if value is not None and value.denominator == 1:
        return value.numerator
    if _is_float(item) and float(item).is_integer():
        refusal = _("{value} is a float; cards are whole numbers like 3")
        raise InputError(refusal.format(value=repr(float(item))))
    refusal = _("{value} is not a whole number (cards are integers like 3 or 12)")
    raise InputError(refusal.format(value=shown(item)))


def as_target(target) -> Fraction:
    """Check and return the target as an exact Fraction: 24, -3, '1/3', '-1/3', Fraction(7, 2)."""
    value = shown(target)
    refusal = _("target {value} is not a number: use an integer or a fraction like 1/3")
    if isinstance(target, str):
        numerator, denominator = _read(target, refusal.format(value=value))
        if denominator == 0:
            refusal = _("target {value} is not a number: it divides by zero")
            raise InputError(refusal.format(value=value))
        return Fraction(numerator, denominator or 1)
    exact = _exact(target)
    if exact is not None:
        return exact
    if _is_float(target):
        refusal = _("target {value} is a float; give it exactly: an integer or a fraction like 1/3")
    raise InputError(refusal.format(value=value))


def orderings(hand: Hand) -> list[Hand]:
    """Orderings of the hand without repeats: `1 5 5 5` has 4, not 24.

    >>> orderings((1, 5, 5))
    [(1, 5, 5), (5, 1, 5), (5, 5, 1)]
    """
    return list(dict.fromkeys(itertools.permutations(hand)))
