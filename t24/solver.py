"""One entry point for every method: `solve(hand, target, method)` and `can_make(hand, target)`.

Each method lives in its own module under `t24.methods`; this one checks the input once,
dispatches to the method of that name, and (with `distinct=True`) keeps one readable
representative per answer (see `t24.distinct`), so the methods can be compared answer for answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .distinct import distinct as distinct_answers
from .expr import Expr
from .hand import InputError, as_hand, as_target
from .methods import METHODS, TABLE, fast


def as_method(method) -> str:
    """Check a method's name: one of `t24.METHODS`."""
    if not isinstance(method, str) or method not in TABLE:
        raise InputError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    return method


def solve(
    numbers: Sequence[int], target=24, method: str = "recursive", first: bool = False, distinct: bool = False
) -> list[Expr]:
    """The expression trees (no two alike) that make `target` from exactly these numbers.

    `first=True` stops at the first answer; `distinct=True` keeps one readable representative
    per distinct answer, the same list whatever the method (`fast` always gives that list).
    """
    hand, target, method = as_hand(numbers), as_target(target), as_method(method)
    # A hand is a multiset: sorting it makes the answers and their order independent of how
    # the cards were dealt.
    found = TABLE[method].solve(tuple(sorted(hand)), target, first=first)
    return distinct_answers(found) if distinct and method != "fast" else found


def count_candidates(numbers: Sequence[int], method: str) -> int | None:
    """How big a method's search is for this hand (None for fast), computed without searching."""
    size = TABLE[as_method(method)].size
    return None if size is None else size(as_hand(numbers))


def can_make(numbers: Sequence[int], target=24) -> bool:
    """Whether `target` can be made from exactly these numbers with + - * / and brackets."""
    return fast.can_make(numbers, target)
