"""A bot's state never reaches the next game, even when a game's process dies while the referee sends it a move:
the template (the process every game is forked from) answers no move itself (the arena helper found it answered one,
so game 2's first call saw the count of game 1)."""

from __future__ import annotations

import time

import pytest

from coursekit.arena import ArenaLimits, parse_game
from coursekit.arena.bots import Bot
from coursekit.arena.referee import Failure, SandboxPlayer
from coursekit.sandbox.jail import bwrap

pytestmark = pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")

COUNTER = '''import os, threading
CALLS = [0]
def choose(state):
    CALLS[0] += 1
    if state["n"] == 10:  # this game's process dies a moment after answering
        threading.Timer(0.05, lambda: os._exit(3)).start()
    return CALLS[0]
'''


def test_a_move_sent_to_a_dead_game_never_runs_in_the_template():
    player = SandboxPlayer(Bot("counter", (COUNTER,)), parse_game("subtraction"), ArenaLimits())
    try:
        player.begin(0)
        assert player.choose({"n": 10, "moves": (1, 2, 3)}, 5.0) == 1
        time.sleep(1.0)  # the game's process died 0.05 s after answering: the next move reaches the template
        with pytest.raises(Failure):
            player.choose({"n": 9, "moves": (1, 2, 3)}, 5.0)
        player.end()
        time.sleep(0.3)
        player.begin(1)
        assert player.choose({"n": 9, "moves": (1, 2, 3)}, 5.0) == 1, "game 1's state reached game 2"
        player.end()
    finally:
        player.close()
