"""JupyterLab and the Voilà app on local ports, driven in headless Chromium by pytest-playwright.

nbval checks what a kernel prints; only a browser shows whether the widgets render and answer.
pytest-playwright gives the browser and a fresh `page` per test; these fixtures launch it from
the system's Chromium and start one JupyterLab (on a copy of notebooks/, with its own Jupyter
folders, so nothing touches the real notebooks) and one Voilà app per session, both stopped at
the end; axe-core comes from npm (into ~/.cache/t24 on first use). Without either, it fails.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-sync", "--no-first-run"]
FLAGS += ["--disable-background-networking", "--disable-component-update"]
AXE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "t24" / "axe"
# Never save; render every cell, so the page holds the whole notebook. No news question and no
# update check come from make lab's own defaults, jupyter-config/ (test_notebooks.py checks it).
LAB_SETTINGS = {
    "docmanager-extension/plugin": {"autosave": False},
    "notebook-extension/tracker": {"windowingMode": "none"},
}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, tmp_path_factory):
    """pytest-playwright launches the system's Chromium (never a downloaded one), which finds the
    zh extra's Noto Sans SC beside the system's fonts (the Chinese pages' screenshots need it)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM}: apt-get install chromium")
    import pylopdf_fonts_zh_cn

    fonts = tmp_path_factory.mktemp("fonts") / "fonts.conf"
    fonts.write_text(
        '<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf'
        f"</include><dir>{Path(pylopdf_fonts_zh_cn.sans_path()).parent}</dir></fontconfig>"
    )
    env = {**os.environ, "FONTCONFIG_FILE": str(fonts)}
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": FLAGS, "env": env}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.fixture(scope="session")
def axe() -> Path:
    """axe-core's script, installed from npm on first use (without npm, the suite fails)."""
    script = AXE / "node_modules/axe-core/axe.min.js"
    if not script.exists():
        command = ["npm", "install", "--prefix", str(AXE), "--no-audit", "--no-fund", "axe-core@4"]
        subprocess.run(command, check=True, capture_output=True, timeout=300)
    return script


def jupyter_env(home: Path) -> dict:
    """An environment whose Jupyter folders are all under `home`, with LAB_SETTINGS."""
    env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1", "IPYTHONDIR": str(home / "ipython")}
    env["JUPYTER_CONFIG_PATH"] = str(REPO / "jupyter-config")  # as make lab starts it
    for name in ("config", "data", "runtime"):
        env[f"JUPYTER_{name.upper()}_DIR"] = str(home / name)
    for plugin, values in LAB_SETTINGS.items():
        path = home / "config/lab/user-settings/@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    env.pop("MPLBACKEND", None)  # the notebooks choose the inline backend themselves
    return env


@pytest.fixture(scope="session")
def jupyter_lab(browser_type_launch_args, tmp_path_factory, free_port, serving):
    """JupyterLab serving a copy of notebooks/ (the repository's other folders linked beside it):
    its address and token."""
    root = tmp_path_factory.mktemp("lab")
    served = root / "repo" / "notebooks"
    shutil.copytree(REPO / "notebooks", served, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for sibling in REPO.iterdir():
        if sibling.name not in ("notebooks", ".git"):
            (served.parent / sibling.name).symlink_to(sibling)
    port, token = free_port(), secrets.token_hex(16)
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1"]
    command += [f"--port={port}", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={served}"]
    command += ["--LabApp.expose_app_in_browser=True", f"--IdentityProvider.token={token}"]
    command += ["--allow-root"] if os.geteuid() == 0 else []
    url = f"http://127.0.0.1:{port}"
    with serving(
        command,
        served,
        jupyter_env(root / "jupyter"),
        f"{url}/api/status?token={token}",
        root / "log",
    ):
        yield url, token


@pytest.fixture(scope="session")
def voila_app(browser_type_launch_args, tmp_path_factory, free_port, serving):
    """The code-free app as `make app` serves it (app/serve.py, one student's pools, warm):
    its address, token and log."""
    root = tmp_path_factory.mktemp("voila")
    port, token = free_port(), secrets.token_hex(16)
    env = {**jupyter_env(root), "JUPYTER_TOKEN": token, "T24_CLASSROOM": str(root / "class.sqlite")}
    env["T24_TEACHER_CODE"] = token  # the class round's teacher code: the same secret
    command = [sys.executable, str(REPO / "app/serve.py"), "--no-browser", "--students=1"]
    command += [f"--port={port}", "--Voila.port_retries=0", "--Voila.ip=127.0.0.1"]
    command += ["--Voila.auto_token=True", str(REPO / "app")]
    url, log = f"http://127.0.0.1:{port}", root / "log"
    with serving(command, root, env, f"{url}/?token={token}", log):
        deadline = time.monotonic() + 180  # the pools of warm kernels fill
        while "ready for" not in log.read_text(errors="replace"):
            if time.monotonic() > deadline:
                pytest.fail(f"the app never said it was ready:\n{log.read_text()[-2000:]}")
            time.sleep(0.5)
        yield url, token, log
