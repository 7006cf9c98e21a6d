"""Printable A4 handouts: per lesson, the sheets a student works on paper and the same sheets
with the answers for the teacher, drawn with matplotlib (no LaTeX) in black and greys only.

    python tools/handouts.py OUT [NN ...]   writes OUT/students/NN-slug.pdf and, with the
                                            answers, OUT/teacher/NN-slug.pdf

Every answer comes from the package (the searches, the recursion's states, the stack machine,
the game) or from the teacher's lesson: each "Try it first" question is read from
teacher/NN-*.ipynb with the text of the reveal that follows it (the lesson's cells are run here,
without the checks) or the model answer of the written answer cell below it.
"""

import ast
import contextlib
import html
import io
import json
import logging
import os
import re
import sys
import textwrap
import warnings
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.patches import FancyBboxPatch, Rectangle

import t24
import t24.notebook
from t24.game import Game, answer_steps, rate
from t24.methods import patterns, postfix, recursive
from t24.notebook.fonts import use_cjk_fallback
from t24.notebook.steppers import stack_steps, trace
from t24.text import FACES, describe, hand_text

ROOT = Path(__file__).resolve().parent.parent
A4 = (210 / 25.4, 297 / 25.4)  # inches
MARGIN, WIDTH = 15, 180  # mm
LIGHT, MID = "0.88", "0.55"  # greys: every mark reads in black and white
SYMBOLS = {"+": "+", "-": "−", "*": "×", "/": "÷"}
MARKERS = ("Try it first.", "Trace it by hand.")
CORE = ("00", "01", "03", "06", "09")
PATTERN_HAND, TREE_HAND, TREE_TARGET, SEED = (2, 4, 6, 8), (2, 3, 4), 10, 2024

matplotlib.use("Agg")  # files only, no window
logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)  # "no bold": regular is used


# The posts' titles are Chinese: the lessons' CJK font (the zh extra's, or the system's) fills
# those glyphs. TrueType: the text stays text (searchable, read back by the test).
CJK = use_cjk_fallback()
plt.rcParams["pdf.fonttype"] = 42


# ---------------------------------------------------------------------------------------------
# A page in millimetres, from the top left corner.


class Page:
    """One A4 sheet: text, boxes and lines placed in mm from the top left."""

    def __init__(self, lesson: str, title: str, answers: bool):
        self.fig = plt.figure(figsize=A4)
        self.ax = self.fig.add_axes((0, 0, 1, 1))
        self.ax.set(xlim=(0, 210), ylim=(297, 0))
        self.ax.axis("off")
        self.text(MARGIN, 12, f"{lesson} · {title}", 9, color=MID)
        if answers:
            self.box(135, 7, 60, 8, fill=LIGHT, lw=1.5)
            self.text(165, 11, "ANSWERS · for the teacher", 9, weight="bold", ha="center")
        else:
            self.text(120, 12, "Name ______________________________", 9)

    def text(self, x, y, s, size=11, **style):
        style.setdefault("va", "center")
        self.ax.text(x, y, s, fontsize=size, **style)

    def para(self, x, y, s, size=11, width=WIDTH, gap=1.45, **style) -> float:
        """Wrapped text from y down; returns the y below it."""
        for line in wrap(s, size, width):
            self.text(x, y, line, size, **style)
            y += size * 0.3528 * gap
        return y

    def box(self, x, y, w, h, fill="none", hatch=None, lw=0.8, round_=False):
        kind = FancyBboxPatch if round_ else Rectangle
        extra = {"boxstyle": "round,pad=0,rounding_size=2"} if round_ else {}
        self.ax.add_patch(
            kind((x, y), w, h, facecolor=fill, edgecolor="black", hatch=hatch, lw=lw, **extra)
        )

    def line(self, xs, ys, **style):
        style.setdefault("color", "black")
        style.setdefault("lw", 0.6)
        self.ax.plot(xs, ys, **style)

    def heading(self, y, title, intro="") -> float:
        self.text(MARGIN, y, title, 16, weight="bold")
        return self.para(MARGIN, y + 9, intro, 10.5) if intro else y + 8

    def rules(self, y0, y1, step=8):
        """Lines to write on, from below y0 down to y1."""
        while (y0 := y0 + step) <= y1:
            self.line([MARGIN, MARGIN + WIDTH], [y0, y0], color=MID, lw=0.4)


def typeset(text: str) -> str:
    """`8 / 3` as `8 ÷ 3`: the operators between spaces with their printed symbols."""
    return re.sub(r" ([-*/]) ", lambda m: f" {SYMBOLS[m[1]]} ", text)


def wrap(text: str, size: float, width: float) -> list[str]:
    """Lines that fit `width` mm at `size` pt (an average glyph is about 0.55 em wide)."""
    chars = max(10, int(width / (size * 0.3528 * 0.55)))
    lines = []
    for part in text.split("\n"):
        lines += textwrap.wrap(part, chars) or [""]
    return lines


def card(page: Page, x, y, number: int, w=24, h=34):
    """A playing card to cut out: the face letter or number, the number small in a corner."""
    page.box(x, y, w, h, fill="white", lw=1.2, round_=True)
    page.text(x + w / 2, y + h / 2, FACES.get(number, str(number)), w * 0.9, ha="center")
    page.text(x + 2.5, y + 4, str(number), w * 0.3)


# ---------------------------------------------------------------------------------------------
# The worksheets: each draws its page(s) on the students' copy, and with answers on the teacher's.


def sheet_00(new, answers):
    page = new()
    y = page.heading(
        28,
        "Can you make 24 from 3 3 8 8?",
        "Use every card exactly once, with + − × ÷ and brackets, to make exactly 24. "
        "Fractions on the way are allowed; only the final value counts.",
    )
    hand = (3, 3, 8, 8)
    for k, number in enumerate(hand):
        card(page, 37 + k * 36, y + 4, number, 30, 42)
    page.text(MARGIN, y + 58, "Work it out here:", 11, weight="bold")
    page.rules(y + 58, 272)
    if answers:
        answer = t24.solve(hand)[0]
        steps = [typeset(s.text()) for s in answer_steps(answer)]
        page.para(20, y + 70, f"{answer.pretty()} = {describe(answer.value)}", 14, weight="bold")
        page.para(20, y + 80, "Step by step: " + ";  ".join(steps), 11)
    hands = lesson_hands("00", exclude={hand})
    if not hands:
        return
    page = new()
    y = page.heading(
        28,
        "Card sets",
        "Cut out each set, or work it here: can the four cards make 24? Write an answer, or "
        "“none” if you think it cannot be done. The sets go from easier to harder.",
    )
    ratings = sorted(((rate(h), h) for h in hands), key=level_order)
    row = (272 - y) / max(len(ratings), 5)
    for k, (rating, h) in enumerate(ratings[:8]):
        top = y + 4 + k * row
        page.line([MARGIN, MARGIN + WIDTH], [top - 2] * 2, ls="--", color=MID)
        page.text(MARGIN, top + 4, f"Set {k + 1}", 10, weight="bold")
        for j, number in enumerate(h):
            card(page, MARGIN + 14 + j * 22, top + 1, number, 19, row - 8)
        page.text(118, top + row / 2 - 6, "Answer:", 10)
        page.line([118, MARGIN + WIDTH], [top + row / 2 + 2] * 2, color=MID, lw=0.4)
        if answers:
            solved = t24.solve(h)
            said = f"{solved[0].pretty()}" if solved else "none: it cannot make 24"
            page.para(118, top + row / 2, said, 10, width=76, weight="bold")
            page.para(118, top + row / 2 + 7, f"{rating.level}: {rating.reason}", 7.5, width=76)


def level_order(item):
    rating, hand = item
    levels = ("easy", "medium", "hard", "very hard", "no answer")
    return levels.index(rating.level), hand


def sheet_01(new, answers):
    page = new()
    hand = hand_text(PATTERN_HAND)
    y = page.heading(
        28,
        f"The 11 patterns, filled for {hand}",
        f"The post “24点解法” lists 11 patterns: n is a number, o an operator. For each pattern, "
        f"write the cards {hand} (in any order) into the squares and an operator + − × ÷ into "
        "each circle, so that it makes 24. If no filling can, write “none”.",
    )
    hits = {}  # per pattern, its filled text with the fewest divisions and subtractions
    for text in sorted(
        patterns.search(PATTERN_HAND, Fraction(24)), key=lambda t: (t.count("/"), t.count("-"))
    ):
        numbers, ops = re.findall(r"\d+", text), re.findall(r"[-+*/]", text)
        for pattern in patterns.PATTERNS:
            if pattern not in hits and text == patterns.fill(pattern, numbers, ops):
                hits[pattern] = (numbers, ops)
    row = (275 - y) / len(patterns.PATTERNS)
    for k, pattern in enumerate(patterns.PATTERNS):
        top = y + 2 + k * row
        page.text(MARGIN, top + row / 2, f"{k + 1:>2}", 10, weight="bold")
        page.text(MARGIN + 8, top + row / 2, pattern, 9, family="DejaVu Sans Mono", color=MID)
        x, mid = MARGIN + 42, top + row / 2
        numbers, ops = (iter(part) for part in hits.get(pattern, ((), ())))
        for char in pattern:
            if char in "no":
                shown = next(numbers if char == "n" else ops, "") if answers else ""
                if char == "n":
                    page.box(x, mid - 4.5, 9, 9)
                else:
                    page.ax.add_patch(plt.Circle((x + 4.5, mid), 3.8, fill=False, lw=0.8))
                page.text(x + 4.5, mid, SYMBOLS.get(shown, shown), 11, ha="center", weight="bold")
                x += 11
            else:
                page.text(x, mid, char, 20, ha="left")
                x += 4
        page.text(MARGIN + 150, mid, "= ______", 11)
        if answers:
            page.text(
                MARGIN + 156, mid - 1.5, "24" if pattern in hits else "none", 11, weight="bold"
            )


def sheet_03(new, answers):
    searched = trace(TREE_HAND, TREE_TARGET)
    hand, target = hand_text(TREE_HAND), describe(searched.target)
    page = new()
    y = page.heading(
        28,
        f"The tree of {hand} → {target}",
        f"Each step takes a pair of slots i < j and puts one of the six results into slot i. "
        f"Write the numbers left after each step in its box, then the final number of each "
        f"result of the last pair. Circle every final number that is {target}.",
    )
    first = [s for s in searched.states if s.depth == 1]
    row = (280 - y) / len(first)
    root_y = y + row * len(first) / 2
    page.box(MARGIN, root_y - 5, 18, 10, fill="white", lw=1.2)
    page.text(MARGIN + 9, root_y, hand, 9, ha="center", weight="bold")
    heads = ["a + b", "a − b", "b − a", "a × b", "a ÷ b", "b ÷ a"]
    for k, head in enumerate(heads):
        page.text(106 + k * 15 + 6.5, y + 1, head, 7, ha="center", color=MID)
    for k, state in enumerate(first):
        mid = y + 5 + k * row + row / 2 - 1
        page.line([MARGIN + 18, 52], [root_y, mid], color=MID, lw=0.4)
        page.text(53, mid, state.step.replace("*", "×").replace("/", "÷").replace("-", "−"), 7.5)
        page.box(76, mid - 4, 24, 8, fill="white")
        page.line([100, 106], [mid, mid], color=MID, lw=0.4)
        if answers:
            page.text(
                88, mid, " ".join(map(describe, state.values)), 8.5, ha="center", weight="bold"
            )
        leaves = [s for s in searched.states if s.parent == state.id]
        for j, leaf in enumerate(leaves):
            hit = leaf.reaches_target
            page.box(
                106 + j * 15,
                mid - 4,
                13,
                8,
                fill=LIGHT if answers and hit else "white",
                lw=2 if answers and hit else 0.6,
            )
            if answers:
                value = describe(leaf.values[0])
                page.text(
                    112.5 + j * 15, mid, value, 8, ha="center", weight="bold" if hit else "normal"
                )
    if answers:
        hits = ";  ".join(s.exprs[0].pretty() for s in searched.hits)
        page.text(
            MARGIN, 284, f"The shaded boxes: {len(searched.hits)} paths make {target}: {hits}", 8
        )
    array_sheet(new, answers)


def array_sheet(new, answers):
    """The post's array for 2 3 4, each write in order, the restore rows marked."""
    hand, target = TREE_HAND, Fraction(TREE_TARGET)
    seen = []
    recursive.search(
        recursive.start(hand),
        len(hand),
        target,
        [],
        visit=lambda array, n: seen.append((n, [v for v, _ in array])),
    )
    rows, n = [("start: the hand", seen[0][1], len(hand), False)], len(hand)
    parent, made = seen[0][1], iter(s for s in seen if s[0] == n - 1)
    for i, j in recursive.pairs(n):
        a, b = parent[i], parent[j]
        moved = list(parent)
        moved[j] = parent[n - 1]
        rows.append(
            (
                f"pair ({i}, {j}): a = {describe(a)}, b = {describe(b)}; slot {j} ← slot {n - 1}",
                moved,
                n,
                False,
            )
        )
        for op, swapped, _ in t24.expr.pair_results(a, b):
            symbol = SYMBOLS[op]
            rows.append(
                (
                    f"slot {i} ← {'b' if swapped else 'a'} {symbol} {'a' if swapped else 'b'}, then Search({n - 1})",
                    next(made)[1],
                    n - 1,
                    False,
                )
            )
        rows.append((f"RESTORE: slot {i} ← a, slot {j} ← b", list(parent), n, True))
    page = new()
    y = page.heading(
        28,
        f"The array of {hand_text(hand)}, step by step",
        f"Search({len(hand)}) on the array {hand_text(hand)}: write the number in each slot after "
        "each step. A grey slot is no longer in play (it keeps its old number). The rows in a "
        "thick frame put a and b back (the restore step).",
    )
    row = min(9.5, (282 - y) / (len(rows) + 1))
    xs = [MARGIN, MARGIN + 8, MARGIN + 120, MARGIN + 140, MARGIN + 160, MARGIN + WIDTH]
    for label, x in zip(["#", "step", "slot 0", "slot 1", "slot 2"], xs):
        page.text(x + 1, y + row / 2, label, 9, weight="bold")
    for k, (label, values, live, restore) in enumerate(rows, 1):
        top = y + k * row
        page.line([MARGIN, MARGIN + 120], [top + row] * 2, color=LIGHT, lw=0.5)
        if restore:
            page.box(MARGIN, top, 8, row, hatch="////", lw=0.5)
            page.box(MARGIN, top, WIDTH, row, lw=2)
        page.text(xs[0] + 1, top + row / 2, str(k), 8)
        page.text(xs[1] + 1, top + row / 2, label, 8, weight="bold" if restore else "normal")
        for s in range(len(hand)):
            x = xs[2 + s]
            page.box(x, top, 20, row, fill=LIGHT if s >= live else "white", lw=0.5)
            if answers and k > 1:
                page.text(
                    x + 10,
                    top + row / 2,
                    describe(values[s]),
                    9,
                    ha="center",
                    weight="bold" if s < live else "normal",
                    color="black" if s < live else MID,
                )
            elif k == 1:
                page.text(x + 10, top + row / 2, describe(values[s]), 9, ha="center", weight="bold")


def sheet_06(new, answers):
    page = new()
    y = page.heading(
        28,
        "Exact and float, step by step",
        "Work out each step as an exact fraction. After the lesson's first reveal, type each step "
        "into Python (8 / 3, for example), copy the float it prints, and ask Python whether that float is exactly your "
        "fraction: Fraction(8 / 3) == Fraction(8, 3).",
    )
    for text in ["8 / (3 - 8 / 3)", "(5 - 1 / 5) * 5", "4 / (1 - 5 / 6)"]:
        expr = t24.parse(text)
        page.text(MARGIN, y + 4, expr.pretty(), 14, weight="bold")
        y += 10
        cols = [MARGIN, MARGIN + 45, MARGIN + 85, MARGIN + 150]
        for head, x in zip(
            ["step", "exact fraction", "the float Python prints", "exactly equal?"], cols
        ):
            page.text(x + 1, y + 4, head, 9, weight="bold")
        for node in [n for n in reversed(list(expr.nodes())) if isinstance(n, t24.BinOp)]:
            y += 9
            for left, right in zip(cols, cols[1:] + [MARGIN + WIDTH]):
                page.box(left, y, right - left, 9, lw=0.5)
            page.text(cols[0] + 1.5, y + 4.5, node.pretty(), 9)
            if answers:
                f = postfix.evaluate(node.postfix(), number=float)
                exact = "yes" if Fraction(f) == node.value else "no"
                for x, said in zip(cols[1:], [describe(node.value), repr(f), exact]):
                    page.text(x + 1.5, y + 4.5, said, 10, weight="bold")
        y += 12
        page.text(MARGIN, y + 2, "Does the float of the whole expression equal 24?  ________", 10)
        if answers:
            f = postfix.evaluate(expr.postfix(), number=float)
            page.text(MARGIN + 110, y + 1, f"{f!r} == 24 is {f == 24}", 10, weight="bold")
        y += 16


def sheet_09(new, answers):
    page = new()
    y = page.heading(
        28,
        "Score sheet for a round",
        "For each hand: write the cards, your answer, the hints you used and your wrong tries, "
        "then how the hand ended: right, shown (you pressed Show answer) or skipped.",
    )
    heads = [
        ("hand", 12),
        ("cards", 28),
        ("my answer", 70),
        ("hints", 16),
        ("wrong tries", 20),
        ("right / shown / skipped", 34),
    ]
    game = Game(seed=SEED)
    rounds = [game.round] + [game.next_hand() for _ in range(7)]
    row = 24
    x = MARGIN
    for head, w in heads:
        page.box(x, y, w, 9, fill=LIGHT, lw=0.6)
        page.para(x + 1, y + 3, head, 8, width=w - 2, weight="bold", gap=1.2)
        x += w
    for k, round_ in enumerate(rounds):
        top, x = y + 9 + k * row, MARGIN
        for _, w in heads:
            page.box(x, top, w, row, lw=0.6)
            x += w
        page.text(MARGIN + 6, top + 6, str(k + 1), 11, ha="center", weight="bold")
        if answers:
            page.text(MARGIN + 13, top + 6, hand_text(round_.hand, faces=True), 10, weight="bold")
            page.text(MARGIN + 41, top + 6, round_.answer.pretty(), 9.5, weight="bold")
            page.para(
                MARGIN + 41, top + 12, f"{round_.rating.level}; {round_.how_many}", 7.5, width=68
            )
    y += 9 + len(rounds) * row + 8
    page.text(
        MARGIN,
        y,
        "Score:  ____ right out of ____ hands (____ shown, ____ skipped);  ____ wrong tries,  ____ hints",
        10,
    )
    if answers:
        page.para(
            MARGIN,
            y + 7,
            f"The hands are the game's of lesson 09 (seed {SEED}), in the order it deals them; "
            "the answer is the one the game shows.",
            8,
        )


def sheet_02(new, answers):
    page = new()
    y = page.heading(
        28,
        "The stack machine, token by token",
        "Read the tokens from left to right. A number is pushed; an operator pops two numbers "
        "(the lower one on the left), combines them and pushes the result. Write what the "
        "machine does and the stack after each token (bottom on the left).",
    )
    answer = t24.solve((3, 3, 8, 8))[0]
    for tokens in [(7, 6, 5, "-", "-"), answer.postfix()]:
        page.text(
            MARGIN, y + 4, "  ".join(map(str, tokens)), 14, weight="bold", family="DejaVu Sans Mono"
        )
        y += 10
        cols = [MARGIN, MARGIN + 20, MARGIN + 100, MARGIN + WIDTH]
        for head, x in zip(["token", "what the machine does", "the stack after it"], cols):
            page.text(x + 1, y + 4, head, 9, weight="bold")
        for token, step, state in zip(tokens, stack_steps(tokens), stacks(tokens)):
            y += 9
            for left, right in zip(cols, cols[1:]):
                page.box(left, y, right - left, 9, lw=0.5)
            page.text(cols[0] + 8, y + 4.5, str(token), 11, ha="center", family="DejaVu Sans Mono")
            if answers:
                page.text(cols[1] + 1.5, y + 4.5, typeset(step), 9, weight="bold")
                page.text(
                    cols[2] + 1.5, y + 4.5, "  ".join(map(describe, state)), 10, weight="bold"
                )
        y += 14
        page.text(
            MARGIN, y + 2, "The value:  ________    the same in infix:  ______________________", 10
        )
        if answers:
            page.text(MARGIN + 21, y + 1, describe(postfix.evaluate(tokens)), 10, weight="bold")
            page.text(MARGIN + 76, y + 1, postfix.to_infix(tokens).pretty(), 10, weight="bold")
        y += 16


def stacks(tokens) -> list[list[Fraction]]:
    """The stack after each token, as the package's stack machine (`postfix.evaluate`) runs."""
    stack, after = [], []

    def push(token):
        stack.append(Fraction(token))
        after.append(list(stack))
        return stack[-1]

    def combine(op, left, right):
        del stack[-2:]
        stack.append(t24.expr.OPS[op](left, right))
        after.append(list(stack))
        return stack[-1]

    postfix.evaluate(tokens, push, combine)
    return after


SHEETS = {
    "00": sheet_00,
    "01": sheet_01,
    "02": sheet_02,
    "03": sheet_03,
    "06": sheet_06,
    "09": sheet_09,
}


# ---------------------------------------------------------------------------------------------
# The lessons: titles, hands, the "Try it first" questions and their model answers.


def lesson_cells(number: str) -> tuple[Path, list[dict]]:
    path = next((ROOT / "teacher").glob(f"{number}-*.ipynb"))
    return path, json.loads(path.read_text(encoding="utf-8"))["cells"]


def title_of(cells) -> str:
    for cell in cells:
        for line in "".join(cell["source"]).splitlines():
            if line.startswith("# "):
                return line[2:].strip()
    return ""


def lesson_hands(number: str, exclude=()) -> list[tuple[int, ...]]:
    """The four-card hands (cards 1 to 13) the lesson's text names, each once, in order."""
    _, cells = lesson_cells(number)
    found = []
    for cell in cells:
        if cell["cell_type"] == "markdown":
            for match in re.finditer(
                r"(?<![\d,./])(?<!\d )(\d{1,2}) (\d{1,2}) (\d{1,2}) (\d{1,2})(?![\d/]| \d)",
                "".join(cell["source"]),
            ):
                hand = tuple(sorted(int(n) for n in match.groups()))
                if all(1 <= n <= 13 for n in hand) and hand not in found and hand not in exclude:
                    found.append(hand)
    return found


def plain(markdown: str) -> str:
    """Markdown as plain text: no emphasis, code marks or link targets."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"\*\*|__|`", "", text)
    return re.sub(r"(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)", "", text).strip()


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "p", "tr", "li", "div"):
            self.parts.append("\n")
        elif tag in ("td", "th"):
            self.parts.append("  ")

    def handle_data(self, data):
        self.parts.append(data)


def html_text(markup: str) -> str:
    parser = _Text()
    parser.feed(markup)
    return re.sub(r"\n\s*\n+", "\n", html.unescape("".join(parser.parts))).strip()


def questions(cells) -> list[dict]:
    """Each "Try it first" (or "Trace it by hand") paragraph, the short code cell it asks about,
    and the cells after it that answer: reveals (by index) or a written answer's model text."""
    found = []
    for k, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] != "markdown":
            continue
        heading = re.search(r"^#+ Try it first\s*$", source, re.M)
        paragraphs = source.split("\n\n")
        asked = [p for p in paragraphs if any(f"**{m}**" in p for m in MARKERS)]
        if heading and not asked:
            asked = [source[heading.end() :]]
        for paragraph in asked:
            marker = next((m for m in MARKERS if f"**{m}**" in paragraph), MARKERS[0])
            asked_text = " ".join(paragraph.replace(f"**{marker}**", "").split())
            asked_text = asked_text.replace("in the cell below", "in the box below")
            item = {
                "marker": marker.rstrip("."),
                "text": plain(asked_text),
                "code": "",
                "reveals": [],
                "written": "",
            }
            for later in range(k + 1, min(k + 4, len(cells))):
                after, text = cells[later], "".join(cells[later]["source"])
                grading = after["metadata"].get("nbgrader", {})
                if after["cell_type"] == "markdown" and grading.get("solution"):
                    answer = text.split("**Rubric**")[0]  # the model answer, not its rubric
                    item["written"] = re.sub(r"### (BEGIN|END) SOLUTION", "", answer).strip()
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
        read, written = names(shell.transform_cell("".join(cell["source"])))
        if k in wanted or written & reads:
            keep.append(k)
            reads |= read
    return keep[::-1]


def reveal_texts(path: Path, cells, wanted: set[int]) -> dict[int, list[str]]:
    """Run the cells the wanted reveals need, in order, and keep the text each would show."""
    from IPython.core.interactiveshell import InteractiveShell

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
                    result = shell.run_cell("".join(cells[k]["source"]))
                plt.close("all")
                if not result.success and k in wanted:
                    shown[k] = ["(this reveal did not run here: press it in the teacher's lesson)"]
    finally:
        t24.notebook.reveal = real
        os.chdir(cwd)
    return shown


def tryit_pages(new, answers, path, cells, run: bool) -> None:
    """The lesson's questions, each with room to write; with `answers`, the model answers (the
    reveals' texts only if `run`: the lesson's cells are run for them)."""
    items = questions(cells)
    if not items:
        return
    texts, wanted = {}, {k for item in items for k in item["reveals"]}
    if answers and run and wanted:
        print(f"running the cells behind {path.stem}'s reveals", flush=True)
        texts = reveal_texts(path, cells, wanted)
    page = new()
    y = page.heading(28, "Try it first", "Write your answer before the lesson shows it.")
    for number, item in enumerate(items, 1):
        lines = wrap(item["text"], 10.5, WIDTH - 8)
        code = item["code"].splitlines()
        room = 60 if item["marker"].startswith("Trace") else 34  # a call tree needs more room
        need = 7 + 5.5 * len(lines) + 4.2 * len(code) + room + 4
        if y + need > 282:
            page, y = new(), 28
        page.text(MARGIN, y + 2, f"{number}.", 11, weight="bold")
        page.text(MARGIN + 8, y + 2, item["marker"], 8, color=MID, weight="bold")
        y = page.para(MARGIN + 8, y + 8, item["text"], 10.5, width=WIDTH - 8)
        for line in code:
            page.text(MARGIN + 10, y, line, 8, family="DejaVu Sans Mono")
            y += 4.2
        page.box(MARGIN + 8, y, WIDTH - 8, room, lw=0.5)
        if answers:
            said = (
                "\n".join(t for k in item["reveals"] for t in texts.get(k, [])) or item["written"]
            )
            if not said and item["reveals"]:
                said = "The answer is behind the lesson's reveal button (not run for this copy)."
            elif not said:
                said = "No model answer in the teacher's lesson: the class discusses it."
            lines = wrap(plain(said), 8.5, WIDTH - 12)
            fits = int((room - 4) / 3.9)
            if len(lines) > fits:
                lines = lines[: fits - 1] + ["… (the rest in the teacher's lesson)"]
            page.para(MARGIN + 10, y + 4, "\n".join(lines), 8.5, width=WIDTH - 12, gap=1.3)
        y += room + 6


def lesson_pdf(out: Path, path: Path, answers: bool, run: bool = True) -> int:
    """One lesson's students' (or teacher's) PDF in `out`; its pages (0: none written)."""
    number, cells = path.name[:2], lesson_cells(path.name[:2])[1]
    title, pages = title_of(cells), []

    def new() -> Page:
        pages.append(Page(number, title, answers))
        return pages[-1]

    if number in SHEETS:
        SHEETS[number](new, answers)
    tryit_pages(new, answers, path, cells, run)
    name = f"{'teacher' if answers else 'students'}/{path.stem}.pdf"
    if pages:
        metadata = {"Title": f"{number} {title}", "CreationDate": None}
        with PdfPages(out / name, metadata=metadata) as pdf:
            for k, page in enumerate(pages, 1):
                footer = f"t24 · {number} {title} · page {k} of {len(pages)}"
                page.text(105, 290, footer, 8, ha="center", color=MID)
                pdf.savefig(page.fig)
                plt.close(page.fig)
        print(f"{out / name}: {len(pages)} page{'s' * (len(pages) > 1)}", flush=True)
    return len(pages)


def build(out: Path, numbers=(), run: bool = True) -> dict[str, int]:
    """Write every lesson's two PDFs into `out` (or those of the lesson `numbers`); their pages.
    With `run=False` the lessons' cells are not run: the reveals' answers are left out."""
    for folder in ("students", "teacher"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    if CJK is None:
        warnings.filterwarnings("ignore", "Glyph .* missing", UserWarning)
        print("No Chinese font here (pip install '.[zh]'): the posts' titles print as boxes.")
    made = {}
    for path in sorted((ROOT / "teacher").glob("[0-9][0-9]-*.ipynb")):
        if numbers and path.name[:2] not in numbers:
            continue
        for answers in (False, True):
            if pages := lesson_pdf(out, path, answers, run):
                made[f"{'teacher' if answers else 'students'}/{path.stem}.pdf"] = pages
    return made


def main(argv: list[str]) -> int:
    """`handouts.py [OUT [NN ...]]`: every lesson's PDFs into OUT (handouts/), or those of NN."""
    out, numbers = Path(argv[0] if argv else "handouts"), set(argv[1:])
    known = {path.name[:2] for path in (ROOT / "teacher").glob("[0-9][0-9]-*.ipynb")}
    if numbers - known:
        print(
            f"no lesson {' '.join(sorted(numbers - known))}: the lessons are {' '.join(sorted(known))}"
        )
        return 2
    build(out, numbers)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
