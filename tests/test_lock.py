"""The versions that were tested are the versions installed (issue 27): requirements.lock pins every package
make lab, make test and make class install, agrees with pyproject.toml, and `make lock` keeps it current."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)==(\S+)$")


def _pins() -> dict[str, str]:
    pins = {}
    for line in LOCK.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        match = PIN.match(line.strip())
        assert match, f"requirements.lock: {line!r} is not name==version"
        name = canonicalize_name(match.group(1))
        assert name not in pins, f"{name} pinned twice"
        pins[name] = match.group(2)
    return pins


def _requirements() -> list[Requirement]:
    if tomllib is None:
        pytest.skip("reads pyproject.toml with tomllib (Python 3.11+)")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    listed = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    return [Requirement(r) for r in listed]


def test_the_lock_pins_every_requirement_of_pyproject_within_its_bounds():
    pins = _pins()
    assert "coursekit" not in pins, "the course itself is installed from the checkout, not pinned"
    for requirement in _requirements():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement} is in pyproject.toml but not in requirements.lock: run make lock"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"requirements.lock pins {name}=={pins[name]}, outside pyproject.toml's {requirement}: run make lock")


def test_every_make_install_takes_the_lock():
    makefile = (ROOT / "Makefile").read_text()
    # .venv and .venv-class (make unit310's venv resolves for Python 3.10, which some locked versions have left)
    installs = re.findall(r"^\t\$\((?:PY|CLASS_PY)\) -m pip install (?!--upgrade)(.*)$", makefile, re.M)
    assert installs and all("-c $(LOCK)" in line for line in installs if "-e '." in line), installs
    assert re.search(r"^LOCK := requirements\.lock$", makefile, re.M)
    assert re.search(r"^lock:", makefile, re.M), "make lock rewrites the lock"


def test_this_python_has_the_locked_versions():
    """The venv running the tests (make test's .venv) holds exactly the locked versions of what it has."""
    from importlib import metadata

    pins = _pins()
    installed = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    if Path(sys.prefix).name not in {".venv", ".venv-class"}:
        # make unit310's .venv310 resolves for Python 3.10, which some locked versions have left
        pytest.skip(f"not in a venv the lock is for (.venv or .venv-class): {sys.prefix}")
    differ = {name: (version, pins[name]) for name, version in installed.items()
              if name in pins and version != pins[name]}
    assert not differ, f"installed != locked (installed, locked): {differ}; run make install or make lock"


def test_make_lock_writes_what_the_venvs_hold():
    """A dry run of make lock lists both venvs' pip freeze into the lock (what it would write, not written)."""
    result = subprocess.run(["make", "-n", "lock"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert ".venv/bin/python -m pip freeze --exclude-editable" in result.stdout
    assert ".venv-class/bin/python -m pip freeze --exclude-editable" in result.stdout
    assert "> requirements.lock" in result.stdout
