"""A translation is the English source with its words replaced: a changed English paragraph makes
its entry stale and nothing is written; a translated code cell may change only its words."""

import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
translations = pytest.importorskip("translations")  # needs Babel and nbformat (the test extra)
students = pytest.importorskip("students")  # tools/students.py: the stubs of each edition


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
    code = nbformat.v4.new_code_cell(CODE, execution_count=1)
    cells = [nbformat.v4.new_markdown_cell(markdown), code]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), source.english)


CODE = 'total = 3 + 8  # two cards\nprint("made", total)'


def fill(source, words):
    catalogue = translations.catalogue_of("xx", source)
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


def test_a_draft_keeps_the_last_translation_and_marks_what_was_never_translated(lesson):
    """make students after an English edit: nothing stops, nothing mixes silently, all is named."""
    fill(lesson, WORDS)
    write(lesson, "# Cards\n\nTake two cards from the hand.\n\nAdd one.\n\nMake one number.")
    translations.update("xx")  # the old translation is kept as fuzzy, for the translator
    todo = []
    done = translations.translate(lesson, "xx", todo=todo)
    assert (
        done["cells"][0]["source"] == "# 牌\n\n取两张牌。\n\n「待翻译」\n\nAdd one.\n\n得到一个数。"
    )
    assert done["cells"][1]["source"] == WORDS[CODE]
    (listed,) = todo
    assert "lesson.ipynb, cell 0: the English changed since it was translated: 'Take two" in listed
    assert "lesson.ipynb, cell 0: not translated: 'Add one.'" in listed
    # the tests and --check stay strict: nothing is mixed
    with pytest.raises(translations.Stale, match="changed since it was translated: 'Take two"):
        translations.translate(lesson, "xx")


def test_a_translation_that_changes_the_code_is_refused_and_never_run_by_a_draft(lesson):
    fill(lesson, {**WORDS, CODE: 'total = 3 * 8  # 两张牌\nprint("得到", total)'})
    with pytest.raises(translations.Stale, match="the code differs"):
        translations.translate(lesson, "xx")
    todo = []
    done = translations.translate(lesson, "xx", todo=todo)
    assert done["cells"][1]["source"] == "# 「待翻译」\n" + CODE and "the code differs" in todo[0]


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
    assert len(copies) == 14 and warned == []


GUIDE = ROOT / "teacher" / "maintaining.md"
HEADER = "| English | 中文 | not |"
GLOSSARY_ZH = re.compile(r"^\| 英文 \| 中文 \| 不用 \|\n(?:\|.*\n)*", re.M)  # the table, translated
# A word of the glossary's last column inside a longer word is not that word (中文字体 holds 文字).
INSIDE = ("中文字体", "英文字母", "中文字符")


def glossary() -> dict[str, str]:
    """The guide's terms of the Chinese edition: {a word it does not use: the words it uses}."""
    table = GUIDE.read_text(encoding="utf-8").split(HEADER, 1)[1].split("\n\n", 1)[0]
    rows = [line.strip("|").split("|") for line in table.strip().splitlines()[1:]]
    return {
        word.strip(): chinese.strip()
        for _english, chinese, words in rows
        for word in words.split("、")
        if word.strip()
    }


def forbidden(text: str) -> list[str]:
    """The glossary's refused words in `text`, each with the words to use instead."""
    for inside in INSIDE:
        text = text.replace(inside, "")
    return [f"{word} → {instead}" for word, instead in glossary().items() if word in text]


def chinese_entries():
    """(catalogue, English start, Chinese) of every translated entry, but the glossary itself."""
    from babel.messages.pofile import read_po

    paths = [*sorted((ROOT / "translations" / "zh_CN").glob("*.po"))]
    paths.append(ROOT / "t24" / "locale" / "zh_CN" / "LC_MESSAGES" / "t24.po")
    for path in paths:
        with path.open("rb") as file:
            for message in read_po(file):
                english = message.id if isinstance(message.id, str) else message.id[0]
                if english and HEADER not in english:  # a plural's Chinese: its forms joined
                    yield path.relative_to(ROOT), english, "".join(message.string)


def test_no_chinese_text_uses_a_word_the_glossary_refuses():
    """Every Chinese entry of every catalogue (the package's, the lessons', the guides', the
    README's, the app's), and the Chinese files made from them, say the glossary's words."""
    assert forbidden("8/3 会被取整") == ["取整 → 舍入、舍入误差"] and not forbidden("中文字体")
    assert {"取整", "文字", "文本", "名字", "运算数", "用例", "来玩"} <= glossary().keys()
    found = [
        f"{path}: {english[:50]!r}: {', '.join(words)}"
        for path, english, chinese in chinese_entries()
        if (words := forbidden(chinese))
    ]
    made = [*(ROOT / "teacher" / "zh-CN").iterdir(), *(ROOT / "app").glob("*.zh-CN.*")]
    made.append(ROOT / "README.zh-CN.md")
    for path in sorted(made):
        text = re.sub(GLOSSARY_ZH, "", path.read_text(encoding="utf-8"))  # the glossary itself
        words = forbidden(text)
        if words:
            found.append(f"{path.relative_to(ROOT)} (made from the catalogues): {', '.join(words)}")
    assert not found, "words the glossary refuses (teacher/maintaining.md):\n" + "\n".join(found)


def labels(widget) -> list[str]:
    """Every label a person reads on a widget and the widgets inside it."""
    found = [getattr(widget, "description", "") or ""]
    found += [label for label, _value in getattr(widget, "options", ()) if isinstance(label, str)]
    return found + [text for child in getattr(widget, "children", ()) for text in labels(child)]


CONTROLS = {"检查", "提示", "显示答案", "下一手牌", "全部", "本质不同", "第一个", "递归", "播放"}


def test_the_chinese_game_lab_and_stepper_label_every_control_in_chinese():
    """The game's buttons, the lab's methods, answer modes and buttons, and a stepper's play
    button say Chinese, and the game draws a card 1 as A."""
    pytest.importorskip("ipywidgets")
    from t24.notebook.game_widget import make_game_widget
    from t24.notebook.lab import make_lab
    from t24.notebook.steppers import make_recursion_stepper
    from t24.text import use_language

    use_language("zh_CN")
    try:
        made = [make_game_widget(hands=[(1, 2, 3, 4)]), make_lab(), make_recursion_stepper([3, 8])]
    finally:
        use_language(None)
    said = [label for widget in made for label in labels(widget) if label]
    assert set(said) >= CONTROLS
    assert ">A<span" in made[0].hand_view.value
    assert [label for label in said if re.search("[A-Za-z]{2,}", label)] == []


def code_cells(path: Path) -> list[str]:
    cells = nbformat.read(path, as_version=4).cells
    return [cell.source for cell in cells if cell.cell_type == "code"]


def test_the_chinese_students_copies_run_the_english_copies_code():
    """Each Chinese students' copy is its English copy with only its words changed (after the
    lines that set the language), so the browser tests, which run every English copy, and strict
    nbval over the Chinese teacher's lessons run its code: it is not run a third time."""
    copies = sorted((ROOT / "notebooks" / "zh-CN").glob("[0-9][0-9]-*.ipynb"))
    setup = 'from t24.text import use_language\n\nuse_language("zh_CN")\n\n'
    (STUB_EN, _), (STUB_ZH, _) = students.STUBS[""], students.STUBS["zh-CN"]
    differ = []
    for copy in copies:
        english, chinese = code_cells(ROOT / "notebooks" / copy.name), code_cells(copy)
        if len(english) != len(chinese) or not chinese[0].startswith(setup):
            differ.append(f"{copy.name}: its cells")
            continue
        chinese[0] = chinese[0].removeprefix(setup)
        chinese = [code.replace(STUB_ZH, STUB_EN) for code in chinese]  # the stub in its language
        pairs = zip(english, chinese)
        differ += [
            f"{copy.name}: {why}" for en, zh in pairs if (why := translations.same_code(en, zh))
        ]
    assert len(copies) == 11 and differ == [], differ
