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
import re
import sys
from pathlib import Path

from . import __version__, solver
from .check import check_answer
from .hand import (
    MAX_DIGITS,
    MINUS_SIGNS,
    TOO_LONG,
    InputError,
    SearchTooLarge,
    as_hand,
    as_target,
    foreign_digit,
    not_a_digit,
    shown,
)
from .methods import METHODS
from .methods.sizes import FAST_MAX_CARDS
from .text import describe, hand_text

# Growth past eight numbers would only record more refusals: every method refuses more than seven.
MAX_GROWTH = FAST_MAX_CARDS + 1
MAX_GROWTH_WHY = (f": every method refuses more than {FAST_MAX_CARDS} numbers (fast takes the most), "
                  f"so {MAX_GROWTH} already shows the limit")

EXIT_FOUND, EXIT_NONE, EXIT_USAGE, EXIT_TOO_LARGE, EXIT_OUTPUT, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line: what is wrong, and where to look."""

    def error(self, message: str):
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _argument(convert):
    """An argparse type from a converter that raises InputError."""

    def read(text: str):
        try:
            return convert(text)
        except InputError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    read.__name__ = convert.__name__
    return read


target_arg = _argument(as_target)


def whole_number(name: str, low: int | None = None, high: int | None = None, why: str = ""):
    """An argparse type for a whole number option, at least `low` and at most `high` (because `why`)."""

    def convert(text: str) -> int:
        # The digits 0-9 with an optional sign (any of the three minus signs), as for cards:
        # not int()'s grammar, which also takes other scripts' digits and underscores.
        match = re.fullmatch("([" + re.escape("+" + MINUS_SIGNS) + "]?)([0-9]+)", text.strip())
        if match is None:
            digit = foreign_digit(text)
            raise argparse.ArgumentTypeError(not_a_digit(digit) if digit else f"{name} must be a whole number, not {shown(text)}")
        if len(match[2].lstrip("0")) > MAX_DIGITS:
            raise argparse.ArgumentTypeError(TOO_LONG)
        value = int(match[2]) * (-1 if match[1] and match[1] in MINUS_SIGNS else 1)
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"{name} must be at least {low}, not {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{name} must be at most {high}, not {value}{why}")
        return value

    return convert


def _methods_arg(text: str) -> list[str]:
    names = [name.strip() for name in text.replace(",", " ").split() if name.strip()]
    unknown = [name for name in names if name not in METHODS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown method {', '.join(unknown) or text!r}; choose from {', '.join(METHODS)}")
    return names


def build_parser() -> tuple[Parser, dict[str, Parser]]:
    """The parser, and each command's own parser by name (for errors in the command's name)."""
    parser = Parser(prog="t24", description="The 24 game: make a target from cards with + - * / and brackets.",
                    epilog="exit codes: 0 answer found / right, 1 none / wrong, 2 usage error, "
                           "3 search too large for the method, 4 output cannot be written, 130 interrupted")
    parser.add_argument("--version", action="version", version=f"t24 {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    target_help = "what to make (default 24; a fraction like 1/3 or -1/3 works)"

    solve = commands.add_parser("solve", help="print every way to make the target", description="Print one answer per line.")
    solve.add_argument("numbers", nargs="+", metavar="N", help="the cards, e.g. 3 3 8 8")
    solve.add_argument("--target", type=target_arg, default=as_target(24), help=target_help)
    solve.add_argument("--method", choices=METHODS, default="recursive", help="which method searches (default recursive)")
    solve.add_argument("--first", action="store_true", help="stop at the first answer")
    solve.add_argument("--distinct", action="store_true", help="one answer per class of equivalent answers")
    solve.add_argument("--json", action="store_true", help="print JSON: numbers, target, method, answers, counts")
    solve.set_defaults(run=run_solve)

    check = commands.add_parser("check", help="check an answer", description="Check that an expression uses exactly the numbers and makes the target.")
    check.add_argument("items", nargs="+", metavar="N", help='the cards, then the expression in quotes: 3 3 8 8 "8/(3-8/3)"')
    check.add_argument("--target", type=target_arg, default=as_target(24), help=target_help)
    check.set_defaults(run=run_check)

    from .game import MAX_COUNT, MIN_COUNT

    play = commands.add_parser(
        "play", help="practise: make the target from dealt cards",
        description="Deal hands to solve. Type an answer; h gives a hint, s shows an answer, q quits.",
    )
    play.add_argument("--target", type=target_arg, default=as_target(24), help=target_help)
    play.add_argument("--low", type=whole_number("--low"), default=1, help="lowest card (default 1)")
    play.add_argument("--high", type=whole_number("--high"), default=13, help="highest card (default 13)")
    play.add_argument("--count", type=whole_number("--count"), default=4, help=f"cards per hand, {MIN_COUNT} to {MAX_COUNT} (default 4)")
    play.add_argument("--seed", type=whole_number("--seed", 0), default=None, help="seed the deal (0 or more), to replay the same hands")
    play.add_argument("--any", dest="any_hand", action="store_true", help="deal any hand; 'none' answers one that cannot be done")
    play.add_argument("--rounds", type=whole_number("--rounds", 1), default=None, help="stop after this many hands")
    play.set_defaults(run=run_play)

    from .bench import GROWTH_COUNTS, GROWTH_HANDS, QUICK_HANDS, QUICK_SAMPLE, SAMPLE_HANDS, SLOW_SWEEP
    from .bench import CLOCKS, new_run_folder

    bench = commands.add_parser(
        "bench", help="time every method and save the figures",
        description="Time every method on a sample of hands (the optimised ones on all 1820 hands of cards 1-13 too), "
                    "growth with 2 to 6 numbers, and the PyPI solvers game24/point24 if installed; "
                    "save the results as CSV/JSON in a new folder and print a table.",
    )
    bench.add_argument("--quick", action="store_true", help=f"{QUICK_HANDS} hands instead of the deck, {QUICK_SAMPLE} for every method, fewer growth hands")
    bench.add_argument("--hands", type=whole_number("--hands", 1), help="a fixed sample of this many hands instead of the deck")
    bench.add_argument("--sample", type=whole_number("--sample", 1), help=f"hands every method sweeps, as-written ones too (default {SAMPLE_HANDS})")
    bench.add_argument("--methods", type=_methods_arg, default=list(METHODS), help="comma-separated methods (default all)")
    bench.add_argument("--out", help="a new folder for the results (default t24-bench/<date and time>)")
    bench.add_argument("--replace", action="store_true", help="overwrite the results already in --out (never a full run with a sample)")
    bench.add_argument("--no-peers", action="store_true", help="skip game24 and point24 even if installed")
    bench.add_argument("--repeat", type=whole_number("--repeat", 1), default=3, help=f"repeat each sweep up to N times, keep the fastest (sweeps over {SLOW_SWEEP:g} s run once)")
    bench.add_argument("--max-count", type=whole_number("--max-count", 2, MAX_GROWTH, MAX_GROWTH_WHY), default=max(GROWTH_COUNTS),
                       help=f"growth: up to this many numbers, at most {MAX_GROWTH} (default 6)")
    bench.add_argument("--growth-hands", type=whole_number("--growth-hands", 1), help=f"growth: hands per count (default {GROWTH_HANDS}, --quick 2)")
    bench.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="cpu: this process's CPU time (default; steady on a shared machine); wall: elapsed time")
    bench.add_argument("--no-progress", action="store_true", help="no progress bars")
    bench.set_defaults(run=run_bench)
    return parser, dict(commands.choices)


def _json_number(value):
    return value.numerator if value.denominator == 1 else describe(value)


def run_solve(args) -> int:
    hand = as_hand(_items(args.numbers))
    answers = solver.solve(hand, args.target, method=args.method, first=args.first, distinct=args.distinct)
    args.outcome = EXIT_FOUND if answers else EXIT_NONE
    if args.json:
        counts = {"answers": len(answers)}
        size = solver.count_candidates(hand, args.method)
        if size is not None:
            counts["candidates"] = size
        print(json.dumps({
            "numbers": list(hand),
            "target": _json_number(args.target),
            "method": args.method,
            "first": args.first,
            "distinct": args.distinct or args.method == "fast",
            "answers": [str(expr) for expr in answers],
            "counts": counts,
        }, indent=2))
    else:
        for expr in answers:
            print(expr)
        if not answers:
            print(f"no way to make {describe(args.target)} from {hand_text(hand)}", file=sys.stderr)
    return args.outcome


def run_check(args) -> int:
    if len(args.items) < 2:
        raise InputError('give the cards and then the expression, e.g. t24 check 3 3 8 8 "8/(3-8/3)"')
    *numbers, text = _items(args.items)
    if text.strip().lstrip("+-\u2212\u2013").isdigit():
        raise InputError(
            f"the last item, {text.strip()!r}, is a card, not an expression: give the cards, then the expression "
            f'in quotes, e.g. t24 check 3 3 8 8 "8/(3-8/3)"'
        )
    verdict = check_answer(as_hand(numbers), text, args.target)
    args.outcome = EXIT_FOUND if verdict.ok else EXIT_NONE
    print(("right: " if verdict.ok else "wrong: ") + verdict.message, file=sys.stdout if verdict.ok else sys.stderr)
    return args.outcome


def run_play(args) -> int:
    """`t24 play`: the loop on stdin and stdout; 0 at the end, 130 after Ctrl-C."""
    from .game import Game, play, terminal_lines

    if sys.stdin is None or sys.stdin.closed:
        raise InputError("there is no input to read (standard input is closed); run it at a terminal or pipe answers in")
    game = Game(args.target, args.low, args.high, args.count, args.seed, args.any_hand)
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


def _bench_command(args) -> str:
    """The command line that reproduces this run, for meta.json."""
    parts = ["t24", "bench"]
    for flag in ("quick", "no_peers", "replace"):
        if getattr(args, flag):
            parts.append("--" + flag.replace("_", "-"))
    for flag in ("hands", "sample", "out", "growth_hands"):
        if getattr(args, flag):
            parts += ["--" + flag.replace("_", "-"), str(getattr(args, flag))]
    if list(args.methods) != list(METHODS):
        parts += ["--methods", ",".join(args.methods)]
    if args.repeat != 3:
        parts += ["--repeat", str(args.repeat)]
    if args.max_count != 6:
        parts += ["--max-count", str(args.max_count)]
    if args.clock != "cpu":
        parts += ["--clock", args.clock]
    return " ".join(parts)


def run_bench(args) -> int:
    """`t24 bench`: check the folder, run, save, print the table."""
    from .bench import GROWTH_HANDS, QUICK_HANDS, QUICK_SAMPLE, SAMPLE_HANDS, format_table, run_benchmark

    hands = args.hands or (QUICK_HANDS if args.quick else None)
    sample = args.sample or (QUICK_SAMPLE if args.quick else SAMPLE_HANDS)
    if args.out is not None and not args.out.strip():
        raise InputError("--out needs a folder name (leave it out for a new folder under t24-bench/)")
    out = Path(args.out) if args.out is not None else new_run_folder()
    results = run_benchmark(
            out=out, methods=args.methods, hands=hands, sample=sample, repeat=args.repeat,
            peers={} if args.no_peers else None, growth_counts=range(2, args.max_count + 1),
            growth_hands=args.growth_hands or (2 if args.quick else GROWTH_HANDS),
            progress=not args.no_progress, command=_bench_command(args), clock=args.clock, replace=args.replace,
        )
    args.outcome = EXIT_FOUND
    print(format_table(results))
    print(f"\nsaved in {out}/ (meta.json, deck.csv, growth.csv, peers.csv, summary.json)")
    return EXIT_FOUND


VALUE_OPTIONS = {"--target", "--method", "--low", "--high", "--count", "--seed", "--rounds", "--hands", "--sample",
                 "--methods", "--out", "--repeat", "--max-count", "--growth-hands", "--clock"}
ITEM = "\0"  # marks a card or an expression that starts with '-' (never in a real command line)


def _join_option_values(argv: list[str]) -> list[str]:
    """Read what starts with '-' the way a person means it, not as an unknown option.

    `--target -1/3` becomes `--target=-1/3` (argparse will not take a value that starts with '-'),
    and in `t24 solve` and `t24 check` a card or an expression like `-8*3+3+8` stays an item.
    """
    joined, items, command = [], iter(argv), None
    for item in items:
        if item in VALUE_OPTIONS:
            value = next(items, None)
            if value is None:
                joined.append(item)
            elif item == "--target" or value.startswith("-"):
                joined.append(f"{item}={value}")
            else:
                joined += [item, value]
        elif command is None and not item.startswith("-"):
            command = item
            joined.append(item)
        elif command in ("solve", "check") and item.startswith("-") and not item.startswith("--") and item not in ("-", "-h"):
            joined.append(ITEM + item)
        else:
            joined.append(item)
    return joined


def _items(values: list[str]) -> list[str]:
    """The cards and expression as typed (without the mark `_join_option_values` put on some)."""
    return [value.removeprefix(ITEM) for value in values]


def _quiet_stdout() -> None:
    """After the reader has gone, send what is left to /dev/null, so exit prints no second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv=None) -> int:
    """Run the command line; return the exit code."""
    if sys.stdout is None or sys.stderr is None:
        if sys.stderr is not None:
            print("t24: error: standard output is closed; nothing can be printed", file=sys.stderr)
        return EXIT_OUTPUT
    parser, commands = build_parser()
    argv = _join_option_values(list(sys.argv[1:] if argv is None else argv))
    args, extras = parser.parse_known_args(argv)
    if extras:
        commands[args.command].error(f"unrecognized arguments: {' '.join(extras)}")
    name = f"t24 {args.command}"
    try:
        code = args.run(args)
        sys.stdout.flush()
        return code
    except SearchTooLarge as error:
        print(f"{name}: {error}", file=sys.stderr)
        return EXIT_TOO_LARGE
    except InputError as error:
        print(f"{name}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        _quiet_stdout()
        return getattr(args, "outcome", EXIT_FOUND)
    except OSError as error:
        print(f"{name}: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return EXIT_OUTPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
