"""The first hour without surprises (issue 15): opening a lesson changes nothing in it, and no news prompt.

JupyterLab marks a notebook unsaved (and asks "Save changes?" on close) when the kernel it starts has another
display name than the notebook records. The install side names the kernel as the notebooks do; these tests keep
the two in step. The browser side is tests/browser/test_lab_lessons.py::test_a_lesson_opens_unchanged.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(ROOT.glob("notebooks/**/*.ipynb")) + sorted(ROOT.glob("exercises/*.ipynb")) + sorted(
    ROOT.glob("solutions/*.ipynb"))
ANNOUNCEMENTS = "@jupyterlab/apputils-extension:announcements"


def installed_display_name() -> str:
    """The kernel display name `make install` gives the course's kernel."""
    found = re.search(r"^KERNEL_NAME := (.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert found, "Makefile: KERNEL_NAME is gone"
    return found.group(1).strip()


def test_make_binder_and_nbgrader_name_the_kernel_alike():
    name = installed_display_name()
    assert name == "Python 3 (ipykernel)", "the name ipykernel gives by default, and the notebooks record"
    assert f'--display-name "{name}"' in (ROOT / "binder" / "postBuild").read_text()
    assert f'"display_name": "{name}"' in (ROOT / "coursetools" / "author" / "nbgrader_export.py").read_text()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[str(p.relative_to(ROOT)) for p in NOTEBOOKS])
def test_every_notebook_records_the_installed_kernel(path):
    spec = json.loads(path.read_text())["metadata"].get("kernelspec", {})
    assert spec.get("name") == "python3" and spec.get("display_name") == installed_display_name(), (
        f"{path.name} records {spec}: JupyterLab would rewrite it on opening and ask to save it on closing")


def test_the_shipped_lab_config_turns_the_news_prompt_off():
    config = json.loads((ROOT / "jupyter-config" / "labconfig" / "page_config.json").read_text())
    assert config["disabledExtensions"][ANNOUNCEMENTS] is True
    assert "jupyter-config" in (ROOT / "Makefile").read_text().split("\nlab:")[0], "make lab must point to it"
    assert "JUPYTER_CONFIG_PATH" in (ROOT / "Makefile").read_text()
    assert f'labextension disable --level=sys_prefix "{ANNOUNCEMENTS}"' in (ROOT / "binder" / "postBuild").read_text()
    env = dict(os.environ, JUPYTER_CONFIG_PATH=str(ROOT / "jupyter-config"))   # as make lab starts JupyterLab
    code = ("from jupyterlab_server.config import get_page_config; "
            "print(get_page_config([])['disabledExtensions'])")
    seen = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert ANNOUNCEMENTS in seen.stdout, seen.stdout + seen.stderr
