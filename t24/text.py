"""Every sentence a person reads, written once in English and marked the gettext way: `_` where
it is said, `said` to fill its blanks, `N_` in a table; a count sentence is a gettext plural,
`n_`/`plural` where it is said and `Nn_` in a table. Catalogues live in `t24/locale/`; the
language is the environment's (`LANGUAGE`, `LANG`...) or `use_language`'s:

    >>> use_language("en")
    >>> plural(7680, "{n} candidate", "{n} candidates")
    '7,680 candidates'
"""

import gettext
import math
import reprlib
import struct
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

LOCALES = Path(__file__).parent / "locale"


def use_language(code: str | None) -> None:
    """Speak the language `code` ("zh_CN", "en"); None goes back to the environment's. A
    catalogue that cannot be read (truncated, empty, damaged) leaves English, said in one line."""
    global _translation
    languages = None if code is None else [code]
    try:
        _translation = gettext.translation("t24", LOCALES, languages=languages, fallback=True)
    except (OSError, ValueError, LookupError, struct.error):  # what gettext raises on a bad file
        _translation = gettext.NullTranslations()
        path = gettext.find("t24", LOCALES, languages=languages)
        print(
            said("t24: cannot read {path} (a damaged catalogue); speaking English", path=path),
            file=sys.stderr,
        )


def _(message: str) -> str:
    """The sentence in the language in use (English, the source text, when it has no entry)."""
    return _translation.gettext(message)


def said(message: str, /, **values) -> str:
    """The sentence in the language in use with its named blanks filled: `_(message).format(...)`.

    >>> said("{hand} has no answer", hand="1 1 1 1")
    '1 1 1 1 has no answer'
    """
    return _(message).format(**values)


def N_(message: str) -> str:
    """Marks a sentence for the catalogue where it is written into a table; `_()` says it."""
    return message


def Nn_(one: str, many: str) -> tuple[str, str]:
    """Marks a count sentence's forms for one and for many where written into a table, as one
    gettext plural; `n_` or `plural` says it."""
    return one, many


def n_(one: str, many: str, count: int) -> str:
    """The sentence for `count` things, in the form the language in use gives that count."""
    return _translation.ngettext(one, many, count)


use_language(None)  # after `said`, which a damaged catalogue's line needs


# Face cards, for a classroom display: A for 1 and J Q K for 11 12 13, as a pack of cards shows them.
FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def describe(value: Fraction) -> str:
    """A value as a person writes it: 24, -3, 7/2 (what `str` of a Fraction gives)."""
    return str(value)


def hand_text(hand: Sequence[int], faces: bool = False) -> str:
    """A hand as people write it: `3 3 8 8` (with `faces=True`, 11 12 13 as J Q K)."""
    return " ".join(FACES.get(n, str(n)) if faces else str(n) for n in hand)


def amount(count: int) -> str:
    """`7,680`, or `about 10^2,567` for a count too big to write out (never str() of a huge int)."""
    if count < 10**18:
        return f"{count:,}"
    return said("about 10^{power}", power=f"{int(math.log10(count)):,}")


def plural(count: int, one: str, many: str) -> str:
    """`1 candidate`, `7,680 candidates`: `n_` with `{n}` filled, with thousands separators."""
    return n_(one, many, count).format(n=amount(count))


def duration(seconds: float) -> str:
    """A duration in the units a person reads best: `85 µs`, `2.1 ms`, `41 ms`, `0.41 s`, `2.9 s`."""
    if seconds < 1e-4:
        return f"{seconds * 1e6:.0f} µs"  # the units are the same in every language
    if seconds < 0.1:
        return f"{seconds * 1e3:.1f} ms" if seconds < 0.01 else f"{seconds * 1e3:.0f} ms"
    return f"{seconds:.2f} s" if seconds < 1 else f"{seconds:.1f} s"


_repr = reprlib.Repr()
_repr.maxstring = _repr.maxother = 40


def shown(value) -> str:
    """A short one-line repr of what someone passed, for a message (never a traceback)."""
    try:
        text = _repr.repr(value)
    except Exception:  # a repr that fails (an int too long for str, a broken object)
        text = said("a {kind}", kind=type(value).__name__)
    return " ".join(text.split())


def not_a_digit(char: str) -> str:
    """The refusal for a digit from another script, the same for cards, targets and expressions."""
    quoted = f"'{char}'" if char.isprintable() else repr(char)
    return said("{char} is not a digit 0-9: type numbers with the digits 0-9", char=quoted)
