"""Peak memory per lesson and dashboard (issue 16): what one JupyterHub user needs, against the common 1 GB limit.

    python bench/bench_memory.py [NOTEBOOK ...]

Each notebook runs top to bottom in a fresh kernel, started by a fresh Python process; the kernel's peak
resident memory (its maximum RSS, as the kernel reports it to the process that reaped it) is printed in MB.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT_MB = 1024

RUN_ONE = """
import resource, sys
from nbclient import NotebookClient
from coursetools.nbio import nbformat
nb = nbformat.read(sys.argv[1], as_version=4)
NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": sys.argv[2]}}).execute()
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
"""


def peak_mb(path: Path) -> int:
    """The peak resident memory, in MB, of a fresh kernel that ran the notebook."""
    env = {"MPLBACKEND": "Agg", "PATH": str(Path(sys.executable).parent) + ":/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", RUN_ONE, str(path), str(path.parent)], capture_output=True,
                            text=True, cwd=path.parent, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"{path.name} failed: {result.stderr[-1500:]}")
    return int(result.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to measure (default: every lesson and dashboard)")
    args = parser.parse_args()
    paths = [Path(p).resolve() for p in args.notebooks] or [  # resolved: each kernel runs in its notebook's folder
        *sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")),
        *sorted((ROOT / "notebooks" / "demos").glob("*.ipynb"))]
    print(f"peak memory of a fresh kernel running each notebook (limit {LIMIT_MB} MB per user):")
    worst = 0
    for path in paths:
        mb = peak_mb(path)
        worst = max(worst, mb)
        flag = "" if mb < LIMIT_MB else "   OVER THE LIMIT"
        print(f"  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {mb} MB{flag}")
    print(f"highest: {worst} MB ({'under' if worst < LIMIT_MB else 'over'} {LIMIT_MB} MB)")
    return 0 if worst < LIMIT_MB else 1


if __name__ == "__main__":
    sys.exit(main())
