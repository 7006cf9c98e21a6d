"""A fourth method, "fast": memoise over sub-multisets of the hand (no post does this).

The brute-force methods rebuild the same pieces again and again: every one of the 3,888 final
numbers of the recursive search for four cards is made from a handful of pair values. Norvig's
Countdown notebook splits the numbers in order; here any sub-multiset of the hand may be split
off, since the cards can be used in any order.

* `reachable(cards)` is every value the cards can make, computed once per sub-multiset (and
  remembered across calls, since hands share sub-multisets).
* `can_make(cards, target)` never builds the full set for the whole hand: for each split into
  A and B it asks, for each value a that A can make, which value b of B would finish the job
  (t − a, a − t, t + a, t ÷ a, a ÷ t, t × a) and whether B can make it. That is a set look-up
  for small B and the same question one level down for larger B, and it stops at the first yes.
* `solve` rebuilds only the expressions on the way to the target, one per distinct answer (see
  `t24.distinct`): it keeps one tree per canonical form at every level, since the form of
  `x op y` depends only on the forms of x and y.

Everything is exact `Fraction` arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from ..distinct import Key, canonical, combine_key, representative, sort_answers
from ..expr import BinOp, Expr, Num
from ..hand import SearchTooLarge, as_hand, as_target
from .sizes import FAST_MAX_CARDS

Cards = tuple[int, ...]  # a sorted sub-multiset of the hand
MAX_CARDS = FAST_MAX_CARDS

ANY, ANY_NONZERO = "any", "any nonzero"


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


def results(a: Fraction, b: Fraction) -> list[Fraction]:
    """The six values two numbers make: a+b, a−b, b−a, a×b, a÷b, b÷a (no division by 0)."""
    out = [a + b, a - b, b - a, a * b]
    if b:
        out.append(a / b)
    if a:
        out.append(b / a)
    return out


@lru_cache(maxsize=100_000)
def reachable(cards: Cards) -> frozenset[Fraction]:
    """Every value these cards make, each card used once."""
    if len(cards) == 1:
        return frozenset((Fraction(cards[0]),))
    values = set()
    for a_cards, b_cards in splits(cards):
        if a_cards <= b_cards:  # a+b and b+a are one split; results() covers both orders
            for a in reachable(a_cards):
                for b in reachable(b_cards):
                    values.update(results(a, b))
    return frozenset(values)


def partners(a: Fraction, target: Fraction) -> list[tuple[str, object]]:
    """For each way `a op b` or `b op a` can equal the target: (form, the b it needs)."""
    needed = [("a+b", target - a), ("a-b", a - target), ("b-a", target + a)]
    if a:
        needed += [("a*b", target / a), ("b/a", target * a)]
        if target:
            needed.append(("a/b", a / target))
    elif not target:
        needed += [("a*b", ANY), ("a/b", ANY_NONZERO)]
    return needed


def _build(form: str, x: Expr, y: Expr) -> Expr:
    if form == "a+b":
        return BinOp("+", x, y)
    if form == "a-b":
        return BinOp("-", x, y)
    if form == "b-a":
        return BinOp("-", y, x)
    if form == "a*b":
        return BinOp("*", x, y)
    if form == "a/b":
        return BinOp("/", x, y)
    return BinOp("/", y, x)


@lru_cache(maxsize=100_000)
def _smaller_sides(cards: Cards) -> tuple[tuple[Cards, Cards], ...]:
    """The splits whose first part is no larger than the second: the side to enumerate."""
    return tuple((a, b) for a, b in splits(cards) if len(a) <= len(b))


def full_set_size(count: int) -> int:
    """Up to which size `makes` builds a sub-multiset's whole value set instead of asking again.

    Four cards: sets of three (at most a few hundred values each). Six or seven cards: sets of
    four, since asking a four-card question for every partner value would cost far more.
    """
    return 3 if count <= 5 else 4


@lru_cache(maxsize=200_000)
def makes(cards: Cards, target: Fraction, small: int = 3) -> bool:
    """Whether these cards make the target (memoised, stops at the first yes)."""
    if len(cards) <= small:
        return target in reachable(cards)
    for a_cards, b_cards in _smaller_sides(cards):
        # A small B answers by a set look-up; a larger one asks the same question one level down.
        b_values = reachable(b_cards) if len(b_cards) <= small else None
        for a in reachable(a_cards):
            for _form, b in partners(a, target):
                if b is ANY or (b is ANY_NONZERO and any(b_cards)):
                    return True
                if isinstance(b, Fraction) and (b in b_values if b_values is not None else makes(b_cards, b, small)):
                    return True
    return False


@lru_cache(maxsize=50_000)
def answers(cards: Cards, target: Fraction, small: int = 3) -> dict[Key, Expr]:
    """One expression per distinct answer that makes the target from these cards."""
    if len(cards) == 1:
        return {("n", cards[0]): Num(cards[0])} if cards[0] == target else {}
    found: dict[Key, Expr] = {}
    for a_cards, b_cards in _smaller_sides(cards):
        for a in reachable(a_cards):
            for form, b in partners(a, target):
                if isinstance(b, Fraction):
                    bs = [b] if makes(b_cards, b, small) else []
                else:  # target 0 from a = 0: every (nonzero) value of B will do
                    bs = [v for v in reachable(b_cards) if v or b is ANY]
                for b_value in bs:
                    for x_key, x in answers(a_cards, a, small).items():
                        for y_key, y in answers(b_cards, b_value, small).items():
                            expr = _build(form, x, y)
                            op_key = (x_key, y_key) if form in ("a+b", "a-b", "a*b", "a/b") else (y_key, x_key)
                            found.setdefault(combine_key(expr.op, *op_key), expr)
    return found


def one_answer(cards: Cards, target: Fraction, small: int = 3) -> Expr | None:
    """Some expression that makes the target, found without listing the others."""
    if len(cards) == 1:
        return Num(cards[0]) if cards[0] == target else None
    for a_cards, b_cards in _smaller_sides(cards):
        for a in reachable(a_cards):
            for form, b in partners(a, target):
                if isinstance(b, Fraction):
                    if makes(b_cards, b, small):
                        return _build(form, one_answer(a_cards, a, small), one_answer(b_cards, b, small))
                elif b is ANY or any(b_cards):
                    b = next(v for v in sorted(reachable(b_cards), reverse=True) if v or b is ANY)
                    return _build(form, one_answer(a_cards, a, small), one_answer(b_cards, b, small))
    return None


def clear_caches() -> None:
    """Forget every remembered sub-multiset, so the next call pays what a fresh process pays."""
    for cached in (splits, reachable, _smaller_sides, makes, answers):
        cached.cache_clear()


def hand_values(hand: Sequence[int]) -> frozenset[Fraction]:
    """Every value the whole hand makes (exact), without remembering the whole hand's own set.

    The parts come from the memo; the 1,820 sets of a whole deck would hold about a million
    fractions, so the top level is computed and not kept.
    """
    cards = _cards(hand)
    if len(cards) == 1:
        return reachable(cards)
    return reachable.__wrapped__(cards)


def _cards(hand: Sequence[int]) -> Cards:
    hand = as_hand(hand)
    if len(hand) > MAX_CARDS:
        raise SearchTooLarge(f"the fast method handles up to {MAX_CARDS} numbers, not {len(hand)}; no method takes more")
    return tuple(sorted(hand))


def can_make(hand: Sequence[int], target=24) -> bool:
    """Whether the hand makes the target: the memoised search with an early exit."""
    cards = _cards(hand)
    return makes(cards, as_target(target), full_set_size(len(cards)))


def solve(hand: Sequence[int], target=24, first: bool = False) -> list[Expr]:
    """Every distinct answer (one readable representative each), in the common order."""
    cards, target = _cards(hand), as_target(target)
    if not can_make(cards, target):
        return []
    small = full_set_size(len(cards))
    if first:
        return [representative(canonical(one_answer(cards, target, small)))]
    return sort_answers(representative(key) for key in answers(cards, target, small))


