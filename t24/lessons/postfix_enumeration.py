"""Lesson postfix enumeration's checks: the stack machine, the push/pop recursion, the search."""

from collections.abc import Callable
from itertools import accumulate

from ..expr import OPS
from ..methods import postfix
from ..notebook.checks import asking, kind, lesson
from ..text import N_
from . import ASK, known, searching, swapped

ASK = ASK | {
    "by_zero": N_("What should it give when it divides by zero?"),
    "two_on_stack": N_("Does every operator find two numbers on the stack?"),
    "all_used": N_("Is every number and operator used before an order is kept?"),
    "both_moves": N_("Does it try both moves: push the next number, and pop two when it can?"),
}
SEQUENCES = ["5 7 + 6 4 - *", "7 6 5 - -", "8 3 8 3 / - /", "8 4 2 / /", "4 5 5 - /", "9 2 /"]


@lesson(
    postfix.evaluate,
    [(tuple(int(t) if t.isdigit() else t for t in text.split()),) for text in SEQUENCES],
    what=N_("stack machine"),
    hint=asking(
        ASK,
        fraction=lambda value, case, got: kind(value) == "float",
        by_zero=lambda value, case, got: postfix.evaluate(*case) is None,
        operand=swapped,
    ),
    answers=[postfix.evaluate],
)
def check_evaluate(evaluate: Callable):
    """The stack machine, on a few sequences."""


def tokens(order) -> tuple:
    """A postfix order as a tuple, however it is held."""
    return tuple(order) if isinstance(order, list | tuple) else order


def depth_fault(order, case: tuple, got: list) -> str | None:
    """What a push/pop order not among the right ones does wrong, as an ASK entry, or None."""
    right = known(postfix.stack_orders, *case)
    if order in right:
        return ASK["both_moves"] if got and all(tokens(x) in right for x in got) else None
    if min(accumulate(-1 if token in OPS else 1 for token in order), default=1) < 1:
        return ASK["two_on_stack"]
    return ASK["all_used"] if len(order) < sum(map(len, case)) else None


@lesson(
    postfix.stack_orders,
    [((4, 5, 6, 7), "+-*"), ((1, 2, 3), "*/"), ((1, 2, 3, 4, 5), "+-*/")],
    what=N_("recursion"),
    hint=depth_fault,
    item=tokens,
    given=1,
    answers=[postfix.stack_orders],
)
def check_stack_orders(stack_orders: Callable):
    """The push/pop recursion."""


@searching(
    postfix.search,
    postfix.to_infix,
    lambda order: "".join("o" if token in OPS else "n" for token in order),
    tokens,
)
def check_postfix(search: Callable):
    """The postfix search, on a few hands and targets."""
