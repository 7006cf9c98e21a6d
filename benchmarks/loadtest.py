"""A class opening the app at once: start `app/serve.py` on loopback, load its pages, report waits.

    python benchmarks/loadtest.py --students 30            # the server sized for 30 (make loadtest)
    python benchmarks/loadtest.py --students 5 --game 30   # plain `make app` (5) met by a class of 30

Once a fresh server is ready, --game students open the game page at once, then (the pools warm
again) --lab open the lab, then --game the game again (the next class); each load does what a
browser asks of the server, until every widget on the page has its state, and closes the page as
a tab does. Prints the waits, failures and the kernels' memory and CPU time (benchmarks/README.md,
"A class at once", says what is counted). Every step has a timeout, the run stops after --timeout
seconds, and the server and its kernels are stopped at the end.
"""

import argparse
import asyncio
import json
import math
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import suppress
from pathlib import Path
from urllib.parse import urlencode

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

REPO = Path(__file__).resolve().parents[1]
STEP_TIMEOUT = 60
CONFIG = re.compile(r'<script id="jupyter-config-data"[^>]*>(.*?)</script>', re.S)
VIEW = re.compile(r'widget-view\+json": \{"model_id": "([0-9a-f]+)"')
ERROR = re.compile(r'"(?:ename|evalue)": "[^"]{0,160}|There was an error[^<]{0,160}')
ASSET = re.compile(r'(?:src|href)="(/voila/[^"]+)"')


def free_port(port: int = 0) -> int:
    """The port asked for, or any free one (0)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))
        return sock.getsockname()[1]


class Server:
    """app/serve.py on a free loopback port, its output in a log file, watched for "ready"."""

    def __init__(self, students: int, workdir: Path, port: int = 0):
        self.token, self.port = secrets.token_hex(16), free_port(port)
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = workdir / "serve.log"
        env = {**os.environ, "JUPYTER_TOKEN": self.token, "JUPYTER_RUNTIME_DIR": str(workdir)}
        env["T24_CLASSROOM"] = str(workdir / "classroom.sqlite")  # never the teacher's rounds
        options = f"--students={students} --no-browser --port={self.port} --Voila.port_retries=0"
        options += " --Voila.ip=127.0.0.1 --Voila.auto_token=True"
        app = REPO / "app"
        command = [sys.executable, str(app / "serve.py"), *options.split(), str(app)]
        with open(self.log, "wb") as log:
            io = {"stdout": log, "stderr": subprocess.STDOUT, "stdin": subprocess.DEVNULL}
            self.proc = subprocess.Popen(command, env=env, start_new_session=True, **io)
        self.started = time.monotonic()

    async def ready(self, count: int, timeout: float) -> float:
        """Wait for the server's count-th "ready" line; the seconds since it was started."""
        deadline = time.monotonic() + timeout
        while self.log.read_text(errors="replace").count("] ready for") < count:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server is not ready:\n" + self.tail())
            await asyncio.sleep(0.5)
        return time.monotonic() - self.started

    def kernels(self) -> list[psutil.Process]:
        """The server's kernels (its child processes)."""
        return psutil.Process(self.proc.pid).children(recursive=True)

    def tail(self, lines: int = 25) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def stop(self):
        """Stop the server (on SIGTERM it shuts its kernels down), then kill whatever is left."""
        left = self.kernels() if self.proc.poll() is None else []
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        for kernel in left:
            if kernel.is_running():
                kernel.kill()


class Room:
    """A class in a round: set `over` once every student has their widgets (or has failed)."""

    def __init__(self, count: int):
        self.left, self.over, self.leave = count, asyncio.Event(), asyncio.Event()

    def arrive(self):
        self.left -= 1
        if self.left <= 0:
            self.over.set()


async def load(server: Server, page: str, room: Room) -> dict:
    """One student opening a page: seconds until every widget has its state, or the failure."""
    http, start, kernel, auth = AsyncHTTPClient(), time.monotonic(), None, {}

    async def get(path: str) -> str:
        reply = await http.fetch(server.url + path, headers=auth)
        return reply.body.decode()

    try:
        reply = await http.fetch(f"{server.url}/?token={server.token}")  # the start page logs in
        cookies = dict(c.split(";")[0].split("=", 1) for c in reply.headers.get_list("Set-Cookie"))
        auth["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
        html = await get(f"/voila/render/{page}")
        page_seconds = time.monotonic() - start
        config = json.loads(CONFIG.search(html).group(1))
        kernel, views = config["kernelId"], set(VIEW.findall(html))
        entries = [f"{ext['name']}/{ext['load']}" for ext in config["federated_extensions"]]
        assets = set(ASSET.findall(html)) | {f"/voila/labextensions/{entry}" for entry in entries}
        await asyncio.gather(*(get(path) for path in assets))
        ws_url = f"ws{server.url[4:]}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
        request = HTTPRequest(ws_url, headers=auth, connect_timeout=STEP_TIMEOUT)
        ws = await websocket_connect(request)
        try:
            states = await asyncio.wait_for(widget_states(ws), STEP_TIMEOUT)
            shown = ERROR.search(html)
            if not views:
                raise RuntimeError(f"the page has no widget: {shown[0] if shown else html[-160:]}")
            if not views <= states:
                raise RuntimeError(f"{len(views - states)} of {len(views)} views lack a state")
            result = {"seconds": time.monotonic() - start, "page": page_seconds}
            room.arrive()
            await room.leave.wait()
        finally:
            ws.close()
    except Exception as error:  # a failed load is a result to report, not a crash
        result = {"error": f"{type(error).__name__}: {error}"[:200]}
        room.arrive()
    if kernel:  # close the page as a tab does: its unload posts the shutdown with the _xsrf
        url, form = f"/voila/api/shutdown/{kernel}", urlencode({"_xsrf": cookies.get("_xsrf", "")})
        try:
            await http.fetch(server.url + url, method="POST", headers=auth, body=form)
        except Exception as error:
            result["error"] = f"closing the page: {error}"[:200]
    return result


def message(msg_type: str, content: dict, metadata: dict | None = None) -> str:
    """A Jupyter message for the shell channel, as JSON."""
    ids = {"msg_id": uuid.uuid4().hex, "session": uuid.uuid4().hex}
    header = {**ids, "msg_type": msg_type, "username": "student", "version": "5.3", "date": ""}
    shell = {"parent_header": {}, "metadata": metadata or {}, "channel": "shell", "buffers": []}
    return json.dumps({"header": header, "content": content, **shell})


async def widget_states(ws) -> set[str]:
    """What ipywidgets does on page load: kernel_info, then every widget's state at once."""
    await ws.write_message(message("kernel_info_request", {}))
    comm = uuid.uuid4().hex
    control = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
    await ws.write_message(message("comm_open", control, {"version": "1.0.0"}))  # its protocol
    await ws.write_message(
        message("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
    )
    while True:
        text = await ws.read_message()
        if text is None:
            raise RuntimeError("the kernel's websocket closed")
        reply = json.loads(text) if isinstance(text, str) else {}
        content = reply.get("content", {})
        if content.get("comm_id") == comm and content["data"].get("method") == "update_states":
            return set(content["data"]["states"])


async def class_round(server: Server, page: str, count: int) -> bool:
    """`count` students open `page` at once and stay until the last has its widgets, then close
    it: prints the waits and the kernels' memory; whether every load worked."""
    room = Room(count)
    loads = asyncio.gather(*(load(server, page, room) for _ in range(count)))
    await room.over.wait()
    in_class = memory(server.kernels())
    room.leave.set()
    results = await loads
    await asyncio.sleep(1)  # the kernels of closed pages stop
    waits = sorted(r["seconds"] for r in results if "seconds" in r) or [math.nan]
    html = statistics.median([r["page"] for r in results if "page" in r] or [math.nan])
    errors = [r["error"] for r in results if "error" in r]
    p90 = statistics.quantiles(waits, n=10, method="inclusive")[-1] if len(waits) > 1 else waits[0]
    failed = f"failed {len(errors)}" + (f" ({errors[0]})" if errors else "")
    median = f"median {statistics.median(waits):5.2f} s, p90 {p90:5.2f} s, max {waits[-1]:5.2f} s"
    print(f"  {page:<11} {count:>3} at once: {median}, {failed}", end=" ")
    print(f"(load average {os.getloadavg()[0]:.1f})")
    print(f"    the page's HTML alone: median {html:.2f} s")
    print("    with the class on the page:", in_class)
    print("    a second after they closed it:", memory(server.kernels()), flush=True)
    return not errors


def memory(kernels: list[psutil.Process]) -> str:
    """Median PSS, RSS and start-up CPU of the kernels, in MB and CPU seconds."""
    infos = []
    for kernel in kernels:
        with suppress(psutil.Error):  # a kernel that stopped meanwhile
            info, cpu = kernel.memory_full_info(), kernel.cpu_times()
            infos.append((info.pss / 2**20, info.rss / 2**20, cpu.user + cpu.system))
    if not infos:
        return "no kernels"
    pss, rss, cpu = (statistics.median(column) for column in zip(*infos))
    total = sum(row[0] for row in infos)
    return (
        f"{len(infos)} kernels, {total:.0f} MB in all (PSS); per kernel: PSS {pss:.0f} MB,"
        f" RSS {rss:.0f} MB, {cpu:.1f} CPU s to start and run its page"
    )


async def run(args) -> int:
    timeouts = {"request_timeout": STEP_TIMEOUT, "connect_timeout": STEP_TIMEOUT}
    AsyncHTTPClient.configure(None, max_clients=6 * max(args.game, args.lab), defaults=timeouts)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="t24-loadtest-") as workdir:
        server = Server(args.students, Path(workdir), args.port)
        try:
            ready = await server.ready(1, args.timeout)
            print(f"server for {args.students} students ready after {ready:.1f} s;", end=" ")
            print(f"load average {load_before:.1f} before the start")
            print("  after start:", memory(server.kernels()), flush=True)
            worked = []
            rounds = [("game.ipynb", args.game), ("lab.ipynb", args.lab), ("game.ipynb", args.game)]
            for number, (page, count) in enumerate(rounds, 1):
                await server.ready(number, args.timeout)  # the pools are warm (again)
                worked.append(await class_round(server, page, count))
            if server.proc.poll() is not None:
                print("the server stopped:\n" + server.tail())
                return 1
            return 0 if all(worked) else 1
        finally:
            server.stop()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add = parser.add_argument
    add("--students", type=int, default=30, help="the server's class size (30)")
    add("--game", type=int, default=30, help="game pages opened at once (30)")
    add("--lab", type=int, default=10, help="lab pages opened at once (10)")
    add("--port", type=int, default=0, help="the server's port (any free one)")
    add("--timeout", type=float, default=600, help="stop after this many s (600)")
    args = parser.parse_args(argv)
    if not 1 <= max(args.students, args.game, args.lab) <= 100 or min(args.game, args.lab) < 1:
        parser.error("--students, --game and --lab go from 1 to 100")
    try:
        return asyncio.run(asyncio.wait_for(run(args), args.timeout))
    except (asyncio.TimeoutError, RuntimeError) as error:
        print(f"load test stopped: {error or 'over --timeout'}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
