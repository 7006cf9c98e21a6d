"""Lesson exact arithmetic's checks: a tree's exact value, and its value in 32-bit floats."""

from collections.abc import Callable
from operator import attrgetter

import numpy as np

from ..expr import OPS, BinOp
from ..methods import postfix
from ..notebook.checks import asking, kind, lesson, safe_equal
from ..parse import parse
from ..text import N_
from . import ASK, swapped

ASK = ASK | {
    "step_by_step": N_("Is every step done in 32-bit floats, not only the end?"),
    "float32": N_("Is every card a 32-bit float before the first step?"),
    "value_shortcut": N_(
        "it lets t24 work out the value (`{name}`); work it out step by step from the tree."
    ),
    "floor": N_("Do you divide with `//`? It rounds down; `/` divides exactly."),
}
CASES = ["8 / (3 - 8 / 3)", "4 / (1 - 5 / 6)", "7 - (6 - 5) / 3", "(5 - 1 / 5) * 5"]
CASES = [(parse(text),) for text in CASES + ["1 / 3 + 1 / 6", "6 / (5 / 4 - 1)", "2 - 9"]]
VALUES = [BinOp.value, postfix.evaluate]  # what works out a tree's value: the tree's own, or t24's


def floored(value, case: tuple, got=None) -> bool:
    """Whether `value` is what the case's tree makes when each ÷ rounds down (`//`)."""
    combine = lambda op, a, b: a // b if op == "/" else OPS[op](a, b)  # noqa: E731
    return safe_equal(value, postfix.evaluate(case[0].postfix(), combine=combine))


@lesson(
    attrgetter("value"),
    CASES,
    what="`exact_value`",
    hint=asking(
        ASK,
        fraction=lambda value, case, got: kind(value) == "float",
        operand=swapped,
        floor=floored,
    ),
    answers=VALUES,
    why=ASK["value_shortcut"],
    given=3,  # the handout gives the card case and the two recursive calls
)
def check_exact_value(exact_value: Callable):
    """Does `exact_value(expr)` give every tree's exact value?"""


@lesson(
    lambda expr: postfix.evaluate(expr.postfix(), np.float32),
    CASES[:5],  # every operator, a product and a sum among them
    what="`float32_value`",
    hint=asking(
        ASK,
        float32=lambda value, case, got: (
            kind(value) in ("float", "numpy") and type(value) is not np.float32
        ),
        step_by_step=lambda value, case, got: safe_equal(value, np.float32(case[0].value)),
        operand=swapped,
    ),
    answers=VALUES,
    why=ASK["value_shortcut"],
)
def check_float32_value(float32_value: Callable):
    """Ex 1: does `float32_value(expr)` compute step by step in 32-bit floats?"""
