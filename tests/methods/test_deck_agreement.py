"""Every hand of the deck (four cards from 1 to 13): every method agrees, exactly.

Marked slow and run by `make test-deck`, which `make test` includes. The as-written pattern
method fills and parses 16,896 texts a hand; it sweeps every fifth hand here (364 hands) and
the whole deck with T24_FULL_DECK=1. Every other method sweeps every hand.
"""

import os
from collections import Counter
from itertools import combinations_with_replacement

import pytest

import t24

pytestmark = pytest.mark.slow

DECK = list(combinations_with_replacement(range(1, 14), 4))
FULL = os.environ.get("T24_FULL_DECK") == "1"


def uses_exactly(expr, hand):
    return Counter(expr.leaves()) == Counter(hand)


def test_whole_deck_every_method_agrees():
    solvable = 0
    for number, hand in enumerate(DECK):
        compiled = t24.solve(hand, method="patterns-compiled")
        fast_answers = t24.solve(hand, method="fast")
        if FULL or number % 5 == 0:
            assert t24.solve(hand, method="patterns") == compiled, hand
        assert t24.solve(hand, method="postfix") == t24.solve(hand, method="postfix-compiled"), hand
        assert set(t24.solve(hand, method="postfix")) == set(compiled), hand
        recursive_trees = t24.solve(hand, method="recursive")
        assert set(recursive_trees) <= set(compiled), hand
        made = bool(compiled)
        assert made == bool(recursive_trees) == bool(fast_answers) == t24.can_make(hand), hand
        for expr in compiled:
            assert expr.value == 24 and uses_exactly(expr, hand), (hand, str(expr))
        assert t24.solve(hand, method="recursive", distinct=True) == fast_answers, hand
        assert t24.solve(hand, method="patterns-compiled", distinct=True) == fast_answers, hand
        solvable += made
    assert solvable == 1362
