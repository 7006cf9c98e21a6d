"""Reading what a person types into an expression tree, safely.

Text is never evaluated. It is checked character by character, its brackets are matched, and
only then is it handed to Python's own parser (`ast.parse`), whose tree is walked node by node:
integers and `+ - * /` are kept, everything else is refused with a one-line message that says
what is wrong and where (a 1-based column). Limits on length, depth and digits mean no text can
make the parser or the arithmetic run away (`9**9**9` is refused before anything is computed).

Accepted: numbers, `+ - * /`, the symbols `× ÷ · ⋅ x X ∗ ∕`, round or square brackets (each
closed by its own kind), spaces. Numbers follow the grammar of cards and targets (`t24.hand`):
the digits 0-9 only, at most `MAX_DIGITS` of them, leading zeros allowed (`08` is 8), and the
minus signs `-`, `−` and `–`. A negative card is written as a bracketed literal, `(-3)`, which is
how `str` prints one; any other unary minus is refused, `-3 + 5` and `(-(3))` too: a minus sign
before a bracket would negate an expression, which no card is. Two operators in a row (`3××8`) are
refused as such; `**` typed as such is refused as a power.
"""

from __future__ import annotations

import ast
import re

from .expr import BinOp, Expr, ExpressionError, Num
from .hand import MAX_DIGITS, MINUS_SIGNS, TOO_LONG, not_a_digit

# Longer than anything t24 prints (eight cards of MAX_DIGITS digits, bracketed and negative, fit
# in about 900 characters), so every answer `solve` prints can be checked.
MAX_LENGTH = 1_000
MAX_DEPTH = 40

# Each of these is replaced by one ASCII character, so columns stay the same.
_SYNONYMS = {
    "\u00d7": "*",  # ×
    "\u00f7": "/",  # ÷
    "\u00b7": "*",  # ·
    "\u22c5": "*",  # ⋅
    "\u2217": "*",  # ∗
    "\u2215": "/",  # ∕
    "x": "*",
    "X": "*",
    **{sign: "-" for sign in MINUS_SIGNS},  # − and – as well as -
    "\t": " ",
    "\u00a0": " ",
}
_ALLOWED = set("0123456789+-*/()[] ")
_CLOSING = {")": "(", "]": "["}
_LEADING_ZEROS = re.compile(r"(?<![0-9])0+(?=[0-9])")
_LONG_NUMBER = re.compile(
    f"[1-9][0-9]{{{MAX_DIGITS},}}"
)  # more than MAX_DIGITS digits after its zeros
_OPERATOR_PAIR = re.compile(r"(?=([-+*/] *[*/]))")  # overlapping: every operator followed by * or /
_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
_REFUSED_OPERATORS = {
    ast.Pow: "'**' (power)",
    ast.FloorDiv: "'//' (floor division)",
    ast.Mod: "'%' (remainder)",
    ast.MatMult: "'@'",
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
    out = []
    for column, char in enumerate(text, start=1):
        char = _SYNONYMS.get(char, char)
        if char not in _ALLOWED:
            raise ExpressionError(_describe_bad_char(text[column - 1], column))
        out.append(char)
    return "".join(out)


def _describe_bad_char(char: str, column: int) -> str:
    if char in ".,":
        return f"column {column}: decimals are not allowed; use whole numbers and '/' (e.g. 5/2)"
    if char.isnumeric():  # ３, ٣, ², 三: digits and numerals of other scripts
        return f"column {column}: {not_a_digit(char)}"
    if char.isalpha() or char == "_":
        return f"column {column}: names are not allowed ('{char}'); use numbers and + - * / only"
    if char == "%":
        return f"column {column}: '%' (remainder) is not allowed; use + - * / only"
    if char == "^":
        return f"column {column}: '^' (power) is not allowed; use + - * / only"
    if char.isprintable():
        return f"column {column}: unexpected character '{char}'; use numbers, + - * / and brackets"
    return f"column {column}: unexpected character {char!r}; use numbers, + - * / and brackets"


def _check_brackets(clean: str) -> None:
    """Each bracket closes the last one opened, of its own kind; at most MAX_DEPTH deep."""
    opened: list[tuple[str, int]] = []
    for column, char in enumerate(clean, start=1):
        if char in "([":
            opened.append((char, column))
            if len(opened) > MAX_DEPTH:
                raise ExpressionError(
                    f"column {column}: brackets nested too deeply (at most {MAX_DEPTH})"
                )
        elif char in _CLOSING:
            if not opened:
                raise ExpressionError(
                    f"column {column}: '{char}' has no matching '{_CLOSING[char]}'"
                )
            kind, start = opened.pop()
            if kind != _CLOSING[char]:
                raise ExpressionError(
                    f"column {column}: '{char}' closes '{kind}' from column {start}"
                )
    if opened:
        kind, start = opened[-1]
        raise ExpressionError(f"column {start}: '{kind}' is never closed")


def _check_operators(text: str, clean: str) -> None:
    """Refuse `3××8` or `3 * / 8` as two operators in a row (not as the power `**` it would read as).

    A `*` or `/` must not follow another operator. Only `**` and `//` typed exactly so are left
    to the parser, which names them (power, floor division).
    """
    for pair in _OPERATOR_PAIR.finditer(clean):
        first, second = pair.start(), pair.end(1) - 1
        if second == first + 1 and text[first] == text[second] == clean[second]:
            continue
        raise ExpressionError(
            f"column {second + 1}: two operators in a row; put a number or a bracket between them"
        )


def _numbers(clean: str) -> str:
    """Check each number's length, and blank its leading zeros (`08` is 8) keeping the columns."""
    long = _LONG_NUMBER.search(clean)
    if long:
        start = long.start()
        while start and clean[start - 1] in "0123456789":
            start -= 1
        raise ExpressionError(f"column {start + 1}: {TOO_LONG}")
    if "0" not in clean:
        return clean
    return _LEADING_ZEROS.sub(lambda zeros: " " * len(zeros.group()), clean)


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
        if op is None:
            what = _REFUSED_OPERATORS.get(type(node.op), type(node.op).__name__)
            raise ExpressionError(
                f"column {_operator_column(node, clean, offset)}: {what} is not allowed; use + - * / only"
            )
        return BinOp(op, _convert(node.left, clean, offset), _convert(node.right, clean, offset))
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return Num(node.value)  # at most MAX_DIGITS digits: checked by _numbers
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        operand = node.operand
        literal = not clean[node.col_offset + offset + 1 : operand.col_offset + offset].strip()
        if (
            type(getattr(operand, "value", None)) is int
            and literal
            and _bracketed(node, clean, offset)
        ):
            return Num(-operand.value)
        raise ExpressionError(
            f"column {column}: a minus sign needs something before it; write a negative card as (-3)"
        )
    if isinstance(node, ast.Tuple) and not node.elts:
        raise ExpressionError(f"column {column}: empty brackets")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
        raise ExpressionError(f"column {column}: a plus sign needs something before it")
    raise ExpressionError(f"column {column}: not an arithmetic expression")


def _bracketed(node: ast.AST, clean: str, offset: int) -> bool:
    """Whether a unary-minus literal stands alone in its own brackets, as in `(-3)`."""
    start = node.col_offset + offset
    end = node.end_col_offset + offset
    before = clean[:start].rstrip()
    after = clean[end:].lstrip()
    return before.endswith("(") and after.startswith(")")


def _operator_column(node: ast.BinOp, clean: str, offset: int) -> int:
    start = node.left.end_col_offset + offset
    for index in range(start, len(clean)):
        if clean[index] in "*/%@":
            return index + 1
    return node.col_offset + offset + 1
