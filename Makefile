# Two commands: `make lab` opens the course, `make test` checks all of it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# the instructors' tools (nbgrader, Jupyter Book) live in their own venv: nbgrader adds its menu and server
# extensions to every JupyterLab of the venv it is in, and the learners' Lab (.venv) must not show them
CLASS_VENV := .venv-class
CLASS_PY := $(CLASS_VENV)/bin/python
CLASS_STAMP := $(CLASS_VENV)/.installed
# nbgrader or Jupyter Book left in the learners' .venv by an older Makefile (or a pip install '.[class]' there)
CLASS_IN_VENV = $(wildcard $(VENV)/lib/python*/site-packages/nbgrader-*.dist-info \
	$(VENV)/lib/python*/site-packages/jupyter_book-*.dist-info)
# COURSEKIT_PROGRESS=0: no progress bars in checked notebooks (whether one shows depends on the machine's speed)
NBVAL := COURSEKIT_PROGRESS=0 $(PY) -m pytest -p no:cacheprovider --nbval --nbval-current-env --nbval-sanitize-with tests/sanitize.cfg
PORT ?= 8888
# Voila's own default port: make demo beside make lab needs no second port number
DEMO_PORT ?= 8866
# options for the console games and the site, e.g. make blackjack ARGS="--seed 1"
ARGS ?=
# JupyterLab refuses to run as root (containers, CI) unless told so
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# the kernel's name and display name as the notebooks record them: opening a lesson then changes nothing in it
# (no "unsaved" mark, no "Save changes?" on close)
KERNEL_NAME := Python 3 (ipykernel)
KERNEL_JSON := $(VENV)/share/jupyter/kernels/python3/kernel.json
# JupyterLab settings shipped with the course (jupyter-config/: no Jupyter news prompt over the first lesson)
LAB_CONFIG := JUPYTER_CONFIG_PATH="$(CURDIR)/jupyter-config$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH),)"
# the learner's own copies of the lessons, dashboards and exercises (git-ignored, made on the first make lab and
# never overwritten; coursekit/mywork.py): JupyterLab autosaves these, so the course's files stay as cloned and
# git pull brings course updates without a conflict
WORK := my-work
MYWORK := $(PY) -m coursekit.mywork
# the URL Lab prints (and opens) is the learner's lesson 00, not the repository's root folder
LAB_START := $(WORK)/notebooks/00_start_here.ipynb
# more options for JupyterLab, e.g. make lab LAB_ARGS=--LabApp.expose_app_in_browser=True (the browser tests)
LAB_ARGS ?=
# Lab's saved layouts (workspaces) live in a folder of the course's own: before Lab starts, each keeps only the
# document the learner last looked at (coursekit/lab_workspace.py), so a new make lab reopens that one document and
# starts one kernel, not one per tab of the last session; $$start is the path it prints (lesson 00 the first time)
LAB_WORKSPACES ?= $(WORK)/.lab-workspaces
LAB_REOPEN := start=$$($(PY) -m coursekit.lab_workspace "$(LAB_WORKSPACES)" $(LAB_START)) &&
LAB := $(LAB_CONFIG) $(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(PORT) $(ROOT_FLAG) --ServerApp.root_dir=. \
	--LabApp.workspaces_dir="$(abspath $(LAB_WORKSPACES))" --LabApp.default_url="/lab/tree/$$start" $(LAB_ARGS)
# make present: the same Lab with bigger text. JupyterLab applies theme font overrides only from user settings
# (not from an overrides.json), so the course's (jupyter-config/present/) are copied to a user-settings folder of
# make present's own, which Lab may write to; make lab keeps the learner's own settings
PRESENT_SETTINGS := $(VENV)/present-settings
PRESENT_THEME := @jupyterlab/apputils-extension/themes.jupyterlab-settings

.PHONY: lock lab present test beside-serial unit check unit310 notebooks browser demo bench exercises site clean kernel learner-venv class \
	blackjack tournament baccarat

$(PY):
	$(PYTHON) -m venv $(VENV)

# Python writes the bytecode of what it imports (__pycache__, git-ignored) for every command make runs, even where
# the shell sets PYTHONDONTWRITEBYTECODE (this project's CI machines do): with the --no-compile installs below, every
# Python process then compiled every module it imported from source again, 2.0 of the 3.0 CPU s to import
# matplotlib, numpy and the widgets, in every kernel, Lab, grader and test worker. (The grading jail sets it again
# for the learner's code: coursekit/sandbox/jail.py.)
unexport PYTHONDONTWRITEBYTECODE

# the versions that were tested (issue 27): every install takes them from the lock (make lock writes it)
LOCK := requirements.lock
# the learners' .venv holds the course, JupyterLab and Voila, no test tools (issue 28); make test adds those
# (--no-compile: Python compiles what Lab imports when it first imports it; compiling every installed module up
# front tripled the first make lab's install time; the venv's own pip is recent enough for the lock)
$(STAMP): pyproject.toml $(LOCK) | $(PY)
	$(PY) -m pip install --no-compile -e '.[demo]' -c $(LOCK)
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "$(KERNEL_NAME)"
	touch $(STAMP)

# the test tools (pytest, nbval, hypothesis, ruff, playwright) added to .venv by make test, unit, notebooks, browser
TEST_STAMP := $(VENV)/.installed-test
$(TEST_STAMP): $(STAMP)
	$(PY) -m pip install --no-compile -e '.[demo,test]' -c $(LOCK)
	touch $(TEST_STAMP)

# rewrite the lock from what .venv (with the test tools) and .venv-class hold; UPGRADE=1 first takes the newest
# versions pyproject.toml allows. Run it after changing a dependency; tests/test_lock.py checks the two agree.
lock: $(TEST_STAMP) $(CLASS_STAMP)
	$(if $(UPGRADE),$(PY) -m pip install --upgrade -e '.[demo,test]')
	$(if $(UPGRADE),$(CLASS_PY) -m pip install --upgrade -e '.[class,arena]' 'pytest>=7' 'hypothesis>=6')
	{ echo "# The versions make lab, make test and make class install (pip -c): written by make lock, do not edit."; \
	  { $(PY) -m pip freeze --exclude-editable; $(CLASS_PY) -m pip freeze --exclude-editable; } \
		| grep -E '^[A-Za-z0-9_.-]+==' | sort -f -u; } > $(LOCK)

# a .venv made before the kernel had the notebooks' display name gets it here
kernel: $(STAMP)
	@grep -qF '"$(KERNEL_NAME)"' $(KERNEL_JSON) 2>/dev/null || \
		$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "$(KERNEL_NAME)"

install: $(STAMP)

# the learners' .venv has no instructors' tools: a .venv from before .venv-class loses nbgrader and Jupyter Book
learner-venv: $(STAMP)
	$(if $(CLASS_IN_VENV),@echo "taking nbgrader and Jupyter Book out of the learners' $(VENV) (they live in $(CLASS_VENV))")
	$(if $(CLASS_IN_VENV),$(PY) -m pip uninstall -y nbgrader jupyter-book)
	@rm -f $(VENV)/.installed-class

# the instructors' tools (nbgrader, Jupyter Book) in .venv-class: make test and make site need them, make lab does not
$(CLASS_PY):
	$(PYTHON) -m venv $(CLASS_VENV)

# the arena's Dask extra lives here too (an instructor's cluster tool); pytest and hypothesis run its test here
$(CLASS_STAMP): pyproject.toml $(LOCK) | $(CLASS_PY)
	$(CLASS_PY) -m pip install --upgrade pip
	$(CLASS_PY) -m pip install -e '.[class,arena]' 'pytest>=7' 'hypothesis>=6' -c $(LOCK)
	$(CLASS_PY) -m ipykernel install --sys-prefix --name python3 --display-name "$(KERNEL_NAME)"
	touch $(CLASS_STAMP)

class: $(CLASS_STAMP)

lab: $(STAMP) kernel learner-venv
	$(MYWORK)
	$(LAB_REOPEN) $(LAB)

# for a projector: Lab's text at 16-18 px instead of 13-14 px; Ctrl/Cmd + zooms further
present: $(STAMP) kernel learner-venv $(PRESENT_SETTINGS)/$(PRESENT_THEME)
	$(MYWORK)
	$(LAB_REOPEN) $(LAB) --LabApp.user_settings_dir="$(abspath $(PRESENT_SETTINGS))"

# copied again only when the course's presentation settings change (an instructor's own zoom stays until then)
$(PRESENT_SETTINGS)/$(PRESENT_THEME): jupyter-config/present/$(PRESENT_THEME) | $(STAMP)
	mkdir -p "$(@D)"
	cp "$<" "$@"

# the console games, e.g. make blackjack ARGS="--seed 1" (the same as .venv/bin/python -m coursekit blackjack --seed 1)
blackjack tournament baccarat: $(STAMP)
	$(PY) -m coursekit $@ $(ARGS)

# notebook folders that exist (exercises/ and solutions/ grow lesson by lesson)
STRICT_NB := $(wildcard notebooks/[0-9]*.ipynb notebooks/demos/*.ipynb solutions/*.ipynb)
LAX_NB := $(wildcard exercises/*.ipynb)

# lessons and solutions follow the library's lint (ruff reads .ipynb); exercise stubs are generated (pyproject)
LINT := $(PY) -m ruff check coursekit $(wildcard coursetools) tests bench notebooks solutions exercises

# pytest-xdist: JOBS worker processes (one per core by default); a test file stays on one worker (loadfile: module
# fixtures are set up once), a notebook too (nbval runs a notebook's cells in order in one kernel). The browser tier
# too, with BROWSER_JOBS workers: each starts its own Lab, Voila and Chromium
# Test modules go out longest first (tests/conftest.py's LONGEST_FIRST; xdist would order them by their number of
# tests); make notebooks keeps xdist's order, most cells first (make test runs the notebooks on one worker, beside
# the serial tier). The browser tier keeps both cores busy (Chromium, Lab, kernels): a third worker measured 902 s
# against 847 s for two.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
XDIST := $(if $(filter-out 0 1,$(JOBS)),-n $(JOBS) --dist loadfile --no-loadscope-reorder,)
NB_XDIST := $(if $(filter-out 0 1,$(JOBS)),-n $(JOBS) --dist loadfile,)
BROWSER_JOBS ?= $(JOBS)
BROWSER_XDIST := $(if $(filter-out 0 1,$(BROWSER_JOBS)),-n $(BROWSER_JOBS) --dist loadfile --no-loadscope-reorder,)
# each tier says how long it took (bench/bench_suite.py reads these lines from a fresh clone's make test); $(3)
# follows the seconds ("beside serial": a tier that ran at the same time as the serial one, inside its seconds)
TIMED = @start=$$(date +%s); $(1) && echo "make test: tier $(2) took $$(( $$(date +%s) - start )) s$(3)"
# The serial tier's tests mostly wait on clocks (sandboxed bots and submissions, terminals): it needs about 185 CPU s
# (measured with two workers, 205 s) and took 314 s alone on one worker, so most of the machine sat idle. It runs with
# two workers, and the notebooks, exercise and Dask tiers run beside it on one more (their output follows the serial
# tier's, from SIDE_LOG); with JOBS=1 they run before it instead. Measured here: serial alone with two workers 205 s,
# 261 s with a busy loop beside it, and 301 s with the three tiers beside it, all passing.
SIDE_LOG := test-artifacts/beside-serial.log
BESIDE := $(if $(filter-out 0 1,$(JOBS)),&,;)
# (a variable, not MAKE itself in the recipe: make -n runs a line that names MAKE, to print the sub-make's commands)
SIDE_MAKE = $(MAKE) --no-print-directory beside-serial
SERIAL := $(PY) -m pytest -p no:cacheprovider $(XDIST) --durations=40 -m "not browser and serial" tests

test: $(TEST_STAMP) $(CLASS_STAMP) kernel learner-venv
	$(call TIMED,$(LINT),lint)
	$(call TIMED,$(PY) -m pytest -p no:cacheprovider $(XDIST) --durations=15 -m "not browser and not serial" tests,unit)
	@mkdir -p $(dir $(SIDE_LOG)); start=$$(date +%s); \
	{ $(SIDE_MAKE) > $(SIDE_LOG) 2>&1; echo $$? > $(SIDE_LOG).rc; } $(BESIDE) \
	$(SERIAL); serial=$$?; wait; cat $(SIDE_LOG); \
	test $$serial = 0 && test "$$(cat $(SIDE_LOG).rc)" = 0 && \
	echo "make test: tier serial took $$(( $$(date +%s) - start )) s (the notebooks, exercises and dask beside it)"
	$(call TIMED,$(PY) -m pytest -p no:cacheprovider $(BROWSER_XDIST) --durations=40 -m browser tests,browser)

# the tiers make test runs beside the serial one, on one worker
beside-serial:
	$(call TIMED,$(NBVAL) $(STRICT_NB),notebooks, beside serial)
	$(call TIMED,$(if $(LAX_NB),$(NBVAL) --nbval-lax $(LAX_NB),echo "no exercise notebooks yet"),exercises, beside serial)
	$(call TIMED,COURSEKIT_REQUIRE_DASK=1 $(CLASS_PY) -m pytest -p no:cacheprovider tests/test_arena_dask.py,dask, beside serial)

# the quick loop before every commit (about 3 minutes on 2 cores): no browser and no slow tests (make test runs
# those too); the wall-clock tests alone after the others, as in make test
unit: $(TEST_STAMP)
	$(LINT)
	$(PY) -m pytest -p no:cacheprovider $(XDIST) -q -m "not browser and not slow and not serial" tests
	$(PY) -m pytest -p no:cacheprovider -q -m "not browser and not slow and serial" tests

check: unit

# the oldest supported Python: the unit tests in their own venv (.ci/run calls this when a python3.10 is found)
# the first python3.10 that runs (a pyenv shim may exist without the version being selected)
PYTHON310 ?= $(shell for p in $$(command -v python3.10) $(HOME)/.pyenv/versions/3.10*/bin/python3.10; do \
	"$$p" -c 'import sys; assert sys.version_info[:2] == (3, 10)' 2>/dev/null && echo "$$p" && break; done)
VENV310 := .venv310
STAMP310 := $(VENV310)/.installed

$(STAMP310): pyproject.toml
	@test -n "$(PYTHON310)" || { echo "no python3.10 found (apt-get install python3.10, or pyenv install 3.10)"; exit 1; }
	$(PYTHON310) -m venv $(VENV310)
	$(VENV310)/bin/python -m pip install --upgrade pip
	$(VENV310)/bin/python -m pip install -e '.[test]'
	touch $(STAMP310)

unit310: $(STAMP310)
	$(VENV310)/bin/python -m ruff check coursekit $(wildcard coursetools) tests bench notebooks solutions exercises
	$(VENV310)/bin/python -m pytest -p no:cacheprovider -m "not browser and not slow" tests

notebooks: $(TEST_STAMP)
	$(NBVAL) $(NB_XDIST) $(STRICT_NB)
	$(if $(LAX_NB),$(NBVAL) $(NB_XDIST) --nbval-lax $(LAX_NB),@echo "no exercise notebooks yet")

browser: $(TEST_STAMP) kernel learner-venv
	$(PY) -m pytest -p no:cacheprovider -m browser tests

# the dashboards on http://127.0.0.1:8866 (Voila's port; if it is taken Voila moves on and prints the port it got)
# --template=course (share/jupyter/voila/templates/course): Voila's page without its CDN stylesheets, for offline rooms
demo: $(STAMP)
	JUPYTER_PATH="$(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH),)" \
		$(VENV)/bin/voila notebooks/demos --template=course --no-browser --Voila.ip=127.0.0.1 --port=$(DEMO_PORT)

# every benchmark but the suite's own time (bench/bench_suite.py runs make test in a fresh clone: 20 minutes)
bench: $(STAMP)
	for f in $(filter-out bench/bench_suite.py,$(wildcard bench/bench_*.py)); do $(PY) $$f || exit 1; done

# the lesson website (Jupyter Book 1, built offline from the saved lessons) in site/book/_build/html;
# coursetools.website finds jupyter-book in .venv-class; ARGS="--hub https://your-hub" adds a hub button
site: $(STAMP) $(CLASS_STAMP)
	$(PY) -m coursekit site site $(ARGS)

exercises: $(STAMP)
	$(PY) -m coursekit exercises

clean:
	rm -rf $(VENV) $(CLASS_VENV) $(VENV310) .pytest_cache
