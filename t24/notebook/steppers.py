"""Step through a search by hand in its own order: the three loops of the pattern method and
postfix enumeration ("24点解法"; "24点扑克牌游戏的算法实现") candidate by candidate, the tree of
recursive reduction ("24点经典算法") state by state (`trace` records it); the view of a step is a
pure function (HTML)."""

import html
from bisect import bisect_right
from collections.abc import Sequence
from functools import partial
from math import prod

import ipywidgets as widgets
import numpy

from ..hand import SearchTooLarge, as_hand, as_target
from ..methods import TABLE, postfix
from ..parse import parse
from ..text import Nn_, _, describe, plural, said
from ..trace import LOOPS, TRACE_LIMIT, Trace, scan, stack_steps, too_big, trace
from .widgets import WIDGET_FONT, Panel, box, cards_html, refusal, table_html, text_html

STEP_CSS = (  # a step's tables and code at its text size, the stepper's labels at the widgets'
    "<style>.t24-step table, .t24-step td, .t24-step th, .t24-step code {font-size: inherit}"  # not words
    f".t24-stepper .widget-label, .t24-stepper .widget-readout, .t24-stepper select"
    f"{{font-size: {WIDGET_FONT}}}</style>"
)
HITS = Nn_("{n} hit", "{n} hits")
BAR = "│\u00a0\u00a0\u00a0"  # one level deeper in a drawing of calls


def page(title: str, place: str, index: int, total: int, body: str, counts: str) -> str:
    """A step's view: its title and `place` (step `index` from 0 of `total`), its body, counters."""
    place = place.format(number=f"{index + 1:,}", total=f"{total:,}")
    return STEP_CSS + box(f"<p><b>{title}: {place}</b></p>{body}<p>{counts}</p>", css="t24-step")


def code(text) -> str:
    """Text as code in HTML."""
    return f"<code>{html.escape(str(text))}</code>"


def candidate_rows(method: str, made, value) -> list[tuple[str, str]]:
    """How a candidate reads: the filled text and its tree, or the stack machine and the infix."""
    if method == "patterns":
        rows = [(_("filled text"), code(made))]
        return rows if value is None else [*rows, (_("read as a tree"), code(parse(made)))]
    steps = [(f"<code>{t}</code>", html.escape(s)) for t, s in zip(made, stack_steps(made))]
    rows = [(_("postfix"), " ".join(map(str, made)))]
    rows.append((_("stack"), table_html(steps, (_("token"), _("step")))))
    if value is None:
        return rows
    java = postfix.article_to_infix(made)
    rows.append((_("infix"), code(postfix.to_infix(made))))
    if parse(java).value != value:
        value = describe(parse(java).value)
        wrong = said(
            "{infix}, reads back as {value}: wrong brackets", infix=code(java), value=value
        )
        rows.append((_("the Java post's converter"), wrong))
    return rows


def candidate_html(method: str, hand: Sequence[int], index: int, target=24) -> str:
    """Candidate `index` (from 0) of "patterns" or "postfix" as HTML: its place in each loop, how
    it reads (the stack machine's steps for postfix), its value and the counters."""
    hand = as_hand(hand)
    target = as_target(target)
    loops = LOOPS[method]
    lists, *found = scan(method, hand, target)
    at = [int(k) for k in numpy.unravel_index(index, [len(items) for items in lists])]
    made = loops.fill(*(items[k] for items, k in zip(lists, at)))
    value = loops.value(made)
    rows = []
    for name, items, k in zip(loops.names, lists, at):
        item = cards_html(items[k]) if name == "ordering" else f"<code>{''.join(items[k])}</code>"
        place = said("{item} ({number} of {total})", item=item, number=k + 1, total=len(items))
        rows.append((_(name), place))
    rows += candidate_rows(method, made, value)
    hit = _("yes: a hit")
    hit = f'<b style="color:#1a7f37">{hit}</b>' if value == target else _("no")
    exact = _("none: it divides by zero") if value is None else describe(value)
    rows += [(_("exact value"), exact), (said("makes {target}?", target=describe(target)), hit)]
    hits, trees, zeros = (bisect_right(indices, index) for indices in found)
    words = {"met": plural(index + 1, "{n} candidate", "{n} candidates")}
    words["trees"] = plural(trees, "{n} different tree", "{n} different trees")
    words["zeros"] = plural(zeros, "{n} division by zero", "{n} divisions by zero")
    words.update(hits=plural(hits, *HITS), total=plural(len(found[0]), *HITS))
    counts = said("So far: {met} met, {hits} ({trees}), {zeros}. In all: {total}.", **words)
    title = _(loops.title).format(hand=cards_html(hand))
    place = _("candidate {number} of {total}")
    return page(title, place, index, prod(map(len, lists)), table_html(rows), counts)


def state_html(trace: Trace, index: int) -> str:
    """One state of the recursion as HTML: the array, the step that led there, the counts."""
    state = trace.states[index]
    if state.parent is None:
        step = said(
            "Start: the hand {hand}, each card its own expression.", hand=cards_html(trace.hand)
        )
    else:
        before = " ".join(map(describe, trace.states[state.parent].values))
        made = f"{state.exprs[state.made].pretty()} = {describe(state.values[state.made])}"
        step = said(
            "Step: from {before}, two numbers make {step}.", before=before, step=html.escape(made)
        )
    rows = [
        (slot, describe(value), html.escape(expr.pretty()))
        for slot, (value, expr) in enumerate(zip(state.values, state.exprs))
    ]
    if len(state.values) > 1 and state.reaches_target:
        verdict = _("At least one path below reaches {target}.")
    elif len(state.values) > 1:
        verdict = _("No path below reaches {target}.")
    else:
        verdict = _("A hit: the last number is {target}.") if state.reaches_target else _("No hit.")
    hits = sum(1 for s in trace.hits if s.id <= index)
    words = {"met": plural(index + 1, "{n} state", "{n} states")}
    words.update(hits=plural(hits, *HITS), total=plural(len(trace.hits), *HITS))
    counts = said("So far: {met} met, {hits}. In all: {total}.", **words)
    table = table_html(rows, (_("slot"), _("number"), _("expression")))
    body = f"<p>{step}</p>{table}<p>{verdict.format(target=describe(trace.target))}</p>"
    title = said("Recursive reduction, depth {depth}", depth=state.depth)
    return page(title, _("state {number} of {total}"), index, len(trace.states), body, counts)


class Stepper(Panel):
    """Play and a slider over a search's steps, "next hit", a dropdown over its parts, the view."""

    def __init__(self, name: str, total: int, hits, parts, labels, view):
        """`hits`: steps (from 0); `parts`: (label, first step) pairs; `view`: a step's HTML;
        `labels`: the slider's, the dropdown's, the sentence in place of the widget."""
        self.hits = hits
        self.starts = [start for _label, start in parts]
        self.step_html = view
        unit, part, sentence = labels
        self.slider = widgets.IntSlider(1, 1, total, description=unit, continuous_update=False)
        self.play = widgets.Play(1, 1, total, interval=700, description=_("play"))
        style = {"font_size": WIDGET_FONT}
        self.next_hit = widgets.Button(description=_("next hit ▶"), style=style)
        options = [(label, k) for k, (label, _start) in enumerate(parts)]
        self.jump_to = widgets.Dropdown(options=options, description=part)
        self.view = widgets.HTML().add_class("t24-stepper-view")
        widgets.link((self.play, "value"), (self.slider, "value"))  # kernel-side: testable
        self.slider.observe(self._show, names="value")
        self.jump_to.observe(self._jump, names="value")
        self.next_hit.on_click(self._go_to_next_hit)
        self.add_class("t24-stepper").add_class(f"t24-{name}-stepper")
        rows = [[self.play, self.slider], [self.next_hit, self.jump_to]]
        super().__init__([*map(widgets.HBox, rows), self.view], sentence)
        self._show()

    def _go_to_next_hit(self, _button) -> None:
        if not self.next_hit.disabled:  # a click sent before the last hit disabled it
            self.slider.value = self.hits[bisect_right(self.hits, self.slider.value - 1)] + 1

    def _jump(self, change) -> None:
        if change["new"] != self.part:  # not the dropdown following the slider
            self.slider.value = self.starts[change["new"]] + 1

    def _show(self, change=None) -> None:
        step = self.slider.value - 1
        self.view.value = self.step_html(step)
        self.next_hit.disabled = bisect_right(self.hits, step) == len(self.hits)
        self.part = bisect_right(self.starts, step) - 1
        self.jump_to.value = self.part


def stepper(method: str, hand, target) -> Stepper | Panel:
    """A stepper over the method's candidates (or states) for the hand, or its refusal in one line."""
    hand = as_hand(hand)
    target = as_target(target)
    try:
        too_big("stepper", hand, method, TABLE[method].limit if method in LOOPS else TRACE_LIMIT)
    except SearchTooLarge as error:
        return refusal(error.sentence(name=str))
    if method == "recursive":
        states = trace(hand, target)
        total = len(states.states)
        hits = [s.id for s in states.hits]
        parts = [(_("the hand"), 0), *((s.step, s.id) for s in states.states if s.depth == 1)]
        labels = [_("state"), _("first step")]
        sentence = _(
            "Run this notebook to use the recursion stepper over {count} (a live control)."
        )
        count = plural(total, "{n} state", "{n} states")
        view = partial(state_html, states)
    else:
        lists, hits, *_rest = scan(method, hand, target)
        stride = prod(map(len, lists[1:]))
        total = len(lists[0]) * stride
        parts = [("".join(map(str, item)), k * stride) for k, item in enumerate(lists[0])]
        labels = [_("candidate"), _(LOOPS[method].names[0])]
        sentence = _("Run this notebook to use the {method} stepper over {count} (a live control).")
        count = plural(total, "{n} candidate", "{n} candidates")
        view = partial(candidate_html, method, hand, target=target)
    name = {"patterns": "pattern", "recursive": "recursion"}.get(method, method)
    labels.append(sentence.format(method=name, count=count))
    return Stepper(name, total, hits, parts, labels, view)


def make_pattern_stepper(hand: Sequence[int], target=24) -> Stepper | Panel:
    """A widget that steps through the pattern method's candidates for one hand."""
    return stepper("patterns", hand, target)


def make_postfix_stepper(hand: Sequence[int], target=24) -> Stepper | Panel:
    """A widget that steps through postfix candidates for one hand, the stack at each token."""
    return stepper("postfix", hand, target)


def make_recursion_stepper(hand: Sequence[int], target=24) -> Stepper | Panel:
    """A widget that steps through the states recursive reduction visits for one hand."""
    return stepper("recursive", hand, target)


def product_calls_html(cards: Sequence[int]) -> str:
    """The calls `product(cards)` makes in lesson 03, each under the call that made it, then the
    value each gives back, last call first (drawn here, so the lesson shows no recursion early)."""
    calls = [list(cards[k:]) for k in range(len(cards))]
    lines = [BAR * depth + f"product({rest})" for depth, rest in enumerate(calls)]
    for depth in reversed(range(len(calls))):
        lines.append(BAR * depth + said("gives {value}", value=prod(calls[depth])))
    return text_html(*lines)
