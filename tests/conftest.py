"""Shared by every test: figures drawn into memory (no screen), and closed after each test; the
servers the browser and hub tests start, and a PostgreSQL server for the class round's store."""

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
import psycopg
import pytest
from budgets import table

from t24 import solver

os.environ.setdefault("MPLBACKEND", "Agg")  # before anything imports matplotlib.pyplot
# The package speaks the environment's language (gettext); the tests, and the kernels they start,
# hear English whatever this computer's locale, unless a test or a notebook chooses another.
os.environ["LANGUAGE"] = "en"


def pytest_terminal_summary(terminalreporter):
    """The code's size by who reads it, against each budget, at the end of every session."""
    terminalreporter.write_sep("-", "lines of code by who reads them, against their budgets")
    for line in table():
        terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def close_figures():
    """Close every figure a test drew, so memory does not grow over the session."""
    yield
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is not None:
        plt.close("all")


@pytest.fixture
def solves(monkeypatch):
    """The solver's calls from now on, each as (method, first)."""
    calls, solve = [], solver.solve

    def counted(*args, **kwargs):
        calls.append((kwargs.get("method"), kwargs.get("first", False)))
        return solve(*args, **kwargs)

    monkeypatch.setattr(solver, "solve", counted)
    return calls


def any_free_port() -> int:
    """A port nothing listens on, chosen by the system (so parts run at once never clash)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def run_server(command: list[str], cwd: Path, env: dict, ready: str, log: Path):
    """Run a server until the block ends; wait for `ready` to answer 200. Then stop its process
    group, and whatever it started in sessions of their own (kernels, servers) that outlived it."""
    with open(log, "wb") as out:
        quiet = {"stdin": subprocess.DEVNULL, "stderr": subprocess.STDOUT}
        server = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=out, start_new_session=True, **quiet
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None or time.monotonic() > deadline:
                tail = log.read_text()[-2000:]
                pytest.fail(f"{' '.join(command[1:3])} did not start:\n{tail}", pytrace=False)
            with contextlib.suppress(OSError):  # an HTTP error too: not ready yet
                urllib.request.urlopen(ready, timeout=5).close()
                break
            time.sleep(0.3)
        yield
    finally:
        left = psutil.Process(server.pid).children(recursive=True) if server.poll() is None else []
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        for child in left:
            with contextlib.suppress(psutil.Error):
                child.kill()


@pytest.fixture(scope="session")
def free_port():
    return any_free_port


@pytest.fixture(scope="session")
def serving():
    return run_server


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server of its own on a free loopback port (Debian's `postgresql` package; as
    its `postgres` user when the tests run as root, which initdb refuses), stopped and removed at
    the end: a function that makes a new, empty database and gives its URL."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    bin_dir = found[-1].parent if found else Path(shutil.which("initdb") or ".").parent
    if not (bin_dir / "pg_ctl").exists():
        pytest.fail("the store's tests need PostgreSQL (apt-get install postgresql)", pytrace=False)
    as_owner = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    data = Path(tempfile.mkdtemp(prefix="t24-postgres-"))
    if as_owner:
        shutil.chown(data, "postgres")
    port, quiet = any_free_port(), {"check": True, "capture_output": True, "timeout": 120}
    initdb = [bin_dir / "initdb", "-D", data, "-U", "t24", "--auth=trust", "--no-sync"]
    subprocess.run([*as_owner, *initdb], **quiet)
    options = f"-h 127.0.0.1 -p {port} -k {data} -F"  # no fsync: a test's data need not last
    pg_ctl = [*as_owner, bin_dir / "pg_ctl", "-D", data, "-l", data / "log", "-w"]
    subprocess.run([*pg_ctl, "-o", options, "start"], **quiet)
    made = []

    def new_database() -> str:
        name = f"t24_{len(made)}"
        with psycopg.connect(f"postgresql://t24@127.0.0.1:{port}/postgres", autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        made.append(name)
        return f"postgresql://t24@127.0.0.1:{port}/{name}"

    try:
        yield new_database
    finally:
        subprocess.run([*pg_ctl, "-m", "immediate", "stop"], **quiet)
        shutil.rmtree(data)
