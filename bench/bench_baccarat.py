"""Baccarat speeds the course claims: simulated coups per second and the time of the exact enumeration."""

from __future__ import annotations

import math
import time

from coursekit.baccarat import OUTCOMES, clear_caches, exact_counts, exact_odds, house_edge, simulate


def coups_per_second(coups: int, decks, seed: int = 1) -> float:
    """Simulate once to warm up, then time one run."""
    simulate(100_000, decks=decks, seed=seed, progress=False)
    start = time.perf_counter()
    simulate(coups, decks=decks, seed=seed, progress=False)
    return coups / (time.perf_counter() - start)


def enumeration_seconds(decks, repeats: int = 5) -> float:
    """Best of `repeats` warm runs of exact_counts (its cache cleared each time; cold runs: bench_exact.py)."""
    best = math.inf
    for _ in range(repeats):
        clear_caches()
        start = time.perf_counter()
        exact_counts(decks)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Print the figures."""
    for decks in (8, 1):
        print(f"simulate, {decks} deck(s): {coups_per_second(10_000_000, decks) / 1e6:.1f} million coups/s")
    for decks in (8, 1, math.inf):
        print(f"exact_odds({decks}), warm: {enumeration_seconds(decks) * 1000:.1f} ms")
    odds = exact_odds(8)
    print("8 decks exact: " + ", ".join(f"{k} {float(odds[k]):.6f}" for k in OUTCOMES))
    print("8 decks house edge: " + ", ".join(f"{k} {float(house_edge(k)) * 100:.4f}%" for k in OUTCOMES))


if __name__ == "__main__":
    main()
