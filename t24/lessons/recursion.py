"""Lesson recursion's check: `product`, a function that calls itself."""

import inspect
import traceback
from collections.abc import Callable
from functools import partial, wraps
from math import prod

from ..notebook.checks import asking, handed_out, lesson, refuse
from ..text import N_
from . import ASK

ASK = ASK | {
    "zero": N_(
        "What does the case that stops the calls give, and what does each call do with that value?"
    ),
    "adds": N_("It adds the cards; a product multiplies them."),
    "left_out": N_(
        "Is a card left out? Does each call take off one card, and what does the case that stops the calls give?"
    ),
    "times_rest": N_("Is it the first card times the product of the rest?"),
    "no_call": N_(
        "it never calls `product` itself; write it as the first card times the product of the rest."
    ),
    "one_card": N_("a call got one card, not a list: is the rest of the list `cards[1:]`?"),
    "empty": N_("a call got an empty list: what does `product` do when one card is left?"),
    "same_list": N_("does each call get a shorter list?"),
}


def given(error) -> list:
    """The list (or whatever came) each call of the student's function got, deepest last."""
    frames = [frame for frame, _line in traceback.walk_tb(error.__traceback__)]
    return [f.f_locals.get(f.f_code.co_varnames[0]) for f in frames if f.f_code.co_argcount]


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
    advice=asking(
        ASK,
        one_card=lambda error, *_: isinstance(error, TypeError) and type(given(error)[-1]) is int,
        empty=lambda error, *_: isinstance(error, IndexError) and given(error)[-1] == [],
        same_list=lambda error, *_: (
            isinstance(error, RecursionError) and given(error)[-1] == given(error)[-2]
        ),
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
    return wraps(product)(partial(refuse, ASK["no_call"], {"kind": "not_asked"}))  # a shortcut
