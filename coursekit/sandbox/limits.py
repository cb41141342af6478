"""Total memory and process caps for everything inside one sandbox, on any Linux host.

Tried in this order (`total_caps(name, limits)`):

1. cgroup v2 (current Debian, Ubuntu, Fedora): in a subtree this process may write (as root any folder of the
   cgroup2 mount; as a user under systemd the delegated `user@UID.service` subtree), a child folder per sandbox with
   `memory.max` and `pids.max`, the sandbox moved in through `cgroup.procs` before it starts. The controllers are
   enabled in the parent's `cgroup.subtree_control`; when the parent holds processes itself (cgroup v2's "no
   internal processes" rule) this process first moves into a leaf `coursekit-referee` beside the sandboxes.
2. cgroup v1 (`/sys/fs/cgroup/memory` and `/sys/fs/cgroup/pids`), as before: `memory.limit_in_bytes`, `pids.max`.
3. Neither writable: a watchdog thread that sums the resident memory of the sandbox's processes every `POLL`
   seconds and kills the sandbox over the cap. RLIMIT_AS per process bounds how far one allocation can overshoot
   between two polls; RLIMIT_NPROC (set in the worker) still caps processes.

`COURSEKIT_CGROUPS=off` skips both cgroup kinds (the watchdog then guards); `CGROUP2_ROOT` and `CGROUP1_ROOTS` say
where the mounts are (a test points them at a folder laid out like one). `in_force(limits)` says which kind a new
sandbox gets, for `grade` and `arena` to print at start.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Optional

CGROUP2_ROOT = "/sys/fs/cgroup"
CGROUP1_ROOTS = {"memory": "/sys/fs/cgroup/memory", "pids": "/sys/fs/cgroup/pids"}
POLL = 0.05  # seconds between two looks of the memory watchdog
EXTRA_PIDS = 16  # the jail's own processes on top of the submission's share
REFEREE_LEAF = "coursekit-referee"


def _off() -> bool:
    return os.environ.get("COURSEKIT_CGROUPS", "").lower() in ("off", "0", "no", "false")


def _remove_folder(folder: Path, seconds: float = 10.0) -> None:
    # a killed process may take a while to leave its cgroup on a loaded machine (1 s was too short at load 8):
    # kill what is still listed and try again until `seconds` have passed
    deadline = time.monotonic() + seconds
    while True:
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            if time.monotonic() > deadline:
                return
            _kill_listed(folder)
            time.sleep(0.02)


def _kill_listed(folder: Path) -> None:
    try:
        pids = (folder / "cgroup.procs").read_text().split()
    except OSError:
        return
    for pid in pids:
        try:
            os.kill(int(pid), signal.SIGKILL)
        except (ProcessLookupError, PermissionError, ValueError):
            pass


class _Caps:
    """What a sandbox gets: `kind`, a command prefix that moves it into its cgroups, `watch(pid)`, `remove()`."""

    kind = "none"

    def prefix(self) -> list[str]:
        """A shell prefix that moves the command into the cgroups before it starts (none: [])."""
        return []

    def watch(self, pid: int, on_exceeded) -> None:
        """Start guarding the sandbox whose first process is `pid` (only the watchdog does anything)."""

    def remove(self) -> None:
        """Kill what is left and remove what was made."""

    def describe(self) -> str:
        """One line for the instructor."""
        return "no total memory or process cap (only the per-process limits)"


def _move_prefix(files: list[str]) -> list[str]:
    if not files:
        return []
    script = ('n=' + str(len(files)) + '; for f in "$@"; do [ $n -eq 0 ] && break; echo $$ > "$f"; '
              'n=$((n - 1)); done; shift ' + str(len(files)) + '; exec "$@"')
    return ["/bin/sh", "-c", script, "sh", *files]


# --- cgroup v2 --------------------------------------------------------------------------------------------------
def _v2_root() -> Path:
    return Path(os.environ.get("CGROUP2_ROOT", CGROUP2_ROOT))


def _v2_own(root: Path) -> Optional[Path]:
    """This process's cgroup2 folder (the "0::/path" line of /proc/self/cgroup), or None without cgroup2."""
    try:
        lines = Path(os.environ.get("COURSEKIT_PROC_CGROUP", "/proc/self/cgroup")).read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith("0::"):
            return root / line[3:].strip().lstrip("/")
    return None


def _v2_base() -> Optional[Path]:
    """A cgroup2 folder whose children may cap memory and processes, made ready; None where there is none."""
    root = _v2_root()
    own = _v2_own(root)
    if own is None:
        return None
    base = own.parent if own.name == REFEREE_LEAF else own
    try:
        controllers = (base / "cgroup.controllers").read_text().split()
    except OSError:
        return None
    if not {"memory", "pids"} <= set(controllers) or not os.access(base, os.W_OK):
        return None
    enabled = set((base / "cgroup.subtree_control").read_text().split()) if (
        base / "cgroup.subtree_control").exists() else set()
    if {"memory", "pids"} <= enabled:
        return base
    try:
        (base / "cgroup.subtree_control").write_text("+memory +pids")
        return base
    except OSError:
        pass
    try:  # the parent holds processes (this one): move it into a leaf, then enable the controllers for children
        leaf = base / REFEREE_LEAF
        leaf.mkdir(exist_ok=True)
        (leaf / "cgroup.procs").write_text(str(os.getpid()))
        (base / "cgroup.subtree_control").write_text("+memory +pids")
        return base
    except OSError:
        return None


class CgroupV2(_Caps):
    """A cgroup2 child folder per sandbox with memory.max and pids.max."""

    kind = "cgroup v2"

    def __init__(self, base: Path, name: str, memory_mb: int, processes: int) -> None:
        self.folder = base / name
        self.memory_mb, self.processes = memory_mb, processes
        self.folder.mkdir(exist_ok=True)
        try:
            (self.folder / "memory.max").write_text(str(memory_mb * 1024 * 1024))
            (self.folder / "pids.max").write_text(str(processes + EXTRA_PIDS))
            swap = self.folder / "memory.swap.max"
            if swap.exists():
                swap.write_text("0")
        except OSError:
            _remove_folder(self.folder)
            raise

    def prefix(self) -> list[str]:
        return _move_prefix([str(self.folder / "cgroup.procs")])

    def remove(self) -> None:
        kill = self.folder / "cgroup.kill"
        try:
            if kill.exists():
                kill.write_text("1")
        except OSError:
            pass
        _kill_listed(self.folder)
        _remove_folder(self.folder)

    def describe(self) -> str:
        return (f"cgroup v2 under {self.folder.parent}: memory.max {self.memory_mb} MB and pids.max "
                f"{self.processes + EXTRA_PIDS} per sandbox")


# --- cgroup v1 --------------------------------------------------------------------------------------------------
def _v1_own(controller: str) -> Optional[Path]:
    """This process's cgroup folder for a v1 controller, if it is mounted and writable."""
    roots = dict(CGROUP1_ROOTS)
    if os.environ.get("CGROUP1_ROOTS"):
        memory, _, pids = os.environ["CGROUP1_ROOTS"].partition(",")
        roots = {"memory": memory, "pids": pids}
    root = Path(roots[controller])
    try:
        for line in Path(os.environ.get("COURSEKIT_PROC_CGROUP", "/proc/self/cgroup")).read_text().splitlines():
            _, names, path = line.split(":", 2)
            if controller in names.split(","):
                folder = root / path.lstrip("/")
                return folder if folder.is_dir() and os.access(folder, os.W_OK) else None
    except (OSError, ValueError):
        return None
    return None


class CgroupV1(_Caps):
    """Per-sandbox memory and pids cgroups (v1), as far as they can be written."""

    kind = "cgroup v1"

    def __init__(self, name: str, memory_mb: int, processes: int) -> None:
        self.folders: list[Path] = []
        self.controllers: list[str] = []
        self.memory_mb, self.processes = memory_mb, processes
        settings = {"memory": {"memory.limit_in_bytes": memory_mb * 1024 * 1024},
                    "pids": {"pids.max": processes + EXTRA_PIDS}}
        for controller, values in settings.items():
            parent = _v1_own(controller)
            if parent is None:
                continue
            folder = parent / name
            try:
                folder.mkdir(exist_ok=True)
                for key, value in values.items():
                    (folder / key).write_text(str(value))
                self.folders.append(folder)
                self.controllers.append(controller)
            except OSError:
                _remove_folder(folder)

    @property
    def memory_capped(self) -> bool:
        """True when the memory controller was written (a total memory cap is in force)."""
        return "memory" in self.controllers

    def prefix(self) -> list[str]:
        return _move_prefix([str(f / "cgroup.procs") for f in self.folders])

    def remove(self) -> None:
        for folder in self.folders:
            _kill_listed(folder)
        for folder in self.folders:
            _remove_folder(folder)

    def describe(self) -> str:
        caps = [f"memory {self.memory_mb} MB" if c == "memory" else f"{self.processes + EXTRA_PIDS} processes"
                for c in self.controllers]
        return f"cgroup v1: {' and '.join(caps)} per sandbox"


# --- the memory watchdog ----------------------------------------------------------------------------------------
def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                parent = int(handle.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        tree.setdefault(parent, []).append(int(entry))
    return tree


def resident_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MB (what is gone is not counted)."""
    tree = _children()
    page = os.sysconf("SC_PAGE_SIZE")
    total, todo, seen = 0, [pid], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            with open(f"/proc/{current}/statm", "rb") as handle:
                total += int(handle.read().split()[1]) * page
        except (OSError, ValueError, IndexError):
            pass
        todo += tree.get(current, [])
    return total / (1024 * 1024)


class Watchdog(_Caps):
    """A thread that kills the sandbox when its processes together hold more than `memory_mb` resident."""

    kind = "memory watchdog"

    def __init__(self, memory_mb: int, processes: int) -> None:
        self.memory_mb, self.processes = memory_mb, processes
        self.stopped = threading.Event()
        self.exceeded = False
        self.peak_mb = 0.0
        self.thread: Optional[threading.Thread] = None

    def watch(self, pid: int, on_exceeded) -> None:
        def guard() -> None:
            while not self.stopped.wait(POLL):
                try:
                    os.kill(pid, 0)
                except OSError:
                    return
                used = resident_mb(pid)
                self.peak_mb = max(self.peak_mb, used)
                if used > self.memory_mb:
                    self.exceeded = True
                    on_exceeded()
                    return

        self.thread = threading.Thread(target=guard, name="sandbox-memory-watchdog", daemon=True)
        self.thread.start()

    def remove(self) -> None:
        self.stopped.set()

    def describe(self) -> str:
        return (f"memory watchdog: the sandbox is killed when its processes hold more than {self.memory_mb} MB "
                f"together (checked every {POLL:g} s; processes capped per user by RLIMIT_NPROC)")


def total_caps(name: str, memory_mb: int, processes: int) -> _Caps:
    """The strongest total caps this host allows for one sandbox called `name`."""
    if not _off():
        base = _v2_base()
        if base is not None:
            try:
                return CgroupV2(base, name, memory_mb, processes)
            except OSError:
                pass
        v1 = CgroupV1(name, memory_mb, processes)
        if v1.memory_capped:
            return v1
        v1.remove()
    return Watchdog(memory_mb, processes)


def in_force(memory_mb: int, processes: int) -> str:
    """Which total limits a new sandbox gets here, in one line (made and removed again to find out)."""
    caps = total_caps(f"coursekit-probe-{os.getpid()}", memory_mb, processes)
    try:
        return caps.describe()
    finally:
        caps.remove()


def kind_in_force(memory_mb: int, processes: int) -> str:
    """"cgroup v2", "cgroup v1" or "memory watchdog": the kind a new sandbox gets here."""
    caps = total_caps(f"coursekit-probe-{os.getpid()}", memory_mb, processes)
    try:
        return caps.kind
    finally:
        caps.remove()


def announce(what: str, unsafe: bool, require: bool, memory_mb: int, processes: int) -> bool:
    """Print (to stderr) which total limits each sandbox gets; False, after saying why, when `require` is not met."""
    import sys

    if unsafe:
        print("limits in force: none (no sandbox)", file=sys.stderr)
        if require:
            print(f"cannot run {what}: --require-limits and --unsafe-no-sandbox contradict each other",
                  file=sys.stderr)
            return False
        return True
    text = in_force(memory_mb, processes)
    print(f"limits in force: {text}", file=sys.stderr)
    if require and text.startswith("no total"):
        print(f"cannot run {what}: --require-limits, and no total memory cap can be set here", file=sys.stderr)
        return False
    return True
