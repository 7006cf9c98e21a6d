"""A school's JupyterHub hands out the lessons: students follow an nbgitpuller link and run one.

A local JupyterHub on loopback (DummyAuthenticator, one local process per student, the
configurable-http-proxy from npm, installed into the user's cache folder on first use) serves
three students. The students' copies are published as their own branch of a local clone (the
`notebooks/` folder split out with `git subtree`, so the teacher's answers are not handed out);
each student logs in, follows the nbgitpuller link, lands with the copies, and runs the first
lesson to the end through their own Jupyter server (its sessions API and kernel websocket).
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
from pathlib import Path
from urllib.parse import quote

import pytest
import requests
import websocket

pytestmark = pytest.mark.hub

REPO = Path(__file__).resolve().parents[2]
STUDENTS = ("ada", "ben", "cai")
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "t24" / "hub-proxy"
PROXY = CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
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
"""


def run(*command, cwd=None):
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, timeout=TIMEOUT)


@pytest.fixture(scope="module")
def hub(tmp_path_factory, free_port, serving):
    """A JupyterHub on a free loopback port and a clone with the students' branch; both removed."""
    if not PROXY.exists():
        if not shutil.which("npm"):
            pytest.fail("the hub test needs npm (apt-get install npm)", pytrace=False)
        npm = ["npm", "install", "--prefix", str(CACHE), "--no-audit", "--no-fund"]
        run(*npm, "configurable-http-proxy@5")
    work = tmp_path_factory.mktemp("hub")
    origin = work / "t24"
    run("git", "clone", "--quiet", "--no-local", str(REPO), str(origin))
    run("git", "subtree", "split", "--prefix=notebooks", "-b", "students", cwd=origin)
    port = free_port()
    config = work / "jupyterhub_config.py"
    config.write_text(
        CONFIG
        + f"c.JupyterHub.port = {port}\nc.JupyterHub.hub_port = {free_port()}\n"
        + f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{free_port()}'\n"
        + f"c.SimpleLocalProcessSpawner.home_dir_template = '{work}/home/{{username}}'\n"
    )
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "jupyterhub", "-f", str(config)]
    env = {**os.environ, "PYTHONPATH": path}
    url = f"http://127.0.0.1:{port}"
    with serving(command, work, env, f"{url}/hub/api/", work / "hub.log"):
        yield url, f"file://{origin}"


def log_in(url: str, name: str) -> requests.Session:
    session = requests.Session()
    page = session.get(f"{url}/hub/login", timeout=TIMEOUT)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text)[1]
    form = {"username": name, "password": "class", "_xsrf": xsrf}
    assert session.post(f"{url}/hub/login", data=form, timeout=TIMEOUT).ok
    return session


def follow_link(session: requests.Session, url: str, origin: str, name: str) -> list[str]:
    """The nbgitpuller link: the hub starts the student's server, which pulls the copies."""
    query = f"repo={quote(origin, safe='')}&branch=students&urlpath=lab/tree/t24"
    link, deadline = f"{url}/hub/user-redirect/git-pull?{query}", time.monotonic() + TIMEOUT
    while "/user/" not in (page := session.get(link, timeout=TIMEOUT)).url:
        assert time.monotonic() < deadline, f"{name}'s server did not start: {page.url}"
        time.sleep(1)  # the hub's "server starting" page
    api = f"{url}/user/{name}/git-pull/api?{query}"  # what the link's page runs in the browser
    with session.get(api, stream=True, timeout=TIMEOUT) as events:
        lines = events.iter_lines(decode_unicode=True)
        phases = [json.loads(line[5:]) for line in lines if line.startswith("data:")]
    assert phases and phases[-1]["phase"] == "finished", phases[-3:]
    listing = session.get(f"{url}/user/{name}/api/contents/t24", timeout=TIMEOUT).json()
    return sorted(item["name"] for item in listing["content"])


def run_lesson(session: requests.Session, url: str, name: str, path: str) -> tuple[int, list[str]]:
    """Run every code cell of the student's copy in a kernel of their server: cells run, errors."""
    base = f"{url}/user/{name}"
    mine = [c for c in session.cookies if c.name == "_xsrf" and c.path.startswith(f"/user/{name}")]
    xsrf = {"X-XSRFToken": mine[0].value}
    nb = session.get(f"{base}/api/contents/{path}", timeout=TIMEOUT).json()["content"]
    body = {"path": path, "type": "notebook", "kernel": {"name": "python3"}}
    made = session.post(f"{base}/api/sessions", json=body, headers=xsrf, timeout=TIMEOUT)
    kernel = made.json()["kernel"]["id"]
    cookies = "; ".join(f"{c.name}={c.value}" for c in session.cookies)
    channels = f"ws{base[4:]}/api/kernels/{kernel}/channels"
    ws = websocket.create_connection(channels, header=[f"Cookie: {cookies}"], timeout=TIMEOUT)
    ran, errors = 0, []
    request = {"parent_header": {}, "metadata": {}, "channel": "shell"}
    header = {"msg_type": "execute_request", "session": name, "username": name, "version": "5.3"}
    try:
        for cell in (c for c in nb["cells"] if c["cell_type"] == "code"):
            header["msg_id"] = uuid.uuid4().hex
            content = {"code": cell["source"], "silent": False}
            ws.send(json.dumps({**request, "header": header, "content": content}))
            reply = None
            while reply is None:  # the cell's messages, until its reply
                msg = json.loads(ws.recv())
                if msg["parent_header"].get("msg_id") != header["msg_id"]:
                    continue
                if msg["msg_type"] == "error":
                    errors.append(f"{msg['content']['ename']}: {msg['content']['evalue']}")
                if msg["msg_type"] == "execute_reply":
                    reply = msg["content"]["status"]
            ran += reply == "ok"
    finally:
        ws.close()
        session.delete(f"{base}/api/kernels/{kernel}", headers=xsrf, timeout=TIMEOUT)
    return ran, errors


def test_students_get_their_copies_and_run_a_lesson(hub):
    url, origin = hub
    copies = sorted(path.name for path in (REPO / "notebooks").glob("*.ipynb"))
    for name in STUDENTS:  # the English copies, and the Chinese ones in their folder
        session = log_in(url, name)
        assert follow_link(session, url, origin, name) == [*copies, "zh-CN"], (
            f"{name} got other files"
        )
        lesson = json.loads((REPO / "notebooks" / copies[0]).read_text())["cells"]
        code = sum(cell["cell_type"] == "code" for cell in lesson)
        assert run_lesson(session, url, name, f"t24/{copies[0]}") == (code, []), name
