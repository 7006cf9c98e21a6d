"""The practice game (`t24.game`) as a widget at projector size, answers typeset; it writes into
widgets' `.value`, never to `print`, so a notebook stays the same under nbval."""

import html

import ipywidgets as widgets

from ..expr import Expr, value_latex
from ..game import Game, Reply
from ..hand import InputError
from ..text import _, describe
from .widgets import WIDGET_FONT, Panel, box, cards_html

TARGET = '<span style="font-size:0.6em">{target}</span>'  # beside the cards, smaller


def plain(text: str) -> str:
    """Text escaped for HTML and left alone by MathJax (it may quote what a player typed)."""
    return f'<span class="tex2jax_ignore">{html.escape(text)}</span>'


def said(sentence: str, **values: str) -> str:
    """A translated sentence as HTML, its `values` (HTML already) put in its placeholders."""
    return plain(sentence).format(**values)


def math(expr: Expr, value, target=None) -> str:
    """`expr = value` (`≠ target`) typeset at display size, so fractions are readable."""
    wrong = "" if target is None else rf" \neq {value_latex(target)}"
    return rf"$\displaystyle {expr.to_latex()} = {value_latex(value)}{wrong}$"


def reply_html(reply, target) -> str:
    """The game's reply to a typed answer: right or not yet, the answer typeset if it was read."""
    if not isinstance(reply, Reply):  # text that cannot be read is no try
        return plain(reply.message)
    if reply.value is None:  # "none", not the dealt cards, or a division by zero
        shown = plain(reply.reason)
    else:
        shown = math(reply.expr, reply.value, None if reply.ok else target)
    heading = f"<b>{html.escape(_('Right!') if reply.ok else _('Not yet:'))}</b>"
    if reply.over:
        return said(
            _("{heading} {reply} (this hand is over: no change to the score)"),
            heading=heading,
            reply=shown,
        )
    return f"{heading} {shown}"


def make_game_widget(seed=None, hands=(), on_try=None, **options) -> Panel:
    """The game as a widget, with `t24.game.Game`'s options; a dealer's refusal is its reply.
    `on_try(round, reply)` is called after each scored try (a class round records them)."""
    game = Game(seed=seed, hands=hands, deal=False, **options)
    hand_view = widgets.HTML()
    message = widgets.HTMLMath()
    score = widgets.HTML()
    answer = widgets.Text(placeholder=_("an expression, e.g. (1+2)*8"), continuous_update=False)
    check = widgets.Button(description=_("Check"), button_style="primary")
    hint = widgets.Button(description=_("Hint"))
    show = widgets.Button(description=_("Show answer"))
    next_hand = widgets.Button(description=_("Next hand"))
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
            level = f"<b>{html.escape(_(rating.level))}</b>"
            text += "<br>" + said(
                _("Difficulty: {level} ({reason})"), level=level, reason=plain(rating.reason)
            )
        message.value = box(text)
        score.value = box(said(_("Score: {score}"), score=plain(str(game.score))))

    def deal(_button=None) -> None:
        nonlocal checked
        try:
            current = game.next_hand()
        except InputError as error:
            return refresh(said(_("No hand dealt: {reason}"), reason=plain(str(error))))
        target = said(_("→ make {target}"), target=f"<b>{describe(game.target)}</b>")
        hand_view.value = box(f"{cards_html(current.hand)} {TARGET.format(target=target)}", "2.4em")
        checked = None
        answer.value = ""
        hints.clear()
        refresh(plain(game.rules))

    def on_check(_button=None) -> None:
        nonlocal checked
        if not game.rounds or checked == (game.round.number, answer.value):
            return
        checked = (game.round.number, answer.value)
        reply = game.answer(answer.value)
        if on_try is not None and isinstance(reply, Reply) and not reply.over:
            on_try(game.round, reply)
        refresh(
            reply_html(reply, game.target), reply.ok and isinstance(reply, Reply) and not reply.over
        )

    def on_hint(_button) -> None:
        hints.append(game.hint())
        refresh("<br>".join(map(plain, hints)))

    def on_show(_button) -> None:
        shown = game.show()
        current = game.round
        if current.answer is None:
            return refresh(plain(shown), True)
        refresh(
            said(
                _("An answer: {answer} ({how_many})"),
                answer=math(current.answer, game.target),
                how_many=plain(current.how_many),
            ),
            True,
        )

    for button, act in zip((check, hint, show, next_hand), (on_check, on_hint, on_show, deal)):
        button.on_click(act)
    answer.observe(lambda change: change["new"].strip() and on_check(), names="value")
    deal()
    rows = [widgets.HBox([answer, check]), widgets.HBox([hint, show, next_hand])]
    sentence = _("Run this notebook to use the game (a live control).")
    panel = Panel([hand_view, *rows, message, score], sentence)
    panel.game = game  # the state behind the view
    panel.deal = deal  # and its dealer (a class round)
    return panel
