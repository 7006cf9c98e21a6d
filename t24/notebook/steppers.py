"""Step-through widgets for the two brute-force methods: one candidate at a time.

The pattern method ("24点解法", Java, part one) and postfix enumeration ("24点解法", part two,
and "24点扑克牌游戏的算法实现", C++) both walk through thousands of candidates and keep the few
that make the target. These views let a class walk the same loops by hand: a slider (or the Play
button, at a chosen speed) picks a candidate by its number in the method's own loop order, a
dropdown jumps to another pattern or shape with the same cards and operators, and the view shows
how that candidate is built from the package's steps (`patterns.fill`, `postfix.fill`, ...), its
exact value, whether it hits, and running counters of what the search has met so far. The
postfix view also shows the stack after every token, which is how the posts evaluate it.

Each view is a pure function that returns HTML (`describe_pattern_candidate`,
`describe_postfix_candidate`), so it can be tested and read without Jupyter; `make_*_stepper`
only wires widgets to it. The size of a hand's search is checked from its counts alone before
any candidate is built (`check_stepper_size`). Sliders, buttons and Play need a live kernel.
"""

from __future__ import annotations

import html
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import ipywidgets as widgets

from ..expr import DivisionByZero, apply
from ..hand import Hand, SearchTooLarge, as_hand, as_target, permutations
from ..methods import patterns, postfix
from ..methods.sizes import check_size, pattern_candidates, postfix_candidates
from ..parse import parse
from ..text import describe, hand_text
from .style import WIDGET_FONT

# A stepper scans every candidate once for its counters; past this many it would keep a slider
# waiting, so larger hands are refused (the same limit as the teaching searches).
STEPPER_LIMIT = 100_000
# Labels, readouts and dropdown text of every stepper at projector size.
STEPPER_CSS = (
    "<style>.t24-stepper .widget-label, .t24-stepper .widget-readout, .t24-stepper select "
    f"{{font-size: {WIDGET_FONT}}}</style>"
)
# JupyterLab gives tables and code a fixed small size; inside a step they follow its size.
STEP_CSS = "<style>.t24-step table, .t24-step td, .t24-step th, .t24-step code {font-size: inherit}</style>"
# Play speeds: milliseconds between candidates.
SPEEDS = {"slow": 1500, "medium": 700, "fast": 250, "fastest": 60}


def check_stepper_size(method: str, hand: Hand, size: Callable[[Hand], int], faster: str) -> int:
    """The number of candidates to step through, from the hand's counts alone; refuse past the limit.

    The refusal names a method that copes: `faster` (a compiled variant) when the hand is within
    its limit, otherwise `fast` (see `t24.methods.sizes.instead`).
    """
    try:
        return check_size(method, hand, size, STEPPER_LIMIT, alternatives=(faster,))
    except SearchTooLarge as error:
        raise SearchTooLarge(f"too many to step through: {error}") from None


@dataclass(frozen=True)
class Outcomes:
    """Where the hits are in a method's loop order, for the running counters."""

    total: int
    hits: tuple[int, ...]  # indices of candidates that make the target
    new_trees: tuple[int, ...]  # indices of hits whose tree no earlier hit had
    zeros: tuple[int, ...]  # indices of candidates that divide by zero

    def so_far(self, index: int) -> tuple[int, int, int]:
        """(hits, different trees, divisions by zero) among candidates 0..index."""
        return (
            bisect_right(self.hits, index),
            bisect_right(self.new_trees, index),
            bisect_right(self.zeros, index),
        )

    def next_hit(self, index: int) -> int | None:
        """The first hit after `index`, or None."""
        position = bisect_right(self.hits, index)
        return self.hits[position] if position < len(self.hits) else None

    def previous_hit(self, index: int) -> int | None:
        """The last hit before `index`, or None."""
        position = bisect_left(self.hits, index)
        return self.hits[position - 1] if position > 0 else None


def _scan(items, target: Fraction) -> Outcomes:
    """Outcomes of (value or None, tree maker) pairs in loop order."""
    hits, new_trees, zeros, seen = [], [], [], set()
    total = 0
    for index, (value, make_tree) in enumerate(items):
        total += 1
        if value is None:
            zeros.append(index)
        elif value == target:
            hits.append(index)
            tree = make_tree()
            if tree not in seen:
                seen.add(tree)
                new_trees.append(index)
    return Outcomes(total, tuple(hits), tuple(new_trees), tuple(zeros))


# --- the pattern method ------------------------------------------------------------------


def pattern_candidate(hand: Sequence[int], index: int) -> tuple[str, Hand, str, str]:
    """Candidate `index` (from 0) of `patterns.candidates(hand)`: (pattern, ordering, ops, text)."""
    hand = as_hand(hand)
    all_patterns = patterns.patterns_for(len(hand))
    orderings = permutations(hand)
    choices = patterns.operator_choices(len(hand) - 1)
    total = len(all_patterns) * len(orderings) * len(choices)
    if not 0 <= index < total:
        raise IndexError(f"candidate {index} is out of range: {hand} has {total:,} (0 to {total - 1:,})")
    rest, op_index = divmod(index, len(choices))
    pattern_index, order_index = divmod(rest, len(orderings))
    pattern, numbers, ops = all_patterns[pattern_index], orderings[order_index], choices[op_index]
    return pattern, numbers, ops, patterns.fill(pattern, numbers, ops)


@lru_cache(maxsize=32)
def pattern_outcomes(hand: Hand, target: Fraction) -> Outcomes:
    """Scan every pattern candidate once, with the package's steps, for the running counters."""
    check_stepper_size("patterns", hand, pattern_candidates, "patterns-compiled")
    return _scan(
        ((patterns.evaluate(text), lambda text=text: parse(text)) for *_, text in patterns.candidates(hand)),
        target,
    )


def describe_pattern_candidate(hand: Sequence[int], index: int, target=24) -> str:
    """HTML for pattern candidate `index` (from 0): how it is filled, its value, the counters."""
    hand, target = as_hand(hand), as_target(target)
    outcomes = pattern_outcomes(hand, target)
    pattern, numbers, ops, text = pattern_candidate(hand, index)
    value = patterns.evaluate(text)
    orderings = permutations(hand)
    choices = patterns.operator_choices(len(hand) - 1)
    all_patterns = patterns.patterns_for(len(hand))
    rows = [
        ("pattern", f"<code>{pattern}</code> ({all_patterns.index(pattern) + 1} of {len(all_patterns)})"),
        ("ordering", f"{_cards(numbers)} ({orderings.index(numbers) + 1} of {len(orderings)})"),
        ("operators", f"<code>{html.escape(ops)}</code> ({choices.index(ops) + 1} of {len(choices)})"),
        ("filled text", f"<code>{html.escape(text)}</code>"),
    ]
    if value is not None:
        rows.append(("read as a tree", f"<code>{html.escape(str(parse(text)))}</code>"))
    rows.append(("exact value", _value_text(value)))
    rows.append((f"makes {describe(target)}?", _verdict(value, target)))
    return _page(f"Pattern method, {_cards(hand)}", index, outcomes, rows)


# --- postfix enumeration ----------------------------------------------------------------


def postfix_candidate(hand: Sequence[int], index: int) -> tuple[Hand, str, tuple]:
    """Candidate `index` (from 0) of the teaching search's loops: (ordering, ops, postfix)."""
    hand = as_hand(hand)
    shapes = postfix.make_shapes(len(hand))  # the stack recursion's order, as `search` meets them
    all_sequences = postfix.sequences(hand)
    total = len(all_sequences) * len(shapes)
    if not 0 <= index < total:
        raise IndexError(f"candidate {index} is out of range: {hand} has {total:,} (0 to {total - 1:,})")
    sequence_index, shape_index = divmod(index, len(shapes))
    numbers, ops = all_sequences[sequence_index]
    return numbers, ops, postfix.fill(shapes[shape_index], numbers, ops)


def stack_steps(tokens: Sequence) -> list[tuple[object, str, tuple[Fraction, ...] | None]]:
    """The stack after each token: (token, what happened, stack); stack None after a ÷ 0."""
    stack: list[Fraction] = []
    steps = []
    for token in tokens:
        if isinstance(token, str):
            right = stack.pop()
            left = stack.pop()
            popped = f"pop {describe(left)} and {describe(right)}"
            try:
                result = apply(token, left, right)
            except DivisionByZero:
                steps.append((token, f"{popped}: {_operand(left)} {token} 0 divides by zero", None))
                return steps
            stack.append(result)
            action = f"{popped}, push {_operand(left)} {token} {_operand(right)} = {describe(result)}"
        else:
            stack.append(Fraction(token))
            action = f"push {token}"
        steps.append((token, action, tuple(stack)))
    return steps


@lru_cache(maxsize=32)
def postfix_outcomes(hand: Hand, target: Fraction) -> Outcomes:
    """Scan every postfix candidate once, with the package's steps, for the running counters."""
    check_stepper_size("postfix", hand, postfix_candidates, "postfix-compiled")
    return _scan(
        (
            (postfix.evaluate(tokens), lambda tokens=tokens: postfix.to_infix(tokens))
            for numbers, ops in postfix.sequences(hand)
            for tokens in postfix.stack_orders(numbers, ops)
        ),
        target,
    )


def describe_postfix_candidate(hand: Sequence[int], index: int, target=24) -> str:
    """HTML for postfix candidate `index` (from 0): the stack after each token, value, counters."""
    hand, target = as_hand(hand), as_target(target)
    outcomes = postfix_outcomes(hand, target)
    numbers, ops, tokens = postfix_candidate(hand, index)
    shapes = postfix.make_shapes(len(hand))
    shape = "".join("n" if not isinstance(token, str) else "o" for token in tokens)
    value = postfix.evaluate(tokens)
    rows = [
        ("sequence", f"{_cards(numbers)} with <code>{html.escape(ops)}</code> "
                     f"({index // len(shapes) + 1:,} of {outcomes.total // len(shapes):,})"),
        ("shape", f"<code>{shape}</code> ({shapes.index(shape) + 1} of {len(shapes)})"),
        ("postfix", f"<code>{html.escape(' '.join(str(token) for token in tokens))}</code>"),
        ("stack", _stack_table(stack_steps(tokens))),
    ]
    if value is not None:
        right, article = str(postfix.to_infix(tokens)), postfix.article_to_infix(tokens)
        rows.append(("infix", f"<code>{html.escape(right)}</code>"))
        if article != right:
            read_back = parse(article).value
            verdict = (f"which reads back as {describe(read_back)}: wrong brackets" if read_back != value
                       else "another tree, with the same value here")
            rows.append(("precedence-only converter (the Java post's)", f"<code>{html.escape(article)}</code>, {verdict}"))
    rows.append(("exact value", _value_text(value)))
    rows.append((f"makes {describe(target)}?", _verdict(value, target)))
    return _page(f"Postfix enumeration, {_cards(hand)}", index, outcomes, rows)


# --- shared HTML ------------------------------------------------------------------------


def _numbers(numbers: Sequence[int]) -> str:
    return " ".join(str(n) for n in numbers)


def _cards(numbers: Sequence[int]) -> str:
    """The numbers as cards: 11 12 13 read as J Q K (with the numbers after, so both are clear)."""
    faces = hand_text(numbers, faces=True)
    return faces if faces == _numbers(numbers) else f"{faces} (= {_numbers(numbers)})"


def _operand(value: Fraction) -> str:
    """A value inside a written operation: bracketed when it is a fraction or negative."""
    text = describe(value)
    return text if value.denominator == 1 and value >= 0 else f"({text})"


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


def _value_text(value: Fraction | None) -> str:
    return "— (divides by zero)" if value is None else describe(value)


def _verdict(value: Fraction | None, target: Fraction) -> str:
    if value is None:
        return "no: divides by zero"
    if value == target:
        return '<b style="color:#1a7f37">yes — a hit</b>'
    return "no"


def _stack_table(steps) -> str:
    pad = 'style="text-align:left; padding:0.1em 1.5em 0.1em 0"'
    cells = "".join(
        f"<tr><td {pad}><code>{html.escape(str(token))}</code></td><td {pad}>{html.escape(action)}</td>"
        f"<td {pad}><code>{'—' if stack is None else html.escape(' '.join(describe(v) for v in stack))}</code></td></tr>"
        for token, action, stack in steps
    )
    return (f'<table class="t24-stack"><tr><th {pad}>token</th><th {pad}>step</th><th {pad}>stack (bottom → top)</th></tr>'
            f"{cells}</table>")


def _page(method: str, index: int, outcomes: Outcomes, rows) -> str:
    hits, trees, zeros = outcomes.so_far(index)
    body = "".join(f'<tr><th style="text-align:left">{name}</th><td style="text-align:left">{text}</td></tr>'
                   for name, text in rows)
    return (
        STEP_CSS + f'<div class="t24-step" style="font-size:{WIDGET_FONT}; line-height:1.4"><p><b>{method}: candidate {index + 1:,} of {outcomes.total:,}</b></p>'
        f"<table>{body}</table>"
        f"<p>So far: {_count(index + 1, 'candidate')} evaluated, {_count(hits, 'hit')} "
        f"({_count(trees, 'different tree')}), {_count(zeros, 'division')} by zero. "
        f"In all: {_count(len(outcomes.hits), 'hit')}.</p></div>"
    )


# --- the widgets ------------------------------------------------------------------------


@dataclass(frozen=True)
class Jump:
    """A dropdown that moves to another part of the loops: another pattern or shape, say.

    `options` are the dropdown's labels; `part(index)` is the option that candidate `index` belongs
    to; `move(index, option)` is the candidate to show when `option` is picked at `index`.
    """

    label: str
    options: tuple[str, ...]
    part: Callable[[int], int]
    move: Callable[[int, int], int]


class Stepper(widgets.VBox):
    """A Play button (with a speed control) and a slider over a method's candidates (or states),
    buttons that jump between hits, an optional `Jump` dropdown, and the view that
    `describe(index)` writes. Every stepper of t24 is one of these.
    """

    def __init__(self, describe: Callable[[int], str], outcomes: Outcomes, name: str, label: str,
                 noun: str = "candidate", jump: Jump | None = None):
        self.outcomes = outcomes
        self.label = label
        self.noun = noun
        self.describe = describe
        self.slider = widgets.IntSlider(
            value=1, min=1, max=outcomes.total, description=noun, continuous_update=False,
            layout=widgets.Layout(width="36em"), style={"description_width": "initial"},
        )
        self.play = widgets.Play(value=1, min=1, max=outcomes.total, interval=SPEEDS["medium"], description="play")
        self.speed = widgets.Dropdown(options=list(SPEEDS), value="medium", description="speed",
                                      layout=widgets.Layout(width="16em"))
        self.previous_hit = widgets.Button(description="◀ previous hit", tooltip="jump back to the last hit",
                                           layout=widgets.Layout(width="auto"))
        self.next_hit = widgets.Button(description="next hit ▶", tooltip="jump to the next hit",
                                       layout=widgets.Layout(width="auto"))
        self.jump = jump
        self.jump_to = None
        if jump is not None:
            self.jump_to = widgets.Dropdown(options=[(text, k) for k, text in enumerate(jump.options)], value=0,
                                            description=jump.label, style={"description_width": "initial"},
                                            layout=widgets.Layout(width="auto"))
            self.jump_to.observe(self._move, names="value")
        self.view = widgets.HTML()
        # A kernel-side link (not jslink): the wiring then also works, and is tested, without a browser.
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.slider.observe(self._show, names="value")
        self.speed.observe(self._set_speed, names="value")
        self.previous_hit.on_click(lambda _: self._jump(outcomes.previous_hit(self.slider.value - 1)))
        self.next_hit.on_click(lambda _: self._jump(outcomes.next_hit(self.slider.value - 1)))
        # Buttons take a font size (the view sets its own in its HTML); sliders and dropdowns have no such style, so a
        # small stylesheet (in a widget of its own, scoped to steppers) enlarges their labels.
        for control in [self.previous_hit, self.next_hit]:
            control.style.font_size = WIDGET_FONT
        self.css = widgets.HTML(STEPPER_CSS)
        for widget, css in [(self, "t24-stepper"), (self, f"t24-{name}-stepper"), (self.slider, "t24-stepper-slider"),
                            (self.play, "t24-stepper-play"), (self.speed, "t24-stepper-speed"),
                            (self.previous_hit, "t24-previous-hit"), (self.next_hit, "t24-next-hit"),
                            (self.view, "t24-stepper-view")] + ([(self.jump_to, "t24-stepper-jump")] if jump else []):
            widget.add_class(css)
        rows = [widgets.HBox([self.play, self.slider, self.speed]),
                widgets.HBox([self.previous_hit, self.next_hit] + ([self.jump_to] if jump else []))]
        super().__init__(rows + [self.view, self.css])
        self._show()

    def __repr__(self) -> str:
        # The text a notebook stores beside the widget: readable without a kernel, and stable
        # across ipywidgets versions (the default repr lists every trait).
        hits = len(self.outcomes.hits)
        return f"{self.label}: {self.outcomes.total:,} {self.noun}s, {hits:,} hit{'' if hits == 1 else 's'}"

    def _jump(self, index: int | None) -> None:
        if index is not None:
            self.slider.value = index + 1

    def _move(self, change) -> None:
        self._jump(self.jump.move(self.slider.value - 1, change["new"]))

    def _set_speed(self, change) -> None:
        self.play.interval = SPEEDS[change["new"]]

    def _show(self, change=None) -> None:
        index = self.slider.value - 1
        self.view.value = self.describe(index)
        self.previous_hit.disabled = self.outcomes.previous_hit(index) is None
        self.next_hit.disabled = self.outcomes.next_hit(index) is None
        if self.jump is not None:
            self.jump_to.value = self.jump.part(index)  # moves nothing: the part of where we are


def pattern_jump(hand: Hand) -> Jump:
    """Jump to another of the patterns, keeping the ordering and the operators."""
    all_patterns = patterns.patterns_for(len(hand))
    per_pattern = pattern_candidates(hand) // len(all_patterns)
    return Jump("jump to pattern", tuple(all_patterns), lambda index: index // per_pattern,
                lambda index, k: k * per_pattern + index % per_pattern)


def postfix_jump(hand: Hand) -> Jump:
    """Jump to another of the shapes, keeping the sequence of numbers and operators."""
    shapes = postfix.make_shapes(len(hand))
    return Jump("jump to shape", shapes, lambda index: index % len(shapes),
                lambda index, k: index - index % len(shapes) + k)


def make_pattern_stepper(hand: Sequence[int], target=24) -> Stepper:
    """A widget that steps through the pattern method's candidates for one hand."""
    hand, target = as_hand(hand), as_target(target)
    return Stepper(lambda index: describe_pattern_candidate(hand, index, target), pattern_outcomes(hand, target),
                   "pattern", f"Pattern-method stepper for {_cards(hand)}, target {describe(target)}",
                   jump=pattern_jump(hand))


def make_postfix_stepper(hand: Sequence[int], target=24) -> Stepper:
    """A widget that steps through postfix candidates for one hand, with the stack at each token."""
    hand, target = as_hand(hand), as_target(target)
    return Stepper(lambda index: describe_postfix_candidate(hand, index, target), postfix_outcomes(hand, target),
                   "postfix", f"Postfix stepper for {_cards(hand)}, target {describe(target)}",
                   jump=postfix_jump(hand))
