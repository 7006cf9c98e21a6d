"""One entry point for every method: checks the input, refuses a search too large before any work
(`SearchTooLarge`, naming a method that copes), and runs the method of that name."""

from collections.abc import Sequence

from .distinct import distinct as distinct_answers
from .expr import Expr
from .hand import MAX_NUMBERS, Hand, InputError, SearchTooLarge, as_hand, as_target
from .methods import METHODS, TABLE, fast
from .text import amount, plural, shown


def as_method(method) -> str:
    """Check a method's name: one of `t24.METHODS`."""
    if not isinstance(method, str) or method not in TABLE:
        raise InputError(f"unknown method {shown(method)}; choose one of {', '.join(METHODS)}")
    return method


def check_fits(method: str, hand: Hand, first: bool = False) -> bool:
    """Whether the method takes this hand on (`first`: to find one answer, which may cost less)."""
    record = TABLE[method]
    return (first and record.first_size or record.size)(hand) <= record.limit


def check_size(method: str, hand: Hand, first: bool = False) -> None:
    """Refuse a hand past the method's limit, naming the first method that copes (the command
    line rewrites `method='x'` as `--method x`)."""
    if len(hand) > MAX_NUMBERS:
        raise SearchTooLarge(f"a search takes 1 to {MAX_NUMBERS} numbers, not {len(hand)}")
    record = TABLE[method]
    size = (first and record.first_size or record.size)(hand)
    if size > record.limit:
        instead = next((m for m in record.instead if check_fits(m, hand, first)), None)
        cope = f"use method={instead!r} for hands" if instead else "no method takes a hand"
        size_words = plural(size, "{n} " + record.unit[:-1], "{n} " + record.unit)
        tries = f"{size_words} for {plural(len(hand), '{n} number', '{n} numbers')}"
        raise SearchTooLarge(
            f"method={method!r} would try {tries} (at most {amount(record.limit)}); {cope} this large"
        )


def solve(
    numbers: Sequence[int],
    target=24,
    method: str = "recursive",
    first: bool = False,
    distinct: bool = False,
) -> list[Expr]:
    """The trees (no two alike) that make `target` from exactly these numbers; `first`: stop at
    one; `distinct`: one readable representative per distinct answer (what `fast` always gives)."""
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
