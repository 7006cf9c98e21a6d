"""Checking an answer someone typed: right value, exactly the dealt numbers, said precisely.

A `Verdict` is data (what kind, the part at fault); `Verdict.message` is the one place that says it.

    >>> verdict = check_answer([3, 3, 8, 8], "3*8-3+8")
    >>> verdict.ok, verdict.kind, verdict.value
    (False, 'value', Fraction(29, 1))
    >>> verdict.message
    '3 * 8 - 3 + 8 makes 29, not 24'
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .expr import DivisionByZero, Expr, ExpressionError
from .hand import Hand, as_hand, as_target
from .parse import parse
from .text import N_, _, describe, hand_text

# What a verdict says, by kind; `right` and `impossible` (a true "none") are the right ones.
VERDICTS = {
    "unreadable": N_("cannot read that: {error}"),
    "missing": N_("use exactly {hand} (not used: {missing})"),
    "extra": N_("use exactly {hand} (extra: {extra})"),
    "cards": N_("use exactly {hand} (not used: {missing}; extra: {extra})"),
    "zero": N_("{part} divides by zero"),
    "value": N_("{expr} makes {value}, not {target}"),
    "right": N_("{expr} = {target}, using exactly {hand}"),
    # for a game: no answer typed, or "none" said of a hand that can, or cannot, make the target
    "empty": N_("type an expression that makes {target} from {hand}"),
    "possible": N_("{hand} can make {target}; keep trying"),
    "impossible": N_("{hand} cannot make {target}"),
}


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check, as data: its `kind` (a key of `VERDICTS`), what was dealt, what was
    typed, and the part at fault (cards `missing` or `extra`, a division by zero, an `error`)."""

    kind: str
    hand: Hand
    target: Fraction
    expr: Expr | None = None
    value: Fraction | None = None
    missing: Hand = ()
    extra: Hand = ()
    part: Expr | None = None
    error: ExpressionError | None = None

    @property
    def ok(self) -> bool:
        """Whether the answer is right."""
        return self.kind in ("right", "impossible")

    @property
    def message(self) -> str:
        """The verdict in one line, in the language in use."""
        return self.sentence()

    def sentence(self, pretty: bool = False) -> str:
        """The verdict in one line; `pretty`: its expressions with − × ÷, as on paper."""

        def write(expr: Expr | None) -> str | None:
            return expr and (expr.pretty() if pretty else str(expr))

        return _(VERDICTS[self.kind]).format(
            error=self.error,
            hand=hand_text(self.hand),
            target=describe(self.target),
            expr=write(self.expr),
            value=self.value is not None and describe(self.value),
            missing=hand_text(self.missing),
            extra=hand_text(self.extra),
            part=write(self.part),
        )


def check_answer(numbers: Sequence[int], text: str, target=24) -> Verdict:
    """Whether `text` uses exactly `numbers` and equals `target`, with the part at fault if not."""
    hand = tuple(sorted(as_hand(numbers)))
    target = as_target(target)
    try:
        expr = parse(text)
    except ExpressionError as error:
        return Verdict("unreadable", hand, target, error=error)
    used = Counter(expr.leaves())
    dealt = Counter(hand)
    missing = tuple(sorted((dealt - used).elements()))
    extra = tuple(sorted((used - dealt).elements()))
    if missing or extra:
        kind = "cards" if missing and extra else "missing" if missing else "extra"
        return Verdict(kind, hand, target, expr, missing=missing, extra=extra)
    try:
        value = expr.value
    except DivisionByZero as error:
        return Verdict("zero", hand, target, expr, part=error.part)
    return Verdict("right" if value == target else "value", hand, target, expr, value)
