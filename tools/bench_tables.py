#!/usr/bin/env python3
"""Print the benchmark figures of a saved run as Markdown tables, for benchmarks/README.md.

    python tools/bench_tables.py            the results that ship with the package
    python tools/bench_tables.py DIR        a run saved in DIR (t24 bench --out DIR)

Every figure comes from the run's files (`t24.bench.format_table`, and the PyPI solvers' table
of `benchmarks/peers.py`), so the README's tables can be made again after `make bench-update`
instead of being typed.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

from t24 import InputError
from t24.bench import format_table, load_results

PEERS = Path(__file__).resolve().parents[1] / "benchmarks" / "peers.py"  # the PyPI solvers' table


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", help="a saved run (default: the shipped results)")
    args = parser.parse_args(argv)
    try:
        results = load_results(args.folder)
    except InputError as error:
        print(f"bench_tables: error: {error}", file=sys.stderr)
        return 2
    print(format_table(results))
    if results["peers"]:
        spec = importlib.util.spec_from_file_location("peers", PEERS)
        peers = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(peers)
        print("\n".join(peers.table(results)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
