"""Looks for the referee, its opponent and the other bots: processes in /proc, their memory and environment, files
with the honest bots' marker anywhere it can read. Reports what it found as its answer (a string, so it loses as
"garbage"): expected "procs=2 mem=0 env=0 bots=0" or so -- only its own sandbox's processes, nothing else."""
import glob
import os
import sys


def scan():
    procs = [p for p in os.listdir("/proc") if p.isdigit()]
    mem = env = 0
    for pid in procs:
        if int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/mem", "rb") as handle:
                handle.read(16)
            mem += 1
        except OSError:
            pass
        try:
            with open(f"/proc/{pid}/environ", "rb") as handle:
                env += bool(handle.read())
        except OSError:
            pass
    bots = 0
    skip = {".venv", "site-packages", "__pycache__", ".git", "node_modules", "dist-packages"}
    for root in ("/tmp", "/work", "/root", "/home", "/srv", "/opt", "/mnt"):
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in skip and not os.path.join(folder, d).startswith(sys.prefix)]
            for name in files:
                if name.endswith((".py", ".ipynb")) and len(files) < 5000:
                    try:
                        with open(os.path.join(folder, name), errors="ignore") as handle:
                            bots += "ARENA-HONEST-MARKER" in handle.read(200_000)
                    except OSError:
                        pass
    bots += len(glob.glob("/**/arena_bots", recursive=False))
    return f"procs={len(procs)} mem={mem} env={env} bots={bots}"


REPORT = scan()


def choose(state):
    return REPORT
