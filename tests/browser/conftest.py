"""Real-browser fixtures: one JupyterLab and one Voila server per session, driven by Debian's Chromium.

Playwright is imported lazily, so `pytest -m "not browser" tests` needs neither it nor a browser. Without a
browser these tests skip (with how to enable them); under CI=true a missing browser fails the run.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
BIN = Path(sys.executable).parent
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HOW_TO_ENABLE = ("install Debian's chromium (`apt-get install -y --no-install-recommends chromium`) or set "
                 "COURSE_CHROMIUM=/path/to/chromium, and the Python package playwright (`make install`)")
HERE = Path(__file__).resolve().parent
PROJECTOR = {"width": 1280, "height": 720}  # every page is opened at the size the course is made for (issue 15)


# The lessons in Lab, the longest module, are two modules (test_lab_lessons.py and test_lab_lessons_second_half.py),
# so the two workers share them; tests/conftest.py sends the longest modules out first.
def pytest_collection_modifyitems(config, items):
    """Every test in this folder is a browser test, whatever its module says."""
    for item in items:
        if Path(str(item.fspath)).resolve().parent == HERE:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the item, so the page fixture knows whether its test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


STAGE = {"start": None}


def pytest_terminal_summary(terminalreporter):
    """Say how long the browser stage took (the budget is 5 minutes on a 2-core machine)."""
    if STAGE["start"] is not None:
        minutes, seconds = divmod(time.monotonic() - STAGE["start"], 60)
        terminalreporter.write_line(f"browser stage: {int(minutes)} min {seconds:.0f} s (budget 5 min)")


def _missing_browser(why: str):
    message = f"browser tests need a browser: {why}; to enable them, {HOW_TO_ENABLE}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true and {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Path of a Chromium executable and a working playwright import, or skip (fail under CI=true)."""
    STAGE["start"] = time.monotonic()
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing_browser("the Python package playwright is not installed")
    path = os.environ.get("COURSE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path or not os.access(path, os.X_OK):
        _missing_browser("no chromium executable found")
    return path


def _free_port() -> int:
    """A free port: from COURSE_PORTS ("9700-9749", a helper's own range) when set, else any the system gives."""
    if os.environ.get("COURSE_PORTS"):
        low, high = (int(x) for x in os.environ["COURSE_PORTS"].split("-"))
        for port in range(low, high + 1):
            with socket.socket() as sock:
                try:
                    sock.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
        raise RuntimeError(f"no free port in COURSE_PORTS={os.environ['COURSE_PORTS']}")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _isolated_env(root: Path) -> dict:
    """Environment with Jupyter's config, runtime, settings and workspaces in a temporary folder."""
    env = dict(os.environ)
    dirs = {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_RUNTIME_DIR": "runtime", "JUPYTERLAB_SETTINGS_DIR": "settings",
            "JUPYTERLAB_WORKSPACES_DIR": "workspaces", "IPYTHONDIR": "ipython", "MPLCONFIGDIR": "mpl"}
    for name, sub in dirs.items():
        (root / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(root / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    # no progress bars (coursekit/progress.py): a slow machine would add tqdm widgets the saved notebooks lack
    env["COURSEKIT_PROGRESS"] = "0"
    # the course's own Jupyter config, as `make lab` adds it (jupyter-config/: no "Jupyter news?" prompt)
    env["JUPYTER_CONFIG_PATH"] = str(REPO / "jupyter-config")
    settings = {
        # render every cell, also those scrolled out of view, so every widget view exists
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    }
    for rel, value in settings.items():
        target = root / "settings" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(value))
    return env


class Server:
    """A Jupyter-family server we started; stopped by its own PID only."""

    def __init__(self, name: str, args: list[str], cwd: Path, env: dict, port: int, token: str, log: Path):
        self.name, self.port, self.token, self.log_path = name, port, token, log
        self.base = f"http://127.0.0.1:{port}"
        self.log = open(log, "w")
        self.proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT)

    def wait(self, path: str, timeout: float = 90) -> None:
        """Poll an URL until it answers 200 (or the process dies, or time runs out)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.proc.returncode}; log:\n{self.tail()}")
            try:
                with urllib.request.urlopen(self.base + path, timeout=5) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"{self.name} did not answer {path} within {timeout} s; log:\n{self.tail()}")

    def api(self, method: str, path: str):
        """Call the server's REST API with our token; returns parsed JSON or None."""
        request = urllib.request.Request(self.base + path, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def tail(self, lines: int = 40) -> str:
        self.log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        self.log.close()


def _copy_notebooks(source: Path, target: Path, pattern: str) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for notebook in sorted(source.glob(pattern)):
        shutil.copy2(notebook, target / notebook.name)


@pytest.fixture(scope="session")
def lab_server(chromium_path, tmp_path_factory):
    """JupyterLab on 127.0.0.1 with a token, isolated config, on temporary copies of the lessons."""
    root = tmp_path_factory.mktemp("lab")
    work = root / "notebooks"
    _copy_notebooks(REPO / "notebooks", work, "[0-9]*.ipynb")
    port, token = _free_port(), secrets.token_hex(16)
    args = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}", "--LabApp.expose_app_in_browser=True",
            "--ServerApp.port_retries=0", "--allow-root"]
    server = Server("JupyterLab", args, work, _isolated_env(root / "jupyter"), port, token, root / "lab.log")
    server.root = work
    try:
        server.wait(f"/api/status?token={token}")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def learner_lab_server(chromium_path, tmp_path_factory):
    """JupyterLab over the lessons as learners get them (issue 34): `my-work/` as `make lab` makes it, and the
    learner edition as `release` writes it (what Binder and a hub pull serve)."""
    from coursekit.mywork import make_copies
    from coursetools.release import release

    root = tmp_path_factory.mktemp("learner-copies")
    make_copies(REPO, root / "my-work")
    release(REPO, root / "edition", git=False)
    port, token = _free_port(), secrets.token_hex(16)
    args = [str(BIN / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
            "--ServerApp.port_retries=0", "--allow-root"]
    server = Server("JupyterLab (learner copies)", args, root, _isolated_env(root / ".jupyter"), port, token,
                    root / "lab.log")
    server.root = root
    try:
        server.wait(f"/api/status?token={token}")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila_server(chromium_path, tmp_path_factory):
    """Voila serving temporary copies of the demo dashboards (directory mode), with a token."""
    root = tmp_path_factory.mktemp("voila")
    work = root / "demos"
    _copy_notebooks(REPO / "notebooks" / "demos", work, "*.ipynb")
    port, token = _free_port(), secrets.token_hex(16)
    args = [str(BIN / "voila"), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}", f"--token={token}",
            f"--Voila.root_dir={work}", "--ServerApp.port_retries=0", "--template=course"]
    env = _isolated_env(root / "jupyter")
    env["JUPYTER_PATH"] = str(REPO / "share" / "jupyter")  # the course's Voila template, as make demo finds it
    server = Server("Voila", args, work, env, port, token, root / "voila.log")
    try:
        server.wait(f"/?token={token}")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def site(chromium_path, tmp_path_factory):
    """The lesson website built once a run from the saved lessons, served on 127.0.0.1 from a thread: test_site
    checks its pages and test_accessibility scans them. Under pytest-xdist the two modules may run on different
    workers: the first builds the site in the run's shared temporary folder, under a lock, and the other reads it."""
    import fcntl

    from coursetools import website
    from labtools import served

    if website.jupyter_book() is None:
        pytest.fail("jupyter-book is not installed: make test puts it in .venv-class (make class)")
    hub = "https://hub.example.edu"  # the hub the launch buttons point at
    # the run's own folder: xdist's workers each have a folder in it; without xdist it holds earlier runs too
    run = tmp_path_factory.getbasetemp()
    run = run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run
    out, built = run / "site", run / "site.built"
    with open(run / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not built.exists():
            shutil.rmtree(out, ignore_errors=True)
            assert website.main([str(out), "--hub", hub, "--saved"]) == 0
            built.touch()
    html = out / "book" / "_build" / "html"
    with served(html) as base:
        yield {"base": base, "html": html, "out": out, "hub": hub}


# A code editor's blinking cursor (CodeMirror's cm-blink animation) makes Chromium draw a new frame 2-3 times a second
# for as long as the editor has the focus: an idle Lab page with a focused cell took 1.4-1.8 CPU s of Chromium per
# 20 s, 0.33-0.37 s with the cursor steady (measured here). The tests keep Lab pages open for minutes on a machine
# whose two cores they fill, so every page the tests open shows a steady cursor, as for a user who sets Lab's
# cursor blink rate to 0. COURSE_CURSOR_BLINKS=1 leaves it blinking.
STEADY_CURSOR = """(() => {
  const add = () => {
    const style = document.createElement('style');
    style.textContent = '.cm-cursorLayer, .cm-cursor { animation: none !important; }';
    (document.head || document.documentElement).appendChild(style);
  };
  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', add); } else { add(); }
})();"""


def _steady_cursors(instance) -> None:
    """Every context this browser makes (the tests' own new_context calls too) shows steady editor cursors."""
    make = instance.new_context

    def new_context(*args, **kwargs):
        context = make(*args, **kwargs)
        context.add_init_script(STEADY_CURSOR)
        return context

    instance.new_context = new_context


@pytest.fixture(scope="session")
def browser(chromium_path):
    """One headless Chromium for the session (Playwright gives it a fresh temporary profile)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)  # a loaded 2-core machine can take a few seconds to redraw
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_FLAGS)
        if os.environ.get("COURSE_CURSOR_BLINKS") != "1":
            _steady_cursors(instance)
        try:
            yield instance
        finally:
            instance.close()


def _kernel_errors(tab, payload) -> None:
    """Keep every kernel 'error' message and every caught widget error seen on a websocket (Voila shows a
    failing widget callback nowhere)."""
    text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
    if '"msg_type": "error"' in text or '"msg_type":"error"' in text:
        found = re.search(r'"ename":\s*"([^"]*)",\s*"evalue":\s*"((?:[^"\\]|\\.)*)"', text)
        tab.kernel_errors.append(": ".join(found.groups()) if found else text[:300])
    if "Something went wrong inside the widget" in text:  # CourseWidget caught an unexpected callback error
        found = re.search(r"Something went wrong inside the widget \(([^)]*)\)", text)
        tab.kernel_errors.append(f"caught in a widget: {found.group(1) if found else text[:300]}")


def _new_page(browser):
    context = browser.new_context(viewport=PROJECTOR)
    context.set_default_timeout(30_000)
    tab = context.new_page()
    tab.console_lines, tab.kernel_errors = [], []
    tab.on("console", lambda msg: tab.console_lines.append(f"[{msg.type}] {msg.text}"))
    tab.on("pageerror", lambda error: tab.console_lines.append(f"[pageerror] {error}"))
    tab.on("websocket", lambda ws: ws.on("framereceived", lambda payload: _kernel_errors(tab, payload)))
    return context, tab


def _failed(request) -> bool:
    report = getattr(request.node, "report_call", None)
    return report is None or report.failed


def _save_artifacts(tab, request, console: list[str]) -> None:
    """Screenshot and console log of a page into test-artifacts/ (on failure, or always with COURSE_SCREENSHOTS=1)."""
    if not (_failed(request) or os.environ.get("COURSE_SCREENSHOTS")):
        return
    ARTIFACTS.mkdir(exist_ok=True)
    stem = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in request.node.name)
    try:
        tab.screenshot(path=str(ARTIFACTS / f"{stem}.png"), full_page=True)
    except Exception as error:  # the page may be gone; the log still matters
        console = console + [f"[artifact] screenshot failed: {error}"]
    (ARTIFACTS / f"{stem}.console.log").write_text("\n".join(console) + "\n")


@pytest.fixture
def page(browser, request):
    """A fresh page (used for Voila); on failure its screenshot and console log go to test-artifacts/."""
    context, tab = _new_page(browser)
    yield tab
    _save_artifacts(tab, request, tab.console_lines)
    context.close()


@pytest.fixture(scope="session")
def _lab_tab(browser, lab_server):
    """One JupyterLab page for the whole session: loading Lab once saves about 5 s a notebook."""
    context, tab = _new_page(browser)
    tab.needs_reload = True
    yield tab
    context.close()


@pytest.fixture
def lab_page(_lab_tab, lab_server, request):
    """The session's Lab page, with no document open; afterwards documents are closed and kernels shut down.

    After a failure the page is reloaded for the next test, so one broken lesson cannot break the others.
    """
    tab = _lab_tab
    if tab.needs_reload:
        tab.goto(f"{lab_server.base}/lab?reset&token={lab_server.token}")
        tab.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
        tab.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")
        tab.wait_for_selector("#jp-main-statusbar", timeout=60_000)
        tab.needs_reload = False
    first_line = len(tab.console_lines)
    tab.server = lab_server
    yield tab
    _save_artifacts(tab, request, tab.console_lines[first_line:])
    try:  # the notebooks are temporary copies: save them, so closing asks nothing
        tab.evaluate("""async () => {
            const app = window.jupyterapp;
            for (const w of Array.from(app.shell.widgets('main'))) {
                if (w.context && w.context.model.dirty) { await w.context.save(); }
            }
            await app.commands.execute('application:close-all');
        }""")
        tab.wait_for_function("() => Array.from(window.jupyterapp.shell.widgets('main'))"
                              ".filter(w => w.context).length === 0", timeout=10_000)  # a Launcher may open
    except Exception as error:
        print(f"Lab page left in a bad state ({error}); reloading it for the next test")
        tab.needs_reload = True
    if _failed(request):
        tab.needs_reload = True
    try:
        for session in lab_server.api("GET", "/api/sessions") or []:
            lab_server.api("DELETE", f"/api/sessions/{session['id']}")
    except OSError as error:
        print(f"could not shut down Lab sessions: {error}")
