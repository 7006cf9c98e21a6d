#!/usr/bin/env python3
"""Print the benchmark figures of a saved run as Markdown tables, for benchmarks/README.md.

    python tools/bench_tables.py            the results that ship with the package
    python tools/bench_tables.py DIR        a run saved in DIR (t24 bench --out DIR)

Every figure comes from the run's files (`t24.bench.load_results`), so the README's tables can
be made again after `make bench-update` instead of being typed.
"""

from __future__ import annotations

import argparse

from t24.bench import load_results
from t24.bench.run import MODE_WORDS, MODES
from t24.text import plural


def ms(value: float) -> str:
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"


def sample_table(summary: dict) -> list[str]:
    """Every method on the same sample: median and p90 per hand, the sweep, and the ratio to fast."""
    lines = ["| method | | mode | median hand | p90 hand | sweep | × fast |", "|---|---|---|---|---|---|---|"]
    for method, modes in summary["sample"].items():
        kind = "as written" if method in summary["as_written"] else "optimised"
        for mode in MODES:
            figures = modes[mode]
            ratio = summary["ratio_vs_fast"][mode][method]
            lines.append(f"| `{method}` | {kind} | {MODE_WORDS[mode]} | {ms(figures['median_ms'])} | "
                         f"{ms(figures['p90_ms'])} | {figures['sweep_seconds']:.2f} s | {ratio:.1f}× |")
    return lines


def deck_table(summary: dict) -> list[str]:
    lines = ["| method | mode | median hand | p90 hand | slowest hand | whole deck |", "|---|---|---|---|---|---|"]
    for method, modes in summary["deck"].items():
        for mode in MODES:
            figures = modes[mode]
            lines.append(f"| `{method}` | {MODE_WORDS[mode]} | {ms(figures['median_ms'])} | {ms(figures['p90_ms'])} | "
                         f"{ms(figures['max_ms'])} | {figures['sweep_seconds']:.2f} s |")
    return lines


def peer_table(results: dict) -> list[str]:
    lines = ["| solver | hands | seconds | answers | × t24 | every answer checked |", "|---|---|---|---|---|---|"]
    for row in results["peers"]:
        version = results["summary"]["peers"].get(row["solver"], {}).get("version")
        name = row["solver"] + (f" {version}" if version and not row["solver"].startswith("t24") else "")
        lines.append(f"| {name} | {row['hands']:,} | {row['seconds']:.2f} | {row['answers']:,} | "
                     f"{row['ratio_vs_t24']:.1f}× | {'right' if row['checked_ok'] else 'NOT all right'} |")
    return lines


def growth_table(results: dict) -> list[str]:
    rows = [r for r in results["growth"] if r["mode"] == "all"]
    counts = sorted({r["count"] for r in rows})
    methods = list(dict.fromkeys(r["method"] for r in rows))
    lines = ["| method | " + " | ".join(f"{c} numbers" for c in counts) + " |", "|---" * (len(counts) + 1) + "|"]
    for method in methods:
        cells = []
        for count in counts:
            row = next(r for r in rows if r["method"] == method and r["count"] == count)
            cells.append("refused" if row["refused"] else ms(row["seconds_median"] * 1000))
        lines.append(f"| `{method}` | " + " | ".join(cells) + " |")
    return lines


def deck_lines(summary: dict) -> list[str]:
    figures = summary.get("deck_figures")
    if not figures:
        return ["(this run swept a sample, so it has no deck figures)"]
    solvable = figures["solvable"]
    parts = [f"{v['solvable']:,} of {v['hands']:,} hands (cards {k})" for k, v in solvable.items()]
    return [
        "Make 24: " + ", ".join(parts) + f"; {figures['needs_fraction']['1-13']} of them only through a fraction "
        f"({', '.join(figures['fraction_hands'][:4])}, …); {figures['distinct_answers']['1-13']:,} distinct answers in all.",
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", help="a saved run (default: the shipped results)")
    args = parser.parse_args(argv)
    results = load_results(args.folder)
    summary, meta = results["summary"], results["meta"]
    commit = (meta.get("git") or {}).get("commit", "")[:7]
    print(f"Run of {meta['date'][:10]} (`{meta['command']}`, t24 {meta['t24']}{' at ' + commit if commit else ''}), "
          f"Python {meta['python']}, {meta['cpus']} CPUs, {meta['clock']}.\n")
    print(f"### Every method on the same {plural(summary['sample_hands'], 'hand')}\n")
    print("\n".join(sample_table(summary)) + "\n")
    print(f"### The optimised methods on the whole deck ({summary['deck_hands']:,} hands)\n")
    print("\n".join(deck_table(summary)) + "\n")
    print("### Beside the PyPI solvers (every distinct answer of every hand)\n")
    print("\n".join(peer_table(results)) + "\n")
    print("### Growth with the count of numbers (median hand, all answers)\n")
    print("\n".join(growth_table(results)) + "\n")
    print("### The deck\n")
    print("\n".join(deck_lines(summary)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
