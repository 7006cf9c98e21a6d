# ruff: noqa: F401  (the package re-exports its modules' public names)
"""Everything the lessons draw or wire to widgets, as one flat API: `from t24.notebook import X`.

Needs ipywidgets, matplotlib and networkx; the rest of t24 never imports this package.
"""

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
)
from .steppers import (
    make_pattern_stepper,
    make_postfix_stepper,
    make_recursion_stepper,
    state_html,
)
from .trees import make_search_graph, make_state_graph, plot_states_per_depth, plot_tree_and_states
from .widgets import reveal, source, text_html
