"""Each group of the code within its budget of lines, or, while over it, no larger than it is held
(tests/budgets.py names the groups and their files)."""

import pytest
from budgets import GROUPS, sizes


@pytest.mark.parametrize("group", GROUPS)
def test_no_group_grows_past_its_budget_or_where_it_is_held(group):
    _, budget, held = GROUPS[group]
    lines = sizes()[group]
    assert lines <= (held or budget), f"{group}: {lines:,} lines (budget {budget:,}, held {held})"
