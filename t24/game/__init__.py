"""The practice game: the loop that closes "24点解法" (deal, answer, h for a hint, s, q), for a class;
`Game` has no input or output, so the terminal loop (`play`) and the notebook widget share it."""

import contextlib
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from .. import solver
from ..check import Verdict, check_answer
from ..distinct import canonical
from ..expr import BinOp, Expr
from ..hand import Hand, InputError, as_hand, as_target
from ..parse import MAX_LENGTH
from ..text import describe, hand_text, plural
from .rating import COUNT_MAX_CARDS, EFFORT_MAX_COUNT, LEVELS, rate, search_effort  # noqa: F401

SUITS = 4  # copies of each card in the deck, as in a pack of playing cards
MIN_COUNT, MAX_COUNT = 2, 6  # six cards already have thousands of distinct answers to count
MAX_DEALS, MAX_SECONDS = 1000, 1.5  # tries to deal a solvable hand, and the time they may take
OVER = "(this hand is over: no change to the score)"
KEYS = "h = hint, s = show an answer, q = quit"
NONE_WORDS = {*"none no - nothing impossible cannot can't".split(), "no answer", "no solution"}


def deal(rng: random.Random, low: int = 1, high: int = 13, count: int = 4) -> Hand:
    """Draw `count` cards without replacement from a deck holding four of each card low..high."""
    if not isinstance(rng, random.Random):
        raise InputError("deal takes a random.Random, e.g. deal(random.Random(0))")
    positions = rng.sample(range(SUITS * (high - low + 1)), count)  # never builds the deck
    return tuple(low + position // SUITS for position in positions)


def deal_solvable(rng: random.Random, low=1, high=13, count=4, target=24) -> Hand:
    """Deal until a hand makes the target; refuse after MAX_DEALS tries or MAX_SECONDS, on time:
    no try begins that the slowest so far would end past the deadline (six big cards: 0.5 s)."""
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


def operand(value: Fraction) -> str:
    """A value inside a written operation: bracketed when it is a fraction or negative."""
    text = describe(value)
    return text if value.denominator == 1 and value >= 0 else f"({text})"


@dataclass(frozen=True)
class Step:
    """One step of an answer: two numbers (cards or earlier results), an operator, the result."""

    left: Fraction
    op: str
    right: Fraction
    value: Fraction

    def text(self) -> str:
        """The step as plain text: `3 - (8/3) = 1/3`."""
        return f"{operand(self.left)} {self.op} {operand(self.right)} = {describe(self.value)}"


def answer_steps(expr: Expr) -> list[Step]:
    """The steps of an answer, bottom up: each operation after the ones it uses."""
    if not isinstance(expr, BinOp):
        return []
    steps = answer_steps(expr.left) + answer_steps(expr.right)
    return steps + [Step(expr.left.value, expr.op, expr.right.value, expr.value)]


def step_cost(steps: Sequence[Step]) -> tuple[int, int, Fraction]:
    """How awkward steps are: how many make a fraction, how many a negative number, the largest."""
    values = [step.value for step in steps]
    fractions, negatives = sum(v.denominator != 1 for v in values), sum(v < 0 for v in values)
    return fractions, negatives, max(map(abs, values), default=Fraction(0))


def hint_texts(expr: Expr | None, target=24) -> list[str]:
    """The graded hints for one answer: a property of its steps, then operation and step in turn
    (with no answer, one hint that does not say so)."""
    if expr is None:
        why = "find the largest number these cards can make, and ask what the last step would need"
        return [f"hint 1 of 1: {why}"]
    steps = answer_steps(expr)
    if len(steps) <= 1:
        return [f"hint 1 of 1: one operation between the two cards makes {describe(target)}"]
    fractions, negatives, largest = step_cost(steps)
    count, what = (fractions, "a fraction") if fractions else (negatives, "a negative number")
    if count:
        lines = [f"{count} of the {len(steps)} steps {'makes' if count == 1 else 'make'} {what}"]
    else:
        lines = [f"every step makes a whole number from 0 to {describe(largest)}"]
    for number, step in enumerate(steps[: max(len(steps) - 2, 1)]):
        verb = {"+": "adds", "-": "subtracts", "*": "multiplies", "/": "divides"}[step.op]
        lines.append(f"the next step {verb}" if number else f"the first step {verb} two cards")
        if number < len(steps) - 2:
            lines.append(f"then {step.text()}" if number else f"start with {step.text()}")
    return [f"hint {n} of {len(lines)}: {text}" for n, text in enumerate(lines, 1)]


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
        """The answer the hints lead to and `show` shows (or None), the one with the friendliest
        steps: among the recursive search's trees up to four cards (10 / 5 * 6 + 12 before
        10 * 6 / 5 + 12), else the answers; ties go to the answers' order, then fewer brackets."""
        if not self.answers:
            return None
        rank = {canonical(expr): number for number, expr in enumerate(self.answers)}

        def key(expr):
            text = str(expr)
            order = rank.get(canonical(expr), len(rank))
            return step_cost(answer_steps(expr)), order, text.count("("), text

        four = len(self.hand) <= EFFORT_MAX_COUNT
        trees = solver.solve(self.hand, self.target, method="recursive") if four else []
        return min(trees or self.answers, key=key)

    @cached_property
    def rating(self):
        """How hard the hand is, and why (`rating.Difficulty`)."""
        return rate(self.hand, self.target, self.answers)

    def __str__(self) -> str:
        return f"hand {self.number}: make {describe(self.target)} from {hand_text(self.hand)}"

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
    """The deck, the seeded dealer (after the `hands` given), the rounds, the score; no input or
    output. With `deal=False` no hand is dealt yet, so a display can show the dealer's refusal."""

    def __init__(
        self, target=24, low=1, high=13, count=4, seed=None, any_hand=False, hands=(), deal=True
    ):
        for name, value in (("low", low), ("high", high), ("count", count)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(f"{name} must be a whole number, not {value!r}")
        if isinstance(seed, bool) or not isinstance(seed, (int, str, type(None))):
            raise InputError(f"the seed must be a whole number or text, not {type(seed).__name__}")
        if low > high:
            raise InputError(f"the lowest card ({low}) is above the highest ({high})")
        if max(abs(low), abs(high)) > 10**6:
            raise InputError("cards go up to 1,000,000 in size")
        cards = SUITS * (high - low + 1)
        if count > cards:
            raise InputError(f"a deck of cards {low} to {high} holds only {cards} cards")
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
        """Check a typed answer (an expression, or "none"); a try, said "right: " or "wrong: ", is
        scored while the hand is open. Text that cannot be read is no try."""
        current, hand, target = self.round, hand_text(self.round.hand), describe(self.target)
        if not isinstance(text, str) or not text.strip():
            return Verdict(False, f"type an expression that makes {target} from {hand}")
        if " ".join(text.lower().split()).rstrip(".!") in NONE_WORDS:
            if current.answers:
                verdict = Verdict(False, f"{hand} can make {target}; keep trying")
            else:
                verdict = Verdict(True, f"{hand} cannot make {target}")
        else:
            verdict = check_answer(current.hand, text, self.target)
            if verdict.expr is None:
                return verdict
        message = f"{'right' if verdict.ok else 'wrong'}: {verdict.message}"
        if current.outcome is not None:
            return replace(verdict, message=f"{message} {OVER}")
        if verdict.ok:
            current.outcome = "right"
            self.score.right += 1
        else:
            self.score.wrong += 1
        return replace(verdict, message=message)

    def hint(self) -> str:
        """The next hint for this hand; they stop while two steps are left, so none leaves only an
        obvious last step (`show` gives the answer)."""
        current = self.round
        hints = hint_texts(current.answer, self.target)
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
            return f"no answer: {hand_text(current.hand)} cannot make {target}"
        return f"an answer: {current.answer} = {target} ({current.how_many})"


def play(lines: Iterable[str], out, game: Game, rounds=None) -> Score:
    """Play at a terminal: read `lines` (answers, h, s, q), write to `out`, return the score."""
    lines = lines.splitlines() if isinstance(lines, str) else lines  # a text: one line each
    out(game.rules)
    out(KEYS)
    out(str(game.round))
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
            out(str(game.next_hand()))
    else:
        out("end of input")
    out(f"final score: {game.score}")
    return game.score


def terminal_lines(prompt: str = "> "):
    """Lines typed at the terminal, until end of input (Ctrl-D); Ctrl-C raises KeyboardInterrupt."""
    if not sys.stdin.isatty():  # piped: no prompts, and no line read past the longest answer
        while line := sys.stdin.readline(MAX_LENGTH + 1):
            if len(line) > MAX_LENGTH and not line.endswith("\n"):
                raise InputError(f"a line over {MAX_LENGTH:,} characters: type one answer a line")
            yield line
        return
    with contextlib.suppress(ImportError):  # arrow keys and history for input(), if available
        import readline  # noqa: F401
    while True:
        try:
            yield input(prompt)
        except EOFError:
            print()
            return
