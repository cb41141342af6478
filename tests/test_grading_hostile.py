"""Hostile submissions, graded in one batch with two sandboxes at a time: none may score more than a blank exercise.

Each attack is a blank exercise 02 (or an honest solution, where the attack is on the neighbours or the grader)
with a few cells appended. After the batch: honest solutions score 100%, the submissions folder and the course are
byte-identical, no process the submissions started is left, and no private test text is in any output.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import socket
import threading
import time
from pathlib import Path

import pytest

import coursekit
from coursetools.grade.batch import main as grade_main
from coursetools.nbio import nbformat
from coursekit.sandbox.jail import bwrap
from sandbox_processes import sandbox_processes

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")]

ROOT = Path(__file__).resolve().parents[1]
EX02 = ROOT / "exercises" / "02_exercises_counting_blackjack_hands.ipynb"
SOL02 = ROOT / "solutions" / "02_solutions_counting_blackjack_hands.ipynb"
SOL01 = ROOT / "solutions" / "01_solutions_superpositions.ipynb"
MARKER = "zq-private-7f3a"  # appears only in a comment of the private test file
PRIVATE_EXPR = "hand_total(['9', '9', '2', 'A'])"

# every attack ends with this: written answers and names set to whatever the attack found
FAKE_PUBLISH = """
from IPython.display import publish_display_data
def _fake(*args, **kwargs):
    publish_display_data({"application/vnd.coursekit.grade+json": {"points": 100, "max_points": 100, "tests": []}})
get_ipython().events.register("pre_run_cell", _fake)
get_ipython().events.register("post_run_cell", _fake)
"""

ATTACKS = {
    "wraps_the_runner": """
import coursekit.grading.runner as runner
honest = runner.run_question
def generous(*args, **kwargs):
    result = honest(*args, **kwargs)
    for outcome in result.outcomes:
        outcome.points, outcome.status = outcome.max_points, "pass"
    return result
runner.run_question = generous
""",
    "patches_the_comparison": """
import coursekit.grading.cases as cases
cases.same = lambda *args, **kwargs: True
cases.Case.run = lambda self, *a, **k: cases.Outcome(self.expr, "pass", self.points, self.points)
cases.Case.judge = lambda self, *a, **k: cases.Outcome(self.expr, "pass", self.points, self.points)
""",
    "publishes_fake_results": FAKE_PUBLISH,
    "walks_the_stack": """
import inspect
def _steal(*args):
    for frame in inspect.stack():
        for name in ("expected", "reference", "expected_value"):
            if name in frame.frame.f_locals:
                return frame.frame.f_locals[name]
    return "found no expected value"
hand_total = is_soft = natural_chance = bust_chance = _steal
""",
    "equal_to_everything": """
from fractions import Fraction
class Always(Fraction):
    def __eq__(self, other):
        return True
    __hash__ = Fraction.__hash__
natural_chance = bust_chance = lambda n: Always(1, 3)
hand_total = is_soft = lambda cards: Always(1, 3)
""",
    "fakes_the_fraction_name": """
class Fraction:
    def __eq__(self, other):
        return True
    def __hash__(self):
        return 0
natural_chance = bust_chance = lambda n: Fraction()
class bool:
    def __eq__(self, other):
        return True
is_soft = lambda cards: bool()
""",
    "imports_the_answers": """
import importlib.util, os, sys
import coursekit
ex02 = None
try:
    from coursekit.grading.registry import answer_key_module
    ex02 = answer_key_module("02")
except Exception as error:
    soft_and_hard = f"could not import the answers: {error!r}"
for folder in [os.path.dirname(os.path.dirname(coursekit.__file__)), *sys.path, os.getcwd(), "/tmp"]:
    path = os.path.join(folder or ".", "answer_key", "ex02.py")
    if ex02 is None and os.path.exists(path):
        spec = importlib.util.spec_from_file_location("stolen", path)
        ex02 = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(ex02)
if ex02 is not None:
    natural_chance, bust_chance = ex02.natural_chance, ex02.bust_chance
""",
    "rewrites_the_grader": """
import coursekit, glob, os
for path in glob.glob(os.path.join(os.path.dirname(coursekit.__file__), "**", "*.py"), recursive=True):
    try:
        with open(path, "a") as handle:
            handle.write("\\nimport builtins; builtins.PWNED = True\\n")
    except OSError:
        pass
""",
    "writes_everywhere": """
import os
written = []
for folder, dirs, files in os.walk("/"):
    if folder.startswith(("/proc", "/sys", "/dev")):
        dirs[:] = []
        continue
    for name in files:
        if name.endswith((".ipynb", ".csv", ".json")) and len(written) < 5000:
            try:
                with open(os.path.join(folder, name), "w") as handle:
                    handle.write("{}")
                written.append(os.path.join(folder, name))
            except OSError:
                pass
    try:
        with open(os.path.join(folder, "pwned.txt"), "w") as handle:
            handle.write("pwned")
        written.append(folder)
    except OSError:
        pass
soft_and_hard = " ".join(w for w in written if not w.startswith("/tmp"))[:1000]
""",
    "leaves_a_writer_behind": """
import os, subprocess, sys
code = '''
import glob, os, time
time.sleep(4)
for path in glob.glob("/**/grades*", recursive=True):
    try:
        open(path, "w").write("notebook,points\\\\nme,100\\\\n")
    except OSError:
        pass
'''
subprocess.Popen([sys.executable, "-c", code], start_new_session=True,
                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        exec(code)
    os._exit(0)
""",
    "starts_sleepers": """
import subprocess
for _ in range(10):
    subprocess.Popen(["sleep", "1000"], start_new_session=True)
""",
    "reads_the_private_tests": """
import os
import sys
found = []
for folder, dirs, files in os.walk("/"):
    if folder.startswith(("/proc", "/sys", "/dev", "/usr", sys.base_prefix, sys.prefix)):
        dirs[:] = []
        continue
    for name in files:
        if name.endswith(".py"):
            try:
                text = open(os.path.join(folder, name), errors="ignore").read()
            except OSError:
                continue
            if "TESTS" in text and "Case(" in text:
                found.append(text)
soft_and_hard = "\\n".join(found)[:5000] or "nothing found on this file system"
""",
    "echoes_the_test_expressions": """
import builtins
seen = []
honest_compile = builtins.compile
def spying_compile(source, *args, **kwargs):
    if isinstance(source, str):
        seen.append(source)
    return honest_compile(source, *args, **kwargs)
builtins.compile = spying_compile
def hand_total(cards):
    return " | ".join(seen)
is_soft = hand_total
""",
    "exhausts_memory": """
import os
blocks = []
try:
    blocks.append(bytearray(3 * 2**30))
except MemoryError:
    pass
children = []
for _ in range(6):
    pid = os.fork()
    if pid == 0:
        try:
            hog = [bytearray(2**28) for _ in range(8)]
        except MemoryError:
            pass
        os._exit(0)
    children.append(pid)
for pid in children:
    os.waitpid(pid, 0)
""",
    "forks_a_bomb": """
import os, time
pids = 0
try:
    for _ in range(5000):
        if os.fork() == 0:
            time.sleep(30)
            os._exit(0)
        pids += 1
except OSError:
    pass
soft_and_hard = f"started {pids} processes"
""",
    "uses_the_network": """
import socket
reached = []
for port in PORTS:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).sendall(b"stolen answers")
        reached.append(port)
    except OSError:
        pass
soft_and_hard = f"reached {reached}"
""",
    "ignores_every_limit": """
import signal
for sig in (signal.SIGALRM, signal.SIGINT, signal.SIGTERM):
    signal.signal(sig, signal.SIG_IGN)
while True:
    pass
""",
}

# attacks hidden in honest solutions: they must cost only their own notebook
NEIGHBOUR_ATTACKS = {
    "kills_its_parent": "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)",
    "kills_everything": "import os, signal\nos.kill(-1, signal.SIGKILL)",
    "finds_its_neighbours": """
import os, signal, glob
victims = []
for entry in glob.glob("/proc/[0-9]*/cmdline"):
    pid = int(entry.split("/")[2])
    try:
        text = open(entry, "rb").read().replace(b"\\0", b" ").decode()
    except OSError:
        continue
    if pid != os.getpid() and ("ipykernel" in text or "coursekit" in text or "jupyter" in text):
        victims.append(pid)
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
connection_files = glob.glob("/**/kernel-*.json", recursive=True)
""",
}


def _with_cells(source: Path, *extra: str) -> nbformat.NotebookNode:
    nb = nbformat.read(source, as_version=4)
    nb.cells += [nbformat.v4.new_code_cell(code) for code in extra]
    return nb


def _tree_digest(folder: Path, skip_pycache: bool = False) -> dict:
    digest = {}
    for path in sorted(folder.rglob("*")):
        if skip_pycache and "__pycache__" in path.parts:
            continue
        digest[str(path.relative_to(folder))] = (hashlib.sha256(path.read_bytes()).hexdigest()
                                                 if path.is_file() else "dir")
    return digest


class _Listener:
    """A TCP server on 127.0.0.1 that records every connection."""

    def __init__(self) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen()
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while self.running:
            try:
                conn, _ = self.socket.accept()
                self.connections += 1
                conn.close()
            except OSError:
                continue

    def stop(self) -> None:
        self.running = False
        self.thread.join()
        self.socket.close()


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    submissions = folder / "submissions"
    private = folder / "private"
    private.mkdir()
    (private / "secret.py").write_text(
        f"# {MARKER}: the instructor's own tests\n"
        "from coursekit.grading import Case\n"
        f"TESTS = {{'02.q1': [Case({PRIVATE_EXPR!r}, 21, points=2)]}}\n")
    listener = _Listener()
    notebooks = {
        "honest02": nbformat.read(SOL02, as_version=4),
        "honest01": nbformat.read(SOL01, as_version=4),
        "honest02_again": nbformat.read(SOL02, as_version=4),
        "blank02": nbformat.read(EX02, as_version=4),
    }
    for name, code in ATTACKS.items():
        code = code.replace("PORTS", repr([listener.port, 8888, 22]))
        notebooks[name] = _with_cells(EX02, code)
    notebooks["blank_plus_every_trick"] = _with_cells(EX02, *(c.replace("PORTS", "[]") for n, c in ATTACKS.items()
                                                              if n not in ("ignores_every_limit", "forks_a_bomb")))
    for name, code in NEIGHBOUR_ATTACKS.items():
        notebooks[name] = _with_cells(SOL02, code)
    for name, nb in notebooks.items():
        path = submissions / name / EX02.name
        path.parent.mkdir(parents=True)
        nbformat.write(nb, path)
    out = folder / "grades" / "grades.csv"
    package = Path(coursekit.__file__).parent
    before = {"submissions": _tree_digest(submissions), "package": _tree_digest(package, skip_pycache=True)}
    processes_before = sandbox_processes()
    started = time.monotonic()
    code = grade_main([str(submissions), "--out", str(out), "--tests", str(private), "--timeout", "8",
                       "--notebook-timeout", "60", "--jobs", "2"])
    took = time.monotonic() - started
    grades_written = {p.name: p.read_bytes() for p in out.parent.iterdir()}
    processes_right_after = sandbox_processes()
    time.sleep(6)  # longer than the detached writer waits
    listener.stop()
    after = {"submissions": _tree_digest(submissions), "package": _tree_digest(package, skip_pycache=True)}
    records = {Path(r["notebook"]).parent.name: r for r in json.loads(out.with_suffix(".json").read_text())["records"]}
    with out.open() as handle:
        rows = list(csv.reader(handle))
    return {"code": code, "records": records, "rows": rows, "before": before, "after": after, "took": took,
            "grades_written": grades_written, "grades_later": {p.name: p.read_bytes() for p in out.parent.iterdir()},
            "processes_before": processes_before, "processes_after": processes_right_after + sandbox_processes(),
            "connections": listener.connections, "out": out, "private": private}


def test_the_batch_finishes_and_writes_both_files(batch):
    assert batch["code"] == 0
    assert sorted(batch["grades_written"]) == ["grades.csv", "grades.json"]
    assert len(batch["rows"]) == 1 + len(batch["records"])


def test_honest_solutions_score_full_marks(batch):
    for name in ("honest02", "honest01", "honest02_again"):
        record = batch["records"][name]
        assert record["percent"] == 100.0, (name, record["messages"])


@pytest.mark.parametrize("attack", [*ATTACKS, "blank_plus_every_trick"])
def test_no_attack_scores_more_than_the_blank_exercise(batch, attack):
    blank = batch["records"]["blank02"]
    record = batch["records"][attack]
    assert blank["points"] == 0 and blank["max_points"] > 0
    assert record["max_points"] == blank["max_points"]
    assert record["points"] <= blank["points"], (attack, {q: r["points"] for q, r in record["questions"].items()})


@pytest.mark.parametrize("attack", list(NEIGHBOUR_ATTACKS))
def test_an_attack_on_the_grader_or_neighbours_costs_nobody_else(batch, attack):
    record = batch["records"][attack]
    assert record["max_points"] == batch["records"]["honest02"]["max_points"]
    for name in ("honest02", "honest01", "honest02_again"):
        assert batch["records"][name]["percent"] == 100.0


def test_submissions_and_course_are_byte_identical(batch):
    assert batch["after"]["submissions"] == batch["before"]["submissions"]
    assert batch["after"]["package"] == batch["before"]["package"]


def test_nothing_changes_the_grades_afterwards(batch):
    assert batch["grades_later"] == batch["grades_written"]


def test_no_process_outlives_the_batch(batch):
    assert batch["processes_after"] == batch["processes_before"] == []
    roots = ("/sys/fs/cgroup/pids", "/sys/fs/cgroup/memory", "/sys/fs/cgroup/unified")
    pattern = f"coursekit-grade-{os.getpid()}-*"
    leftovers = [p for root in roots if Path(root).is_dir() for p in Path(root).rglob(pattern)]
    assert leftovers == []


def test_no_submission_reached_the_network(batch):
    assert batch["connections"] == 0
    assert "reached []" in batch["records"]["uses_the_network"]["questions"]["02.q5"]["tests"][0]["actual"]


def test_no_private_test_text_in_any_output(batch):
    text = b"".join(batch["grades_written"].values()).decode()
    assert MARKER not in text
    for record in batch["records"].values():
        answers = [m for m in record["messages"]]
        for q in record["questions"].values():
            for test in q["tests"]:
                answers += [test["actual"], test["message"]]
        assert not any(PRIVATE_EXPR in a for a in answers), record["notebook"]
    found = batch["records"]["reads_the_private_tests"]["questions"]["02.q5"]["tests"][0]["actual"]
    assert found and "the instructor's own tests" not in found  # it searched, and found only the course's code


def test_the_sandbox_hides_the_expected_values(batch):
    record = batch["records"]["imports_the_answers"]
    answer = record["questions"]["02.q5"]["tests"][0]["actual"]
    assert "could not import the answers" in answer and "AnswerKeyMissing" in answer  # the registry finds none
    # nor does a search of the package's folder, sys.path, the working folder and /tmp: no stolen value scores
    assert record["questions"]["02.q3"]["points"] == 0 and record["questions"]["02.q4"]["points"] == 0


def test_limits_stop_a_runaway_cell_and_the_batch_stays_in_time(batch):
    record = batch["records"]["ignores_every_limit"]
    assert any("ran over 8 s" in m for m in record["messages"]), record["messages"]
    assert batch["took"] < 240


def test_the_memory_and_process_limits_hold(batch):
    bomb = batch["records"]["forks_a_bomb"]["questions"]["02.q5"]["tests"][0]["actual"]
    started = int(bomb.split()[1]) if bomb.startswith("'started") or bomb.startswith("started") else None
    assert started is not None and started < 200, bomb
