"""`python -m coursekit arena BOTS... --game G --rounds N --jobs J --out results.json`: the class's round robin.

Every file bot plays in its own grading sandbox (bubblewrap); built-in bots (random, optimal, mcts:N, ...) play in
this process. Each pair meets in every round from every start, each bot moving first once. Finished games are
journalled beside the output as they end; run the same command again after an interruption and only the missing
games are played. Writes the JSON, the leaderboard CSV and the games CSV atomically, then prints the leaderboard.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Optional

from coursetools.argtypes import positive_int, seconds
from coursekit.sandbox.text import clean

# the jobs are the parallelism; a multithreaded BLAS under the bootstrap's many small solves only fights them (a
# 100-bot bootstrap took 35 s instead of 3 s on a loaded 2-core machine). Set before numpy is imported.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")


SANDBOX_HELP = ("play file bots without the bubblewrap sandbox (still in their own processes, but able to read "
                "and change any file this user can, see and signal other processes and use the network); only "
                "for trusted bots on a machine without bwrap")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m coursekit arena", description=__doc__.splitlines()[0])
    parser.add_argument("bots", nargs="+", metavar="BOT",
                        help="bot files (.py, .ipynb), folders of them, or built-in bots: random, optimal, mcts:N, "
                             "mixed:P (subtraction), timid, bold (tournament)")
    parser.add_argument("--game", default="subtraction:3,5,11",
                        help="subtraction[:MOVES] (default subtraction:3,5,11), tictactoe or tournament")
    parser.add_argument("--rounds", type=positive_int, default=1,
                        help="rounds: each pair meets this often per start and colour (tournament: tournaments "
                             "per bot; default 1)")
    parser.add_argument("--starts", default=None,
                        help="start numbers for subtraction games, e.g. 20-50 or 20,30,40 (default 20,26,...,50)")
    parser.add_argument("--jobs", type=positive_int, default=1, help="games at a time (default 1)")
    parser.add_argument("--out", default="results.json", help="the JSON to write (CSVs go beside it)")
    parser.add_argument("--seed", type=int, default=0, help="seed of every random thing (default 0)")
    parser.add_argument("--move-seconds", type=seconds, default=1.0, help="time per move (default 1 s)")
    parser.add_argument("--match-seconds", type=seconds, default=30.0,
                        help="thinking time per bot per game (default 30 s)")
    parser.add_argument("--load-seconds", type=seconds, default=10.0,
                        help="time for a bot's source to run when its sandbox starts (default 10 s)")
    parser.add_argument("--strikes", type=int, default=3,
                        help="time-outs, hangs or deaths after which a bot forfeits the rest (0: never; default 3)")
    parser.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples for the intervals")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="run the games on a Dask cluster, e.g. tcp://10.0.0.5:8786 (pip install coursekit[arena])")
    parser.add_argument("--secret", default=None, metavar="HEX",
                        help="the run's secret (recorded in the results' config) to replay a run exactly; by default "
                             "a new one, or the one of the results being resumed: built-in bots' random streams and "
                             "the tournament's deck depend on it, so no bot can predict them")
    parser.add_argument("--fresh", action="store_true", help="replay every game (ignore earlier results at --out)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--unsafe-no-sandbox", action="store_true", help=SANDBOX_HELP)
    parser.add_argument("--require-limits", action="store_true",
                        help="refuse to run unless a total memory cap per sandbox is in force (cgroup v2, cgroup v1 "
                             "or the memory watchdog)")
    return parser


def main(argv: Optional[list[str]] = None) -> int:
    """Run the round robin named on the command line; 0 when complete, 130 when interrupted."""
    from coursekit.arena.referee import ArenaLimits
    from coursekit.arena.run import Arena, finish_journal
    from coursekit.sandbox.jail import bwrap

    args = _parser().parse_args(argv)
    if not args.unsafe_no_sandbox and bwrap() is None:
        print("cannot run the arena: bubblewrap (bwrap) is not installed, and without it a bot could read its "
              "opponents' files and change the results. Install it (Debian/Ubuntu: apt-get install bubblewrap) or, "
              "for trusted bots only, pass --unsafe-no-sandbox.", file=sys.stderr)
        return 2
    from coursekit.sandbox.limits import announce

    sandbox = ArenaLimits().sandbox
    if not announce("the arena", args.unsafe_no_sandbox, args.require_limits, sandbox.total_memory_mb,
                    sandbox.processes):
        return 2
    out = Path(args.out)
    try:
        if out.suffix.lower() != ".json":
            raise ValueError(f"--out {str(out)!r}: give a .json file name (the CSVs go beside it)")
        if out.is_dir():
            raise ValueError(f"--out {str(out)!r} is a folder; give a file name such as results.json")
        folder = next((p for p in [out.parent, *out.parent.parents] if p.exists()), Path("."))
        if not os.access(folder, os.W_OK | os.X_OK):
            raise ValueError(f"--out {str(out)!r}: cannot write in {str(folder)!r}")
        limits = ArenaLimits(move_seconds=args.move_seconds, match_seconds=args.match_seconds,
                             load_seconds=args.load_seconds, strikes=args.strikes)
        arena = Arena(args.bots, args.game, rounds=args.rounds, starts=args.starts, seed=args.seed,
                      jobs=args.jobs, limits=limits, sandboxed=not args.unsafe_no_sandbox, secret=args.secret)
        if not 0 <= args.bootstrap <= 100_000:
            raise ValueError(f"--bootstrap must be from 0 to 100000, not {args.bootstrap}")
    except ValueError as error:
        print(f"cannot run the arena: {error}", file=sys.stderr)
        return 2
    started = time.monotonic()
    runner = None
    if args.scheduler is not None:
        from coursetools.arena.dask_runner import on_dask

        runner = on_dask(args.scheduler)
    results = arena.run(out=out, resume=not args.fresh, progress=not args.quiet, runner=runner)
    took = time.monotonic() - started
    ratings = results.ratings(bootstrap=args.bootstrap, seed=args.seed)
    paths = results.save(out, ratings)
    if results.status == "complete":
        finish_journal(out)
    played = len(results.games)
    print(f"{results.status}: {played} of {arena.total} games of {arena.game.spec} in {took:.1f} s; "
          + ", ".join(str(p) for p in paths))
    print(format_leaderboard(results.leaderboard(ratings), ratings.method))
    if results.partial:
        print(results.partial)
    if results.unranked():
        print(f"not ranked, no games yet: {', '.join(results.unranked())}")
    failures = results.failures()
    if failures:
        print("\nfailures (each lost that bot its game):")
        for f in failures:
            print(f"  {f['bot']}: {f['reason']} x{f['games']} ({f['seconds']:.1f} s), e.g. {f['example'][:90]}")
    for error in arena.errors:
        print(f"referee error (game left unplayed): {clean(error, 300)}", file=sys.stderr)
    if results.status != "complete":
        print("interrupted: run the same command again to play the missing games", file=sys.stderr)
        return 130
    return 1 if arena.errors else 0


def _note(row: dict) -> str:
    """The scripts of a bot name that is not plain ASCII, so a lookalike (Cyrillic 'а' for Latin 'a') shows."""
    note = row.get("name_scripts", "")
    return f"  [name {note}]" if note else ""


def format_leaderboard(rows: list[dict], method: str) -> str:
    """The leaderboard as aligned text: rank, group, bot, rating with its 95% interval, record, failures."""
    if method == "goal-rate":
        head = f"{'rank':>4} {'group':>5}  {'bot':<24} {'reached goal':>12} {'95% interval':>15} {'games':>6}  failures"
        lines = [head]
        for r in rows:
            lines.append(f"{r['rank']:>4} {r['group']:>5}  {r['bot'][:24]:<24} {r['rating']:>12.3f} "
                         f"{r['low']:>7.3f}-{r['high']:<7.3f} {r['games']:>6}  {r['failures']}{_note(r)}")
        return "\n".join(lines)
    head = f"{'rank':>4} {'group':>5}  {'bot':<24} {'rating':>7} {'95% interval':>15} {'W-D-L':>11}  failures"
    lines = [head]
    for r in rows:
        record = f"{r['wins']}-{r['draws']}-{r['losses']}"
        lines.append(f"{r['rank']:>4} {r['group']:>5}  {r['bot'][:24]:<24} {r['rating']:>7.0f} "
                     f"{r['low']:>7.0f}..{r['high']:<6.0f} {record:>11}  {r['failures']}{_note(r)}")
    lines.append("rating: Bradley-Terry on the Elo scale (mean 0); bots in different groups are told apart at 5%")
    return "\n".join(lines)
