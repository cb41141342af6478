"""The time rule (issue 39): a bot's sandbox start and its source's run are limited by load_seconds and are not
charged to its first game's per-match budget (a slow import used to forfeit that game under load)."""

from __future__ import annotations

import pytest

from coursekit.arena import Arena, ArenaLimits
from coursekit.sandbox.jail import bwrap

pytestmark = pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")

SLOW_SOURCE = '''"""A bot whose source takes 1.5 s to run (a slow import), then plays the smallest move."""
import time

time.sleep(1.5)


def choose(state):
    return min(state["moves"])
'''


def test_a_slow_source_is_not_charged_to_the_first_game(tmp_path):
    (tmp_path / "slow_start.py").write_text(SLOW_SOURCE)
    limits = ArenaLimits(move_seconds=0.5, match_seconds=1.0, load_seconds=10.0)
    arena = Arena([tmp_path / "slow_start.py", "random"], "subtraction", starts="20", rounds=1, seed=3, jobs=1,
                  limits=limits, secret="")
    results = arena.run()
    assert results.status == "complete" and len(results.games) == 2
    assert [g.reason for g in results.games] == ["", ""]  # no "budget" forfeit in its first game
    for game in results.games:
        mine = game.seconds[0 if game.first == "slow_start" else 1]
        assert mine < 1.0, game  # its moves only, not the 1.5 s source run
    assert arena.sandbox_starts == 1
