"""The game's state: the dealt rounds, the score and the replies, with no input or output.

Plain objects (`Game`, `Round`, `Reply`, `Score`) that the terminal loop (`t24 play`) and the
notebook widget share, and that tests play with scripted lines. Every typed answer is read by
the safe parser and checked exactly (`t24.check_answer`): the value, and exactly the dealt
numbers, with what is wrong said precisely; "none" is an answer too, and is checked. A round
solves its hand once, when first needed; the answer, the hints and the rating reuse that.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .. import solver
from ..check import check_answer
from ..expr import Expr
from ..hand import Hand, InputError, as_hand, as_target
from ..text import describe, hand_text, plural
from . import words
from .deal import MAX_COUNT, MIN_COUNT, check_deck, deal, deal_solvable
from .hints import Step, answer_steps, hint_answer, hint_texts
from .rating import COUNT_MAX_CARDS, EFFORT_MAX_COUNT, Difficulty, rate

# What a player may type to say "this hand cannot make the target".
NO_ANSWER_WORDS = frozenset(
    {"none", "no", "-", "impossible", "no answer", "no solution", "cannot", "can't", "nothing"}
)


def is_no_answer(text: str) -> bool:
    """Whether the text says "there is no answer" (none, no, -, impossible ...)."""
    return " ".join(text.lower().split()).rstrip(".!") in NO_ANSWER_WORDS


@dataclass
class Round:
    """One dealt hand: solved once when first needed, hints given, and how it ended."""

    number: int
    hand: Hand
    target: Fraction
    hints_given: int = 0
    wrong: int = 0
    outcome: str | None = None  # "right", "shown" or "skipped"
    _solved: tuple | None = field(default=None, repr=False)

    def _solve(self) -> tuple[list[Expr], Expr | None, Difficulty]:
        """The distinct answers (past COUNT_MAX_CARDS cards, the first), the hints' answer, the rating."""
        if self._solved is None:
            many = len(self.hand) > COUNT_MAX_CARDS
            answers = solver.solve(self.hand, self.target, method="fast", first=many)
            trees = ()
            if answers and len(self.hand) <= EFFORT_MAX_COUNT:
                trees = solver.solve(self.hand, self.target, method="recursive")
            answer = hint_answer(answers, trees) if answers else None
            self._solved = answers, answer, rate(self.hand, self.target, answers)
        return self._solved

    @property
    def answers(self) -> list[Expr]:
        """Every distinct answer (the fast solver's), or only the first past COUNT_MAX_CARDS cards."""
        return self._solve()[0]

    @property
    def answer(self) -> Expr | None:
        """The one answer the hints lead to and `show` shows (None if there is none)."""
        return self._solve()[1]

    @property
    def rating(self) -> Difficulty:
        """How hard the hand is, and why."""
        return self._solve()[2]

    @property
    def solvable(self) -> bool:
        return bool(self.answers)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def steps(self) -> list[Step]:
        """The steps of the answer the hints follow."""
        return answer_steps(self.answer) if self.answers else []

    @property
    def hints(self) -> list[str]:
        """Every hint this hand has, in order (for a hand with no answer, one that is not "none")."""
        if not self.answers:
            return [words.HINT.format(number=1, total=1, text=words.UNSOLVABLE_HINT)]
        return hint_texts(self.answer, self.target)

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
        return words.SCORE.format(
            right=self.right, hands=plural(self.hands, "hand"), shown=self.shown,
            skipped=self.skipped, wrong=plural(self.wrong, "wrong try", "wrong tries"),
            hints=plural(self.hints, "hint"),
        )  # fmt: skip


class Game:
    """A game: the deck, the seeded dealer, the current round, the score. No input or output.

    `hands` are dealt first, as given (a teacher's chosen hands); then the seeded dealer takes
    over. With `deal=False` the options are checked but no hand is dealt yet (call `next_hand`),
    so a display can show the dealer's refusal instead of failing to start.
    """

    def __init__(
        self, target=24, low: int = 1, high: int = 13, count: int = 4, seed=None,
        any_hand: bool = False, hands: Iterable[Sequence[int]] = (), deal: bool = True,
    ):  # fmt: skip
        check_deck(low, high, count)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise InputError(f"the seed must be a whole number or text, not {type(seed).__name__}")
        self.target = as_target(target)
        self.low, self.high, self.count, self.any_hand = low, high, count, any_hand
        self.chosen = [as_hand(hand) for hand in hands]
        for hand in self.chosen:
            if not MIN_COUNT <= len(hand) <= MAX_COUNT:
                raise InputError(
                    f"deal {MIN_COUNT} to {MAX_COUNT} cards, not {len(hand)} ({hand_text(hand)})"
                )
        self.none_possible = any_hand or not all(
            solver.can_make(h, self.target) for h in self.chosen
        )
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

    @property
    def rules(self) -> str:
        """The line that opens a game; it offers "none" only when unsolvable hands can be dealt."""
        rules = words.RULES.format(target=self.target_text)
        return f"{rules[:-1]}; {words.NONE_RULE}." if self.none_possible else rules

    def next_hand(self) -> Round:
        """Deal the next hand; an unfinished hand counts as skipped.

        If the dealer refuses (`t24.InputError`: no solvable hand found in time), the hand in
        play stays in play and the score is unchanged.
        """
        if self.chosen:
            hand = self.chosen.pop(0)
        elif self.any_hand:
            hand = deal(self.rng, self.low, self.high, self.count)
        else:
            hand = deal_solvable(self.rng, self.low, self.high, self.count, self.target)
        if self.rounds and not self.round.finished:
            self.round.outcome = "skipped"
            self.score.skipped += 1
        self.rounds.append(Round(len(self.rounds) + 1, hand, self.target))
        return self.round

    def answer(self, text: str) -> Reply:
        """Check a typed answer (an expression, or "none"); score it if the hand is still open."""
        current, target = self.round, self.target_text
        if not isinstance(text, str) or not text.strip():
            return Reply("empty", words.EMPTY.format(target=target, hand=current.hand_text))
        if is_no_answer(text):
            if current.solvable:
                reply = Reply("wrong", words.CAN_MAKE.format(hand=current.hand_text, target=target))
            else:
                reply = Reply(
                    "right", words.CANNOT_MAKE.format(hand=current.hand_text, target=target)
                )
        else:
            verdict = check_answer(current.hand, text, self.target)
            kind = "right" if verdict.ok else "unreadable" if verdict.expr is None else "wrong"
            message = words.RIGHT if verdict.ok else words.WRONG
            message = verdict.message if kind == "unreadable" else message.format(verdict.message)
            reply = Reply(kind, message, verdict.expr, verdict.value)
        if current.finished:
            return Reply(reply.kind, words.OVER.format(reply.message), reply.expr, reply.value)
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
        """The next hint for this hand; they stop while more than the last step is left."""
        current = self.round
        hints = current.hints
        if current.hints_given >= len(hints):
            return words.NO_MORE_HINTS.format(last=hints[-1].split(": ", 1)[1])
        current.hints_given += 1
        if not current.finished:
            self.score.hints += 1
        return hints[current.hints_given - 1]

    def show(self) -> str:
        """One answer (or that there is none); the hand ends without a point."""
        current = self.round
        if not current.finished:
            current.outcome = "shown"
            self.score.shown += 1
        if not current.answers:
            return words.SHOWN_NONE.format(hand=current.hand_text, target=self.target_text)
        count = current.rating.answers
        more = (
            words.NOT_COUNTED_SHOWN
            if count is None
            else words.ONLY
            if count == 1
            else words.MANY.format(count)
        )
        return words.SHOWN.format(answer=current.answer, target=self.target_text, more=more)
