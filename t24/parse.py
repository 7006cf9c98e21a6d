"""Reading a typed expression into a tree, safely: checked, then `ast.parse`d, never evaluated.

Integers and `+ - * /` (also `× ÷ · x`, square brackets) are kept, a negative card only as
`(-3)`; the rest is refused in one line naming a 1-based column. Limits on length, depth and
digits mean no text makes the parser or the arithmetic run away."""

import ast
import re

from .expr import BinOp, Expr, ExpressionError, Num
from .hand import MINUS_SIGNS, InputError, not_a_digit, significant

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
_OPERATOR_PAIR = re.compile(r"(?=([-+*/] *[*/]))")  # overlapping: every operator followed by * or /
_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
_REFUSED = {
    ast.Pow: "'**' (power)",
    ast.FloorDiv: "'//' (floor division)",
    "%": "'%' (remainder)",
    "^": "'^' (power)",
}


def parse(text: str) -> Expr:
    """Parse a typed arithmetic expression into a tree; raise ExpressionError if it is not one."""
    if not isinstance(text, str):
        raise ExpressionError(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ExpressionError(
            f"expression is too long: {len(text):,} characters (at most {MAX_LENGTH:,})"
        )
    clean = _normalise(text)
    if not clean.strip():
        raise ExpressionError("empty expression: type something like 8/(3-8/3)")
    _check_brackets(clean)
    _check_operators(text, clean)
    clean = _numbers(clean).replace("[", "(").replace("]", ")")
    try:
        tree = ast.parse(clean.strip(), mode="eval")
    except SyntaxError as error:
        raise _syntax_error(clean, error) from None
    # ast columns count from the stripped text; translate back to the typed text.
    offset = len(clean) - len(clean.lstrip())
    return _convert(tree.body, clean, offset)


def _normalise(text: str) -> str:
    clean = text.translate(_SYNONYMS)
    for column, char in enumerate(clean, start=1):
        if char in _ALLOWED:
            continue
        if char in ".,":
            why = "decimals are not allowed; use whole numbers and '/' (e.g. 5/2)"
        elif char.isnumeric():  # ３, ٣, ², 三: digits and numerals of other scripts
            why = not_a_digit(char)
        elif char.isalpha() or char == "_":
            why = f"names are not allowed ('{char}'); use numbers and + - * / only"
        elif char in _REFUSED:
            why = f"{_REFUSED[char]} is not allowed; use + - * / only"
        else:
            shown = f"'{char}'" if char.isprintable() else repr(char)
            why = f"unexpected character {shown}; use numbers, + - * / and brackets"
        raise ExpressionError(f"column {column}: {why}")
    return clean


def _check_brackets(clean: str) -> None:
    """Each bracket closes the last one opened, of its own kind; at most MAX_DEPTH deep."""
    opened: list[tuple[str, int]] = []
    for column, char in enumerate(clean, start=1):
        why = ""
        if char in "([":
            opened.append((char, column))
            if len(opened) > MAX_DEPTH:
                why = f"brackets nested too deeply (at most {MAX_DEPTH})"
        elif char in _CLOSING and not opened:
            why = f"'{char}' has no matching '{_CLOSING[char]}'"
        elif char in _CLOSING:
            kind, start = opened.pop()
            if kind != _CLOSING[char]:
                why = f"'{char}' closes '{kind}' from column {start}"
        if why:
            raise ExpressionError(f"column {column}: {why}")
    if opened:
        kind, start = opened[-1]
        raise ExpressionError(f"column {start}: '{kind}' is never closed")


def _check_operators(text: str, clean: str) -> None:
    """Refuse `3××8` or `3 * / 8` as two operators in a row; `**` and `//` typed so are named."""
    for pair in _OPERATOR_PAIR.finditer(clean):
        first, second = pair.start(), pair.end(1) - 1
        if second == first + 1 and text[first] == text[second] == clean[second]:
            continue
        raise ExpressionError(
            f"column {second + 1}: two operators in a row; put a number or a bracket between them"
        )


def _numbers(clean: str) -> str:
    """Check each number's length, and blank its leading zeros (`08` is 8) keeping the columns."""

    def number(digits: re.Match) -> str:
        try:
            return significant(digits.group()).rjust(len(digits.group()))
        except InputError as error:
            raise ExpressionError(f"column {digits.start() + 1}: {error}") from None

    return re.sub("[0-9]+", number, clean)


def _syntax_error(clean: str, error: SyntaxError) -> ExpressionError:
    stripped = clean.strip()
    offset = len(clean) - len(clean.lstrip())
    column = (error.offset or 1) + offset
    if stripped.endswith(("+", "-", "*", "/")):
        return ExpressionError(
            f"column {len(clean.rstrip())}: the expression ends with an operator"
        )
    if "()" in stripped.replace(" ", ""):
        return ExpressionError(f"column {clean.index('(') + 1}: empty brackets")
    return ExpressionError(
        f"column {min(column, len(clean))}: not a valid expression here (a number or operator is missing or extra)"
    )


def _convert(node: ast.AST, clean: str, offset: int) -> Expr:
    column = getattr(node, "col_offset", 0) + offset + 1
    if isinstance(node, ast.BinOp):
        op = _OPERATORS.get(type(node.op))
        if op is None:  # ** or //: every other operator is refused as a character
            at = re.compile("[*/]").search(clean, node.left.end_col_offset + offset).start() + 1
            raise ExpressionError(
                f"column {at}: {_REFUSED[type(node.op)]} is not allowed; use + - * / only"
            )
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
        raise ExpressionError(
            f"column {column}: a minus sign needs something before it; write a negative card as (-3)"
        )
    if isinstance(node, ast.Tuple) and not node.elts:
        raise ExpressionError(f"column {column}: empty brackets")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
        raise ExpressionError(f"column {column}: a plus sign needs something before it")
    raise ExpressionError(f"column {column}: not an arithmetic expression")
