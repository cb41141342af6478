"""`make lab` and `make present` as a learner and an instructor start them, opened in Chromium at 1280x720 (issue 21).

Both run from a fresh clone's folder (tests/fresh_clone.py) with no `python` on the PATH. The URL `make lab` prints
opens lesson 00 (not the repository's root folder), its log has no deprecation warnings, and `make present` shows
JupyterLab's text bigger (theme overrides from jupyter-config/present/). Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

import fresh_clone

ARTIFACTS = fresh_clone.ROOT / "test-artifacts"
LESSON_00 = "/lab/tree/my-work/notebooks/00_start_here.ipynb"  # the learner's own copy (issue 28)
# what a learner sees: the open tab, the file browser's folder, and the text sizes of each part of the page
MEASURE = """() => {
  const size = selector => {
    const element = document.querySelector(selector);
    return element ? parseFloat(getComputedStyle(element).fontSize) : null;
  };
  const label = document.querySelector('.lm-DockPanel-tabBar .lm-mod-current .lm-TabBar-tabLabel');
  const crumbs = document.querySelector('.jp-BreadCrumbs');
  return {
    tab: label ? label.textContent : null, folder: crumbs ? crumbs.textContent : null,
    markdown: size('.jp-RenderedMarkdown p'), code: size('.jp-CodeCell .cm-content'),
    menu: size('.lm-MenuBar-itemLabel'), files: size('.jp-DirListing-itemText'),
  };
}"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    why = fresh_clone.venv_missing_reason()
    if why:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(why)
        pytest.skip(why)
    root = tmp_path_factory.mktemp("make-lab")
    return fresh_clone.copy(root / "games-course"), root


def _open(target: str, folder: Path, root: Path, browser) -> dict:
    """Start `make TARGET` on a free port, open the URL it prints in Chromium at 1280x720, measure, stop it."""
    env = fresh_clone.environment(root / f"home-{target}")
    log_path = root / f"make-{target}.log"
    command = ["make", target, f"PORT={_free_port()}", f"PRESENT_SETTINGS={root / 'present-settings'}"]
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        url, deadline = None, time.monotonic() + 120
        while url is None:
            printed = re.findall(r"^\s+(http://127\.0\.0\.1:\d+/\S+)$", log_path.read_text(), re.M)
            url = printed[-1] if printed else None
            assert url or process.poll() is None, log_path.read_text()[-3000:]
            assert time.monotonic() < deadline, f"make {target} printed no URL:\n{log_path.read_text()[-3000:]}"
            time.sleep(0.5)
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        try:
            page = context.new_page()
            page.goto(url, timeout=90_000)
            page.wait_for_selector(".jp-RenderedMarkdown p", timeout=90_000)
            page.wait_for_selector(".jp-CodeCell .cm-content", timeout=60_000)
            page.wait_for_function("() => document.querySelector('.jp-BreadCrumbs') !== null", timeout=30_000)
            page.wait_for_timeout(1000)  # the theme's font overrides land after the first paint
            seen = page.evaluate(MEASURE)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"make_{target}.png"))
        finally:
            context.close()
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # make and the Lab it started: the group we made, by its id
        process.wait(timeout=30)
    return {"url": url, "log": log_path.read_text(), **seen}


@pytest.fixture(scope="module")
def opened(clone, browser) -> dict:
    folder, root = clone
    return {target: _open(target, folder, root, browser) for target in ("lab", "present")}


@pytest.mark.parametrize("target", ["lab", "present"])
def test_the_printed_url_opens_lesson_00(opened, target):
    seen = opened[target]
    assert re.fullmatch(rf"http://127\.0\.0\.1:\d+{LESSON_00}\?token=\w+", seen["url"]), seen["url"]
    assert seen["tab"] == "00_start_here.ipynb", seen
    assert "notebooks" in (seen["folder"] or ""), seen


@pytest.mark.parametrize("target", ["lab", "present"])
def test_no_deprecation_warnings_when_lab_starts(opened, target):
    log = opened[target]["log"]
    noise = [line for line in log.splitlines() if re.search(r"deprecat|Warning:", line, re.I)]
    assert not noise, "\n".join(noise)


def test_make_present_shows_bigger_text(opened):
    lab, present = opened["lab"], opened["present"]
    assert (lab["menu"], lab["markdown"], lab["code"]) == (13, 14, 13), lab  # JupyterLab's own sizes
    assert present["menu"] >= 16 and present["files"] >= 16, present
    assert present["markdown"] >= 18 and present["code"] >= 17, present
