"""One entry point for every method: `solve(hand, target, method)` and `can_make(hand, target)`.

Each method lives in its own module under `t24.methods`; this one checks the input once, sorts
the hand, checks the search's size against the method's record and refuses at once
(`SearchTooLarge`) before any work, then runs the method of that name. With `distinct=True` it
keeps one readable representative per answer (see `t24.distinct`), so the methods can be
compared answer for answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .distinct import distinct as distinct_answers
from .expr import Expr
from .hand import Hand, InputError, SearchTooLarge, as_hand, as_target
from .methods import METHODS, TABLE, fast
from .text import shown, too_large


def as_method(method) -> str:
    """Check a method's name: one of `t24.METHODS`."""
    if not isinstance(method, str) or method not in TABLE:
        raise InputError(f"unknown method {shown(method)}; choose one of {', '.join(METHODS)}")
    return method


def check_size(method: str, hand: Hand, first: bool = False) -> int:
    """The method's size for this hand; past its limit, refuse naming the first method that copes.

    `first`: the size of looking for one answer (or a yes/no), where a method knows it is less.
    """
    record = TABLE[method]
    size = (first and record.first_size or record.size)(hand)
    if size > record.limit:
        copes = (m for m in record.instead if check_fits(m, hand, first))
        instead = next(copes, None)
        words = (method, size, record.unit, len(hand), record.limit, instead)
        error = SearchTooLarge(too_large(*words, option=False))
        error.option_text = too_large(*words, option=True)  # the same, in command-line words
        raise error
    return size


def check_fits(method: str, hand: Hand, first: bool = False) -> bool:
    """Whether the method takes this hand on (in first-answer mode when `first`)."""
    record = TABLE[method]
    return (first and record.first_size or record.size)(hand) <= record.limit


def solve(
    numbers: Sequence[int],
    target=24,
    method: str = "recursive",
    first: bool = False,
    distinct: bool = False,
) -> list[Expr]:
    """The expression trees (no two alike) that make `target` from exactly these numbers.

    `first=True` stops at the first answer; `distinct=True` keeps one readable representative
    per distinct answer, the same list whatever the method (`fast` always gives that list).
    """
    # A hand is a multiset: sorting it makes the answers independent of how the cards were dealt.
    hand, target, method = tuple(sorted(as_hand(numbers))), as_target(target), as_method(method)
    check_size(method, hand, first)
    found = TABLE[method].solve(hand, target, first=first)
    return distinct_answers(found) if distinct and method != "fast" else found


def can_make(numbers: Sequence[int], target=24) -> bool:
    """Whether `target` can be made from exactly these numbers with + - * / and brackets."""
    hand, target = tuple(sorted(as_hand(numbers))), as_target(target)
    check_size("fast", hand, first=True)
    return fast.can_make(hand, target)
