"""The checks explained, for teachers: teacher/checks.md, made from the checks' own tables.

    python tools/checks_page.py            writes teacher/checks.md
    python tools/checks_page.py --check    says whether teacher/checks.md is up to date

Every sentence comes from `t24.notebook.checks` (SENTENCES, ASK, SAME_ANSWER_CASES, PROBLEMS,
ADVICE, NAME_ADVICE). The mistakes that cause a sentence are not written here: each wrong attempt
of the catalogue of novices' attempts (tests/notebook/attempts/CHECK.md) is run through its check,
and its title is listed under the sentence and question it gets. What to ask next is NEXT below,
one entry for each kind of sentence.
"""

import contextlib
import inspect
import io
import json
import linecache
import re
import sys
from collections import defaultdict
from pathlib import Path

from t24.notebook import checks

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "teacher/checks.md"
ATTEMPTS = ROOT / "tests/notebook/attempts"
BLOCK = re.compile(r"```python( setup)?\n(.*?)```", re.S)

# What to ask a student next, after each kind of sentence (and its question, when it has one).
NEXT = {
    "right": "Which case was hardest for your function, and why does it get it right?",
    "stub": "What should the function give back for the first case? Say it before writing code.",
    "raise_left": "Which line stops your function before its own code runs?",
    "slow": "Which variable changes on each pass of your loop, and when does the loop stop?",
    "interrupted": "Run the check again: did you stop it, or did it take long?",
    "exit": "What should the function hand back to the code that called it?",
    "error": "Show me the line it names: what is each value there, for that case?",
    "error_unplaced": "Which call in your function hands on the values that fail? Print them.",
    "shortcut": "Which steps of the method does your function take itself?",
    "printed": "What is the difference between showing a value and giving it back?",
    "none": "Which path through your function ends without a `return`?",
    "said": "Work the case on paper: what should the function give back, step by step?",
    "kind": "What kind of value does the exercise ask for, and which line makes yours?",
    "item_kind": "What is one item of your list? Show me the line that adds it.",
    "changed": "Which line changes the list it was given? What would a copy change?",
    "value": "Work that case on paper: where does your function's value part from yours?",
    "why": "Work that case on paper: which step of your function goes wrong?",
    "missing": "Work that case by hand: which step should have found the item it misses?",
    "extra": "Work out the extra item by hand: which rule of the exercise does it break?",
    "repeated": "How does your function reach that item twice? Which loop makes it again?",
    "order": "In what order does the exercise ask for the items? Which loop sets yours?",
    "same_key": "Work the two expressions by hand: which part of your key should tell them apart?",
    "different_key": "Work the two expressions by hand: which part of your key sets them apart?",
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


def shown(template: str | tuple) -> str:
    """A template as the page shows it: each blank to fill as ‹name› (a pair: its form for many)."""
    return re.sub(r"\{(\w*)\}", r"‹\1›", template[-1] if isinstance(template, tuple) else template)


def matcher(template: str | tuple) -> re.Pattern:
    """A pattern that finds the template filled in, whatever fills its blanks (either form)."""
    forms = template if isinstance(template, tuple) else (template,)
    found = ["(?s:.*?)".join(map(re.escape, re.split(r"\{\w*\}", form))) for form in forms]
    return re.compile("|".join(f"(?:{form})" for form in found))


def parts() -> dict:
    """Every question and piece of advice a sentence can carry, by the table entry it comes from."""
    found = {f'ASK["{k}"]': v for k, v in checks.ASK.items()}
    found |= {f"SAME_ANSWER_CASES[{' | '.join(k)}]": v for k, v in checks.SAME_ANSWER_CASES.items()}
    for error, problem in checks.PROBLEMS.items():
        found[f"PROBLEMS[{getattr(error, '__name__', error)}]"] = (
            f"{problem}; {checks.ADVICE[error]}"
        )
    found["UNDEFINED"] = checks.UNDEFINED
    return found | {f'NAME_ADVICE["{k}"]': v for k, v in checks.NAME_ADVICE.items()}


def classify(sentence: str) -> tuple:
    """(the SENTENCES kind, the table entries of its question and advice) of one sentence."""
    said = sentence.strip()
    kinds = [
        k
        for k, v in checks.SENTENCES.items()
        if re.fullmatch(f"(?:{matcher(v).pattern})( .*)?", said, re.S)
    ]
    kind = max(kinds, key=lambda k: len(shown(checks.SENTENCES[k])))
    hits = [(key, text) for key, text in parts().items() if matcher(text).search(sentence)]
    hits = [h for h in hits if not any(h[1] != o[1] and h[1] in o[1] for o in hits)]
    return kind, tuple(key for key, _ in hits)


def run_catalogue(heard: dict) -> dict:
    """{check name: {(kind, entries): [titles of the attempts that get that sentence]}}; `heard`
    holds the sentences already heard, {(check name, title): sentence}: those are not run again."""
    got = defaultdict(lambda: defaultdict(list))
    for name, title, _, setup, code in catalogue():
        if (name, title) not in heard:
            with contextlib.redirect_stdout(io.StringIO()) as out:
                getattr(checks, name)(define(setup, code, name))
            heard[name, title] = out.getvalue()
        got[name][classify(heard[name, title])].append(title.split(": ", 1)[-1])
    return got


def lessons() -> dict:
    """{check name: (lesson number, lesson title)}, from the lessons that call the check."""
    found = {}
    for path in sorted((ROOT / "teacher").glob("[0-9][0-9]-*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        text = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        title = next(
            line[2:]
            for c in cells
            for line in "".join(c["source"]).splitlines()
            if line[:2] == "# "
        )
        for name in re.findall(r"\b(check_\w+)\(", text):
            found.setdefault(name, (path.name[:2], title))
    return found


def entry(kind: str, keys: tuple, every: dict) -> str:
    """One sentence on the page: its words, the question it carries, what to ask next."""
    said = " ".join(f"*{shown(every[k])}* ({k})" for k in keys)
    return f"- **{shown(checks.SENTENCES[kind])}** ({kind}){' ' + said if said else ''}\n"


def page(heard: dict) -> str:
    """The page, from the sentences the catalogue's attempts get (see `run_catalogue`)."""
    every, got, where = parts(), run_catalogue(heard), lessons()
    source = inspect.getsource(checks)
    names = sorted(got, key=lambda name: (where.get(name, ("99",))[0], source.find(name)))
    lines = [
        "# The checks explained\n\n",
        "A check cell answers a student's attempt in one sentence. This page lists, for each\n",
        "lesson's check, the sentences its known wrong attempts get, the mistakes behind each\n",
        "(the novices' attempts in `tests/notebook/attempts/`, run through the check) and what\n",
        "to ask the student next. It is generated from `t24/notebook/checks.py` by\n",
        "`python tools/checks_page.py`; ‹name› marks a blank the check fills in (the function's\n",
        "name, the case, a value). The last part lists every sentence and question there is.\n",
    ]
    lesson = None
    for name in names:
        if where.get(name) != lesson:
            lesson = where.get(name)
            lines.append(f"\n## Lesson {lesson[0]}: {lesson[1]}\n" if lesson else "\n## Other\n")
        doc = re.sub(r"^Lesson \d+:? ?", "", inspect.getdoc(getattr(checks, name)).splitlines()[0])
        lines.append(f"\n### `{name}`: {doc}\n\n")
        for (kind, keys), titles in sorted(
            got[name].items(), key=lambda item: (item[0][0] == "right", -len(item[1]))
        ):
            lines.append(entry(kind, keys, every))
            how = "Right versions" if kind == "right" else "Mistakes"
            lines.append(f"  - {how} that get it: {'; '.join(titles)}.\n")
            lines.append(f"  - Ask next: {NEXT[kind]}\n")
    used = {kind for found in got.values() for kind, _ in found}
    lines.append("\n## Every sentence, and what to ask next\n\n")
    for kind, text in checks.SENTENCES.items():
        note = "" if kind in used else " No attempt in the catalogue gets it yet."
        lines.append(f"- **{shown(text)}** ({kind}) Ask next: {NEXT[kind]}{note}\n")
    lines.append("\n## Every question and piece of advice a sentence can carry\n\n")
    by = {key: [n for n in names if any(key in keys for _, keys in got[n])] for key in every}
    for key, text in every.items():
        said = ", ".join(f"`{name}`" for name in by[key]) or "no attempt in the catalogue yet"
        lines.append(f"- *{shown(text)}* ({key}) Said by: {said}.\n")
    return "".join(lines)


if __name__ == "__main__":
    checks.LIMIT = 5  # seconds, as the catalogue's endless attempts are tried in the tests
    text = page({})
    if sys.argv[1:] == ["--check"]:
        sys.exit(0 if PAGE.read_text() == text else f"{PAGE} is out of date: run {sys.argv[0]}")
    PAGE.write_text(text)
