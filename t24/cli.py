"""The command line: `t24 solve`, `t24 check` (and `t24 bench`, `t24 play`).

Exit codes: 0 when there is an answer (or the checked answer is right), 1 when there is none
(or it is wrong), 2 for a usage error, always with a one-line message and never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import solver
from .check import check_answer, describe
from .hand import InputError, as_hand, as_target

EXIT_FOUND, EXIT_NONE, EXIT_USAGE = 0, 1, 2


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line: what is wrong, and where to look."""

    def error(self, message: str):
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def target_arg(text: str):
    try:
        return as_target(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> Parser:
    parser = Parser(prog="t24", description="The 24 game: make a target from cards with + - * / and brackets.")
    parser.add_argument("--version", action="version", version=f"t24 {__import__('t24').__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True

    solve = commands.add_parser("solve", help="print every way to make the target", description="Print one answer per line.")
    solve.add_argument("numbers", nargs="+", metavar="N", help="the cards, e.g. 3 3 8 8")
    solve.add_argument("--target", type=target_arg, default=as_target(24), help="what to make (default 24; 1/3 works)")
    solve.add_argument("--method", choices=solver.METHODS, default="recursive", help="which approach searches (default recursive)")
    solve.add_argument("--first", action="store_true", help="stop at the first answer")
    solve.add_argument("--distinct", action="store_true", help="one answer per class of equivalent answers")
    solve.add_argument("--json", action="store_true", help="print JSON: numbers, target, method, answers, counts")
    solve.set_defaults(run=run_solve)

    check = commands.add_parser("check", help="check an answer", description="Check that an expression uses exactly the numbers and makes the target.")
    check.add_argument("items", nargs="+", metavar="N", help='the cards, then the expression in quotes: 3 3 8 8 "8/(3-8/3)"')
    check.add_argument("--target", type=target_arg, default=as_target(24), help="what to make (default 24)")
    check.set_defaults(run=run_check)

    for module in _extra_commands():
        module.add_command(commands)
    return parser


def _extra_commands():
    """Commands that live beside the module they drive (bench, play), when present."""
    import importlib

    found = []
    for name in ("bench", "game"):
        try:
            module = importlib.import_module(f"t24.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"t24.{name}":
                raise
            continue
        if hasattr(module, "add_command"):
            found.append(module)
    return found


def _json_number(value):
    return value.numerator if value.denominator == 1 else describe(value)


def _counts(hand, method: str, answers: list) -> dict:
    """The answer count, and the candidates the method's search space holds for this hand."""
    counts = {"answers": len(answers)}
    candidates = solver.count_candidates(hand, method)
    if candidates is not None:
        counts["candidates"] = candidates
    return counts


def run_solve(args) -> int:
    hand = as_hand(args.numbers)
    answers = solver.solve(hand, args.target, method=args.method, first=args.first, distinct=args.distinct)
    if args.json:
        print(json.dumps({
            "numbers": list(hand),
            "target": _json_number(args.target),
            "method": args.method,
            "first": args.first,
            "distinct": args.distinct or args.method == "fast",
            "answers": [str(expr) for expr in answers],
            "counts": _counts(hand, args.method, answers),
        }, indent=2))
    else:
        for expr in answers:
            print(expr)
        if not answers:
            print(f"no way to make {describe(args.target)} from {' '.join(map(str, hand))}", file=sys.stderr)
    return EXIT_FOUND if answers else EXIT_NONE


def run_check(args) -> int:
    if len(args.items) < 2:
        raise InputError('give the cards and then the expression, e.g. t24 check 3 3 8 8 "8/(3-8/3)"')
    *numbers, text = args.items
    verdict = check_answer(as_hand(numbers), text, args.target)
    print(("right: " if verdict.ok else "wrong: ") + verdict.message, file=sys.stdout if verdict.ok else sys.stderr)
    return EXIT_FOUND if verdict.ok else EXIT_NONE


def main(argv=None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except InputError as error:
        print(f"t24 {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
