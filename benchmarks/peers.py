#!/usr/bin/env python3
"""`t24 bench` beside the PyPI solvers game24 and point24: the developers' comparison.

    python benchmarks/peers.py [--quick] [--out DIR] [--replace] [--no-progress] [--repeat N]

They are never a dependency of t24 (`make bench-peers` installs them in an environment of their
own); a solver that is not installed is left out. Each runs on the same hands in the same process
as t24's baseline (every distinct answer, from the `fast` method), and every answer it gives is
checked with t24's exact checker. The run is saved as `t24 bench` saves one, with the comparison
in peers.csv and summary.json, and its tables printed.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from t24 import InputError, __version__, bench, solver
from t24.check import check_answer
from t24.methods import fast
from t24.text import hand_text

BASELINE = "t24 fast distinct"
PEERS = {  # name: (module, how to call it, the most cards it takes)
    "game24": ("game24.calc", lambda m, hand: m.solve(list(hand), bench.TARGET), None),
    "point24": ("point24", lambda m, hand: m.solve(*hand, ans_aim=bench.TARGET), 4),
}


def load_peers() -> dict:
    """The installed solvers: name -> (version, solve(hand) -> answers, most cards)."""
    found = {}
    for name, (module, call, most) in PEERS.items():
        try:
            imported, installed = importlib.import_module(module), version(name)
        except (ImportError, PackageNotFoundError):
            continue
        found[name] = (installed, lambda hand, m=imported, c=call: c(m, hand), most)
    return found


def as_text(answer) -> str:
    """A solver's answer as text t24 can read: × ÷ − become * / -."""
    return str(answer).replace("×", "*").replace("÷", "/").replace("−", "-").strip()


def run_peer(name, installed, solve, most, hands, show=False, clock="cpu") -> dict:
    """Time a solver over the hands (answers only; text and checks outside the clock), check it."""
    hands = [hand for hand in hands if most is None or len(hand) <= most]
    if hands:
        list(solve(hands[0]))  # load data files, compile templates: not part of the sweep
    fast.clear_caches()
    tick, total, answers, examples = bench.CLOCKS[clock], 0.0, 0, []
    counts = dict.fromkeys(("wrong", "missed", "extra", "errors"), 0)
    for hand in bench.progress(hands, name, show):
        start, problems = tick(), []
        try:
            found = list(solve(hand))
        except Exception as error:  # noqa: BLE001 - a solver's crash is a finding, not the end
            found, problems = [], [f"raised {type(error).__name__}: {error}"]
            counts["errors"] += 1
        total += tick() - start
        answers += len(found)
        verdicts = [(as_text(a), check_answer(hand, as_text(a), bench.TARGET)) for a in found]
        problems += [f"{text} ({verdict.message})" for text, verdict in verdicts if not verdict.ok]
        counts["wrong"] += sum(not verdict.ok for _text, verdict in verdicts)
        solvable = solver.can_make(hand, bench.TARGET)
        counts["missed"] += solvable and not any(verdict.ok for _text, verdict in verdicts)
        counts["extra"] += (not solvable) and bool(found)
        examples += [f"{hand_text(hand)}: {problem}" for problem in problems][: 10 - len(examples)]
    return {
        "solver": name,
        "version": installed,
        "hands": len(hands),
        "seconds": total,
        "answers": answers,
        **counts,
        "checked_ok": int(not any(counts.values())),
        "wrong_examples": examples,
    }


def compare(hands, repeat=1, show=False, clock="cpu", peers=None) -> list[dict]:
    """The t24 baseline (repeated as a sweep is), then each solver; ratios against t24."""
    t24 = (
        BASELINE,
        __version__,
        lambda h: solver.solve(h, bench.TARGET, "fast", distinct=True),
        None,
    )

    def once():
        row = run_peer(*t24, hands, show, clock)
        return row["seconds"], row

    baseline = min(bench.repeated(once, repeat), key=lambda run: run[0])[1]
    peers = load_peers() if peers is None else peers
    rows = [baseline] + [run_peer(name, *p, hands, show, clock) for name, p in peers.items()]
    for row in rows:
        same = baseline["seconds"] if row["hands"] == baseline["hands"] else None
        row["ratio_vs_t24"] = row["seconds"] / same if same else None
    return rows


def table(results: dict) -> list[str]:
    """The comparison in a saved run as a Markdown table."""
    rows = []
    for r in results["peers"]:
        version = results["summary"]["peers"].get(r["solver"], {}).get("version")
        name = r["solver"] if r["solver"].startswith("t24") else f"{r['solver']} {version}"
        ratio = "" if r["ratio_vs_t24"] is None else f"{r['ratio_vs_t24']:.1f}×"
        ok = "right" if r["checked_ok"] else "NOT all right"
        rows.append(
            [name, f"{r['hands']:,}", f"{r['seconds']:.2f}", f"{r['answers']:,}", ratio, ok]
        )
    header = ["solver", "hands", "seconds", "answers", "× t24", "every answer checked"]
    title = "Beside the PyPI solvers (every distinct answer of every hand)"
    return bench.table(title, header, rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a sample of the deck, fewer hands")
    parser.add_argument("--out", type=Path, help="a new folder (default t24-bench/<date and time>)")
    parser.add_argument("--replace", action="store_true", help="overwrite the results in --out")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    parser.add_argument("--repeat", type=int, default=3, help="keep the fastest of N (default 3)")
    args = parser.parse_args(argv)
    out = args.out or bench.new_run_folder()
    quick = {"hands": bench.QUICK_HANDS, "sample": bench.QUICK_SAMPLE, "growth_hands": 2}
    command = " ".join(["python benchmarks/peers.py", *(sys.argv[1:] if argv is None else argv)])
    try:
        results = bench.run_benchmark(
            out,
            peers=compare,
            repeat=args.repeat,
            progress=not args.no_progress,
            command=command,
            replace=args.replace,
            **(quick if args.quick else {}),
        )
    except InputError as error:
        print(f"peers: error: {error}", file=sys.stderr)
        return 2
    print(bench.format_table(results))
    print("\n".join(table(results)))
    print(f"\nsaved in {out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
