"""The game widget: check, hint, show and next, each answered in the message area."""

import re

import pytest
from widget_tools import find

from t24.notebook import make_game_widget


def message(game):
    return " ".join(re.sub(r"<[^>]+>", " ", find(game, "t24-game-message").value).split())


@pytest.mark.parametrize(
    ("typed", "phrase"),
    [
        ("8/(3-8/3)", "right: 8 ÷ (3 − 8 ÷ 3) = 24"),
        ("3+3+8+8", "wrong:"),
        ("1 + 2", "not used: 3 3 8 8"),
        ("3+", "cannot"),
        ("", "type an expression"),
    ],
)
def test_a_typed_answer_gets_a_reply(typed, phrase):
    game = make_game_widget(hands=[(3, 3, 8, 8)])
    find(game, "t24-game-answer").value = typed
    find(game, "t24-game-check").click()
    assert phrase in message(game)


def test_hints_add_up_and_show_answer_ends_the_hand():
    game = make_game_widget(hands=[(3, 3, 8, 8)])
    for _ in range(2):
        find(game, "t24-game-hint").click()
    assert "hint 1 of 3:" in message(game) and "hint 2 of 3:" in message(game)
    find(game, "t24-game-show").click()
    assert "an answer:" in message(game) and "difficulty:" in message(game)
    assert "1 shown" in find(game, "t24-game-score").value
    find(game, "t24-game-answer").value = "3+3+8+8"
    assert "22 \\neq 24" in message(game) and "this hand is over" in message(game)


def test_next_hand_deals_another_hand_and_a_seed_replays_them():
    first, again = make_game_widget(seed=5), make_game_widget(seed=5)
    hand = find(first, "t24-game-hand").value
    find(first, "t24-game-next").click()
    assert find(first, "t24-game-hand").value != hand
    assert find(again, "t24-game-hand").value == hand


def test_a_class_round_deals_its_hand_hears_each_scored_try_and_decides_next_hand():
    tries, asked = [], []
    game = make_game_widget(
        seed=5, on_try=lambda *both: tries.append(both), on_next=lambda: asked.append("next")
    )
    game.deal((3, 3, 8, 8))
    for typed in ("3+", "8/(3-8/3)", "3+3+8+8"):  # unread, then scored, then the hand is over
        find(game, "t24-game-answer").value = typed
    find(game, "t24-game-next").click()
    assert [(dealt.hand, reply.ok) for dealt, reply in tries] == [((3, 3, 8, 8), True)]
    assert asked == ["next"] and game.round.hand == (3, 3, 8, 8)  # the round kept its hand
