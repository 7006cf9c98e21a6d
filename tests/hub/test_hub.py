"""A school's JupyterHub hands out the lessons: students follow an nbgitpuller link and run one.

A local JupyterHub on loopback (DummyAuthenticator, one local process per student, the
configurable-http-proxy from npm, installed into the user's cache folder on first use) serves
three students. The students' copies are published as their own branch of a local clone (the
`notebooks/` folder split out with `git subtree`, so the teacher's answers are not handed out);
each student logs in, follows the nbgitpuller link, lands with the copies, and runs the first
lesson to the end through their own Jupyter server (its sessions API and kernel websocket).

Then a class round on the hub: every server reaches one PostgreSQL store (T24_CLASSROOM in the
spawner's environment: the teacher's server as the tables' owner, the students' as a user that
may only read the rounds and add tries; the teacher code in the teacher's alone), made as the
README says; the app's folder is published
as a branch too and pulled by the same kind of link. The teacher's server and the three students'
run the app's pages (their code, executed in a kernel of each server, as Voilà runs it, and
one page rendered by Voilà in a student's server); the teacher starts a round, each student's page
shows its hand (its kernel asks the store every second, on its event loop), and their tries reach
the teacher's.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
import requests
import websocket

pytestmark = pytest.mark.hub

REPO = Path(__file__).resolve().parents[2]
STUDENTS = ("ada", "ben", "cai")
TEACHER, CODE = "tess", "k7m2q-x9pz4"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "t24" / "hub-proxy"
PROXY = CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
WAIT = 30  # seconds a page may take to show what the store holds
TIMEOUT = 120  # seconds for any one step: a spawn, a pull, a cell
# The hub: any user name logs in with the password "class"; each student's server is a local
# process (as root it needs --allow-root), on loopback; the fixture adds ports and folders.
CONFIG = f"""\
c.JupyterHub.ip = c.JupyterHub.hub_ip = c.Spawner.ip = "127.0.0.1"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "class"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = {["--allow-root"] if os.getuid() == 0 else []!r}
c.Spawner.start_timeout = c.Spawner.http_timeout = {TIMEOUT}
c.JupyterHub.tornado_settings = {{"slow_spawn_timeout": 60}}  # the link waits for the server
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.Spawner.environment = {{  # the teacher code in the teacher's server only
    "T24_TEACHER_CODE": lambda spawner: {CODE!r} if spawner.user.name == {TEACHER!r} else "",
}}
"""


def run(*command, cwd=None):
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, timeout=TIMEOUT)


@pytest.fixture(scope="module")
def hub(tmp_path_factory, free_port, serving, postgres):
    """A JupyterHub on a free loopback port, a clone with the students' and the app's branches,
    and the class round's store on a PostgreSQL server; all removed."""
    if not PROXY.exists():
        if not shutil.which("npm"):
            pytest.fail("the hub test needs npm (apt-get install npm)", pytrace=False)
        npm = ["npm", "install", "--prefix", str(CACHE), "--no-audit", "--no-fund"]
        run(*npm, "configurable-http-proxy@5")
    work = tmp_path_factory.mktemp("hub")
    origin = work / "t24"
    run("git", "clone", "--quiet", "--no-local", str(REPO), str(origin))
    run("git", "subtree", "split", "--prefix=notebooks", "-b", "students", cwd=origin)
    run("git", "subtree", "split", "--prefix=app", "-b", "app", cwd=origin)
    store = postgres()  # the README's set-up: the tables made, then the students' rights
    made = subprocess.run(
        [sys.executable, REPO / "app" / "classroom.py"], env={**os.environ, "T24_CLASSROOM": store}
    )
    assert made.returncode == 0
    with psycopg.connect(store, autocommit=True) as db:
        db.execute("CREATE ROLE students LOGIN")
        db.execute(
            "GRANT SELECT ON rounds TO students; GRANT SELECT (round), INSERT ON tries TO students"
        )
    students = store.replace("t24@", "students@")
    port = free_port()
    config = work / "jupyterhub_config.py"
    config.write_text(
        CONFIG
        + f"c.JupyterHub.port = {port}\nc.JupyterHub.hub_port = {free_port()}\n"
        + f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{free_port()}'\n"
        + f"c.SimpleLocalProcessSpawner.home_dir_template = '{work}/home/{{username}}'\n"
        + "c.Spawner.environment['T24_CLASSROOM'] = lambda spawner: "
        + f"{store!r} if spawner.user.name == {TEACHER!r} else {students!r}\n"
    )
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "jupyterhub", "-f", str(config)]
    env = {**os.environ, "PYTHONPATH": path}
    url = f"http://127.0.0.1:{port}"
    with serving(command, work, env, f"{url}/hub/api/", work / "hub.log"):
        yield url, f"file://{origin}", store


def log_in(url: str, name: str) -> requests.Session:
    session = requests.Session()
    page = session.get(f"{url}/hub/login", timeout=TIMEOUT)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text)[1]
    form = {"username": name, "password": "class", "_xsrf": xsrf}
    assert session.post(f"{url}/hub/login", data=form, timeout=TIMEOUT).ok
    return session


def follow_link(
    session: requests.Session, url: str, origin: str, name: str, branch="students", folder="t24"
) -> list[str]:
    """The nbgitpuller link: the hub starts the user's server, which pulls the branch into the
    folder; the files there."""
    query = f"repo={quote(origin, safe='')}&branch={branch}&targetpath={folder}"
    query += f"&urlpath=lab/tree/{folder}"
    link, deadline = f"{url}/hub/user-redirect/git-pull?{query}", time.monotonic() + TIMEOUT
    while "/user/" not in (page := session.get(link, timeout=TIMEOUT)).url:
        assert time.monotonic() < deadline, f"{name}'s server did not start: {page.url}"
        time.sleep(1)  # the hub's "server starting" page
    api = f"{url}/user/{name}/git-pull/api?{query}"  # what the link's page runs in the browser
    with session.get(api, stream=True, timeout=TIMEOUT) as events:
        lines = events.iter_lines(decode_unicode=True)
        phases = [json.loads(line[5:]) for line in lines if line.startswith("data:")]
    assert phases and phases[-1]["phase"] == "finished", phases[-3:]
    listing = session.get(f"{url}/user/{name}/api/contents/{folder}", timeout=TIMEOUT).json()
    return sorted(item["name"] for item in listing["content"])


class Kernel:
    """A kernel of a user's server, started for a notebook (its folder the kernel's own), run
    cell by cell over its websocket."""

    def __init__(self, session: requests.Session, url: str, name: str, path: str):
        self.session, self.base, self.name = session, f"{url}/user/{name}", name
        mine = [
            c for c in session.cookies if c.name == "_xsrf" and c.path.startswith(f"/user/{name}")
        ]
        self.xsrf = {"X-XSRFToken": mine[0].value}
        body = {"path": path, "type": "notebook", "kernel": {"name": "python3"}}
        made = session.post(
            f"{self.base}/api/sessions", json=body, headers=self.xsrf, timeout=TIMEOUT
        )
        self.id = made.json()["kernel"]["id"]
        cookies = "; ".join(f"{c.name}={c.value}" for c in session.cookies)
        channels = f"ws{self.base[4:]}/api/kernels/{self.id}/channels"
        self.ws = websocket.create_connection(
            channels, header=[f"Cookie: {cookies}"], timeout=TIMEOUT
        )

    def run(self, code: str) -> tuple[bool, str, list[str]]:
        """Run code: whether it ran, what it printed, its errors."""
        msg_id = uuid.uuid4().hex
        header = {"msg_type": "execute_request", "session": self.name, "username": self.name}
        header |= {"version": "5.3", "msg_id": msg_id}
        request = {"parent_header": {}, "metadata": {}, "channel": "shell", "header": header}
        self.ws.send(json.dumps({**request, "content": {"code": code, "silent": False}}))
        printed, errors, status, idle = "", [], None, False
        # Until the reply (on the shell channel) and the kernel idle again (on iopub, after the
        # cell's output): the server may pass the two channels' messages on in either order.
        while status is None or not idle:
            msg = json.loads(self.ws.recv())
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                printed += msg["content"]["text"]
            if msg["msg_type"] == "error":
                errors.append(f"{msg['content']['ename']}: {msg['content']['evalue']}")
            if msg["msg_type"] == "status":
                idle = msg["content"]["execution_state"] == "idle"
            if msg["msg_type"] == "execute_reply":
                status = msg["content"]["status"]
        return status == "ok", printed, errors

    def __enter__(self):
        return self

    def __exit__(self, *_error):
        self.ws.close()
        self.session.delete(
            f"{self.base}/api/kernels/{self.id}", headers=self.xsrf, timeout=TIMEOUT
        )


def code_cells(cells: list[dict]) -> list[str]:
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def test_students_get_their_copies_and_run_a_lesson(hub):
    url, origin, _store = hub
    copies = sorted(path.name for path in (REPO / "notebooks").glob("*.ipynb"))
    for name in STUDENTS:  # the English copies, and the Chinese ones in their folder
        session = log_in(url, name)
        assert follow_link(session, url, origin, name) == [*copies, "zh-CN"], (
            f"{name} got other files"
        )
        path = f"t24/{copies[0]}"  # the copy the student got, the same as the repository's
        got = session.get(f"{url}/user/{name}/api/contents/{path}", timeout=TIMEOUT).json()
        cells = code_cells(got["content"]["cells"])
        assert cells == code_cells(
            json.loads((REPO / "notebooks" / copies[0]).read_text())["cells"]
        )
        with Kernel(session, url, name, path) as lesson:  # run in their server
            done = [lesson.run(code) for code in cells]
        assert [(ok, errors) for ok, _printed, errors in done] == [(True, [])] * len(cells), name


# Run in each page's kernel after the page's own code: the page (its last value) and a way to
# reach its widgets by their CSS class, as a browser's clicks and typing reach them.
FIND = """
page = _
def find(widget, css):
    if css in getattr(widget, "_dom_classes", ()):
        return widget
    return next(filter(None, (find(child, css) for child in getattr(widget, "children", ()))), None)
"""
START = f"""
find(page, "t24-teacher-code").value = {CODE!r}
find(page, "t24-teacher-hands").value = "3 3 8 8"
find(page, "t24-teacher-start").click()
print(find(page, "t24-teacher-reply").value)
"""
SHOWN = 'print(find(page, "t24-round-status").value, page.round.hand)'
TEACHER_SEES = """
find(page, "t24-teacher-reveal").value = True
print(find(page, "t24-teacher-view").value, find(page, "t24-teacher-answers").value)
"""
GAMING = """
try:
    page.player.store.start((1, 1, 1, 1))  # what a student who writes Python could try
except Exception as error:
    print(error)
"""
CONNECTIONS = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"


def test_a_class_round_on_the_hub_reaches_every_students_page(hub):
    url, origin, store = hub
    app = REPO / "app"
    with ExitStack() as pages:
        kernels = {}
        for name in (TEACHER, *STUDENTS):
            session = log_in(url, name)
            files = follow_link(session, url, origin, name, branch="app", folder="t24-app")
            assert "classroom.py" in files, f"{name} got no app"
            page = "teacher.ipynb" if name == TEACHER else "game.ipynb"
            kernels[name] = pages.enter_context(Kernel(session, url, name, f"t24-app/{page}"))
            cells = code_cells(json.loads((app / page).read_text())["cells"])
            assert [kernels[name].run(code) for code in [*cells, FIND]] == [(True, "", [])] * (
                len(cells) + 1
            ), f"{name}'s page did not run"
        with psycopg.connect(store) as db:
            opened = db.execute(CONNECTIONS).fetchone()[0] - 1  # this one left out
        assert opened == 4, "one connection to the store for each open page"
        ok, refused, errors = kernels[STUDENTS[0]].run(GAMING)
        assert "permission denied for table rounds" in refused, errors
        voila = f"{url}/user/{STUDENTS[0]}/voila/render/t24-app/game.ipynb"  # the page itself
        rendered = log_in(url, STUDENTS[0]).get(voila, timeout=TIMEOUT)
        assert "application/vnd.jupyter.widget-view+json" in rendered.text, rendered.text[-500:]
        ok, reply, errors = kernels[TEACHER].run(START)
        assert "Round 1 started: 3 3 8 8" in reply, errors
        started = time.monotonic()
        for name, typed in zip(STUDENTS, ["8/(3-8/3)", "8 / (3 - (8 / 3))", "3+3+8+8"]):
            while "Class round 1" not in (shown := kernels[name].run(SHOWN)[1]):
                # A page asks the store each second (under a second to show, measured); the
                # bound only ends a test whose page never shows it.
                assert time.monotonic() - started < WAIT, f"{name}'s page did not show the hand"
                time.sleep(0.1)
            print(f"{name} saw the hand {time.monotonic() - started:.2f} s after Start")
            assert shown.endswith("(3, 3, 8, 8)\n"), shown
            answer = f"find(page, 't24-game-answer').value = {typed!r}"
            assert kernels[name].run(answer) == (True, "", [])
        while "3 students tried" not in (seen := kernels[TEACHER].run(TEACHER_SEES)[1]):
            assert time.monotonic() - started < WAIT, f"the teacher's page shows {seen!r}"
            time.sleep(0.2)  # the teacher's page too reads the store each second
    assert "3 students tried, 2 solved it" in seen
    assert "8 / (3 - 8 / 3): 2 students" in seen
