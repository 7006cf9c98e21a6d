# t24: two commands set everything up from a fresh clone with only python3 (>= 3.10) and make.
#   make lab    JupyterLab on notebooks/ for the teacher (PORT=8888, IP=127.0.0.1, DIR=notebooks)
#   make app    the code-free student app: Voilà on app/ (PORT=8866, IP=127.0.0.1)
#   make test   the whole suite: lint, unit tests, strict nbval over every notebook, browser
#               tests, the whole-deck agreement, and the notebooks run from a plain wheel install
PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8888
# make app's port: 8866, or PORT when given (make app PORT=8870).
APP_PORT ?= $(if $(filter command line environment,$(origin PORT)),$(PORT),8866)
# IP=0.0.0.0 serves every network interface (a classroom); both servers then still ask for
# their token, which they print with the address to open.
IP     ?= 127.0.0.1
# The folder make lab opens: DIR=teacher for the answer keys.
DIR    ?= notebooks
# A token of your choosing (e.g. one to write on the board); empty: the server makes a random one.
TOKEN  ?=
TOKEN_ENV := $(if $(TOKEN),JUPYTER_TOKEN=$(TOKEN) )
PY     := $(VENV)/bin/python
# JupyterLab refuses to run as root unless told; this machine's sessions and CI are root.
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
PYTEST := $(PY) -m pytest -p no:cacheprovider
# Every folder of notebooks that strict nbval checks (teacher/ once it exists).
NBVAL_DIRS := notebooks $(wildcard teacher) app

.PHONY: lab app test lint test-unit test-deck test-notebooks test-browser test-install bench bench-peers bench-update notebooks execute clean help
help:
	@echo "make lab        JupyterLab on $(DIR)/ (PORT=$(PORT) IP=$(IP); DIR=teacher for the answer keys)"
	@echo "make app        the code-free app (Voilà) for students (PORT=8866 IP=$(IP))"
	@echo "make test       every test: lint, unit, strict nbval, browser, whole deck, plain install"
	@echo "make test-unit | test-notebooks | test-browser | test-deck | test-install   one part of make test"
	@echo "make bench      rerun the benchmarks (a new dated folder under t24-bench/)"
	@echo "make bench-peers  the same beside game24 and point24 (in .venv-peers/)"
	@echo "make bench-update replace the shipped results with a new full run beside the peers"
	@echo "make notebooks  regenerate navigation, then re-execute every notebook in place"
	@echo "make execute    re-execute notebooks in place (NB=notebooks/NN-slug.ipynb for one)"

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "t24 needs Python 3.10 or newer; this is " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Each target installs the extra it needs (see pyproject.toml); a stamp per extra, redone only
# when the package's declared dependencies change.
$(VENV)/.installed-lab: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[lab]'
	@touch $@

$(VENV)/.installed-app: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[app]'
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $@

lab: $(VENV)/.installed-lab
	$(TOKEN_ENV)$(VENV)/bin/jupyter lab --no-browser --ip=$(IP) --port=$(PORT) --notebook-dir=$(DIR) $(ROOT_FLAG)

# app/serve.py is Voilà with the start page at `/`; Voilà needs no flag to run as root.
app: $(VENV)/.installed-app
	$(TOKEN_ENV)$(PY) app/serve.py --no-browser --Voila.ip=$(IP) --port=$(APP_PORT) --Voila.auto_token=True app

# Lint, then every test in one session (unit, strict nbval over every notebook, browser), then
# the whole-deck agreement of every method, then the notebooks from a plain wheel install.
test: lint $(VENV)/.installed-test
	$(PYTEST) tests $(NBVAL_DIRS) --nbval --nbval-sanitize-with tests/nbval-sanitize.cfg -m "not slow and not install"
	$(MAKE) test-deck
	$(MAKE) test-install

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check t24 tests tools app

test-unit: $(VENV)/.installed-test
	$(PYTEST) tests --ignore=tests/browser -m "not slow and not install"

# Every hand of the deck, every method (the as-written pattern loops on every fifth hand;
# T24_FULL_DECK=1 for all of them, about ten minutes more).
test-deck: $(VENV)/.installed-test
	$(PYTEST) tests/methods/test_deck_agreement.py -m slow

test-notebooks: $(VENV)/.installed-test
	$(PYTEST) $(NBVAL_DIRS) --nbval --nbval-sanitize-with tests/nbval-sanitize.cfg

test-browser: $(VENV)/.installed-test
	$(PYTEST) tests/browser

# Build the wheel, install it (not editable) with the kernel extra into a fresh virtual
# environment and run every notebook and answer key from a folder outside the clone.
test-install: $(VENV)/.installed-test
	$(PYTEST) tests/core/test_install.py -m install

# A new dated folder under t24-bench/ each run; the results that ship with the package are
# replaced only by bench-update, from a full run beside the peers.
bench: $(VENV)/.installed-test
	$(VENV)/bin/t24 bench

# The same beside the PyPI solvers game24 and point24, which live in an environment of their
# own: they are optional and never a dependency of t24.
PEERS_VENV ?= .venv-peers
$(PEERS_VENV)/.installed: pyproject.toml
	[ -x $(PEERS_VENV)/bin/python ] || $(PYTHON) -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/python -m pip install --quiet -e '.[bench]' game24 point24
	@touch $@

bench-peers: $(PEERS_VENV)/.installed
	$(PEERS_VENV)/bin/t24 bench

# Replace the shipped results (t24/bench/results/, what the notebooks plot) with a new full run.
bench-update: $(PEERS_VENV)/.installed
	$(PEERS_VENV)/bin/t24 bench --out t24/bench/results --replace --no-progress

# Re-execute notebooks in place, top to bottom in a fresh kernel (NB=notebooks/01-….ipynb or
# NB=teacher/01-…-answers.ipynb for one). No widget state, no timing metadata and no random
# widget ids are stored, to keep diffs small.
NB ?= $(sort $(wildcard notebooks/[0-9][0-9]-*.ipynb teacher/[0-9][0-9]-*.ipynb))
execute: $(VENV)/.installed-test
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
		--NotebookClient.store_widget_state=False --NotebookClient.record_timing=False $(NB)
	$(PY) tools/stable_ids.py $(NB)

notebooks: $(VENV)/.installed-test
	$(PY) tools/nav.py
	$(MAKE) execute

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist *.egg-info
