"""Approach 1, pattern strings, as "24点解法" (part one) runs it, its steps as lesson 01 tells them:
(1) write down every bracket pattern, (2) put the cards in, in every order, (3) put the operators
in, (4) work out each text and keep a hit. t24 parses the text (never `eval`) in exact fractions
(the post: a script engine and a 0.001 tolerance) and takes any whole numbers (the post: 1 to 9).

    >>> search((3, 3, 8, 8), 24)
    ['8/(3-8/3)', '8/(3-(8/3))']
"""

import itertools
from fractions import Fraction

from ..expr import Expr, Num
from ..hand import NUMBERS, InputError, orderings
from ..parse import parse
from ..text import _, plural

PATTERNS = (  # the post's list, in its order
    "nononon",
    "(non)onon",
    "no(non)on",
    "nono(non)",
    "(nonon)on",
    "no(nonon)",
    "(non)o(non)",
    "((non)on)on",
    "(no(non))on",
    "no(no(non))",
    "no((non)on)",
)
OPERATORS = "+-*/"


def search(hand: tuple[int, ...], target: Fraction, first: bool = False) -> list[str]:
    """The post's three loops: each pattern, ordering and operator triple; `first` stops at a hit."""
    hits = []
    for pattern in patterns_for(len(hand)):  # 24点解法, step 1: every bracket pattern
        for numbers in orderings(hand):  # step 2: the cards in every order, repeats skipped
            for ops in itertools.product(OPERATORS, repeat=len(hand) - 1):  # step 3: operators
                text = fill(pattern, numbers, ops)
                if evaluate(text) == target:  # step 4: work the text out, keep a hit
                    hits.append(text)
                    if first:
                        return hits
    return hits


def place(template: str, numbers, ops) -> list:
    """The template with its `n`s replaced by the numbers and its `o`s by the operators, in order.

    >>> place("(non)o(non)", "1234", "+-*")
    ['(', '1', '+', '2', ')', '-', '(', '3', '*', '4', ')']
    """
    count, slots = template.count("n"), template.count("o")
    if (len(numbers), len(ops)) != (count, slots):
        refusal = _("{template} takes {numbers} and {ops}").format(
            template=template,
            numbers=plural(count, *NUMBERS),
            ops=plural(slots, "{n} operator", "{n} operators"),
        )
        raise InputError(refusal)
    numbers = iter(numbers)
    ops = iter(ops)
    return [next(numbers) if c == "n" else next(ops) if c == "o" else c for c in template]


def fill(pattern: str, numbers, ops) -> str:
    """Put the numbers at the pattern's `n`s and the operators at its `o`s: the text to evaluate."""
    texts = [str(Num(n)) if isinstance(n, int) else str(n) for n in numbers]
    return "".join(place(pattern, texts, ops))


def evaluate(text: str) -> Fraction | None:
    """The exact value of a filled pattern, read by t24's parser; None when it divides by zero."""
    try:
        return parse(text).value
    except ZeroDivisionError:
        return None


def make_patterns(count: int) -> tuple[str, ...]:
    """Every pattern for `count` numbers: a row of two or more items joined by `o`, each item `n`
    or a pattern in brackets (so no pair stands around everything, or right around another).

    >>> make_patterns(3)
    ('nonon', '(non)on', 'no(non)')
    """
    found = _rows(count, least=2) or ["n"]  # one number is a pattern without any `o`
    return tuple(sorted(found, key=lambda pattern: (pattern.count("("), pattern)))


def _items(count: int) -> list[str]:
    """`count` numbers as one item: the number `n` alone, or a pattern in brackets."""
    if count == 1:
        return ["n"]
    return [f"({pattern})" for pattern in make_patterns(count)]


def _rows(count: int, least: int) -> list[str]:
    """`count` numbers as a row of `least` or more items joined by `o`."""
    rows = _items(count) if least == 1 else []
    for first in range(1, count):  # the first item takes this many numbers, the rest the others
        for head in _items(first):
            for rest in _rows(count - first, least=1):
                rows.append(f"{head}o{rest}")
    return rows


def patterns_for(count: int) -> tuple[str, ...]:
    """The post's 11 patterns for four numbers, generated ones for any other count."""
    return PATTERNS if count == 4 else make_patterns(count)


def solve(hand: tuple[int, ...], target: Fraction, first: bool = False) -> list[Expr]:
    """The trees the pattern loops find, in the loops' order, each once."""
    return list(dict.fromkeys(parse(text) for text in search(hand, target, first)))
