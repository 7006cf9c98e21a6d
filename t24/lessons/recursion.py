"""Lesson recursion's check: `product`, a function that calls itself."""

import inspect
from collections.abc import Callable
from functools import partial, wraps
from math import prod

from ..notebook.checks import asking, handed_out, lesson, refuse
from ..text import N_
from . import ASK

ASK = ASK | {
    "zero": N_("What does the case that stops the calls give? A product with 0 is 0."),
    "adds": N_("It adds the cards; a product multiplies them."),
    "left_out": N_(
        "Is a card left out? Does each call take off one card, and what does the case that stops the calls give?"
    ),
    "times_rest": N_("Is it the first card times the product of the rest?"),
    "no_call": N_(
        "it never calls `product`; write it as the first card times the product of the rest."
    ),
}


@lesson(
    prod,
    [([5],), ([4, 6],), ([3, 3, 8, 8],), ([2, 3, 4],), ([7, 0, 9],), ([1, 13, 1, 2],)],
    what=N_("product"),
    hint=asking(
        ASK,
        zero=lambda got, case, _: got == 0,
        adds=lambda got, case, _: got == sum(case[0]),
        left_out=lambda got, case, _: prod(case[0]) % got == 0 and prod(case[0]) // got in case[0],
        times_rest=lambda *_: True,
    ),
)
def check_product(product: Callable):
    """Warm-up: the product of a list of cards, by a function that calls itself."""

    code = [getattr(inspect.unwrap(product), "__code__", None)]
    if code[0] and handed_out(code[0], 0):
        return product  # the stub: it says so when it runs
    for step in code:  # its code and the functions defined inside it: does one call it?
        if step and product.__name__ in {*step.co_names, *step.co_freevars}:
            return product
        code += [c for c in getattr(step, "co_consts", ()) if inspect.iscode(c)]
    return wraps(product)(partial(refuse, ASK["no_call"], {}))  # a shortcut
