"""Answers on demand: a button that shows what is behind it, so a class tries first.

`reveal(label, html)` returns a button over an empty area; pressing the button shows the HTML
(LaTeX between `$...$` is typeset) and turns the button into "hide". The answer is computed when
the cell runs, so it is checked like the rest of the notebook, but it is shown only when asked:
a static copy of the notebook shows the button alone.
"""

from __future__ import annotations

import html as html_module

import ipywidgets as widgets

from .style import WIDGET_FONT


def text_html(*lines: str) -> str:
    """Plain lines of text as HTML, one per line."""
    return "<br>".join(html_module.escape(line) for line in lines)


def reveal(label: str, html: str) -> widgets.VBox:
    """A toggle button labelled `label` that shows and hides `html` below it."""
    button = widgets.ToggleButton(value=False, description=label, icon="eye", tooltip=label,
                                  layout=widgets.Layout(width="auto"))
    button.style.font_size = WIDGET_FONT
    shown = widgets.HTMLMath(value="")
    content = f'<div style="font-size:{WIDGET_FONT}; line-height:1.5">{html}</div>'

    def toggle(change) -> None:
        shown.value = content if change["new"] else ""
        button.description, button.icon = ("hide", "eye-slash") if change["new"] else (label, "eye")

    button.observe(toggle, names="value")
    return widgets.VBox([button, shown])
