"""Printable A4 handouts: per lesson, the sheets a student works on paper and the same sheets
with the answers for the teacher, in black and greys only.

    python tools/handouts.py OUT [NN ...]        OUT/students/NN-slug.pdf and, with the answers,
    python tools/handouts.py --zh OUT [NN ...]   OUT/teacher/NN-slug.pdf (--zh: OUT/zh-CN/...)

Each sheet's data (`sheets`) comes from the package (the searches, the recursion's states, the
stack machine, the game) or from the teacher's lesson: each "Try it first" question with the text
of the reveal that follows it (the cells it needs are run here, without the checks) or the model
answer of the written answer cell below it. The page, its words
and its layout are tools/handouts.html (Jinja2), printed to PDF by headless Chromium with its
fonts embedded: DejaVu Sans (matplotlib's copy) and the `zh` extra's Noto Sans SC for Chinese.
"""

import ast
import atexit
import contextlib
import functools
import html
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
from fractions import Fraction
from pathlib import Path

import jinja2
import matplotlib
import nbformat
from fontTools.ttLib import TTFont
from fontTools.ttLib.sfnt import SFNTWriter
from markupsafe import Markup

import t24
from t24.game import Game, answer_steps, rate
from t24.game.rating import LEVELS, NO_ANSWER
from t24.methods import patterns, postfix, recursive
from t24.text import FACES, _, describe, hand_text, use_language
from t24.trace import stack_steps, trace

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nav  # noqa: E402  (tools/nav.py, beside this file: a lesson's title)

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = {"en": ("teacher", None), "zh": ("teacher/zh-CN", "zh_CN")}  # lessons, catalogue
MARKER = (
    r"\*\*(Try it first|Trace it by hand|先试一试|动手跟踪)[.。]\*\*"  # as each edition writes it
)
TRACE = ("Trace it by hand", "动手跟踪")
HEADING = r"^#+ (Try it first|先试一试)\s*$"
ON_PAPER = {"in the cell below": "in the box below", "下面的单元格": "下面的方框"}
SYMBOLS = {"+": "+", **t24.expr.SYMBOLS}  # the operators as the package prints them
PATTERN_HAND, TREE_HAND, TREE_TARGET, SEED = (2, 4, 6, 8), (2, 3, 4), 10, 2024
LATIN = Path(matplotlib.get_data_path(), "fonts/ttf")  # DejaVu Sans, the same on every computer
CHROMIUM = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
LATEX = {"$": "", "\\left": "", "\\right": "", "\\times": "×", "\\div": "÷"}  # as plain text


@functools.cache
def cjk_font() -> Path | None:
    """The `zh` extra's Chinese font (Noto Sans SC), or None without it; a copy without the code
    points of radicals and compatibility forms, so that each glyph reads back (copied, searched)
    as its ideograph: the PDF names a glyph that two code points share by the first, 2F42 for 6587."""
    try:
        import pylopdf_fonts_zh_cn
    except ImportError:
        return None
    font = TTFont(pylopdf_fonts_zh_cn.sans_path(), lazy=True)
    for table in font["cmap"].tables:
        for code in [c for c in table.cmap if 0x2E80 <= c <= 0x2FDF or 0xF900 <= c <= 0xFAFF]:
            del table.cmap[code]
    path = Path(tempfile.mkdtemp(), "NotoSansSC-Regular.otf")
    atexit.register(shutil.rmtree, path.parent)
    with path.open("wb") as out:  # the other tables copied as they are: compiling them is slow
        tags = font.reader.keys()
        writer = SFNTWriter(out, len(tags), font.reader.sfntVersion)
        for tag in tags:
            writer[tag] = font["cmap"].compile(font) if tag == "cmap" else font.reader[tag]
        writer.close()
    return path


def typeset(text: str) -> str:
    """`8 / 3` as `8 ÷ 3`: the operators between spaces with their printed symbols."""
    return re.sub(r" ([-*/]) ", lambda m: f" {SYMBOLS[m[1]]} ", text)


def solved(hand) -> str:
    """The solver's first answer, pretty, or "" for a hand with none."""
    found = t24.solve(hand)
    return found[0].pretty() if found else ""


# ---------------------------------------------------------------------------------------------
# The sheets' data, by the lesson's slug: each a dict with the `kind` of the template's macro
# that lays it out, the answers beside the blanks (shown on the teacher's copy only).
SHEETS = {}


def sheet(slug: str):
    """Make the function the sheets of the lesson `slug` (from the lesson's cells)."""
    return lambda function: SHEETS.setdefault(slug, function)


@sheet("the-24-game")
def hand_and_sets(cells):
    hand = (3, 3, 8, 8)
    answer = t24.solve(hand)[0]
    steps = [typeset(s.text()) for s in answer_steps(answer)]
    yield {"kind": "hand", "hand": hand, "answer": f"{answer.pretty()} = 24", "steps": steps}
    ratings = [(rate(h), h) for h in lesson_hands(cells) if h != hand]
    ratings.sort(key=lambda item: ((*LEVELS, NO_ANSWER).index(item[0].level), item[1]))
    sets = [{"hand": h, "answer": solved(h), "rating": r} for r, h in ratings[:8]]
    if sets:
        yield {"kind": "sets", "sets": sets}


@sheet("pattern-strings")
def filled_patterns(cells):
    hits = {}  # per pattern, its filled text with the fewest divisions and subtractions
    texts = patterns.search(PATTERN_HAND, Fraction(24))
    for text in sorted(texts, key=lambda t: (t.count("/"), t.count("-"))):
        numbers, ops = re.findall(r"\d+", text), re.findall(r"[-+*/]", text)
        for pattern in patterns.PATTERNS:
            if pattern not in hits and text == patterns.fill(pattern, numbers, ops):
                hits[pattern] = (numbers, [SYMBOLS[op] for op in ops])
    rows = []
    for pattern in patterns.PATTERNS:
        numbers, ops = (iter(part) for part in hits.get(pattern, ((), ())))
        filled = [next(numbers if c == "n" else ops, "") if c in "no" else c for c in pattern]
        rows.append({"pattern": pattern, "filled": filled, "hit": pattern in hits})
    yield {"kind": "patterns", "hand": PATTERN_HAND, "rows": rows}


@sheet("postfix-enumeration")
def stack_machines(cells):
    machines = []
    for tokens in [(7, 6, 5, "-", "-"), t24.solve((3, 3, 8, 8))[0].postfix()]:
        rows = zip(tokens, map(typeset, stack_steps(tokens)), stacks(tokens))
        value, infix = describe(postfix.evaluate(tokens)), postfix.to_infix(tokens).pretty()
        machines.append({"tokens": tokens, "rows": list(rows), "value": value, "infix": infix})
    yield {"kind": "stack", "machines": machines}


def stacks(tokens) -> list[str]:
    """The stack after each token, as the package's stack machine (`postfix.evaluate`) runs."""
    stack, after = [], []

    def push(token):
        stack.append(Fraction(token))
        after.append("  ".join(map(describe, stack)))
        return stack[-1]

    def combine(op, left, right):
        del stack[-2:]
        return push(t24.expr.OPS[op](left, right))

    postfix.evaluate(tokens, push, combine)
    return after


@sheet("recursive-reduction")
def tree_and_array(cells):
    searched = trace(TREE_HAND, TREE_TARGET)
    branches = []
    for state in (s for s in searched.states if s.depth == 1):
        leaves = [s for s in searched.states if s.parent == state.id]
        branches.append(
            {
                "step": typeset(state.step),
                "numbers": " ".join(map(describe, state.values)),
                "leaves": [(describe(s.values[0]), s.reaches_target) for s in leaves],
            }
        )
    hits = [s.exprs[0].pretty() for s in searched.hits]
    hand, target = TREE_HAND, describe(searched.target)
    yield {"kind": "tree", "hand": hand, "target": target, "branches": branches, "hits": hits}
    yield {"kind": "array", "hand": hand, "rows": array_rows(hand, Fraction(TREE_TARGET))}


def array_rows(hand, target) -> list[dict]:
    """The post's array for the hand, each write in order (`recursive.search` visits each), the
    slots still in play and the restore rows marked."""
    seen = []
    visit = lambda array, n: seen.append([value for value, _expr in array])  # noqa: E731
    recursive.search(recursive.start(hand), len(hand), target, [], visit=visit)
    n, parent, made = len(hand), seen[0], iter(seen[1:])
    rows = [{"do": "start", "slots": parent, "live": n}]
    for i, j in recursive.pairs(n):
        moved = [*parent[:j], parent[n - 1], *parent[j + 1 :]]
        words = {"i": i, "j": j, "a": describe(parent[i]), "b": describe(parent[j]), "last": n - 1}
        rows.append({"do": "pair", **words, "slots": moved, "live": n})
        for op, swapped, _value in t24.expr.pair_results(parent[i], parent[j]):
            left, right = ("b", "a") if swapped else ("a", "b")
            step = f"{left} {SYMBOLS[op]} {right}"
            rows.append({"do": "write", "step": step, **words, "slots": next(made), "live": n - 1})
        rows.append({"do": "restore", **words, "slots": parent, "live": n})
    return rows


@sheet("exact-arithmetic")
def exact_and_float(cells):
    exprs = []
    for text in ["8 / (3 - 8 / 3)", "(5 - 1 / 5) * 5", "4 / (1 - 5 / 6)"]:
        expr, rows = t24.parse(text), []
        for node in [n for n in reversed(list(expr.nodes())) if isinstance(n, t24.BinOp)]:
            f = postfix.evaluate(node.postfix(), number=float)
            rows.append((node.pretty(), describe(node.value), repr(f), Fraction(f) == node.value))
        f = postfix.evaluate(expr.postfix(), number=float)
        exprs.append({"expr": expr.pretty(), "rows": rows, "float": repr(f), "equal": f == 24})
    yield {"kind": "exact", "exprs": exprs}


@sheet("play")
def score_sheet(cells):
    game = Game(seed=SEED)
    rounds = [game.round] + [game.next_hand() for _ in range(7)]
    yield {"kind": "score", "seed": SEED, "rounds": rounds}


def sheets(lesson: Path, run: bool = True) -> list[dict]:
    """The lesson's sheets: the package's for its slug, then its questions with their answers
    (the reveals' texts only if `run`: the lesson's cells are run for them)."""
    cells = nbformat.read(lesson, as_version=4).cells
    found = list(SHEETS.get(lesson.stem[3:], lambda _: ())(cells))
    items = questions(cells)
    wanted = {k for item in items for k in item["reveals"]}
    texts = reveal_texts(lesson, cells, wanted) if run and wanted else {}
    for item in items:
        said = "\n".join(t for k in item["reveals"] for t in texts.get(k, []))
        item["answer"] = said or item.pop("written")  # "": the template says why there is none
    return found + ([{"kind": "questions", "items": items}] if items else [])


# ---------------------------------------------------------------------------------------------
# The lessons: titles, hands, the "Try it first" questions and their model answers.


def lesson_hands(cells) -> list[tuple[int, ...]]:
    """The four-card hands (cards 1 to 13) the lesson's text names, each once, in order."""
    found = []
    text = "\n".join(cell.source for cell in cells if cell.cell_type == "markdown")
    four = r"(?<![\d,./])(?<!\d )(\d{1,2}) (\d{1,2}) (\d{1,2}) (\d{1,2})(?![\d/]| \d)"
    for match in re.finditer(four, text):
        hand = tuple(sorted(int(n) for n in match.groups()))
        if all(1 <= n <= 13 for n in hand) and hand not in found:
            found.append(hand)
    return found


def plain(markdown: str) -> str:
    """Markdown as plain text: no emphasis, code marks or link targets."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"\*\*|__|`", "", text)
    return re.sub(r"(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)", "", text).strip()


def over(fraction: re.Match) -> str:
    """`\\frac{a}{b}` as a/b, a part in brackets unless it is one term."""
    top, bottom = (f"({part})" if " " in part else part for part in fraction.groups())
    return f"{top}/{bottom}"


def html_text(markup: str) -> str:
    """A reveal's HTML as lines of plain text (a formula's `\\frac{a}{b}` as a/b)."""
    text = re.sub(r"<(br|p|tr|li|div)\b[^>]*>", "\n", markup)  # a line each
    text = re.sub(r"<[^>]*>", "", re.sub(r"<t[dh]\b[^>]*>", "  ", text))  # a table's cells apart
    fraction = r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}"
    while re.search(fraction, text):  # the innermost first
        text = re.sub(fraction, over, text)
    for latex, plain_ in LATEX.items():
        text = text.replace(latex, plain_)
    return re.sub(r"\n\s*\n+", "\n", html.unescape(text)).strip()


def questions(cells) -> list[dict]:
    """Each "Try it first" (or "Trace it by hand") paragraph, the short code cell it asks about,
    and the cells after it that answer: reveals (by index) or a written answer's model text."""
    found = []
    for k, cell in enumerate(cells):
        source = cell.source
        if cell.cell_type != "markdown":
            continue
        heading = re.search(HEADING, source, re.M)
        asked = [p for p in source.split("\n\n") if re.search(MARKER, p)]
        for paragraph in asked or ([source[heading.end() :]] if heading else []):
            marker = re.search(MARKER, paragraph)
            text = " ".join(re.sub(MARKER, "", paragraph).split())
            for screen, paper in ON_PAPER.items():
                text = text.replace(screen, paper)
            said = marker[1] if marker else heading[1]
            item = {"marker": said, "text": plain(text), "code": "", "reveals": [], "written": ""}
            item["trace"] = said in TRACE  # a call tree: more room
            for later in range(k + 1, min(k + 4, len(cells))):
                after, text = cells[later], cells[later].source
                grading = after["metadata"].get("nbgrader", {})
                if after["cell_type"] == "markdown" and grading.get("solution"):
                    answer = re.split(r"\*\*(Rubric|评分标准)\*\*", text)[0]  # not its rubric
                    item["written"] = plain(re.sub(r"### (BEGIN|END) SOLUTION", "", answer))
                    break
                if after["cell_type"] == "markdown":
                    break
                if "reveal" in after["metadata"].get("tags", []):
                    item["reveals"].append(later)
                elif not grading and len(text.splitlines()) <= 6:
                    item["code"] = text
            found.append(item)
    return found


def names(code: str) -> tuple[set[str], set[str]]:
    """The names a cell reads, and those it sets or changes (`x = ...`, `x[0] = ...`, `x.f()`)."""
    read, written, tree = set(), set(), ast.parse(code)
    for node in tree.body:  # a method called for its effect: `game.next_hand()`
        call = node.value if isinstance(node, ast.Expr) else None
        called = isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
        if called and isinstance(call.func.value, ast.Name):
            written.add(call.func.value.id)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else written).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            written.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            written.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.value, ast.Name):
            written.update([node.value.id] if isinstance(node.ctx, ast.Store) else [])
    return read, written


def needed(shell, cells, wanted: set[int]) -> list[int]:
    """The code cells the wanted ones need, in order: walking back, each cell that sets a name
    a needed cell reads (the checks left out: they only grade)."""
    keep, reads = [], set()
    for k in range(max(wanted, default=-1), -1, -1):
        cell = cells[k]
        if cell["cell_type"] != "code" or cell["metadata"].get("nbgrader", {}).get("grade"):
            continue
        read, written = names(shell.transform_cell(cell.source))
        if k in wanted or written & reads:
            keep.append(k)
            reads |= read
    return keep[::-1]


def reveal_texts(path: Path, cells, wanted: set[int]) -> dict[int, list[str]]:
    """Run the cells the wanted reveals need, in order, and keep the text each would show."""
    import matplotlib.pyplot as plt
    from IPython.core.interactiveshell import InteractiveShell

    import t24.notebook

    print(f"running the cells behind {path.stem}'s reveals", flush=True)
    shell = InteractiveShell.instance()
    shell.enable_gui = lambda gui=None: None  # `%matplotlib inline` without a front end
    shell.reset(new_session=False)
    shown, current, real = {}, [None], t24.notebook.reveal

    def recording(label, content):
        shown.setdefault(current[0], []).append(html_text(content))
        return real(label, content)

    t24.notebook.reveal, cwd = recording, os.getcwd()
    os.chdir(path.parent)  # where the lesson runs in class
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for k in needed(shell, cells, wanted):
                current[0] = k
                with (
                    contextlib.redirect_stdout(io.StringIO()),
                    contextlib.redirect_stderr(io.StringIO()),
                ):
                    result = shell.run_cell(cells[k].source)
                plt.close("all")
                if not result.success and k in wanted:  # the sheet sends the teacher to it
                    shown.pop(k, None)
    finally:
        t24.notebook.reveal = real
        os.chdir(cwd)
    return shown


# ---------------------------------------------------------------------------------------------
# The pages: the template filled, printed by Chromium.


def css(text: str) -> Markup:
    """Text as a CSS string, its blanks {k} and {n} the page's number and the pages'."""
    quoted = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return Markup(quoted.replace("{k}", '" counter(page) "').replace("{n}", '" counter(pages) "'))


def page_html(title: str, found: list[dict], answers: bool, language: str) -> str:
    """The lesson's sheets as one HTML document of A4 pages, `title` at its top."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent), autoescape=True, trim_blocks=True
    )
    env.globals.update(_=_, css=css, describe=describe, hand_text=hand_text, faces=FACES)
    fonts = {"DejaVu Sans": LATIN / "DejaVuSans.ttf", "Noto Sans SC": cjk_font()}
    fonts["DejaVu Sans Mono"] = LATIN / "DejaVuSansMono.ttf"
    bold = LATIN / "DejaVuSans-Bold.ttf"
    return env.get_template("handouts.html").render(
        title=title, sheets=found, answers=answers, fonts=fonts, bold=bold, lang=language
    )


def print_pdf(markup: str, pdf: Path) -> None:
    """Headless Chromium prints the page to `pdf` (the page's @page rules set A4 and margins)."""
    browser = next(filter(None, map(shutil.which, CHROMIUM)), None)
    if browser is None:
        sys.exit("the handouts are printed by Chromium: install it (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder, "page.html")
        page.write_text(markup, encoding="utf-8")
        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer"]
        flags += [f"--user-data-dir={folder}", f"--print-to-pdf={pdf}", page.as_uri()]
        subprocess.run([browser, *flags], check=True, capture_output=True, timeout=120)


def build(out: Path, numbers=(), run: bool = True, language: str = "en") -> dict[str, list[dict]]:
    """Write every lesson's two PDFs into `out` (or those of the lesson `numbers`); each PDF's
    sheets. With `run=False` the lessons' cells are not run: the reveals' answers are left out."""
    folder, catalogue = LANGUAGES[language]
    use_language(catalogue or "en")
    if language == "zh" and cjk_font() is None:
        print("No Chinese font here (pip install '.[zh]'): a system font must have the glyphs.")
    made = {}
    try:
        for lesson in sorted((ROOT / folder).glob("[0-9][0-9]-*.ipynb")):
            if numbers and lesson.name[:2] not in numbers:
                continue
            found = sheets(lesson, run)
            title = f"{lesson.name[:2]} · {nav.title(nbformat.read(lesson, as_version=4))[0]}"
            for answers, copy in ((False, "students"), (True, "teacher")):
                name = f"{copy}/{lesson.stem}.pdf"
                (out / copy).mkdir(parents=True, exist_ok=True)
                print_pdf(page_html(title, found, answers, language), out / name)
                print(out / name, flush=True)
                made[name] = found
    finally:
        use_language(None)
    return made


def main(argv: list[str]) -> int:
    """`handouts.py [--zh] [OUT [NN ...]]`: every lesson's PDFs into OUT (handouts/), or NN's."""
    language = "zh" if argv[:1] == ["--zh"] else "en"
    argv = argv[language == "zh" :]
    out, numbers = Path(argv[0] if argv else "handouts"), set(argv[1:])
    known = {path.name[:2] for path in (ROOT / "teacher").glob("[0-9][0-9]-*.ipynb")}
    if numbers - known:
        print(f"no lesson {' '.join(numbers - known)}: the lessons are {' '.join(sorted(known))}")
        return 2
    build(out / "zh-CN" if language == "zh" else out, numbers, language=language)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
