"""`t24 bench` on tiny runs: scopes, checks, bounds on work, cleanup, the shipped run's files and keys
written afresh, and damaged results refused."""

import importlib.util
import json
import re
import shutil
import signal
from pathlib import Path

import pytest

import t24
from t24 import bench
from t24.bench import COLUMNS, FILES
from t24.cli import main
from t24.methods import OPTIMISED

HANDS = [(1, 1, 1, 1), (3, 3, 8, 8)]
TINY = dict(hands=3, sample=1, repeat=1, growth_counts=(2, 3), growth_hands=1, progress=False)
SPEC = importlib.util.spec_from_file_location(
    "peers", Path(__file__).parents[2] / "benchmarks/peers.py"
)
SPEC.loader.exec_module(peers := importlib.util.module_from_spec(SPEC))
SHIPPED = Path(bench.__file__).parent / "results"
FAKE = {"game24": ("1.0", lambda hand: ["8/(3-8/3)"], None)}  # a solver with one wrong answer


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """A tiny run of every method beside a fake solver: the folder it saved."""
    out = tmp_path_factory.mktemp("results") / "run"
    bench.run_benchmark(out=out, **TINY, peers=lambda *a: peers.compare(*a, peers=FAKE))
    return out


@pytest.fixture(scope="module")
def results(run):
    return bench.load_results(run)


def test_a_run_sweeps_both_scopes_and_agrees(results):
    scopes = {(r["scope"], r["method"]) for r in results["deck"]}
    assert {m for s, m in scopes if s == "sample"} == set(t24.METHODS)
    assert {m for s, m in scopes if s == "deck"} == set(OPTIMISED)
    checks = results["summary"]["checks"]
    assert checks["wrong_answers"] == 0
    assert all(c["agree"] for c in checks.values() if isinstance(c, dict))
    assert results["summary"]["ratio_vs_fast"]["all"]["fast"] == 1
    assert {(r["count"], r["method"]) for r in results["growth"]} >= {(3, "fast"), (2, "patterns")}
    assert "| `fast` | optimised | all answers |" in bench.format_table(results)


@pytest.mark.parametrize(
    "mode, expected", [("all", 1), ("distinct", 1), ("first", 1), ("can_make", True)]
)
def test_timed_solve_runs_one_method_once(mode, expected):
    answers, seconds = bench.timed_solve((3, 3, 8, 8), 24, "recursive", mode)
    assert (answers if mode == "can_make" else len(answers)) == expected and seconds >= 0


@pytest.mark.parametrize("step, repeats", [(0.75, 3), (0.0, bench.MAX_REPEAT)])
def test_a_huge_repeat_is_bounded_by_time_and_count(monkeypatch, solves, step, repeats):
    now = [0.0]  # a clock that advances `step` seconds a reading

    def tick():
        now[0] += step
        return now[0]

    monkeypatch.setitem(bench.CLOCKS, "cpu", tick)
    assert bench.sweep("recursive", "all", HANDS, repeat=10**20)[0]["repeats"] == repeats
    assert len(solves) == 1 + repeats * len(HANDS)  # a warm-up, then each hand once a repeat
    assert len(peers.compare(HANDS, repeat=10**20, peers={})) == 1
    assert len(solves) == 1 + repeats * len(HANDS) + repeats * (1 + len(HANDS))  # a warm-up each


def test_other_solvers_are_timed_checked_and_saved_beside_t24(results):
    baseline, other = results["peers"]
    assert baseline["checked_ok"] == 1 and baseline["ratio_vs_t24"] == 1
    assert other["checked_ok"] == 0 and results["summary"]["peers"]["game24"]["wrong"] == 3
    assert results["summary"]["peers"]["game24"]["version"] == "1.0"
    assert "| game24 1.0 | 3 |" in "\n".join(peers.table(results))


def keys(value, path=()) -> set:
    """Every key path in a JSON value; a method's or a solver's name is written "*"."""
    if not isinstance(value, dict):
        return {path}
    found = set()
    for key, item in value.items():
        name = "*" if key in t24.METHODS or path[-1:] == ("peers",) else key
        found |= keys(item, (*path, name))
    return found


def test_a_fresh_run_writes_the_files_keys_and_columns_of_the_shipped_run(run):
    def listed(folder):
        return sorted(path.name for path in folder.iterdir() if path.suffix in (".csv", ".json"))

    assert listed(run) == listed(SHIPPED) == sorted(FILES)
    for name in FILES:
        fresh, shipped = ((folder / name).read_text("utf-8") for folder in (run, SHIPPED))
        if name.endswith(".json"):
            assert keys(json.loads(fresh)) == keys(json.loads(shipped)), name
        else:
            assert fresh.splitlines()[0] == shipped.splitlines()[0] == COLUMNS[name[:-4]]


def test_a_method_named_twice_is_timed_once(tmp_path):
    loaded = bench.run_benchmark(
        out=tmp_path / "twice", **{**TINY, "hands": 2}, methods=["fast", "fast"]
    )
    rows = [(r["scope"], r["mode"], r["hand"]) for r in loaded["deck"]]
    assert len(rows) == len(set(rows)) and list(loaded["summary"]["sample"]) == ["fast"]


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, "SIGTERM"])
def test_an_interrupted_run_leaves_no_folder(tmp_path, monkeypatch, interrupt):
    def stop(*args, **kwargs):
        if interrupt == "SIGTERM":
            signal.raise_signal(signal.SIGTERM)
        raise interrupt

    monkeypatch.setattr(bench, "sweep", stop)  # at the first sweep: the files are staged by then
    out = tmp_path / "new" / "run"
    with pytest.raises((KeyboardInterrupt, SystemExit)):
        bench.run_benchmark(out=out, **TINY)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "file, text, options, phrase",
    [
        ("", "x", {}, "not a folder"),
        ("deck.csv", "", {}, "already holds results"),
        ("meta.json", '{"full_deck": true}', {"replace": True}, "a sample never replaces it"),
        (None, None, {"out": "x" * 300}, "File name too long"),
    ],
)
def test_a_folder_is_refused_before_the_run(tmp_path, monkeypatch, file, text, options, phrase):
    monkeypatch.setattr(bench, "sweep", None)  # a refusal comes before any timing
    target = tmp_path / "out"
    if file:
        target.mkdir()
    if text is not None:
        (target / file).write_text(text)
    before = sorted(tmp_path.rglob("*"))
    out = tmp_path / options.pop("out") if "out" in options else target
    with pytest.raises(t24.InputError) as error:
        bench.run_benchmark(out=out, **TINY, **options)
    assert phrase in str(error.value) and "\n" not in str(error.value)
    assert sorted(tmp_path.rglob("*")) == before


def test_the_shipped_results_load_and_make_the_tables():
    loaded = bench.load_results()
    assert set(loaded) == {"meta", "deck", "growth", "peers", "summary"}
    assert loaded["meta"]["full_deck"] and isinstance(loaded["deck"][0]["seconds"], float)
    tables = bench.format_table(loaded)
    assert "### The optimised methods on the whole deck (1,820 hands)" in tables
    assert tables.count("| `") >= 6 * 4 + 3 * 4 + 6 and "refused" in tables


DAMAGE = {
    "truncate": lambda b: b[: b.rfind(b"\n", 0, len(b) // 2) + 4],
    "empty": lambda b: b"",
    "binary": lambda b: b"\xff\x00" * 50,
    "no key": lambda b: b'{"date": "x"}',
    "git": lambda b: b.replace(b'"git": {', b'"git": 3, "x": {'),
    "method": lambda b: b.replace(b'"fast"', b'"quick"'),
    "nested": lambda b: b"[" * 10**5 + b"]" * 10**5,
    "refused": lambda b: re.sub(rb"^(\d+,[\w-]+,\w+),.*,(\d+),0$", rb"\1,0,,,\2,1", b, flags=re.M),
}


# "truncate" cuts the file three bytes into the line at its middle, so no row or value survives whole.
@pytest.mark.parametrize(
    "name, how",
    [(n, h) for n in FILES for h in ("truncate", "empty", "binary")]
    + [("meta.json", "no key"), ("summary.json", "no key"), ("deck.csv", "missing")]
    + [("meta.json", "git"), ("summary.json", "method"), ("summary.json", "nested")]
    + [("growth.csv", "refused")]
    + [("deck.csv", "folder")],
)
def test_damaged_results_are_refused_in_one_line(run, tmp_path, name, how):
    folder = shutil.copytree(run, tmp_path / "copy")
    if how in ("missing", "folder"):
        (folder / name).unlink()
        if how == "folder":
            (folder / name).mkdir()
    else:
        (folder / name).write_bytes(DAMAGE[how]((folder / name).read_bytes()))
    with pytest.raises(t24.InputError) as error:
        bench.load_results(folder)
    message = str(error.value)
    assert str(folder / name) in message and f"--out {folder} --replace" in message
    assert "\n" not in message


def test_cli_bench_runs_saves_and_refuses_to_overwrite(tmp_path, capsys):
    out = tmp_path / "run"
    argv = "bench --no-progress --sample 2 --hands 3 --max-count 3 --growth-hands 1 --repeat 1"
    argv = [*argv.split(), "--methods", "fast,recursive", "--out", str(out)]
    assert main(argv) == 0
    assert "### Every method on the same 2 hands" in capsys.readouterr().out
    before = (out / "deck.csv").read_text()
    assert main(argv) == 2 and "already holds results" in capsys.readouterr().err
    assert (out / "deck.csv").read_text() == before
