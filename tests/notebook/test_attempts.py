"""Every check against a catalogue of novices' attempts: each wrong one gets a sentence naming
its fault and never "Right", each right one "Right"; no traceback, no hang, whatever comes back."""

import importlib.util
import re
import signal
import sys
from pathlib import Path

import numpy as np
import pytest

from t24.lessons import distinct_answers, every_check, questions
from t24.methods import patterns
from t24.notebook import checks

SPEC = importlib.util.spec_from_file_location(
    "p", Path(__file__).parents[2] / "tools/checks_page.py"
)
SPEC.loader.exec_module(page := importlib.util.module_from_spec(SPEC))  # reads the catalogue
ATTEMPTS, define = page.ATTEMPTS, page.define
CHECKS = every_check()
CATALOGUE = [
    pytest.param(*attempt, id=f"{attempt[0]}: {attempt[1]}") for attempt in page.catalogue()
]
HEARD = {}  # {(check, title): the sentence it said}, from which the teacher's page is made


@pytest.fixture(autouse=True)
def short_limit(monkeypatch):
    monkeypatch.setattr(checks, "LIMIT", 5)


@pytest.mark.parametrize(("name", "title", "expect", "setup", "code"), CATALOGUE)
def test_attempt_gets_its_sentence(capsys, name, title, expect, setup, code):
    passed = CHECKS[name](define(setup, code, name))
    out = HEARD[name, title] = capsys.readouterr().out
    assert out.count("\n") == 1 and len(out) < 600 and "Traceback" not in out, out
    right = title.startswith("right")
    assert ("Right" in out) is right and passed is right, out
    assert all(phrase in out for phrase in expect), out


def test_every_check_has_its_catalogue():
    assert set(CHECKS) == {path.stem for path in ATTEMPTS.glob("*.md")}
    for path in ATTEMPTS.glob("*.md"):
        titles = re.findall(r"^## (right|wrong)", path.read_text(), flags=re.M)
        assert titles.count("right") >= 3 and titles.count("wrong") >= 8, path.stem


@pytest.mark.parametrize("lang", page.PAGES)
def test_the_teachers_page_says_every_sentence_and_is_up_to_date(lang):
    """teacher/checks.md, and each edition's page in its language (teacher/zh-CN/checks.md)."""
    from t24.text import use_language

    text = page.page(HEARD, lang)  # any attempt not yet heard in this run is run here
    tables = [checks.SENTENCES, questions(), distinct_answers.SAME_ANSWER_CASES]
    use_language(lang)
    try:
        said = [page.shown(page.words(words)) for table in tables for words in table.values()]
        title = page.words(page.TITLE)
    finally:
        use_language(None)
    assert text.startswith(f"# {title}\n") and all(words in text for words in said)
    assert text == page.PAGES[lang].read_text(), "run tools/checks_page.py"


class Unprintable(Exception):
    def __str__(self):
        raise ValueError("no words")


class BadLen(list):
    def __len__(self):
        raise RuntimeError("no length")


def raising(error):
    def attempt(*args):
        raise error

    return attempt


def endless(*args):
    try:
        while True:
            pass
    except BaseException:  # noqa: BLE001, S110 -- a student's code that swallows the alarm once
        pass
    while True:
        pass


def swallowing(hand, target):
    try:
        return patterns.search(hand, target)
    except BaseException:  # noqa: BLE001 -- an attempt that hides the check's stop
        return []


FINAL = "check_final_numbers"  # the check most returns below are tried on
HOSTILE = [
    (FINAL, lambda count: np.zeros((4000, 4000)), ["a numpy array (2-d, (4000, 4000))"]),
    (FINAL, lambda count: np.array([]), ["a numpy array (1-d, [])", "a whole number is"]),
    (FINAL, raising(KeyboardInterrupt()), ["interrupted"]),
    (FINAL, raising(Unprintable()), ["raised Unprintable (no message)", "line 2"]),
    (FINAL, raising(ValueError("x" * 10**6)), ["not accepted (xxx"]),
    (FINAL, lambda count: 10**5000, ["gives about 10^5,000 for 2"]),
    (FINAL, lambda count: BadLen([6]), ["a BadLen ([6])", "a whole number is expected"]),
    ("check_targets", lambda hand: BadLen([1]), ["misses `2` for 3 3 8 8"]),
    ("check_reduction", lambda array, n, target, found: array.clear(), ["the array ends empty"]),
    ("check_targets", lambda hand: iter(int, 1), ["misses `1` for 3 3 8 8"]),
    ("check_unused", endless, ["did not finish in 5 s", "a loop that never ends?"]),
    ("check_patterns", swallowing, ["it calls t24's own `patterns.search`"]),
]
HOSTILE += [(name, lambda *args: BadLen([1]), []) for name in CHECKS]  # its `len` raises


@pytest.mark.parametrize(("name", "attempt", "phrases"), HOSTILE)
def test_hostile_returns_get_a_short_sentence(capsys, name, attempt, phrases):
    alarm = signal.getsignal(signal.SIGALRM)
    tracing = sys.gettrace()
    assert CHECKS[name](attempt) is False
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and len(out) < 400 and "Traceback" not in out, out
    assert all(phrase in out for phrase in phrases), out
    assert signal.getsignal(signal.SIGALRM) == alarm  # the kernel's handler is back
    assert sys.gettrace() is tracing  # and its trace function (a debugger's)


# Python's first line for an error, kept in English and said plainly in Chinese; a line the table
# has not (the last) is kept as it is.
EXPLAINED = {
    "'int' object has no attribute 'remove'": "`int` 类型没有 `remove` 这个属性或方法",
    "for +: 'int' and 'str'": "运算符 `+` 不能用在 `int` 和 `str` 之间",
    "list index out of range": "`list` 里没有这个下标的元素",
    "'int' object is not subscriptable": "`int` 类型不能用 [ ] 取下标",
    "'int' object is not callable": "`int` 不是函数",
    "x not in list": "`list` 里没有这一项",
    "(odd)": "（odd）",
}
ERRING = [
    lambda count: count.remove(1),
    lambda count: count + "1",
    lambda count: [1, 2][count],
    lambda count: count[0],
    lambda count: count(),
    lambda count: [].remove(count),
    raising(ValueError("odd")),
]


@pytest.mark.parametrize(("attempt", "english"), list(zip(ERRING, EXPLAINED)))
def test_pythons_error_line_is_explained_in_chinese_and_kept_in_english(capsys, attempt, english):
    from t24.text import use_language

    assert CHECKS[FINAL](attempt) is False
    assert english in capsys.readouterr().out
    use_language("zh_CN")
    try:
        assert CHECKS[FINAL](attempt) is False
    finally:
        use_language(None)
    out = capsys.readouterr().out
    assert EXPLAINED[english] in out and english not in out, out
