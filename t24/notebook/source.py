"""Showing the package's own code in a notebook: the source of a step, highlighted and checked.

The notebooks show each step's source, so students read the code that runs. IPython's `Code`
renders through pygments, whose HTML differs between pygments versions, and strict nbval
compares HTML. `source(fn)` offers the text as Markdown (JupyterLab highlights the fenced block)
and as plain text, which nbval compares: a listing that no longer matches the package fails.
"""

from __future__ import annotations

import inspect


class Source:
    """The source text of a function or class, for display."""

    def __init__(self, obj):
        self.text = inspect.getsource(obj).rstrip("\n")

    def __repr__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return f"```python\n{self.text}\n```"


def source(obj) -> Source:
    """The source of a function or class, shown highlighted in a notebook."""
    return Source(obj)
