# ruff: noqa: F401  (the package re-exports its modules' public names)
"""What the lessons draw or wire to widgets (ipywidgets, matplotlib, networkx), as one flat API.
Importing it changes nothing; `setup()`, in a lesson's first cell, sets how its figures show."""

from ..text import _
from ..trace import trace

try:
    from .game_widget import make_game_widget
    from .lab import compare, lab_view, make_lab
    from .plots import (
        agreement_html,
        finish,
        new_axes,
        plot_answer_counts,
        plot_growth,
        plot_levels,
        plot_per_hand_times,
        plot_ratios,
        plot_solvable_counts,
        plot_solvable_share,
        plot_target_counts,
        setup,
    )
    from .steppers import (
        make_pattern_stepper,
        make_postfix_stepper,
        make_recursion_stepper,
        product_calls_html,
        state_html,
    )
    from .trees import plot_states_per_depth, plot_tree_and_states
    from .widgets import reveal, source, text_html
except ModuleNotFoundError as missing:  # installed without the kernel extra
    said = _('{module} is missing: in the t24 folder, pip install ".[kernel]" (or ".[lab]")')
    raise ImportError(said.format(module=missing.name)) from None
