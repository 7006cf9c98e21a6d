"""Helpers for the tests that drive widgets and plots without a kernel or a screen."""


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
