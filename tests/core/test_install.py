"""What a plain install can break: a file left out of the wheel, a dependency left out of the
`kernel` extra, a path into the clone. One wheel and one fresh virtual environment (the wheel, not
editable, and its `kernel` extra, at the lock's versions) per session, made by uv (the `test`
extra brings it; pip where it is missing), whose cache keeps reruns quick."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import t24
from t24.results import FILES

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
TIMEOUT_S = 300
UV = Path(sys.executable).with_name("uv")  # beside the tests' Python, or None
UV = str(UV) if UV.exists() else shutil.which("uv")


def code(notebook: Path) -> list[str]:
    """The source of each code cell, IPython's % and ! lines left out."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    sources = [cell["source"] for cell in cells if cell["cell_type"] == "code"]
    return ["".join(s for s in lines if not s.lstrip().startswith(("%", "!"))) for lines in sources]


def imported(sources) -> set[str]:
    """The top-level modules the sources import, t24 and __future__ left out."""
    found = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                found.add(node.module.split(".")[0])
    return found - {"t24", "__future__"}


# The students' copies that read the saved results: they run from the plain install.
RESULT_NOTEBOOKS = [path for path in NOTEBOOKS if "load_results(" in "".join(code(path))]


def run(command, **kwargs):
    """Run a command; fail with its output if it fails."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S, **kwargs)
    assert done.returncode == 0, (
        f"{command} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done


def clean_env(**extra) -> dict:
    """The environment without anything that could point Python or Jupyter back at the clone."""
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "MPLBACKEND"}
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("JUPYTER")}
    return env | extra


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of what a build reads (the clone gets no build/)."""
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("dist")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source)
    shutil.copytree(ROOT / "t24", source / "t24", ignore=shutil.ignore_patterns("__pycache__"))
    if UV:
        run([UV, "build", "--wheel", "--quiet", "--out-dir", str(out), str(source)])
    else:
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)])
    (built,) = out.glob("t24-*.whl")
    return built


@pytest.fixture(scope="session")
def plain_install(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment (no system site-packages) with the wheel[kernel] and nbclient."""
    home = tmp_path_factory.mktemp("venv") / "venv"
    python = home / "bin" / "python"
    if UV:
        run([UV, "venv", "--quiet", "--python", sys.executable, str(home)], env=clean_env())
        pip = [UV, "pip", "install", "--quiet", "--python", str(python)]
    else:
        venv.EnvBuilder(clear=True).create(home)  # no pip of its own: the tests' pip fills it
        pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
    lock = ["-c", str(ROOT / "constraints.txt")]
    run([*pip, *lock, f"{wheel}[kernel]", "nbclient"], env=clean_env())
    return python


def test_the_wheel_holds_the_package_its_results_and_catalogues_and_nothing_else(wheel):
    """The data are the catalogues and the four files `t24.results.load_results()` reads, under
    300 kB (the full results stay in benchmarks/results/)."""
    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    package = {p.relative_to(ROOT).as_posix() for p in (ROOT / "t24").rglob("*.py")}
    data = {f"t24/measured/{name}" for name in FILES}
    data |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "t24/locale").rglob("*.[pm]o*")}
    assert {"t24/locale/t24.pot", "t24/locale/zh_CN/LC_MESSAGES/t24.mo"} <= data
    info = f"t24-{t24.__version__}.dist-info"
    assert {name for name in names if not name.startswith(info)} == package | data
    measured = [entry for entry in archive.infolist() if entry.filename.startswith("t24/measured/")]
    assert sum(entry.file_size for entry in measured) < 300_000
    metadata = archive.read(f"{info}/METADATA").decode()
    assert f"\nVersion: {t24.__version__}\n" in metadata and "License-Expression: MIT" in metadata


def test_everything_the_package_and_the_copies_import_is_there(plain_install, tmp_path):
    """Every t24 module (but nbgrader's step, which only a course's grading set-up imports),
    every module a students' copy imports, the saved results and the Chinese catalogue, from the
    installed wheel, with a working folder outside the clone."""
    modules = imported(source for path in NOTEBOOKS for source in code(path))
    script = (
        "import importlib, json, pkgutil, sys, t24, t24.results, t24.text\n"
        "for m in pkgutil.walk_packages(t24.__path__, 't24.'):\n"
        "    if m.name not in ('t24.__main__', 't24.notebook.grading'):\n"
        "        importlib.import_module(m.name)\n"
        "for m in sys.argv[1:]: importlib.import_module(m)\n"
        "t24.results.load_results()\n"
        "t24.text.use_language('zh_CN')  # the compiled catalogue came with the wheel\n"
        "assert '要恰好用' in t24.check_answer([3, 3, 8, 8], '3*8').message\n"
        "print(json.dumps([t24.__file__, sys.prefix]))\n"
    )
    done = run([plain_install, "-c", script, *sorted(modules)], cwd=tmp_path, env=clean_env())
    module, prefix = json.loads(done.stdout)
    home = plain_install.parents[1].resolve()
    assert Path(prefix).resolve() == home and Path(module).resolve().is_relative_to(home / "lib")


@pytest.mark.parametrize("notebook", RESULT_NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_that_reads_the_results_runs_from_a_plain_install(
    notebook, plain_install, tmp_path
):
    """The copy, outside the clone, runs top to bottom in a kernel of the fresh environment."""
    shutil.copy2(notebook, tmp_path / notebook.name)
    script = (
        "import sys, nbformat\n"
        "from nbclient import NotebookClient\n"
        "nb = nbformat.read(sys.argv[1], as_version=4)\n"
        "nb.cells.append(nbformat.v4.new_code_cell('import sys; print(sys.prefix)'))\n"
        f"NotebookClient(nb, timeout={TIMEOUT_S}, kernel_name='python3').execute()\n"
        "print(nb.cells[-1].outputs[0]['text'])\n"
    )
    jupyter = {f"JUPYTER_{k}_DIR": str(tmp_path / k) for k in ("DATA", "CONFIG")}  # no user kernel
    done = run([plain_install, "-c", script, notebook.name], cwd=tmp_path, env=clean_env(**jupyter))
    assert Path(done.stdout.split()[-1]).resolve() == plain_install.parents[1].resolve()
