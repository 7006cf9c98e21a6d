"""source(): the notebooks' listings of the package's own steps."""

import inspect

from t24.methods import recursive
from t24.notebook.source import source


def test_source_is_the_code_that_runs_as_text_and_as_markdown():
    shown = source(recursive.pairs)
    assert repr(shown) == inspect.getsource(recursive.pairs).rstrip("\n")
    assert repr(shown).startswith("def pairs(count: int)")
    markdown = shown._repr_markdown_()
    assert markdown.startswith("```python\ndef pairs(") and markdown.endswith("\n```")
