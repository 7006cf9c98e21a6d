"""Other solvers beside t24: the PyPI packages `game24` and `point24`, when they are installed.

They are optional and never a dependency of t24 (`make bench-peers` installs them in a separate
environment). Each runs on the same hands in the same process as t24's baseline (every distinct
answer, from the `fast` method), and every answer they give is checked with t24's exact checker.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

from .. import __version__, solver
from ..check import check_answer
from ..methods import fast
from ..text import hand_text
from .run import CLOCKS, MAX_REPEAT, SLOW_SWEEP, TARGET, progress

BASELINE = "t24 fast distinct"


@dataclass
class Peer:
    """Another solver: `solve(hand)` returns its answers (anything whose str() is the text)."""

    name: str
    version: str | None
    solve: Callable[[tuple], Iterable]
    max_cards: int | None = None


def load_peers() -> dict[str, Peer]:
    """The PyPI solvers game24 and point24, when they can be imported (they are optional)."""
    peers = {}
    for name, module, call, max_cards in (
        ("game24", "game24.calc", lambda m, hand: m.solve(list(hand), TARGET), None),
        ("point24", "point24", lambda m, hand: m.solve(*hand, ans_aim=TARGET), 4),  # four numbers
    ):
        try:
            found, installed = importlib.import_module(module), version(name)
        except (ImportError, PackageNotFoundError):
            continue
        peers[name] = Peer(name, installed, lambda hand, m=found, c=call: c(m, hand), max_cards)
    return peers


def t24_peer() -> Peer:
    """The baseline: every distinct answer from t24's fast method."""
    return Peer(BASELINE, __version__, lambda hand: solver.solve(hand, TARGET, distinct=True))


def as_text(answer) -> str:
    """A peer's answer as text t24 can read: × ÷ − and friends become * / -."""
    return str(answer).replace("×", "*").replace("÷", "/").replace("−", "-").strip()


def run_peer(peer: Peer, hands, show: bool = False, clock: str = "cpu") -> dict:
    """Time a solver over the hands (answers only; text and checks outside the clock), check it."""
    hands = [hand for hand in hands if peer.max_cards is None or len(hand) <= peer.max_cards]
    if hands:
        list(peer.solve(hands[0]))  # load data files, compile templates: not part of the sweep
    fast.clear_caches()
    tick, total, answers, examples = CLOCKS[clock], 0.0, 0, []
    counts = dict.fromkeys(("wrong", "missed", "extra", "errors"), 0)
    for hand in progress(hands, peer.name, show):
        start = tick()
        try:
            found = list(peer.solve(hand))
        except Exception as error:  # noqa: BLE001 - a peer's crash is a finding, not the end
            found, problems = [], [f"raised {type(error).__name__}: {error}"]
            counts["errors"] += 1
        else:
            problems = []
        total += tick() - start
        answers += len(found)
        verdicts = [
            (as_text(answer), check_answer(hand, as_text(answer), TARGET)) for answer in found
        ]
        problems += [f"{text} ({verdict.message})" for text, verdict in verdicts if not verdict.ok]
        counts["wrong"] += sum(not verdict.ok for _text, verdict in verdicts)
        solvable = solver.can_make(hand, TARGET)
        counts["missed"] += solvable and not any(verdict.ok for _text, verdict in verdicts)
        counts["extra"] += (not solvable) and bool(found)
        examples += [f"{hand_text(hand)}: {problem}" for problem in problems][: 10 - len(examples)]
    return {
        "solver": peer.name, "version": peer.version, "hands": len(hands), "seconds": total,
        "answers": answers, **counts, "checked_ok": int(not any(counts.values())),
        "wrong_examples": examples,
    }  # fmt: skip


def compare_peers(hands, peers: dict[str, Peer], repeat=1, show=False, clock="cpu") -> list[dict]:
    """The t24 baseline (repeated until SLOW_SWEEP in all), then each peer; ratios against t24."""
    runs = []
    while (
        len(runs) < min(max(1, repeat), MAX_REPEAT)
        and sum(r["seconds"] for r in runs) <= SLOW_SWEEP
    ):
        runs.append(run_peer(t24_peer(), hands, show, clock))
    baseline = min(runs, key=lambda result: result["seconds"])
    results = [baseline] + [run_peer(peer, hands, show, clock) for peer in peers.values()]
    for result in results:
        same = baseline["seconds"] if result["hands"] == baseline["hands"] else None
        result["ratio_vs_t24"] = result["seconds"] / same if same else None
    return results
