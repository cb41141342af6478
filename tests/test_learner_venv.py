"""The learners' JupyterLab holds no instructors' tools (issue 21): nbgrader and Jupyter Book live in .venv-class.

nbgrader enables its menu (Validate, Create Assignment, Formgrader) and its server extensions in every JupyterLab of
the environment it is installed in; in a learner's Lab its Validate failed with "Unexpected token '<'". `make lab`
makes `.venv` with the course and its test tools only; `make class` (and `make test`, `make site`) puts nbgrader
and Jupyter Book in `.venv-class`. make test runs this file after building both.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LEARNER = ROOT / ".venv"
CLASS = ROOT / ".venv-class"
INSTRUCTOR_TOOLS = ("nbgrader", "jupyter-book")
IN_CI = os.environ.get("CI", "").lower() == "true"


def _needs(venv: Path) -> None:
    if not (venv / "bin" / "python").exists():
        message = f"no {venv.name} here (make test makes it)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)


def _distributions(venv: Path) -> set[str]:
    """The normalised names of the packages installed in a venv."""
    code = ("import importlib.metadata as m, json; "
            "print(json.dumps(sorted({d.metadata['Name'].lower().replace('_', '-') for d in m.distributions()})))")
    result = subprocess.run([str(venv / "bin" / "python"), "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(result.stdout))


def _jupyter(venv: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH")}
    env["JUPYTER_CONFIG_PATH"] = str(ROOT / "jupyter-config")  # as make lab starts it
    result = subprocess.run([str(venv / "bin" / "jupyter"), *args], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


def test_the_learners_venv_has_no_nbgrader_and_no_jupyter_book():
    _needs(LEARNER)
    installed = _distributions(LEARNER)
    assert not installed & set(INSTRUCTOR_TOOLS), (
        f"{sorted(installed & set(INSTRUCTOR_TOOLS))} in the learners' .venv: `make lab` takes them out "
        "(they belong in .venv-class)")
    assert "jupyterlab" in installed and "coursekit" in installed
    for module in ("nbgrader", "jupyter_book"):
        assert not list((LEARNER / "lib").glob(f"python3*/site-packages/{module}")), module


def test_the_learners_lab_has_no_nbgrader_extension():
    _needs(LEARNER)
    assert not (LEARNER / "share" / "jupyter" / "labextensions" / "@jupyter" / "nbgrader").exists()
    labextensions = _jupyter(LEARNER, "labextension", "list")
    assert "@jupyter-widgets/jupyterlab-manager" in labextensions  # the listing worked
    assert "nbgrader" not in labextensions.lower(), labextensions
    server = _jupyter(LEARNER, "server", "extension", "list")
    assert "jupyterlab" in server and "nbgrader" not in server.lower(), server


def test_the_instructors_venv_has_the_tools():
    """After make test (or make class): nbgrader and jupyter-book as programs in .venv-class, with a kernel
    named as the notebooks record it (nbgrader's autograde runs the notebooks with it)."""
    _needs(CLASS)
    installed = _distributions(CLASS)
    assert set(INSTRUCTOR_TOOLS) <= installed and "coursekit" in installed
    for program in ("nbgrader", "jupyter-book"):
        assert (CLASS / "bin" / program).exists(), program
    kernel = json.loads((CLASS / "share" / "jupyter" / "kernels" / "python3" / "kernel.json").read_text())
    assert kernel["display_name"] == "Python 3 (ipykernel)"
    assert Path(kernel["argv"][0]).parent == CLASS / "bin"


TEST_TOOLS = {"pytest", "hypothesis", "nbval", "ruff", "playwright", "coverage"}


def _installs(target: str) -> list[str]:
    """The pip install commands `make` would run to make target from scratch (a dry run, nothing installed)."""
    result = subprocess.run(["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.splitlines() if " -m pip install " in line and "--upgrade pip" not in line]


def test_make_lab_installs_no_test_tools():
    """The learners' .venv (issue 28): make lab installs the course with the demo extra only; the test tools
    (pytest, hypothesis, nbval and its coverage, ruff, playwright) come from the test extra that make test adds."""
    try:
        import tomllib
    except ImportError:
        pytest.skip("reads pyproject.toml with tomllib (Python 3.11+)")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lab = _installs(".venv/.installed")
    assert lab and all("-e '.[demo]'" in line for line in lab), lab
    names = {r.split(">")[0].split("<")[0].split("=")[0].split("[")[0].strip().lower()
             for r in project["dependencies"] + project["optional-dependencies"]["demo"]}
    assert not names & TEST_TOOLS, names & TEST_TOOLS
    tested = _installs(".venv/.installed-test")
    assert any("test" in re.search(r"-e '\.\[([a-z,]+)\]'", line).group(1).split(",") for line in tested), tested
    extra = {r.split(">")[0].split("=")[0].strip().lower() for r in project["optional-dependencies"]["test"]}
    assert TEST_TOOLS - {"coverage"} <= extra  # coverage comes with nbval
    for target in ("test", "unit", "notebooks", "browser"):
        assert "$(TEST_STAMP)" in _makefile_rule(target), target
    for target in ("lab", "present", "demo"):
        assert "$(TEST_STAMP)" not in _makefile_rule(target), target


def _makefile_rule(target: str) -> str:
    return (ROOT / "Makefile").read_text().split(f"\n{target}:", 1)[1].split("\n", 1)[0]


# the first make lab's time to its URL (issue 28: under 60 s) is measured by bench/bench_first_make_lab.py
