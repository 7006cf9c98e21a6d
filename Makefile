# t24: two commands set everything up from a fresh clone with only python3 (>= 3.10) and make.
#   make lab    JupyterLab on notebooks/ (PORT=8899 to choose the port)
#   make test   the whole suite: unit tests, strict nbval over every notebook, browser tests
PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8888
PY     := $(VENV)/bin/python
# JupyterLab refuses to run as root unless told; this machine's sessions and CI are root.
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
PYTEST := $(PY) -m pytest -p no:cacheprovider

.PHONY: lab test lint test-unit test-deck test-notebooks test-browser bench bench-peers bench-update notebooks execute clean help
help:
	@echo "make lab        start JupyterLab on notebooks/ (PORT=$(PORT))"
	@echo "make test       run every test: unit, strict nbval over all notebooks, browser"
	@echo "make bench      rerun the benchmarks (results in benchmarks/results/)"
	@echo "make bench-peers  the same beside game24 and point24 (in .venv-peers/)"
	@echo "make notebooks  re-execute every notebook in place and regenerate navigation"

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "t24 needs Python 3.10 or newer; this is " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall only when the package's declared dependencies change.
$(VENV)/.installed-notebooks: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[notebooks]'
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed-notebooks
	$(PY) -m pip install --quiet -e '.[notebooks,test]'
	@touch $@

lab: $(VENV)/.installed-notebooks
	$(VENV)/bin/jupyter lab --no-browser --ip=127.0.0.1 --port=$(PORT) --notebook-dir=notebooks $(ROOT_FLAG)

# Lint, then every test in one session (unit, strict nbval over every notebook, browser), then
# the whole-deck agreement of every method.
test: lint $(VENV)/.installed-test
	$(PYTEST) tests notebooks --nbval --nbval-sanitize-with tests/nbval-sanitize.cfg -m "not slow"
	$(MAKE) test-deck

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check t24 tests tools

test-unit: $(VENV)/.installed-test
	$(PYTEST) tests --ignore=tests/browser -m "not slow"

# Every hand of the deck, every method (the as-written pattern loops on every fifth hand;
# T24_FULL_DECK=1 for all of them, about ten minutes more).
test-deck: $(VENV)/.installed-test
	$(PYTEST) tests/methods/test_deck_agreement.py -m slow

test-notebooks: $(VENV)/.installed-test
	$(PYTEST) notebooks --nbval --nbval-sanitize-with tests/nbval-sanitize.cfg

test-browser: $(VENV)/.installed-test
	$(PYTEST) tests/browser

bench: $(VENV)/.installed-test
	$(VENV)/bin/t24 bench

# The same benchmark beside the PyPI solvers game24 and point24, which live in an environment of
# their own: they are optional and never a dependency of t24.
PEERS_VENV ?= .venv-peers
bench-peers:
	[ -x $(PEERS_VENV)/bin/python ] || $(PYTHON) -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/python -m pip install --quiet -e . game24 point24 tqdm
	$(PEERS_VENV)/bin/t24 bench

# Re-execute notebooks in place, top to bottom in a fresh kernel (NB=notebooks/01-….ipynb for one).
# No widget state and no timing metadata are stored, to keep diffs small.
NB ?= $(sort $(wildcard notebooks/[0-9][0-9]-*.ipynb))
execute: $(VENV)/.installed-test
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
		--NotebookClient.store_widget_state=False --NotebookClient.record_timing=False $(NB)

notebooks: $(VENV)/.installed-test
	$(PY) tools/nav.py
	$(MAKE) execute

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
