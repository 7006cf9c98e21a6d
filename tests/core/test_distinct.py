"""Distinct answers: the canonical form identifies exactly what the definition says."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from t24 import BinOp, Num, parse
from t24.distinct import canonical, representative


@pytest.mark.parametrize(
    "a, b, same",
    [
        ("1 - (2 - 3)", "1 - 2 + 3", True),
        ("1 - 2 + 3", "3 + 1 - 2", True),
        ("1 / (2 / 3)", "1 * 3 / 2", True),
        ("(5 + 7) * (6 - 4)", "(6 - 4) * (7 + 5)", True),
        ("(7 + 5 - 6) * 4", "4 * ((5 - 6) + 7)", True),
        ("(7 + 5 - 6) * 4", "4 * (7 - (6 - 5))", True),
        ("(5 - (6 - 7)) * 4", "(5 + (7 - 6)) * 4", True),
        ("8 / (3 - 8 / 3)", "8 / (3 - (8 / 3))", True),
        ("1 + 2 + 3 + 4", "4 + (3 + (2 + 1))", True),
        ("1 / 2 / 3", "1 / (2 * 3)", True),
        ("(1 - 2) * (3 - 4)", "(2 - 1) * (4 - 3)", False),
        ("5 * 1", "5 / 1", False),
        ("2 + 2", "2 * 2", False),
        ("(5 - 1 / 5) * 5", "5 * 5 - 1 / 5 * 5", False),  # no distributing
        ("1 - 2", "2 - 1", False),
        ("6 / (5 / 4 - 1)", "4 / (1 - 5 / 6)", False),
    ],
)
def test_same_answer_exactly_when_the_definition_says(a, b, same):
    assert (canonical(parse(a)) == canonical(parse(b))) == same


@pytest.mark.parametrize(
    "typed, shown",
    [
        ("4 * ((5 - 6) + 7)", "(7 + 5 - 6) * 4"),
        ("(6 - 4) * (5 + 7)", "(7 + 5) * (6 - 4)"),
        ("1 - (2 - 3)", "3 + 1 - 2"),
    ],
)
def test_representatives_read_naturally(typed, shown):
    assert str(representative(canonical(parse(typed)))) == shown


leaves = st.integers(min_value=0, max_value=13).map(Num)
trees = st.recursive(
    leaves, lambda c: st.builds(BinOp, st.sampled_from("+-*/"), c, c), max_leaves=6
)


def swap(e):
    """The expression with the operands of every + and × swapped: the same answer."""
    if isinstance(e, Num):
        return e
    left, right = swap(e.left), swap(e.right)
    return BinOp(e.op, right, left) if e.op in "+*" else BinOp(e.op, left, right)


@settings(max_examples=300, deadline=None)
@given(trees)
def test_representative_is_in_its_class_with_the_same_value_and_cards(expr):
    rep = representative(canonical(expr))
    assert canonical(rep) == canonical(expr) == canonical(swap(expr))
    assert sorted(rep.leaves()) == sorted(expr.leaves()) and "(-" not in str(rep)  # no unary -
    try:
        value = expr.value
    except ZeroDivisionError:
        return
    assert rep.value == value
