#!/usr/bin/env python3
"""The benchmark beside the PyPI solvers game24 and point24: the developers' comparison.

    python benchmarks/peers.py [the options of benchmarks/run.py]   (make bench-peers)

They are never a dependency of t24 (`make bench-peers` installs them in an environment of their
own); a solver that is not installed is left out. Each runs on the same hands in the same process
as t24's baseline (every distinct answer, from the `fast` method), and every answer it gives is
checked with t24's exact checker; the comparison is saved in peers.csv and summary.json.
"""

import importlib
from functools import partial
from importlib.metadata import PackageNotFoundError, version

import run

from t24 import __version__, results, solver
from t24.check import check_answer
from t24.methods import fast
from t24.text import hand_text

PEERS = {  # name: (module, how to call it, the most cards it takes)
    "game24": ("game24.calc", lambda m, hand: m.solve(list(hand), run.TARGET), None),
    "point24": ("point24", lambda m, hand: m.solve(*hand, ans_aim=run.TARGET), 4),
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


def run_peer(name, installed, solve, most, hands, show=False) -> dict:
    """Time a solver over the hands (answers only; text and checks outside the clock), check it."""
    hands = [hand for hand in hands if most is None or len(hand) <= most]
    if hands:
        list(solve(hands[0]))  # load data files, compile templates: not part of the sweep
    fast.clear_caches()
    total, answers, examples = 0.0, 0, []
    counts = dict.fromkeys(("wrong", "missed", "extra", "errors"), 0)
    for hand in run.progress(hands, name, show):
        start, problems = results.CLOCK(), []
        try:
            found = list(solve(hand))
        except Exception as error:  # noqa: BLE001 - a solver's crash is a finding, not the end
            found, problems = [], [f"raised {type(error).__name__}: {error}"]
            counts["errors"] += 1
        total += results.CLOCK() - start
        answers += len(found)
        verdicts = [(as_text(a), check_answer(hand, as_text(a), run.TARGET)) for a in found]
        problems += [f"{text} ({verdict.message})" for text, verdict in verdicts if not verdict.ok]
        counts["wrong"] += sum(not verdict.ok for _text, verdict in verdicts)
        solvable = solver.can_make(hand, run.TARGET)
        counts["missed"] += solvable and not any(verdict.ok for _text, verdict in verdicts)
        counts["extra"] += (not solvable) and bool(found)
        examples += [f"{hand_text(hand)}: {problem}" for problem in problems][: 10 - len(examples)]
    ok = {"checked_ok": int(not any(counts.values())), "wrong_examples": examples}
    return {
        "solver": name,
        "version": installed,
        "hands": len(hands),
        "seconds": total,
        "answers": answers,
        **counts,
        **ok,
    }


def compare(hands, repeat=1, show=False, peers=None) -> list[dict]:
    """The t24 baseline (repeated as a sweep is), then each solver; ratios against t24."""

    def once():
        distinct = partial(solver.solve, target=run.TARGET, method="fast", distinct=True)
        row = run_peer("t24 fast distinct", __version__, distinct, None, hands, show)
        return row["seconds"], row

    baseline = min(run.repeated(once, repeat), key=lambda each: each[0])[1]
    peers = load_peers() if peers is None else peers
    rows = [baseline] + [run_peer(name, *p, hands, show) for name, p in peers.items()]
    for row in rows:
        same = baseline["seconds"] if row["hands"] == baseline["hands"] else None
        row["ratio_vs_t24"] = row["seconds"] / same if same else None
    return rows


if __name__ == "__main__":
    raise SystemExit(run.main(peers=compare, prog="peers.py"))
