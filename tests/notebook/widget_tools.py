"""Find a widget by its CSS class, as the browser tests do, without a kernel."""


def find(widget, css_class):
    """The one widget under `widget` that carries this CSS class."""
    found, todo = [], [widget]
    while todo:
        node = todo.pop()
        found += [node] if css_class in getattr(node, "_dom_classes", ()) else []
        todo += getattr(node, "children", ())
    assert len(found) == 1, f"{css_class}: {len(found)} widgets"
    return found[0]
