"""The practice game: the loop at the end of article 000 (part 03), made ready for a class.

The article closes with a little loop: deal four numbers, the player types an answer, `s` shows a
solution, `q` quits; then it asks how to play with 10, 11, 12 and 13. This module keeps that loop
and adds what a class needs:

* a seeded deal from a chosen deck (cards `low`..`high`, above 9 too, four of each card; 2 to 6
  cards a hand), solvable hands only unless asked otherwise; then "none" is an answer too, and
  is checked;
* every typed answer read by the safe parser and checked exactly (`t24.check_answer`): the value,
  and exactly the dealt numbers, with what is wrong said precisely;
* hints in steps, read bottom up from one exact answer: first a pair to combine and the value
  it makes, then the next step, and last the whole answer;
* a difficulty rating from measured facts, each named in its one-line reason: whether every
  answer needs a fraction on the way (`t24.deck.needs_fraction`), how many distinct answers there
  are, what share of article 002's final numbers (3,888 for four cards) hit the target, and how
  large a number every answer has to pass on the way (`(10 × 10 − 4) ÷ 4` passes 100);
* a score.

The logic is plain objects (`Game`, `Round`, `Reply`, `Score`, `Difficulty`) with no input or
output of their own, so the terminal loop (`play`, `t24 play`) and the notebook widget
(`t24.game_widget`) share it, and tests can play it with scripted lines. Standard library only.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Callable, Iterable, Iterator, Sequence

from . import deck, fast, recursive
from .check import check_answer, describe
from .distinct import canonical
from .expr import LATEX_SYMBOLS, BinOp, Expr, value_latex
from .hand import Hand, InputError, as_hand, as_target
from .solver import can_make, solve

SUITS = 4  # copies of each card in the deck, as in a pack of playing cards
MIN_COUNT, MAX_COUNT = 2, 6  # six cards already have thousands of distinct answers to count
MAX_CARD = 10**6
MAX_DEALS = 1000  # attempts to deal a solvable hand before saying the deck cannot make the target
EFFORT_MAX_COUNT = 4  # the search walk: 3,888 final numbers for four cards, 233,280 for five
MANY_ANSWERS = 6  # this many distinct answers or more makes a hand easier

# What a player may type to say "this hand cannot make the target".
NO_ANSWER_WORDS = frozenset({
    "none", "no", "-", "impossible", "no answer", "no solution", "cannot", "can't", "nothing", "n/a",
})

LEVELS = ("easy", "medium", "hard", "very hard")
NO_ANSWER_LEVEL = "no answer"


# --- Dealing --------------------------------------------------------------------------------


def deal(rng: random.Random, low: int = 1, high: int = 13, count: int = 4) -> Hand:
    """Draw `count` cards without replacement from a deck holding four of each card low..high."""
    # Sampling positions in a virtual deck never builds the deck itself, so any range is cheap.
    positions = rng.sample(range(SUITS * (high - low + 1)), count)
    return tuple(low + position // SUITS for position in positions)


def deal_solvable(rng: random.Random, low: int = 1, high: int = 13, count: int = 4, target=24) -> Hand:
    """Deal until a hand makes the target (refuse after MAX_DEALS tries)."""
    for _ in range(MAX_DEALS):
        hand = deal(rng, low, high, count)
        if can_make(hand, target):
            return hand
    raise InputError(
        f"no hand of {count} cards from {low} to {high} made {describe(as_target(target))} "
        f"in {MAX_DEALS:,} deals; choose another deck or target, or allow any hand"
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
        raise InputError(f"a deck of cards {low} to {high} holds only {SUITS * (high - low + 1)} cards")


def is_no_answer(text: str) -> bool:
    """Whether the text says "there is no answer" (none, no, -, impossible ...)."""
    words = " ".join(text.lower().split()).rstrip(".!")
    return words in NO_ANSWER_WORDS


# --- Hints ----------------------------------------------------------------------------------


def _operand(value: Fraction) -> str:
    """A value as the operand of a step: fractions and negatives in brackets, so it reads once."""
    text = describe(value)
    return text if value.denominator == 1 and value >= 0 else f"({text})"


def _latex_operand(value: Fraction) -> str:
    text = value_latex(value)
    return rf"\left({text}\right)" if value < 0 else text


@dataclass(frozen=True)
class Step:
    """One step of an answer: two numbers (cards or earlier results), an operator, the result."""

    left: Fraction
    op: str
    right: Fraction
    value: Fraction

    def text(self) -> str:
        """The step as plain text: `3 - (8/3) = 1/3`."""
        return f"{_operand(self.left)} {self.op} {_operand(self.right)} = {describe(self.value)}"

    def latex(self) -> str:
        """The step as LaTeX: `3 - \\frac{8}{3} = \\frac{1}{3}`."""
        return f"{_latex_operand(self.left)} {LATEX_SYMBOLS[self.op]} {_latex_operand(self.right)} = {value_latex(self.value)}"


def answer_steps(expr: Expr) -> list[Step]:
    """The steps of an answer, bottom up: each operation after the ones it uses."""
    steps: list[Step] = []

    def walk(node: Expr) -> Fraction:
        if not isinstance(node, BinOp):
            return node.value
        left, right = walk(node.left), walk(node.right)
        steps.append(Step(left, node.op, right, node.value))
        return node.value

    walk(expr)
    return steps


def step_cost(expr: Expr) -> tuple[int, int, Fraction]:
    """How awkward an answer's steps are: fractions on the way, negative numbers, the largest number."""
    steps = answer_steps(expr)
    fractions = sum(step.value.denominator != 1 for step in steps)
    negatives = sum(step.value < 0 for step in steps)
    return fractions, negatives, max((abs(step.value) for step in steps), default=Fraction(0))


def hint_answer(hand: Sequence[int], target, answers: Sequence[Expr]) -> Expr:
    """The answer the hints follow: the tree with the friendliest steps among the hand's answers.

    `answers` are the fast solver's distinct answers; each is one readable tree of its class, and
    another tree of the same class may have easier steps (10 ÷ 5 × 6 + 12 rather than
    10 × 6 ÷ 5 + 12). For up to EFFORT_MAX_COUNT cards every tree of the recursive search is a
    candidate; ties go to the class the fast solver lists first, then to fewer brackets.
    """
    rank = {canonical(expr): number for number, expr in enumerate(answers)}
    candidates = recursive.solve(sorted(hand), target) if len(hand) <= EFFORT_MAX_COUNT else list(answers)
    return min(candidates, key=lambda expr: (
        step_cost(expr), rank.get(canonical(expr), len(rank)), str(expr).count("("), str(expr),
    ))


def hint_texts(expr: Expr, target=24) -> list[str]:
    """The hints for one answer: a first pair and its value, the next steps, then the whole answer."""
    steps = answer_steps(expr)
    whole = f"the whole answer: {expr} = {describe(as_target(target))}"
    lines = [("start with " if number == 0 else "then ") + step.text() for number, step in enumerate(steps[:-1])]
    lines.append(whole)
    return [f"hint {number} of {len(lines)}: {line}" for number, line in enumerate(lines, start=1)]


# --- Difficulty -----------------------------------------------------------------------------


@lru_cache(maxsize=100_000)
def _effort(values: tuple[Fraction, ...], target: Fraction) -> tuple[int, int, Fraction | None]:
    """(final numbers reached, hits, smallest "largest number on the way" over the hits).

    Article 002's recursion, remembered per sorted multiset of values: what the search meets
    below a state depends only on which numbers are left, not on their order.
    """
    if len(values) == 1:
        hit = values[0] == target
        return 1, int(hit), (Fraction(0) if hit else None)
    reached = hits = 0
    best = None
    for i, j in recursive.pairs(len(values)):
        rest = values[:i] + values[i + 1 : j] + values[j + 1 :]
        for value in fast.results(values[i], values[j]):
            below, below_hits, largest = _effort(tuple(sorted(rest + (value,))), target)
            reached += below
            hits += below_hits
            if largest is not None:
                largest = max(largest, abs(value))
                best = largest if best is None else min(best, largest)
    return reached, hits, best


@dataclass(frozen=True)
class Effort:
    """What the recursive search meets on a hand: its final numbers, the hits, the largest step."""

    final_numbers: int  # reached; a division by zero is skipped, so 3 3 8 8 reaches 3,776 of 3,888
    hits: int  # final numbers equal to the target (one answer is often reached several ways)
    largest: Fraction | None  # over the hits, the smallest "largest number on the way"

    @property
    def share(self) -> Fraction:
        """The share of final numbers that hit: the chance a random path of steps makes the target."""
        return Fraction(self.hits, self.final_numbers)


def search_effort(hand: Sequence[int], target=24) -> Effort:
    """Count the final numbers of the recursive search, the hits, and their largest steps."""
    return Effort(*_effort(tuple(sorted(Fraction(n) for n in hand)), as_target(target)))


@dataclass(frozen=True)
class Difficulty:
    """How hard a hand is (`level`), why (`reason`, one line), and the facts behind it."""

    level: str
    reason: str
    needs_fraction: bool
    answers: int
    effort: Effort | None  # None for hands of more than EFFORT_MAX_COUNT cards

    def __str__(self) -> str:
        return f"{self.level} ({self.reason})"


def rating_points(needs_fraction: bool, answers: int, effort: Effort | None, target=24) -> int:
    """Points towards "very hard"; the level is easy (0 or less), medium (1), hard (2), very hard (3+).

    +2 if every answer needs a fraction; −1 for MANY_ANSWERS or more distinct answers; +1 if fewer
    than 1 in 1,000 of the search's final numbers hit, −1 if 1 in 100 or more; +1 if every answer
    passes a number larger than the target on the way, +2 if larger than twice the target.
    """
    target = abs(as_target(target))
    points = 2 if needs_fraction else 0
    points -= 1 if answers >= MANY_ANSWERS else 0
    if effort is not None and effort.hits:
        points += 1 if effort.share < Fraction(1, 1000) else -1 if effort.share >= Fraction(1, 100) else 0
        points += 2 if effort.largest > 2 * target else 1 if effort.largest > target else 0
    return points


def difficulty(hand: Sequence[int], target=24) -> Difficulty:
    """Rate a hand easy, medium, hard or very hard (or no answer), with the measured reasons."""
    hand, target = as_hand(hand), as_target(target)
    answers = len(solve(hand, target, method="fast"))
    if not answers:
        reason = f"{deck.hand_text(hand)} cannot make {describe(target)}: the exact search finds no way"
        return Difficulty(NO_ANSWER_LEVEL, reason, False, 0, None)
    fraction = deck.needs_fraction(hand, target)
    effort = search_effort(hand, target) if len(hand) <= EFFORT_MAX_COUNT else None
    level = LEVELS[max(0, min(rating_points(fraction, answers, effort, target), len(LEVELS) - 1))]
    facts = [
        "needs a fraction on the way" if fraction else "no fraction needed",
        f"{answers:,} distinct answer{'s' if answers != 1 else ''}",
    ]
    if effort is None:
        facts.append(f"search not measured for {len(hand)} cards")
    else:
        verb = "makes" if effort.hits == 1 else "make"
        facts.append(f"{effort.hits:,} of the recursive search's {effort.final_numbers:,} final numbers {verb} {describe(target)}")
        if effort.largest > abs(target):
            facts.append(f"every answer passes {describe(effort.largest)} on the way")
        else:
            facts.append(f"no number above {describe(abs(target))} on the way")
    return Difficulty(level, "; ".join(facts), fraction, answers, effort)


# --- One hand and the whole game -------------------------------------------------------------


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
        return deck.hand_text(self.hand)


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
        tries = f"{self.wrong} wrong {'try' if self.wrong == 1 else 'tries'}, {self.hints} hint{'s' if self.hints != 1 else ''}"
        return f"{self.right} right out of {self.hands} hand{'s' if self.hands != 1 else ''} ({', '.join(extras)}); {tries}"


class Game:
    """A game: the deck, the seeded dealer, the current round, the score. No input or output.

    `hands` are dealt first, as given (a teacher's chosen hands); then the seeded dealer takes over.
    """

    def __init__(
        self, target=24, low: int = 1, high: int = 13, count: int = 4, seed=None, any_hand: bool = False,
        hands: Iterable[Sequence[int]] = (),
    ):
        check_deck(low, high, count)
        self.target = as_target(target)
        self.low, self.high, self.count = low, high, count
        self.any_hand = any_hand
        self.chosen = [as_hand(hand) for hand in hands]
        for hand in self.chosen:
            if not MIN_COUNT <= len(hand) <= MAX_COUNT:
                raise InputError(f"deal {MIN_COUNT} to {MAX_COUNT} cards, not {len(hand)} ({' '.join(map(str, hand))})")
        self.rng = random.Random(seed)
        self.score = Score()
        self.rounds: list[Round] = []
        self.next_hand()

    @property
    def round(self) -> Round:
        """The hand in play."""
        return self.rounds[-1]

    @property
    def target_text(self) -> str:
        return describe(self.target)

    def next_hand(self) -> Round:
        """Deal the next hand; an unfinished hand counts as skipped."""
        if self.rounds and not self.round.finished:
            self.round.outcome = "skipped"
            self.score.skipped += 1
        if self.chosen:
            hand = self.chosen.pop(0)
        elif self.any_hand:
            hand = deal(self.rng, self.low, self.high, self.count)
        else:
            hand = deal_solvable(self.rng, self.low, self.high, self.count, self.target)
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
        """The next hint for this hand (the last one is the whole answer)."""
        current = self.round
        hints = current.hints
        if current.hints_given >= len(hints):
            return f"no more hints: {hints[-1].split(': ', 1)[1]}"
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


# --- The terminal loop ----------------------------------------------------------------------

KEYS = "h = hint, s = show an answer, q = quit"


def banner(game: Game) -> str:
    """The line that deals a hand, as the article's loop prints it."""
    return f"hand {game.round.number}: make {game.target_text} from {game.round.hand_text}"


def play(lines: Iterable[str], out: Callable[[str], None], game: Game, rounds: int | None = None) -> Score:
    """Play at a terminal: read `lines` (answers, h, s, q), write to `out`, return the score."""
    out(f"Make {game.target_text} from the cards with + - * / and brackets, each card once.")
    out(KEYS + ("; if a hand cannot be done, answer none" if game.any_hand else ""))
    out(banner(game))
    for line in lines:
        text = line.strip()
        command = text.lower()
        finished = False
        if command == "q":
            out("quit")
            break
        if command == "h":
            out(game.hint())
        elif command == "s":
            out(game.show())
            finished = True
        elif not text:
            out(f"type an answer, or {KEYS}")
        else:
            reply = game.answer(text)
            out(reply.message)
            finished = reply.ok
        if finished:
            out(f"difficulty: {game.difficulty()}")
            out(f"score: {game.score}")
            if rounds is not None and game.score.hands >= rounds:
                out(f"played {rounds} hand{'s' if rounds != 1 else ''}")
                break
            game.next_hand()
            out(banner(game))
    else:
        out("end of input")
    out(f"final score: {game.score}")
    return game.score


def terminal_lines(prompt: str = "> ") -> Iterator[str]:
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


def _whole_number(name: str, low: int | None = None):
    import argparse

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}") from None
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"{name} must be at least {low}, not {value}")
        return value

    return convert


def add_command(commands) -> None:
    """Add `t24 play` to the command line's subcommands."""
    from .cli import target_arg

    parser = commands.add_parser(
        "play", help="practise: make the target from dealt cards",
        description="Deal hands to solve. Type an answer; h gives a hint, s shows an answer, q quits.",
    )
    parser.add_argument("--target", type=target_arg, default=as_target(24), help="what to make (default 24)")
    parser.add_argument("--low", type=_whole_number("--low"), default=1, help="lowest card (default 1)")
    parser.add_argument("--high", type=_whole_number("--high"), default=13, help="highest card (default 13)")
    parser.add_argument("--count", type=_whole_number("--count"), default=4, help=f"cards per hand, {MIN_COUNT} to {MAX_COUNT} (default 4)")
    parser.add_argument("--seed", type=_whole_number("--seed"), default=None, help="seed the deal, to replay the same hands")
    parser.add_argument("--any", dest="any_hand", action="store_true", help="deal any hand; 'none' answers one that cannot be done")
    parser.add_argument("--rounds", type=_whole_number("--rounds", 1), default=None, help="stop after this many hands")
    parser.set_defaults(run=run_play)


def run_play(args) -> int:
    """`t24 play`: the loop on stdin and stdout; 0 at the end, 130 after Ctrl-C."""
    game = Game(args.target, args.low, args.high, args.count, args.seed, args.any_hand)
    # Text that is not UTF-8, or a terminal that cannot show a character, must not end the game.
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=errors)

    def out(text: str) -> None:
        print(text, flush=True)

    try:
        play(terminal_lines(), out, game, args.rounds)
    except KeyboardInterrupt:
        print()
        print(f"interrupted; final score: {game.score}")
        return 130
    return 0
