"""A translation is the English source with its words replaced: a changed English paragraph makes
its entry stale and nothing is written; a translated code cell may change only its words."""

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
translations = pytest.importorskip("translations")  # needs Babel and nbformat (the test extra)


@pytest.fixture
def lesson(tmp_path, monkeypatch):
    """A two-cell notebook translated into a test language, its catalogue in tmp_path."""
    source = translations.Source(tmp_path / "lesson.ipynb", "lesson")
    write(source, "# Cards\n\nTake two cards.\n\nMake one number.")
    monkeypatch.setattr(translations, "CATALOGUES", tmp_path / "translations")
    monkeypatch.setattr(translations, "sources", lambda: [source])
    translations.update("xx")
    return source


def write(source, markdown):
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": markdown},
        {"cell_type": "code", "metadata": {}, "source": CODE, "outputs": [], "execution_count": 1},
    ]
    source.english.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4}))


CODE = 'total = 3 + 8  # two cards\nprint("made", total)'


def fill(source, words):
    catalogue = translations.read("xx", source)
    for message in catalogue:
        if message.id in words:
            message.string, message.flags = words[message.id], set()
    with translations.po_path("xx", source).open("wb") as file:
        translations.write_po(file, catalogue, width=0)


WORDS = {
    "# Cards": "# 牌",
    "Take two cards.": "取两张牌。",
    "Make one number.": "得到一个数。",
    CODE: 'total = 3 + 8  # 两张牌\nprint("得到", total)',
}


def test_a_full_catalogue_gives_the_lesson_in_its_language(lesson):
    fill(lesson, WORDS)
    done = translations.translate(lesson, "xx", setup="LANGUAGE = 'xx'\n")
    assert done["cells"][0]["source"] == "# 牌\n\n取两张牌。\n\n得到一个数。"
    assert done["cells"][1]["source"] == "LANGUAGE = 'xx'\n" + WORDS[CODE]
    assert done["cells"][1]["outputs"] == [] and done["cells"][1]["execution_count"] is None


def test_a_changed_english_paragraph_is_named_stale_and_nothing_is_mixed(lesson):
    fill(lesson, WORDS)
    write(lesson, "# Cards\n\nTake two cards from the hand.\n\nMake one number.")
    translations.update("xx")  # the old translation is kept as fuzzy, for the translator
    with pytest.raises(translations.Stale, match="changed since it was translated: 'Take two"):
        translations.translate(lesson, "xx")


def test_a_translation_that_changes_the_code_is_refused(lesson):
    fill(lesson, {**WORDS, CODE: 'total = 3 * 8  # 两张牌\nprint("得到", total)'})
    with pytest.raises(translations.Stale, match="the code differs"):
        translations.translate(lesson, "xx")


def test_every_catalogue_of_the_project_translates_its_source_as_it_is_now():
    stale = []
    for lang in translations.languages():
        for source in translations.sources():
            try:
                translations.translate(source, lang)
            except translations.Stale as error:
                stale.append(str(error).splitlines()[0])
    assert translations.languages() and not stale, "\n".join(stale)


def test_the_chinese_notebooks_draw_every_character():
    """No figure of the Chinese edition lacks a glyph (matplotlib warns when its font has none)."""
    copies = [*(ROOT / "teacher" / "zh-CN").glob("*.ipynb"), *(ROOT / "app").glob("*.zh-CN.ipynb")]
    warned = [path.name for path in copies if re.search(r"Glyph \d+|findfont", path.read_text())]
    assert len(copies) == 13 and warned == []


def code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def test_the_chinese_students_copies_run_the_english_copies_code():
    """Each Chinese students' copy is its English copy with only its words changed (after the
    lines that set the language), so the browser tests, which run every English copy, and strict
    nbval over the Chinese teacher's lessons run its code: it is not run a third time."""
    copies = sorted((ROOT / "notebooks" / "zh-CN").glob("[0-9][0-9]-*.ipynb"))
    setup = 'from t24.text import use_language\n\nuse_language("zh_CN")\n\n'
    differ = []
    for copy in copies:
        english, chinese = code_cells(ROOT / "notebooks" / copy.name), code_cells(copy)
        if len(english) != len(chinese) or not chinese[0].startswith(setup):
            differ.append(f"{copy.name}: its cells")
            continue
        chinese[0] = chinese[0].removeprefix(setup)
        pairs = zip(english, chinese)
        differ += [
            f"{copy.name}: {why}" for en, zh in pairs if (why := translations.same_code(en, zh))
        ]
    assert len(copies) == 10 and differ == [], differ
