"""The safe parser: what a person types is read, never evaluated, and printed with the fewest
brackets that keep the tree; anything else is refused in one line naming a column."""

import pytest

from t24 import ExpressionError, parse


@pytest.mark.parametrize(
    "typed, printed",
    [
        ("8/(3-8/3)", "8 / (3 - 8 / 3)"),
        ("8 \u00f7 (3 \u2212 8 \u00f7 3)", "8 / (3 - 8 / 3)"),
        ("[10 x 10 - 4] / 4", "(10 * 10 - 4) / 4"),
        ("(10\u00d710\u22124)\u00f74", "(10 * 10 - 4) / 4"),
        ("3\u00b78", "3 * 8"),
        ("  3 X 8  ", "3 * 8"),
        ("5 - (-3)", "5 - (-3)"),
        ("\t12 / 6", "12 / 6"),
        ("08/(3-8/3)", "8 / (3 - 8 / 3)"),
        ("(-08) * 003", "(-8) * 3"),
        ("0 + 00", "0 + 0"),
        ("(\u22123) * (\u20138) / 1", "(-3) * (-8) / 1"),
        ("[3 + 5] * (4 - 1)", "(3 + 5) * (4 - 1)"),
        ("0" * 150 + "7", "7"),
        ("6/((5/4)-1)", "6 / (5 / 4 - 1)"),  # the pattern post's redundant brackets go
        ("4/(1-(5/6))", "4 / (1 - 5 / 6)"),
        ("((7+5)-6)*4", "(7 + 5 - 6) * 4"),
        ("(3*5)+(9*1)", "3 * 5 + 9 * 1"),
        ("7-(6-5)", "7 - (6 - 5)"),  # brackets that change the tree stay: the postfix post's
        ("4*(5+(7-6))", "4 * (5 + (7 - 6))"),  # converter prints 7 - 6 - 5
        ("(1+11)/(6/12)", "(1 + 11) / (6 / 12)"),
        ("12*(1+11)/6", "12 * (1 + 11) / 6"),
    ],
)
def test_reads_what_people_type_and_prints_it_with_the_fewest_brackets(typed, printed):
    assert str(parse(typed)) == printed and parse(printed) == parse(typed)


@pytest.mark.parametrize(
    "typed, message",
    [
        ("__import__('os')", "column 1: names are not allowed"),
        ("9**9**9", "column 2: '**' (power) is not allowed"),
        ("2^3", "'^' (power) is not allowed"),
        ("7 // 2", "'//' (floor division) is not allowed"),
        ("7 % 2", "'%' (remainder) is not allowed"),
        ("-3 + 27", "column 1: a minus sign needs something before it"),
        ("3 * -8", "a minus sign"),
        ("+3", "a plus sign"),
        ("2.5 * 4", "column 2: decimals are not allowed"),
        ("1e3", "names are not allowed"),
        ("", "empty expression"),
        ("   ", "empty expression"),
        ("(3 + 4", "column 1: '(' is never closed"),
        ("3 + 4)", "column 6: ')' has no matching '('"),
        ("3 4", "column 3: an operator is missing between 3 and 4: did you mean 3 × 4?"),
        ("8(3-8/3)", "column 2: an operator is missing between 8 and (: did you mean 8 × (…)?"),
        ("(3)(3)", "column 4: an operator is missing between ) and (: did you mean (…) × (…)?"),
        ("[3+5] 3", "column 7: an operator is missing between ] and 3: did you mean […] × 3?"),
        ("3 * 8 (-3)", "column 7: an operator is missing between 8 and ("),
        ("3 +", "ends with an operator"),
        ("()", "empty brackets"),
        ("3;4", "unexpected character ';'"),
        ("3 == 3", "unexpected character '='"),
        ("lambda: 0", "names are not allowed"),
        ("3\n+4", "unexpected character"),
        ("\u0663 + 1", "column 1: '\u0663' is not a digit 0-9: type numbers with the digits 0-9"),
        ("3 + \uff18", "column 5: '\uff18' is not a digit 0-9"),  # fullwidth eight
        ("(3+3]*4", "column 5: ']' closes '(' from column 1"),
        ("[3+3)*4", "column 5: ')' closes '[' from column 1"),
        ("3xx8", "column 3: two operators in a row"),
        ("3\u00d7\u00d78", "column 3: two operators in a row"),
        ("3 * / 8", "column 5: two operators in a row"),
        ("3 +* 8", "column 4: two operators in a row"),
        (24, "expected text"),
        ("(" * 100 + "1" + ")" * 100, "nested too deeply"),
        ("1+" * 500 + "1", "too long: 1,001 characters"),
        ("(-(8))", "column 2: a minus sign needs something before it; write a negative card as"),
        ("-(8)", "column 1: a minus sign"),
        ("1 + " + "9" * 101, "column 5: number too long: at most 100 digits"),
    ],
)
def test_refuses_everything_else_with_a_one_line_message(typed, message):
    with pytest.raises(ValueError) as caught:  # a refusal is a ValueError, as Python's own are
        parse(typed)
    assert isinstance(caught.value, ExpressionError)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_long_but_reasonable_expressions_still_work():
    assert parse("+".join(["1"] * 200)).value == 200
    assert parse("(" * 30 + "1" + "+1)" * 30).value == 31
