"""The practice game (`t24.game`) as a widget at projector size, answers typeset; it writes into
widgets' `.value`, never to `print`, so a notebook stays the same under nbval."""

import html

import ipywidgets as widgets

from ..expr import Expr, value_latex
from ..game import Game, Reply
from ..hand import InputError
from ..text import _, describe, said
from .widgets import WIDGET_FONT, Panel, box, cards_html

TARGET = '<span style="font-size:0.6em">{target}</span>'  # beside the cards, smaller


def plain(text: str) -> str:
    """Text escaped for HTML and left alone by MathJax (it may quote what a player typed)."""
    return f'<span class="tex2jax_ignore">{html.escape(text)}</span>'


def math(expr: Expr, value, target=None) -> str:
    """`expr = value` (`≠ target`) typeset at display size, so fractions are readable."""
    wrong = "" if target is None else rf" \neq {value_latex(target)}"
    return rf"$\displaystyle {expr.to_latex()} = {value_latex(value)}{wrong}$"


class GameWidget(Panel):
    """The game's hand, answer box, buttons, message and score, over `game` (the state behind
    them). What a class round uses: `deal(hand)` deals a given hand; `on_try(round, reply)` is
    called after each scored try; `on_next()`, when given, is what Next hand does instead of
    dealing (a round keeps its hand); `round` is the hand in play."""

    def __init__(self, game: Game, on_try=None, on_next=None):
        self.game, self.on_try, self.on_next = game, on_try, on_next
        self.hand_view = widgets.HTML()
        self.score = widgets.HTML()
        self.message = widgets.HTMLMath()
        placeholder = _("an expression, e.g. (1+2)*8")
        self.answer = widgets.Text(placeholder=placeholder, continuous_update=False)
        self.answer.observe(lambda change: change["new"].strip() and self.check(), names="value")
        self.buttons = {
            "check": widgets.Button(description=_("Check"), button_style="primary"),
            "hint": widgets.Button(description=_("Hint")),
            "show": widgets.Button(description=_("Show answer")),
            "next": widgets.Button(description=_("Next hand")),
        }
        acts = [self.check, self.hint, self.show, self.next_hand]
        for button, act in zip(self.buttons.values(), acts):
            button.on_click(lambda _button, act=act: act())
        named = {"hand": self.hand_view, "answer": self.answer, "message": self.message}
        for css, widget in {**named, "score": self.score, **self.buttons}.items():
            widget.add_class(f"t24-game-{css}")
            widget.style.font_size = WIDGET_FONT
        self.hints: list[str] = []
        self.checked = None  # Enter and the Check button may both fire for one answer: check once
        self.deal()
        check, hint, show, next_hand = self.buttons.values()
        rows = [widgets.HBox([self.answer, check]), widgets.HBox([hint, show, next_hand])]
        sentence = _("Run this notebook to use the game (a live control).")
        super().__init__([self.hand_view, *rows, self.message, self.score], sentence)

    @property
    def round(self):
        """The hand in play (`t24.game.Round`), or None before one is dealt."""
        return self.game.round if self.game.rounds else None

    def tell(self, text: str, rated: bool = False) -> None:
        """Say `text` (with the hand's difficulty when `rated`), and the score."""
        for name in ("check", "hint", "show"):
            self.buttons[name].disabled = self.round is None  # no hand dealt: nothing to check
        if rated:
            text += "<br>" + plain(said("difficulty: {rating}", rating=self.round.rating))
        self.message.value = box(text)
        self.score.value = box(plain(said("score: {score}", score=self.game.score)))

    def next_hand(self) -> None:
        """What Next hand does: `on_next()` if given, else deal."""
        (self.on_next or self.deal)()

    def deal(self, hand=None) -> None:
        """Deal `hand`, or the dealer's next one (its refusal is the message)."""
        try:
            current = self.game.next_hand(hand)
        except InputError as error:
            self.tell(plain(said("No hand dealt: {reason}", reason=error)))
            return
        target = plain(said("→ make {target}", target=describe(self.game.target)))
        cards = cards_html(current.hand)
        self.hand_view.value = box(f"{cards} {TARGET.format(target=target)}", "2.4em")
        self.answer.value = ""
        self.hints.clear()
        self.tell(plain(self.game.rules))

    def check(self) -> None:
        """Check the typed answer once: the game's reply, and the answer typeset if it was read."""
        if self.round is None:
            return
        typed = (self.round.number, self.answer.value)
        if typed == self.checked:  # checked already: its reply said again, never nothing
            self.tell(*self.replied)
            return
        self.checked = typed
        reply = self.game.answer(self.answer.value)
        scored = isinstance(reply, Reply) and not reply.over
        shown = plain(reply.message)
        if reply.value is not None:  # not "none", the dealt cards, a division by zero
            shown += "<br>" + math(reply.expr, reply.value, None if reply.ok else self.game.target)
        self.replied = shown, reply.ok and scored
        self.tell(*self.replied)  # answered first; then a class round stores the try
        if self.on_try is not None and scored:
            self.on_try(self.round, reply)

    def hint(self) -> None:
        """The next hint, under the ones given."""
        self.hints.append(self.game.hint())
        self.tell("<br>".join(map(plain, self.hints)))

    def show(self) -> None:
        """An answer, also typeset (or that there is none); the hand ends."""
        shown = plain(self.game.show())
        if self.round.answer is not None:
            shown += "<br>" + math(self.round.answer, self.game.target)
        self.tell(shown, True)


def make_game_widget(seed=None, hands=(), on_try=None, on_next=None, **options) -> GameWidget:
    """The game as a widget, with `t24.game.Game`'s options; a dealer's refusal is its reply."""
    game = Game(seed=seed, hands=hands, deal=False, **options)
    return GameWidget(game, on_try, on_next)
