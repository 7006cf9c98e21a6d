"""The 24 game's checks: the answer for 2 2 13 13 as text, and the targets a hand makes."""

from collections.abc import Callable
from functools import wraps

from ..check import check_answer
from ..methods import fast
from ..notebook.checks import Finding, asking, kind, lesson
from ..solver import solve
from ..text import N_, _
from . import ASK, SEARCHES

ASK = ASK | {
    "whole": N_("Is it a whole number?"),
    "ends": N_("Which whole numbers does your range start and end with?"),
    "own_answer": N_(
        "it asks t24's `{name}` for the answer; find one by hand and give it back as text."
    ),
    "own_values": N_(
        "it calls t24's `{name}`, which gives every value of the hand at once; test each target with `t24.can_make`."
    ),
}


def judge_2_2_13_13(text: str) -> Finding | str | None:
    """None when `text` is an answer for 2 2 13 13, else what `check_answer` says is wrong."""
    if not isinstance(text, str):
        return Finding("kind", example=text, want="")
    answer = check_answer((2, 2, 13, 13), text)
    why = answer.message.replace("{", "{{").replace("}", "}}")  # said as it is
    # TRANSLATORS: the full stop that ends a sentence of t24.check_answer in a check's sentence
    why += "" if why[-1:] in "?？" else _(".")
    return None if answer.ok else Finding("said", example=text, words={"why": why})


@lesson(
    lambda hand: judge_2_2_13_13,
    [((2, 2, 13, 13),)],
    right="right_answer",
    answers=SEARCHES,
    why=ASK["own_answer"],
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
        ASK,
        whole=lambda x, case, got: kind(x) == "fraction" and x.denominator != 1,
        ends=lambda x, case, got: x in (0, 30, 31),
    ),
    # every value at once is a shortcut; t24.can_make (and t24.solve) may work them out
    answers=[fast.reachable, fast.combine],
    why=ASK["own_values"],
    allowed=(fast.makes, fast.solve, solve),
)
def check_targets(targets: Callable):
    """Ex 3: the whole numbers from 1 to 30 a hand makes."""
