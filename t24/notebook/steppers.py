"""Step through a search by hand: candidate by candidate, or state by state.

The pattern method and postfix enumeration ("24点解法"; "24点扑克牌游戏的算法实现") walk three
loops and keep the few candidates that make the target; recursive reduction ("24点经典算法")
walks a tree of states. A stepper lets a class walk the same loops: a slider (or Play, at a
chosen speed) picks a candidate by its number in the method's own order, a dropdown jumps to
another pattern, shape or first step, and the view shows how the candidate is built with the
package's own steps, its exact value, whether it hits, and what the search has met so far.

The views are pure functions that return HTML (`pattern_candidate_html`,
`postfix_candidate_html`, `state_html`); `make_*_stepper` only wires widgets to them. A hand
whose search is past the method's limit (from `t24.methods.TABLE`) gets a one-line `Refusal`.
"""

from __future__ import annotations

import html
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from math import prod

import ipywidgets as widgets

from ..expr import DivisionByZero, apply
from ..game.hints import _operand as operand  # t24.game.operand once the game's API lands
from ..hand import Hand, SearchTooLarge, as_hand, as_target, permutations
from ..methods import TABLE, patterns, postfix, recursive
from ..parse import parse
from ..text import amount, describe, hand_text, plural
from .widgets import WIDGET_FONT, Live, Refusal, cards_html, live

STEP_CSS = (
    "<style>.t24-step table, .t24-step td, .t24-step th, .t24-step code {font-size: inherit}"
    f".t24-stepper .widget-label, .t24-stepper .widget-readout, .t24-stepper select"
    f"{{font-size: {WIDGET_FONT}}}</style>"
)
HIT = '<b style="color:#1a7f37">yes: a hit</b>'


@dataclass(frozen=True)
class Outcomes:
    """Where the hits are in a search's order, for the running counters."""

    total: int
    hits: tuple[int, ...]
    new_trees: tuple[int, ...] = ()  # hits whose tree no earlier hit had
    zeros: tuple[int, ...] = ()  # candidates that divide by zero

    def so_far(self, index: int) -> tuple[int, int, int]:
        """(hits, different trees, divisions by zero) among candidates 0..index."""
        return tuple(
            bisect_right(found, index) for found in (self.hits, self.new_trees, self.zeros)
        )

    def next_hit(self, index: int) -> int | None:
        """The first hit after `index`, or None."""
        position = bisect_right(self.hits, index)
        return self.hits[position] if position < len(self.hits) else None

    def previous_hit(self, index: int) -> int | None:
        """The last hit before `index`, or None."""
        position = bisect_left(self.hits, index)
        return self.hits[position - 1] if position > 0 else None


@dataclass(frozen=True)
class Jump:
    """A dropdown over parts of the search: `part(index)` is where index is, `move` goes."""

    label: str
    options: tuple[str, ...]
    part: Callable[[int], int]
    move: Callable[[int, int], int]


@dataclass(frozen=True)
class Loops:
    """A brute-force method's three loops for one hand, in the post's order."""

    names: tuple[str, ...]
    lists: tuple[Sequence, ...]
    make: Callable  # the loops' items -> the candidate (a text, or postfix tokens)

    def __len__(self) -> int:
        return prod(len(items) for items in self.lists)

    def positions(self, index: int) -> list[int]:
        """The position in each loop of candidate `index` (from 0)."""
        if not 0 <= index < len(self):
            raise IndexError(f"candidate {index} is out of range (0 to {len(self) - 1:,})")
        found = []
        for items in reversed(self.lists):
            index, position = divmod(index, len(items))
            found.append(position)
        return found[::-1]

    def candidate(self, index: int):
        """Candidate `index`, made from its loops' items."""
        return self.make(*(items[k] for items, k in zip(self.lists, self.positions(index))))

    def jump(self, level: int) -> Jump:
        """A dropdown over loop `level`, keeping the other loops where they are."""
        stride = prod(len(items) for items in self.lists[level + 1 :])
        options = tuple(map(str, self.lists[level]))

        def part(index: int) -> int:
            return self.positions(index)[level]

        return Jump(
            f"jump to {self.names[level]}", options, part, lambda i, k: i + (k - part(i)) * stride
        )


def pattern_loops(hand: Hand) -> Loops:
    """The pattern method's loops: for each pattern, each ordering, each operator choice."""
    lists = (patterns.patterns_for(len(hand)), permutations(hand))
    lists += (patterns.operator_choices(len(hand) - 1),)
    return Loops(("pattern", "ordering", "operators"), lists, patterns.fill)


def postfix_loops(hand: Hand) -> Loops:
    """Postfix enumeration's loops: each ordering, each operator choice, each stack order."""
    lists = (permutations(hand), patterns.operator_choices(len(hand) - 1))
    lists += (postfix.make_shapes(len(hand)),)
    return Loops(("ordering", "operators", "shape"), lists, lambda n, o, s: postfix.fill(s, n, o))


def too_big(method: str, hand: Hand) -> Refusal | None:
    """A one-line refusal when the hand's search is past the method's limit, else None."""
    record = TABLE[method]
    size = record.size(hand)
    if size <= record.limit:
        return None
    return Refusal(
        f"No {method} stepper for {hand_text(hand, faces=True)}: {amount(size)} {record.unit} "
        f"to step through, and the {method} method takes at most {amount(record.limit)}."
    )


@lru_cache(maxsize=16)
def outcomes(method: str, hand: Hand, target: Fraction) -> Outcomes:
    """Scan every candidate once, with the package's own steps, for the running counters."""
    loops = pattern_loops(hand) if method == "patterns" else postfix_loops(hand)
    value, tree = (
        (patterns.evaluate, parse) if method == "patterns" else (postfix.evaluate, postfix.to_infix)
    )
    hits, new_trees, zeros, seen = [], [], [], set()
    for index in range(len(loops)):
        candidate = loops.candidate(index)
        found = value(candidate)
        if found is None:
            zeros.append(index)
        elif found == target:
            hits.append(index)
            if tree(candidate) not in seen:
                seen.add(tree(candidate))
                new_trees.append(index)
    return Outcomes(len(loops), tuple(hits), tuple(new_trees), tuple(zeros))


def stack_steps(tokens: Sequence) -> list[tuple[object, str, tuple | None]]:
    """The stack after each token: (token, what happened, stack); stack None after a ÷ 0."""
    stack, steps = [], []
    for token in tokens:
        if isinstance(token, str):
            right, left = stack.pop(), stack.pop()
            try:
                stack.append(apply(token, left, right))
            except DivisionByZero:
                return [*steps, (token, f"pop, {describe(left)} {token} 0 divides by zero", None)]
            action = (
                f"pop two, push {operand(left)} {token} {operand(right)} = {describe(stack[-1])}"
            )
        else:
            stack.append(Fraction(token))
            action = f"push {token}"
        steps.append((token, action, tuple(stack)))
    return steps


def _table(rows, head: Sequence[str] = ()) -> str:
    pad = 'style="text-align:left; padding:0.1em 1.2em 0.1em 0"'
    lines = [f"<tr>{''.join(f'<th {pad}>{cell}</th>' for cell in head)}</tr>"] if head else []
    for name, *cells in rows:
        lines.append(f"<tr><th {pad}>{name}</th>{''.join(f'<td {pad}>{c}</td>' for c in cells)}")
    return f"<table>{''.join(lines)}</table>"


def _page(title: str, index: int, found: Outcomes, rows, noun: str = "candidate") -> str:
    hits, trees, zeros = found.so_far(index)
    counts = f"So far: {plural(index + 1, noun)} met, {plural(hits, 'hit')}"
    if noun == "candidate":
        counts += f" ({plural(trees, 'different tree')}), {plural(zeros, 'division')} by zero"
    counts += f". In all: {plural(len(found.hits), 'hit')}."
    heading = f"<p><b>{title}: {noun} {index + 1:,} of {found.total:,}</b></p>"
    return f'{STEP_CSS}<div class="t24-step" style="font-size:{WIDGET_FONT}">{heading}{rows}<p>{counts}</p></div>'


def _candidate_rows(loops: Loops, index: int) -> list[tuple[str, str]]:
    rows = []
    for name, items, k in zip(loops.names, loops.lists, loops.positions(index)):
        item = items[k]
        shown = cards_html(item) if name == "ordering" else f"<code>{html.escape(item)}</code>"
        rows.append((name, f"{shown} ({k + 1} of {len(items)})"))
    return rows


def _value_rows(value: Fraction | None, target: Fraction) -> list[tuple[str, str]]:
    if value is None:
        return [("exact value", "none: it divides by zero"), (f"makes {describe(target)}?", "no")]
    verdict = HIT if value == target else "no"
    return [("exact value", describe(value)), (f"makes {describe(target)}?", verdict)]


def pattern_candidate_html(hand: Sequence[int], index: int, target=24) -> str:
    """Pattern candidate `index` (from 0) as HTML: how it is filled, its value, the counters."""
    hand, target = as_hand(hand), as_target(target)
    loops = pattern_loops(hand)
    text = loops.candidate(index)
    value = patterns.evaluate(text)
    rows = [*_candidate_rows(loops, index), ("filled text", f"<code>{html.escape(text)}</code>")]
    if value is not None:
        rows.append(("read as a tree", f"<code>{html.escape(str(parse(text)))}</code>"))
    rows += _value_rows(value, target)
    found = outcomes("patterns", hand, target)
    return _page(f"Pattern method, {cards_html(hand)}", index, found, _table(rows))


def postfix_candidate_html(hand: Sequence[int], index: int, target=24) -> str:
    """Postfix candidate `index` (from 0) as HTML: the stack after each token, value, counters."""
    hand, target = as_hand(hand), as_target(target)
    loops = postfix_loops(hand)
    tokens = loops.candidate(index)
    value = postfix.evaluate(tokens)
    stack = [
        (f"<code>{html.escape(str(token))}</code>", html.escape(action), _stack_text(values))
        for token, action, values in stack_steps(tokens)
    ]
    rows = [*_candidate_rows(loops, index), ("postfix", " ".join(map(str, tokens)))]
    rows.append(("stack", _table(stack, ("token", "step", "stack (bottom → top)"))))
    if value is not None:
        right, java = str(postfix.to_infix(tokens)), postfix.article_to_infix(tokens)
        rows.append(("infix", f"<code>{html.escape(right)}</code>"))
        if java != right:
            read = parse(java).value
            verdict = (
                f"reads back as {describe(read)}: wrong brackets" if read != value else "same value"
            )
            rows.append(
                ("the Java post's converter", f"<code>{html.escape(java)}</code>, {verdict}")
            )
    rows += _value_rows(value, target)
    found = outcomes("postfix", hand, target)
    return _page(f"Postfix enumeration, {cards_html(hand)}", index, found, _table(rows))


def _stack_text(values: tuple | None) -> str:
    return "—" if values is None else " ".join(describe(value) for value in values)


class Stepper(Live, widgets.VBox):
    """Play, a slider over a search's candidates or states, buttons that jump between hits, a
    `Jump` dropdown, and the view that `view_html(index)` writes."""

    def __init__(self, view_html, found: Outcomes, name: str, noun: str, jump: Jump):
        self.outcomes, self.view_html, self.jump = found, view_html, jump
        self.sentence = live(f"the {name} stepper over {plural(found.total, noun)}")
        self.slider = widgets.IntSlider(
            1, 1, found.total, description=noun, continuous_update=False
        )
        self.play = widgets.Play(1, 1, found.total, interval=700, description="play")
        self.previous_hit = widgets.Button(description="◀ previous hit")
        self.next_hit = widgets.Button(description="next hit ▶")
        options = [(text, k) for k, text in enumerate(jump.options)]
        self.jump_to = widgets.Dropdown(options=options, description=jump.label)
        self.view = widgets.HTML()
        widgets.link((self.play, "value"), (self.slider, "value"))  # kernel-side: testable
        self.slider.observe(self._show, names="value")
        self.jump_to.observe(lambda change: self._go(jump.move(self.index, change["new"])), "value")
        self.previous_hit.on_click(lambda _: self._go(found.previous_hit(self.index)))
        self.next_hit.on_click(lambda _: self._go(found.next_hit(self.index)))
        for button in (self.previous_hit, self.next_hit):
            button.style.font_size = WIDGET_FONT
        self.add_class("t24-stepper")
        self.add_class(f"t24-{name}-stepper")
        self.view.add_class("t24-stepper-view")
        rows = [[self.play, self.slider], [self.previous_hit, self.next_hit, self.jump_to]]
        super().__init__([*map(widgets.HBox, rows), self.view])
        self._show()

    @property
    def index(self) -> int:
        """The candidate (or state) shown, from 0."""
        return self.slider.value - 1

    def _go(self, index: int | None) -> None:
        if index is not None:
            self.slider.value = index + 1

    def _show(self, change=None) -> None:
        self.view.value = self.view_html(self.index)
        self.previous_hit.disabled = self.outcomes.previous_hit(self.index) is None
        self.next_hit.disabled = self.outcomes.next_hit(self.index) is None
        self.jump_to.value = self.jump.part(self.index)


def _stepper(method: str, hand, target, view_html, level: int) -> Stepper | Refusal:
    hand, target = as_hand(hand), as_target(target)
    refusal = too_big(method, hand)
    if refusal:
        return refusal
    loops = pattern_loops(hand) if method == "patterns" else postfix_loops(hand)
    view = partial(view_html, hand, target=target)
    return Stepper(view, outcomes(method, hand, target), method, "candidate", loops.jump(level))


def make_pattern_stepper(hand: Sequence[int], target=24) -> Stepper | Refusal:
    """A widget that steps through the pattern method's candidates for one hand."""
    return _stepper("patterns", hand, target, pattern_candidate_html, 0)


def make_postfix_stepper(hand: Sequence[int], target=24) -> Stepper | Refusal:
    """A widget that steps through postfix candidates for one hand, with the stack at each token."""
    return _stepper("postfix", hand, target, postfix_candidate_html, 2)


# --- recursive reduction: the states of its search tree -------------------------------------


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
    elif state.reaches_target:
        verdict = f"At least one path below reaches {target}."
    else:
        verdict = f"No path below reaches {target}."
    found = Outcomes(len(trace.states), tuple(s.id for s in trace.hits))
    body = f"<p>{said}</p>{_table(rows, ('slot', 'number', 'expression'))}<p>{verdict}</p>"
    title = f"Recursive reduction, depth {state.depth}"
    return _page(title, index, found, body, noun="state")


def first_step_jump(trace: recursive.Trace) -> Jump:
    """A dropdown over the first steps: pick one ("8 / 3") and go to its subtree."""
    starts = [0] + [s.id for s in trace.states if s.depth == 1]
    part_of = [sum(1 for start in starts[1:] if start <= s.id) for s in trace.states]
    options = ("the hand", *(trace.states[start].step for start in starts[1:]))

    def move(index: int, option: int) -> int:
        return index if part_of[index] == option else starts[option]

    return Jump("first step", options, part_of.__getitem__, move)


def make_recursion_stepper(hand, target=24, faces: bool = True) -> Stepper | Refusal:
    """A widget that steps through the states recursive reduction visits for one hand."""
    hand = as_hand(hand)
    try:
        trace = recursive.trace(hand, target)
    except SearchTooLarge:
        size = TABLE["recursive"].size(hand)
        return Refusal(
            f"No recursion stepper for {hand_text(hand, faces=True)}: its search reaches "
            f"{amount(size)} final numbers, too many to step through; four cards or fewer step."
        )
    found = Outcomes(len(trace.states), tuple(s.id for s in trace.hits))
    return Stepper(
        partial(state_html, trace, faces=faces), found, "recursion", "state", first_step_jump(trace)
    )
