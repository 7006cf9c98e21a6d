"""Every check against a catalogue of novices' attempts: each wrong one gets a sentence naming
its fault and never "Right", each right one "Right"; no traceback, no hang, whatever comes back."""

import linecache
import re
from pathlib import Path

import numpy as np
import pytest

from t24.notebook import checks

ATTEMPTS = Path(__file__).parent / "attempts"
BLOCK = re.compile(r"```python( setup)?\n(.*?)```", re.S)


def catalogue():
    """(check name, title, expected phrases, setup, code) for every attempt in every file."""
    for path in sorted(ATTEMPTS.glob("*.md")):
        name, text = path.stem, path.read_text()
        setup = "".join(code for tag, code in BLOCK.findall(text) if tag)
        for part in re.split(r"^## ", text, flags=re.M)[1:]:
            title, body = part.split("\n", 1)
            code = BLOCK.search(body).group(2)
            expect = re.findall(r"^expect: (.*)$", body, flags=re.M)
            yield pytest.param(name, title, expect, setup, code, id=f"{name}: {title}")


def define(setup: str, code: str, tag: str):
    """Run the setup and the attempt as a notebook cell runs them; the attempt's last function."""
    space = {}
    for index, source in enumerate([setup, code]):
        filename = f"<{tag} {index}>"  # registered, as IPython registers a cell, for the line
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        exec(compile(source, filename, "exec"), space)  # noqa: S102 -- the catalogue's own code
    last = re.findall(r"^def (\w+)", code, flags=re.M)[-1]
    return space[last]


@pytest.fixture(autouse=True)
def short_limit(monkeypatch):
    monkeypatch.setattr(checks, "LIMIT", 3)


@pytest.mark.parametrize(("name", "title", "expect", "setup", "code"), list(catalogue()))
def test_attempt_gets_its_sentence(capsys, name, title, expect, setup, code):
    attempt = define(setup, code, name)
    passed = getattr(checks, name)(attempt)
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and len(out) < 600 and "Traceback" not in out, out
    right = title.startswith("right")
    assert ("Right" in out) is right and passed is right, out
    for phrase in expect:
        assert phrase in out, out


def test_every_check_has_its_catalogue():
    names = {name for name in dir(checks) if name.startswith("check_")}
    files = {path.stem for path in ATTEMPTS.glob("*.md")}
    assert names <= files
    for path in ATTEMPTS.glob("*.md"):
        titles = re.findall(r"^## (right|wrong)", path.read_text(), flags=re.M)
        assert titles.count("right") >= 3 and titles.count("wrong") >= 8, path.stem
