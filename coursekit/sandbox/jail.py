"""One submission's sandbox: a bubblewrap jail around `coursekit.sandbox.worker`, talked to over two pipes.

Inside: a read-only view of the system, Python and the course package (without its questions, which hold the
expected values and hidden tests), a small private /tmp, no network, its own PID namespace, resource limits and
a user id of its own. Killing the sandbox's first process ends everything the submission started.
"""

from __future__ import annotations

import itertools
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Optional

import coursekit
from coursekit.sandbox.limits import total_caps
from coursekit.sandbox.requests import BadReply, Request
from coursekit.sandbox.text import clean

__all__ = ["BadReply", "GameOver", "Limits", "Sandbox", "SandboxDied", "SandboxHung", "bwrap", "bwrap_command",
           "shell_for"]

MAX_LINE = 16 * 1024 * 1024  # longest reply line accepted
STARTUP_SECONDS = 60.0  # the worker must say it is ready within this long
UID_BASE = 200_000  # sandboxes run as UID_BASE + a slot number when the grader is root
# how the worker runs cells: "ipython" a kernel's shell from the start (grading); "lazy" plain Python until a cell
# needs IPython (a bot's source: IPython's import is most of a sandbox's start)
SHELLS = ("ipython", "lazy")


def shell_for(cells) -> str:
    """The worker's shell for these cells: "ipython" when a line starts with a magic or a shell escape, else "lazy".

    Only a guess from the text (nothing is compiled outside the sandbox): a lazy shell still starts IPython for a
    cell that needs it, only later."""
    for cell in cells:
        for line in str(cell).splitlines():
            if line.lstrip().startswith(("%", "!")):
                return "ipython"
    return "lazy"


class SandboxDied(Exception):
    """The worker exited or closed its pipe (the submission killed it, or a limit did)."""


class SandboxHung(Exception):
    """The worker did not answer in time (the submission ignores its time limit)."""


class GameOver(SandboxDied):
    """The process of one game (a fork of the sandbox's template) died; the template itself lives on."""


@dataclass
class Limits:
    """What one submission may use: memory per process and in all, CPU seconds, processes, file size, /tmp size."""

    memory_mb: int = 2048
    total_memory_mb: int = 3072
    cpu_seconds: int = 600
    processes: int = 64
    file_mb: int = 64
    tmp_mb: int = 256


def bwrap() -> Optional[str]:
    """The bubblewrap program, or None when it is not installed."""
    return shutil.which("bwrap")


def package_dir() -> Path:
    """The folder of the installed coursekit package."""
    return Path(coursekit.__file__).resolve().parent


def _matplotlib_cache() -> Optional[Path]:
    """The grader's matplotlib cache folder with its font list built (so no sandbox rebuilds it)."""
    try:
        import matplotlib
        from matplotlib import font_manager  # noqa: F401 - importing it builds the font list once
        folder = Path(matplotlib.get_cachedir())
    except Exception:
        return None
    return folder if any(folder.glob("fontlist*.json")) else None


def _binds(path: Path, flag: str = "--ro-bind") -> list[str]:
    return [flag, str(path), str(path)]


def bwrap_command(worker: list[str], limits: Limits) -> list[str]:
    """The bwrap command line that runs `worker` inside the jail."""
    command = [bwrap() or "bwrap", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
               "--unshare-cgroup-try", "--die-with-parent", "--new-session"]
    if os.geteuid() == 0:  # the worker needs these two to drop to its own user id; it has no others
        command += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    # the private /tmp first: a bind below /tmp (a course checked out there) must go on top of it, not under it
    command += ["--proc", "/proc", "--dev", "/dev",
                "--perms", "1777", "--size", str(limits.tmp_mb * 1024 * 1024), "--tmpfs", "/tmp"]
    command += _binds(Path("/usr"))
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        top = Path("/") / name
        if top.is_symlink():
            command += ["--symlink", os.readlink(top), str(top)]
        elif top.is_dir():
            command += _binds(top)
    command += _binds(Path("/etc"))
    mounted = [Path("/usr")]
    made = {Path("/"), Path("/tmp")}
    for found in (Path(sys.base_prefix), Path(sys.prefix), package_dir()):
        # a venv reached through a symbolic link (a clone's .venv linking to another) also at its linked path:
        # sys.executable names that path
        for folder in dict.fromkeys((found.resolve(), Path(os.path.abspath(found)))):
            if not any(folder == m or m in folder.parents for m in mounted):
                for parent in reversed(folder.parents):  # bwrap would make them 0700: unreadable after the uid drop
                    if parent not in made:
                        command += ["--perms", "0755", "--dir", str(parent)]
                        made.add(parent)
                command += ["--ro-bind", str(found.resolve()), str(folder)]
                mounted.append(folder)
    # the answer key is never in the package; hide it (and an old install's copy) wherever a mount shows it
    named = os.environ.get("COURSEKIT_ANSWER_KEY")  # the grader's answer key (an nbgrader course's answer_key/)
    for hidden in (package_dir() / "grading" / "questions", package_dir().parent / "answer_key",
                   package_dir().parent / "solutions", *([Path(named).resolve()] if named else [])):
        if hidden.is_dir() and any(hidden == m or m in hidden.parents for m in mounted):
            command += ["--tmpfs", str(hidden.resolve())]
    cache = _matplotlib_cache()
    if cache is not None:
        command += ["--ro-bind", str(cache), "/opt/coursekit/mplcache"]
    command += ["--chdir", "/tmp"]
    return command + worker


def _environment() -> dict:
    """The few variables the worker needs; nothing of the grader's own environment leaks in."""
    keep = {k: os.environ[k] for k in ("PATH", "LANG", "LC_ALL", "TZ") if k in os.environ}
    return {**keep, "HOME": "/tmp/home", "MPLCONFIGDIR": "/tmp/home/mpl", "MPLBACKEND": "Agg",
            "IPYTHONDIR": "/tmp/home/ipython", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONNOUSERSITE": "1",
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "PYDEVD_DISABLE_FILE_VALIDATION": "1", "COURSEKIT_GRADING": "1"}


def _processes_of(uid: int) -> int:
    """How many processes and threads the user runs now."""
    count = 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    count += len(list((entry / "task").iterdir()))
            except OSError:
                continue
    return count


_slots = itertools.count()
_slot_lock = threading.Lock()


class Sandbox:
    """A running worker: `request(message, time_limit)` sends one request and waits for its reply."""

    def __init__(self, limits: Limits, use_bwrap: bool = True, shell: str = "ipython") -> None:
        if shell not in SHELLS:
            raise ValueError(f"shell must be one of {', '.join(SHELLS)}, not {shell!r}")
        with _slot_lock:
            slot = next(_slots)
        self.limits = limits
        settings = asdict(limits)
        settings["jailed"] = bool(use_bwrap)  # in its own PID namespace: a game's leftovers can all be killed
        settings["shell"] = shell
        if not use_bwrap:
            settings["processes"] = -1  # no jail: a process cap would count the grader's own user
        elif os.geteuid() == 0:
            settings["uid"] = UID_BASE + (os.getpid() % 1000) * 1000 + slot % 1000
        else:  # the cap counts every process of this user: allow what runs already plus the sandbox's share
            settings["processes"] = _processes_of(os.getuid()) + limits.processes
        # normalised: `../.venv/bin/python` run from a course folder names a folder the jail does not hold
        worker = [os.path.abspath(sys.executable), "-m", "coursekit.sandbox.worker", json.dumps(settings)]
        # total caps for everything inside: cgroup v2, cgroup v1, or a memory watchdog (coursekit.sandbox.limits)
        self.cgroups = total_caps(f"coursekit-grade-{os.getpid()}-{slot}", limits.total_memory_mb,
                                  limits.processes) if use_bwrap else None
        self.over_memory = False
        command = bwrap_command(worker, limits) if use_bwrap else worker
        if self.cgroups is not None:
            command = self.cgroups.prefix() + command
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=_environment(), start_new_session=True,
                                        cwd="/")
        if self.cgroups is not None:
            self.cgroups.watch(self.process.pid, self._over_memory)
        self.buffer = bytearray()
        self.scanned = 0  # bytes at the start of the buffer known to hold no newline
        self.next_id = 1
        try:
            hello = self._wait_for(0, STARTUP_SECONDS)
        except (SandboxDied, SandboxHung):
            self.close()
            raise SandboxDied("the sandbox did not start") from None
        if "error" in hello:
            self.close()
            raise SandboxDied(f"the sandbox did not start: {clean(hello['error'], 300)}")

    def request(self, message: dict, time_limit: float) -> dict:
        """Send a request; its reply, or SandboxDied / SandboxHung."""
        ident, self.next_id = self.next_id, self.next_id + 1
        line = json.dumps({"id": ident, **message}, separators=(",", ":")).encode() + b"\n"
        try:
            self.process.stdin.write(line)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise SandboxDied() from None
        return self._wait_for(ident, time_limit)

    def drain(self, limit: int = MAX_LINE) -> int:
        """Drop whatever the program wrote that no request asked for (call it while nothing is pending, e.g.
        between two games): a reply forged ahead of time cannot answer a later request. Bytes dropped."""
        dropped = len(self.buffer)
        self.buffer.clear()
        self.scanned = 0
        fd = self.process.stdout.fileno()
        while dropped <= limit:
            ready, _, _ = select.select([fd], [], [], 0)
            if not ready:
                break
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break  # end of the pipe: the next request finds the sandbox dead
            dropped += len(chunk)
        return dropped

    def ask(self, request: Request, time_limit: float) -> dict:
        """Send a typed request; its checked reply, or SandboxDied / SandboxHung / BadReply (the program's fault)."""
        return request.check(self.request(request.message(), time_limit))

    def _wait_for(self, ident: int, time_limit: float) -> dict:
        deadline = time.monotonic() + time_limit
        stream = self.process.stdout
        while True:
            while True:  # whole lines only; each byte is searched once (a flood costs linear time, not quadratic)
                end = self.buffer.find(b"\n", self.scanned)
                if end < 0:
                    self.scanned = len(self.buffer)
                    break
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                self.scanned = 0
                if not line.startswith(b'{"id":'):
                    continue  # noise written by the submission: not a reply
                try:
                    reply = json.loads(line)
                except Exception:  # not JSON, not UTF-8, nested past the parser's depth: noise, not a reply
                    continue
                if isinstance(reply, dict) and type(reply.get("id")) is int and reply.get("id") == ident:
                    reply.pop("id")
                    return reply
                if isinstance(reply, dict) and reply.get("id") == -1 and "game_over" in reply and ident > 0:
                    raise GameOver()  # the template's notice: the game's process is gone
            left = deadline - time.monotonic()
            if left <= 0:
                raise SandboxHung()
            ready, _, _ = select.select([stream], [], [], left)
            if not ready:
                raise SandboxHung()
            chunk = os.read(stream.fileno(), 1 << 20)
            if not chunk:
                raise SandboxDied()
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                raise SandboxDied()

    def _over_memory(self) -> None:
        """The watchdog saw the sandbox's processes over the total memory cap: kill them all."""
        self.over_memory = True
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self) -> None:
        """Kill the sandbox and everything in it; wait until it is gone."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                self.process.kill()
            except ProcessLookupError:
                pass
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self.process.wait()
        if self.cgroups is not None:
            self.cgroups.remove()

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
