"""Checking an answer someone typed: right value, exactly the dealt numbers, said precisely."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .expr import DivisionByZero, Expr, ExpressionError
from .hand import as_hand, as_target
from .parse import parse
from .text import describe


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: `ok`, a one-line `message`, and the parsed expression if any."""

    ok: bool
    message: str
    expr: Expr | None = None
    value: Fraction | None = None


def _listing(counter: Counter) -> str:
    return " ".join(str(n) for n in sorted(counter.elements()))


def check_answer(numbers: Sequence[int], text: str, target=24) -> Verdict:
    """Whether `text` uses exactly `numbers` and equals `target`, with the reason if not."""
    hand, target = as_hand(numbers), as_target(target)
    try:
        expr = parse(text)
    except ExpressionError as error:
        return Verdict(False, f"cannot read that: {error}")
    used, dealt = Counter(expr.leaves()), Counter(hand)
    wrong = (("not used", dealt - used), ("extra", used - dealt))
    problems = [f"{word}: {_listing(cards)}" for word, cards in wrong if cards]
    if problems:
        return Verdict(False, f"use exactly {_listing(dealt)} ({'; '.join(problems)})", expr)
    try:
        value = expr.value
    except DivisionByZero:
        return Verdict(False, f"{expr} divides by zero", expr)
    if value != target:
        return Verdict(
            False, f"{expr} makes {describe(value)}, not {describe(target)}", expr, value
        )
    return Verdict(
        True, f"{expr} = {describe(target)}, using exactly {_listing(dealt)}", expr, value
    )
