"""Distinct answers: the canonical form identifies exactly what the definition says."""

import random
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import t24
from t24 import BinOp, Num, parse
from t24.distinct import canonical, distinct, representative


def same(a, b):
    return canonical(parse(a)) == canonical(parse(b))


@pytest.mark.parametrize(
    "a, b",
    [
        ("1 - (2 - 3)", "1 - 2 + 3"),
        ("1 - 2 + 3", "3 + 1 - 2"),
        ("1 / (2 / 3)", "1 * 3 / 2"),
        ("(5 + 7) * (6 - 4)", "(6 - 4) * (7 + 5)"),
        ("(7 + 5 - 6) * 4", "4 * ((5 - 6) + 7)"),
        ("(7 + 5 - 6) * 4", "4 * (7 - (6 - 5))"),
        ("(5 - (6 - 7)) * 4", "(5 + (7 - 6)) * 4"),
        ("8 / (3 - 8 / 3)", "8 / (3 - (8 / 3))"),
        ("1 + 2 + 3 + 4", "4 + (3 + (2 + 1))"),
        ("1 / 2 / 3", "1 / (2 * 3)"),
    ],
)
def test_same_answer(a, b):
    assert same(a, b)


@pytest.mark.parametrize(
    "a, b",
    [
        ("(1 - 2) * (3 - 4)", "(2 - 1) * (4 - 3)"),
        ("5 * 1", "5 / 1"),
        ("2 + 2", "2 * 2"),
        ("(5 - 1 / 5) * 5", "5 * 5 - 1 / 5 * 5"),  # no distributing
        ("1 - 2", "2 - 1"),
        ("6 / (5 / 4 - 1)", "4 / (1 - 5 / 6)"),
    ],
)
def test_different_answers(a, b):
    assert not same(a, b)


leaves = st.integers(min_value=0, max_value=13).map(Num)
trees = st.recursive(
    leaves, lambda c: st.builds(BinOp, st.sampled_from("+-*/"), c, c), max_leaves=6
)


@settings(max_examples=300, deadline=None)
@given(trees)
def test_representative_is_in_its_class_with_the_same_value_and_cards(expr):
    rep = representative(canonical(expr))
    assert canonical(rep) == canonical(expr)
    assert sorted(rep.leaves()) == sorted(expr.leaves())
    try:
        value = expr.value
    except ZeroDivisionError:
        return
    assert rep.value == value
    assert "(-" not in str(rep)  # no unary minus


@settings(max_examples=200, deadline=None)
@given(trees)
def test_swapping_commutative_operands_keeps_the_class(expr):
    def swap(e):
        if isinstance(e, Num):
            return e
        left, right = swap(e.left), swap(e.right)
        return BinOp(e.op, right, left) if e.op in "+*" else BinOp(e.op, left, right)

    assert canonical(swap(expr)) == canonical(expr)


def test_article_4567_strings_are_two_answers():
    texts = t24.methods.patterns.search([4, 5, 6, 7]).hit_texts
    assert len(texts) == 28
    answers = distinct(parse(t) for t in texts)
    assert [str(a) for a in answers] == ["(7 + 5 - 6) * 4", "(7 + 5) * (6 - 4)"]


def test_distinct_answers_agree_across_methods_on_a_fixed_sample():
    deck = list(combinations_with_replacement(range(1, 14), 4))
    sample = random.Random(24).sample(deck, 8)  # every hand: the whole-deck agreement test
    for hand in sample:
        lists = [t24.solve(hand, method=m, distinct=True) for m in t24.METHODS]
        assert all(lst == lists[0] for lst in lists), hand
        keys = [canonical(e) for e in lists[0]]
        assert len(set(keys)) == len(keys)
        for expr in lists[0]:
            assert expr.value == 24 and sorted(expr.leaves()) == sorted(hand)


def test_representatives_read_naturally():
    assert str(representative(canonical(parse("4 * ((5 - 6) + 7)")))) == "(7 + 5 - 6) * 4"
    assert str(representative(canonical(parse("(6 - 4) * (5 + 7)")))) == "(7 + 5) * (6 - 4)"
    assert str(representative(canonical(parse("1 - (2 - 3)")))) == "3 + 1 - 2"
