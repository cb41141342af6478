"""The install files agree with each other and with what the course imports."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# conda-forge names that differ from the package index
CONDA_NAMES = {"python-igraph": "igraph"}


def _name_and_spec(requirement: str) -> tuple[str, str]:
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", requirement)
    assert match, requirement
    return match.group(1).lower(), match.group(2).replace(" ", "")


def _pyproject() -> dict[str, str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = data["project"]
    requirements = project["dependencies"] + project["optional-dependencies"]["test"]
    return dict(_name_and_spec(r) for r in requirements)


def _environment() -> dict[str, str]:
    packages: dict[str, str] = {}
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        match = re.match(r"\s+-\s+([A-Za-z][^:#]*?)\s*$", line)
        if not match or match.group(1).startswith("-e"):
            continue
        name, spec = _name_and_spec(match.group(1))
        if name in ("python", "pip"):
            continue
        packages[CONDA_NAMES.get(name, name)] = spec
    return packages


def test_environment_yml_lists_the_same_packages_as_pyproject():
    assert _environment() == _pyproject()


def test_python_floor_agrees():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert data["project"]["requires-python"] == ">=3.10"
    assert "python>=3.10" in (ROOT / "environment.yml").read_text()


def test_ci_runs_make_test_without_masking_failures():
    script = (ROOT / ".ci" / "run").read_text()
    assert "set -euo pipefail" in script
    assert re.search(r"^make test$", script, re.M)
    assert "|| true" not in script


def test_makefile_test_runs_units_nbval_and_browser():
    makefile = (ROOT / "Makefile").read_text()
    assert "--nbval-current-env" in makefile and "--nbval-sanitize-with" in makefile
    assert "-m browser" in makefile


def test_make_unit_skips_slow_tests_and_make_test_runs_them():
    makefile = (ROOT / "Makefile").read_text()
    unit = makefile.split("\nunit:", 1)[1].split("\n\n", 1)[0]
    test = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert '-m "not browser and not slow"' in unit
    assert '-m "not browser" tests' in test and "not slow" not in test
