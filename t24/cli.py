"""The command line: `t24 solve`, `t24 check` and `t24 play`; every option is read here.

Every message is one line, never a traceback; the exit codes are in `EXIT_CODES`. A reader that
stops early (`t24 solve ... | head -1`) ends the command quietly with the code of the work done.
"""

import argparse
import os
import re
import sys
from contextlib import suppress

from . import __version__, solver
from .check import check_answer
from .hand import InputError, SearchTooLarge, as_hand, as_target, whole
from .methods import TABLE
from .text import N_, _, describe, hand_text, said

# The exit codes, as `EXIT_CODES` says them.
FOUND = 0
NONE = 1
USAGE = 2
TOO_LARGE = 3
OUTPUT = 4
INTERRUPTED = 130
EXIT_CODES = N_(
    "exit codes: 0 answer found / right, 1 none / wrong, 2 usage error, "
    "3 search too large for the method, 4 output cannot be written, 130 interrupted"
)
CHECK_EXAMPLE = 't24 check 3 3 8 8 "8/(3-8/3)"'
# Each command's line in `t24 --help`, and the first line of its own help.
ABOUT = {
    "solve": N_("print every way to make the target"),
    "check": N_("check an answer: the cards used exactly, the target made"),
    "play": N_("practise: make the target from dealt cards"),
}

# argparse's own words a person can meet (its help page and usage errors), as argparse writes
# them, so t24's catalogue translates them too: `main` hands argparse t24's gettext while it runs.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what is wrong, and where to look), and a value may
    start with one dash (`--target -1/3`, the expression `-8*3+3+8`): no option here has one."""

    def __init__(self, **options):
        super().__init__(**options)
        self._negative_number_matcher = re.compile("-[^-]")  # read as a value, as -3 would be

    def error(self, message: str):
        _say(said("{prog}: error: {message} (see {prog} --help)", prog=self.prog, message=message))
        raise SystemExit(USAGE)  # even when standard error fails

    def _print_message(self, message: str, file=None) -> None:
        (file or sys.stdout).write(message)  # help and version: a failure is exit 4


def _add(command, dest, help, default=None, low=None, convert=None, **options) -> None:
    """The option `--dest` (`_` as `-`): a flag for a False default, else read by `convert` (a
    whole number N at least `low` for an int default or a `low`), whose InputError is a usage error."""
    name = "--" + dest.replace("_", "-")
    if default is False:
        options["action"] = "store_true"
    elif convert or isinstance(default, int) or low is not None:
        if not convert and "choices" not in options:  # written N in every language, as a card is
            options["metavar"] = "N"
        convert = convert or (lambda text: whole(text, name, low))

        def read(text: str):
            try:
                return convert(text)
            except InputError as error:
                raise argparse.ArgumentTypeError(str(error)) from None

        options["type"] = read
    command.add_argument(name, help=help, default=default, **options)


def build_parser() -> Parser:
    """The parser of every command; each command's parser sets `run`, its function."""
    from .game import MAX_COUNT, MIN_COUNT

    description = _("The 24 game: make a target from cards with + - * / and brackets.")
    parser = Parser(prog="t24", description=description, epilog=_(EXIT_CODES))
    version = _("show program's version number and exit")
    parser.add_argument("--version", action="version", version=f"t24 {__version__}", help=version)
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=Parser)
    commands.required = True
    for name, run in zip(ABOUT, (run_solve, run_check, run_play)):
        about = _(ABOUT[name])
        commands.add_parser(name, help=about, description=about).set_defaults(run=run, command=name)
    solve, check, play = commands.choices.values()
    parser.commands = commands.choices
    cards = said("the cards (1 to {most}), e.g. 3 3 8 8", most=solver.MAX_NUMBERS)
    solve.add_argument("numbers", nargs="+", metavar="N", help=cards)
    check.add_argument("numbers", nargs="+", metavar="N", help=_("the cards, e.g. 3 3 8 8"))
    expression = said("the expression, after the cards: {example}", example=CHECK_EXAMPLE)
    check.add_argument("expression", metavar=_("EXPRESSION"), help=expression)
    target = _("what to make (default 24; a fraction like 1/3 or -1/3 works)")
    for command in solve, check, play:
        _add(command, "target", target, as_target(24), convert=as_target, metavar=_("TARGET"))
    _add(
        solve, "method", _("which method searches (default recursive)"), "recursive", choices=TABLE
    )
    _add(solve, "first", _("stop at the first answer"), False)
    _add(solve, "distinct", _("one answer per class of equivalent answers"), False)
    _add(play, "low", _("lowest card (default 1)"), 1)
    _add(play, "high", _("highest card (default 13)"), 13)
    count = _("cards per hand, {low} to {high} (default 4)")
    _add(play, "count", count.format(low=MIN_COUNT, high=MAX_COUNT), 4)
    _add(play, "seed", _("seed the deal (0 or more), to replay the same hands"), low=0)
    _add(play, "any", _("deal any hand; 'none' answers one that cannot be done"), False)
    _add(play, "rounds", _("stop after this many hands"), low=1)
    return parser


def run_solve(args) -> int:
    hand = as_hand(args.numbers)
    answers = solver.solve(hand, args.target, args.method, args.first, args.distinct)
    args.outcome = FOUND if answers else NONE
    for expr in answers:
        print(expr)
    if not answers:
        none = _("no way to make {target} from {hand}")
        _say(none.format(target=describe(args.target), hand=hand_text(hand)))
    return args.outcome


def run_check(args) -> int:
    verdict = check_answer(as_hand(args.numbers), args.expression, args.target)
    if verdict.kind == "unreadable":
        raise InputError(verdict.message)
    args.outcome = FOUND if verdict.ok else NONE
    if verdict.ok:
        print(said("right: {verdict}", verdict=verdict.message))
    elif args.expression.strip().isdecimal():  # `t24 check 3 3 8 8`: the last card read as one
        wrong = _("wrong: {verdict} (the expression comes last: {example})")
        _say(wrong.format(verdict=verdict.message, example=CHECK_EXAMPLE))
    else:
        _say(said("wrong: {verdict}", verdict=verdict.message))
    return args.outcome


def run_play(args) -> int:
    from .game import Game, play, terminal_lines

    if sys.stdin is None or sys.stdin.closed:
        refusal = _(
            "there is no input to read (standard input is closed); "
            "run it at a terminal or pipe answers in"
        )
        raise InputError(refusal)
    game = Game(args.target, args.low, args.high, args.count, args.seed, args.any)
    if hasattr(sys.stdin, "reconfigure"):  # text that is not UTF-8 must not end the game
        sys.stdin.reconfigure(errors="replace")
    try:
        play(terminal_lines(), lambda text: print(text, flush=True), game, args.rounds)
    except KeyboardInterrupt:
        print("\n" + said("interrupted; final score: {score}", score=game.score))
        return INTERRUPTED
    return FOUND


def _say(text: str) -> None:
    """Print a message on standard error, if it works (losing it changes no exit code)."""
    with suppress(OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


def _streams() -> None:
    """Make standard output and error fit to print on, or raise OSError if output is closed."""
    if sys.stderr is None:  # `2>&-`: its messages are lost, yet input() needs one to run
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (open for the rest of the run)
    if sys.stdout is None:
        raise OSError(_("standard output is closed; nothing can be printed"))
    for stream in (sys.stdout, sys.stderr):  # an ASCII terminal shows × as \xd7, no error
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def main(argv=None) -> int:
    """Run the command line; return the exit code. Every error becomes one line and its code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = argparse.Namespace(outcome=OUTPUT, command="")
    # argparse looks up its module's `_` as it speaks: lent t24's until the run ends, so a
    # caller's own parsers keep theirs (its `ngettext` says nothing these options can meet).
    saved = argparse._
    argparse._ = _
    try:
        _streams()
        parser = build_parser()
        command = parser.commands.get(argv[0]) if argv else None
        if command:  # cards and options mixed; argparse would cut "usage: " as 7 characters
            command.usage = command.format_usage().removeprefix(_("usage: "))
        args = command.parse_intermixed_args(argv[1:]) if command else parser.parse_args(argv)
        args.outcome = FOUND
        args.outcome = args.run(args)
        sys.stdout.flush()
        return args.outcome
    except SystemExit as exit:  # --help, --version, a usage error: argparse has printed it
        return exit.code if isinstance(exit.code, int) else USAGE
    except SearchTooLarge as error:  # the methods named as the command line names them
        refusal = error.sentence(name=lambda method: f"--method {method}")
        _say(said("t24 {command}: {refusal}", command=args.command, refusal=refusal))
        return TOO_LARGE
    except InputError as error:
        _say(said("t24 {command}: error: {error}", command=args.command, error=error))
        return USAGE
    except KeyboardInterrupt:
        _say(_("interrupted"))
        return INTERRUPTED
    except BrokenPipeError:  # the reader stopped early (`| head -1`): the work's own exit code
        with suppress(OSError, ValueError, AttributeError):  # what is left goes to /dev/null,
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so no second error
        return args.outcome
    except OSError as error:
        _say(said("t24: error: cannot write the output: {why}", why=error.strerror or error))
        return OUTPUT
    finally:
        argparse._ = saved
