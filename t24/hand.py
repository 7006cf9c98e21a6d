"""Hands, targets and the checks every solver makes on them before searching.

A hand is a tuple of integers (cards above 9, zero and negative numbers are all allowed); a
target is an exact `Fraction` (24, -3, 1/3 ...). Anything else is refused with an `InputError`
whose one-line message says why, so the command line and the widgets can show it as it is.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Iterable

Hand = tuple[int, ...]

MAX_DIGITS = 100


class InputError(ValueError):
    """A hand, a target or an option that t24 cannot work with; the message says why."""


class SearchTooLarge(InputError):
    """A method would take unreasonably long on this hand; the message names a better choice."""


def as_hand(numbers: Iterable) -> Hand:
    """Check and return the numbers as a tuple of ints."""
    if isinstance(numbers, (str, bytes)):
        numbers = numbers.replace(",", " ").split()
    try:
        items = list(numbers)
    except TypeError:
        raise InputError(f"expected a list of whole numbers, got {numbers!r}") from None
    if not items:
        raise InputError("no numbers given: deal at least one card, e.g. 3 3 8 8")
    hand = []
    for item in items:
        hand.append(_as_int(item))
    return tuple(hand)


def _as_int(item) -> int:
    if isinstance(item, bool):
        raise InputError(f"{item!r} is not a whole number")
    if isinstance(item, int):
        number = item
    elif isinstance(item, Fraction) and item.denominator == 1:
        number = int(item)
    elif isinstance(item, str):
        text = item.strip().replace("\u2212", "-")
        if len(text) > MAX_DIGITS + 1:
            raise InputError(f"number too long: at most {MAX_DIGITS} digits")
        try:
            number = int(text)
        except ValueError:
            raise InputError(f"{item!r} is not a whole number (cards are integers like 3 or 12)") from None
    else:
        raise InputError(f"{item!r} is not a whole number (cards are integers like 3 or 12)")
    if len(str(abs(number))) > MAX_DIGITS:
        raise InputError(f"number too long: at most {MAX_DIGITS} digits")
    return number


def as_target(target) -> Fraction:
    """Check and return the target as an exact Fraction: 24, -3, '1/3', Fraction(7, 2)."""
    if isinstance(target, bool):
        raise InputError(f"target {target!r} is not a number")
    if isinstance(target, (int, Fraction)):
        value = Fraction(target)
    elif isinstance(target, str):
        text = target.strip().replace("\u2212", "-").replace(" ", "")
        if not text or len(text) > 2 * MAX_DIGITS + 1 or not _looks_rational(text):
            raise InputError(f"target {target!r} is not a number: use an integer or a fraction like 1/3")
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise InputError(f"target {target!r} is not a number: use an integer or a fraction like 1/3") from None
    elif isinstance(target, float):
        raise InputError(f"target {target!r} is a float; give it exactly, as an integer or a fraction like 1/3")
    else:
        raise InputError(f"target {target!r} is not a number: use an integer or a fraction like 1/3")
    return value


def _looks_rational(text: str) -> bool:
    head, _, tail = text.partition("/")
    head = head[1:] if head[:1] in "+-" else head
    return head.isdigit() and head.isascii() and (not tail or (tail.isdigit() and tail.isascii()))


def permutations(hand: Hand) -> list[Hand]:
    """Orderings of the hand without repeats: `1 5 5 5` has 4, not 24."""
    return list(dict.fromkeys(itertools.permutations(hand)))


def check_size(method: str, work: int, limit: int, hand: Hand) -> None:
    """Refuse a search whose candidate count is past the method's limit."""
    if work > limit:
        raise SearchTooLarge(
            f"the {method} method would try {work:,} candidates for {len(hand)} numbers "
            f"(limit {limit:,}); use method='fast' for hands this large"
        )
