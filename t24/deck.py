"""The deck: every hand of four cards (1820 for cards 1-13, 715 for 1-10, 495 for 1-9, in the
order of `combinations_with_replacement`), and the figures the notebooks and the README quote."""

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement

from .hand import Hand, as_hand, as_target
from .methods import fast
from .solver import can_make, solve

# The three decks the figures are quoted for: cards 1–9 (the posts), 1–10 and 1–13 (a full suit).
DECKS = {"1-9": (1, 9), "1-10": (1, 10), "1-13": (1, 13)}


def deck(high: int = 13, low: int = 1, size: int = 4) -> list[Hand]:
    """Every hand (multiset) of `size` cards from low..high, each sorted, in a fixed order."""
    return list(combinations_with_replacement(range(low, high + 1), size))


@cache
def _integer_reachable(cards: Hand) -> frozenset[Fraction]:
    return fast.combine(cards, _integer_reachable, whole=True)


def integer_reachable(cards: Iterable[int]) -> frozenset[Fraction]:
    """Every value the cards make with every intermediate value a whole number."""
    return _integer_reachable(tuple(sorted(as_hand(cards))))


def needs_fraction(hand: Sequence[int], target=24) -> bool:
    """Whether the hand makes the target, but only through a value that is not a whole number."""
    target = as_target(target)
    if not can_make(hand, target):
        return False
    return target not in integer_reachable(hand)


def solvable_hands(high: int = 13, low: int = 1, size: int = 4, target=24) -> list[Hand]:
    """The hands of the deck that make the target."""
    return [hand for hand in deck(high, low, size) if can_make(hand, target)]


def solvable_counts(target=24, decks: dict = DECKS) -> dict[str, dict[str, int]]:
    """For cards 1–9, 1–10 and 1–13: how many hands there are and how many make the target."""
    counts = {}
    for name, (low, high) in decks.items():
        hands = deck(high, low)
        solvable = sum(can_make(hand, target) for hand in hands)
        counts[name] = dict(hands=len(hands), solvable=solvable, unsolvable=len(hands) - solvable)
    return counts


def fraction_hands(high: int = 13, low: int = 1, target=24) -> list[Hand]:
    """The hands of the deck that make the target only through a fraction, e.g. 3 3 8 8."""
    return [hand for hand in deck(high, low) if needs_fraction(hand, target)]


def distinct_counts(high: int = 13, low: int = 1, target=24) -> dict[Hand, int]:
    """How many distinct answers each hand of the deck has (0 for unsolvable hands)."""
    return {hand: len(solve(hand, target, method="fast")) for hand in deck(high, low)}


def target_counts(targets: Iterable = range(1, 101), high: int = 13, low: int = 1) -> dict:
    """For each target, how many hands of the deck make it (each hand's value set built once)."""
    counts = dict.fromkeys(targets, 0)
    exact = {target: as_target(target) for target in counts}
    for hand in deck(high, low):  # the parts' sets are remembered, not the 1,820 whole ones
        values = fast.combine(hand, fast.reachable)
        for target, value in exact.items():
            counts[target] += value in values
    return counts
