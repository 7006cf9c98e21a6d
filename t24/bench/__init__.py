"""Benchmarks you can rerun: `t24 bench` times every method and saves the figures.

In layers: `run` times the methods (sweeps, growth, checks), `peers` runs the PyPI solvers beside
t24 when they are installed, `results` writes and reads the files, and this module puts them
together (`run_benchmark`) and prints the table (`format_table`). What each figure means is in
the repository's `benchmarks/README.md`. Standard library only; tqdm draws progress bars if it is
installed.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

from .. import deck as deck_module
from ..methods import AS_WRITTEN, METHODS, TABLE
from ..text import plural
from .clock import CLOCK_WORDS
from .peers import Peer, compare_peers, load_peers
from .results import load_results, machine, prepare_out, save_results, shipped_results
from .run import (
    GROWTH_COUNTS,
    GROWTH_HANDS,
    MODES,
    QUICK_HANDS,
    QUICK_SAMPLE,
    SAMPLE_HANDS,
    SEED,
    SLOW_SWEEP,
    TARGET,
    Sweep,
    agreement,
    check_answers,
    growth,
    ratios,
    sample_hands,
    sweep,
    sweep_figures,
    sweeps,
)

__all__ = [
    "GROWTH_COUNTS", "GROWTH_HANDS", "QUICK_HANDS", "QUICK_SAMPLE", "SAMPLE_HANDS", "SLOW_SWEEP",
    "MODES", "Peer", "Sweep", "agreement", "check_answers", "format_table", "growth", "load_results",
    "ratios", "run_benchmark", "sample_hands", "save_results", "shipped_results", "summarise", "sweep",
]


def summarise(found: Sequence[Sweep], peer_results: Sequence[dict], deck_figures: dict | None) -> dict:
    """The headline figures: per scope, method and mode; ratios; the peers; the deck; the checks."""
    scopes: dict = {}
    for result in found:
        scopes.setdefault(result.scope, {}).setdefault(result.method, {})[result.mode] = sweep_figures(result)
    sample = next((s for s in found if s.scope == "sample"), None)
    full = next((s for s in found if s.scope == "deck"), None)
    summary = {
        "sample_hands": len(sample.hands) if sample else 0,
        "deck_hands": len(full.hands) if full else 0,
        "as_written": [m for m in AS_WRITTEN if m in scopes.get("sample", {})],
        "sample": scopes.get("sample", {}),
        "deck": scopes.get("deck", {}),
        "ratio_vs_fast": ratios(found),
        "distinct_answers_total": {
            f"{s.scope} {s.method}": sum(s.answers) for s in found if s.mode == "distinct"
        },
        "checks": agreement(found),
        "peers": {
            r["solver"]: {key: r[key] for key in ("version", "hands", "seconds", "answers", "ratio_vs_t24",
                                                   "wrong", "missed", "extra", "errors", "checked_ok",
                                                   "wrong_examples")}
            for r in peer_results
        },
    }
    if deck_figures is not None:
        summary["deck_figures"] = deck_figures
    return summary


def run_benchmark(
    out, methods: Sequence[str] = METHODS, modes: Sequence[str] = MODES, hands: int | None = None,
    sample: int = SAMPLE_HANDS, repeat: int = 3, peers: dict[str, Peer] | None = None,
    growth_counts: Iterable[int] = GROWTH_COUNTS, growth_hands: int = GROWTH_HANDS, figures: bool = True,
    progress: bool = True, command: str = "t24 bench", clock: str = "cpu", replace: bool = False,
) -> dict:
    """Run everything, save it into `out` (checked first), and return what `load_results(out)` reads."""
    full = hands is None
    out = prepare_out(out, replace=replace, full=full)
    started, started_cpu = time.perf_counter(), time.process_time()
    all_hands = sample_hands(hands)
    sample_set = sample_hands(sample, hands=all_hands)
    peers = load_peers() if peers is None else peers
    found = sweeps(sample_set, all_hands, methods, modes, repeat, progress, clock)
    growth_rows = growth(growth_counts, methods, modes, growth_hands, progress, clock)
    peer_results = compare_peers(all_hands, peers, repeat, progress, clock) if peers else []
    deck_figures = None
    if figures and full:
        deck_figures = deck_module.figures(TARGET)
        deck_figures["target_counts"] = {str(t): n for t, n in deck_module.target_counts(range(1, 101)).items()}
    summary = summarise(found, peer_results, deck_figures)
    meta = {
        **machine(), "command": command, "full_deck": full, "hands": len(all_hands), "sample_hands": len(sample_set),
        "peers": {name: peers[name].version if name in peers else None for name in ("game24", "point24")},
        "methods": list(methods), "as_written": [m for m in methods if TABLE[m].as_written],
        "modes": list(modes), "seed": SEED, "clock": CLOCK_WORDS[clock],
        "repeats": {f"{s.scope} {s.method} {s.mode}": s.repeats for s in found},
        "repeat_rule": f"each sweep is repeated up to --repeat times, unless one sweep takes over {SLOW_SWEEP:g} s; "
                       "per-hand times and sweep times are the fastest of the repeats",
        "growth": {"counts": list(growth_counts), "hands_per_count": growth_hands},
    }
    meta["elapsed_seconds"] = round(time.perf_counter() - started, 1)
    meta["cpu_seconds"] = round(time.process_time() - started_cpu, 1)
    deck_rows = [row for s in found for row in s.rows()]
    save_results(out, meta, deck_rows, growth_rows, peer_results, summary)
    return load_results(out)


def format_table(results: dict) -> str:
    """The headline figures as plain text: every method on the sample, with its ratio to fast."""
    summary, meta = results["summary"], results["meta"]
    lines = [f"t24 {meta['t24']}, Python {meta['python']} on {meta['platform']}, {meta['cpus']} cpus; {meta['clock']}", ""]
    header = f"{'method':<18} {'written':<9} {'mode':<9} {'sweep s':>9} {'median ms':>10} {'p90 ms':>8} {'vs fast':>9}"
    for scope, title in (("sample", f"every method, the same {plural(summary['sample_hands'], 'hand')}"),
                         ("deck", f"the optimised methods, {plural(summary['deck_hands'], 'hand')}")):
        if not summary.get(scope):
            continue
        lines += [title + ":", header]
        for method, modes in summary[scope].items():
            written = "as post" if method in summary["as_written"] else "optimised"
            for mode, figures in modes.items():
                base = summary[scope].get("fast", {}).get(mode, {}).get("sweep_seconds")
                ratio = f"{figures['sweep_seconds'] / base:8.1f}x" if base else ""
                lines.append(
                    f"{method:<18} {written:<9} {mode:<9} {figures['sweep_seconds']:9.3f} {figures['median_ms']:10.3f} "
                    f"{figures['p90_ms']:8.3f} {ratio:>9}"
                )
        lines.append("")
    if results["peers"]:
        lines += [f"{'solver':<18} {'hands':>6} {'seconds':>9} {'answers':>8} {'vs t24':>8} {'checked':>8}"]
        for row in results["peers"]:
            ratio = f"{row['ratio_vs_t24']:7.1f}x" if row["ratio_vs_t24"] is not None else ""
            details = summary["peers"].get(row["solver"], {})
            checked = "ok" if row["checked_ok"] else f"{details.get('wrong', 0)} wrong, {details.get('missed', 0)} missed"
            lines.append(f"{row['solver']:<18} {row['hands']:>6} {row['seconds']:9.3f} {row['answers']:>8} {ratio:>8} {checked:>8}")
        lines.append("")
    checks = summary["checks"]
    agree = ", ".join(f"{mode}: {'agree' if c['agree'] else 'DIFFER'}" for mode, c in checks.items() if isinstance(c, dict))
    lines.append(f"checks: {agree or 'one method only'}; wrong answers: {checks['wrong_answers']}")
    if "deck_figures" in summary:
        solvable = summary["deck_figures"]["solvable"]
        lines.append("solvable: " + ", ".join(f"{v['solvable']}/{v['hands']} (cards {k})" for k, v in solvable.items())
                     + f"; need a fraction: {summary['deck_figures']['needs_fraction']['1-13']}")
    return "\n".join(lines)
