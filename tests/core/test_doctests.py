"""The `>>>` examples in the core's docstrings run, in English."""

import doctest
import importlib

import pytest

from t24.text import use_language

CORE = ["text", "hand", "expr", "parse", "distinct", "check", "solver"]
METHODS = ["patterns", "postfix", "recursive", "fast", "compiled", "sizes"]
MODULES = ["t24", *(f"t24.{m}" for m in CORE), *(f"t24.methods.{m}" for m in METHODS)]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_run(name):
    use_language("en")
    try:
        failed, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    finally:
        use_language(None)
    assert tried and not failed
