"""The comparison lab: card and target sliders ask the chosen methods for the same hand, each
timed; the answers stay hidden until "show answers", so a class guesses first."""

import html
import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from typing import NamedTuple

import ipywidgets as widgets

from ..expr import Expr, value_latex
from ..game import deal_solvable
from ..hand import InputError, SearchTooLarge, as_hand, as_target
from ..methods import METHODS, TABLE
from ..results import MODE_WORDS, timed_solve
from ..solver import as_method
from ..text import N_, Nn_, _, describe, duration, hand_text, plural, said
from .widgets import WIDGET_FONT, Panel, box, cards_html, table_html

MODES = (N_("all"), N_("distinct"), N_("first"))  # said on the toggles and in the note
LAB_DEFAULT = ("recursive", "postfix-compiled", "fast")  # a few milliseconds a hand each
START = (3, 3, 8, 8)  # the hand the lab opens with
TARGETS = (1, 40)  # the target slider's range: a task card steps through it one value at a time
# A track that grows with the page and is never narrow (a phone gets a card to a row), so a
# finger or a mouse moves it one value at a time; a card's slider shows its value as the card.
TRACK = {"width": "auto", "flex": "1 1 18em", "min_width": "16em"}
LABEL = {"description_width": "4em"}
SHOW_AT_MOST = 12  # answers listed per method; 1 2 3 4 has hundreds of trees
MODE_NOTES = {  # what each mode counts, said under the table
    "all": N_("{mode} counts every tree a method finds: the same answer written many ways."),
    "distinct": N_("{mode} keeps one answer per class (order of + and × ignored)."),
    "first": N_("{mode} stops at the first answer a method reaches."),
}
ANSWERS = {  # what each mode gives, counted
    "all": Nn_("{n} answer", "{n} answers"),
    "distinct": Nn_("{n} distinct answer", "{n} distinct answers"),
    "first": Nn_("{n} first answer", "{n} first answers"),
}


class Result(NamedTuple):
    """One method's answers and seconds (as `t24.results.timed_solve` gives them), or its refusal."""

    answers: tuple[Expr, ...] = ()
    seconds: float = 0.0
    refusal: SearchTooLarge | None = None


def method_names(methods) -> tuple[str, ...]:
    """The methods asked for, checked by name: one name, or several."""
    names = (methods,) if isinstance(methods, str) else methods
    try:
        return tuple(map(as_method, names))
    except TypeError:
        refusal = _("methods are names from {names}, not {methods}")
        raise InputError(refusal.format(names=", ".join(METHODS), methods=repr(methods))) from None


def compare(
    hand: Sequence[int], target=24, methods: Iterable[str] = LAB_DEFAULT, mode: str = "distinct"
) -> dict[str, Result]:
    """Each asked method's answers for the hand in one mode, timed, in `t24.METHODS` order."""
    hand = as_hand(hand)
    target = as_target(target)
    names = method_names(methods)
    if mode not in MODES:
        refusal = _("unknown mode {mode}; choose one of {modes}")
        raise InputError(refusal.format(mode=repr(mode), modes=", ".join(MODES)))
    found = {}
    for method in (m for m in METHODS if m in names):
        try:
            answers, seconds = timed_solve(hand, target, method, mode)
            found[method] = Result(tuple(answers), seconds)
        except SearchTooLarge as error:
            found[method] = Result(refusal=error)
    return found


def answers_html(answers: Sequence[Expr], target: Fraction) -> str:
    """A numbered list of typeset answers, at most `SHOW_AT_MOST`, then how many more."""
    items = "".join(
        rf'<li style="margin: 4px 0">$\displaystyle {e.to_latex()} = {value_latex(target)}$</li>'
        for e in answers[:SHOW_AT_MOST]
    )
    more = len(answers) - SHOW_AT_MOST
    rest = said("… and {count} more.", count=f"{more:,}") if more > 0 else ""
    return f"<ol>{items}</ol><p>{rest}</p>"


def answers_section(found: Mapping[str, Result], hand, target: Fraction, mode: str) -> str:
    """The typeset answers: one list when the methods agree, else one list per method."""
    ran = {m: r.answers for m, r in found.items() if r.refusal is None}
    if not ran:
        refused = _("Every method asked refused this hand: try fast.")
        return f"<p>{refused}</p>"
    if not any(ran.values()):
        none = _("No way to make {target} from {hand}.")
        return f"<p>{none.format(target=describe(target), hand=hand_text(hand, faces=True))}</p>"
    first = next(iter(ran.values()))
    if len(ran) > 1 and len({tuple(map(str, answers)) for answers in ran.values()}) == 1:
        same = _("All {methods} methods give the same {answers}:")
        same = same.format(methods=len(ran), answers=plural(len(first), *ANSWERS[mode]))
        return f"<p>{same}</p>" + answers_html(first, target)
    return "\n".join(
        f"<p><b>{_(method)}</b>: {plural(len(answers), *ANSWERS[mode])}</p>\n"
        + answers_html(answers, target)
        for method, answers in ran.items()
    )


def lab_view(found: Mapping[str, Result], hand, target=24, mode="distinct", show=False) -> str:
    """The lab's result as HTML: a row per method (label, count, time), the answers if asked."""
    if not found:
        choose = _("Choose at least one method.")
        return f"<p>{choose}</p>"
    target = as_target(target)
    rows = []
    for method, result in found.items():
        if result.refusal is None:
            cells = [f"{len(result.answers):,}", duration(result.seconds)]
        else:
            cells = [html.escape(said("refused: {reason}", reason=result.refusal)), ""]
        rows.append((_(method), _(TABLE[method].label), *cells))
    hidden = _("Answers hidden: guess first, then press “show answers”.")
    hidden = f"<p><i>{hidden}</i></p>"
    shown = answers_section(found, hand, target, mode) if show else hidden
    note = said(MODE_NOTES[mode], mode=f"<i>{_(mode)}</i>")
    timed = _("Times are one run on this kernel.")
    heading = f"{cards_html(hand)} → <b>{describe(target)}</b>, {_(MODE_WORDS[mode])}"
    table = table_html(rows, (_("method"), "", _("answers"), _("time")))
    return box(f"<p>{heading}</p>\n{table}\n<p><small>{note} {timed}</small></p>\n{shown}")


def keep_limits(low: int, high: int, change) -> None:
    """Put a slider's limits back when a browser's message moves them (the value is clamped)."""
    with change["owner"].hold_trait_notifications():  # checked together
        change["owner"].min = low
        change["owner"].max = high


def make_lab(methods: Iterable[str] = LAB_DEFAULT) -> Panel:
    """The lab: card and target sliders, a deal button, a toggle per method, mode, show answers."""
    names = method_names(methods)
    rng = random.Random(24)  # the same deals in every class
    wide = {"layout": TRACK, "style": LABEL}
    sliders = [
        widgets.IntSlider(
            n, 1, 13, description=said("card {number}", number=k), readout=False, **wide
        )
        for k, n in enumerate(START, 1)
    ]
    sliders.append(widgets.IntSlider(24, *TARGETS, description=_("target"), **wide))
    faces = [widgets.HTML(cards_html([n]), layout={"width": "4em"}) for n in START]
    toggles = {
        m: widgets.ToggleButton(m in names, description=_(m), layout={"width": "auto"})
        for m in METHODS
    }
    chooser = widgets.HBox(list(toggles.values()), layout={"flex_flow": "wrap"})
    options = [(_(mode), mode) for mode in MODES]
    mode = widgets.ToggleButtons(options=options, value="distinct", description=_("answers"))
    big = {"font_size": WIDGET_FONT}
    show = widgets.ToggleButton(description=_("show answers"), icon="eye", style=big)
    dealer = widgets.Button(description=_("deal a hand"), icon="random", style=big)
    result = widgets.HTMLMath()
    named = {"methods": chooser, "mode": mode, "show": show, "deal": dealer, "result": result}
    for name, control in named.items():
        control.add_class(f"t24-lab-{name}")
    for number, slider in enumerate(sliders, 1):
        slider.add_class(f"t24-card-{number}" if number <= len(START) else "t24-target")
        slider.continuous_update = False
        slider.observe(partial(keep_limits, slider.min, slider.max), names=["min", "max"])
    slow = ", ".join(_(m) for m in METHODS if TABLE[m].as_written and m not in LAB_DEFAULT)
    note = _(
        "Runs by default: {methods}, each a few ms a hand. Press a method to add or remove it; {slow} as written are slow."
    )
    note = widgets.HTML(
        f"<small>{note.format(methods=', '.join(map(_, LAB_DEFAULT)), slow=slow)}</small>"
    )
    dealing = []  # non-empty while the deal button moves the sliders: one update, not four

    def update(change=None):
        if dealing:
            return
        cards = [slider.value for slider in sliders[:4]]
        for face, card in zip(faces, cards):
            face.value = cards_html([card])
        show.description = _("hide answers") if show.value else _("show answers")
        chosen = [method for method, toggle in toggles.items() if toggle.value]
        found = compare(cards, sliders[4].value, chosen, mode.value)
        result.value = lab_view(found, cards, sliders[4].value, mode.value, show.value)

    def deal(_button=None):  # every target 1 to 40 has solvable hands: a fifth of them or more
        dealing.append(True)
        try:  # a refused deal leaves the page answering its sliders
            for slider, card in zip(sliders, deal_solvable(rng, 1, 13, 4, sliders[4].value)):
                slider.value = card
        finally:
            dealing.clear()
        update()

    for control in (*sliders, *toggles.values(), mode, show):
        control.observe(update, names="value")
    dealer.on_click(deal)
    update()
    cards = [widgets.HBox(pair, layout={"flex": "1 1 24em"}) for pair in zip(sliders, faces)]
    rows = [cards[:2], cards[2:], [sliders[4], dealer], [chooser], [mode, show]]
    rows = [widgets.HBox(row, layout={"flex_flow": "wrap"}) for row in rows]
    sentence = _("Run this notebook to use the lab (a live control).")
    return Panel([*rows, note, result], sentence)
