"""The methods: the posts' own counts and examples, exactness, and agreement between methods."""

import dataclasses
import itertools
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest

import t24
from t24.hand import SearchTooLarge, orderings
from t24.methods import TABLE, fast, patterns, postfix, recursive, sizes


@pytest.mark.parametrize(
    "count, expected",
    [
        ([len(patterns.make_patterns(n)) for n in range(1, 6)], [1, 1, 3, 11, 45]),  # Schröder
        ([len(postfix.make_shapes(n)) for n in range(1, 7)], [1, 1, 2, 5, 14, 42]),  # Catalan
        (set(patterns.make_patterns(4)) == set(patterns.PATTERNS), True),
        (set(postfix.make_shapes(4)) == set(postfix.SHAPES), True),
        (sizes.pattern_candidates([4, 5, 6, 7]), 11 * 24 * 64),
        (sizes.postfix_candidates([4, 5, 6, 7]), 5 * 24 * 64),
        ([sizes.ordering_count(h) for h in [(1, 5, 5, 5), (4, 5, 6, 7), (3, 3, 8, 8)]], [4, 24, 6]),
        ([len(orderings(h)) for h in [(1, 5, 5, 5), (4, 5, 6, 7), (3, 3, 8, 8)]], [4, 24, 6]),
        (recursive.pairs(4), [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]),
        # the Java post prints 28 strings for 4 5 6 7, which are 20 trees
        (len(patterns.search((4, 5, 6, 7), Fraction(24))), 28),
        ({"(7+5)*(6-4)", "4*((5-6)+7)"} <= set(patterns.search((4, 5, 6, 7), Fraction(24))), True),
        (len(postfix.search((4, 5, 6, 7), Fraction(24))), 20),
        (len(t24.solve([4, 5, 6, 7], method="patterns")), 20),
    ],
)
def test_the_posts_counts(count, expected):
    assert count == expected


@pytest.mark.parametrize("method", t24.METHODS)
@pytest.mark.parametrize(
    "hand, expected",
    [
        ((3, 3, 8, 8), {"8 / (3 - 8 / 3)"}),
        ((1, 4, 5, 6), {"6 / (5 / 4 - 1)", "4 / (1 - 5 / 6)"}),
        ((1, 5, 5, 5), {"5 * (5 - 1 / 5)"}),
        ((4, 5, 6, 7), {"(7 + 5 - 6) * 4", "(7 + 5) * (6 - 4)"}),
        ((10, 10, 4, 4), {"(10 * 10 - 4) / 4"}),
        ((11, 12, 1, 6), {"(11 + 1) * 12 / 6"}),
        ((1, 1, 1, 1), set()),
        ((1, 1, 5, 9), set()),
        ((13, 13, 13, 13), set()),
    ],
)
def test_the_posts_examples_exactly_with_every_method(method, hand, expected):
    answers = t24.solve(hand, method=method)
    assert len(set(answers)) == len(answers) and t24.can_make(hand) == bool(expected)
    for expr in answers:  # each exact, from exactly the dealt cards
        assert expr.value == 24 and isinstance(expr.value, Fraction)
        assert Counter(expr.leaves()) == Counter(hand)
    assert {str(e) for e in t24.distinct.distinct(answers)} == expected


@pytest.mark.parametrize(
    "hand", [(4, 5, 6, 7), (3, 3, 8, 8), (1, 5, 5, 5), (2, 2, 6, 6), (1, 2, 3)]
)
@pytest.mark.parametrize("first", [False, True])
def test_as_written_and_compiled_give_the_same_trees_in_the_same_order(hand, first):
    def trees(method, hand=hand):
        return t24.solve(hand, method=method, first=first)

    assert trees("patterns") == trees("patterns-compiled")
    assert trees("postfix") == trees("postfix-compiled")
    assert trees("recursive") == trees("recursive", hand[::-1])  # whatever the deal's order
    if first:  # a real answer, the first of all of them
        assert len(trees("fast")) == len(trees("recursive")) <= 1
        assert trees("recursive") == recursive.solve(hand, 24)[:1]
    else:  # recursive reduction: the same trees up to the order of + and × operands
        assert set(trees("patterns")) == set(trees("postfix")) >= set(trees("recursive"))


@pytest.mark.parametrize("method", t24.METHODS)
def test_any_numbers_any_target(method):
    assert t24.solve([0, 0, 0, 0], 0, method=method)
    assert all(e.value == -3 for e in t24.solve([-1, 2, 3, 4], -3, method=method))
    thirds = t24.solve([1, 2, 3], "1/3", method=method, distinct=True)
    assert {str(e) for e in thirds} == {"(2 - 1) / 3", "1 - 2 / 3"}
    for first in (False, True):  # one card is sized in every mode
        assert [str(e) for e in t24.solve([24], method=method, first=first)] == ["24"]
    assert t24.solve([7], method=method) == [] and not t24.can_make([-24])
    assert t24.solve([4, 6], method=method, distinct=True) == [t24.parse("6 * 4")]
    assert t24.solve([1000000, 1000000], 1, method=method) == [t24.parse("1000000 / 1000000")]


@pytest.mark.parametrize(
    "hand, target",
    [((0, 0, 3, 8), 0), ((0, 2, 3, 4), 24), ((-2, 3, 5, 7), 24), ((1, 1, 2, 2), 0)]
    + [((2, 2, 2, 2, 3), 24), ((1, 1, 1, 1, 13), 0)],  # five cards, with repeats: in the limits
)
def test_every_method_that_takes_a_hand_agrees_on_its_distinct_answers(hand, target):
    methods = [m for m in t24.METHODS if TABLE[m].fits(hand)]
    lists = [t24.solve(hand, target, method=m, distinct=True) for m in methods]
    assert all(answers == lists[0] for answers in lists) and lists[0]


# Each hand past a method's limit, with the method the refusal names (None: no method copes).
REFUSED = [
    ((1, 2, 3, 4, 5), "patterns", "patterns-compiled"),
    ((0, 1, 2, 3, 4), "postfix", "postfix-compiled"),
    ((1, 2, 3, 4, 5, 6), "postfix", "fast"),
    ((1, 2, 3, 4, 5, 6), "recursive", "fast"),
    ((2, 2, 2, 2, 2, 2), "patterns-compiled", "fast"),
    ((0, 0, 0, 2, 2, 2), "postfix-compiled", "fast"),  # target 0: 200,000 answers to build
    ((0, 0, 1, 2, 3), "patterns-compiled", "fast"),
    ((0, 1, 2, 3, 4, 5), "fast", None),
    ((1, 2, 3, 4, 5, 6, 7), "fast", None),
]
# One answer (or a yes/no) costs fast only the values of the hand's parts: seven cards pass.
REFUSED_FIRST = [r for r in REFUSED if r[1] != "fast"]


@pytest.mark.parametrize(
    "hand, method, instead, first",
    [(*r, False) for r in REFUSED] + [(*r, True) for r in REFUSED_FIRST],
)
def test_a_search_too_large_is_refused_before_any_work_naming_a_method_that_copes(
    hand, method, instead, first, monkeypatch
):
    # refused before the method is called
    monkeypatch.setitem(TABLE, method, dataclasses.replace(TABLE[method], solve=None))
    copes = f"use method={instead!r}" if instead else "no method copes"
    refusal = f"method={method!r} would try .* for {len(hand)} numbers.*{copes}"
    with pytest.raises(SearchTooLarge, match=refusal) as refused:
        t24.solve(hand, 0, method=method, first=first)
    error = refused.value  # the refusal as data: what the sentence is made from
    assert (error.method, error.instead, error.count) == (method, instead, len(hand))
    assert error.size > error.limit == TABLE[method].limit
    if instead:
        assert TABLE[instead].fits(hand, first)


@pytest.mark.parametrize("hand, target", [((0, 1, 2, 3, 4, 5), 0), ((1, 2, 3, 4, 5, 6, 7), 24)])
def test_fast_finds_one_answer_where_listing_every_answer_is_refused(hand, target):
    (answer,) = t24.solve(hand, target, method="fast", first=True)
    assert answer.value == target and t24.can_make(hand, target)


@pytest.mark.parametrize(
    "numbers, target, message",
    [
        ([], 24, "no numbers given"),
        (["x", 1], 24, "'x' is not a whole number"),
        ([1.5, 2], 24, "not a whole number"),
        ([True, 2], 24, "not a whole number"),
        ([1, 2], "abc", "is not a number"),
        ([1, 2], 2.5, "is a float"),
        ([1, 2], "1/0", "is not a number"),
        ([10**200, 1], 24, "number too long"),
        ([Decimal("3.5"), 3], 24, "Decimal.*not a whole number"),
        ([Decimal("1e99999999"), 1, 2, 3], 24, "number too long"),  # sized before it is built
        ([3, 3, 8, 8], Decimal("-1e-99999999"), "number too long"),
        (itertools.count(), 24, "too many numbers: at most 100"),
        ([3, 3, 8, 8], Decimal("NaN"), "target Decimal.*is not a number"),
        (None, 24, "expected a list of whole numbers"),
    ],
)
def test_bad_input_is_refused_with_a_reason(numbers, target, message):
    with pytest.raises(t24.InputError, match=message):
        t24.solve(numbers, target)


def test_decimals_and_numpy_numbers_are_taken_exactly():
    import numpy as np

    assert t24.solve([Decimal("3"), 3, np.int64(8), 8], Decimal("24")) == t24.solve([3, 3, 8, 8])
    with pytest.raises(t24.InputError, match="timedelta64.*not a whole number"):
        t24.solve([np.timedelta64(3), 3, 8, 8])


@pytest.mark.parametrize("method, module", [("patterns", patterns), ("postfix", postfix)])
def test_the_first_answer_costs_the_candidates_up_to_the_first_hit(method, module, monkeypatch):
    values = []  # each candidate's value, in the loops' order (not the trees built from hits)
    evaluate = module.evaluate

    def counted(candidate, *how):  # how: to_infix's tree-building, not a candidate
        values.extend([] if how else [evaluate(candidate)])
        return evaluate(candidate, *how)

    monkeypatch.setattr(module, "evaluate", counted)
    t24.solve([4, 5, 6, 7], method=method)
    everything, first_hit = len(values), values.index(24) + 1  # 16,896 and 6,739 for patterns
    values.clear()
    assert len(t24.solve([4, 5, 6, 7], method=method, first=True)) == 1
    assert len(values) == first_hit < everything == TABLE[method].size((4, 5, 6, 7))


@pytest.mark.parametrize(
    "method, limit", [("postfix-compiled", "compiled.MAX_HITS"), ("fast", "fast.MAX_ANSWERS")]
)
def test_too_many_answers_are_refused_before_they_are_all_built(method, limit, monkeypatch):
    monkeypatch.setattr(f"t24.methods.{limit}", 10)  # target 0 from 1 1 2 2: a - a cancels, often
    fast.clear_caches()
    with pytest.raises(SearchTooLarge, match=rf"method='{method}' would (build|list) .*\b10\b"):
        t24.solve([1, 1, 2, 2], 0, method=method, distinct=True)
    assert len(t24.solve([1, 1, 2, 2], 0, method=method, first=True)) == 1


@pytest.mark.parametrize(
    "call, phrase",
    [
        (lambda: patterns.fill("nononon", (4, 5, 6), "+-*"), "nononon takes 4 numbers and 3 op"),
        (lambda: postfix.fill("nnonono", (4, 5, 6, 7), "+-"), "takes 4 numbers and 3 operators"),
        (lambda: postfix.evaluate("8 3 /"), "'8 3 /' is not postfix"),
        (lambda: postfix.to_infix((8, "/")), r"is not postfix like \(8, 3, '/'\)"),
        (lambda: t24.BinOp("+", 3, 4), r"write a card as Num\(3\)"),
        (lambda: t24.can_make([1] * 8, 8), "a search takes 1 to 7 numbers, not 8"),
        (lambda: t24.solve([1, 2, 3, 4], method="magic"), "unknown method 'magic'"),
        (lambda: t24.solve([1] * 9, method="fast", first=True), "1 to 7 numbers, not 9"),
    ],
)
def test_what_t24_cannot_take_gets_a_sentence_not_a_traceback_from_inside(call, phrase):
    with pytest.raises((t24.InputError, TypeError), match=phrase):
        call()
