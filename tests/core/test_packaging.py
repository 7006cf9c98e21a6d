"""Packaging: environment.yml keeps step with pyproject.toml; the core needs only the stdlib."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; on 3.10 these two checks are skipped

ROOT = Path(__file__).resolve().parents[2]


def names(requirements):
    return {re.split(r"[<>=!~\[ ;]", req.strip(), maxsplit=1)[0].lower() for req in requirements}


def environment_packages():
    """Package names under `dependencies:` in environment.yml (no YAML library needed)."""
    text = (ROOT / "environment.yml").read_text()
    block = text.split("dependencies:", 1)[1]
    found = {m.group(1).lower() for m in re.finditer(r"^  - ([A-Za-z0-9_.\-]+)", block, re.MULTILINE)}
    return found - {"python", "pip"}


def test_environment_yml_matches_pyproject_extras():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    wanted = names(extras["notebooks"]) | names(extras["test"]) | names(project["dependencies"])
    assert environment_packages() == wanted
    assert "-e ." in (ROOT / "environment.yml").read_text()


def test_python_floor_is_the_same_everywhere():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == ">=3.10"
    assert "python>=3.10" in (ROOT / "environment.yml").read_text()
    assert "(3, 10)" in (ROOT / "Makefile").read_text()


def test_core_imports_only_the_standard_library():
    """`import t24` and every solver, with third-party imports made to fail."""
    code = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "blocked = ('sympy', 'matplotlib', 'ipywidgets', 'IPython', 'networkx', 'tqdm', 'numpy')\n"
        "def guard(name, *a, **k):\n"
        "    if name.split('.')[0] in blocked: raise ImportError('blocked ' + name)\n"
        "    return real(name, *a, **k)\n"
        "builtins.__import__ = guard\n"
        "import t24, t24.cli\n"
        "for m in t24.METHODS: assert t24.solve([3, 3, 8, 8], method=m)\n"
        "assert t24.cli.main(['solve', '3', '3', '8', '8']) == 0\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_readme_shows_the_two_commands_and_ci_runs_make_test():
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text()
