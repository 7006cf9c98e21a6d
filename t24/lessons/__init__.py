"""Each lesson's checks, one module per lesson named by its slug: the checks, their cases and the
questions they ask (the engine that runs them is t24/notebook/checks.py). Here: what several
lessons share, the questions about a search's answers and the operands of − and ÷."""

import ast
import importlib
import traceback
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache, partial, wraps

from ..expr import OPS, Expr
from ..methods import compiled, fast, patterns, postfix, recursive
from ..notebook import checks
from ..solver import solve
from ..text import N_

# The lessons in their order (the checks page lists their checks and questions so); each module
# declares, with each check, the t24 functions that answer its exercise: `lesson(answers=...)`.
SLUGS = ["the_24_game", "pattern_strings", "postfix_enumeration", "recursion"]
SLUGS += ["recursive_reduction", "search_trees", "comparing_the_approaches", "exact_arithmetic"]
SLUGS += ["distinct_answers", "the_whole_deck", "play"]
ASK = checks.ASK | {
    "target": N_("Do you compare with `target`, or with 24?"),
    "repeats": N_("Does your search skip orderings that repeat? `permutations` gives some twice."),
    "float": N_("Is every value exact, at every step?"),
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
    "own_search": N_(
        "it calls t24's own `{name}`, which does the whole search; write the loops yourself."
    ),
    "early_return": N_(
        "Is your `return` inside a loop? It ends the function on the loop's first pass."
    ),
    "eval": N_("use `patterns.evaluate`, which gives `None` instead of stopping"),
    "operand": N_("Which operand comes first in − and ÷?"),
    "fraction": N_("Is every number a Fraction before the first step?"),
}
# t24's searches, each by the code that finds answers, whichever method or name reaches it.
SEARCHES = [solve, recursive.search, patterns.search, postfix.search, compiled.solve, fast.answers]
SEARCHES += [fast.one_answer]
HANDS = [((2, 2, 2, 3), Fraction(10)), ((3, 3, 8, 8), Fraction(24))]  # few orderings: quick


def modules() -> list:
    """Each lesson's module, in the lessons' order."""
    return [importlib.import_module(f"{__name__}.{slug}") for slug in SLUGS]


def every_check() -> dict:
    """Every lesson's checks by name, in the lessons' order."""
    return {
        name: value
        for module in modules()
        for name, value in vars(module).items()
        if name.startswith("check_") and getattr(value, "__module__", None) == module.__name__
    }


def questions() -> dict:
    """Every lesson's questions (ASK) in one table, by key."""
    return {key: text for module in modules() for key, text in module.ASK.items()}


@cache
def known(find: Callable, *case):
    """t24's answer to a case, found once."""
    return find(*case)


def swapped(value, case: tuple, got=None) -> bool:
    """Whether `value` is what the case's postfix sequence (or tree) makes with operands swapped."""
    sequence = case[0].postfix() if isinstance(case[0], Expr) else case[0]
    combine = lambda op, a, b: OPS[op](b, a)  # noqa: E731
    return checks.safe_equal(value, postfix.evaluate(sequence, combine=combine))


def loop_return(function: Callable) -> bool:
    """Whether the function has a `return` inside a loop, which ends it on the first pass."""
    return checks.written(function, ast.Return, within=(ast.For, ast.While))


def evaluated(error: BaseException, case=None, got=None) -> bool:
    """Whether a division by zero came from text run by `eval` (its code is "<string>")."""
    steps = traceback.walk_tb(error.__traceback__)
    return isinstance(error, ZeroDivisionError) and any(
        frame.f_code.co_filename == "<string>" for frame, _line in steps
    )


def search_hint(package, tree, item=None, shape=None, none_kept="none_kept", early=False):
    """The questions about a search's answers, each asked only when its cause is found (`early`:
    the search has a `return` inside a loop)."""
    item = item or (lambda x: x)

    def ask(example, case, got) -> tuple | str | None:
        hand, target = case
        mine = Counter(map(item, got))
        right = known(package, hand, target)
        wrong = [x for x in map(tree, got) if x.value != target]
        as_24 = mine == Counter(map(item, known(package, hand, Fraction(24))))
        if target != 24 and (as_24 or wrong and all(x.value == 24 for x in wrong)):
            return ASK["target"]
        inexact = [x for x in right if postfix.evaluate(tree(x).postfix(), float) != target]
        exact = Counter(item(x) for x in right if x not in inexact)
        if early and (not got or len(got) == 1):
            return ASK["early_return"]
        if not got and exact:
            return ASK[none_kept]
        if mine == exact and inexact:
            return ASK["float"]
        if wrong:
            return ASK["not_target"], {"item": wrong[0], "value": wrong[0].value, "target": target}
        if mine.get(item(example), 0) > 1 and len(set(hand)) < len(hand):
            return ASK["repeats"]
        if shape and example not in got and all(shape(x) != shape(example) for x in got):
            return ASK["shape"], {"shape": shape(example)}
        return None

    return ask


def searching(package: Callable, tree: Callable, shape: Callable, item=None) -> Callable:
    """A lesson's check of a search beside t24's `package`, on HANDS."""

    def make(ready: Callable) -> Callable:
        def hinted(search: Callable) -> tuple:
            early = loop_return(search)
            return search, search_hint(package, tree, item, shape, "none_kept_loops", early)

        return checks.lesson(
            partial(known, package),
            HANDS,
            what=N_("search"),
            advice=checks.asking(ASK, eval=evaluated),
            item=item,
            answers=SEARCHES,
            why=ASK["own_search"],
        )(wraps(ready)(hinted))

    return make
