"""A class round: the teacher starts a hand, every student's game page shows it, the teacher's
page shows how many tried, how many solved it, and the distinct answers found.

The students' kernels share the round through a store that outlives any kernel: an SQLite file
only its user can read (`~/.local/share/t24/classroom.sqlite`, or the file T24_CLASSROOM names),
in WAL mode with short transactions, so thirty pages reading it every second never wait long; on
a hub, where each student's kernel runs in a server of its own, a PostgreSQL database named by
its URL in T24_CLASSROOM (postgresql://user:password@host/database), the same tables made on
first use. `python app/classroom.py --clear` (`make app-clear`) empties it. Each page reads it
every second on its kernel's own event loop, between the page's messages, so no widget changes
while a click is handled. A try is answered first and stored after; a store busy is tried again,
and a try it still refuses is kept, said in one line, and stored with the next write. The
browser keeps a student's id (page.js), so a reload is the same student.

The teacher page holds nothing of a round until the teacher code (app/serve.py prints it) is
typed on it, so its widgets cannot carry one; each wrong code waits longer and is recorded, and
the server logs it. Voilà passes a browser only widget messages, never code. The students' page
has no control that starts, ends or changes a round: its kernel deals the round's hand itself and
records a try as the kernel checked it. No name is stored unless a student types one, cleaned.
"""

import argparse
import asyncio
import contextlib
import hmac
import html
import math
import os
import random
import re
import secrets
import sys
import time
import unicodedata
from pathlib import Path
from typing import NamedTuple

import ipywidgets as widgets
import sqlalchemy as sa

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


STORE = os.environ.get("T24_CLASSROOM") or default_store()  # a file's path, or a database's URL
POLL_SECONDS = 1.0
LABEL = {"description_width": "initial"}  # a label as wide as its words, never cut
DEAL_SECONDS = 6  # a very hard hand is about 1 deal in 30, each rated in about 0.1 s
BUSY_SECONDS = 0.1  # the store waits this long for a lock, then a write is tried again...
BUSY_RETRIES = 4  # ...this many times, 0.1, 0.2, 0.4, 0.8 s later: about two seconds in all
CODE_LETTERS = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0 o 1 l i to mistake for each other
CODE_GROUPS = (5, 5)  # abcde-fghjk, about 50 bits; spaces, dashes and capitals do not matter
LONGEST_WAIT = 60  # seconds before the next try of the code, at most
STUDENT_ID = re.compile(r"[0-9a-f]{32}")  # what page.js sends: 16 random bytes in hex
StoreError = sa.exc.SQLAlchemyError  # the store busy, out of reach or refusing

TABLES = sa.MetaData()  # names, not words
ROUNDS = sa.Table(
    "rounds",
    TABLES,
    sa.Column("id", sa.Integer, primary_key=True),  # never reused, even after a clear
    sa.Column("hand", sa.Text, nullable=False),
    sa.Column("started", sa.Float, nullable=False),
    sa.Column("ended", sa.Float),
    sqlite_autoincrement=True,
)
TRIES = sa.Table(
    "tries",
    TABLES,
    sa.Column("round", sa.Integer, sa.ForeignKey("rounds.id"), nullable=False),
    sa.Column("student", sa.Text, nullable=False),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("solved", sa.Boolean, nullable=False),
    sa.Column("answer", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
REFUSALS = sa.Table(
    "refusals",
    TABLES,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
    sqlite_autoincrement=True,
)


class Round(NamedTuple):
    """A round as the store holds it: its number, the hand, whether it is still open."""

    number: int
    hand: tuple[int, ...]
    open: bool


class Summary(NamedTuple):
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


def store_url(where) -> sa.URL:
    """Where the store is, as SQLAlchemy's URL: a database's URL (postgresql://... through
    psycopg), else the path of an SQLite file."""
    if "://" not in str(where):
        return sa.URL.create("sqlite", database=str(where))
    url = sa.make_url(where)
    return url.set(drivername="postgresql+psycopg") if url.drivername == "postgresql" else url


class Classroom:
    """The rounds, the tries and the refused codes in an SQLite file or a PostgreSQL database
    (a URL in `where`, through psycopg), the same tables in both; each call one transaction."""

    def __init__(self, where=STORE):
        self.url = store_url(where)
        self.path = None  # the SQLite file, if the store is one
        if self.url.get_backend_name() == "sqlite":
            self.path = Path(self.url.database)
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if self.path == default_store():
                self.path.parent.chmod(0o700)  # the app's own folder: its user's only
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
            self.path.chmod(0o600)  # SQLite gives its -wal and -shm files the same mode
            # A connection for each call, as a file needs no more; WAL: readers never wait.
            timeout = {"timeout": BUSY_SECONDS}
            self.engine = sa.create_engine(self.url, poolclass=sa.NullPool, connect_args=timeout)
            self._now("PRAGMA journal_mode=WAL")  # SQL, not words
        else:  # a server: one connection kept for this page's kernel, made again when the
            # server dropped it (restarted)
            wait = {"options": f"-c lock_timeout={int(BUSY_SECONDS * 1000)}"}  # SQL, not words
            self.engine = sa.create_engine(
                self.url, pool_size=1, max_overflow=0, pool_pre_ping=True, connect_args=wait
            )
        self.place = str(self.path or self.url)  # the URL without its password
        TABLES.create_all(self.engine)

    def _now(self, sql: str):
        """Run SQL outside any transaction (what VACUUM and SQLite's pragmas need)."""
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
            db.exec_driver_sql(sql)

    def _write(self, *statements) -> list:
        """Run statements in one transaction, tried again while the store is busy (locked by
        another writer, or out of reach a moment); the rows the last one returns. Still busy:
        the error."""
        for attempt in range(BUSY_RETRIES):
            with contextlib.suppress(sa.exc.OperationalError):
                return self._run(*statements)
            time.sleep(BUSY_SECONDS * 2**attempt)
        return self._run(*statements)

    def _run(self, *statements) -> list:
        """Run statements in one transaction; the rows the last one returns."""
        with self.engine.begin() as db:
            last = [db.execute(statement) for statement in statements][-1]
            return last.all() if last.returns_rows else []

    def _round(self, *where) -> Round | None:
        query = sa.select(ROUNDS.c.id, ROUNDS.c.hand, ROUNDS.c.ended.is_(None))
        rows = self._run(query.where(*where).order_by(ROUNDS.c.id.desc()).limit(1))
        return Round(rows[0][0], as_hand(rows[0][1]), bool(rows[0][2])) if rows else None

    def current(self) -> Round | None:
        """The open round, if any."""
        return self._round(ROUNDS.c.ended.is_(None))

    def latest(self) -> Round | None:
        """The last round started, open or ended."""
        return self._round()

    def start(self, hand) -> Round:
        """Open a round on this hand, ending the one open."""
        now = time.time()
        end = ROUNDS.update().where(ROUNDS.c.ended.is_(None)).values(ended=now)
        self._write(end, ROUNDS.insert().values(hand=hand_text(hand), started=now))
        return self.current()

    def end(self) -> Round | None:
        """End the open round; the round ended (None when none was open)."""
        ended = ROUNDS.update().where(ROUNDS.c.ended.is_(None)).values(ended=time.time())
        rows = self._write(ended.returning(ROUNDS.c.id, ROUNDS.c.hand))
        return Round(rows[0][0], as_hand(rows[0][1]), False) if rows else None

    def record(
        self, number: int, student: str, solved: bool, answer: str, name: str = "", at=None
    ) -> bool:
        """Record a try made at `at` (now), if round `number` was open then; whether it was."""
        at = time.time() if at is None else at
        was_open = sa.exists().where(
            ROUNDS.c.id == number, sa.or_(ROUNDS.c.ended.is_(None), ROUNDS.c.ended >= at)
        )
        values = (number, student, clean_name(name), bool(solved), answer, at)
        columns = [sa.literal(value, column.type) for value, column in zip(values, TRIES.c)]
        insert = TRIES.insert().from_select(list(TRIES.c), sa.select(*columns).where(was_open))
        return len(self._write(insert.returning(TRIES.c.round))) == 1

    def summary(self, number: int) -> Summary | None:
        """What the tries of round `number` add up to."""
        found = self._round(ROUNDS.c.id == number)
        if found is None:
            return None
        columns = TRIES.c.student, TRIES.c.solved, TRIES.c.answer, TRIES.c.name
        tries = self._run(sa.select(*columns).where(TRIES.c.round == number).order_by(TRIES.c.at))
        solvers, names = {}, {}  # each right answer (first found first): its students, names
        for student, solved, answer, name in tries:
            if solved:
                solvers.setdefault(answer, set()).add(student)
                names.setdefault(answer, set()).update([name] if name else [])
        answers = [(answer, len(solvers[answer]), sorted(names[answer])) for answer in solvers]
        tried = len({student for student, *_rest in tries})
        solved = len({student for student, solved, *_rest in tries if solved})
        return Summary(found, tried, solved, answers)

    def refuse(self):
        """Record a wrong teacher code (the server logs each one)."""
        self._write(REFUSALS.insert().values(at=time.time()))

    def refusals(self, after: int = 0) -> list[tuple[int, float]]:
        """The wrong codes recorded after number `after`: each one's number and time."""
        query = sa.select(REFUSALS.c.id, REFUSALS.c.at).where(REFUSALS.c.id > after)
        return [tuple(row) for row in self._run(query.order_by(REFUSALS.c.id))]

    def clear(self):
        """Forget every round, try and refusal (numbers go on from where they were), and leave
        nothing of them in an SQLite file."""
        self._write(*(table.delete() for table in (TRIES, ROUNDS, REFUSALS)))
        self._now("VACUUM")  # SQL, not words
        if self.path:
            self._now("PRAGMA wal_checkpoint(TRUNCATE)")  # SQL, not words


def answer_key(reply) -> str:
    """A right answer's readable canonical form (equal for two answers exactly when they are
    the same answer), or "none" for a hand that cannot be done."""
    return "none" if reply.expr is None else str(representative(canonical(reply.expr)))


def make_code() -> str:
    """A new teacher code: CODE_GROUPS of CODE_LETTERS, chosen by `secrets`, joined by dashes."""
    groups = ("".join(secrets.choice(CODE_LETTERS) for _ in range(n)) for n in CODE_GROUPS)
    return "-".join(groups)


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


def poll(step):
    """Run `step()` every POLL_SECONDS on the kernel's event loop, so it never changes a widget
    while a click is being handled; with no loop running (a test: it calls `refresh()`), never."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return

    def again():
        with contextlib.suppress(Exception):  # the store busy a moment: the next step retries
            step()
        loop.call_later(POLL_SECONDS, again)

    loop.call_later(POLL_SECONDS, again)


def line(sentence: str, bold: bool = False) -> str:
    """A sentence as one line of the page, at the widgets' text size (in bold for a status)."""
    text = html.escape(sentence)
    return box(f"<b>{text}</b>" if bold else text)


def styled(widgets_by_name: dict, prefix: str):
    """Each widget given its CSS class (prefix-NAME, what the tests and page.js find) and the
    widgets' text size."""
    for name, widget in widgets_by_name.items():
        widget.add_class(f"{prefix}-{name}")
        widget.style.font_size = WIDGET_FONT


class RoundPlayer:
    """A student's side of the class rounds: joins the round open, keeps its hand, stores each
    try (kept while the store is busy), under the id the browser keeps."""

    def __init__(self, store: Classroom, **options):
        self.store = store
        self.student = secrets.token_hex(16)  # until the browser sends the id it keeps
        self.number, self.said = None, ""  # the round joined (its hand is the game's), the status
        self.kept: list[tuple] = []  # tries not stored yet, the oldest first
        self.name = widgets.Text(
            placeholder=_("optional, for a class round"), description=_("Your name"), style=LABEL
        )
        self.id = widgets.Text(layout=widgets.Layout(display="none"))  # page.js fills it
        self.status = widgets.HTML()
        self.id.observe(self.on_id, names="value")
        self.game = make_game_widget(on_try=self.on_try, on_next=self.on_next, **options)
        styled({"status": self.status, "name": self.name, "student": self.id}, "t24-round")
        self.game.children = (self.status, *self.game.children, self.name, self.id)

    def on_id(self, change):
        if STUDENT_ID.fullmatch(change["new"]):
            self.student = change["new"]

    def say(self, text: str = ""):
        """A status line (none: the last one said again)."""
        self.said = text or self.said
        self.status.value = line(self.said, bold=True)

    def send(self) -> bool:
        """Store the tries kept, the oldest first; whether all are stored."""
        while self.kept:
            try:
                self.store.record(*self.kept[0])
            except StoreError:
                return False
            self.kept.pop(0)
        return True

    def on_try(self, _round, reply):
        """After the game answered: the try stored, or kept and said."""
        if self.number is None:
            return
        answer = answer_key(reply) if reply.ok else ""
        self.kept.append(
            (self.number, self.student, reply.ok, answer, self.name.value, time.time())
        )
        if not self.send():
            busy = _("The class's record is busy: your try is kept and sent in a moment.")
            self.status.value = line(busy, bold=True)

    def on_next(self):
        """Next hand: a hand of the student's own, or, in a round, the round's hand kept (the
        poll says when the round ends)."""
        if self.number is None:
            self.game.deal()
            return
        keep = _("Class round {number}: everyone keeps this hand until the round ends.")
        self.say(keep.format(number=self.number))

    def step(self):
        """The tries kept sent; the round joined when one opens, left when it ends."""
        if self.kept and self.send():
            self.say()  # the line said before the store was busy
        current = self.store.current()
        if current is not None and current.number != self.number:
            self.game.deal(current.hand)
            self.number = current.number
            joined = _("Class round {number}: the whole class has this hand.")
            self.say(joined.format(number=current.number))
        elif current is None and self.number is not None:
            self.number = None
            self.say(_("The class round is over. Next hand deals you a new one."))


def class_game(store: Classroom | None = None, **options) -> Panel:
    """The game widget joined to the class's rounds: while a round is open it shows the round's
    hand and records each scored try; Next hand keeps the hand until the round ends. `refresh()`
    is one step of the poll that runs every second on the kernel's loop."""
    player = RoundPlayer(store or Classroom(), **options)
    player.step()
    poll(player.step)
    game = player.game
    game.player, game.refresh = player, player.step
    return game


def deal_level(level: str, rng: random.Random | None = None) -> tuple[int, ...]:
    """A hand of four cards 1 to 13 that makes 24, rated `level`, dealt within DEAL_SECONDS."""
    rng, started = rng or random.Random(), time.monotonic()
    while time.monotonic() - started < DEAL_SECONDS:
        hand = deal_solvable(rng)
        if rate(hand).level == level:
            return hand
    refusal = said(
        "no {level} hand dealt in {seconds} s: deal again, or type a hand",
        level=_(level),
        seconds=DEAL_SECONDS,
    )
    raise InputError(refusal)


def round_html(summary: Summary | None) -> str:
    """What the teacher projects: the round, its hand large, who tried and solved it."""
    if summary is None:
        return line(_("No round yet: type a hand, or deal one, and start a round."))
    found, tried = summary.round, summary.tried
    head = _("Round {number} (open): {hand}") if found.open else _("Round {number} (ended): {hand}")
    head = head.format(number=found.number, hand=hand_text(found.hand))
    counts = n_(
        "{n} student tried, {solved} solved it", "{n} students tried, {solved} solved it", tried
    )
    counts = counts.format(n=amount(tried), solved=amount(summary.solved))
    cards = box(cards_html(found.hand), "4em")
    return box(f"<b>{html.escape(head)}</b>{cards}" + box(f"<b>{html.escape(counts)}</b>", "2em"))


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
        self.open.on_click(lambda _button: self.on_open())
        acts = ((self.deal, self.on_deal), (self.start, self.on_start), (self.end, self.on_end))
        for button, act in acts:
            # a page without the code may still send a click: only an opened page acts on one
            button.on_click(lambda _button, act=act: self.unlocked and act())
        self.reveal.observe(lambda change: self.show(), names="value")
        names = ("code", "open", "hands", "level", "deal", "start", "end", "reply", "view")
        styled({name: getattr(self, name) for name in (*names, "reveal", "answers")}, "t24-teacher")
        self.panel = Panel(
            [widgets.HBox([self.code, self.open]), self.reply],
            _("Run this notebook to use the class round's controls (a live control)."),
        )

    def on_open(self):
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
            with contextlib.suppress(StoreError):  # busy: the wait holds all the same
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

    def on_deal(self):
        self.reply.value = line(said("Dealing a hand rated {level}…", level=_(self.level.value)))
        try:
            dealt = hand_text(deal_level(self.level.value))
        except InputError as error:
            self.reply.value = line(said("No hand dealt: {reason}", reason=str(error)))
            return
        self.hands.value = "; ".join(filter(None, [dealt, self.hands.value.strip()]))
        self.reply.value = ""

    def on_start(self):
        first, *rest = self.hands.value.split(";")
        try:
            hand = Game(hands=[first]).round.hand  # 2 to 6 cards, or a sentence saying why not
            started = self.store.start(hand)
        except InputError as error:
            self.reply.value = line(said("No round started: {reason}", reason=str(error)))
            return
        except StoreError:
            self.reply.value = line(_("No round started: the class's record is busy; try again."))
            return
        self.hands.value = "; ".join(part.strip() for part in rest)
        self.reply.value = line(
            said("Round {number} started: {hand}.", number=started.number, hand=hand_text(hand))
        )
        self.show()

    def on_end(self):
        try:
            ended = self.store.end()
        except StoreError:
            self.reply.value = line(_("No round ended: the class's record is busy; try again."))
            return
        if ended:
            self.reply.value = line(said("Round {number} ended.", number=ended.number))
        else:
            self.reply.value = line(_("No round was open."))
        self.show()


def teacher_panel(store: Classroom | None = None) -> Panel:
    """The teacher's page: the code box; with the teacher code, the controls (start a round on a
    hand typed, the first of a list, or dealt by level; end it) and the round, live (`refresh()`
    is one step of the poll on the kernel's loop)."""
    controls = TeacherControls(store or Classroom())
    poll(controls.show)
    panel = controls.panel
    panel.controls, panel.refresh = controls, controls.show
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
    except (OSError, StoreError) as error:
        sys.exit(said("The class rounds' store could not be cleared: {error}", error=error))
    if args.clear:
        print(said("Cleared the class rounds' store: {path}", path=store.place))
    else:
        print(said("the class rounds' store: {path}", path=store.place))


if __name__ == "__main__":
    main()
