"""The class round: the store outlives its kernels; only the teacher code starts or ends a round."""

import sys
from pathlib import Path

from widget_tools import find

from t24.text import use_language

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))
from classroom import Classroom, class_game, teacher_panel  # noqa: E402


def act(page, button, code="c0de"):
    find(page, "t24-teacher-code").value = code
    find(page, f"t24-teacher-{button}").click()
    return find(page, "t24-teacher-reply").value + find(page, "t24-teacher-view").value


def test_the_teacher_starts_a_round_every_student_gets(tmp_path, monkeypatch):
    monkeypatch.setenv("T24_TEACHER_CODE", "c0de")
    store = Classroom(tmp_path / "class.sqlite")
    teacher, students = teacher_panel(store, 3600), [class_game(store, 3600) for _ in "ab"]
    find(teacher, "t24-teacher-hands").value = "3 3 8 8; 1 4 5 6"
    for code in ("", "C0DE", "c0de "):
        assert "Refused" in act(teacher, "start", code) and store.latest() is None
    assert "Round 1 started: 3 3 8 8" in act(teacher, "start")
    assert "Refused" in act(teacher, "end", "wrong") and store.current().number == 1
    for student, typed in zip(students, ["3+3+8+8", "8/(3-8/3)"]):
        student.refresh()  # what the page's poll does every second
        assert "Class round 1" in find(student, "t24-round-status").value
        find(student, "t24-round-name").value = "Ann"
        find(student, "t24-game-answer").value = typed
    find(students[0], "t24-game-next").click()  # a browser may click a hidden button
    assert "keeps this hand" in find(students[0], "t24-round-status").value
    find(students[0], "t24-game-answer").value = "8 / (3 - (8 / 3))"  # the same answer
    summary = Classroom(store.path).summary(1)  # as a restarted kernel finds it
    assert (summary.tried, summary.solved) == (2, 2)
    assert summary.answers == [("8 / (3 - 8 / 3)", 2, ["Ann"])]
    assert "2 students tried, 2 solved it" in act(teacher, "end")
    assert store.record(1, "late", True, "8 / (3 - 8 / 3)") is False
    students[0].refresh()
    assert "round is over" in find(students[0], "t24-round-status").value
    find(students[0], "t24-game-next").click()
    assert students[0].game.round.number == 3  # a hand of its own after the round's


def test_the_teacher_page_speaks_the_language_chosen_after_import(tmp_path):
    use_language("zh_CN")  # what a Chinese page does first, after classroom is imported
    try:
        level = find(teacher_panel(Classroom(tmp_path / "class.sqlite"), 3600), "t24-teacher-level")
    finally:
        use_language(None)
    assert (level.label, level.value) == ("简单", "easy")  # the level said, its key kept
