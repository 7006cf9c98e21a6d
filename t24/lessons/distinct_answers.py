"""Lesson distinct answers' checks: a key that calls two expressions the same answer exactly when
t24's does, and the answers of a hand counted with it."""

import contextlib
import io
from collections.abc import Callable
from functools import wraps
from unittest.mock import patch

from .. import distinct
from ..notebook.checks import Finding, Shortcut, asking, lesson, safe_equal
from ..parse import parse
from ..solver import solve
from ..text import N_
from . import ASK

ASK = ASK | {
    "canonical_shortcut": N_("it calls t24's `{name}`; build the key yourself."),
    "own_key": N_(
        "it counts with something that is not your `key`; count the different keys your `key` gives."
    ),
    "distinct": N_("Does it count each different key once?"),
    "by_value": N_("Is each item's key built from its own signs and cards, never from its value?"),
}
# Pairs of expressions, and the question to ask when a key gets the pair wrong.
SAME_ANSWER_CASES = {
    ("5 + 7", "7 + 5"): N_("Does your key sort the items, so their order is forgotten?"),
    ("(1 + 2) * 3", "1 + 2 * 3"): N_("Does your key keep the brackets of each item?"),
    ("(5 + 7) * (6 - 4)", "(6 - 4) * (7 + 5)"): N_("Are the items of a product sorted too?"),
    ("(5 + 7) + 6", "5 + (7 + 6)"): N_("Does your key open up a sum that sits inside a sum?"),
    ("7 - (6 - 5)", "7 - 6 + 5"): N_("Which sign does 5 carry once 7 − (6 − 5) is opened up?"),
    ("8 / (4 / 2)", "8 * 2 / 4"): N_("Does ÷ open up like −, with × and ÷ as its signs?"),
    ("7 - 6 + 5", "7 + 6 - 5"): N_("Does each item keep its own sign?"),
    ("2 - 6", "6 - 2"): N_("Does the right operand of − get the other sign?"),
    ("12 + 1", "1 + 2 + 1"): N_("Can a number's digits run into the next item in your key?"),
    ("2 + 2", "2 * 2"): N_("Do a sum and a product get different signs in your key?"),
    ("6 * 2 * 2 * 1", "6 * 2 * 2 / 1"): N_("Does your key keep × 1 and ÷ 1 apart?"),
    ("(5 + 7) * 2", "5 + 7 * 2"): N_(
        "Does your key keep a sum inside a product apart from a product inside a sum?"
    ),
    ("2 + 2 + 2 + 2", "2 + 2"): N_("Does your key keep an item as often as it is there?"),
    ("(9 - 3 * 4 / 2) / 6", "(9 - 3 * 4) / 6 / 2"): N_(
        "Does your key keep the brackets of each item?"
    ),
}
# Trees, not texts, as cases: a case is then named by the tree's own text.
PAIRS = {(parse(a), parse(b)): ask for (a, b), ask in SAME_ANSWER_CASES.items()}
BY_VALUE = (parse("1 + 3"), parse("2 * 2"))  # two answers of one value, no card alike
KEYS = [distinct.canonical, distinct.combine_key]


def key_judge(first, second) -> Callable:
    """A judge of the keys an attempt gives two expressions: the same exactly when t24's are."""

    def judge(keys: tuple) -> Finding | None:
        if any(part is None for part in keys):
            return Finding("none")
        same = safe_equal(*keys)
        if same == (distinct.canonical(first) == distinct.canonical(second)):
            return None
        return Finding("same_key" if same else "different_key")

    return judge


@lesson(
    key_judge, list(PAIRS), what=N_("key"), given=1, answers=KEYS, why=ASK["canonical_shortcut"]
)
def check_key(key: Callable):
    """Does `key` call two expressions the same answer exactly when t24 does?"""
    attempt = wraps(key)(lambda first, second: (key(first), key(second)))  # names their line

    def ask(example, case, got) -> str:
        with contextlib.redirect_stdout(io.StringIO()):
            by_value = safe_equal(*map(key, BY_VALUE))
        return ASK["by_value"] if by_value else PAIRS[case]

    return attempt, ask


@lesson(
    lambda hand: len(solve(hand, distinct=True)),
    [((1, 2, 3, 4),), ((3, 3, 7, 7),), ((1, 5, 5, 5),), ((2, 2, 6, 8),)],
    what="`count_answers`",
    hint=asking(ASK, distinct=lambda value, case, got: value == len(solve(*case))),
    answers=KEYS,
    why=ASK["canonical_shortcut"],
)
def check_count_answers(count_answers: Callable):
    """Ex 1: does `count_answers(hand)` count t24's distinct answers with your key?"""
    space = getattr(count_answers, "__globals__", {})
    key = space.get("key")
    calls = []

    @wraps(count_answers)
    def attempt(hand):
        counted = {"key": lambda expr: calls.append(expr) or key(expr)} if callable(key) else {}
        with patch.dict(space, counted):
            count = count_answers(hand)
        if not calls:
            raise Shortcut(ASK["own_key"])
        return count

    return attempt
