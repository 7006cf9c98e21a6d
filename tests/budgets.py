"""The code's lines by who reads them (`wc -l` of `.py` files), each group against its budget; a
file counts in the first group that names it. A group over its budget is held where it stands: it
may shrink, never grow (tests/core/test_budgets.py); every session prints the table at its end."""

from pathlib import Path

ROOT = Path(__file__).parent.parent
# Each group: its files (globs from the repository's root), its budget, and the count it is held
# at while over the budget (None once within it).
GROUPS = {
    "what students read, rewrite or are shown": (
        ["t24/methods/*.py", "t24/expr.py", "t24/distinct.py", "t24/check.py"],
        1100,
        None,
    ),
    "the lessons' check cases and questions": (["t24/lessons/*.py"], 500, 1073),
    "the rest of the package": (["t24/**/*.py"], 2900, 3982),
    "operations: benchmarks, app, tools": (
        ["benchmarks/*.py", "app/*.py", "tools/*.py"],
        2500,
        3315,
    ),
    "tests": (["tests/**/*.py"], 3500, 4641),
}


def sizes() -> dict[str, int]:
    """Each group's lines."""
    taken, found = set(), {}
    for group, (globs, _, _) in GROUPS.items():
        files = {path for pattern in globs for path in ROOT.glob(pattern)} - taken
        taken |= files
        found[group] = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in files)
    return found


def table() -> list[str]:
    """The groups as lines of text: lines, budget (and where an over-budget group is held), name."""
    lines = []
    for group, count in sizes().items():
        _, budget, held = GROUPS[group]
        status = f"held at {held:,}" if held else "within"
        lines.append(f"{count:>6,} lines, budget {budget:>5,} ({status}): {group}")
    return lines
