"""A class round: the teacher starts a hand, every student's game page shows it, the teacher's
page shows how many tried, how many solved it, and the distinct answers found.

The students' kernels share the round through a store that outlives any kernel: an SQLite file
in the app's folder (classroom.sqlite, or the file T24_CLASSROOM names), in WAL mode with short
transactions, so thirty pages reading it every second and writing a try now and then never wait
long. Nothing is ever deleted from it: a restarted kernel or server finds the round where it was.
On one machine that is enough. On a hub, where each student's kernel runs in a container of its
own, the store must be one every kernel reaches: a shared database server (PostgreSQL, with the
same two tables) or this file on the hub's shared volume (SQLite locks a local disk reliably,
network file systems less so, hence the server for a large hub).

Only the teacher starts or ends a round: the teacher page asks for the teacher code, which the
kernel compares with T24_TEACHER_CODE (app/serve.py prints it at start, or TEACHER_CODE=... for
`make app` chooses it); Voilà passes a browser only widget messages, never code, so no page can
read the code from its kernel. The students' page has no control that starts, ends or changes a
round; its kernel deals the round's hand itself, keeps it while the round is open whatever a
browser sends, and records a try as the kernel checked it. No names are stored unless a student
types one.
"""

import contextlib
import hmac
import html
import os
import random
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets

from t24.distinct import canonical, representative
from t24.game import LEVELS, Game, deal_solvable, rate
from t24.hand import InputError, as_hand
from t24.notebook import make_game_widget
from t24.notebook.widgets import WIDGET_FONT, Panel, box
from t24.text import _, amount, hand_text, n_, said

STORE = Path(os.environ.get("T24_CLASSROOM", Path(__file__).resolve().parent / "classroom.sqlite"))
POLL_SECONDS = 1.0
LABEL = {"description_width": "initial"}  # a label as wide as its words, never cut
DEAL_SECONDS = 6  # a very hard hand is about 1 deal in 30, each rated in about 0.1 s
SCHEMA = """  -- SQL, not words
CREATE TABLE IF NOT EXISTS rounds (id INTEGER PRIMARY KEY, hand TEXT NOT NULL,
    started REAL NOT NULL, ended REAL);
CREATE TABLE IF NOT EXISTS tries (round INTEGER NOT NULL REFERENCES rounds, student TEXT NOT NULL,
    name TEXT NOT NULL, solved INTEGER NOT NULL, answer TEXT NOT NULL, at REAL NOT NULL);
"""
END_OPEN = "UPDATE rounds SET ended = ? WHERE ended IS NULL"  # SQL, not words


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


class Classroom:
    """The rounds and the tries in SQLite; each call one short transaction."""

    def __init__(self, path=STORE):
        self.path = Path(path)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")  # SQL, not words
            db.executescript(SCHEMA)

    @contextlib.contextmanager
    def _connect(self):
        """One transaction: committed (rolled back on an error), the connection then closed."""
        db = sqlite3.connect(self.path, timeout=10)
        try:
            with db:
                yield db
        finally:
            db.close()

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
        with self._connect() as db:
            db.execute(END_OPEN, (time.time(),))
            db.execute(
                "INSERT INTO rounds (hand, started) VALUES (?, ?)",  # SQL, not words
                (" ".join(map(str, hand)), time.time()),
            )
        return self.current()

    def end(self) -> Round | None:
        """End the open round; the round ended (None when none was open)."""
        current = self.current()
        with self._connect() as db:
            db.execute(END_OPEN, (time.time(),))
        return current and Round(current.number, current.hand, False)

    def record(self, number: int, student: str, solved: bool, answer: str, name: str = "") -> bool:
        """Record a try, if round `number` is still open; whether it was."""
        with self._connect() as db:
            cursor = db.execute(
                "INSERT INTO tries SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS "  # SQL, not words
                "(SELECT 1 FROM rounds WHERE id = ? AND ended IS NULL)",
                (
                    number,
                    student,
                    name.replace(",", " ").strip()[:40],
                    solved,
                    answer,
                    time.time(),
                    number,
                ),
            )
            return cursor.rowcount == 1

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


def answer_key(reply) -> str:
    """A right answer's readable canonical form (equal for two answers exactly when they are
    the same answer), or "none" for a hand that cannot be done."""
    return "none" if reply.expr is None else str(representative(canonical(reply.expr)))


def teacher_code_ok(typed: str) -> bool:
    """Whether `typed` is this server's teacher code (none set: nothing is)."""
    code = os.environ.get("T24_TEACHER_CODE", "")
    return bool(code) and hmac.compare_digest(str(typed).encode(), code.encode())


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


def class_game(store: Classroom | None = None, seconds=POLL_SECONDS, **options) -> Panel:
    """The game widget joined to the class's rounds: while a round is open it shows the round's
    hand and records each scored try; Next hand keeps the hand until the round ends."""
    store, student = store or Classroom(), secrets.token_hex(8)
    joined = {"round": None, "dealt": None}  # the round joined, and the game's round for it
    name = widgets.Text(
        placeholder=_("optional, for a class round"), description=_("Your name"), style=LABEL
    )
    status = widgets.HTML()

    def on_try(round_, reply):
        if round_ is joined["dealt"]:
            answer = answer_key(reply) if reply.ok else ""
            store.record(joined["round"], student, reply.ok, answer, name.value)

    game = make_game_widget(on_try=on_try, **options)
    buttons = [child for row in game.children for child in getattr(row, "children", ())]
    next_button = next(b for b in buttons if "t24-game-next" in b._dom_classes)
    next_button.on_click(game.deal, remove=True)

    def on_next(_button=None):
        if joined["round"] is not None and store.current() is not None:
            keep = said(
                "Class round {number}: everyone keeps this hand until the round ends.",
                number=joined["round"],
            )
            status.value = line(keep, bold=True)
        else:
            game.deal()

    def step():
        current = store.current()
        if current is not None and current.number != joined["round"]:
            game.game.chosen.insert(0, current.hand)
            game.deal()
            joined.update(round=current.number, dealt=game.game.round)
            same = said(
                "Class round {number}: the whole class has this hand.", number=current.number
            )
            status.value = line(same, bold=True)
        elif current is None and joined["round"] is not None:
            joined.update(round=None, dealt=None)
            over = _("The class round is over. Next hand deals you a new one.")
            status.value = line(over, bold=True)

    next_button.on_click(on_next)
    for widget, css in ((status, "status"), (name, "name")):
        widget.add_class(f"t24-round-{css}")
        widget.style.font_size = WIDGET_FONT
    game.children = (status, *game.children, name)
    step()
    game.refresh, game.stop = step, poll(step, seconds)  # one step now (tests), and every second
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


def summary_html(summary: Summary | None) -> str:
    """The teacher's view of a round: its hand, who tried and solved it, the distinct answers."""
    if summary is None:
        return line(_("No round yet: type a hand, or deal one, and start a round."))
    found, tried = summary.round, summary.tried
    head = _("Round {number} (open): {hand}") if found.open else _("Round {number} (ended): {hand}")
    counts = n_(
        "{n} student tried, {solved} solved it", "{n} students tried, {solved} solved it", tried
    )
    parts = [
        f"<b>{html.escape(head.format(number=found.number, hand=hand_text(found.hand)))}</b>",
        html.escape(counts.format(n=amount(tried), solved=amount(summary.solved))),
        html.escape(_("Distinct answers found:") if summary.answers else _("No answer found yet.")),
    ]
    items = []
    for answer, count, names in summary.answers:
        if names:
            item = n_("{answer}: {n} student ({names})", "{answer}: {n} students ({names})", count)
        else:
            item = n_("{answer}: {n} student", "{answer}: {n} students", count)
        item = item.format(answer=answer, n=amount(count), names=", ".join(names))
        items.append(f"<li>{html.escape(item)}</li>")
    answers = f"<ul>{''.join(items)}</ul>" if items else ""
    return box("<br>".join(parts) + answers)


class TeacherControls:
    """The teacher page's controls, one method per button: deal a hand of a level, start a round
    on the first hand typed, end the round; starting or ending needs the teacher code."""

    def __init__(self, store: Classroom):
        self.store = store
        self.code = widgets.Password(description=_("Teacher code"), style=LABEL)
        example = _("3 3 8 8, or a list: 3 3 8 8; 1 4 5 6")
        self.hands = widgets.Text(description=_("Hand"), placeholder=example, style=LABEL)
        levels = [(_(level), level) for level in LEVELS]  # each said in the page's language
        self.level = widgets.Dropdown(options=levels, description=_("Level"), style=LABEL)
        self.deal = widgets.Button(description=_("Deal a hand"))
        self.start = widgets.Button(description=_("Start round"), button_style="primary")
        self.end = widgets.Button(description=_("End round"))
        self.reply, self.view = widgets.HTML(), widgets.HTML()
        self.deal.on_click(self.on_deal)
        self.start.on_click(self.on_start)
        self.end.on_click(self.on_end)

    def named(self) -> dict:
        """The controls by the name their CSS class carries (t24-teacher-NAME)."""
        names = ("code", "hands", "level", "deal", "start", "end", "reply", "view")
        return {name: getattr(self, name) for name in names}

    def allowed(self) -> bool:
        """Whether the code typed is the teacher code; if not, the reply says so."""
        if teacher_code_ok(self.code.value):
            return True
        refused = _(
            "Refused: starting or ending a round needs the teacher code the server printed at its start."
        )
        self.reply.value = line(refused)
        return False

    def show(self):
        """The latest round's summary, sent to the page only when it changed."""
        latest = self.store.latest()
        text = summary_html(latest and self.store.summary(latest.number))
        if self.view.value != text:
            self.view.value = text

    def on_deal(self, _button):
        self.reply.value = line(said("Dealing a hand rated {level}…", level=_(self.level.value)))
        try:
            dealt = hand_text(deal_level(self.level.value))
        except InputError as error:
            self.reply.value = line(said("No hand dealt: {reason}", reason=str(error)))
            return
        self.hands.value = "; ".join(filter(None, [dealt, self.hands.value.strip()]))
        self.reply.value = ""

    def on_start(self, _button):
        if not self.allowed():
            return
        first, *rest = self.hands.value.split(";")
        try:
            hand = Game(hands=[as_hand(first)], deal=False).chosen[0]
        except InputError as error:
            self.reply.value = line(said("No round started: {reason}", reason=str(error)))
            return
        started = self.store.start(hand)
        self.hands.value = "; ".join(part.strip() for part in rest)
        self.reply.value = line(
            said("Round {number} started: {hand}.", number=started.number, hand=hand_text(hand))
        )
        self.show()

    def on_end(self, _button):
        if not self.allowed():
            return
        ended = self.store.end()
        if ended:
            self.reply.value = line(said("Round {number} ended.", number=ended.number))
        else:
            self.reply.value = line(_("No round was open."))
        self.show()


def teacher_panel(store: Classroom | None = None, seconds=POLL_SECONDS) -> Panel:
    """The teacher's controls: start a round (a hand typed, the first of a list, or dealt by
    level) or end it, each only with the teacher code; the round's tries, live."""
    controls = TeacherControls(store or Classroom())
    for css, widget in controls.named().items():
        widget.add_class(f"t24-teacher-{css}")
        widget.style.font_size = WIDGET_FONT
    rows = [
        controls.code,
        widgets.HBox([controls.hands, controls.level, controls.deal]),
        widgets.HBox([controls.start, controls.end]),
        controls.reply,
        controls.view,
    ]
    panel = Panel(rows, _("Run this notebook to use the class round's controls (a live control)."))
    controls.show()
    panel.refresh, panel.stop = controls.show, poll(controls.show, seconds)
    return panel
