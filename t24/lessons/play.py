"""Lesson play's check: the cards an answer's numbers leave unused."""

from collections import Counter
from collections.abc import Callable

from ..notebook.checks import asking, lesson
from ..text import N_
from . import ASK

ASK = ASK | {
    "counts": N_("How many times is {card} among the cards, and how many times among the numbers?"),
}


@lesson(
    lambda cards, numbers: list((Counter(cards) - Counter(numbers)).elements()),
    [((3, 3, 8, 8), [3, 8]), ((3, 3, 8, 8), [3, 3, 8]), ((1, 5, 5, 5), [5, 1, 5, 5])]
    + [([3, 8, 8, 8], (3, 3, 8, 8)), ([10, 10, 4, 4], [10, 4]), ((2, 7, 7, 10), [10])],
    what="`unused`",
    hint=asking(
        ASK,
        counts=lambda card, case, got: (
            max(list(numbers).count(card) for numbers in case) > 1 and {"card": card}
        ),
    ),
)
def check_unused(unused: Callable):
    """The cards an answer's numbers leave unused."""
