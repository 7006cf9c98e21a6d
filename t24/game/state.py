"""The game's state: the dealt rounds, the score and the replies, with no input or output.

Plain objects (`Game`, `Round`, `Reply`, `Score`) that the terminal loop (`t24 play`) and the
notebook widget share, and that tests play with scripted lines. Every typed answer is read by
the safe parser and checked exactly (`t24.check_answer`): the value, and exactly the dealt
numbers, with what is wrong said precisely; "none" is an answer too, and is checked.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..check import check_answer
from ..expr import Expr
from ..hand import Hand, InputError, as_hand, as_target
from ..solver import solve
from ..text import describe, hand_text, plural
from .deal import MAX_COUNT, MIN_COUNT, check_deck, deal, deal_solvable
from .difficulty import Difficulty, difficulty
from .hints import Step, answer_steps, hint_answer, hint_texts

# What a player may type to say "this hand cannot make the target".
NO_ANSWER_WORDS = frozenset({
    "none", "no", "-", "impossible", "no answer", "no solution", "cannot", "can't", "nothing", "n/a",
})


def is_no_answer(text: str) -> bool:
    """Whether the text says "there is no answer" (none, no, -, impossible ...)."""
    words = " ".join(text.lower().split()).rstrip(".!")
    return words in NO_ANSWER_WORDS


@dataclass
class Round:
    """One dealt hand: its answers (found when first needed), hints given, and how it ended."""

    number: int
    hand: Hand
    target: Fraction
    hints_given: int = 0
    wrong: int = 0
    outcome: str | None = None  # "right", "shown" or "skipped"
    _answers: list | None = field(default=None, repr=False)
    _difficulty: Difficulty | None = field(default=None, repr=False)
    _answer: Expr | None = field(default=None, repr=False)

    @property
    def answers(self) -> list[Expr]:
        """Every distinct answer (the fast solver's list)."""
        if self._answers is None:
            self._answers = solve(self.hand, self.target, method="fast")
        return self._answers

    @property
    def solvable(self) -> bool:
        return bool(self.answers)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def hints(self) -> list[str]:
        """Every hint this hand has, in order (for a hand with no answer, one that says so)."""
        if not self.answers:
            return [f"hint 1 of 1: {self.hand_text} cannot make {describe(self.target)}; answer 'none'"]
        return hint_texts(self.answer, self.target)

    @property
    def answer(self) -> Expr | None:
        """The one answer the hints lead to and `show` shows (None if there is none)."""
        if not self.answers:
            return None
        if self._answer is None:
            self._answer = hint_answer(self.hand, self.target, self.answers)
        return self._answer

    @property
    def steps(self) -> list[Step]:
        """The steps of the answer the hints follow."""
        return answer_steps(self.answer) if self.answers else []

    @property
    def difficulty(self) -> Difficulty:
        if self._difficulty is None:
            self._difficulty = difficulty(self.hand, self.target)
        return self._difficulty

    @property
    def hand_text(self) -> str:
        """The hand as people write it: 3 3 8 8."""
        return hand_text(self.hand)


@dataclass(frozen=True)
class Reply:
    """The game's answer to a typed line: `kind` is right, wrong, unreadable or empty."""

    kind: str
    message: str
    expr: Expr | None = None
    value: Fraction | None = None
    scored: bool = False  # whether this reply changed the score

    @property
    def ok(self) -> bool:
        return self.kind == "right"


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
        """Hands finished, however they ended."""
        return self.right + self.shown + self.skipped

    def __str__(self) -> str:
        extras = [f"{self.shown} shown", f"{self.skipped} skipped"]
        tries = f"{plural(self.wrong, 'wrong try', 'wrong tries')}, {plural(self.hints, 'hint')}"
        return f"{self.right} right out of {plural(self.hands, 'hand')} ({', '.join(extras)}); {tries}"


class Game:
    """A game: the deck, the seeded dealer, the current round, the score. No input or output.

    `hands` are dealt first, as given (a teacher's chosen hands); then the seeded dealer takes over.
    With `deal=False` the options are checked but no hand is dealt yet (call `next_hand`), so a
    display can show the dealer's refusal instead of failing to start.
    """

    def __init__(
        self, target=24, low: int = 1, high: int = 13, count: int = 4, seed=None, any_hand: bool = False,
        hands: Iterable[Sequence[int]] = (), deal: bool = True,
    ):
        check_deck(low, high, count)
        self.target = as_target(target)
        self.low, self.high, self.count = low, high, count
        self.any_hand = any_hand
        self.chosen = [as_hand(hand) for hand in hands]
        for hand in self.chosen:
            if not MIN_COUNT <= len(hand) <= MAX_COUNT:
                raise InputError(f"deal {MIN_COUNT} to {MAX_COUNT} cards, not {len(hand)} ({hand_text(hand)})")
        self.rng = random.Random(seed)
        self.score = Score()
        self.rounds: list[Round] = []
        if deal:
            self.next_hand()

    @property
    def round(self) -> Round:
        """The hand in play."""
        return self.rounds[-1]

    @property
    def target_text(self) -> str:
        return describe(self.target)

    def next_hand(self) -> Round:
        """Deal the next hand; an unfinished hand counts as skipped.

        If the dealer refuses (`t24.InputError`: no solvable hand found in time), the hand in
        play stays in play and the score is unchanged.
        """
        if self.chosen:
            hand = self.chosen[0]
        elif self.any_hand:
            hand = deal(self.rng, self.low, self.high, self.count)
        else:
            hand = deal_solvable(self.rng, self.low, self.high, self.count, self.target)
        if self.chosen:
            self.chosen.pop(0)
        if self.rounds and not self.round.finished:
            self.round.outcome = "skipped"
            self.score.skipped += 1
        self.rounds.append(Round(len(self.rounds) + 1, hand, self.target))
        return self.round

    def answer(self, text: str) -> Reply:
        """Check a typed answer (an expression, or "none"); score it if the hand is still open."""
        current = self.round
        if not isinstance(text, str) or not text.strip():
            return Reply("empty", f"type an expression that makes {self.target_text} from {current.hand_text}")
        if is_no_answer(text):
            if current.solvable:
                reply = Reply("wrong", f"wrong: {current.hand_text} can make {self.target_text}; keep trying")
            else:
                reply = Reply("right", f"right: {current.hand_text} cannot make {self.target_text}")
        else:
            verdict = check_answer(current.hand, text, self.target)
            if verdict.ok:
                reply = Reply("right", f"right: {verdict.message}", verdict.expr, verdict.value)
            elif verdict.expr is None:
                reply = Reply("unreadable", verdict.message)
            else:
                reply = Reply("wrong", f"wrong: {verdict.message}", verdict.expr, verdict.value)
        if current.finished:
            return Reply(reply.kind, f"{reply.message} (this hand is over: no change to the score)", reply.expr, reply.value)
        if reply.kind == "right":
            current.outcome = "right"
            self.score.right += 1
        elif reply.kind == "wrong":
            current.wrong += 1
            self.score.wrong += 1
        else:
            return reply
        return Reply(reply.kind, reply.message, reply.expr, reply.value, scored=True)

    def hint(self) -> str:
        """The next hint for this hand; they stop one step short of the answer."""
        current = self.round
        hints = current.hints
        if current.hints_given >= len(hints):
            last = hints[-1].split(": ", 1)[1].removeprefix("start with ").removeprefix("then ")
            return f"no more hints: the next step is the answer (s shows it); the last hint was {last}"
        text = hints[current.hints_given]
        current.hints_given += 1
        if not current.finished:
            self.score.hints += 1
        return text

    def show(self) -> str:
        """One answer (or that there is none); the hand ends without a point."""
        current = self.round
        if not current.finished:
            current.outcome = "shown"
            self.score.shown += 1
        if not current.answers:
            return f"no answer: {current.hand_text} cannot make {self.target_text}"
        count = len(current.answers)
        more = f" ({count:,} distinct answers in all)" if count > 1 else " (the only answer)"
        return f"an answer: {current.answer} = {self.target_text}{more}"

    def difficulty(self) -> Difficulty:
        """How hard the hand in play is, and why."""
        return self.round.difficulty
