"""The comparison lab: which approach should a slider call?

Notebook 04 lets a student deal four cards and a target with sliders, pick some of the four
methods (`t24.METHODS`: the pattern strings and postfix enumeration of article 000, the
recursive reduction of article 002, and the memoised "fast" search) and ask each for all
answers, the distinct answers, or the first answer. Every method answers in the same lab, so
the counts and the times sit side by side.

The work is split the way the collection's other interactive parts are: `compare` runs the
methods and measures them (pure apart from the clock), `render_comparison` turns its results
into HTML for an `HTMLMath` widget, and `make_lab` only wires sliders to those two. Results go
into the widget's `.value`, never to `print`, so an executed notebook stays stable under nbval.
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as widgets

from ..expr import Expr, value_latex
from ..hand import Hand, InputError, as_hand, as_target
from ..solver import METHODS, solve
from ..text import describe

MODES = ("all", "distinct", "first")
SHOW_AT_MOST = 12  # answers listed per method; a hand like 1 2 3 4 has hundreds of trees
CARD_RANGE = (1, 13)
TARGET_RANGE = (1, 100)

MODE_WORDS = {"all": "all answers", "distinct": "distinct answers", "first": "the first answer"}
MODE_NOTES = {
    "all": (
        "<i>all</i> counts every expression tree a method finds: the methods write the same answer "
        "in different ways, so their counts differ. The fast method builds one tree per distinct "
        "answer."
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


def run_method(hand: Sequence[int], target, method: str, mode: str = "distinct") -> MethodResult:
    """Run one method in one mode and time it with `time.perf_counter`."""
    hand, target = as_hand(hand), as_target(target)
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    start = time.perf_counter()
    try:
        answers = solve(hand, target, method=method, first=mode == "first", distinct=mode == "distinct")
    except InputError as error:  # SearchTooLarge is an InputError: the message names a better method
        return MethodResult(method, hand, target, mode, seconds=time.perf_counter() - start, refusal=str(error))
    return MethodResult(method, hand, target, mode, tuple(answers), time.perf_counter() - start)


def compare(
    hand: Sequence[int], target=24, methods: Iterable[str] = METHODS, mode: str = "distinct"
) -> dict[str, MethodResult]:
    """Each asked method's answers for the hand in one mode, timed, in `t24.METHODS` order."""
    asked = set(methods)
    unknown = asked - set(METHODS)
    if unknown:
        raise InputError(f"unknown method {sorted(unknown)[0]!r}; choose from {', '.join(METHODS)}")
    return {method: run_method(hand, target, method, mode) for method in METHODS if method in asked}


def format_seconds(seconds: float) -> str:
    """A duration as people read it: `85 µs`, `12.3 ms`, `0.41 s`."""
    if seconds < 1e-4:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 0.1:
        return f"{seconds * 1e3:.1f} ms"
    if seconds < 10:
        return f"{seconds:.2f} s"
    return f"{seconds:.0f} s"


def answer_math(expr: Expr, target: Fraction) -> str:
    """One answer as inline math for HTMLMath: `$\\displaystyle ... = 24$`."""
    return rf"$\displaystyle {expr.to_latex()} = {value_latex(target)}$"


def answers_html(answers: Sequence[Expr], target: Fraction, limit: int = SHOW_AT_MOST) -> str:
    """A numbered list of typeset answers, at most `limit` of them, then how many more."""
    items = "".join(f"<li>{answer_math(expr, target)}</li>" for expr in answers[:limit])
    more = len(answers) - limit
    tail = f"<p>… and {more} more.</p>" if more > 0 else ""
    return f"<ol>{items}</ol>{tail}"


def distinct_agree(results: Mapping[str, MethodResult]) -> bool:
    """Whether every method that ran gave the same list of answers (two or more methods)."""
    texts = [[str(expr) for expr in r.answers] for r in results.values() if not r.refused]
    return len(texts) >= 2 and all(t == texts[0] for t in texts)


def _cell(text, tag: str = "td", span: int = 1) -> str:
    colspan = f' colspan="{span}"' if span > 1 else ""
    return f'<{tag}{colspan} style="padding: 2px 14px 2px 0; text-align: left">{text}</{tag}>'


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def render_comparison(results: Mapping[str, MethodResult], target=24) -> str:
    """HTML for an HTMLMath widget: a row per method (count, time), then the typeset answers."""
    target = as_target(target)
    if not results:
        return "<p>Choose at least one method.</p>"
    first = next(iter(results.values()))
    hand_text = " ".join(map(str, first.hand))
    mode = first.mode
    parts = [
        f'<p class="t24-lab-heading"><b>{hand_text}</b> → <b>{describe(target)}</b>, '
        f"{MODE_WORDS[mode]}</p>",
        '<table class="t24-lab-table" style="border-collapse: collapse">'
        f"<tr>{_cell('method', 'th')}{_cell('answers', 'th')}{_cell('time', 'th')}</tr>",
    ]
    for method, result in results.items():
        if result.refused:
            parts.append(
                f"<tr>{_cell(method)}{_cell('refused: ' + html.escape(result.refusal), span=2)}</tr>"
            )
        else:
            parts.append(
                f"<tr>{_cell(method)}{_cell(result.count)}{_cell(format_seconds(result.seconds))}</tr>"
            )
    parts.append("</table>")
    parts.append(f"<p><small>{MODE_NOTES[mode]} Times are one run on this kernel.</small></p>")

    ran = [r for r in results.values() if not r.refused]
    if not ran:
        parts.append("<p>Every method asked refused this hand: try the fast method.</p>")
    elif all(r.count == 0 for r in ran):
        parts.append(f"<p>No way to make {describe(target)} from {hand_text}.</p>")
    elif mode == "distinct" and distinct_agree(results):
        count = ran[0].count
        parts.append(
            f"<p>All {len(ran)} methods give the same {_plural(count, 'distinct answer')}:</p>"
            + answers_html(ran[0].answers, target)
        )
    else:
        if mode == "distinct" and len(ran) >= 2:
            parts.append("<p><b>The methods disagree on the distinct answers.</b></p>")
        for result in ran:
            parts.append(f"<p><b>{result.method}</b>: {_plural(result.count, 'answer')}</p>")
            parts.append(answers_html(result.answers, target))
    return "\n".join(parts)


def make_lab(hand: Sequence[int] = (3, 3, 8, 8), target: int = 24) -> widgets.VBox:
    """The lab: four card sliders, a target slider, methods and mode; the result below them."""
    hand = as_hand(hand)
    if len(hand) != 4 or not all(CARD_RANGE[0] <= n <= CARD_RANGE[1] for n in hand):
        raise InputError(f"the lab deals four cards from {CARD_RANGE[0]} to {CARD_RANGE[1]}, not {hand}")
    if isinstance(target, bool) or not isinstance(target, int) or not TARGET_RANGE[0] <= target <= TARGET_RANGE[1]:
        raise InputError(f"the lab's target is a whole number from {TARGET_RANGE[0]} to {TARGET_RANGE[1]}, not {target!r}")
    cards = []
    for position, number in enumerate(hand, start=1):
        slider = widgets.IntSlider(
            value=number, min=CARD_RANGE[0], max=CARD_RANGE[1], description=f"card {position}",
            continuous_update=False,
        )
        slider.add_class(f"t24-card-{position}")
        cards.append(slider)
    target_slider = widgets.IntSlider(
        value=target, min=TARGET_RANGE[0], max=TARGET_RANGE[1], description="target", continuous_update=False
    )
    target_slider.add_class("t24-target")
    methods = widgets.SelectMultiple(options=METHODS, value=METHODS, rows=len(METHODS), description="methods")
    methods.add_class("t24-lab-methods")
    mode = widgets.ToggleButtons(options=MODES, value="distinct", description="answers")
    mode.add_class("t24-lab-mode")
    result = widgets.HTMLMath()
    result.add_class("t24-lab-result")

    def update(change=None):
        hand_now = [slider.value for slider in cards]
        try:
            results = compare(hand_now, target_slider.value, methods.value, mode.value)
            result.value = render_comparison(results, target_slider.value)
        except InputError as error:
            result.value = f"<p>{html.escape(str(error))}</p>"

    for control in (*cards, target_slider, methods, mode):
        control.observe(update, names="value")
    update()
    return widgets.VBox([
        widgets.HBox(cards[:2]), widgets.HBox(cards[2:]), target_slider,
        widgets.HBox([methods, mode]), result,
    ])
