"""Approach 1, pattern strings, as the post "24点解法" runs it (its Java, part one).

The post writes down the 11 ways to place four numbers `n` and three operators `o` with none,
one or two pairs of brackets (`nononon`, `(non)onon`, ... `no((non)on)`), then runs three loops:
for each pattern, for each ordering of the cards (repeats removed), for each of the
4 × 4 × 4 = 64 operator triples, fill the pattern into text and evaluate the text; keep the hits.
That is 11 × 24 × 64 = 16,896 candidates for four different cards.

This module runs exactly those loops: `candidates` fills the text, `evaluate` reads it back with
t24's safe parser (`t24.parse`, never `eval`) and computes it with exact fractions. What t24
changes: exact values instead of a script engine and a 0.001 tolerance, numbers of any size (the
post filled single characters, so cards stopped at 9), patterns generated for any count of
numbers, and counters that show how many hits are one tree written with other brackets.
`t24.methods.compiled` runs the same candidates with each one compiled once.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..expr import DivisionByZero, Expr, Num
from ..hand import Hand, as_hand, as_target, orderings
from ..parse import parse
from .sizes import pattern_candidates

# The post's list, literally, in its order.
PATTERNS = (
    "nononon", "(non)onon", "no(non)on", "nono(non)", "(nonon)on", "no(nonon)",
    "(non)o(non)", "((non)on)on", "(no(non))on", "no(no(non))", "no((non)on)",
)
OPERATORS = "+-*/"


def make_patterns(count: int) -> tuple[str, ...]:
    """Every infix pattern for `count` numbers: each way to place non-redundant bracket pairs."""
    if count < 1:
        raise ValueError("a pattern needs at least one number")
    spans = [(i, j) for i in range(count) for j in range(i + 1, count) if (i, j) != (0, count - 1)]
    found = []

    def extend(start: int, chosen: list) -> None:
        found.append(_pattern_text(count, chosen))
        for k in range(start, len(spans)):
            if all(_nested_or_apart(spans[k], other) for other in chosen):
                extend(k + 1, chosen + [spans[k]])

    extend(0, [])
    return tuple(sorted(found, key=lambda p: (p.count("("), p)))


def _nested_or_apart(a: tuple, b: tuple) -> bool:
    (i, j), (k, m) = a, b
    return j < k or m < i or (i <= k and m <= j) or (k <= i and j <= m)


def _pattern_text(count: int, spans: list) -> str:
    text = []
    for position in range(count):
        opens = sum(1 for i, _ in spans if i == position)
        closes = sum(1 for _, j in spans if j == position)
        text.append("(" * opens + "n" + ")" * closes)
    return "o".join(text)


def patterns_for(count: int) -> tuple[str, ...]:
    """The post's 11 patterns for four numbers, generated ones for any other count."""
    return PATTERNS if count == 4 else make_patterns(count)


def operator_choices(count: int = 3) -> list[str]:
    """Every way to pick `count` operators: 4 ** count strings, '+++' to '///'."""
    return ["".join(ops) for ops in itertools.product(OPERATORS, repeat=count)]


def fill(pattern: str, numbers: Sequence, ops: str) -> str:
    """Put numbers at the pattern's `n`s and operators at its `o`s: the text to evaluate."""
    numbers_left = iter(numbers)
    ops_left = iter(ops)
    out = []
    for char in pattern:
        if char == "n":
            item = next(numbers_left)
            out.append(Num(item).format() if isinstance(item, int) else str(item))
        elif char == "o":
            out.append(next(ops_left))
        else:
            out.append(char)
    return "".join(out)


def evaluate(text: str) -> Fraction | None:
    """The exact value of a filled pattern, or None when it divides by zero."""
    try:
        return parse(text).value
    except DivisionByZero:
        return None


def candidates(hand: Sequence[int]) -> Iterator[tuple[str, Hand, str, str]]:
    """The post's three loops: (pattern, numbers, ops, filled text) for every candidate."""
    hand = as_hand(hand)
    for pattern in patterns_for(len(hand)):
        for numbers in orderings(hand):
            for ops in operator_choices(len(hand) - 1):
                yield pattern, numbers, ops, fill(pattern, numbers, ops)


def count_candidates(hand: Sequence[int]) -> int:
    """How many candidates the three loops make: patterns × orderings × operator choices."""
    return pattern_candidates(as_hand(hand))


@dataclass
class PatternSearch:
    """What the loops found, with the counters a notebook shows."""

    hand: Hand
    target: Fraction
    generated: int = 0  # texts filled
    parsed: int = 0  # texts read back by the parser
    division_by_zero: int = 0
    hit_texts: list[str] = field(default_factory=list)
    trees: dict = field(default_factory=dict)  # each distinct tree -> the first text that gave it

    @property
    def evaluated(self) -> int:
        """Candidates that had a value (the rest divide by zero)."""
        return self.parsed - self.division_by_zero

    @property
    def hits(self) -> int:
        """Hit strings: candidates whose text makes the target."""
        return len(self.hit_texts)

    @property
    def redundant(self) -> int:
        """Hit strings that are a tree already found, written with other brackets."""
        return self.hits - len(self.trees)


def search(hand: Sequence[int], target=24, first: bool = False) -> PatternSearch:
    """Fill every candidate, read it back, evaluate it exactly; `first` stops at the first hit."""
    hand, target = as_hand(hand), as_target(target)
    result = PatternSearch(hand, target)
    for _pattern, _numbers, _ops, text in candidates(hand):
        result.generated += 1
        expr = parse(text)
        result.parsed += 1
        try:
            value = expr.value
        except DivisionByZero:
            result.division_by_zero += 1
            continue
        if value == target:
            result.hit_texts.append(text)
            result.trees.setdefault(expr, text)
            if first:
                break
    return result


def solve(hand: Sequence[int], target=24, first: bool = False) -> list[Expr]:
    """The trees the pattern loops find, in the loops' order, each once."""
    return list(search(hand, target, first).trees)
