"""tools/handouts.py: A4 pages in greys only, the lessons' questions on them, answers only on the
teacher's copy."""

import importlib.util
from pathlib import Path

import pypdf
import pytest

SPEC = importlib.util.spec_from_file_location(
    "handouts", Path(__file__).parents[2] / "tools/handouts.py"
)
handouts = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(handouts)
ANSWERS = {"00": "8÷(3−8÷3)=24", "02": "poptwo:", "03": "2×3+4", "06": repr(8 / (3 - 8 / 3))}


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    out = tmp_path_factory.mktemp("handouts")
    pages = handouts.build(out)
    return {name: pypdf.PdfReader(out / name) for name in pages}, pages


def text(reader) -> str:
    return "".join("".join(page.extract_text() for page in reader.pages).split())


def test_every_page_is_a4_in_greys_and_both_copies_match(made):
    readers, pages = made
    assert {name[:2] for name in pages} >= set(handouts.CORE)
    for name, reader in readers.items():
        assert len(reader.pages) == pages[name] == pages[name.replace("-answers", "")]
        for page in reader.pages:
            assert (round(page.mediabox.width), round(page.mediabox.height)) == (595, 842)
            for operands, op in page.get_contents().operations:
                assert op not in (b"rg", b"RG") or len(set(operands)) == 1, (name, operands)


def test_the_questions_are_on_the_sheets_and_answers_only_for_the_teacher(made):
    readers, _ = made
    for path in sorted(handouts.ROOT.glob("teacher/[0-9][0-9]-*.ipynb")):
        student, teacher = (text(readers[f"{path.stem}{end}.pdf"]) for end in ("", "-answers"))
        for item in handouts.questions(handouts.lesson_cells(path.name[:2])[1]):
            assert "".join(item["text"].split())[:60] in student, item["text"]
        if path.name[:2] in ANSWERS:
            assert ANSWERS[path.name[:2]] in teacher and ANSWERS[path.name[:2]] not in student
