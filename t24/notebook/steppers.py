"""Step through a search by hand in its own order: the three loops of the pattern method and
postfix enumeration ("24点解法"; "24点扑克牌游戏的算法实现") candidate by candidate, the tree of
recursive reduction ("24点经典算法") state by state; the view of a step is a pure function (HTML)."""

import html
import itertools
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache, partial
from math import prod

import ipywidgets as widgets
import numpy

from ..expr import OPS
from ..game import operand
from ..hand import Hand, as_hand, as_target, orderings
from ..methods import TABLE, patterns, postfix, recursive
from ..parse import parse
from ..text import amount, describe, hand_text, plural
from .widgets import WIDGET_FONT, Panel, cards_html, live, refusal, table_html

STEP_CSS = (
    "<style>.t24-step table, .t24-step td, .t24-step th, .t24-step code {font-size: inherit}"
    f".t24-stepper .widget-label, .t24-stepper .widget-readout, .t24-stepper select"
    f"{{font-size: {WIDGET_FONT}}}</style>"
)
# A brute-force method's three loops in the post's order: their names, their lists for a hand,
# how the loops' items make a candidate, its value (None on ÷ 0) and its tree.
LOOPS = {
    "patterns": (
        ("pattern", "ordering", "operators"),
        lambda hand, ops: (patterns.patterns_for(len(hand)), orderings(hand), ops),
        patterns.fill,
        patterns.evaluate,
        parse,
    ),
    "postfix": (
        ("ordering", "operators", "shape"),
        lambda hand, ops: (orderings(hand), ops, postfix.make_shapes(len(hand))),
        lambda numbers, ops, shape: postfix.fill(shape, numbers, ops),
        postfix.evaluate,
        postfix.to_infix,
    ),
}
TITLES = {"patterns": "Pattern method", "postfix": "Postfix enumeration"}


def loop_lists(method: str, hand: Hand) -> tuple[Sequence, ...]:
    """The method's three loops for the hand: their items, outer loop first."""
    return LOOPS[method][1](hand, list(itertools.product(OPS, repeat=len(hand) - 1)))


@lru_cache(maxsize=16)
def scan(method: str, hand: Hand, target: Fraction) -> tuple[tuple[int, ...], ...]:
    """Every candidate once, in order: the hits, the hits with a new tree, the divisions by 0."""
    lists, (_, _, make, value, tree) = loop_lists(method, hand), LOOPS[method]
    hits, new_trees, zeros, seen = [], [], [], set()
    for index, items in enumerate(itertools.product(*lists)):
        found = value(make(*items))
        if found is None:
            zeros.append(index)
        elif found == target:
            hits.append(index)
            if (made := tree(make(*items))) not in seen:
                seen.add(made)
                new_trees.append(index)
    return tuple(hits), tuple(new_trees), tuple(zeros)


def _page(title: str, noun: str, index: int, total: int, body: str, counts: str) -> str:
    heading = f"<p><b>{title}: {noun} {index + 1:,} of {total:,}</b></p>"
    style = f'class="t24-step" style="font-size:{WIDGET_FONT}"'
    return f"{STEP_CSS}<div {style}>{heading}{body}<p>{counts}</p></div>"


def stack_steps(tokens: Sequence) -> list[str]:
    """What the stack machine (`postfix.evaluate`) does at each token, the last a ÷ 0 if any."""
    steps = []

    def number(token) -> Fraction:
        steps.append(f"push {token}")
        return Fraction(token)

    def combine(op: str, left: Fraction, right: Fraction) -> Fraction:
        steps.append(f"pop two: {operand(left)} {op} {operand(right)}")
        value = OPS[op](left, right)  # a division by zero stops the machine here
        steps[-1] += f", push {describe(value)}"
        return value

    if postfix.evaluate(tokens, number, combine) is None:
        steps[-1] += " divides by zero"
    return steps


def candidate_html(method: str, hand: Sequence[int], index: int, target=24) -> str:
    """Candidate `index` (from 0) of "patterns" or "postfix" as HTML: its place in each loop, how
    it reads (the stack machine's steps for postfix), its value and the counters."""
    hand, target = as_hand(hand), as_target(target)
    lists = loop_lists(method, hand)
    at = [int(k) for k in numpy.unravel_index(index, [len(items) for items in lists])]
    made = LOOPS[method][2](*(items[k] for items, k in zip(lists, at)))
    value, rows = LOOPS[method][3](made), []
    for name, items, k in zip(LOOPS[method][0], lists, at):
        item = cards_html(items[k]) if name == "ordering" else f"<code>{''.join(items[k])}</code>"
        rows.append((name, f"{item} ({k + 1} of {len(items)})"))
    if method == "patterns":
        rows.append(("filled text", f"<code>{html.escape(made)}</code>"))
        if value is not None:
            rows.append(("read as a tree", f"<code>{html.escape(str(parse(made)))}</code>"))
    else:
        steps = [(f"<code>{t}</code>", html.escape(s)) for t, s in zip(made, stack_steps(made))]
        rows.append(("postfix", " ".join(map(str, made))))
        rows.append(("stack", table_html(steps, ("token", "step"))))
    if method == "postfix" and value is not None:
        right, java = str(postfix.to_infix(made)), postfix.article_to_infix(made)
        rows.append(("infix", f"<code>{html.escape(right)}</code>"))
        if java != right and parse(java).value != value:
            said = f"<code>{html.escape(java)}</code>, reads back as {describe(parse(java).value)}"
            rows.append(("the Java post's converter", f"{said}: wrong brackets"))
    asked = f"makes {describe(target)}?"
    if value is None:
        rows += [("exact value", "none: it divides by zero"), (asked, "no")]
    else:
        hit = '<b style="color:#1a7f37">yes: a hit</b>' if value == target else "no"
        rows += [("exact value", describe(value)), (asked, hit)]
    hits, trees, zeros = (bisect_right(found, index) for found in scan(method, hand, target))
    counts = (
        f"So far: {plural(index + 1, 'candidate')} met, {plural(hits, 'hit')} "
        f"({plural(trees, 'different tree')}), {plural(zeros, 'division')} by zero. "
        f"In all: {plural(len(scan(method, hand, target)[0]), 'hit')}."
    )
    title = f"{TITLES[method]}, {cards_html(hand)}"
    return _page(title, "candidate", index, prod(map(len, lists)), table_html(rows), counts)


def state_html(trace: recursive.Trace, index: int) -> str:
    """One state of the recursion as HTML: the array, the step that led there, the counts."""
    state, target = trace.states[index], describe(trace.target)
    if state.parent is None:
        said = f"Start: the hand {cards_html(trace.hand)}, each card its own expression."
    else:
        before = " ".join(map(describe, trace.states[state.parent].values))
        made = next(k for k, e in enumerate(state.exprs) if str(e) == state.step)
        step = f"{state.exprs[made].pretty()} = {describe(state.values[made])}"
        said = f"Step: from {before}, two numbers make {html.escape(step)}."
    rows = [
        (slot, describe(value), html.escape(expr.pretty()))
        for slot, (value, expr) in enumerate(zip(state.values, state.exprs))
    ]
    if len(state.values) == 1:
        verdict = f"A hit: the last number is {target}." if state.reaches_target else "No hit."
    else:
        verdict = f"{'At least one' if state.reaches_target else 'No'} path below reaches {target}."
    hits = sum(1 for s in trace.hits if s.id <= index)
    counts = f"So far: {plural(index + 1, 'state')} met, {plural(hits, 'hit')}. "
    counts += f"In all: {plural(len(trace.hits), 'hit')}."
    body = f"<p>{said}</p>{table_html(rows, ('slot', 'number', 'expression'))}<p>{verdict}</p>"
    title = f"Recursive reduction, depth {state.depth}"
    return _page(title, "state", index, len(trace.states), body, counts)


class Stepper(Panel):
    """Play and a slider over a search's steps, "next hit", a dropdown over its parts, the view."""

    def __init__(self, name, noun, total, hits, parts, part_name, view):
        """`hits`: steps (from 0); `parts`: (label, first step) pairs; `view`: a step's HTML."""
        self.hits, self.starts, self.step_html = hits, [start for _, start in parts], view
        self.slider = widgets.IntSlider(1, 1, total, description=noun, continuous_update=False)
        self.play = widgets.Play(1, 1, total, interval=700, description="play")
        self.next_hit = widgets.Button(description="next hit ▶", style={"font_size": WIDGET_FONT})
        options = [(label, k) for k, (label, _) in enumerate(parts)]
        self.jump_to = widgets.Dropdown(options=options, description=part_name)
        self.view = widgets.HTML().add_class("t24-stepper-view")
        widgets.link((self.play, "value"), (self.slider, "value"))  # kernel-side: testable
        self.slider.observe(self._show, names="value")
        self.jump_to.observe(self._jump, names="value")
        self.next_hit.on_click(self._go_to_next_hit)
        self.add_class("t24-stepper").add_class(f"t24-{name}-stepper")
        rows = [[self.play, self.slider], [self.next_hit, self.jump_to]]
        sentence = live(f"the {name} stepper over {plural(total, noun)}")
        super().__init__([*map(widgets.HBox, rows), self.view], sentence)
        self._show()

    def _next_hit(self) -> int | None:
        """The slider value of the first hit after the step shown, if any."""
        position = bisect_right(self.hits, self.slider.value - 1)
        return self.hits[position] + 1 if position < len(self.hits) else None

    def _go_to_next_hit(self, _button) -> None:
        self.slider.value = self._next_hit() or self.slider.value

    def _jump(self, change) -> None:
        if bisect_right(self.starts, self.slider.value - 1) - 1 != change["new"]:
            self.slider.value = self.starts[change["new"]] + 1

    def _show(self, change=None) -> None:
        self.view.value = self.step_html(self.slider.value - 1)
        self.next_hit.disabled = self._next_hit() is None
        self.jump_to.value = bisect_right(self.starts, self.slider.value - 1) - 1


def _refusal(name: str, hand: Hand, method: str, limit: int) -> Panel | None:
    size, unit = TABLE[method].size(hand), TABLE[method].unit
    if size <= limit:
        return None
    return refusal(
        f"No {name} stepper for {hand_text(hand, faces=True)}: {amount(size)} {unit}, "
        f"too many to step through (it takes at most {amount(limit)})."
    )


def _loop_stepper(method: str, hand, target) -> Stepper | Panel:
    hand, target, name = as_hand(hand), as_target(target), method.removesuffix("s")
    if too_big := _refusal(name, hand, method, TABLE[method].limit):
        return too_big
    lists = loop_lists(method, hand)
    outer, stride = lists[0], prod(map(len, lists[1:]))
    parts = [("".join(map(str, item)), k * stride) for k, item in enumerate(outer)]
    view, hits = partial(candidate_html, method, hand, target=target), scan(method, hand, target)[0]
    return Stepper(name, "candidate", len(outer) * stride, hits, parts, LOOPS[method][0][0], view)


def make_pattern_stepper(hand: Sequence[int], target=24) -> Stepper | Panel:
    """A widget that steps through the pattern method's candidates for one hand."""
    return _loop_stepper("patterns", hand, target)


def make_postfix_stepper(hand: Sequence[int], target=24) -> Stepper | Panel:
    """A widget that steps through postfix candidates for one hand, the stack at each token."""
    return _loop_stepper("postfix", hand, target)


def make_recursion_stepper(hand: Sequence[int], target=24) -> Stepper | Panel:
    """A widget that steps through the states recursive reduction visits for one hand."""
    hand = as_hand(hand)
    if too_big := _refusal("recursion", hand, "recursive", recursive.TRACE_LIMIT):
        return too_big
    trace = recursive.trace(hand, target)
    parts = [("the hand", 0), *((s.step, s.id) for s in trace.states if s.depth == 1)]
    hits, view = [s.id for s in trace.hits], partial(state_html, trace)
    return Stepper("recursion", "state", len(trace.states), hits, parts, "first step", view)
