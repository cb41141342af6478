"""A LocalProcessSpawner that enforces what it is told: memory, CPU, processes and a private, capped /tmp.

JupyterHub's LocalProcessSpawner puts `mem_limit` and `cpu_limit` in the server's environment and enforces
nothing: a learner's kernel used 3 GiB under a stated 1 GiB and ran 300 processes, and 1 GiB went into the shared
/tmp (issue 35). `LimitedSpawner` starts each learner's server (and so every kernel and terminal it starts) in its
own cgroup, through the course sandbox's `total_caps` (cgroup v2, else v1): `mem_limit` as the memory cap (no
swap), `tasks_max` as the process cap, `cpu_limit` as a CPU quota (where the cpu controller can be written). The
server gets its own /tmp and /var/tmp: tmpfs of `tmp_size` in a mount namespace of its own, so a learner cannot fill
the machine's or read a classmate's files there, and what they hold counts against the learner's memory cap (so
nothing the hub itself needs may live under them).
Where no cgroup can be written it refuses to start a server rather than run one unlimited. TLJH's SystemdSpawner
does the same with systemd (docs/instructors.md); this is for a hub started without systemd.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Any, Callable

from jupyterhub.spawner import LocalProcessSpawner
from traitlets import Integer, Unicode

from coursekit.sandbox.limits import CgroupV1, CgroupV2, total_caps

CLONE_NEWNS = 0x00020000
MS_NOSUID, MS_NODEV, MS_REC, MS_PRIVATE = 2, 4, 16384, 1 << 18
CPU_PERIOD_US = 100_000


def _libc_call(name: str, *args: Any) -> None:
    """Call a libc function; raise OSError with its errno when it fails."""
    libc = ctypes.CDLL(None, use_errno=True)
    if getattr(libc, name)(*args) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{name}: {os.strerror(errno)}")


PRIVATE = (b"/tmp", b"/var/tmp")  # the world-writable folders on disk (/dev/shm is memory: the memory cap counts it)


def private_tmp(size: str) -> None:
    """Give this process (before exec) a mount namespace whose /tmp and /var/tmp are fresh tmpfs of `size` each."""
    _libc_call("unshare", CLONE_NEWNS)
    _libc_call("mount", b"none", b"/", None, MS_REC | MS_PRIVATE, None)  # nothing leaks back to the host
    for folder in PRIVATE:
        _libc_call("mount", b"tmpfs", folder, b"tmpfs", MS_NOSUID | MS_NODEV, f"size={size},mode=1777".encode())


def _v1_folder(controller: str) -> Path | None:
    """This process's cgroup folder for a cgroup v1 controller, when it is mounted and writable."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, names, path = line.split(":", 2)
        if controller in names.split(","):
            folder = Path("/sys/fs/cgroup") / names / path.lstrip("/")
            return folder if folder.is_dir() and os.access(folder, os.W_OK) else None
    return None


def _cgroup_files(caps: Any) -> list[Path]:
    """The cgroup.procs files a process is written into to come under `caps`."""
    if isinstance(caps, CgroupV2):
        return [caps.folder / "cgroup.procs"]
    if isinstance(caps, CgroupV1):
        return [folder / "cgroup.procs" for folder in caps.folders]
    return []


def _cpu_quota(caps: Any, name: str, cpus: float) -> list[Path]:
    """Cap CPU at `cpus` cores for the cgroup of `caps` (v2 cpu.max, v1 cpu.cfs_quota_us); the cgroups made."""
    quota = max(1000, int(cpus * CPU_PERIOD_US))
    if isinstance(caps, CgroupV2):
        control = caps.folder.parent / "cgroup.subtree_control"
        if "cpu" not in control.read_text().split():
            control.write_text("+cpu")
        (caps.folder / "cpu.max").write_text(f"{quota} {CPU_PERIOD_US}")
        return []
    parent = _v1_folder("cpu") if isinstance(caps, CgroupV1) else None
    if parent is None:
        return []
    folder = parent / name
    folder.mkdir(exist_ok=True)
    (folder / "cpu.cfs_period_us").write_text(str(CPU_PERIOD_US))
    (folder / "cpu.cfs_quota_us").write_text(str(quota))
    return [folder]


class LimitedSpawner(LocalProcessSpawner):
    """LocalProcessSpawner with mem_limit, cpu_limit and tasks_max enforced by cgroups, and a private /tmp."""

    tasks_max = Integer(256, help="processes and threads a learner's server may run in all").tag(config=True)
    tmp_size = Unicode("256M", help="the size of the server's private /tmp (a tmpfs; '' keeps the host's /tmp)"
                       ).tag(config=True)

    def _name(self) -> str:
        return f"coursekit-hub-{self.user.name}"

    def _make_caps(self) -> list[Path]:
        """Make this user's cgroups with the configured caps; return the cgroup.procs files to join."""
        if not self.mem_limit:
            raise RuntimeError("LimitedSpawner needs c.Spawner.mem_limit (for example '1G')")
        caps = total_caps(self._name(), int(self.mem_limit) // (1024 * 1024), self.tasks_max)
        files = _cgroup_files(caps)
        if not files:
            caps.remove()
            raise RuntimeError("no cgroup can be written here: LimitedSpawner will not start an unlimited server")
        if isinstance(caps, CgroupV1) and "pids" not in caps.controllers:
            caps.remove()
            raise RuntimeError("the pids cgroup cannot be written: LimitedSpawner will not start uncapped processes")
        for folder in getattr(caps, "folders", []):
            swap = folder / "memory.memsw.limit_in_bytes"
            if swap.exists():
                swap.write_text(str(int(self.mem_limit)))
        self._caps = caps
        if self.cpu_limit:
            self._cpu_folders = _cpu_quota(caps, self._name(), float(self.cpu_limit))
            files += [folder / "cgroup.procs" for folder in self._cpu_folders]
        return files

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Join the user's cgroups and mount the private /tmp as root, then become the user (LocalProcessSpawner)."""
        become_user = super().make_preexec_fn(name)
        files, tmp_size = self._procs_files, self.tmp_size

        def preexec() -> None:
            for procs in files:
                procs.write_text(str(os.getpid()))
            if tmp_size:
                private_tmp(tmp_size)
            become_user()

        return preexec

    async def start(self) -> Any:
        """Start the server inside its cgroups."""
        self._procs_files = self._make_caps()
        return await super().start()

    async def stop(self, now: bool = False) -> None:
        """Stop the server, then kill what is left in its cgroups and remove them."""
        await super().stop(now=now)
        caps = getattr(self, "_caps", None)
        if caps is not None:
            caps.remove()
        for folder in getattr(self, "_cpu_folders", []):
            try:
                folder.rmdir()
            except OSError:
                pass
