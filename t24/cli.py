"""The command line: `t24 solve`, `t24 check`, `t24 play` and `t24 bench`; every option is read here.

Exit codes: 0 when there is an answer (or the checked answer is right, or the command did its
work), 1 when there is none (or it is wrong), 2 for a usage error, 3 when the chosen method
refuses a search this large (the message names one that copes), 4 when the output cannot be
written (a full disk, a closed terminal), 130 after Ctrl-C. Every message is one line; there is
never a traceback. When a reader stops early (`t24 solve ... | head -1`) the command ends quietly
with the exit code of the work it did.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

from . import __version__, solver
from .check import check_answer
from .hand import InputError, SearchTooLarge, as_hand, as_target, whole
from .methods import METHODS, TABLE
from .text import describe, hand_text

# Growth past eight numbers would only record more refusals: every method refuses more than seven.
MAX_GROWTH = 8
MAX_GROWTH_WHY = f": every method refuses {MAX_GROWTH} different numbers, so {MAX_GROWTH} already shows the limit"

DESCRIPTION = "The 24 game: make a target from cards with + - * / and brackets."
EXIT_CODES = (
    "exit codes: 0 answer found / right, 1 none / wrong, 2 usage error, "
    "3 search too large for the method, 4 output cannot be written, 130 interrupted"
)
PLAY = "Deal hands to solve. Type an answer; h gives a hint, s shows an answer, q quits."
BENCH = (
    "Time every method on a sample of hands (the optimised ones on all 1820 hands of cards 1-13 too), "
    "and growth with 2 to 6 numbers; "
    "save the results as CSV/JSON in a new folder and print a table."
)
CHECK_EXAMPLE = 't24 check 3 3 8 8 "8/(3-8/3)"'
EXIT_FOUND, EXIT_NONE, EXIT_USAGE, EXIT_TOO_LARGE, EXIT_OUTPUT, EXIT_INTERRUPTED = (
    0,
    1,
    2,
    3,
    4,
    130,
)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line: what is wrong, and where to look."""

    def error(self, message: str):
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def _print_message(self, message: str, file=None) -> None:
        if file is sys.stderr:  # a usage error keeps its exit code even when stderr fails
            return _say(message.rstrip("\n"))
        (file or sys.stdout).write(message)  # help and version: a failure is exit 4


def _typed(convert):
    """An argparse type from a converter that raises InputError."""

    def read(text: str):
        try:
            return convert(text)
        except InputError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    read.__name__ = getattr(convert, "__name__", "value")
    return read


def whole_number(name: str, low: int | None = None, high: int | None = None, why: str = ""):
    """An argparse type for a whole number option, at least `low` and at most `high` (because `why`)."""

    def convert(text: str) -> int:
        value = whole(text, name)  # the cards' grammar: digits 0-9, not int()'s other scripts
        if low is not None and value < low:
            raise InputError(f"{name} must be at least {low}, not {value}")
        if high is not None and value > high:
            raise InputError(f"{name} must be at most {high}, not {value}{why}")
        return value

    return _typed(convert)


def _methods(text: str) -> list[str]:
    names = list(dict.fromkeys(text.replace(",", " ").split()))
    unknown = [name for name in names if name not in METHODS]
    if unknown or not names:
        raise InputError(
            f"unknown method {', '.join(unknown) or text!r}; choose from {', '.join(METHODS)}"
        )
    return names


def _options(parser: Parser, *options: tuple) -> None:
    """Add options given as (flag, help, type or action or None, default)."""
    for flag, help, kind, default in options:
        if kind in ("store_true", None):
            parser.add_argument(flag, help=help, action=kind or "store", default=default)
        else:
            parser.add_argument(flag, help=help, type=kind, default=default)


def build_parser() -> tuple[Parser, dict[str, Parser]]:
    """The parser, and each command's own parser by name (for errors in the command's name)."""
    from .bench import GROWTH_HANDS, QUICK_HANDS, QUICK_SAMPLE, SAMPLE_HANDS, SLOW_SWEEP
    from .bench import CLOCKS
    from .game import MAX_COUNT, MIN_COUNT

    parser = Parser(prog="t24", description=DESCRIPTION, epilog=EXIT_CODES)
    parser.add_argument("--version", action="version", version=f"t24 {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    target = (
        "--target",
        "what to make (default 24; a fraction like 1/3 or -1/3 works)",
        _typed(as_target),
        as_target(24),
    )
    add = commands.add_parser

    solve = add(
        "solve", help="print every way to make the target", description="Print one answer per line."
    )
    solve.add_argument("numbers", nargs="+", metavar="N", help="the cards, e.g. 3 3 8 8")
    solve.add_argument(
        "--method",
        choices=METHODS,
        default="recursive",
        help="which method searches (default recursive)",
    )
    _options(
        solve,
        target,
        ("--first", "stop at the first answer", "store_true", False),
        ("--distinct", "one answer per class of equivalent answers", "store_true", False),
        ("--json", "print JSON: numbers, target, method, answers, counts", "store_true", False),
    )

    check = add(
        "check",
        help="check an answer",
        description="Check that an expression uses exactly the numbers and makes the target.",
    )
    check.add_argument(
        "items",
        nargs="+",
        metavar="N",
        help=f"the cards, then the expression in quotes: {CHECK_EXAMPLE}",
    )
    _options(check, target)

    play = add("play", help="practise: make the target from dealt cards", description=PLAY)
    _options(
        play,
        target,
        ("--low", "lowest card (default 1)", whole_number("--low"), 1),
        ("--high", "highest card (default 13)", whole_number("--high"), 13),
        (
            "--count",
            f"cards per hand, {MIN_COUNT} to {MAX_COUNT} (default 4)",
            whole_number("--count"),
            4,
        ),
        (
            "--seed",
            "seed the deal (0 or more), to replay the same hands",
            whole_number("--seed", 0),
            None,
        ),
        ("--any", "deal any hand; 'none' answers one that cannot be done", "store_true", False),
        ("--rounds", "stop after this many hands", whole_number("--rounds", 1), None),
    )

    bench = add("bench", help="time every method and save the figures", description=BENCH)
    _options(
        bench,
        (
            "--quick",
            f"{QUICK_HANDS} hands instead of the deck, {QUICK_SAMPLE} for every method, fewer growth hands",
            "store_true",
            False,
        ),
        (
            "--hands",
            "a fixed sample of this many hands instead of the deck",
            whole_number("--hands", 1),
            None,
        ),
        (
            "--sample",
            f"hands every method sweeps, as-written ones too (default {SAMPLE_HANDS})",
            whole_number("--sample", 1),
            None,
        ),
        ("--methods", "comma-separated methods (default all)", _typed(_methods), list(METHODS)),
        ("--out", "a new folder for the results (default t24-bench/<date and time>)", None, None),
        (
            "--replace",
            "overwrite the results already in --out (never a full run with a sample)",
            "store_true",
            False,
        ),
        (
            "--repeat",
            f"repeat each sweep up to N times, keep the fastest (sweeps over {SLOW_SWEEP:g} s run once)",
            whole_number("--repeat", 1),
            3,
        ),
        (
            "--max-count",
            f"growth: up to this many numbers, at most {MAX_GROWTH} (default 6)",
            whole_number("--max-count", 2, MAX_GROWTH, MAX_GROWTH_WHY),
            6,
        ),
        (
            "--growth-hands",
            f"growth: hands per count (default {GROWTH_HANDS}, --quick 2)",
            whole_number("--growth-hands", 1),
            None,
        ),
        ("--no-progress", "no progress bars", "store_true", False),
    )
    bench.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="cpu: this process's CPU time (default; steady on a shared machine); wall: elapsed time",
    )
    for name, command in commands.choices.items():
        command.set_defaults(run=globals()[f"run_{name}"])
    return parser, dict(commands.choices)


def _json_number(value):
    return value.numerator if value.denominator == 1 else describe(value)


def run_solve(args) -> int:
    hand = as_hand(args.numbers)
    answers = solver.solve(
        hand, args.target, method=args.method, first=args.first, distinct=args.distinct
    )
    args.outcome = EXIT_FOUND if answers else EXIT_NONE
    if args.json:
        counts = {"answers": len(answers)}
        counts[TABLE[args.method].unit.replace(" ", "_")] = TABLE[args.method].size(hand)
        print(
            json.dumps(
                {
                    "numbers": list(hand),
                    "target": _json_number(args.target),
                    "method": args.method,
                    "first": args.first,
                    "distinct": args.distinct or args.method == "fast",
                    "answers": [str(expr) for expr in answers],
                    "counts": counts,
                },
                indent=2,
            )
        )
    else:
        for expr in answers:
            print(expr)
        if not answers:
            _say(f"no way to make {describe(args.target)} from {hand_text(hand)}")
    return args.outcome


def run_check(args) -> int:
    if len(args.items) < 2:
        raise InputError(f"give the cards and then the expression, e.g. {CHECK_EXAMPLE}")
    *numbers, text = args.items
    verdict = check_answer(as_hand(numbers), text, args.target)
    if verdict.expr is None:
        raise InputError(verdict.message)
    args.outcome = EXIT_FOUND if verdict.ok else EXIT_NONE
    if verdict.ok:
        print(f"right: {verdict.message}")
    else:
        hint = f" (the expression comes last: {CHECK_EXAMPLE})" if text.strip().isdecimal() else ""
        _say(f"wrong: {verdict.message}{hint}")
    return args.outcome


def run_play(args) -> int:
    """`t24 play`: the loop on stdin and stdout; 0 at the end, 130 after Ctrl-C."""
    from .game import Game, play, terminal_lines

    if sys.stdin is None or sys.stdin.closed:
        raise InputError(
            "there is no input to read (standard input is closed); run it at a terminal or pipe answers in"
        )
    game = Game(args.target, args.low, args.high, args.count, args.seed, args.any)
    args.outcome = EXIT_FOUND
    # Text that is not UTF-8, or a terminal that cannot show a character, must not end the game.
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=errors)

    def out(text: str) -> None:
        print(text, flush=True)

    try:
        play(terminal_lines(), out, game, args.rounds)
    except KeyboardInterrupt:
        print()
        print(f"interrupted; final score: {game.score}")
        return EXIT_INTERRUPTED
    return EXIT_FOUND


def run_bench(args) -> int:
    """`t24 bench`: check the folder, run, save, print the table."""
    from .bench import (
        GROWTH_HANDS,
        QUICK_HANDS,
        QUICK_SAMPLE,
        SAMPLE_HANDS,
        format_table,
        run_benchmark,
    )
    from .bench import new_run_folder

    hands = args.hands or (QUICK_HANDS if args.quick else None)
    sample = args.sample or (QUICK_SAMPLE if args.quick else SAMPLE_HANDS)
    if args.out is not None and not args.out.strip():
        raise InputError(
            "--out needs a folder name (leave it out for a new folder under t24-bench/)"
        )
    out = Path(args.out) if args.out is not None else new_run_folder()
    results = run_benchmark(
        out=out,
        methods=args.methods,
        hands=hands,
        sample=sample,
        repeat=args.repeat,
        growth_counts=range(2, args.max_count + 1),
        growth_hands=args.growth_hands or (2 if args.quick else GROWTH_HANDS),
        progress=not args.no_progress,
        command=args.command_line,
        clock=args.clock,
        replace=args.replace,
    )
    args.outcome = EXIT_FOUND
    print(format_table(results))
    print(f"\nsaved in {out}/ (meta.json, deck.csv, growth.csv, peers.csv, summary.json)")
    return EXIT_FOUND


def _arrange(argv: list[str], commands: dict[str, Parser]) -> list[str]:
    """Read the command line the way a person means it, before argparse does.

    An option's value may start with '-' (`--target -1/3`, also abbreviated: `--tar -1/3`), and
    in `t24 solve` and `t24 check` the cards and the expression may stand anywhere among the
    options and may start with '-' (`-8*3+3+8`): they are moved after a `--`, options first.
    """
    if not argv or argv[0] not in commands:
        return argv
    command, rest = argv[0], iter(argv[1:])
    actions = commands[command]._option_string_actions
    options, items = [command], []
    for item in rest:
        if item == "--":  # everything after it is an item, as argparse reads it
            items += rest
            break
        name, _, value = item.partition("=")
        matches = {actions[o] for o in actions if o.startswith(name) and name.startswith("--")}
        action = actions.get(name) or (matches.pop() if len(matches) == 1 else None)
        if action is None and not item.startswith("--") or item == "-":
            (items if command in ("solve", "check") else options).append(item)
        elif action is None:  # an unknown option: argparse names it
            options.append(item)
        elif action.nargs == 0 or value or "=" in item:
            options.append(item)
        else:
            following = next(rest, None)
            options.append(item if following is None else f"{name}={following}")
    return options + (["--", *items] if items else [])


def _quiet_stdout() -> None:
    """After the reader has gone, send what is left to /dev/null, so exit prints no second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _say(text: str) -> None:
    """Print a message on standard error, if there is one that works (losing it changes no exit code)."""
    try:
        if sys.stderr is not None:
            print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def main(argv=None) -> int:
    """Run the command line; return the exit code."""
    if sys.stdout is None:
        _say("t24: error: standard output is closed; nothing can be printed")
        return EXIT_OUTPUT
    code = EXIT_OUTPUT
    try:
        code = _run(list(sys.argv[1:] if argv is None else argv))
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # the reader stopped early (`| head -1`): the work's own exit code
        _quiet_stdout()
        return code
    except OSError as error:
        _say(f"t24: error: cannot write the output: {error.strerror or error}")
        return EXIT_OUTPUT


def _run(argv: list[str]) -> int:
    """Parse and run one command; the exit code (argparse's own exits included)."""
    parser, commands = build_parser()
    try:
        args = parser.parse_args(_arrange(argv, commands))
        args.command_line = shlex.join(["t24", *argv])
    except SystemExit as exit:  # --help, --version, a usage error: argparse has printed it
        return exit.code if isinstance(exit.code, int) else EXIT_USAGE
    name, args.outcome = f"t24 {args.command}", EXIT_FOUND
    try:
        return args.run(args)
    except SearchTooLarge as error:
        _say(f"{name}: {getattr(error, 'option_text', error)}")
        return EXIT_TOO_LARGE
    except InputError as error:
        _say(f"{name}: error: {error}")
        return EXIT_USAGE
    except BrokenPipeError:
        _quiet_stdout()
        return args.outcome
    except KeyboardInterrupt:
        _say("interrupted")
        return EXIT_INTERRUPTED
