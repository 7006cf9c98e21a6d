"""Lesson recursive reduction's checks: Search(n) beside t24's, the first-answer search, and the
count of final numbers."""

import ast
import inspect
import traceback
from collections.abc import Callable
from fractions import Fraction
from functools import wraps

from ..expr import BinOp, Num
from ..methods import recursive
from ..methods.sizes import choices_per_step, final_numbers
from ..notebook.checks import Finding, asking, brief, kind, lesson, parsed, run
from ..text import N_, _
from . import ASK, SEARCHES, search_hint

ASK = ASK | {
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
    "first_any": N_(
        "it returns True but keeps no answer: does the base case return True only when the number is the target?"
    ),
    "first_missed": N_(
        "it returns False, but {case} makes {target}: does every call go on to the next pair after a False, with the array put back?"
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
    "same_n": N_("does each call pass `n - 1`, one number fewer?"),
    "bare_slot": N_(
        "a slot holds a bare number, not a (value, expression) pair: put back `a` and `b` themselves"
    ),
    "returned_call": N_(
        "The call's value is returned, so the loop stops after the first result: call `search` without `return`."
    ),
    "restore_inside": N_(
        "Is the restore after the loop of six results, not inside it? All six results need the last number in slot j."
    ),
    "pair_compared": N_("`array[0]` is a (value, expression) pair; compare `array[0][0]`."),
    "returned_answer": N_(
        "Append the expression to `found`; a value a call returns is thrown away by the loop."
    ),
    "no_n_check": N_("An answer is only an answer when one number is left: check `n == 1` first."),
    "item_whole": N_("Append `array[0][1]` itself, not its text or the whole pair."),
    "one_step": N_("Each pair gives six results."),
    "added": N_("The choices at each step multiply."),
    "steps": N_("Does your loop run for every count of numbers, from the count down to 2?"),
    "no_call": N_(
        "Its base case keeps a hit, but the search never gets down to one number: does each of the six results call `search` on the first n − 1 numbers?"
    ),
    "own_call": N_(
        "it calls t24's own `{name}`, which does the whole search; call your own `search` on the first n − 1 numbers."
    ),
}


LONG = N_("(a long fraction)")  # a value the array ends with, too long to read in a sentence


def mirror(expr):
    """A tree up to the order of the operands of + and ×, as a search finds it in any order."""
    if not isinstance(expr, BinOp):
        return expr
    sides = [mirror(expr.left), mirror(expr.right)]
    return (expr.op, *(sorted(sides, key=str) if expr.op in "+*" else sides))


def hits(step: Callable) -> Callable:
    """A Search(n) as a function of a case: the hits it appends; `left`: the array after it."""

    @wraps(step)  # an error then names the line in the student's `step`
    def attempt(hand: tuple, target: int) -> list:
        array, found = recursive.start(hand), []
        step(array, len(hand), Fraction(target), found)
        attempt.left = [value for value, _tree in array]
        return found

    return attempt


PACKAGE_HITS = hits(recursive.search)  # the answers t24's own Search(n) finds


@lesson(
    PACKAGE_HITS,
    [((4, 5, 6, 7), 24), ((3, 3, 8, 8), 24), ((1, 5, 5, 5), 24), ((2, 3, 4), 10)],
    what=N_("search"),
    item=mirror,
    answers=SEARCHES,
    why=ASK["own_call"],
    advice=asking(
        ASK,
        same_n=lambda error, *_: (
            isinstance(error, RecursionError) and calls_got(error)[-1][1] == calls_got(error)[-2][1]
        ),
        bare_slot=lambda error, *_: (
            isinstance(error, TypeError)
            and any(isinstance(slot, Fraction | int) for slot in calls_got(error)[-1][0])
        ),
    ),
)
def check_reduction(search: Callable):
    """Search(n), by the answers it finds (in any order, + and × either way round). The lesson
    gives the loops and asks for the base case, the call and the restore: the hints say which."""
    mine = hits(search)
    ask = search_hint(PACKAGE_HITS, lambda x: x, mirror)
    wrote = written_faults(search)  # a fault its code shows, asked before what its answers show

    def hint(example, case, got) -> tuple | str | None:
        if wrote:
            return ASK[wrote]
        if isinstance(example, str | tuple):
            return ASK["item_whole"]
        if not mine.left:
            return ASK["restore_empty"]
        if mine.left != list(case[0]):
            left = [str(v) if len(str(v)) <= 12 else _(LONG) for v in mine.left]
            return ASK["restore"], {"left": " ".join(left)}
        if not got and never_called(search, case):
            return ASK["no_call"]
        return ask(example, case, got)

    return mine, hint


def written_faults(search: Callable) -> str | None:
    """The ASK key of a fault the attempt's code has that its answers alone do not name."""
    try:
        tree = parsed(inspect.unwrap(search)).body[0]
        array, n, target, found = [arg.arg for arg in tree.args.args]
    except Exception:  # no source, or not four parameters: the answers say what is wrong
        return None
    nodes = list(ast.walk(tree))
    calls = [x for x in nodes if isinstance(x, ast.Call) and ast.unparse(x.func) == tree.name]
    fault = loop_fault(nodes, calls, array)
    if fault:
        return fault
    compared = [x for x in nodes if isinstance(x, ast.Compare)]
    sides = [{ast.unparse(y) for y in [x.left, *x.comparators]} for x in compared]
    if {f"{array}[0]", target} in sides:
        return "pair_compared"
    appended = any(
        ast.unparse(x.func).startswith(f"{found}.") for x in nodes if isinstance(x, ast.Call)
    )
    if not appended and any(
        isinstance(x, ast.Return) and x.value not in (None, *calls) for x in nodes
    ):
        return "returned_answer"
    names = {y.id for x in compared for y in ast.walk(x) if isinstance(y, ast.Name)}
    if appended and calls and n not in names:
        return "no_n_check"
    return None


def loop_fault(nodes: list, calls: list, array: str) -> str | None:
    """A `return` of the call, or the restore, inside the loop of six results (the innermost
    loop around the call)."""
    saved = set()  # the names a slot is saved in: `a, b = array[i], array[j]`
    for x in nodes:
        kept = isinstance(x, ast.Assign) and isinstance(x.targets[0], ast.Name | ast.Tuple)
        if kept and f"{array}[" in ast.unparse(x.value):
            saved |= {y.id for y in ast.walk(x.targets[0]) if isinstance(y, ast.Name)}
    loops = [x for x in nodes if isinstance(x, ast.For) and any(c in ast.walk(x) for c in calls)]
    for x in [x for loop in loops[-1:] for y in loop.body for x in ast.walk(y)]:
        if isinstance(x, ast.Return) and x.value in calls:
            return "returned_call"
        if isinstance(x, ast.Assign) and isinstance(x.targets[0], ast.Subscript | ast.Tuple):
            values = x.value.elts if isinstance(x.value, ast.Tuple) else [x.value]
            if all(isinstance(v, ast.Name) and v.id in saved for v in values):
                return "restore_inside"
    return None


def calls_got(error: BaseException) -> list:
    """The array and n each call of the student's search got when it failed, deepest last."""
    frames = [frame for frame, _line in traceback.walk_tb(error.__traceback__)]
    return [
        [f.f_locals.get(name) for name in f.f_code.co_varnames[:2]]
        for f in frames
        if f.f_code.co_argcount == 4
    ]


def never_called(search: Callable, case: tuple) -> bool:
    """Whether a search's base case keeps a one-number hit, yet on the case nothing is ever
    compared with the target: its calls never get down to one number."""
    hand, target = case
    one, goal, found = Goal(target), Goal(target), []
    try:
        search([(Fraction(target), Num(target))], 1, one, found)
        search(recursive.start(hand), len(hand), goal, [])
    except Exception:  # the cases themselves say what fails
        return False
    return bool(found) and not goal.compared


def first_judge(hand: tuple, target: int) -> Callable:
    """A judge of what a first-answer search returns and keeps for the case."""
    answers = {mirror(tree) for tree in recursive.solve(hand, Fraction(target))}

    def judge(got: tuple) -> Finding | None:
        returned, found, base, late, miss = got
        if kind(returned) != "truth":
            return Finding("kind", example=returned, want=True)
        if len(found) > 1 and returned:
            why = "first_many"
        elif len(found) > 1:  # the loop ignores the True of a call below, or the base case
            why = "first_ignored" if base is True else "first_base"
        elif not answers:
            why = None if returned is False and not found else "first_false"
        elif returned is not True or not found:
            why = "first_missed" if returned is not True else "first_any" if miss else "first_none"
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
    answers=SEARCHES,
    why=ASK["own_search"],
)
def check_search_first(search_first: Callable):
    """Ex 1: True and one answer as soon as one is found; False and none when none is."""

    @wraps(search_first)  # an error then names the student's line
    def attempt(hand: tuple, target: int) -> tuple | None:
        goal = Goal(target)
        array, found = recursive.start(hand), []
        returned = search_first(array, len(hand), goal, found)
        if (returned, found) == (None, []):
            return None
        # what its base case says to a hit, and to a miss
        base = search_first([(Fraction(target), Num(target))], 1, Fraction(target), [])
        miss = search_first([(Fraction(target + 1), Num(target + 1))], 1, Fraction(target), [])
        return returned, found, base, goal.late, miss

    return attempt


class Goal(Fraction):
    """A target that counts how often it is compared, and how often after the first comparison
    that hits: a first-answer search that stops there compares it no more."""

    def __new__(cls, value):
        goal = super().__new__(cls, value)
        goal.hit, goal.late, goal.compared = False, 0, 0
        return goal

    def __eq__(self, other):
        equal = Fraction.__eq__(self, other)
        self.compared += 1
        self.late += self.hit
        self.hit = self.hit or equal is True
        return equal

    __hash__ = Fraction.__hash__


@lesson(
    recursive.final_numbers,
    [(2,), (3,), (4,), (5,)],
    what=N_("count"),
    answers=[final_numbers, choices_per_step, recursive.search],
)
def check_final_numbers(final_numbers_for: Callable):
    """Ex 3: the final numbers the loops make for 2 to 5 cards."""

    def gives(rule: Callable) -> Callable:  # whether it gives what the rule does for 2 to 5 cards
        return lambda *_: all(run(final_numbers_for, (c,), {})[1] == rule(c) for c in range(2, 6))

    return final_numbers_for, asking(
        ASK,
        one_step=gives(lambda c: final_numbers(c) // 6 ** (c - 1)),
        added=gives(lambda c: sum(choices_per_step(c))),
        steps=lambda x, case, got: (
            x in (0, (right := recursive.final_numbers(*case)) // 6, right * 6)
        ),
    )
