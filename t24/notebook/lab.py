"""The comparison lab: which method should answer when a student lets go of a slider?

Four card sliders and a target (or "deal a hand") ask several methods of `t24.METHODS` for the
same hand, side by side: each row says the method, whether it follows its post as written or is
optimised, how many answers it found and how long it took. By default the lab runs the methods
that answer in a few milliseconds (`t24.methods.LAB_DEFAULT`); a toggle button per method adds or
removes one (the slow as-written searches say so). The answers stay hidden until "show answers",
so a class can guess first. `compare` runs and times the methods, `lab_view` writes the result as
HTML, and `make_lab` only wires the controls to them.
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
from ..game import deal_solvable
from ..hand import Hand, InputError, SearchTooLarge, as_hand, as_target
from ..methods import LAB_DEFAULT, METHODS, TABLE, fast
from ..solver import solve
from ..text import describe, duration, hand_text, plural
from .widgets import WIDGET_FONT, Panel, card_html, cards_html, live

MODES = ("all", "distinct", "first")
SHOW_AT_MOST = 12  # answers listed per method; 1 2 3 4 has hundreds of trees
CARD_RANGE, TARGET_RANGE = (1, 13), (1, 100)
SEED = 24  # the deal button's generator: the same sequence of hands in every class
SLOW = tuple(m for m in METHODS if TABLE[m].as_written and m not in LAB_DEFAULT)
MODE_NOUNS = {"all": "answer", "distinct": "distinct answer", "first": "first answer"}
MODE_NOTES = {
    "all": "<i>all</i> counts every expression tree a method finds: the methods write the same "
    "answer in different ways, so their counts differ.",
    "distinct": "<i>distinct</i> keeps one readable answer per class (order of + and × and "
    "regrouping ignored).",
    "first": "<i>first</i> stops at the first answer a method reaches; the methods need not "
    "reach the same one.",
}


@dataclass(frozen=True)
class MethodResult:
    """What one method gave for one hand, target and mode: its answers and time, or its refusal."""

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


def method_names(methods) -> tuple[str, ...]:
    """The methods asked for, checked by name: one name, or several."""
    names = (methods,) if isinstance(methods, str) else methods
    try:
        names = tuple(names)
    except TypeError:
        raise InputError(f"methods are names from {', '.join(METHODS)}, not {methods!r}") from None
    for name in names:
        if not isinstance(name, str) or name not in TABLE:
            raise InputError(f"unknown method {name!r}; choose from {', '.join(METHODS)}")
    return names


def timed_solve(hand: Hand, target: Fraction, method: str, mode: str) -> tuple[list, float]:
    """One method's answers in one mode and its CPU time, from cold (fast forgets its tables)."""
    if method == "fast":
        fast.clear_caches()
    start = time.process_time()
    answers = solve(hand, target, method=method, first=mode == "first", distinct=mode == "distinct")
    return answers, time.process_time() - start


def compare(
    hand: Sequence[int], target=24, methods: Iterable[str] = LAB_DEFAULT, mode: str = "distinct"
):
    """Each asked method's answers for the hand in one mode, timed, in `t24.METHODS` order."""
    hand, target, names = as_hand(hand), as_target(target), method_names(methods)
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    results = {}
    for method in (m for m in METHODS if m in names):
        try:
            answers, seconds = timed_solve(hand, target, method, mode)
        except SearchTooLarge as error:
            results[method] = MethodResult(method, hand, target, mode, refusal=str(error))
        else:
            results[method] = MethodResult(method, hand, target, mode, tuple(answers), seconds)
    return results


def answers_html(answers: Sequence[Expr], target: Fraction) -> str:
    """A numbered list of typeset answers, at most `SHOW_AT_MOST`, then how many more."""
    items = "".join(
        rf'<li style="margin: 4px 0">$\displaystyle {e.to_latex()} = {value_latex(target)}$</li>'
        for e in answers[:SHOW_AT_MOST]
    )
    more = len(answers) - SHOW_AT_MOST
    return f"<ol>{items}</ol>" + (f"<p>… and {more} more.</p>" if more > 0 else "")


def _cell(text, tag: str = "td", span: int = 1) -> str:
    return (
        f'<{tag} colspan="{span}" style="padding: 3px 18px 3px 0; text-align: left">{text}</{tag}>'
    )


def method_row(result: MethodResult) -> str:
    """One table row: the method, as written or optimised, its count and time, or its refusal."""
    start = _cell(f"<b>{result.method}</b>") + _cell(TABLE[result.method].label)
    if result.refusal is not None:
        return f"<tr>{start}{_cell('refused: ' + html.escape(result.refusal), span=2)}</tr>"
    return f"<tr>{start}{_cell(f'{result.count:,}')}{_cell(duration(result.seconds))}</tr>"


def answers_section(results: Mapping[str, MethodResult], target: Fraction) -> str:
    """The typeset answers: one list when the methods agree, else one list per method."""
    ran = [r for r in results.values() if r.refusal is None]
    if not ran:
        return "<p>Every method asked refused this hand: try fast.</p>"
    if all(r.count == 0 for r in ran):
        return (
            f"<p>No way to make {describe(target)} from {hand_text(ran[0].hand, faces=True)}.</p>"
        )
    texts = [list(map(str, r.answers)) for r in ran]
    if len(ran) > 1 and all(t == texts[0] for t in texts):
        said = (
            f"All {len(ran)} methods give the same {plural(ran[0].count, MODE_NOUNS[ran[0].mode])}"
        )
        return f"<p>{said}:</p>" + answers_html(ran[0].answers, target)
    parts = (
        ["<p><b>The methods disagree on the distinct answers.</b></p>"]
        if ran[0].mode == "distinct" and len(ran) > 1
        else []
    )
    for r in ran:
        parts += [
            f"<p><b>{r.method}</b>: {plural(r.count, 'answer')}</p>",
            answers_html(r.answers, target),
        ]
    return "\n".join(parts)


def lab_view(results: Mapping[str, MethodResult], target=24, show_answers: bool = False) -> str:
    """The lab's result as HTML: a row per method (label, count, time), the answers if asked."""
    target = as_target(target)
    if not results:
        return "<p>Choose at least one method.</p>"
    first = next(iter(results.values()))
    head = "".join(_cell(word, "th") for word in ("method", "", "answers", "time"))
    shown = (
        answers_section(results, target)
        if show_answers
        else (
            '<p class="t24-lab-hidden"><i>Answers hidden: guess first, then press "show answers".</i></p>'
        )
    )
    return "\n".join(
        [
            f'<div style="font-size: {WIDGET_FONT}; line-height: 1.5">',
            f'<p class="t24-lab-heading">{cards_html(first.hand)} → <b>{describe(target)}</b>, '
            f"{MODE_WORDS[first.mode]}</p>",
            f'<table style="border-collapse: collapse"><tr>{head}</tr>',
            *map(method_row, results.values()),
            f"</table><p><small>{MODE_NOTES[first.mode]} Times are one run on this kernel.</small></p>",
            shown,
            "</div>",
        ]
    )


def _checked(hand, target, seed) -> Hand:
    hand = as_hand(hand)
    low, high = CARD_RANGE
    if len(hand) != 4 or not all(low <= n <= high for n in hand):
        raise InputError(f"the lab deals four cards from {low} to {high}, not {hand_text(hand)}")
    if type(target) is not int or not TARGET_RANGE[0] <= target <= TARGET_RANGE[1]:
        raise InputError(
            f"the lab's target is a whole number from {TARGET_RANGE[0]} to {TARGET_RANGE[1]}, not {target!r}"
        )
    if type(seed) is not int:
        raise InputError(f"the lab's seed is a whole number, not {seed!r}")
    return hand


def make_lab(
    hand: Sequence[int] = (3, 3, 8, 8),
    target: int = 24,
    methods: Iterable[str] = LAB_DEFAULT,
    seed: int = SEED,
) -> Panel:
    """The lab: card and target sliders, a deal button, a toggle per method, mode, show answers."""
    hand, names = _checked(hand, target, seed), method_names(methods)
    rng = random.Random(seed)
    cards, faces = [], []
    for position, number in enumerate(hand, start=1):
        cards.append(
            widgets.IntSlider(
                number, *CARD_RANGE, description=f"card {position}", continuous_update=False
            )
        )
        cards[-1].add_class(f"t24-card-{position}")
        faces.append(widgets.HTML(card_html(number), layout={"width": "4em"}))
    target_slider = widgets.IntSlider(
        target, *TARGET_RANGE, description="target", continuous_update=False
    )
    target_slider.add_class("t24-target")
    toggles = [
        widgets.ToggleButton(
            m in names,
            description=m,
            layout={"width": "auto"},
            tooltip=f"{m}: {TABLE[m].label}" + (", slow" if m in SLOW else ""),
        )
        for m in METHODS
    ]
    chooser = widgets.HBox(toggles, layout={"flex_flow": "row wrap"})
    chooser.add_class("t24-lab-methods")
    mode = widgets.ToggleButtons(options=MODES, value="distinct", description="answers")
    show = widgets.ToggleButton(description="show answers", icon="eye", layout={"width": "12em"})
    dealer = widgets.Button(description="deal a hand", icon="random", layout={"width": "12em"})
    for control, css in ((mode, "mode"), (show, "show"), (dealer, "deal")):
        control.add_class(f"t24-lab-{css}")
        control.style.font_size = WIDGET_FONT
    slow = " and ".join(SLOW)
    note = widgets.HTML(
        f"<small>Runs by default: {', '.join(LAB_DEFAULT)}, each a few ms a hand. "
        f"Press a method to add or remove it; {slow} as written are slow.</small>"
    )
    result = widgets.HTMLMath()
    result.add_class("t24-lab-result")
    dealing = []  # non-empty while the deal button moves the sliders: one update, not four

    def update(change=None):
        if dealing:
            return
        for slider, face in zip(cards, faces):
            face.value = card_html(slider.value)
        show.description, show.icon = (
            ("hide answers", "eye-slash") if show.value else ("show answers", "eye")
        )
        chosen = [toggle.description for toggle in toggles if toggle.value]
        found = compare([slider.value for slider in cards], target_slider.value, chosen, mode.value)
        result.value = lab_view(found, target_slider.value, show.value)

    def deal(_button=None):
        try:
            dealt = deal_solvable(rng, *CARD_RANGE, 4, target_slider.value)
        except InputError as error:  # no solvable hand for this target: say so, keep the cards
            result.value = f"<p>{html.escape(str(error))}</p>"
            return
        dealing.append(True)
        for slider, card in zip(cards, dealt):
            slider.value = card
        dealing.clear()
        update()

    for control in (*cards, target_slider, *toggles, mode, show):
        control.observe(update, names="value")
    dealer.on_click(deal)
    update()
    return Panel(
        [
            widgets.HBox([cards[0], faces[0], cards[1], faces[1]]),
            widgets.HBox([cards[2], faces[2], cards[3], faces[3]]),
            widgets.HBox([target_slider, dealer]),
            chooser,
            widgets.HBox([mode, show]),
            note,
            result,
        ],
        live("the lab"),
    )
