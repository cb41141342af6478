"""The environment of a fresh Python as a learner's machine starts it: shared by the benches that time one."""

from __future__ import annotations

import os


def learner_env(base: dict | None = None) -> dict:
    """`base` (default os.environ) without PYTHONDONTWRITEBYTECODE: Python's bytecode cache in use.

    This project's CI image sets the variable; a learner's machine does not, and the Makefile unexports it. Without
    the cache a fresh process compiles every module it imports from source (a lesson's first imports cost about
    2 CPU s more, matplotlib and numpy compiled again).
    """
    return {k: v for k, v in (os.environ if base is None else base).items() if k != "PYTHONDONTWRITEBYTECODE"}
