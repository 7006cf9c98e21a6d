"""The code-free app (`make app`: Voilà on app/), in headless Chromium, as a student meets it.

Open the address `make app` prints (`/` with the token), land on the start page, follow its
links: each page shows its widgets, no code and no error. In the lab a card slider moved with
the keyboard changes the result; in the game an answer typed and checked, and a hint, change
the reply.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGE_TIMEOUT_MS = 90_000  # Voilà runs the whole page's notebook before it shows it
CHANGE_TIMEOUT_MS = 30_000
STDERR = "application/vnd.jupyter.stderr"
ERROR_WORDS = ("Traceback", "There was an error when executing cell", "Error:", "Exception")

JS_TEXT_CHANGED = """([selector, before]) => {
    const node = document.querySelector(selector);
    return !!node && node.textContent.trim().split(/\\s+/).join(' ') !== before;
}"""


@pytest.fixture
def app_page(voila_server, browser):
    """A fresh page (its own context: cookies and all) that records JavaScript errors."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()


def open_start_page(page, server):
    """Open `/` with the token, as a student opens the address the teacher gives out."""
    page.goto(f"{server.url}/?token={server.token}", wait_until="load")
    page.wait_for_selector("h1")
    assert page.url.split("?")[0].endswith("/voila/render/index.ipynb"), page.url


def follow(page, link_text: str, ready_selector: str) -> None:
    """Click the start page's link and wait until the page's widget shows."""
    page.get_by_role("link", name=link_text).click()
    page.wait_for_selector(ready_selector, state="visible")


def problems(page, server) -> list[str]:
    """Code shown, errors shown, JavaScript errors: everything a code-free page must not have."""
    found = []
    visible_code = page.locator(".jp-CodeCell .jp-InputArea:visible, .jp-CodeMirrorEditor:visible, .jp-InputPrompt:visible")
    if visible_code.count():
        found.append(f"{visible_code.count()} pieces of code are visible")
    text = page.inner_text("body")
    for word in ("import ", "make_lab(", "make_game_widget("):
        if word in text:
            found.append(f"code shows on the page: {word!r}")
    for word in ERROR_WORDS:
        if word in text:
            found.append(f"error text on the page: {word!r}")
    stderr = page.locator(f'[data-mime-type="{STDERR}"]')
    if stderr.count():
        found.append(f"stderr output: {stderr.first.inner_text()[:300]!r}")
    found += [f"JavaScript error: {error}" for error in page.js_errors]
    if found:
        found.append("Voilà's log:\n" + server.log_tail())
    return found


def one(page, css_class: str):
    """The first element with css_class (there must be at least one)."""
    locator = page.locator(f".{css_class}")
    assert locator.count() >= 1, f"{page.url}: no .{css_class}"
    return locator.first


def text_of(page, css_class: str) -> str:
    return " ".join(one(page, css_class).text_content().split())


def wait_for_change(page, css_class: str, before: str, action: str) -> str:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(JS_TEXT_CHANGED, arg=[f".{css_class}", before], timeout=CHANGE_TIMEOUT_MS, polling=200)
    except PlaywrightTimeout:
        pytest.fail(f"{page.url}: after {action}, .{css_class} still shows {before!r}", pytrace=False)
    return text_of(page, css_class)


def test_start_page_links_to_the_lab_and_the_game(app_page, voila_server):
    open_start_page(app_page, voila_server)
    links = {link.get_attribute("href") for link in app_page.get_by_role("link").all()}
    assert {"lab.ipynb", "game.ipynb"} <= links, links
    assert not problems(app_page, voila_server), "\n".join(problems(app_page, voila_server))


def test_app_lab_answers_a_card_slider(app_page, voila_server):
    open_start_page(app_page, voila_server)
    follow(app_page, "Compare the methods", ".t24-lab-result")
    for css_class in ("t24-card-1", "t24-card-2", "t24-card-3", "t24-card-4", "t24-target", "t24-lab-methods"):
        one(app_page, css_class)
    handle = one(app_page, "t24-card-1").locator(".noUi-handle")
    value = round(float(handle.get_attribute("aria-valuenow")))
    at_max = value >= round(float(handle.get_attribute("aria-valuemax")))
    key, step = ("ArrowLeft", -1) if at_max else ("ArrowRight", 1)
    before = text_of(app_page, "t24-lab-result")
    assert before

    handle.focus()
    handle.press(key)
    after = wait_for_change(app_page, "t24-lab-result", before, f"{key} on the first card")

    assert round(float(handle.get_attribute("aria-valuenow"))) == value + step
    assert after
    found = problems(app_page, voila_server)
    assert not found, "\n".join(found)
    app_page.get_by_role("link", name="back to the start").click()
    app_page.wait_for_url("**/voila/render/index.ipynb*")


def test_app_game_checks_an_answer_and_gives_a_hint(app_page, voila_server):
    open_start_page(app_page, voila_server)
    follow(app_page, "Play", ".t24-game-hand")
    message = text_of(app_page, "t24-game-message")

    one(app_page, "t24-game-answer").locator("input").fill("1 + 2")
    one(app_page, "t24-game-check").click()
    checked = wait_for_change(app_page, "t24-game-message", message, "checking the answer 1 + 2")
    assert checked

    one(app_page, "t24-game-hint").click()
    hinted = wait_for_change(app_page, "t24-game-message", checked, "clicking Hint")
    assert hinted
    found = problems(app_page, voila_server)
    assert not found, "\n".join(found)
