"""A course under /tmp whose .venv links to another (a fresh clone, as the README's tests make one): the jail binds
the venv on its private /tmp, and a game's start must not walk it (issue 39: its 19,000 files were walked twice a
game, 0.35 s, so the README's arena command took 83 s there against 12 s from the checkout)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from coursekit.sandbox.jail import bwrap

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")]

GAMES = '''
import statistics, sys, time
from coursekit.arena import ArenaLimits, parse_game
from coursekit.arena.bots import Bot
from coursekit.arena.referee import SandboxPlayer

player = SandboxPlayer(Bot("bot", ("def choose(state):\\n    return 3\\n",)), parse_game("subtraction"), ArenaLimits())
times = []
try:
    for seed in range(9):
        started = time.perf_counter()
        player.begin(seed)
        times.append(time.perf_counter() - started)
        assert player.choose({"n": 10, "moves": (1, 2, 3)}, 1.0) == 3
        player.end()
finally:
    player.close()
print(sys.prefix, statistics.median(times[1:]))
'''


def test_a_game_starts_without_walking_a_venv_linked_under_tmp(tmp_path):
    link = tmp_path / "venv"
    link.symlink_to(Path(sys.prefix).resolve(), target_is_directory=True)
    assert str(link).startswith("/tmp/")  # where the jail's private /tmp gets the venv bound
    files = sum(len(d) + len(f) for _, d, f in os.walk(link, followlinks=True))
    assert files > 5000  # a real venv: walking it took 0.12 s
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    result = subprocess.run([str(link / "bin" / "python"), "-c", GAMES], cwd=tmp_path, capture_output=True,
                            text=True, timeout=300, env=dict(env, PYTHONSAFEPATH="1"))
    assert result.returncode == 0, result.stderr[-2000:]
    prefix, median = result.stdout.split()
    assert prefix == str(link)  # the sandbox ran the linked venv, bound under its /tmp
    assert float(median) < 0.1, f"a game's start took {float(median):.3f} s (it walked the venv: about 0.35 s)"
