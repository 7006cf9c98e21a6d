"""tools/handouts.py: every lesson's sheets hold what its lesson and the package say; one lesson
printed in English and in Chinese where no system font has Chinese glyphs: A4 pages in greys, the
text real text in embedded fonts that have every glyph, the answers on the teacher's copy only."""

import importlib.util
import re
from fractions import Fraction
from pathlib import Path

import matplotlib
import pypdf
import pytest
from fontTools.ttLib import TTFont

import t24

SPEC = importlib.util.spec_from_file_location("h", Path(__file__).parents[2] / "tools/handouts.py")
SPEC.loader.exec_module(handouts := importlib.util.module_from_spec(SPEC))
LESSONS = sorted(handouts.ROOT.glob("teacher/[0-9][0-9]-*.ipynb"))
PRINTED = "01"  # its sheet names the post “24点解法”: Chinese in the English copy as well
OPS = {symbol: op for op, symbol in handouts.SYMBOLS.items()}


def squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.fixture(scope="module")
def sheets():  # the lessons' cells not run here: the printed lesson runs its reveals
    return {p.name[:2]: {s["kind"]: s for s in handouts.sheets(p, run=False)} for p in LESSONS}


def test_every_question_of_every_lesson_is_on_its_sheet_with_an_answer_or_its_reveal(sheets):
    for path in LESSONS:
        markdown = [c["source"] for c in handouts.cells_of(path) if c["cell_type"] == "markdown"]
        text = squeezed(handouts.plain("".join("".join(source) for source in markdown)))
        asked = sum(text.count(f"{marker}.") for marker in ("Tryitfirst", "Traceitbyhand"))
        items = sheets[path.name[:2]]["questions"]["items"]
        assert len(items) == asked >= 2, path.name
        unmarked = re.sub(r"(Tryitfirst|Traceitbyhand)\.", "", text)
        for item in items:  # as the lesson asks it, its marker apart, for paper
            assert squeezed(item["text"]) in unmarked.replace("inthecellbelow", "intheboxbelow")
            assert item["reveals"] or item["answer"], item


def test_the_sheets_answers_are_the_packages(sheets):
    drawn = {number: list(kinds)[:-1] for number, kinds in sheets.items() if len(kinds) > 1}
    assert drawn == {
        **{"00": ["hand", "sets"], "01": ["patterns"], "02": ["stack"]},
        **{"04": ["tree", "array"], "07": ["exact"], "10": ["score"]},
    }
    hand = sheets["00"]["hand"]
    assert hand["answer"] == "8 ÷ (3 − 8 ÷ 3) = 24" and len(hand["steps"]) == 3
    for card_set in sheets["00"]["sets"]["sets"]:  # easier first, an answer for each that has one
        said = card_set["answer"].replace("÷", "/").replace("×", "*").replace("−", "-")
        assert (said and t24.check_answer(card_set["hand"], said).ok) or not t24.solve(
            card_set["hand"]
        )
    for row in sheets["01"]["patterns"]["rows"]:  # each filled pattern makes 24 with 2 4 6 8
        filled = "".join(OPS.get(c, c) for c in row["filled"])
        assert not row["hit"] or t24.check_answer(handouts.PATTERN_HAND, filled).ok, filled
    assert sum(row["hit"] for row in sheets["01"]["patterns"]["rows"]) == 11
    for machine in sheets["02"]["stack"]["machines"]:
        assert machine["rows"][-1][2] == machine["value"] == str(t24.parse(machine["infix"]).value)
    tree = sheets["04"]["tree"]
    assert len(tree["branches"]) == 18 and all(len(b["leaves"]) == 6 for b in tree["branches"])
    assert sum(hit for b in tree["branches"] for _, hit in b["leaves"]) == len(tree["hits"]) == 2
    rows = sheets["04"]["array"]["rows"]  # the start, then per pair: its move, six writes, restore
    assert [row["do"] for row in rows] == ["start"] + (["pair"] + ["write"] * 6 + ["restore"]) * 3
    assert all(row["slots"] == rows[0]["slots"] for row in rows if row["do"] == "restore")
    for expr in sheets["07"]["exact"]["exprs"]:
        for step, exact, float_, equal in expr["rows"]:
            assert str(t24.parse(step).value) == exact and equal == (
                Fraction(float(float_)) == Fraction(exact)
            )
    for round_ in sheets["10"]["score"]["rounds"]:
        assert t24.check_answer(round_.hand, str(round_.answer)).ok


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """Lesson 01 printed in both languages where the only system fonts are Latin (matplotlib's)."""
    out = tmp_path_factory.mktemp("h")
    conf = out / "fonts.conf"  # fontconfig sees DejaVu & co. only: no CJK font to fall back on
    folder = Path(matplotlib.get_data_path(), "fonts/ttf")
    conf.write_text(f"<fontconfig><dir>{folder}</dir><cachedir>{out}</cachedir></fontconfig>")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FONTCONFIG_FILE", str(conf))
        made = {
            edition: handouts.build(out / edition, {PRINTED}, language=language)
            for edition, language in (("", "en"), ("zh-CN/", "zh"))
        }
    return {
        f"{edition}{name}": (pypdf.PdfReader(out / edition / name), sheets)
        for edition, pdfs in made.items()
        for name, sheets in pdfs.items()
    }


def text(reader) -> str:
    return squeezed("".join(page.extract_text() for page in reader.pages))


def test_the_printed_pages_are_a4_in_greys_and_both_copies_have_the_same_pages(printed):
    for name, (reader, _) in printed.items():  # a sheet, then the questions
        pair = printed[name.replace("teacher/", "students/")][0]
        assert len(reader.pages) == len(pair.pages) >= 2, name
        for page in reader.pages:
            assert (round(page.mediabox.width), round(page.mediabox.height)) == (595, 842)
            for operands, op in page.get_contents().operations:
                assert op not in (b"rg", b"RG") or len(set(operands)) == 1, (name, operands)


def test_the_questions_are_on_both_copies_and_the_answers_only_on_the_teachers(printed):
    for edition, answers in (("", "ANSWERS"), ("zh-CN/", "答案·教师用")):
        folder = handouts.ROOT / handouts.LANGUAGES["zh" if edition else "en"][0]
        lesson = next(folder.glob(f"{PRINTED}-*.ipynb"))
        student, teacher = (
            text(printed[f"{edition}{copy}/{lesson.stem}.pdf"][0])
            for copy in ("students", "teacher")
        )
        assert squeezed(handouts.title_of(lesson)) in student
        items = printed[f"{edition}teacher/{lesson.stem}.pdf"][1][-1]["items"]
        assert [item["text"] for item in items] == [
            q["text"] for q in handouts.questions(handouts.cells_of(lesson))
        ]
        for item in items:  # what its reveal showed (the lesson's cells ran) or its model answer
            answer = squeezed(item["answer"].splitlines()[0])
            assert squeezed(item["text"]) in student and squeezed(item["text"]) in teacher
            assert answer and answer in teacher and answer not in student, item
        assert answers in teacher and answers not in student
    assert "“24点解法”" in text(printed[f"teacher/{lesson.stem}.pdf"][0])  # in the English copy too


def test_every_character_is_drawn_from_the_embedded_fonts_that_have_it(printed):
    """No box for a missing glyph: each font in the PDF is one the page names (none a system
    fallback), and together they map every character of the text (Chinese from Noto Sans SC)."""
    ours = {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono", "NotoSansSC-Regular"}
    files = [handouts.LATIN / f"{name}.ttf" for name in sorted(ours - {"NotoSansSC-Regular"})]
    mapped = set().union(*(TTFont(f).getBestCmap() for f in [*files, handouts.cjk_font()]))
    for name, (reader, _) in printed.items():
        used = set()
        for page in reader.pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                described = (
                    font.get("/FontDescriptor") or font["/DescendantFonts"][0]["/FontDescriptor"]
                )
                used.add(str(described["/FontName"]).split("+")[-1])
        assert used <= ours and ("NotoSansSC-Regular" in used), (name, used)
        assert {c for c in text(reader) if ord(c) not in mapped} == set(), name
