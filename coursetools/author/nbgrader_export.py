"""`python -m coursekit nbgrader DIR`: an nbgrader course folder built from the worked solutions.

For each solution notebook solutions/NN_solutions_name.ipynb it writes `source/exNN/NN_exercises_name.ipynb` (the
exercise's file name) with nbgrader's cell metadata: code between `### BEGIN SOLUTION` and `### END SOLUTION` in
solution cells (the hint kept as a comment above the region),
written answers as manually graded markdown cells holding the model answer, and after each question one
autograded test cell per test (its points, grade id `qNN_K_tM`), hidden tests between `### BEGIN HIDDEN TESTS`
and `### END HIDDEN TESTS`. `nbgrader generate_assignment exNN` then makes the student version. The answer key is copied
to `answer_key/` beside them (mode 700) for `python -m coursekit autograde` (coursetools/grade/nbgrader_autograde.py),
which grades in the sandbox; nbgrader_config.py makes a plain `nbgrader autograde` refuse before any learner code
runs, and puts the answer key into no kernel's environment.
"""

from __future__ import annotations

import argparse
import copy
import re
import shutil
import sys
from pathlib import Path
from typing import Optional

from coursekit.grading.cases import IsA, with_article
from coursekit.grading.filenames import exercise_name
from coursetools.author.generate import BEGIN, BEGIN_ANSWER, END_ANSWER
from coursetools.nbio import nbformat
from coursekit.grading.registry import question

CHECK = re.compile(r"""^\s*check\(\s*["'](?P<qid>\d\d\.q\d+)["']\s*\)\s*$""")
SCHEMA = 3

CONFIG = '''"""nbgrader configuration for the course (written by `python -m coursekit nbgrader`)."""
import os

from nbconvert.preprocessors import Preprocessor

c = get_config()  # noqa: F821 - defined by traitlets when it loads this file
c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.course_id = {course_id!r}
c.ClearSolutions.code_stub = {{"python": "raise NotImplementedError('write your solution here')"}}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.ExecutePreprocessor.timeout = 120

# Autograding runs learners' code. nbgrader's own `autograde` (and the formgrader's Autograde button) would run it
# as you, with no sandbox: one answer cell could copy answer_key/ and gradebook.db anywhere you can write. So the
# course autogrades in its bubblewrap sandbox instead, and writes the scores into this gradebook:
#     python -m coursekit autograde ASSIGNMENT        (in this folder; see docs/instructors.md, "## nbgrader")
# The answer key is never put into a kernel's environment. For your own trusted notebooks only:
#     COURSEKIT_UNSANDBOXED_AUTOGRADE=trusted nbgrader autograde ASSIGNMENT
REFUSAL = ("refused: a plain `nbgrader autograde` runs learners' code as you, outside any sandbox (it could read "
           "answer_key/ and gradebook.db). Run `python -m coursekit autograde {{assignment}}` in the course folder "
           "instead: it grades submitted/ in the course's bubblewrap sandbox and writes nbgrader's gradebook.")


class RefuseUnsandboxedAutograde(Preprocessor):
    """The first step of nbgrader's autograde: stop before any learner code runs, naming the sandboxed command."""

    def __call__(self, nb, resources):  # nbconvert skips a preprocessor whose `enabled` is off: this one never is
        return self.preprocess(nb, resources)

    def preprocess(self, nb, resources):
        assignment = resources.get("nbgrader", {{}}).get("assignment", "ASSIGNMENT")
        raise RuntimeError(REFUSAL.format(assignment=assignment))


if os.environ.get("COURSEKIT_UNSANDBOXED_AUTOGRADE") == "trusted":
    os.environ.setdefault("COURSEKIT_ANSWER_KEY", os.path.join(c.CourseDirectory.root, "answer_key"))
else:
    from nbgrader.preprocessors import (CheckCellMetadata, ClearOutput, DeduplicateIds, OverwriteCells,
                                        OverwriteKernelspec)

    c.Autograde.sanitize_preprocessors = [RefuseUnsandboxedAutograde, ClearOutput, DeduplicateIds,
                                          OverwriteKernelspec, OverwriteCells, CheckCellMetadata]
'''

def _meta(grade_id: str, *, solution: bool = False, grade: bool = False, points: float = 0,
          locked: bool = False) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": SCHEMA,
            "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    return meta


def _hints_as_comments(source: str) -> str:
    """`### BEGIN SOLUTION hint: text` becomes `# hint: text` above a plain `### BEGIN SOLUTION`."""
    out = []
    for line in source.splitlines():
        match = BEGIN.match(line)
        if match:
            indent = match.group("indent")
            if match.group("hint"):
                out.append(f"{indent}# hint: {match.group('hint').strip()}")
            out.append(f"{indent}### BEGIN SOLUTION")
        else:
            out.append(line)
    return "\n".join(out)


def _answer_text(source: str) -> str:
    """The model answer inside `### BEGIN ANSWER` ... `name = \"\"\"text\"\"\"` ... `### END ANSWER`."""
    lines = source.splitlines()
    start = next(i for i, line in enumerate(lines) if BEGIN_ANSWER.match(line))
    end = next(i for i, line in enumerate(lines) if END_ANSWER.match(line))
    body = "\n".join(lines[start + 1:end])
    match = re.search(r'"""(.*?)"""', body, re.S)
    return (match.group(1) if match else body).strip()


def _test_cells(qid: str) -> list:
    """One autograded cell per automatic test of the question (written answers get none)."""
    q = question(qid)
    cells = []
    number = qid.replace(".q", "_")
    for index, case in enumerate(q.cases):
        if q.manual:
            break
        label = getattr(case, "label", "") or getattr(case, "expr", "") or "a test"
        if isinstance(case, IsA) and not case.label:
            label = f"{case.expr} is {with_article(case.kind.__name__)}"
        points = f"{case.points:g} point{'s' if case.points != 1 else ''}"
        call = f'run_test("{qid}", {index})'
        if case.public:
            head = f"# {qid}, test {index + 1} of {len(q.cases)} ({points}): {label}"
            body = call
        else:
            head = f"# {qid}, test {index + 1} of {len(q.cases)} ({points}): a hidden test, run when graded"
            body = f"### BEGIN HIDDEN TESTS\n{call}\n### END HIDDEN TESTS"
        source = f"{head}\nfrom coursekit.grading.nbgrader_tests import run_test\n{body}"
        cell = nbformat.v4.new_code_cell(source)
        cell.metadata["nbgrader"] = _meta(f"q{number}_t{index + 1}", grade=True, points=case.points, locked=True)
        cells.append(cell)
    return cells


def nbgrader_notebook(solution) -> "nbformat.NotebookNode":
    """The nbgrader source version of a solution notebook (a new notebook; the solution is not changed)."""
    nb = copy.deepcopy(solution)
    cells, pending = [], []
    for cell in nb.cells:
        if "solution-only" in cell.metadata.get("tags", []):
            continue
        cell.metadata.pop("execution", None)
        cell.metadata.pop("tags", None)
        if cell.cell_type != "code":
            cell.source = cell.source.replace("between the triple quotes", "in the answer cell below")
            cells.append(cell)
            continue
        cell.outputs, cell.execution_count = [], None
        check = CHECK.match(cell.source)
        if check:
            qid = check.group("qid")
            number = qid.replace(".q", "_")
            for k, pending_cell in enumerate(pending):
                pending_cell.metadata["nbgrader"]["grade_id"] = f"q{number}_code{k + 1}" if len(pending) > 1 \
                    else f"q{number}_code"
            pending = []
            if question(qid).manual:
                continue  # the written answer is a markdown cell now; check() would only say it is empty
            cells.append(cell)
            cells += _test_cells(qid)
            continue
        if any(BEGIN_ANSWER.match(line) for line in cell.source.splitlines()):
            qid = _written_question(nb, cell)
            answer = nbformat.v4.new_markdown_cell(_answer_text(cell.source))
            points = question(qid).max_points
            answer.metadata["nbgrader"] = _meta(f"q{qid.replace('.q', '_')}", solution=True, grade=True,
                                                points=points)
            cells.append(answer)
            continue
        if any(BEGIN.match(line) for line in cell.source.splitlines()):
            cell.source = _hints_as_comments(cell.source)
            cell.metadata["nbgrader"] = _meta(f"code_{len(cells)}", solution=True)
            pending.append(cell)
        cells.append(cell)
    nb.cells = cells
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    return nb


def _written_question(nb, answer_cell) -> str:
    """The question a written-answer cell belongs to: the next check() after it."""
    after = False
    for cell in nb.cells:
        if cell is answer_cell:
            after = True
        elif after and cell.cell_type == "code" and CHECK.match(cell.source):
            return CHECK.match(cell.source).group("qid")
    raise ValueError("a written answer has no check() cell after it")


def export(solutions: Path, target: Path, course_id: str = "games-of-chance-and-search") -> list[Path]:
    """Write the nbgrader course folder; return the source notebooks written."""
    written = []
    names = []
    for path in sorted(solutions.glob("[0-9][0-9]_*.ipynb")):
        assignment = f"ex{path.name[:2]}"
        names.append(assignment)
        out = target / "source" / assignment / exercise_name(path.name)
        out.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nbgrader_notebook(nbformat.read(path, as_version=4)), out)
        written.append(out)
    (target / "nbgrader_config.py").write_text(CONFIG.format(course_id=course_id))
    _copy_answer_key(target)
    return written


def _copy_answer_key(target: Path) -> None:
    """The answer key beside the course (autograde reads it), readable by its owner only, as source/ is."""
    from coursekit.grading.registry import answer_key_dir

    key = target / "answer_key"
    if key.exists():
        shutil.rmtree(key)
    shutil.copytree(answer_key_dir(), key, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in (target, key, target / "source"):
        folder.chmod(0o700)


def main(argv: Optional[list[str]] = None) -> int:
    """Write an nbgrader course folder from solutions/."""
    parser = argparse.ArgumentParser(prog="python -m coursekit nbgrader", description=__doc__.splitlines()[0])
    parser.add_argument("folder", metavar="DIR", help="the nbgrader course folder to write (created if missing)")
    parser.add_argument("--solutions", default="solutions", help="folder of worked solutions (default: solutions)")
    parser.add_argument("--course-id", default="games-of-chance-and-search", help="nbgrader's course id")
    parser.add_argument("--force", action="store_true", help="overwrite an existing source/ folder")
    args = parser.parse_args(argv)
    solutions, target = Path(args.solutions), Path(args.folder)
    if not solutions.is_dir():
        print(f"no solutions folder {str(solutions)!r}: run this in the course folder", file=sys.stderr)
        return 2
    if (target / "source").exists() and not args.force:
        print(f"{target / 'source'} exists; pass --force to overwrite it", file=sys.stderr)
        return 2
    if target.exists() and not target.is_dir():
        print(f"{str(target)!r} is a file, not a folder", file=sys.stderr)
        return 2
    written = export(solutions, target, args.course_id)
    print(f"wrote {len(written)} assignments ({', '.join(p.parent.name for p in written)}) to {target / 'source'}, "
          f"{target / 'nbgrader_config.py'} and the answer key {target / 'answer_key'} (yours only); "
          f"next: cd {target} && nbgrader generate_assignment ex02; autograde with python -m coursekit autograde ex02")
    return 0
