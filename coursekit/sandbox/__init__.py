"""The bottom layer every promise about hostile code rests on: run a program's code where it can do no harm.

- `jail`: the bubblewrap jail around a worker (no network, its own PID namespace, a read-only system, a private
  /tmp, its own user id, resource limits) and the `Sandbox` that talks to it over two pipes.
- `limits`: total memory and process caps on any Linux host (cgroup v2, cgroup v1, or a memory watchdog).
- `worker`: what runs inside: cells and typed requests, one JSON line each way.
- `requests`: the typed request kinds and the checks on their replies.
- `wire`: plain typed values between the program and the judge.
- `probe`: the program's side of a request (also the learner's self-check, in the learner's own kernel).
- `botside`: a fresh copy of a bot for every game, inside its sandbox.
- `text`: hostile text made safe before it reaches any output.

The promise: anything a sandboxed program sends is that program's own fault (a `BadReply`, a `SandboxDied` or a
`SandboxHung`), never the caller's error. This package imports neither `coursekit.grading` nor `coursekit.arena`.
The jail's names are imported on first use: a learner's check() (probe, wire) starts no bubblewrap or cgroup code.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Limits", "Sandbox", "SandboxDied", "SandboxHung", "bwrap"]


def __getattr__(name: str) -> Any:
    """The jail's public names (and the submodules), imported from `coursekit.sandbox.jail` on first use."""
    if name in __all__:
        value = getattr(importlib.import_module("coursekit.sandbox.jail"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'coursekit.sandbox' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
