"""Every word the package says is in its gettext catalogue: the template extracted by Babel is
current, no sentence a person reads is written outside a mark, every count sentence is a gettext
plural, and each language's catalogue translates every entry with the same placeholders, compiled."""

import ast
import gettext
import os
import re
import shutil
import string
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_file  # noqa: E402
from babel.messages.mofile import read_mo, write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "t24"
LOCALES = PACKAGE / "locale"
# As the Makefile's `catalogues` has them: `Nn_`, `n_` and `plural` mark a plural.
KEYWORDS = {"_": None, "said": None, "N_": None, "Nn_": (1, 2), "n_": (1, 2), "plural": (2, 3)}
# A literal that reads like words: two words of letters apart, tags of HTML taken out first.
WORDS = re.compile(r"[A-Za-z]{2,}[,;:.!?'’-]*\s+[A-Za-z]{2,}")


# The app's pages and server say their words through the package's catalogue (its load test, a
# maintainer's tool, speaks English), and so does the checks' page for teachers in each language.
SOURCES = [PACKAGE, ROOT / "app", ROOT / "tools" / "checks_page.py"]
HANDOUTS = ROOT / "tools" / "handouts.html"  # the handouts' words, in their Jinja2 template
NOT_SAID = {ROOT / "app" / "loadtest.py"}


def key(text):
    """A message id or translation as gettext reads it: a plural's forms as a tuple."""
    return text if isinstance(text, str) else tuple(text)


def template() -> set:
    with (LOCALES / "t24.pot").open("rb") as file:
        return {key(m.id) for m in read_po(file) if m.id}


def singular(sentence: str) -> str:
    """A sentence with each word as English writes one of it: "3 hands make" as "3 hand make"."""
    words = (re.sub(r"ies\b", "y", word) for word in sentence.split())
    return " ".join(re.sub(r"(?<=[^s])s(?=\W*$)", "", word) for word in words)


def catalogues() -> list[Path]:
    return sorted(LOCALES.glob("*/LC_MESSAGES/t24.po"))


def inside_fstring(path: Path, node: ast.JoinedStr):
    """A sentence marked inside an f-string, which Babel's extraction never sees."""
    for call in ast.walk(node):
        marked = getattr(getattr(call, "func", None), "id", None) in KEYWORDS
        if marked and any(isinstance(arg, ast.Constant) for arg in call.args):
            yield f"{path.relative_to(ROOT)}:{call.lineno}: marked inside an f-string"


def unmarked(path: Path):
    """String literals of `path` that read like a sentence but are neither marked nor a docstring."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):  # Babel does not read inside an f-string
            yield from inside_fstring(path, node)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in KEYWORDS:
            skip.update(id(sub) for sub in ast.walk(node))
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if "not words" in lines[node.lineno - 1]:  # a comment says so: names, a style sheet
                continue
            if WORDS.search(re.sub(r"<[^>]*>", " ", node.value)):
                yield f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]!r}"


def sources() -> list[Path]:
    return [path for s in SOURCES for path in (sorted(s.rglob("*.py")) if s.is_dir() else [s])]


def test_every_sentence_is_marked_for_translation():
    found = [line for path in sources() if path not in NOT_SAID for line in unmarked(path)]
    assert not found, "words a person reads, not marked:\n" + "\n".join(found)


def test_the_template_is_what_babel_extracts_now():
    files = [(path, "python") for path in sources()] + [(HANDOUTS, "jinja2")]
    extracted = (extract_from_file(how, path, KEYWORDS, ("TRANSLATORS:",)) for path, how in files)
    fresh, kept = {key(entry[1]) for entries in extracted for entry in entries}, template()
    assert fresh == kept, (
        f"t24/locale/t24.pot is out of date (make catalogues): new {sorted(map(str, fresh - kept))[:5]}, "
        f"gone {sorted(map(str, kept - fresh))[:5]}"
    )


def fields(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("po", catalogues(), ids=lambda p: p.parts[-3])
def test_each_language_translates_every_entry_with_its_placeholders_compiled(po):
    with po.open("rb") as file:
        catalogue = read_po(file)
    assert {key(m.id) for m in catalogue if m.id} == template(), (
        f"{po.parts[-3]}: not in step with the template (make catalogues)"
    )
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        targets = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy or not all(targets):
            problems.append(f"untranslated or fuzzy: {sources[0]!r}")
        elif any(fields(target) != fields(sources[-1]) for target in targets):  # many's blanks
            problems.append(f"placeholders differ: {sources[0]!r} -> {targets[0]!r}")
    assert not problems, "\n".join(problems)
    with po.with_suffix(".mo").open("rb") as file:
        compiled = {key(m.id): key(m.string) for m in read_mo(file) if m.id}
    done = {key(m.id): key(m.string) for m in catalogue if m.id and not m.fuzzy}
    assert compiled == done, f"{po.with_suffix('.mo').name} is older than its .po (make catalogues)"
    gettext.translation("t24", LOCALES, languages=[po.parts[-3]])  # gettext reads it


def count_sentences():
    """The forms of each count sentence written out in the sources, read without Babel."""
    for path in sources():
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if getattr(getattr(call, "func", None), "id", None) in ("Nn_", "n_", "plural"):
                yield tuple(a.value for a in call.args if isinstance(a, ast.Constant))[-2:]


def test_every_count_sentence_is_one_plural_entry_never_two_sentences_apart():
    """A count's forms are one plural entry, which a language with other forms can translate."""
    written = {forms for forms in count_sentences() if len(forms) == 2}
    assert len(written) >= 25 and written <= template(), written - template()
    singles = sorted(entry for entry in template() if isinstance(entry, str) and "{" in entry)
    forms = {}
    for entry in singles:
        forms.setdefault(singular(entry), []).append(entry)
    assert not [pair for pair in forms.values() if len(pair) > 1]


def test_a_language_with_three_plural_forms_says_each(tmp_path, monkeypatch):
    """Polish has forms for 1, for 2-4 and for 5 or more: every count sentence chooses by count."""
    from t24 import text
    from t24.game import HANDS

    polish = Catalog(locale="pl")
    plurals = [entry for entry in template() if isinstance(entry, tuple)]
    for one, many in plurals:
        polish.add((one, many), tuple(f"[{form}] {many}" for form in range(3)))
    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "t24.mo").open("wb") as file:
        write_mo(file, polish)
    monkeypatch.setattr(text, "LOCALES", tmp_path)
    try:
        text.use_language("pl")
        said = [text.plural(count, *HANDS) for count in (1, 3, 5)]
    finally:
        monkeypatch.undo()
        text.use_language(None)
    assert said == ["[0] 1 hands", "[1] 3 hands", "[2] 5 hands"]


MO = LOCALES / "zh_CN" / "LC_MESSAGES" / "t24.mo"
DAMAGED = {  # a catalogue cut short, emptied, or with bytes changed inside
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "short": lambda data: data[:10],
    "tables cut": lambda data: data[:100],
    "damaged": lambda data: data[:28] + bytes(b ^ 0xFF for b in data[28:200]) + data[200:],
}


@pytest.mark.parametrize("damage", DAMAGED.values(), ids=DAMAGED)
def test_import_and_the_command_line_survive_a_damaged_catalogue_in_english(tmp_path, damage):
    """A copy of the package whose Chinese catalogue was damaged: `t24 solve` still answers, in
    English, after one line naming the file."""
    copy = tmp_path / "t24"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "results"))
    mo = copy / MO.relative_to(PACKAGE)
    mo.write_bytes(damage(MO.read_bytes()))
    env = {**os.environ, "LANGUAGE": "zh_CN", "PYTHONPATH": str(tmp_path)}
    command = [sys.executable, "-m", "t24", "solve", "1", "1", "1", "1"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        f"t24: cannot read {mo} (a damaged catalogue); speaking English",
        "no way to make 24 from 1 1 1 1",
    ]
