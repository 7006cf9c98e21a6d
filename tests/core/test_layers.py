"""The package's layers: the core never reaches up, nothing imports in a loop, argparse lives in cli.

Read from the source with `ast` (nothing is imported), so the test says which line breaks a rule.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "t24"
# What each layer may import from t24 (besides itself and the layers below it).
CORE = {"t24", "t24.errors", "t24.text", "t24.expr", "t24.hand", "t24.parse", "t24.check", "t24.distinct",
        "t24.solver", "t24.methods"}
APPLICATION = {"t24.deck", "t24.game", "t24.bench"}
DISPLAY = {"t24.notebook"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every t24 module the file imports at its top level or in a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            targets = [target] + [f"{target}.{alias.name}" for alias in node.names]
            found += [(node.lineno, t) for t in targets if t.startswith("t24")]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("t24")]
    return found


def layer(name: str) -> str:
    for prefix in DISPLAY:
        if name == prefix or name.startswith(prefix + "."):
            return "display"
    for prefix in APPLICATION:
        if name == prefix or name.startswith(prefix + "."):
            return "application"
    return "core"


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
EDGES = {name: [(line, t) for line, t in imports(path) if t in MODULES] for name, path in MODULES.items()}


def test_the_core_never_imports_the_application_or_the_display():
    rank = {"core": 0, "application": 1, "display": 2}
    wrong = [
        f"{name} (line {line}) imports {target}"
        for name, edges in EDGES.items() for line, target in edges
        if name != "t24.cli" and rank[layer(target)] > rank[layer(name)]
    ]
    assert wrong == []


def test_the_command_line_reaches_the_application_only_inside_its_commands():
    top_level = {
        target for node in ast.parse(MODULES["t24.cli"].read_text(encoding="utf-8")).body
        if isinstance(node, ast.ImportFrom) for target in [f"t24.{node.module}" if node.level else node.module]
    }
    assert not {t for t in top_level if layer(t) != "core"}


def test_no_module_imports_in_a_loop():
    # Edges to a package's own __init__ (importing `t24` for its version, say) are not loops of
    # modules; leave them out, then look for a cycle by depth-first search.
    graph = {name: {t for _line, t in edges if t != name and not name.startswith(t + ".")} for name, edges in EDGES.items()}
    state, cycles = {}, []

    def visit(node, trail):
        state[node] = "open"
        for nxt in graph.get(node, ()):
            if state.get(nxt) == "open":
                cycles.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = "done"

    for name in graph:
        if name not in state:
            visit(name, [name])
    assert cycles == []


def test_argparse_lives_in_the_command_line_only():
    users = [name for name, path in MODULES.items() if "argparse" in path.read_text(encoding="utf-8") and name != "t24.cli"]
    assert users == []


def test_no_module_reaches_into_another_modules_internals():
    offenders = []
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        for needle in ("__wrapped__", "vars(fast)", "importlib.import_module(\"t24"):
            if needle in text and not (needle == "__wrapped__" and name == "t24.methods.fast"):
                offenders.append(f"{name}: {needle}")
    assert offenders == []
