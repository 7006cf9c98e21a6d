"""The engine of the checks that answer a student's attempt in one sentence, each beside t24's
own version: `check` runs it on a lesson's cases and finds what is wrong, `say` makes that a
sentence from the tables below, with the question a lesson's hint asks only when it has found its
cause. Each lesson's checks, cases and questions are in t24/lessons/, made with `lesson`."""

import ast
import collections
import contextlib
import copy
import difflib
import fractions
import inspect
import io
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
from functools import wraps
from itertools import islice
from types import FunctionType

import numpy as np

from .. import deck as t24_deck
from ..expr import Expr
from ..methods import postfix, recursive
from ..text import N_, Nn_, _, amount, hand_text, n_, plural, said, shown

LIMIT = 10  # seconds one call of an attempt may take

# Each kind of finding, as a whole sentence; a pair is the sentence for one case and for many.
SENTENCES = {
    "right": Nn_(
        "Right: your {what} agrees on the {n} case tried.",
        "Right: your {what} agrees on all {n} cases tried.",
    ),
    "right_answer": N_("Right: your {what} makes 24, using exactly {case}."),
    "stub": N_("Your {what} is not written yet: write its body, then run this check again."),
    "raise_left": Nn_(
        "Your {what} still raises NotImplementedError for {case}: delete the `raise NotImplementedError()` line below your code.",
        "Your {what} still raises NotImplementedError for {case}: delete every `raise NotImplementedError()` line ({n} are left) once your code is above it.",
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
    "not_asked": N_("Your {what} is not written the way the exercise asks: {why}"),
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
    "fraction": (Fraction, N_("the fraction {v}"), N_("a Fraction")),
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
    TypeError: N_("a value of the wrong kind was used ({detail})"),
    AttributeError: N_("you used a name after a dot that is not there ({detail})"),
    ValueError: N_("a value was not accepted ({detail})"),
    StopIteration: N_("you took one item more than there is ({detail})"),
    MemoryError: N_("it filled the memory ({detail})"),
    Exception: N_("it raised {name} ({detail})"),
    None: N_("a step gave back nothing (None)"),
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
    None: N_("is a `return` missing, or does no `if` match?"),
}
UNDEFINED = N_("you used the name `{name}`, which is not defined")
# Python's own first line for the commonest errors, its blanks in braces and `*` for any words
# between: a language whose catalogue translates it says the line plainly in its place (English
# keeps Python's line, so the catalogue's English is Python's own).
PYTHON_SAYS = [
    N_("'{kind}' object has no attribute '{name}'"),
    N_("module '{kind}' has no attribute '{name}'"),
    N_("unsupported operand type(s) for {op}: '{kind}' and '{other}'"),
    N_('can only concatenate {kind} (not "{other}") to {kind}'),
    N_("'{op}' not supported between instances of '{kind}' and '{other}'"),
    N_("{kind} assignment index out of range"),
    N_("{kind} index out of range"),
    N_("pop from empty {kind}"),
    N_("{kind}.remove(x): x not in {kind}"),
    N_("{kind}.index(x): x not in {kind}"),
    N_("name '{name}' is not defined"),
    N_("'{kind}' object is not callable"),
    N_("'{kind}' object is not subscriptable"),
    N_("'{kind}' object is not iterable"),
    N_("'{kind}' object does not support item assignment"),
    N_("unhashable type: '{kind}'"),
    N_("{name}() takes {want} positional argument* but {got} * given"),
    N_("{name}() missing * required positional argument*: {names}"),
    N_("too many values to unpack (expected {want})"),
    N_("not enough values to unpack (expected {want}, got {got})"),
    N_("maximum recursion depth exceeded*"),
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


def case_text(case: tuple, both: str = BOTH) -> str:
    """A case in words: `((3, 3, 8, 8), 24)` is "3 3 8 8"; a target other than 24 is named."""
    if len(case) == 1 and isinstance(case[0], list):  # a list a recursion shortens: `[5]`, not 5
        return str(case[0])
    words = [hand_text(arg) if isinstance(arg, list | tuple) else str(arg) for arg in case]
    if len(case) != 2:
        return " ".join(words)
    if not isinstance(case[0], tuple) or not isinstance(case[1], int | Fraction):
        return said(both, first=words[0], second=words[1])
    return words[0] if case[1] == 24 else said(WITH_TARGET, hand=words[0], target=words[1])


def brief(value) -> str:
    """A value as a sentence shows it: one line, at most 80 characters, a tuple as a hand."""
    if value is None:
        return _(KINDS["none"][1])
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**80:
        return ("-" if value < 0 else "") + amount(abs(value))  # "about 10^5,000"
    try:
        text = hand_text(value) if isinstance(value, tuple) else str(value)
    except Exception:  # noqa: BLE001 -- a broken object: as the core shows any value
        text = shown(value)
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


def say(found: Finding, what: str, question: str | tuple | None = None, both=BOTH) -> str:
    """The one place a finding becomes a sentence, with the question its hint asks, if any;
    `both` names a case of two arguments."""
    fill = {"what": _(what), "limit": LIMIT, "case": case_text(found.case, both)}
    fill["detail"] = _(NO_MESSAGE)
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
    sentence = re.sub(r"([?？])[.。]$", r"\1", sentence)  # a question ends the sentence
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

    if isinstance(function, property):  # as the student writes it: `expr.value`
        return f"expr.{function.fget.__name__}"
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
            inner = inspect.unwrap(getattr(function, "fget", function))  # a property: its getter
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


def run(attempt, case: tuple, hidden: dict, allowed=(), keep=lambda got: got) -> tuple:
    """The attempt called on a copy of one case, in the time limit, what it prints held, t24's
    `hidden` functions watched: (the copy after the call, what it gave back as `keep` keeps it,
    what stopped it or None, what it printed, the hidden functions it called)."""
    args = copy.deepcopy(case)
    held = _Held()
    got = failed = None
    try:
        with (
            time_limit(LIMIT) as rang,
            contextlib.redirect_stdout(held),
            watching(hidden, allowed) as used,
        ):
            got = keep(attempt(*args))
        if rang:  # it caught the alarm and went on
            raise _Late
    except (Exception, Shortcut, *STOPPED) as error:  # noqa: BLE001 -- each becomes a sentence
        failed = error
    return args, got, failed, held.getvalue(), used


def verdict(attempt, right, case, ordered=False, item=None, given=0, hidden=None, allowed=()):
    """What is wrong with the attempt called on a copy of one case, or None; `hidden`: t24's
    functions that answer the exercise, which the attempt must not call (see `watching`)."""

    def keep(got):  # an endless iterator too: more than t24 gives
        listed = isinstance(right, list) and isinstance(got, LISTS)
        return list(islice(got, 10**4)) if listed else got

    args, got, failed, printed, used = run(attempt, case, hidden or {}, allowed, keep)
    if used or failed is not None:
        return stopped(failed, used and (used[0], hidden[used[0]]), attempt, case, given)
    if got is None and printed.strip():
        return Finding("printed", case, words={"printed": brief(printed)})
    if not safe_equal(args, case):
        return Finding("changed", case, args[0] if len(args) == 1 else args)
    if got is None and right is not None:
        return Finding("none", case)
    try:
        found = compare(got, right, ordered=ordered, item=item or (lambda x: x))
    except Exception:  # noqa: BLE001 -- a value no comparison can take
        found = Finding("value", example=got)
    return found and replace(found, case=case, got=got)


def stopped(error, used, attempt, case, given) -> Finding:
    """What stopped an attempt: one of t24's hidden functions it called (`used`: the function and
    the ASK entry that says why; said even when the attempt caught the stop and went on), a
    shortcut, the time limit, Ctrl-C, SystemExit or an error."""
    if used:
        return Finding("shortcut", case, words={"why": used[1], "name": shown_name(used[0])})
    if isinstance(error, Shortcut):  # its words may name another kind: "not_asked"
        words = {"why": error.args[0], **error.args[1]}
        return Finding(words.pop("kind", "shortcut"), case, words=words)
    for stop, kind in STOPPED.items():
        if isinstance(error, stop):
            return Finding(kind, case)
    return error_finding(error, attempt, case, given)


def safe_equal(a, b) -> bool:
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 -- numpy's list == array, an item that refuses
        return False


def parsed(code) -> ast.Module:
    """The syntax tree of a function's (or a code object's) own source; empty without one."""
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(code)))
    except (OSError, TypeError, SyntaxError):
        return ast.Module(body=[], type_ignores=[])


def handed_out(code, given: int) -> bool:
    """Whether a function's body is as handed out: `given` statements, then a raise; or, where
    the handout leaves several parts between given lines, a raise first and another below."""
    tree = next(iter(parsed(code).body), None)
    body = [s for s in getattr(tree, "body", []) if not isinstance(s, ast.Expr)]
    if body and isinstance(body[0], ast.Raise):
        return len(body) == 1 or any(isinstance(s, ast.Raise) for s in ast.walk(body[1]))
    return bool(body) and isinstance(body[-1], ast.Raise) and len(body) <= 1 + given


def written(function: Callable, kind: type, within: tuple = (ast.AST,)) -> bool:
    """Whether the function's own code has a `kind` of statement or operator (`ast.Return`,
    `ast.Not`) inside one of the kinds `within` (a loop: `(ast.For, ast.While)`)."""
    tree = parsed(inspect.unwrap(function))
    places = [node for node in ast.walk(tree) if isinstance(node, within)]
    return any(isinstance(node, kind) for place in places for node in ast.walk(place))


def error_finding(error: Exception, attempt: Callable, case: tuple, given: int) -> Finding:
    """The stub left as is, or the line of the student's code, what went wrong and where to look."""
    if isinstance(error, NotImplementedError):
        *_steps, (frame, _line) = traceback.walk_tb(error.__traceback__)  # the stub's own raise?
        if handed_out(frame.f_code, given):
            return Finding("stub", case)
        tree = parsed(frame.f_code)  # how many raises are left: "every" one when there are several
        raises = [x.exc for x in ast.walk(tree) if isinstance(x, ast.Raise) and x.exc]
        left = sum(ast.unparse(x).startswith(NotImplementedError.__name__) for x in raises)
        return Finding("raise_left", case, words={"n": max(1, left)})
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
        return Finding("error_unplaced", case, error, words=words)
    frame, line = steps[-1]  # the deepest call in the student's file
    called = frame.f_code
    if code.co_firstlineno <= line <= max(n for *_, n in code.co_lines() if n):
        called = code  # in their function, when the line is there
    words |= {"line": line - called.co_firstlineno + 1, "function": called.co_name}
    return Finding("error", case, error, words=words)


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
    for template in PYTHON_SAYS:
        if _(template) == template:
            continue
        pattern, names = re.escape(template).replace(r"\*", ".*?"), set()
        for name in re.findall(r"\\\{(\w+)\\\}", pattern):  # a blank named twice: the same words
            blank = f"(?P={name})" if name in names else f"(?P<{name}>.*?)"
            pattern = pattern.replace(f"\\{{{name}\\}}", blank, 1)
            names.add(name)
        found = re.fullmatch(pattern, line)
        if found:
            words = {key: v if v.isdigit() else f"`{v}`" for key, v in found.groupdict().items()}
            return said(template, **words)
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
    advice=None,
    right="right",
    both=BOTH,
    **options,
) -> bool:
    """Run `attempt` beside `expected` on every case; print one sentence; True only when right.
    `expected` gives a value, a list (a multiset, unless `ordered`; its items compared by `item`)
    or a judge (None when right, else a reason or a Finding). A wrong value or item is followed
    by `hint(example, case, got)`: an ASK entry (and its blanks), or None when its cause is not
    likely. `options` are `verdict`'s: `ordered`, `item`, `given` (the statements the handout
    gives above its `raise NotImplementedError()`), `hidden` and `allowed` (t24's functions the
    attempt must not call, and those on whose route it may: `watching`). An error's advice is
    `advice(error, case, None)` in place of the engine's, when it finds the error's cause; `right`:
    the sentence said when it is right; `both`: how a case of two arguments is named."""
    for case in cases:
        try:
            want = expected(*case)
            found = verdict(attempt, want, case, **options)
        except KeyboardInterrupt:  # a Ctrl-C while t24 works out its own answer
            found = Finding("interrupted", case)
        if found:
            break
    else:
        found = Finding(right, case, words={"n": len(cases)})
    question = None
    if advice and found.kind in ("error", "error_unplaced"):
        with contextlib.suppress(Exception):  # an odd error: the engine's advice
            told = advice(found.example, found.case, None)
            if told:
                found.words |= {"advice": told[0], **told[1]}
    if hint and found.kind in ASKED:
        with contextlib.suppress(Exception, KeyboardInterrupt):  # an odd example: no question
            question = hint(found.example, found.case, found.got)
    print(say(found, what or N_("answer"), question, both))
    return found.kind == right


# The question every shortcut asks unless its lesson says another (each lesson's ASK, t24/lessons/).
ASK = {
    "own_function": N_(
        "it calls t24's own `{name}`, which answers this exercise; write that part yourself."
    ),
}


def refuse(why: str, words: dict, *args, **kwargs):
    """A stand-in for what an attempt is not to call."""
    raise Shortcut(why, words)


def asking(table: dict, **rules: Callable) -> Callable:
    """A hint: the `table` entry of the first rule `(example, case, got)` that holds (with its
    blanks, when the rule gives them)."""

    def ask(example, case, got) -> tuple | None:
        for key, rule in rules.items():
            holds = rule(example, case, got)
            if holds:
                return table[key], holds if isinstance(holds, dict) else {}
        return None

    return ask


def lesson(
    expected: Callable, cases: list, *, answers=(), why=ASK["own_function"], allowed=(), **options
) -> Callable:
    """A lesson's check from a function that readies the attempt (None: the attempt as it is; a
    pair: the attempt and its hint), run by `check` beside `expected` on `cases` with `options`.
    `answers`: t24's functions (or properties) that answer the exercise, which the attempt may not
    call (`why`: the sentence that says so) but on a route through an `allowed` one. The same
    declaration hides them in the kernel (`watching`) and in the grading child (apart.py)."""

    def make(ready: Callable) -> Callable:
        @wraps(ready)
        def check_lesson(attempt: Callable) -> bool:
            readied, hint = ready(attempt) or attempt, options.get("hint")
            if isinstance(readied, tuple):
                readied, hint = readied
            more = {"hidden": check_lesson.hidden, "allowed": allowed}
            return check(readied, expected, cases, **options | more | {"hint": hint})

        check_lesson.hidden, check_lesson.allowed = dict.fromkeys(answers, why), allowed
        return check_lesson

    return make
