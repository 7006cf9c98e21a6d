"""Approach 1, pattern strings, as "24点解法" (part one) runs it: for each of the post's 11 bracket
patterns, each ordering of the cards (repeats skipped) and each of the 64 operator triples, fill
the pattern and evaluate the text. t24 parses the text (never `eval`) in exact fractions (the
post: a script engine and a 0.001 tolerance) and fills whole numbers (the post stopped at 9).
"""

import itertools
from fractions import Fraction

from ..expr import Expr, Num
from ..hand import InputError, orderings
from ..parse import parse

PATTERNS = tuple(  # the post's list, in its order
    "nononon (non)onon no(non)on nono(non) (nonon)on no(nonon) "
    "(non)o(non) ((non)on)on (no(non))on no(no(non)) no((non)on)".split()
)
OPERATORS = "+-*/"


def search(hand: tuple[int, ...], target: Fraction, first: bool = False) -> list[str]:
    """The post's three loops: each pattern, ordering and operator triple; `first` stops at a hit."""
    hits = []
    for pattern in patterns_for(len(hand)):
        for numbers in orderings(hand):
            for ops in itertools.product(OPERATORS, repeat=len(hand) - 1):
                text = fill(pattern, numbers, ops)
                if evaluate(text) == target:
                    hits.append(text)
                    if first:
                        return hits
    return hits


def fill(pattern: str, numbers, ops) -> str:
    """Put the numbers at the pattern's `n`s and the operators at its `o`s: the text to evaluate."""
    slots = pattern.count("n"), pattern.count("o")
    if (len(numbers), len(ops)) != slots:
        raise InputError(f"{pattern} takes {slots[0]} numbers and {slots[1]} operators")
    texts = iter([str(Num(n)) if isinstance(n, int) else str(n) for n in numbers])
    ops = iter(ops)
    return "".join(next(texts) if c == "n" else next(ops) if c == "o" else c for c in pattern)


def evaluate(text: str) -> Fraction | None:
    """The exact value of a filled pattern, read by t24's parser; None when it divides by zero."""
    try:
        return parse(text).value
    except ZeroDivisionError:
        return None


def make_patterns(count: int) -> tuple[str, ...]:
    """Every pattern for `count` numbers: items joined by `o`, each `n` or a bracketed pattern."""

    def items(n: int) -> list[str]:  # n numbers as one item
        return ["n"] if n == 1 else [f"({inner})" for inner in make_patterns(n)]

    def rows(n: int, least: int) -> list[str]:  # n numbers as `least` or more items
        one = items(n) if least == 1 else []
        return one + [f"{h}o{r}" for k in range(1, n) for h in items(k) for r in rows(n - k, 1)]

    return tuple(sorted(rows(count, 2) or ["n"], key=lambda p: (p.count("("), p)))


def patterns_for(count: int) -> tuple[str, ...]:
    """The post's 11 patterns for four numbers, generated ones for any other count."""
    return PATTERNS if count == 4 else make_patterns(count)


def solve(hand: tuple[int, ...], target: Fraction, first: bool = False) -> list[Expr]:
    """The trees the pattern loops find, in the loops' order, each once."""
    return list(dict.fromkeys(parse(text) for text in search(hand, target, first)))
