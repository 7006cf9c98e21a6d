"""The deck and its counts, checked against independent brute force on small decks and samples."""

import random
from math import comb

import pytest

import t24
from t24.deck import (
    deck,
    distinct_counts,
    integer_reachable,
    needs_fraction,
    solvable_counts,
    solvable_hands,
    target_counts,
)

# Hands that make 24 only through a fraction, and hands that never need one.
FRACTION_ONLY = [(3, 3, 8, 8), (1, 5, 5, 5), (1, 4, 5, 6), (2, 2, 11, 11)]
WHOLE = [(4, 5, 6, 7), (10, 10, 4, 4), (1, 1, 1, 1)]


@pytest.mark.parametrize("high, size", [(9, 495), (10, 715), (13, 1820)])
def test_deck_sizes_are_the_quoted_ones_in_a_fixed_order_and_other_sizes_work(high, size):
    hands = deck(high)
    assert len(set(hands)) == len(hands) == comb(high + 3, 4) == size  # multisets of 4 cards
    assert all(list(hand) == sorted(hand) and hand[0] >= 1 and hand[-1] <= high for hand in hands)
    assert hands[:2] == [(1, 1, 1, 1), (1, 1, 1, 2)] and hands == sorted(hands)
    assert deck(3, size=2) == [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)]
    assert len(deck(6, low=2, size=3)) == comb(5 + 2, 3)


def test_integer_reachable_small_cases():
    assert integer_reachable([5]) == {5}
    # 6 and 4: + - (both ways) * and 6/4 is not whole, 4/6 is not either.
    assert integer_reachable([6, 4]) == {10, 2, -2, 24}
    assert integer_reachable([6, 3]) == {9, 3, -3, 18, 2}


def test_needs_fraction_agrees_with_brute_force():
    """Brute force: the hand makes 24, and no tree found has a whole number at every node."""
    for hand in random.Random(4).sample(deck(13), 40) + FRACTION_ONLY + WHOLE:
        trees = t24.solve(hand, method="postfix-compiled")  # every tree, as the post's loops
        whole = any(all(node.value.denominator == 1 for node in tree.nodes()) for tree in trees)
        assert needs_fraction(hand) == (bool(trees) and not whole), hand
    assert all(map(needs_fraction, FRACTION_ONLY)) and not any(map(needs_fraction, WHOLE))
    assert needs_fraction((1, 3), "1/3") and not needs_fraction((1, 3), "2/3")


def test_solvable_hands_and_counts_on_small_decks():
    hands = deck(5)
    brute = [hand for hand in hands if t24.solve(hand, method="recursive", first=True)]
    assert solvable_hands(5) == brute
    counts = solvable_counts(decks={"1-4": (1, 4), "1-5": (1, 5)})
    assert counts["1-5"] == {"hands": 70, "solvable": len(brute), "unsolvable": 70 - len(brute)}
    assert counts["1-4"]["solvable"] == sum(1 for hand in brute if hand[-1] <= 4)


def test_distinct_counts_match_the_recursive_method():
    counts = distinct_counts(4)
    assert set(counts) == set(deck(4))
    for hand, count in counts.items():
        assert count == len(t24.solve(hand, method="recursive", distinct=True)), hand


def test_target_counts_match_can_make():
    counts = target_counts(range(-2, 12), high=3)
    for target, count in counts.items():
        assert count == sum(1 for hand in deck(3) if t24.can_make(hand, target)), target
