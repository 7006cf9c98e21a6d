"""Every students' notebook, run all in JupyterLab in headless Chromium, as a student sees it
(a screenshot of each goes to docs/screenshots/); its widgets, found by what the code calls and
then by CSS class, are used as a student would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
SCREENSHOTS = ROOT / "docs" / "screenshots"  # one per notebook, not committed (see its README)
# True once the notebook's kernel is idle and no cell waits to run, and either every code cell
# ran or the kernel has stayed idle for two seconds (after an error the rest never runs).
JS_SETTLED = """() => {
    const panel = jupyterapp.shell.currentWidget;
    const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
    const busy = !kernel || kernel.status !== 'idle'
        || [...panel.content.node.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
    if (busy) { window.idleSince = null; return false; }
    window.idleSince = window.idleSince || Date.now();
    const ran = panel.content.widgets.every(c => c.model.type !== 'code'
        || !c.model.sharedModel.getSource().trim() || c.model.executionCount !== null);
    return (ran && Date.now() - window.idleSince > 500) || Date.now() - window.idleSince > 2000;
}"""
# Every error output, unrun cell and widget that did not render; kernel errors in callbacks too.
JS_PROBLEMS = """() => {
    const found = [...(window.kernelErrors || [])];
    jupyterapp.shell.currentWidget.content.widgets.forEach((cell, i) => {
        if (cell.model.type !== 'code') return;
        const tags = cell.model.getMetadata('tags') || [];
        if (cell.model.sharedModel.getSource().trim() && cell.model.executionCount === null)
            found.push(`cell ${i} did not run`);
        for (let k = 0; k < cell.model.outputs.length; k++) {
            const output = cell.model.outputs.get(k).toJSON();
            if (output.output_type === 'error' && !tags.includes('raises-exception'))
                found.push(`cell ${i}: ${output.ename}: ${output.evalue}`);
            const view = 'application/vnd.jupyter.widget-view+json' in (output.data || {});
            const node = cell.outputArea.widgets[k] && cell.outputArea.widgets[k].node;
            if (view && !(node && node.querySelector('.jupyter-widgets')))
                found.push(`cell ${i}: a widget did not render`);
        }
        if (/Error displaying widget|Traceback/.test(cell.node.textContent))
            found.push(`cell ${i} shows an error`);
    });
    return found;
}"""
JS_WATCH = """() => {
    window.kernelErrors = [];
    window.idleSince = null;
    jupyterapp.shell.currentWidget.sessionContext.iopubMessage.connect((_, message) => {
        if (message.header.msg_type === 'error') window.kernelErrors.push(message.content.evalue);
    });
}"""
CHANGED = "([s, b]) => document.querySelector(s).textContent.trim().split(/\\s+/).join(' ') !== b"


# Every open notebook closed, its kernel shut down, its changes dropped.
JS_CLOSE_ALL = """async () => { for (const w of [...jupyterapp.shell.widgets('main')]) {
    if (w.sessionContext) await w.sessionContext.shutdown();
    if (w.context) w.context.model.dirty = false;
    w.dispose();
} }"""


@pytest.fixture(scope="module")
def page(browser, browser_context_args, jupyter_lab):
    """One JupyterLab page for this file's tests: loading it costs more than most notebooks."""
    page = browser.new_context(**browser_context_args).new_page()
    page.goto(f"{jupyter_lab[0]}/lab?reset&token={jupyter_lab[1]}")
    yield page
    page.context.close()


def run_all(page, notebook: Path) -> list[str]:
    """Open the notebook (every other one closed), run all its cells, wait for the widgets; what
    went wrong."""
    path = notebook.relative_to(ROOT / "notebooks").as_posix()
    page.wait_for_function("() => window.jupyterapp", timeout=120_000, polling=250)
    page.evaluate("async () => { await jupyterapp.restored; }")
    page.evaluate(JS_CLOSE_ALL)
    page.evaluate("p => { jupyterapp.commands.execute('docmanager:open', {path: p}); }", path)
    idle = "n => window.jupyterapp?.shell.currentWidget?.context?.path === n && jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status === 'idle'"
    page.wait_for_function(idle, arg=path, timeout=120_000, polling=250)
    page.evaluate(JS_WATCH)
    page.evaluate("() => jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(JS_SETTLED, timeout=240_000, polling=250)
    page.wait_for_timeout(1000)  # the widget views render after the kernel is idle
    return page.evaluate(JS_PROBLEMS)


def text(page, css_class: str) -> str:
    return " ".join(page.locator(f".{css_class}").first.text_content().split())


def changed(page, css_class: str, before: str) -> str:
    """Wait until the widget's text is no longer `before`; the new text."""
    page.wait_for_function(CHANGED, arg=[f".{css_class}", before], timeout=30_000, polling=200)
    return text(page, css_class)


def the_labs_card_slider_changes_the_result(page):
    before = text(page, "t24-lab-result")
    handle = page.locator(".t24-card-1 .noUi-handle").first
    handle.focus()
    handle.press("ArrowRight" if "13" not in handle.get_attribute("aria-valuenow") else "ArrowLeft")
    assert changed(page, "t24-lab-result", before).split("→")[0] != before.split("→")[0]
    page.locator(".t24-lab-methods button").first.click()


def the_games_check_hint_and_next_answer(page):
    hand, message = text(page, "t24-game-hand"), text(page, "t24-game-message")
    page.locator(".t24-game-answer input").first.fill("1 + 2")
    page.locator(".t24-game-check").first.click()
    checked = changed(page, "t24-game-message", message)
    page.locator(".t24-game-hint").first.click()
    assert "hint 1 of" in changed(page, "t24-game-message", checked)
    page.locator(".t24-game-next").first.click()
    changed(page, "t24-game-hand", hand)


# The widgets a notebook makes, by what its code calls, and what a student does with them.
USES = {"make_lab(": the_labs_card_slider_changes_the_result}
USES["make_game_widget("] = the_games_check_hint_and_next_answer


def test_jupyterlab_asks_nothing_on_its_first_start(page, jupyter_lab):
    """A fresh JupyterLab started as make lab starts it (its defaults from jupyter-config/) shows
    no pop-up: no question about fetching news, no update check."""
    page.wait_for_function("() => window.jupyterapp", timeout=120_000, polling=250)
    page.evaluate("async () => { await jupyterapp.restored; }")
    page.wait_for_timeout(3000)  # JupyterLab asks a moment after it has started
    assert page.locator(".Toastify__toast").all_inner_texts() == []
    url, token = jupyter_lab
    plugin = f"{url}/lab/api/settings/@jupyterlab/apputils-extension:notification?token={token}"
    defaults = page.request.get(plugin).json()["schema"]["properties"]
    assert defaults["fetchNews"]["default"] == "false"
    assert defaults["checkForUpdates"]["default"] is False


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_the_notebook_runs_in_the_browser_and_its_widgets_answer(page, notebook):
    problems = run_all(page, notebook)
    page.screenshot(path=SCREENSHOTS / f"{notebook.stem}.png", full_page=True)
    alts = page.eval_on_selector_all(".jp-OutputArea-output img", "all => all.map(img => img.alt)")
    assert problems == [] and all(alts)  # every figure is an image a screen reader can describe
    source = notebook.read_text(encoding="utf-8")
    assert alts or "plt.show()" not in source
    for call, use in USES.items():
        if call in source:
            use(page)
            assert page.evaluate(JS_PROBLEMS) == []


def test_jupyterlab_and_a_lesson_in_chinese(page, jupyter_lab):
    """With JupyterLab's language set to Chinese (as make lab LANG=zh does), its menus and a
    Chinese lesson's game speak Chinese."""
    url, token = jupyter_lab
    setting = f"{url}/lab/api/settings/@jupyterlab/translation-extension:plugin"
    auth = {"Authorization": f"token {token}", "Content-Type": "application/json"}

    def locale(code: str) -> None:
        raw = json.dumps({"raw": json.dumps({"locale": code})})
        assert page.request.put(setting, headers=auth, data=raw).ok

    locale("zh_CN")
    try:
        page.evaluate(JS_CLOSE_ALL)  # nothing left unsaved to hold the page
        page.reload()
        assert run_all(page, ROOT / "notebooks" / "zh-CN" / "10-play.ipynb") == []
        assert page.locator(".lm-MenuBar-itemLabel", has_text="文件").count() == 1
        message = text(page, "t24-game-message")
        page.locator(".t24-game-answer input").first.fill("1 + 2")
        page.locator(".t24-game-check").first.click()
        reply = changed(page, "t24-game-message", message)
        assert sum("\u4e00" <= char <= "\u9fff" for char in reply) > 4, reply
    finally:
        locale("en")
