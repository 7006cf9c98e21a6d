"""The practice game: the loop that closes "24点解法" (deal, answer, h for a hint, s, q), for a class.

`Game` holds the deal, the rounds and the score with no input or output, so the terminal loop
(`play`, run by `t24 play`) and the notebook widget share it. Standard library only.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from .. import solver
from ..check import Verdict, check_answer
from ..expr import Expr
from ..hand import Hand, InputError, as_hand, as_target
from ..text import describe, hand_text, plural
from .hints import hint_answer, hint_texts, operand  # noqa: F401
from .rating import COUNT_MAX_CARDS, EFFORT_MAX_COUNT, LEVELS, rate, search_effort  # noqa: F401

SUITS = 4  # copies of each card in the deck, as in a pack of playing cards
MIN_COUNT, MAX_COUNT = 2, 6  # six cards already have thousands of distinct answers to count
MAX_CARD = 10**6
MAX_DEALS, MAX_SECONDS = 1000, 1.5  # tries to deal a solvable hand, and the time they may take
OVER = "(this hand is over: no change to the score)"
KEYS = "h = hint, s = show an answer, q = quit"
NONE_WORDS = {"none", "no", "-", "impossible", "no answer", "no solution", "cannot", "can't"}


def deal(rng: random.Random, low: int = 1, high: int = 13, count: int = 4) -> Hand:
    """Draw `count` cards without replacement from a deck holding four of each card low..high."""
    positions = rng.sample(range(SUITS * (high - low + 1)), count)  # never builds the deck
    return tuple(low + position // SUITS for position in positions)


def deal_solvable(rng: random.Random, low=1, high=13, count=4, target=24) -> Hand:
    """Deal until a hand makes the target; refuse after MAX_DEALS tries or MAX_SECONDS in all.

    A try is not begun when the slowest so far would end past the deadline (six cards near a
    million take about half a second each), so the refusal comes on time.
    """
    target, started, tries, slowest = as_target(target), time.monotonic(), 0, 0.0
    while tries < MAX_DEALS and (tries == 0 or time.monotonic() - started + slowest <= MAX_SECONDS):
        tries, begun = tries + 1, time.monotonic()
        hand = deal(rng, low, high, count)
        if solver.can_make(hand, target):
            return hand
        slowest = max(slowest, time.monotonic() - begun)
    raise InputError(
        f"no hand of {count} cards from {low:,} to {high:,} made {describe(target)} in "
        f"{plural(tries, 'deal')} ({time.monotonic() - started:.1f} s); choose another deck or "
        "target, or allow any hand"
    )


@dataclass
class Round:
    """One dealt hand: solved once when first needed, the hints given, and how it ended."""

    number: int
    hand: Hand
    target: Fraction
    hints_given: int = 0
    outcome: str | None = None  # "right", "shown" or "skipped"

    @cached_property
    def answers(self) -> list[Expr]:
        """Every distinct answer (the fast solver's), or only the first past COUNT_MAX_CARDS."""
        many = len(self.hand) > COUNT_MAX_CARDS
        return solver.solve(self.hand, self.target, method="fast", first=many)

    @cached_property
    def answer(self) -> Expr | None:
        """The answer the hints lead to and `show` shows: the friendliest steps (or None)."""
        if not self.answers:
            return None
        four = len(self.hand) <= EFFORT_MAX_COUNT
        trees = solver.solve(self.hand, self.target, method="recursive") if four else ()
        return hint_answer(self.answers, trees)

    @cached_property
    def rating(self):
        """How hard the hand is, and why (`rating.Difficulty`)."""
        return rate(self.hand, self.target, self.answers)

    @property
    def hints(self) -> list[str]:
        """Every hint this hand has, in order (for a hand with no answer, one that is not "none")."""
        if self.answer is None:
            why = "find the largest number these cards can make, and ask what the last step would need"
            return [f"hint 1 of 1: {why}"]
        return hint_texts(self.answer, self.target)

    @property
    def hand_text(self) -> str:
        return hand_text(self.hand)

    @property
    def how_many(self) -> str:
        """How many distinct answers the shown one is among."""
        count = self.rating.answers
        if count == 1:
            return "the only answer"
        return "answers not counted" if count is None else f"{count:,} distinct answers in all"


@dataclass
class Score:
    """Hands answered right, shown, skipped; wrong tries and hints along the way."""

    right: int = 0
    shown: int = 0
    skipped: int = 0
    wrong: int = 0
    hints: int = 0

    @property
    def hands(self) -> int:
        return self.right + self.shown + self.skipped

    def __str__(self) -> str:
        wrong = plural(self.wrong, "wrong try", "wrong tries")
        return (
            f"{self.right} right out of {plural(self.hands, 'hand')} ({self.shown} shown, "
            f"{self.skipped} skipped); {wrong}, {plural(self.hints, 'hint')}"
        )


class Game:
    """A game: the deck, the seeded dealer, the current round, the score. No input or output.

    `hands` are dealt first, as given; then the seeded dealer takes over. With `deal=False` no
    hand is dealt yet (call `next_hand`), so a display can show the dealer's refusal.
    """

    def __init__(
        self,
        target=24,
        low: int = 1,
        high: int = 13,
        count: int = 4,
        seed=None,
        any_hand: bool = False,
        hands: Iterable[Sequence[int]] = (),
        deal: bool = True,
    ):
        for name, value in (("low", low), ("high", high), ("count", count)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(f"{name} must be a whole number, not {value!r}")
        if isinstance(seed, bool) or not isinstance(seed, (int, str, type(None))):
            raise InputError(f"the seed must be a whole number or text, not {type(seed).__name__}")
        if low > high:
            raise InputError(f"the lowest card ({low}) is above the highest ({high})")
        if max(abs(low), abs(high)) > MAX_CARD:
            raise InputError(f"cards go up to {MAX_CARD:,} in size")
        if count > SUITS * (high - low + 1):
            raise InputError(
                f"a deck of cards {low} to {high} holds only {SUITS * (high - low + 1)} cards"
            )
        self.chosen = [as_hand(hand) for hand in hands]
        for size in (count, *map(len, self.chosen)):
            if not MIN_COUNT <= size <= MAX_COUNT:
                raise InputError(f"deal {MIN_COUNT} to {MAX_COUNT} cards, not {size}")
        self.target = as_target(target)
        self.low, self.high, self.count, self.any_hand = low, high, count, any_hand
        solvable = all(solver.can_make(hand, self.target) for hand in self.chosen)
        self.none_possible = any_hand or not solvable
        self.rng, self.score, self.rounds = random.Random(seed), Score(), []
        if deal:
            self.next_hand()

    @property
    def round(self) -> Round:
        return self.rounds[-1]

    @property
    def rules(self) -> str:
        """The line that opens a game; it offers "none" only when unsolvable hands can be dealt."""
        none = "; if a hand cannot be done, answer none" if self.none_possible else ""
        target = describe(self.target)
        return f"Make {target} from the cards with + - * / and brackets, each card once{none}."

    def next_hand(self) -> Round:
        """Deal the next hand; an unfinished hand counts as skipped (not if the dealer refuses)."""
        if self.chosen:
            hand = self.chosen.pop(0)
        elif self.any_hand:
            hand = deal(self.rng, self.low, self.high, self.count)
        else:
            hand = deal_solvable(self.rng, self.low, self.high, self.count, self.target)
        if self.rounds and self.round.outcome is None:
            self.round.outcome = "skipped"
            self.score.skipped += 1
        self.rounds.append(Round(len(self.rounds) + 1, hand, self.target))
        return self.round

    def answer(self, text: str) -> Verdict:
        """Check a typed answer (an expression, or "none"); score it if the hand is still open.

        The message starts "right: " or "wrong: " for a try; text that cannot be read is no try.
        """
        current, target = self.round, describe(self.target)
        if not isinstance(text, str) or not text.strip():
            return Verdict(
                False, f"type an expression that makes {target} from {current.hand_text}"
            )
        if " ".join(text.lower().split()).rstrip(".!") in NONE_WORDS:
            if current.answers:
                verdict = Verdict(False, f"{current.hand_text} can make {target}; keep trying")
            else:
                verdict = Verdict(True, f"{current.hand_text} cannot make {target}")
        else:
            verdict = check_answer(current.hand, text, self.target)
            if verdict.expr is None:
                return verdict
        message = f"{'right' if verdict.ok else 'wrong'}: {verdict.message}"
        if current.outcome is not None:
            return replace(
                verdict, message=f"{message} (this hand is over: no change to the score)"
            )
        if verdict.ok:
            current.outcome = "right"
            self.score.right += 1
        else:
            self.score.wrong += 1
        return replace(verdict, message=message)

    def hint(self) -> str:
        """The next hint for this hand; they stop while more than the last step is left."""
        current = self.round
        hints = current.hints
        if current.hints_given >= len(hints):
            last = hints[-1].split(": ", 1)[1]
            return f"no more hints: the rest is yours (s shows an answer); the last hint was {last}"
        current.hints_given += 1
        self.score.hints += current.outcome is None
        return hints[current.hints_given - 1]

    def show(self) -> str:
        """One answer (or that there is none); the hand ends without a point."""
        current, target = self.round, describe(self.target)
        if current.outcome is None:
            current.outcome = "shown"
            self.score.shown += 1
        if current.answer is None:
            return f"no answer: {current.hand_text} cannot make {target}"
        return f"an answer: {current.answer} = {target} ({current.how_many})"


def play(lines: Iterable[str], out, game: Game, rounds=None) -> Score:
    """Play at a terminal: read `lines` (answers, h, s, q), write to `out`, return the score."""
    out(game.rules)
    out(KEYS)
    current = game.round
    out(f"hand {current.number}: make {describe(game.target)} from {current.hand_text}")
    for line in lines:
        text = line.strip()
        if text.lower() == "q":
            out("quit")
            break
        finished = text.lower() == "s"
        if text.lower() == "h":
            out(game.hint())
        elif finished:
            out(game.show())
        elif not text:
            out("type an answer, or " + KEYS)
        else:
            reply = game.answer(text)
            out(reply.message)
            finished = reply.ok
        if finished:
            out(f"difficulty: {game.round.rating}")
            out(f"score: {game.score}")
            if rounds is not None and game.score.hands >= rounds:
                out(f"played {plural(rounds, 'hand')}")
                break
            current = game.next_hand()
            out(f"hand {current.number}: make {describe(game.target)} from {current.hand_text}")
    else:
        out("end of input")
    out(f"final score: {game.score}")
    return game.score


def terminal_lines(prompt: str = "> "):
    """Lines typed at the terminal, until end of input (Ctrl-D); Ctrl-C raises KeyboardInterrupt."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  (arrow keys and history for input(), where available)
        except ImportError:
            pass
    else:
        prompt = ""  # piped input: no prompts in the output
    while True:
        try:
            yield input(prompt)
        except EOFError:
            if prompt:
                print()
            return
