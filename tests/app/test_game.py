"""The practice game (t24.game): played with scripted lines, its hints replayed, its ratings checked.

Right answers come from the recursive method (not from the game), wrong ones are built from the
dealt hand, and the difficulty's facts are recounted with the recursive search and `t24.distinct`.
"""

import io
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

import t24
from t24 import cli, game
from t24.distinct import distinct
from t24.expr import BinOp, apply
from t24.game import Game, difficulty, play
from t24.game.difficulty import rating_points
from t24.methods import recursive


def script(lines, **options):
    """Play the terminal loop on these lines; return the game and everything it printed."""
    printed = []
    rounds = options.pop("rounds", None)
    current = Game(**options)
    play(lines, printed.append, current, rounds=rounds)
    return current, printed


def right_answer(hand, target=24):
    """An answer found by the recursive method, independently of the game."""
    return str(t24.solve(hand, target, method="recursive", first=True)[0])


def wrong_value(hand):
    """The hand's cards added up, when that is not 24 (else multiplied)."""
    text = " + ".join(map(str, hand))
    return text if sum(hand) != 24 else " * ".join(map(str, hand))


# --- the terminal loop with scripted lines ----------------------------------------------------


def test_scripted_game_answers_every_kind_of_line_and_keeps_going():
    first = Game(seed=11).round.hand  # the same seed deals the same hand
    lines = [
        wrong_value(first),
        "1 + 2 + 3",
        "__import__('os').system('echo hacked')",
        "9**9**9",
        "1/0",
        "",
        "7" * 10_000,
        "\x1b[2J\x00\x07",
        "h", "h", "h",
        right_answer(first),
        "s",
        "q",
        "this line is never read",
    ]
    current, out = script(lines, seed=11)
    text = "\n".join(out)
    assert out[2] == f"hand 1: make 24 from {' '.join(map(str, first))}"
    value = sum(first) if sum(first) != 24 else first[0] * first[1] * first[2] * first[3]
    assert f"makes {value}, not 24" in text
    assert "wrong: use exactly " + " ".join(map(str, sorted(first))) in text
    assert "names are not allowed" in text
    assert "'**' (power) is not allowed" in text
    assert "type an answer, or h = hint" in text
    assert "too long" in text
    assert "unexpected character '\\x1b'" in text
    assert "hacked" not in text
    # Two hints for four cards, numbered; the third "h" is told the next step is the answer.
    hints = [line for line in out if line.startswith("hint ")]
    assert [h.split(":")[0] for h in hints] == ["hint 1 of 2", "hint 2 of 2"]
    assert any(line.startswith("no more hints: the next step is the answer") for line in out)
    assert any(line.startswith("right: ") for line in out)
    assert any(line.startswith("an answer: ") for line in out)
    assert out[-2] == "quit"
    assert current.score.right == 1 and current.score.shown == 1 and current.score.hints == 2
    # value, numbers and "1/0" are wrong tries; unreadable and empty lines are not counted.
    assert current.score.wrong == 3
    assert out[-1] == f"final score: {current.score}"
    assert [r.hand for r in current.rounds][:1] == [first] and len(current.rounds) == 3


def test_one_over_zero_with_the_dealt_numbers_says_it_divides_by_zero():
    _, out = script(["(8 + 8) / (3 - 3)", "8 / (3 - 3) * 3 * 8"], hands=[(3, 3, 8, 8)])
    assert out[3] == "wrong: (8 + 8) / (3 - 3) divides by zero"
    assert "use exactly 3 3 8 8" in out[4]  # five cards: the numbers are checked first


def test_end_of_input_prints_the_score_and_stops():
    current, out = script(iter(["h"]), seed=3)
    assert out[-2:] == ["end of input", f"final score: {current.score}"]
    assert current.score.hints == 1


def test_rounds_option_stops_after_that_many_hands():
    current, out = script(["s", "s", "s", "s"], seed=5, rounds=2)
    assert current.score.shown == 2 and "played 2 hands" in out
    assert sum(line.startswith("hand ") for line in out) == 2


def test_seeded_game_deals_the_same_solvable_hands():
    a, b = Game(seed=42), Game(seed=42)
    for _ in range(5):
        assert a.round.hand == b.round.hand
        assert t24.solve(a.round.hand, method="recursive", first=True)  # solvable, by another method
        a.next_hand(), b.next_hand()
    assert a.score.skipped == 5


def test_deal_draws_at_most_four_of_a_card():
    rng = random.Random(0)
    for _ in range(50):
        hand = game.deal(rng, 1, 2, 6)
        assert set(hand) <= {1, 2} and max(Counter(hand).values()) <= 4


def test_cards_above_nine_and_another_target():
    current = Game(target=10, low=10, high=13, seed=1)
    assert all(10 <= n <= 13 for n in current.round.hand)
    verdict = t24.check_answer(current.round.hand, right_answer(current.round.hand, 10), 10)
    assert verdict.ok and current.answer(right_answer(current.round.hand, 10)).ok


# --- no answer -------------------------------------------------------------------------------


@pytest.mark.parametrize("reply", ["none", "No", "-", "impossible", "  no answer. "])
def test_no_answer_is_right_for_a_hand_that_cannot_be_done(reply):
    assert not t24.solve((1, 1, 1, 1), method="recursive")
    current = Game(any_hand=True, hands=[(1, 1, 1, 1)])
    answered = current.answer(reply)
    assert answered.ok and "1 1 1 1 cannot make 24" in answered.message
    assert current.score.right == 1


def test_no_answer_is_wrong_when_there_is_one():
    current = Game(hands=[(3, 3, 8, 8)])
    answered = current.answer("none")
    assert answered.kind == "wrong" and "can make 24" in answered.message
    assert current.score.wrong == 1 and not current.round.finished


def test_any_option_deals_unsolvable_hands_and_checks_none():
    # Every hand of a deck of ones fails 24, so with --any the dealer must still deal.
    current, out = script(["1+1+1+1", "none", "q"], any_hand=True, low=1, high=1)
    assert "answer none" in out[1]
    assert out[3] == "wrong: 1 + 1 + 1 + 1 makes 4, not 24"
    assert out[4] == "right: 1 1 1 1 cannot make 24"
    assert current.score.right == 1 and current.score.wrong == 1


def test_solvable_only_refuses_a_deck_that_cannot_make_the_target():
    with pytest.raises(t24.InputError, match="choose another deck"):
        Game(low=1, high=1)


@pytest.mark.parametrize("options, message", [
    ({"low": 5, "high": 2}, "above the highest"),
    ({"count": 1}, "deal 2 to 6 cards"),
    ({"count": 7}, "deal 2 to 6 cards"),
    ({"low": 1, "high": 1, "count": 5}, "holds only 4 cards"),
    ({"hands": [(1, 2, 3, 4, 5, 6, 7)]}, "deal 2 to 6 cards"),
])
def test_decks_the_game_cannot_deal_from_are_refused(options, message):
    with pytest.raises(t24.InputError, match=message):
        Game(**options)


# --- hints -----------------------------------------------------------------------------------


@pytest.mark.parametrize("hand", [(3, 3, 8, 8), (1, 2, 3, 4), (4, 4, 10, 10), (1, 5, 5, 5), (5, 6, 10, 12), (2, 3, 4, 5, 6)])
def test_hint_steps_use_up_the_cards_and_end_at_the_target(hand):
    current = Game(hands=[hand])
    steps = current.round.steps
    pool = Counter(Fraction(n) for n in hand)
    for step in steps:
        assert apply(step.op, step.left, step.right) == step.value
        for operand in (step.left, step.right):
            assert pool[operand] > 0, f"{operand} is neither a card nor an earlier result"
            pool[operand] -= 1
        pool[step.value] += 1
    assert +pool == Counter({Fraction(24): 1})
    # The hints stop one step short: every step but the last, then "no more hints".
    hints = [current.hint() for _ in range(len(steps))]
    assert len(current.round.hints) == len(steps) - 1
    assert hints[-1].startswith("no more hints: the next step is the answer")
    for number, step in enumerate(steps[:-1]):
        assert step.text() in hints[number]
    assert current.score.hints == len(steps) - 1
    # Only "show" gives the answer, and it is right.
    whole = current.show().split("an answer: ", 1)[1].split(" = 24", 1)[0]
    assert t24.check_answer(hand, whole).ok


def test_hints_for_3388_walk_through_the_fraction():
    current = Game(hands=[(3, 3, 8, 8)])
    assert [current.hint() for _ in range(3)] == [
        "hint 1 of 2: start with 8 / 3 = 8/3",
        "hint 2 of 2: then 3 - (8/3) = 1/3",
        "no more hints: the next step is the answer (s shows it); the last hint was 3 - (8/3) = 1/3",
    ]
    assert current.score.hints == 2
    assert current.show() == "an answer: 8 / (3 - 8 / 3) = 24 (the only answer)"


def test_two_cards_get_one_hint_that_gives_nothing_away():
    current = Game(hands=[(4, 6)])
    assert current.hint() == "hint 1 of 1: one operation between the two cards makes 24"
    assert current.hint().startswith("no more hints")


def test_hints_prefer_whole_numbers_on_the_way():
    # 10 * 6 / 5 + 12 and 10 / 5 * 6 + 12 are the same answer; the second passes no number above 24.
    steps = Game(hands=[(5, 6, 10, 12)]).round.steps
    assert all(step.value.denominator == 1 and step.value <= 24 for step in steps)


def test_hint_for_a_hand_without_answer_says_so():
    current = Game(any_hand=True, hands=[(1, 1, 1, 1)])
    assert "cannot make 24; answer 'none'" in current.hint()


# --- difficulty ------------------------------------------------------------------------------


def level(hand):
    return game.LEVELS.index(difficulty(hand).level)


def test_difficulty_orders_known_hands_sensibly():
    assert level((3, 3, 8, 8)) >= game.LEVELS.index("hard")
    assert level((1, 5, 5, 5)) >= game.LEVELS.index("hard")
    assert level((4, 4, 10, 10)) >= game.LEVELS.index("hard")  # the article's (10*10-4)/4
    assert difficulty((1, 2, 3, 4)).level == "easy"
    assert level((1, 2, 3, 4)) <= level((4, 5, 6, 7)) <= level((3, 3, 8, 8))
    assert level((1, 2, 3, 4)) < level((3, 3, 8, 8))
    assert level((6, 6, 6, 6)) < level((3, 3, 8, 8))


def test_difficulty_reason_names_the_measured_facts():
    rating = difficulty((3, 3, 8, 8))
    assert rating.needs_fraction and rating.answers == 1
    assert "needs a fraction on the way" in rating.reason and "1 distinct answer;" in rating.reason
    assert f"{rating.effort.hits:,} of the recursive search's {rating.effort.final_numbers:,} final numbers" in rating.reason
    assert str(rating) == f"{rating.level} ({rating.reason})"
    easy = difficulty((1, 2, 3, 4))
    assert "no fraction needed" in easy.reason and f"{easy.answers} distinct answers" in easy.reason
    assert "every answer passes 100 on the way" in difficulty((4, 4, 10, 10)).reason


def brute_force_leaves(numbers):
    """Each final number of "take two, make one" (None after a division by zero), with itertools."""
    if len(numbers) == 1:
        yield numbers[0]
        return
    for i, j in combinations(range(len(numbers)), 2):
        a, b = numbers[i], numbers[j]
        rest = [n for k, n in enumerate(numbers) if k not in (i, j)]
        for value in (a + b, a - b, b - a, a * b, a / b if b else None, b / a if a else None):
            if value is None:  # the path ends here, and misses
                yield from [None] * final_count(len(numbers) - 1)
            else:
                yield from brute_force_leaves(rest + [value])


def final_count(count):
    """Paths below a state of `count` numbers: 6 results for each of C(count, 2) pairs, per level."""
    return 1 if count == 1 else 6 * count * (count - 1) // 2 * final_count(count - 1)


@pytest.mark.parametrize("hand", [(3, 3, 8, 8), (1, 2, 3, 4), (4, 4, 10, 10), (4, 5, 6, 7), (1, 4, 5, 6), (0, 1, 3, 8)])
def test_difficulty_facts_agree_with_independent_counts(hand):
    rating = difficulty(hand)
    trees = t24.solve(hand, method="recursive")
    # distinct answers: the recursive method's trees, grouped by t24.distinct
    assert rating.answers == len(distinct(trees))
    # needs a fraction: no tree of the recursive method keeps every step whole
    whole = [e for e in trees if all(node.value.denominator == 1 for node in e.nodes())]
    assert rating.needs_fraction == (not whole)
    # final numbers and hits: every path of an independent brute force (a division by zero is
    # a final number that misses), and the hits again from the leaves traced by t24.recursive
    leaves = list(brute_force_leaves([Fraction(n) for n in hand]))
    assert rating.effort.final_numbers == len(leaves) == 3888
    assert rating.effort.hits == sum(value == 24 for value in leaves) == len(recursive.trace(sorted(hand)).hits)
    assert rating.effort.share == Fraction(rating.effort.hits, 3888)
    # largest number on the way: the smallest, over all trees, of each tree's largest step
    assert rating.effort.largest == min(max(abs(n.value) for n in e.nodes() if isinstance(n, BinOp)) for e in trees)


def test_difficulty_of_a_hand_without_answer():
    rating = difficulty((1, 1, 1, 1))
    assert rating.level == "no answer" and rating.answers == 0 and "cannot make 24" in rating.reason


def test_rating_points_follow_the_documented_rule():
    plain = game.Effort(3888, 20, Fraction(24))  # 20 of 3,888: between 1 in 1,000 and 1 in 100
    assert rating_points(False, 2, plain) == 0
    assert rating_points(True, 2, plain) == 2
    assert rating_points(False, 6, plain) == -1
    assert rating_points(False, 2, game.Effort(3888, 3, Fraction(24))) == 1
    assert rating_points(False, 2, game.Effort(3888, 40, Fraction(24))) == -1
    assert rating_points(False, 2, game.Effort(3888, 20, Fraction(30))) == 1
    assert rating_points(False, 2, game.Effort(3888, 20, Fraction(100))) == 2


# --- the command line ------------------------------------------------------------------------


def test_cli_play_reads_stdin_until_end_of_input(monkeypatch, capsys):
    hand = Game(seed=9).round.hand
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{right_answer(hand)}\nh\n"))
    assert cli.main(["play", "--seed", "9"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2] == f"hand 1: make 24 from {' '.join(map(str, hand))}"
    assert out[3].startswith("right: ") and out[4].startswith("difficulty: ")
    assert out[-2:] == ["end of input", "final score: 1 right out of 1 hand (0 shown, 0 skipped); 0 wrong tries, 1 hint"]


def test_cli_play_ends_cleanly_on_ctrl_c(monkeypatch, capsys):
    def interrupted(prompt="> "):
        yield "h"
        raise KeyboardInterrupt

    monkeypatch.setattr(game, "terminal_lines", interrupted)
    assert cli.main(["play", "--seed", "2"]) == 130
    out = capsys.readouterr().out
    assert "hint 1 of" in out and out.rstrip().endswith("0 wrong tries, 1 hint")


@pytest.mark.parametrize("argv, message", [
    (["play", "--low", "9", "--high", "2"], "above the highest"),
    (["play", "--count", "x"], "--count must be a whole number"),
    (["play", "--rounds", "0"], "--rounds must be at least 1"),
    (["play", "--target", "abc"], "is not a number"),
])
def test_cli_play_usage_errors_exit_2_with_one_line(argv, message, capsys):
    try:
        code = cli.main(argv)
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_t24_play_as_a_program_survives_bytes_that_are_not_utf8():
    done = subprocess.run(
        [sys.executable, "-m", "t24", "play", "--seed", "4", "--high", "10", "--rounds", "1"],
        input=b"\xff\xfe\x00 8/3\n" + b"9" * 10_000 + b"\ns\n", capture_output=True, timeout=60,
    )
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert "cannot read that" in out and "too long" in out and "played 1 hand" in out
    assert "Traceback" not in done.stderr.decode()


def test_a_refused_deal_keeps_the_hand_in_play_and_the_score():
    current = Game(hands=[(3, 3, 8, 8)], low=1, high=1)  # the chosen hand first, then a deck of ones
    with pytest.raises(t24.InputError, match="choose another deck"):
        current.next_hand()
    assert current.round.hand == (3, 3, 8, 8) and len(current.rounds) == 1
    assert current.score.skipped == 0 and current.answer("8/(3-8/3)").ok


def test_a_game_may_start_without_a_hand_dealt():
    current = Game(seed=3, deal=False)
    assert current.rounds == []
    assert current.next_hand().hand == Game(seed=3).round.hand
