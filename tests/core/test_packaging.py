"""Packaging: extras by audience, the conda files in step with them, one version source, a core
that needs only the standard library. (The built wheel itself: test_install.py.)"""

import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import t24

if sys.version_info >= (3, 11):
    import tomllib
else:  # the `test` extra brings tomli to Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]


def requirement(text: str) -> tuple[str, str]:
    """("name", "bounds") of one requirement: 'numpy>=1.24' -> ("numpy", ">=1.24")."""
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*([^;]*?)\s*(;.*)?", text)
    assert match, text
    return match.group(1).lower().replace("_", "-"), match.group(3).replace(" ", "")


def extra(name: str) -> dict[str, str]:
    """The requirements of one extra, {name: bounds}, with t24[...] self-references expanded."""
    found = {}
    for text in PROJECT["optional-dependencies"][name]:
        package, bounds = requirement(text)
        if package == PROJECT["name"]:
            for inner in re.search(r"\[(.*)\]", text).group(1).split(","):
                found.update(extra(inner.strip()))
        else:
            found[package] = bounds
    return found


def conda_packages(filename: str) -> dict[str, str]:
    """{name: bounds} of the conda packages of an environment file (no YAML library needed)."""
    block = (ROOT / filename).read_text().split("dependencies:", 1)[1]
    found = re.finditer(r"^  - ([A-Za-z0-9_.\-]+[^\s:]*)\s*$", block, re.MULTILINE)
    return dict(requirement(match.group(1)) for match in found)


def test_extras_by_audience_each_holding_the_one_below():
    kernel, lab, app, test = (extra(name) for name in ("kernel", "lab", "app", "test"))
    assert PROJECT["dependencies"] == [] and kernel and "jupyterlab" not in kernel
    assert lab.items() > kernel.items() and app.items() > kernel.items()
    assert extra("notebooks") == lab and extra("grade").items() > lab.items()
    others = ("grade", "app", "bench", "hub", "lint")
    assert test.items() >= {k: v for name in others for k, v in extra(name).items()}.items()
    assert all(re.match(r">=|==", bounds) for bounds in test.values()), test


def test_ruff_is_pinned_and_voila_kept_below_its_next_minor_version():
    """app/serve.py uses Voilà's internals; ruff's rules and formatting must not move by themselves.
    The environment the tests run in is one these bounds allow."""
    assert extra("lint")["ruff"] == f"=={version('ruff')}"
    low, high = re.fullmatch(r">=0\.(\d+),<0\.(\d+)", extra("app")["voila"]).groups()
    assert int(high) == int(low) + 1 and version("voila").startswith(f"0.{low}.")


def test_the_conda_files_are_made_of_the_extras():
    """environment.yml lists the `lab` and `app` extras, environment-dev.yml installs `test`."""
    floor = PROJECT["requires-python"]
    lab_and_app = {"python": floor, "pip": ""} | extra("lab") | extra("app")
    assert conda_packages("environment.yml") == lab_and_app
    assert conda_packages("environment-dev.yml") == {"python": floor, "pip": "", "nodejs": ">=18"}
    assert re.search(r"^      - -e \.$", (ROOT / "environment.yml").read_text(), re.M)
    assert re.search(r"^      - -e \.\[test\]$", (ROOT / "environment-dev.yml").read_text(), re.M)
    assert f"(3, {floor.split('.')[1]})" in (ROOT / "Makefile").read_text()


def test_version_has_one_source_and_citation_cff_agrees():
    assert PROJECT["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "t24.__version__"}
    citation = (ROOT / "CITATION.cff").read_text()
    assert re.search(r'^version: "(.+)"$', citation, re.M)[1] == t24.__version__


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
