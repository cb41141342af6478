"""A learner's second day (issue 28): work saved in JupyterLab never changes the course's files.

A git clone of this checkout (with its .venv linked), `make lab` started as a learner starts it, lessons 00 and 08
opened, run and saved in Chromium at 1280x720, JupyterLab stopped and started again. Then the lessons show
"run this cell to show the widget" where a widget was (never "model not found"), lesson 00's check reads right,
`git status` is clean, and `git pull` of a course update works. Screenshots: test-artifacts/learner_day2_*.png.
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
LESSONS = ("00_start_here.ipynb", "08_monte_carlo_tree_search.ipynb")
GONE = "model not found"


def _git(folder: Path, *args: str) -> str:
    result = subprocess.run(["git", "-c", "user.name=course", "-c", "user.email=course@example.org", *args],
                            cwd=folder, capture_output=True, text=True)
    assert result.returncode == 0, f"git {' '.join(args)}: {result.stdout}{result.stderr}"
    return result.stdout


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """(upstream repository, the learner's clone of it with .venv linked, a learner's environment)."""
    why = fresh_clone.venv_missing_reason()
    if why:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(why)
        pytest.skip(why)
    root = tmp_path_factory.mktemp("day2")
    upstream = fresh_clone.copy(root / "upstream")
    (upstream / ".venv").unlink()
    _git(upstream, "init", "-q", "-b", "main")
    _git(upstream, "add", "-A")
    _git(upstream, "commit", "-q", "-m", "the course")
    learner = root / "games-course"
    _git(root, "clone", "-q", str(upstream), str(learner))
    (learner / ".venv").symlink_to(fresh_clone.VENV, target_is_directory=True)
    for name in ("pyproject.toml", "requirements.lock"):  # the stamp's prerequisites: make must not reinstall the
        stamp = (fresh_clone.ROOT / name).stat()          # linked .venv from this temporary clone
        os.utime(learner / name, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    env = fresh_clone.environment(root / "home")
    # every cell rendered (no windowing), so the page's text holds every output the test looks for
    tracker = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    return upstream, learner, env


class Lab:
    """`make lab` in the learner's folder, stopped by its process group's id."""

    def __init__(self, folder: Path, env: dict, log: Path):
        self.log = log
        with open(log, "w") as out:
            self.process = subprocess.Popen(
                ["make", "lab", f"PORT={_free_port()}", "LAB_ARGS=--LabApp.expose_app_in_browser=True"],
                cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True)
        deadline, self.url = time.monotonic() + 180, None
        while self.url is None:
            printed = re.findall(r"^\s+(http://127\.0\.0\.1:\d+/\S+)$", log.read_text(), re.M)
            self.url = printed[-1] if printed else None
            assert self.url or self.process.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, f"make lab printed no URL:\n{log.read_text()[-3000:]}"
            time.sleep(0.5)

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)


def _open(page, base: str, name: str):
    """Open the learner's copy of a lesson and wait for its kernel and its outputs."""
    page.goto(f"{base}/lab/tree/my-work/notebooks/{name}?reset", timeout=90_000)
    page.wait_for_function("(n) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
                           " return w && w.context && w.context.path.endsWith(n) && w.sessionContext"
                           " && w.sessionContext.session && w.sessionContext.session.kernel"
                           " && w.sessionContext.session.kernel.status === 'idle'; }", arg=name, timeout=90_000,
                           polling=POLL_MS)
    page.wait_for_timeout(2000)  # widget renderers settle ("Loading widget..." turns into the view or the error)


def _texts(page) -> str:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.node.innerText")


def test_a_learners_saved_work_leaves_the_course_clean(course, browser):
    upstream, learner, env = course
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    ARTIFACTS.mkdir(exist_ok=True)
    seen = {}
    lab = Lab(learner, env, learner.parent / "lab1.log")
    try:
        base = lab.url.split("/lab")[0]
        token = re.search(r"token=(\w+)", lab.url).group(1)
        page.goto(lab.url, timeout=90_000)
        for name in LESSONS:
            _open(page, base, name)
            seen[f"first {name}"] = _texts(page)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_function(
                "() => { const p = window.jupyterapp.shell.currentWidget; const c = p.content.model.cells;"
                " for (let i = 0; i < c.length; i++) { const x = c.get(i);"
                " if (x.type === 'code' && !(x.executionCount > 0)) return false; }"
                " return p.sessionContext.session.kernel.status === 'idle'; }", timeout=240_000, polling=POLL_MS)
            if name.startswith("00"):  # the smoke test: Deal shows cards
                page.locator("button", has_text=re.compile(r"^\s*Deal\s*$")).first.click()
                page.wait_for_timeout(1000)
            page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
            page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
                                   timeout=30_000)
            page.screenshot(path=str(ARTIFACTS / f"learner_day1_{name[:2]}.png"))
    finally:
        lab.stop()
    assert token
    lab = Lab(learner, env, learner.parent / "lab2.log")
    try:
        base = lab.url.split("/lab")[0]
        page.goto(lab.url, timeout=90_000)
        for name in LESSONS:
            _open(page, base, name)
            seen[f"again {name}"] = _texts(page)
            page.screenshot(path=str(ARTIFACTS / f"learner_day2_{name[:2]}.png"))
            widgets = page.locator(".jp-OutputArea-output", has_text="run this cell to show the widget")
            if name.startswith("00"):
                assert widgets.count() >= 1, seen[f"again {name}"][-3000:]
                assert "WidgetCheck: run this cell to show the widget" in widgets.first.inner_text()
                widgets.first.scroll_into_view_if_needed()
                page.screenshot(path=str(ARTIFACTS / f"learner_day2_{name[:2]}_widget.png"))
    finally:
        lab.stop()
        context.close()
    for when, text in seen.items():
        assert GONE not in text, f"{when}: {text[-2000:]}"
    assert "WidgetCheck: run this cell to show the widget" in seen["again 00_start_here.ipynb"]
    # the learner's work is kept in my-work/, which git ignores
    saved = (learner / "my-work" / "notebooks" / LESSONS[0]).read_text()
    assert '"execution_count": 1' in saved or '"execution_count": 2' in saved, "lesson 00 was not saved"
    assert _git(learner, "status", "--porcelain") == ""
    # a course update arrives with git pull; the learner's copy stays theirs
    readme = upstream / "README.md"
    readme.write_text(readme.read_text() + "\nA course update.\n")
    lesson = upstream / "notebooks" / LESSONS[0]
    lesson.write_text(lesson.read_text().replace("Ready? Go on", "Ready? Now go on"))
    _git(upstream, "commit", "-q", "-am", "a course update")
    _git(learner, "pull", "-q", "--ff-only")
    assert "A course update." in (learner / "README.md").read_text()
    assert (learner / "my-work" / "notebooks" / LESSONS[0]).read_text() == saved
    assert _git(learner, "status", "--porcelain") == ""
