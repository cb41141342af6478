# Two commands: `make lab` opens the course, `make test` checks all of it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CLASS_STAMP := $(VENV)/.installed-class
# COURSEKIT_PROGRESS=0: no progress bars in checked notebooks (whether one shows depends on the machine's speed)
NBVAL := COURSEKIT_PROGRESS=0 $(PY) -m pytest -p no:cacheprovider --nbval --nbval-current-env --nbval-sanitize-with tests/sanitize.cfg
PORT ?= 8888
# JupyterLab refuses to run as root (containers, CI) unless told so
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# the kernel's name and display name as the notebooks record them: opening a lesson then changes nothing in it
# (no "unsaved" mark, no "Save changes?" on close)
KERNEL_NAME := Python 3 (ipykernel)
KERNEL_JSON := $(VENV)/share/jupyter/kernels/python3/kernel.json
# JupyterLab settings shipped with the course (jupyter-config/: no Jupyter news prompt over the first lesson)
LAB_CONFIG := JUPYTER_CONFIG_PATH="$(CURDIR)/jupyter-config$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH),)"

.PHONY: lab test unit unit310 notebooks browser demo bench exercises site clean kernel

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e '.[test]'
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "$(KERNEL_NAME)"
	touch $(STAMP)

# a .venv made before the kernel had the notebooks' display name gets it here
kernel: $(STAMP)
	@grep -qF '"$(KERNEL_NAME)"' $(KERNEL_JSON) 2>/dev/null || \
		$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "$(KERNEL_NAME)"

install: $(STAMP)

# the instructors' tools (nbgrader, Jupyter Book): make test and make site need them, make lab does not
$(CLASS_STAMP): pyproject.toml | $(STAMP)
	$(PY) -m pip install -e '.[test,class]'
	touch $(CLASS_STAMP)

lab: $(STAMP) kernel
	$(LAB_CONFIG) $(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(PORT) $(ROOT_FLAG) --ServerApp.root_dir=. notebooks/00_start_here.ipynb

# notebook folders that exist (exercises/ and solutions/ grow lesson by lesson)
STRICT_NB := $(wildcard notebooks/[0-9]*.ipynb notebooks/demos/*.ipynb solutions/*.ipynb)
LAX_NB := $(wildcard exercises/*.ipynb)

LINT := $(PY) -m ruff check coursekit tests bench

test: $(STAMP) $(CLASS_STAMP) kernel
	$(LINT)
	$(PY) -m pytest -p no:cacheprovider -m "not browser" tests
	$(NBVAL) $(STRICT_NB)
	$(if $(LAX_NB),$(NBVAL) --nbval-lax $(LAX_NB),@echo "no exercise notebooks yet")
	$(PY) -m pytest -p no:cacheprovider -m browser tests

# the quick loop: no browser and no slow tests (make test runs those too)
unit: $(STAMP)
	$(LINT)
	$(PY) -m pytest -p no:cacheprovider -m "not browser and not slow" tests

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
	$(VENV310)/bin/python -m ruff check coursekit tests bench
	$(VENV310)/bin/python -m pytest -p no:cacheprovider -m "not browser and not slow" tests

notebooks: $(STAMP)
	$(NBVAL) $(STRICT_NB)
	$(if $(LAX_NB),$(NBVAL) --nbval-lax $(LAX_NB),@echo "no exercise notebooks yet")

browser: $(STAMP) kernel
	$(PY) -m pytest -p no:cacheprovider -m browser tests

# --template=course (share/jupyter/voila/templates/course): Voila's page without its CDN stylesheets, for offline rooms
demo: $(STAMP)
	JUPYTER_PATH="$(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH),)" \
		$(VENV)/bin/voila notebooks/demos --template=course --no-browser --Voila.ip=127.0.0.1 --port=$(PORT)

bench: $(STAMP)
	for f in bench/bench_*.py; do $(PY) $$f || exit 1; done

# the lesson website (Jupyter Book 1, built offline from the saved lessons) in site/book/_build/html
site: $(CLASS_STAMP)
	$(PY) -m coursekit site site

exercises: $(STAMP)
	$(PY) -m coursekit exercises

clean:
	rm -rf $(VENV) $(VENV310) .pytest_cache
