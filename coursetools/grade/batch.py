"""`python -m coursekit grade PATH... --out grades.csv`: grade submitted exercise notebooks into a table.

Each submission runs in its own bubblewrap sandbox (no network, no view of other files or processes, resource
limits); the grader sends it the notebook's cells, then each test's expression, and gets back only plain typed
values, which it compares with the expected values in its own process. A cell that raises, loops, exits, kills its
sandbox or floods the output costs only what depends on it, and the batch goes on. `--feedback DIR` also writes
one self-contained HTML page per submission (coursetools/grade/feedback.py); every CSV cell is spreadsheet-safe.

This module grades (one notebook, many at a time) and is the command; reading a submission is `submission.py`,
running its cells and tests in the sandbox `sandbox_run.py`, and the CSV and JSON `grade_table.py`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Optional

from coursetools.argtypes import positive_int, seconds
from coursetools.grade.class_page import write_class_page
from coursetools.grade.feedback import check_folder, write_feedback
from coursetools.grade.grade_table import check_out, number_text, write_table
from coursetools.grade.nbgrader_layout import Handed, collect, student_of, written_cells
from coursetools.grade.provenance import references, uses_of
from coursetools.grade.sandbox_run import empty_question, execute
from coursetools.grade.submission import exercise_of_notebook, read_notebook, source_text
from coursetools.grade.written_page import write_written_page
from coursekit.grading.registry import answer_key_dir, private_tests, questions
from coursekit.sandbox.jail import Limits, bwrap
from coursekit.sandbox.limits import announce
from coursekit.sandbox.text import clean_deep

TIME_LIMIT = 60.0  # seconds per cell and per question (`--timeout`)
NOTEBOOK_TIME_LIMIT = 600.0  # seconds for a whole notebook, cells and tests (`--notebook-timeout`)
HIDDEN = "<private test>"


def _private_texts(extra: dict) -> list[str]:
    """The strings of the private tests that must never come back in a submission's answers."""
    texts = set()
    for cases in extra.values():
        for case in cases:
            for name in ("expr", "func", "label", "name"):
                value = getattr(case, name, None)
                if isinstance(value, str) and len(value) >= 4:
                    texts.add(value)
    return sorted(texts, key=len, reverse=True)


def _scrub(record: dict, texts: list[str]) -> None:
    """Replace private test text wherever a submission could have echoed it (answers, messages, notes)."""
    if not texts:
        return

    def clean(value: str) -> str:
        for text in texts:
            value = value.replace(text, HIDDEN)
        return value

    record["messages"] = [clean(m) for m in record["messages"]]
    for q in record["questions"].values():
        for test in q["tests"]:
            test["actual"], test["message"] = clean(test["actual"]), clean(test["message"])
            if test["public"]:
                test["expected"] = clean(test["expected"])


def grade_notebook(path: str | Path, time_limit: float = TIME_LIMIT, tests_dir: Optional[str] = None, *,
                   notebook_time_limit: float = NOTEBOOK_TIME_LIMIT, limits: Optional[Limits] = None,
                   sandboxed: bool = True, extra: Optional[dict] = None, student: Optional[str] = None) -> dict:
    """Grade one submission in its own sandbox; always returns a record (points, per-question results, messages).

    `time_limit` is the seconds each cell and each question may take, `notebook_time_limit` the whole notebook's.
    Every string in the record a submission could control (its file name, messages, answers) is cleaned, so the
    CSV, the JSON, the feedback pages and the terminal stay safe and the grades always save.
    """
    record = _grade_notebook(path, time_limit, tests_dir, notebook_time_limit=notebook_time_limit, limits=limits,
                             sandboxed=sandboxed, extra=extra, student=student)
    return clean_deep(record)


def _grade_notebook(path: str | Path, time_limit: float, tests_dir: Optional[str], *, notebook_time_limit: float,
                    limits: Optional[Limits], sandboxed: bool, extra: Optional[dict],
                    student: Optional[str]) -> dict:
    path = Path(path)
    started = time.monotonic()
    student = student_of(path) if student is None else student
    record: dict = {"notebook": str(path), "student": student, "exercise": "", "points": 0, "max_points": 0,
                    "percent": 0.0, "questions": {}, "messages": [], "course_code": {}, "seconds": 0.0}
    nb, record["messages"] = read_notebook(path)
    try:
        record["exercise"] = exercise_of_notebook(nb, path)
    except ValueError as error:
        record["messages"].append(str(error))
        record["seconds"] = round(time.monotonic() - started, 2)
        return record
    qs = questions(record["exercise"])
    extra = private_tests(tests_dir) if extra is None else extra
    if nb is None:
        for q in qs:
            record["questions"][q.qid] = empty_question(q, extra.get(q.qid, []), "the notebook could not be read")
    else:
        cells = [(i, source_text(c.get("source", ""))) for i, c in enumerate(nb.cells)
                 if c.get("cell_type") == "code"]
        cells = sorted(cells + written_cells(nb, record["exercise"]))  # nbgrader's written answers (markdown)
        seen = references(source for _, source in cells)  # read once for all questions, within a bound
        for q in qs:
            found = uses_of(seen, q.course_code)
            if found:
                record["course_code"][q.qid] = found
        execute(cells, qs, extra, time_limit, notebook_time_limit, limits or Limits(), sandboxed, record)
        _scrub(record, _private_texts(extra))
    auto = [r for r in record["questions"].values() if not r["manual"]]
    record["points"] = sum(r["points"] for r in auto)
    record["max_points"] = sum(r["max_points"] for r in auto)
    record["percent"] = round(100 * record["points"] / record["max_points"], 1) if record["max_points"] else 0.0
    record["seconds"] = round(time.monotonic() - started, 2)
    return record


def grade_all(paths: list[Path | Handed], time_limit: float = TIME_LIMIT, tests_dir: Optional[str] = None,
              jobs: int = 1, progress: bool = True, *, notebook_time_limit: float = NOTEBOOK_TIME_LIMIT,
              limits: Optional[Limits] = None, sandboxed: bool = True) -> list[dict]:
    """Grade many submissions, `jobs` sandboxes at a time, with a progress bar; records in the order of `paths`.

    A path given as a `Handed` (from `nbgrader_layout.collect`) is graded under its collected student."""
    from tqdm import tqdm

    extra = private_tests(tests_dir)
    records: dict[int, dict] = {}
    bar = tqdm(total=len(paths), desc="grading", unit="notebook", disable=not progress, file=sys.stderr)

    def grade(p: Path | Handed) -> dict:
        p, student = (p.path, p.student) if isinstance(p, Handed) else (p, student_of(p))
        try:
            return grade_notebook(p, time_limit, notebook_time_limit=notebook_time_limit, limits=limits,
                                  sandboxed=sandboxed, extra=extra, student=student)
        except Exception as error:
            return clean_deep({"notebook": str(p), "student": student, "exercise": "", "points": 0,
                               "max_points": 0, "percent": 0.0,
                               "questions": {}, "course_code": {}, "seconds": 0.0,
                               "messages": [f"grading failed: {type(error).__name__}: {str(error)[:200]}"]})

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(grade, p): i for i, p in enumerate(paths)}
        for future in as_completed(futures):
            records[futures[future]] = future.result()
            bar.update()
    bar.close()
    return [records[i] for i in range(len(paths))]


SANDBOX_HELP = ("run submissions without the bubblewrap sandbox: a submission can then read and change any file "
                "this user can (other submissions, the grades, the course, the tests), see and signal other "
                "processes and use the network; only for trusted notebooks on a machine without bwrap")


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """The grading commands' limits: --timeout (per cell and per question), --notebook-timeout and --memory."""
    parser.add_argument("--timeout", dest="time_limit", metavar="SECONDS", type=seconds, default=TIME_LIMIT,
                        help=f"seconds per cell and per question (default {TIME_LIMIT:g})")
    parser.add_argument("--notebook-timeout", dest="notebook_time_limit", metavar="SECONDS", type=seconds,
                        default=NOTEBOOK_TIME_LIMIT,
                        help=f"seconds for a whole notebook, cells and tests (default {NOTEBOOK_TIME_LIMIT:g})")
    parser.add_argument("--memory", type=positive_int, default=Limits.memory_mb,
                        help=f"megabytes of memory per submission process (default {Limits.memory_mb})")


def limits_of(args: argparse.Namespace) -> Limits:
    """A submission's sandbox limits from the parsed limit arguments (the CPU time covers the notebook's limit)."""
    return Limits(memory_mb=args.memory, total_memory_mb=args.memory + 1024,
                  cpu_seconds=int(args.notebook_time_limit) + 30)


def main(argv: Optional[list[str]] = None) -> int:
    """Grade the notebooks named (files or folders) into a CSV and a JSON beside it."""
    parser = argparse.ArgumentParser(prog="python -m coursekit grade", description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", metavar="PATH", help="submitted notebooks, or folders of them")
    parser.add_argument("--out", default="grades.csv", help="CSV to write (the JSON goes beside it)")
    add_limit_arguments(parser)
    parser.add_argument("--tests", metavar="DIR", help="folder of private tests (*.py defining TESTS)")
    parser.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1,
                        help="submissions at a time (default: cores)")
    parser.add_argument("--feedback", metavar="DIR",
                        help="also write one self-contained HTML feedback page per notebook into DIR")
    parser.add_argument("--lessons", metavar="URL_OR_DIR",
                        help="where learners open the lessons from their feedback pages: a URL (on a hub, e.g. "
                             "/hub/user-redirect/lab/tree/games-course/notebooks) or a folder (default: the "
                             "course's notebooks/, relative to the pages)")
    parser.add_argument("--unsafe-no-sandbox", action="store_true", help=SANDBOX_HELP)
    parser.add_argument("--require-limits", action="store_true",
                        help="refuse to grade unless a total memory cap per sandbox is in force (cgroup v2, cgroup "
                             "v1 or the memory watchdog)")
    parser.add_argument("--summary", metavar="JSON",
                        help="print the class's named slips, most common first, from a grades.json; grade nothing")
    args, unknown = parser.parse_known_args(argv)
    if args.summary is not None:
        from coursetools.grade.class_page import load_records, summary_text

        try:
            print(summary_text(load_records(Path(args.summary))))
        except ValueError as error:
            print(f"cannot summarise: {error}", file=sys.stderr)
            return 2
        return 0
    strays = [arg for arg in unknown if not os.path.exists(arg)]
    if strays:
        parser.error(f"unrecognized arguments: {' '.join(strays)}")
    args.paths += unknown  # `grade *.ipynb` with a notebook named -2+3.ipynb: a name that exists is a path
    if not args.paths:
        parser.error("the following arguments are required: PATH (submitted notebooks, or folders of them)")
    if not args.unsafe_no_sandbox and bwrap() is None:
        print("cannot grade: bubblewrap (bwrap) is not installed, and without it a submission could change other "
              "submissions, the grades and the course. Install it (Debian/Ubuntu: apt-get install bubblewrap) "
              "or, for trusted notebooks only, pass --unsafe-no-sandbox.", file=sys.stderr)
        return 2
    out = Path(args.out)
    try:
        check_out(out)
        if args.feedback is not None:
            check_folder(Path(args.feedback))
        paths, refused = collect(args.paths)
        private_tests(args.tests)  # fail now, not once per notebook, when the folder is wrong
        answer_key_dir()  # the answer key: in the full repository, or $COURSEKIT_ANSWER_KEY
    except Exception as error:
        print(f"cannot grade: {error}", file=sys.stderr)
        return 2
    for why in refused:
        print(f"refused: {why}", file=sys.stderr)
    if not paths:
        print("cannot grade: no .ipynb files found in " + ", ".join(args.paths), file=sys.stderr)
        return 2
    limits = limits_of(args)
    if not announce("the grader", args.unsafe_no_sandbox, args.require_limits, limits.total_memory_mb,
                    limits.processes):
        return 2
    started = time.monotonic()
    records = grade_all(paths, args.time_limit, args.tests, args.jobs, notebook_time_limit=args.notebook_time_limit,
                        limits=limits, sandboxed=not args.unsafe_no_sandbox)
    json_path = write_table(records, out, refused)
    try:
        pages = write_feedback(records, Path(args.feedback), args.lessons) if args.feedback is not None else {}
        class_page = write_class_page(records, Path(args.feedback), pages) if args.feedback is not None else None
        if args.feedback is not None:
            write_written_page(records, Path(args.feedback), pages)
    except OSError as error:
        print(f"error: the feedback pages could not be written ({error}); the grades are in {out}", file=sys.stderr)
        return 1
    print(f"graded {len(records)} notebook(s) in {time.monotonic() - started:.1f} s: {out}, {json_path}")
    if pages:
        print(f"feedback: {len(set(pages.values()))} page(s) in {args.feedback}; the class page: {class_page} "
              "(the written answers to mark: written.html beside it)")
    timed_out = 0
    for r in records:
        points = f"{number_text(r['points'])}/{number_text(r['max_points'])} ({number_text(r['percent'])}%)"
        print(f"  {r['notebook']}: {points}"
              + (f" -- {len(r['messages'])} note(s) in the JSON" if r["messages"] else "")
              + (f" -- feedback {pages[str(r['notebook'])]}" if str(r["notebook"]) in pages else ""))
        timed_out += any("stopped after" in m or "ran over" in m for m in r["messages"])
    if timed_out:
        print(f"note: {timed_out} notebook(s) had cells stopped by the time limit (--timeout {args.time_limit:g} s); "
              "their notes are in the JSON", file=sys.stderr)
    failed = [r["notebook"] for r in records if r.get("sandbox_failed")]
    if failed:
        print(f"error: the sandbox could not start for {len(failed)} notebook(s); see the JSON", file=sys.stderr)
        return 1
    return 0
