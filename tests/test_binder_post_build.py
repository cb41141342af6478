"""binder/postBuild in a fresh venv, as repo2docker would run it (docs/instructors.md's Binder route; no docker here).

Its own module (not tests/test_instructor_commands.py): make test spreads test files over pytest-xdist's workers
(--dist loadfile), and this 1-3 minute install and the nbgrader block, 2-4 minutes, ran one after the other on one
worker while the other had finished.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import fresh_clone
from test_instructor_commands import _snippet

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_post_build_does_what_repo2docker_would(tmp_path):
    """binder/postBuild in a fresh venv made from the lock (repo2docker makes a conda environment from
    binder/environment.yml; no conda here): the course installed not editable, the kernel, no news popup, the
    Voila template and the culling settings."""
    if fresh_clone.venv_missing_reason() and os.environ.get("CI", "").lower() != "true":
        pytest.skip(fresh_clone.venv_missing_reason())
    started = time.monotonic()
    image = tmp_path / "image"
    subprocess.run([Path(sys.base_prefix) / "bin" / "python3", "-m", "venv", image], check=True, timeout=120)
    binder = (ROOT / "binder" / "environment.yml").read_text().split("\ndependencies:", 1)[1]
    wanted = [re.sub(r"^python-igraph", "igraph", m) for m in re.findall(r"^\s+-\s+([A-Za-z][\w.\-]*)", binder, re.M)
              if m not in ("python", "pip")]
    # --no-compile: no .pyc written ahead (39 s -> 25 s here); the packages and files are the same
    subprocess.run([image / "bin" / "python", "-m", "pip", "install", "-q", "--no-compile", "-c",
                    ROOT / "requirements.lock", *wanted], check=True, timeout=900, capture_output=True)
    installed = time.monotonic() - started
    repo = fresh_clone.copy(tmp_path / "repo")  # repo2docker runs postBuild in a copy of the repository
    env = {"PATH": f"{image / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path / "home")}
    result = subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-3000:]
    print(f"venv from the lock {installed:.0f} s, postBuild {time.monotonic() - started - installed:.0f} s")
    python = image / "bin" / "python"
    where = subprocess.run([python, "-c", "import coursekit, sys; print(coursekit.__file__)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, check=True).stdout.strip()
    assert where.startswith(str(image)) and "site-packages" in where  # in the image's environment, not the home
    kernel = json.loads((image / "share" / "jupyter" / "kernels" / "python3" / "kernel.json").read_text())
    notebook = json.loads(next((ROOT / "notebooks").glob("00_*.ipynb")).read_text())
    assert kernel["display_name"] == notebook["metadata"]["kernelspec"]["display_name"]
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    page = json.loads((image / "etc" / "jupyter" / "labconfig" / "page_config.json").read_text())
    assert page["disabledExtensions"].get("@jupyterlab/apputils-extension:announcements") is True
    assert (image / "share" / "jupyter" / "voila" / "templates" / "course").is_dir()
    assert json.loads((image / "etc" / "jupyter" / "voila.json").read_text()) == \
        json.loads(_snippet("VoilaConfiguration").text)
    culling = image / "etc" / "jupyter" / "jupyter_server_config.json"
    assert json.loads(culling.read_text()) == json.loads(_snippet("MappingKernelManager").text)
    # the server in that environment reads the culling settings
    shown = subprocess.run([image / "bin" / "jupyter", "server", "--show-config"], env=env, capture_output=True,
                           text=True, timeout=120)
    assert re.search(r"cull_idle_timeout\W+900", shown.stdout), shown.stdout[-2000:] + shown.stderr[-2000:]

