"""What every widget shares: one text size, one way to draw a card, and one steady sentence in
place of a widget where no kernel draws it (strict nbval compares it); `reveal` and `source`."""

import html
import inspect
from collections.abc import Sequence

import ipywidgets as widgets

from ..text import FACES, _

WIDGET_FONT = "1.25em"
# The markup of a card, a block of text and a table cell (their styles stay inside the tags).
CARD = (
    '<span style="display:inline-block; min-width:1.6em; margin:0 0.15em; padding:0.1em 0.35em; '
    'border:2px solid #444; border-radius:0.3em; text-align:center; background:#fff; color:#000" '
    'title="{card}">{face}</span>'
)
SMALL = '<span style="font-size:0.5em; color:#555">{card}</span>'
BOX = '<div class="{css}" style="font-size:{size}; line-height:1.5">{content}</div>'
CELL = '<{tag} style="text-align:left; padding:0.1em 1.2em 0.1em 0">{content}</{tag}>'


class Panel(widgets.VBox):
    """A column of widgets whose plain text, shown where no kernel draws it, is one sentence."""

    def __init__(self, children, sentence: str):
        super().__init__(children)
        self.sentence = sentence

    def _repr_mimebundle_(self, **kwargs):
        return {**super()._repr_mimebundle_(**kwargs), "text/plain": self.sentence}


def refusal(message: str) -> Panel:
    """One line in place of a widget that would be too big to build, saying why."""
    line = widgets.HTML(box(html.escape(message)))
    return Panel([line], message).add_class("t24-refusal")


def box(content: str, size: str = WIDGET_FONT, css: str = "") -> str:
    """HTML as one block at a widget's text size (or `size`), with the CSS class `css` if given."""
    return BOX.format(css=css, size=size, content=content)


def cards_html(hand: Sequence[int]) -> str:
    """A hand drawn as cards: a number, or a face letter with the number beside it (K 13)."""
    faces = (FACES[card] + SMALL.format(card=card) if card in FACES else card for card in hand)
    return "".join(CARD.format(card=card, face=face) for card, face in zip(hand, faces))


def text_html(*lines) -> str:
    """Plain lines of text as HTML, one per line (a refusal or a number as it prints)."""
    return "<br>".join(html.escape(str(line)) for line in lines)


def table_html(rows, head: Sequence[str] = ()) -> str:
    """A table with a heading row if given; each row's first cell heads it."""
    lines = [[("th", cell) for cell in head]] if head else []
    lines += [[("th", name), *(("td", cell) for cell in cells)] for name, *cells in rows]
    cells = ("".join(CELL.format(tag=tag, content=cell) for tag, cell in line) for line in lines)
    return "<table>" + "".join(f"<tr>{line}</tr>" for line in cells) + "</table>"


def reveal(label: str, content: str) -> Panel:
    """A toggle button labelled `label` that shows and hides the HTML `content` below it."""
    button = widgets.ToggleButton(description=label, icon="eye", layout={"width": "auto"})
    button.style.font_size = WIDGET_FONT
    shown = widgets.HTMLMath()
    page = box(content)

    def toggle(change) -> None:
        shown.value = page if change["new"] else ""
        button.description = _("hide") if change["new"] else label

    button.observe(toggle, names="value")
    sentence = _("Run this notebook to use the button “{label}” (a live control).")
    return Panel([button, shown], sentence.format(label=label))


class source:  # named as a function: a lesson calls `source(obj)` to show obj's code
    """The package's own code of a function or class: highlighted Markdown, compared as plain text."""

    def __init__(self, obj):
        self.text = inspect.getsource(obj).rstrip("\n")

    def __repr__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return f"```python\n{self.text}\n```"
