"""tools/handouts.py: A4 pages in greys, every lesson's questions, answers on the teacher's only."""

import importlib.util
from pathlib import Path

import pypdf
import pytest

SPEC = importlib.util.spec_from_file_location("h", Path(__file__).parents[2] / "tools/handouts.py")
SPEC.loader.exec_module(handouts := importlib.util.module_from_spec(SPEC))
ANSWERS = {"00": "8÷(3−8÷3)=24", "02": "poptwo:", "03": "2×3+4", "06": repr(8 / (3 - 8 / 3))}


@pytest.fixture(scope="module")
def made(tmp_path_factory):  # the lessons' cells run for 03's reveals only: the others take long
    out = tmp_path_factory.mktemp("h")
    lessons = {path.name[:2] for path in handouts.ROOT.glob("teacher/[0-9][0-9]-*.ipynb")}
    pages = {**handouts.build(out, lessons - {"03"}, run=False), **handouts.build(out, {"03"})}
    read = {name: pypdf.PdfReader(out / name) for name in pages}
    words = {name: "".join(p.extract_text() for p in read[name].pages) for name in pages}
    return {name: (n, read[name], "".join(words[name].split())) for name, n in pages.items()}


def test_every_page_is_a4_in_greys_and_both_copies_have_the_same_pages(made):
    for name, (n, reader, _) in made.items():  # a core lesson's: a sheet and a "Try it first"
        pair = made[name.replace("teacher/", "students/")][0]
        assert len(reader.pages) == n == pair >= 1 + (Path(name).name[:2] in handouts.CORE)
        for page in reader.pages:
            assert (round(page.mediabox.width), round(page.mediabox.height)) == (595, 842)
            for operands, op in page.get_contents().operations:
                assert op not in (b"rg", b"RG") or len(set(operands)) == 1, (name, operands)


def test_the_questions_are_on_the_sheets_and_the_answers_only_on_the_teachers(made):
    for path in sorted(handouts.ROOT.glob("teacher/[0-9][0-9]-*.ipynb")):
        student, teacher = (made[f"{f}/{path.stem}.pdf"][2] for f in ("students", "teacher"))
        for item in handouts.questions(handouts.lesson_cells(path.name[:2])[1]):
            assert "".join(item["text"].split())[:60] in student, item["text"]
        assert path.name[:2] != "03" or "notrunforthiscopy" not in teacher  # its reveals ran
        if path.name[:2] in ANSWERS:
            assert ANSWERS[path.name[:2]] in teacher and ANSWERS[path.name[:2]] not in student
