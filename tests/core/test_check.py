"""A checked answer is data: its kind and the part at fault; the sentence is made from them."""

from collections import Counter

import pytest

from t24 import InputError, check_answer, parse, solve


@pytest.mark.parametrize(
    "text, kind, fault, phrase",
    [
        ("8/(3-8/3)", "right", {}, "8 / (3 - 8 / 3) = 24, using exactly 3 3 8 8"),
        ("3*8-3+8", "value", {"value": 29}, "makes 29, not 24"),
        ("3*8", "missing", {"missing": (3, 8)}, "(not used: 3 8)"),
        ("8/(3-8/3)+1-1", "extra", {"extra": (1, 1)}, "(extra: 1 1)"),
        ("8/(3-1)+3", "cards", {"missing": (8,), "extra": (1,)}, "not used: 8; extra: 1"),
        ("(8+8)/(3-3)", "zero", {"part": parse("(8+8)/(3-3)")}, "divides by zero"),
        ("8+8/(3-3)", "zero", {"part": parse("8/(3-3)")}, "8 / (3 - 3) divides by zero"),
        ("3+", "unreadable", {}, "cannot read that: column 2"),
        ("8(3-8/3)", "unreadable", {}, "an operator is missing between 8 and (: did you mean 8 ×"),
    ],
)
def test_a_verdict_names_its_kind_and_the_part_at_fault(text, kind, fault, phrase):
    verdict = check_answer([8, 3, 8, 3], text)
    assert verdict.kind == kind and verdict.ok == (kind == "right")
    assert {name: getattr(verdict, name) for name in fault} == fault
    assert phrase in verdict.message


@pytest.mark.parametrize(
    "hand", [Counter([3, 3, 8, 8]), {3: 2, 8: 2}, {3, 8}, frozenset([3, 8]), {3: 2, 8: 2}.keys()]
)
def test_a_hand_is_a_sequence_never_a_mapping_or_set_which_keeps_a_repeat_once(hand):
    for read in (lambda: check_answer(hand, "3*8"), lambda: solve(hand, 24)):
        with pytest.raises(InputError) as refused:
            read()
        assert f"got a {type(hand).__name__}" in str(refused.value)
        assert "repeats too, e.g. [3, 3, 8, 8]" in str(refused.value)
    with pytest.raises(InputError, match="got a set"):
        solve(set([13] * 4), 13)  # four 13s typed as a set: not the one card 13
