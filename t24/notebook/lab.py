"""The comparison lab: card and target sliders ask the chosen methods for the same hand, each
timed; the answers stay hidden until "show answers", so a class guesses first."""

import html
import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from typing import NamedTuple

import ipywidgets as widgets

from ..bench import MODE_WORDS, timed_solve
from ..expr import Expr, value_latex
from ..game import deal_solvable
from ..hand import InputError, SearchTooLarge, as_hand, as_target
from ..methods import METHODS, TABLE
from ..solver import as_method
from ..text import describe, duration, hand_text, plural
from .widgets import WIDGET_FONT, Panel, card_html, cards_html, live, table_html

MODES = ("all", "distinct", "first")
LAB_DEFAULT = ("recursive", "postfix-compiled", "fast")  # a few milliseconds a hand each
START = (3, 3, 8, 8)  # the hand the lab opens with
SHOW_AT_MOST = 12  # answers listed per method; 1 2 3 4 has hundreds of trees
MODE_NOTES = {  # what each mode counts, said under the table
    "all": "<i>all</i> counts every tree a method finds: the same answer written many ways.",
    "distinct": "<i>distinct</i> keeps one answer per class (order of + and × ignored).",
    "first": "<i>first</i> stops at the first answer a method reaches.",
}


class Result(NamedTuple):
    """One method's answers and seconds (as `t24.bench.timed_solve` gives them), or its refusal."""

    answers: tuple[Expr, ...] = ()
    seconds: float = 0.0
    refusal: str | None = None


def method_names(methods) -> tuple[str, ...]:
    """The methods asked for, checked by name: one name, or several."""
    names = (methods,) if isinstance(methods, str) else methods
    try:
        return tuple(map(as_method, names))
    except TypeError:
        raise InputError(f"methods are names from {', '.join(METHODS)}, not {methods!r}") from None


def compare(
    hand: Sequence[int], target=24, methods: Iterable[str] = LAB_DEFAULT, mode: str = "distinct"
) -> dict[str, Result]:
    """Each asked method's answers for the hand in one mode, timed, in `t24.METHODS` order."""
    hand, target, names = as_hand(hand), as_target(target), method_names(methods)
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    found = {}
    for method in (m for m in METHODS if m in names):
        try:
            answers, seconds = timed_solve(hand, target, method, mode)
            found[method] = Result(tuple(answers), seconds)
        except SearchTooLarge as error:
            found[method] = Result(refusal=str(error))
    return found


def answers_html(answers: Sequence[Expr], target: Fraction) -> str:
    """A numbered list of typeset answers, at most `SHOW_AT_MOST`, then how many more."""
    items = "".join(
        rf'<li style="margin: 4px 0">$\displaystyle {e.to_latex()} = {value_latex(target)}$</li>'
        for e in answers[:SHOW_AT_MOST]
    )
    more = len(answers) - SHOW_AT_MOST
    return f"<ol>{items}</ol>" + (f"<p>… and {more} more.</p>" if more > 0 else "")


def answers_section(found: Mapping[str, Result], hand, target: Fraction, mode: str) -> str:
    """The typeset answers: one list when the methods agree, else one list per method."""
    ran = {m: r.answers for m, r in found.items() if r.refusal is None}
    if not ran:
        return "<p>Every method asked refused this hand: try fast.</p>"
    if not any(ran.values()):
        return f"<p>No way to make {describe(target)} from {hand_text(hand, faces=True)}.</p>"
    first = next(iter(ran.values()))
    if len(ran) > 1 and len({tuple(map(str, answers)) for answers in ran.values()}) == 1:
        noun = {"all": "answer", "distinct": "distinct answer", "first": "first answer"}[mode]
        said = f"All {len(ran)} methods give the same {plural(len(first), noun)}"
        return f"<p>{said}:</p>" + answers_html(first, target)
    return "\n".join(
        f"<p><b>{method}</b>: {plural(len(answers), 'answer')}</p>\n{answers_html(answers, target)}"
        for method, answers in ran.items()
    )


def lab_view(found: Mapping[str, Result], hand, target=24, mode="distinct", show=False) -> str:
    """The lab's result as HTML: a row per method (label, count, time), the answers if asked."""
    if not found:
        return "<p>Choose at least one method.</p>"
    target, rows = as_target(target), []
    for method, result in found.items():
        said = [f"{len(result.answers):,}", duration(result.seconds)]
        if result.refusal is not None:
            said = ["refused: " + html.escape(result.refusal), ""]
        rows.append((method, TABLE[method].label, *said))
    hidden = 'Answers hidden: guess first, then press "show answers".'
    shown = answers_section(found, hand, target, mode) if show else f"<p><i>{hidden}</i></p>"
    return "\n".join(
        [
            f'<div style="font-size: {WIDGET_FONT}; line-height: 1.5">',
            f"<p>{cards_html(hand)} → <b>{describe(target)}</b>, {MODE_WORDS[mode]}</p>",
            table_html(rows, ("method", "", "answers", "time")),
            f"<p><small>{MODE_NOTES[mode]} Times are one run on this kernel.</small></p>",
            shown,
            "</div>",
        ]
    )


def make_lab(methods: Iterable[str] = LAB_DEFAULT) -> Panel:
    """The lab: card and target sliders, a deal button, a toggle per method, mode, show answers."""
    names, rng = method_names(methods), random.Random(24)  # the same deals in every class
    sliders = [widgets.IntSlider(n, 1, 13, description=f"card {k}") for k, n in enumerate(START, 1)]
    sliders.append(widgets.IntSlider(24, 1, 100, description="target"))
    faces = [widgets.HTML(card_html(n), layout={"width": "4em"}) for n in START]
    toggles = [
        widgets.ToggleButton(m in names, description=m, layout={"width": "auto"}) for m in METHODS
    ]
    chooser = widgets.HBox(toggles, layout={"flex_flow": "row wrap"})
    mode = widgets.ToggleButtons(options=MODES, value="distinct", description="answers")
    big = {"font_size": WIDGET_FONT}
    show = widgets.ToggleButton(description="show answers", icon="eye", style=big)
    dealer = widgets.Button(description="deal a hand", icon="random", style=big)
    result = widgets.HTMLMath()

    def keep_limits(low, high, change):  # a browser's message may move them: put them back
        with change["owner"].hold_trait_notifications():  # checked together, the value clamped
            change["owner"].min, change["owner"].max = low, high

    css = "card-1 card-2 card-3 card-4 target lab-methods lab-mode lab-show lab-deal lab-result".split()
    for control, name in zip([*sliders, chooser, mode, show, dealer, result], css):
        control.add_class(f"t24-{name}")
    for slider in sliders:
        slider.continuous_update = False
        slider.observe(partial(keep_limits, slider.min, slider.max), names=["min", "max"])
    slow = [m for m in METHODS if TABLE[m].as_written and m not in LAB_DEFAULT]
    note = widgets.HTML(
        f"<small>Runs by default: {', '.join(LAB_DEFAULT)}, each a few ms a hand. "
        f"Press a method to add or remove it; {' and '.join(slow)} as written are slow.</small>"
    )
    dealing = []  # non-empty while the deal button moves the sliders: one update, not four

    def update(change=None):
        if dealing:
            return
        cards = [slider.value for slider in sliders[:4]]
        for face, card in zip(faces, cards):
            face.value = card_html(card)
        show.description = "hide answers" if show.value else "show answers"
        chosen = [toggle.description for toggle in toggles if toggle.value]
        found = compare(cards, sliders[4].value, chosen, mode.value)
        result.value = lab_view(found, cards, sliders[4].value, mode.value, show.value)

    def deal(_button=None):  # every target 1 to 100 has solvable hands: a fifth of them or more
        dealing.append(True)
        try:  # a refused deal leaves the page answering its sliders
            for slider, card in zip(sliders, deal_solvable(rng, 1, 13, 4, sliders[4].value)):
                slider.value = card
        finally:
            dealing.clear()
        update()

    for control in (*sliders, *toggles, mode, show):
        control.observe(update, names="value")
    dealer.on_click(deal)
    update()
    cards = [widgets.HBox(pair) for pair in zip(sliders, faces)]
    rows = [cards[:2], cards[2:], [sliders[4], dealer], [chooser], [mode, show]]
    return Panel([*map(widgets.HBox, rows), note, result], live("the lab"))
