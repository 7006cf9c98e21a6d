"""One entry point for every method: checks the input, refuses a search too large before any work
(`SearchTooLarge`, naming a method that copes), and runs the method of that name.

    >>> [str(e) for e in solve([4, 7, 8, 8], distinct=True)]
    ['8 * 7 - 8 * 4', '(7 - 8 / 8) * 4', '8 * (7 + 4 - 8)']
    >>> can_make([1, 1, 1, 1])
    False
"""

from collections.abc import Sequence

from .distinct import distinct as distinct_answers
from .expr import Expr
from .hand import MAX_NUMBERS, NUMBERS, Hand, InputError, SearchTooLarge, as_hand, as_target
from .methods import METHODS, TABLE, fast
from .text import _, shown


def as_method(method) -> str:
    """Check a method's name: one of `t24.METHODS`."""
    if not isinstance(method, str) or method not in TABLE:
        refusal = _("unknown method {method}; choose one of {methods}")
        raise InputError(refusal.format(method=shown(method), methods=", ".join(METHODS)))
    return method


def check_size(method: str, hand: Hand, first: bool = False) -> None:
    """Refuse a hand past the method's limit, naming the first method that copes."""
    if len(hand) > MAX_NUMBERS:
        raise SearchTooLarge("numbers", None, len(hand), MAX_NUMBERS, len(hand), NUMBERS)
    record = TABLE[method]
    if not record.fits(hand, first):
        instead = next((m for m in record.instead if TABLE[m].fits(hand, first)), None)
        size = record.search_size(hand, first)
        raise SearchTooLarge("search", method, size, record.limit, len(hand), record.unit, instead)


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
    hand = tuple(sorted(as_hand(numbers)))
    target = as_target(target)
    check_size(as_method(method), hand, first)
    found = TABLE[method].solve(hand, target, first=first)
    if distinct and method != "fast":
        return distinct_answers(found)
    return found


def can_make(numbers: Sequence[int], target=24) -> bool:
    """Whether `target` can be made from exactly these numbers with + - * / and brackets."""
    hand = tuple(sorted(as_hand(numbers)))
    check_size("fast", hand, first=True)
    return fast.can_make(hand, as_target(target))
