"""Benchmark for issue 39: every lesson run as nbval runs it, with CPU and wall seconds per lesson and its slowest cell.

Each lesson runs top to bottom in a fresh kernel (nbclient, as nbval), pinned to one core (`taskset -c 0`) with one
BLAS thread (OMP_NUM_THREADS=1 and its kin) and COURSEKIT_PROGRESS=0. CPU seconds are the kernel process's (and its
children's) user + system time from /proc, read before and after each cell; a shared machine inflates the wall
seconds far more than the CPU seconds, so `cat /proc/loadavg` is printed beside them. Python writes and reads its
bytecode cache (__pycache__) as under make; the first run after an install also pays for compiling the imports.
Run: `.venv/bin/python bench/bench_lessons.py [08 09 ...] [--over 2]` (no numbers: every lesson); a baseline from
another checkout with its own venv: `../main/.venv/bin/python bench/bench_lessons.py --root ../main 08`.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

from learner_env import learner_env  # bench/, the script's own folder

ROOT = Path(__file__).resolve().parents[1]
GOAL_LESSON, GOAL_CELL = 10.0, 2.0
ONE_THREAD = {k: "1" for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
                                "NUMEXPR_NUM_THREADS", "VECLIB_MAXIMUM_THREADS")}

# runs inside the pinned child: executes one notebook and prints one JSON line of per-cell timings
RUNNER = r"""
import json, os, sys, time
import nbformat
from nbclient import NotebookClient

def cpu(pid):
    # user + system seconds of a process and its waited-for children, from /proc/PID/stat
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / ticks

path = sys.argv[1]
nb = nbformat.read(path, as_version=4)
client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": os.path.dirname(path)}})
cells, mark = [], {}

def before(cell, cell_index, **_):
    mark["cpu"], mark["wall"] = cpu(client.km.provisioner.pid), time.perf_counter()

def after(cell, cell_index, **_):
    cells.append((cell_index, cpu(client.km.provisioner.pid) - mark["cpu"], time.perf_counter() - mark["wall"]))

client.on_cell_execute, client.on_cell_executed = before, after
start = time.perf_counter()
with client.setup_kernel():
    client.km.provisioner.pid  # the kernel is up: its start is not a lesson's time
    boot = cpu(client.km.provisioner.pid)
    for index, cell in enumerate(nb.cells):
        client.execute_cell(cell, index)
    total = cpu(client.km.provisioner.pid)
print(json.dumps({"cells": cells, "cpu": total, "boot": boot, "wall": time.perf_counter() - start}))
"""


CALIBRATION = ("import time; t = time.process_time(); sum(i * i for i in range(2_000_000)); "
               "print(time.process_time() - t)")


def calibration() -> float:
    """CPU seconds of a fixed pure-Python loop on core 0: how slow a CPU second is on this machine right now.

    A shared machine stretches CPU seconds too (another job on the sibling hyperthread, a cold cache); the lesson
    figures of two runs compare after dividing by this one.
    """
    command = [sys.executable, "-c", CALIBRATION]
    if shutil.which("taskset"):
        command = ["taskset", "-c", "0"] + command
    return min(float(subprocess.run(command, capture_output=True, text=True, check=True).stdout) for _ in range(3))


def run_lesson(path: Path) -> dict:
    """One lesson in a fresh kernel on core 0 with one thread: per-cell (index, CPU s, wall s) and totals."""
    env = learner_env()
    env.update(COURSEKIT_PROGRESS="0", **ONE_THREAD)
    command = [sys.executable, "-c", RUNNER, str(path)]
    if shutil.which("taskset"):
        command = ["taskset", "-c", "0"] + command
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=path.parent)
    if done.returncode:
        raise SystemExit(f"{path.name} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers, 10b for a going-further notebook (default: all)")
    parser.add_argument("--over", type=float, default=1.0, help="also list every cell over this many CPU s")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose notebooks/ to run (with this interpreter's coursekit)")
    args = parser.parse_args(argv)
    # the lessons and their going-further notebooks (03b_..., issue 34): a learner runs both
    lessons = sorted((args.root / "notebooks").glob("[0-9][0-9]*_*.ipynb"))
    chosen = [p for p in lessons if not args.lessons or p.name.split("_")[0] in args.lessons]
    with open("/proc/loadavg") as f:
        print(f"# lessons as nbval runs them: taskset -c 0, one BLAS thread; load before: {f.read().strip()}")
    print(f"# calibration (a fixed loop, best of 3): {calibration():.3f} CPU s before")
    print(f"{'lesson':<34}{'CPU s':>8}{'wall s':>8}   slowest cell (CPU s, wall s)   cells over {args.over:g} CPU s")
    misses = 0
    for path in chosen:
        got = run_lesson(path)
        cells = got["cells"]
        lesson_cpu = sum(c[1] for c in cells)
        slow = max(cells, key=lambda c: c[1])
        over = ", ".join(f"c{i} {c:.1f}" for i, c, _ in cells if c > args.over)
        print(f"{path.stem:<34}{lesson_cpu:>8.1f}{sum(c[2] for c in cells):>8.1f}   "
              f"c{slow[0]:<3} {slow[1]:5.2f} {slow[2]:6.2f}             {over}", flush=True)
        misses += lesson_cpu > GOAL_LESSON or slow[1] > GOAL_CELL
    with open("/proc/loadavg") as f:
        print(f"# load after: {f.read().strip()}; calibration after: {calibration():.3f} CPU s")
    print(f"# goal: every lesson <= {GOAL_LESSON:g} CPU s, no cell > {GOAL_CELL:g} CPU s: "
          f"{'met' if not misses else f'{misses} lesson(s) miss it'}")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
