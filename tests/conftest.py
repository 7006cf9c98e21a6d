"""Shared by every test: figures drawn into memory (no screen), and closed after each test."""

import os
import sys

import pytest

from t24 import solver

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


@pytest.fixture
def solves(monkeypatch):
    """The solver's calls from now on, each as (method, first)."""
    calls, solve = [], solver.solve

    def counted(*args, **kwargs):
        calls.append((kwargs.get("method"), kwargs.get("first", False)))
        return solve(*args, **kwargs)

    monkeypatch.setattr(solver, "solve", counted)
    return calls
