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
from labtools import POLL_MS

ARTIFACTS = fresh_clone.ROOT / "test-artifacts"
LESSON_00 = "/lab/tree/my-work/notebooks/00_start_here.ipynb"  # the learner's own copy (issue 28)
# each open tab's label and the part of it shown: Lab cuts a long label with an ellipsis at the tab's width
VISIBLE_TAB_TEXT = """() => [...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tabLabel')].map(label => {
  const text = label.firstChild, range = document.createRange(), right = label.getBoundingClientRect().right;
  let shown = 0;
  while (shown < text.length) {
    range.setStart(text, 0);
    range.setEnd(text, shown + 1);
    if (range.getBoundingClientRect().right > right - 12) break;  // 12 px: the ellipsis itself
    shown += 1;
  }
  return [label.textContent, label.textContent.slice(0, shown)];
})"""
LESSON_02 = "my-work/notebooks/02_counting_blackjack_hands.ipynb"
EXERCISE_02 = "my-work/exercises/02_exercises_counting_blackjack_hands.ipynb"
# opened after lessons 00 and 02 and exercise set 02 (`_lesson_and_exercise_tabs`): four kernels, one document each
# (each opening costs Lab about 11 s here: lesson 04 as a fifth added that and proved nothing more)
LESSONS_LEFT_OPEN = ("my-work/notebooks/02_counting_blackjack_hands.ipynb", "my-work/notebooks/01_superpositions.ipynb")
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


def _start(target: str, folder: Path, root: Path, log_path: Path, extra: tuple[str, ...] = ()):
    """Start `make TARGET` on a free port; the process (its own group) and the URL it prints."""
    env = fresh_clone.environment(root / f"home-{target}")
    command = ["make", target, f"PORT={_free_port()}", f"PRESENT_SETTINGS={root / 'present-settings'}", *extra]
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    url, deadline = None, time.monotonic() + 120
    while url is None:
        printed = re.findall(r"^\s+(http://127\.0\.0\.1:\d+/\S+)$", log_path.read_text(), re.M)
        url = printed[-1] if printed else None
        if not url and (process.poll() is not None or time.monotonic() > deadline):
            os.killpg(process.pid, signal.SIGTERM)
            pytest.fail(f"make {target} printed no URL:\n{log_path.read_text()[-3000:]}")
        time.sleep(0.5)
    return process, url


def _stop(process) -> None:
    os.killpg(process.pid, signal.SIGTERM)  # make and the Lab it started: the group we made, by its id
    process.wait(timeout=30)


def _open(target: str, folder: Path, root: Path, browser) -> dict:
    """Start `make TARGET` on a free port, open the URL it prints in Chromium at 1280x720, measure, stop it. Lab
    then has lessons 00 and 02, exercise set 02, and the LESSONS_LEFT_OPEN open, as a learner may leave it."""
    log_path = root / f"make-{target}.log"
    extra = (f"LAB_WORKSPACES={root / ('workspaces-' + target)}",)
    if target == "lab":  # window.jupyterapp, to open the lessons as from the file browser
        extra += ("LAB_ARGS=--LabApp.expose_app_in_browser=True",)
    process, url = _start(target, folder, root, log_path, extra)
    try:
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
            if target == "lab":
                seen["tabs"] = _lesson_and_exercise_tabs(page, url)
                _leave_lessons_open(page, url.split("?token=")[1])
        finally:
            context.close()
    finally:
        _stop(process)
    return {"url": url, "log": log_path.read_text(), **seen}


def _lesson_and_exercise_tabs(page, url: str) -> list[str]:
    """Open lesson 02 and click its closing link to the exercise set, as a learner does: the tab labels then (Lab
    shows a link to a notebook as /files/...?_xsrf=..., and opens the notebook in a tab when it is clicked)."""
    base, token = url.split("/lab/")[0], url.split("?")[1]
    page.goto(f"{base}/lab/tree/{LESSON_02}?{token}", timeout=90_000)
    # visible ones: lesson 00, restored from the layout Lab saved, is open behind it (its text first in the page)
    page.wait_for_selector(".jp-RenderedMarkdown p >> visible=true", timeout=90_000)
    link = page.locator('.jp-RenderedMarkdown a[href*="/02_exercises_"]')
    for _ in range(200):  # Lab renders a long notebook's cells as they scroll into view
        if link.count():
            break
        page.evaluate("""() => document.querySelectorAll('.jp-WindowedPanel-outer').forEach(
            panel => panel.scrollBy(0, 2000))""")
        page.wait_for_timeout(100)
    assert link.count(), "lesson 02 has no link to its exercise set"
    link.first.click()
    name = EXERCISE_02.rsplit("/", 1)[1]
    page.wait_for_function(f"""() => [...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tabLabel')]
        .some(label => label.textContent === {name!r})""", timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "make_lab_lesson_and_exercise_tabs.png"))
    return page.evaluate(VISIBLE_TAB_TEXT)


def _leave_lessons_open(page, token: str) -> None:
    """Open the LESSONS_LEFT_OPEN one after another in the same page, as from the file browser, and give Lab the
    moment it takes to save its layout (the next make lab reads it)."""
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=60_000)
    for lesson in LESSONS_LEFT_OPEN:
        page.evaluate(f"() => window.jupyterapp.commands.execute('docmanager:open', {{path: {lesson!r}}})")
        page.wait_for_function(f"""() => [...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tabLabel')]
            .some(label => label.textContent === {lesson.rsplit('/', 1)[1]!r})""", timeout=60_000)
    page.wait_for_function(f"""async () => (await (await fetch('/api/kernels',
        {{headers: {{Authorization: 'token ' + {token!r}}}}})).json()).length >= 4""", timeout=60_000, polling=POLL_MS)
    page.wait_for_timeout(2000)  # Lab saves its layout a moment after it changes


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


def test_a_lesson_and_its_exercises_have_tabs_told_apart(opened):
    """Issue 28 item 6: with lesson 02 and its exercise set open side by side, the two tabs read differently and
    the exercise's says so (they had the same file name, so the same tab label)."""
    shown = dict(opened["lab"]["tabs"])
    lesson, exercise = LESSON_02.rsplit("/", 1)[1], EXERCISE_02.rsplit("/", 1)[1]
    assert lesson in shown and exercise in shown, shown
    assert len(shown[exercise]) >= 12, shown  # at least "02_exercises" reads in full
    assert "exercises" in shown[exercise] and shown[lesson] != shown[exercise], shown


RUNNING = """async () => (await (await fetch('/api/kernels', {headers: {Authorization: 'token ' + TOKEN}})).json())
    .map(kernel => kernel.id)"""


def _kernels(page, token: str) -> list:
    return page.evaluate(RUNNING.replace("TOKEN", repr(token)))


def test_the_next_make_lab_reopens_the_last_lesson_with_one_kernel(opened, clone, browser):
    """Issue 37 item 5: a learner leaves lessons 00, 02 and 01 and exercise set 02 open (four kernels: `opened`'s
    make lab) and quits; the next `make lab` opens lesson 01, the one they last looked at, alone, and starts one
    kernel (it reopened all of them before)."""
    folder, root = clone
    workspaces = root / "workspaces-lab"  # the one `opened`'s make lab saved its layout in
    extra = (f"LAB_WORKSPACES={workspaces}", "LAB_ARGS=--LabApp.expose_app_in_browser=True")
    saved = list(workspaces.glob("*.jupyterlab-workspace"))
    assert saved, f"Lab saved no workspace in {workspaces}"
    process, url = _start("lab", folder, root, root / "make-lab-again.log", extra)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        assert url.split("?")[0].endswith("/lab/tree/" + LESSONS_LEFT_OPEN[-1]), url
        page = context.new_page()
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".lm-DockPanel-tabBar .lm-TabBar-tabLabel", timeout=90_000)
        page.wait_for_selector(".jp-RenderedMarkdown p >> visible=true", timeout=90_000)
        page.wait_for_timeout(5000)  # time for any other restored tab to start its kernel
        tabs = page.evaluate("""() => [...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tabLabel')]
            .map(label => label.textContent)""")
        kernels = _kernels(page, url.split("?token=")[1])
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "make_lab_again.png"))
    finally:
        context.close()
        _stop(process)
    assert tabs == [LESSONS_LEFT_OPEN[-1].rsplit("/", 1)[1]], tabs
    assert len(kernels) == 1, kernels
