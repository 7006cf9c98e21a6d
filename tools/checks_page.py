"""The checks explained, for teachers: teacher/checks.md and each edition's page in its language
(teacher/zh-CN/checks.md), made from the checks' own tables (`t24.notebook.checks`, and each
lesson's module in `t24.lessons`).

    python tools/checks_page.py            writes teacher/checks.md and teacher/zh-CN/checks.md
    python tools/checks_page.py --check    says whether they are up to date

The mistakes behind a sentence are not written here: each attempt of the catalogue of novices'
attempts (tests/notebook/attempts/CHECK.md) is run through its check, and its title is listed
under the sentence it gets. What to ask next is NEXT, one for each kind of sentence. The page's
words are in the package's catalogue (make catalogues reads this file too).
"""

import contextlib
import inspect
import io
import linecache
import re
import sys
from collections import defaultdict
from pathlib import Path

import nbformat

from t24.lessons import distinct_answers, every_check, questions
from t24.notebook import checks
from t24.text import N_, _, n_, use_language

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nav  # noqa: E402  (tools/nav.py, beside this file: a lesson's title)

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "teacher/checks.md"
PAGES = {"en": PAGE, "zh_CN": ROOT / "teacher/zh-CN/checks.md"}  # each language's page
ATTEMPTS = ROOT / "tests/notebook/attempts"
BLOCK = re.compile(r"```python( setup)?\n(.*?)```", re.S)

# What to ask a student next, after each kind of sentence (and its question, when it has one).
NEXT = {
    "right": N_("Which case was hardest for your function, and why does it get it right?"),
    "right_answer": N_("How did you find your answer: which step did you try first?"),
    "stub": N_(
        "What should the function give back for the first case? Say it before writing code."
    ),
    "raise_left": N_("Which line stops your function before its own code runs?"),
    "slow": N_("Which variable changes on each pass of your loop, and when does the loop stop?"),
    "interrupted": N_("Run the check again: did you stop it, or did it take long?"),
    "exit": N_("What should the function hand back to the code that called it?"),
    "error": N_("Show me the line it names: what is each value there, for that case?"),
    "error_unplaced": N_("Which call in your function hands on the values that fail? Print them."),
    "shortcut": N_("Which steps of the method does your function take itself?"),
    "not_asked": N_("Which way does the exercise ask you to write it, and where does yours part?"),
    "printed": N_("What is the difference between showing a value and giving it back?"),
    "none": N_("Which path through your function ends without a `return`?"),
    "said": N_("Work the case on paper: what should the function give back, step by step?"),
    "kind": N_("What kind of value does the exercise ask for, and which line makes yours?"),
    "item_kind": N_("What is one item of your list? Show me the line that adds it."),
    "changed": N_("Which line changes the list it was given? What would a copy change?"),
    "value": N_("Work that case on paper: where does your function's value part from yours?"),
    "why": N_("Work that case on paper: which step of your function goes wrong?"),
    "missing": N_("Work that case by hand: which step should have found the item it misses?"),
    "extra": N_("Work out the extra item by hand: which rule of the exercise does it break?"),
    "repeated": N_("How does your function reach that item twice? Which loop makes it again?"),
    "order": N_("In what order does the exercise ask for the items? Which loop sets yours?"),
    "same_key": N_(
        "Work the two expressions by hand: which part of your key should tell them apart?"
    ),
    "different_key": N_(
        "Work the two expressions by hand: which part of your key sets them apart?"
    ),
}


def catalogue():
    """(check name, title, expected phrases, setup, code) for every attempt in every file."""
    for path in sorted(ATTEMPTS.glob("*.md")):
        name, text = path.stem, path.read_text()
        setup = "".join(code for tag, code in BLOCK.findall(text) if tag)
        for part in re.split(r"^## ", text, flags=re.M)[1:]:
            title, body = part.split("\n", 1)
            code = BLOCK.search(body).group(2)
            expect = re.findall(r"^expect: (.*)$", body, flags=re.M)
            yield name, title, expect, setup, code


def define(setup: str, code: str, tag: str):
    """Run the setup and the attempt as a notebook cell runs them; the attempt's last function."""
    space = {}
    for index, source in enumerate([setup, code]):
        filename = f"<{tag} {index}>"  # registered, as IPython registers a cell, for the line
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        exec(compile(source, filename, "exec"), space)  # noqa: S102 -- the catalogue's own code
    last = re.findall(r"^def (\w+)", code, flags=re.M)[-1]
    return space[last]


def words(template: str | tuple) -> str:
    """A template in the language in use (a pair: its form for many)."""
    return n_(*template, 2) if isinstance(template, tuple) else _(template)


def shown(template: str | tuple) -> str:
    """A template as the page shows it: each blank to fill as ‹name› (a pair: its form for many)."""
    return re.sub(r"\{(\w*)\}", r"‹\1›", template[-1] if isinstance(template, tuple) else template)


def matcher(template: str | tuple) -> re.Pattern:
    """A pattern that finds the template filled in, whatever fills its blanks (either form)."""
    forms = template if isinstance(template, tuple) else (template,)
    found = ["(?s:.*?)".join(map(re.escape, re.split(r"\{\w*\}", form))) for form in forms]
    return re.compile("|".join(f"(?:{form})" for form in found))


JOINED = N_("{problem}; {advice}")  # an error's problem and advice, as a check says them


def parts() -> dict:
    """Every question and piece of advice a sentence can carry, by the table entry it comes from."""
    found = {f'ASK["{k}"]': v for k, v in questions().items()}
    pairs = distinct_answers.SAME_ANSWER_CASES.items()
    found |= {f"SAME_ANSWER_CASES[{' | '.join(k)}]": v for k, v in pairs}
    for error, problem in checks.PROBLEMS.items():
        joined = _(JOINED).format(problem=_(problem), advice=_(checks.ADVICE[error]))
        found[f"PROBLEMS[{getattr(error, '__name__', error)}]"] = joined
    found["UNDEFINED"] = checks.UNDEFINED
    return found | {f'NAME_ADVICE["{k}"]': v for k, v in checks.NAME_ADVICE.items()}


def classify(sentence: str) -> tuple:
    """(the SENTENCES kind, the table entries of its question and advice) of one sentence."""
    said = sentence.strip()
    ends = ("", ".", "。")  # a sentence that ends with a question drops its full stop
    kinds = [
        k
        for k, v in checks.SENTENCES.items()
        if any(re.fullmatch(f"(?:{matcher(v).pattern})( .*)?", said + end, re.S) for end in ends)
    ]
    kind = max(kinds, key=lambda k: len(shown(checks.SENTENCES[k])))
    hits = [(key, text) for key, text in parts().items() if matcher(text).search(sentence)]
    hits = [h for h in hits if not any(h[1] != o[1] and h[1] in o[1] for o in hits)]
    return kind, tuple(key for key, _ in hits)


def run_catalogue(heard: dict) -> dict:
    """{check name: {(kind, entries): [titles of the attempts that get that sentence]}}; `heard`
    holds the sentences already heard, {(check name, title): sentence}: those are not run again."""
    got = defaultdict(lambda: defaultdict(list))
    for name, title, _expect, setup, code in catalogue():
        if (name, title) not in heard:
            with contextlib.redirect_stdout(io.StringIO()) as out:
                every_check()[name](define(setup, code, name))
            heard[name, title] = out.getvalue()
        got[name][classify(heard[name, title])].append(title.split(": ", 1)[-1])
    return got


def lessons(folder: Path = ROOT / "teacher") -> dict:
    """{check name: (lesson number, lesson title)}, from the lessons (in `folder`) that call it."""
    found = {}
    for path in sorted(folder.glob("[0-9][0-9]-*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        code = "".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
        for name in re.findall(r"\b(check_\w+)\(", code):
            found.setdefault(name, (path.name[:2], nav.title(notebook)[0]))
    return found


# The page's own words: its title and opening paragraph, its headings and the lines under each.
TITLE = N_("The checks explained")
OPENING = N_(
    "A check cell answers a student's attempt in one sentence. This page lists, for each\n"
    "lesson's check, the sentences its known wrong attempts get, the mistakes behind each\n"
    "(the novices' attempts in `tests/notebook/attempts/`, run through the check) and what\n"
    "to ask the student next. It is generated from the checks in `t24/lessons/` by\n"
    "`python tools/checks_page.py`; ‹name› marks a blank the check fills in (the function's\n"
    "name, the case, a value). The last part lists every sentence and question there is."
)
LESSON = N_("Lesson {number}: {title}")
OTHER = N_("Other")
GOT_BY = {
    True: N_("Right versions that get it: {titles}."),
    False: N_("Mistakes that get it: {titles}."),
}
ASK_NEXT = N_("Ask next: {question}")
EVERY_SENTENCE = N_("Every sentence, and what to ask next")
NOT_YET = N_("No attempt in the catalogue gets it yet.")
EVERY_PART = N_("Every question and piece of advice a sentence can carry")
SAID_BY = N_("Said by: {names}.")
NOBODY = N_("no attempt in the catalogue yet")


def entry(kind: str, keys: tuple, every: dict) -> str:
    """One sentence on the page: its words, the question it carries, what to ask next."""
    said = " ".join(f"*{shown(words(every[k]))}* ({k})" for k in keys)
    return f"- **{shown(words(checks.SENTENCES[kind]))}** ({kind}){' ' + said if said else ''}\n"


def page(heard: dict, lang: str = "en") -> str:
    """The page in `lang`, from the sentences the catalogue's attempts get (see `run_catalogue`),
    which are heard in English, the checks' tables' own words."""
    use_language("en")
    try:
        got = run_catalogue(heard)
        use_language(lang)
        return write(got, lessons(PAGES[lang].parent))
    finally:
        use_language(None)


def write(got: dict, where: dict) -> str:
    """The page in the language in use: each lesson's checks, then every sentence and part."""
    every, order = parts(), list(every_check())
    names = sorted(got, key=lambda name: (where.get(name, ("99",))[0], order.index(name)))
    lines = [f"# {_(TITLE)}\n\n", _(OPENING) + "\n"]
    english = _(TITLE) == TITLE  # the checks' docstrings say what each checks, in English
    lesson = None
    for name in names:
        if where.get(name) != lesson:
            lesson = where.get(name)
            heading = _(LESSON).format(number=lesson[0], title=lesson[1]) if lesson else _(OTHER)
            lines.append(f"\n## {heading}\n")
        doc = inspect.getdoc(every_check()[name]).splitlines()[0]
        lines.append(f"\n### `{name}`: {doc}\n\n" if english else f"\n### `{name}`\n\n")
        for (kind, keys), titles in sorted(
            got[name].items(), key=lambda item: (item[0][0].startswith("right"), -len(item[1]))
        ):
            lines.append(entry(kind, keys, every))
            by = _(GOT_BY[kind.startswith("right")])
            lines.append(f"  - {by.format(titles='; '.join(titles))}\n")
            lines.append(f"  - {_(ASK_NEXT).format(question=_(NEXT[kind]))}\n")
    used = {kind for found in got.values() for kind, _keys in found}
    lines.append(f"\n## {_(EVERY_SENTENCE)}\n\n")
    for kind, text in checks.SENTENCES.items():
        note = "" if kind in used else " " + _(NOT_YET)
        ask = _(ASK_NEXT).format(question=_(NEXT[kind]))
        lines.append(f"- **{shown(words(text))}** ({kind}) {ask}{note}\n")
    lines.append(f"\n## {_(EVERY_PART)}\n\n")
    by = {key: [n for n in names if any(key in keys for _k, keys in got[n])] for key in every}
    for key, text in every.items():
        said = ", ".join(f"`{name}`" for name in by[key]) or _(NOBODY)
        lines.append(f"- *{shown(words(text))}* ({key}) {_(SAID_BY).format(names=said)}\n")
    return "".join(lines)


if __name__ == "__main__":
    checks.LIMIT = 5  # seconds, as the catalogue's endless attempts are tried in the tests
    heard = {}
    stale = []
    for lang, path in PAGES.items():
        text = page(heard, lang)
        if sys.argv[1:] != ["--check"]:
            path.write_text(text)
        elif not path.exists() or path.read_text() != text:
            stale.append(f"{path} is out of date: run {sys.argv[0]}")  # not words: a maintainer's
    sys.exit("\n".join(stale) or None)
