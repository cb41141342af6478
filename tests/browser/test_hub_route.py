"""A class on a real JupyterHub (PAM users, coursekit's LimitedSpawner), walked in Chromium as docs/instructors.md says.

Starts from ../shared/notes/hub-testing.md. The hub's environment (JupyterHub, JupyterLab, nbgitpuller, nbgrader,
Voila) and configurable-http-proxy (npm) are installed by the test itself into COURSEKIT_HUB_CACHE (default
/opt/coursekit-hub: not under /tmp, which each learner's server replaces with its own) on first use. The hub steps
of docs/instructors.md are taken from the document (tests/doc_commands.py) and run as written (RUNS_AS_WRITTEN;
its settings snippets are written as shown), so a wrong command there fails here; only the document's places and
placeholders become this test's (_placed): the exchange and its image go into this run's folder, the system-wide
nbgrader_config.py into the hub environment's etc/jupyter, not /srv and /etc/jupyter (nothing machine-wide to
clean up); the exchange image is 96M, not 2G; the instructor is ckteach, the learners ckada and ckbob, the hostile
learner ckmal; the instructor's clone's Python is this test's (under /root, so its commands, the sandboxed
`python -m coursekit autograde` among them, run as root and their files are given to the instructor, _grade);
`sudo -E` is dropped (the test runs as root). Runs
as root (CI does); the users, mounts and cgroups it makes are removed at the end. What it checks is the promise of
docs/instructors.md, "What a class on the hub is promised".
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

import doc_commands  # tests/doc_commands.py: the commands and settings docs/instructors.md shows, as written

pytestmark = [pytest.mark.slow, pytest.mark.browser]

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("COURSEKIT_HUB_CACHE", "/opt/coursekit-hub"))
VENV = CACHE / "venv"
CHP = CACHE / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
HUB_PACKAGES = ["jupyterhub>=5,<7", "jupyterlab>=4,<5", "nbgitpuller>=1.2", "nbgrader>=0.9,<0.10", "voila>=0.5"]
HUB, HUB_API, PROXY_API, GIT_PORT = 9200, 9201, 9202, 9290
INSTRUCTOR, LEARNERS, HOSTILE = "ckteach", ("ckada", "ckbob"), "ckmal"
PORTS = {"ckada": 9210, "ckteach": 9211, "ckbob": 9212, "ckmal": 9213}
PASSWORD = "hub-route-7Qx"
COURSE_ID = "games-of-chance-and-search"
SECRET = "def edge_after_first_card("  # a reference function of the answer key (answer_key/ex10.py)
CLONE = Path(f"/home/{INSTRUCTOR}/games-course")  # the instructor's clone of the full repository (the docs' step 0)
CLASS_BIN = REPO / ".venv-class" / "bin"  # the clone's nbgrader environment (make class), here this checkout's
EXCHANGE_SIZE = "96M"  # the exchange image here (the document says 2G)

# docs/instructors.md's hub route, from the document
INSTALL = next(c for c in doc_commands.commands() if c.startswith('sudo -E pip install "git+<learner edition URL>"'))
VOILA = next(c for c in doc_commands.commands() if c.startswith("pip install voila"))
EXCHANGE = doc_commands.block_with("chmod 1777")  # as root: the exchange, its config, the course's folder
PULL_GUARD = doc_commands.block_with("-m coursekit.hub.pull_guard")  # as root: links pull the course's repository
ACCOUNT = doc_commands.block_with("HOME_MODE=0700")  # as root: a learner's account with a private home
MENUS_OFF = doc_commands.block_with("labextension disable")  # as root: instructor menus and Lab's news off for all
MENUS_ON = doc_commands.block_with("--level=user")  # as the instructor: the instructor menus back on
PRIVATE_HOME = next(c for c in doc_commands.commands() if c.startswith("chmod 700 "))
PUBLISH = doc_commands.block_with("games-course-class-update")  # the instructor: an update of the edition
GRADING = [c for c in doc_commands.block_with("nbgrader generate_assignment")
           if c.startswith("nbgrader ") or c.startswith("python -m coursekit autograde ")]
COLLECT = next(i for i, c in enumerate(GRADING) if c.startswith("nbgrader collect "))  # after the learners submit
ASSIGNMENT = GRADING[0].split()[-1]
VOTES_DIR = next(c for c in doc_commands.commands() if c.startswith("sudo mkdir -p -m 700 /srv/class-votes"))
VOTES = next(s.text for s in doc_commands.shown() if s.kind == "snippet" and s.language == "python"
             and "coursekit.hub.votes" in s.text)  # the class vote in the hub's config, as the document shows it
RUNS_AS_WRITTEN = [INSTALL, VOILA, *EXCHANGE, *PULL_GUARD, *ACCOUNT, *MENUS_OFF, *MENUS_ON, PRIVATE_HOME, *GRADING,
                   *PUBLISH, VOTES_DIR]
LINK = next(s.text for s in doc_commands.shown() if s.kind == "link" and "/git-pull?" in s.text)
COURSE_ROOT = re.search(r"`(c\.CourseDirectory\.root = [^`]+)`", doc_commands.INSTRUCTORS.read_text()).group(1)
CULLING_FILE = re.search(r"`/opt/tljh/user/(etc/jupyter/[^`]+)`", doc_commands.INSTRUCTORS.read_text())[1]  # TLJH's
DASHBOARD = re.search(r"`(https://<your-hub>/user/<name>/voila/render/[^`]+)`", doc_commands.INSTRUCTORS.read_text())[1]
SPAWNER = next(s.text for s in doc_commands.shown() if s.kind == "snippet" and "LimitedSpawner" in s.text)


def _run(args: list, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=kwargs.pop("timeout", 900),
                            **kwargs)
    assert result.returncode == 0, f"{args}: {result.stdout[-2000:]}{result.stderr[-3000:]}"
    return result


def _as(user: str, command: str, cwd: str, check: bool = True) -> subprocess.CompletedProcess:
    """A shell command run as a hub user, with the hub environment first on PATH."""
    result = subprocess.run(["runuser", "-u", user, "--", "env", f"PATH={VENV}/bin:/usr/bin:/bin", f"HOME=/home/{user}",
                             "bash", "-c", f"cd {cwd} && {command}"], capture_output=True, text=True, timeout=900)
    assert not check or result.returncode == 0, f"{user}: {command}: {result.stdout[-2000:]}{result.stderr[-3000:]}"
    return result


def _refused(user: str, command: str) -> str:
    """Run a hostile command as `user` and check that it failed; return what it said."""
    result = _as(user, command, "/", check=False)
    assert result.returncode != 0, f"{user} could: {command}\n{result.stdout[-1000:]}"
    return result.stderr


def _placed(command: str, work: Path, **more: str) -> str:
    """A command of the document with its places and placeholders made this test's."""
    places = {"sudo -E ": "", "/opt/tljh/user/": f"{VENV}/", "/srv/nbgrader/exchange": str(work / "exchange"),
              "/etc/jupyter": f"{VENV}/etc/jupyter",
              f"{CLONE}/.venv/bin/python".replace(INSTRUCTOR, "<instructor>"): "@PYTHON@",
              ".venv/bin/python": "@PYTHON@", "truncate -s 2G": f"truncate -s {EXCHANGE_SIZE}",
              "../games-course-class-update": str(work / "update"), "<instructor>": INSTRUCTOR,
              "<learner edition URL>": f"git://127.0.0.1:{GIT_PORT}/learner.git",
              "sudo mkdir ": "mkdir ", "/srv/class-votes": str(work / "class-votes"), **more}
    for place, here in places.items():
        command = command.replace(place, here)
    command = command.replace("@PYTHON@", sys.executable)  # the instructor's clone's Python is this test's
    assert not re.search(r"<[a-z][\w -]*>", command), f"a placeholder this test does not fill: {command}"
    return command


def _grade(commands: list[str], course: Path) -> str:
    """The document's grading commands in order: nbgrader as the instructor (the hub's nbgrader), `python -m
    coursekit autograde` with the clone's .venv-class as root (this checkout's Python is under /root, which the
    instructor cannot run), its files then given to the instructor; what they said."""
    said = ""
    for command in commands:
        if command.startswith("nbgrader "):
            result = _as(INSTRUCTOR, command, str(course))
        else:
            result = _run(["bash", "-c", command], cwd=course,
                          env={**os.environ, "PATH": f"{CLASS_BIN}:/usr/sbin:/usr/bin:/sbin:/bin"})
            _run(["chown", "-R", f"{INSTRUCTOR}:{INSTRUCTOR}", course])
        said += result.stdout + result.stderr
    return said


def _as_root(command: str, cwd: Path) -> subprocess.CompletedProcess:
    """A shell command run as root, with the hub environment first on PATH."""
    path = f"{VENV}/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    return _run(["bash", "-c", command], cwd=cwd, env={**os.environ, "PATH": path})


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


def _git(folder: Path, *args: str) -> str:
    return _run(["git", "-C", folder, "-c", "user.name=t", "-c", "user.email=t@t.invalid", *args]).stdout


def _notebook(*sources: str) -> str:
    """A notebook of code cells, as text."""
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
             for source in sources]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                    "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


def _give(path: Path, text: str, user: str) -> None:
    path.write_text(text)
    shutil.chown(path, user, user)


def _served(work: Path) -> Path:
    """The learner edition as the class first pulls it (a bare repository git daemon serves, pushes allowed), and a
    classmate's repository with a notebook that leaves a mark when it runs."""
    edition, served = work / "edition", work / "git"
    served.mkdir()
    _run([sys.executable, "-m", "coursekit", "release", edition, "--from", REPO])
    (edition / "README.md").write_text("An older edition: the update brings the real README back.\n")
    _git(edition, "commit", "-qam", "an older edition, for the update to replace")
    _run(["git", "clone", "-q", "--bare", edition, served / "learner.git"])
    evil = work / "evil"
    evil.mkdir()
    (evil / "run_me.ipynb").write_text(_notebook("import pathlib\npathlib.Path.home().joinpath('pwned').write_text("
                                                 "'a classmate ran me')"))
    _run(["git", "init", "-q", "-b", "main", evil])
    _git(evil, "add", "-A")
    _git(evil, "commit", "-qm", "a dashboard")
    _run(["git", "clone", "-q", "--bare", evil, served / "evil.git"])
    return served


CONFIG = """
c = get_config()
c.JupyterHub.bind_url = "http://127.0.0.1:{hub}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_api}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api}"
c.ConfigurableHTTPProxy.command = ["{chp}"]
c.JupyterHub.db_url = "sqlite:///{work}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{work}/cookie_secret"
c.Authenticator.allowed_users = {users!r}
c.Authenticator.admin_users = {{"{instructor}"}}
c.Spawner.default_url = "/lab"
c.Spawner.cmd = ["{venv}/bin/jupyterhub-singleuser"]
c.Spawner.environment = {{"PATH": "{venv}/bin:/usr/local/bin:/usr/bin:/bin"}}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
PORTS = {ports!r}
c.Spawner.pre_spawn_hook = lambda spawner: setattr(spawner, "port", PORTS[spawner.user.name])
# docs/instructors.md, "A JupyterHub without systemd", as shown:
{spawner}
# docs/instructors.md, "The class vote", as shown:
{votes}
"""


def _cgroup_folders() -> list[Path]:
    """The cgroup folders LimitedSpawner may have made for this test's users (under this process's cgroups)."""
    found = []
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, names, path = line.split(":", 2)
        for name in names.split(","):
            base = Path("/sys/fs/cgroup") / (name if name else "") / path.lstrip("/")
            found += [base / f"coursekit-hub-{user}" for user in PORTS]
    return [f for f in found if f.is_dir()]


@pytest.fixture(scope="module")
def hub():
    if os.geteuid() != 0:
        pytest.skip("the hub test makes Linux users: run it as root (CI does)")
    if not shutil.which("npm") or not shutil.which("git") or not shutil.which("mkfs.ext4"):
        pytest.skip("npm, git and mkfs.ext4 are needed for the hub test")
    if not (CLASS_BIN / "python").exists():
        pytest.skip("the instructor's nbgrader environment: make class (make test makes it)")
    _install()
    work = Path(tempfile.mkdtemp(prefix="run-", dir=CACHE))  # outside /tmp: each learner's server has its own /tmp
    work.chmod(0o755)
    (work / "set-up-began").touch()  # a file in /opt newer than this is one the set-up or the test wrote
    config_dir = VENV / "etc" / "jupyter"
    exchange = work / "exchange"
    users = []
    daemon = hub_process = None
    try:
        # the learner edition, served by git daemon (a file:// URL to a root-owned repository fails git's ownership
        # check), and installed for every user from there as TLJH's step says (not editable; Voila's template too)
        served = _served(work)
        daemon = subprocess.Popen(["git", "daemon", "--reuseaddr", f"--base-path={served}", "--export-all",
                                   "--enable=receive-pack", "--listen=127.0.0.1", f"--port={GIT_PORT}", str(served)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _run([VENV / "bin" / "python", "-m", "pip", "uninstall", "-q", "-y", "coursekit"])  # the last run's copy
        _as_root(_placed(INSTALL, work), work)
        _as_root(VOILA, work)
        # the settings the document shows, where it says (the hub environment's etc/jupyter for TLJH's)
        for old in ("coursekit.json", "coursekit.hub.pull_guard.json"):
            (config_dir / "jupyter_server_config.d" / old).unlink(missing_ok=True)  # the last run's
        (VENV / CULLING_FILE).parent.mkdir(parents=True, exist_ok=True)
        pull = {"CoursePull": {"allowed_repos": [_placed(r, work) for r in
                                                 _snippet("CoursePull")["CoursePull"]["allowed_repos"]]}}
        (VENV / CULLING_FILE).write_text(json.dumps({**_snippet("MappingKernelManager"), **pull}))
        (config_dir / "voila.json").write_text(json.dumps(_snippet("VoilaConfiguration")))
        for command in [*PULL_GUARD, *MENUS_OFF]:
            _as_root(_placed(command, work), work)
        shown = _run([VENV / "bin" / "jupyter", "server", "--show-config"], cwd=work)
        shown = shown.stdout + shown.stderr
        assert "cull_idle_timeout = 900" in shown, f"the hub's servers do not read {CULLING_FILE}: {shown[-1500:]}"
        assert "learner.git" in shown, f"the hub's servers do not read CoursePull: {shown[-1500:]}"
        assert "coursekit.hub.pull_guard" in shown, f"the hub's servers do not load the pull guard: {shown[-1500:]}"
        # the instructor first (the course exported in their clone, their settings), then the exchange, made
        # theirs before any learner has an account, then the learners
        subprocess.run(["userdel", "-r", INSTRUCTOR], capture_output=True)
        shutil.rmtree(f"/home/{INSTRUCTOR}", ignore_errors=True)  # a killed run's home, left without its user
        _as_root(_placed(ACCOUNT[0], work, **{"<learner>": INSTRUCTOR}), work)
        users.append(INSTRUCTOR)
        _as_root(_placed(PRIVATE_HOME, work), work)
        course = CLONE / "course"
        _run([sys.executable, "-m", "coursekit", "nbgrader", course, "--solutions", REPO / "solutions"])
        dot = Path(f"/home/{INSTRUCTOR}/.jupyter")
        dot.mkdir()
        (dot / "nbgrader_config.py").write_text(f"c = get_config()\n{_placed(COURSE_ROOT, work)}\n")
        (dot / "jupyter_server_config.json").write_text(json.dumps(_snippet("ServerApp")))
        _run(["chown", "-R", f"{INSTRUCTOR}:{INSTRUCTOR}", f"/home/{INSTRUCTOR}"])
        for command in EXCHANGE:
            _as_root(_placed(command, work), work)
        assert exchange.stat().st_mode & 0o7777 == 0o1777
        for user in (*LEARNERS, HOSTILE):
            subprocess.run(["userdel", "-r", user], capture_output=True)
            shutil.rmtree(f"/home/{user}", ignore_errors=True)
            for command in ACCOUNT:
                _as_root(_placed(command, work, **{"<learner>": user}), work)
            users.append(user)
        for user in users:
            _run(["chpasswd"], input=f"{user}:{PASSWORD}\n")
        for command in MENUS_ON:
            _as(INSTRUCTOR, _placed(command, work), f"/home/{INSTRUCTOR}")
        _as_root(_placed(VOTES_DIR, work), work)
        (work / "jupyterhub_config.py").write_text(CONFIG.format(
            hub=HUB, hub_api=HUB_API, proxy_api=PROXY_API, chp=CHP, work=work, venv=VENV, ports=PORTS,
            users=set(PORTS), instructor=INSTRUCTOR, spawner=SPAWNER, votes=_placed(VOTES, work)))
        log = open(work / "hub.log", "w")
        hub_process = subprocess.Popen([VENV / "bin" / "jupyterhub", "-f", work / "jupyterhub_config.py"], cwd=work,
                                       stdout=log, stderr=subprocess.STDOUT)
        _wait(f"http://127.0.0.1:{HUB}/hub/login")
        yield {"work": work, "course": course, "exchange": exchange, "served": served, "log": work / "hub.log"}
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
                subprocess.run(["kill", "-9", pid], capture_output=True)
        time.sleep(1)
        for user in users:
            subprocess.run(["userdel", "-r", user], capture_output=True)
        for folder in _cgroup_folders():
            subprocess.run(["rmdir", folder], capture_output=True)
        if exchange.is_mount():
            subprocess.run(["umount", exchange], capture_output=True)
            if exchange.is_mount():
                subprocess.run(["umount", "-l", exchange], capture_output=True)
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


def _link(repo: str, urlpath: str) -> str:
    """The document's nbgitpuller link, filled in for this hub."""
    name = repo.rstrip("/").split("/")[-1]
    return (LINK.replace("https://<your-hub>", f"http://127.0.0.1:{HUB}")
            .replace("<url-encoded repository URL>", quote(repo, safe="")).replace("<repository name>", name)
            .replace("lab/tree/" + name + "/notebooks/00_start_here.ipynb", urlpath))


def _pull(page, repo: str) -> None:
    """Follow the course's link to lesson 00 and wait for Lab to open it."""
    page.goto(_link(repo, f"lab/tree/{repo.split('/')[-1]}/notebooks/00_start_here.ipynb"))
    page.wait_for_url(re.compile(r".*/lab/tree/learner\.git/notebooks/00_start_here\.ipynb.*"), timeout=240_000)


def _run_all(page) -> None:
    from playwright.sync_api import expect

    expect(page.locator(".jp-StatusBar-TextItem", has_text="Idle")).to_be_visible(timeout=120_000)
    changed = page.locator(".jp-Dialog", has_text="File Changed")  # an earlier test's notebook, changed on disk
    if changed.count():
        changed.get_by_role("button", name="Revert").click()
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()


def test_the_class_route_on_a_real_hub(hub, browser):
    from playwright.sync_api import expect

    course, exchange, folder = hub["course"], hub["exchange"], hub["exchange"] / COURSE_ID
    repo = f"git://127.0.0.1:{GIT_PORT}/learner.git"

    # 0. before any release, the hostile learner tries to take the course's exchange folder
    assert folder.stat().st_uid == Path(f"/home/{INSTRUCTOR}").stat().st_uid
    _refused(HOSTILE, f"mkdir {folder}/outbound/{ASSIGNMENT}")
    _refused(HOSTILE, f"mv {folder} {exchange}/taken")
    _refused(HOSTILE, f"rm -rf {folder}/outbound")
    _refused(HOSTILE, f"ls {folder}/inbound")

    # 1. the learners follow the document's nbgitpuller link to the learner edition; ada runs lesson 00
    ada = _login(browser, "ckada")
    _pull(ada, repo)
    _run_all(ada)
    expect(ada.locator(".jupyter-widgets").first).to_be_visible(timeout=120_000)
    mine = Path("/home/ckada/learner.git")
    assert (mine / "notebooks" / "00_start_here.ipynb").exists() and not (mine / "solutions").exists()
    assert "An older edition" in (mine / "README.md").read_text()
    bob = _login(browser, "ckbob")
    _pull(bob, repo)
    # the learner sees no instructor menu
    menu = ada.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader")
    if menu.count():
        menu.click()
        assert ada.locator(".lm-Menu-itemLabel", has_text="Formgrader").count() == 0
        ada.keyboard.press("Escape")
    assert ada.locator(".jp-SideBar [title*='Create Assignment'], [data-id*='create-assignment']").count() == 0

    # 2. homes are private: the hostile learner reads nothing of a classmate's
    for target in ("/home/ckada", "/home/ckbob", f"/home/{INSTRUCTOR}"):
        _refused(HOSTILE, f"ls {target}")
    _refused(HOSTILE, f"cat {mine}/README.md")

    # 3. a link naming a classmate's repository, opened in Voila, is refused before anything is cloned
    evil = f"git://127.0.0.1:{GIT_PORT}/evil.git"
    response = ada.goto(_link(evil, "voila/render/evil.git/run_me.ipynb"))
    assert response.status == 403, response.status
    response = ada.request.get(f"http://127.0.0.1:{HUB}/user/ckada/git-pull/api?repo={quote(evil, safe='')}"
                               f"&branch=main&targetpath=evil")
    assert response.status == 403, response.status
    time.sleep(3)
    assert not Path("/home/ckada/evil.git").exists() and not Path("/home/ckada/evil").exists()
    assert not Path("/home/ckada/pwned").exists()

    # 4. nbgrader: the document's commands as the instructor; between release and collect the learners fetch and
    #    submit (Lab's Assignments tab does the same) and the hostile learner plants a submission under bob's name
    #    and one of their own that is a link to the instructor's source notebook
    _grade(GRADING[:COLLECT], course)
    for learner in LEARNERS:
        _as(learner, f"nbgrader fetch_assignment {ASSIGNMENT} --course {COURSE_ID} && "
                     f"nbgrader submit {ASSIGNMENT} --course {COURSE_ID}", f"/home/{learner}")
    _as(HOSTILE, f"nbgrader fetch_assignment {ASSIGNMENT} --course {COURSE_ID}", f"/home/{HOSTILE}")
    planted = next(Path(f"/home/{HOSTILE}/{ASSIGNMENT}").glob("*.ipynb"))
    notebook = json.loads(planted.read_text())
    notebook["cells"].append({"cell_type": "markdown", "metadata": {}, "source": "PLANTED BY MALLORY"})
    planted.write_text(json.dumps(notebook))
    time.sleep(1.1)  # the planted one is the newest "ckbob" submission
    _as(HOSTILE, f"nbgrader submit {ASSIGNMENT} --course {COURSE_ID} --student ckbob", f"/home/{HOSTILE}")
    source = next((course / "source" / ASSIGNMENT).glob("*.ipynb"))
    stamp = time.strftime("%Y-%m-%d %H:%M:%S.000000 UTC", time.gmtime())
    linked = f"{folder}/inbound/{HOSTILE}+{ASSIGNMENT}+{stamp}+linkattack"
    _as(HOSTILE, f"mkdir '{linked}' && ln -s {source} '{linked}/{source.name}' && "
                 f"printf '{stamp}' > '{linked}/timestamp.txt'", "/")
    said = _grade([GRADING[COLLECT]], course)
    assert said.count("Refused submission") == 2, said[-3000:]
    assert "belongs to 'ckmal'" in said and "not a plain file" in said
    assert not (course / "submitted" / HOSTILE).exists()
    bobs = next((course / "submitted" / "ckbob" / ASSIGNMENT).glob("*.ipynb")).read_text()
    assert "PLANTED BY MALLORY" not in bobs
    _grade(GRADING[COLLECT + 1:], course)
    grades = (course / "grades.csv").read_text()
    assert all(learner in grades for learner in LEARNERS) and HOSTILE not in grades and ASSIGNMENT in grades
    # feedback: in the instructor's private home; the exchange's feedback folder cannot be listed
    pages = list((course / "feedback" / "ckada" / ASSIGNMENT).glob("*.html"))
    assert pages, "no feedback page for ada"
    _refused(HOSTILE, f"cat '{pages[0]}'")
    _refused(HOSTILE, f"ls {folder}/feedback")

    # 5. the instructor's Formgrader tab renders inside Lab
    teach = _login(browser, INSTRUCTOR)
    teach.goto(f"http://127.0.0.1:{HUB}/user/{INSTRUCTOR}/lab")
    teach.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").click()
    teach.locator(".lm-Menu-itemLabel").get_by_text("Formgrader", exact=True).click()
    frame = teach.frame_locator("iframe").first
    expect(frame.get_by_text(ASSIGNMENT).first).to_be_visible(timeout=60_000)

    # 6. an update reaches a learner who pulled and edited: the document's publishing commands, then a second click
    exercise = next((mine / "exercises").glob("02_*.ipynb"))
    edited = json.loads(exercise.read_text())
    edited["cells"].append({"cell_type": "markdown", "metadata": {}, "source": "ADA'S OWN NOTES"})
    exercise.write_text(json.dumps(edited))
    served = hub["served"] / "learner.git"
    before = _git(served, "rev-parse", "main").strip()
    for command in PUBLISH:
        _as_root(_placed(command, hub["work"]), REPO)
    history = _git(served, "log", "--format=%H %P", "main").splitlines()
    assert history[0].split()[1] == before, "the update is not one commit on top of what the class pulled"
    _pull(ada, repo)
    assert "An older edition" not in (mine / "README.md").read_text(), "the update did not reach the learner"
    assert "ADA'S OWN NOTES" in exercise.read_text(), "the update overwrote the learner's edit"

    # 7. no file readable as a learner holds the answer key (the checkout this test runs from aside: on a hub the
    #    instructor's repository is in the instructor's home, mode 700)
    #    The rest of /opt is searched where a file changed since the hub's set-up began: it holds other programs'
    #    own files (on the machines this runs on, 7.4 GB of package indexes, 23 s of grep even when cached)
    places = ["/home", "/srv", str(CACHE), "/usr/local", "/etc/jupyter", "/var/tmp"]  # CACHE: the venv, the exchange
    found = subprocess.run(["runuser", "-u", HOSTILE, "--", "grep", "-rlsF", SECRET, *places], capture_output=True,
                           text=True, timeout=600)
    assert found.stdout.strip() == "", found.stdout[:2000]
    others = [str(p) for p in Path("/opt").iterdir() if p != CACHE]
    newer = "find \"$@\" -type f -newer \"$0\" -print0 2>/dev/null | xargs -0 -r grep -lsF " + shlex.quote(SECRET)
    if others:  # (find with no folder would search the folder it runs in)
        found = subprocess.run(["runuser", "-u", HOSTILE, "--", "sh", "-c", newer, str(hub["work"] / "set-up-began"),
                                *others], capture_output=True, text=True, timeout=600)
        assert found.stdout.strip() == "", found.stdout[:2000]
    _refused(HOSTILE, f"cat {course / 'answer_key' / 'ex10.py'}")


VOTE_PID, VOTE_QUESTION = "02.three-aces", "How many different totals can three aces have (before dropping busts)?"
VOTE_SHOT = Path(os.environ.get("COURSEKIT_VOTE_SHOT", "/work/coord/vote-view.png"))  # the screenshot
LEARNER_VOTE = """from coursekit.widgets.predict import ask
w = ask({pid!r})
w.choose({answer!r})
w.vote_thread.join(10)
print("".join(c.value for c in w.children if "course-vote-note" in c._dom_classes))"""


def _server_env(user: str) -> dict:
    """The environment of `user`'s single-user server, which its kernels inherit: the learner's own hub token."""
    deadline = time.monotonic() + 180
    while True:
        pids = subprocess.run(["pgrep", "-u", user, "-f", "jupyterhub-singleuser"], capture_output=True,
                              text=True).stdout.split()
        if pids:
            break
        assert time.monotonic() < deadline, f"{user}'s server did not start"
        time.sleep(1)
    pairs = Path(f"/proc/{pids[0]}/environ").read_bytes().decode().split("\0")
    return dict(p.split("=", 1) for p in pairs if "=" in p)


def _vote_as(user: str, answer: str) -> str:
    """A learner answering the prediction as their kernel would: Python as the learner, in their server's
    environment (its token, prefix and the class vote's address); what the widget says under the question."""
    env = _server_env(user)
    assert env.get("COURSEKIT_CLASS_VOTE_URL", "").endswith("/services/class-votes/"), sorted(env)
    result = subprocess.run(["runuser", "-u", user, "--", "env", "-i", *[f"{k}={v}" for k, v in env.items()],
                             f"{VENV}/bin/python", "-c", LEARNER_VOTE.format(pid=VOTE_PID, answer=answer)],
                            cwd=f"/home/{user}", capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def _api(method: str, path: str, token: str = "", body: object = None, raw: bytes = b"") -> tuple[int, str]:
    """A request to the class vote as a learner's script would send it; (status, body)."""
    data = raw or (None if body is None else json.dumps(body).encode())
    headers = {"Authorization": f"token {token}"} if token else {}
    request = urllib.request.Request(f"http://127.0.0.1:{HUB}/services/class-votes/{path}", data=data,
                                     method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _answer_in_lab(page, choice: str):
    """Run the notebook's prediction cell in Lab, pick `choice`, press Check; the widget."""
    from playwright.sync_api import expect

    _run_all(page)
    area = page.locator(".course-predict").filter(has=page.locator(".widget-radio-box")).first
    expect(area).to_be_visible(timeout=120_000)
    area.locator(".widget-radio-box label", has_text=re.compile(rf"^\s*{choice}\s*$")).first.click()
    area.locator("button", has_text=re.compile(r"^\s*Check\s*$")).first.click()
    return area


def _fits(page) -> str:
    """What of the instructor's view is outside the window ("" when it all fits across; the bars in view)."""
    return page.evaluate("""() => {
        const out = [];
        if (document.documentElement.scrollWidth > innerWidth + 1) out.push('scrolls sideways');
        for (const li of document.querySelectorAll('#bars li')) {
            const r = li.getBoundingClientRect();
            if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1) out.push(li.innerText.slice(0, 40));
        }
        return out.join('; ');
    }""")


def test_the_class_votes_on_a_prediction(hub, browser):
    """Issue 38: three learners vote (ada in Lab, bob and the hostile learner as their kernels would, with their
    servers' tokens), the instructor's view shows the 3 votes, a revote is round 2, the reveal shows the answer and
    each choice's idea; learners cannot read, forge or repeat votes."""
    from labtools import keep_screenshot
    from playwright.sync_api import expect
    from test_accessibility import axe_source, scan

    base = f"http://127.0.0.1:{HUB}/services/class-votes/"
    teach = _login(browser, INSTRUCTOR)
    teach.goto(f"{base}#{VOTE_PID}")
    expect(teach.locator("#asked")).to_have_text(VOTE_QUESTION, timeout=60_000)
    expect(teach.locator("#status")).to_contain_text("Round 1 · 0 votes")

    # round 1: ada in Lab (the widget says the vote was sent), bob and mal as their kernels would
    _give(Path("/home/ckada/class_vote.ipynb"), _notebook(f"from coursekit.widgets.predict import ask\n"
                                                          f"ask({VOTE_PID!r})"), "ckada")
    ada = _login(browser, "ckada")
    ada.goto(f"http://127.0.0.1:{HUB}/user/ckada/lab/tree/class_vote.ipynb?reset")  # not the last test's workspace
    area = _answer_in_lab(ada, "8")
    expect(area.locator(".course-vote-note")).to_have_text("Sent to the class vote.", timeout=60_000)
    for user in ("ckbob", HOSTILE):
        _login(browser, user).wait_for_url(re.compile(r".*/lab.*"), timeout=240_000)
    assert "Sent to the class vote." in _vote_as("ckbob", "4")
    assert "Sent to the class vote." in _vote_as(HOSTILE, "8")
    expect(teach.locator("#status")).to_contain_text("Round 1 · 3 votes · open", timeout=15_000)
    counts = [c.strip() for c in teach.locator("#bars .count").all_inner_texts()]
    assert counts == ["0 (0%)", "1 (33%)", "2 (67%)"], counts
    assert "ckada" not in teach.locator("body").inner_text()  # anonymous on the projector
    assert _fits(teach) == "", _fits(teach)
    VOTE_SHOT.parent.mkdir(parents=True, exist_ok=True)
    teach.screenshot(path=str(VOTE_SHOT))
    keep_screenshot(teach, "hub_class_vote_round1")

    # the refusals: a learner's own token (the hostile learner's server token) reads nothing and forges nothing
    mal = _server_env(HOSTILE)["JUPYTERHUB_API_TOKEN"]
    for path in (f"api/polls/{VOTE_PID}", "api/catalogue", "votes.csv", f"votes.csv?pid={VOTE_PID}"):
        status, said = _api("GET", path, mal)
        assert status == 403 and "only the instructor" in said, (path, status, said)
    for action in ("round", "reveal", "close"):
        assert _api("POST", f"api/polls/{VOTE_PID}/{action}", mal)[0] == 403
    status, said = _api("POST", "api/votes", mal, {"pid": VOTE_PID, "answer": "4", "user": "ckada"})
    assert status == 400 and "the voter is always the token's user" in said, said
    status, said = _api("POST", "api/votes", mal, {"pid": VOTE_PID, "answer": "4"})
    assert status == 409 and "already voted" in said, said
    status, said = _api("POST", "api/votes", mal, {"pid": VOTE_PID, "answer": "5"})
    assert status == 400 and "must be one of the choices" in said, said
    assert _api("POST", "api/votes", mal, {"pid": "02.no-such", "answer": "4"})[0] == 404
    assert _api("POST", "api/votes", mal, raw=b"not json")[0] == 400
    assert _api("POST", "api/votes", "", {"pid": VOTE_PID, "answer": "4"})[0] == 403  # no token
    assert _api("POST", "api/votes", "0" * 32, {"pid": VOTE_PID, "answer": "4"})[0] == 403  # a made-up token
    refused = ada.context.new_page()  # a learner's browser, logged in to the hub: the hub refuses the login to it
    response = refused.goto(base)
    said = refused.locator("body").inner_text()
    assert response.status == 403 and "do not have permission to access JupyterHub service class-votes" in said, said
    refused.close()
    _refused(HOSTILE, f"cat {hub['work']}/class-votes/votes.sqlite")
    expect(teach.locator("#status")).to_contain_text("Round 1 · 3 votes")  # none of that counted

    # close, then the revote: a new round; ada runs the cell again (a fresh widget, a fresh first Check)
    teach.get_by_role("button", name="Close").click()
    expect(teach.locator("#status")).to_contain_text("closed")
    assert _api("POST", "api/votes", _server_env("ckbob")["JUPYTERHUB_API_TOKEN"],
                {"pid": VOTE_PID, "answer": "4"})[0] == 409
    teach.get_by_role("button", name="New round").click()
    expect(teach.locator("#status")).to_contain_text("Round 2 · 0 votes · open")
    area = _answer_in_lab(ada, "4")
    expect(area.locator(".course-vote-note")).to_have_text("Sent to the class vote.", timeout=60_000)
    assert "Sent to the class vote." in _vote_as("ckbob", "4")
    assert "Sent to the class vote." in _vote_as(HOSTILE, "4")
    expect(teach.locator("#status")).to_contain_text("Round 2 · 3 votes", timeout=15_000)
    assert [c.strip() for c in teach.locator("#bars .count").all_inner_texts()] == ["0 (0%)", "3 (100%)", "0 (0%)"]
    assert teach.locator(".earlier").all_inner_texts()[1].startswith("round 1: 1 of 3")  # the first round stays

    # the reveal: the right answer marked, each choice's idea shown, readable at both projector sizes
    teach.get_by_role("button", name="Reveal").click()
    expect(teach.locator("#answer")).to_have_text("The answer: 4", timeout=60_000)
    expect(teach.locator("#bars li.right .choice")).to_contain_text("4")
    expect(teach.locator("#bars .feedback")).to_have_count(3)
    assert "k aces give k + 1 totals" in teach.locator("#bars").inner_text()
    for width, height in ((1280, 720), (1920, 1080)):
        teach.set_viewport_size({"width": width, "height": height})
        assert _fits(teach) == "", f"{width}x{height}: {_fits(teach)}"
        keep_screenshot(teach, f"hub_class_vote_reveal_{width}")
    assert scan(teach, axe_source()) == []
    csv = teach.request.get(f"{base}votes.csv?pid={VOTE_PID}")
    rows = [line.split(",")[:4] for line in csv.text().splitlines()[1:]]
    assert csv.status == 200 and sorted(rows) == sorted(
        [[VOTE_PID, "1", "ckada", "8"], [VOTE_PID, "1", "ckbob", "4"], [VOTE_PID, "1", HOSTILE, "8"],
         [VOTE_PID, "2", "ckada", "4"], [VOTE_PID, "2", "ckbob", "4"], [VOTE_PID, "2", HOSTILE, "4"]]), csv.text()
    ada.goto(f"http://127.0.0.1:{HUB}/user/ckada/lab")  # leave the learner's kernel to the cull


ATTACK = """import json, os, pathlib, subprocess
home = pathlib.Path.home()
found = {}
def fill(path, mib=1024):
    written = 0
    try:
        with open(path, "wb") as f:
            for _ in range(mib):
                f.write(b"\\1" * 2**20)
                f.flush()
                written += 1
    except OSError as error:
        found.setdefault("errors", []).append(str(error))
    return written
found["tmp_mib"] = fill("/tmp/fill-ckmal")
os.remove("/tmp/fill-ckmal")
pathlib.Path("/tmp/ckmal-was-here").write_text("hello")
found["exchange_mib"] = fill("{inbound}/fill-ckmal")
procs = []
try:
    for _ in range(300):
        procs.append(subprocess.Popen(["sleep", "60"]))
except OSError as error:
    found["fork_error"] = str(error)
found["processes"] = len(procs)
for p in procs:
    p.kill()
    p.wait()
home.joinpath("attack.json").write_text(json.dumps(found))"""
HOG = """pathlib.Path.home().joinpath("memory_started").touch()
hog = b"\\1" * (3 * 2**30)
pathlib.Path.home().joinpath("memory_3g").touch()"""


def _server_cgroup(user: str, controller: str) -> Path:
    """The cgroup folder of `user`'s single-user server for a v1 controller (or the v2 folder)."""
    pid = subprocess.run(["pgrep", "-u", user, "-f", "jupyterhub-singleuser"], capture_output=True,
                         text=True).stdout.split()[0]
    for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        _, names, path = line.split(":", 2)
        if controller in names.split(",") or (names == "" and Path("/sys/fs/cgroup/cgroup.controllers").exists()):
            base = Path("/sys/fs/cgroup") / (controller if names else "")
            return base / path.lstrip("/")
    raise AssertionError(f"{user}'s server is in no {controller} cgroup")


def test_a_hostile_learner_meets_the_limits(hub, browser):
    """3 GiB under a 1 GiB limit, 300 processes, 1 GiB into /tmp and into the exchange: each stops at its cap."""
    inbound = hub["exchange"] / COURSE_ID / "inbound"
    home = Path(f"/home/{HOSTILE}")
    _give(home / "attack.ipynb", _notebook(ATTACK.replace("{inbound}", str(inbound)), HOG), HOSTILE)
    mal = _login(browser, HOSTILE)
    mal.goto(f"http://127.0.0.1:{HUB}/user/{HOSTILE}/lab/tree/attack.ipynb?reset")
    memory = _server_cgroup(HOSTILE, "memory")
    assert "coursekit-hub-ckmal" in str(memory), memory
    limit = memory / "memory.limit_in_bytes"
    assert int((limit if limit.exists() else memory / "memory.max").read_text()) == 2**30
    cpu = _server_cgroup(HOSTILE, "cpu")
    quota = cpu / "cpu.cfs_quota_us"
    assert (quota.read_text().strip() if quota.exists() else (cpu / "cpu.max").read_text().split()[0]) == "100000"
    _run_all(mal)
    deadline = time.monotonic() + 300
    while not (home / "memory_started").exists():
        assert time.monotonic() < deadline, "the attack did not reach its memory step"
        time.sleep(1)
    found = json.loads((home / "attack.json").read_text())
    size = int(EXCHANGE_SIZE.rstrip("M"))
    assert found["tmp_mib"] <= 256, found  # LimitedSpawner's tmp_size
    assert not Path("/tmp/ckmal-was-here").exists(), "the learner's /tmp is the machine's"
    assert found["exchange_mib"] < size, found  # the exchange's own filesystem
    assert found["processes"] < 300 and "fork_error" in found, found
    time.sleep(30)  # the allocation is a few seconds' work when nothing stops it
    assert not (home / "memory_3g").exists(), "the kernel held 3 GiB under a 1 GiB limit"
    peak = memory / "memory.max_usage_in_bytes"
    if peak.exists():
        assert int(peak.read_text()) <= 2**30
    print(f"hostile learner: /tmp {found['tmp_mib']} MiB, exchange {found['exchange_mib']} MiB of 1024, "
          f"{found['processes']} of 300 processes, 3 GiB refused")
    (inbound / "fill-ckmal").unlink()  # as the instructor would


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
