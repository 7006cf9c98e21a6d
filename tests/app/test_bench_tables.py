"""tools/bench_tables.py: the README's benchmark tables, made from a saved run's files."""

import importlib.util
from pathlib import Path

from t24.bench import load_results

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "bench_tables.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("bench_tables", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tables_come_from_the_shipped_run(capsys):
    tool = load_tool()
    results = load_results()
    assert tool.main([]) == 0
    text = capsys.readouterr().out
    summary = results["summary"]
    for method in summary["sample"]:
        assert f"| `{method}` |" in text
    fast_all = summary["sample"]["fast"]["all"]
    assert f"| `fast` | optimised | all answers | {tool.ms(fast_all['median_ms'])} |" in text
    for row in results["peers"]:
        assert f"| {row['answers']:,} |" in text
    assert "refused" in text  # the growth table marks refusals, never a time
    assert f"{summary['deck_figures']['distinct_answers']['1-13']:,} distinct answers" in text
