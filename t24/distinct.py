"""Distinct answers: the same answer up to swapping the operands of + and × and regrouping one
sum or product (a − b read as a + (−b), a ÷ b as a × b⁻¹); nothing else is identified. The
canonical form is a nested sorted tuple; each class shows one readable representative.

    >>> from t24 import parse
    >>> canonical(parse("(8 - 3) - 1")) == canonical(parse("8 - (1 + 3)"))
    True
    >>> [str(e) for e in distinct([parse("8 * 3 + 1 - 1"), parse("1 + 3 * 8 - 1")])]
    ['8 * 3 + 1 - 1']
"""

from collections.abc import Iterable

from .expr import BinOp, DivisionByZero, Expr, Num

Key = tuple  # ("n", int) | ("+", ((sign, Key), ...)) | ("*", ((exponent, Key), ...))

_KIND = {"+": "+", "-": "+", "*": "*", "/": "*"}


def combine_key(op: str, left: Key, right: Key) -> Key:
    """The canonical form of `left op right`: a sum or product takes in its operands' items."""
    kind = _KIND[op]
    items = []
    for key, sign in ((left, 1), (right, -1 if op in "-/" else 1)):
        if key[0] == kind:  # a sum inside a sum (a product in a product) gives up its items
            items += [(s * sign, k) for s, k in key[1]]
        else:
            items.append((sign, key))
    return (kind, tuple(sorted(items)))


def canonical(expr: Expr) -> Key:
    """The canonical form (a nested, sorted tuple): equal exactly when two expressions are the same answer."""
    if isinstance(expr, Num):
        return ("n", expr.n)
    return combine_key(expr.op, canonical(expr.left), canonical(expr.right))


def _by_value(expr: Expr) -> tuple:
    """Larger values first; equal values (or no value, after x/0) in a fixed textual order."""
    try:
        return (False, -expr.value, str(expr))
    except DivisionByZero:
        return (True, 0, str(expr))


def representative(key: Key) -> Expr:
    """The readable expression for a canonical form: no unary minus, larger terms first."""
    if key[0] == "n":
        return Num(key[1])
    plus, minus = ("+", "-") if key[0] == "+" else ("*", "/")
    ups = sorted((representative(k) for s, k in key[1] if s > 0), key=_by_value)
    downs = sorted((representative(k) for s, k in key[1] if s < 0), key=_by_value)
    result = ups[0]
    for term in ups[1:]:  # the terms added (or multiplied) left to right
        result = BinOp(plus, result, term)
    for term in downs:  # then the others taken away (or divided by)
        result = BinOp(minus, result, term)
    return result


def sort_answers(exprs: Iterable[Expr]) -> list[Expr]:
    """The order distinct answers are listed in: fewer brackets first, then by text."""
    return sorted(exprs, key=lambda e: (str(e).count("("), str(e)))


def distinct(exprs: Iterable[Expr]) -> list[Expr]:
    """One representative per distinct answer, in the common order."""
    keys = dict.fromkeys(canonical(expr) for expr in exprs)
    return sort_answers(representative(key) for key in keys)
