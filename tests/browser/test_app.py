"""The code-free app (Voilà on app/, as `make app` serves it), as a student meets it: the address
with its token lands on the start page (/zh-CN on its Chinese twin), whose links lead to the lab
and the game; the teacher's class round is at the address the server prints, and shows nothing
until its code is typed. The screenshots in docs/screenshots/ are made here."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

WAIT_MS = 120_000  # Voilà runs a page's notebook before it shows it
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = {"phone": (390, 844), "tablet": (768, 1024), "laptop": (1280, 900)}
PAGES = [("start", None, "h1"), ("game", "Play", ".t24-game-hand")]
PAGES += [("lab", "Compare the methods", ".t24-lab-result")]
PAGES += [("teacher", "/voila/render/teacher.ipynb", ".t24-teacher-code")]
PAGES += [("cards", "Task cards", "table")]
LINKS = {"voila/render/lab.ipynb", "voila/render/game.ipynb", "task-cards", "zh-CN"}
# Cut: a button, label or link whose text overflows it, or a slider whose track is under 200 px
# (the lab's target steps through 40 values: 5 px a step at the least).
JS_CUT = """() => [...document.querySelectorAll('button, label, a, .slider-container')].filter(e =>
    e.offsetParent && (e.scrollWidth > e.clientWidth /* cut */ || e.matches('.slider-container') && e.clientWidth < 200))
    .map(e => `${e.textContent.trim() || e.className} (${e.clientWidth} px)`)"""
JS_CHANGE = "([s, b]) => document.querySelector(s).textContent.trim().split(/\\s+/).join(' ') !== b"
JS_KERNEL = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
JS_GONE = "async url => (await fetch(url)).status === 404"
JS_SERIOUS = """async () => (await axe.run()).violations.filter(v => ['serious', 'critical'].includes(v.impact))
    .map(v => `${v.id}: ${v.nodes.map(n => n.html.slice(0, 80)).join(' | ')}`)"""


def visit(page, voila_app, link: str | None = None, ready: str = "h1"):
    """Open the start page with the token, then follow `link` (or go to a path: /...); the
    JavaScript errors seen."""
    url, token, _log = voila_app
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{url}/?token={token}", timeout=WAIT_MS)
    page.wait_for_selector("h1", timeout=WAIT_MS)
    assert urlsplit(page.url).path == "/"
    if link and link.startswith("/"):
        page.goto(url + link, timeout=WAIT_MS)
    elif link:
        page.get_by_role("link", name=link).click()
    if link:
        page.wait_for_selector(ready, state="visible", timeout=WAIT_MS)
    return errors


def problems(page, errors) -> list[str]:
    """Code, error text or JavaScript errors on a page that must show none."""
    body = page.inner_text("body")
    found = [f"shows {word!r}" for word in ("import ", "Traceback", "Error:") if word in body]
    return found + [f"JavaScript error: {error}" for error in errors]


def changed(page, selector: str, before: str) -> str:
    page.wait_for_function(JS_CHANGE, arg=[selector, before], timeout=30_000, polling=200)
    return " ".join(page.locator(selector).first.text_content().split())


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


def chinese(text: str) -> bool:
    """Whether a text is written in Chinese characters (not an English sentence left over)."""
    return sum("\u4e00" <= char <= "\u9fff" for char in text) > len(text) // 4


def test_a_closed_tab_gives_its_kernel_back(page, voila_app):
    visit(page, voila_app)
    tabs = [page.context.new_page() for _ in range(3)]
    for tab in tabs:
        tab.goto(f"{voila_app[0]}/voila/render/game.ipynb", timeout=WAIT_MS)
        tab.wait_for_selector(".t24-game-hand", timeout=WAIT_MS)
    kernels = [f"{voila_app[0]}/api/kernels/{tab.evaluate(JS_KERNEL)}" for tab in tabs]
    assert [page.request.get(url).status for url in kernels] == [200] * 3
    for tab, url in zip(tabs, kernels):
        tab.close(run_before_unload=True)  # its unload posts the kernel's shutdown
        page.wait_for_function(JS_GONE, arg=url, timeout=30_000)


def test_the_pages_fit_a_phone_a_tablet_and_a_laptop_and_pass_axe(page, voila_app, axe):
    for name, link, ready in PAGES:
        page.set_viewport_size(dict(zip(("width", "height"), SIZES["phone"])))
        errors = visit(page, voila_app, link, ready)
        links = {link.get_attribute("href") for link in page.get_by_role("link").all()}
        assert name != "start" or links == LINKS
        page.add_script_tag(path=axe)
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(500)  # the widgets settle
            assert page.evaluate(JS_CUT) == [], (name, size)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, size)
            if (size == "laptop" and name != "teacher") or (size, name) == ("phone", "game"):
                page.screenshot(path=SCREENSHOTS / f"app-{name}{'-phone' * (size == 'phone')}.png")
            assert page.evaluate(JS_SERIOUS) == [], (name, size)
        assert problems(page, errors) == [], name


def test_a_class_round_reaches_every_student_and_only_the_teacher_sees_it(
    browser, browser_context_args, voila_app
):
    url, token, log = voila_app
    printed = re.search(r"teacher page, for you only: (\S+)", log.read_text()).group(1)
    assert printed == f"{url}/voila/render/teacher.ipynb?token={token}"
    warm = re.search(r"warm pages: ([^)]*)\)", log.read_text()).group(1)
    assert set(warm.split(", ")) == {"1 game", "1 lab", "1 teacher"}  # the English pages only
    teacher, stranger, *students = (
        browser.new_context(**browser_context_args).new_page() for _ in range(5)
    )
    for page in (teacher, stranger):
        visit(page, voila_app, "/voila/render/teacher.ipynb", ".t24-teacher-code")
    for student in students:
        visit(student, voila_app, "Play", ".t24-game-hand")
        assert student.get_by_role("button", name="Start round").count() == 0
    stranger.locator(".t24-teacher-code input").fill("guess")
    stranger.locator(".t24-teacher-open").click()
    stranger.wait_for_selector(".t24-teacher-reply:has-text('Wrong code')", timeout=30_000)
    teacher.locator(".t24-teacher-code input").fill(token)
    teacher.locator(".t24-teacher-open").click()
    teacher.locator(".t24-teacher-hands input").fill("3 3 8 8")
    teacher.locator(".t24-teacher-start").click()
    for student in students:
        student.wait_for_selector(".t24-round-status:has-text('Class round')", timeout=30_000)
    hands = {" ".join(s.locator(".t24-game-hand").inner_text().split()) for s in students}
    assert hands == {"3388 → make 24"}  # the four cards, side by side
    first = students[0]
    first.locator(".t24-round-name input").fill("Quill")
    first.locator(".t24-game-answer input").fill("3+3+8+8")
    first.locator(".t24-game-check").click()
    teacher.locator(".t24-teacher-view:has-text('1 student tried, 0 solved it')").wait_for()
    first.reload()  # the same student after a reload: the browser keeps the id and the name
    first.wait_for_selector(".t24-round-status:has-text('Class round')", timeout=WAIT_MS)
    assert first.locator(".t24-round-name input").input_value() == "Quill"
    for student, typed in zip(students, ["8/(3-8/3)", "8/(3-(8/3))", "1+2"]):
        student.locator(".t24-game-answer input").fill(typed)
        student.locator(".t24-game-check").click()
    teacher.locator(".t24-teacher-view:has-text('3 students tried, 2 solved it')").wait_for()
    assert "8 / (3 - 8 / 3)" not in teacher.inner_text("body")  # until the teacher shows them
    teacher.locator(".t24-teacher-reveal").click()
    answers = teacher.locator(".t24-teacher-answers:has-text('2 students (Quill)')")
    assert "8 / (3 - 8 / 3)" in answers.inner_text(timeout=30_000)
    assert teacher.evaluate(JS_CUT) == []  # no label cut on the page the class sees projected
    teacher.screenshot(path=SCREENSHOTS / "app-teacher.png")
    stranger.reload()  # a fresh page on the teacher's address, without the code: nothing
    stranger.wait_for_selector(".t24-teacher-code", timeout=WAIT_MS)
    markup = stranger.content()  # the widgets' state comes with the page
    assert not any(
        word in markup for word in ("3 3 8 8", "Quill", "students tried", "8 / (3 - 8 / 3)")
    )
    assert "a teacher page refused a wrong teacher code (refusal 1)" in log.read_text()


# Every control's words a student reads: text, placeholder, title, aria-label (the link to the
# English pages, written lang="en", aside).
JS_LABELS = """() => [...document.querySelectorAll(
    'button, label, a, .widget-label, .widget-html-content b, option, [placeholder], [title], [aria-label]')]
    .filter(e => e.offsetParent && !e.closest('body [lang=en]'))
    .flatMap(e => [e.textContent, e.placeholder, e.title, e.getAttribute('aria-label')])
    .filter(Boolean).map(t => t.trim().split(/\\s+/).join(' '))"""
CODE_WORDS = set()  # identifiers meant as code that a Chinese page may show as they are
ZH_PAGES = [("start", "/zh-CN", "h1"), ("game", "/voila/render/game.zh-CN.ipynb", ".t24-game-hand")]
ZH_PAGES += [("lab", "/voila/render/lab.zh-CN.ipynb", ".t24-lab-result")]
ZH_PAGES += [("teacher", "/voila/render/teacher.zh-CN.ipynb", ".t24-teacher-code")]


def test_the_chinese_pages_label_every_control_in_chinese(page, voila_app):
    """The Chinese start page leads to the Chinese pages, which say their language, answer in
    Chinese, and have no English word on a control and none cut; their screenshots for
    README.zh-CN.md."""
    url, token, _log = voila_app
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{url}/zh-CN?token={token}", timeout=WAIT_MS)
    english = {}
    for name, path, ready in ZH_PAGES:
        page.goto(url + path, timeout=WAIT_MS)
        page.wait_for_selector(ready, state="visible", timeout=WAIT_MS)
        links = set(page.evaluate("[...document.links].map(a => a.href)"))
        if name == "start":  # its links lead to the Chinese game and lab
            assert page.inner_text("h1") == "24点游戏"
            assert {url + path for _name, path, _ready in ZH_PAGES[1:3]} <= links
        if name == "game":
            assert f"{url}/zh-CN" in links  # back to the Chinese start page
        if name == "teacher":  # its controls for a round show once the code is typed
            page.locator(".t24-teacher-code input").fill(token)
            page.locator(".t24-teacher-open").click()
            page.wait_for_selector(".t24-teacher-start", state="visible", timeout=30_000)
        page.wait_for_timeout(500)  # the widgets settle
        assert page.get_attribute("html", "lang").startswith("zh"), name  # read as Chinese
        assert page.evaluate(JS_CUT) == [], name  # Chinese labels fit their width as well
        for label in set(page.evaluate(JS_LABELS)):
            words = set(re.findall(r"[A-Za-z]{2,}", label)) - CODE_WORDS
            if words:
                english.setdefault(name, []).append(label)
        if name == "game":  # a typed answer and its reply, as README.zh-CN.md says
            message = " ".join(page.locator(".t24-game-message").first.text_content().split())
            page.locator(".t24-game-answer input").fill("1 + 2")
            page.get_by_role("button", name="检查").click()
            checked = changed(page, ".t24-game-message", message)
            assert chinese(checked), checked  # the kernel's reply, in Chinese too
            page.set_viewport_size(dict(zip(("width", "height"), SIZES["phone"])))
            page.wait_for_timeout(500)
            page.screenshot(path=SCREENSHOTS / "app-game-phone.zh-CN.png")
            page.set_viewport_size(dict(zip(("width", "height"), SIZES["laptop"])))
            page.wait_for_timeout(500)
        if name != "teacher":
            page.screenshot(path=SCREENSHOTS / f"app-{name}.zh-CN.png")
        assert problems(page, errors) == [], name
    assert english == {}
    page.goto(f"{url}/zh-CN/task-cards", timeout=WAIT_MS)  # the start page's link for teachers
    assert chinese(page.inner_text("h1")) and page.locator("table").count() == 4
