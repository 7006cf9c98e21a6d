"""The methods that solve a hand, each in its own module, and the table that names them.

Three follow a post as it is written — the loops, the counts and the order of "24点解法"
(pattern strings; postfix shapes), "24点扑克牌游戏的算法实现" (postfix by a stack recursion) and
"24点经典算法" (recursive reduction). Three more are optimised and named so: the pattern and
postfix searches with each candidate compiled once, and `fast`, memoised over sub-multisets.
`t24.solve(hand, method=NAME)` runs the method of that name, and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import compiled, fast, patterns, postfix, recursive
from .sizes import SIZES


@dataclass(frozen=True)
class Method:
    """A method: its name, how it solves, how big its search is for a hand, and where it is from."""

    name: str
    solve: Callable[..., list]
    size: Callable[[Sequence[int]], int] | None  # candidates or final numbers; None for fast
    size_unit: str
    as_written: bool
    source: str  # the post it follows (by title), or what it optimises
    summary: str

    @property
    def label(self) -> str:
        return "as written" if self.as_written else "optimised"


def _fast_size(hand) -> int:
    """(Sub-multiset, value) pairs the fast method tabulates: the value sets it builds in full."""
    from itertools import combinations

    cards = tuple(sorted(hand))
    limit = min(fast.full_set_size(len(cards)), len(cards))
    subs = {tuple(cards[i] for i in c) for k in range(1, limit + 1) for c in combinations(range(len(cards)), k)}
    return sum(len(fast.reachable(sub)) for sub in subs)


TABLE = {
    method.name: method
    for method in (
        Method("patterns", patterns.solve, SIZES["patterns"], "candidates", True, "24点解法",
               "fill 11 bracket patterns with every ordering and operator triple; parse and evaluate each text"),
        Method("postfix", postfix.solve, SIZES["postfix"], "candidates", True,
               "24点解法; 24点扑克牌游戏的算法实现",
               "every push/pop order of every ordering and operator triple, evaluated with a stack"),
        Method("recursive", recursive.solve, SIZES["recursive"], "final numbers", True,
               "24点经典算法", "take two numbers, put one of their six results back, recurse"),
        Method("patterns-compiled", compiled.solve_patterns, SIZES["patterns-compiled"], "candidates", False,
               "patterns, each candidate compiled once", "the pattern candidates, compiled once and evaluated per ordering"),
        Method("postfix-compiled", compiled.solve_postfix, SIZES["postfix-compiled"], "candidates", False,
               "postfix, each candidate compiled once", "the postfix candidates, compiled once and evaluated per ordering"),
        Method("fast", fast.solve, _fast_size, "", False, "memoised over sub-multisets of the hand",
               "the values of every sub-multiset, remembered; one answer per distinct answer"),
    )
}
METHODS = tuple(TABLE)
AS_WRITTEN = tuple(name for name, method in TABLE.items() if method.as_written)
OPTIMISED = tuple(name for name, method in TABLE.items() if not method.as_written)
# What the comparison lab runs on every slider move: the quick ones (benchmarks/README.md).
LAB_DEFAULT = ("recursive", "postfix-compiled", "fast")
