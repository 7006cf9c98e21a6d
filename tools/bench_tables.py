#!/usr/bin/env python3
"""Print the benchmark figures of a saved run as Markdown tables, for benchmarks/README.md.

    python tools/bench_tables.py            the results that ship with the package
    python tools/bench_tables.py DIR        a run saved in DIR (t24 bench --out DIR)

Every figure comes from the run's files (`t24.bench.format_table`), so the README's tables can
be made again after `make bench-update` instead of being typed.
"""

from __future__ import annotations

import argparse
import sys

from t24 import InputError
from t24.bench import format_table, load_results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", help="a saved run (default: the shipped results)")
    args = parser.parse_args(argv)
    try:
        print(format_table(load_results(args.folder)))
    except InputError as error:
        print(f"bench_tables: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
