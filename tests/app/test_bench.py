"""benchmarks/run.py and peers.py on tiny runs: scopes, checks, bounds on work, cleanup, the files
and keys of the full run, the lessons' rows shipped from it, and damaged results refused."""

import filecmp
import importlib
import json
import re
import shutil
import signal
import sys
from pathlib import Path

import pytest

import t24
from t24 import results as measured
from t24.methods import OPTIMISED

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))  # where peers.py finds run.py
run, peers = importlib.import_module("run"), importlib.import_module("peers")
FULL = ROOT / "benchmarks" / "results"  # the full run, kept in the repository
HANDS = [(1, 1, 1, 1), (3, 3, 8, 8)]
TINY = ["--hands=3", "--sample=1", "--repeat=1", "--max-count=3", "--growth-hands=1"]
FAKE = {"game24": ("1.0", lambda hand: ["8/(3-8/3)"], None)}  # a solver with one wrong answer


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A tiny run of every method beside a fake solver: the folder it saved."""
    out = tmp_path_factory.mktemp("results") / "run"
    fake = lambda *args: peers.compare(*args, peers=FAKE)  # noqa: E731
    run.run_benchmark(run.options([*TINY, "--out", str(out)]), fake)
    return out


def test_a_run_sweeps_both_scopes_agrees_and_compares_with_other_solvers(saved):
    results = run.load(saved)
    scopes = {(r["scope"], r["method"]) for r in results["deck"]}
    assert {m for s, m in scopes if s == "sample"} == set(t24.METHODS)
    assert {m for s, m in scopes if s == "deck"} == set(OPTIMISED)
    checks = results["summary"]["checks"]
    assert checks["wrong_answers"] == 0
    assert all(c["agree"] for c in checks.values() if isinstance(c, dict))
    assert results["summary"]["ratio_vs_fast"]["all"]["fast"] == 1
    assert {(r["count"], r["method"]) for r in results["growth"]} >= {(3, "fast"), (2, "patterns")}
    baseline, other = results["peers"]
    assert baseline["checked_ok"] == 1 and baseline["ratio_vs_t24"] == 1
    assert other["checked_ok"] == 0 and results["summary"]["peers"]["game24"]["wrong"] == 3
    tables = run.format_table(results)
    assert "| `fast` | optimised | all answers |" in tables and "| game24 1.0 | 3 |" in tables


@pytest.mark.parametrize(
    "mode, found", [("all", 1), ("distinct", 1), ("first", 1), ("can_make", True)]
)
def test_timed_solve_runs_one_method_once(mode, found):
    answers, seconds = measured.timed_solve((3, 3, 8, 8), 24, "recursive", mode)
    assert (answers if mode == "can_make" else len(answers)) == found and seconds >= 0


@pytest.mark.parametrize("step, repeats", [(0.75, 3), (0.0, run.MAX_REPEAT)])
def test_a_huge_repeat_is_bounded_by_time_and_count(monkeypatch, solves, step, repeats):
    ticks = iter(range(10**6))  # a clock that advances `step` seconds a reading
    monkeypatch.setattr(measured, "CLOCK", lambda: next(ticks) * step)
    assert run.sweep("recursive", "all", HANDS, repeat=10**20)[0]["repeats"] == repeats
    assert len(solves) == 1 + repeats * len(HANDS)  # a warm-up, then each hand once a repeat
    assert len(peers.compare(HANDS, repeat=10**20, peers={})) == 1
    assert len(solves) == 1 + repeats * len(HANDS) + repeats * (1 + len(HANDS))  # a warm-up each


def keys(value, path=()) -> set:
    """Every key path in a JSON value; a method's or a solver's name is written "*"."""
    if not isinstance(value, dict):
        return {path}
    found = set()
    for key, item in value.items():
        found |= keys(item, (*path, "*" if key in t24.METHODS or path[-1:] == ("peers",) else key))
    return found


def test_a_fresh_run_writes_the_files_keys_and_columns_of_the_full_run(saved):
    assert sorted(p.name for p in saved.iterdir()) == sorted(p.name for p in FULL.iterdir())
    for name in run.ALL_FILES:
        fresh, full = ((folder / name).read_text("utf-8") for folder in (saved, FULL))
        if name.endswith(".json"):
            assert keys(json.loads(fresh)) == keys(json.loads(full)), name
        else:
            assert fresh.splitlines()[0] == full.splitlines()[0] == measured.COLUMNS[name[:-4]]


def test_the_package_ships_the_lessons_rows_of_the_full_run(tmp_path):
    full = run.load(FULL)
    assert full["meta"]["full_deck"] and "(1,820 hands)" in run.format_table(full)
    run.ship(full, tmp_path)
    shipped = ROOT / "t24" / "measured"
    same = filecmp.cmpfiles(tmp_path, shipped, measured.FILES, shallow=False)[0]
    assert same == list(measured.FILES)
    lessons = measured.load_results()  # what lesson 05 and the plots read: mode "all", no peers
    assert {r["mode"] for r in lessons["deck"] + lessons["growth"]} == {"all"}
    assert len(lessons["deck"]) == 6 * 100 + 3 * 1820 and "peers" not in lessons["summary"]


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, "SIGTERM"])
def test_an_interrupted_run_leaves_no_folder(tmp_path, monkeypatch, interrupt):
    def stop(*args, **kwargs):
        if interrupt == "SIGTERM":
            signal.raise_signal(signal.SIGTERM)
        raise interrupt

    monkeypatch.setattr(run, "sweep", stop)  # at the first sweep: the files are staged by then
    assert run.main([*TINY, "--out", str(tmp_path / "new" / "run")]) == 130
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "file, text, more, phrase",
    [
        ("", "x", [], "not a folder"),
        ("deck.csv", "", [], "already holds results"),
        ("meta.json", '{"full_deck": true}', ["--replace"], "a sample never replaces it"),
        (None, None, ["--out", "x" * 300], "File name too long"),
    ],
)
def test_a_folder_is_refused_before_the_run(
    tmp_path, monkeypatch, capsys, file, text, more, phrase
):
    monkeypatch.setattr(run, "sweep", None)  # a refusal comes before any timing
    monkeypatch.chdir(tmp_path)
    if file:
        Path("out").mkdir()
    if text is not None:
        Path("out", file).write_text(text)
    before = sorted(tmp_path.rglob("*"))
    assert run.main([*TINY, "--out", "out", *more]) == 2
    error = capsys.readouterr().err
    assert phrase in error and error.count("\n") == 1 and sorted(tmp_path.rglob("*")) == before


DAMAGE = {
    "truncate": lambda b: b[: b.rfind(b"\n", 0, len(b) // 2) + 4],  # 3 bytes into a line
    "empty": lambda b: b"",
    "binary": lambda b: b"\xff\x00" * 50,
    "no key": lambda b: b'{"date": "x"}',
    "git": lambda b: b.replace(b'"git": {', b'"git": 3, "x": {'),
    "method": lambda b: b.replace(b'"fast"', b'"quick"'),
    "nested": lambda b: b"[" * 10**5 + b"]" * 10**5,
    "refused": lambda b: re.sub(rb"^(\d+,[\w-]+,\w+),.*,(\d+),0$", rb"\1,0,,,\2,1", b, flags=re.M),
}


@pytest.mark.parametrize(
    "name, how",
    [(n, h) for n in run.ALL_FILES for h in ("truncate", "empty", "binary")]
    + [("meta.json", "no key"), ("summary.json", "no key"), ("deck.csv", "missing")]
    + [("meta.json", "git"), ("summary.json", "method"), ("summary.json", "nested")]
    + [("growth.csv", "refused"), ("deck.csv", "folder")],
)
def test_damaged_results_are_refused_in_one_line(saved, tmp_path, name, how):
    folder = shutil.copytree(saved, tmp_path / "copy")
    if how in ("missing", "folder"):
        (folder / name).unlink()
        if how == "folder":
            (folder / name).mkdir()
    else:
        (folder / name).write_bytes(DAMAGE[how]((folder / name).read_bytes()))
    with pytest.raises(t24.InputError) as error:
        run.load(folder)
    message = str(error.value)
    assert str(folder / name) in message and f"--out {folder} --replace" in message
    assert "\n" not in message


def test_the_command_line_runs_each_method_once_and_saves(tmp_path, capsys):
    out = tmp_path / "run"
    argv = [*TINY, "--methods", "fast,recursive,fast", "--sample", "2", "--out", str(out)]
    assert run.main(argv) == 0
    assert "### Every method on the same 2 hands" in capsys.readouterr().out
    loaded = run.load(out)
    rows = [(r["scope"], r["method"], r["mode"], r["hand"]) for r in loaded["deck"]]
    assert len(rows) == len(set(rows))
    assert list(loaded["summary"]["sample"]) == ["fast", "recursive"]
