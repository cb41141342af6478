"""The learner's check() stands on its own: importing it starts no jail, cgroup or instructors' code."""

from __future__ import annotations

import json
import subprocess
import sys

JAIL = ("coursekit.sandbox.jail", "coursekit.sandbox.limits", "coursekit.sandbox.worker")


def _modules_after(statement: str) -> list[str]:
    """The modules a fresh interpreter holds after running `statement`."""
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(run.stdout)


def test_check_imports_no_jail_or_cgroup_code():
    modules = _modules_after("from coursekit.grading import check")
    assert "coursekit.grading.check" in modules
    assert [m for m in JAIL if m in modules] == []
    assert [m for m in modules if m.split(".")[0] == "coursetools"] == []


def test_the_sandbox_still_hands_on_the_jail_by_name():
    modules = _modules_after("from coursekit.sandbox import Sandbox, bwrap")
    assert "coursekit.sandbox.jail" in modules and "coursekit.sandbox.limits" in modules

