"""Figures for issue 5: game tree vs positions, periods of move sets, tournament win rates, speed."""

from __future__ import annotations

import time
from itertools import combinations

from coursekit.subtraction import (SubtractionGame, mixed, optimal, random_player, source_playout, source_random_player,
                                   tournament)


def main() -> None:
    game = SubtractionGame()
    print("game tree nodes / finished games vs positions (moves 3, 5, 11)")
    for n in (10, 20, 30, 40, 50, 100, 200):
        print(f"  n={n:4d}: tree {game.game_tree_size(n):>26,d}  leaves {game.game_tree_leaves(n):>26,d}"
              f"  positions {n + 1}")
    print(f"  growth per step near n=300: {game.game_tree_size(301) / game.game_tree_size(300):.6f}")

    print("\nperiods (start, length)")
    for moves in [(3, 5, 11), (3, 5), (3, 5, 8), (1, 2), (1, 3, 4), (2, 4, 7), (3, 5, 9), (4, 6, 11), (2, 5, 11),
                  (1, 8, 11)]:
        print(f"  {moves}: {SubtractionGame(moves).period()}")
    t = time.perf_counter()
    periods = {m: SubtractionGame(m).period() for k in (1, 2, 3) for m in combinations(range(1, 16), k)}
    elapsed = time.perf_counter() - t
    longest = max(periods.items(), key=lambda kv: kv[1][1])
    latest = max(periods.items(), key=lambda kv: kv[1][0])
    print(f"  all {len(periods)} sets of 1-3 moves from 1..15 in {elapsed:.2f} s: longest period {longest}, "
          f"latest start {latest}, periodic from 0: {sum(p[0] == 0 for p in periods.values())}")

    t = time.perf_counter()
    SubtractionGame((3, 5, 11)).losing_positions(10**6)
    print(f"\nlosing_positions(1e6): {time.perf_counter() - t:.2f} s")

    print("\ntournament, starts 20..50 from both sides, 20 rounds (row's win rate [95% interval])")
    players = {"optimal": optimal, "mixed(0.9)": mixed(0.9), "mixed(0.5)": mixed(0.5), "random": random_player,
               "source random": source_random_player}
    t = time.perf_counter()
    result = tournament(players, rounds=20, seed=1)
    games = sum(m.games for (a, b), m in result.matches.items() if a <= b)
    print(f"  {games} games in {time.perf_counter() - t:.2f} s")
    for a in result.names:
        cells = []
        for b in result.names:
            m = result.matches[(a, b)]
            cells.append(f"{m.rate:.3f} [{m.interval[0]:.3f}, {m.interval[1]:.3f}]")
        print(f"  {a:>12}: " + " | ".join(cells))

    wrong = [source_playout(source_random_player, source_random_player, range(20, 51), seed=s) for s in range(5000)]
    print(f"\nR playout(): wrong winner in {sum(g.wrong for g in wrong)} of {len(wrong)} random-vs-random games "
          f"(games ending at 0: {sum(g.playout.course[-1] == 0 for g in wrong)})")


if __name__ == "__main__":
    main()
