"""Lesson pattern strings' checks: the pattern search, and the texts that divide by zero."""

import ast
import itertools
import re
from collections.abc import Callable, Iterator
from functools import partial

from ..hand import orderings
from ..methods import patterns
from ..notebook.checks import asking, lesson, written
from ..parse import parse
from ..text import N_
from ..trace import scan
from . import ASK, known, searching

ASK = ASK | {
    "zero_or_none": N_(
        "Does it count the texts that divide by zero (`None`), not those whose value is 0?"
    ),
    "not_value": N_(
        "Does it count the texts that divide by zero (`None`), not those whose value is 0? `not value` is true for both."
    ),
}


@searching(patterns.search, parse, lambda text: re.sub(r"\d+", "n", re.sub(r"[-+*/]", "o", text)))
def check_patterns(search: Callable):
    """The pattern search, on a few hands and targets."""


def texts(hand: tuple) -> Iterator[str]:
    """Every text the pattern method fills in for a hand, in its loops' order."""
    for pattern in patterns.PATTERNS:
        for numbers in orderings(hand):
            for ops in itertools.product(patterns.OPERATORS, repeat=3):
                yield patterns.fill(pattern, numbers, ops)


def zero_divisions(hand: tuple, value=None) -> int:
    """How many of the hand's texts have the value `value` (None: they divide by zero)."""
    return sum(patterns.evaluate(text) == value for text in texts(hand))


def counts_zero(got, case: tuple, _=None) -> bool:
    """Whether `got` counts the texts whose value is 0, instead of or beside those dividing by 0."""
    zeros = zero_divisions(*case, 0)
    return got in (zeros, zeros + known(zero_divisions, *case))


@lesson(
    partial(known, zero_divisions),
    [((2, 2, 9, 9),), ((1, 1, 1, 1),)],
    what="`count_zero_divisions`",
    answers=[scan],
)
def check_count_zero_divisions(count_zero_divisions: Callable):
    """Ex 3: how many of a hand's filled texts divide by zero."""
    key = "not_value" if written(count_zero_divisions, ast.Not) else "zero_or_none"
    return count_zero_divisions, asking(ASK, **{key: counts_zero})
