"""The practice game: scripted play, graded hints, one solve a round, ratings recounted by brute force."""

import io
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

import t24
from t24 import cli, game
from t24.distinct import distinct
from t24.game import Game, answer_steps, hint_texts, play, rate


def script(lines, rounds=None, **options):
    """Play the terminal loop on these lines; return the game and everything it printed."""
    printed, current = [], Game(**options)
    play(lines, printed.append, current, rounds=rounds)
    return current, printed


@pytest.mark.parametrize(
    "line, phrase",
    [
        ("1 + 2 + 3", "wrong: use exactly"),
        ("__import__('os').system('echo hacked')", "names are not allowed"),
        ("(8 + 8) / (3 - 3)", "divides by zero"),
        ("", "type an answer, or h = hint"),
        ("7" * 10_000, "too long"),
        ("none", "wrong: 3 3 8 8 can make 24; keep trying"),
        ("8/(3-8/3)", "right: "),
    ],
)
def test_each_kind_of_line_gets_its_reply(line, phrase):
    _, out = script([line], hands=[(3, 3, 8, 8)])
    assert phrase in out[3] and "hacked" not in "".join(out)


def test_a_scripted_game_scores_and_stops():
    current, out = script("1+1\nh\n8/(3-8/3)\ns\nq\nnever read", hands=[(3, 3, 8, 8)])
    assert out[2] == "hand 1: make 24 from 3 3 8 8" and out[-2] == "quit"
    assert current.score == game.Score(right=1, shown=1, wrong=1, hints=1)
    assert out[-1] == f"final score: {current.score}" and len(current.rounds) == 3


@pytest.mark.parametrize(
    "lines, last", [(["h"], "end of input"), (["s", "s", "s"], "played 2 hands")]
)
def test_the_loop_ends_at_end_of_input_or_after_the_rounds(lines, last):
    _, out = script(lines, seed=5, rounds=2)
    assert out[-2] == last


HANDS = [(3, 3, 8, 8), (1, 2, 3, 4), (4, 4, 10, 10), (1, 5, 5, 5), (5, 6, 10, 12), (2, 3, 4, 5, 6)]
HANDS += [(2, 3, 4)]


@pytest.mark.parametrize("hand", HANDS)
def test_graded_hints_leave_more_than_the_last_step(hand):
    current = Game(hands=[hand])
    steps, hints = answer_steps(current.round.answer), hint_texts(current.round.answer)
    pool = Counter(map(Fraction, hand))
    for step in steps:  # every step uses cards or earlier results and ends at the target
        assert t24.parse(f"({step.left}) {step.op} ({step.right})").value == step.value
        pool.subtract([step.left, step.right])
        pool[step.value] += 1
    assert +pool == Counter({Fraction(24): 1})
    given = [current.hint() for _ in hints]
    assert given == [f"hint {n} of {len(hints)}: {hint}" for n, hint in enumerate(hints, 1)]
    last = f"no more hints: the rest is yours (s shows an answer); the last hint was {hints[-1]}"
    assert current.hint() == last
    revealed = [step for step in steps if any(step.text() in hint for hint in hints)]
    assert len(steps) - len(revealed) >= 2  # never only an obvious last step left
    assert "of the" in hints[0] or "every step" in hints[0]  # first a property, not a step
    assert t24.check_answer(hand, current.show().split("an answer: ")[1].split(" = 24")[0]).ok


def test_the_hints_for_3388_are_property_operation_step():
    assert hint_texts(Game(hands=[(3, 3, 8, 8)]).round.answer) == [
        "2 of the 3 steps make a fraction",
        "the first step divides two cards",
        "start with 8 ÷ 3 = 8/3",
    ]


def test_none_is_offered_only_when_an_unsolvable_hand_can_be_dealt_and_1111_gets_a_hint():
    games = [Game(), Game(any_hand=True), Game(hands=[(1, 1, 1, 1)]), Game(hands=[(4, 6)])]
    assert ["answer none" in current.rules for current in games] == [False, True, True, False]
    hint = games[2].hint()  # one that does not give the answer away
    assert hint.startswith("hint 1 of 1") and "none" not in hint and "cannot" not in hint
    assert games[2].answer("none").ok


@pytest.mark.parametrize(
    "hand, target", [((3, 3, 8, 8), 24), ((0, 1, 2, 3, 4, 5), 0), ((1, 2, 3, 4, 5), 24)]
)
def test_a_round_solves_its_hand_once(solves, hand, target):
    current = Game(target=target, hands=[hand])
    for _ in range(8):
        current.hint(), current.round.rating, current.show(), current.answer("1")
    assert len(solves) <= 2 and len(set(solves)) == len(solves)
    if len(hand) == 6:  # six cards may have 62,306 distinct answers: only the first is found
        assert solves == [("fast", True)] and "not counted" in current.show()


@pytest.mark.parametrize(
    "make, phrase",
    [
        (lambda: Game(seed=[1]), "the seed must be a whole number or text, not list"),
        (lambda: Game(seed=1.5), "not float"),
        (lambda: Game(low=9, high=2), "above the highest"),
        (lambda: Game(count=7), "deal 2 to 6 cards, not 7"),
        (lambda: Game(hands=[(1,)]), "deal 2 to 6 cards"),
        (lambda: Game(low=1, high=1, count=5), "holds only 4 cards"),
        (lambda: Game(low=0, high=0, count=2, target=5), "choose another deck"),
        (lambda: game.deal(0), "takes a random.Random, e.g. deal(random.Random("),
        (lambda: game.search_effort("3 3 x 8"), "'x' is not a whole number"),
    ],
)
def test_what_the_game_cannot_use_is_refused_in_one_line_naming_what_to_pass(make, phrase):
    with pytest.raises(t24.InputError) as error:
        make()
    assert phrase in str(error.value) and "\n" not in str(error.value)


def test_a_refused_deal_keeps_the_hand_in_play_and_a_seed_replays():
    current = Game(hands=[(3, 3, 8, 8)], low=1, high=1)
    with pytest.raises(t24.InputError, match="choose another deck"):
        current.next_hand()
    assert current.round.hand == (3, 3, 8, 8) and current.score.skipped == 0
    assert Game(seed=7).round.hand == Game(seed=7, deal=False).next_hand().hand


def leaves(numbers):
    """Each final number of "take two, make one" (None after a division by zero), by brute force."""
    if len(numbers) == 1:
        yield numbers[0]
        return
    for i, j in combinations(range(len(numbers)), 2):
        a, b = numbers[i], numbers[j]
        rest = [n for k, n in enumerate(numbers) if k not in (i, j)]
        for value in (a + b, a - b, b - a, a * b, a / b if b else None, b / a if a else None):
            if value is None:
                yield from [None] * paths(len(numbers) - 1)
            else:
                yield from leaves(rest + [value])


def paths(count):
    """Final numbers below a state of `count` numbers: 6 results of each of C(count, 2) pairs."""
    return 1 if count == 1 else 3 * count * (count - 1) * paths(count - 1)


@pytest.mark.parametrize(
    "hand", [(3, 3, 8, 8), (1, 2, 3, 4), (4, 4, 10, 10), (4, 5, 6, 7), (0, 1, 3, 8)]
)
def test_the_rating_facts_agree_with_independent_counts(hand):
    rating, trees = rate(hand), t24.solve(hand, method="recursive")
    assert rating.answers == len(distinct(trees))
    whole = [e for e in trees if all(node.value.denominator == 1 for node in e.nodes())]
    assert rating.needs_fraction == (not whole)
    found = list(leaves([Fraction(n) for n in hand]))
    assert rating.effort.final_numbers == len(found) == 3888
    assert rating.effort.hits == sum(value == 24 for value in found)
    largest = min(max(abs(n.value) for n in e.nodes() if not isinstance(n, t24.Num)) for e in trees)
    assert rating.effort.largest == largest and f"{rating.level} (" in str(rating)
    assert rate((1, 1, 1, 1)).level == "no answer" and rate((1, 2, 3, 4)).level == "easy"


@pytest.mark.parametrize(
    "fraction, answers, hits, largest, points",
    [
        (False, 2, 20, 24, 0),
        (True, 2, 20, 24, 2),
        (False, 6, 20, 24, -1),
        (False, 2, 3, 24, 1),
        (False, 2, 40, 24, -1),
        (False, 2, 20, 30, 1),
        (False, 2, 20, 100, 2),
        (False, None, 20, 24, 0),
    ],
)
def test_rating_points_follow_the_documented_rule(fraction, answers, hits, largest, points):
    effort = game.rating.Effort(3888, hits, Fraction(largest))
    assert game.rating.Difficulty((), Fraction(24), fraction, answers, effort).points == points


def test_cli_play_reads_stdin_and_ends_cleanly_on_ctrl_c(monkeypatch, capsys):
    hand = Game(seed=9).round.hand
    answer = t24.solve(hand, method="recursive", first=True)[0]
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{answer}\nh\n"))
    assert cli.main(["play", "--seed", "9"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3].startswith("right: ") and out[4].startswith("difficulty: ")
    assert out[-2] == "end of input"

    def interrupted(prompt="> "):
        yield "h"
        raise KeyboardInterrupt

    monkeypatch.setattr(game, "terminal_lines", interrupted)
    assert cli.main(["play", "--seed", "2"]) == 130
    assert "1 hint" in capsys.readouterr().out


def test_cli_play_refuses_an_endless_line_without_reading_it_whole(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\0" * 100_000))  # like `< /dev/zero`
    assert cli.main(["play", "--seed", "1"]) == 2
    assert "over 1,000 characters: type one answer a line" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, code",
    [("play --count 6 --low 0 --high 6 --target 0 --seed 1", 0), ("play --low 9 --high 2", 2)],
)
def test_cli_play_on_six_cards_answers_with_one_solve(monkeypatch, capsys, solves, argv, code):
    monkeypatch.setattr(sys, "stdin", io.StringIO("h\ns\nh\ns\n"))
    assert cli.main(argv.split()) == code
    assert all(first for method, first in solves if method == "fast")
    assert len(capsys.readouterr().err.splitlines()) == code // 2


def test_a_reply_says_whether_it_was_a_try_and_whether_its_hand_was_over():
    current = Game(hands=[(3, 3, 8, 8)])
    first = current.answer("8/(3-8/3)")
    assert isinstance(first, game.Reply) and first.ok and not first.over
    again = current.answer("8/(3-8/3)")
    assert again.over and again.message.startswith(first.message) and current.score.right == 1
    unread = current.answer("3+")
    assert not isinstance(unread, game.Reply) and current.score.wrong == 0
