"""No state survives from one game to the next (issue 25, item 6): results are identical whatever order the games are
played in. A bot that tries to remember through every channel it has (module globals, function defaults, class
attributes, an imported module, files in its /tmp, links to folders there, a process left running) plays the same
games in a shuffled schedule and gets the same records."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from coursekit.arena import Arena, ArenaLimits
from coursekit.arena.schedule import Batch
from coursekit.sandbox.jail import bwrap

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")]

HONEST = Path(__file__).resolve().parent / "arena_bots" / "honest" / "perfect.py"
# limits far above what these bots need (both schedules take 2-7 s here): what is compared is state, so a move cut
# short by a loaded machine (the serial tier runs beside the notebooks) must not make two records differ
LIMITS = ArenaLimits(move_seconds=5.0, match_seconds=30.0, load_seconds=20.0, grace=1.0, strikes=0)

REMEMBERS = '''
import os, sys, subprocess

COUNT = [0]


class Seen:
    games = 0


def _default(x, memo=[]):
    memo.append(x)
    return len(memo)


def _files():
    os.makedirs("/tmp/memo", exist_ok=True)
    count = len(os.listdir("/tmp/memo"))
    with open(f"/tmp/memo/{os.getpid()}-{COUNT[0]}", "w") as handle:
        handle.write("x")
    return count


def _links():  # a link to a folder: shutil.rmtree refuses to remove one
    count = len([name for name in os.listdir("/tmp") if name.startswith("link-")])
    os.symlink("/usr", f"/tmp/link-{os.getpid()}-{COUNT[0]}")
    return count


def _module():
    module = sys.modules.setdefault("bot_memory", type(sys)("bot_memory"))
    module.x = getattr(module, "x", 0) + 1
    return module.x


def _process():
    sleepers = 0
    for entry in os.listdir("/proc"):
        try:
            sleepers += entry.isdigit() and b"sleep" in open(f"/proc/{entry}/cmdline", "rb").read()
        except OSError:
            pass
    subprocess.Popen(["sleep", "30"])
    return sleepers


def choose(state):
    COUNT[0] += 1
    Seen.games += 1
    total = COUNT[0] + Seen.games + _default(1) + _module() + _files() + _links() + _process()
    moves = list(state["moves"])
    return moves[total % len(moves)]
'''


def _play(folder: Path, order_seed):
    arena = Arena([folder, "random"], "subtraction", starts="20,27,33", rounds=2, seed=3, jobs=1, limits=LIMITS,
                  secret="5eed")
    if order_seed is not None:
        rng = random.Random(order_seed)
        batches = [Batch(b.bots, tuple(rng.sample(b.keys, len(b.keys)))) for b in arena.batches]
        rng.shuffle(batches)
        arena.batches = batches
    results = arena.run()
    assert arena.errors == [] and len(results.games) == arena.total
    return {g.key: (g.score, g.winner, g.reason, list(g.moves)) for g in results.games}


def test_results_do_not_depend_on_the_order_of_the_games(tmp_path):
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "remembers.py").write_text(REMEMBERS)
    (folder / "perfect.py").write_text(HONEST.read_text())
    plain = _play(folder, None)
    shuffled = _play(folder, 1)
    assert plain.keys() == shuffled.keys()
    differ = [(k, plain[k], shuffled[k]) for k in plain if plain[k] != shuffled[k]]
    assert differ == [], "\n".join(  # each game in full (pytest's own diff cuts the moves short)
        f"game {k}: in order {a[:3]} moves {a[3]}; shuffled {b[:3]} moves {b[3]}; first different move "
        f"{next((i for i, (x, y) in enumerate(zip(a[3], b[3])) if x != y), min(len(a[3]), len(b[3])))}"
        for k, a, b in differ[:5])
    reasons = {v[2] for k, v in plain.items() if "remembers" in k[:2]}
    assert reasons <= {"", "illegal"}  # it plays (its moves depend only on the game)
