"""Time a fresh clone's first `make lab` to the URL it prints, phase by phase (issue 28: under 60 s).

Run: .venv/bin/python bench/bench_first_make_lab.py [--runs N]
It copies this checkout to a temporary folder (no .venv), runs `make lab` there with pip's cache as it is (warm
after make install), and prints the seconds until each phase's first line and until the Lab URL. The machine's
load is printed too: on 2 cores a second job doubles the time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import fresh_clone  # noqa: E402

TEST_TOOLS = {"pytest", "hypothesis", "nbval", "ruff", "playwright", "coverage"}
# the first line of each phase of `make lab`, as make echoes its commands
PHASES = {
    "venv": r"-m venv \.venv",
    "pip install": r"-m pip install .*-c requirements\.lock",
    "kernel": r"-m ipykernel install",
    "copy my-work": r"-m coursekit\.mywork",
    "lab starts": r"jupyter lab ",
}


def one_run(folder: Path, home: Path) -> dict[str, float]:
    """Seconds from `make lab` to each phase's first line and to the URL, in a fresh copy at folder."""
    for name in fresh_clone.files():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, folder / name)
    env = fresh_clone.environment(home)
    env["PYTHON"] = sys.base_prefix + "/bin/python3"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    log = folder / "make-lab.log"
    seen: dict[str, float] = {}
    start = time.monotonic()
    with open(log, "w") as out:
        process = subprocess.Popen(["make", "lab", f"PORT={port}", "LAB_ARGS=--no-browser"], cwd=folder, env=env,
                                   stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   start_new_session=True)
    try:
        while True:
            text = log.read_text()
            for phase, pattern in PHASES.items():
                if phase not in seen and re.search(pattern, text):
                    seen[phase] = time.monotonic() - start
            if re.search(rf"^\s+http://127\.0\.0\.1:{port}/lab", text, re.M):
                seen["URL"] = time.monotonic() - start
                tools = sorted(TEST_TOOLS & {d.name.split("-")[0].lower()
                                             for d in (folder / ".venv").glob("lib/python*/site-packages/*.dist-info")})
                print(f"test tools in the new .venv: {', '.join(tools) or 'none'}")
                return seen
            if process.poll() is not None:
                raise SystemExit(f"make lab stopped:\n{text[-3000:]}")
            if time.monotonic() - start > 900:
                raise SystemExit(f"no URL after 900 s:\n{text[-3000:]}")
            time.sleep(0.2)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def main() -> None:
    """Print each run's phase times and the URL time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="fresh clones to time, one after the other")
    runs = parser.parse_args().runs
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for run in range(1, runs + 1):
        with tempfile.TemporaryDirectory(prefix="first-make-lab-") as tmp:
            times = one_run(Path(tmp) / "games-course", Path(tmp) / "home")
        phases = "  ".join(f"{phase} {seconds:.1f}" for phase, seconds in times.items())
        print(f"run {run}: {phases}  (s from make lab; load now {os.getloadavg()[0]:.2f})")
        print(f"first make lab to its URL: {times['URL']:.1f} s (target 60 s)")


if __name__ == "__main__":
    main()
