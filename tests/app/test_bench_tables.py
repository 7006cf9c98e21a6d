"""tools/bench_tables.py prints the README's tables from a saved run, and refuses a damaged one."""

import importlib.util
from pathlib import Path

import pytest

from t24.bench import load_results

SPEC = importlib.util.spec_from_file_location(
    "bench_tables", Path(__file__).parents[2] / "tools/bench_tables.py"
)
bench_tables = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(bench_tables)


def test_the_tables_come_from_the_shipped_run(capsys):
    assert bench_tables.main([]) == 0
    printed = capsys.readouterr().out
    summary = load_results()["summary"]
    assert (
        f"### The optimised methods on the whole deck ({summary['deck_hands']:,} hands)" in printed
    )
    assert printed.count("| `") >= 6 * 4 + 3 * 4 and "refused" in printed


@pytest.mark.parametrize("folder", ["missing", "damaged"])
def test_a_missing_or_damaged_run_is_one_line_and_exit_2(tmp_path, capsys, folder):
    if folder == "damaged":
        (tmp_path / "meta.json").write_text("{")
    assert bench_tables.main([str(tmp_path)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
