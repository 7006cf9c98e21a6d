"""The practice game: the loop that closes "24点解法", made ready for a class.

In layers, one job a module: `deal` (a seeded deal from a chosen deck), `hints` (the next step
of an answer, never the answer itself), `difficulty` (how hard a hand is, from measured facts),
`state` (the game, its rounds and score, with no input or output) and `terminal` (the loop that
`t24 play` runs). The notebook widget lives in `t24.notebook.game_widget`. Standard library only.
"""

from .deal import MAX_COUNT, MIN_COUNT, deal, deal_solvable
from .difficulty import LEVELS, Difficulty, Effort, difficulty, search_effort
from .hints import Step, answer_steps, hint_answer, hint_texts
from .state import Game, Reply, Round, Score, is_no_answer
from .terminal import KEYS, banner, play, terminal_lines

__all__ = [
    "KEYS", "LEVELS", "MAX_COUNT", "MIN_COUNT", "Difficulty", "Effort", "Game", "Reply", "Round",
    "Score", "Step", "answer_steps", "banner", "deal", "deal_solvable", "difficulty", "hint_answer",
    "hint_texts", "is_no_answer", "play", "search_effort", "terminal_lines",
]
