"""Reading a typed expression into a tree, safely: checked, then `ast.parse`d, never evaluated.

Integers and `+ - * /` (also `× ÷ · x`, square brackets) are kept, a negative card only as
`(-3)`; the rest is refused in one line naming a 1-based column. Limits on length, depth and
digits mean no text makes the parser or the arithmetic run away.

    >>> parse("8 ÷ [3 − 8/3]")
    BinOp(op='/', left=Num(n=8), right=BinOp(op='-', left=Num(n=3), right=BinOp(op='/', left=Num(n=8), right=Num(n=3))))
    >>> parse("3 ** 2")
    Traceback (most recent call last):
    t24.expr.ExpressionError: column 3: '**' (power) is not allowed; use + - * / only
"""

import ast
import re

from .expr import BinOp, Expr, ExpressionError, Num
from .hand import MINUS_SIGNS, InputError, significant
from .text import N_, _, not_a_digit, said

# Longer than anything t24 prints (eight cards of MAX_DIGITS digits, bracketed and negative, fit
# in about 900 characters), so every answer `solve` prints can be checked.
MAX_LENGTH = 1_000
MAX_DEPTH = 40

# Each of these is replaced by one ASCII character, so columns stay the same.
_SYNONYMS = str.maketrans(
    "\u00d7\u00f7\u00b7\u22c5\u2217\u2215xX\t\u00a0" + MINUS_SIGNS, "*/***/**  ---"
)
_ALLOWED = set("0123456789+-*/()[] ")
_CLOSING = {")": "(", "]": "["}
_BRACKETED = {"(": "(…)", ")": "(…)", "[": "[…]", "]": "[…]"}  # a bracket named as its part
_TOKEN = re.compile(r"[0-9]+|\S")  # a number, or one character: an operator or a bracket
_OPERATOR_PAIR = re.compile(r"(?=([-+*/] *[*/]))")  # overlapping: every operator followed by * or /
_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
_REFUSED = {  # the operators Python knows and t24 does not, as a person calls them
    ast.Pow: N_("'**' (power) is not allowed; use + - * / only"),
    ast.FloorDiv: N_("'//' (floor division) is not allowed; use + - * / only"),
    "%": N_("'%' (remainder) is not allowed; use + - * / only"),
    "^": N_("'^' (power) is not allowed; use + - * / only"),
}


def _at(column: int, reason: str) -> ExpressionError:
    """The refusal of the typed text at a 1-based column."""
    return ExpressionError(said("column {column}: {reason}", column=column, reason=reason))


def parse(text: str) -> Expr:
    """Parse a typed arithmetic expression into a tree; raise ExpressionError if it is not one."""
    if not isinstance(text, str):
        raise ExpressionError(said("expected text, got {kind}", kind=type(text).__name__))
    if len(text) > MAX_LENGTH:
        refusal = _("expression is too long: {length} characters (at most {limit})")
        raise ExpressionError(refusal.format(length=f"{len(text):,}", limit=f"{MAX_LENGTH:,}"))
    clean = _normalise(text)
    if not clean.strip():
        raise ExpressionError(_("empty expression: type something like 8/(3-8/3)"))
    _check_brackets(clean)
    _check_operators(text, clean)
    _check_missing_operators(clean)
    clean = _numbers(clean).replace("[", "(").replace("]", ")")
    # ast columns count from the stripped text; translate back to the typed text.
    offset = len(clean) - len(clean.lstrip())
    try:
        tree = ast.parse(clean.strip(), mode="eval")
    except SyntaxError as error:
        raise _syntax_error(clean, (error.offset or 1) + offset) from None
    return _convert(tree.body, clean, offset)


def _normalise(text: str) -> str:
    clean = text.translate(_SYNONYMS)
    for column, char in enumerate(clean, start=1):
        if char in _ALLOWED:
            continue
        shown = f"'{char}'" if char.isprintable() else repr(char)
        if char in ".,":
            why = _("decimals are not allowed; use whole numbers and '/' (e.g. 5/2)")
        elif char.isnumeric():  # ３, ٣, ², 三: digits and numerals of other scripts
            why = not_a_digit(char)
        elif char.isalpha() or char == "_":
            why = _("names are not allowed ({char}); use numbers and + - * / only")
        elif char in _REFUSED:
            why = _(_REFUSED[char])
        else:
            why = _("unexpected character {char}; use numbers, + - * / and brackets")
        raise _at(column, why.format(char=shown))
    return clean


def _check_brackets(clean: str) -> None:
    """Each bracket closes the last one opened, of its own kind; at most MAX_DEPTH deep."""
    opened: list[tuple[str, int]] = []
    for column, char in enumerate(clean, start=1):
        if char in "([":
            opened.append((char, column))
            if len(opened) > MAX_DEPTH:
                why = _("brackets nested too deeply (at most {depth})")
                raise _at(column, why.format(depth=MAX_DEPTH))
        elif char in _CLOSING and not opened:
            why = _("'{char}' has no matching '{kind}'")
            raise _at(column, why.format(char=char, kind=_CLOSING[char]))
        elif char in _CLOSING:
            kind, start = opened.pop()
            if kind != _CLOSING[char]:
                why = _("'{char}' closes '{kind}' from column {start}")
                raise _at(column, why.format(char=char, kind=kind, start=start))
    if opened:
        kind, start = opened[-1]
        raise _at(start, said("'{kind}' is never closed", kind=kind))


def _check_operators(text: str, clean: str) -> None:
    """Refuse `3××8` or `3 * / 8` as two operators in a row; `**` and `//` typed so are named."""
    for pair in _OPERATOR_PAIR.finditer(clean):
        first, second = pair.start(), pair.end(1) - 1
        if second == first + 1 and text[first] == text[second] == clean[second]:
            continue
        why = _("two operators in a row; put a number or a bracket between them")
        raise _at(second + 1, why)


def _check_missing_operators(clean: str) -> None:
    """Refuse `8(3-8/3)`, `(3)(3)` or `2 3`, a number or bracket written right after another,
    naming where the operator is missing (people write 8(…) for 8 × (…) on paper)."""
    tokens = list(_TOKEN.finditer(clean))
    for left, right in zip(tokens, tokens[1:]):
        ends, starts = left.group(), right.group()
        if ends[0] in "+-*/([" or starts[0] in "+-*/)]":
            continue
        why = said(
            "an operator is missing between {left} and {right}: did you mean {meant}?",
            left=ends,
            right=starts,
            meant=f"{_BRACKETED.get(ends, ends)} × {_BRACKETED.get(starts, starts)}",
        )
        raise _at(right.start() + 1, why)


def _numbers(clean: str) -> str:
    """Check each number's length, and blank its leading zeros (`08` is 8) keeping the columns."""
    for digits in re.finditer("[0-9]+", clean):
        try:
            short = significant(digits.group()).rjust(len(digits.group()))
        except InputError as error:
            raise _at(digits.start() + 1, str(error)) from None
        clean = clean[: digits.start()] + short + clean[digits.end() :]
    return clean


def _syntax_error(clean: str, column: int) -> ExpressionError:
    if clean.rstrip().endswith(("+", "-", "*", "/")):
        return _at(len(clean.rstrip()), _("the expression ends with an operator"))
    why = _("not a valid expression here (a number or operator is missing or extra)")
    return _at(min(column, len(clean)), why)


def _convert(node: ast.AST, clean: str, offset: int) -> Expr:
    column = getattr(node, "col_offset", 0) + offset + 1
    if isinstance(node, ast.BinOp):
        op = _OPERATORS.get(type(node.op))
        if op is None:  # ** or //: every other operator is refused as a character
            at = re.compile("[*/]").search(clean, node.left.end_col_offset + offset).start() + 1
            raise _at(at, _(_REFUSED[type(node.op)]))
        return BinOp(op, _convert(node.left, clean, offset), _convert(node.right, clean, offset))
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return Num(node.value)  # at most MAX_DIGITS digits: checked by _numbers
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        operand = node.operand
        start, end = node.col_offset + offset, node.end_col_offset + offset
        literal = not clean[start + 1 : operand.col_offset + offset].strip()
        alone = clean[:start].rstrip().endswith("(") and clean[end:].lstrip().startswith(")")
        if type(getattr(operand, "value", None)) is int and literal and alone:
            return Num(-operand.value)  # a negative card alone in its own brackets: (-3)
        why = _("a minus sign needs something before it; write a negative card as (-3)")
        raise _at(column, why)
    if isinstance(node, ast.Tuple) and not node.elts:
        raise _at(column, _("empty brackets"))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
        raise _at(column, _("a plus sign needs something before it"))
    raise _at(column, _("not an arithmetic expression"))
