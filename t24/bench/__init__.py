"""Benchmarks you can rerun: `t24 bench` times every method and saves the figures.

In layers: `run` times the methods (one run, sweeps, growth, checks), `peers` runs the PyPI
solvers beside t24 when they are installed, `results` writes and reads the files, and this
module puts them together (`run_benchmark`) and writes the tables (`format_table`, Markdown:
the same tables `benchmarks/README.md` quotes). Standard library only; tqdm draws progress bars
if it is installed.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager

from .. import deck as deck_module
from ..methods import METHODS, TABLE
from ..text import plural
from .peers import Peer, compare_peers, load_peers
from .results import load_results, machine, prepare_out, save_results, shipped_results
from .run import (
    CLOCK_WORDS,
    CLOCKS,
    GROWTH_COUNTS,
    GROWTH_HANDS,
    MAX_REPEAT,
    MODE_WORDS,
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
    timed_solve,
)  # fmt: skip

__all__ = [
    "CLOCKS", "GROWTH_COUNTS", "GROWTH_HANDS", "MODES", "MODE_WORDS", "QUICK_HANDS", "QUICK_SAMPLE",
    "SAMPLE_HANDS", "SLOW_SWEEP", "Peer", "Sweep", "agreement", "check_answers", "format_table",
    "growth", "load_results", "prepare_out", "ratios", "run_benchmark", "sample_hands",
    "save_results", "shipped_results", "summarise", "sweep", "timed_solve",
]  # fmt: skip
PEER_KEYS = ("version", "hands", "seconds", "answers", "ratio_vs_t24", "wrong", "missed", "extra")


def summarise(found, peer_results, deck_figures: dict | None) -> dict:
    """The headline figures: per scope, method and mode; ratios; the peers; the deck; the checks."""
    scopes: dict = {"sample": {}, "deck": {}}
    for result in found:
        scopes[result.scope].setdefault(result.method, {})[result.mode] = sweep_figures(result)
    summary = {
        "sample_hands": len(next((s.hands for s in found if s.scope == "sample"), ())),
        "deck_hands": len(next((s.hands for s in found if s.scope == "deck"), ())),
        "as_written": [m for m in scopes["sample"] if TABLE[m].as_written],
        **scopes,
        "ratio_vs_fast": ratios(found),
        "distinct_answers_total": {
            f"{s.scope} {s.method}": sum(s.answers) for s in found if s.mode == "distinct"
        },
        "checks": agreement(found),
        "peers": {
            r["solver"]: {
                key: r[key] for key in (*PEER_KEYS, "errors", "checked_ok", "wrong_examples")
            }
            for r in peer_results
        },
    }
    if deck_figures is not None:
        summary["deck_figures"] = deck_figures
    return summary


@contextmanager
def _terminate_cleanly():
    """Turn SIGTERM into SystemExit(143) while a run saves, so its cleanup runs (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(_signal, _frame):
        raise SystemExit(128 + signal.SIGTERM)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_benchmark(
    out, methods=METHODS, modes=MODES, hands=None, sample=SAMPLE_HANDS, repeat=3, peers=None,
    growth_counts=GROWTH_COUNTS, growth_hands=GROWTH_HANDS, figures=True, progress=True,
    command="t24 bench", clock="cpu", replace=False,
) -> dict:  # fmt: skip
    """Run everything, save it into `out` (checked first), and return what `load_results` reads.

    The folder is made only when the results are saved; an interruption (Ctrl-C, SIGTERM)
    leaves nothing behind. Each method and mode is timed once, however often it is named.
    """
    methods, modes, full = list(dict.fromkeys(methods)), list(dict.fromkeys(modes)), hands is None
    out = prepare_out(out, replace=replace, full=full)
    with _terminate_cleanly():
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
            counts = deck_module.target_counts(range(1, 101))
            deck_figures["target_counts"] = {str(t): n for t, n in counts.items()}
        meta = {
            **machine(), "command": command, "full_deck": full, "hands": len(all_hands),
            "sample_hands": len(sample_set),
            "peers": {name: peers[name].version if name in peers else None for name in ("game24", "point24")},
            "methods": methods, "as_written": [m for m in methods if TABLE[m].as_written],
            "modes": modes, "seed": SEED, "clock": CLOCK_WORDS[clock],
            "repeats": {f"{s.scope} {s.method} {s.mode}": s.repeats for s in found},
            "repeat_rule": f"each sweep is repeated up to --repeat times (at most {MAX_REPEAT}), until "
            f"its repeats took {SLOW_SWEEP:g} s in all; per-hand and sweep times are the fastest",
            "growth": {"counts": list(growth_counts), "hands_per_count": growth_hands},
            "elapsed_seconds": round(time.perf_counter() - started, 1),
            "cpu_seconds": round(time.process_time() - started_cpu, 1),
        }  # fmt: skip
        summary = summarise(found, peer_results, deck_figures)
        deck_rows = [row for s in found for row in s.rows()]
        save_results(out, meta, deck_rows, growth_rows, peer_results, summary)
    return load_results(out)


def _ms(value: float) -> str:
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"


def format_table(results: dict) -> str:
    """A saved run's figures as Markdown: the method tables, the PyPI solvers, growth, the deck."""
    summary, meta = results["summary"], results["meta"]
    commit = (meta.get("git") or {}).get("commit", "")[:7]
    lines = [
        f"Run of {meta['date'][:10]} (`{meta['command']}`, t24 {meta['t24']}"
        f"{' at ' + commit if commit else ''}), Python {meta['python']}, {meta['cpus']} CPUs, "
        f"{meta['clock']}.", "",
        f"### Every method on the same {plural(summary['sample_hands'], 'hand')}", "",
        "| method | | mode | median hand | p90 hand | sweep | × fast |", "|---|---|---|---|---|---|---|",
    ]  # fmt: skip
    for method, modes in summary["sample"].items():
        for mode, figures in modes.items():
            ratio = summary["ratio_vs_fast"].get(mode, {}).get(method)
            lines.append(
                f"| `{method}` | {TABLE[method].label} | {MODE_WORDS[mode]} | "
                f"{_ms(figures['median_ms'])} | {_ms(figures['p90_ms'])} | "
                f"{figures['sweep_seconds']:.2f} s | {'' if ratio is None else f'{ratio:.1f}×'} |"
            )
    lines += [
        "", f"### The optimised methods on the whole deck ({summary['deck_hands']:,} hands)", "",
        "| method | mode | median hand | p90 hand | slowest hand | whole deck |", "|---|---|---|---|---|---|",
    ]  # fmt: skip
    for method, modes in summary["deck"].items():
        for mode, figures in modes.items():
            lines.append(
                f"| `{method}` | {MODE_WORDS[mode]} | {_ms(figures['median_ms'])} | "
                f"{_ms(figures['p90_ms'])} | {_ms(figures['max_ms'])} | {figures['sweep_seconds']:.2f} s |"
            )
    lines += [
        "", "### Beside the PyPI solvers (every distinct answer of every hand)", "",
        "| solver | hands | seconds | answers | × t24 | every answer checked |", "|---|---|---|---|---|---|",
    ]  # fmt: skip
    for row in results["peers"]:
        version = summary["peers"].get(row["solver"], {}).get("version")
        name = row["solver"] + (
            f" {version}" if version and not row["solver"].startswith("t24") else ""
        )
        ratio = "" if row["ratio_vs_t24"] is None else f"{row['ratio_vs_t24']:.1f}×"
        lines.append(
            f"| {name} | {row['hands']:,} | {row['seconds']:.2f} | {row['answers']:,} | {ratio} | "
            f"{'right' if row['checked_ok'] else 'NOT all right'} |"
        )
    return "\n".join(lines + ["", *_growth_lines(results["growth"]), "", *_deck_lines(summary)])


def _growth_lines(rows: list[dict]) -> list[str]:
    rows = {(r["method"], r["count"]): r for r in rows if r["mode"] == "all"}
    counts = sorted({count for _method, count in rows})
    lines = [
        "### Growth with the count of numbers (median hand, all answers)", "",
        "| method | " + " | ".join(f"{c} numbers" for c in counts) + " |", "|---" * (len(counts) + 1) + "|",
    ]  # fmt: skip
    for method in dict.fromkeys(method for method, _count in rows):
        cells = []
        for count in counts:
            row = rows.get((method, count))
            refused = row is None or row["refused"] or row["seconds_median"] is None
            cells.append("refused" if refused else _ms(row["seconds_median"] * 1000))
        lines.append(f"| `{method}` | " + " | ".join(cells) + " |")
    return lines


def _deck_lines(summary: dict) -> list[str]:
    figures = summary.get("deck_figures")
    if not figures:
        return ["### The deck", "", "(this run swept a sample, so it has no deck figures)"]
    parts = [
        f"{v['solvable']:,} of {v['hands']:,} hands (cards {k})"
        for k, v in figures["solvable"].items()
    ]
    return [
        "### The deck", "",
        "Make 24: " + ", ".join(parts) + f"; {figures['needs_fraction']['1-13']} of them only "
        f"through a fraction ({', '.join(figures['fraction_hands'][:4])}, …); "
        f"{figures['distinct_answers']['1-13']:,} distinct answers in all.",
    ]  # fmt: skip
