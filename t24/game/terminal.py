"""The practice loop at a terminal, as "24点解法" closes: deal, answer, h for a hint, s, q.

`play` reads lines and writes through a function, so tests script it; `terminal_lines` reads
the keyboard. The command line (`t24 play`) wires them to a `Game`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator

from ..text import plural
from . import words
from .state import Game, Score


def banner(game: Game) -> str:
    """The line that deals a hand, as the post's loop prints it."""
    current = game.round
    return words.BANNER.format(
        number=current.number, target=game.target_text, hand=current.hand_text
    )


def play(lines: Iterable[str], out: Callable[[str], None], game: Game, rounds=None) -> Score:
    """Play at a terminal: read `lines` (answers, h, s, q), write to `out`, return the score."""
    out(game.rules)
    out(words.KEYS)
    out(banner(game))
    for line in lines:
        text = line.strip()
        if text.lower() == "q":
            out(words.QUIT)
            break
        finished = text.lower() == "s"
        if text.lower() == "h":
            out(game.hint())
        elif finished:
            out(game.show())
        elif not text:
            out(words.TYPE_AN_ANSWER)
        else:
            reply = game.answer(text)
            out(reply.message)
            finished = reply.ok
        if finished:
            out(words.DIFFICULTY.format(game.round.rating))
            out(words.SCORE_LINE.format(game.score))
            if rounds is not None and game.score.hands >= rounds:
                out(words.PLAYED.format(plural(rounds, "hand")))
                break
            game.next_hand()
            out(banner(game))
    else:
        out(words.END)
    out(words.FINAL_SCORE.format(game.score))
    return game.score


def terminal_lines(prompt: str = "> ") -> Iterator[str]:
    """Lines typed at the terminal, until end of input (Ctrl-D); Ctrl-C raises KeyboardInterrupt."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401  (arrow keys and history for input(), where available)
        except ImportError:
            pass
    else:
        prompt = ""  # piped input: no prompts in the output
    while True:
        try:
            yield input(prompt)
        except EOFError:
            if prompt:
                print()
            return
