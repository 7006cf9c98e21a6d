"""Other solvers beside t24: the PyPI packages `game24` and `point24`, when they are installed.

They are optional and never a dependency of t24 (`make bench-peers` installs them in a separate
environment). Each runs on the same hands in the same process as t24's baseline (every distinct
answer, from the `fast` method), and every answer they give is checked with t24's exact checker.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .. import __version__
from ..check import check_answer
from ..hand import Hand
from ..methods import fast
from ..solver import can_make, solve
from ..text import hand_text
from .clock import CLOCKS
from .clock import progress as _progress

TARGET = 24
BASELINE = "t24 fast distinct"


@dataclass
class Peer:
    """Another solver: `solve(hand)` returns its answers (anything whose str() is the text)."""

    name: str
    version: str | None
    solve: Callable[[Hand], Iterable]
    max_cards: int | None = None


def _version(package: str) -> str | None:
    try:
        from importlib.metadata import version

        return version(package)
    except Exception:  # noqa: BLE001 - any failure just means "unknown"
        return None


def load_peers() -> dict[str, Peer]:
    """The PyPI solvers game24 and point24, when they can be imported (they are optional)."""
    peers = {}
    try:
        calc = importlib.import_module("game24.calc")
    except ImportError:
        pass
    else:
        peers["game24"] = Peer("game24", _version("game24"), lambda hand: calc.solve(list(hand), TARGET))
    try:
        point24 = importlib.import_module("point24")
    except ImportError:
        pass
    else:
        # point24 takes exactly four numbers and returns answer strings.
        peers["point24"] = Peer("point24", _version("point24"), lambda hand: point24.solve(*hand, ans_aim=TARGET), 4)
    return peers


def t24_peer() -> Peer:
    """The baseline: every distinct answer from t24's fast method."""
    return Peer(BASELINE, __version__, lambda hand: solve(hand, TARGET, method="fast", distinct=True))


def as_text(answer) -> str:
    """A peer's answer as text t24 can read: × ÷ − and friends become * / -."""
    return str(answer).replace("×", "*").replace("÷", "/").replace("−", "-").strip()


def run_peer(peer: Peer, hands: Sequence[Hand], progress: bool = False, clock: str = "cpu") -> dict:
    """Time a solver over the hands (answers only, text and checks outside the clock) and check it."""
    hands = [hand for hand in hands if peer.max_cards is None or len(hand) <= peer.max_cards]
    if hands:
        list(peer.solve(hands[0]))  # load data files, compile templates: not part of the sweep
    fast.clear_caches()
    tick = CLOCKS[clock]
    total, answers, wrong, missed, extra, errors, examples = 0.0, 0, 0, 0, 0, 0, []
    for hand in _progress(hands, peer.name, progress):
        start = tick()
        try:
            found = list(peer.solve(hand))
        except Exception as error:  # noqa: BLE001 - a peer's crash is a finding, not the end of the run
            found, errors = [], errors + 1
            if len(examples) < 10:
                examples.append(f"{hand_text(hand)}: raised {type(error).__name__}: {error}")
        total += tick() - start
        answers += len(found)
        right = 0
        for answer in found:
            verdict = check_answer(hand, as_text(answer), TARGET)
            right += verdict.ok
            if not verdict.ok:
                wrong += 1
                if len(examples) < 10:
                    examples.append(f"{hand_text(hand)}: {as_text(answer)} ({verdict.message})")
        solvable = can_make(hand, TARGET)
        missed += solvable and not right
        extra += (not solvable) and bool(found)
    return {
        "solver": peer.name, "version": peer.version, "hands": len(hands), "seconds": total,
        "answers": answers, "wrong": wrong, "missed": missed, "extra": extra, "errors": errors,
        "checked_ok": int(not (wrong or missed or extra or errors)), "wrong_examples": examples,
    }


def compare_peers(
    hands: Sequence[Hand], peers: dict[str, Peer], repeat: int = 1, progress: bool = False, clock: str = "cpu",
) -> list[dict]:
    """The t24 baseline, then each peer, on the same hands in this process; ratios against t24."""
    runs = (run_peer(t24_peer(), hands, progress, clock) for _ in range(max(1, repeat)))
    baseline = min(runs, key=lambda result: result["seconds"])
    results = [baseline]
    for peer in peers.values():
        results.append(run_peer(peer, hands, progress, clock))
    for result in results:
        same = baseline["seconds"] if result["hands"] == baseline["hands"] else None
        result["ratio_vs_t24"] = result["seconds"] / same if same else None
    return results
