"""Step through a search by hand: candidate by candidate, or state by state.

The pattern method and postfix enumeration ("24点解法"; "24点扑克牌游戏的算法实现") walk three
loops; recursive reduction ("24点经典算法") walks a tree of states. One `Stepper` walks any of them in
the search's own order; what differs is a `Walk`, whose view of one step is a pure function
returning HTML (`pattern_candidate_html`, `postfix_candidate_html`, `state_html`).
"""

from __future__ import annotations

import html
import itertools
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from math import prod

import ipywidgets as widgets

from ..expr import OPS
from ..game import operand
from ..hand import Hand, as_hand, as_target, orderings
from ..methods import TABLE, patterns, postfix, recursive
from ..parse import parse
from ..text import amount, describe, hand_text, plural
from .widgets import WIDGET_FONT, Live, Refusal, cards_html, live

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


@dataclass(frozen=True)
class Walk:
    """One search as a stepper walks it: its steps, hits, parts to jump to, the view of a step."""

    name: str
    noun: str
    total: int
    hits: tuple[int, ...]
    parts: tuple[tuple[str, int], ...]  # (label, the step it starts at), in order
    part_name: str
    view: Callable[[int], str]


def loop_lists(method: str, hand: Hand) -> tuple[Sequence, ...]:
    """The method's three loops for the hand: their items, outer loop first."""
    return LOOPS[method][1](hand, list(itertools.product(OPS, repeat=len(hand) - 1)))


def positions(lists: Sequence[Sequence], index: int) -> list[int]:
    """The position in each loop of candidate `index` (from 0)."""
    found = []
    for items in reversed(lists):
        index, position = divmod(index, len(items))
        found.append(position)
    return found[::-1]


def candidate(method: str, hand: Hand, index: int):
    """Candidate `index` of the method's loops for the hand: a text or postfix tokens."""
    lists = loop_lists(method, hand)
    return LOOPS[method][2](*(items[k] for items, k in zip(lists, positions(lists, index))))


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


def _table(rows, head: Sequence[str] = ()) -> str:
    pad = 'style="text-align:left; padding:0.1em 1.2em 0.1em 0"'
    lines = [f"<tr>{''.join(f'<th {pad}>{cell}</th>' for cell in head)}</tr>"] if head else []
    for name, *cells in rows:
        lines.append(f"<tr><th {pad}>{name}</th>{''.join(f'<td {pad}>{c}</td>' for c in cells)}")
    return f"<table>{''.join(lines)}</table>"


def _page(title: str, noun: str, index: int, total: int, body: str, counts: str) -> str:
    heading = f"<p><b>{title}: {noun} {index + 1:,} of {total:,}</b></p>"
    style = f'class="t24-step" style="font-size:{WIDGET_FONT}"'
    return f"{STEP_CSS}<div {style}>{heading}{body}<p>{counts}</p></div>"


def _candidate_page(method, title, hand, target, index, rows, value) -> str:
    lists = loop_lists(method, hand)
    loops = []
    for name, items, k in zip(LOOPS[method][0], lists, positions(lists, index)):
        item = cards_html(items[k]) if name == "ordering" else f"<code>{''.join(items[k])}</code>"
        loops.append((name, f"{item} ({k + 1} of {len(items)})"))
    made = f"makes {describe(target)}?"
    if value is None:
        rows += [("exact value", "none: it divides by zero"), (made, "no")]
    else:
        hit = '<b style="color:#1a7f37">yes: a hit</b>' if value == target else "no"
        rows += [("exact value", describe(value)), (made, hit)]
    hits, trees, zeros = (bisect_right(found, index) for found in scan(method, hand, target))
    counts = (
        f"So far: {plural(index + 1, 'candidate')} met, {plural(hits, 'hit')} "
        f"({plural(trees, 'different tree')}), {plural(zeros, 'division')} by zero. "
        f"In all: {plural(len(scan(method, hand, target)[0]), 'hit')}."
    )
    total = prod(map(len, lists))
    return _page(
        f"{title}, {cards_html(hand)}", "candidate", index, total, _table(loops + rows), counts
    )


def pattern_candidate_html(hand: Sequence[int], index: int, target=24) -> str:
    """Pattern candidate `index` (from 0) as HTML: how it is filled, its value, the counters."""
    hand, target = as_hand(hand), as_target(target)
    text = candidate("patterns", hand, index)
    value = patterns.evaluate(text)
    rows = [("filled text", f"<code>{html.escape(text)}</code>")]
    if value is not None:
        rows.append(("read as a tree", f"<code>{html.escape(str(parse(text)))}</code>"))
    return _candidate_page("patterns", "Pattern method", hand, target, index, rows, value)


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


def postfix_candidate_html(hand: Sequence[int], index: int, target=24) -> str:
    """Postfix candidate `index` (from 0) as HTML: the stack machine's steps, value, counters."""
    hand, target = as_hand(hand), as_target(target)
    tokens = candidate("postfix", hand, index)
    value = postfix.evaluate(tokens)
    steps = [(f"<code>{t}</code>", html.escape(s)) for t, s in zip(tokens, stack_steps(tokens))]
    rows = [("postfix", " ".join(map(str, tokens))), ("stack", _table(steps, ("token", "step")))]
    if value is not None:
        right, java = str(postfix.to_infix(tokens)), postfix.article_to_infix(tokens)
        rows.append(("infix", f"<code>{html.escape(right)}</code>"))
        if java != right and parse(java).value != value:
            said = f"<code>{html.escape(java)}</code>, reads back as {describe(parse(java).value)}"
            rows.append(("the Java post's converter", f"{said}: wrong brackets"))
    return _candidate_page("postfix", "Postfix enumeration", hand, target, index, rows, value)


def state_html(trace: recursive.Trace, index: int, faces: bool = True) -> str:
    """One state of the recursion as HTML: the array, the step that led there, the counts."""
    state, target = trace.states[index], describe(trace.target)
    if state.parent is None:
        hand = cards_html(trace.hand) if faces else hand_text(trace.hand)
        said = f"Start: the hand {hand}, each card its own expression."
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
    body = f"<p>{said}</p>{_table(rows, ('slot', 'number', 'expression'))}<p>{verdict}</p>"
    title = f"Recursive reduction, depth {state.depth}"
    return _page(title, "state", index, len(trace.states), body, counts)


class Stepper(Live, widgets.VBox):
    """Play and a slider over a `Walk`'s steps, "next hit", a dropdown over its parts, the view."""

    def __init__(self, walk: Walk):
        self.walk, self.starts = walk, [start for _, start in walk.parts]
        self.sentence = live(f"the {walk.name} stepper over {plural(walk.total, walk.noun)}")
        self.slider = widgets.IntSlider(1, 1, walk.total, description=walk.noun)
        self.slider.continuous_update = False
        self.play = widgets.Play(1, 1, walk.total, interval=700, description="play")
        self.next_hit = widgets.Button(description="next hit ▶")
        self.next_hit.style.font_size = WIDGET_FONT
        options = [(label, k) for k, (label, _) in enumerate(walk.parts)]
        self.jump_to = widgets.Dropdown(options=options, description=walk.part_name)
        self.view = widgets.HTML()
        widgets.link((self.play, "value"), (self.slider, "value"))  # kernel-side: testable
        self.slider.observe(self._show, names="value")
        self.jump_to.observe(self._jump, names="value")
        self.next_hit.on_click(lambda _: self._go(self._next_hit()))
        for css in ("t24-stepper", f"t24-{walk.name}-stepper"):
            self.add_class(css)
        self.view.add_class("t24-stepper-view")
        rows = [[self.play, self.slider], [self.next_hit, self.jump_to]]
        super().__init__([*map(widgets.HBox, rows), self.view])
        self._show()

    @property
    def index(self) -> int:
        """The candidate (or state) shown, from 0."""
        return self.slider.value - 1

    def _next_hit(self) -> int | None:
        position = bisect_right(self.walk.hits, self.index)
        return self.walk.hits[position] if position < len(self.walk.hits) else None

    def _go(self, index: int | None) -> None:
        if index is not None:
            self.slider.value = index + 1

    def _jump(self, change) -> None:
        if bisect_right(self.starts, self.index) - 1 != change["new"]:
            self._go(self.starts[change["new"]])

    def _show(self, change=None) -> None:
        self.view.value = self.walk.view(self.index)
        self.next_hit.disabled = self._next_hit() is None
        self.jump_to.value = bisect_right(self.starts, self.index) - 1


def _refusal(name: str, hand: Hand, method: str, limit: int) -> Refusal | None:
    size, unit = TABLE[method].size(hand), TABLE[method].unit
    if size <= limit:
        return None
    return Refusal(
        f"No {name} stepper for {hand_text(hand, faces=True)}: {amount(size)} {unit}, "
        f"too many to step through (it takes at most {amount(limit)})."
    )


def _loop_stepper(method: str, hand, target, view_html) -> Stepper | Refusal:
    hand, target = as_hand(hand), as_target(target)
    name = method.removesuffix("s")
    refusal = _refusal(name, hand, method, TABLE[method].limit)
    if refusal:
        return refusal
    lists = loop_lists(method, hand)
    outer, stride = lists[0], prod(map(len, lists[1:]))
    parts = tuple(("".join(map(str, item)), k * stride) for k, item in enumerate(outer))
    view = partial(view_html, hand, target=target)
    found = scan(method, hand, target)[0]
    walk = Walk(name, "candidate", len(outer) * stride, found, parts, LOOPS[method][0][0], view)
    return Stepper(walk)


def make_pattern_stepper(hand: Sequence[int], target=24) -> Stepper | Refusal:
    """A widget that steps through the pattern method's candidates for one hand."""
    return _loop_stepper("patterns", hand, target, pattern_candidate_html)


def make_postfix_stepper(hand: Sequence[int], target=24) -> Stepper | Refusal:
    """A widget that steps through postfix candidates for one hand, the stack at each token."""
    return _loop_stepper("postfix", hand, target, postfix_candidate_html)


def make_recursion_stepper(hand, target=24, faces: bool = True) -> Stepper | Refusal:
    """A widget that steps through the states recursive reduction visits for one hand."""
    hand = as_hand(hand)
    refusal = _refusal("recursion", hand, "recursive", recursive.TRACE_LIMIT)
    if refusal:
        return refusal
    trace = recursive.trace(hand, target)
    parts = (("the hand", 0), *((s.step, s.id) for s in trace.states if s.depth == 1))
    hits = tuple(s.id for s in trace.hits)
    view = partial(state_html, trace, faces=faces)
    return Stepper(Walk("recursion", "state", len(trace.states), hits, parts, "first step", view))
