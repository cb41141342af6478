"""`python -m coursekit grade PATH... --out grades.csv`: grade submitted exercise notebooks into a table.

Each submission runs in its own bubblewrap sandbox (no network, no view of other files or processes, resource
limits); the grader sends it the notebook's cells, then each test's expression, and gets back only plain typed
values, which it compares with the expected values in its own process. A cell that raises, loops, exits, kills its
sandbox or floods the output costs only what depends on it, and the batch goes on. `--feedback DIR` also writes
one self-contained HTML page per submission (coursetools/grade/feedback.py); every CSV cell is spreadsheet-safe.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from coursetools.argtypes import positive_int, seconds
from coursekit.csv_safe import SafeWriter
from coursekit.grading.cases import Outcome
from coursetools.grade.class_page import class_summary, write_class_page
from coursetools.grade.feedback import check_folder, write_feedback
from coursetools.grade.nbgrader_layout import Handed, collect, student_of, written_cells
from coursetools.grade.provenance import references, uses_of
from coursetools.grade.written_page import write_written_page
from coursekit.grading.registry import answer_key_dir, exercises, private_tests, questions
from coursekit.sandbox.files import BadFile, json_depth, read_submitted
from coursekit.sandbox.jail import Limits, Sandbox, SandboxDied, SandboxHung, bwrap
from coursekit.sandbox.limits import announce
from coursekit.sandbox.requests import BadReply, Cell, from_message
from coursekit.sandbox.text import clean as clean_text
from coursekit.sandbox.text import clean_deep

FIXED_COLUMNS = ["notebook", "student", "exercise", "points", "max_points", "percent"]
EXTRA_COLUMNS = ["course_code"]
GRACE = 5.0  # seconds the grader waits past a time limit before it kills the sandbox
MAX_RESTARTS = 6
NOTEBOOK_SECONDS = 600.0
HIDDEN = "<private test>"
MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024  # a bigger submission is refused before it is read
MAX_NOTEBOOK_DEPTH = 64  # nesting of a submission's JSON (nbformat's own documents stay far below)


def exercise_of_notebook(nb, path: Path) -> str:
    """The exercise a submission belongs to: its metadata, else the NN_ at the start of its file name."""
    meta = nb.metadata.get("coursekit", {}) if nb is not None else {}
    exercise = meta.get("exercise") if isinstance(meta, dict) else None
    if isinstance(exercise, str) and exercise in exercises():
        return exercise
    match = re.match(r"(\d\d)_", path.name)
    if match and match.group(1) in exercises():
        return match.group(1)
    raise ValueError(f"cannot tell which exercise {path.name} is: no coursekit metadata and no known NN_ prefix")


def _salvage(raw: bytes, nbformat):
    """A notebook rebuilt from the code cells of valid JSON that nbformat refuses (hand-edited keys), else None."""
    try:
        data = json.loads(raw.decode("utf-8"))
        cells = data["cells"]
        if not isinstance(cells, list):
            return None
        sources = []
        for cell in cells:
            if isinstance(cell, dict) and cell.get("cell_type") == "code":
                source = cell.get("source", "")
                sources.append("".join(source) if isinstance(source, list) else str(source))
    except Exception:
        return None
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in sources])
    if isinstance(data.get("metadata"), dict) and isinstance(data["metadata"].get("coursekit"), dict):
        nb.metadata["coursekit"] = data["metadata"]["coursekit"]
    return nb


def find_notebooks(paths: Iterable[str]) -> list[Path]:
    """The .ipynb files named, and those collected from named folders (`nbgrader_layout.collect`), sorted."""
    return [h.path for h in collect(paths)[0]]


def _cell(value: float) -> str:
    return f"{value:g}"


class _Restart(Exception):
    """The sandbox died or hung: start a fresh one and replay the cells that did not cause it."""


class _OutOfTime(Exception):
    """The notebook's whole time is used up."""


@dataclass
class _Run:
    """One submission being graded: its cells, what went wrong with them, and the tests still to run."""

    cells: list[tuple[int, str]]
    timeout: float
    deadline: float
    limits: Limits
    sandboxed: bool
    bad: dict[int, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    sandbox: Optional[Sandbox] = None

    def wait(self, seconds: float) -> float:
        """How long to wait for a reply: `seconds`, but never past the notebook's deadline."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise _OutOfTime()
        return min(seconds, left)

    def ask(self, message: dict, seconds: float) -> dict:
        """Send one typed request to the sandbox and wait for its checked reply (BadReply: the submission's fault)."""
        try:
            return self.sandbox.ask(from_message(message), self.wait(seconds))
        except SandboxHung:
            if time.monotonic() >= self.deadline:
                raise _OutOfTime() from None
            raise

    def start(self) -> None:
        """A fresh sandbox with every cell run that is not to blame for an earlier failure."""
        self.close()
        self.sandbox = Sandbox(self.limits, use_bwrap=self.sandboxed)
        self.notes = []
        for index, source in self.cells:
            if index in self.bad or not source.strip():
                continue
            try:
                reply = self.ask(Cell(source, self.timeout).message(), self.timeout + GRACE)
            except BadReply:
                self.notes.append(f"cell {index + 1} sent a malformed reply")
                continue
            except SandboxDied:
                self.bad[index] = "it stopped the kernel"
                raise _Restart() from None
            except SandboxHung:
                self.bad[index] = f"it ran over {self.timeout:g} s and the kernel would not stop"
                raise _Restart() from None
            if reply.get("cell") == "timeout":
                self.notes.append(f"cell {index + 1} was stopped after {self.timeout:g} s")
            elif reply.get("cell") == "error":
                self.notes.append(f"cell {index + 1} raised {str(reply.get('error', ''))[:200]}")

    def close(self) -> None:
        """Kill the sandbox, if one runs."""
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None


def _tests(qs: list, extra: dict) -> list[tuple[str, int, object]]:
    """(qid, position, test) in the order they run: every question's own tests, then the private ones."""
    own = [(q.qid, i, case) for q in qs for i, case in enumerate(q.cases)]
    private = [(q.qid, len(q.cases) + i, case) for q in qs for i, case in enumerate(extra.get(q.qid, []))]
    return own + private


def _not_run(case, message: str) -> Outcome:
    label = getattr(case, "label", "") or getattr(case, "expr", "") or getattr(case, "name", "") or "test"
    return Outcome(label=label, status="fail", points=0, max_points=case.points, public=case.public,
                   reveal=getattr(case, "reveal", True), message=message)


def _run_test(run: _Run, case, budget_left: float) -> Outcome:
    """One test: its requests answered in the sandbox, then judged here."""
    replies = []
    for request in case.requests(budget_left):
        try:
            replies.append(run.ask(request, budget_left + GRACE))
        except BadReply as error:  # a forged or malformed reply fails this test, and only this test
            return _not_run(case, f"its answer was malformed ({error})")
    try:
        return case.judge(replies, budget_left)
    except Exception as error:  # whatever the reply makes the judge trip on is this test's zero, not the batch's
        return _not_run(case, f"its answer could not be judged ({type(error).__name__}: {clean_text(error, 120)})")


def _execute(cells: list[tuple[int, str]], qs: list, extra: dict, timeout: float, notebook_seconds: float,
             limits: Limits, sandboxed: bool, record: dict) -> None:
    """Run the cells and every test, restarting the sandbox around whatever kills or hangs it."""
    run = _Run(cells, timeout, time.monotonic() + notebook_seconds, limits, sandboxed)
    plan = _tests(qs, extra)
    outcomes: dict[tuple[str, int], Outcome] = {}
    budgets: dict[str, float] = {}  # seconds left per question
    restarts, stopped = 0, ""
    try:
        while True:
            try:
                run.start()
                for qid, position, case in plan:
                    if (qid, position) in outcomes:
                        continue
                    left = budgets.setdefault(qid, timeout)
                    if left <= 0:
                        why = f"not run: the question's {timeout:g} s were used up"
                        outcomes[(qid, position)] = _not_run(case, why)
                        continue
                    started = time.monotonic()
                    try:
                        outcomes[(qid, position)] = _run_test(run, case, left)
                    except SandboxDied:
                        outcomes[(qid, position)] = _not_run(case, "its test stopped the kernel")
                        raise _Restart() from None
                    except SandboxHung:
                        outcomes[(qid, position)] = _not_run(case, f"its test ran over {left:g} s and would not stop")
                        raise _Restart() from None
                    finally:
                        budgets[qid] = left - (time.monotonic() - started)
                break
            except _Restart:
                restarts += 1
                if restarts > MAX_RESTARTS:
                    stopped = "not graded: the kernel kept failing"
                    break
    except _OutOfTime:
        stopped = f"not graded: the notebook's {notebook_seconds:g} s were used up"
    except SandboxDied as error:  # the sandbox did not even start
        stopped = f"not graded: {error}"
        record["sandbox_failed"] = True
    finally:
        run.close()
    record["messages"] += [f"cell {i + 1} was skipped because {why}" for i, why in sorted(run.bad.items())]
    record["messages"] += run.notes
    if stopped:
        record["messages"].append(stopped)
    for q in qs:
        tests = [outcomes.get((qid, position)) or _not_run(case, stopped or "not run")
                 for qid, position, case in plan if qid == q.qid]
        record["questions"][q.qid] = _question_record(q, tests)


def _question_record(q, tests: list[Outcome]) -> dict:
    """A question's record from its tests' outcomes (no automatic points for a written answer)."""
    return {"qid": q.qid, "title": q.title, "kind": q.kind, "manual": q.manual,
            "points": 0 if q.manual else sum(t.points for t in tests),
            "max_points": sum(t.max_points for t in tests), "message": "",
            "tests": [t.as_dict() for t in tests]}


def _empty_question(q, extra: list, message: str) -> dict:
    """A question's record when its tests never ran."""
    return _question_record(q, [_not_run(case, message) for case in [*q.cases, *extra]]) | {"message": message}


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


def grade_notebook(path: str | Path, timeout: float = 60, tests_dir: Optional[str] = None, *,
                   notebook_seconds: float = NOTEBOOK_SECONDS, limits: Optional[Limits] = None,
                   sandboxed: bool = True, extra: Optional[dict] = None, student: Optional[str] = None) -> dict:
    """Grade one submission in its own sandbox; always returns a record (points, per-question results, messages).

    Every string in the record a submission could control (its file name, messages, answers) is cleaned, so the
    CSV, the JSON, the feedback pages and the terminal stay safe and the grades always save.
    """
    record = _grade_notebook(path, timeout, tests_dir, notebook_seconds=notebook_seconds, limits=limits,
                             sandboxed=sandboxed, extra=extra, student=student)
    return clean_deep(record)


def _grade_notebook(path: str | Path, timeout: float = 60, tests_dir: Optional[str] = None, *,
                    notebook_seconds: float = NOTEBOOK_SECONDS, limits: Optional[Limits] = None,
                    sandboxed: bool = True, extra: Optional[dict] = None, student: Optional[str] = None) -> dict:
    from coursetools.nbio import nbformat

    path = Path(path)
    started = time.monotonic()
    student = student_of(path) if student is None else student
    record: dict = {"notebook": str(path), "student": student, "exercise": "", "points": 0, "max_points": 0,
                    "percent": 0.0, "questions": {}, "messages": [], "course_code": {}, "seconds": 0.0}
    nb, raw = None, b""
    try:
        raw = read_submitted(path, MAX_NOTEBOOK_BYTES)
        text = raw.decode("utf-8")
        if json_depth(text) > MAX_NOTEBOOK_DEPTH:
            raise BadFile(f"{clean_text(path.name, 80)} is nested more than {MAX_NOTEBOOK_DEPTH} levels deep")
        nb = nbformat.reads(text, as_version=4)
    except BadFile as error:  # refused before parsing (a symlink, a FIFO, too big, too deep): never salvaged
        raw = b""
        record["messages"].append(f"not graded: {error}")
    except Exception as error:
        nb = _salvage(raw, nbformat)
        why = f"{type(error).__name__}: {str(error)[:150]}"
        if nb is None:
            record["messages"].append(f"not a readable notebook ({why})")
        else:
            record["messages"].append(f"a damaged notebook ({why}); graded the {len(nb.cells)} code cells found")
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
            record["questions"][q.qid] = _empty_question(q, extra.get(q.qid, []), "the notebook could not be read")
    else:
        cells = [(i, _text(c.get("source", ""))) for i, c in enumerate(nb.cells) if c.get("cell_type") == "code"]
        cells = sorted(cells + written_cells(nb, record["exercise"]))  # nbgrader's written answers (markdown)
        seen = references(source for _, source in cells)  # read once for all questions, within a bound
        for q in qs:
            found = uses_of(seen, q.course_code)
            if found:
                record["course_code"][q.qid] = found
        _execute(cells, qs, extra, timeout, notebook_seconds, limits or Limits(), sandboxed, record)
        _scrub(record, _private_texts(extra))
    auto = [r for r in record["questions"].values() if not r["manual"]]
    record["points"] = sum(r["points"] for r in auto)
    record["max_points"] = sum(r["max_points"] for r in auto)
    record["percent"] = round(100 * record["points"] / record["max_points"], 1) if record["max_points"] else 0.0
    record["seconds"] = round(time.monotonic() - started, 2)
    return record


def _text(source) -> str:
    return "".join(source) if isinstance(source, list) else str(source)


def _course_code_cell(record: dict) -> str:
    return "; ".join(f"{qid}: {', '.join(names)}" for qid, names in sorted(record.get("course_code", {}).items()))


def write_table(records: list[dict], out: Path, refused: Iterable[str] = ()) -> Path:
    """Write the CSV (one row per notebook, one column per question) and the JSON beside it, each atomically.

    The JSON holds {"records": one per notebook, "summary": the class's per-question distributions and named slips
    with their counts (coursetools.grade.class_page.class_summary), "refused": what collection did not take}.

    Every CSV cell goes through `coursekit.csv_safe` (a notebook named `=HYPERLINK(...).ipynb` is shown as text by
    a spreadsheet, never run as a formula); the JSON keeps the true values.
    """
    qids = sorted({qid for r in records for qid in r["questions"]})
    out.parent.mkdir(parents=True, exist_ok=True)
    json_path = out.with_suffix(".json")
    with tempfile.NamedTemporaryFile("w", dir=out.parent, prefix=".grades-", suffix=".csv", delete=False,
                                     newline="") as handle:
        writer = SafeWriter(handle)
        writer.writerow(FIXED_COLUMNS + qids + EXTRA_COLUMNS)
        for r in records:
            row = [r["notebook"], r.get("student", ""), r["exercise"], _cell(r["points"]), _cell(r["max_points"]),
                   _cell(r["percent"])]
            for qid in qids:
                q = r["questions"].get(qid)
                row.append("" if q is None else "manual" if q["manual"] else _cell(q["points"]))
            writer.writerow(row + [_course_code_cell(r)])
        csv_tmp = handle.name
    with tempfile.NamedTemporaryFile("w", dir=out.parent, prefix=".grades-", suffix=".json", delete=False,
                                     encoding="utf-8") as handle:
        handle.write(json.dumps({"records": records, "summary": class_summary(records),
                                 "refused": [clean_text(why, 400) for why in refused]}, indent=1,
                                ensure_ascii=False) + "\n")
        json_tmp = handle.name
    for tmp in (csv_tmp, json_tmp):
        os.chmod(tmp, 0o644)
    os.replace(json_tmp, json_path)
    os.replace(csv_tmp, out)
    return json_path


def grade_all(paths: list[Path | Handed], timeout: float = 60, tests_dir: Optional[str] = None, jobs: int = 1,
              progress: bool = True, *, notebook_seconds: float = NOTEBOOK_SECONDS, limits: Optional[Limits] = None,
              sandboxed: bool = True) -> list[dict]:
    """Grade many submissions, `jobs` sandboxes at a time, with a progress bar; records in the order of `paths`.

    A path given as a `Handed` (from `nbgrader_layout.collect`) is graded under its collected student."""
    from tqdm import tqdm

    extra = private_tests(tests_dir)
    records: dict[int, dict] = {}
    bar = tqdm(total=len(paths), desc="grading", unit="notebook", disable=not progress, file=sys.stderr)

    def grade(p: Path | Handed) -> dict:
        p, student = (p.path, p.student) if isinstance(p, Handed) else (p, student_of(p))
        try:
            return grade_notebook(p, timeout, notebook_seconds=notebook_seconds, limits=limits,
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


def check_out(out: Path) -> None:
    """Refuse an output path that cannot be written, before any grading starts."""
    for target in (out, out.with_suffix(".json")):
        if target.is_dir():
            raise ValueError(f"--out {str(out)!r}: {str(target)!r} is a folder; give a file name such as grades.csv")
    if out.suffix.lower() == ".json":
        raise ValueError(f"--out {str(out)!r}: give the CSV's name (the JSON goes beside it)")
    folder = out.parent
    existing = next((p for p in [folder, *folder.parents] if p.exists()), None)
    if existing is None or not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise ValueError(f"--out {str(out)!r}: cannot write in {str(existing or folder)!r}")


SANDBOX_HELP = ("run submissions without the bubblewrap sandbox: a submission can then read and change any file "
                "this user can (other submissions, the grades, the course, the tests), see and signal other "
                "processes and use the network; only for trusted notebooks on a machine without bwrap")


def main(argv: Optional[list[str]] = None) -> int:
    """Grade the notebooks named (files or folders) into a CSV and a JSON beside it."""
    parser = argparse.ArgumentParser(prog="python -m coursekit grade", description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", metavar="PATH", help="submitted notebooks, or folders of them")
    parser.add_argument("--out", default="grades.csv", help="CSV to write (the JSON goes beside it)")
    parser.add_argument("--timeout", type=seconds, default=60.0,
                        help="seconds per cell and per question (default 60)")
    parser.add_argument("--notebook-timeout", type=seconds, default=NOTEBOOK_SECONDS,
                        help=f"seconds for a whole notebook, cells and tests (default {NOTEBOOK_SECONDS:g})")
    parser.add_argument("--memory", type=positive_int, default=Limits.memory_mb,
                        help=f"megabytes of memory per submission process (default {Limits.memory_mb})")
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
    limits = Limits(memory_mb=args.memory, total_memory_mb=args.memory + 1024,
                    cpu_seconds=int(args.notebook_timeout) + 30)
    if not announce("the grader", args.unsafe_no_sandbox, args.require_limits, limits.total_memory_mb,
                    limits.processes):
        return 2
    started = time.monotonic()
    records = grade_all(paths, args.timeout, args.tests, args.jobs, notebook_seconds=args.notebook_timeout,
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
        print(f"  {r['notebook']}: {_cell(r['points'])}/{_cell(r['max_points'])} ({_cell(r['percent'])}%)"
              + (f" -- {len(r['messages'])} note(s) in the JSON" if r["messages"] else "")
              + (f" -- feedback {pages[str(r['notebook'])]}" if str(r["notebook"]) in pages else ""))
        timed_out += any("stopped after" in m or "ran over" in m for m in r["messages"])
    if timed_out:
        print(f"note: {timed_out} notebook(s) had cells stopped by the time limit (--timeout {args.timeout:g} s); "
              "their notes are in the JSON", file=sys.stderr)
    failed = [r["notebook"] for r in records if r.get("sandbox_failed")]
    if failed:
        print(f"error: the sandbox could not start for {len(failed)} notebook(s); see the JSON", file=sys.stderr)
        return 1
    return 0
