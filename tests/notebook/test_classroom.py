"""The class round: the store outlives its kernels and keeps every try, in an SQLite file or on a
PostgreSQL server alike; the pages read it on their kernel's event loop; only the teacher code
opens the teacher page, and a wrong one waits longer each time."""

import asyncio
import json
import sqlite3
import stat
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import psycopg
import pytest
from ipywidgets.widgets.widget import _instances
from widget_tools import find

from t24.text import use_language

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))
import classroom  # noqa: E402
from classroom import Classroom, class_game, clean_name, teacher_panel  # noqa: E402

CODE = "k7m2q-x9pz4"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path, monkeypatch):
    """A new store: an SQLite file, or a database on the tests' PostgreSQL server."""
    monkeypatch.setenv("T24_TEACHER_CODE", CODE)
    if request.param == "sqlite":
        return Classroom(tmp_path / "class.sqlite")
    return Classroom(request.getfixturevalue("postgres")())


def unlock(page, code=CODE):
    """Type a code on the teacher page (its box sends it on Enter); the page's reply."""
    page.controls.wait_until = 0  # as if the wait after a wrong code were over
    find(page, "t24-teacher-code").value = code
    return find(page, "t24-teacher-reply").value


def hold(store):
    """A connection holding the store's write lock, as a long write elsewhere would."""
    if store.path:
        db = sqlite3.connect(store.path, isolation_level=None, check_same_thread=False)
        db.execute("BEGIN IMMEDIATE")
        return db
    db = psycopg.connect(store.url.render_as_string(False).replace("+psycopg", ""))
    db.execute("LOCK TABLE rounds, tries, refusals IN EXCLUSIVE MODE")  # reads go on
    return db


def test_the_teacher_starts_a_round_every_student_gets(store):
    teacher, students = teacher_panel(store), [class_game(store) for _ in "ab"]
    unlock(teacher)
    find(teacher, "t24-teacher-hands").value = "3 3 8 8; 1 4 5 6"
    find(teacher, "t24-teacher-start").click()
    assert "Round 1 started: 3 3 8 8" in find(teacher, "t24-teacher-reply").value
    for student, typed in zip(students, ["3+3+8+8", "8/(3-8/3)"]):
        student.refresh()  # what the page's poll does every second
        assert "Class round 1" in find(student, "t24-round-status").value
        find(student, "t24-round-name").value = "Ann"
        find(student, "t24-game-answer").value = typed
    find(students[0], "t24-game-next").click()  # a browser may click a hidden button
    assert "keeps this hand" in find(students[0], "t24-round-status").value
    find(students[0], "t24-game-answer").value = "8 / (3 - (8 / 3))"  # the same answer
    summary = Classroom(store.url).summary(1)  # as a restarted kernel finds it
    assert (summary.tried, summary.solved) == (2, 2)
    assert summary.answers == [("8 / (3 - 8 / 3)", 2, ["Ann"])]
    assert "8 / (3 - 8 / 3)" not in find(teacher, "t24-teacher-answers").value
    find(teacher, "t24-teacher-reveal").value = True  # the answers behind their own button
    assert "8 / (3 - 8 / 3): 2 students (Ann)" in find(teacher, "t24-teacher-answers").value
    find(teacher, "t24-teacher-end").click()
    assert "2 students tried, 2 solved it" in find(teacher, "t24-teacher-view").value
    assert store.record(1, "late", True, "8 / (3 - 8 / 3)") is False
    students[0].refresh()
    assert "round is over" in find(students[0], "t24-round-status").value
    find(students[0], "t24-game-next").click()
    assert students[0].round.number == 3  # a hand of its own after the round's


def test_a_page_reads_the_store_on_its_kernels_event_loop(store, monkeypatch):
    monkeypatch.setattr(classroom, "POLL_SECONDS", 0.05)
    reads, read = [], store.current
    monkeypatch.setattr(store, "current", lambda: reads.append(threading.get_ident()) or read())

    async def page():  # as a kernel runs the page: its event loop running
        student = class_game(store)
        store.start((1, 5, 5, 5))
        await asyncio.sleep(0.5)
        return student

    assert asyncio.run(page()).round.hand == (1, 5, 5, 5)
    assert len(reads) > 2 and set(reads) == {threading.get_ident()}  # never another thread


def test_the_teacher_page_shows_nothing_before_its_code_which_is_hard_to_guess(store):
    """Each wrong code waits longer; spaces, dashes and capitals do not matter."""
    codes = {classroom.make_code() for _ in range(50)}
    assert len(codes) == 50 and all(len(code) == 11 and code[5] == "-" for code in codes)
    assert len(classroom.CODE_LETTERS) ** sum(classroom.CODE_GROUPS) >= 2**40
    assert [classroom.refusal_wait(n) for n in range(1, 9)] == [1, 2, 4, 8, 16, 32, 60, 60]
    store.start((1, 5, 5, 5))
    store.record(1, "s" * 32, True, "(5 - 1 / 5) * 5", "Zed")
    before = set(_instances)  # the widgets of the tests before
    page = teacher_panel(store)
    page.refresh()
    # Voilà sends the page every widget its kernel holds: none may carry the round.
    made = [widget for key, widget in list(_instances.items()) if key not in before]
    states = json.dumps([widget.get_state() for widget in made], default=str)
    assert not any(word in states for word in ("1 5 5 5", "Zed", "(5 - 1 / 5) * 5"))
    page.controls.hands.value = "1 1 1 1"  # what a browser may send before the code
    page.controls.start.click()
    assert store.latest().number == 1
    find(page, "t24-teacher-code").value = "guess"
    find(page, "t24-teacher-open").click()  # Enter, then Open: the same code, refused once
    assert "Wrong code: the next try is taken in 1 s" in find(page, "t24-teacher-reply").value
    find(page, "t24-teacher-code").value = CODE  # at once: not even compared
    assert "Not tried" in find(page, "t24-teacher-reply").value
    assert page.controls.unlocked is False
    assert "in 2 s" in unlock(page, "k7m2q-x9pz5")
    assert "1 5 5 5" not in page.controls.view.value
    assert [number for number, _at in store.refusals()] == [1, 2]  # the server logs each
    assert unlock(page, " K7M2Q X9PZ4 ") == "" and page.controls.unlocked
    assert "1 5 5 5" in find(page, "t24-teacher-view").value


def test_a_busy_store_is_tried_again_and_a_try_it_refuses_is_kept_until_it_is_free(
    store, monkeypatch
):
    store.start((3, 3, 8, 8))
    db = hold(store)
    threading.Timer(0.15, db.rollback).start()  # freed while the write is tried again
    assert store.record(1, "a" * 32, False, "") is True
    student = class_game(store)
    find(student, "t24-round-student").value = "b" * 32  # the id page.js sends
    monkeypatch.setattr(classroom, "BUSY_RETRIES", 1)
    db = hold(store)
    find(student, "t24-game-answer").value = "8/(3-8/3)"
    right = "right: 8 ÷ (3 − 8 ÷ 3) = 24"
    assert right in find(student, "t24-game-message").value  # answered first
    assert "kept" in find(student, "t24-round-status").value
    find(student, "t24-game-check").click()  # Check again: the reply said again, not nothing
    assert right in find(student, "t24-game-message").value
    assert store.summary(1).solved == 0
    db.rollback()
    student.refresh()  # the next write (the page's poll)
    assert "Class round 1" in find(student, "t24-round-status").value
    reloaded = class_game(store)  # the same browser after a reload: the same student
    find(reloaded, "t24-round-student").value = "b" * 32
    find(reloaded, "t24-game-answer").value = "3+3+8+8"
    summary = store.summary(1)
    assert (summary.tried, summary.solved) == (2, 1)


def test_a_page_reads_on_after_the_database_server_dropped_its_connection(postgres):
    store = Classroom(postgres())
    store.start((3, 3, 8, 8))
    with psycopg.connect(store.url.render_as_string(False).replace("+psycopg", "")) as db:
        others = "pid <> pg_backend_pid() AND datname = current_database()"  # SQL, not words
        db.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE {others}")
    assert store.current().hand == (3, 3, 8, 8)  # as after the server restarted


def test_names_lose_control_and_direction_characters():
    assert clean_name("\u202eecilA") == "ecilA"  # shown as "Alice" with the override
    assert clean_name("Ann\x00\u200b\u2066,\nBo\u2028 \u200fLi") == "Ann Bo Li"
    assert clean_name("名" * 50) == "名" * 40


def test_the_store_file_is_its_users_alone_and_keeps_nothing_cleared(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = Classroom(classroom.default_store())
    store.start((3, 3, 8, 8))
    store.record(1, "a" * 32, True, "8 / (3 - 8 / 3)", "Ann")
    assert store.path == tmp_path / "data" / "t24" / "classroom.sqlite"
    db = hold(store)  # a write under way: SQLite's -wal and -shm files are there
    files = [store.path.with_name(f"classroom.sqlite{end}") for end in ("", "-wal", "-shm")]
    modes = [stat.S_IMODE(path.stat().st_mode) for path in [store.path.parent, *files]]
    db.rollback()
    assert modes == [0o700, 0o600, 0o600, 0o600]
    store.clear()
    assert b"Ann" not in store.path.read_bytes()
    elsewhere = Classroom(tmp_path / "new" / "class.sqlite")  # where T24_CLASSROOM says
    assert stat.S_IMODE(elsewhere.path.parent.stat().st_mode) == 0o700


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_make_app_clear_empties_the_store_or_says_in_a_line_why_not(
    kind, tmp_path, monkeypatch, capsys, request
):
    where = str(tmp_path / "class.sqlite")
    if kind == "postgresql":  # a password is never printed
        where = request.getfixturevalue("postgres")().replace("t24@", "t24:secret@")
    monkeypatch.setattr(classroom, "STORE", where)
    store = Classroom(where)
    store.start((3, 3, 8, 8))
    store.record(1, "a" * 32, True, "8 / (3 - 8 / 3)", "Ann")
    store.refuse()
    classroom.main(["--clear"])
    shown = where.replace("postgresql:", "postgresql+psycopg:").replace("secret", "***")
    assert capsys.readouterr().out == f"Cleared the class rounds' store: {shown}\n"
    assert (store.latest(), store.summary(1), store.refusals()) == (None, None, [])
    assert store.start((1, 4, 5, 6)).number == 2  # a number is never used again
    (tmp_path / "a file").write_text("")
    monkeypatch.setattr(classroom, "STORE", tmp_path / "a file" / "class.sqlite")
    with pytest.raises(SystemExit, match="^The class rounds' store could not be cleared: .*a file"):
        classroom.main(["--clear"])


def test_the_teacher_page_speaks_the_language_chosen_after_import(store):
    use_language("zh_CN")  # what a Chinese page does first, after classroom is imported
    try:
        page = teacher_panel(store)
        unlock(page)
    finally:
        use_language(None)
    level = find(page, "t24-teacher-level")
    assert (level.label, level.value) == ("简单", "easy")  # the level said, its key kept


def test_the_server_gives_the_addresses_of_the_language_served(monkeypatch):
    import serve

    voila_url = property(lambda app: "http://127.0.0.1:8866/?token=...")  # a token Voilà made
    monkeypatch.setattr(serve.Voila, "display_url", voila_url)
    english, chinese = serve.ClassApp(lang="en"), serve.ClassApp(lang="zh_CN")
    for app in (english, chinese):
        app.identity_provider = SimpleNamespace(token="t0k")  # what Voilà's start gives it
    assert english.display_url == "http://127.0.0.1:8866/?token=t0k"
    assert chinese.display_url == "http://127.0.0.1:8866/zh-CN?token=t0k"  # make app LANG=zh
    teacher = "http://127.0.0.1:8866/voila/render/teacher.zh-CN.ipynb?token=t0k"
    assert chinese.teacher_url == teacher
    pools = ["game.zh-CN.ipynb", "lab.zh-CN.ipynb", "teacher.zh-CN.ipynb"]
    assert list(serve.pool_sizes(1, "zh_CN")) == pools
