"""Benchmark for lesson 03: the exact solver against source text 002's own exact method, and simulated games per second.

Run: .venv/bin/python bench/bench_blackjack.py [--quick]
Times are CPU seconds of this process (time.process_time), so other jobs on the machine disturb them less.
The source's method runs once (it takes seconds); exact_outcomes runs 5 times with its caches cleared (warm: after one
call that paid for numpy's lazy imports); the best run counts, and the ratio against the median run is printed too.
The first call in a fresh interpreter (cold) is measured by bench/bench_exact.py.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import source002_exact

from coursekit import blackjack_exact
from coursekit.blackjack import exact_outcomes, simulate


def cpu(fn, *args, **kwargs):
    """(result, CPU seconds) of one call."""
    start = time.process_time()
    result = fn(*args, **kwargs)
    return result, time.process_time() - start


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    (lose, win, draw, simulated), source_seconds = cpu(source002_exact.source_exact)
    print(f"source text 002's method (reader matthew's Python, {simulated} player states re-simulated for the dealer):")
    print(f"  lose {lose:.6f}  win {win:.6f}  draw {draw:.6f}   {source_seconds:.2f} s CPU")
    exact_outcomes(1)  # first call of the process: lazy numpy imports; then every timed run starts cold
    runs = []
    for _ in range(5):
        blackjack_exact.clear_caches()
        exact, seconds = cpu(exact_outcomes, 1)
        runs.append(seconds)
    best, median = min(runs), sorted(runs)[len(runs) // 2]
    print("coursekit.blackjack.exact_outcomes(decks=1), exact fractions, warm (caches cleared):")
    print(f"  lose {float(exact['lose']):.6f}  win {float(exact['win']):.6f}  draw {float(exact['draw']):.6f}   "
          f"{best * 1000:.1f} ms CPU (best of 5; all: {', '.join(f'{r * 1000:.0f}' for r in runs)} ms)")
    print(f"  exact lose = {exact['lose']}")
    gap = max(abs(float(exact[k]) - v) for k, v in (("lose", lose), ("win", win), ("draw", draw)))
    print(f"  largest difference from the source's floats: {gap:.1e}")
    print(f"speed ratio (source's method / exact_outcomes): {source_seconds / best:.0f}x "
          f"(against the median run: {source_seconds / median:.0f}x)")
    for decks in (6, 8, None):
        result, seconds = cpu(exact_outcomes, decks)
        print(f"exact_outcomes(decks={decks}): win {float(result['win']):.6f} lose {float(result['lose']):.6f} "
              f"draw {float(result['draw']):.6f}   {seconds:.2f} s CPU")
    games = 200_000 if quick else 1_000_000
    for decks in (1, 6, None):
        simulate(10_000, decks=decks, seed=0, progress=False)  # warm up imports
        counts, seconds = cpu(simulate, games, decks=decks, seed=1, progress=False)
        rate = games / seconds
        print(f"simulate({games:,} games, decks={decks}): {counts}   {seconds:.2f} s CPU, {rate:,.0f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
