"""Benchmark results on disk: where they go, writing them, and reading them back.

A run writes five files into a folder: `meta.json` (machine, versions, command), `deck.csv`
(one row per sweep, method, mode and hand), `growth.csv`, `peers.csv` and `summary.json`.

* The results the notebooks plot **ship with the package** (`t24/bench/results/`, read with
  `importlib.resources`), so they are there after a plain `pip install`; `load_results()` reads
  them, `load_results(path)` reads another run. A missing, truncated or damaged file is refused
  in one line that names it and the command that makes it again.
* `t24 bench` writes a **new folder** each run (`t24-bench/<date and time>/` under the current
  folder, or the one `--out` names). It never writes into a folder that already holds results
  unless told to (`--replace`), and never replaces a full run with a sample. The folder is
  checked before the run starts and created only when the results are saved, so neither a bad
  path nor an interrupted run leaves anything behind.
"""

from __future__ import annotations

import csv
import datetime
import json
import os
import platform
import subprocess
from importlib import resources
from pathlib import Path

from .. import __version__
from ..hand import InputError

COLUMNS = {
    "deck.csv": ("scope", "method", "mode", "hand", "seconds", "answers"),
    "growth.csv": (
        "count", "method", "mode", "hands", "seconds_median", "seconds_max", "candidates", "refused",
    ),
    "peers.csv": ("solver", "hands", "seconds", "answers", "ratio_vs_t24", "checked_ok"),
}  # fmt: skip
FILES = ("meta.json", *COLUMNS, "summary.json")
TEXT = {"scope", "method", "mode", "hand", "solver"}
FLOATS = {"seconds", "seconds_median", "seconds_max", "ratio_vs_t24"}
OPTIONAL = {"seconds_median", "seconds_max", "candidates", "ratio_vs_t24"}
META_KEYS = ("date", "command", "t24", "python", "platform", "cpus", "clock")
FIGURES = ("sweep_seconds", "median_ms", "p90_ms", "max_ms")
MAKE_SHIPPED = "make bench-update (in a clone of the repository)"


def shipped_results():
    """The folder of results that ships with the package (a Traversable; a Path when installed)."""
    return resources.files("t24.bench") / "results"


def new_run_folder(now: datetime.datetime | None = None) -> Path:
    """A new folder for a run: `t24-bench/<UTC date and time>` under the current folder."""
    now = now or datetime.datetime.now(datetime.timezone.utc)
    return Path("t24-bench") / now.strftime("%Y-%m-%d-%H%M%S")


def _short(path) -> str:
    text = str(path)
    return text if len(text) <= 60 else text[:57] + "..."


def prepare_out(out, replace: bool = False, full: bool = True) -> Path:
    """Check the folder a run will write, before the run, leaving nothing; refuse with a reason.

    A folder that holds results is refused unless `replace`; a full run is never replaced by a
    sample (`full=False`), whatever `replace` says.
    """
    out = Path(out)
    try:
        if out.exists() and not out.is_dir():
            raise InputError(f"cannot save results in {_short(out)}: it is a file, not a folder")
        if any((out / name).exists() for name in FILES):
            if not replace:
                raise InputError(
                    f"{_short(out)} already holds results; choose a new folder with --out, "
                    "or pass --replace to overwrite them"
                )
            if is_full_run(out) and not full:
                raise InputError(
                    f"{_short(out)} holds a full run of the deck; a sample never replaces it"
                )
        made = [folder for folder in (out, *out.parents) if not folder.exists()]
        out.mkdir(parents=True, exist_ok=True)  # the write check: made, probed, removed again
        (out / ".t24-write-check").write_text("", encoding="utf-8")
        (out / ".t24-write-check").unlink()
        for folder in made:
            folder.rmdir()
    except OSError as error:
        raise InputError(
            f"cannot save results in {_short(out)}: {error.strerror or error}"
        ) from None
    return out


def is_full_run(folder) -> bool:
    """Whether the run saved in a folder swept the whole deck (not a sample)."""
    try:
        return bool(
            json.loads((Path(folder) / "meta.json").read_text(encoding="utf-8"))["full_deck"]
        )
    except (OSError, ValueError, KeyError, TypeError):
        return False


def machine() -> dict:
    """The machine and the versions the figures were measured with."""
    try:
        cpu = Path("/proc/cpuinfo").read_text().split("model name", 1)[1].split("\n")[0]
    except (OSError, IndexError):
        cpu = ":" + platform.processor()
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(), "platform": platform.platform(),
        "machine": platform.machine(), "processor": cpu.split(":", 1)[1].strip(),
        "cpus": os.cpu_count(), "t24": __version__, "git": _git_state(),
    }  # fmt: skip


def _git_state() -> dict | None:
    """The commit the package was measured at, and whether its files had local changes."""
    root = Path(__file__).resolve().parents[2]
    commands = (["git", "rev-parse", "HEAD"], ["git", "status", "--porcelain", "-uno", "--", "t24"])
    try:
        commit, changed = (
            subprocess.run(c, cwd=root, capture_output=True, text=True, timeout=10)
            for c in commands
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if commit.returncode != 0:
        return None
    return {"commit": commit.stdout.strip(), "t24_changed_locally": bool(changed.stdout.strip())}


def _cell(value) -> str:
    """A CSV cell: empty for None, six significant digits for a float (timings are not finer)."""
    return "" if value is None else f"{value:.6g}" if isinstance(value, float) else str(value)


def save_results(out, meta: dict, deck_rows, growth_rows, peer_rows, summary: dict) -> Path:
    """Write the five files into `out`; an interruption leaves neither a mix nor an empty folder."""
    out = Path(out)
    made = [folder for folder in (out, *out.parents) if not folder.exists()]
    staged = {name: out / f".{name}.partial" for name in FILES}
    rows = dict(zip(COLUMNS, (deck_rows, growth_rows, peer_rows)))
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, document in (("meta.json", meta), ("summary.json", summary)):
            staged[name].write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        for name, columns in COLUMNS.items():
            with open(staged[name], "w", newline="", encoding="utf-8") as handle:
                writer = csv.writer(handle, lineterminator="\n")
                writer.writerow(columns)
                writer.writerows([_cell(row.get(key)) for key in columns] for row in rows[name])
    except BaseException:
        for path in staged.values():
            path.unlink(missing_ok=True)
        for folder in made:
            folder.rmdir()
        raise
    for name, path in staged.items():
        os.replace(path, out / name)
    return out


def _read_csv(text: str, name: str) -> list[dict]:
    reader = csv.DictReader(text.splitlines())
    missing = [column for column in COLUMNS[name] if column not in (reader.fieldnames or ())]
    if missing:
        raise ValueError(f"no column {missing[0]!r}")
    rows = []
    for row in reader:
        if None in row.values() or None in row:
            raise ValueError(f"line {reader.line_num} has the wrong number of cells")
        rows.append({key: _value(key, text) for key, text in row.items()})
    return rows


def _value(key: str, text: str):
    if key in TEXT:
        return text
    if text == "" and key in OPTIONAL:
        return None
    return (float if key in FLOATS else int)(text)


def _check(name: str, found) -> None:
    """Touch every field the tables and plots read, so a damaged file fails here, not there."""
    if name == "meta.json":
        _ = [found[key] for key in META_KEYS]
    if name != "summary.json":
        return
    summary = found
    _ = [summary[key] for key in ("sample_hands", "deck_hands")]
    for scope in ("sample", "deck"):
        for modes in summary[scope].values():
            for figures in modes.values():
                if not all(isinstance(figures[key], (int, float)) for key in FIGURES):
                    raise ValueError(f"a {scope} figure is not a number")
    for by_method in summary["ratio_vs_fast"].values():
        if not all(isinstance(ratio, (int, float)) for ratio in by_method.values()):
            raise ValueError("a ratio is not a number")
    _ = summary["checks"]["wrong_answers"], summary["as_written"] + [], dict(summary["peers"])


def load_results(path=None) -> dict:
    """Read saved results: {"meta", "deck", "growth", "peers", "summary"}, numbers as int/float.

    Without a path, the results that ship with the package. A missing or damaged file raises
    `t24.InputError` with one line naming the file and the command that makes it again.
    """
    folder = shipped_results() if path is None else Path(path)
    how = MAKE_SHIPPED if path is None else f"t24 bench --out {folder} --replace"
    results = {}
    try:
        for name in FILES:
            text = folder.joinpath(name).read_text(encoding="utf-8")
            results[name] = json.loads(text) if name.endswith(".json") else _read_csv(text, name)
            _check(name, results[name])
    except FileNotFoundError:
        raise InputError(
            f"no benchmark results in {folder} (no {name}); {how} makes them"
        ) from None
    except (
        OSError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        IndexError,
        csv.Error,
    ) as error:
        why = (
            f"no {error}"
            if isinstance(error, KeyError)
            else " ".join(str(error).split())[:80] or type(error).__name__
        )
        raise InputError(
            f"cannot read {folder.joinpath(name)} ({why}); {how} makes it again"
        ) from None
    return {name.split(".")[0]: results[name] for name in FILES}
