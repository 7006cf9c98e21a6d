"""The practice game as a widget: a hand of cards, an answer box, Check, Hint, Show answer, Next.

`t24.game` holds the whole game; this module shows it at projector size, answers typeset, and
writes results into widgets' `.value`, never to `print`, so a notebook stays the same under nbval.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..expr import value_latex
from ..game import Game, Reply, Round
from ..hand import InputError
from ..text import describe, plural
from .widgets import WIDGET_FONT, Panel, cards_html, live


def plain(text: str) -> str:
    """Text escaped for HTML and left alone by MathJax (it may quote what a player typed)."""
    return f'<span class="tex2jax_ignore">{html.escape(text)}</span>'


def math(latex: str) -> str:
    """Inline LaTeX at display size, so fractions are readable."""
    return rf"$\displaystyle {latex}$"


def hand_html(current: Round) -> str:
    """The hand in play, large, as cards, with the target."""
    return (
        f'<div style="font-size:2.4em">{cards_html(current.hand)} '
        f'<span style="font-size:0.6em">→ make <b>{describe(current.target)}</b></span></div>'
    )


def rating_html(current: Round) -> str:
    """The hand's difficulty and the facts behind it."""
    rating = current.rating
    return f"Difficulty: <b>{html.escape(rating.level)}</b> {plain(f'({rating.reason})')}"


def reply_html(reply: Reply, game: Game) -> str:
    """A checked answer: right or wrong (typeset, with what it makes), or why it was not read."""
    if reply.kind in ("right", "wrong") and reply.value is not None:
        made = reply.expr.to_latex() + " = " + value_latex(reply.value)
        if reply.kind == "right":
            text = f"<b>Right!</b> {math(made)}"
        else:
            text = "<b>Not yet:</b> " + math(rf"{made} \neq {value_latex(game.target)}")
    else:
        word = {"right": "<b>Right!</b> ", "wrong": "<b>Not yet:</b> "}.get(reply.kind, "")
        text = word + plain(reply.message.removeprefix("right: ").removeprefix("wrong: "))
    if reply.kind in ("right", "wrong") and not reply.scored:
        return text + " " + plain("(this hand is over: no change to the score)")
    return text + ("<br>" + rating_html(game.round) if reply.ok else "")


def shown_html(current: Round) -> str:
    """The answer shown when a player gives up (or that there is none), and the difficulty."""
    if current.answer is None:
        text = f"<b>No answer:</b> {plain(f'{current.hand_text} cannot make {describe(current.target)}')}"
    else:
        count = current.rating.answers
        more = f"{plural(count, 'distinct answer')} in all" if count else "answers not counted"
        more = "the only answer" if count == 1 else more
        answer = current.answer.to_latex() + " = " + value_latex(current.target)
        text = f"<b>An answer:</b> {math(answer)} {plain(f'({more})')}"
    return text + "<br>" + rating_html(current)


def make_game_widget(seed=None, hands=(), **options) -> Panel:
    """The game as a widget; the options are `t24.game.Game`'s (a seed replays the same hands,
    `hands` are dealt first). A dealer that finds no hand to deal says so in the reply area."""
    game = Game(seed=seed, hands=hands, deal=False, **options)
    hand_view, message, score = widgets.HTML(), widgets.HTMLMath(), widgets.HTML()
    answer = widgets.Text(placeholder="an expression, e.g. (1+2)*8", continuous_update=False)
    check = widgets.Button(description="Check", button_style="primary")
    hint = widgets.Button(description="Hint")
    show = widgets.Button(description="Show answer")
    next_hand = widgets.Button(description="Next hand")
    named = dict(hand=hand_view, answer=answer, check=check, hint=hint, show=show)
    for css, widget in {**named, "next": next_hand, "message": message, "score": score}.items():
        widget.add_class(f"t24-game-{css}")
        if hasattr(widget.style, "font_size"):
            widget.style.font_size = WIDGET_FONT
    hints: list[str] = []
    last = [None]  # Enter and the Check button may both fire for one answer: check it once

    def refresh(text: str) -> None:
        for button in (check, hint, show):
            button.disabled = not game.rounds
        hand_view.value = hand_html(game.round) if game.rounds else ""
        message.value = f'<div style="font-size:{WIDGET_FONT}">{text}</div>'
        score.value = (
            f'<div style="font-size:{WIDGET_FONT}"><b>Score:</b> {plain(str(game.score))}</div>'
        )

    def deal(_button=None) -> None:
        try:
            game.next_hand()
        except InputError as error:
            return refresh(f"<b>No hand dealt:</b> {plain(str(error))}")
        last[0], answer.value = None, ""
        hints.clear()
        refresh(plain(game.rules))

    def on_check(_button=None) -> None:
        if game.rounds and last[0] != (game.round.number, answer.value):
            last[0] = (game.round.number, answer.value)
            refresh(reply_html(game.answer(answer.value), game))

    def on_hint(_button) -> None:
        hints.append(game.hint())
        refresh("<br>".join(map(plain, hints)))

    def on_show(_button) -> None:
        game.show()
        refresh(shown_html(game.round))

    check.on_click(on_check)
    hint.on_click(on_hint)
    show.on_click(on_show)
    next_hand.on_click(deal)
    answer.observe(lambda change: change["new"].strip() and on_check(), names="value")
    deal()
    rows = [widgets.HBox([answer, check]), widgets.HBox([hint, show, next_hand])]
    box = Panel([hand_view, *rows, message, score], live("the game"))
    box.game = game  # the state behind the view, for tests and the curious
    return box
