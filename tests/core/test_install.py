"""A plain install works: the wheel holds the package and its saved results, and nothing else,
and every students' copy runs from a folder outside the clone with a kernel from a
fresh virtual environment where only the wheel (with its `kernel` extra) is installed, not
editable — among them the notebooks that read the saved results.

One wheel and one virtual environment per session (pip's cache keeps reruns quick). Marked
`install`: `make test-install` runs it, and `make test` runs that.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import t24
from t24.bench import FILES

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_TIMEOUT_S = 300
# What a built wheel needs from the clone, and nothing more.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "t24")


def reads_saved_results(notebook: Path) -> bool:
    """True when a code cell of the notebook calls load_results."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return any(
        cell["cell_type"] == "code" and "load_results" in "".join(cell["source"]) for cell in cells
    )


# The students' copies: what a plain install (a school's hub, a student's laptop) runs.
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
RESULT_NOTEBOOKS = [path for path in NOTEBOOKS if reads_saved_results(path)]


def run(command, **kwargs):
    """Run a command; fail with its output if it fails."""
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, (
        f"{' '.join(map(str, command))} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done


def clean_env(**extra) -> dict:
    """The environment without anything that could point Python or Jupyter back at the clone."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "MPLBACKEND"}
        and not key.startswith("JUPYTER")
    }
    env.update(extra)
    return env


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built by pip from a copy of the package's sources (the clone gets no build/)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        else:
            shutil.copy2(ROOT / name, source / name)
    out = work / "dist"
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--wheel-dir",
            str(out),
            str(source),
        ]
    )
    (built,) = out.glob("t24-*.whl")
    return built


@pytest.fixture(scope="session")
def plain_install(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment (no system site-packages) with the wheel[kernel] and nbclient."""
    home = tmp_path_factory.mktemp("venv") / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=False, clear=True).create(home)
    python = home / "bin" / "python"
    run(
        [str(python), "-m", "pip", "install", "--quiet", f"{wheel}[kernel]", "nbclient"],
        env=clean_env(),
    )
    return python


def test_wheel_holds_the_package_and_its_saved_results(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for name in FILES:
        assert f"t24/bench/results/{name}" in names
    assert any(re.fullmatch(r"t24/bench/results/.+\.csv", name) for name in names)
    assert any(re.fullmatch(r"t24/bench/results/.+\.json", name) for name in names)
    for package in (
        "t24/__init__.py",
        "t24/methods/__init__.py",
        "t24/game/__init__.py",
        "t24/notebook/__init__.py",
    ):
        assert package in names
    top = {name.split("/")[0] for name in names}
    assert top == {"t24", f"t24-{t24.__version__}.dist-info"}, top
    assert not [
        name
        for name in names
        if name.endswith(".ipynb") or "/tests/" in name or "__pycache__" in name
    ]


def test_wheel_metadata_names_the_version_and_the_extras(wheel):
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"t24-{t24.__version__}.dist-info/METADATA").decode()
    assert f"\nVersion: {t24.__version__}\n" in metadata
    extras = set(re.findall(r"^Provides-Extra: (\S+)$", metadata, re.MULTILINE))
    assert extras == {"kernel", "lab", "grade", "app", "bench", "hub", "notebooks", "test"}
    assert "License-Expression: MIT" in metadata


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebook_runs_from_a_plain_install(notebook, plain_install, tmp_path):
    """The notebook, copied to a folder outside the clone, runs top to bottom on the installed wheel."""
    assert not tmp_path.is_relative_to(ROOT)
    shutil.copy2(notebook, tmp_path / notebook.name)
    # Run it with nbclient inside the fresh environment; a last cell reports where t24 came from.
    script = (
        "import json, sys, nbformat\n"
        "from nbclient import NotebookClient\n"
        "path = sys.argv[1]\n"
        "nb = nbformat.read(path, as_version=4)\n"
        "nb.cells.append(nbformat.v4.new_code_cell('import sys, t24; print(t24.__file__); print(sys.prefix)'))\n"
        f"NotebookClient(nb, timeout={NOTEBOOK_TIMEOUT_S}, kernel_name='python3', resources={{'metadata': {{'path': '.'}}}}).execute()\n"
        "print(json.dumps(nb.cells[-1].outputs[0]['text'].split()))\n"
    )
    data = tmp_path / "jupyter-data"  # no user kernelspec can stand in for the environment's own
    done = run(
        [str(plain_install), "-c", script, notebook.name],
        cwd=tmp_path,
        env=clean_env(
            JUPYTER_DATA_DIR=str(data), JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config")
        ),
        timeout=NOTEBOOK_TIMEOUT_S + 60,
    )
    module, prefix = json.loads(done.stdout.strip().splitlines()[-1])
    home = plain_install.parents[1]
    assert Path(prefix).resolve() == home.resolve(), (
        f"the kernel ran in {prefix}, not in the fresh environment {home}"
    )
    assert Path(module).resolve().is_relative_to(home.resolve() / "lib"), (
        f"t24 came from {module}, not from the installed wheel"
    )
    assert not Path(module).is_relative_to(ROOT)


def test_some_notebooks_read_saved_results():
    """The selection above is not empty: at least the comparison of the methods reads saved results."""
    assert RESULT_NOTEBOOKS, "no notebook calls load_results"
