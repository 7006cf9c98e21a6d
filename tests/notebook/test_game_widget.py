"""The game widget (t24.game_widget), driven without a kernel: type, click, read the widgets."""

import pytest
from widget_tools import find

import t24
from t24.game import Game
from t24.notebook.game_widget import hand_html, large, make_game_widget
from t24.notebook.style import WIDGET_FONT

OPEN, CLOSE = large("|").split("|")

CLASSES = (
    "t24-game-answer", "t24-game-check", "t24-game-hint", "t24-game-show",
    "t24-game-next", "t24-game-message", "t24-game-hand", "t24-game-score",
)

class Player:
    """A widget and its parts by CSS class, with the moves a student makes."""

    def __init__(self, **options):
        self.box = make_game_widget(**options)
        self.part = {css.removeprefix("t24-game-"): find(self.box, css) for css in CLASSES}

    def type(self, text):
        self.part["answer"].value = text

    def click(self, name):
        self.part[name].click()

    @property
    def message(self):
        """The reply area's HTML, inside the classroom-size wrapper every message has."""
        value = self.part["message"].value
        assert value.startswith(OPEN) and value.endswith(CLOSE)
        return value.removeprefix(OPEN).removesuffix(CLOSE)

    @property
    def hand(self):
        return self.box.game.round.hand


def test_every_css_class_is_on_exactly_one_widget():
    player = Player(seed=1)
    assert player.part["answer"].continuous_update is False
    assert [player.part[name].description for name in ("check", "hint", "show", "next")] == [
        "Check", "Hint", "Show answer", "Next hand",
    ]


def test_hand_display_shows_the_dealt_cards_and_the_target():
    player = Player(seed=1, hands=[(3, 3, 8, 8)])
    shown = player.part["hand"].value
    assert shown == hand_html(player.box.game.round)
    assert shown.count(">3</span>") == 2 and shown.count(">8</span>") == 2 and "<b>24</b>" in shown


def test_wrong_value_is_typeset_with_what_it_makes():
    player = Player(hands=[(3, 3, 8, 8)])
    player.type("8 + 8 + 3 + 3")
    player.click("check")
    expr = t24.parse("8 + 8 + 3 + 3")
    assert player.message.startswith("<b>Not yet:</b>")
    assert rf"$\displaystyle {expr.to_latex()} = 22 \neq 24$" in player.message
    assert "0 right" in player.part["score"].value and "1 wrong try" in player.part["score"].value


def test_enter_and_check_button_count_one_answer_once():
    player = Player(hands=[(3, 3, 8, 8)])
    player.type("3 * 8")  # Enter: the value changes, the answer is checked
    first = player.message
    assert "use exactly 3 3 8 8" in first
    player.click("check")  # then the button, on the same text
    assert player.message == first
    assert player.box.game.score.wrong == 1


def test_right_answer_is_typeset_and_scored_with_the_difficulty():
    player = Player(seed=7)
    answer = t24.solve(player.hand, method="recursive", first=True)[0]
    player.type(str(answer))
    assert player.message.startswith("<b>Right!</b>")
    assert rf"$\displaystyle {answer.to_latex()} = 24$" in player.message
    assert "Difficulty: <b>" in player.message
    assert "1 right out of 1 hand" in player.part["score"].value


def test_hostile_text_is_refused_and_escaped():
    player = Player(seed=2)
    for text in ("__import__('os')", "9**9**9", "<script>alert(1)</script>", "$x$", "1" * 10_000):
        player.type(text)
        player.click("check")
        assert "<script" not in player.message
        assert player.message.startswith('<span class="tex2jax_ignore">cannot read that')
    player.type("<b>")
    assert "&#x27;&lt;&#x27;" in player.message and "<b>" not in player.message
    assert player.box.game.score.wrong == 0  # unreadable text is not a wrong try


def test_hints_accumulate_step_by_step_and_stop_one_step_short():
    player = Player(hands=[(3, 3, 8, 8)])
    whole = t24.parse("8/(3-8/3)").to_latex()
    player.click("hint")
    assert player.message.count("<b>Hint") == 1 and r"8 \div 3 = \frac{8}{3}" in player.message
    player.click("hint")
    assert r"<b>Hint 2 of 2:</b> then $\displaystyle 3 - \frac{8}{3} = \frac{1}{3}$" in player.message
    assert whole not in player.message
    player.click("hint")  # no third hint: the next step is the answer
    assert player.message.count("<b>Hint") == 2 and "No more hints: the next step is the answer" in player.message
    assert whole not in player.message and "\\frac{1}{3}} = 24" not in player.message
    assert "2 hints" in player.part["score"].value
    player.click("show")  # only Show answer gives it
    assert player.message.startswith("<b>An answer:</b>") and whole in player.message


def test_two_cards_get_a_hint_that_gives_nothing_away():
    player = Player(hands=[(4, 6)])
    player.click("hint")
    assert "one operation between the two cards makes 24" in player.message
    assert "4 \\times 6" not in player.message and "times" not in player.message


def test_face_cards_show_their_letter_and_number_at_classroom_size():
    player = Player(hands=[(1, 11, 12, 13)])
    shown = player.part["hand"].value
    for face, number in (("J", 11), ("Q", 12), ("K", 13)):
        assert f">{face}<span" in shown and f">{number}</span>" in shown
    assert "hand 1: 1 J Q K" in shown
    assert player.part["message"].value.startswith(f'<div style="font-size:{WIDGET_FONT}')
    assert all(player.part[name].style.font_size == WIDGET_FONT for name in ("answer", "check", "hint", "show", "next"))


def test_a_refused_deal_is_shown_in_the_reply_area_and_the_game_goes_on(capsys):
    # The chosen hand is dealt; then a deck of ones can never make 24 and the dealer gives up.
    player = Player(hands=[(3, 3, 8, 8)], low=1, high=1)
    player.click("next")
    assert player.message.startswith("<b>No hand dealt:</b>") and "choose another deck" in player.message
    assert "Traceback" not in player.message
    assert player.hand == (3, 3, 8, 8)  # the hand in play stays, and still plays
    player.type("8/(3-8/3)")
    assert player.message.startswith("<b>Right!</b>")
    assert "1 right out of 1 hand" in player.part["score"].value
    assert capsys.readouterr() == ("", "")


def test_a_deck_that_cannot_deal_a_first_hand_says_so_and_disables_the_answer_buttons():
    player = Player(low=1, high=1)
    assert player.message.startswith("<b>No hand dealt:</b>") and player.part["hand"].value == ""
    assert all(player.part[name].disabled for name in ("check", "hint", "show"))
    player.type("1+1+1+1")
    player.click("check")
    player.click("next")  # tries again, says so again
    assert player.message.startswith("<b>No hand dealt:</b>") and player.box.game.rounds == []


def test_show_answer_reveals_one_and_ends_the_hand():
    player = Player(hands=[(4, 5, 6, 7)])
    player.click("show")
    assert player.message.startswith("<b>An answer:</b>") and "2 distinct answers in all" in player.message
    assert "Difficulty: <b>" in player.message
    assert "1 shown" in player.part["score"].value
    player.type("(7 + 5 - 6) * 4")  # still checked, but the hand is over
    assert "this hand is over" in player.message and player.box.game.score.right == 0


def test_next_hand_follows_the_seeded_sequence():
    player = Player(seed=123)
    same_seed = Game(seed=123)
    dealt = [player.hand]
    assert player.hand == same_seed.round.hand
    for _ in range(3):
        player.type("1+2")
        player.click("next")
        same_seed.next_hand()
        assert player.hand == same_seed.round.hand
        assert player.part["answer"].value == ""
        assert " ".join(map(str, player.hand)) in player.message
        dealt.append(player.hand)
    assert len(set(dealt)) > 1
    assert "0 right out of 3 hands (0 shown, 3 skipped)" in player.part["score"].value


def test_none_is_an_answer_when_any_hand_may_be_dealt():
    player = Player(any_hand=True, hands=[(1, 1, 1, 1), (3, 3, 8, 8)])
    player.click("hint")
    assert "cannot make 24; answer" in player.message
    player.type("none")
    assert player.message.startswith("<b>Right!</b>") and "1 1 1 1 cannot make 24" in player.message
    player.click("next")
    player.type("none")
    assert player.message.startswith("<b>Not yet:</b>") and "can make 24" in player.message


def test_callbacks_print_nothing(capsys):
    player = Player(seed=5)
    for move in ("hint", "check", "show", "next"):
        player.type("8/(3-8/3)" if move == "check" else player.part["answer"].value)
        player.click(move)
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("options", [{"low": 3, "high": 1}, {"count": 9}])
def test_bad_options_raise_the_games_input_error(options):
    with pytest.raises(t24.InputError):
        make_game_widget(**options)
