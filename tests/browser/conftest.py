"""Drive the notebooks in a real browser: JupyterLab (and the Voilà app) on free local ports,
headless Chromium.

nbval checks what a kernel prints; only a browser shows whether the widgets render and
respond, so this suite opens every notebook in JupyterLab the way a student would, runs all
cells and looks at the page.

One JupyterLab server and one Chromium serve the whole session, and both are always shut
down, also when a test fails or the server never comes up. The server works on a copy of
``notebooks/`` in a temporary folder (the rest of the repository is linked beside it, so
relative paths in the notebooks still work), with its own Jupyter config, data and runtime
folders, so neither autosave nor user settings can touch the real notebooks.

The app tests (test_app.py) start Voilà the way `make app` does (app/serve.py on app/), with
a token of their own, and open it as a student would.

Chromium comes from the system (Debian's ``chromium``); Playwright's own browser download is
never used. Without Chromium or Playwright the suite is skipped with the reason, except on CI
(``CI=true``), where it must run.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# Overridable only to try the suite on other notebooks; by default it checks the real ones.
NOTEBOOKS_DIR = Path(os.environ.get("T24_BROWSER_NOTEBOOKS", REPO / "notebooks"))
SCREENSHOTS_DIR = Path(os.environ.get("T24_BROWSER_SCREENSHOTS", REPO / "docs" / "screenshots"))
NOTEBOOK_GLOB = "[0-9][0-9]-*.ipynb"
APP_DIR = REPO / "app"

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 900}
# A cap on the screenshot's height (headless Chromium captures 30,000 px tall pages whole).
MAX_SCREENSHOT_HEIGHT = 30000

SERVER_START_TIMEOUT_S = 60
PAGE_LOAD_TIMEOUT_MS = 60_000
RUN_ALL_TIMEOUT_MS = 120_000
WIDGET_TIMEOUT_MS = 20_000

# JupyterLab settings for the test server: never save, render every cell (so the DOM holds the
# whole notebook), and no toasts or network calls that could cover the page in a screenshot.
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none", "scrollPastEnd": False},
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/extensionmanager-extension/plugin": {"enabled": False},
}

INSTALL_CHROMIUM = "browser tests need Chromium: apt-get install chromium"
INSTALL_PLAYWRIGHT = "browser tests need Playwright for Python: pip install -e '.[test]'"


def notebook_paths() -> list[Path]:
    """Every numbered notebook, in order; the browser tests are parametrised by this list."""
    return sorted(NOTEBOOKS_DIR.glob(NOTEBOOK_GLOB))


def find_chromium() -> str | None:
    """The system Chromium, or None."""
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def skip_or_fail(reason: str) -> None:
    """Skip the browser suite; on CI (CI=true), where it must run, fail instead."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run on CI)", pytrace=False)
    pytest.skip(reason)


def pytest_generate_tests(metafunc):
    """A test that takes `notebook` runs once per numbered notebook (found by NOTEBOOK_GLOB)."""
    if "notebook" in metafunc.fixturenames:
        metafunc.parametrize("notebook", notebook_paths(), ids=lambda path: path.stem)


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    """The folder of the real notebooks (the server only ever sees a copy)."""
    return NOTEBOOKS_DIR


@pytest.fixture(scope="session")
def screenshots_dir() -> Path:
    """Where each notebook's screenshot goes (docs/screenshots/NN-slug.png), stale ones removed."""
    current = {path.stem for path in notebook_paths()}
    for screenshot in SCREENSHOTS_DIR.glob("[0-9][0-9]-*.png"):
        if screenshot.stem not in current:
            screenshot.unlink()  # its notebook was renamed or removed
    return SCREENSHOTS_DIR


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The system Chromium; skips the suite (fails it on CI) without Chromium or Playwright."""
    chromium = find_chromium()
    if chromium is None:
        skip_or_fail(INSTALL_CHROMIUM)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        skip_or_fail(INSTALL_PLAYWRIGHT)
    return chromium


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def without_outputs(notebook: Path) -> None:
    """Clear the stored outputs of a notebook file: the browser run makes its own."""
    content = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in content["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    content.get("metadata", {}).pop("widgets", None)
    notebook.write_text(json.dumps(content, indent=1), encoding="utf-8")


def copy_notebooks(workdir: Path) -> Path:
    """Copy notebooks/ into workdir and link its siblings beside it; return the copy.

    The copies lose their stored outputs, so JupyterLab opens them faster and everything the
    checks and screenshots see comes from this run.
    """
    served = workdir / NOTEBOOKS_DIR.name
    shutil.copytree(
        NOTEBOOKS_DIR, served, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    )
    for notebook in served.glob("*.ipynb"):
        without_outputs(notebook)
    for sibling in NOTEBOOKS_DIR.parent.iterdir():
        if sibling.name != NOTEBOOKS_DIR.name and not sibling.name.startswith("."):
            (workdir / sibling.name).symlink_to(sibling)
    return served


def write_lab_settings(config_dir: Path) -> None:
    """Write LAB_SETTINGS as JupyterLab user settings under config_dir."""
    for plugin, values in LAB_SETTINGS.items():
        path = config_dir / "lab" / "user-settings" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def stop_process_group(proc: subprocess.Popen, grace_s: float = 10) -> None:
    """Terminate proc's process group, then kill it if it does not exit within grace_s."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=grace_s)


class JupyterServer:
    """A running JupyterLab serving a copy of the notebooks; talks to its REST API."""

    def __init__(self, url: str, token: str, root: Path, log_path: Path):
        self.url = url
        self.token = token
        self.root = root
        self.log_path = log_path

    def page_url(self, notebook_name: str) -> str:
        """The URL that opens one notebook in JupyterLab, in an empty workspace, logged in."""
        # ?reset starts from an empty workspace, so no earlier notebook is reopened.
        return f"{self.url}/lab/tree/{notebook_name}?reset&token={self.token}"

    def api(self, method: str, path: str) -> object:
        """Call the REST API; return the decoded JSON reply (None when empty)."""
        request = urllib.request.Request(
            self.url + path, method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            body = reply.read()
        return json.loads(body) if body else None

    def shutdown_sessions(self, path: str | None = None) -> None:
        """Shut down the kernel sessions (those of one notebook path, or all)."""
        for session in self.api("GET", "/api/sessions"):
            if path is None or session["path"] == path:
                with contextlib.suppress(urllib.error.HTTPError):
                    self.api("DELETE", f"/api/sessions/{session['id']}")

    def log_tail(self, lines: int = 30) -> str:
        """The end of the server's log, for failure messages."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def wait_until_ready(proc: subprocess.Popen, server: JupyterServer) -> None:
    """Poll /api/status until the server answers; fail with its log if it dies or times out."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(
                f"JupyterLab exited with code {proc.returncode} before it was ready:\n"
                + server.log_tail(),
                pytrace=False,
            )
        try:
            server.api("GET", "/api/status")
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    pytest.fail(
        f"JupyterLab did not answer within {SERVER_START_TIMEOUT_S} s:\n" + server.log_tail(),
        pytrace=False,
    )


@pytest.fixture(scope="session")
def jupyter_server(chromium_path, tmp_path_factory):
    """JupyterLab on a free local port, serving a copy of notebooks/; always shut down."""
    workdir = tmp_path_factory.mktemp("lab")
    served = copy_notebooks(workdir / "repo")
    jupyter_home = workdir / "jupyter"
    env = dict(os.environ)
    for name in ("config", "data", "runtime"):
        (jupyter_home / name).mkdir(parents=True)
        env[f"JUPYTER_{name.upper()}_DIR"] = str(jupyter_home / name)
    env["IPYTHONDIR"] = str(jupyter_home / "ipython")
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("MPLBACKEND", None)  # the notebooks choose the inline backend themselves
    # A random token (not none): no other local process can drive this server meanwhile.
    token = secrets.token_hex(16)
    env["JUPYTER_TOKEN"] = token
    write_lab_settings(jupyter_home / "config")

    port = free_port()
    command = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--ip=127.0.0.1",
        f"--ServerApp.root_dir={served}",
        "--LabApp.expose_app_in_browser=True",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    log_path = workdir / "jupyter.log"
    server = JupyterServer(f"http://127.0.0.1:{port}", token, served, log_path)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            command, cwd=served, env=env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
    try:
        wait_until_ready(proc, server)
        yield server
    finally:
        with contextlib.suppress(Exception):
            if proc.poll() is None:
                server.shutdown_sessions()
        stop_process_group(proc)


class VoilaServer:
    """A running Voilà serving app/ the way `make app` does (app/serve.py), with a known token."""

    def __init__(self, url: str, token: str, log_path: Path):
        self.url = url
        self.token = token
        self.log_path = log_path

    def log_tail(self, lines: int = 30) -> str:
        """The end of the server's log, for failure messages."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def wait_until_voila_ready(proc: subprocess.Popen, server: VoilaServer) -> None:
    """Poll a static file until Voilà answers; fail with its log if it dies or times out."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"Voilà exited with code {proc.returncode} before it was ready:\n" + server.log_tail(), pytrace=False)
        try:
            with urllib.request.urlopen(server.url + "/voila/static/extension.js", timeout=5):
                return
        except urllib.error.HTTPError:
            return  # it answers
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    pytest.fail(f"Voilà did not answer within {SERVER_START_TIMEOUT_S} s:\n" + server.log_tail(), pytrace=False)


@pytest.fixture(scope="session")
def voila_server(chromium_path, tmp_path_factory):
    """The app (app/serve.py, as `make app` starts it) on a free local port; always shut down."""
    if not (APP_DIR / "serve.py").exists():
        pytest.fail("app/serve.py is missing: make app and these tests need it", pytrace=False)
    try:
        import voila  # noqa: F401
    except ImportError:
        skip_or_fail("the app tests need Voilà: pip install -e '.[test]'")
    workdir = tmp_path_factory.mktemp("voila")
    env = dict(os.environ)
    for name in ("config", "data", "runtime"):
        (workdir / name).mkdir()
        env[f"JUPYTER_{name.upper()}_DIR"] = str(workdir / name)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env.pop("MPLBACKEND", None)
    token = secrets.token_hex(16)
    env["JUPYTER_TOKEN"] = token  # what `make app TOKEN=...` does; without it Voilà makes one up
    port = free_port()
    command = [sys.executable, str(APP_DIR / "serve.py"), "--no-browser", f"--port={port}",
               "--Voila.port_retries=0", "--Voila.ip=127.0.0.1", "--Voila.auto_token=True", str(APP_DIR)]
    log_path = workdir / "voila.log"
    server = VoilaServer(f"http://127.0.0.1:{port}", token, log_path)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(command, cwd=workdir, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_until_voila_ready(proc, server)
        yield server
    finally:
        stop_process_group(proc)


@pytest.fixture(scope="session")
def browser(chromium_path):
    """Headless system Chromium driven by Playwright; always closed."""
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(
            executable_path=chromium_path, headless=True, args=CHROMIUM_FLAGS
        )
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()


@pytest.fixture(scope="session")
def lab(jupyter_server, browser):
    """Opens notebooks in JupyterLab: ``with lab.opened(path) as notebook_page: ...``."""
    context = browser.new_context(viewport=VIEWPORT)
    lab = Lab(jupyter_server, context)
    try:
        yield lab
    finally:
        try:
            lab.close_all()
        finally:
            context.close()


class Lab:
    """One JupyterLab server and one browser context; one page (and kernel) per notebook.

    While one notebook runs, the next one in order is already loading in its own page: the
    browser starts JupyterLab (a few seconds of JavaScript) while the kernel works.
    """

    def __init__(self, server: JupyterServer, context):
        self.server = server
        self.context = context
        self.loading: dict[str, NotebookPage] = {}
        self.kept: dict[str, NotebookPage] = {}

    def start_loading(self, notebook: Path) -> NotebookPage:
        """Open a new page on notebook without waiting for it."""
        notebook_page = NotebookPage(self.context.new_page(), notebook, self.server)
        try:
            notebook_page.page.goto(
                self.server.page_url(notebook.name), wait_until="commit",
                timeout=PAGE_LOAD_TIMEOUT_MS,
            )
        except BaseException:
            self.close(notebook_page)
            raise
        return notebook_page

    def load_next(self, notebook: Path) -> None:
        """Start loading the notebook that follows notebook, if any, unless it is loading."""
        paths = notebook_paths()
        following = paths[paths.index(notebook) + 1:] if notebook in paths else []
        if following and following[0].name not in self.loading:
            self.loading[following[0].name] = self.start_loading(following[0])

    def open(self, notebook: Path) -> NotebookPage:
        """Open notebook in a page (the one loading it, if any); wait for an idle kernel."""
        notebook_page = self.loading.pop(notebook.name, None) or self.start_loading(notebook)
        try:
            notebook_page.wait_for_idle_kernel(PAGE_LOAD_TIMEOUT_MS)
            notebook_page.page.evaluate(JS_WATCH_KERNEL_ERRORS)
        except BaseException:
            self.close(notebook_page)
            raise
        return notebook_page

    def close(self, notebook_page: NotebookPage) -> None:
        """Shut down the notebook's kernel and close its page."""
        try:
            with contextlib.suppress(Exception):
                self.server.shutdown_sessions(notebook_page.notebook.name)
        finally:
            notebook_page.page.close()

    @contextlib.contextmanager
    def opened(self, notebook: Path, keep: bool = False):
        """Open notebook for the with block; then close it, or with keep, hand it to executed()."""
        notebook_page = self.open(notebook)
        self.load_next(notebook)
        try:
            yield notebook_page
        finally:
            if keep:
                previous = self.kept.pop(notebook.name, None)
                if previous is not None:
                    self.close(previous)
                self.kept[notebook.name] = notebook_page
            else:
                self.close(notebook_page)

    @contextlib.contextmanager
    def executed(self, notebook: Path):
        """The notebook with all cells run: the page kept by an earlier test, or a fresh run."""
        notebook_page = self.kept.pop(notebook.name, None)
        if notebook_page is None:
            notebook_page = self.open(notebook)
            try:
                notebook_page.run_all()
                notebook_page.wait_for_widgets()
            except BaseException:
                self.close(notebook_page)
                raise
        try:
            yield notebook_page
        finally:
            self.close(notebook_page)

    def close_all(self) -> None:
        """Close the pages no later test asked for."""
        for pages in (self.loading, self.kept):
            while pages:
                self.close(pages.popitem()[1])


# JavaScript run in the page. `jupyterapp` is there because of --LabApp.expose_app_in_browser.
JS_KERNEL_IDLE = """(name) => {
    const app = window.jupyterapp;
    const panel = app && app.shell && app.shell.currentWidget;
    if (!panel || !panel.context || panel.context.path !== name || !panel.context.isReady) {
        return false;
    }
    const session = panel.sessionContext;
    return !!(session && session.isReady && session.session && session.session.kernel
              && session.session.kernel.status === 'idle');
}"""

# Record every error the kernel reports (cells and widget callbacks alike): a callback that
# raises shows nothing in its cell, only in JupyterLab's log console.
JS_WATCH_KERNEL_ERRORS = """() => {
    window.__t24_kernel_errors = [];
    jupyterapp.shell.currentWidget.sessionContext.iopubMessage.connect((_, message) => {
        if (message.header.msg_type === 'error') {
            window.__t24_kernel_errors.push({
                parent: message.parent_header.msg_type,
                error: message.content.ename + ': ' + message.content.evalue});
        }
    });
}"""

JS_START_RUN_ALL = """() => {
    window.__t24_run_all = null;
    window.__t24_idle_since = null;
    jupyterapp.commands.execute('notebook:run-all-cells').then(
        (ok) => { window.__t24_run_all = {ok: ok}; },
        (error) => { window.__t24_run_all = {error: String(error)}; });
}"""

# Finished: the command has returned, the kernel is idle, no cell shows [*], and either every
# non-empty code cell has an execution count or the kernel has stayed idle for QUIET_MS.
# (When a cell raises, JupyterLab returns from run-all at once and clears the [*] of the cells
# still queued, which the kernel then runs, or aborts after an untagged error: hence both.)
QUIET_MS = 1500
JS_RUN_ALL_FINISHED = """() => {
    if (!window.__t24_run_all) return false;
    const panel = jupyterapp.shell.currentWidget;
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    const prompts = Array.from(panel.content.node.querySelectorAll('.jp-InputPrompt'));
    if (!kernel || kernel.status !== 'idle' || prompts.some((p) => p.textContent.includes('[*]'))) {
        window.__t24_idle_since = null;
        return false;
    }
    const now = Date.now();
    if (window.__t24_idle_since === null) window.__t24_idle_since = now;
    const allRan = panel.content.widgets.every((cell) => cell.model.type !== 'code'
        || !cell.model.sharedModel.getSource().trim() || cell.model.executionCount !== null);
    return allRan || now - window.__t24_idle_since >= %d;
}""" % QUIET_MS

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
STDERR = "application/vnd.jupyter.stderr"

# For each output of one cell whose model holds a widget view: did the page render a widget?
# (Output j of the model is child j of the cell's output area.)
JS_WIDGET_VIEWS = """(cell) => {
    const views = [];
    if (cell.model.type !== 'code') return views;
    const outputs = cell.model.outputs;
    const children = cell.outputArea.widgets;
    for (let i = 0; i < outputs.length; i++) {
        if (!('%s' in (outputs.get(i).toJSON().data || {}))) continue;
        const child = children[i] && children[i].node;
        const shown = child && child.querySelector('.jp-OutputArea-output');
        const view = shown && shown.querySelector('.jupyter-widgets[class*="widget-"]');
        views.push({rendered: !!view,
                    hidden: !!(shown && shown.classList.contains('lm-mod-hidden')),
                    text: shown ? shown.textContent.slice(0, 200) : '(no output node)'});
    }
    return views;
}""" % WIDGET_VIEW

JS_WIDGETS_SETTLED = """() => {
    const widgetViews = %s;
    const cells = jupyterapp.shell.currentWidget.content.widgets;
    // Settled: every view shows a widget or has given up (an error text), none still loading.
    return cells.every((cell) => widgetViews(cell).every(
        (view) => view.rendered || view.hidden
                  || (view.text !== '(no output node)' && !view.text.includes('Loading widget'))));
}""" % JS_WIDGET_VIEWS

# Per cell: the model's outputs (kinds only, no image data) and what the page shows.
JS_CELLS = """() => {
    const widgetViews = %s;
    const cells = jupyterapp.shell.currentWidget.content.widgets;
    return cells.map((cell, index) => {
        const model = cell.model;
        const report = {index: index, type: model.type, source: model.sharedModel.getSource(),
                        executionCount: null, outputs: [], stderr: [], widgetViews: [],
                        text: cell.node.textContent};
        if (model.type !== 'code') return report;
        report.executionCount = model.executionCount;
        for (let i = 0; i < model.outputs.length; i++) {
            const output = model.outputs.get(i).toJSON();
            report.outputs.push({output_type: output.output_type, name: output.name || null,
                                 ename: output.ename || null, evalue: output.evalue || null});
        }
        for (const node of cell.node.querySelectorAll(
                '.jp-OutputArea-output[data-mime-type="%s"]')) {
            report.stderr.push(node.textContent);
        }
        report.widgetViews = widgetViews(cell);
        return report;
    });
}""" % (JS_WIDGET_VIEWS, STDERR)

JS_PREPARE_SCREENSHOT = """() => {
    jupyterapp.shell.collapseLeft();
    jupyterapp.shell.collapseRight();
}"""

# Scroll the notebook to its top and measure it: `chrome` is the page height around the
# notebook's scrolling area (menus, toolbar, status bar), `content` the notebook's full height.
JS_LAYOUT = """() => {
    const notebook = jupyterapp.shell.currentWidget.content.node;
    const scroller = notebook.querySelector('.jp-WindowedPanel-outer') || notebook;
    scroller.scrollTop = 0;
    return {chrome: window.innerHeight - scroller.clientHeight, content: scroller.scrollHeight,
            client: scroller.clientHeight, inner: window.innerHeight};
}"""

# True once JupyterLab has laid itself out for a page of the given height.
JS_LAID_OUT = """([height, chrome]) => {
    const notebook = jupyterapp.shell.currentWidget.content.node;
    const scroller = notebook.querySelector('.jp-WindowedPanel-outer') || notebook;
    return window.innerHeight === height && scroller.clientHeight === height - chrome;
}"""


def wait_for(page, predicate: str, arg, timeout_ms: int) -> bool:
    """Poll the JavaScript predicate in page until it is true; False if timeout_ms passes first."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(predicate, arg=arg, timeout=timeout_ms, polling=200)
    except PlaywrightTimeout:
        return False
    return True


def raises_exception_cells(notebook: Path) -> set[int]:
    """Indices of the cells tagged raises-exception: their error is part of the lesson."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return {i for i, cell in enumerate(cells)
            if "raises-exception" in cell.get("metadata", {}).get("tags", [])}


class NotebookPage:
    """A notebook open in JupyterLab in its own browser page."""

    def __init__(self, page, notebook: Path, server: JupyterServer):
        self.page = page
        self.notebook = notebook
        self.server = server
        self.page_errors: list[str] = []
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def wait(self, predicate: str, arg=None, timeout_ms: int = WIDGET_TIMEOUT_MS) -> bool:
        """Poll a JavaScript predicate until it is true; False if timeout_ms passes first."""
        return wait_for(self.page, predicate, arg, timeout_ms)

    def wait_for_idle_kernel(self, timeout_ms: int = PAGE_LOAD_TIMEOUT_MS) -> None:
        """Wait until the notebook is open and its kernel is idle."""
        if not wait_for(self.page, JS_KERNEL_IDLE, self.notebook.name, timeout_ms):
            pytest.fail(
                f"{self.notebook.name}: no idle kernel after {timeout_ms / 1000:.0f} s; "
                f"server log:\n{self.server.log_tail()}",
                pytrace=False,
            )

    def kernel_errors(self) -> list[str]:
        """Errors the kernel reported since the notebook opened, outside cells too."""
        errors = self.page.evaluate("() => window.__t24_kernel_errors")
        return [f"{error['error']} (in reply to {error['parent']})" for error in errors]

    def run_all(self, timeout_ms: int = RUN_ALL_TIMEOUT_MS) -> None:
        """Run all cells as the Run menu does; wait until every cell ran and the kernel is idle."""
        self.page.evaluate(JS_START_RUN_ALL)
        if not wait_for(self.page, JS_RUN_ALL_FINISHED, None, timeout_ms):
            pytest.fail(
                f"{self.notebook.name}: run all cells did not finish within "
                f"{timeout_ms / 1000:.0f} s",
                pytrace=False,
            )
        run = self.page.evaluate("() => window.__t24_run_all")
        assert "error" not in run, f"{self.notebook.name}: run all cells failed: {run['error']}"

    def wait_for_widgets(self, timeout_ms: int = WIDGET_TIMEOUT_MS) -> None:
        """Give widget views time to render; the checks afterwards say what did not."""
        wait_for(self.page, JS_WIDGETS_SETTLED, None, timeout_ms)

    def cells(self) -> list[dict]:
        """What each cell holds after the run: model outputs and what the page shows."""
        return self.page.evaluate(JS_CELLS)

    def problems(self) -> list[str]:
        """Every error output, unrun code cell, widget that did not render and page error."""
        # The tags of the copy the browser runs (the real file may have changed since).
        allowed = raises_exception_cells(self.server.root / self.notebook.name)
        problems = [f"uncaught JavaScript error in the page: {error}" for error in self.page_errors]
        not_run = []
        for cell in self.cells():
            first_line = (cell["source"].strip().splitlines() or ["empty"])[0]
            where = f"cell {cell['index']} ({first_line[:60]})"
            if "Error displaying widget" in cell["text"]:
                problems.append(f"{where}: shows 'Error displaying widget'")
            if "Loading widget..." in cell["text"]:
                problems.append(f"{where}: still shows 'Loading widget...'")
            if cell["type"] != "code":
                continue
            if cell["source"].strip() and cell["executionCount"] is None:
                not_run.append(cell["index"])
            for view in cell["widgetViews"]:
                if not (view["rendered"] or view["hidden"]):
                    shown = " ".join(view["text"].split())
                    problems.append(f"{where}: widget did not render: {shown!r}")
            if cell["index"] in allowed:
                continue
            for output in cell["outputs"]:
                if output["output_type"] == "error":
                    problems.append(f"{where}: {output['ename']}: {output['evalue']}")
            if any(output["output_type"] == "error" for output in cell["outputs"]):
                continue  # already reported; its traceback is shown as stderr too
            for text in cell["stderr"]:
                if "Traceback" in text:
                    problems.append(f"{where}: traceback on stderr: {text[:300]!r}")
        if not_run:
            listed = ", ".join(map(str, not_run[:10])) + (", ..." if len(not_run) > 10 else "")
            problems.append(f"{len(not_run)} code cells were not run: cells {listed}")
        return problems

    def screenshot(self, path: Path) -> None:
        """Save the whole notebook (side panels closed) as one PNG, as tall as the notebook."""
        self.page.evaluate(JS_PREPARE_SCREENSHOT)
        chrome = self.page.evaluate(JS_LAYOUT)["chrome"]
        height = None
        # Grow the page until the notebook fits: at a new size JupyterLab lays out again, and
        # closing the side panels reflows the text, so measure until the height holds still.
        for _ in range(4):
            layout = self.page.evaluate(JS_LAYOUT)
            wanted = min(max(chrome + layout["content"], VIEWPORT["height"]), MAX_SCREENSHOT_HEIGHT)
            if wanted == height:
                break
            height = wanted
            self.page.set_viewport_size({"width": VIEWPORT["width"], "height": height})
            self.wait(JS_LAID_OUT, [height, chrome], 5_000)
            self.page.wait_for_timeout(200)  # renderers (MathJax, widgets) catch up
        path.parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(path), caret="hide")
        self.page.set_viewport_size(VIEWPORT)
