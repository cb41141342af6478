"""A fresh clone's view of the course, for the tests that run the commands the README and the lessons print.

`copy(dest)` writes what a clone of this checkout would hold (tracked files and new files git does not ignore,
with their modification times) and links `.venv` to this checkout's, as `make lab` made it. `environment(home)`
is a shell's environment on a fresh Debian: no activated venv, and `python` is not a command (only python3 is);
Jupyter's folders point into `home`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
NO_PYTHON = """#!/bin/sh
echo "python: command not found (a fresh Debian has only python3; the course's Python is .venv/bin/python)" >&2
exit 127
"""


def files() -> list[str]:
    """The paths a commit of this checkout would hold: tracked files and new files that git does not ignore."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    return sorted({name for name in listed.split("\0") if name and (ROOT / name).is_file()})


def copy(dest: Path) -> Path:
    """A fresh clone of this checkout in dest (files copied with their times), with `.venv` linked to ours."""
    for name in files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    (dest / ".venv").symlink_to(VENV, target_is_directory=True)
    return dest


def environment(home: Path) -> dict[str, str]:
    """A user's shell on a fresh Debian: no venv active, `python` fails as command not found, Jupyter's config,
    runtime, settings and workspaces in home (nothing of this machine's user leaks in)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "CONDA_PREFIX", "CONDA_DEFAULT_ENV", "PYTHONPATH", "PYTHONHOME",
                        "JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    shim = home / "no-python"
    shim.mkdir(parents=True, exist_ok=True)
    (shim / "python").write_text(NO_PYTHON)
    (shim / "python").chmod(0o755)
    keep = [d for d in env.get("PATH", "/usr/bin:/bin").split(os.pathsep) if Path(d).resolve() != VENV / "bin"]
    env["PATH"] = os.pathsep.join([str(shim), *keep])
    for name, sub in {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_RUNTIME_DIR": "runtime",
                      "JUPYTERLAB_SETTINGS_DIR": "settings", "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
                      "IPYTHONDIR": "ipython", "MPLCONFIGDIR": "mpl"}.items():
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    return env


def venv_is_current() -> bool:
    """Whether `.venv` is up to date with pyproject.toml (make then installs nothing before running a target)."""
    return subprocess.run(["make", "-q", ".venv/.installed"], cwd=ROOT, capture_output=True).returncode == 0


def venv_missing_reason() -> str | None:
    """Why the commands cannot run from a fresh clone here (no .venv, or one older than pyproject.toml), or None."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return "not a git checkout: a fresh clone is made of the files git lists"
    if not (VENV / "bin" / "python").exists():
        return "no .venv: run `make lab` (or `make install`) first"
    if not venv_is_current():
        return ".venv is older than pyproject.toml: run `make install` first (make would reinstall it from the copy)"
    return None
