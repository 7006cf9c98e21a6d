"""The practice game: the loop that closes "24点解法" (deal, answer, h for a hint, s, q), for a class;
`Game` has no input or output, so the terminal loop (`play`) and the notebook widget share it."""

import contextlib
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import NamedTuple

from .. import solver
from ..check import Verdict, check_answer
from ..distinct import canonical
from ..expr import SYMBOLS, BinOp, Expr
from ..hand import Hand, InputError, as_hand, as_target
from ..parse import MAX_LENGTH
from ..text import N_, Nn_, _, describe, hand_text, n_, plural, said
from .rating import COUNT_MAX_CARDS, EFFORT_MAX_COUNT, LEVELS, rate, search_effort  # noqa: F401

SUITS = 4  # copies of each card in the deck, as in a pack of playing cards
MIN_COUNT = 2
MAX_COUNT = 6  # six cards already have thousands of distinct answers to count
MAX_DEALS = 1000  # tries to deal a solvable hand
MAX_SECONDS = 1.5  # and the time they may take
KEYS = N_("h = hint, s = show an answer, q = quit")
# TRANSLATORS: what a player may type to say a hand cannot be done, separated by "|"
NONE_WORDS = N_("none|no|-|nothing|impossible|cannot|can't|no answer|no solution")
FRACTIONS = Nn_(
    "{count} of the {total} steps makes a fraction", "{count} of the {total} steps make a fraction"
)
NEGATIVES = Nn_(
    "{count} of the {total} steps makes a negative number",
    "{count} of the {total} steps make a negative number",
)
HANDS = Nn_("{n} hand", "{n} hands")
# The first operation of an answer, then each later one, as a hint says them.
STEPS = {
    "+": (N_("the first step adds two cards"), N_("the next step adds")),
    "-": (N_("the first step subtracts two cards"), N_("the next step subtracts")),
    "*": (N_("the first step multiplies two cards"), N_("the next step multiplies")),
    "/": (N_("the first step divides two cards"), N_("the next step divides")),
}


def deal(rng: random.Random, low: int = 1, high: int = 13, count: int = 4) -> Hand:
    """Draw `count` cards without replacement from a deck holding four of each card low..high."""
    if not isinstance(rng, random.Random):
        raise InputError(_("deal takes a random.Random, e.g. deal(random.Random(0))"))
    positions = rng.sample(range(SUITS * (high - low + 1)), count)  # never builds the deck
    return tuple(low + position // SUITS for position in positions)


def deal_solvable(rng: random.Random, low=1, high=13, count=4, target=24) -> Hand:
    """Deal until a hand makes the target; refuse after MAX_DEALS tries or MAX_SECONDS, on time:
    no try begins that the slowest so far would end past the deadline (six big cards: 0.5 s)."""
    target = as_target(target)
    started = time.monotonic()
    slowest = 0.0
    tries = 0
    while tries < MAX_DEALS and time.monotonic() - started + slowest <= MAX_SECONDS:
        tries += 1
        begun = time.monotonic()
        hand = deal(rng, low, high, count)
        if solver.can_make(hand, target):
            return hand
        slowest = max(slowest, time.monotonic() - begun)
    refusal = _(
        "no hand of {count} cards from {low} to {high} made {target} in {deals} ({seconds} s); "
        "choose another deck or target, or allow any hand"
    )
    words = {"low": f"{low:,}", "high": f"{high:,}", "target": describe(target), "count": count}
    words["deals"] = plural(tries, "{n} deal", "{n} deals")
    raise InputError(refusal.format(seconds=f"{time.monotonic() - started:.1f}", **words))


def operand(value: Fraction) -> str:
    """A value inside a written operation: bracketed when it is a fraction or negative."""
    text = describe(value)
    return text if value.denominator == 1 and value >= 0 else f"({text})"


class Step(NamedTuple):
    """One step of an answer: two numbers (cards or earlier results), an operator, the result."""

    left: Fraction
    op: str
    right: Fraction
    value: Fraction

    def text(self) -> str:
        """The step as a person writes it: `3 − (8/3) = 1/3`, `8 ÷ 3 = 8/3`."""
        op = SYMBOLS.get(self.op, self.op)
        return f"{operand(self.left)} {op} {operand(self.right)} = {describe(self.value)}"


def answer_steps(expr: Expr) -> list[Step]:
    """The steps of an answer, bottom up: each operation after the ones it uses."""
    if not isinstance(expr, BinOp):
        return []
    steps = answer_steps(expr.left) + answer_steps(expr.right)
    return steps + [Step(expr.left.value, expr.op, expr.right.value, expr.value)]


def step_cost(steps: Sequence[Step]) -> tuple[int, int, Fraction]:
    """How awkward steps are: how many make a fraction, how many a negative number, the largest."""
    values = [step.value for step in steps]
    fractions = sum(v.denominator != 1 for v in values)
    negatives = sum(v < 0 for v in values)
    return fractions, negatives, max(map(abs, values), default=Fraction(0))


def hint_texts(expr: Expr | None, target=24) -> list[str]:
    """The graded hints for one answer: how many steps make a fraction (else a negative number),
    or their range; then operation and step in turn (with no answer, one that does not say so)."""
    if expr is None:
        return [
            _("find the largest number these cards can make, and ask what the last step would need")
        ]
    steps = answer_steps(expr)
    if len(steps) <= 1:
        return [said("one operation between the two cards makes {target}", target=describe(target))]
    fractions, negatives, largest = step_cost(steps)
    if fractions or negatives:
        one, many = FRACTIONS if fractions else NEGATIVES
        count = fractions or negatives
        hints = [n_(one, many, count).format(count=count, total=len(steps))]
    else:
        hints = [said("every step makes a whole number from 0 to {largest}", largest=largest)]
    for number, step in enumerate(steps[: max(len(steps) - 2, 1)]):
        hints.append(_(STEPS[step.op][number > 0]))
        if number < len(steps) - 2:
            then = _("then {step}") if number else _("start with {step}")
            hints.append(then.format(step=step.text()))
    return hints


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
        four = len(self.hand) <= EFFORT_MAX_COUNT
        trees = solver.solve(self.hand, self.target, method="recursive") if four else []

        def key(expr):
            text = str(expr)
            order = rank.get(canonical(expr), len(rank))
            return step_cost(answer_steps(expr)), order, text.count("("), text

        return min(trees or self.answers, key=key)

    @cached_property
    def rating(self):
        """How hard the hand is, and why (`rating.Difficulty`)."""
        return rate(self.hand, self.target, self.answers)

    def __str__(self) -> str:
        words = {"number": self.number, "target": self.target, "hand": hand_text(self.hand)}
        return said("hand {number}: make {target} from {hand}", **words)

    @property
    def how_many(self) -> str:
        """How many distinct answers the shown one is among."""
        count = self.rating.answers
        if count is None:
            return _("answers not counted")
        if count == 1:
            return _("the only answer")
        return said("{count} distinct answers in all", count=f"{count:,}")


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
        score = _(
            "{right} right out of {hands} ({shown} shown, {skipped} skipped); {tries}, {hints}"
        )
        tries = plural(self.wrong, "{n} wrong try", "{n} wrong tries")
        hints = plural(self.hints, "{n} hint", "{n} hints")
        counted = {"hands": plural(self.hands, *HANDS), "tries": tries, "hints": hints}
        return score.format_map({**vars(self), **counted})


@dataclass(frozen=True)
class Reply(Verdict):
    """A try, scored unless its hand had ended (`over`); its message is the check's, said as the
    game's reply."""

    over: bool = False

    @property
    def message(self) -> str:
        """The verdict as the game says it to a player, with − × ÷ as on paper."""
        reply = _("right: {reason}") if self.ok else _("wrong: {reason}")
        reply = reply.format(reason=self.sentence(pretty=True))
        if self.over:
            return said("{reply} (this hand is over: no change to the score)", reply=reply)
        return reply


class Game:
    """The deck, the seeded dealer (after the `hands` given), the rounds, the score; no input or
    output. With `deal=False` no hand is dealt yet, so a display can show the dealer's refusal."""

    def __init__(
        self, target=24, low=1, high=13, count=4, seed=None, any_hand=False, hands=(), deal=True
    ):
        low, high, count = as_hand((low, high, count))  # whole numbers, or a sentence
        if isinstance(seed, bool) or not isinstance(seed, (int, str, type(None))):
            refusal = _("the seed must be a whole number or text, not {kind}")
            raise InputError(refusal.format(kind=type(seed).__name__))
        if low > high:
            refusal = _("the lowest card ({low}) is above the highest ({high})")
            raise InputError(refusal.format(low=low, high=high))
        if max(abs(low), abs(high)) > 10**6:
            raise InputError(said("cards go up to {largest} in size", largest=f"{10**6:,}"))
        cards = SUITS * (high - low + 1)
        if count > cards:
            refusal = _("a deck of cards {low} to {high} holds only {cards} cards")
            raise InputError(refusal.format(low=low, high=high, cards=cards))
        self.chosen = [as_hand(hand) for hand in hands]
        for size in (count, *map(len, self.chosen)):
            if not MIN_COUNT <= size <= MAX_COUNT:
                words = {"low": MIN_COUNT, "high": MAX_COUNT, "size": size}
                raise InputError(said("deal {low} to {high} cards, not {size}", **words))
        self.target = as_target(target)
        self.deck = (low, high, count)
        self.any_hand = any_hand
        solvable = all(solver.can_make(hand, self.target) for hand in self.chosen)
        self.none_possible = any_hand or not solvable
        self.rng = random.Random(seed)
        self.score = Score()
        self.rounds = []
        if deal:
            self.next_hand()

    @property
    def round(self) -> Round:
        return self.rounds[-1]

    @property
    def rules(self) -> str:
        """The line that opens a game; it offers "none" only when unsolvable hands can be dealt."""
        rules = _("Make {target} from the cards with + - * / and brackets, each card once.")
        if self.none_possible:
            rules = _(
                "Make {target} from the cards with + - * / and brackets, each card once; "
                "if a hand cannot be done, answer none."
            )
        return rules.format(target=describe(self.target))

    def next_hand(self, hand=None) -> Round:
        """Deal `hand`, else the next hand; an unfinished hand counts as skipped (not if the dealer
        refuses)."""
        if hand is not None:
            hand = as_hand(hand)
        elif self.chosen:
            hand = self.chosen.pop(0)
        elif self.any_hand:
            hand = deal(self.rng, *self.deck)
        else:
            hand = deal_solvable(self.rng, *self.deck, self.target)
        if self.rounds and self.round.outcome is None:
            self.round.outcome = "skipped"
            self.score.skipped += 1
        self.rounds.append(Round(len(self.rounds) + 1, hand, self.target))
        return self.round

    def answer(self, text: str) -> Verdict:
        """Check a typed answer (an expression, or "none"): a try (a `Reply`) is scored while the
        hand is open; text that cannot be read is no try (a plain `Verdict`)."""
        current = self.round
        if not isinstance(text, str) or not text.strip():
            return Verdict("empty", current.hand, self.target)
        none = {*NONE_WORDS.split("|"), *_(NONE_WORDS).split("|")}
        if " ".join(text.lower().split()).rstrip(".!") in none:
            kind = "possible" if current.answers else "impossible"
            verdict = Verdict(kind, current.hand, self.target)
        else:
            verdict = check_answer(current.hand, text, self.target)
            if verdict.expr is None:
                return verdict
        over = current.outcome is not None
        if not over and verdict.ok:
            current.outcome = "right"
            self.score.right += 1
        self.score.wrong += not over and not verdict.ok
        return Reply(**vars(verdict), over=over)

    def hint(self) -> str:
        """The next hint for this hand; they stop while two steps are left, so none leaves only an
        obvious last step (`show` gives the answer)."""
        current = self.round
        hints = hint_texts(current.answer, self.target)
        if current.hints_given >= len(hints):
            return said(
                "no more hints: the rest is yours (s shows an answer); the last hint was {hint}",
                hint=hints[-1],
            )
        current.hints_given += 1
        self.score.hints += current.outcome is None
        number = current.hints_given
        words = {"number": number, "total": len(hints), "hint": hints[number - 1]}
        return said("hint {number} of {total}: {hint}", **words)

    def show(self) -> str:
        """One answer (or that there is none); the hand ends without a point."""
        current = self.round
        target = describe(self.target)
        if current.outcome is None:
            current.outcome = "shown"
            self.score.shown += 1
        if current.answer is None:
            hand = hand_text(current.hand)
            return said("no answer: {hand} cannot make {target}", hand=hand, target=target)
        words = {"answer": current.answer.pretty(), "target": target, "how_many": current.how_many}
        return said("an answer: {answer} = {target} ({how_many})", **words)


def play(lines: Iterable[str], out, game: Game, rounds=None) -> Score:
    """Play at a terminal: read `lines` (answers, h, s, q), write to `out`, return the score."""
    lines = lines.splitlines() if isinstance(lines, str) else lines  # a text: one line each
    out(game.rules)
    out(_(KEYS))
    out(str(game.round))
    for line in lines:
        text = line.strip().lower()
        if text == "q":
            out(_("quit"))
            break
        if text in ("", "h"):  # a hint, or what may be typed
            out(game.hint() if text else said("type an answer, or {keys}", keys=_(KEYS)))
            continue
        if text == "s":
            out(game.show())
        else:
            reply = game.answer(line.strip())
            out(reply.message)
            if not reply.ok:
                continue
        out(said("difficulty: {rating}", rating=game.round.rating))
        out(said("score: {score}", score=game.score))
        if rounds is not None and game.score.hands >= rounds:
            out(said("played {hands}", hands=plural(rounds, *HANDS)))
            break
        out(str(game.next_hand()))
    else:
        out(_("end of input"))
    out(said("final score: {score}", score=game.score))
    return game.score


def terminal_lines(prompt: str = "> "):
    """Lines typed at the terminal, until end of input (Ctrl-D); Ctrl-C raises KeyboardInterrupt."""
    if not sys.stdin.isatty():  # piped: no prompts, and no line read past the longest answer
        while line := sys.stdin.readline(MAX_LENGTH + 1):
            if len(line) > MAX_LENGTH and not line.endswith("\n"):
                refusal = _("a line over {length} characters: type one answer a line")
                raise InputError(refusal.format(length=f"{MAX_LENGTH:,}"))
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
