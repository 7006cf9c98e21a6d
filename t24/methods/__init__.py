"""The methods, each in its own module, and the one record per method.

Three follow a post as written ("24点解法", "24点扑克牌游戏的算法实现", "24点经典算法"); three are
optimised and named so. `t24.solve(hand, method=NAME)` runs the method of that name, nothing else.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import compiled, fast, patterns, postfix, recursive, sizes


@dataclass(frozen=True)
class Method:
    """Every fact about one method: how it solves, where it is from, how big its search is."""

    solve: Callable[..., list]  # solve(hand, target, first): a checked sorted hand, a Fraction
    size: Callable[[Sequence[int]], int]  # the search's size from the hand's counts alone
    limit: int  # the largest size it takes on (a search of seconds)
    colour: str  # for every plot and the lab
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
    "patterns": Method(
        patterns.solve,
        sizes.pattern_candidates,
        100_000,
        "#0072b2",
        "24点解法",
        instead=("patterns-compiled", "fast"),
    ),
    "postfix": Method(
        postfix.solve,
        sizes.postfix_candidates,
        250_000,
        "#d55e00",
        "24点解法; 24点扑克牌游戏的算法实现",
        instead=("postfix-compiled", "fast"),
    ),
    "recursive": Method(
        recursive.solve,
        lambda hand: sizes.final_numbers(len(hand)),
        2_000_000,
        "#009e73",
        "24点经典算法",
        unit="final numbers",
    ),
    "patterns-compiled": Method(
        compiled.solve_patterns,
        lambda hand: sizes.compiled_work(sizes.pattern_count(len(hand)), hand),
        2_000_000,
        "#56b4e9",
    ),
    "postfix-compiled": Method(
        compiled.solve_postfix,
        lambda hand: sizes.compiled_work(sizes.shape_count(len(hand)), hand),
        2_000_000,
        "#e69f00",
    ),
    "fast": Method(
        fast.solve,
        sizes.fast_work,
        32_000_000,
        "#cc79a7",
        instead=(),
        # one answer or a yes/no costs only the values of its parts: one card fewer
        first_size=lambda hand: sizes.postfix_candidates(hand[1:] or hand),
    ),
}
METHODS = tuple(TABLE)
AS_WRITTEN = tuple(name for name, method in TABLE.items() if method.as_written)
OPTIMISED = tuple(name for name, method in TABLE.items() if not method.as_written)
