#!/usr/bin/env python3
"""The lessons, the app's pages and the guides in another language, from the English sources.

The English sources are the only source of code and structure. Their words are entries of a
gettext catalogue per source, `translations/<lang>/<name>.po` (Babel reads and writes them; any
PO editor works): a Markdown cell or file gives one entry per paragraph (a list, a table or a
fenced block is one paragraph); a code cell with words (a comment, a docstring, a string) is one
entry, whose translation may change only those words: the same program with every string
emptied, nbgrader's marker lines and any `%` line kept.

`translate` puts a source back together from its catalogue. An entry missing, empty or fuzzy (its
English changed since) is stale, and named: strictly (the tests, `--check`) nothing is made; as a
draft (`make students`) a changed entry gives its last translation, and one never translated (or
whose old translation no longer matches its code) its English under 「待翻译」 ("to be translated").

    python tools/translations.py update [LANG ...]   bring each catalogue in step with the English
                                                   (a changed entry keeps its translation, fuzzy)
    python tools/translations.py status [LANG ...]   the stale entries of each catalogue
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = ROOT / "translations"
# nbgrader's markers: a translation keeps them word for word.
MARKER = re.compile(
    r"^\s*#+ *(BEGIN|END) (SOLUTION|HIDDEN TESTS)\b.*$|^\s*# YOUR CODE HERE\s*$", re.M
)
WORDS = re.compile(r"[A-Za-z]{2,}")
TODO = "「待翻译」"  # above the English of an entry a draft could not translate


@dataclass(frozen=True)
class Source:
    """One English source and where its translations go: a notebook or a Markdown file."""

    english: Path
    name: str  # the catalogue's name: translations/<lang>/<name>.po

    def output(self, lang: str) -> Path:
        """Where the translated source is written, for zh_CN: teacher/zh-CN/ for the lessons and
        the guides, README.zh-CN.md, and app/game.zh-CN.ipynb beside the app's code it imports."""
        tag = lang.replace("_", "-")
        if self.english.parent == ROOT / "teacher":
            return self.english.parent / tag / self.english.name
        return self.english.with_suffix(f".{tag}{self.english.suffix}")


def sources() -> list[Source]:
    """Every English source that has translations: lessons, app pages, guides, the README."""
    found = [
        Source(path, path.stem) for path in sorted((ROOT / "teacher").glob("[0-9][0-9]-*.ipynb"))
    ]
    app = [*sorted((ROOT / "app").glob("*.ipynb")), ROOT / "app" / "index.html"]
    found += [Source(path, f"app-{path.stem}") for path in app if "." not in path.stem]
    found += [
        Source(ROOT / "teacher" / "README.md", "guide"),
        Source(ROOT / "teacher" / "maintaining.md", "maintaining"),
        Source(ROOT / "teacher" / "task-cards.md", "task-cards"),
        Source(ROOT / "README.md", "README"),
    ]
    return found


def languages() -> list[str]:
    """Each language with catalogues, e.g. zh_CN: a folder of translations/."""
    return sorted(path.name for path in CATALOGUES.glob("*") if path.is_dir())


def paragraphs(text: str) -> list[str]:
    """Markdown cut at blank lines, a fenced block kept whole: the entries of a Markdown text."""
    blocks, current, fenced = [], [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                blocks.append("\n".join(current))
            current = []
        else:
            current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def wordy(block: str) -> bool:
    """Whether a block has words to translate (not a rule, a number or an nbgrader marker alone)."""
    return bool(WORDS.search(MARKER.sub("", block)))


def code_has_words(code: str) -> bool:
    """Whether a code cell holds words for a reader: in a comment, a docstring or a string."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return wordy(code)
    kinds = {tokenize.COMMENT, tokenize.STRING} | {getattr(tokenize, "FSTRING_MIDDLE", -1)}
    return any(t.type in kinds and wordy(t.string) and " " in t.string for t in tokens)


def read(path: Path) -> str | nbformat.NotebookNode:
    """A Markdown file's (or the app's HTML start page's) text, or a notebook (each cell's source
    one string): how every tool reads a source."""
    if path.suffix == ".ipynb":
        return nbformat.read(path, as_version=4)
    return path.read_text(encoding="utf-8")


def words(made: str | dict) -> str | list:
    """What a translation decides in a source: its text, or each cell's kind and text."""
    return made if isinstance(made, str) else [(c.cell_type, c.source) for c in made.cells]


def walk(made: str | dict, say) -> str | dict:
    """The text or notebook `made` with each entry `text` replaced by `say(text, cell, code)`, in
    reading order (`cell`: the cell's index, None in a text; `code`: a code cell's entry)."""
    if isinstance(made, str):
        return markdown(made, lambda block: say(block, None, False))
    for index, cell in enumerate(made.cells):
        if cell.cell_type == "markdown":
            cell.source = markdown(cell.source, lambda block: say(block, index, False))  # noqa: B023
        elif cell.cell_type == "code" and code_has_words(cell.source):
            cell.source = say(cell.source, index, True)
    return made


def markdown(text: str, say) -> str:
    """The Markdown `text` with each paragraph that has words replaced by `say(paragraph)`, the
    paragraphs joined by one blank line, as they were cut."""
    out = [say(block) if wordy(block) else block for block in paragraphs(text)]
    return "\n\n".join(out) + ("\n" if text.endswith("\n") else "")


def entries(source: Source) -> list[tuple[str, str]]:
    """The (English text, where) entries of one source, in reading order."""
    found = []

    def say(text: str, cell: int | None, code: bool) -> str:
        where = "paragraph" if cell is None else f"cell {cell}" + (", code" if code else "")
        found.append((text, where))
        return text

    walk(read(source.english), say)
    return found


def template(source: Source) -> Catalog:
    catalogue = Catalog(project="t24", copyright_holder="the t24 authors", fuzzy=False)
    for text, where in entries(source):
        catalogue.add(text, auto_comments=[where])
    return catalogue


def po_path(lang: str, source: Source) -> Path:
    return CATALOGUES / lang / f"{source.name}.po"


def catalogue_of(lang: str, source: Source) -> Catalog:
    path = po_path(lang, source)
    if not path.exists():
        return Catalog(locale=lang, project="t24", copyright_holder="the t24 authors")
    with path.open("rb") as file:
        return read_po(file, locale=lang)


def entries_of(catalogue: Catalog) -> list:
    """What a catalogue says, without its dates: each entry's words, flags and old English."""
    return [
        (m.id, m.string, sorted(m.flags), m.previous_id, m.auto_comments) for m in catalogue if m.id
    ]


def update(lang: str, names: list[str] | None = None) -> None:
    """Bring each catalogue of `lang` in step with its English source (fuzzy where it changed)."""
    for source in sources():
        if names and source.name not in names:
            continue
        catalogue = catalogue_of(lang, source)
        before = entries_of(catalogue)
        catalogue.update(template(source), no_fuzzy_matching=False)
        catalogue.obsolete.clear()
        catalogue.fuzzy = False  # the header; an entry's own flag says whether it is done
        where = (
            source.english.relative_to(ROOT) if source.english.is_relative_to(ROOT) else source.name
        )
        catalogue.header_comment = f"# {where} in {lang}, for t24."
        catalogue.last_translator = catalogue.language_team = "the t24 authors"
        path = po_path(lang, source)
        if path.exists() and entries_of(catalogue) == before:
            continue  # nothing new: the file and its dates stay as they are
        path.parent.mkdir(parents=True, exist_ok=True)
        # Without the old English as `#|` lines: Babel cuts them mid-string, which PO editors
        # built on GNU gettext refuse.
        with path.open("wb") as file:
            write_po(file, catalogue, width=0, omit_header=False)


def blank_strings(code: str) -> str:
    """The program in `code` with every string emptied and `%` lines dropped, as a dump."""
    kept = "\n".join(
        "" if line.lstrip().startswith(("%", "!")) else line for line in code.split("\n")
    )
    return ast.dump(Blank().visit(ast.parse(kept)))


class Blank(ast.NodeTransformer):
    """Empties every string; an f-string keeps only its fields, in any order (word order changes)."""

    def visit_Constant(self, node):
        return ast.Constant("") if isinstance(node.value, str) else node

    def visit_JoinedStr(self, node):
        fields = sorted(
            ast.dump(self.visit(v.value)) for v in node.values if isinstance(v, ast.FormattedValue)
        )
        return ast.Constant(repr(fields))


def magics(code: str) -> list[str]:
    """The `%` and `!` lines of a cell, without a comment at their end (which is words)."""
    lines = [line.split("  #")[0] for line in code.split("\n")]
    return [line for line in lines if line.lstrip().startswith(("%", "!"))]


def same_code(english: str, translated: str) -> str | None:
    """None when `translated` is `english` with only its words changed; else what differs."""
    if MARKER.findall(english) != MARKER.findall(translated):
        return "nbgrader's marker lines differ"
    if magics(english) != magics(translated):
        return "a % line differs"
    try:
        return None if blank_strings(english) == blank_strings(translated) else "the code differs"
    except SyntaxError as error:
        return f"the translation is not Python ({error.msg}, line {error.lineno})"


class Stale(Exception):
    """A catalogue that does not translate its source as it is now; `args[0]` lists why."""


def lookup(
    catalogue: Catalog, text: str, where: str, problems: list[str], code: bool = False, draft=False
) -> str:
    """The translation of `text`; when stale, the English (a `draft`'s: the last translation, or
    the English marked 「待翻译」), the reason added to `problems`."""
    message = catalogue.get(text)
    first = " ".join(text.split())[:60]
    marked = (f"# {TODO}\n" if code else f"{TODO}\n\n") + text if draft else text
    if message is None or not message.string:
        problems.append(f"{where}: not translated: {first!r}")
        return marked
    fault = same_code(text, message.string) if code else None
    if message.fuzzy:
        problems.append(f"{where}: the English changed since it was translated: {first!r}")
        return message.string if draft and not fault else marked
    if fault:
        problems.append(f"{where}: {fault}: {first!r}")
        return marked
    return message.string


def translate(source: Source, lang: str, setup: str = "", todo: list | None = None) -> str | dict:
    """The source in `lang`: Markdown text, or a notebook (outputs cleared) whose first code cell
    starts with `setup`. Raises Stale naming every entry that is out of date, unless given a list
    `todo`: then a draft is made and the stale entries are added to `todo`."""
    catalogue, problems, name = catalogue_of(lang, source), [], source.english.name

    def say(text: str, cell: int | None, code: bool) -> str:
        where = name if cell is None else f"{name}, cell {cell}"
        return lookup(catalogue, text, where, problems, code, draft=todo is not None)

    done = walk(read(source.english), say)
    if not isinstance(done, str):
        code = [cell for cell in done.cells if cell.cell_type == "code"]
        for cell in code:
            cell.outputs, cell.execution_count = [], None
        if code and setup:
            code[0].source = setup + code[0].source
    if problems and todo is not None:
        todo.append(out_of_step(lang, source, problems))
    elif problems:
        raise Stale(out_of_step(lang, source, problems))
    return done


def out_of_step(lang: str, source: Source, problems: list[str]) -> str:
    """The stale entries of one catalogue, a line each: where, why, the first words."""
    return f"translations/{lang}/{source.name}.po is out of step:\n  " + "\n  ".join(problems)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Keep the translations' catalogues in step with the English."
    )
    parser.add_argument("action", choices=["update", "status"])
    parser.add_argument(
        "langs", nargs="*", help="e.g. zh_CN (default: every folder in translations/)"
    )
    args = parser.parse_args(argv)
    stale = 0
    for lang in args.langs or languages():
        if args.action == "update":
            update(lang)
        for source in sources():
            try:
                translate(source, lang)
            except Stale as error:
                stale += 1
                print(error, file=sys.stderr)
    return 1 if stale and args.action == "status" else 0


if __name__ == "__main__":
    raise SystemExit(main())
