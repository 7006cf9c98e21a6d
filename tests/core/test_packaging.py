"""Packaging: extras by audience, the conda files in step with them, one version source, a core
that needs only the standard library. (The built wheel itself: test_install.py.)"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; on 3.10 these two checks are skipped

ROOT = Path(__file__).resolve().parents[2]


def requirement(text: str) -> tuple[str, str]:
    """("name", "bounds") of one requirement: 'numpy>=1.24' -> ("numpy", ">=1.24")."""
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*([^;]*?)\s*(;.*)?", text)
    assert match, text
    return match.group(1).lower().replace("_", "-"), match.group(3).replace(" ", "")


def extra(project: dict, name: str) -> dict[str, str]:
    """The requirements of one extra, {name: bounds}, with t24[...] self-references expanded."""
    found = {}
    for text in project["optional-dependencies"][name]:
        package, _ = requirement(text)
        if package == project["name"]:
            for inner in re.search(r"\[(.*)\]", text).group(1).split(","):
                found.update(extra(project, inner.strip()))
        else:
            found[package] = requirement(text)[1]
    return found


def conda_packages(filename: str) -> dict[str, str]:
    """{name: bounds} under `dependencies:` of a conda environment file (no YAML library needed)."""
    text = (ROOT / filename).read_text()
    block = text.split("dependencies:", 1)[1]
    found = dict(
        requirement(m.group(1))
        for m in re.finditer(r"^  - ([A-Za-z0-9_.\-]+\S*)\s*$", block, re.MULTILINE)
    )
    return {name: bounds for name, bounds in found.items() if name not in {"python", "pip"}}


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_extras_by_audience():
    project = pyproject()
    assert project["dependencies"] == []
    kernel = extra(project, "kernel")
    assert set(kernel) == {"ipywidgets", "ipykernel", "matplotlib", "numpy", "sympy", "networkx"}
    assert extra(project, "lab") == {**kernel, "jupyterlab": ">=4.2"}
    assert extra(project, "app") == {**kernel, "voila": ">=0.5"}
    assert extra(project, "notebooks") == extra(project, "lab")  # the old name, kept
    assert extra(project, "grade") == {**extra(project, "lab"), "nbgrader": ">=0.9"}
    test = extra(project, "test")
    assert set(test) >= set(extra(project, "lab")) | set(extra(project, "app")) | set(
        extra(project, "bench")
    )
    assert {"pytest", "nbval", "nbconvert", "playwright", "ruff", "hypothesis"} <= set(test)
    assert all(bounds for bounds in test.values()), "every requirement has a lower bound"


def test_environment_yml_matches_the_lab_and_app_extras():
    project = pyproject()
    assert conda_packages("environment.yml") == extra(project, "lab") | extra(project, "app")
    assert "-e ." in (ROOT / "environment.yml").read_text()


def test_environment_dev_yml_matches_the_test_extra():
    assert conda_packages("environment-dev.yml") == extra(pyproject(), "test")
    assert "-e ." in (ROOT / "environment-dev.yml").read_text()


def test_python_floor_is_the_same_everywhere():
    assert pyproject()["requires-python"] == ">=3.10"
    for filename in ("environment.yml", "environment-dev.yml"):
        assert "python>=3.10" in (ROOT / filename).read_text()
    assert "(3, 10)" in (ROOT / "Makefile").read_text()


def test_version_has_one_source_and_citation_cff_agrees():
    project = pyproject()
    assert "version" not in project and project["dynamic"] == ["version"]
    source = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["dynamic"][
        "version"
    ]
    assert source == {"attr": "t24.__version__"}
    version = re.search(
        r'^__version__ = "([^"]+)"', (ROOT / "t24" / "__init__.py").read_text(), re.MULTILINE
    ).group(1)
    citation = (ROOT / "CITATION.cff").read_text()
    assert re.search(r"^cff-version: 1\.2\.0$", citation, re.MULTILINE)
    assert re.search(r'^version: "?([^"\n]+)"?$', citation, re.MULTILINE).group(1) == version
    for key in ("title", "message", "authors", "license"):
        assert re.search(rf"^{key}:", citation, re.MULTILINE), key


def test_core_imports_only_the_standard_library():
    """`import t24` and every solver, with third-party imports made to fail; the notebook layer
    then says in one line which extra to install."""
    code = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "blocked = ('sympy', 'matplotlib', 'ipywidgets', 'IPython', 'networkx', 'tqdm', 'numpy')\n"
        "def guard(name, *a, **k):\n"
        "    if name.split('.')[0] in blocked: raise ModuleNotFoundError(name, name=name)\n"
        "    return real(name, *a, **k)\n"
        "builtins.__import__ = guard\n"
        "import t24, t24.cli\n"
        "for m in t24.METHODS: assert t24.solve([3, 3, 8, 8], method=m)\n"
        "assert t24.cli.main(['solve', '3', '3', '8', '8']) == 0\n"
        "try: import t24.notebook\n"
        "except ImportError as error: print(type(error).__name__, error, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr.startswith("ImportError "), done.stderr
    assert done.stderr.count("\n") == 1 and '".[kernel]"' in done.stderr


def test_servers_keep_their_token():
    """make lab and make app may serve a room (IP=0.0.0.0); neither switches its token off."""
    text = (ROOT / "Makefile").read_text()
    assert not re.search(r"\.token=(''|\"\"|\s|$)", text, re.MULTILINE)  # e.g. --ServerApp.token=''
    assert "--Voila.auto_token=True" in text
    assert re.search(r"^IP\s*\?=\s*127\.0\.0\.1$", text, re.MULTILINE)
    assert re.search(r"^DIR\s*\?=\s*notebooks$", text, re.MULTILINE)
