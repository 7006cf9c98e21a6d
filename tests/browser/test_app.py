"""The code-free app (Voilà on app/, as `make app` serves it), as a student meets it.

The address with its token lands on the static start page, whose links lead to the lab and the game:
each page shows its widgets, no code and no error; the lab answers a card slider, the game an
answer and a hint.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

WAIT_MS = 120_000  # Voilà runs a page's notebook before it shows it


def visit(page, voila_app, link: str | None = None, ready: str = "h1"):
    """Open the start page with the token, then follow `link`; the JavaScript errors seen."""
    url, token = voila_app
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{url}/?token={token}", timeout=WAIT_MS)
    page.wait_for_selector("h1", timeout=WAIT_MS)
    assert urlsplit(page.url).path == "/"
    if link:
        page.get_by_role("link", name=link).click()
        page.wait_for_selector(ready, state="visible", timeout=WAIT_MS)
    return errors


def problems(page, errors) -> list[str]:
    """Code, error text or JavaScript errors on a page that must show none."""
    body = page.inner_text("body")
    found = [f"shows {word!r}" for word in ("import ", "Traceback", "Error:") if word in body]
    return found + [f"JavaScript error: {error}" for error in errors]


def changed(page, selector: str, before: str) -> str:
    page.wait_for_function(
        "([s, b]) => document.querySelector(s).textContent.trim().split(/\\s+/).join(' ') !== b",
        arg=[selector, before],
        timeout=30_000,
        polling=200,
    )
    return " ".join(page.locator(selector).first.text_content().split())


def test_the_start_page_links_to_the_lab_and_the_game(page, voila_app):
    errors = visit(page, voila_app)
    links = {link.get_attribute("href") for link in page.get_by_role("link").all()}
    assert links == {"voila/render/lab.ipynb", "voila/render/game.ipynb"}
    assert problems(page, errors) == []


def test_the_lab_answers_a_card_slider(page, voila_app):
    errors = visit(page, voila_app, "Compare the methods", ".t24-lab-result")
    before = " ".join(page.locator(".t24-lab-result").first.text_content().split())
    handle = page.locator(".t24-card-1 .noUi-handle").first
    handle.focus()
    handle.press("ArrowRight" if "13" not in handle.get_attribute("aria-valuenow") else "ArrowLeft")
    changed(page, ".t24-lab-result", before)
    assert problems(page, errors) == []


def test_the_game_checks_an_answer_and_gives_a_hint(page, voila_app):
    errors = visit(page, voila_app, "Play", ".t24-game-hand")
    message = " ".join(page.locator(".t24-game-message").first.text_content().split())
    page.locator(".t24-game-answer input").fill("1 + 2")
    page.locator(".t24-game-check").click()
    checked = changed(page, ".t24-game-message", message)
    page.locator(".t24-game-hint").click()
    assert "hint 1 of" in changed(page, ".t24-game-message", checked)
    assert problems(page, errors) == []
    page.get_by_role("link", name="back to the start").click()
    page.wait_for_url(f"{voila_app[0]}/", timeout=WAIT_MS)
