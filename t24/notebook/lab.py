"""The comparison lab: which method should answer when a student lets go of a slider?

Notebook 04 deals four cards and a target with sliders (or a "deal a hand" button) and asks
several methods of `t24.METHODS` for the same hand, side by side: each row says the method's
name, whether it follows its post as written or is an optimised variant, how many answers it
found and how long it took. By default the lab runs the three methods that answer a hand in a
few milliseconds (`t24.methods.LAB_DEFAULT`); the as-written pattern and postfix searches can be
added, and are labelled as slow. The expressions stay hidden until "show answers" is pressed, so
a class can guess first.

The work is split as in the collection's other interactive parts: `compare` runs and times the
methods, `lab_view` turns the results into HTML for an `HTMLMath` widget (pure apart from the
clock), and `make_lab` only wires the controls to it. Results go into the widget's `.value`,
never to `print`, so the outputs an executed notebook stores stay the same from run to run.
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as widgets

from ..bench.run import MODE_WORDS
from ..expr import Expr, value_latex
from ..game import deal, deal_solvable
from ..hand import Hand, InputError, as_hand, as_target
from ..methods import AS_WRITTEN, LAB_DEFAULT, METHODS, fast
from ..solver import solve
from ..text import FACES, describe, duration, hand_text, plural
from .plots import kind
from .style import WIDGET_FONT

MODES = ("all", "distinct", "first")
SHOW_AT_MOST = 12  # answers listed per method; a hand like 1 2 3 4 has hundreds of trees
CARD_RANGE = (1, 13)
TARGET_RANGE = (1, 100)
SEED = 24  # the deal button's generator: the same classroom sequence of hands on every run
# The as-written searches that take long enough per hand to feel on a slider.
# The as-written methods the lab does not run by default: many times slower than the defaults.
SLOW = tuple(method for method in AS_WRITTEN if method not in LAB_DEFAULT)

MODE_NOUNS = {"all": "answer", "distinct": "distinct answer", "first": "first answer"}
MODE_NOTES = {
    "all": (
        "<i>all</i> counts every expression tree a method finds: the methods write the same answer "
        "in different ways, so their counts differ."
    ),
    "distinct": "<i>distinct</i> keeps one readable answer per class (order of + and × and regrouping ignored).",
    "first": "<i>first</i> stops at the first answer a method reaches; the methods need not reach the same one.",
}


@dataclass(frozen=True)
class MethodResult:
    """What one method gave for one hand, target and mode: its answers and time, or why it refused."""

    method: str
    hand: Hand
    target: Fraction
    mode: str
    answers: tuple[Expr, ...] = ()
    seconds: float = 0.0
    refusal: str | None = None

    @property
    def count(self) -> int:
        """How many answers the method returned (0 when it refused)."""
        return len(self.answers)

    @property
    def refused(self) -> bool:
        """Whether the method declined the search (too large, or input it cannot take)."""
        return self.refusal is not None


def method_label(method: str) -> str:
    """How the methods selector names a method: `patterns (as written, slow)`, `fast (optimised)`."""
    return f"{method} ({kind(method)}, slow)" if method in SLOW else f"{method} ({kind(method)})"


def methods_note() -> str:
    """What the methods selector runs by default, and which choices are slow."""
    return (f"<small>Runs by default: {', '.join(LAB_DEFAULT)}, each a few ms a hand. Ctrl-click (⌘-click) "
            f"to add or remove; {' and '.join(SLOW)} as written are slow (notebook 04 has the "
            "measured times).</small>")


def card_text(card: int) -> str:
    """A card for a classroom display: `8`, or `12 Q` for a face card."""
    return f"{card} {FACES[card]}" if card in FACES else str(card)


def run_method(hand: Sequence[int], target, method: str, mode: str = "distinct") -> MethodResult:
    """Run one method in one mode and time it from cold; a refusal (SearchTooLarge) becomes its message."""
    hand, target = as_hand(hand), as_target(target)
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    if method == "fast":
        # fast remembers sub-hands between calls; forget them, so every method is timed from cold
        # and a hand seen before does not look quicker than it is.
        fast.clear_caches()
    start = time.perf_counter()
    try:
        answers = solve(hand, target, method=method, first=mode == "first", distinct=mode == "distinct")
    except InputError as error:  # SearchTooLarge is an InputError: the message names a better method
        return MethodResult(method, hand, target, mode, seconds=time.perf_counter() - start, refusal=str(error))
    return MethodResult(method, hand, target, mode, tuple(answers), time.perf_counter() - start)


def compare(
    hand: Sequence[int], target=24, methods: Iterable[str] = LAB_DEFAULT, mode: str = "distinct"
) -> dict[str, MethodResult]:
    """Each asked method's answers for the hand in one mode, timed, in `t24.METHODS` order."""
    asked = set(methods)
    unknown = asked - set(METHODS)
    if unknown:
        raise InputError(f"unknown method {sorted(unknown)[0]!r}; choose from {', '.join(METHODS)}")
    return {method: run_method(hand, target, method, mode) for method in METHODS if method in asked}


def answer_math(expr: Expr, target: Fraction) -> str:
    """One answer as display-size math for HTMLMath: `$\\displaystyle ... = 24$`."""
    return rf"$\displaystyle {expr.to_latex()} = {value_latex(target)}$"


def answers_html(answers: Sequence[Expr], target: Fraction, limit: int = SHOW_AT_MOST) -> str:
    """A numbered list of typeset answers, at most `limit` of them, then how many more."""
    items = "".join(f'<li style="margin: 4px 0">{answer_math(expr, target)}</li>' for expr in answers[:limit])
    more = len(answers) - limit
    tail = f"<p>… and {more} more.</p>" if more > 0 else ""
    return f"<ol>{items}</ol>{tail}"


def all_agree(results: Mapping[str, MethodResult]) -> bool:
    """Whether every method that ran gave the same list of answers (two or more methods)."""
    texts = [[str(expr) for expr in r.answers] for r in results.values() if not r.refused]
    return len(texts) >= 2 and all(t == texts[0] for t in texts)


def _cell(text, tag: str = "td", span: int = 1) -> str:
    colspan = f' colspan="{span}"' if span > 1 else ""
    return f'<{tag}{colspan} style="padding: 3px 18px 3px 0; text-align: left">{text}</{tag}>'


def method_row(result: MethodResult) -> str:
    """One table row: the method's name, as written or optimised, its count and time, or its refusal."""
    start = _cell(f"<b>{result.method}</b>") + _cell(kind(result.method))
    if result.refused:
        return f'<tr class="t24-lab-refused">{start}{_cell("refused: " + html.escape(result.refusal), span=2)}</tr>'
    return f"<tr>{start}{_cell(f'{result.count:,}')}{_cell(duration(result.seconds))}</tr>"


def answers_section(results: Mapping[str, MethodResult], target: Fraction) -> str:
    """The typeset answers: one list when the methods agree, else one list per method."""
    ran = [r for r in results.values() if not r.refused]
    if not ran:
        return "<p>Every method asked refused this hand: try fast.</p>"
    if all(r.count == 0 for r in ran):
        return f"<p>No way to make {describe(target)} from {hand_text(ran[0].hand, faces=True)}.</p>"
    if all_agree(results):
        count = ran[0].count
        return (f"<p>All {len(ran)} methods give the same {plural(count, MODE_NOUNS[ran[0].mode])}:</p>"
                + answers_html(ran[0].answers, target))
    parts = []
    if ran[0].mode == "distinct" and len(ran) >= 2:
        parts.append("<p><b>The methods disagree on the distinct answers.</b></p>")
    for result in ran:
        parts.append(f"<p><b>{result.method}</b>: {plural(result.count, 'answer')}</p>")
        parts.append(answers_html(result.answers, target))
    return "\n".join(parts)


def lab_view(results: Mapping[str, MethodResult], target=24, show_answers: bool = False) -> str:
    """HTML for the lab's result: a row per method (kind, count, time), then the answers if asked."""
    target = as_target(target)
    if not results:
        return "<p>Choose at least one method.</p>"
    first = next(iter(results.values()))
    cards = " ".join(card_text(card) for card in first.hand)
    parts = [
        f'<div style="font-size: {WIDGET_FONT}; line-height: 1.5">',
        f'<p class="t24-lab-heading"><b>{cards}</b> → <b>{describe(target)}</b>, {MODE_WORDS[first.mode]}</p>',
        '<table class="t24-lab-table" style="border-collapse: collapse">'
        + "<tr>" + "".join(_cell(head, "th") for head in ("method", "", "answers", "time")) + "</tr>",
        *(method_row(result) for result in results.values()),
        "</table>",
        f"<p><small>{MODE_NOTES[first.mode]} Times are one run on this kernel.</small></p>",
    ]
    if show_answers:
        parts.append(answers_section(results, target))
    else:
        parts.append('<p class="t24-lab-hidden"><i>Answers hidden: guess first, then press "show answers".</i></p>')
    parts.append("</div>")
    return "\n".join(parts)


def deal_hand(rng: random.Random, solvable: bool = True, target=24) -> Hand:
    """Four cards from 1 to 13 for the lab, from a deck of four suits; a hand that makes the target if asked."""
    low, high = CARD_RANGE
    return deal_solvable(rng, low, high, 4, target) if solvable else deal(rng, low, high, 4)


def _check(hand, target) -> Hand:
    hand = as_hand(hand)
    if len(hand) != 4 or not all(CARD_RANGE[0] <= n <= CARD_RANGE[1] for n in hand):
        raise InputError(f"the lab deals four cards from {CARD_RANGE[0]} to {CARD_RANGE[1]}, not {hand_text(hand)}")
    if isinstance(target, bool) or not isinstance(target, int) or not TARGET_RANGE[0] <= target <= TARGET_RANGE[1]:
        raise InputError(f"the lab's target is a whole number from {TARGET_RANGE[0]} to {TARGET_RANGE[1]}, not {target!r}")
    return hand


def _face_html(card: int) -> str:
    return f'<span style="font-size: {WIDGET_FONT}"><b>{card_text(card)}</b></span>'


def make_lab(hand: Sequence[int] = (3, 3, 8, 8), target: int = 24, methods: Iterable[str] = LAB_DEFAULT,
             seed: int = SEED) -> widgets.VBox:
    """The lab: card and target sliders, a deal button, methods, mode and a show-answers toggle."""
    hand, methods = _check(hand, target), tuple(methods)
    compare((1, 1, 1, 1), 24, methods, "first")  # refuses unknown names before any widget exists
    rng = random.Random(seed)
    cards, faces = [], []
    for position, number in enumerate(hand, start=1):
        slider = widgets.IntSlider(value=number, min=CARD_RANGE[0], max=CARD_RANGE[1], description=f"card {position}",
                                   continuous_update=False)
        slider.add_class(f"t24-card-{position}")
        cards.append(slider)
        faces.append(widgets.HTML(_face_html(number), layout=widgets.Layout(width="4em")))
    target_slider = widgets.IntSlider(value=target, min=TARGET_RANGE[0], max=TARGET_RANGE[1], description="target",
                                      continuous_update=False)
    target_slider.add_class("t24-target")
    chooser = widgets.SelectMultiple(options=[(method_label(m), m) for m in METHODS], value=methods,
                                     rows=len(METHODS), description="methods",
                                     layout=widgets.Layout(width="26em"))
    chooser.add_class("t24-lab-methods")
    mode = widgets.ToggleButtons(options=MODES, value="distinct", description="answers")
    mode.add_class("t24-lab-mode")
    # Wide enough for "hide answers" at the larger font, so the label is never cut short.
    show = widgets.ToggleButton(value=False, description="show answers", icon="eye", layout=widgets.Layout(width="12em"))
    show.add_class("t24-lab-show")
    dealer = widgets.Button(description="deal a hand", icon="random", layout=widgets.Layout(width="12em"))
    dealer.add_class("t24-lab-deal")
    for button in (show, dealer):
        button.style.font_size = WIDGET_FONT
    note = widgets.HTML(methods_note(), layout=widgets.Layout(max_width="30em"))
    note.add_class("t24-lab-note")
    result = widgets.HTMLMath()
    result.add_class("t24-lab-result")
    dealing = []  # non-empty while the deal button moves the sliders: one update, not four

    def update(change=None):
        if dealing:
            return
        for slider, face in zip(cards, faces):
            face.value = _face_html(slider.value)
        show.description, show.icon = ("hide answers", "eye-slash") if show.value else ("show answers", "eye")
        try:
            found = compare([slider.value for slider in cards], target_slider.value, chooser.value, mode.value)
            result.value = lab_view(found, target_slider.value, show.value)
        except InputError as error:
            result.value = f"<p>{html.escape(str(error))}</p>"

    def deal_new(_button=None):
        dealing.append(True)
        try:
            for slider, card in zip(cards, deal_hand(rng, target=target_slider.value)):
                slider.value = card
        except InputError as error:  # no solvable hand for this target: say so, keep the cards
            dealing.clear()
            result.value = f"<p>{html.escape(str(error))}</p>"
            return
        dealing.clear()
        update()

    for control in (*cards, target_slider, chooser, mode, show):
        control.observe(update, names="value")
    dealer.on_click(deal_new)
    update()
    return widgets.VBox([
        widgets.HBox([cards[0], faces[0], cards[1], faces[1]]),
        widgets.HBox([cards[2], faces[2], cards[3], faces[3]]),
        widgets.HBox([target_slider, dealer]),
        widgets.HBox([chooser, widgets.VBox([mode, show, note])]),
        result,
    ])
