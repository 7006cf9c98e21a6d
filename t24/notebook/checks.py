"""Checks that answer a student's attempt in one sentence, each beside t24's own version."""

import inspect
import numbers
import re
import traceback
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import partial, wraps
from itertools import islice

import numpy as np

from ..check import check_answer
from ..deck import solvable_hands
from ..distinct import canonical
from ..methods import AS_WRITTEN, TABLE, fast, patterns, postfix, recursive
from ..parse import parse
from ..solver import solve
from ..text import hand_text

# What went wrong, in plain words, and where to look, for the errors a lesson's code can raise.
ERRORS = {
    ZeroDivisionError: ("you divided by zero", "check the divisor before dividing"),
    IndexError: ("you took an item that is not there", "check how many items the list holds"),
    KeyError: ("you looked up a key that is not there", "check the keys you look up"),
    NameError: ("you used a name that is not defined", "check its spelling"),
    RecursionError: ("the function kept calling itself", "check the case that stops it"),
    TypeError: ("two values of the wrong kinds met", "check what each step gives back"),
    AttributeError: ("you used a name after a dot that is not there", "check that name"),
    ValueError: ("a value was not accepted", "check the values you pass on"),
}


def case_text(case: tuple) -> str:
    """A case in words: `((3, 3, 8, 8), 24)` is "3 3 8 8"; a target other than 24 is named."""
    words = [hand_text(arg) if isinstance(arg, Iterable) else str(arg) for arg in case]
    if len(case) == 2 and isinstance(case[1], (int, Fraction)):
        return words[0] if case[1] == 24 else f"{words[0]} with target {words[1]}"
    return " and ".join(words)


def brief(value) -> str:
    """A value as a sentence shows it: one line, at most 80 characters, a tuple as a hand."""
    try:
        text = hand_text(value) if isinstance(value, tuple) else str(value)
        text = "nothing (None)" if value is None else " ".join(text.split())
    except Exception:  # noqa: BLE001 -- an int too long to write out, a broken object
        text = f"one {type(value).__name__}"
    return text if len(text) <= 80 else text[:79] + "…"


def error_sentence(error: Exception, attempt: Callable, words: str, what: str) -> str:
    """The case (`words`), what went wrong, the line of the student's code, where to look."""
    kind = next((kind for kind in type(error).__mro__ if kind in ERRORS), None)  # its nearest
    problem, advice = ERRORS.get(kind, (f"it raised {type(error).__name__}", "read the line named"))
    code = getattr(inspect.unwrap(attempt), "__code__", None)
    steps = [(frame.f_code, line) for frame, line in traceback.walk_tb(error.__traceback__)]
    steps = [step for step in steps if code and step[0].co_filename == code.co_filename]
    where = ""
    if steps:  # the deepest call in the student's file, in their function when it is there
        called, line = steps[-1]
        if code.co_firstlineno <= line <= max(n for *_, n in code.co_lines() if n):
            called = code
        where = f" in line {line - called.co_firstlineno + 1} of `{called.co_name}`"
    lines = str(error).strip().splitlines()
    detail = f" ({lines[0]})" if lines and not isinstance(error, ZeroDivisionError) else ""
    return f"Your {what} stopped with an error{words}{where}: {problem}{detail}; {advice}."


def check(
    attempt: Callable,
    expected: Callable,
    cases: Iterable[tuple],
    *,
    what: str = "answer",
    hint: Callable | str | tuple | None = None,
    ordered: bool = False,
) -> bool:
    """Run `attempt` beside `expected` on every case; print one sentence (not written yet, an error
    with its case and line, one item missed, extra or repeated, a wrong value, or the same "Right"
    line for every right version); True only when right. `expected` gives a value, a list (compared
    as a multiset) or a judge (None when right, else what is wrong); a wrong example is followed by
    `hint(example, case)`, or by a tuple's question for a missed, an extra or a repeated item."""
    asks = hint if isinstance(hint, tuple) else (hint,)

    def verdict(case: tuple) -> str | None:
        want, words = expected(*case), case_text(case)
        words = f" for {words}" if words else ""  # no " for" when the case has no arguments

        def said(sentence: str, example, side: int = 0) -> str:  # the sentence, then a question
            ask = asks[side] if side < len(asks) else asks[0]
            try:
                question = ask(example, case) if callable(ask) else ask
            except Exception:  # noqa: BLE001 -- an odd example gets no question
                question = None
            return f"{sentence} {question}" if question else sentence

        try:
            got = attempt(*case)
            as_list = isinstance(want, list) or callable(want)  # a judge reads a list too
            if as_list and hasattr(got, "__iter__") and not isinstance(got, str):
                got = list(islice(got, 10**4))  # an endless one too: more than t24 gives
        except NotImplementedError:
            return f"Your {what} is not written yet: write its body, then run this check again."
        except Exception as error:  # noqa: BLE001 -- every error becomes a sentence
            return error_sentence(error, attempt, words, what)
        if not isinstance(want, list):
            wrong = f"Your {what} gives {brief(got)}{words}, which is not right"
            try:  # numpy's list == number is "not right" too
                if callable(want):
                    why = want(got)
                    return f"{wrong}: {why}" if why else None
                return None if bool(got == want) else said(f"{wrong}.", got)
            except Exception:  # noqa: BLE001 -- an odd value still gets a sentence
                return said(f"{wrong}.", got)
        odd = f"Your {what} gives back {{}}{words}: check what it returns."
        if not isinstance(got, list):
            kind = "nothing" if got is None else f"one {type(got).__name__}, not a list,"
            return odd.format(kind)
        try:
            missing = [item for item in want if item not in got]
            extra = [item for item in got if item not in want]
            repeated = [item for item in want if got.count(item) != want.count(item)]
        except Exception:  # noqa: BLE001 -- a numpy array, an item that refuses to be compared
            return odd.format("items that cannot be compared")
        if missing:
            return said(f"Your {what} misses `{brief(missing[0])}`{words}.", missing[0])
        if extra:
            sentence = f"Your {what} gives `{brief(extra[0])}`{words}, which should not be there."
            return said(sentence, extra[0], 1)
        if repeated:
            counts = (got.count(repeated[0]), want.count(repeated[0]))
            n, m = ("once" if c == 1 else f"{c} times" for c in counts)
            sentence = f"Your {what} gives `{brief(repeated[0])}` {n}{words}, but it is there {m}."
            return said(sentence, repeated[0], 2)
        if ordered and got != want:
            return f"Your {what} has the right items{words}, but not in the right order."
        return None

    cases = list(cases)
    sentence = next((found for found in map(verdict, cases) if found), None)  # the first wrong
    tried = "the 1 case" if len(cases) == 1 else f"all {len(cases)} cases"
    print(sentence or f"Right: your {what} agrees on {tried} tried.")
    return sentence is None


# 00 the 24 game: each answer is one value, judged as a whole (None when right, else why not).
def check_answer_1555(answer: Callable) -> bool:
    """Ex 1: the text for 1 5 5 5, judged as `check_answer` judges it."""

    def judge(text) -> str | None:
        if not isinstance(text, str):
            return "write it as text, in quotes."
        said = check_answer((1, 5, 5, 5), text)
        return None if said.ok else f"{said.message}."

    return check(answer, lambda: judge, [()])


def check_sizes_1111(sizes: Callable) -> bool:
    """Ex 2: the three sizes for 1 1 1 1, in the order patterns, postfix, recursive."""
    want = {name: TABLE[name].size((1, 1, 1, 1)) for name in AS_WRITTEN}

    def judge(got) -> str | None:  # never shows a size: that is the answer
        if not isinstance(got, list) or len(got) != len(want):
            return f"write {len(want)} numbers, in the order {', '.join(want)}."
        wrong = [name for name, size in zip(want, got) if not bool(size == want[name])]
        return wrong and f"look again at the {wrong[0]} size."

    return check(sizes, lambda: judge, [()], what="list of sizes")


def check_targets(targets: Callable) -> bool:
    """Ex 3: the whole numbers from 1 to 30 a hand makes."""
    reachable = lambda hand: [n for n in range(1, 31) if n in fast.reachable(hand)]  # noqa: E731
    return check(targets, reachable, [((3, 3, 8, 8),), ((1, 1, 1, 1),)], what="list of targets")


def check_smallest_factor(factor: Callable) -> bool:
    """Ex 4: the next smallest size for five cards over the smallest, within 0.01."""
    sizes = sorted(TABLE[name].size((1, 2, 3, 4, 5)) for name in AS_WRITTEN)

    def judge(got) -> str | None:
        if not isinstance(got, numbers.Real) or isinstance(got, bool):
            return "give back one number (a fraction is fine)."
        if not abs(got - Fraction(sizes[1], sizes[0])) < 0.01:
            return "which search is the smallest, and which comes next?"

    return check(factor, lambda: judge, [()], what="factor")


# 01 pattern strings and 02 postfix enumeration: the searches a student writes, beside t24's.
HANDS = [(4, 5, 6, 7), (3, 3, 8, 8), (1, 5, 5, 5), (10, 10, 4, 4), (1, 4, 5, 6)]
HANDS = [(hand, Fraction(24)) for hand in HANDS]
REPEAT = "Does your search skip orderings that repeat?"


def check_patterns(search: Callable) -> bool:
    """Lesson 01: the pattern search, on a few hands."""
    exact = "Is its exact value the target? Compare with `patterns.evaluate`."

    def missed(text, case) -> str:  # in floats, as the pattern's loops compute it, the target?
        shape = re.sub(r"[-+*/]", "o", re.sub(r"\d+", "n", str(text)))
        if parse(text).to_sympy(leaf=float) == case[1]:
            return f"It fills the pattern `{shape}`: do your loops reach it with every ordering and triple?"
        return exact

    return check(search, patterns.search, HANDS, what="search", hint=(missed, exact, REPEAT))


def check_evaluate(evaluate: Callable) -> bool:
    """Lesson 02: the stack machine, on a few sequences."""

    def hint(value, case) -> str:
        if isinstance(value, float):
            return "Is each number pushed as a Fraction?"
        if isinstance(value, numbers.Real) and -value == postfix.evaluate(*case):
            return "Which number goes on the left of the operator: the one popped first or second?"
        return "Push each number; for an operator, pop two and push their result."

    sequences = ["5 7 + 6 4 - *", "7 6 5 - -", "8 3 8 3 / - /", "8 4 2 / /", "4 5 5 - /"]
    cases = [(tuple(int(t) if t.isdigit() else t for t in text.split()),) for text in sequences]
    return check(evaluate, postfix.evaluate, cases, what="stack machine", hint=hint)


def check_stack_orders(stack_orders: Callable) -> bool:
    """Lesson 02: the push/pop recursion."""
    hint = (
        "Does it try both moves: push the next number, and pop two when it can?",
        "Does every operator find two numbers on the stack, and is everything used?",
    )
    cases = [((4, 5, 6, 7), "+-*"), ((1, 2, 3), "*/"), ((1, 2, 3, 4, 5), "+-*/")]
    return check(stack_orders, postfix.stack_orders, cases, what="recursion", hint=hint)


def check_postfix(search: Callable) -> bool:
    """Lesson 02: the postfix search, on a few hands."""
    hint = (
        "Do your loops take every ordering, every operator triple and every stack order?",
        "Is its exact value the target? Compare with `postfix.evaluate`.",
        REPEAT,
    )
    return check(search, postfix.search, HANDS, what="search", hint=hint)


# 03 recursive reduction: the post's Search(n), `search(array, n, target, found)`.
def hits(step: Callable, first: bool = False) -> Callable:
    """A Search(n) as a function of a case: the hits it appends (after what it returns, `first`)."""

    @wraps(step)  # an error then names the line in the student's `step`
    def attempt(hand: tuple, target: int) -> list:
        found: list = []
        stopped = step(recursive.start(hand), len(hand), Fraction(target), found)
        return [stopped, *map(str, found)] if first else found

    return attempt


def check_reduction(search: Callable) -> bool:
    """Lesson 03: Search(n), by the answers it finds."""

    def hint(example, case: tuple) -> str:
        array = recursive.start(case[0])
        search(array, len(array), Fraction(case[1]), [])
        if array == recursive.start(case[0]):
            return "Which step of it does your search never take, or take with the wrong numbers?"
        left = hand_text([value for value, _ in array])
        return (
            f"It changes the numbers for the next pair: for {case_text(case)} the array ends as "
            f"{left}, not {case_text(case)} — what must you put back after the recursive call?"
        )

    cases = [((3, 3, 8, 8), 24), ((4, 5, 6, 7), 24), ((1, 5, 5, 5), 24), ((2, 3, 4), 10)]
    return check(hits(search), hits(recursive.search), cases, what="search", hint=hint)


def check_search_first(search_first: Callable) -> bool:
    """Lesson 03 Ex 1: what the first-answer search returns, then the one hit it appends."""

    def hint(example, case: tuple) -> str:
        if isinstance(example, bool) or example is None:
            return "Does each call return True as soon as a call below it has found a hit, and False otherwise?"
        return "Does each call stop as soon as a call below it returns True?"

    package = hits(partial(recursive.search, first=True), first=True)
    cases = [((4, 5, 6, 7), 24), ((1, 1, 1, 1), 24), ((3, 3, 8, 8), 24)]
    mine = hits(search_first, first=True)
    return check(mine, package, cases, what="first-answer search", hint=hint, ordered=True)


def check_final_numbers(final_numbers_for: Callable) -> bool:
    """Lesson 03 Ex 3: the final numbers the loops make for 2 to 5 cards."""
    hint = "Is it the product of the pairs × 6 at each step, down to 2 numbers?"
    cases = [(2,), (3,), (4,), (5,)]
    return check(final_numbers_for, recursive.final_numbers, cases, what="count", hint=hint)


# 04 search trees: the different states of a search, counted from `recursive.trace`.
def check_distinct_per_depth(distinct_per_depth: Callable) -> bool:
    """Lesson 04 Ex 1: the different states at each depth, depth 0 first."""

    def per_depth(hand: tuple) -> list:
        keys = {(state.depth, state.key) for state in recursive.trace(hand).states}
        return [sum(depth == d for depth, _ in keys) for d in range(len(hand))]

    cases = [((2, 3, 4),), ((3, 3, 8, 8),)]
    return check(distinct_per_depth, per_depth, cases, what="list", ordered=True)


def check_different_states(different_states: Callable) -> bool:
    """Lesson 04 Ex 3: how many different states the search of a hand enters."""
    cases = [((1, 1, 1, 1),), ((4, 5, 6, 7),), ((3, 3, 8, 8),)]
    expected = lambda hand: recursive.trace(hand).distinct_states()  # noqa: E731
    return check(different_states, expected, cases, what="count")


# 06 exact arithmetic and 07 distinct answers.
EXACT_CASES = ["8 / (3 - 8 / 3)", "4 / (1 - 5 / 6)", "7 - (6 - 5) / 3", "1 / 3 + 1 / 6"]
EXACT_CASES = [(parse(text),) for text in EXACT_CASES + ["6 / (5 / 4 - 1)"]]


def check_exact_value(exact_value: Callable) -> bool:
    """Lesson 06: does `exact_value(expr)` give every tree's exact value?"""

    def hint(got, case):
        if isinstance(got, float):
            return "Is every step a Fraction? A float cannot hold 8/3 or 5/6 exactly."
        return "Which operand comes first in − and ÷?"

    return check(exact_value, lambda expr: expr.value, EXACT_CASES, what="`exact_value`", hint=hint)


def check_float32_value(float32_value: Callable) -> bool:
    """Lesson 06 Ex 1: does `float32_value(expr)` compute step by step in 32-bit floats?"""
    expected = lambda expr: expr.to_sympy(leaf=np.float32)  # noqa: E731
    hint = "Is every card a 32-bit float before the first step?"
    return check(float32_value, expected, EXACT_CASES[:3], what="`float32_value`", hint=hint)


# Pairs of expressions, and the question to ask when a key gets the pair wrong.
SAME_ANSWER_CASES = {
    ("5 + 7", "7 + 5"): "Does your key sort the items, so their order is forgotten?",
    ("(5 + 7) * (6 - 4)", "(6 - 4) * (7 + 5)"): "Are the items of a product sorted too?",
    ("(5 + 7) + 6", "5 + (7 + 6)"): "Does your key open up a sum that sits inside a sum?",
    ("7 - (6 - 5)", "7 - 6 + 5"): "Which sign does 5 carry once 7 − (6 − 5) is opened up?",
    ("8 / (4 / 2)", "8 * 2 / 4"): "Does ÷ open up like −, with × and ÷ as its signs?",
    ("7 - 6 + 5", "7 + 6 - 5"): "Does each item keep its own sign?",
    ("2 - 6", "6 - 2"): "Does the right operand of − get the other sign?",
    ("6 * 2 * 2 * 1", "6 * 2 * 2 / 1"): "Does your key keep × 1 and ÷ 1 apart?",
    ("(2 - 6) * (2 - 8)", "(8 - 2) * (6 - 2)"): (
        "Is each item's key built from its own signs and cards, never from its value?"
    ),
    ("12 + 1", "1 + 2 + 1"): "Can a number's digits run into the next item in your key?",
    ("(5 + 7) * 2", "5 + 7 * 2"): (
        "Does your key keep a sum inside a product apart from a product inside a sum?"
    ),
}


def check_key(key: Callable) -> bool:
    """Lesson 07: does `key` call two expressions the same answer exactly when t24 does?"""
    # Trees, not texts, as cases: a case is then named by the tree's own text.
    questions = {(parse(a), parse(b)): ask for (a, b), ask in SAME_ANSWER_CASES.items()}

    def words(same) -> str:
        return "the same answer" if same else "two different answers"

    @wraps(key)  # an error then names the line in the student's `key`
    def attempt(first, second) -> str:
        return words(bool(key(first) == key(second)))

    expected = lambda first, second: words(canonical(first) == canonical(second))  # noqa: E731
    ask = lambda got, case: questions[case]  # noqa: E731
    return check(attempt, expected, list(questions), what="key", hint=ask)


def check_count_answers(count_answers: Callable) -> bool:
    """Lesson 07 Ex 1: does `count_answers(hand)` count t24's distinct answers?"""
    cases = [((1, 2, 3, 4),), ((3, 3, 7, 7),), ((1, 5, 5, 5),), ((2, 2, 6, 8),)]
    hint = "Does it count the different keys, each once?"
    expected = lambda hand: len(solve(hand, distinct=True))  # noqa: E731
    return check(count_answers, expected, cases, what="`count_answers`", hint=hint)


# 08 the whole deck and 09 play: each hand, each card as often as t24 gives it.
def check_solvable_hands(attempt: Callable) -> bool:
    """Lesson 08: every hand of four cards from 1 to `high` that makes 24."""

    def question(hand: tuple, case: tuple) -> str:
        return f"Can {hand_text(hand)} make 24? Ask `t24.can_make({tuple(hand)})` (cards 1 to {case[0]})."

    hint = (question, question, "Each hand belongs in the list once.")
    return check(attempt, solvable_hands, [(6,), (9,)], what="`solvable_hands`", hint=hint)


def check_unused(unused: Callable) -> bool:
    """Lesson 09: the cards an answer's numbers leave unused."""

    def question(card: int, case: tuple) -> str:
        return f"How many times is {card} among the cards, and how many times among the numbers?"

    cases = [((3, 3, 8, 8), [3, 8]), ((3, 3, 8, 8), [3, 3, 8]), ((1, 5, 5, 5), [5, 1, 5, 5])]
    cases += [((4, 4, 10, 10), [10, 10, 4, 1]), ((2, 7, 7, 10), [10])]
    left = lambda cards, numbers: list((Counter(cards) - Counter(numbers)).elements())  # noqa: E731
    return check(unused, left, cases, what="`unused`", hint=question)
