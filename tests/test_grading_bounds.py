"""Bounds a class relies on (issue 35): a huge int is one test's zero, an oversized notebook is skipped alone, and a
huge cell costs the grader's own process little (the provenance check parses a bounded source once)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.sandbox.jail import bwrap
from coursetools.grade.submission import MAX_NOTEBOOK_BYTES
from coursetools.grade.batch import main as grade_main
from coursetools.grade.provenance import MAX_PARSED_CHARS, references, uses
from coursetools.nbio import nbformat

pytestmark = [pytest.mark.slow, pytest.mark.skipif(bwrap() is None and not os.environ.get("CI"),
                                                   reason="bubblewrap is not installed (apt-get install bubblewrap)")]

ROOT = Path(__file__).resolve().parents[1]
EX05 = ROOT / "exercises" / "05_exercises_baccarat_odds.ipynb"
EX01 = ROOT / "exercises" / "01_exercises_superpositions.ipynb"
HUGE_CELL = "x = [" + "1," * 2_000_000 + "]\n"  # 4 MB: ast.parse alone took the old grader to gigabytes
GRADER_MB = 100  # what a huge cell may cost the grader's own process beyond a blank notebook


def handed_in(folder: Path, student: str, source: Path, *cells: str) -> Path:
    nb = nbformat.read(source, as_version=4)
    nb.cells += [nbformat.v4.new_code_cell(c) for c in cells]
    path = folder / "submitted" / student / f"ex{source.name[:2]}" / source.name
    path.parent.mkdir(parents=True)
    nbformat.write(nb, path)
    return path


def test_a_4000_digit_int_in_a_tolerance_test_is_a_named_zero(tmp_path):
    handed_in(tmp_path, "mallory", EX05, "def error_bar(count, n):\n    return 10 ** 3999")
    out = tmp_path / "grades.csv"
    assert grade_main([str(tmp_path / "submitted"), "--out", str(out), "--timeout", "10"]) == 0
    (record,) = json.loads(out.with_suffix(".json").read_text())["records"]
    assert record["student"] == "mallory" and record["exercise"] == "05"
    assert not any("grading failed" in m for m in record["messages"]), record["messages"]
    q2 = record["questions"]["05.q2"]
    assert q2["points"] == 0 and q2["max_points"] > 0
    assert {t["status"] for t in q2["tests"]} == {"fail"}
    assert record["questions"]["05.q1"]["max_points"] > 0  # the other questions graded as usual


def test_one_oversized_submission_is_skipped_with_a_message_and_the_others_are_graded(tmp_path):
    handed_in(tmp_path, "ada", EX01)
    big = tmp_path / "submitted" / "bob" / "ex01" / EX01.name
    big.parent.mkdir(parents=True)
    with open(big, "wb") as handle:  # sparse: 1 byte past the bound costs no disk
        handle.truncate(MAX_NOTEBOOK_BYTES + 1)
    out = tmp_path / "grades.csv"
    assert grade_main([str(tmp_path / "submitted"), "--out", str(out), "--timeout", "10"]) == 0
    records = {r["student"]: r for r in json.loads(out.with_suffix(".json").read_text())["records"]}
    assert sorted(records) == ["ada", "bob"]
    assert records["bob"]["messages"] == [f"not graded: {EX01.name} has {MAX_NOTEBOOK_BYTES + 1:,} bytes; "
                                          f"at most {MAX_NOTEBOOK_BYTES:,} are read"]
    assert records["ada"]["exercise"] == "01" and records["ada"]["max_points"] > 0


def test_provenance_reads_a_huge_cell_as_text_and_still_names_what_it_uses():
    tail = ("\nfrom coursekit.blackjack import hand_total as ht\nimport coursekit.baccarat as bac\n"
            "bac.banker_draws(3, None)\n")
    found = references([HUGE_CELL + tail])
    assert {"coursekit.blackjack.hand_total", "coursekit.baccarat.banker_draws"} <= found
    assert uses(["x = 1", HUGE_CELL + tail], ["coursekit.blackjack.hand_total"]) == ["coursekit.blackjack.hand_total"]
    assert len(HUGE_CELL) > 60 * MAX_PARSED_CHARS


GRADE_AND_MEASURE = """
import json, resource, sys
from coursetools.grade.batch import grade_notebook
from coursekit.sandbox.jail import Limits, bwrap
record = grade_notebook(sys.argv[1], time_limit=5, notebook_time_limit=120, sandboxed=bwrap() is not None,
                        limits=Limits(memory_mb=512, total_memory_mb=768))
print(json.dumps({"maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "student": record["student"], "questions": len(record["questions"])}))
"""


def grader_memory(path: Path) -> dict:
    """The grader's own peak memory (ru_maxrss of its process; the sandbox is another process) grading `path`."""
    result = subprocess.run([sys.executable, "-c", GRADE_AND_MEASURE, str(path)], capture_output=True, text=True,
                            timeout=600, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_huge_cell_costs_the_grader_under_100_mb_more_than_a_blank_notebook(tmp_path):
    blank = grader_memory(handed_in(tmp_path / "a", "ada", EX01))
    huge = grader_memory(handed_in(tmp_path / "b", "bob", EX01, HUGE_CELL))
    assert blank["student"] == "ada" and huge["student"] == "bob" and huge["questions"] == blank["questions"]
    extra = huge["maxrss_mb"] - blank["maxrss_mb"]
    print(f"grader peak: blank {blank['maxrss_mb']:.0f} MB, 4 MB cell {huge['maxrss_mb']:.0f} MB (+{extra:.0f} MB)")
    assert extra < GRADER_MB
