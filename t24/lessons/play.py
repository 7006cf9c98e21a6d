"""Lesson play's check: the cards an answer's numbers leave unused."""

from collections import Counter
from collections.abc import Callable

from ..notebook.checks import asking, lesson
from ..text import N_
from . import ASK, loop_return

ASK = ASK | {
    "counts": N_("How many times is {card} among the cards, and how many times among the numbers?"),
}
# TRANSLATORS: a case of `unused`, as in "for cards 3 8 8 8, numbers 3 3 8 8"
CARDS_NUMBERS = N_("cards {first}, numbers {second}")


def counts(card, case: tuple, got=None) -> dict | bool:
    """The card at fault, when the cards or the numbers hold it more than once."""
    return max(list(numbers).count(card) for numbers in case) > 1 and {"card": card}


@lesson(
    lambda cards, numbers: list((Counter(cards) - Counter(numbers)).elements()),
    [((3, 3, 8, 8), [3, 8]), ((3, 3, 8, 8), [3, 3, 8]), ((1, 5, 5, 5), [5, 1, 5, 5])]
    + [([3, 8, 8, 8], (3, 3, 8, 8)), ([10, 10, 4, 4], [10, 4]), ((2, 7, 7, 10), [10])],
    what="`unused`",
    both=CARDS_NUMBERS,
)
def check_unused(unused: Callable):
    """The cards an answer's numbers leave unused."""
    early = loop_return(unused)
    return unused, asking(ASK, early_return=lambda *_: early, counts=counts)
