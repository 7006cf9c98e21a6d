"""A class round: the teacher starts a hand, every student's game page shows it, the teacher's
page shows how many tried, how many solved it, and the distinct answers found.

The students' kernels share the round through a store that outlives any kernel: an SQLite file
outside the repository, in a folder only its user can read (`~/.local/share/t24/classroom.sqlite`,
under XDG_DATA_HOME when that is set, or the file T24_CLASSROOM names), in WAL mode with short
transactions, so thirty pages reading it every second and writing a try now and then never wait
long. A restarted kernel or server finds the round where it was; `python app/classroom.py --clear`
(`make app-clear`) empties the store. On one machine that is enough. On a hub, where each
student's kernel runs in a container of its own, the store must be one every kernel reaches: a
shared database server (PostgreSQL, with the same tables) or this file on the hub's shared volume
(SQLite locks a local disk reliably, network file systems less so, hence the server for a large
hub).

A student's try is answered first and stored after. A store busy for a moment is tried again a
few times, a little later each time (for about two seconds in all); a try that still cannot be
stored is kept in the page's kernel, said in one line, and stored with the next write (the page
tries every second). The browser keeps a student's id (page.js, in its localStorage) and sends
it to the page's kernel, so a reload is the same student.

The teacher page shows nothing of a round until the teacher code is typed on it: its kernel
holds no round's hand, count or answer before that, so the page's widgets cannot carry one. The
code is two groups of five letters and digits (about 50 bits; app/serve.py makes it at start and
prints it with the teacher page's address, or TEACHER_CODE=... for `make app` chooses it). Each
wrong code makes the page wait before it takes the next one (1, 2, 4 ... up to 60 seconds) and
is recorded in the store, from which the server logs one line per refusal. Voilà passes a
browser only widget messages, never code, so no page can read the code from its kernel. The
students' page has no control that starts, ends or changes a round; its kernel deals the
round's hand itself, keeps it while the round is open whatever a browser sends, and records a
try as the kernel checked it. No names are stored unless a student types one, and a name loses
its control and direction characters (a right-to-left override would show "ecilA" as "Alice").
"""

import argparse
import contextlib
import hmac
import html
import math
import os
import random
import re
import secrets
import sqlite3
import sys
import threading
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets

from t24.distinct import canonical, representative
from t24.game import LEVELS, Game, deal_solvable, rate
from t24.hand import InputError, as_hand
from t24.notebook import make_game_widget
from t24.notebook.widgets import WIDGET_FONT, Panel, box, cards_html
from t24.text import _, amount, hand_text, n_, said


def default_store() -> Path:
    """The store's place in the user's data folder (XDG_DATA_HOME, else ~/.local/share)."""
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "t24" / "classroom.sqlite"


STORE = Path(os.environ.get("T24_CLASSROOM") or default_store())
POLL_SECONDS = 1.0
LABEL = {"description_width": "initial"}  # a label as wide as its words, never cut
DEAL_SECONDS = 6  # a very hard hand is about 1 deal in 30, each rated in about 0.1 s
BUSY_SECONDS = 0.1  # SQLite waits this long for a lock, then a write is tried again...
BUSY_RETRIES = 4  # ...this many times, 0.1, 0.2, 0.4, 0.8 s later: about two seconds in all
CODE_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0 o 1 l i to mistake for each other
CODE_GROUPS = (5, 5)  # typed as abcde-fghjk; spaces, dashes and capitals do not matter
LONGEST_WAIT = 60  # seconds before the next try of the code, at most
STUDENT_ID = re.compile(r"[0-9a-f]{32}")  # what page.js sends: 16 random bytes in hex
SCHEMA = """  -- SQL, not words
CREATE TABLE IF NOT EXISTS rounds (id INTEGER PRIMARY KEY AUTOINCREMENT, hand TEXT NOT NULL,
    started REAL NOT NULL, ended REAL);
CREATE TABLE IF NOT EXISTS tries (round INTEGER NOT NULL REFERENCES rounds, student TEXT NOT NULL,
    name TEXT NOT NULL, solved INTEGER NOT NULL, answer TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS refusals (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL);
"""
END_OPEN = "UPDATE rounds SET ended = ? WHERE ended IS NULL"  # SQL, not words
INSERT_ROUND = "INSERT INTO rounds (hand, started) VALUES (?, ?)"  # SQL, not words
DELETE_FROM = "DELETE FROM "  # SQL, not words


@dataclass(frozen=True)
class Round:
    """A round as the store holds it: its number, the hand, whether it is still open."""

    number: int
    hand: tuple[int, ...]
    open: bool


@dataclass(frozen=True)
class Summary:
    """A round's tries: how many students tried and solved it; each distinct right answer (its
    readable form), how many found it and the names any of them gave."""

    round: Round
    tried: int
    solved: int
    answers: list[tuple[str, int, list[str]]]


def clean_name(name: str) -> str:
    """A name as the teacher's page shows it: no control, direction or other invisible format
    characters (Unicode's categories C*, and line and paragraph separators), no commas (the
    store lists names with them), spaces collapsed, at most 40 characters."""
    kept = (" " if unicodedata.category(char)[0] in "CZ" else char for char in str(name))
    return " ".join("".join(kept).replace(",", " ").split())[:40]


class Classroom:
    """The rounds, the tries and the refused codes in SQLite; each call one short transaction."""

    def __init__(self, path=STORE):
        self.path = Path(path)
        if not self.path.parent.exists():
            self.path.parent.mkdir(mode=0o700, parents=True)
        if self.path == default_store():
            self.path.parent.chmod(0o700)  # the app's own folder: its user's only
        os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        self.path.chmod(0o600)  # SQLite gives its -wal and -shm files the same mode
        self._write(("PRAGMA journal_mode=WAL", ()))  # SQL, not words
        with self._connect() as db:
            db.executescript(SCHEMA)

    @contextlib.contextmanager
    def _connect(self):
        """One transaction: committed (rolled back on an error), the connection then closed."""
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS)
        try:
            with db:
                yield db
        finally:
            db.close()

    def _run(self, statements) -> int:
        with self._connect() as db:
            return [db.execute(sql, args) for sql, args in statements][-1].rowcount

    def _write(self, *statements) -> int:
        """Run (sql, args) statements in one transaction, tried again while the store is busy
        (locked by another writer); the last statement's row count. Still busy: the error."""
        for attempt in range(BUSY_RETRIES):
            try:
                return self._run(statements)
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):  # SQLite's words
                    raise
            time.sleep(BUSY_SECONDS * 2**attempt)
        return self._run(statements)

    def _round(self, where: str, *args) -> Round | None:
        with self._connect() as db:
            row = db.execute(
                f"SELECT id, hand, ended IS NULL FROM rounds {where} ORDER BY id DESC",  # SQL, not words
                args,
            ).fetchone()
        return row and Round(row[0], as_hand(row[1]), bool(row[2]))

    def current(self) -> Round | None:
        """The open round, if any."""
        return self._round("WHERE ended IS NULL")  # SQL, not words

    def latest(self) -> Round | None:
        """The last round started, open or ended."""
        return self._round("")

    def start(self, hand) -> Round:
        """Open a round on this hand, ending the one open."""
        now = time.time()
        self._write(
            (END_OPEN, (now,)),
            (INSERT_ROUND, (hand_text(hand), now)),
        )
        return self.current()

    def end(self) -> Round | None:
        """End the open round; the round ended (None when none was open)."""
        current = self.current()
        self._write((END_OPEN, (time.time(),)))
        return current and Round(current.number, current.hand, False)

    def record(
        self, number: int, student: str, solved: bool, answer: str, name: str = "", at=None
    ) -> bool:
        """Record a try made at `at` (now), if round `number` was open then; whether it was."""
        at = time.time() if at is None else at
        insert = (
            "INSERT INTO tries SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS "  # SQL, not words
            "(SELECT 1 FROM rounds WHERE id = ? AND (ended IS NULL OR ended >= ?))"
        )
        values = (number, student, clean_name(name), solved, answer, at, number, at)
        return self._write((insert, values)) == 1

    def summary(self, number: int) -> Summary | None:
        """What the tries of round `number` add up to."""
        found = self._round("WHERE id = ?", number)  # SQL, not words
        if found is None:
            return None
        with self._connect() as db:
            tried, solved = db.execute(
                "SELECT COUNT(DISTINCT student), "  # SQL, not words
                "COUNT(DISTINCT CASE WHEN solved THEN student END) FROM tries WHERE round = ?",
                (number,),
            ).fetchone()
            rows = db.execute(
                "SELECT answer, COUNT(DISTINCT student), "  # SQL, not words
                "GROUP_CONCAT(DISTINCT NULLIF(name, '')) FROM tries WHERE round = ? AND solved "
                "GROUP BY answer ORDER BY MIN(at)",
                (number,),
            ).fetchall()
        answers = [
            (answer, count, sorted((names or "").split(",")) if names else [])
            for answer, count, names in rows
        ]
        return Summary(found, tried, solved, answers)

    def refuse(self):
        """Record a wrong teacher code (the server logs each one)."""
        self._write(("INSERT INTO refusals (at) VALUES (?)", (time.time(),)))  # SQL, not words

    def refusals(self, after: int = 0) -> list[tuple[int, float]]:
        """The wrong codes recorded after number `after`: each one's number and time."""
        with self._connect() as db:
            query = "SELECT id, at FROM refusals WHERE id > ? ORDER BY id"  # SQL, not words
            return db.execute(query, (after,)).fetchall()

    def clear(self):
        """Forget every round, try and refusal (numbers go on from where they were), and leave
        nothing of them in the file."""
        self._write(*((DELETE_FROM + table, ()) for table in ("tries", "rounds", "refusals")))
        db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        try:
            db.execute("VACUUM")  # SQL, not words
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # SQL, not words
        finally:
            db.close()


def answer_key(reply) -> str:
    """A right answer's readable canonical form (equal for two answers exactly when they are
    the same answer), or "none" for a hand that cannot be done."""
    return "none" if reply.expr is None else str(representative(canonical(reply.expr)))


def make_code() -> str:
    """A new teacher code: CODE_GROUPS of CODE_LETTERS, chosen by `secrets`, joined by dashes."""
    groups = ("".join(secrets.choice(CODE_LETTERS) for _ in range(n)) for n in CODE_GROUPS)
    return "-".join(groups)


def code_bits() -> float:
    """How many bits of chance a code made by make_code() has (a class guesses 2**bits)."""
    return sum(CODE_GROUPS) * math.log2(len(CODE_LETTERS))


def typed_code(text: str) -> str:
    """A code as compared: spaces and dashes left out, capitals as small letters."""
    return "".join(str(text).split()).replace("-", "").lower()


def teacher_code_ok(typed: str) -> bool:
    """Whether `typed` is this server's teacher code (none set: nothing is)."""
    code = typed_code(os.environ.get("T24_TEACHER_CODE", ""))
    return bool(code) and hmac.compare_digest(typed_code(typed).encode(), code.encode())


def refusal_wait(refused: int) -> int:
    """Seconds before a page takes the next code after `refused` wrong ones: 1, 2, 4 ... 60."""
    return min(2 ** (refused - 1), LONGEST_WAIT)


def poll(step, seconds=POLL_SECONDS) -> threading.Event:
    """Run `step()` every `seconds` in a background thread (widget messages travel from it);
    set the event returned to stop it."""
    stop = threading.Event()

    def loop():
        while not stop.wait(seconds):
            with contextlib.suppress(Exception):  # the store busy a moment: the next step retries
                step()

    threading.Thread(target=loop, daemon=True).start()
    return stop


def line(sentence: str, bold: bool = False) -> str:
    """A sentence as one line of the page, at the widgets' text size (in bold for a status)."""
    text = html.escape(sentence)
    return box(f"<b>{text}</b>" if bold else text)


class RoundPlayer:
    """A student's side of the class rounds: joins the round open, keeps its hand, stores each
    try (kept while the store is busy), under the id the browser keeps."""

    def __init__(self, store: Classroom):
        self.store, self.game = store, None  # the game widget, joined once it is made
        self.student = secrets.token_hex(16)  # until the browser sends the id it keeps
        self.round, self.dealt, self.said = None, None, ""  # the round, its hand, the status
        self.kept: list[tuple] = []  # tries not stored yet, the oldest first
        self.sending = threading.Lock()
        self.name = widgets.Text(
            placeholder=_("optional, for a class round"), description=_("Your name"), style=LABEL
        )
        self.id = widgets.Text(layout=widgets.Layout(display="none"))  # page.js fills it
        self.status = widgets.HTML()
        self.id.observe(self.on_id, names="value")

    def on_id(self, change):
        if STUDENT_ID.fullmatch(change["new"]):
            self.student = change["new"]

    def say(self, text: str = ""):
        """A status line (none: the last one said again)."""
        self.said = text or self.said
        self.status.value = line(self.said, bold=True)

    def send(self) -> bool:
        """Store the tries kept, the oldest first; whether all are stored."""
        with self.sending:
            while self.kept:
                try:
                    self.store.record(*self.kept[0])
                except sqlite3.Error:
                    return False
                self.kept.pop(0)
        return True

    def on_try(self, round_, reply):
        """After the game answered: the try stored, or kept and said."""
        if round_ is not self.dealt:
            return
        answer = answer_key(reply) if reply.ok else ""
        self.kept.append((self.round, self.student, reply.ok, answer, self.name.value, time.time()))
        if not self.send():
            busy = _("The class's record is busy: your try is kept and sent in a moment.")
            self.status.value = line(busy, bold=True)

    def on_next(self, _button=None):
        if self.round is None:
            self.game.deal()
            return
        # The poll says when the round ends.
        self.say(
            said(
                "Class round {number}: everyone keeps this hand until the round ends.",
                number=self.round,
            )
        )

    def step(self):
        """The tries kept sent; the round joined when one opens, left when it ends."""
        if self.kept and self.send():
            self.say()  # the line said before the store was busy
        current = self.store.current()
        if current is not None and current.number != self.round:
            self.game.game.chosen.insert(0, current.hand)
            self.game.deal()
            self.round, self.dealt = current.number, self.game.game.round
            self.say(
                said("Class round {number}: the whole class has this hand.", number=current.number)
            )
        elif current is None and self.round is not None:
            self.round = self.dealt = None
            self.say(_("The class round is over. Next hand deals you a new one."))


def class_game(store: Classroom | None = None, seconds=POLL_SECONDS, **options) -> Panel:
    """The game widget joined to the class's rounds: while a round is open it shows the round's
    hand and records each scored try; Next hand keeps the hand until the round ends."""
    player = RoundPlayer(store or Classroom())
    game = player.game = make_game_widget(on_try=player.on_try, **options)
    buttons = [child for row in game.children for child in getattr(row, "children", ())]
    next_button = next(b for b in buttons if "t24-game-next" in b._dom_classes)
    next_button.on_click(game.deal, remove=True)
    next_button.on_click(player.on_next)
    for widget, css in ((player.status, "status"), (player.name, "name"), (player.id, "student")):
        widget.add_class(f"t24-round-{css}")
        widget.style.font_size = WIDGET_FONT
    game.children = (player.status, *game.children, player.name, player.id)
    player.step()
    game.player, game.refresh = player, player.step  # one step now (tests), and every second
    game.stop = poll(player.step, seconds)
    return game


def deal_level(level: str, rng: random.Random | None = None) -> tuple[int, ...]:
    """A hand of four cards 1 to 13 that makes 24, rated `level`, dealt within DEAL_SECONDS."""
    rng, started = rng or random.Random(), time.monotonic()
    while time.monotonic() - started < DEAL_SECONDS:
        hand = deal_solvable(rng)
        if rate(hand).level == level:
            return hand
    raise InputError(
        said(
            "no {level} hand dealt in {seconds} s: deal again, or type a hand",
            level=_(level),
            seconds=DEAL_SECONDS,
        )
    )


def round_html(summary: Summary | None) -> str:
    """What the teacher projects: the round, its hand large, who tried and solved it."""
    if summary is None:
        return line(_("No round yet: type a hand, or deal one, and start a round."))
    found, tried = summary.round, summary.tried
    head = _("Round {number} (open): {hand}") if found.open else _("Round {number} (ended): {hand}")
    counts = n_(
        "{n} student tried, {solved} solved it", "{n} students tried, {solved} solved it", tried
    )
    counts = counts.format(n=amount(tried), solved=amount(summary.solved))
    parts = [
        f"<b>{html.escape(head.format(number=found.number, hand=hand_text(found.hand)))}</b>",
        box(cards_html(found.hand), "4em"),
        box(f"<b>{html.escape(counts)}</b>", "2em"),
    ]
    return box("".join(parts))


def answers_html(summary: Summary | None) -> str:
    """The distinct answers found in a round, with how many found each and their names."""
    if summary is None:
        return ""
    items = []
    for answer, count, names in summary.answers:
        if names:
            item = n_("{answer}: {n} student ({names})", "{answer}: {n} students ({names})", count)
        else:
            item = n_("{answer}: {n} student", "{answer}: {n} students", count)
        item = item.format(answer=answer, n=amount(count), names=", ".join(names))
        items.append(f"<li>{html.escape(item)}</li>")
    if not items:
        return line(_("No answer found yet."))
    return box(html.escape(_("Distinct answers found:")) + f"<ul>{''.join(items)}</ul>")


class TeacherControls:
    """The teacher page's controls, one method per button. Until the teacher code is typed the
    page holds only the code box: then deal a hand of a level, start a round on the first hand
    typed, end the round; the round projected, its answers and names behind their own button."""

    def __init__(self, store: Classroom):
        self.store = store
        self.code = widgets.Password(
            description=_("Teacher code"), style=LABEL, continuous_update=False
        )
        self.open = widgets.Button(description=_("Open"), button_style="primary")
        example = _("3 3 8 8, or a list: 3 3 8 8; 1 4 5 6")
        self.hands = widgets.Text(description=_("Hand"), placeholder=example, style=LABEL)
        levels = [(_(level), level) for level in LEVELS]  # each said in the page's language
        self.level = widgets.Dropdown(options=levels, description=_("Level"), style=LABEL)
        self.deal = widgets.Button(description=_("Deal a hand"))
        self.start = widgets.Button(description=_("Start round"), button_style="primary")
        self.end = widgets.Button(description=_("End round"))
        self.reveal = widgets.ToggleButton(
            description=_("Show answers and names"), layout=widgets.Layout(width="auto")
        )
        self.reply, self.view, self.answers = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.refused, self.wait_until, self.unlocked, self.wrong = 0, 0.0, False, None
        self.code.observe(lambda change: change["new"] and self.on_open(), names="value")
        self.open.on_click(self.on_open)
        self.deal.on_click(self.on_deal)
        self.start.on_click(self.on_start)
        self.end.on_click(self.on_end)
        self.reveal.observe(lambda change: self.show(), names="value")
        self.panel = Panel(
            [widgets.HBox([self.code, self.open]), self.reply],
            _("Run this notebook to use the class round's controls (a live control)."),
        )

    def named(self) -> dict:
        """The controls by the name their CSS class carries (t24-teacher-NAME)."""
        names = ("code", "open", "hands", "level", "deal", "start", "end", "reply", "view")
        return {name: getattr(self, name) for name in (*names, "reveal", "answers")}

    def on_open(self, _button=None):
        """The round's controls and view for the teacher code; a wrong one refused, logged, and
        the next one taken only after a wait that doubles with each refusal."""
        if self.unlocked:
            return
        wait = math.ceil(self.wait_until - time.monotonic())
        if wait > 0 and self.code.value == self.wrong:
            return  # the code just refused, sent again (Enter, then Open): its reply stands
        if wait > 0:
            self.reply.value = line(
                said("Not tried: the next try is taken in {seconds} s.", seconds=wait)
            )
            return
        if not teacher_code_ok(self.code.value):
            self.refused, self.wrong = self.refused + 1, self.code.value
            wait = refusal_wait(self.refused)
            self.wait_until = time.monotonic() + wait
            with contextlib.suppress(sqlite3.Error):  # busy: the wait holds all the same
                self.store.refuse()
            self.reply.value = line(
                said("Wrong code: the next try is taken in {seconds} s.", seconds=wait)
            )
            return
        self.unlocked, self.code.value, self.reply.value = True, "", ""
        self.panel.children = [
            widgets.HBox([self.hands, self.level, self.deal]),
            widgets.HBox([self.start, self.end]),
            self.reply,
            self.view,
            self.reveal,
            self.answers,
        ]
        self.show()

    def show(self):
        """The latest round, and its answers while Show answers is pressed, sent to the page
        only when they changed; nothing before the teacher code."""
        if not self.unlocked:
            return
        latest = self.store.latest()
        summary = latest and self.store.summary(latest.number)
        shown = round_html(summary), answers_html(summary) if self.reveal.value else ""
        for widget, text in zip((self.view, self.answers), shown):
            if widget.value != text:
                widget.value = text

    def on_deal(self, _button):
        if not self.unlocked:  # a page without the code may still send a click
            return
        self.reply.value = line(said("Dealing a hand rated {level}…", level=_(self.level.value)))
        try:
            dealt = hand_text(deal_level(self.level.value))
        except InputError as error:
            self.reply.value = line(said("No hand dealt: {reason}", reason=str(error)))
            return
        self.hands.value = "; ".join(filter(None, [dealt, self.hands.value.strip()]))
        self.reply.value = ""

    def on_start(self, _button):
        if not self.unlocked:
            return
        first, *rest = self.hands.value.split(";")
        try:
            hand = Game(hands=[as_hand(first)], deal=False).chosen[0]
            started = self.store.start(hand)
        except InputError as error:
            self.reply.value = line(said("No round started: {reason}", reason=str(error)))
            return
        except sqlite3.Error:
            self.reply.value = line(_("No round started: the class's record is busy; try again."))
            return
        self.hands.value = "; ".join(part.strip() for part in rest)
        self.reply.value = line(
            said("Round {number} started: {hand}.", number=started.number, hand=hand_text(hand))
        )
        self.show()

    def on_end(self, _button):
        if not self.unlocked:
            return
        try:
            ended = self.store.end()
        except sqlite3.Error:
            self.reply.value = line(_("No round ended: the class's record is busy; try again."))
            return
        if ended:
            self.reply.value = line(said("Round {number} ended.", number=ended.number))
        else:
            self.reply.value = line(_("No round was open."))
        self.show()


def teacher_panel(store: Classroom | None = None, seconds=POLL_SECONDS) -> Panel:
    """The teacher's page: the code box; with the teacher code, the controls (start a round on a
    hand typed, the first of a list, or dealt by level; end it) and the round, live."""
    controls = TeacherControls(store or Classroom())
    for css, widget in controls.named().items():
        widget.add_class(f"t24-teacher-{css}")
        widget.style.font_size = WIDGET_FONT
    panel = controls.panel
    panel.controls, panel.refresh = controls, controls.show
    panel.stop = poll(controls.show, seconds)
    return panel


def main(argv=None):
    parser = argparse.ArgumentParser(description=_("The class rounds' store."))
    parser.add_argument(
        "--clear", action="store_true", help=_("forget every round, try and refused code")
    )
    args = parser.parse_args(argv)
    try:
        store = Classroom(STORE)
        if args.clear:
            store.clear()
    except (OSError, sqlite3.Error) as error:
        sys.exit(said("The class rounds' store could not be cleared: {error}", error=error))
    if args.clear:
        print(said("Cleared the class rounds' store: {path}", path=store.path))
    else:
        print(said("the class rounds' store: {path}", path=store.path))


if __name__ == "__main__":
    main()
