"""Checks that answer a student's attempt in one sentence, each beside t24's own version.

The engine runs an attempt on each case of a lesson's table (time-limited, its printing held) and
returns a `Finding`; `say` alone makes it a sentence, from the plain strings below. A lesson's hint
asks a question only when it has found its cause; `hiding` hides t24's own answer from an attempt.
"""

import ast
import contextlib
import copy
import difflib
import inspect
import io
import os
import re
import signal
import textwrap
import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, KeysView, ValuesView
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, partial, wraps
from itertools import islice
from math import factorial, prod

import numpy as np

from .. import deck as t24_deck
from .. import distinct as t24_distinct
from ..check import check_answer
from ..expr import OPS, BinOp, Expr
from ..methods import fast, patterns, postfix, recursive
from ..methods.sizes import ordering_count
from ..parse import parse
from ..solver import can_make, solve
from ..text import hand_text

LIMIT = 10  # seconds one call of an attempt may take

SENTENCES = {
    "right": "Right: your {what} agrees on {tried} tried.",
    "stub": "Your {what} is not written yet: write its body, then run this check again.",
    "raise_left": "Your {what} still raises NotImplementedError{case}: delete the `raise NotImplementedError()` line below your code.",
    "slow": "Your {what} did not finish in {limit} s{case}: is there a loop that never ends?",
    "interrupted": "The check was interrupted while your {what} ran{case}: run the check again when you are ready.",
    "exit": "Your {what} asked Python to stop (SystemExit){case}: give back a value with `return` instead.",
    "error": "Your {what} stopped with an error{case}{where}: {problem}{detail}; {advice}.",
    "shortcut": "Your {what} takes a shortcut{case} ({name}): {advice}.",
    "printed": "Your {what} printed {printed}{case} but gave back nothing (None): did you print instead of return?",
    "none": "Your {what} gave back nothing (None){case}: is a `return` missing?",
    "said": "Your {what} is not right{case}: {why}",
    "kind": "Your {what} returned {got}{case}; {want} is expected.",
    "item_kind": "Your {what} gives back {got} as an item{case}; each item should be {want}.",
    "changed": "Your {what} changes what it is given{case} (now {got}): work on a copy, such as `list(...)`.",
    "value": "Your {what} gives {got}{case}, which is not right.",
    "why": "Your {what} gives {got}{case}, which is not right: {why}",
    "missing": "Your {what} misses `{item}`{case}.",
    "extra": "Your {what} gives `{item}`{case}, which should not be there.",
    "repeated": "Your {what} gives `{item}` {n}{case}, but it is there {m}.",
    "order": "Your {what} has the right items{case}, but not in the right order.",
    "uncomparable": "Your {what} gives back items that cannot be compared{case}: check what it returns.",
    "key": "Your {what} gives {got}{case}, but they are {want}.",
}
# Each kind of value: how a sentence names one that came back, and one that is expected.
KIND_WORDS = {
    "none": ("nothing (None)", "nothing (None)"),
    "truth": ("the truth value {v}", "True or False"),
    "text": ("the text {v}", "text in quotes"),
    "whole": ("the whole number {v}", "a whole number"),
    "fraction": ("the fraction {v}", "a number (a Fraction)"),
    "float": ("the float {v}", "a float"),
    "numpy": ("the numpy {t} {v}", "a numpy {t}"),
    "array": ("a numpy array ({v})", "a numpy array"),
    "tree": ("the expression tree `{v}`", "an expression tree"),
    "list": ("a {t} of {n} items", "a {t}"),
    "function": ("the function `{v}` itself (not what it gives back)", "a value"),
    "other": ("a {t} ({v})", "a {t}"),
    "number": ("", "a number"),
}
# What went wrong, in plain words, and where to look, for the errors a lesson's code can raise.
ERRORS = {
    ZeroDivisionError: ("you divided by zero", "check the divisor before dividing"),
    IndexError: ("you took an item that is not there", "check how many items the list holds"),
    KeyError: ("you looked up a key that is not there", "check the keys you look up"),
    RecursionError: ("the function kept calling itself", "check the case that stops it"),
    TypeError: ("two values of the wrong kinds met", "check what each step gives back"),
    AttributeError: ("you used a name after a dot that is not there", "check that name"),
    ValueError: ("a value was not accepted", "check the values you pass on"),
    StopIteration: ("you took one item more than there is", "check how many items you take"),
    MemoryError: ("it filled the memory", "is there a loop that never ends?"),
    Exception: ("it raised {name}", "read the line named"),
    None: ("a step gave back nothing (None)", "is a `return` missing?"),
}
UNDEFINED = ("you used the name `{name}`, which is not defined", "{advice}")
NAME_ADVICE = {
    "import": "import it first: `from {module} import {name}`",
    "spelling": "did you mean `{close}`?",
    "define": "define it (or run the cell that does) before you use it",
}


@dataclass
class Finding:
    """What one check found: a kind of SENTENCES, the case, and the words that fill it."""

    kind: str
    case: tuple = ()
    words: dict = field(default_factory=dict)
    example: object = None  # the value or item at fault, for a question
    got: object = None  # everything the attempt gave back, for a question


class Shortcut(BaseException):
    """Raised where an attempt calls t24's own answer instead of the method it is to write."""


class _Late(BaseException):
    """The time limit rang."""


def case_text(case: tuple) -> str:
    """A case in words: `((3, 3, 8, 8), 24)` is "3 3 8 8"; a target other than 24 is named."""
    words = [hand_text(arg) if isinstance(arg, list | tuple) else str(arg) for arg in case]
    if len(case) == 2 and isinstance(case[0], tuple) and isinstance(case[1], int | Fraction):
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


def kind(value) -> str:
    """The kind of a value, as KIND_WORDS names it."""
    if isinstance(value, np.ndarray):
        return "array"
    for name, types in KINDS:
        if isinstance(value, types) and (name != "float" or type(value) is float):
            return name
    return "function" if callable(value) else "other"


KINDS = [("none", type(None)), ("truth", bool), ("numpy", np.generic), ("text", str)]
KINDS += [("whole", int), ("fraction", Fraction), ("float", float), ("tree", Expr)]
KINDS += [("list", (list, tuple, set, frozenset, Iterator, KeysView, ValuesView))]
FITS = {"fraction": {"whole", "fraction"}, "number": {"whole", "fraction", "float"}}


def named(value) -> str:
    """A value in words with its kind: "the text '6'", "the numpy float32 24.0"."""
    of, text = kind(value), brief(value)
    if of == "text":
        text = repr(text) if len(text) < 60 else repr(text[:57]) + "…"
    if of == "array":
        text = f"{value.ndim}-d, {brief(value.tolist()) if value.size < 20 else value.shape}"
    n = len(value) if isinstance(value, list | tuple | set | frozenset) else "some"
    return KIND_WORDS[of][0].format(v=text, t=type(value).__name__, n=n)


def say(finding: Finding, what: str, question: str | None = None) -> str:
    """The one place a finding becomes a sentence (and a question, when its cause is likely)."""
    words = case_text(finding.case) if finding.case else ""
    fill = {"what": what, "limit": LIMIT, **finding.words, "case": f" for {words}" if words else ""}
    sentence = SENTENCES[finding.kind].format(**fill)
    return f"{sentence} {question}" if question else sentence


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise _Late in the main thread after `seconds` (again each 0.1 s, should it be caught)."""
    rang = []
    if threading.current_thread() is not threading.main_thread() or os.name == "nt":
        yield rang  # no limit where there is no timer signal
        return

    def ring(signum, frame):
        if not rang or rang[-1] != "off":
            rang.append("rang")
            signal.setitimer(signal.ITIMER_REAL, 0.1)
            raise _Late

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield rang
    finally:
        rang.append("off")
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old if old is not None else signal.SIG_DFL)


class _Held(io.StringIO):
    """What an attempt prints, kept short."""

    def write(self, text: str) -> int:
        return super().write(text[: max(0, 200 - self.tell())]) and len(text)


def run(attempt: Callable, case: tuple, many: bool, given: int = 0) -> Finding | tuple:
    """Call the attempt on a copy of the case: `(value,)` when it gave one, else a Finding."""
    args, held = copy.deepcopy(case), _Held()
    try:
        with time_limit(LIMIT) as rang, contextlib.redirect_stdout(held):
            got = attempt(*args)
            if many and isinstance(got, KINDS[-1][1]) and not isinstance(got, np.generic):
                got = list(islice(got, 10**4))  # an endless one too: more than t24 gives
        if "rang" in rang:
            return Finding("slow", case)
    except _Late:
        return Finding("slow", case)
    except KeyboardInterrupt:
        return Finding("interrupted", case)
    except SystemExit:
        return Finding("exit", case)
    except Shortcut as shortcut:
        return Finding("shortcut", case, dict(zip(("name", "advice"), shortcut.args)))
    except NotImplementedError as error:
        return Finding("stub" if stub(error, given) else "raise_left", case)
    except Exception as error:  # noqa: BLE001 -- every error becomes a sentence
        return Finding("error", case, error_words(error, attempt))
    if got is None and held.getvalue().strip():
        return Finding("printed", case, {"printed": f"`{brief(held.getvalue())}`"})
    if not safe_equal(args, case):
        return Finding("changed", case, {"got": brief(args[0] if len(args) == 1 else args)})
    return (got,)


def safe_equal(a, b) -> bool:
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 -- numpy's list == array, an item that refuses
        return False


def stub(error: BaseException, given: int) -> bool:
    """Whether the raise is the stub as handed out: last in its block, after only the `given`
    statements (and a docstring); else it is left below written code."""
    *_, (frame, line) = traceback.walk_tb(error.__traceback__)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(frame.f_code)))
    except (OSError, TypeError, SyntaxError):
        return False
    line -= frame.f_code.co_firstlineno - 1
    for node in ast.walk(tree):
        body = [s for s in getattr(node, "body", []) if not isinstance(s, ast.Expr)]
        if body and isinstance(body[-1], ast.Raise) and body[-1].lineno == line:
            return len(body) <= 1 + given
    return False


def error_words(error: Exception, attempt: Callable) -> dict:
    """The line of the student's code, what went wrong and where to look."""
    kind_ = next(kind_ for kind_ in type(error).__mro__ if kind_ in ERRORS)
    problem, advice = ERRORS[kind_]
    code = getattr(inspect.unwrap(attempt), "__code__", None)
    steps = [(frame, line) for frame, line in traceback.walk_tb(error.__traceback__)]
    steps = [step for step in steps if code and step[0].f_code.co_filename == code.co_filename]
    where = ""
    if steps:  # the deepest call in the student's file, in their function when it is there
        called, line = steps[-1][0].f_code, steps[-1][1]
        if code.co_firstlineno <= line <= max(n for *_, n in code.co_lines() if n):
            called = code
        where = f" in line {line - called.co_firstlineno + 1} of `{called.co_name}`"
    if isinstance(error, TypeError) and "NoneType" in str(error):
        problem, advice = ERRORS[None]
    if isinstance(error, NameError) and getattr(error, "name", None):
        names = {**steps[-1][0].f_globals, **steps[-1][0].f_locals} if steps else {}
        problem, advice = UNDEFINED[0], name_advice(error.name, names)
    try:
        lines = str(error).strip().splitlines()
    except Exception:  # noqa: BLE001 -- a message that cannot be written
        lines = []
    plain = lines and not isinstance(error, ZeroDivisionError | NameError)
    return {
        "where": where,
        "problem": problem.format(name=getattr(error, "name", None) or type(error).__name__),
        "detail": f" ({brief(lines[0])})" if plain else "",
        "advice": advice,
    }


def name_advice(name: str, names: dict) -> str:
    """Import it, mind its spelling, or define it: whichever its cause is."""
    import t24

    for module in [t24, t24.expr, t24.hand, t24.methods, recursive, postfix, t24_deck]:
        if hasattr(module, name):
            return NAME_ADVICE["import"].format(module=module.__name__, name=name)
    close = difflib.get_close_matches(name, names, n=1)
    return NAME_ADVICE["spelling"].format(close=close[0]) if close else NAME_ADVICE["define"]


def compare(got, want, case: tuple, *, ordered: bool, item: Callable) -> Finding | None:
    """None when `got` is right; else what is wrong with it, kind before contents."""
    if callable(want):  # a judge: None when right, else why not, or a (kind, words) finding
        why = want(got)
        if isinstance(why, tuple):
            return Finding(why[0], case, why[1], got, got)
        return why and Finding("why", case, {"got": brief(got), "why": why}, got, got)
    if not fits(got, want):
        words = {"got": named(got), "want": wanted(want)}
        return Finding("none" if got is None else "kind", case, words, got, got)
    if not isinstance(want, list):
        return (
            None if safe_equal(got, want) else Finding("value", case, {"got": brief(got)}, got, got)
        )
    got = list(got)
    if want and (odd := next((x for x in got if not fits(x, want[0])), None)) is not None:
        return Finding("item_kind", case, {"got": named(odd), "want": wanted(want[0])}, odd, got)
    try:
        mine, theirs = [item(x) for x in got], [item(x) for x in want]
        shown = {repr(k): x for k, x in zip(mine + theirs, got + want)}
        missing = [x for x in theirs if x not in mine]
        extra = [x for x in mine if x not in theirs]
        repeated = [x for x in theirs if mine.count(x) != theirs.count(x)]
    except Exception:  # noqa: BLE001 -- an item that refuses to be compared
        return Finding("uncomparable", case)
    for kind_, found in [("missing", missing), ("extra", extra), ("repeated", repeated)]:
        if found:
            x = shown.get(repr(found[0]), found[0])
            counts = [mine.count(found[0]), theirs.count(found[0])]
            n, m = ("once" if c == 1 else f"{c} times" for c in counts)
            return Finding(kind_, case, {"item": brief(x), "n": n, "m": m}, x, got)
    return Finding("order", case, {}, None, got) if ordered and mine != theirs else None


def fits(got, want) -> bool:
    """Whether `got` is of the kind `want` is (a fraction fits a whole number's place, too)."""
    mine, theirs = kind(got), kind(want)
    if theirs == "numpy":
        return type(got) is type(want)
    whole = mine == "fraction" and theirs == "whole" and got.denominator == 1
    return mine == theirs or mine in FITS.get(theirs, ()) or whole


def wanted(want) -> str:
    return KIND_WORDS[kind(want)][1].format(t=type(want).__name__)


def check(
    attempt: Callable,
    expected: Callable,
    cases: Iterable[tuple],
    *,
    what: str = "answer",
    hint: Callable | str | tuple | None = None,
    ordered: bool = False,
    item: Callable = lambda x: x,
    want: str | None = None,
    given: int = 0,
) -> bool:
    """Run `attempt` beside `expected` on every case; print one sentence; True only when right.
    `expected` gives a value, a list (a multiset, unless `ordered`; its items compared by `item`)
    or a judge (None when right, else a reason or a `(kind, words)` finding) whose value must be
    of the KIND_WORDS kind `want` ("text", "list", "number", "whole", "truth"). A
    wrong value or item is followed by `hint(example, case[, got])`, or by a tuple's question for
    a missed, an extra or a repeated item; a hint answers None when its cause is not likely.
    `given`: how many statements the handout gives above its `raise NotImplementedError()`."""
    asks = hint if isinstance(hint, tuple) else (hint,)
    cases = list(cases)
    for case in cases:
        try:
            found = verdict(attempt, expected(*case), case, ordered, item, want, given)
        except KeyboardInterrupt:  # a Ctrl-C while t24 works out its own answer
            found = Finding("interrupted", case)
        if found:
            side = SIDES.index(found.kind) if found.kind in SIDES else 0
            return tell(found, what, asks[side] if side < len(asks) else asks[0])
    tried = "the 1 case" if len(cases) == 1 else f"all {len(cases)} cases"
    return tell(Finding("right", (), {"tried": tried}), what)


def verdict(attempt, right, case, ordered, item, want, given) -> Finding | None:
    """What is wrong with the attempt on one case, or None."""
    done = run(attempt, case, isinstance(right, list) or want == "list", given)
    if isinstance(done, Finding):
        return done
    if done[0] is None and right is not None:
        return Finding("none", case)
    if callable(right) and want and kind(done[0]) not in FITS.get(want, {want}):
        words = {"got": named(done[0]), "want": KIND_WORDS[want][1].format(t=want)}
        return Finding("kind", case, words, done[0], done[0])
    try:
        return compare(done[0], right, case, ordered=ordered, item=item)
    except Exception:  # noqa: BLE001 -- a value no comparison can take
        return Finding("value", case, {"got": brief(done[0])}, done[0], done[0])


SIDES = ("missing", "extra", "repeated")


def tell(found: Finding, what: str, ask=None) -> bool:
    """Print the finding's sentence, with the question `ask` gives for it; True when right."""
    question = ask
    if callable(ask):
        try:
            count = len(inspect.signature(ask).parameters)
            question = ask(*(found.example, found.case, found.got)[:count])
        except (Exception, KeyboardInterrupt):  # noqa: BLE001 -- an odd example: no question
            question = None
    asked = found.kind in ("value", "kind", "item_kind", "missing", "extra", "repeated", "key")
    print(say(found, what, question if asked else None))
    return found.kind == "right"


# The lessons' questions, each asked only when the hint that asks it has found its cause.
ASK = {
    "whole": "Is it a whole number?",
    "ends": "Which whole numbers does your range start and end with?",
    "target": "Do you compare with `target`, or with 24?",
    "repeats": "Does your search skip orderings that repeat? `permutations` gives some twice.",
    "float": "Is every value exact? In floats, `{item}` is not exactly {target}.",
    "shape": "Does your search take every shape? None of its answers is shaped `{shape}`.",
    "not_target": "`{item}` among its answers makes {value}, not {target}: is each answer built the way its value is?",
    "none_kept": "Does it ever keep an answer? When one number is left, compare it with the target.",
    "operand": "Which operand comes first in − and ÷?",
    "fraction": "Is every number a Fraction before the first step?",
    "by_zero": "What should it give when it divides by zero?",
    "two_on_stack": "Does every operator find two numbers on the stack?",
    "all_used": "Is every number and operator used before an order is kept?",
    "both_moves": "Does it try both moves: push the next number, and pop two when it can?",
    "restore": "It changes the numbers for the next pair: for {case} the array ends as {left}. What must you put back after the recursive call?",
    "first_many": "it keeps {n} answers; the first-answer search stops at the first: does each call return True as soon as the call below it does?",
    "first_kind": "it returns {got}; True or False is expected.",
    "first_none": "it returns True but keeps no answer: append the hit before returning True.",
    "first_missed": "it returns False or keeps no answer, but {case} makes {target}: does every call go on to the next pair after a False, with the array put back?",
    "first_false": "it returns {got} though {case} cannot make {target}.",
    "first_wrong": "it keeps `{item}`, which does not make {target}.",
    "first_restore": "it keeps `{item}`, which does not use exactly the cards {case}: is the array put back after each pair?",
    "first_base": "it keeps {n} answers but returns False: does the base case return True when it keeps one?",
    "steps": "Does your loop run for every count of numbers, from the count down to 2?",
    "all_states": "Are equal states counted once?",
    "depths": "A hand of {n} cards has {n} depths: does your list give one number per depth?",
    "step_by_step": "Is every step done in 32-bit floats, not only the end?",
    "float32": "Is every card a 32-bit float before the first step?",
    "exact": "work it out step by step from the tree",
    "own_key": "count the different keys your `key` gives",
    "not_own_key": "not your `key`",
    "deck": "check each hand of `deck.deck(high)` yourself",
    "distinct": "Does it count each different key once?",
    "by_value": "Is each item's key built from its own signs and cards, never from its value?",
    "solvable": "Can {hand} make 24? Ask `t24.can_make({hand_tuple})`.",
    "high": "Does your loop reach the card {high}?",
    "twice": "Can a hand hold the same card twice?",
    "once": "Does your loop make each hand in one order only?",
    "counts": "How many times is {card} among the cards, and how many times among the numbers?",
    "no_call": "it never calls `product`",
    "first_times_rest": "write it as the first card times the product of the rest",
    "zero": "What does the case that stops the calls give? A product with 0 is 0.",
    "adds": "It adds the cards; a product multiplies them.",
    "left_out": "Is a card left out? Does each call take off one card, and what does the case that stops the calls give?",
    "times_rest": "Is it the first card times the product of the rest?",
    "listing": "listing every ordering",
    "formula": "the exercise asks for the formula, n! divided by k! for each card repeated k times",
    "keep_whole": "Does `//` keep it whole?",
    "divide_k": "Does it divide by k! for each card that appears k times?",
    "n_over_k": "Is it n! divided by k! for each card repeated k times?",
}
WORDS = {True: "the same answer", False: "two different answers"}


def hiding(attempt: Callable, owner, name: str, *words: str) -> Callable:
    """The attempt, run with t24's own `owner.name` hidden: calling it raises Shortcut(*words)."""
    kept = owner.__dict__[name]

    def refuse(*args, **kwargs):
        raise Shortcut(*words)

    @wraps(attempt)
    def call(*args):
        setattr(owner, name, property(refuse) if isinstance(kept, property) else refuse)
        try:
            return attempt(*args)
        finally:
            setattr(owner, name, kept)

    return call


def float_value(expr) -> float | None:
    """The value in floats, as a float-based search computes it."""
    return postfix.evaluate(expr.postfix(), float)


def swapped(sequence):
    """The value of a postfix sequence with the operands of every step swapped."""
    return postfix.evaluate(sequence, combine=lambda op, left, right: OPS[op](right, left))


# 00 the 24 game: each answer is one value, judged as a whole (None when right, else why not).
def check_answer_2_2_13_13(answer: Callable) -> bool:
    """Ex 1: the text for 2 2 13 13, judged as `check_answer` judges it."""

    def judge(text) -> str | None:
        said = check_answer((2, 2, 13, 13), text)
        return None if said.ok else f"{said.message}."

    return check(answer, lambda: judge, [()], want="text")


def check_targets(targets: Callable) -> bool:
    """Ex 3: the whole numbers from 1 to 30 a hand makes."""

    def ask(example, case, got) -> str | None:
        if kind(example) == "fraction" and example.denominator != 1:
            return ASK["whole"]
        return ASK["ends"] if example in (0, 30, 31) else None

    reachable = lambda hand: [n for n in range(1, 31) if n in fast.reachable(hand)]  # noqa: E731
    cases = [((3, 3, 8, 8),), ((2, 5, 6, 8),), ((1, 1, 1, 1),)]
    return check(targets, reachable, cases, what="list of targets", hint=ask)


# 01 pattern strings, 02 postfix enumeration and 03 recursive reduction: searches beside t24's.
HANDS = [((2, 2, 2, 3), Fraction(10)), ((3, 3, 8, 8), Fraction(24))]  # few orderings: quick
known = cache(lambda find, *case: find(*case))  # t24's answer to a case, found once


def search_hint(package: Callable, tree: Callable, item=lambda x: x, shape=None) -> Callable:
    """The questions about a search's answers, each asked only when its cause is found."""

    def ask(example, case, got) -> str | None:
        hand, target = case
        mine, right = Counter(map(item, got)), known(package, hand, target)
        if case[1] != 24 and mine == Counter(map(item, known(package, hand, Fraction(24)))):
            return ASK["target"]
        exact = Counter(item(x) for x in right if float_value(tree(x)) == target)
        if not got and exact:
            return ASK["none_kept"]
        if mine == exact and len(right) > exact.total():
            inexact = next(x for x in right if float_value(tree(x)) != target)
            return ASK["float"].format(item=tree(inexact), target=target)
        wrong = [x for x in got if tree(x).value != target]
        if wrong:
            value = tree(wrong[0]).value
            return ASK["not_target"].format(item=tree(wrong[0]), value=value, target=target)
        if mine.get(item(example), 0) > 1 and len(set(hand)) < len(hand):
            return ASK["repeats"]
        if shape and example not in got and all(shape(x) != shape(example) for x in got):
            return ASK["shape"].format(shape=shape(example))
        return None

    return ask


def check_patterns(search: Callable) -> bool:
    """Lesson 01: the pattern search, on a few hands and targets."""
    shape = lambda text: re.sub(r"\d+", "n", re.sub(r"[-+*/]", "o", text))  # noqa: E731
    hint = search_hint(patterns.search, parse, shape=shape)
    return check(search, partial(known, patterns.search), HANDS, what="search", hint=hint)


def check_evaluate(evaluate: Callable) -> bool:
    """Lesson 02: the stack machine, on a few sequences."""

    def ask(value, case, got) -> str | None:
        if kind(value) == "float":
            return ASK["fraction"]
        if postfix.evaluate(*case) is None:
            return ASK["by_zero"]
        return ASK["operand"] if safe_equal(value, swapped(case[0])) else None

    sequences = ["5 7 + 6 4 - *", "7 6 5 - -", "8 3 8 3 / - /", "8 4 2 / /", "4 5 5 - /", "9 2 /"]
    cases = [(tuple(int(t) if t.isdigit() else t for t in text.split()),) for text in sequences]
    return check(evaluate, postfix.evaluate, cases, what="stack machine", hint=ask)


def tokens(order) -> tuple:
    """A postfix order as a tuple, however it is held."""
    return tuple(order) if isinstance(order, list | tuple) else order


def check_stack_orders(stack_orders: Callable) -> bool:
    """Lesson 02: the push/pop recursion."""

    def ask(order, case, got) -> str | None:
        right = postfix.stack_orders(*case)
        if order in right:
            return ASK["both_moves"] if got and all(tokens(x) in right for x in got) else None
        depth = 0
        for token in order:
            depth += -1 if token in OPS else 1
            if depth < 1:
                return ASK["two_on_stack"]
        return ASK["all_used"] if len(order) < sum(map(len, case)) else None

    cases = [((4, 5, 6, 7), "+-*"), ((1, 2, 3), "*/"), ((1, 2, 3, 4, 5), "+-*/")]
    return check(
        stack_orders, postfix.stack_orders, cases, what="recursion", hint=ask, item=tokens, given=1
    )


def check_postfix(search: Callable) -> bool:
    """Lesson 02: the postfix search, on a few hands and targets."""
    shape = lambda order: "".join("o" if token in OPS else "n" for token in order)  # noqa: E731
    hint = search_hint(postfix.search, postfix.to_infix, tokens, shape)
    expected = partial(known, postfix.search)
    return check(search, expected, HANDS, what="search", hint=hint, item=tokens)


def mirror(expr):
    """A tree up to the order of the operands of + and ×: a search that lays out its numbers in
    another order finds the same trees, mirrored so."""
    if not isinstance(expr, BinOp):
        return expr
    sides = [mirror(expr.left), mirror(expr.right)]
    return (expr.op, *(sorted(sides, key=str) if expr.op in "+*" else sides))


def hits(step: Callable) -> Callable:
    """A Search(n) as a function of a case: what it returns and the hits it appends."""

    @wraps(step)  # an error then names the line in the student's `step`
    def attempt(hand: tuple, target: int) -> tuple:
        array, found = recursive.start(hand), []
        returned = step(array, len(hand), Fraction(target), found)
        attempt.left = [value for value, _ in array]
        return returned, found

    return attempt


def check_reduction(search: Callable) -> bool:
    """Lesson 03: Search(n), by the answers it finds (in any order, + and × either way round)."""
    mine, package = hits(search), lambda *case: hits(recursive.search)(*case)[1]
    ask = search_hint(package, lambda x: x, mirror)

    def hint(example, case, got) -> str | None:
        if mine.left != list(case[0]):
            return ASK["restore"].format(case=case_text(case), left=hand_text(mine.left))
        return ask(example, case, got)

    found = wraps(search)(lambda *case: mine(*case)[1])
    cases = [((4, 5, 6, 7), 24), ((3, 3, 8, 8), 24), ((1, 5, 5, 5), 24), ((2, 3, 4), 10)]
    return check(found, package, cases, what="search", hint=hint, item=mirror)


def check_search_first(search_first: Callable) -> bool:
    """Lesson 03 Ex 1: True and one answer as soon as one is found; False and none when none is."""

    def expected(hand, target):
        answers = {mirror(tree) for tree in recursive.solve(hand, Fraction(target))}

        def judge(got) -> tuple | None:
            returned, found = got
            words = {"case": case_text((hand, target)), "target": target, "got": named(returned)}
            if kind(returned) != "truth":
                why = ASK["first_kind"]
            elif len(found) > 1:
                why = ASK["first_many" if returned else "first_base"]
            elif not answers:
                why = None if returned is False and not found else ASK["first_false"]
            elif returned is not True or not found:
                why = ASK["first_none" if returned is True else "first_missed"]
            elif sorted(found[0].leaves()) != sorted(hand):
                why = ASK["first_restore"]
            elif mirror(found[0]) not in answers:
                why = ASK["first_wrong"]
            else:
                return None
            item = brief(found[0] if found else "")
            return why and ("said", {"why": why.format(n=len(found), item=item, **words)})

        return judge

    cases = [((4, 5, 6, 7), 24), ((1, 1, 1, 1), 24), ((3, 3, 8, 8), 24), ((2, 3, 4), 10)]
    mine = hits(search_first)
    attempt = lambda *case: None if (got := mine(*case)) == (None, []) else got  # noqa: E731
    return check(wraps(search_first)(attempt), expected, cases, what="first-answer search")


def check_final_numbers(final_numbers_for: Callable) -> bool:
    """Lesson 03 Ex 3: the final numbers the loops make for 2 to 5 cards."""

    def ask(value, case) -> str | None:
        right = recursive.final_numbers(case[0])
        return ASK["steps"] if value in (0, right // 6, right * 6) else None

    cases = [(2,), (3,), (4,), (5,)]
    return check(final_numbers_for, recursive.final_numbers, cases, what="count", hint=ask)


# 04 search trees: the different states of a search, counted from `recursive.trace`.
STATES = lambda hand: recursive.trace(hand).distinct_states()  # noqa: E731


def check_distinct_per_depth(distinct_per_depth: Callable) -> bool:
    """Lesson 04 Ex 1: the different states at each depth, depth 0 first."""

    def per_depth(hand: tuple, distinct: bool = True) -> list:
        keys = [(state.depth, state.key) for state in recursive.trace(hand).states]
        keys = set(keys) if distinct else keys
        return [sum(depth == d for depth, _ in keys) for d in range(len(hand))]

    def ask(example, case, got) -> str | None:
        if len(got) != len(case[0]):
            return ASK["depths"].format(n=len(case[0]))
        return ASK["all_states"] if got == per_depth(*case, False) else None

    cases = [((2, 3, 4),), ((3, 3, 8, 8),)]
    return check(distinct_per_depth, per_depth, cases, what="list", ordered=True, hint=ask)


def check_different_states(different_states: Callable) -> bool:
    """Lesson 04 Ex 3: how many different states the search of a hand enters."""
    every = lambda case: len(recursive.trace(*case).states)  # noqa: E731
    ask = lambda value, case: ASK["all_states"] if value == every(case) else None  # noqa: E731
    cases = [((1, 1, 1, 1),), ((4, 5, 6, 7),), ((3, 3, 8, 8),)]
    return check(different_states, partial(known, STATES), cases, what="count", hint=ask)


# 06 exact arithmetic and 07 distinct answers: t24's own value and key are hidden from the attempt.
EXACT_CASES = ["8 / (3 - 8 / 3)", "4 / (1 - 5 / 6)", "7 - (6 - 5) / 3", "1 / 3 + 1 / 6"]
EXACT_CASES = [(parse(text),) for text in EXACT_CASES + ["6 / (5 / 4 - 1)", "2 - 9"]]
VALUE = (BinOp, "value", "the tree's `.value`", ASK["exact"])


def check_exact_value(exact_value: Callable) -> bool:
    """Lesson 06: does `exact_value(expr)` give every tree's exact value?"""

    def ask(got, case) -> str | None:
        if kind(got) == "float":
            return ASK["fraction"]
        return ASK["operand"] if safe_equal(got, swapped(case[0].postfix())) else None

    expected = lambda expr: expr.value  # noqa: E731
    return check(hiding(exact_value, *VALUE), expected, EXACT_CASES, what="`exact_value`", hint=ask)


def check_float32_value(float32_value: Callable) -> bool:
    """Lesson 06 Ex 1: does `float32_value(expr)` compute step by step in 32-bit floats?"""

    def ask(got, case) -> str | None:
        if kind(got) in ("float", "numpy") and type(got) is not np.float32:
            return ASK["float32"]
        if safe_equal(got, np.float32(case[0].value)):
            return ASK["step_by_step"]
        return ASK["operand"] if safe_equal(got, swapped(case[0].postfix())) else None

    expected = lambda expr: postfix.evaluate(expr.postfix(), np.float32)  # noqa: E731
    attempt = hiding(float32_value, *VALUE)
    return check(attempt, expected, EXACT_CASES[:3], what="`float32_value`", hint=ask)


# Pairs of expressions, and the question to ask when a key gets the pair wrong.
SAME_ANSWER_CASES = {
    ("5 + 7", "7 + 5"): "Does your key sort the items, so their order is forgotten?",
    ("(1 + 2) * 3", "1 + 2 * 3"): "Does your key keep the brackets of each item?",
    ("(5 + 7) * (6 - 4)", "(6 - 4) * (7 + 5)"): "Are the items of a product sorted too?",
    ("(5 + 7) + 6", "5 + (7 + 6)"): "Does your key open up a sum that sits inside a sum?",
    ("7 - (6 - 5)", "7 - 6 + 5"): "Which sign does 5 carry once 7 − (6 − 5) is opened up?",
    ("8 / (4 / 2)", "8 * 2 / 4"): "Does ÷ open up like −, with × and ÷ as its signs?",
    ("7 - 6 + 5", "7 + 6 - 5"): "Does each item keep its own sign?",
    ("2 - 6", "6 - 2"): "Does the right operand of − get the other sign?",
    ("12 + 1", "1 + 2 + 1"): "Can a number's digits run into the next item in your key?",
    ("2 + 2", "2 * 2"): "Do a sum and a product get different signs in your key?",
    ("6 * 2 * 2 * 1", "6 * 2 * 2 / 1"): "Does your key keep × 1 and ÷ 1 apart?",
    ("(5 + 7) * 2", "5 + 7 * 2"): (
        "Does your key keep a sum inside a product apart from a product inside a sum?"
    ),
}
BY_VALUE = (parse("1 + 3"), parse("2 * 2"))  # two answers of one value, no card alike
CANONICAL = (t24_distinct, "combine_key", "t24's `canonical`", "build the key yourself")


def check_key(key: Callable) -> bool:
    """Lesson 07: does `key` call two expressions the same answer exactly when t24 does?"""
    # Trees, not texts, as cases: a case is then named by the tree's own text.
    questions = {(parse(a), parse(b)): ask for (a, b), ask in SAME_ANSWER_CASES.items()}
    mine = hiding(key, *CANONICAL)

    @wraps(key)  # an error then names the line in the student's `key`
    def attempt(first, second) -> tuple:
        return mine(first), mine(second)

    def expected(first, second) -> Callable:
        def judge(keys: tuple):
            if any(part is None for part in keys):
                return ("none", {})
            same = safe_equal(*keys)
            if same != (canonical(first) == canonical(second)):
                return ("key", {"got": WORDS[same], "want": WORDS[not same]})

        return judge

    def ask(got, case) -> str | None:
        if None in got:
            return None
        with contextlib.redirect_stdout(io.StringIO()):
            by_value = safe_equal(*map(mine, BY_VALUE))
        return ASK["by_value"] if by_value else questions[case]

    canonical = t24_distinct.canonical
    return check(attempt, expected, list(questions), what="key", hint=ask, given=1)


def check_count_answers(count_answers: Callable) -> bool:
    """Lesson 07 Ex 1: does `count_answers(hand)` count t24's distinct answers with your key?"""
    key, calls = getattr(count_answers, "__globals__", {}).get("key"), []

    @wraps(count_answers)
    def attempt(hand):
        if callable(key):
            count_answers.__globals__["key"] = lambda expr: calls.append(1) or key(expr)
        try:
            count = hiding(count_answers, *CANONICAL)(hand)
        finally:
            if callable(key):
                count_answers.__globals__["key"] = key
        if not calls:
            raise Shortcut(ASK["not_own_key"], ASK["own_key"])
        return count

    ask = lambda value, case: ASK["distinct"] if value == len(solve(*case)) else None  # noqa: E731
    cases = [((1, 2, 3, 4),), ((3, 3, 7, 7),), ((1, 5, 5, 5),), ((2, 2, 6, 8),)]
    expected = lambda hand: len(solve(hand, distinct=True))  # noqa: E731
    return check(attempt, expected, cases, what="`count_answers`", hint=ask)


# 08 the whole deck and 09 play: each hand, each card as often as t24 gives it.
def check_solvable_hands(attempt: Callable) -> bool:
    """Lesson 08: every hand of four cards from 1 to `high` that makes 24 (a list or a tuple)."""

    def ask(hand, case, got) -> str | None:
        high = case[0]
        hand = next((tuple(sorted(h)) for h in got if not can_make(h)), tuple(sorted(hand)))
        if not can_make(hand):
            return ASK["solvable"].format(hand=hand_text(hand), hand_tuple=hand)
        if [tuple(sorted(h)) for h in got].count(hand) > 1:
            return ASK["once"]
        if high in hand and not any(high in h for h in got):
            return ASK["high"].format(high=high)
        return ASK["twice"] if all(len(set(h)) == len(h) for h in got) else None

    sort = lambda hand: tuple(sorted(hand))  # noqa: E731
    deck_answer = (t24_deck, "solvable_hands", "`deck.solvable_hands`", ASK["deck"])
    mine, cases = hiding(attempt, *deck_answer), [(6,), (9,)]
    solvable = t24_deck.solvable_hands
    return check(mine, solvable, cases, what="`solvable_hands`", hint=ask, item=sort)


def check_unused(unused: Callable) -> bool:
    """Lesson 09: the cards an answer's numbers leave unused."""

    def ask(card: int, case: tuple) -> str | None:
        twice = list(case[0]).count(card) > 1 or list(case[1]).count(card) > 1
        return ASK["counts"].format(card=card) if twice else None

    cases = [((3, 3, 8, 8), [3, 8]), ((3, 3, 8, 8), [3, 3, 8]), ((1, 5, 5, 5), [5, 1, 5, 5])]
    cases += [([3, 8, 8, 8], (3, 3, 8, 8)), ([10, 10, 4, 4], [10, 4]), ((2, 7, 7, 10), [10])]
    left = lambda cards, numbers: list((Counter(cards) - Counter(numbers)).elements())  # noqa: E731
    return check(unused, left, cases, what="`unused`", hint=ask)


# lesson 03 (new)
def check_product(product: Callable) -> bool:
    """Lesson 03 warm-up: the product of a list of cards, by a function that calls itself."""

    @wraps(product)  # an error then names the line in the student's `product`
    def attempt(cards: list):
        code = [getattr(inspect.unwrap(product), "__code__", None)]
        for step in code:  # its code and the functions defined inside it
            if step and product.__name__ in {*step.co_names, *step.co_freevars}:
                return product(cards)
            code += [c for c in getattr(step, "co_consts", ()) if inspect.iscode(c)]
        raise Shortcut(ASK["no_call"], ASK["first_times_rest"])

    def ask(got, case) -> str | None:
        cards, want = case[0], prod(case[0])
        if got == 0 or got == sum(cards):
            return ASK["zero" if got == 0 else "adds"]
        return ASK["left_out" if want % got == 0 and want // got in cards else "times_rest"]

    cards = [[5], [4, 6], [3, 3, 8, 8], [2, 3, 4], [7, 0, 9], [1, 13, 1, 2]]
    return check(attempt, prod, [(hand,) for hand in cards], what="product", hint=ask)


# lesson 05 (new)
def check_count_orderings(count_orderings: Callable) -> bool:
    """Lesson 05: n! divided by k! for each card repeated k times, a whole number, not a listing."""
    touched = [0]

    def touch(name: str) -> Callable:  # a formula touches each card a few times, a listing n! times
        def counted(card, *other):
            touched[0] += 1
            if touched[0] > 2000:
                raise Shortcut(ASK["listing"], ASK["formula"])
            return getattr(int, name)(card, *other)

        return counted

    names = ("__hash__", "__eq__", "__lt__", "__int__", "__index__")
    card = type("Card", (int,), {name: touch(name) for name in names})

    @wraps(count_orderings)
    def attempt(hand: tuple):
        touched[0] = 0
        return count_orderings(tuple(map(card, hand)))

    def ask(got, case) -> str | None:
        if kind(got) == "float":
            return ASK["keep_whole"]
        return ASK["divide_k" if got == factorial(len(case[0])) else "n_over_k"]

    hands = [(2, 6, 9, 13), (2, 2, 7, 11), (5, 5, 9, 9), (3, 12, 12, 12), (6, 6, 6, 6)]
    hands += [(1, 2, 2, 3, 3, 3), (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10)]
    cases = [(hand,) for hand in hands]
    return check(attempt, ordering_count, cases, what="`count_orderings`", hint=ask)
