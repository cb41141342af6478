"""The nbgrader route: `python -m coursekit nbgrader DIR`, then nbgrader's own generate_assignment and autograde."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.grading.filenames import exercise_name
from coursetools.author.generate import BEGIN, END
from coursetools.author.nbgrader_export import main as export_main
from coursetools.author.nbgrader_export import nbgrader_notebook
from coursetools.nbio import nbformat
from coursekit.grading.registry import questions

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "solutions").glob("[0-9][0-9]_*.ipynb"))
# nbgrader is an instructors' tool: `make class` (and make test) installs it in .venv-class, never in the learners'
# .venv (it would add its menu to their JupyterLab); found next to this Python, then in .venv-class, then on PATH
NBGRADER = (shutil.which("nbgrader", path=str(Path(sys.executable).parent))
            or shutil.which("nbgrader", path=str(ROOT / ".venv-class" / "bin")) or shutil.which("nbgrader"))
needs_nbgrader = pytest.mark.skipif(NBGRADER is None and not os.environ.get("CI"),
                                    reason="nbgrader is not installed (make class puts it in .venv-class)")


def solution_lines(nb) -> list[str]:
    """The distinctive lines inside the solution regions of a notebook."""
    lines = []
    for cell in nb.cells:
        inside = False
        for line in cell.source.splitlines():
            if BEGIN.match(line) or line.strip() == "### BEGIN SOLUTION":
                inside = True
            elif END.match(line):
                inside = False
            elif inside and len(line.strip()) > 12:
                lines.append(line.strip())
    return lines


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name[:2])
def test_every_question_gets_its_cells_with_nbgrader_metadata(path):
    nb = nbgrader_notebook(nbformat.read(path, as_version=4))
    exercise = path.name[:2]
    graded = {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")}
    for q in questions(exercise):
        number = q.qid.replace(".q", "_")
        if q.manual:
            cell = graded[f"q{number}"]
            assert cell.cell_type == "markdown" and cell.metadata["nbgrader"]["solution"]
            assert cell.metadata["nbgrader"]["points"] == q.max_points
        else:
            tests = [c for gid, c in graded.items() if gid.startswith(f"q{number}_t")]
            assert len(tests) == len(q.cases)
            assert sum(c.metadata["nbgrader"]["points"] for c in tests) == q.max_points
            for case, cell in zip(q.cases, tests):
                assert ("### BEGIN HIDDEN TESTS" in cell.source) == (not case.public)
    for cell in nb.cells:
        has_region = "### BEGIN SOLUTION" in cell.source
        assert has_region == bool(cell.metadata.get("nbgrader", {}).get("solution") and cell.cell_type == "code")
        assert "hint:" not in cell.source or "# hint:" in cell.source
    ids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len(ids) == len(set(ids))


def _run(args: list[str], cwd: Path, trusted: bool = False) -> subprocess.CompletedProcess:
    # nbgrader's own environment first: it runs the notebooks with that environment's kernel
    bin_dir = Path(NBGRADER).parent if NBGRADER else Path(sys.executable).parent
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    if trusted:  # the course's own worked and blank notebooks: nbgrader's unsandboxed autograde is allowed for them
        env["COURSEKIT_UNSANDBOXED_AUTOGRADE"] = "trusted"
    result = subprocess.run([NBGRADER or "nbgrader", *args], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result


def _grade(args: list[str]) -> None:
    from coursetools.grade.batch import main as grade_main

    assert grade_main(args) == 0


def _filled_in(release, source):
    """The release notebook with the source's solution cells and model answers written in: a worked submission."""
    by_id = {c.metadata["nbgrader"]["grade_id"]: c for c in source.cells if "nbgrader" in c.metadata}
    nb = nbformat.from_dict(release)
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution"):
            cell.source = by_id[meta["grade_id"]].source
    return nb


@needs_nbgrader
@pytest.mark.slow
@pytest.mark.parametrize("exercise", ["02", "07"])
def test_nbgrader_releases_without_answers_and_autogrades_solution_full_blank_zero(tmp_path, exercise):
    course = tmp_path / "course"
    assert export_main([str(course), "--solutions", str(ROOT / "solutions")]) == 0
    assignment = f"ex{exercise}"
    _run(["generate_assignment", assignment], course)
    (released,) = (course / "release" / assignment).glob("*.ipynb")
    (source,) = (course / "source" / assignment).glob("*.ipynb")
    assert released.name == source.name == exercise_name(SOLUTIONS[int(exercise) - 1].name)  # the exercise's name
    release_nb, source_nb = nbformat.read(released, as_version=4), nbformat.read(source, as_version=4)
    text = released.read_text()
    hidden = solution_lines(source_nb)
    assert hidden and not [line for line in hidden if line in text]
    answers = [c.source for c in source_nb.cells if c.cell_type == "markdown" and "nbgrader" in c.metadata]
    assert answers and not [a for a in answers if a.strip()[:60] in text]
    assert "### BEGIN HIDDEN TESTS" not in text and "# hint:" in text

    for student, nb in (("worked", _filled_in(release_nb, source_nb)), ("blank", release_nb)):
        target = course / "submitted" / student / assignment / released.name
        target.parent.mkdir(parents=True)
        nbformat.write(nb, target)
    graded = _run(["autograde", assignment, "--create"], course, trusted=True)  # tests/test_nbgrader_sandboxed.py:
    # a learner's submission goes through `python -m coursekit autograde`, in the sandbox
    assert "db_assignments" not in graded.stdout + graded.stderr  # a config nbgrader 0.9 knows, without warnings
    _run(["export"], course)
    rows = {line.split(",")[3]: line.split(",") for line in (course / "grades.csv").read_text().splitlines()[1:]}
    automatic = sum(q.max_points for q in questions(exercise) if not q.manual)
    assert float(rows["worked"][7]) == automatic  # raw score: every autograded point, written answers not yet marked
    assert float(rows["blank"][7]) == 0
    assert (course / "answer_key").stat().st_mode & 0o077 == 0 and (course / "source").stat().st_mode & 0o077 == 0

    # the course's grader on nbgrader's submitted/ folder: rows by student, the written answers read, no errors,
    # its own outputs beside nbgrader's grades.csv and feedback/ (never over them)
    ours = course / "course-grades.csv"
    _grade([str(course / "submitted"), "--out", str(ours), "--feedback", str(course / "course-feedback"),
            "--timeout", "60"])
    records = {r["student"]: r for r in json.loads(ours.with_suffix(".json").read_text())["records"]}
    assert sorted(records) == ["blank", "worked"]
    assert records["worked"]["points"] == automatic and records["blank"]["points"] == 0
    assert not records["worked"]["messages"], records["worked"]["messages"]
    written = [t for q in records["worked"]["questions"].values() if q["manual"] for t in q["tests"]]
    assert written and all("no answer yet" not in t["message"] for t in written)
