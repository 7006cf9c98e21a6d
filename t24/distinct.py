"""Distinct answers: two expressions are the same answer when swapping the operands of + or ×
and regrouping inside one sum or product (reading a − b as a + (−b), a ÷ b as a × b⁻¹) turns one
into the other. "24点解法" prints 4 5 6 7 as 28 strings; a person sees two answers.

A sum is a multiset of signed terms, a product a multiset of factors with exponent ±1, so
a − (b − c) ≡ c + a − b; nothing else is identified ((a − b) × (c − d) and (b − a) × (d − c),
x × 1 and x ÷ 1, 2 + 2 and 2 × 2 stay apart). The canonical form is a nested sorted tuple; each
class is shown by one readable representative built from it: no unary minus, fewest brackets.
"""

from __future__ import annotations

from collections.abc import Iterable

from .expr import BinOp, Expr, Num, value_or_none

Key = tuple  # ("n", int) | ("+", ((sign, Key), ...)) | ("*", ((exponent, Key), ...))

_KIND = {"+": "+", "-": "+", "*": "*", "/": "*"}


def _items(key: Key, kind: str, sign: int) -> list:
    """The signed items a sub-form contributes to a sum or product of this kind."""
    if key[0] == kind:
        return [(s * sign, k) for s, k in key[1]]
    return [(sign, key)]


def combine_key(op: str, left: Key, right: Key) -> Key:
    """The canonical form of `left op right`, from the forms of its operands."""
    kind = _KIND[op]
    sign = -1 if op in "-/" else 1
    return (kind, tuple(sorted(_items(left, kind, 1) + _items(right, kind, sign))))


def canonical(expr: Expr) -> Key:
    """The canonical form (a nested, sorted tuple): equal exactly when two expressions are the same answer."""
    if isinstance(expr, Num):
        return ("n", expr.n)
    return combine_key(expr.op, canonical(expr.left), canonical(expr.right))


def _order(exprs: list[Expr]) -> list[Expr]:
    """Larger values first; equal values (or no value, after x/0) in a fixed textual order."""

    def key(expr: Expr):
        value = value_or_none(expr)
        return (value is None, -(value or 0), str(expr))

    return sorted(exprs, key=key)


def representative(key: Key) -> Expr:
    """The readable expression for a canonical form: no unary minus, larger terms first."""
    if key[0] == "n":
        return Num(key[1])
    plus, minus = ("+", "-") if key[0] == "+" else ("*", "/")
    ups = _order([representative(k) for s, k in key[1] if s > 0])
    downs = _order([representative(k) for s, k in key[1] if s < 0])
    result = ups[0]
    for term in ups[1:]:
        result = BinOp(plus, result, term)
    for term in downs:
        result = BinOp(minus, result, term)
    return result


def sort_answers(exprs: Iterable[Expr]) -> list[Expr]:
    """The order distinct answers are listed in: fewer brackets first, then by text."""
    return sorted(exprs, key=lambda e: (str(e).count("("), str(e)))


def distinct(exprs: Iterable[Expr]) -> list[Expr]:
    """One representative per distinct answer, in the common order."""
    keys = dict.fromkeys(canonical(expr) for expr in exprs)
    return sort_answers(representative(key) for key in keys)
