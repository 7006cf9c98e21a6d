"""The expression model: exact values, fewest brackets, LaTeX and the round trip."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from t24 import BinOp, DivisionByZero, Num, parse
from t24.methods import postfix


def test_values_are_exact_and_division_by_zero_is_named():
    assert parse("8/(3-8/3)").value == 24 and parse("1/3").value == Fraction(1, 3)
    assert isinstance(parse("(5-1/5)*5").value, Fraction)
    with pytest.raises(DivisionByZero, match=r"^1 / \(3 - 3\) divides by zero$"):  # the part
        _ = parse("2 + 1/(3-3)").value
    assert isinstance(DivisionByZero("x"), ZeroDivisionError)


def test_trees_are_immutable_and_comparable():
    expr = parse("1+2")
    with pytest.raises(AttributeError):
        expr.op = "-"
    assert expr == BinOp("+", Num(1), Num(2)) and len({parse("1 + 2"), parse("(1+2)")}) == 1
    with pytest.raises(TypeError):
        Num(1.5)
    with pytest.raises(ValueError):
        BinOp("^", Num(1), Num(2))
    assert parse("(10*10-4)/4").pretty() == "(10 \u00d7 10 \u2212 4) \u00f7 4"
    assert parse("(10*10-4)/4").postfix() == (10, 10, "*", 4, "-", 4, "/")
    assert parse("(10*10-4)/4").leaves() == (10, 10, 4, 4)


@pytest.mark.parametrize(
    "typed, latex",
    [
        ("8/(3-8/3)", r"\frac{8}{3 - \dfrac{8}{3}}"),
        ("(10*10-4)/4", r"\frac{10 \times 10 - 4}{4}"),
        ("(5-1/5)*5", r"\left(5 - \frac{1}{5}\right) \times 5"),
        ("7-(6-5)", r"7 - \left(6 - 5\right)"),
        ("6/(5/4-1)*2", r"\frac{6}{\dfrac{5}{4} - 1} \times 2"),
        ("5-(-3)", r"5 - (-3)"),
    ],
)
def test_latex_from_the_tree(typed, latex):
    assert parse(typed).to_latex() == latex


# ---- properties -------------------------------------------------------------------------

leaves = st.integers(min_value=-20, max_value=200).map(Num)
trees = st.recursive(
    leaves,
    lambda children: st.builds(BinOp, st.sampled_from("+-*/"), children, children),
    max_leaves=9,
)


def value(expr):
    """The exact value, or None after a division by zero."""
    try:
        return expr.value
    except DivisionByZero:
        return None


def bracket_pairs(text):
    """(open, close) index pairs of the brackets in text."""
    stack, pairs = [], []
    for index, char in enumerate(text):
        if char == "(":
            stack.append(index)
        elif char == ")":
            pairs.append((stack.pop(), index))
    return pairs


@settings(max_examples=400, deadline=None)
@given(trees)
def test_a_printed_tree_reads_back_the_same_and_every_bracket_pair_is_needed(expr):
    assert parse(str(expr)) == expr
    assert parse(expr.pretty()) == expr
    assert postfix.to_infix(expr.postfix()) == expr
    text = str(expr)
    for start, end in bracket_pairs(text):
        if text[start + 1] == "-" and text[start + 2 : end].isdigit():
            continue  # a negative card's own brackets: without them it would not parse
        shorter = text[:start] + text[start + 1 : end] + text[end + 1 :]
        reread = parse(shorter)
        assert reread != expr or value(reread) != value(expr)
