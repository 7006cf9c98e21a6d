"""A checked answer is data: its kind and the part at fault; the sentence is made from them."""

import pytest

from t24 import check_answer, parse


@pytest.mark.parametrize(
    "text, kind, fault, phrase",
    [
        ("8/(3-8/3)", "right", {}, "8 / (3 - 8 / 3) = 24, using exactly 3 3 8 8"),
        ("3*8-3+8", "value", {"value": 29}, "makes 29, not 24"),
        ("3*8", "missing", {"missing": (3, 8)}, "(not used: 3 8)"),
        ("8/(3-8/3)+1-1", "extra", {"extra": (1, 1)}, "(extra: 1 1)"),
        ("8/(3-1)+3", "cards", {"missing": (8,), "extra": (1,)}, "not used: 8; extra: 1"),
        ("(8+8)/(3-3)", "zero", {"part": parse("(8+8)/(3-3)")}, "divides by zero"),
        ("3+", "unreadable", {}, "cannot read that: column 2"),
    ],
)
def test_a_verdict_names_its_kind_and_the_part_at_fault(text, kind, fault, phrase):
    verdict = check_answer([8, 3, 8, 3], text)
    assert verdict.kind == kind and verdict.ok == (kind == "right")
    assert {name: getattr(verdict, name) for name in fault} == fault
    assert phrase in verdict.message


def test_the_part_at_fault_is_the_division_by_zero_itself():
    verdict = check_answer([1, 3, 3, 4], "4 * 1 / (3 - 3)")
    assert verdict.kind == "zero" and str(verdict.part) == "4 * 1 / (3 - 3)"
    verdict = check_answer([1, 3, 3, 4], "4 + 1 / (3 - 3)")
    assert str(verdict.part) == "1 / (3 - 3)" and verdict.message == "1 / (3 - 3) divides by zero"
