"""The practice game: the loop that closes "24点解法", made ready for a class.

In layers, one job a module: `deal` (a seeded deal from a chosen deck), `hints` (graded hints
towards one answer, never the answer itself), `rating` (how hard a hand is, from measured
facts), `state` (the game, its rounds and score, with no input or output), `terminal` (the loop
`t24 play` runs) and `words` (every sentence the game prints). Standard library only.
"""

from .deal import MAX_COUNT, MIN_COUNT, deal, deal_solvable
from .hints import Step, answer_steps, hint_answer, hint_texts, operand
from .rating import LEVELS, Difficulty, Effort, rate, rating_points, search_effort
from .state import Game, Reply, Round, Score, is_no_answer
from .terminal import banner, play, terminal_lines
from .words import KEYS

__all__ = [
    "KEYS", "LEVELS", "MAX_COUNT", "MIN_COUNT", "Difficulty", "Effort", "Game", "Reply", "Round",
    "Score", "Step", "answer_steps", "banner", "deal", "deal_solvable", "hint_answer", "hint_texts",
    "is_no_answer", "operand", "play", "rate", "rating_points", "search_effort", "terminal_lines",
]  # fmt: skip
