"""The practice game (`t24.game`) as a widget at projector size, answers typeset; it writes into
widgets' `.value`, never to `print`, so a notebook stays the same under nbval."""

import html

import ipywidgets as widgets

from ..expr import Expr, value_latex
from ..game import OVER, Game
from ..hand import InputError
from ..text import describe
from .widgets import WIDGET_FONT, Panel, cards_html, live

BUTTONS = ("Hint", "Show answer", "Next hand")
TITLES = {True: "<b>Right!</b> ", False: "<b>Not yet:</b> "}


def plain(text: str) -> str:
    """Text escaped for HTML and left alone by MathJax (it may quote what a player typed)."""
    return f'<span class="tex2jax_ignore">{html.escape(text)}</span>'


def math(expr: Expr, value, target=None) -> str:
    """`expr = value` (`≠ target`) typeset at display size, so fractions are readable."""
    wrong = "" if target is None else rf" \neq {value_latex(target)}"
    return rf"$\displaystyle {expr.to_latex()} = {value_latex(value)}{wrong}$"


def make_game_widget(seed=None, hands=(), on_try=None, **options) -> Panel:
    """The game as a widget, with `t24.game.Game`'s options; a dealer's refusal is its reply.
    `on_try(round, reply)` is called after each scored try (a class round records them)."""
    game = Game(seed=seed, hands=hands, deal=False, **options)
    hand_view, message, score = widgets.HTML(), widgets.HTMLMath(), widgets.HTML()
    answer = widgets.Text(placeholder="an expression, e.g. (1+2)*8", continuous_update=False)
    check = widgets.Button(description="Check", button_style="primary")
    hint, show, next_hand = (widgets.Button(description=name) for name in BUTTONS)
    named = dict(hand=hand_view, answer=answer, check=check, hint=hint, show=show, next=next_hand)
    for css, widget in {**named, "message": message, "score": score}.items():
        widget.add_class(f"t24-game-{css}")
        widget.style.font_size = WIDGET_FONT
    hints: list[str] = []
    checked = None  # Enter and the Check button may both fire for one answer: check it once

    def refresh(text: str, rated: bool = False) -> None:
        for button in (check, hint, show):
            button.disabled = not game.rounds  # no hand dealt yet: nothing to check
        if rated:
            rating = game.round.rating
            text += f"<br>Difficulty: <b>{rating.level}</b> {plain(f'({rating.reason})')}"
        message.value = f'<div style="font-size:{WIDGET_FONT}">{text}</div>'
        said = plain(str(game.score))
        score.value = f'<div style="font-size:{WIDGET_FONT}"><b>Score:</b> {said}</div>'

    def deal(_button=None) -> None:
        nonlocal checked
        try:
            current = game.next_hand()
        except InputError as error:
            return refresh(f"<b>No hand dealt:</b> {plain(str(error))}")
        target = f'<span style="font-size:0.6em">→ make <b>{describe(game.target)}</b></span>'
        hand_view.value = f'<div style="font-size:2.4em">{cards_html(current.hand)} {target}</div>'
        checked, answer.value = None, ""
        hints.clear()
        refresh(plain(game.rules))

    def on_check(_button=None) -> None:
        nonlocal checked
        if not game.rounds or checked == (game.round.number, answer.value):
            return
        checked = (game.round.number, answer.value)
        reply = game.answer(answer.value)
        word, _, said = reply.message.partition(": ")
        over = said.endswith(OVER)
        if on_try is not None and word in ("right", "wrong") and not over:
            on_try(game.round, reply)
        if word not in ("right", "wrong"):  # text that cannot be read is no try
            text = plain(reply.message)
        elif reply.value is None:  # "none", not the dealt cards, or a division by zero
            text = TITLES[reply.ok] + plain(said)
        else:
            made = math(reply.expr, reply.value, None if reply.ok else game.target)
            text = TITLES[reply.ok] + made + (" " + plain(OVER) if over else "")
        refresh(text, reply.ok and not over)

    def on_hint(_button) -> None:
        hints.append(game.hint())
        refresh("<br>".join(map(plain, hints)))

    def on_show(_button) -> None:
        said, current = game.show(), game.round
        if current.answer is None:
            return refresh(f"<b>No answer:</b> {plain(said.removeprefix('no answer: '))}", True)
        shown = math(current.answer, game.target)
        refresh(f"<b>An answer:</b> {shown} {plain(f'({current.how_many})')}", True)

    for button, act in zip((check, hint, show, next_hand), (on_check, on_hint, on_show, deal)):
        button.on_click(act)
    answer.observe(lambda change: change["new"].strip() and on_check(), names="value")
    deal()
    rows = [widgets.HBox([answer, check]), widgets.HBox([hint, show, next_hand])]
    box = Panel([hand_view, *rows, message, score], live("the game"))
    box.game, box.deal = game, deal  # the state behind the view, and its dealer (a class round)
    return box
