"""A fourth method, "fast": the values of every sub-multiset, remembered (no post does this).
`answers` keeps canonical forms (`t24.distinct`): the form of `x op y` depends only on theirs.

    >>> can_make((1, 1, 1, 1), Fraction(4)), [str(e) for e in solve((3, 3, 8, 8), Fraction(24))]
    (True, ['8 / (3 - 8 / 3)'])
"""

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from ..distinct import Key, canonical, combine_key, representative, sort_answers
from ..expr import Expr, Num, join, pair_results
from ..hand import ANSWERS, SearchTooLarge

Cards = tuple[int, ...]  # a sorted sub-multiset of the hand

ANY = object()  # target 0 from a = 0 by a × B: any value of B will do
ANY_NONZERO = object()  # target 0 from a = 0 by a ÷ B: any nonzero value of B
MAX_ANSWERS = 10_000  # distinct answers listed: 0 1 2 3 4 5 has 62,306 for 0 (20 s)


@lru_cache(maxsize=100_000)
def splits(cards: Cards) -> tuple[tuple[Cards, Cards], ...]:
    """Every way to cut the cards into two non-empty parts (A, B), each ordered pair once."""
    found = {}
    for size in range(1, len(cards)):
        for chosen in combinations(range(len(cards)), size):
            a = tuple(cards[i] for i in chosen)
            b = tuple(cards[i] for i in range(len(cards)) if i not in chosen)
            found[(a, b)] = None
    return tuple(found)


@lru_cache(maxsize=100_000)
def reachable(cards: Cards) -> frozenset[Fraction]:
    """Every value these cards make, each card used once."""
    return combine(cards, reachable)


def combine(cards: Cards, values_of, whole: bool = False) -> frozenset[Fraction]:
    """Every value of the cards from the values `values_of` gives their parts (`whole`: only the
    whole numbers; with a `values_of` that keeps only those too, every step is a whole number)."""
    if len(cards) == 1:
        return frozenset((Fraction(cards[0]),))
    values = set()
    for a_cards, b_cards in splits(cards):
        if a_cards <= b_cards:  # a+b and b+a are one split; the six results cover both orders
            for a in values_of(a_cards):
                for b in values_of(b_cards):
                    values.update(value for _op, _swapped, value in pair_results(a, b))
    return frozenset(v for v in values if v.denominator == 1) if whole else frozenset(values)


def partners(a: Fraction, target: Fraction) -> list[tuple[str, bool, object]]:
    """For each way `a op b` (or `b op a`, swapped) can equal the target: (op, swapped, the b it needs)."""
    needed = [("+", False, target - a), ("-", False, a - target), ("-", True, target + a)]
    if a:
        needed += [("*", False, target / a), ("/", True, target * a)]
        if target:
            needed.append(("/", False, a / target))
    elif not target:
        needed += [("*", False, ANY), ("/", False, ANY_NONZERO)]
    return needed


def pair_work(hand: Sequence[int]) -> int:
    """fast's real work on a hand: the pairs of values it combines, each sub-multiset once."""
    parts, pairs = [tuple(sorted(hand))], 0
    seen = set()
    while parts:
        cards = parts.pop()
        if len(cards) > 1 and cards not in seen:
            seen.add(cards)
            for a_cards, b_cards in splits(cards):
                if a_cards <= b_cards:  # as `combine` takes them
                    pairs += len(reachable(a_cards)) * len(reachable(b_cards))
                    parts += [a_cards, b_cards]
    return pairs


def full_set_size(count: int) -> int:
    """Up to which size `makes` looks a value up in a part's whole set instead of asking again."""
    return 3 if count <= 5 else 4


@lru_cache(maxsize=200_000)
def makes(cards: Cards, target: Fraction, small: int = 3) -> bool:
    """Whether these cards make the target (memoised, stops at the first yes)."""
    if len(cards) <= small:
        return target in reachable(cards)
    return next(_ways(cards, target, small), None) is not None


def _ways(cards: Cards, target: Fraction, small: int):
    """Each last step that makes the target: (op, swapped, A, a, B, b), a made by A and b by B."""
    for a_cards, b_cards in splits(cards):
        if len(a_cards) > len(b_cards):
            continue  # enumerate the values of the smaller part
        # A small B answers by a set look-up; a larger one asks the same question one level down.
        b_values = reachable(b_cards) if len(b_cards) <= small else None
        for a in reachable(a_cards):
            for op, swapped, b in partners(a, target):
                if isinstance(b, Fraction):
                    found = b in b_values if b_values is not None else makes(b_cards, b, small)
                else:  # target 0 from a = 0: any value of B will do (ANY_NONZERO: a nonzero one)
                    found = b is ANY or any(b_cards)
                if found:
                    yield op, swapped, a_cards, a, b_cards, b


def _values(b_cards: Cards, b) -> list:
    """The values of B a way needs: b itself, or every (nonzero) value for ANY (ANY_NONZERO)."""
    return [b] if isinstance(b, Fraction) else [v for v in reachable(b_cards) if v or b is ANY]


@lru_cache(maxsize=50_000)
def answers(cards: Cards, target: Fraction, small: int = 3) -> frozenset[Key]:
    """The canonical form of every distinct answer that makes the target from these cards."""
    if len(cards) == 1:
        return frozenset([("n", cards[0])] if cards[0] == target else [])
    found = set()
    for op, swapped, a_cards, a, b_cards, b in _ways(cards, target, small):
        for b_value in _values(b_cards, b):
            for x in answers(a_cards, a, small):
                for y in answers(b_cards, b_value, small):
                    found.add(combine_key(op, *((y, x) if swapped else (x, y))))
                if len(found) > MAX_ANSWERS:  # each costs as much as thousands of candidates
                    size = len(found)
                    raise SearchTooLarge("answers", "fast", size, MAX_ANSWERS, len(cards), ANSWERS)
    return frozenset(found)


def one_answer(cards: Cards, target: Fraction, small: int = 3) -> Expr | None:
    """Some expression that makes the target, found without listing the others."""
    if len(cards) == 1:
        return Num(cards[0]) if cards[0] == target else None
    for op, swapped, a_cards, a, b_cards, b in _ways(cards, target, small):
        b = max(_values(b_cards, b))
        return join(op, swapped, one_answer(a_cards, a, small), one_answer(b_cards, b, small))
    return None


def clear_caches() -> None:
    """Forget every remembered sub-multiset, so the next call pays what a fresh process pays."""
    for cached in (splits, reachable, makes, answers):
        cached.cache_clear()


def can_make(hand: Sequence[int], target: Fraction) -> bool:
    """Whether the sorted hand makes the target: the memoised search with an early exit."""
    return makes(tuple(hand), target, full_set_size(len(hand)))


def solve(hand: Sequence[int], target: Fraction, first: bool = False) -> list[Expr]:
    """Every distinct answer (one readable representative each), in the common order."""
    cards = tuple(hand)
    if not can_make(cards, target):
        return []
    small = full_set_size(len(cards))
    if first:
        return [representative(canonical(one_answer(cards, target, small)))]
    return sort_answers(representative(key) for key in answers(cards, target, small))
