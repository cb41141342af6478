"""Binder / repo2docker: the image gets exactly the course's runtime packages, on a pinned Python."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONDA_NAMES = {"python-igraph": "igraph"}
HUB_PACKAGES = {"nbgitpuller": ">=1.2", "voila": ">=0.5"}  # the links and the dashboards on a hub


def _runtime_dependencies() -> dict[str, str]:
    text = (ROOT / "pyproject.toml").read_text()
    block = re.search(r"^dependencies = \[(.*?)^\]", text, re.S | re.M).group(1)
    found = {}
    for requirement in re.findall(r'"([^"]+)"', block):
        name, spec = re.match(r"([A-Za-z0-9_.\-]+)(.*)", requirement).groups()
        found[name.lower()] = spec.replace(" ", "")
    return found


def _binder_packages() -> tuple[dict[str, str], str]:
    packages, python = {}, ""
    for line in (ROOT / "binder" / "environment.yml").read_text().split("\ndependencies:", 1)[1].splitlines():
        match = re.match(r"\s+-\s+([A-Za-z][^:#]*?)\s*$", line)
        if not match:
            continue
        name, spec = re.match(r"([A-Za-z0-9_.\-]+)(.*)", match.group(1)).groups()
        if name == "python":
            python = spec
        elif name != "pip":
            packages[CONDA_NAMES.get(name.lower(), name.lower())] = spec.replace(" ", "")
    return packages, python


def test_binder_environment_has_the_runtime_packages_and_nothing_else():
    packages, _ = _binder_packages()
    assert packages == {**_runtime_dependencies(), **HUB_PACKAGES}


def test_binder_pins_one_python_version_the_course_supports():
    _, python = _binder_packages()
    match = re.fullmatch(r"=(3)\.(\d+)", python)
    assert match, f"binder/environment.yml must pin python like python=3.11, not {python!r}"
    assert int(match.group(2)) >= 10


def test_post_build_installs_the_course_and_its_kernel():
    script = (ROOT / "binder" / "postBuild").read_text()
    assert script.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in script
    # not editable: Zero to JupyterHub mounts each user's volume over the home folder the image was built in
    assert "pip install --no-deps ." in script and " -e " not in script and "ipykernel install" in script
    assert '"template": "course"' in script and "voila.json" in script and '"cull_idle_timeout"' in script
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111
