"""Approach 2, postfix enumeration, from "24点解法" (part two) and "24点扑克牌游戏的算法实现", whose
steps lesson 02 tells: (1) fix an ordering of the cards, (2) fix an operator triple, (3) make every
push/pop order of that sequence, (4) evaluate each with a stack and keep a hit. t24 adds exact
fractions, any numbers, and an infix that keeps the tree (the Java post prints `7 6 5 - -` as
`7 - 6 - 5`: `article_to_infix`).

    >>> search((3, 3, 8, 8), 24)
    [(8, 3, 8, 3, '/', '-', '/')]
"""

import itertools
from fractions import Fraction

from ..expr import OPS, PRECEDENCE, BinOp, Expr, Num
from ..hand import InputError, orderings
from ..text import said, shown
from .patterns import place

SHAPES = ("nnonnoo", "nnonono", "nnnoono", "nnnonoo", "nnnnooo")  # the Java post's list


def search(hand: tuple[int, ...], target: Fraction, first: bool = False) -> list[tuple]:
    """The C++ post's loops: each ordering, operator triple and stack order; `first`: stop at a hit."""
    hits = []
    for numbers in orderings(hand):  # 24点扑克牌游戏的算法实现, step 1: an ordering of the cards
        for ops in itertools.product(OPS, repeat=len(hand) - 1):  # step 2: an operator triple
            for tokens in stack_orders(numbers, ops):  # step 3: every push/pop order
                if evaluate(tokens) == target:  # step 4: evaluate with a stack, keep a hit
                    hits.append(tokens)
                    if first:
                        return hits
    return hits


def stack_orders(numbers, ops) -> list[tuple]:
    """The C++ post's recursion: push the next number, or pop two and apply the next operator.

    >>> stack_orders((1, 2, 3), "+*")
    [(1, 2, '+', 3, '*'), (1, 2, 3, '+', '*')]
    """
    orders = []

    def walk(height: int, pushed: int, applied: int, tokens: tuple) -> None:
        if pushed == len(numbers) and applied == len(ops):  # step 3: everything used, keep it
            orders.append(tokens)
        if height >= 2 and applied < len(ops):  # step 3: pop two, apply the next operator
            walk(height - 1, pushed, applied + 1, tokens + (ops[applied],))
        if pushed < len(numbers):  # step 3: push the next number
            walk(height + 1, pushed + 1, applied, tokens + (numbers[pushed],))

    walk(0, 0, 0, ())
    return orders


def evaluate(tokens, number=Fraction, combine=lambda op, left, right: OPS[op](left, right)):
    """The stack machine: push each number; for an operator pop two, combine, push; None on ÷ 0.

    >>> evaluate((8, 3, 8, 3, "/", "-", "/"))
    Fraction(24, 1)
    """
    stack = []
    try:
        for token in tokens:
            if token in OPS:
                right = stack.pop()
                left = stack.pop()
                stack.append(combine(token, left, right))
            else:
                stack.append(number(token))
    except ZeroDivisionError:
        return None
    except (IndexError, ValueError):  # an operator without two numbers, a token like 'x' or ' '
        refusal = said("{tokens} is not postfix like (8, 3, '/')", tokens=shown(tokens))
        raise InputError(refusal) from None
    return stack.pop()


def to_infix(tokens) -> Expr:
    """The tree of a postfix sequence; `str` of it brackets the right operand of - and / too.

    >>> str(to_infix((7, 6, 5, "-", "-")))
    '7 - (6 - 5)'
    """
    return evaluate(tokens, Num, BinOp)


def article_to_infix(tokens) -> str:
    """The Java post's converter, kept to show its defect: it brackets by precedence alone.

    >>> article_to_infix((7, 6, 5, "-", "-"))
    '7 - 6 - 5'
    """

    def join(op: str, *operands: tuple[str, int]) -> tuple[str, int]:
        left, right = (f"({text})" if binds < PRECEDENCE[op] else text for text, binds in operands)
        return f"{left} {op} {right}", PRECEDENCE[op]

    return evaluate(tokens, lambda n: (str(n), 3), join)[0]


def fill(shape: str, numbers, ops) -> tuple:
    """Put the numbers at the shape's `n`s and the operators at its `o`s."""
    return tuple(place(shape, numbers, ops))


def make_shapes(count: int) -> tuple[str, ...]:
    """Every postfix shape for `count` numbers, in the stack recursion's order."""
    return tuple("".join(order) for order in stack_orders("n" * count, "o" * (count - 1)))


def solve(hand: tuple[int, ...], target: Fraction, first: bool = False) -> list[Expr]:
    """The trees postfix enumeration finds, in the loops' order, each once."""
    return list(dict.fromkeys(to_infix(tokens) for tokens in search(hand, target, first)))
