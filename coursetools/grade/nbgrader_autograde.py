"""`python -m coursekit autograde ASSIGNMENT`: nbgrader's autograde step, with every notebook run in the sandbox.

Run in an nbgrader course folder (the one `python -m coursekit nbgrader` wrote), with nbgrader installed beside the
course (`.venv-class`). It collects `submitted/<student>/ASSIGNMENT/*.ipynb` (links, hard links and nested uploads
refused by name: `nbgrader_layout.collect`), grades each in its own bubblewrap sandbox (`batch.grade_all`: no
network, no view of the course folder, the answer key read only here, in the grader), and writes the scores into
nbgrader's gradebook: each autograded test cell (`qNN_K_tM`) its points, written answers left for the formgrader.
A copy of each notebook, never executed, its outputs cleared and its test cells restored from `source/`, goes to
`autograded/` for the formgrader and `generate_feedback`; the course's own CSV, JSON and feedback pages go to
`coursekit/ASSIGNMENT/`. nbgrader's own `autograde` is refused by the exported nbgrader_config.py: it would run the
learners' code as the instructor.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Optional

from coursekit.sandbox.jail import bwrap
from coursekit.sandbox.limits import announce
from coursekit.sandbox.text import clean
from coursetools.argtypes import positive_int
from coursetools.grade.nbgrader_layout import Handed, collect

ANSWER_KEY_ENV = "COURSEKIT_ANSWER_KEY"
ASSIGNMENT = r"[A-Za-z0-9_.-]{1,100}"


def course_settings(course: Path) -> tuple[str, str]:
    """(course id, gradebook URL) from the course folder's nbgrader_config.py, as nbgrader reads them."""
    from traitlets.config.loader import PyFileConfigLoader

    if not (course / "nbgrader_config.py").is_file():
        raise ValueError(f"{str(course)!r} has no nbgrader_config.py: run this in the nbgrader course folder "
                         "(python -m coursekit nbgrader DIR writes one), or pass --course DIR")
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    course_id = str(config.CourseDirectory.get("course_id", "") or "default_course")
    db_url = str(config.CourseDirectory.get("db_url", "") or f"sqlite:///{(course / 'gradebook.db').resolve()}")
    return course_id, db_url


def submissions(course: Path, assignment: str) -> tuple[list[Handed], list[str]]:
    """The notebooks of `assignment` in the course's submitted/ folder, one student each, and what was refused."""
    handed, refused = collect([course / "submitted"]) if (course / "submitted").is_dir() else ([], [])
    return [h for h in handed if h.student and h.path.parent.name == assignment], refused


def test_cell_scores(record: dict) -> dict[str, float]:
    """{nbgrader grade id: points} for each of the question's own tests (`qNN_K_tM`, as the export names them)."""
    scores = {}
    for qid, q in (record.get("questions") or {}).items():
        if q.get("manual"):
            continue
        number = qid.replace(".q", "_")
        for index, test in enumerate(q.get("tests") or []):
            scores[f"q{number}_t{index + 1}"] = float(test.get("points", 0) or 0)
    return scores


def write_gradebook(records: list[dict], assignment: str, course_id: str, db_url: str) -> list[str]:
    """Put each record's test points into nbgrader's gradebook as auto scores; the messages of what did not fit."""
    from nbgrader.api import Gradebook, MissingEntry

    notes = []
    with Gradebook(db_url, course_id) as gb:
        for record in records:
            student, notebook = record["student"], Path(record["notebook"]).stem
            gb.update_or_create_student(student)
            gb.update_or_create_submission(assignment, student)
            try:
                submitted = gb.find_submission_notebook(notebook, assignment, student)
            except MissingEntry:
                notes.append(f"{clean(student, 80)}: {clean(notebook, 80)} is not a notebook of {assignment} "
                             "(renamed?): graded in the CSV only")
                continue
            scores = test_cell_scores(record)
            for grade in submitted.grades:
                if grade.cell.cell_type != "code":
                    continue  # a written answer: the formgrader's
                grade.auto_score = scores.get(grade.name, 0.0)  # not graded (unreadable, refused): 0
                grade.needs_manual_grade = False
            gb.db.commit()
    return notes


# what nbgrader's collect leaves beside a submission (the time; the secret that names the learner's feedback)
NBGRADER_FILES = ("timestamp.txt", "submission_secret.txt")
NBGRADER_FILE_BYTES = 200  # each holds one line


def write_autograded(record: dict, course: Path, assignment: str) -> None:
    """autograded/<student>/ASSIGNMENT/<notebook>: the submission, outputs cleared, test cells from source/."""
    from coursetools.nbio import nbformat
    from coursekit.sandbox.files import read_submitted
    from coursetools.grade.submission import MAX_NOTEBOOK_BYTES

    try:
        nb = nbformat.reads(read_submitted(record["notebook"], MAX_NOTEBOOK_BYTES).decode("utf-8"), as_version=4)
    except Exception:
        return
    try:  # test cells (hidden ones included) as the instructor wrote them, whatever the learner did to them
        master = nbformat.read(course / "source" / assignment / Path(record["notebook"]).name, as_version=4)
        locked = {c.metadata["nbgrader"]["grade_id"]: c for c in master.cells
                  if c.metadata.get("nbgrader", {}).get("locked") and not c.metadata["nbgrader"].get("solution")}
    except Exception:
        locked = {}
    for index, cell in enumerate(nb.cells):
        meta = cell.get("metadata", {}).get("nbgrader", {})
        grade_id = meta.get("grade_id") if isinstance(meta, dict) else None
        if isinstance(grade_id, str) and grade_id in locked:
            nb.cells[index] = cell = nbformat.from_dict(dict(locked[grade_id]))
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
    target = course / "autograded" / record["student"] / assignment / Path(record["notebook"]).name
    if target.resolve().parent.parent.parent != (course / "autograded").resolve():
        return  # cannot happen with a collected student's folder name; never write elsewhere
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, target)
    for name in NBGRADER_FILES:  # as nbgrader's autograde copies them: generate_feedback and release_feedback need them
        try:
            data = read_submitted(Path(record["notebook"]).parent / name, NBGRADER_FILE_BYTES)
        except Exception:
            continue
        (target.parent / name).write_bytes(data)


def main(argv: Optional[list[str]] = None) -> int:
    """Autograde an nbgrader assignment's submissions in the sandbox and write nbgrader's gradebook."""
    import re

    from coursetools.grade.batch import add_limit_arguments, grade_all, limits_of
    from coursetools.grade.grade_table import write_table
    from coursetools.grade.class_page import write_class_page
    from coursetools.grade.feedback import write_feedback

    parser = argparse.ArgumentParser(prog="python -m coursekit autograde", description=__doc__.splitlines()[0])
    parser.add_argument("assignment", metavar="ASSIGNMENT", help="nbgrader's assignment id, e.g. ex02")
    parser.add_argument("--course", default=".", help="the nbgrader course folder (default: here)")
    add_limit_arguments(parser)
    parser.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1, help="submissions at a time")
    parser.add_argument("--require-limits", action="store_true",
                        help="refuse to grade unless a total memory cap per sandbox is in force")
    args = parser.parse_args(argv)
    if not re.fullmatch(ASSIGNMENT, args.assignment):
        parser.error(f"ASSIGNMENT {args.assignment!r}: give nbgrader's assignment id (letters, digits, _ . -)")
    course = Path(args.course)
    if bwrap() is None:
        print("cannot autograde: bubblewrap (bwrap) is not installed, and every learner's notebook runs in it "
              "(Debian/Ubuntu: apt-get install bubblewrap)", file=sys.stderr)
        return 2
    try:
        course_id, db_url = course_settings(course)
        key = course / "answer_key"
        if not os.environ.get(ANSWER_KEY_ENV) and key.is_dir():
            os.environ[ANSWER_KEY_ENV] = str(key.resolve())  # this process only: no sandbox gets the variable
        from coursekit.grading.registry import answer_key_dir

        answer_key_dir()
        handed, refused = submissions(course, args.assignment)
    except Exception as error:
        print(f"cannot autograde: {error}", file=sys.stderr)
        return 2
    for why in refused:
        print(f"refused: {why}", file=sys.stderr)
    if not handed:
        print(f"nothing to autograde: no submitted/<student>/{args.assignment}/*.ipynb in {course}", file=sys.stderr)
        return 1 if refused else 0
    limits = limits_of(args)
    if not announce("the grader", False, args.require_limits, limits.total_memory_mb, limits.processes):
        return 2
    records = grade_all(handed, args.time_limit, jobs=args.jobs, notebook_time_limit=args.notebook_time_limit,
                        limits=limits)
    ours = course / "coursekit" / args.assignment
    json_path = write_table(records, ours / "grades.csv", refused)
    pages = write_feedback(records, ours / "feedback")
    write_class_page(records, ours / "feedback", pages)
    notes = write_gradebook(records, args.assignment, course_id, db_url)
    for record in records:
        write_autograded(record, course, args.assignment)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    for r in records:
        print(f"  {clean(r['student'], 80)}: {r['points']:g}/{r['max_points']:g}"
              + (f" -- {len(r['messages'])} note(s) in {json_path}" if r["messages"] else ""))
    print(f"autograded {len(records)} notebook(s) of {args.assignment} in the sandbox into the gradebook; "
          f"the course's pages: {ours / 'feedback' / 'index.html'}; next: nbgrader export, the formgrader")
    failed = [r for r in records if r.get("sandbox_failed")]
    return 1 if failed else 0
