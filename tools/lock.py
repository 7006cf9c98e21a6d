#!/usr/bin/env python3
"""The lock file and what is made from it. `constraints.txt` pins every package the `test` extra
installs to one version (uv's universal resolution, for each Python from the floor up); `make`
hands it to every install (`-c constraints.txt`) so each machine tests the same versions. The
conda files, `environment.yml` (the `lab` and `app` extras, for teachers) and
`environment-dev.yml` (the `test` extra through pip, for contributors), get their Python floor and
the teachers' packages from pyproject.toml; their other lines are theirs, kept as they are.

    python tools/lock.py           resolve again (needs uv and the package index), write all three
    python tools/lock.py --conda   write the two conda files only (no resolution)
    python tools/lock.py --check   exit 1 if a conda file is out of step with pyproject.toml
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # the `test` extra brings tomli to Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
LOCK = "constraints.txt"
LOCK_HEADER = """\
# The lock: every package of the `test` extra (so of every extra) at one version, for each
# Python from {floor} up. Written by `make lock` (tools/lock.py); make installs with
# `-c constraints.txt`. Change pyproject.toml, then `make lock`.
"""


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def conda_files() -> dict[str, str]:
    """{file name: text} of the two conda files, their generated lines from pyproject.toml."""
    extras, python = project()["optional-dependencies"], project()["requires-python"]
    lines, seen = [], set()
    for name in ("kernel", "lab", "app"):
        own = [r for r in extras[name] if not r.startswith("t24[")]
        lines.append(f"  # {name}" + (": what every notebook imports" if name == "kernel" else ""))
        lines += [f"  - {r}" for r in own if r not in seen]
        seen.update(own)
    files = {
        name: re.sub(r"(?m)^  - python\S*$", f"  - python{python}", (ROOT / name).read_text())
        for name in ("environment.yml", "environment-dev.yml")
    }
    packages = "\n".join(["  - pip", *lines, "  - pip:"])  # between conda's pip and pip's list
    teachers = re.sub(r"(?ms)^  - pip$.*^  - pip:$", lambda _: packages, files["environment.yml"])
    return files | {"environment.yml": teachers}


def resolve() -> str:
    """The lock's text: uv's universal resolution of the `test` extra, pinned, with a header."""
    beside = Path(sys.executable).with_name("uv")  # the `test` extra installs it
    uv = str(beside) if beside.exists() else shutil.which("uv")
    if not uv:
        sys.exit("tools/lock.py needs uv: pip install uv")
    floor = project()["requires-python"].removeprefix(">=")
    command = [uv, "pip", "compile", "--quiet", "pyproject.toml", "--extra", "test"]
    command += ["--universal", "--python-version", floor, "--no-header", "--no-annotate"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"uv could not resolve the extras:\n{done.stderr}")
    return LOCK_HEADER.format(floor=floor) + done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conda", action="store_true", help="write the conda files only")
    parser.add_argument("--check", action="store_true", help="exit 1 if a conda file is stale")
    args = parser.parse_args(argv)
    files = conda_files()
    stale = [name for name, text in files.items() if (ROOT / name).read_text() != text]
    if args.check:
        for name in stale:
            print(f"{name} is out of step with pyproject.toml: run make lock")
        return 1 if stale else 0
    if not args.conda:
        files[LOCK] = resolve()
    for name, text in files.items():
        (ROOT / name).write_text(text)
        print(f"wrote {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
