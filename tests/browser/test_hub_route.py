"""A class on a real JupyterHub (PAM users, LocalProcessSpawner), walked in Chromium as docs/instructors.md says.

Starts from ../shared/notes/hub-testing.md. The hub's environment (JupyterHub, JupyterLab, nbgitpuller, nbgrader,
Voila) and configurable-http-proxy (npm) are installed by the test itself into COURSEKIT_HUB_CACHE (default
/tmp/coursekit-hub) on first use. The hub steps of docs/instructors.md are taken from the document
(tests/doc_commands.py) and run as written (RUNS_AS_WRITTEN; its settings snippets are written as shown), so a wrong
command there fails here; only the document's places and placeholders become this test's (_placed): the exchange
and the system-wide nbgrader_config.py go into this run's folder and the hub environment's etc/jupyter, not /srv
and /etc/jupyter (nothing machine-wide to clean up); the instructor is ckteach, the learner ckada; `sudo -E` is
dropped (the test runs as root). Runs as root (CI does); the users it makes are removed at the end.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

import doc_commands  # tests/doc_commands.py: the commands and settings docs/instructors.md shows, as written

pytestmark = [pytest.mark.slow, pytest.mark.browser]

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("COURSEKIT_HUB_CACHE", "/tmp/coursekit-hub"))
VENV = CACHE / "venv"
CHP = CACHE / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
HUB_PACKAGES = ["jupyterhub>=5,<7", "jupyterlab>=4,<5", "nbgitpuller>=1.2", "nbgrader>=0.9,<0.10", "voila>=0.5"]
HUB, HUB_API, PROXY_API, GIT_PORT = 9200, 9201, 9202, 9290
PORTS = {"ckada": 9210, "ckteach": 9211}
PASSWORD = "hub-route-7Qx"
COURSE_ID = "games-of-chance-and-search"
SECRET = "def edge_after_first_card("  # a reference function of the answer key (answer_key/ex10.py)

# docs/instructors.md's hub route, from the document
INSTALL = next(c for c in doc_commands.commands() if "<learner edition URL>" in c)  # the course for every user
VOILA = next(c for c in doc_commands.commands() if c.startswith("pip install voila"))
EXCHANGE = doc_commands.block_with("chmod 1777")  # as root: the exchange and the system-wide nbgrader config
MENUS_OFF = doc_commands.block_with("labextension disable")  # as root: instructor menus and Lab's news off for all
MENUS_ON = doc_commands.block_with("--level=user")  # as the instructor: the instructor menus back on
PRIVATE_HOME = next(c for c in doc_commands.commands() if c.startswith("chmod 700 "))
GRADING = [c for c in doc_commands.block_with("nbgrader generate_assignment") if c.startswith("nbgrader ")]
COLLECT = next(i for i, c in enumerate(GRADING) if c.startswith("nbgrader collect "))  # after the learner submits
ASSIGNMENT = GRADING[0].split()[-1]
RUNS_AS_WRITTEN = [INSTALL, VOILA, *EXCHANGE, *MENUS_OFF, *MENUS_ON, PRIVATE_HOME, *GRADING]
LINK = next(s.text for s in doc_commands.shown() if s.kind == "link" and "/git-pull?" in s.text)
COURSE_ROOT = re.search(r"`(c\.CourseDirectory\.root = [^`]+)`", doc_commands.INSTRUCTORS.read_text()).group(1)
CULLING_FILE = re.search(r"`/opt/tljh/user/(etc/jupyter/[^`]+)`", doc_commands.INSTRUCTORS.read_text())[1]  # TLJH's
DASHBOARD = re.search(r"`(https://<your-hub>/user/<name>/voila/render/[^`]+)`", doc_commands.INSTRUCTORS.read_text())[1]


def _run(args: list, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=kwargs.pop("timeout", 900),
                            **kwargs)
    assert result.returncode == 0, f"{args}: {result.stdout[-2000:]}{result.stderr[-3000:]}"
    return result


def _as(user: str, command: str, cwd: str) -> subprocess.CompletedProcess:
    """A shell command run as a hub user, with the hub environment first on PATH."""
    return _run(["runuser", "-u", user, "--", "env", f"PATH={VENV}/bin:/usr/bin:/bin", f"HOME=/home/{user}",
                 "bash", "-c", f"cd {cwd} && {command}"])


def _placed(command: str, exchange: Path) -> str:
    """A command of the document with its places and placeholders made this test's."""
    places = {"sudo -E ": "", "/srv/nbgrader/exchange": str(exchange), "/etc/jupyter/": f"{VENV}/etc/jupyter/",
              "<instructor>": "ckteach", "<learner edition URL>": f"git://127.0.0.1:{GIT_PORT}/learner.git"}
    for place, here in places.items():
        command = command.replace(place, here)
    assert "<" not in command.replace("<<", ""), f"a placeholder this test does not fill: {command}"
    return command


def _as_root(command: str, cwd: Path) -> subprocess.CompletedProcess:
    """A shell command run as root, with the hub environment first on PATH."""
    return _run(["bash", "-c", command], cwd=cwd, env={**os.environ, "PATH": f"{VENV}/bin:/usr/bin:/bin"})


def _snippet(name: str) -> dict:
    """The document's settings snippet for this class ({"MappingKernelManager": ...}), parsed."""
    return json.loads(next(s.text for s in doc_commands.shown() if s.kind == "snippet" and f'{{"{name}":' in s.text))


def _install() -> None:
    """The hub's environment and proxy, once per cache folder (pip and npm from their registries)."""
    stamp = CACHE / ".installed"
    if stamp.exists() and CHP.exists():
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    CACHE.chmod(0o755)
    if not (VENV / "bin" / "python").exists():
        _run(["/usr/bin/python3", "-m", "venv", VENV])  # not a pyenv Python under /root: the users must run it
    _run([VENV / "bin" / "python", "-m", "pip", "install", "-q", *HUB_PACKAGES, "ipywidgets>=8", "matplotlib>=3.7",
          "igraph>=0.11", "numpy>=1.24", "tqdm>=4.60"], timeout=1800)
    if not CHP.exists():
        _run(["npm", "install", "-q", "--prefix", CACHE / "chp", "configurable-http-proxy"], timeout=600)
    stamp.touch()


def _wait(url: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:  # refused, or the proxy's 404 before the hub added its route
            if time.monotonic() > deadline:
                raise
        time.sleep(0.5)


CONFIG = """
c = get_config()
c.JupyterHub.bind_url = "http://127.0.0.1:{hub}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_api}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"
c.ConfigurableHTTPProxy.command = ["{chp}"]
c.JupyterHub.db_url = "sqlite:///{work}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{work}/cookie_secret"
c.Authenticator.allowed_users = {{"ckada", "ckteach"}}
c.Authenticator.admin_users = {{"ckteach"}}
c.Spawner.default_url = "/lab"
c.Spawner.cmd = ["{venv}/bin/jupyterhub-singleuser"]
c.Spawner.environment = {{"PATH": "{venv}/bin:/usr/local/bin:/usr/bin:/bin"}}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
PORTS = {ports!r}
c.Spawner.pre_spawn_hook = lambda spawner: setattr(spawner, "port", PORTS[spawner.user.name])
"""


@pytest.fixture(scope="module")
def hub():
    if os.geteuid() != 0:
        pytest.skip("the hub test makes Linux users: run it as root (CI does)")
    if not shutil.which("npm") or not shutil.which("git"):
        pytest.skip("npm and git are needed for the hub test")
    _install()
    work = Path(tempfile.mkdtemp(prefix="coursekit-hub-run-"))  # not pytest's 700 folder: the users reach the exchange
    work.chmod(0o755)
    config_dir = VENV / "etc" / "jupyter"
    exchange = work / "exchange"
    users = []
    daemon = hub_process = None
    try:
        # the learner edition, served by git daemon (a file:// URL to a root-owned repository fails git's ownership
        # check), and installed for every user from there as TLJH's step says (not editable; Voila's template too)
        served = work / "git"
        served.mkdir()
        _run([sys.executable, "-m", "coursekit", "release", served / "learner.git", "--from", REPO])
        daemon = subprocess.Popen(["git", "daemon", "--reuseaddr", f"--base-path={served}", "--export-all",
                                   "--listen=127.0.0.1", f"--port={GIT_PORT}", str(served)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _run([VENV / "bin" / "python", "-m", "pip", "uninstall", "-q", "-y", "coursekit"])  # the last run's copy
        _as_root(_placed(INSTALL, exchange), work)
        _as_root(VOILA, work)
        # the settings the document shows, where it says (the hub environment's etc/jupyter for TLJH's)
        (config_dir / "jupyter_server_config.d" / "coursekit.json").unlink(missing_ok=True)  # read by no server
        (VENV / CULLING_FILE).parent.mkdir(parents=True, exist_ok=True)
        (VENV / CULLING_FILE).write_text(json.dumps(_snippet("MappingKernelManager")))
        (config_dir / "voila.json").write_text(json.dumps(_snippet("VoilaConfiguration")))
        shown = _run([VENV / "bin" / "jupyter", "server", "--show-config"], cwd=work)
        shown = shown.stdout + shown.stderr
        assert "cull_idle_timeout = 900" in shown, f"the hub's servers do not read {CULLING_FILE}: {shown[-1500:]}"
        for command in [*EXCHANGE, *MENUS_OFF]:
            _as_root(_placed(command, exchange), work)
        assert exchange.stat().st_mode & 0o7777 == 0o1777
        for user in PORTS:
            subprocess.run(["userdel", "-r", user], capture_output=True)
            _run(["useradd", "-m", "-s", "/bin/bash", user])
            users.append(user)
            _run(["chpasswd"], input=f"{user}:{PASSWORD}\n")
        _as_root(_placed(PRIVATE_HOME, exchange), work)
        # the instructor: the course exported, the instructor's extensions and server settings (docs/instructors.md)
        course = Path("/home/ckteach/course")
        _run([sys.executable, "-m", "coursekit", "nbgrader", course, "--solutions", REPO / "solutions"])
        dot = Path("/home/ckteach/.jupyter")
        dot.mkdir()
        (dot / "nbgrader_config.py").write_text(f"c = get_config()\n{_placed(COURSE_ROOT, exchange)}\n")
        (dot / "jupyter_server_config.json").write_text(json.dumps(_snippet("ServerApp")))
        _run(["chown", "-R", "ckteach:ckteach", "/home/ckteach"])
        for command in MENUS_ON:
            _as("ckteach", _placed(command, exchange), "/home/ckteach")
        (work / "jupyterhub_config.py").write_text(CONFIG.format(
            hub=HUB, hub_api=HUB_API, proxy_api=PROXY_API, chp=CHP, work=work, venv=VENV, ports=PORTS))
        log = open(work / "hub.log", "w")
        hub_process = subprocess.Popen([VENV / "bin" / "jupyterhub", "-f", work / "jupyterhub_config.py"], cwd=work,
                                       stdout=log, stderr=subprocess.STDOUT)
        _wait(f"http://127.0.0.1:{HUB}/hub/login")
        yield {"work": work, "course": course, "exchange": exchange, "log": work / "hub.log"}
    finally:
        for process in (hub_process, daemon):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
        for user in users:  # the test's own users: any server or kernel left is this test's
            left = subprocess.run(["pgrep", "-u", user], capture_output=True, text=True).stdout.split()
            for pid in left:
                subprocess.run(["kill", pid], capture_output=True)
            subprocess.run(["userdel", "-r", user], capture_output=True)
        (config_dir / "nbgrader_config.py").unlink(missing_ok=True)
        shutil.rmtree(work, ignore_errors=True)


def _login(browser, user: str):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(120_000)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{HUB}/hub/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(re.compile(r".*/(lab|spawn-pending|hub/home).*"))
    return page


def test_the_class_route_on_a_real_hub(hub, browser):
    from playwright.sync_api import expect

    # 1. the learner follows an nbgitpuller link to the learner edition and runs lesson 00
    ada = _login(browser, "ckada")
    repo = f"git://127.0.0.1:{GIT_PORT}/learner.git"
    link = (LINK.replace("https://<your-hub>", f"http://127.0.0.1:{HUB}")  # the document's link, filled in
            .replace("<url-encoded repository URL>", quote(repo, safe="")).replace("<repository name>", "learner.git"))
    ada.goto(link)
    ada.wait_for_url(re.compile(r".*/lab/tree/learner\.git/notebooks/00_start_here\.ipynb.*"), timeout=240_000)
    expect(ada.locator(".jp-StatusBar-TextItem", has_text="Idle")).to_be_visible(timeout=120_000)
    ada.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
    ada.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
    expect(ada.locator(".jupyter-widgets").first).to_be_visible(timeout=120_000)
    assert Path("/home/ckada/learner.git/notebooks/00_start_here.ipynb").exists()
    assert not Path("/home/ckada/learner.git/solutions").exists()
    # the learner sees no instructor menu
    menu = ada.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader")
    if menu.count():
        menu.click()
        assert ada.locator(".lm-Menu-itemLabel", has_text="Formgrader").count() == 0
        ada.keyboard.press("Escape")
    assert ada.locator(".jp-SideBar [title*='Create Assignment'], [data-id*='create-assignment']").count() == 0

    # 2. nbgrader: the document's commands as the instructor, and between release and collect the learner's fetch
    #    and submit (Lab's Assignments tab does the same), as the two users through the shared exchange
    course = hub["course"]
    _as("ckteach", " && ".join(GRADING[:COLLECT]), str(course))
    _as("ckada", f"nbgrader fetch_assignment {ASSIGNMENT} --course {COURSE_ID} && "
                 f"nbgrader submit {ASSIGNMENT} --course {COURSE_ID}", "/home/ckada")
    _as("ckteach", " && ".join(GRADING[COLLECT:]), str(course))
    grades = (course / "grades.csv").read_text()
    assert "ckada" in grades and ASSIGNMENT in grades
    assert list((course / "feedback" / "ckada" / ASSIGNMENT).glob("*.html"))

    # 3. the instructor's Formgrader tab renders inside Lab
    teach = _login(browser, "ckteach")
    teach.goto(f"http://127.0.0.1:{HUB}/user/ckteach/lab")
    teach.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").click()
    teach.locator(".lm-Menu-itemLabel").get_by_text("Formgrader", exact=True).click()
    frame = teach.frame_locator("iframe").first
    expect(frame.get_by_text(ASSIGNMENT).first).to_be_visible(timeout=60_000)

    # 4. no file readable as the learner holds the answer key (the checkout this test runs from aside: on a hub the
    #    instructor's repository is in the instructor's home, mode 700)
    places = ["/home", "/srv", "/opt", "/usr/local", "/etc/jupyter", str(VENV), str(hub["exchange"]), "/var/tmp"]
    found = subprocess.run(["runuser", "-u", "ckada", "--", "grep", "-rlsF", SECRET, *places], capture_output=True,
                           text=True, timeout=600)
    assert found.stdout.strip() == "", found.stdout[:2000]
    denied = subprocess.run(["runuser", "-u", "ckada", "--", "cat", str(course / "answer_key" / "ex10.py")],
                            capture_output=True, text=True)
    assert denied.returncode != 0


def _math_notebook() -> dict:
    """A dashboard that shows math: lesson 05's markdown cells with $...$ (the course's own formulas) and a widget."""
    lesson = json.loads((REPO / "notebooks" / "05_baccarat_odds.ipynb").read_text())
    cells = [cell for cell in lesson["cells"] if cell["cell_type"] == "markdown"
             and re.search(r"\$[^$\n]+\$", "".join(cell["source"]))]
    cells.append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                  "source": "import ipywidgets\nipywidgets.Button(description='Deal')"})
    return {"cells": cells, "metadata": {"kernelspec": lesson["metadata"]["kernelspec"]}, "nbformat": 4,
            "nbformat_minor": 5}


def _formulas(notebook: dict) -> int:
    """How many $...$ formulas a notebook's cells hold."""
    return sum(len(re.findall(r"\$[^$\n]+\$", "".join(cell["source"]))) for cell in notebook["cells"])


def test_a_dashboard_through_the_hub_loads_nothing_from_another_host(hub, browser):
    """Voila's server extension would load MathJax from cdnjs.cloudflare.com; the course template has it use the
    MathJax 3 inside Voila's own bundle. Other hosts are cut off, as in a room without internet."""
    from labtools import block_outside, keep_screenshot
    from playwright.sync_api import expect

    ada = _login(browser, "ckada")
    notebook, math = _math_notebook(), Path("/home/ckada/math_check.ipynb")
    math.write_text(json.dumps(notebook))
    shutil.chown(math, "ckada", "ckada")
    formulas = _formulas(notebook)
    demo = (DASHBOARD.replace("https://<your-hub>", f"http://127.0.0.1:{HUB}").replace("<name>", "ckada")
            .replace("<repository name>", "learner.git"))  # the document's dashboard address, filled in
    for url in (demo, f"http://127.0.0.1:{HUB}/user/ckada/voila/render/math_check.ipynb"):
        dashboard = ada.context.new_page()
        offline = block_outside(dashboard)
        dashboard.goto(url)
        expect(dashboard.locator(".jupyter-widgets").first).to_be_visible(timeout=180_000)
        dashboard.wait_for_load_state("networkidle")
        assert not offline["outside"], f"{url} asked other hosts for {offline['outside']}"
        assert not offline["failed"], f"{url}: requests that failed on the hub: {offline['failed']}"
    # every formula typeset, none left as TeX
    expect(dashboard.locator("mjx-container")).to_have_count(formulas, timeout=60_000)
    assert "\\sqrt" not in dashboard.locator("#rendered_cells").inner_text()
    keep_screenshot(dashboard, "hub_voila_math")
