"""The command line: `t24 solve`, `t24 check`, `t24 play` and `t24 bench`; every option is read here.

Every message is one line, never a traceback; the exit codes are in `EXIT_CODES`. A reader that
stops early (`t24 solve ... | head -1`) ends the command quietly with the code of the work done.
"""

import argparse
import os
import re
import shlex
import sys
from contextlib import contextmanager, suppress
from pathlib import Path

from . import __version__, solver
from .check import check_answer
from .hand import InputError, SearchTooLarge, as_hand, as_target, whole
from .methods import METHODS, TABLE
from .text import N_, Nn_, _, describe, hand_text, n_, said

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
    "bench": N_("time every method and save the figures"),
}

# argparse's own words a person can meet (its help page and usage errors), as argparse writes
# them, so t24's catalogue translates them too: `speaking` hands argparse t24's gettext.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    Nn_("expected %s argument", "expected %s arguments"),
)


@contextmanager
def speaking():
    """argparse says its own words in t24's language (it looks up `_` and `ngettext` as it
    speaks), until the block ends: only the command line's parser, never a caller's."""
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _, n_
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what is wrong, and where to look), and a value may
    start with one dash (`--target -1/3`, the expression `-8*3+3+8`): no option here has one."""

    def __init__(self, **options):
        super().__init__(**options)
        self._negative_number_matcher = re.compile("-[^-]")  # read as a value, as -3 would be

    def parse_known_intermixed_args(self, args=None, namespace=None):
        """argparse's, keeping the whole usage (it cuts off 7 characters, the English "usage: ")."""
        if self.usage is not None:
            return super().parse_known_intermixed_args(args, namespace)
        self.usage = self.format_usage()[len(_("usage: ")) :]
        try:
            return super().parse_known_intermixed_args(args, namespace)
        finally:
            self.usage = None

    def error(self, message: str):
        _say(said("{prog}: error: {message} (see {prog} --help)", prog=self.prog, message=message))
        raise SystemExit(USAGE)  # even when standard error fails

    def _print_message(self, message: str, file=None) -> None:
        (file or sys.stdout).write(message)  # help and version: a failure is exit 4


def _add(command, dest, help, default=None, low=None, convert=None, **options) -> None:
    """The option `--dest` (`_` as `-`): a flag for a False default, else read by `convert` (a
    whole number at least `low` for an int default or a `low`), whose InputError is a usage error."""
    name = "--" + dest.replace("_", "-")
    if default is False:
        options["action"] = "store_true"
    elif convert or isinstance(default, int) or low is not None:
        convert = convert or (lambda text: whole(text, name, low))

        def read(text: str):
            try:
                return convert(text)
            except InputError as error:
                raise argparse.ArgumentTypeError(str(error)) from None

        options["type"] = read
    command.add_argument(name, help=help, default=default, **options)


def _methods(text: str) -> list[str]:
    names = text.replace(",", " ").split() or [text]
    return [solver.as_method(name) for name in dict.fromkeys(names)]


def build_parser() -> Parser:
    """The parser of every command; each command's parser sets `run`, its function."""
    from .bench import CLOCKS, GROWTH_HANDS, QUICK_HANDS, QUICK_SAMPLE, SAMPLE_HANDS, SLOW_SWEEP
    from .game import MAX_COUNT, MIN_COUNT

    description = _("The 24 game: make a target from cards with + - * / and brackets.")
    parser = Parser(prog="t24", description=description, epilog=_(EXIT_CODES))
    version = _("show program's version number and exit")
    parser.add_argument("--version", action="version", version=f"t24 {__version__}", help=version)
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=Parser)
    commands.required = True
    for name, run in zip(ABOUT, (run_solve, run_check, run_play, run_bench)):
        about = _(ABOUT[name])
        commands.add_parser(name, help=about, description=about).set_defaults(run=run, command=name)
    solve, check, play, bench = commands.choices.values()
    parser.commands = commands.choices
    cards = said("the cards (1 to {most}), e.g. 3 3 8 8", most=solver.MAX_NUMBERS)
    solve.add_argument("numbers", nargs="+", metavar="N", help=cards)
    items = said("the cards, then the expression, e.g. {example}", example=CHECK_EXAMPLE)
    check.add_argument("items", nargs="+", metavar="N", help=items)
    target = _("what to make (default 24; a fraction like 1/3 or -1/3 works)")
    for command in solve, check, play:
        _add(command, "target", target, as_target(24), convert=as_target)
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
    quick = _("{hands} hands, {sample} per method, fewer growth")
    _add(bench, "quick", quick.format(hands=QUICK_HANDS, sample=QUICK_SAMPLE), False)
    _add(bench, "hands", _("a fixed sample of this many hands instead of the deck"), low=1)
    sample = said("hands every method sweeps (default {sample})", sample=SAMPLE_HANDS)
    _add(bench, "sample", sample, low=1)
    _add(bench, "methods", _("comma-separated (default all)"), list(METHODS), convert=_methods)
    _add(bench, "out", _("a new folder for the results (default t24-bench/<date and time>)"))
    _add(bench, "replace", _("overwrite the results already in --out (not with a sample)"), False)
    repeat = _("keep the fastest of N (sweeps over {seconds} s run once)")
    _add(bench, "repeat", repeat.format(seconds=f"{SLOW_SWEEP:g}"), 3, 1)
    counts = range(2, solver.MAX_NUMBERS + 1)
    _add(bench, "max_count", _("growth: 2 to this many numbers (default 6)"), 6, choices=counts)
    growth = said("growth: hands per count (default {hands})", hands=GROWTH_HANDS)
    _add(bench, "growth_hands", growth, low=1)
    _add(bench, "no_progress", _("no progress bars"), False)
    _add(bench, "clock", _("cpu: this process's CPU time, or wall: elapsed"), "cpu", choices=CLOCKS)
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
    if len(args.items) < 2:
        refusal = _("give the cards and then the expression, e.g. {example}")
        raise InputError(refusal.format(example=CHECK_EXAMPLE))
    *numbers, text = args.items
    verdict = check_answer(as_hand(numbers), text, args.target)
    if verdict.kind == "unreadable":
        raise InputError(verdict.message)
    args.outcome = FOUND if verdict.ok else NONE
    if verdict.ok:
        print(said("right: {verdict}", verdict=verdict.message))
    elif text.strip().isdecimal():
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


def run_bench(args) -> int:
    from . import bench

    if args.out is not None and not args.out.strip():
        raise InputError(
            _("--out needs a folder name (leave it out for a new folder under t24-bench/)")
        )
    out = Path(args.out) if args.out is not None else bench.new_run_folder()
    same = {name: getattr(args, name) for name in ("methods", "repeat", "clock", "replace")}
    results = bench.run_benchmark(
        out=out,
        hands=args.hands or (bench.QUICK_HANDS if args.quick else None),
        sample=args.sample or (bench.QUICK_SAMPLE if args.quick else bench.SAMPLE_HANDS),
        growth_counts=range(2, args.max_count + 1),
        growth_hands=args.growth_hands or (2 if args.quick else bench.GROWTH_HANDS),
        progress=not args.no_progress,
        command=args.command_line,
        **same,
    )
    print(bench.format_table(results))
    files = ", ".join(bench.FILES)
    print("\n" + said("saved in {folder}/ ({files})", folder=out, files=files))
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
    try:
        _streams()
        with speaking():
            parser = build_parser()
            command = parser.commands.get(argv[0]) if argv else None  # cards and options mixed:
            args = command.parse_intermixed_args(argv[1:]) if command else parser.parse_args(argv)
        args.outcome = FOUND
        args.command_line = shlex.join(["t24", *argv])
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
