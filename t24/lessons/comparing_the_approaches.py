"""Lesson comparing the approaches' check: the orderings of a hand counted by a formula."""

from collections import Counter
from collections.abc import Callable
from functools import wraps
from math import factorial

from ..methods.sizes import ordering_count
from ..notebook.checks import Shortcut, asking, kind, lesson
from ..text import N_
from . import ASK

ASK = ASK | {
    "listing": N_(
        "it counts by listing every ordering; the exercise asks for the formula, n! divided by k! for each card repeated k times."
    ),
    "keep_whole": N_("Does `//` keep it whole?"),
    "divide_k": N_("Does it divide by k! for each card that appears k times?"),
    "n_over_k": N_("Is it n! divided by k! for each card repeated k times?"),
}


@lesson(
    ordering_count,
    [((2, 6, 9, 13),), ((2, 2, 7, 11),), ((5, 5, 9, 9),), ((3, 12, 12, 12),), ((6, 6, 6, 6),)]
    + [((1, 2, 2, 3, 3, 3),), ((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10),)],
    what="`count_orderings`",
    hint=asking(
        ASK,
        keep_whole=lambda got, case, _: kind(got) == "float",
        divide_k=lambda got, case, _: got == factorial(len(case[0])),
        n_over_k=lambda *_: True,
    ),
    answers=[ordering_count],
)
def check_count_orderings(count_orderings: Callable):
    """n! divided by k! for each card repeated k times, a whole number, not a listing."""
    touched = Counter()

    def touch(name: str) -> Callable:  # a formula touches each card a few times, a listing n! times
        def counted(card, *other):
            touched["cards"] += 1
            if touched["cards"] > 2000:
                raise Shortcut(ASK["listing"])
            return getattr(int, name)(card, *other)

        return counted

    names = ("__hash__", "__eq__", "__lt__", "__int__", "__index__")
    card = type("Card", (int,), {name: touch(name) for name in names})

    @wraps(count_orderings)
    def attempt(hand: tuple):
        touched.clear()
        return count_orderings(tuple(map(card, hand)))

    return attempt
