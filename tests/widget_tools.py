"""Helpers shared by the tests that drive widgets and plots without a kernel or a screen."""

import matplotlib

matplotlib.use("Agg")  # no screen: draw into memory

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402


def find(widget, css_class):
    """The one widget under `widget` that carries this CSS class."""
    found = []

    def walk(node):
        if css_class in getattr(node, "_dom_classes", ()):
            found.append(node)
        for child in getattr(node, "children", ()):
            walk(child)

    walk(widget)
    assert len(found) == 1, f"{css_class}: {len(found)} widgets"
    return found[0]


def legend_texts(ax):
    """The labels in an Axes' legend."""
    return [text.get_text() for text in ax.get_legend().get_texts()]


@pytest.fixture(autouse=True)
def close_figures():
    """Close every figure a test drew, so memory does not grow over the session."""
    yield
    plt.close("all")
