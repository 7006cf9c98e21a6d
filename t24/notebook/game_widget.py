"""The practice game as a notebook widget: the loop that closes "24点解法", for a class.

`t24.game` holds the whole game (dealing, checking, hints, difficulty, score); this module only
shows it, at a size a class reads on a projector (`t24.notebook.style.WIDGET_FONT`), with J, Q
and K written on the cards beside their numbers. The pure functions `hand_html`, `reply_html`,
`hints_html`, `shown_html`, `refused_html` and `score_html` turn the game's state into HTML
(answers typeset from t24's own expression tree with `expr.to_latex()`), and `make_game_widget`
wires a text box and four buttons to a `t24.game.Game`. The hints stop one step short of the
answer; only "Show answer" gives it. When the dealer finds no hand it can deal, its message goes
into the reply area and the game goes on. Results go into widgets' `.value`, never to `print`,
so a notebook that shows the widget stays stable under strict nbval. It needs a live kernel.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..expr import value_latex
from ..game import Game, Reply, Round, Score
from ..hand import InputError
from ..text import FACES, describe, hand_text, plural
from .style import WIDGET_FONT

# Text that came from a person (or quotes it) is kept out of MathJax's reach.
PLAIN = '<span class="tex2jax_ignore">{}</span>'
CARD_STYLE = (
    "display:inline-block; min-width:1.6em; margin:0 0.15em; padding:0.15em 0.35em; "
    "border:2px solid #444; border-radius:0.3em; text-align:center; background:#fff; color:#000"
)
FACE_NUMBER_STYLE = "font-size:0.45em; color:#555; margin-left:0.1em"


def plain(text: str) -> str:
    """Text escaped for HTML and left alone by MathJax."""
    return PLAIN.format(html.escape(text))


def math(latex: str) -> str:
    """Inline LaTeX, at display size so fractions are readable."""
    return rf"$\displaystyle {latex}$"


def large(content: str) -> str:
    """HTML at the widgets' classroom text size."""
    return f'<div style="font-size:{WIDGET_FONT}; line-height:1.6">{content}</div>'


def card_html(card: int) -> str:
    """One card: its number, or its face letter with the number beside it (J 11, Q 12, K 13)."""
    face = FACES.get(card)
    inner = f'{face}<span style="{FACE_NUMBER_STYLE}">{card}</span>' if face else html.escape(str(card))
    return f'<span style="{CARD_STYLE}" title="{card}">{inner}</span>'


def hand_html(current: Round) -> str:
    """The hand in play, large, as cards, with the target."""
    cards = "".join(card_html(n) for n in current.hand)
    return (
        f'<div style="font-size:2.4em; line-height:1.6">{cards}'
        f' <span style="font-size:0.6em">&rarr; make <b>{html.escape(describe(current.target))}</b></span></div>'
        f'<div style="color:#666; font-size:{WIDGET_FONT}">hand {current.number}: '
        f'{html.escape(hand_text(current.hand, faces=True))}</div>'
    )


def reply_html(reply: Reply, game: Game) -> str:
    """A checked answer: right (typeset), a wrong value (typeset, with what it makes), or why not."""
    target = value_latex(game.target)
    if reply.kind == "right" and reply.expr is not None:
        typeset = math(reply.expr.to_latex() + " = " + target)
        text = f"<b>Right!</b> {typeset} {plain(f'— uses exactly {game.round.hand_text}')}"
    elif reply.kind == "right":
        text = f"<b>Right!</b> {plain(reply.message.removeprefix('right: '))}"
    elif reply.kind == "wrong" and reply.value is not None:
        typeset = math(rf"{reply.expr.to_latex()} = {value_latex(reply.value)} \neq {target}")
        text = f"<b>Not yet:</b> {typeset}"
    elif reply.kind == "wrong":
        text = f"<b>Not yet:</b> {plain(reply.message.removeprefix('wrong: '))}"
    else:
        text = plain(reply.message)
    if reply.kind in ("right", "wrong") and not reply.scored:
        text += " " + plain("(this hand is over: no change to the score)")
    elif reply.ok:
        text += "<br>" + difficulty_html(game.round)
    return text


def hints_html(current: Round, exhausted: bool = False) -> str:
    """Every hint given so far for this hand, one a line; they stop one step short of the answer.

    `exhausted` adds the line that says there is no further hint: the next step is the answer.
    """
    if not current.answers:
        return plain(current.hints[0])
    steps, total = current.steps, len(current.hints)
    lines = []
    for number in range(1, min(current.hints_given, total) + 1):
        if len(steps) == 1:  # one step is the whole answer: the hint only says so
            lines.append(f"<b>Hint 1 of 1:</b> {plain(current.hints[0].split(': ', 1)[1])}")
        else:
            lead = "start with" if number == 1 else "then"
            lines.append(f"<b>Hint {number} of {total}:</b> {lead} {math(steps[number - 1].latex())}")
    if exhausted:
        lines.append(plain("No more hints: the next step is the answer. Try it, or press Show answer."))
    return "<br>".join(lines)


def shown_html(current: Round) -> str:
    """The answer shown when a player gives up (or that there is none), and the difficulty."""
    if not current.answers:
        text = f"<b>No answer:</b> {plain(f'{current.hand_text} cannot make {describe(current.target)}')}"
    else:
        whole = current.answer.to_latex() + " = " + value_latex(current.target)
        count = len(current.answers)
        more = f"{plural(count, 'distinct answer')} in all" if count > 1 else "the only answer"
        text = f"<b>An answer:</b> {math(whole)} {plain(f'({more})')}"
    return text + "<br>" + difficulty_html(current)


def refused_html(error: Exception) -> str:
    """The dealer's refusal (no hand it could deal), said plainly; the game goes on."""
    return f"<b>No hand dealt:</b> {plain(str(error))}"


def difficulty_html(current: Round) -> str:
    """The hand's difficulty level and the measured facts behind it."""
    rating = current.difficulty
    return f"Difficulty: <b>{html.escape(rating.level)}</b> {plain(f'({rating.reason})')}"


def score_html(score: Score) -> str:
    """The score line."""
    return f"<b>Score:</b> {plain(str(score))}"


def make_game_widget(
    seed=None, target=24, low: int = 1, high: int = 13, count: int = 4, any_hand: bool = False, hands=(),
) -> widgets.VBox:
    """The game as a widget: the hand, an answer box, Check, Hint, Show answer, Next hand, a score.

    The options are `t24.game.Game`'s: a seed replays the same hands; `hands` are dealt first.
    Options the game cannot use raise `t24.InputError` at once; a dealer that finds no hand to
    deal says so in the reply area.
    """
    game = Game(target, low, high, count, seed, any_hand, hands, deal=False)
    hand_view = widgets.HTML()
    answer = widgets.Text(
        placeholder="e.g. 8/(3-8/3), or none", continuous_update=False,
        layout=widgets.Layout(width="22em"),
    )
    check = widgets.Button(description="Check", button_style="primary", tooltip="check the answer (or press Enter)")
    hint = widgets.Button(description="Hint", tooltip="the next step of an answer (never the last step)")
    show = widgets.Button(description="Show answer", tooltip="give up on this hand and see an answer")
    next_hand = widgets.Button(description="Next hand", tooltip="deal the next hand")
    message = widgets.HTMLMath()
    score = widgets.HTML()
    for widget, css in (
        (hand_view, "t24-game-hand"), (answer, "t24-game-answer"), (check, "t24-game-check"),
        (hint, "t24-game-hint"), (show, "t24-game-show"), (next_hand, "t24-game-next"),
        (message, "t24-game-message"), (score, "t24-game-score"),
    ):
        widget.add_class(css)
    for widget in (answer, check, hint, show, next_hand):
        widget.style.font_size = WIDGET_FONT
    # Enter (or leaving the box) and the Check button may both fire for one answer: check it once.
    last_checked = [None]

    def refresh(text: str) -> None:
        playing = bool(game.rounds)
        hand_view.value = hand_html(game.round) if playing else ""
        for button in (check, hint, show):
            button.disabled = not playing
        message.value = large(text)
        score.value = large(score_html(game.score))

    def deal() -> None:
        try:
            game.next_hand()
        except InputError as error:
            refresh(refused_html(error))
            return
        last_checked[0] = None
        answer.value = ""
        refresh(plain(f"Make {describe(game.target)} from {game.round.hand_text}."))

    def on_check(_button=None) -> None:
        if not game.rounds:
            return
        key = (game.round.number, answer.value)
        if key == last_checked[0]:
            return
        last_checked[0] = key
        refresh(reply_html(game.answer(answer.value), game))

    def on_enter(change) -> None:
        if change["new"].strip():
            on_check()

    def on_hint(_button) -> None:
        given = game.hint()
        refresh(hints_html(game.round, exhausted=given.startswith("no more hints")))

    def on_show(_button) -> None:
        game.show()
        refresh(shown_html(game.round))

    check.on_click(on_check)
    hint.on_click(on_hint)
    show.on_click(on_show)
    next_hand.on_click(lambda _button: deal())
    answer.observe(on_enter, names="value")
    deal()
    if game.rounds:
        refresh(plain(f"Make {describe(game.target)} with + - * / and brackets, each card once."))
    box = widgets.VBox([
        hand_view,
        widgets.HBox([answer, check]),
        widgets.HBox([hint, show, next_hand]),
        message,
        score,
    ])
    box.game = game  # the state behind the view, for tests and the curious
    return box
