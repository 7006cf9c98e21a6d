"""The command line: answers, checks, exit codes and one-line errors (never a traceback)."""

import os
import shlex
import subprocess
import sys

import pytest

import t24
from t24.cli import main


def cli(capsys, *args):
    """Run the command line in this process; return (exit code, stdout, stderr)."""
    return (main(list(args)), *capsys.readouterr())


@pytest.mark.parametrize("method", t24.METHODS)
def test_solve_prints_one_answer_per_line_with_every_method(capsys, method):
    code, out, _ = cli(capsys, "solve", "4", "5", "6", "7", "--method", method, "--distinct")
    assert code == 0 and out.splitlines() == ["(7 + 5 - 6) * 4", "(7 + 5) * (6 - 4)"]


@pytest.mark.parametrize(
    "args, code, stream, phrase",
    [
        (["solve", "1", "1", "1", "1"], 1, "err", "no way to make 24 from 1 1 1 1"),
        (["solve", "-3", "5", "--target", "8"], 0, "out", "5 - (-3)"),
        (["solve", "3", "3", "8", "8", "--tar", "-1/3"], 1, "err", "no way to make -1/3"),
        (["solve", "--target", "-3", "-1", "2", "3", "4", "--first"], 0, "out", "-"),
        (["check", "3", "3", "8", "8", "8/(3-8/3)"], 0, "out", "right: 8 / (3 - 8 / 3) = 24"),
        (["check", "24", "24"], 0, "out", "right: 24 = 24"),
        (["check", "3", "3", "8", "8", "-8*3+3+8+24+24"], 2, "err", "a minus sign needs something"),
        (["check", "3", "3", "8", "8", "3*8-3+8"], 1, "err", "makes 29, not 24"),
        (["check", "3", "3", "8", "8", "8/(3-3)*8"], 1, "err", "divides by zero"),
        (["check", "3", "3", "8", "8"], 1, "err", "the expression comes last"),
        (["check", "1", "2", "3", "(2-1)/3", "--target", "1/2"], 1, "err", "makes 1/3, not 1/2"),
        (["solve"], 2, "err", "the following arguments are required"),
        (["solve", "3", "x", "8"], 2, "err", "'x' is not a whole number"),
        (["solve", "-1/3", "3"], 2, "err", "'-1/3' is not a whole number"),
        (["solve", "1", "2", "--target", "abc"], 2, "err", "target 'abc' is not a number"),
        (["solve", "1", "2", "--meth", "-x"], 2, "err", "invalid choice: '-x'"),
        (["check", "3"], 2, "err", "the following arguments are required: EXPRESSION"),
        (["check", "3", "8", "\u0663"], 2, "err", "'\u0663' is not a digit 0-9"),
        (["check", "3", "3", "8", "8", "__import__('os')"], 2, "err", "names are not allowed"),
        (["play", "--seed", "-1"], 2, "err", "--seed must be at least 0, not -1"),
        (["solve", "3", "--seed", "-1"], 2, "err", "unrecognized arguments: --seed"),
        (["frobnicate"], 2, "err", "invalid choice"),
        ([], 2, "err", "the following arguments are required"),
        (["--help"], 0, "out", "4 output cannot be written, 130 interrupted"),  # the exit codes
        # a search too large: exit 3, in the command line's words (never `method=`)
        (["solve", *"0123456", "--target", "0", "--method", "fast"], 3, "err", "no method"),
        (["solve", *"11111111", "--method", "fast", "--first"], 3, "err", "1 to 7 numbers, not 8"),
        (["solve", *"01234", "--method", "postfix"], 3, "err", "use --method postfix-compiled"),
        (["solve", *"123456", "--method", "recursive", "--first"], 3, "err", "20,995,200 final"),
    ],
)
def test_each_command_line_gets_its_exit_code_and_one_line(capsys, args, code, stream, phrase):
    got, out, err = cli(capsys, *args)
    said, other = (out, err) if stream == "out" else (err, out)
    assert got == code and phrase in " ".join(said.split()) and "method=" not in said
    assert other == "" and "Traceback" not in err and "\0" not in out + err and err.count("\n") <= 1


def test_whatever_solve_prints_check_accepts(capsys):
    big, target = str(10**99), str(5 * 10**99)
    code, out, _ = cli(capsys, "solve", *[big] * 5, "--target", target, "--method", "fast")
    assert code == 0 and len(out.splitlines()[0]) > 500
    for answer in out.splitlines()[:20]:
        assert cli(capsys, "check", *[big] * 5, answer, "--target", target)[0] == 0


@pytest.mark.parametrize(
    "line, code, said",
    [
        ("solve x 2>/dev/full", 2, ""),
        ("solve 1 2 3 4 5 6 7 8 2>/dev/full", 3, ""),
        ("--help >/dev/full", 4, "cannot write the output"),
        ("solve 3 3 8 8 >/dev/full", 4, "cannot write the output"),
        ("solve 3 3 8 8 2>&- | grep -qx '8 / (3 - 8 / 3)' && exit ${PIPESTATUS[0]}", 0, ""),
        ("solve 1 2 3 4 5 --method fast | head -1 >/dev/null; exit ${PIPESTATUS[0]}", 0, ""),
        (
            "play --rounds 1 --seed 1 2>&- <<< q | grep -q 'final score' && exit ${PIPESTATUS[0]}",
            0,
            "",
        ),
    ],
)
def test_a_failing_stream_keeps_the_exit_code_and_a_reader_may_stop_early(line, code, said):
    command = f"{shlex.quote(sys.executable)} -m t24 {line}"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60)
    assert done.returncode == code and said in done.stderr and done.stderr.count("\n") <= bool(said)


def test_an_ascii_terminal_gets_escapes_and_the_same_exit_code():
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    env["LANGUAGE"] = "zh_CN"  # 正确 (right), as escapes
    run = ["-m", "t24", "check", "3", "3", "8", "8", "8/(3-8/3)"]
    done = subprocess.run([sys.executable, *run], capture_output=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith(rb"\u6b63\u786e\uff1a8 / (3 - 8 / 3)")


ENGLISH = ["usage: t24 [-h]", "usage: t24 check [-h]", "options:", "show this help", "required"]
ENGLISH += ["no way to make 24 from 1"]
CHINESE = ["用法：t24 [-h]", "用法：t24 check [-h]", "N [N ...] 表达式", "缺少必需的参数：命令"]
CHINESE += ["用 1 算不出 24"]
COMMANDS = [["--help"], [], ["check", "-h"], ["solve", "1", "--method", "x"], ["solve", "1"]]
NOT_CHINESE = [*ENGLISH[2:], "usage", "argument", "invalid choice", "COMMAND", "TARGET"]


@pytest.mark.parametrize("lang, said", [("zh_CN.UTF-8", CHINESE), ("C.UTF-8", ENGLISH)])
def test_the_command_line_and_argparse_speak_the_locales_language(lang, said):
    """`LANG=zh_CN.UTF-8 t24 solve 1 1 1 1` answers in Chinese, as any gettext program would;
    `t24 --help`, a command's help and usage errors too: no word of argparse's English."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    text = ""
    for args in COMMANDS:
        command = [sys.executable, "-m", "t24", *args]
        done = subprocess.run(command, env={**env, "LANG": lang}, capture_output=True, text=True)
        text += done.stdout + done.stderr
    assert [phrase for phrase in said if phrase not in text] == []
    assert lang == "C.UTF-8" or [word for word in NOT_CHINESE if word in text] == []


def test_argparse_is_itself_again_after_the_command_line(capsys):
    """The command line lends argparse t24's words only while it runs."""
    import argparse
    import gettext

    cli(capsys, "--help")
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext
