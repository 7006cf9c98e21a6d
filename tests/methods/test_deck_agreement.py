"""Every hand of the deck (four cards from 1 to 13): every method agrees, exactly. The as-written
loops sweep every 40th, 8th and 2nd hand (each about as long as an optimised method's whole
sweep), and the whole deck with T24_FULL_DECK=1; every other method sweeps every hand."""

import os
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

import pytest

import t24

pytestmark = pytest.mark.slow

DECK = list(combinations_with_replacement(range(1, 14), 4))
FULL = os.environ.get("T24_FULL_DECK") == "1"
STRIDE = {"patterns": 40, "postfix": 8, "recursive": 2}


@cache
def reference(hand):
    return t24.solve(hand, method="fast")


def hands(method):
    return DECK[:: 1 if FULL else STRIDE.get(method, 1)]


def test_the_deck_has_1362_solvable_hands():
    assert sum(bool(reference(hand)) for hand in DECK) == 1362
    assert sum(t24.can_make(hand) for hand in DECK) == 1362


@pytest.mark.parametrize("method", t24.METHODS)
def test_every_method_gives_fast_s_distinct_answers(method):
    for hand in hands(method):
        trees = t24.solve(hand, method=method)
        for expr in trees:
            assert expr.value == 24 and Counter(expr.leaves()) == Counter(hand), (hand, str(expr))
        assert t24.distinct.distinct(trees) == reference(hand), hand
        if method in ("patterns", "postfix"):  # their compiled variant's trees, in order
            assert trees == t24.solve(hand, method=f"{method}-compiled"), hand
