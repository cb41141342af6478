"""Arena speed (issues 22 and 39): matches per second sandboxed against in-process, the cost of one sandboxed move,
a 30-bot round robin of 3-5-11, and a 10-bot round robin sandboxed against in-process.

    python bench/bench_arena.py [--games 100] [--repeat 3] [--bots 30] [--jobs 2] [--skip-round-robin]
                                [--ratio-bots 10] [--skip-ratio]

1. Two bots that think about 1 ms per move (a busy wait, then the smallest winning move / a seeded random move)
   play 3-5-11 from 100, `--games` games, both colours: once each in their grading sandboxes (the arena's referee,
   sandboxes started before the clock), once called in-process by the same referee loop (the same source run in a
   dict namespace). Prints matches per second, the ratio, and the referee's extra time per move.
2. One sandboxed `choose` call that returns at once: the round trip of a move (median of 2,000).
3. A round robin of `--bots` bots (generated 1-ms bots of six kinds) from 100: every ordered pair once
   (30 bots: 870 matches) with `--jobs` jobs, sandbox start-ups included.
4. A round robin of `--ratio-bots` bots (10: 90 matches), one game at a time: `Arena.run` sandboxed (start-ups
   included), the same games by the same referee with the bots' sandboxes started before the clock, and in-process
   (the same seeds: the same moves). Prints both ratios to in-process.
Machines shared with other work give noisy numbers: each figure is the median of --repeat runs, with its range.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from coursekit.arena import Arena, ArenaLimits, load_bots, parse_game  # noqa: E402
from coursekit.arena.referee import Failure, SandboxPlayer  # noqa: E402
from coursekit.arena.schedule import game_seeds  # noqa: E402
from coursekit.sandbox.jail import bwrap  # noqa: E402
from coursekit.sandbox.wire import decode, encode  # noqa: E402

WAIT = '''
import time


def think(seconds=0.001):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass
'''
KINDS = {
    "perfect": WAIT + '''

def choose(state):
    think()
    n, moves = state["n"], state["moves"]
    losing = []
    for k in range(n + 1):
        losing.append(not any(d <= k and losing[k - d] for d in moves))
    wins = [d for d in moves if d <= n and losing[n - d]]
    return wins[0] if wins else moves[0]
''',
    "coin": WAIT + '''
import random


def choose(state):
    think()
    safe = [d for d in state["moves"] if d <= state["n"]]
    return state["n"] if state["n"] in state["moves"] else random.choice(safe or [state["moves"][0]])
''',
    "greedy": WAIT + '''

def choose(state):
    think()
    safe = [d for d in state["moves"] if d <= state["n"]]
    return max(safe) if safe else state["moves"][0]
''',
    "timid": WAIT + '''

def choose(state):
    think()
    return state["moves"][0]
''',
    "mod8": WAIT + '''

def choose(state):
    think()
    return {7: 5, 6: 5, 5: 3, 4: 3, 3: 3}.get(state["n"] % 8, 3)
''',
    "mixed": WAIT + '''
import random


def choose(state):
    think()
    if random.random() < 0.6:
        return {7: 5, 6: 5, 5: 3, 4: 3, 3: 3}.get(state["n"] % 8, 3)
    return random.choice(state["moves"])
''',
}


class InProcessPlayer:
    """The same bot source, run in a dict namespace in this process (no sandbox): the baseline."""

    sandboxed = False

    def __init__(self, bot) -> None:
        self.bot = bot
        self.namespace: dict = {}
        exec(compile("\n".join(bot.cells), bot.name, "exec"), self.namespace)
        self.kept = dict(self.namespace)

    def begin(self, seed: int) -> None:
        import random

        self.namespace.clear()
        self.namespace.update(self.kept)
        if "random" in self.namespace:  # its own generator, seeded as the sandbox seeds the bot's random module
            self.namespace["random"] = random.Random(seed)

    def choose(self, state: dict, seconds: float):
        try:
            return self.namespace["choose"](decode(encode(state)))
        except Exception as error:
            raise Failure("crash", str(error)) from None


def _bots(folder: Path, count: int) -> list[Path]:
    names = list(KINDS)
    paths = []
    for i in range(count):
        kind = names[i % len(names)]
        path = folder / f"{kind}_{i:02d}.py"
        path.write_text(KINDS[kind])
        paths.append(path)
    return paths


def _play(game, players, games: int, limits: ArenaLimits) -> tuple[float, int]:
    """Seconds to play `games` games from 100 (both colours), and the moves made."""
    from coursekit.arena.referee import play_game

    names = [p.bot.name for p in players]
    moves = 0
    started = time.perf_counter()
    for r in range(games // 2):
        for a, b in ((0, 1), (1, 0)):
            key = (names[a], names[b], r, 100)
            record = play_game(game, [players[a], players[b]], r, 100, game_seeds(0, game.spec, key), limits)
            assert not record.reason, record
            moves += len(record.moves)
    return time.perf_counter() - started, moves


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3g} (range {min(values):.3g}-{max(values):.3g})"


def matches_per_second(folder: Path, games: int, repeat: int) -> None:
    game = parse_game("subtraction:3,5,11")
    limits = ArenaLimits()
    bots = load_bots(_bots(folder, 2), game)
    sandboxed = [SandboxPlayer(b, game, limits) for b in bots]
    inproc = [InProcessPlayer(b) for b in bots]
    for p in sandboxed:
        p.begin(0)  # start the sandboxes before the clock (each game is then a fork of its loaded template)
        p.end()
    rows = {"sandbox": [], "in-process": [], "moves": []}
    try:
        for _ in range(repeat):
            seconds, moves = _play(game, sandboxed, games, limits)
            rows["sandbox"].append(seconds)
            seconds_in, moves_in = _play(game, inproc, games, limits)
            rows["in-process"].append(seconds_in)
            assert moves == moves_in, (moves, moves_in)  # the very same games
            rows["moves"].append(moves)
    finally:
        for p in sandboxed:
            p.close()
    moves = rows["moves"][0]
    rate_s = [games / s for s in rows["sandbox"]]
    rate_i = [games / s for s in rows["in-process"]]
    ratio = [s / i for s, i in zip(rows["sandbox"], rows["in-process"])]
    extra = [1000 * (s - i) / moves for s, i in zip(rows["sandbox"], rows["in-process"])]
    print(f"1. 3-5-11 from 100, two 1-ms bots, {games} games ({moves} moves, {moves / games:.1f} a game), "
          f"median of {repeat}:")
    print(f"   sandboxed:  {_spread(rate_s)} matches/s")
    print(f"   in-process: {_spread(rate_i)} matches/s")
    print(f"   sandbox / in-process time per match: {_spread(ratio)} (goal: within 3x)")
    print(f"   the referee's extra time per sandboxed move: {_spread(extra)} ms "
          f"(per match, amortised: {statistics.median(extra) * moves / games:.3g} ms)")
    start = []
    for _ in range(repeat):
        p = SandboxPlayer(bots[0], game, limits)
        t = time.perf_counter()
        p.begin(0)
        start.append(time.perf_counter() - t)
        p.end()
        p.close()
    print(f"   one sandbox start with the bot's source run: {_spread(start)} s (once per bot, not per match)")


def round_trip(repeat: int) -> None:
    from coursekit.arena.bots import Bot

    game = parse_game("subtraction")

    player = SandboxPlayer(Bot("instant", ("def choose(state):\n    return 3\n",)), game, ArenaLimits())
    player.begin(0)
    state = {"n": 100, "moves": (3, 5, 11)}
    medians = []
    try:
        for _ in range(repeat):
            times = []
            for _ in range(2000):
                t = time.perf_counter()
                player.choose(state, 1.0)
                times.append(time.perf_counter() - t)
            medians.append(1000 * statistics.median(times))
    finally:
        player.close()
    print(f"2. one sandboxed move that returns at once (request, choose, reply, decode): {_spread(medians)} ms "
          f"(median of 2,000 calls, {repeat} runs)")


def round_robin(folder: Path, count: int, jobs: int, repeat: int) -> None:
    paths = _bots(folder, count)
    times, starts = [], []
    for _ in range(repeat):
        arena = Arena(paths, "subtraction:3,5,11", rounds=1, starts="100", seed=0, jobs=jobs)
        t = time.perf_counter()
        results = arena.run()
        times.append(time.perf_counter() - t)
        starts.append(arena.sandbox_starts)
        assert results.status == "complete" and not any(g.reason for g in results.games), results.failures()
    print(f"3. round robin of {count} 1-ms bots, 3-5-11 from 100, {arena.total} matches, --jobs {jobs}: "
          f"{_spread(times)} s wall, sandbox starts included ({starts[0]} starts; goal < 300 s)")


def round_robin_ratio(folder: Path, count: int, repeat: int) -> None:
    from coursekit.arena.pool import play_key

    game, limits = parse_game("subtraction:3,5,11"), ArenaLimits()
    paths = _bots(folder, count)
    rows: dict[str, list] = {"run": [], "started": [], "in-process": []}
    for _ in range(repeat):
        arena = Arena(paths, game, rounds=1, starts="100", seed=0, jobs=1, secret="")
        keys = [k for b in arena.batches for k in b.keys]
        t = time.perf_counter()
        results = arena.run()
        rows["run"].append(time.perf_counter() - t)
        assert results.status == "complete" and not any(g.reason for g in results.games), results.failures()
        moves = sum(len(g.moves) for g in results.games)
        sandboxed = {b.name: SandboxPlayer(b, game, limits) for b in arena.bots}
        try:
            for p in sandboxed.values():
                p.begin(0)
                p.end()
            t = time.perf_counter()
            played = [play_key(game, sandboxed, key, 0, limits) for key in keys]
            rows["started"].append(time.perf_counter() - t)
        finally:
            for p in sandboxed.values():
                p.close()
        inproc = {b.name: InProcessPlayer(b) for b in arena.bots}
        t = time.perf_counter()
        anchor = [play_key(game, inproc, key, 0, limits) for key in keys]
        rows["in-process"].append(time.perf_counter() - t)
        assert [r.moves for r in played] == [r.moves for r in anchor], "not the same games"
        assert sum(len(r.moves) for r in anchor) == moves, "not the same games"
    run = [a / b for a, b in zip(rows["run"], rows["in-process"])]
    started = [a / b for a, b in zip(rows["started"], rows["in-process"])]
    print(f"4. round robin of {count} 1-ms bots, 3-5-11 from 100, {len(keys)} matches ({moves} moves), one game at "
          f"a time, median of {repeat}:")
    print(f"   Arena.run sandboxed, {arena.sandbox_starts} sandbox starts included: {_spread(rows['run'])} s")
    print(f"   the same games, sandboxes started before the clock:      {_spread(rows['started'])} s")
    print(f"   in-process:                                              {_spread(rows['in-process'])} s")
    print(f"   sandbox / in-process: {_spread(run)} with start-ups, {_spread(started)} without (goal: within 3x)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bots", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--round-robin-repeat", type=int, default=1)
    parser.add_argument("--skip-round-robin", action="store_true")
    parser.add_argument("--ratio-bots", type=int, default=10)
    parser.add_argument("--skip-ratio", action="store_true")
    args = parser.parse_args()
    if bwrap() is None:
        print("bubblewrap is not installed: nothing to measure", file=sys.stderr)
        return 2
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "pair").mkdir()
        matches_per_second(Path(folder) / "pair", args.games, args.repeat)
        round_trip(args.repeat)
        if not args.skip_round_robin:
            (Path(folder) / "class").mkdir()
            round_robin(Path(folder) / "class", args.bots, args.jobs, args.round_robin_repeat)
        if not args.skip_ratio:
            (Path(folder) / "ten").mkdir()
            round_robin_ratio(Path(folder) / "ten", args.ratio_bots, args.repeat)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
