"""The methods that solve a hand, each in its own module, and the one record per method.

Three follow a post as it is written — the loops, the counts and the order of "24点解法"
(pattern strings; postfix shapes), "24点扑克牌游戏的算法实现" (postfix by a stack recursion) and
"24点经典算法" (recursive reduction). Three more are optimised and named so: the pattern and
postfix searches with each candidate compiled once, and `fast`, memoised over sub-multisets.
`t24.solve(hand, method=NAME)` runs the method of that name, and nothing else. Everything else
about a method (its size for a hand, its limit, the method to use instead, its colour) is in its
record here, so adding a method is one record plus its module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import compiled, fast, patterns, postfix, recursive, sizes


@dataclass(frozen=True)
class Method:
    """Every fact about one method: how it solves, where it is from, how big its search is."""

    name: str
    solve: Callable[..., list]  # solve(hand, target, first): a checked sorted hand, a Fraction
    size: Callable[[Sequence[int]], int]  # the search's size from the hand's counts alone
    limit: int  # the largest size it takes on (a search of seconds)
    colour: str  # for every plot and the lab
    summary: str
    post: str | None = None  # the title(s) of the post it follows, None for an optimised method
    unit: str = "candidates"  # what `size` counts (plural)
    instead: tuple[str, ...] = ("fast",)  # the methods to suggest when it refuses, in order
    first_size: Callable[[Sequence[int]], int] | None = None  # for one answer, if it is less

    @property
    def as_written(self) -> bool:
        """Whether it follows a post as written (else it is optimised)."""
        return self.post is not None

    @property
    def label(self) -> str:
        """ "as written" or "optimised"."""
        return "as written" if self.as_written else "optimised"


TABLE = {
    method.name: method
    for method in (
        Method(
            "patterns",
            patterns.solve,
            sizes.pattern_candidates,
            100_000,
            "#1f77b4",
            "fill 11 bracket patterns with every ordering and operator triple; parse and evaluate each text",
            "24点解法",
            instead=("patterns-compiled", "fast"),
        ),
        Method(
            "postfix",
            postfix.solve,
            sizes.postfix_candidates,
            250_000,
            "#ff7f0e",
            "every push/pop order of every ordering and operator triple, evaluated with a stack",
            "24点解法; 24点扑克牌游戏的算法实现",
            instead=("postfix-compiled", "fast"),
        ),
        Method(
            "recursive",
            recursive.solve,
            lambda hand: sizes.final_numbers(len(hand)),
            2_000_000,
            "#2ca02c",
            "take two numbers, put one of their six results back, recurse",
            "24点经典算法",
            unit="final numbers",
        ),
        Method(
            "patterns-compiled",
            compiled.solve_patterns,
            sizes.compiled_patterns,
            2_000_000,
            "#7fb2e5",
            "the pattern candidates, compiled once and evaluated per ordering",
        ),
        Method(
            "postfix-compiled",
            compiled.solve_postfix,
            sizes.compiled_postfix,
            2_000_000,
            "#ffbf80",
            "the postfix candidates, compiled once and evaluated per ordering",
        ),
        Method(
            "fast",
            fast.solve,
            sizes.fast_work,
            32_000_000,
            "#d62728",
            "the values of every sub-multiset, remembered; one answer per distinct answer",
            instead=(),
            first_size=sizes.fast_first_work,
        ),
    )
}
METHODS = tuple(TABLE)
AS_WRITTEN = tuple(name for name, method in TABLE.items() if method.as_written)
OPTIMISED = tuple(name for name, method in TABLE.items() if not method.as_written)
