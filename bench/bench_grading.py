"""Grading speed (issue 7): seconds per solution notebook, for the whole solutions folder, and for a class.

    python bench/bench_grading.py [--class-size 20] [--jobs 2]

A "class" is that many copies of the solution notebooks (cycled), graded as one batch in parallel kernels.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from coursekit.grading.batch import grade_all, grade_notebook

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class-size", type=int, default=20, help="submissions in the simulated class (default 20)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="kernels at a time (default: cores)")
    args = parser.parse_args()
    solutions = sorted((ROOT / "solutions").glob("*.ipynb"))
    if not solutions:
        print("no solution notebooks found", file=sys.stderr)
        return 1

    print(f"grading one notebook at a time ({len(solutions)} solutions, 1 kernel each):")
    for path in solutions:
        started = time.perf_counter()
        record = grade_notebook(path)
        took = time.perf_counter() - started
        print(f"  {path.name:<36} {took:5.1f} s  {record['points']:g}/{record['max_points']:g}")

    started = time.perf_counter()
    records = grade_all(solutions, jobs=args.jobs, progress=False)
    took = time.perf_counter() - started
    full = sum(r["percent"] == 100.0 for r in records)
    print(f"whole solutions folder, {args.jobs} kernels: {took:.1f} s for {len(records)} notebooks "
          f"({took / len(records):.1f} s each; {full} at 100%)")

    with tempfile.TemporaryDirectory() as tmp:
        copies = []
        for i in range(args.class_size):
            source = solutions[i % len(solutions)]
            target = Path(tmp) / f"learner{i:03d}" / source.name
            target.parent.mkdir()
            shutil.copy(source, target)
            copies.append(target)
        started = time.perf_counter()
        records = grade_all(copies, jobs=args.jobs, progress=False)
        took = time.perf_counter() - started
    per = took / len(records)
    print(f"class of {len(records)} submissions, {args.jobs} kernels: {took:.1f} s ({per:.1f} s each; "
          f"100 submissions would take about {100 * per / 60:.1f} min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
