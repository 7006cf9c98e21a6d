"""Shared by every test: figures drawn into memory (no screen), and closed after each test."""

import os
import sys

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")  # before anything imports matplotlib.pyplot
# The package speaks the environment's language (gettext); the tests, and the kernels they start,
# hear English whatever this computer's locale, unless a test or a notebook chooses another.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def close_figures():
    """Close every figure a test drew, so memory does not grow over the session."""
    yield
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is not None:
        plt.close("all")
