"""Time `make test` from a fresh clone, tier by tier (issue 36: at most 20 minutes on a 2-core machine).

Run: python3 bench/bench_suite.py [--keep] [--log FILE] [--from-log FILE]
It clones this checkout's HEAD into a temporary folder (nothing installed there), runs `make test` with CI=true
as .ci/run does, and prints the seconds of the set-up (the venvs) and of each tier from the lines make test
prints ("make test: tier NAME took S s"), the total, and the machine's load before and after: on 2 cores a second
job doubles the time. `--from-log` reads such lines from a saved log instead of running (a CI log, say).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIER = re.compile(r"make test: tier (\S+) took (\d+) s( beside \S+)?")
BUDGET_MINUTES = 20


def tiers(log: str) -> dict[str, int]:
    """Seconds of each tier named in a make test log; a tier that ran beside another is named "NAME beside OTHER"
    (its seconds are inside the other's)."""
    return {name + beside: int(seconds) for name, seconds, beside in TIER.findall(log)}


def sequential(times: dict[str, int]) -> int:
    """The seconds of the tiers that ran one after another (not those beside another tier)."""
    return sum(seconds for name, seconds in times.items() if " beside " not in name)


def report(times: dict[str, int], total: float) -> str:
    """A table of the tiers, the set-up (the rest of the total) and the total against the budget."""
    lines = [f"{'tier':<12}{'seconds':>9}{'share':>8}"]
    setup = max(0.0, total - sequential(times))
    for name, seconds in [("set-up", setup), *times.items()]:
        if " beside " in name:
            lines.append(f"  {name:<22}{seconds:>5.0f}   (inside {name.split(' beside ')[1]}'s seconds)")
        else:
            lines.append(f"{name:<12}{seconds:>9.0f}{seconds / total:>8.0%}" if total else f"{name:<12}{seconds:>9.0f}")
    verdict = "within" if total <= BUDGET_MINUTES * 60 else "OVER"
    lines.append(f"{'total':<12}{total:>9.0f}   = {total / 60:.1f} min, {verdict} the {BUDGET_MINUTES}-minute budget")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the clone (its path is printed)")
    parser.add_argument("--log", help="also write make test's output here")
    parser.add_argument("--from-log", help="report the tiers of a saved make test log instead of running one")
    args = parser.parse_args(argv)
    if args.from_log:
        text = Path(args.from_log).read_text(encoding="utf-8", errors="replace")
        times = tiers(text)
        print(report(times, float(sequential(times))))
        return 0
    folder = Path(tempfile.mkdtemp(prefix="bench-suite-"))
    clone = folder / "course"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=clone, capture_output=True, text=True).stdout
    print(f"fresh clone of {head.strip()} in {clone}; load before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
          flush=True)
    started = time.monotonic()
    run = subprocess.run(["make", "test"], cwd=clone, env={**os.environ, "CI": "true"}, capture_output=True,
                         text=True)
    total = time.monotonic() - started
    output = run.stdout + run.stderr
    if args.log:
        Path(args.log).write_text(output, encoding="utf-8")
    print(report(tiers(output), total))
    print(f"make test exited {run.returncode}; load after: {os.getloadavg()[0]:.1f}")
    if run.returncode:
        print("\n".join(output.splitlines()[-30:]), file=sys.stderr)
    if not args.keep:
        subprocess.run(["rm", "-rf", str(folder)], check=False)
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
