"""The fast method: memoised over sub-multisets, exact, the same answers as brute force."""

import random
from fractions import Fraction

import t24
from t24.methods import TABLE, fast


def test_reachable_values_and_splits_each_cut_once():
    assert fast.reachable((3, 8)) == {11, -5, 5, 24, Fraction(3, 8), Fraction(8, 3)}
    assert fast.reachable((0, 5)) == {5, -5, 0}
    cuts = [((1,), (2, 3)), ((2,), (1, 3)), ((3,), (1, 2))]  # one card and the rest
    assert fast.splits((1, 2, 3)) == (*cuts, *((rest, one) for one, rest in reversed(cuts)))
    assert len(fast.splits((5, 5, 5))) == 2  # repeats collapse


def test_pair_work_counts_the_pairs_of_values_combined_each_part_once():
    assert fast.pair_work((3, 8)) == 1  # one pair of values: 3 with 8
    # 2 2 3: the parts 2 2 (one pair) and 2 3 (one pair), then 2 with 2 2's 4 values
    # and 3 with 2 3's 6 values: 1 + 1 + 4 + 6
    assert fast.pair_work((2, 3, 2)) == 1 + 1 + len(fast.reachable((2, 2))) + 6
    assert fast.pair_work((4, 5, 6, 7)) < t24.methods.sizes.postfix_candidates((4, 5, 6, 7))


def test_can_make_matches_brute_force_on_random_hands():
    rng = random.Random(7)
    for _ in range(60):
        hand = [rng.randint(-4, 13) for _ in range(rng.choice([2, 3, 4]))]
        target = rng.choice([24, 0, 1, -6, Fraction(1, 2), 10])
        brute = bool(t24.solve(hand, target, method="recursive"))
        assert t24.can_make(hand, target) == brute, (hand, target)


def test_six_different_cards_and_seven_with_many_repeats():
    hands = [(5, 6, 7, 8, 9, 10), (0, 1, 1, 2, 2, 3), (0,) * 7, (1, 1, 1, 2, 2, 2, 2)]
    assert all(TABLE["fast"].fits(hand) for hand in hands)  # every answer listed, not refused
    assert t24.can_make([1, 2, 3, 4, 5, 6])
    assert t24.can_make([13, 13, 13, 13, 13, 13], 1)
    assert not t24.can_make([1, 1, 1, 1, 1, 1], 1000)  # the largest is 2 * 2 * 2 = 8
    answers = t24.solve([1, 2, 3, 4, 5, 6], method="fast")
    assert len(answers) > 1000
    assert all(a.value == 24 and sorted(a.leaves()) == [1, 2, 3, 4, 5, 6] for a in answers[:50])


def test_the_first_answer_is_one_of_all_answers():
    for hand in [(3, 3, 8, 8), (4, 5, 6, 7), (1, 2, 3, 4, 5)]:
        (first,) = t24.solve(hand, method="fast", first=True)
        assert first in t24.solve(hand, method="fast")
