"""Lesson search trees' checks: the different states of a search, counted from `trace`."""

from collections.abc import Callable
from functools import partial

from ..notebook.checks import asking, lesson
from ..text import N_
from ..trace import trace
from . import ASK, known

ASK = ASK | {
    "all_states": N_("Are equal states counted once?"),
    "depths": N_("A hand of {n} cards has {n} depths: does your list give one number per depth?"),
}


def per_depth(hand: tuple, distinct: bool = True) -> list:
    """The states of the search of `hand` at each depth (the different ones, if `distinct`)."""
    keys = [(state.depth, state.key) for state in trace(hand).states]
    keys = set(keys) if distinct else keys
    return [sum(depth == d for depth, _key in keys) for d in range(len(hand))]


@lesson(
    per_depth,
    [((2, 3, 4),), ((3, 3, 8, 8),)],
    what=N_("list"),
    ordered=True,
    hint=asking(
        ASK,
        depths=lambda x, case, got: len(got) != len(case[0]) and {"n": len(case[0])},
        all_states=lambda x, case, got: got == per_depth(*case, False),
    ),
    answers=[per_depth],
)
def check_distinct_per_depth(distinct_per_depth: Callable):
    """Ex 1: the different states at each depth, depth 0 first."""


@lesson(
    partial(known, lambda hand: trace(hand).distinct_states()),
    [((1, 1, 1, 1),), ((4, 5, 6, 7),), ((3, 3, 8, 8),)],
    what=N_("count"),
    hint=asking(ASK, all_states=lambda value, case, got: value == len(trace(*case).states)),
    answers=[per_depth],  # not the trace's own count, `distinct_states`, which the lesson shows
)
def check_different_states(different_states: Callable):
    """Ex 3: how many different states the search of a hand enters."""
