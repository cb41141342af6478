"""Limits on any host (issue 25, item 8): cgroup v2 writes (against a folder laid out like a cgroup2 mount: this
machine has cgroup v1 only), cgroup v1 writes against a fake folder too, the memory watchdog for real with cgroups
turned off, and what `grade` and `arena` print and refuse."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from coursekit.sandbox import limits as caps
from coursekit.sandbox.jail import Limits, Sandbox, SandboxDied, bwrap

MB = 1024 * 1024


def _fake_v2(tmp_path: Path, monkeypatch, controllers: str = "cpu io memory pids", own: str = "user.slice/me"):
    root = tmp_path / "cgroup2"
    folder = root / own
    folder.mkdir(parents=True)
    for where in (root, folder):
        (where / "cgroup.controllers").write_text(controllers + "\n")
        (where / "cgroup.subtree_control").write_text("")
        (where / "cgroup.procs").write_text("")
    proc = tmp_path / "proc_self_cgroup"
    proc.write_text(f"0::/{own}\n")
    monkeypatch.setenv("CGROUP2_ROOT", str(root))
    monkeypatch.setenv("COURSEKIT_PROC_CGROUP", str(proc))
    monkeypatch.setenv("CGROUP1_ROOTS", f"{tmp_path / 'no-v1-memory'},{tmp_path / 'no-v1-pids'}")
    monkeypatch.delenv("COURSEKIT_CGROUPS", raising=False)
    return folder


def test_cgroup_v2_writes_memory_max_and_pids_max_in_a_child_of_its_own_subtree(tmp_path, monkeypatch):
    own = _fake_v2(tmp_path, monkeypatch)
    made = caps.total_caps("coursekit-grade-1-0", 1536, 32)
    assert made.kind == "cgroup v2"
    child = own / "coursekit-grade-1-0"
    assert (child / "memory.max").read_text() == str(1536 * MB)
    assert (child / "pids.max").read_text() == str(32 + caps.EXTRA_PIDS)
    assert set((own / "cgroup.subtree_control").read_text().split()) == {"+memory", "+pids"}
    prefix = made.prefix()
    assert str(child / "cgroup.procs") in prefix
    ran = subprocess.run(prefix + ["/bin/sh", "-c", "echo $$"], capture_output=True, text=True, check=True)
    assert (child / "cgroup.procs").read_text().split() == [ran.stdout.strip()]  # moved in before it ran
    assert "cgroup v2" in made.describe() and "1536 MB" in made.describe()
    assert caps.in_force(1536, 32).startswith("cgroup v2")


def test_cgroup_v2_moves_the_referee_to_a_leaf_when_its_own_group_cannot_enable_controllers(tmp_path, monkeypatch):
    own = _fake_v2(tmp_path, monkeypatch)
    calls = []
    real = Path.write_text

    def busy_once(self, text, *args, **kwargs):  # cgroup v2's "no internal processes" rule: EBUSY the first time
        if self.name == "cgroup.subtree_control" and not calls:
            calls.append(text)
            raise OSError(16, "Device or resource busy")
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", busy_once)
    made = caps.total_caps("coursekit-grade-1-1", 1024, 16)
    assert made.kind == "cgroup v2" and calls
    import os

    assert (own / caps.REFEREE_LEAF / "cgroup.procs").read_text() == str(os.getpid())
    assert (own / "coursekit-grade-1-1" / "memory.max").read_text() == str(1024 * MB)


@pytest.mark.parametrize("controllers", ["cpu io", "memory", "pids"])
def test_cgroup_v2_without_memory_and_pids_controllers_falls_back(tmp_path, monkeypatch, controllers):
    _fake_v2(tmp_path, monkeypatch, controllers=controllers)
    assert caps.total_caps("coursekit-grade-1-2", 1024, 16).kind == "memory watchdog"


def test_cgroup_v1_writes_both_controllers(tmp_path, monkeypatch):
    memory, pids = tmp_path / "memory", tmp_path / "pids"
    for root in (memory, pids):
        (root / "a").mkdir(parents=True)
    proc = tmp_path / "proc_self_cgroup"
    proc.write_text("5:memory:/a\n4:pids:/a\n0::/\n")
    monkeypatch.setenv("COURSEKIT_PROC_CGROUP", str(proc))
    monkeypatch.setenv("CGROUP1_ROOTS", f"{memory},{pids}")
    monkeypatch.setenv("CGROUP2_ROOT", str(tmp_path / "no-cgroup2"))
    made = caps.total_caps("coursekit-grade-1-3", 1536, 32)
    assert made.kind == "cgroup v1"
    assert (memory / "a" / "coursekit-grade-1-3" / "memory.limit_in_bytes").read_text() == str(1536 * MB)
    assert (pids / "a" / "coursekit-grade-1-3" / "pids.max").read_text() == str(32 + caps.EXTRA_PIDS)
    assert made.describe() == f"cgroup v1: memory 1536 MB and {32 + caps.EXTRA_PIDS} processes per sandbox"


def test_with_cgroups_turned_off_the_watchdog_is_in_force(monkeypatch):
    monkeypatch.setenv("COURSEKIT_CGROUPS", "off")
    assert caps.kind_in_force(1024, 16) == "memory watchdog"
    assert caps.in_force(1024, 16).startswith("memory watchdog")


HOG = '''
import os, time
children = []
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        block = bytearray(160 * 1024 * 1024)
        for i in range(0, len(block), 4096):
            block[i] = 1
        time.sleep(60)
        os._exit(0)
    children.append(pid)
time.sleep(60)
'''


@pytest.mark.slow
@pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")
def test_the_watchdog_kills_a_sandbox_over_its_total_memory_for_real(monkeypatch):
    monkeypatch.setenv("COURSEKIT_CGROUPS", "off")
    limits = Limits(memory_mb=400, total_memory_mb=300, cpu_seconds=60, processes=16)
    sandbox = Sandbox(limits)
    try:
        assert sandbox.cgroups.kind == "memory watchdog"
        with pytest.raises(SandboxDied):
            sandbox.request({"op": "cell", "source": HOG, "time_limit": 30}, 40)
        assert sandbox.over_memory and sandbox.cgroups.peak_mb > 300
    finally:
        sandbox.close()
    small = Sandbox(limits)  # the same limits, a submission within them: untouched
    try:
        reply = small.request({"op": "cell", "source": "block = bytearray(100 * 1024 * 1024)\nblock[::4096] = "
                                                         "b'1' * len(block[::4096])", "time_limit": 30}, 40)
        assert reply == {"cell": "ok"} and not small.over_memory
    finally:
        small.close()


def test_the_commands_print_the_limits_and_refuse_without_them(capsys, tmp_path):
    from coursetools.arena.cli import main as arena_main

    assert arena_main(["random", "optimal", "--unsafe-no-sandbox", "--require-limits", "--out",
                       str(tmp_path / "r.json")]) == 2
    assert "--require-limits" in capsys.readouterr().err
    assert caps.announce("x", False, True, 1024, 16)
    assert "limits in force: " in capsys.readouterr().err
