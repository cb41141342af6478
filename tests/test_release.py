"""The learner edition (`python -m coursekit release OUT`) and the answer key's place: on the instructor's side only.

The learner edition, and a wheel built from it, hold no hidden expected value and no reference function of the
answer key; check() works there without it; the grader finds the answer key in the full repository by default.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from coursekit.grading.public import FOLDER, public_text
from coursekit.grading.registry import answer_key_dir, answer_key_exercises, questions
from coursetools.release import folder_texts, leaks, main as release_main, secrets, wheel_texts

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def edition(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("release") / "learner"
    assert release_main([str(out), "--from", str(ROOT)]) == 0
    return out


def test_the_public_tests_are_written_from_the_answer_key():
    stale = [e for e in answer_key_exercises() if (FOLDER / f"ex{e}.json").read_text(encoding="utf-8")
             != public_text(e, questions(e))]
    assert not stale, f"run .venv/bin/python -m coursekit exercises: public tests of {stale} are stale"


def test_the_answer_key_is_outside_the_package_and_found_in_the_repository():
    assert answer_key_dir() == ROOT / "answer_key"
    import coursekit

    package = Path(coursekit.__file__).parent
    assert not list(package.rglob("answer_key*")) and not (package / "grading" / "questions").exists()


def test_the_learner_edition_has_lessons_exercises_demos_and_no_answer_key(edition):
    for name in ("notebooks/00_start_here.ipynb", "exercises/02_exercises_counting_blackjack_hands.ipynb",
                 "notebooks/demos/blackjack.ipynb", "coursekit/grading/check.py", "coursekit/grading/public/ex02.json",
                 "pyproject.toml", "binder/environment.yml", "share/jupyter/voila/templates/course/conf.json"):
        assert (edition / name).is_file(), name
    for name in ("answer_key", "solutions", "tests", "docs", "coursetools"):
        assert not (edition / name).exists(), name
    readme = (edition / "README.md").read_text()
    assert "learner edition" in readme and "solutions" in readme
    log = subprocess.run(["git", "-C", str(edition), "log", "--oneline"], capture_output=True, text=True, check=True)
    assert log.stdout.count("\n") == 1  # a git repository nbgitpuller can pull


def test_the_search_finds_the_answer_key_when_it_is_there(edition, tmp_path):
    found = secrets()
    assert "def primes_below(" in found and "def edge_after_first_card(" in found
    assert any("hidden expected value" in what for what in found.values())
    assert any("slip value" in what for what in found.values())  # check() knows these by digest only
    assert sum("slip bot's moves" in what for what in found.values()) >= 4
    planted = tmp_path / "planted"
    shutil.copytree(edition, planted, ignore=shutil.ignore_patterns(".git"))
    shutil.copy(ROOT / "answer_key" / "ex10.py", planted / "coursekit" / "notes.py")
    assert any("edge_after_first_card" in line for line in leaks(folder_texts(planted), ROOT))
    swapped = next(text for text, what in found.items() if "slip bot's moves (this moves onto the numbers" in what)
    one_loses = next(text for text, what in found.items()
                     if "slip value of losing_positions((2, 3, 7), 30) (1 is" in what)
    (planted / "coursekit" / "notes.py").write_text(f"SWAPPED = {swapped}\nLOSING = {one_loses}\n")
    found_now = leaks(folder_texts(planted), ROOT)
    assert any("slip bot's moves" in line for line in found_now) and any("slip value" in line for line in found_now)


def test_no_hidden_value_or_reference_in_the_learner_edition(edition):
    assert leaks(folder_texts(edition), ROOT) == []


# the first lines of a script run in the learner edition: it stops when the answer key can be found from there
NO_ANSWER_KEY = """
from coursekit.grading.registry import AnswerKeyMissing, answer_key_dir
try:
    answer_key_dir()
    sys.exit("the answer key was found")
except AnswerKeyMissing:
    pass
"""


def _edition_env(edition: Path) -> dict[str, str]:
    """This environment without a named answer key, importing coursekit from the learner edition."""
    env = {k: v for k, v in os.environ.items() if k != "COURSEKIT_ANSWER_KEY"}
    env["PYTHONPATH"] = str(edition)
    return env


def test_check_runs_in_the_learner_edition_without_the_answer_key(edition, tmp_path):
    script = """
import json, sys
""" + NO_ANSWER_KEY + """from coursekit.grading.check import run_check
namespace = {}
exec(open(sys.argv[1]).read(), namespace)
result = run_check("01.q3", namespace)
print(json.dumps([result.points, result.max_points, [o.slip for o in result.outcomes]]))
"""
    solution = tmp_path / "prime.py"
    solution.write_text("def is_prime(n):\n    return n > 1 and all(n % d for d in range(2, int(n ** 0.5)))\n")
    env = _edition_env(edition)
    run = subprocess.run([sys.executable, "-c", script, str(solution)], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    points, max_points, slips = json.loads(run.stdout)
    assert max_points > points > 0  # squares of primes come out prime: the public test names the slip
    assert any("squares of primes" in slip for slip in slips)


def test_check_names_the_restored_slips_in_the_learner_edition(edition, tmp_path):
    """Slips the answer key recognised with test functions, and exercise 11's slip bots, named without it."""
    from test_check_slips import right_makers, slip_makers

    from coursekit.grading.lesson_links import reread_line

    script = """
import contextlib, io, json, sys
""" + NO_ANSWER_KEY + """from coursekit.grading.check import check
texts = []
for qid, code in json.load(open(sys.argv[1])):
    namespace = {}
    exec(code, namespace)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        check(qid, namespace)
    texts.append(out.getvalue())
print(json.dumps(texts))
"""
    made, right = slip_makers(), right_makers()
    codes = tmp_path / "codes.json"
    codes.write_text(json.dumps([[qid, code] for qid, _, code in made] + [list(r) for r in right]))
    env = _edition_env(edition)
    run = subprocess.run([sys.executable, "-c", script, str(codes)], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    texts = json.loads(run.stdout)
    for (qid, says, _), text in zip(made, texts):
        assert f"looks like a common slip: {says}" in text, (qid, says, text)
        assert reread_line(qid) in text and reread_line(qid).startswith("reread lesson "), text
    for (qid, _), text in zip(right, texts[len(made):]):
        assert "looks like a common slip" not in text and "FAIL" not in text, (qid, text)


# the instructors' tools, by module name: none may be in the learner edition, under any folder
INSTRUCTOR_MODULES = ("batch", "feedback", "class_page", "provenance", "mutants", "nbgrader_layout", "generate",
                      "nbgrader_export", "dask_runner", "distributed", "release", "exchange", "website", "argtypes",
                      "nbio")


def test_the_learner_edition_holds_no_instructors_tool(edition):
    modules = sorted(p.relative_to(edition).as_posix() for p in edition.rglob("*.py") if ".git" not in p.parts)
    assert "coursekit/grading/check.py" in modules
    tools = [m for m in modules if m.startswith("coursetools/") or Path(m).stem in INSTRUCTOR_MODULES
             or m == "coursekit/arena/cli.py"]
    assert tools == []
    pyproject = (edition / "pyproject.toml").read_text(encoding="utf-8")
    assert "coursetools" not in pyproject and '"coursekit.commands"' not in pyproject
    assert 'include = ["coursekit*"]' in pyproject


def test_an_instructors_command_in_the_learner_edition_says_where_it_lives(edition):
    """`python -m coursekit grade` with the edition's coursekit alone (-S: no site-packages, where the full
    repository's install registers the instructors' commands): one clear line and exit status 2."""
    env = {**_edition_env(edition), "PYTHONNOUSERSITE": "1"}
    for command in ("grade", "release", "arena"):
        run = subprocess.run([sys.executable, "-S", "-m", "coursekit", command, "x"], cwd=edition, env=env,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2, (command, run.stdout, run.stderr)
        assert run.stderr.count("\n") == 1 and "not part of the learner edition" in run.stderr, run.stderr
        assert f"'{command}' is an instructors' tool" in run.stderr and "Traceback" not in run.stderr
    games = subprocess.run([sys.executable, "-S", "-m", "coursekit", "--help"], cwd=edition, env=env,
                           capture_output=True, text=True, timeout=60)
    assert games.returncode == 0 and "blackjack" in games.stdout and "grade" not in games.stdout


@pytest.mark.slow
def test_a_wheel_built_from_the_learner_edition_holds_no_answer_key(edition, tmp_path):
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(edition)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("coursekit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "coursekit/grading/public/ex10.json" in names
    assert "coursekit/grading/transcripts/cards.txt" in names  # the public deals check() replays
    assert any(n.endswith("share/jupyter/voila/templates/course/conf.json") for n in names)
    assert not [n for n in names if "answer_key" in n or "/questions/" in n]
    assert not [n for n in names if n.startswith("coursetools")]
    assert leaks(wheel_texts(wheel), ROOT) == []


def _git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, check=True).stdout


def test_a_second_release_into_a_clone_of_the_edition_is_one_commit_on_its_history(edition, tmp_path):
    """What the class pulls keeps its history: a learner's nbgitpuller merges the update (issue 35)."""
    served, clone = tmp_path / "served", tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(edition), str(served)], check=True)
    subprocess.run(["git", "clone", "-q", str(served), str(clone)], check=True)
    first = _git(clone, "rev-parse", "HEAD").strip()
    (clone / "notebooks" / "stale_lesson.ipynb").write_text("{}")  # a file the new release no longer has
    _git(clone, "add", "-A")
    _git(clone, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "an old lesson")
    before = _git(clone, "rev-parse", "HEAD").strip()
    assert release_main([str(clone), "--from", str(ROOT)]) == 0
    log = _git(clone, "log", "--format=%H %P").splitlines()
    assert log[0].split()[1] == before and log[-1].split()[0] == first  # one commit on top, the history kept
    assert len(log) == 3
    assert not (clone / "notebooks" / "stale_lesson.ipynb").exists()
    assert _git(clone, "status", "--porcelain") == ""
    assert release_main([str(clone), "--from", str(ROOT)]) == 0  # nothing new: no empty commit
    assert len(_git(clone, "log", "--format=%H").splitlines()) == 3


def test_a_release_refuses_an_existing_folder_that_is_not_a_clean_clone(edition, tmp_path, capsys):
    plain = tmp_path / "plain"
    plain.mkdir()
    assert release_main([str(plain), "--from", str(ROOT)]) == 2
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(edition), str(clone)], check=True)
    (clone / "README.md").write_text("a local change")
    assert release_main([str(clone), "--from", str(ROOT)]) == 2
    assert "uncommitted" in capsys.readouterr().err
    assert (clone / "README.md").read_text() == "a local change"
