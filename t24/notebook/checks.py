"""Checks that answer a student's attempt in one sentence, each beside t24's own version: `check`
runs it on a lesson's cases and finds what is wrong, `say` makes that a sentence from the tables
below, with the question a lesson's hint asks only when it has found its cause."""

import ast
import collections
import contextlib
import copy
import difflib
import fractions
import inspect
import io
import itertools
import math
import os
import re
import signal
import sys
import textwrap
import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, KeysView, ValuesView
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, partial, wraps
from itertools import accumulate, islice
from math import factorial, prod
from operator import attrgetter
from types import FunctionType
from unittest.mock import patch

import numpy as np

from .. import deck as t24_deck
from .. import distinct as t24_distinct
from ..check import check_answer
from ..expr import OPS, BinOp, Expr, Num
from ..hand import orderings
from ..methods import compiled, fast, patterns, postfix, recursive
from ..methods.sizes import final_numbers, ordering_count
from ..parse import parse
from ..solver import can_make, solve
from ..text import N_, Nn_, _, amount, hand_text, n_, plural, said
from ..trace import scan, trace

LIMIT = 10  # seconds one call of an attempt may take

# Each kind of finding, as a whole sentence; a pair is the sentence for one case and for many.
SENTENCES = {
    "right": Nn_(
        "Right: your {what} agrees on the {n} case tried.",
        "Right: your {what} agrees on all {n} cases tried.",
    ),
    "stub": N_("Your {what} is not written yet: write its body, then run this check again."),
    "raise_left": N_(
        "Your {what} still raises NotImplementedError for {case}: delete the `raise NotImplementedError()` line below your code."
    ),
    "slow": N_(
        "Your {what} did not finish in {limit} s for {case}: is there a loop that never ends?"
    ),
    "interrupted": N_(
        "The check was interrupted while your {what} ran for {case}: run the check again when you are ready."
    ),
    "exit": N_(
        "Your {what} asked Python to stop (SystemExit) for {case}: give back a value with `return` instead."
    ),
    "error": N_(
        "Your {what} stopped with an error for {case} in line {line} of `{function}`: {problem}; {advice}."
    ),
    "error_unplaced": N_("Your {what} stopped with an error for {case}: {problem}; {advice}."),
    "shortcut": N_("Your {what} takes a shortcut for {case}: {why}"),
    "printed": N_(
        "Your {what} printed `{printed}` for {case} but gave back nothing (None): did you print instead of return?"
    ),
    "none": N_("Your {what} gave back nothing (None) for {case}: is a `return` missing?"),
    "said": N_("Your {what} is not right for {case}: {why}"),
    "why": N_("Your {what} gives {got} for {case}, which is not right: {reason}."),
    "kind": N_("Your {what} returned {got} for {case}; {want} is expected."),
    "item_kind": N_(
        "Your {what} gives back {got} as an item for {case}; each item should be {want}."
    ),
    "changed": N_(
        "Your {what} changes what it is given for {case} (now {got}): work on a copy, such as `list(...)`."
    ),
    "value": N_("Your {what} gives {got} for {case}, which is not right."),
    "missing": N_("Your {what} misses `{got}` for {case}."),
    "extra": N_("Your {what} gives `{got}` for {case}, which should not be there."),
    "repeated": N_("Your {what} gives `{got}` {times} for {case}, but it is there {right_times}."),
    "order": N_("Your {what} has the right items for {case}, but not in the right order."),
    "same_key": N_(
        "Your {what} gives the same answer for {case}, but they are two different answers."
    ),
    "different_key": N_(
        "Your {what} gives two different answers for {case}, but they are the same answer."
    ),
}
ASKED = {"value", "kind", "item_kind", "missing", "extra", "repeated", "same_key", "different_key"}
# TRANSLATORS: how often an item is in a list, as in "gives `3` 2 times for …, but it is there once"
TIMES = Nn_("once", "{n} times")
# TRANSLATORS: a case named with its target, as in "for 2 2 2 3 with target 10"
WITH_TARGET = N_("{hand} with target {target}")
# TRANSLATORS: a case of two arguments, as in "for 3 3 8 8 and 3 8"
BOTH = N_("{first} and {second}")
NO_MESSAGE = N_("no message")
# TRANSLATORS: a value whose str() raises, as in "gives a Broken that cannot be written out"
UNWRITTEN = N_("a {kind} that cannot be written out")


LISTS = (list, tuple, set, frozenset, Iterator, KeysView, ValuesView)  # what may stand for a list
# Each kind of value, tried in this order: its types, and how a sentence names a value of it that
# came back and one that is expected.
KINDS = {
    "none": (type(None), N_("nothing (None)"), N_("nothing (None)")),
    "truth": (bool, N_("the truth value {v}"), N_("True or False")),
    "numpy": (np.generic, N_("the numpy {t} {v}"), N_("a numpy {t}")),
    "array": (np.ndarray, N_("a numpy array ({v})"), N_("a numpy array")),
    "text": (str, N_("the text {v}"), N_("text in quotes")),
    "whole": (int, N_("the whole number {v}"), N_("a whole number")),
    "fraction": (Fraction, N_("the fraction {v}"), N_("a number (a Fraction)")),
    "float": (float, N_("the float {v}"), N_("a float")),
    "tree": (Expr, N_("the expression tree `{v}`"), N_("an expression tree")),
    "list": (LISTS, Nn_("a {t} of {n} item", "a {t} of {n} items"), N_("a {t}")),
    "function": ((), N_("the function `{v}` itself (not what it gives back)"), N_("a value")),
    "other": ((), N_("a {t} ({v})"), N_("a {t}")),
}

# What went wrong, in plain words ({detail}: the error's own first line), and where to look.
PROBLEMS = {
    ZeroDivisionError: N_("you divided by zero"),
    IndexError: N_("you took an item that is not there ({detail})"),
    KeyError: N_("you looked up a key that is not there ({detail})"),
    RecursionError: N_("the function kept calling itself ({detail})"),
    TypeError: N_("two values of the wrong kinds met ({detail})"),
    AttributeError: N_("you used a name after a dot that is not there ({detail})"),
    ValueError: N_("a value was not accepted ({detail})"),
    StopIteration: N_("you took one item more than there is ({detail})"),
    MemoryError: N_("it filled the memory ({detail})"),
    Exception: N_("it raised {name} ({detail})"),
    None: N_("a step gave back nothing (None) ({detail})"),
}
ADVICE = {
    ZeroDivisionError: N_("check the divisor before dividing"),
    IndexError: N_("check how many items the list holds"),
    KeyError: N_("check the keys you look up"),
    RecursionError: N_("check the case that stops it"),
    TypeError: N_("check what each step gives back"),
    AttributeError: N_("check that name"),
    ValueError: N_("check the values you pass on"),
    StopIteration: N_("check how many items you take"),
    MemoryError: N_("is there a loop that never ends?"),
    Exception: N_("read the line named"),
    None: N_("is a `return` missing?"),
}
UNDEFINED = N_("you used the name `{name}`, which is not defined")
# Python's own first line for the commonest errors, and the same said plainly: a language whose
# catalogue translates the sentence shows it in place of Python's English; English keeps Python's.
PYTHON_SAYS = [
    (
        r"'(?P<kind>\w+)' object has no attribute '(?P<name>\w+)'",  # not words
        N_("a {kind} has no attribute or method {name}"),
    ),
    (
        r"module '(?P<kind>[\w.]+)' has no attribute '(?P<name>\w+)'",  # not words
        N_("the module {kind} has no {name}"),
    ),
    (
        r"unsupported operand type\(s\) for (?P<op>\S+): '(?P<kind>\w+)' and '(?P<other>\w+)'",  # not words
        N_("{op} cannot work on a {kind} and a {other}"),
    ),
    (
        r"can only concatenate (?P<kind>\w+) \(not \"(?P<other>\w+)\"\) to \w+",  # not words
        N_("a {kind} can only be joined to a {kind}, not to a {other}"),
    ),
    (
        r"'(?P<op>\S+)' not supported between instances of '(?P<kind>\w+)' and '(?P<other>\w+)'",  # not words
        N_("{op} cannot compare a {kind} with a {other}"),
    ),
    (
        r"(?P<kind>\w+) (?:assignment )?index out of range",  # not words
        N_("the {kind} has no item at that index"),
    ),
    (
        r"pop from empty (?P<kind>\w+)",  # not words
        N_("the {kind} is empty: there is nothing to pop"),
    ),
    (
        r"(?P<kind>\w+)\.(?:remove|index)\(x\): x not in \w+",  # not words
        N_("that item is not in the {kind}"),
    ),
    (
        r"name '(?P<name>\w+)' is not defined",  # not words
        N_("the name {name} is not defined"),
    ),
    (
        r"'(?P<kind>\w+)' object is not callable",  # not words
        N_("a {kind} is not a function: it cannot be called with ( )"),
    ),
    (
        r"'(?P<kind>\w+)' object is not subscriptable",  # not words
        N_("a {kind} cannot be indexed with [ ]"),
    ),
    (
        r"'(?P<kind>\w+)' object is not iterable",  # not words
        N_("a {kind} cannot be looped over"),
    ),
    (
        r"'(?P<kind>\w+)' object does not support item assignment",  # not words
        N_("the items of a {kind} cannot be changed"),
    ),
    (
        r"unhashable type: '(?P<kind>\w+)'",  # not words
        N_("a {kind} cannot go into a set or be a dictionary key"),
    ),
    (
        r"(?P<name>[\w.]+)\(\) takes (?P<want>\d+) positional arguments? but (?P<got>\d+) (?:was|were) given",  # not words
        N_("{name} takes {want} arguments, but was given {got}"),
    ),
    (
        r"(?P<name>[\w.]+)\(\) missing \d+ required positional arguments?: (?P<names>.+)",  # not words
        N_("{name} was called without {names}"),
    ),
    (
        r"too many values to unpack \(expected (?P<want>\d+)\)",  # not words
        N_("more values than the {want} names to put them in"),
    ),
    (
        r"not enough values to unpack \(expected (?P<want>\d+), got (?P<got>\d+)\)",  # not words
        N_("{got} values for {want} names"),
    ),
    (
        r"maximum recursion depth exceeded.*",  # not words
        N_("the function called itself too many times"),
    ),
]
NAME_ADVICE = {
    "import": N_("import it first: `from {module} import {name}`"),
    "module": N_("import it first: `import {name}`"),
    "kind": N_("a {kind} has no `{name}`; make a list of it first, such as `list(...)`"),
    "spelling": N_("did you mean `{close}`?"),
    "define": N_("define it (or run the cell that does) before you use it"),
}


@dataclass
class Finding:
    """What one check found: a kind of SENTENCES, the case, and the parts that fill it."""

    kind: str
    case: tuple = ()
    example: object = None  # the value or item at fault
    got: object = None  # everything the attempt gave back, for a question
    want: object = None  # a value of the kind expected there
    # The other blanks; those named "why", "problem" and "advice" hold entries of a table.
    words: dict = field(default_factory=dict)


class Shortcut(BaseException):
    """Raised where an attempt calls t24's own answer instead of the method it is to write: the
    ASK entry that says why, and the blanks it has."""

    def __init__(self, why: str, words: dict | None = None):
        super().__init__(why, words or {})


class _Late(BaseException):
    """The time limit rang."""


def translated(template: str | tuple, count: int = 1) -> str:
    """A table's entry in the language in use; a pair is a sentence for one and for many."""
    return n_(*template, count) if isinstance(template, tuple) else _(template)


def case_text(case: tuple) -> str:
    """A case in words: `((3, 3, 8, 8), 24)` is "3 3 8 8"; a target other than 24 is named."""
    words = [hand_text(arg) if isinstance(arg, list | tuple) else str(arg) for arg in case]
    if len(case) != 2:
        return " ".join(words)
    if not isinstance(case[0], tuple) or not isinstance(case[1], int | Fraction):
        return said(BOTH, first=words[0], second=words[1])
    return words[0] if case[1] == 24 else said(WITH_TARGET, hand=words[0], target=words[1])


def brief(value) -> str:
    """A value as a sentence shows it: one line, at most 80 characters, a tuple as a hand."""
    if value is None:
        return _(KINDS["none"][1])
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**80:
        return ("-" if value < 0 else "") + amount(abs(value))  # "about 10^5,000"
    try:
        text = hand_text(value) if isinstance(value, tuple) else str(value)
    except Exception:  # noqa: BLE001 -- a broken object
        return said(UNWRITTEN, kind=type(value).__name__)
    text = " ".join(text.split())
    return text if len(text) <= 80 else text[:79] + "…"


def kind(value) -> str:
    """The kind of a value, as KINDS names it."""
    for name, (types, *_words) in KINDS.items():
        if isinstance(value, types):
            return name
    return "function" if callable(value) else "other"


def named(value) -> str:
    """A value in words with its kind: "the text '6'", "the numpy float32 24.0"."""
    of = kind(value)
    text = brief(repr(value) if of == "text" else value)
    if of == "array":
        text = f"{value.ndim}-d, {brief(value.tolist()) if value.size < 20 else value.shape}"
    count = 1
    if of == "list":
        try:
            count = len(value)
        except Exception:  # noqa: BLE001 -- an iterator, or a list whose `len` raises
            of = "other"  # its items are not counted
    return translated(KINDS[of][1], count).format(v=text, t=type(value).__name__, n=count)


def say(found: Finding, what: str, question: str | tuple | None = None) -> str:
    """The one place a finding becomes a sentence, with the question its hint asks, if any."""
    fill = {"what": _(what), "limit": LIMIT, "case": case_text(found.case), "detail": _(NO_MESSAGE)}
    fill |= {"got": brief(found.example), "n": 1, **found.words}
    if found.kind in ("kind", "item_kind"):
        want = said(KINDS[kind(found.want)][2], t=type(found.want).__name__)
        fill |= {"got": named(found.example), "want": want}
    for blank, value in found.words.items():
        if blank in ("times", "right_times"):
            fill[blank] = plural(value, *TIMES)
        elif blank in ("problem", "advice", "why"):
            fill[blank] = _(value).format_map(fill)
    sentence = translated(SENTENCES[found.kind], fill["n"]).format_map(fill)
    if not question:
        return sentence
    template, more = question if isinstance(question, tuple) else (question, {})
    return f"{sentence} {_(template).format_map(fill | more)}"


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise _Late in the main thread after `seconds`, and again each 0.1 s should it be caught."""
    rang = []
    if threading.current_thread() is not threading.main_thread() or os.name == "nt":
        yield rang  # no limit where there is no timer signal
        return

    def ring(signum, frame):
        rang.append(signum)
        raise _Late

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.1)
    try:
        yield rang
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old if old is not None else signal.SIG_DFL)


class _Held(io.StringIO):
    """What an attempt prints, kept short."""

    def write(self, text: str) -> int:
        return super().write(text[: max(0, 200 - self.tell())]) and len(text)


def shown_name(function: Callable) -> str:
    """How a sentence names one of t24's functions: `t24.solve`, `patterns.search`."""
    import t24

    if getattr(t24, function.__name__, None) is function:
        return f"t24.{function.__name__}"
    if "." in function.__qualname__:  # a method: its class names it
        return function.__qualname__
    return f"{function.__module__.rsplit('.', 1)[-1]}.{function.__name__}"


def _stand_in(*args, **kwargs):
    """The code a hidden function runs while an attempt is watched; "KEY" becomes its own key."""
    import t24.notebook.checks

    return t24.notebook.checks.called("KEY", args, kwargs)


WATCHED = {}  # a hidden function's key: (the function, itself as it was, why, calls kept, routes)


def called(key: str, args: tuple, kwargs: dict):
    """A call of a hidden function: run as it was on an allowed route, else refused and kept."""
    function, itself, why, used, routes = WATCHED[key]
    frame = sys._getframe(2)  # whoever called the hidden function
    while frame is not None and frame.f_code not in routes:
        frame = frame.f_back
    if frame is not None:
        return itself(*args, **kwargs)
    used.append(function)
    raise Shortcut(why, {"name": shown_name(function)})


@contextlib.contextmanager
def watching(hidden: dict, allowed: tuple = ()):
    """While an attempt runs, each call of a `hidden` function ({function: the ASK entry that
    says why}), by whatever name, raises Shortcut and is kept in the list yielded, unless a call
    of an `allowed` function (the route the exercise asks for) is under way. The function's code
    is swapped for a stand-in's, so every name that holds it sees the swap and nothing else slows."""
    used = []
    routes = {inspect.unwrap(f).__code__ for f in allowed}
    swapped = []
    try:
        for function, why in hidden.items():
            getattr(function, "cache_clear", lambda: None)()  # a remembered answer: no call
            inner = inspect.unwrap(function)
            code = inner.__code__
            itself = FunctionType(
                code, inner.__globals__, inner.__name__, inner.__defaults__, inner.__closure__
            )
            itself.__kwdefaults__ = inner.__kwdefaults__
            key = f"{id(inner)}"
            WATCHED[key] = (function, itself, why, used, routes)
            stand_in = _stand_in.__code__
            consts = tuple(key if c == "KEY" else c for c in stand_in.co_consts)
            stand_in = stand_in.replace(co_consts=consts, co_name=code.co_name)
            inner.__code__ = stand_in
            swapped.append((inner, code, key))
        yield used
    finally:
        for inner, code, key in swapped:
            inner.__code__ = code
            WATCHED.pop(key, None)


STOPPED = {_Late: "slow", KeyboardInterrupt: "interrupted", SystemExit: "exit"}


def verdict(attempt, right, case, ordered, item, given, hidden=None, allowed=()) -> Finding | None:
    """What is wrong with the attempt called on a copy of one case, or None; `hidden`: t24's
    functions that answer the exercise, which the attempt must not call (see `watching`)."""
    args = copy.deepcopy(case)
    held = _Held()
    failed = None
    try:
        with (
            time_limit(LIMIT) as rang,
            contextlib.redirect_stdout(held),
            watching(hidden or {}, allowed) as used,
        ):
            got = attempt(*args)
            if isinstance(right, list) and isinstance(got, LISTS):
                got = list(islice(got, 10**4))  # an endless one too: more than t24 gives
    except (Exception, Shortcut, *STOPPED) as error:  # noqa: BLE001 -- each becomes a sentence
        failed = error
    if used or failed is not None:
        return stopped(failed, used and (used[0], hidden[used[0]]), attempt, case, given)
    if rang:
        return Finding("slow", case)
    if got is None and held.getvalue().strip():
        return Finding("printed", case, words={"printed": brief(held.getvalue())})
    if not safe_equal(args, case):
        return Finding("changed", case, args[0] if len(args) == 1 else args)
    if got is None and right is not None:
        return Finding("none", case)
    try:
        found = compare(got, right, ordered=ordered, item=item)
    except Exception:  # noqa: BLE001 -- a value no comparison can take
        found = Finding("value", example=got)
    return found and replace(found, case=case, got=got)


def stopped(error, used, attempt, case, given) -> Finding:
    """What stopped an attempt: one of t24's hidden functions it called (`used`: the function and
    the ASK entry that says why; said even when the attempt caught the stop and went on), a
    shortcut, the time limit, Ctrl-C, SystemExit or an error."""
    if used:
        return Finding("shortcut", case, words={"why": used[1], "name": shown_name(used[0])})
    if isinstance(error, Shortcut):
        return Finding("shortcut", case, words={"why": error.args[0], **error.args[1]})
    for stop, kind in STOPPED.items():
        if isinstance(error, stop):
            return Finding(kind, case)
    return error_finding(error, attempt, case, given)


def safe_equal(a, b) -> bool:
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 -- numpy's list == array, an item that refuses
        return False


def stub(error: BaseException, given: int) -> bool:
    """Whether the raise is the stub as handed out: its function's last statement, after `given`."""
    *_steps, (frame, _line) = traceback.walk_tb(error.__traceback__)
    return handed_out(frame.f_code, given)


def handed_out(code, given: int) -> bool:
    """Whether a function's body is as handed out: `given` statements, then a raise."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(code))).body[0]
    except (OSError, TypeError, SyntaxError):
        return False
    body = [s for s in getattr(tree, "body", []) if not isinstance(s, ast.Expr)]
    return bool(body) and isinstance(body[-1], ast.Raise) and len(body) <= 1 + given


def error_finding(error: Exception, attempt: Callable, case: tuple, given: int) -> Finding:
    """The stub left as is, or the line of the student's code, what went wrong and where to look."""
    if isinstance(error, NotImplementedError):
        return Finding("stub" if stub(error, given) else "raise_left", case)
    cause = next(cause for cause in type(error).__mro__ if cause in PROBLEMS)
    if isinstance(error, TypeError) and "NoneType" in str(error):
        cause = None
    words = {"problem": PROBLEMS[cause], "advice": ADVICE[cause]}
    words["name"] = getattr(error, "name", None) or type(error).__name__
    with contextlib.suppress(Exception):  # a message that cannot be written: no detail
        words["detail"] = brief(explained(str(error).strip().splitlines()[0]))
    code = getattr(inspect.unwrap(attempt), "__code__", None)
    steps = list(traceback.walk_tb(error.__traceback__))
    steps = [step for step in steps if code and step[0].f_code.co_filename == code.co_filename]
    if isinstance(error, NameError) and getattr(error, "name", None):
        names = {**steps[-1][0].f_globals, **steps[-1][0].f_locals} if steps else {}
        words |= {"problem": UNDEFINED, **name_advice(error.name, names)}
    if isinstance(error, AttributeError) and getattr(error, "name", None):
        words |= attribute_advice(error.name, getattr(error, "obj", None))
    if not steps:
        return Finding("error_unplaced", case, words=words)
    frame, line = steps[-1]  # the deepest call in the student's file
    called = frame.f_code
    if code.co_firstlineno <= line <= max(n for *_, n in code.co_lines() if n):
        called = code  # in their function, when the line is there
    words |= {"line": line - called.co_firstlineno + 1, "function": called.co_name}
    return Finding("error", case, words=words)


def name_advice(name: str, names: dict) -> dict:
    """Import it, mind its spelling, or define it: whichever its cause is."""
    import t24

    if name in sys.stdlib_module_names:
        return {"advice": NAME_ADVICE["module"]}
    modules = [t24, t24.expr, t24.hand, t24.methods, recursive, postfix, t24_deck]
    for module in [*modules, math, fractions, collections]:
        if hasattr(module, name):
            return {"advice": NAME_ADVICE["import"], "module": module.__name__}
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.75)
    if close:
        return {"advice": NAME_ADVICE["spelling"], "close": close[0]}
    return {"advice": NAME_ADVICE["define"]}


def explained(line: str) -> str:
    """Python's line for an error, or the same said plainly where the language translates it."""
    for pattern, sentence in PYTHON_SAYS:
        found = re.fullmatch(pattern, line)
        if found and _(sentence) != sentence:
            words = {
                key: value if value.isdigit() else f"`{value}`"
                for key, value in found.groupdict().items()
            }
            return said(sentence, **words)
    return line


def attribute_advice(name: str, value) -> dict:
    """A list's method on another kind of value, a misspelt name, or only "check that name"."""
    if hasattr(list, name) and not isinstance(value, list) and value is not None:
        return {"advice": NAME_ADVICE["kind"], "kind": type(value).__name__}
    close = difflib.get_close_matches(name, [n for n in dir(value) if n[0] != "_"], 1, 0.75)
    return {"advice": NAME_ADVICE["spelling"], "close": close[0]} if close else {}


def compare(got, want, *, ordered: bool, item: Callable) -> Finding | None:
    """None when `got` is right; else what is wrong with it, kind before contents."""
    if callable(want):  # a judge: None when right, else a reason or a Finding
        why = want(got)
        return Finding("why", example=got, words={"reason": why}) if isinstance(why, str) else why
    if not fits(got, want):
        return Finding("kind", example=got, want=want)
    if not isinstance(want, list):
        return None if safe_equal(got, want) else Finding("value", example=got)
    odd = [x for x in got if want and not fits(x, want[0])]
    if odd:
        return Finding("item_kind", example=odd[0], want=want[0])
    mine = [item(x) for x in got]
    theirs = [item(x) for x in want]
    shown = dict(zip(mine + theirs, got + want))  # each item as compared, and as it is shown
    have = Counter(mine)
    need = Counter(theirs)
    faults = [("missing", x) for x in need if x not in have]
    faults += [("extra", x) for x in have if x not in need]
    faults += [("repeated", x) for x in need if have[x] != need[x]]
    if faults:
        fault, x = faults[0]
        return Finding(fault, example=shown[x], words={"times": have[x], "right_times": need[x]})
    return Finding("order") if ordered and mine != theirs else None


def fits(got, want) -> bool:
    """Whether `got` is of the kind `want` is (a whole number and a fraction stand for each other)."""
    mine = kind(got)
    theirs = kind(want)
    if theirs == "numpy":
        return type(got) is type(want)
    if {mine, theirs} == {"whole", "fraction"}:
        return mine == "whole" or got.denominator == 1
    return mine == theirs


def check(
    attempt,
    expected,
    cases,
    *,
    what=None,
    hint=None,
    ordered=False,
    item=None,
    given=0,
    hidden=None,
    allowed=(),
):
    """Run `attempt` beside `expected` on every case; print one sentence; True only when right.
    `expected` gives a value, a list (a multiset, unless `ordered`; its items compared by `item`)
    or a judge (None when right, else a reason or a Finding). A wrong value or item is followed
    by `hint(example, case, got)`: an ASK entry (and its blanks), or None when its cause is not
    likely. `given`: the statements the handout gives above its `raise NotImplementedError()`.
    `hidden`, `allowed`: t24's functions the attempt must not call, and those it may (`watching`)."""
    for case in cases:
        try:
            right = expected(*case)
            found = verdict(
                attempt, right, case, ordered, item or (lambda x: x), given, hidden, allowed
            )
        except KeyboardInterrupt:  # a Ctrl-C while t24 works out its own answer
            found = Finding("interrupted", case)
        if found:
            break
    else:
        found = Finding("right", words={"n": len(cases)})
    question = None
    if hint and found.kind in ASKED:
        with contextlib.suppress(Exception, KeyboardInterrupt):  # an odd example: no question
            question = hint(found.example, found.case, found.got)
    print(say(found, what or N_("answer"), question))
    return found.kind == "right"


# The lessons' questions, each asked only when the hint that asks it has found its cause, and
# the reasons a judge or a shortcut gives, each a whole sentence.
ASK = {
    "whole": N_("Is it a whole number?"),
    "ends": N_("Which whole numbers does your range start and end with?"),
    "target": N_("Do you compare with `target`, or with 24?"),
    "repeats": N_("Does your search skip orderings that repeat? `permutations` gives some twice."),
    "float": N_("Is every value exact? In floats, `{item}` is not exactly {target}."),
    "shape": N_("Does your search take every shape? None of its answers is shaped `{shape}`."),
    "not_target": N_(
        "`{item}` among its answers makes {value}, not {target}: is each answer built the way its value is?"
    ),
    "none_kept": N_(
        "Does it ever keep an answer? When one number is left, compare it with the target."
    ),
    "none_kept_loops": N_(
        "Does it ever keep an answer? Compare the value of each candidate with the target, and append it when they are equal."
    ),
    "operand": N_("Which operand comes first in − and ÷?"),
    "fraction": N_("Is every number a Fraction before the first step?"),
    "by_zero": N_("What should it give when it divides by zero?"),
    "two_on_stack": N_("Does every operator find two numbers on the stack?"),
    "all_used": N_("Is every number and operator used before an order is kept?"),
    "both_moves": N_("Does it try both moves: push the next number, and pop two when it can?"),
    "restore": N_(
        "It changes the numbers for the next pair: for {case} the array ends as {left}. What must you put back once the six results of a pair are tried?"
    ),
    "restore_empty": N_(
        "It takes numbers out of the array for good: for {case} the array ends empty. What must you put back once the six results of a pair are tried?"
    ),
    "first_many": N_(
        "it keeps {n} answers, but the first-answer search stops at the first: does each call return True as soon as the call below it does?"
    ),
    "first_none": N_("it returns True but keeps no answer; append the hit before returning True."),
    "first_missed": N_(
        "it returns False or keeps no answer, but {case} makes {target}: does every call go on to the next pair after a False, with the array put back?"
    ),
    "first_false": N_("it returns {got} though {case} cannot make {target}."),
    "first_wrong": N_("it keeps `{item}`, which does not make {target}."),
    "first_restore": N_(
        "it keeps `{item}`, which does not use exactly the cards {case}: is the array put back after each pair?"
    ),
    "first_base": N_(
        "it keeps {n} answers but returns False: does the base case return True when it keeps one?"
    ),
    "first_late": N_(
        "it keeps one answer but goes on searching after it: does each call return True as soon as the call below it does?"
    ),
    "first_ignored": N_(
        "it keeps {n} answers and returns {got}, though its base case returns True for a hit: does each call return True as soon as the call below it does?"
    ),
    "steps": N_("Does your loop run for every count of numbers, from the count down to 2?"),
    "all_states": N_("Are equal states counted once?"),
    "depths": N_("A hand of {n} cards has {n} depths: does your list give one number per depth?"),
    "step_by_step": N_("Is every step done in 32-bit floats, not only the end?"),
    "float32": N_("Is every card a 32-bit float before the first step?"),
    "value_shortcut": N_(
        "it lets t24 work out the value (`{name}`); work it out step by step from the tree."
    ),
    "canonical_shortcut": N_("it calls t24's `{name}`; build the key yourself."),
    "deck_shortcut": N_("it calls t24's `{name}`; check each hand of `deck.deck(high)` yourself."),
    "own_search": N_(
        "it calls t24's own `{name}`, which does the whole search; write the loops yourself."
    ),
    "own_answer": N_(
        "it asks t24's `{name}` for the answer; find one by hand and give it back as text."
    ),
    "own_function": N_(
        "it calls t24's own `{name}`, which answers this exercise; write that part yourself."
    ),
    "own_values": N_(
        "it calls t24's `{name}`, which gives every value of the hand at once; test each target with `t24.can_make`."
    ),
    "own_key": N_(
        "it counts with something that is not your `key`; count the different keys your `key` gives."
    ),
    "no_call": N_(
        "it never calls `product`; write it as the first card times the product of the rest."
    ),
    "listing": N_(
        "it counts by listing every ordering; the exercise asks for the formula, n! divided by k! for each card repeated k times."
    ),
    "distinct": N_("Does it count each different key once?"),
    "by_value": N_("Is each item's key built from its own signs and cards, never from its value?"),
    "solvable": N_("Can {hand} make 24? Ask `t24.can_make({hand_tuple})`."),
    "high": N_("Does your loop reach the card {high}?"),
    "twice": N_("Can a hand hold the same card twice?"),
    "once": N_("Does your loop make each hand in one order only?"),
    "zero_or_none": N_(
        "Does it count the texts that divide by zero (`None`), not those whose value is 0? `not value` is true for both."
    ),
    "counts": N_("How many times is {card} among the cards, and how many times among the numbers?"),
    "zero": N_("What does the case that stops the calls give? A product with 0 is 0."),
    "adds": N_("It adds the cards; a product multiplies them."),
    "left_out": N_(
        "Is a card left out? Does each call take off one card, and what does the case that stops the calls give?"
    ),
    "times_rest": N_("Is it the first card times the product of the rest?"),
    "keep_whole": N_("Does `//` keep it whole?"),
    "divide_k": N_("Does it divide by k! for each card that appears k times?"),
    "n_over_k": N_("Is it n! divided by k! for each card repeated k times?"),
}


def refuse(why: str, words: dict, *args, **kwargs):
    """A stand-in for what an attempt is not to call."""
    raise Shortcut(why, words)


def hiding(owner, name: str, why: str) -> Callable:
    """A wrapper that runs an attempt with the property `owner.name` hidden: reading it raises
    Shortcut(why); it is looked up on the class, so no other name reaches it (see `watching`)."""
    return patch.object(owner, name, property(partial(refuse, why, {"name": f"expr.{name}"})))


def asking(**rules: Callable) -> Callable:
    """A hint: the ASK entry of the first rule `(example, case, got)` that holds (with its blanks)."""

    def ask(example, case, got) -> tuple | None:
        for key, rule in rules.items():
            holds = rule(example, case, got)
            if holds:
                return ASK[key], holds if isinstance(holds, dict) else {}
        return None

    return ask


def lesson(expected: Callable, cases: list, **options) -> Callable:
    """A lesson's check from a function that readies the attempt (None: the attempt as it is),
    run by `check` beside `expected` on `cases` with `options`."""

    def make(ready: Callable) -> Callable:
        @wraps(ready)
        def check_lesson(attempt: Callable) -> bool:
            return check(ready(attempt) or attempt, expected, cases, **options)

        return check_lesson

    return make


def swapped(value, case: tuple, got=None) -> bool:
    """Whether `value` is what the case's postfix sequence (or tree) makes with operands swapped."""
    sequence = case[0].postfix() if isinstance(case[0], Expr) else case[0]
    return safe_equal(value, postfix.evaluate(sequence, combine=lambda op, a, b: OPS[op](b, a)))


# 00 the 24 game: each answer is one value, judged as a whole (None when right, else why not).
def judge_2_2_13_13(text: str) -> Finding | str | None:
    """None when `text` is an answer for 2 2 13 13, else what `check_answer` says is wrong."""
    if not isinstance(text, str):
        return Finding("kind", example=text, want="")
    answer = check_answer((2, 2, 13, 13), text)
    return None if answer.ok else answer.message


# t24's searches, each by the code that finds answers, whichever method or name reaches it.
SEARCHES = (solve, recursive.search, patterns.search, postfix.search, compiled.solve, fast.answers)
SEARCHES += (fast.one_answer,)


@lesson(
    lambda hand: judge_2_2_13_13,
    [((2, 2, 13, 13),)],
    hidden=dict.fromkeys(SEARCHES, ASK["own_answer"]),
)
def check_answer_2_2_13_13(answer: Callable):
    """Ex 1: the text for 2 2 13 13, judged as `check_answer` judges it."""
    return wraps(answer)(lambda hand: answer())  # an error then names the student's line


@lesson(
    lambda hand: [n for n in range(1, 31) if n in fast.reachable(hand)],
    [((3, 3, 8, 8),), ((2, 5, 6, 8),), ((1, 1, 1, 1),)],
    what=N_("list of targets"),
    ordered=True,
    hint=asking(
        whole=lambda x, case, got: kind(x) == "fraction" and x.denominator != 1,
        ends=lambda x, case, got: x in (0, 30, 31),
    ),
    # every value at once is a shortcut; t24.can_make (and t24.solve) may work them out
    hidden=dict.fromkeys([fast.reachable, fast.combine], ASK["own_values"]),
    allowed=(fast.makes, fast.solve, solve),
)
def check_targets(targets: Callable):
    """Ex 3: the whole numbers from 1 to 30 a hand makes."""


# 01 pattern strings, 02 postfix enumeration and 03 recursive reduction: searches beside t24's.
HANDS = [((2, 2, 2, 3), Fraction(10)), ((3, 3, 8, 8), Fraction(24))]  # few orderings: quick


@cache
def known(find: Callable, *case):
    """t24's answer to a case, found once."""
    return find(*case)


def search_hint(
    package: Callable, tree: Callable, item=lambda x: x, shape=None, none_kept=ASK["none_kept"]
) -> Callable:
    """The questions about a search's answers, each asked only when its cause is found."""

    def ask(example, case, got) -> tuple | str | None:
        hand, target = case
        mine = Counter(map(item, got))
        right = known(package, hand, target)
        if target != 24 and mine == Counter(map(item, known(package, hand, Fraction(24)))):
            return ASK["target"]
        inexact = [x for x in right if postfix.evaluate(tree(x).postfix(), float) != target]
        exact = Counter(item(x) for x in right if x not in inexact)
        if not got and exact:
            return none_kept
        if mine == exact and inexact:
            return ASK["float"], {"item": tree(inexact[0]), "target": target}
        wrong = [tree(x) for x in got if tree(x).value != target]
        if wrong:
            return ASK["not_target"], {"item": wrong[0], "value": wrong[0].value, "target": target}
        if mine.get(item(example), 0) > 1 and len(set(hand)) < len(hand):
            return ASK["repeats"]
        if shape and example not in got and all(shape(x) != shape(example) for x in got):
            return ASK["shape"], {"shape": shape(example)}
        return None

    return ask


def tokens(order) -> tuple:
    """A postfix order as a tuple, however it is held."""
    return tuple(order) if isinstance(order, list | tuple) else order


def depth_fault(order, case: tuple, got: list) -> str | None:
    """What a push/pop order not among the right ones does wrong, as an ASK entry, or None."""
    right = known(postfix.stack_orders, *case)
    if order in right:
        return ASK["both_moves"] if got and all(tokens(x) in right for x in got) else None
    if min(accumulate(-1 if token in OPS else 1 for token in order), default=1) < 1:
        return ASK["two_on_stack"]
    return ASK["all_used"] if len(order) < sum(map(len, case)) else None


def searching(package: Callable, tree: Callable, shape: Callable, item=None) -> Callable:
    """A lesson's check of a search beside t24's `package`, on HANDS."""
    hint = search_hint(package, tree, item or (lambda x: x), shape, ASK["none_kept_loops"])
    hidden = dict.fromkeys(SEARCHES, ASK["own_search"])
    return lesson(
        partial(known, package), HANDS, what=N_("search"), hint=hint, item=item, hidden=hidden
    )


@searching(
    patterns.search,
    parse,
    lambda text: re.sub(r"\d+", "n", re.sub(r"[-+*/]", "o", text)),
)
def check_patterns(search: Callable):
    """Lesson 01: the pattern search, on a few hands and targets."""


def texts(hand: tuple) -> Iterator[str]:
    """Every text the pattern method fills in for a hand, in its loops' order."""
    for pattern in patterns.PATTERNS:
        for numbers in orderings(hand):
            for ops in itertools.product(patterns.OPERATORS, repeat=3):
                yield patterns.fill(pattern, numbers, ops)


def zero_divisions(hand: tuple, value=None) -> int:
    """How many of the hand's texts have the value `value` (None: they divide by zero)."""
    return sum(patterns.evaluate(text) == value for text in texts(hand))


@lesson(
    partial(known, zero_divisions),
    [((2, 2, 9, 9),), ((1, 1, 1, 1),)],
    what="`count_zero_divisions`",
    hint=asking(
        zero_or_none=lambda got, case, _: (
            got in (x := zero_divisions(*case, 0), x + known(zero_divisions, *case))
        )
    ),
    hidden={scan: ASK["own_function"]},
)
def check_count_zero_divisions(count_zero_divisions: Callable):
    """Lesson 01 Ex 3: how many of a hand's filled texts divide by zero."""


SEQUENCES = ["5 7 + 6 4 - *", "7 6 5 - -", "8 3 8 3 / - /", "8 4 2 / /", "4 5 5 - /", "9 2 /"]


@lesson(
    postfix.evaluate,
    [(tuple(int(t) if t.isdigit() else t for t in text.split()),) for text in SEQUENCES],
    what=N_("stack machine"),
    hint=asking(
        fraction=lambda value, case, got: kind(value) == "float",
        by_zero=lambda value, case, got: postfix.evaluate(*case) is None,
        operand=swapped,
    ),
    hidden={postfix.evaluate: ASK["own_function"]},
)
def check_evaluate(evaluate: Callable):
    """Lesson 02: the stack machine, on a few sequences."""


@lesson(
    postfix.stack_orders,
    [((4, 5, 6, 7), "+-*"), ((1, 2, 3), "*/"), ((1, 2, 3, 4, 5), "+-*/")],
    what=N_("recursion"),
    hint=depth_fault,
    item=tokens,
    given=1,
    hidden={postfix.stack_orders: ASK["own_function"]},
)
def check_stack_orders(stack_orders: Callable):
    """Lesson 02: the push/pop recursion."""


@searching(
    postfix.search,
    postfix.to_infix,
    lambda order: "".join("o" if token in OPS else "n" for token in order),
    tokens,
)
def check_postfix(search: Callable):
    """Lesson 02: the postfix search, on a few hands and targets."""


def mirror(expr):
    """A tree up to the order of the operands of + and ×, as a search finds it in any order."""
    if not isinstance(expr, BinOp):
        return expr
    sides = [mirror(expr.left), mirror(expr.right)]
    return (expr.op, *(sorted(sides, key=str) if expr.op in "+*" else sides))


def hits(step: Callable) -> Callable:
    """A Search(n) as a function of a case: what it returns and the hits it appends."""

    @wraps(step)  # an error then names the line in the student's `step`
    def attempt(hand: tuple, target: int) -> tuple:
        array = recursive.start(hand)
        found = []
        returned = step(array, len(hand), Fraction(target), found)
        attempt.left = [value for value, _tree in array]
        attempt.got = returned, found
        return attempt.got

    return attempt


def package_hits(hand: tuple, target: int) -> list:
    """The answers t24's own Search(n) finds."""
    return hits(recursive.search)(hand, target)[1]


def check_reduction(search: Callable) -> bool:
    """Lesson 03: Search(n), by the answers it finds (in any order, + and × either way round)."""
    mine = hits(search)
    ask = search_hint(package_hits, lambda x: x, mirror)

    def hint(example, case, got) -> tuple | str | None:
        if not mine.left:
            return ASK["restore_empty"]
        if mine.left != list(case[0]):
            return ASK["restore"], {"left": hand_text(mine.left)}
        return ask(example, case, got)

    found = wraps(search)(lambda *case: mine(*case)[1])
    cases = [((4, 5, 6, 7), 24), ((3, 3, 8, 8), 24), ((1, 5, 5, 5), 24), ((2, 3, 4), 10)]
    hidden = dict.fromkeys(SEARCHES, ASK["own_search"])
    return check(
        found, package_hits, cases, what=N_("search"), hint=hint, item=mirror, hidden=hidden
    )


def first_judge(hand: tuple, target: int) -> Callable:
    """A judge of what a first-answer search returns and keeps for the case."""
    answers = {mirror(tree) for tree in recursive.solve(hand, Fraction(target))}

    def judge(got: tuple) -> Finding | None:
        returned, found, base, late = got
        if kind(returned) != "truth":
            return Finding("kind", example=returned, want=True)
        if len(found) > 1 and returned:
            why = "first_many"
        elif len(found) > 1:  # the loop ignores the True of a call below, or the base case
            why = "first_ignored" if base is True else "first_base"
        elif not answers:
            why = None if returned is False and not found else "first_false"
        elif returned is not True or not found:
            why = "first_none" if returned is True else "first_missed"
        elif late:
            why = "first_late"
        elif sorted(found[0].leaves()) != sorted(hand):
            why = "first_restore"
        else:
            why = None if mirror(found[0]) in answers else "first_wrong"
        words = {"n": len(found), "item": brief(found[0] if found else ""), "target": target}
        return why and Finding("said", example=returned, words={"why": ASK[why]} | words)

    return judge


@lesson(
    first_judge,
    [((4, 5, 6, 7), 24), ((1, 1, 1, 1), 24), ((3, 3, 8, 8), 24), ((2, 3, 4), 10)],
    what=N_("first-answer search"),
    hidden=dict.fromkeys(SEARCHES, ASK["own_search"]),
)
def check_search_first(search_first: Callable):
    """Lesson 03 Ex 1: True and one answer as soon as one is found; False and none when none is."""

    @wraps(search_first)  # an error then names the student's line
    def attempt(hand: tuple, target: int) -> tuple | None:
        goal = Goal(target)
        array, found = recursive.start(hand), []
        returned = search_first(array, len(hand), goal, found)
        if (returned, found) == (None, []):
            return None
        base = search_first([(Fraction(target), Num(target))], 1, Fraction(target), [])
        return returned, found, base, goal.late  # what its base case says to a hit

    return attempt


class Goal(Fraction):
    """A target that counts how often it is compared after the first comparison that hits: a
    first-answer search that stops there compares it no more."""

    def __new__(cls, value):
        goal = super().__new__(cls, value)
        goal.hit, goal.late = False, 0
        return goal

    def __eq__(self, other):
        equal = Fraction.__eq__(self, other)
        self.late += self.hit
        self.hit = self.hit or equal is True
        return equal

    __hash__ = Fraction.__hash__


@lesson(
    recursive.final_numbers,
    [(2,), (3,), (4,), (5,)],
    what=N_("count"),
    hint=asking(
        steps=lambda x, case, got: (
            x in (0, (right := recursive.final_numbers(*case)) // 6, right * 6)
        )
    ),
    hidden=dict.fromkeys([final_numbers, recursive.search], ASK["own_function"]),
)
def check_final_numbers(final_numbers_for: Callable):
    """Lesson 03 Ex 3: the final numbers the loops make for 2 to 5 cards."""


# 04 search trees: the different states of a search, counted from `trace`.
def per_depth(hand: tuple, distinct: bool = True) -> list:
    """The states of the search of `hand` at each depth (the different ones, if `distinct`)."""
    keys = [(state.depth, state.key) for state in trace(hand).states]
    keys = set(keys) if distinct else keys
    return [sum(depth == d for depth, _key in keys) for d in range(len(hand))]


@lesson(
    per_depth,
    [((2, 3, 4),), ((3, 3, 8, 8),)],
    what=N_("list"),
    ordered=True,
    hint=asking(
        depths=lambda x, case, got: len(got) != len(case[0]) and {"n": len(case[0])},
        all_states=lambda x, case, got: got == per_depth(*case, False),
    ),
    hidden={per_depth: ASK["own_function"]},
)
def check_distinct_per_depth(distinct_per_depth: Callable):
    """Lesson 04 Ex 1: the different states at each depth, depth 0 first."""


@lesson(
    partial(known, lambda hand: trace(hand).distinct_states()),
    [((1, 1, 1, 1),), ((4, 5, 6, 7),), ((3, 3, 8, 8),)],
    what=N_("count"),
    hint=asking(all_states=lambda value, case, got: value == len(trace(*case).states)),
    hidden={per_depth: ASK["own_function"]},
)
def check_different_states(different_states: Callable):
    """Lesson 04 Ex 3: how many different states the search of a hand enters."""


# 06 exact arithmetic and 07 distinct answers: t24's own value and key are hidden from the attempt.
EXACT_CASES = ["8 / (3 - 8 / 3)", "4 / (1 - 5 / 6)", "7 - (6 - 5) / 3", "(5 - 1 / 5) * 5"]
EXACT_CASES = [
    (parse(text),) for text in EXACT_CASES + ["1 / 3 + 1 / 6", "6 / (5 / 4 - 1)", "2 - 9"]
]
OWN_VALUE = {postfix.evaluate: ASK["value_shortcut"]}  # besides the trees' own `.value`


@lesson(
    attrgetter("value"),
    EXACT_CASES,
    what="`exact_value`",
    hint=asking(fraction=lambda value, case, got: kind(value) == "float", operand=swapped),
    hidden=OWN_VALUE,
    given=3,  # the handout gives the card case and the two recursive calls
)
def check_exact_value(exact_value: Callable):
    """Lesson 06: does `exact_value(expr)` give every tree's exact value?"""
    return hiding(BinOp, "value", ASK["value_shortcut"])(exact_value)


@lesson(
    lambda expr: postfix.evaluate(expr.postfix(), np.float32),
    EXACT_CASES[:5],  # every operator, a product and a sum among them
    what="`float32_value`",
    hint=asking(
        float32=lambda value, case, got: (
            kind(value) in ("float", "numpy") and type(value) is not np.float32
        ),
        step_by_step=lambda value, case, got: safe_equal(value, np.float32(case[0].value)),
        operand=swapped,
    ),
    hidden=OWN_VALUE,
)
def check_float32_value(float32_value: Callable):
    """Lesson 06 Ex 1: does `float32_value(expr)` compute step by step in 32-bit floats?"""
    return hiding(BinOp, "value", ASK["value_shortcut"])(float32_value)


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
BY_VALUE = (parse("1 + 3"), parse("2 * 2"))  # two answers of one value, no card alike
OWN_KEY = dict.fromkeys(
    [t24_distinct.canonical, t24_distinct.combine_key], ASK["canonical_shortcut"]
)


def key_judge(first, second) -> Callable:
    """A judge of the keys an attempt gives two expressions: the same exactly when t24's are."""

    def judge(keys: tuple) -> Finding | None:
        if any(part is None for part in keys):
            return Finding("none")
        same = safe_equal(*keys)
        if same == (t24_distinct.canonical(first) == t24_distinct.canonical(second)):
            return None
        return Finding("same_key" if same else "different_key")

    return judge


def check_key(key: Callable) -> bool:
    """Lesson 07: does `key` call two expressions the same answer exactly when t24 does?"""
    # Trees, not texts, as cases: a case is then named by the tree's own text.
    questions = {(parse(a), parse(b)): ask for (a, b), ask in SAME_ANSWER_CASES.items()}
    attempt = wraps(key)(lambda first, second: (key(first), key(second)))  # names their line

    def ask(example, case, got) -> str:
        with contextlib.redirect_stdout(io.StringIO()):
            by_value = safe_equal(*map(key, BY_VALUE))
        return ASK["by_value"] if by_value else questions[case]

    cases = list(questions)
    return check(attempt, key_judge, cases, what=N_("key"), hint=ask, given=1, hidden=OWN_KEY)


def check_count_answers(count_answers: Callable) -> bool:
    """Lesson 07 Ex 1: does `count_answers(hand)` count t24's distinct answers with your key?"""
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

    hint = asking(distinct=lambda value, case, got: value == len(solve(*case)))
    cases = [((1, 2, 3, 4),), ((3, 3, 7, 7),), ((1, 5, 5, 5),), ((2, 2, 6, 8),)]
    expected = lambda hand: len(solve(hand, distinct=True))  # noqa: E731
    return check(attempt, expected, cases, what="`count_answers`", hint=hint, hidden=OWN_KEY)


# 08 the whole deck and 09 play: each hand, each card as often as t24 gives it.
def deck_fault(hand: tuple, case: tuple, got: list) -> tuple | str | None:
    """What a list of hands does wrong, as an ASK entry (and its blanks), or None."""
    high = case[0]
    hand = next((tuple(sorted(h)) for h in got if not can_make(h)), tuple(sorted(hand)))
    if not can_make(hand):
        return ASK["solvable"], {"hand": hand_text(hand), "hand_tuple": hand}
    if [tuple(sorted(h)) for h in got].count(hand) > 1:
        return ASK["once"]
    if high in hand and not any(high in h for h in got):
        return ASK["high"], {"high": high}
    return ASK["twice"] if all(len(set(h)) == len(h) for h in got) else None


@lesson(
    t24_deck.solvable_hands,
    [(6,), (9,)],
    what="`solvable_hands`",
    hint=deck_fault,
    item=lambda hand: tuple(sorted(hand)),
    hidden={t24_deck.solvable_hands: ASK["deck_shortcut"]},
)
def check_solvable_hands(solvable_hands: Callable):
    """Lesson 08: every hand of four cards from 1 to `high` that makes 24 (a list or a tuple)."""


@lesson(
    lambda cards, numbers: list((Counter(cards) - Counter(numbers)).elements()),
    [((3, 3, 8, 8), [3, 8]), ((3, 3, 8, 8), [3, 3, 8]), ((1, 5, 5, 5), [5, 1, 5, 5])]
    + [([3, 8, 8, 8], (3, 3, 8, 8)), ([10, 10, 4, 4], [10, 4]), ((2, 7, 7, 10), [10])],
    what="`unused`",
    hint=asking(
        counts=lambda card, case, got: (
            max(list(numbers).count(card) for numbers in case) > 1 and {"card": card}
        )
    ),
)
def check_unused(unused: Callable):
    """Lesson 09: the cards an answer's numbers leave unused."""


@lesson(
    prod,
    [([5],), ([4, 6],), ([3, 3, 8, 8],), ([2, 3, 4],), ([7, 0, 9],), ([1, 13, 1, 2],)],
    what=N_("product"),
    hint=asking(
        zero=lambda got, case, _: got == 0,
        adds=lambda got, case, _: got == sum(case[0]),
        left_out=lambda got, case, _: prod(case[0]) % got == 0 and prod(case[0]) // got in case[0],
        times_rest=lambda *_: True,
    ),
)
def check_product(product: Callable):
    """Lesson 03 warm-up: the product of a list of cards, by a function that calls itself."""

    code = [getattr(inspect.unwrap(product), "__code__", None)]
    if code[0] and handed_out(code[0], 0):
        return product  # the stub: it says so when it runs
    for step in code:  # its code and the functions defined inside it: does one call it?
        if step and product.__name__ in {*step.co_names, *step.co_freevars}:
            return product
        code += [c for c in getattr(step, "co_consts", ()) if inspect.iscode(c)]
    return wraps(product)(partial(refuse, ASK["no_call"], {}))  # a shortcut


@lesson(
    ordering_count,
    [((2, 6, 9, 13),), ((2, 2, 7, 11),), ((5, 5, 9, 9),), ((3, 12, 12, 12),), ((6, 6, 6, 6),)]
    + [((1, 2, 2, 3, 3, 3),), ((1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10),)],
    what="`count_orderings`",
    hint=asking(
        keep_whole=lambda got, case, _: kind(got) == "float",
        divide_k=lambda got, case, _: got == factorial(len(case[0])),
        n_over_k=lambda *_: True,
    ),
    hidden={ordering_count: ASK["own_function"]},
)
def check_count_orderings(count_orderings: Callable):
    """Lesson 05: n! divided by k! for each card repeated k times, a whole number, not a listing."""
    touched = Counter()

    def touch(name: str) -> Callable:  # a formula touches each card a few times, a listing n! times
        def counted(card, *other):
            touched["cards"] += 1
            if touched["cards"] > 2000:
                raise Shortcut(ASK["listing"])
            return getattr(int, name)(card, *other)

        return counted

    names = ("__hash__", "__eq__", "__lt__", "__int__", "__index__")
    card = type("Card", (int,), {name: touch(name) for name in names})

    @wraps(count_orderings)
    def attempt(hand: tuple):
        touched.clear()
        return count_orderings(tuple(map(card, hand)))

    return attempt
