"""Lesson recursive reduction's checks: Search(n) beside t24's, the first-answer search, and the
count of final numbers."""

from collections.abc import Callable
from fractions import Fraction
from functools import wraps

from ..expr import BinOp, Num
from ..methods import recursive
from ..methods.sizes import choices_per_step, final_numbers
from ..notebook.checks import Finding, asking, brief, kind, lesson
from ..text import N_, hand_text
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
    "no_call": N_(
        "Its base case keeps a hit, but the search never gets down to one number: does each of the six results call `search` on the first n − 1 numbers?"
    ),
    "own_call": N_(
        "it calls t24's own `{name}`, which does the whole search; call your own `search` on the first n − 1 numbers."
    ),
}


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
)
def check_reduction(search: Callable):
    """Search(n), by the answers it finds (in any order, + and × either way round). The lesson
    gives the loops and asks for the base case, the call and the restore: the hints say which."""
    mine = hits(search)
    ask = search_hint(PACKAGE_HITS, lambda x: x, mirror)

    def hint(example, case, got) -> tuple | str | None:
        if not mine.left:
            return ASK["restore_empty"]
        if mine.left != list(case[0]):
            return ASK["restore"], {"left": hand_text(mine.left)}
        if not got and never_called(search, case):
            return ASK["no_call"]
        return ask(example, case, got)

    return mine, hint


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
        base = search_first([(Fraction(target), Num(target))], 1, Fraction(target), [])
        return returned, found, base, goal.late  # what its base case says to a hit

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
    hint=asking(
        ASK,
        steps=lambda x, case, got: (
            x in (0, (right := recursive.final_numbers(*case)) // 6, right * 6)
        ),
    ),
    answers=[final_numbers, choices_per_step, recursive.search],
)
def check_final_numbers(final_numbers_for: Callable):
    """Ex 3: the final numbers the loops make for 2 to 5 cards."""
