"""Dealing a hand: a seeded draw from a deck of four of each card, solvable hands only if asked.

The loop that closes "24点解法" deals four digits; a class wants cards above 9, a chosen deck,
2 to 6 cards, and hands that can be made. Sampling positions in a virtual deck never builds the
deck, so any range is cheap; a dealer that finds no solvable hand gives up within a couple of
seconds with a message that says so, instead of dealing for minutes.
"""

from __future__ import annotations

import random
import time

from ..hand import Hand, InputError, as_target
from ..solver import can_make
from ..text import describe, plural

SUITS = 4  # copies of each card in the deck, as in a pack of playing cards
MIN_COUNT, MAX_COUNT = 2, 6  # six cards already have thousands of distinct answers to count
MAX_CARD = 10**6
MAX_DEALS = 1000  # attempts to deal a solvable hand before saying the deck cannot make the target
MAX_SECONDS = 1.5  # and the time those attempts may take, all together


def deal(rng: random.Random, low: int = 1, high: int = 13, count: int = 4) -> Hand:
    """Draw `count` cards without replacement from a deck holding four of each card low..high."""
    # Sampling positions in a virtual deck never builds the deck itself, so any range is cheap.
    positions = rng.sample(range(SUITS * (high - low + 1)), count)
    return tuple(low + position // SUITS for position in positions)


def deal_solvable(
    rng: random.Random, low: int = 1, high: int = 13, count: int = 4, target=24
) -> Hand:
    """Deal until a hand makes the target; refuse after MAX_DEALS tries or MAX_SECONDS in all.

    A try is not started when the slowest try so far would end past the deadline (six cards
    near a million take about half a second each), so the refusal comes on time.
    """
    target = as_target(target)
    started = time.monotonic()
    tries, slowest = 0, 0.0
    while tries < MAX_DEALS and (tries == 0 or time.monotonic() - started + slowest <= MAX_SECONDS):
        tries += 1
        begun = time.monotonic()
        hand = deal(rng, low, high, count)
        if can_make(hand, target):
            return hand
        slowest = max(slowest, time.monotonic() - begun)
    raise InputError(
        f"no hand of {count} cards from {low:,} to {high:,} made {describe(target)} in {plural(tries, 'deal')} "
        f"({time.monotonic() - started:.1f} s); choose another deck or target, or allow any hand"
    )


def check_deck(low: int, high: int, count: int) -> None:
    """Refuse a deck the game cannot deal from, with a one-line reason."""
    for name, value in (("low", low), ("high", high), ("count", count)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"{name} must be a whole number, not {value!r}")
    if low > high:
        raise InputError(f"the lowest card ({low}) is above the highest ({high})")
    if max(abs(low), abs(high)) > MAX_CARD:
        raise InputError(f"cards go up to {MAX_CARD:,} in size")
    if not MIN_COUNT <= count <= MAX_COUNT:
        raise InputError(f"deal {MIN_COUNT} to {MAX_COUNT} cards, not {count}")
    if count > SUITS * (high - low + 1):
        raise InputError(
            f"a deck of cards {low} to {high} holds only {SUITS * (high - low + 1)} cards"
        )
