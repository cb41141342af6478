"""The documented nbgrader route autogrades in the sandbox (issue 35): `python -m coursekit autograde ASSIGNMENT`.

A hostile answer cell looks for the answer key (its environment, the course folder) and tries to copy it out. With
the exported config a plain `nbgrader autograde` refuses before any learner code runs, naming the sandboxed
command; the sandboxed command grades every submission, writes nbgrader's gradebook (so `nbgrader export` has the
points) and the hostile cell finds nothing.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.grading.registry import questions
from coursekit.sandbox.jail import bwrap
from coursetools.author.nbgrader_export import main as export_main
from coursetools.nbio import nbformat
from test_nbgrader import NBGRADER, ROOT, _filled_in, _run

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(NBGRADER is None and not os.environ.get("CI"), reason="nbgrader is not installed"),
              pytest.mark.skipif(bwrap() is None and not os.environ.get("CI"), reason="bubblewrap is not installed")]

HOSTILE = """
import os, shutil
course = {course!r}
found = [os.environ.get("COURSEKIT_ANSWER_KEY"), os.path.exists(course + "/answer_key"),
         os.path.exists(course + "/gradebook.db"), os.path.exists(course + "/source")]
try:
    shutil.copytree(course + "/answer_key", {loot!r})
except Exception as error:
    found.append(type(error).__name__)
raise RuntimeError("LEAK " + repr(found))
"""


def course_python() -> str:
    """The Python beside nbgrader (.venv-class): the course's commands run there, as the docs say."""
    return str(Path(NBGRADER).parent / "python") if NBGRADER else sys.executable


def test_plain_autograde_refuses_and_the_sandboxed_one_fills_the_gradebook(tmp_path):
    course = tmp_path / "course"
    assert export_main([str(course), "--solutions", str(ROOT / "solutions")]) == 0
    assert "COURSEKIT_ANSWER_KEY\", os.path" not in (course / "nbgrader_config.py").read_text().split("trusted")[0]
    _run(["generate_assignment", "ex02"], course)
    (released,) = (course / "release" / "ex02").glob("*.ipynb")
    (source,) = (course / "source" / "ex02").glob("*.ipynb")
    release_nb, source_nb = nbformat.read(released, as_version=4), nbformat.read(source, as_version=4)
    marker = tmp_path / "learner-code-ran"
    hostile = nbformat.from_dict(release_nb)
    hostile.cells.insert(1, nbformat.v4.new_code_cell(f"open({str(marker)!r}, 'w').write('ran')"))
    loot = tmp_path / "loot"  # where the hostile cell copies the answer key to (world-readable, the attack)
    hostile.cells.append(nbformat.v4.new_code_cell(HOSTILE.format(course=str(course.resolve()), loot=str(loot))))
    for student, nb in (("worked", _filled_in(release_nb, source_nb)), ("blank", release_nb), ("mallory", hostile)):
        target = course / "submitted" / student / "ex02" / released.name
        target.parent.mkdir(parents=True)
        nbformat.write(nb, target)

    env = dict(os.environ, PATH=f"{Path(NBGRADER).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("COURSEKIT_ANSWER_KEY", None)
    plain = subprocess.run([NBGRADER, "autograde", "ex02", "--create"], cwd=course, env=env, capture_output=True,
                           text=True, timeout=600)
    said = plain.stdout + plain.stderr
    assert plain.returncode != 0 and "python -m coursekit autograde ex02" in said, said[-3000:]
    assert not marker.exists() and not loot.exists()  # no learner code ran as the instructor

    ours = subprocess.run([course_python(), "-m", "coursekit", "autograde", "ex02", "--timeout", "30"], cwd=course,
                          env=env, capture_output=True, text=True, timeout=900)
    assert ours.returncode == 0, ours.stdout[-3000:] + ours.stderr[-3000:]
    assert not marker.exists() and not loot.exists()  # it ran, in the sandbox, and saw nothing to take
    records = {r["student"]: r for r in
               json.loads((course / "coursekit" / "ex02" / "grades.json").read_text())["records"]}
    leak = next(m for m in records["mallory"]["messages"] if "LEAK" in m)
    assert "LEAK [None, False, False, False, 'FileNotFoundError']" in leak, leak

    _run(["export"], course)
    with open(course / "grades.csv", newline="") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    automatic = sum(q.max_points for q in questions("02") if not q.manual)
    assert float(rows["worked"]["raw_score"]) == automatic  # the gradebook holds the sandbox's points
    assert float(rows["blank"]["raw_score"]) == 0 and float(rows["mallory"]["raw_score"]) == 0
    assert (course / "autograded" / "worked" / "ex02" / released.name).is_file()  # for the formgrader
    assert (course / "coursekit" / "ex02" / "feedback" / "index.html").is_file()
