"""The README tells a newcomer the two commands first and its course map matches the notebooks on disk."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

import fresh_clone

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
INSTRUCTORS = (ROOT / "docs" / "instructors.md").read_text()


def test_two_commands_come_first():
    first_block = README.split("```")[1]
    assert [line.split()[:2] for line in first_block.strip().splitlines()] == [["make", "lab"], ["make", "test"]]


def test_course_map_matches_the_lessons_on_disk():
    linked = re.findall(r"\(notebooks/(\d\d_[a-z0-9_]+\.ipynb)\)", README)
    on_disk = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert linked == on_disk


def test_course_map_links_every_going_further_notebook_on_its_lessons_row():
    """Issue 34: each optional notebooks/NNb_name.ipynb is linked in the README, on its lesson's row."""
    further = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]b_*.ipynb"))
    assert further
    for name in further:
        rows = [line for line in README.splitlines() if f"(notebooks/{name})" in line]
        assert len(rows) == 1 and rows[0].startswith(f"| {name[:2]} |"), name


def test_every_exercise_has_a_lesson_and_a_solution():
    # lesson NN_name.ipynb, exercises/NN_exercises_name.ipynb, solutions/NN_solutions_name.ipynb: three tab names
    lessons = {p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    exercises = {p.name for p in (ROOT / "exercises").glob("*.ipynb")}
    solutions = {p.name for p in (ROOT / "solutions").glob("*.ipynb")}
    assert exercises and {f"{stem[:3]}exercises_{stem[3:]}.ipynb" for stem in lessons} >= exercises
    assert {name.replace("_exercises_", "_solutions_") for name in exercises} == solutions


# --- every command the README and the lessons print runs as written from a fresh clone (issue 21) -------------

NOTEBOOK_FOLDERS = ("notebooks", "notebooks/demos", "exercises")
# make targets that run long or serve until stopped: `make -n` must resolve them (the browser tests open
# `make lab` and `make present`, and make test is what runs this file)
DRY_RUN = {"lab", "present", "test", "unit", "check", "unit310", "notebooks", "browser", "bench", "site", "class",
           "install", "exercises", "clean", "kernel"}
CONSOLES = {"blackjack", "tournament", "baccarat"}
BENCHMARK = re.compile(r"^\.venv/bin/python (bench/bench_\w+\.py)$")  # minutes each: checked to compile, not run
STARTED = {"demo"}  # started as written and stopped once it serves
FAILED = ("Traceback", "ModuleNotFoundError", "command not found", "No such file or directory", "No rule to make",
          "sandbox could not start", "sandbox did not start")
COMMAND = re.compile(r"^(?:[A-Z_][A-Z0-9_]*=\S+\s+)*(?:make\s|\.venv/bin/)")


def code_texts(markdown: str) -> list[str]:
    """The lines of fenced code blocks (without trailing comments) and the inline code spans of a markdown text."""
    texts, rest = [], []
    for i, part in enumerate(markdown.split("```")):
        if i % 2:  # inside a fenced block: each line, after the info string
            for line in part.split("\n")[1:]:
                line = re.sub(r"\s+#.*$", "", line).strip()
                if line:
                    texts.append(line)
        else:
            rest.append(part)
    texts += [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", "\n".join(rest))]
    return texts


def commands(markdown: str) -> list[str]:
    """The shell commands a markdown text shows: code starting with `make ` or `.venv/bin/` (after VAR=value),
    not a program's bare path such as `.venv/bin/python` named in a sentence."""
    return [text for text in code_texts(markdown) if COMMAND.match(text) and " " in text]


def lesson_markdown() -> dict[str, str]:
    """Each lesson's, dashboard's and exercise's markdown cells, joined, by notebook path."""
    found = {}
    for folder in NOTEBOOK_FOLDERS:
        for path in sorted((ROOT / folder).glob("*.ipynb")):
            cells = json.loads(path.read_text())["cells"]
            found[f"{folder}/{path.name}"] = "\n\n".join(
                "".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return found


def printed_commands() -> dict[str, list[str]]:
    """Every command the README, docs/instructors.md and the lesson notebooks print, with where each is printed."""
    where: dict[str, list[str]] = {}
    for text in commands(README):
        where.setdefault(text, []).append("README.md")
    for text in commands(INSTRUCTORS):
        where.setdefault(text, []).append("docs/instructors.md")
    for name, markdown in lesson_markdown().items():
        for text in commands(markdown):
            where.setdefault(text, []).append(name)
    return where


PRINTED = printed_commands()


def test_the_readme_shows_the_commands_it_promises():
    shown = set(PRINTED)
    for command in ("make lab", "make test", "make demo", "make present", "make blackjack", "make tournament",
                    "make baccarat", "make class", "make site", ".venv/bin/python -m coursekit blackjack --seed 1"):
        assert command in shown, command
    assert any(c.startswith(".venv/bin/python -m coursekit grade") for c in shown)


def test_no_bare_python_command_outside_the_conda_paragraph():
    """Debian has no `python` and another Python lacks the course's packages: the README and the lessons say
    `.venv/bin/python` (or a make target); only the conda route, inside its activated environment, says python."""
    for paragraph in re.split(r"\n\s*\n", README):
        bare = [t for t in code_texts(paragraph) if re.match(r"(python3?|pip|jupyter|nbgrader|voila)\s", t)]
        assert not bare or "conda" in paragraph, bare
    bare = {name: found for name, markdown in lesson_markdown().items()
            if (found := [t for t in code_texts(markdown) if re.match(r"python3?\s", t) or " python -m" in f" {t}"])}
    assert not bare, f"write .venv/bin/python ... (or a make target) instead of: {bare}"


def test_the_lessons_print_console_commands_from_the_repository_root():
    for name, markdown in lesson_markdown().items():
        for text in commands(markdown):
            assert text.startswith((".venv/bin/python -m coursekit ", ".venv/bin/python bench/", "make ")), (name, text)


def _target(command: str) -> str | None:
    """The make target of a `make ...` command, or None for another command."""
    words = shlex.split(command)
    while words and re.match(r"[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    if words[0] != "make":
        return None
    targets = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
    return targets[0] if targets else "lab"  # the Makefile's first target


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """A fresh clone's folder (this checkout's files, its .venv) and a Debian user's environment."""
    why = fresh_clone.venv_missing_reason()
    if why:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(why)
        pytest.skip(why)
    root = tmp_path_factory.mktemp("clone")
    folder = fresh_clone.copy(root / "games-course")
    return folder, fresh_clone.environment(root / "home")


def _shell(command: str, folder: Path, env: dict, stdin: str = "q\n", timeout: float = 600):
    return subprocess.run(["bash", "-c", command], cwd=folder, env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout)


def _started_and_stopped(command: str, folder: Path, env: dict) -> str:
    """Start a server command as written, wait until the URL it prints answers, stop it; return that URL."""
    log = folder / f"{_target(command)}.log"
    with open(log, "w") as out:
        process = subprocess.Popen(["bash", "-c", command], cwd=folder, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            found = re.search(r"(http://127\.0\.0\.1:\d+/\S*)", log.read_text())
            if found:
                with urllib.request.urlopen(found.group(1), timeout=30) as response:
                    assert response.status == 200
                return found.group(1)
            assert process.poll() is None, log.read_text()[-3000:]
            time.sleep(0.5)
        raise AssertionError(f"{command!r} printed no URL in 120 s:\n{log.read_text()[-3000:]}")
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # make and the server it started: the group we made, by its id
        process.wait(timeout=30)


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(PRINTED), ids=sorted(PRINTED))
def test_a_printed_command_runs_as_written_from_a_fresh_clone(command, clone):
    folder, env = clone
    target = _target(command)
    if target in DRY_RUN:
        result = _shell(re.sub(r"\bmake\b", "make -n", command, count=1), folder, env)
    elif target in STARTED:  # make demo: Voila on 8866 (the README says so) or the DEMO_PORT given
        given = re.search(r"DEMO_PORT=(\d+)", command)
        port = int(given.group(1)) if given else 8866
        with socket.socket() as probe:
            taken = probe.connect_ex(("127.0.0.1", port)) == 0
        url = _started_and_stopped(command, folder, env)
        assert f"127.0.0.1:{port}/" in url or taken, f"{command!r} served {url}, not port {port}"
        return
    elif BENCHMARK.match(command):
        script = BENCHMARK.match(command).group(1)
        result = _shell(f".venv/bin/python -m py_compile {script}", folder, env)
    else:
        assert target is None or target in CONSOLES, f"{command!r}: a make target this test does not know"
        if re.fullmatch(r"\.venv/bin/python -m coursekit \w+", command):  # a program named in a sentence
            command += " --help"
        if re.search(r"-m coursekit (grade|arena)\b", command):
            # no folder is made here (issue 28): the folders a command reads come with the course
            # (exercises/, notebooks/demos/arena_bots/). They run sandboxed, as written. PYTHONSAFEPATH: this
            # clone's .venv links to the checkout's, whose editable install imports the checkout's coursekit, while
            # `python -m` would import the clone's from the working folder (a clone's own .venv has no such split)
            env = dict(env, PYTHONSAFEPATH="1")
        result = _shell(command, folder, env)
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{command!r} (printed in {PRINTED.get(command)}) exited {result.returncode}:\n" \
                                   f"{output[-3000:]}"
    assert not [word for word in FAILED if word in output], output[-3000:]


def test_the_arena_command_plays_the_example_bots():
    """A fresh clone has no bots/ folder (issue 28): the README's arena command plays the bots the course ships."""
    arena = [c for c in PRINTED if re.search(r"-m coursekit arena \S", c) and "README.md" in PRINTED[c]]
    assert arena and all("notebooks/demos/arena_bots/" in c for c in arena), arena
    for command in arena:
        folder = re.search(r"arena (\S+)", command).group(1)
        assert list((ROOT / folder).glob("*.py")), f"{folder} holds no bots"
