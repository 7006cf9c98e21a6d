"""Packaging: extras by audience, the conda files and the lock in step with them, one version
source, a core that needs only the standard library. (The built wheel and its data: test_install.py.)"""

import importlib.util
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

import t24

if sys.version_info >= (3, 11):
    import tomllib
else:  # the `test` extra brings tomli to Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]
SPEC = importlib.util.spec_from_file_location("lock", ROOT / "tools" / "lock.py")
SPEC.loader.exec_module(lock := importlib.util.module_from_spec(SPEC))


def extra(name: str) -> dict[str, str]:
    """The requirements of one extra, {name: bounds}, with t24[...] self-references expanded."""
    found = {}
    for text in PROJECT["optional-dependencies"][name]:
        requirement = Requirement(text)
        if requirement.name == PROJECT["name"]:
            for inner in sorted(requirement.extras):
                found.update(extra(inner))
        else:
            found[canonicalize_name(requirement.name)] = str(requirement.specifier)
    return found


def test_extras_by_audience_each_holding_the_one_below():
    kernel, lab, app, test = (extra(name) for name in ("kernel", "lab", "app", "test"))
    assert PROJECT["dependencies"] == [] and kernel and "jupyterlab" not in kernel
    assert lab.items() > kernel.items() and app.items() > kernel.items()
    assert extra("notebooks") == lab and extra("grade").items() > lab.items()
    others = ("grade", "app", "bench", "hub", "lint")
    assert test.items() >= {k: v for name in others for k, v in extra(name).items()}.items()
    floors = [{s.operator for s in SpecifierSet(bounds)} & {">=", "=="} for bounds in test.values()]
    assert all(floors), test  # every requirement has a floor


def test_ruff_is_pinned_and_voila_kept_below_its_next_minor_version():
    """app/serve.py uses Voilà's internals; ruff's rules and formatting must not move by themselves.
    The environment the tests run in is one these bounds allow."""
    assert extra("lint")["ruff"] == f"=={version('ruff')}"
    bounds = {s.operator: s.version for s in SpecifierSet(extra("app")["voila"])}
    low, high = (int(bounds[op].split(".")[1]) for op in (">=", "<"))
    assert high == low + 1 and version("voila").startswith(f"0.{low}.")


def test_the_lock_and_the_conda_files_are_in_step_with_the_extras():
    """constraints.txt pins each package an extra asks for (once per Python where versions
    differ) within pyproject.toml's bounds, and make installs with it; environment.yml (`lab` and
    `app`) and environment-dev.yml (`test`) are what tools/lock.py writes from pyproject.toml now."""
    locked = {}
    for line in (ROOT / lock.LOCK).read_text().splitlines():
        if line and not line.startswith("#"):
            pin = Requirement(line)
            assert str(pin.specifier).startswith("=="), pin
            locked.setdefault(canonicalize_name(pin.name), []).append(pin)
    for name, bounds in extra("test").items():
        assert name in locked, f"{name} is not in the lock: make lock"
        assert all(SpecifierSet(bounds).contains(str(p.specifier)[2:]) for p in locked[name]), name
    makefile = (ROOT / "Makefile").read_text()
    assert (
        " -c $(LOCK) " in makefile
        and f"(3, {PROJECT['requires-python'].split('.')[1]})" in makefile
    )
    for name, text in lock.conda_files().items():
        assert (ROOT / name).read_text() == text, f"{name} is stale: make lock"


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
        "import t24, t24.cli, t24.results\n"
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
