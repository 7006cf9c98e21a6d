"""Lesson the whole deck's check: every hand that makes 24, each card as often as t24 gives it."""

from collections.abc import Callable

from .. import deck
from ..notebook.checks import lesson
from ..solver import can_make
from ..text import N_, hand_text
from . import ASK

ASK = ASK | {
    "deck_shortcut": N_("it calls t24's `{name}`; check each hand of `deck.deck(high)` yourself."),
    "solvable": N_("Can {hand} make 24? Ask `t24.can_make({hand_tuple})`."),
    "high": N_("Does your loop reach the card {high}?"),
    "twice": N_("Can a hand hold the same card twice?"),
    "once": N_("Does your loop make each hand in one order only?"),
}


def deck_fault(hand: tuple, case: tuple, got: list) -> tuple | str | None:
    """What a list of hands does wrong, as an ASK entry (and its blanks), or None."""
    high = case[0]
    hand = next((tuple(sorted(h)) for h in got if not can_make(h)), tuple(sorted(hand)))
    if not can_make(hand):
        return ASK["solvable"], {"hand": hand_text(hand), "hand_tuple": hand}
    if [tuple(sorted(h)) for h in got].count(hand) > 1:
        return ASK["once"]
    if high in hand and not any(high in h for h in got):
        return ASK["high"], {"high": high}
    return ASK["twice"] if all(len(set(h)) == len(h) for h in got) else None


@lesson(
    deck.solvable_hands,
    [(6,), (9,)],
    what="`solvable_hands`",
    hint=deck_fault,
    item=lambda hand: tuple(sorted(hand)),
    answers=[deck.solvable_hands],
    why=ASK["deck_shortcut"],
)
def check_solvable_hands(solvable_hands: Callable):
    """Every hand of four cards from 1 to `high` that makes 24 (a list or a tuple)."""
