"""Every widget reads as one sentence without a kernel; cards, reveal and source."""

import pytest

from t24.notebook import (
    make_game_widget,
    make_lab,
    make_pattern_stepper,
    make_postfix_stepper,
    make_recursion_stepper,
    reveal,
    source,
)
from t24.notebook.widgets import cards_html

MAKERS = {
    "reveal": lambda: reveal("the answer", "<b>42</b>"),
    "lab": make_lab,
    "game": lambda: make_game_widget(seed=1),
    "pattern": lambda: make_pattern_stepper((3, 3, 8, 8)),
    "postfix": lambda: make_postfix_stepper((3, 3, 8, 8)),
    "recursion": lambda: make_recursion_stepper((3, 3, 8, 8)),
    "refusal": lambda: make_recursion_stepper((1, 2, 3, 4, 5)),
}


@pytest.mark.parametrize("name", MAKERS)
def test_without_a_kernel_a_widget_reads_as_one_steady_sentence(name):
    plain = MAKERS[name]()._repr_mimebundle_()["text/plain"]
    assert plain == MAKERS[name]()._repr_mimebundle_()["text/plain"]
    assert "Box(" not in plain and "children" not in plain
    assert plain.startswith("Run this notebook") if name != "refusal" else "at most" in plain


def test_a_card_shows_its_face_beside_its_number():
    for card, face in [(8, "8</span>"), (1, "A<span"), (11, "J<span"), (13, "K<span")]:
        assert f">{face}" in cards_html([card]) and f">{card}</span>" in cards_html([card])


def test_reveal_shows_and_hides_its_content():
    box = reveal("the answer", "<b>42</b>")
    button, shown = box.children
    assert shown.value == ""
    button.value = True
    assert "<b>42</b>" in shown.value and button.description == "hide"
    button.value = False
    assert shown.value == "" and button.description == "the answer"


def test_source_is_the_package_code_as_text_and_markdown():
    shown = source(reveal)
    code = repr(shown)
    assert code.startswith("def reveal(") and code.endswith("sentence.format(label=label))")
    assert shown._repr_markdown_() == f"```python\n{shown.text}\n```"
