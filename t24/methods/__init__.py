"""The methods, one module each, and the one record per method. Three follow a post as written
("24点解法", "24点扑克牌游戏的算法实现", "24点经典算法"); three are optimised and named so."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..hand import CANDIDATES, FINAL_NUMBERS
from ..text import N_, _
from . import compiled, fast, patterns, postfix, recursive, sizes


@dataclass(frozen=True)
class Method:
    """Every fact about one method: how it solves, where it is from, how big its search is."""

    solve: Callable[..., list]  # solve(hand, target, first): a checked sorted hand, a Fraction
    size: Callable[[Sequence[int]], int]  # the search's size from the hand's counts alone
    limit: int  # the largest size it takes on (a search of seconds)
    colour: str  # for every plot and the lab
    post: str | None = None  # the title(s) of the post it follows, None for an optimised method
    unit: tuple[str, str] = CANDIDATES  # what `size` counts, as `plural` takes it
    instead: tuple[str, ...] = ("fast",)  # the methods to suggest when it refuses, in order
    first_size: Callable[[Sequence[int]], int] | None = None  # for one answer, if it is less

    @property
    def as_written(self) -> bool:
        """Whether it follows a post as written (else it is optimised)."""
        return self.post is not None

    @property
    def label(self) -> str:
        """ "as written" or "optimised", in the language in use."""
        return _("as written") if self.as_written else _("optimised")

    def search_size(self, hand: Sequence[int], first: bool = False) -> int:
        """How big its search is for this hand (`first`: to find one answer, which may cost less)."""
        return (self.first_size if first and self.first_size else self.size)(hand)

    def fits(self, hand: Sequence[int], first: bool = False) -> bool:
        """Whether it takes this hand on."""
        return self.search_size(hand, first) <= self.limit


TABLE = {
    "patterns": Method(
        solve=patterns.solve,
        size=sizes.pattern_candidates,
        limit=100_000,
        colour="#0072b2",
        post="24点解法",
        instead=("patterns-compiled", "fast"),
    ),
    "postfix": Method(
        solve=postfix.solve,
        size=sizes.postfix_candidates,
        limit=250_000,
        colour="#d55e00",
        post="24点解法; 24点扑克牌游戏的算法实现",
        instead=("postfix-compiled", "fast"),
    ),
    "recursive": Method(
        solve=recursive.solve,
        size=lambda hand: sizes.final_numbers(len(hand)),
        limit=2_000_000,
        colour="#009e73",
        post="24点经典算法",
        unit=FINAL_NUMBERS,
    ),
    "patterns-compiled": Method(
        solve=compiled.solve_patterns,
        size=lambda hand: sizes.compiled_work(sizes.pattern_count(len(hand)), hand),
        limit=2_000_000,
        colour="#56b4e9",
    ),
    "postfix-compiled": Method(
        solve=compiled.solve_postfix,
        size=lambda hand: sizes.compiled_work(sizes.shape_count(len(hand)), hand),
        limit=2_000_000,
        colour="#e69f00",
    ),
    "fast": Method(
        solve=fast.solve,
        size=sizes.fast_work,
        limit=32_000_000,
        colour="#cc79a7",
        instead=(),
        # one answer or a yes/no costs only the values of its parts: one card fewer
        first_size=lambda hand: sizes.postfix_candidates(hand[1:] or hand),
    ),
}
METHODS = tuple(TABLE)
# Each method's name where a page labels it (the lab's toggles and rows): `_(method)` says it, the
# identifier in English, a name in another language; code and the command line keep the identifier.
NAMES = (
    N_("patterns"),
    N_("postfix"),
    N_("recursive"),
    N_("patterns-compiled"),
    N_("postfix-compiled"),
    N_("fast"),
)
AS_WRITTEN = tuple(name for name, method in TABLE.items() if method.as_written)
OPTIMISED = tuple(name for name, method in TABLE.items() if not method.as_written)
