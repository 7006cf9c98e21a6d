# t24: two commands set everything up from a fresh clone with only python3 (>= 3.10) and make.
#   make lab    JupyterLab on notebooks/ (PORT=8888, IP=127.0.0.1, DIR=notebooks; DIR=teacher;
#               LANG=zh for the Chinese edition in notebooks/zh-CN)
#   make app    the code-free student app: Voilà on app/, pages warm for STUDENTS=5 at once
#               (PORT=8866, IP=127.0.0.1; STUDENTS=30 for a class of thirty)
#   make test-fast  lint, unit tests and doctests (no notebook, no browser), for the edit-test loop
#   make test   the whole suite: lint, unit tests, strict nbval over the teacher's lessons and
#               the app pages, the whole-deck agreement, browser tests (every students' copy run
#               in JupyterLab), a plain wheel install and a local JupyterHub
PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8888
# make app's port: 8866, or PORT when given (make app PORT=8870).
APP_PORT ?= $(if $(filter command line environment,$(origin PORT)),$(PORT),8866)
# IP=0.0.0.0 serves every network interface (a classroom); both servers then still ask for
# their token, which they print with the address to open.
IP     ?= 127.0.0.1
# The folder make lab opens: DIR=teacher for the complete lessons with their answers.
DIR    ?= notebooks
# LANG=zh (or a Chinese locale such as LANG=zh_CN.UTF-8): the Chinese edition, 中文版. make lab
# opens DIR/zh-CN with JupyterLab's own menus in Chinese; make app pools the Chinese pages.
ZH     := $(filter zh%,$(LANG))
ZH_SETTINGS := $(VENV)/lab-settings-zh
# A token of your choosing (e.g. one to write on the board); empty: the server makes a random one.
TOKEN  ?=
TOKEN_ENV := $(if $(TOKEN),JUPYTER_TOKEN=$(TOKEN) )
# The class round's teacher code (TEACHER_CODE=...), else one made at each start of make app.
TEACHER_ENV := $(if $(TEACHER_CODE),T24_TEACHER_CODE=$(TEACHER_CODE) )
# How many students open the app at once: each app page keeps that many kernels warm (the game
# one per student, the lab one per three), about 70 MB each (benchmarks/README.md).
STUDENTS ?= 5
PY     := $(VENV)/bin/python
# JupyterLab refuses to run as root unless told; this machine's sessions and CI are root.
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
PYTEST := $(PY) -m pytest -p no:cacheprovider
# Strict nbval over the teacher's sources, the students' copies and the app pages, two at a
# time (one notebook's cells stay on one worker).
NBVAL  := --nbval --nbval-sanitize-with tests/nbval-sanitize.cfg
PARALLEL := -n 2 --dist loadfile

.PHONY: lab app app-clear test test-fast system lint lock test-session test-outside test-unit test-deck test-notebooks test-browser test-install test-hub \
	loadtest students catalogues handouts checks-page bench bench-peers bench-update notebooks execute format clean help
help:
	@echo "make lab        JupyterLab on $(DIR)/ (PORT=$(PORT) IP=$(IP); DIR=teacher for the complete lessons)"
	@echo "make lab LANG=zh  the same in Chinese (中文版): $(DIR)/zh-CN, JupyterLab's menus in Chinese"
	@echo "make app        the code-free app (Voilà) for students (STUDENTS=$(STUDENTS) PORT=8866 IP=$(IP))"
	@echo "make app-clear  forget every class round and try the app's store holds"
	@echo "make test       every test: lint, unit, strict nbval, browser, whole deck, plain install, hub"
	@echo "make test-fast  lint, unit tests and doctests, for the edit-test loop (no notebook, no browser)"
	@echo "make test-unit | test-notebooks | test-browser | test-deck | test-install | test-hub   one part"
	@echo "make students   regenerate the students' copies in notebooks/ from teacher/ (never over a changed one)"
	@echo "make lock       resolve constraints.txt again (the versions every install keeps to), write the conda files"
	@echo "make catalogues the words' catalogues: extract t24/locale/t24.pot, update each .po, compile"
	@echo "make handouts   printable A4 sheets per lesson and their answers, into handouts/ (OUT=handouts; LANG=zh)"
	@echo "make checks-page  teacher/checks.md (and teacher/zh-CN/checks.md): every sentence a check says, its mistakes, what to ask next"
	@echo "make loadtest   a class opening the app at once on this machine (STUDENTS=$(STUDENTS))"
	@echo "make bench      rerun the benchmarks (a new dated folder under t24-bench/; BENCH=--quick)"
	@echo "make bench-peers  the same beside the PyPI solvers game24 and point24 (in .venv-peers/)"
	@echo "make bench-update replace the results (and the lessons' rows) with a full run beside the peers"
	@echo "make notebooks  regenerate navigation and students' copies, then re-execute every notebook"
	@echo "make execute    re-execute notebooks in place (NB=teacher/NN-slug.ipynb for one)"
	@echo "make format     apply ruff's formatter and safe fixes"

# uv makes every virtual environment and installs into it (seconds where pip takes minutes): the
# uv on PATH, else one that pip installs once into .venv-uv/ (a fresh machine needs only python3
# and the package index). UV= (empty) uses python3's venv and pip instead. Every install keeps to
# the versions of the lock, constraints.txt (make lock writes it).
UV_VENV := .venv-uv
ifeq ($(origin UV),undefined)
UV     := $(or $(shell command -v uv 2>/dev/null),$(UV_VENV)/bin/uv)
endif
LOCK   := constraints.txt
# venv/install DIR: make a virtual environment in DIR; install ARGS into DIR's Python.
venv    = $(if $(UV),$(UV) venv --quiet --python $(PYTHON) $(1),$(PYTHON) -m venv $(1))
install = $(if $(UV),$(UV) pip install --quiet --python $(1)/bin/python,$(1)/bin/python -m pip install --quiet) -c $(LOCK) $(2)

$(UV_VENV)/bin/uv:
	$(PYTHON) -m venv $(UV_VENV)
	$(UV_VENV)/bin/python -m pip install --quiet --disable-pip-version-check uv

$(PY): | $(UV)
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "t24 needs Python 3.10 or newer; this is " + sys.version.split()[0])'
	$(call venv,$(VENV))

# Each target installs the extra it needs (see pyproject.toml); a stamp per extra, redone only
# when the package's declared dependencies or the lock change.
$(VENV)/.installed-lab: pyproject.toml $(LOCK) | $(PY)
	$(call install,$(VENV),-e '.[lab]')
	@touch $@

$(VENV)/.installed-app: pyproject.toml $(LOCK) | $(PY)
	$(call install,$(VENV),-e '.[app]')
	@touch $@

$(VENV)/.installed-zh: pyproject.toml $(LOCK) | $(PY)
	$(call install,$(VENV),-e '.[lab,app,zh]')
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(LOCK) | $(PY)
	$(call install,$(VENV),-e '.[test]')
	@touch $@

# The lock again from pyproject.toml (uv resolves for every Python from the floor up), and the
# conda files written from the extras.
lock: $(VENV)/.installed-test
	$(PY) tools/lock.py

# A calm first start: JupyterLab's own defaults from jupyter-config/ (no question about news, no
# update check; JUPYTER_CONFIG_PATH adds the folder to where Jupyter reads its configuration),
# and the server fetches no news either.
LAB_CONFIG := JUPYTER_CONFIG_PATH=$(CURDIR)/jupyter-config
# What the one warning each kernel prints in the lab's log means, said before it starts.
KERNEL_NOTE := @echo 'Each kernel says it "is running over TCP without encryption": it talks only to this server, on this computer (127.0.0.1); nothing to do.'
lab: $(VENV)/.installed-lab $(if $(ZH),$(VENV)/.installed-zh)
ifneq ($(ZH),)
	@mkdir -p $(ZH_SETTINGS)/@jupyterlab/translation-extension
	@echo '{"locale": "zh_CN"}' > $(ZH_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings
endif
	$(KERNEL_NOTE)
	$(TOKEN_ENV)$(LAB_CONFIG) $(if $(ZH),LANGUAGE=zh_CN JUPYTERLAB_SETTINGS_DIR=$(ZH_SETTINGS) )$(VENV)/bin/jupyter lab \
		--no-browser --ip=$(IP) --port=$(PORT) --notebook-dir=$(DIR)$(if $(ZH),/zh-CN) $(ROOT_FLAG) \
		--LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate

# app/serve.py is Voilà with a static start page at `/`; Voilà needs no flag to run as root.
app: $(VENV)/.installed-app
	$(TOKEN_ENV)$(TEACHER_ENV)$(PY) app/serve.py --students=$(STUDENTS) --lang=$(if $(ZH),zh_CN,en) --no-browser --Voila.ip=$(IP) --port=$(APP_PORT) --Voila.auto_token=True app

# The class rounds' store (~/.local/share/t24/classroom.sqlite, or T24_CLASSROOM) emptied.
app-clear: $(VENV)/.installed-app
	$(PY) app/classroom.py --clear

# A class opening the app at once, on this machine's loopback: a fresh server for STUDENTS,
# 30 game pages at once, 10 lab pages, then 30 game pages again; waits and memory per kernel.
loadtest: $(VENV)/.installed-app
	$(PY) benchmarks/loadtest.py --students=$(STUDENTS)

# Lint; then two lanes at once, one per core: the main pytest session (two workers, which keep
# the cores busy), and beside it the parts that mostly wait (on the browser, on installs, on servers
# starting), one after another. The session's progress shows as it happens; the other lane's
# output is kept in $(VENV)/test-outside.log and shown whole when that lane ends.
test: system lint
	$(MAKE) -j2 test-session test-outside

# The browser (which runs every English students' copy, so they are not run twice), the plain
# wheel install and the local JupyterHub, one after another.
test-outside: $(VENV)/.installed-test
	@echo "browser, install and hub tests: running beside the session; their output follows when they end"
	@{ $(MAKE) test-browser && $(MAKE) test-install && $(MAKE) test-hub; } > $(VENV)/test-outside.log 2>&1; \
		status=$$?; cat $(VENV)/test-outside.log; exit $$status

# The quick tests, the whole-deck agreement and strict nbval over the teacher's lessons and the
# app pages in both languages, two at a time. The Chinese students' copies are not run: their
# code is the English copies' (a quick test proves it), which the browser tests run.
test-session: $(VENV)/.installed-test
	$(PYTEST) $(PARALLEL) -m "not install and not browser and not hub" tests teacher app $(NBVAL)

# What make test needs beside Python: Chromium (the browser tests), npm (axe-core and the hub's
# proxy), PostgreSQL (a server of the tests' own for the class round's store) and /dev/full (a stream that cannot be written, for the command line's tests). Without
# one of them make test stops here and names it, rather than skip the tests that need it.
system:
	@[ -x /usr/bin/chromium ] || { echo "make test needs Chromium at /usr/bin/chromium: apt-get install chromium" >&2; exit 1; }
	@command -v npm >/dev/null || { echo "make test needs npm: apt-get install npm" >&2; exit 1; }
	@ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null || { echo "make test needs PostgreSQL: apt-get install postgresql" >&2; exit 1; }
	@[ -w /dev/full ] || { echo "make test needs /dev/full, a stream that cannot be written (Linux has it)" >&2; exit 1; }

lint: $(VENV)/.installed-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: $(VENV)/.installed-test
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

test-unit: $(VENV)/.installed-test
	$(PYTEST) $(PARALLEL) tests

# The edit-test loop: lint, the unit tests and the doctests (95 s of processor time); no notebook is
# run, no browser, no install.
test-fast: lint test-unit

# Every hand of the deck, every method (the as-written loops on a stride; T24_FULL_DECK=1 for all).
test-deck: $(VENV)/.installed-test
	$(PYTEST) -m slow tests/methods

test-notebooks: $(VENV)/.installed-test
	$(PYTEST) $(PARALLEL) teacher notebooks app $(NBVAL)

# Two workers, one per file: the app's pages on one (Voilà), the students' copies on the other
# (JupyterLab), each with its own server and Chromium.
test-browser: $(VENV)/.installed-test
	$(PYTEST) $(PARALLEL) -m browser tests/browser

# Build the wheel, install it (not editable) with the kernel extra into a fresh virtual
# environment: what the copies import is there, and the copy that reads the saved results runs
# from a folder outside the clone.
test-install: $(VENV)/.installed-test
	$(PYTEST) -m install tests/core/test_install.py

# A local JupyterHub (configurable-http-proxy from npm, into ~/.cache/t24 on first use): three
# students follow the nbgitpuller link to a clone's students' branch and run the first lesson.
test-hub: $(VENV)/.installed-test
	$(PYTEST) -m hub tests/hub

# The students' copies: notebooks/NN-slug.ipynb from teacher/NN-slug.ipynb with nbgrader
# (solutions become stubs, hidden tests and outputs go, the code behind each reveal is folded
# away), handed out clean; make test runs each one. A copy someone changed is never replaced:
# nothing is written and the copy is named (FORCE=1 replaces it). The Chinese edition comes along
# after an English edit: a changed paragraph keeps its last translation (fuzzy in its catalogue),
# a new one shows its English under 「待翻译」, and the run ends listing what to translate.
students: $(VENV)/.installed-test
	$(PY) tools/nav.py
	$(PY) tools/students.py $(if $(FORCE),--force)

# The package's words (and the app's and the checks page's, said through the package): Babel
# extracts every marked sentence of t24/, app/ and tools/checks_page.py into t24/locale/t24.pot,
# brings each language's t24.po in step with it (a changed sentence becomes fuzzy, for its
# translator) and compiles the .mo files gettext reads. A test fails while any of the three is
# out of date.
PYBABEL := $(VENV)/bin/pybabel
# The handouts' words are in their Jinja2 template: the mapping on stdin reads it the Jinja2 way.
# A count sentence (`n_`, `plural`, `Nn_`) is a gettext plural: msgid_plural.
catalogues: $(VENV)/.installed-test
	printf '[python: **.py]\n[jinja2: **/handouts.html]\n' | $(PYBABEL) -q extract -F /dev/stdin \
		--no-location --omit-header --sort-output --add-comments=TRANSLATORS: \
		-k said -k n_:1,2 -k plural:2,3 -k Nn_:1,2 \
		--project=t24 --copyright-holder="the t24 authors" -o t24/locale/t24.pot \
		t24 app tools/checks_page.py tools/handouts.html
	$(PYBABEL) update -i t24/locale/t24.pot -d t24/locale -D t24 --ignore-obsolete --previous --ignore-pot-creation-date
	$(PYBABEL) compile -d t24/locale -D t24 --statistics

# Printable A4 handouts, generated (git-ignored) from the lessons and the package: for each
# lesson OUT/students/NN-slug.pdf to copy for the class and OUT/teacher/NN-slug.pdf with the answers
# (LANG=zh: the Chinese edition's, in OUT/zh-CN/). Laid out in HTML, printed by Chromium.
OUT ?= handouts
handouts: $(VENV)/.installed-lab $(if $(ZH),$(VENV)/.installed-zh)
	$(PY) tools/handouts.py $(if $(ZH),--zh )$(OUT)

# The checks explained for teachers, teacher/checks.md and teacher/zh-CN/checks.md in Chinese,
# made from the checks' tables and the catalogue of novices' attempts run through each check; a
# test fails when either is out of step with the checks.
checks-page: $(VENV)/.installed-test
	$(PY) tools/checks_page.py

# A new dated folder under t24-bench/ each run (benchmarks/run.py; BENCH="--quick" for a look in
# about a minute); the results in benchmarks/results/ and the rows the lessons read, shipped in
# t24/measured/, are replaced only by bench-update, from a full run beside the peers.
BENCH ?=
bench: $(VENV)/.installed-test
	$(PY) benchmarks/run.py $(BENCH)

# The same beside the PyPI solvers game24 and point24, which live in an environment of their
# own: they are optional and never a dependency of t24 (benchmarks/peers.py runs them).
PEERS_VENV ?= .venv-peers
$(PEERS_VENV)/.installed: pyproject.toml $(LOCK) | $(UV)
	[ -x $(PEERS_VENV)/bin/python ] || $(call venv,$(PEERS_VENV))
	$(call install,$(PEERS_VENV),-e '.[bench]' game24 point24)
	@touch $@

bench-peers: $(PEERS_VENV)/.installed
	$(PEERS_VENV)/bin/python benchmarks/peers.py $(BENCH)

# Replace the full results (benchmarks/results/) and the rows the lessons plot (t24/measured/)
# with a new full run beside the peers.
bench-update: $(PEERS_VENV)/.installed
	$(PEERS_VENV)/bin/python benchmarks/peers.py --out benchmarks/results --replace --no-progress --ship

# Re-execute notebooks in place, top to bottom in a fresh kernel (NB=teacher/NN-slug.ipynb for
# one). No widget state, no timing metadata and no random widget ids are stored.
NB ?= $(sort $(wildcard teacher/[0-9][0-9]-*.ipynb app/*.ipynb))
execute: $(VENV)/.installed-test
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
		--NotebookClient.store_widget_state=False --NotebookClient.record_timing=False $(NB)
	$(PY) tools/stable_ids.py $(NB)

notebooks: $(VENV)/.installed-test
	$(MAKE) execute
	$(MAKE) students

clean:
	rm -rf $(VENV) $(UV_VENV) .pytest_cache .hypothesis build dist *.egg-info
