"""The class page on a class of mutants: grade a folder of single-slip submissions, time the class page, compare counts.

Every single-slip mutant of the worked solutions (coursetools.grade.mutants) becomes one learner's submission, so the
class makes the slips the mutation tool makes. The folder is graded with `grade --feedback`; the script prints the
grading time, the time to write the class page alone, and checks that every slip count on index.html equals the
count stored in grades.json's summary.

    .venv/bin/python bench/bench_class_page.py            # exercises 01-05: about 300 submissions
    .venv/bin/python bench/bench_class_page.py 02 --limit 40
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write_class(folder: Path, exercises: list[str], limit: int) -> int:
    """Write one submission folder per mutant (at most `limit` per exercise); returns how many."""
    from coursetools.grade.mutation_regions import make_mutants, solution_path
    from coursetools.nbio import nbformat

    count = 0
    for exercise in exercises:
        path = solution_path(exercise, ROOT / "solutions")
        _, mutants = make_mutants(exercise, ROOT / "solutions")
        for i, mutant in enumerate(mutants[:limit]):
            nb = nbformat.read(path, as_version=4)
            nb.cells[mutant.cell].source = mutant.source
            target = folder / f"learner{exercise}_{i:03d}" / path.name
            target.parent.mkdir(parents=True)
            nbformat.write(nb, target)
            count += 1
    return count


def page_counts(page: str) -> dict[tuple[str, str], int]:
    """(question, slip) -> learners, read back from the class page's slip table."""
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td class="num">\d+%</td><td>([^<]+)</td>'
                      r'<td class="slip">([^<]*)</td>', page)
    return {(qid, html.unescape(says)): int(n) for n, qid, says in rows}


def main(argv: list[str]) -> int:
    """Build the class, grade it, time the class page and compare its counts with grades.json."""
    from coursetools.grade.batch import main as grade
    from coursetools.grade.class_page import class_summary, load_records, write_class_page

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exercises", nargs="*", default=["01", "02", "03", "04", "05"])
    parser.add_argument("--limit", type=int, default=1000, help="mutants per exercise at most")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "submitted"
        learners = write_class(folder, args.exercises, args.limit)
        out, feedback = Path(tmp) / "grades.csv", Path(tmp) / "feedback"
        started = time.perf_counter()
        code = grade([str(folder), "--out", str(out), "--feedback", str(feedback), "--jobs", str(args.jobs),
                      "--timeout", "20"])
        graded = time.perf_counter() - started
        stored = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))["summary"]
        records = load_records(out.with_suffix(".json"))
        pages = {r["notebook"]: feedback / "x.html" for r in records}
        started = time.perf_counter()
        write_class_page(records, Path(tmp) / "again", pages)
        page_seconds = time.perf_counter() - started
        summary = class_summary(records)
        assert summary == stored, "grades.json's summary differs from one computed from its records"
        expected = {(s["qid"], s["says"]): s["count"] for s in stored["slips"]}
        found = page_counts((feedback / "index.html").read_text(encoding="utf-8"))
        same = found == expected
        print(f"class: {learners} submissions of exercises {', '.join(args.exercises)} (grade exit {code})")
        print(f"grading with --feedback, {args.jobs} jobs: {graded:.1f} s")
        print(f"class page alone: {page_seconds:.2f} s, {len(summary['slips'])} named slips, "
              f"{len(summary['unnamed'])} unnamed failures")
        print(f"slip counts on index.html equal those from grades.json: {same} ({len(found)} rows)")
        for s in summary["slips"][:5]:
            print(f"  {s['count']:4d}  {s['qid']}  {s['says'][:90]}")
        return 0 if same and code == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
