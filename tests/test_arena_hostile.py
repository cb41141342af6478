"""Hostile bots in the arena (tests/arena_bots/hostile): they lose their own games and nothing else.

One arena with the six honest bots and every hostile bot, one with the honest bots alone (same seed, starts and
limits): the run finishes, every honest-vs-honest game is identical in both, no honest bot is ever at fault, each
hostile bot loses the way its docstring says, the bot files are unchanged, and no process or cgroup of any sandbox
is left. The table of what each hostile bot did and what it cost is printed (pytest -s shows it).
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest

from coursekit.arena import Arena, ArenaLimits
from coursekit.sandbox.jail import bwrap
from sandbox_processes import sandbox_processes

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(bwrap() is None, reason="bubblewrap is not installed (apt-get install bubblewrap)")]

BOTS = Path(__file__).resolve().parent / "arena_bots"
HONEST, HOSTILE = BOTS / "honest", BOTS / "hostile"
LIMITS = ArenaLimits(move_seconds=0.5, match_seconds=5.0, load_seconds=10.0, grace=1.0, strikes=3)
STARTS = "20,27"

# what each hostile bot may lose its games by (its first failures; "disqualified" follows after three strikes)
EXPECTED = {
    "crash_on_import": {"load"},
    "crash_mid_game": {"crash"},
    "sleeper": {"timeout", "disqualified"},
    "infinite_loop": {"timeout", "disqualified"},
    "ignores_the_alarm": {"hung", "disqualified"},
    "print_flood": {"timeout", "disqualified"},  # only if the flood makes it slow; it should play normally
    "wrong_types": {"garbage"},
    "illegal_moves": {"illegal"},
    "spy": {"garbage"},
    "fork_bomb": {"timeout", "crash", "died", "disqualified"},
    "memory_hog": {"crash", "died", "load", "budget", "disqualified"},  # "load": its source filled the memory cap
    # and stalled; "budget": copying its swollen names for a fresh game is its own time
    "kills_its_parent": {"died", "disqualified"},
    "floods_the_pipe": {"died", "hung", "disqualified"},
}
MUST = {"crash_on_import": "load", "crash_mid_game": "crash", "sleeper": "timeout", "infinite_loop": "timeout",
        "ignores_the_alarm": "hung", "wrong_types": "garbage", "illegal_moves": "illegal", "spy": "garbage",
        "kills_its_parent": "died", "floods_the_pipe": "died"}


def _digest(folder: Path) -> dict:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def hostile_table(results, names, starts) -> list[dict]:
    """Per hostile bot: games, points, how it lost (reason x count), its time, sandboxes started, an example."""
    rows = []
    failures = results.failures()
    for name in names:
        mine = [g for g in results.games if name in (g.first, g.second)]
        points = sum(g.score if g.first == name else 1 - g.score for g in mine)
        own = sum(g.seconds[0 if g.first == name else 1] for g in mine)
        reasons = {f["reason"]: f["games"] for f in failures if f["bot"] == name}
        example = next((f["example"] for f in failures if f["bot"] == name and f["reason"] != "disqualified"), "")
        rows.append({"bot": name, "games": len(mine), "points": points, "lost by": reasons,
                     "its seconds": round(own, 2), "sandboxes": starts.get(name, 0), "example": example[:100]})
    return rows


@pytest.fixture(scope="module")
def runs():
    before = {"honest": _digest(HONEST), "hostile": _digest(HOSTILE)}
    processes_before = sandbox_processes()
    arena = Arena([HONEST, HOSTILE], "subtraction", starts=STARTS, rounds=1, seed=11, jobs=2, limits=LIMITS, secret="")
    started = time.monotonic()
    mixed = arena.run()
    took = time.monotonic() - started
    right_after = sandbox_processes()
    alone_arena = Arena([HONEST], "subtraction", starts=STARTS, rounds=1, seed=11, jobs=2, limits=LIMITS,
                        secret="")
    alone = alone_arena.run()
    time.sleep(1)
    honest = [b.name for b in alone_arena.bots]
    hostile = [b.name for b in arena.bots if b.name not in honest]
    table = hostile_table(mixed, hostile, arena.starts_by_bot)
    print(f"\narena with {len(arena.bots)} bots, {arena.total} games, {took:.1f} s, "
          f"{arena.sandbox_starts} sandbox starts")
    for row in table:
        print(f"  {row['bot']:<18} {row['games']:>3} games {row['points']:>5.1f} points  lost by {row['lost by']}  "
              f"its time {row['its seconds']} s  {row['sandboxes']} sandbox(es)  e.g. {row['example']}")
    return {"mixed": mixed, "alone": alone, "arena": arena, "honest": honest, "hostile": hostile, "took": took,
            "table": {r["bot"]: r for r in table}, "before": before,
            "after": {"honest": _digest(HONEST), "hostile": _digest(HOSTILE)},
            "processes_before": processes_before, "processes_after": right_after + sandbox_processes(),
            "pids": arena.sandbox_pids + alone_arena.sandbox_pids}


def test_the_arena_finishes_every_game(runs):
    arena, mixed = runs["arena"], runs["mixed"]
    assert mixed.status == "complete" and len(mixed.games) == arena.total and arena.errors == []
    assert len(runs["hostile"]) == len(EXPECTED) and set(runs["hostile"]) == set(EXPECTED)
    assert runs["took"] < 300
    honest_starts = {name: runs["arena"].starts_by_bot.get(name) for name in runs["honest"]}
    assert honest_starts == {name: 1 for name in runs["honest"]}  # one sandbox each, never restarted


def test_honest_results_between_themselves_are_identical_without_the_hostile_bots(runs):
    honest = set(runs["honest"])

    def between(results):
        return {g.key: (g.score, g.winner, g.reason, g.moves) for g in results.games
                if g.first in honest and g.second in honest}

    alone = between(runs["alone"])
    assert len(alone) == 6 * 5 * 2 and between(runs["mixed"]) == alone


def test_no_honest_bot_is_ever_at_fault(runs):
    for g in runs["mixed"].games:
        assert not set(g.fault) & set(runs["honest"]), g


@pytest.mark.parametrize("bot", sorted(EXPECTED))
def test_each_hostile_bot_loses_only_the_way_it_should(runs, bot):
    row = runs["table"][bot]
    reasons = set(row["lost by"])
    assert reasons <= EXPECTED[bot], row
    if bot in MUST:
        assert MUST[bot] in reasons, row
    if bot == "print_flood":
        assert row["points"] > 0, row  # its output went nowhere and it played


def test_the_spy_saw_nothing_outside_its_sandbox(runs):
    example = runs["table"]["spy"]["example"]
    assert "mem=0 env=0 bots=0" in example, example
    procs = int(example.split("procs=")[1].split()[0])
    assert procs <= 3, example  # bwrap's init, the worker, perhaps the shell's helper: none of the referee's


def test_bot_files_are_unchanged(runs):
    assert runs["after"] == runs["before"]


def test_no_process_or_cgroup_outlives_the_arena(runs):
    assert runs["processes_before"] == [] and runs["processes_after"] == []
    alive = [pid for pid in runs["pids"] if Path(f"/proc/{pid}").exists()]
    assert alive == []
    roots = ("/sys/fs/cgroup/pids", "/sys/fs/cgroup/memory", "/sys/fs/cgroup/unified")
    pattern = f"coursekit-grade-{os.getpid()}-*"
    assert [p for root in roots if Path(root).is_dir() for p in Path(root).rglob(pattern)] == []
