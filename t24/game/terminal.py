"""The practice loop at a terminal, as "24点解法" closes: deal, answer, h for a hint, s to show, q to quit.

`play` reads lines and writes through a function, so tests script it; `terminal_lines` reads
the keyboard. The command line (`t24 play`) wires them to a `Game`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator

from ..text import plural
from .state import Game, Score

KEYS = "h = hint, s = show an answer, q = quit"


def banner(game: Game) -> str:
    """The line that deals a hand, as the post's loop prints it."""
    return f"hand {game.round.number}: make {game.target_text} from {game.round.hand_text}"


def play(lines: Iterable[str], out: Callable[[str], None], game: Game, rounds: int | None = None) -> Score:
    """Play at a terminal: read `lines` (answers, h, s, q), write to `out`, return the score."""
    out(f"Make {game.target_text} from the cards with + - * / and brackets, each card once.")
    out(KEYS + ("; if a hand cannot be done, answer none" if game.any_hand else ""))
    out(banner(game))
    for line in lines:
        text = line.strip()
        command = text.lower()
        finished = False
        if command == "q":
            out("quit")
            break
        if command == "h":
            out(game.hint())
        elif command == "s":
            out(game.show())
            finished = True
        elif not text:
            out(f"type an answer, or {KEYS}")
        else:
            reply = game.answer(text)
            out(reply.message)
            finished = reply.ok
        if finished:
            out(f"difficulty: {game.difficulty()}")
            out(f"score: {game.score}")
            if rounds is not None and game.score.hands >= rounds:
                out(f"played {plural(rounds, 'hand')}")
                break
            game.next_hand()
            out(banner(game))
    else:
        out("end of input")
    out(f"final score: {game.score}")
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
