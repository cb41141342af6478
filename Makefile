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

.PHONY: lab test unit notebooks browser demo bench exercises site clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e '.[test]'
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (course)"
	touch $(STAMP)

install: $(STAMP)

# the instructors' tools (nbgrader, Jupyter Book): make test and make site need them, make lab does not
$(CLASS_STAMP): pyproject.toml | $(STAMP)
	$(PY) -m pip install -e '.[test,class]'
	touch $(CLASS_STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(PORT) $(ROOT_FLAG) --ServerApp.root_dir=. notebooks/00_start_here.ipynb

# notebook folders that exist (exercises/ and solutions/ grow lesson by lesson)
STRICT_NB := $(wildcard notebooks/[0-9]*.ipynb notebooks/demos/*.ipynb solutions/*.ipynb)
LAX_NB := $(wildcard exercises/*.ipynb)

LINT := $(PY) -m ruff check coursekit tests bench

test: $(STAMP) $(CLASS_STAMP)
	$(LINT)
	$(PY) -m pytest -p no:cacheprovider -m "not browser" tests
	$(NBVAL) $(STRICT_NB)
	$(if $(LAX_NB),$(NBVAL) --nbval-lax $(LAX_NB),@echo "no exercise notebooks yet")
	$(PY) -m pytest -p no:cacheprovider -m browser tests

# the quick loop: no browser and no slow tests (make test runs those too)
unit: $(STAMP)
	$(LINT)
	$(PY) -m pytest -p no:cacheprovider -m "not browser and not slow" tests

notebooks: $(STAMP)
	$(NBVAL) $(STRICT_NB)
	$(if $(LAX_NB),$(NBVAL) --nbval-lax $(LAX_NB),@echo "no exercise notebooks yet")

browser: $(STAMP)
	$(PY) -m pytest -p no:cacheprovider -m browser tests

demo: $(STAMP)
	$(VENV)/bin/voila notebooks/demos --no-browser --Voila.ip=127.0.0.1 --port=$(PORT)

bench: $(STAMP)
	for f in bench/bench_*.py; do $(PY) $$f || exit 1; done

# the lesson website (Jupyter Book 1, built offline from the saved lessons) in site/book/_build/html
site: $(CLASS_STAMP)
	$(PY) -m coursekit site site

exercises: $(STAMP)
	$(PY) -m coursekit exercises

clean:
	rm -rf $(VENV) .pytest_cache
