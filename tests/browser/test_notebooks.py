"""Every notebook, run in JupyterLab in headless Chromium, as a student would see it.

For each numbered notebook (``notebooks/[0-9][0-9]-*.ipynb``, parametrised in conftest.py): open
it, run all cells, and check that every code cell ran, no cell shows an error (except cells
tagged raises-exception) and every widget rendered; then save a screenshot to
docs/screenshots/. The lab and the game are also played (found by the function their notebook
calls, their widgets by CSS class): a card slider moved with the keyboard, an answer typed and
buttons clicked, and what they show must change.
"""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

LAB = "make_lab"
GAME = "make_game_widget"


@functools.lru_cache
def first_calling(notebooks_dir: Path, function: str) -> str | None:
    """The name of the first numbered notebook whose code calls function, or None.

    Found by content, not by number, so renumbering or rewriting the notebooks does not break
    the tests (today: the lab in 04-comparing-the-approaches, the game in 08-play).
    """
    for path in sorted(notebooks_dir.glob("[0-9][0-9]-*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        if any(cell["cell_type"] == "code" and f"{function}(" in "".join(cell["source"]) for cell in cells):
            return path.name
    return None


def played(notebooks_dir: Path) -> set[str]:
    """The lab's and the game's notebooks: their pages, run and checked, are kept for the tests that play them."""
    return {first_calling(notebooks_dir, LAB), first_calling(notebooks_dir, GAME)} - {None}
CHANGE_TIMEOUT_MS = 30_000

# The same text as text_of() reads: textContent with runs of white space made one space.
JS_TEXT_CHANGED = """([selector, before]) => {
    const node = document.querySelector(selector);
    return !!node && node.textContent.trim().split(/\\s+/).join(' ') !== before;
}"""


def test_notebook_runs_in_browser(lab, notebook, screenshots_dir, notebooks_dir):
    start = time.monotonic()
    with lab.opened(notebook, keep=notebook.name in played(notebooks_dir)) as page:
        opened = time.monotonic()
        page.run_all()
        ran = time.monotonic()
        page.wait_for_widgets()
        problems = page.problems()
        checked = time.monotonic()
        page.screenshot(screenshots_dir / f"{notebook.stem}.png")
        shot = time.monotonic()
    print(f"{notebook.name}: open {opened - start:.1f} s, run all {ran - opened:.1f} s, "
          f"checks {checked - ran:.1f} s, screenshot {shot - checked:.1f} s, "
          f"total {time.monotonic() - start:.1f} s")
    assert not problems, f"{notebook.name} in JupyterLab:\n" + "\n".join(problems)


def existing(notebooks_dir, function):
    """The path of the notebook that calls function; fails when there is none."""
    name = first_calling(notebooks_dir, function)
    if name is None:
        pytest.fail(f"no notebook calls {function}()", pytrace=False)
    return notebooks_dir / name


def widget(page, css_class: str):
    """The first element with css_class (a notebook may show a widget more than once)."""
    locator = page.page.locator(f".{css_class}")
    count = locator.count()
    assert count >= 1, f"{page.notebook.name}: no widget .{css_class}"
    return locator.first


def text_of(page, css_class: str) -> str:
    """The text in the first widget with css_class, white space normalised."""
    return " ".join(widget(page, css_class).text_content().split())


def wait_for_change(page, css_class: str, before: str, action: str) -> str:
    """Wait until the first widget's text differs from before; return the new text."""
    if not page.wait(JS_TEXT_CHANGED, [f".{css_class}", before], CHANGE_TIMEOUT_MS):
        errors = "".join(f"\n  kernel error: {error}" for error in page.kernel_errors())
        pytest.fail(
            f"{page.notebook.name}: after {action}, .{css_class} still shows {before!r}{errors}",
            pytrace=False,
        )
    after = text_of(page, css_class)
    assert after != before
    return after


def test_lab_card_slider_changes_result(request, notebooks_dir):
    notebook = existing(notebooks_dir, LAB)
    lab = request.getfixturevalue("lab")  # only now: no server for a notebook not written yet
    with lab.executed(notebook) as page:
        for css_class in ("t24-card-2", "t24-card-3", "t24-card-4", "t24-target", "t24-lab-methods"):
            widget(page, css_class)
        handle = widget(page, "t24-card-1").locator(".noUi-handle")
        value = round(float(handle.get_attribute("aria-valuenow")))
        at_max = value >= round(float(handle.get_attribute("aria-valuemax")))
        key, step = ("ArrowLeft", -1) if at_max else ("ArrowRight", 1)
        before = text_of(page, "t24-lab-result")
        errors_before = page.kernel_errors()

        handle.focus()
        handle.press(key)
        after = wait_for_change(page, "t24-lab-result", before, f"{key} on the first card")

        assert round(float(handle.get_attribute("aria-valuenow"))) == value + step
        assert after
        assert page.kernel_errors() == errors_before
        problems = page.problems()
        assert not problems, "\n".join(problems)


def test_game_check_hint_and_next(request, notebooks_dir):
    notebook = existing(notebooks_dir, GAME)
    lab = request.getfixturevalue("lab")  # only now: no server for a notebook not written yet
    with lab.executed(notebook) as page:
        message = text_of(page, "t24-game-message")
        hand = text_of(page, "t24-game-hand")
        errors_before = page.kernel_errors()

        widget(page, "t24-game-answer").locator("input").fill("1 + 2")
        widget(page, "t24-game-check").click()
        checked = wait_for_change(page, "t24-game-message", message, "checking the answer 1 + 2")
        assert checked

        widget(page, "t24-game-hint").click()
        hinted = wait_for_change(page, "t24-game-message", checked, "clicking Hint")
        assert hinted

        widget(page, "t24-game-next").click()
        wait_for_change(page, "t24-game-hand", hand, "clicking Next")
        assert page.kernel_errors() == errors_before
        problems = page.problems()
        assert not problems, "\n".join(problems)
