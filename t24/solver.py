"""One entry point for every method: `solve(hand, target, method)` and `can_make(hand, target)`.

Each approach lives in its own module; this one checks the input once, dispatches, and (with
`distinct=True`) keeps one readable representative per answer (see `t24.distinct`), so the
methods can be compared answer for answer.
"""

from __future__ import annotations

from typing import Sequence

from . import fast, patterns, postfix, recursive
from .distinct import distinct as distinct_answers
from .expr import Expr
from .hand import InputError, as_hand, as_target

METHODS = ("patterns", "postfix", "recursive", "fast")
_SOLVERS = {
    "patterns": patterns.solve,
    "postfix": postfix.solve,
    "recursive": recursive.solve,
    "fast": fast.solve,  # always distinct: it builds one tree per answer
}


def solve(
    numbers: Sequence[int], target=24, method: str = "recursive", first: bool = False, distinct: bool = False
) -> list[Expr]:
    """The expression trees (no two alike) that make `target` from exactly these numbers.

    `first=True` stops at the first answer; `distinct=True` keeps one readable representative
    per distinct answer, the same list whatever the method.
    """
    hand, target = as_hand(numbers), as_target(target)
    if method not in _SOLVERS:
        raise InputError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    # A hand is a multiset: sorting it makes the answers and their order independent of how
    # the cards were dealt.
    found = _SOLVERS[method](tuple(sorted(hand)), target, first=first)
    return distinct_answers(found) if distinct and method != "fast" else found


def count_candidates(numbers: Sequence[int], method: str) -> int | None:
    """How many candidates a brute-force method's search space holds for this hand (None for fast)."""
    hand = as_hand(numbers)
    if method == "patterns":
        return patterns.count_candidates(hand)
    if method == "postfix":
        return postfix.count_candidates(hand)
    if method == "recursive":
        return recursive.final_numbers(len(hand))
    return None


def can_make(numbers: Sequence[int], target=24) -> bool:
    """Whether `target` can be made from exactly these numbers with + - * / and brackets."""
    return fast.can_make(numbers, target)
