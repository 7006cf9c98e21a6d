"""Benchmark results on disk: where they go, writing them, and reading them back.

A run writes five files into a folder: `meta.json` (machine, versions, command), `deck.csv`
(one row per sweep, method, mode and hand), `growth.csv`, `peers.csv` and `summary.json`.

* The results the notebooks plot **ship with the package** (`t24/bench/results/`, read with
  `importlib.resources`), so they are there after a plain `pip install`; `load_results()` reads
  them, `load_results(path)` reads another run.
* `t24 bench` writes a **new folder** each run (`t24-bench/<date and time>/` under the current
  folder, or the one `--out` names). It never writes into a folder that already holds results
  unless told to (`--replace`), and never replaces a full run with a sample. The folder is
  checked before the run starts, so a bad path costs nothing.
"""

from __future__ import annotations

import csv
import datetime
import json
import os
import platform
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path

from .. import __version__
from ..hand import InputError

FILES = ("meta.json", "deck.csv", "growth.csv", "peers.csv", "summary.json")
DECK_COLUMNS = ("scope", "method", "mode", "hand", "seconds", "answers")
GROWTH_COLUMNS = ("count", "method", "mode", "hands", "seconds_median", "seconds_max", "candidates", "refused")
PEER_COLUMNS = ("solver", "hands", "seconds", "answers", "ratio_vs_t24", "checked_ok")
RUNS_FOLDER = "t24-bench"
MAKE_SHIPPED = "make bench-update (in a clone of the repository)"


def shipped_results():
    """The folder of results that ships with the package (a Traversable; a Path when installed)."""
    return resources.files("t24.bench") / "results"


def new_run_folder(now: datetime.datetime | None = None) -> Path:
    """A new folder for a run: `t24-bench/<UTC date and time>` under the current folder."""
    now = now or datetime.datetime.now(datetime.timezone.utc)
    return Path(RUNS_FOLDER) / now.strftime("%Y-%m-%d-%H%M%S")


def holds_results(folder: Path) -> bool:
    """Whether a folder already holds a run's files."""
    return any((Path(folder) / name).exists() for name in FILES)


def is_full_run(folder: Path) -> bool:
    """Whether the run saved in a folder swept the whole deck (not a sample)."""
    try:
        meta = json.loads((Path(folder) / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(meta.get("full_deck"))


def prepare_out(out, replace: bool = False, full: bool = True) -> Path:
    """Check (and create) the folder a run will write, before the run starts; refuse with a reason.

    A folder that holds results is refused unless `replace`; a full run is never replaced by a
    sample (`full=False`), whatever `replace` says.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise InputError(f"cannot save results in {out}: it is a file, not a folder")
    if out.is_dir() and holds_results(out):
        if not replace:
            raise InputError(f"{out} already holds results; choose a new folder with --out, or pass --replace to overwrite them")
        if is_full_run(out) and not full:
            raise InputError(f"{out} holds a full run of the deck; a sample (--quick or --hands) never replaces it")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".t24-write-check"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as error:
        raise InputError(f"cannot save results in {out}: {error.strerror or error}") from None
    return out


def machine() -> dict:
    """The machine and the versions the figures were measured with."""
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": _processor(),
        "cpus": os.cpu_count(),
        "t24": __version__,
        "git": _git_state(),
    }


def _processor() -> str:
    """The CPU's model name where the system says it (Linux), else platform.processor()."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def _git_state() -> dict | None:
    """The commit the package was measured at, and whether its files had local changes."""
    import subprocess

    root = Path(__file__).resolve().parent.parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "t24"], cwd=root, capture_output=True,
                                 text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if commit.returncode != 0:
        return None
    return {"commit": commit.stdout.strip(), "t24_changed_locally": bool(changed.stdout.strip())}


def _write_csv(path: Path, columns: Sequence[str], rows: Iterable[dict]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({key: _cell(row.get(key)) for key in columns})


def _cell(value) -> str:
    """A CSV cell: empty for None, six significant digits for a float (timings are not finer)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def save_results(out: Path, meta: dict, deck_rows, growth_rows, peer_rows, summary: dict) -> Path:
    """Write meta.json, deck.csv, growth.csv, peers.csv and summary.json into `out`."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    # Each file is written beside its final name and renamed into place once all five are
    # written, so a full disk or an interrupt never leaves a mix of old and new files.
    staged = {name: out / f".{name}.partial" for name in FILES}
    try:
        staged["meta.json"].write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        _write_csv(staged["deck.csv"], DECK_COLUMNS, deck_rows)
        _write_csv(staged["growth.csv"], GROWTH_COLUMNS, growth_rows)
        _write_csv(staged["peers.csv"], PEER_COLUMNS, peer_rows)
        staged["summary.json"].write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    except BaseException:
        for path in staged.values():
            path.unlink(missing_ok=True)
        raise
    for name, path in staged.items():
        os.replace(path, out / name)
    return out


FLOAT_COLUMNS = {"seconds", "seconds_median", "seconds_max", "ratio_vs_t24"}


def _number(text: str, kinds=(int, float)):
    if text == "":
        return None
    for kind in kinds:
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _read_csv(path, text_columns: Sequence[str]) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as handle:
        return [
            {key: value if key in text_columns else _number(value, (float,) if key in FLOAT_COLUMNS else (int, float))
             for key, value in row.items()}
            for row in csv.DictReader(handle)
        ]


def load_results(path=None) -> dict:
    """Read saved results: {"meta", "deck", "growth", "peers", "summary"}, numbers as int/float.

    Without a path, the results that ship with the package. A missing file raises
    FileNotFoundError with a one-line message naming the command that makes it.
    """
    folder = shipped_results() if path is None else Path(path)
    missing = [name for name in FILES if not folder.joinpath(name).is_file()]
    if missing:
        how = MAKE_SHIPPED if path is None else f"t24 bench --out {folder}"
        raise FileNotFoundError(f"no benchmark results in {folder} (missing {', '.join(missing)}); {how} makes them")
    return {
        "meta": json.loads(folder.joinpath("meta.json").read_text(encoding="utf-8")),
        "deck": _read_csv(folder.joinpath("deck.csv"), ("scope", "method", "mode", "hand")),
        "growth": _read_csv(folder.joinpath("growth.csv"), ("method", "mode")),
        "peers": _read_csv(folder.joinpath("peers.csv"), ("solver",)),
        "summary": json.loads(folder.joinpath("summary.json").read_text(encoding="utf-8")),
    }
