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
    heading = _("Right!") if reply.ok else _("Not yet:")
    heading = f"<b>{html.escape(heading)}</b>"
    if reply.over:
        over = _("{heading} {reply} (this hand is over: no change to the score)")
        return said(over, heading=heading, reply=shown)
    return f"{heading} {shown}"


class GameWidget(Panel):
    """The game's hand, answer box, buttons, message and score; `game` is the state behind them,
    `deal` its dealer (a class round calls it); `on_try(round, reply)` after each scored try."""

    def __init__(self, game: Game, on_try=None):
        self.game = game
        self.on_try = on_try
        self.hand_view = widgets.HTML()
        self.message = widgets.HTMLMath()
        self.score = widgets.HTML()
        placeholder = _("an expression, e.g. (1+2)*8")
        self.answer = widgets.Text(placeholder=placeholder, continuous_update=False)
        self.buttons = {
            "check": widgets.Button(description=_("Check"), button_style="primary"),
            "hint": widgets.Button(description=_("Hint")),
            "show": widgets.Button(description=_("Show answer")),
            "next": widgets.Button(description=_("Next hand")),
        }
        named = {"hand": self.hand_view, "answer": self.answer, **self.buttons}
        for css, widget in {**named, "message": self.message, "score": self.score}.items():
            widget.add_class(f"t24-game-{css}")
            widget.style.font_size = WIDGET_FONT
        self.hints: list[str] = []
        self.checked = None  # Enter and the Check button may both fire for one answer: check once
        for button, act in zip(
            self.buttons.values(), (self.check, self.hint, self.show, self.deal)
        ):
            button.on_click(act)
        self.answer.observe(lambda change: change["new"].strip() and self.check(), names="value")
        self.deal()
        check, hint, show, next_hand = self.buttons.values()
        rows = [widgets.HBox([self.answer, check]), widgets.HBox([hint, show, next_hand])]
        sentence = _("Run this notebook to use the game (a live control).")
        super().__init__([self.hand_view, *rows, self.message, self.score], sentence)

    def tell(self, text: str, rated: bool = False) -> None:
        """Say `text` (with the hand's difficulty when `rated`), and the score."""
        for name in ("check", "hint", "show"):
            self.buttons[name].disabled = not self.game.rounds  # no hand dealt: nothing to check
        if rated:
            rating = self.game.round.rating
            level = f"<b>{html.escape(_(rating.level))}</b>"
            difficulty = _("Difficulty: {level} ({reason})")
            text += "<br>" + said(difficulty, level=level, reason=plain(rating.reason))
        self.message.value = box(text)
        self.score.value = box(said(_("Score: {score}"), score=plain(str(self.game.score))))

    def deal(self, _button=None) -> None:
        """Deal the next hand (the dealer's refusal is the message)."""
        try:
            current = self.game.next_hand()
        except InputError as error:
            self.tell(said(_("No hand dealt: {reason}"), reason=plain(str(error))))
            return
        target = said(_("→ make {target}"), target=f"<b>{describe(self.game.target)}</b>")
        cards = cards_html(current.hand)
        self.hand_view.value = box(f"{cards} {TARGET.format(target=target)}", "2.4em")
        self.checked = None
        self.answer.value = ""
        self.hints.clear()
        self.tell(plain(self.game.rules))

    def check(self, _button=None) -> None:
        """Check the typed answer once; a scored try goes to `on_try`."""
        typed = (self.game.round.number, self.answer.value) if self.game.rounds else None
        if typed is None or typed == self.checked:
            return
        self.checked = typed
        reply = self.game.answer(self.answer.value)
        scored = isinstance(reply, Reply) and not reply.over
        if self.on_try is not None and scored:
            self.on_try(self.game.round, reply)
        self.tell(reply_html(reply, self.game.target), reply.ok and scored)

    def hint(self, _button=None) -> None:
        """The next hint, under the ones given."""
        self.hints.append(self.game.hint())
        self.tell("<br>".join(map(plain, self.hints)))

    def show(self, _button=None) -> None:
        """An answer typeset (or that there is none); the hand ends."""
        shown = self.game.show()
        current = self.game.round
        if current.answer is None:
            self.tell(plain(shown), True)
            return
        answer = math(current.answer, self.game.target)
        many = plain(current.how_many)
        self.tell(said(_("An answer: {answer} ({how_many})"), answer=answer, how_many=many), True)


def make_game_widget(seed=None, hands=(), on_try=None, **options) -> GameWidget:
    """The game as a widget, with `t24.game.Game`'s options; a dealer's refusal is its reply.
    `on_try(round, reply)` is called after each scored try (a class round records them)."""
    return GameWidget(Game(seed=seed, hands=hands, deal=False, **options), on_try)
