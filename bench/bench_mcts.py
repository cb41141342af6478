"""Benchmark for lessons 08-09: MCTS iterations per second, ours against OpenSpiel's Python MCTSBot, and the
accuracy of plain and transposition search by budget on the 3-5-11 game.

Run: `.venv/bin/python bench/bench_mcts.py` (add `--quick` for a short run). OpenSpiel is optional and used only
here: `.venv/bin/pip install -r bench/requirements.txt`. Without it the script says so, prints our figures and
exits 0.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import sys
import time

from coursekit.mcts import MCTS
from coursekit.search_yardsticks import accuracy
from coursekit.subtraction import SubtractionGame

GAME = SubtractionGame()
BAR = 20  # issue 39: at least 20x OpenSpiel's iterations per CPU second at n = 30, 60 and 100
WINNING_STARTS = [n for n in range(12, 101) if not GAME.is_losing(n)]


def machine() -> str:
    """A one-line description of this machine."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def ours_rate(n: int, simulations: int, repeats: int, transpositions: bool = False, readable: bool = False) -> float:
    """Our iterations per CPU second on the 3-5-11 game from n (best of `repeats` runs).

    readable: one call of the four readable phase methods per iteration (`MCTS.iterate`, the engine before issue
    39, still what a traced run uses) instead of the untraced loop `search` runs.
    """
    best = 0.0
    for seed in range(repeats):
        search = MCTS(GAME, seed=seed, transpositions=transpositions)
        t = time.process_time()
        if readable:
            search.reset(GAME.start(n))
            for _ in range(simulations):
                search.iterate()
        else:
            search.search(GAME.start(n), simulations)
        best = max(best, simulations / (time.process_time() - t))
    return best


def openspiel_game():
    """The 3-5-11 game registered as an OpenSpiel Python game (None if open_spiel is missing)."""
    try:
        import numpy as np  # noqa: F401
        import pyspiel
    except ImportError:
        return None
    moves = GAME.move_set
    max_n = 200
    game_type = pyspiel.GameType(
        short_name="python_subtraction_3_5_11", long_name="Python 3-5-11 subtraction game",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION, utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL, max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"start": 100})
    game_info = pyspiel.GameInfo(num_distinct_actions=len(moves), max_chance_outcomes=0, num_players=2,
                                 min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                 max_game_length=max_n // min(moves) + 1)

    class SubtractionState(pyspiel.State):
        """n on the board, the player to move (0 or 1); action i subtracts moves[i]."""

        def __init__(self, game, n):
            super().__init__(game)
            self.n, self.player = n, 0

        def current_player(self):
            return pyspiel.PlayerId.TERMINAL if self.n <= 0 else self.player

        def _legal_actions(self, player):
            return list(range(len(moves)))

        def _apply_action(self, action):
            self.n -= moves[action]
            self.player = 1 - self.player

        def _action_to_string(self, player, action):
            return f"-{moves[action]}"

        def is_terminal(self):
            return self.n <= 0

        def returns(self):
            if self.n > 0:
                return [0.0, 0.0]
            winner = 1 - self.player if self.n == 0 else self.player   # 0 made by the last mover wins
            return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

        def __str__(self):
            return f"{self.n}:{self.player}"

    class SubtractionOSGame(pyspiel.Game):
        """OpenSpiel's view of the game."""

        def __init__(self, params=None):
            params = params or {}
            super().__init__(game_type, game_info, params)
            self.start_n = int(params.get("start", 100))

        def new_initial_state(self):
            return SubtractionState(self, self.start_n)

    pyspiel.register_game(game_type, SubtractionOSGame)
    return pyspiel


def openspiel_search_rate(pyspiel, n: int, simulations: int, seed: int) -> float:
    """OpenSpiel's MCTSBot (random rollouts, MCTS-Solver off): iterations per CPU second of one search from n."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_subtraction_3_5_11", {"start": n})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2 ** 0.5, max_simulations=simulations, evaluator=evaluator,
                       solve=False, random_state=rng)
    state = game.new_initial_state()
    t = time.process_time()
    root = bot.mcts_search(state)
    return root.explore_count / (time.process_time() - t)


def paired_rates(pyspiel, n: int, simulations: int, pairs: int, searches: int) -> tuple[list, list]:
    """Our and OpenSpiel's iterations per CPU second from n, measured side by side in `pairs` pairs.

    This machine's speed drifts by up to 1.5x between runs a few seconds apart (the same search, n = 60: 214k and
    142k iterations per second), so each pair measures ours and OpenSpiel's one right after the other: ours over
    `searches` searches of different seeds (about as many CPU seconds as one of OpenSpiel's), then one of
    OpenSpiel's. The ratio is taken within each pair.
    """
    ours, theirs = [], []
    for pair in range(pairs):
        seeds = range(pair * searches, (pair + 1) * searches)
        t = time.process_time()
        for seed in seeds:
            MCTS(GAME, seed=seed).search(GAME.start(n), simulations)
        ours.append(searches * simulations / (time.process_time() - t))
        theirs.append(openspiel_search_rate(pyspiel, n, simulations, pair))
    return ours, theirs


def openspiel_accuracy(pyspiel, simulations: int, seeds) -> float:
    """Share of winning starts 12..100 where OpenSpiel's MCTSBot picks a winning move."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    hits = total = 0
    for seed in seeds:
        for n in WINNING_STARTS:
            game = pyspiel.load_game("python_subtraction_3_5_11", {"start": n})
            rng = np.random.RandomState(seed)
            bot = mcts.MCTSBot(game, uct_c=2 ** 0.5, max_simulations=simulations, solve=False, random_state=rng,
                               evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng))
            action = bot.step(game.new_initial_state())
            hits += GAME.move_set[action] in GAME.winning_moves(n)
            total += 1
    return hits / total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer budgets, seeds and repeats")
    args = parser.parse_args(argv)
    os.environ.setdefault("COURSEKIT_PROGRESS", "0")  # no progress bars between the table rows
    budgets = (100, 300, 1000) if args.quick else (100, 300, 1000, 3000)
    seeds = (0, 1) if args.quick else (0, 1, 2)
    simulations, repeats = (1000, 2) if args.quick else (3000, 3)
    pairs, paired = (3 if args.quick else 7), []

    print(f"# MCTS benchmark, {datetime.date.today().isoformat()}, {machine()}")
    print()
    print("## Iterations per CPU second on the 3-5-11 game (random rollouts, UCT c = sqrt(2), best of "
          f"{repeats} searches of {simulations} iterations; OpenSpiel's: best of the {pairs} below)")
    pyspiel = openspiel_game()
    if pyspiel is None:
        print("open_spiel is not installed: OpenSpiel's figures are skipped "
              "(`.venv/bin/pip install -r bench/requirements.txt` to add them).")
    print()
    with open("/proc/loadavg") as f:
        print(f"load: {f.read().strip()}")
    print()
    print("| start n | ours (tree) | ours (transpositions) | ours, readable phases (before issue 39) "
          "| OpenSpiel MCTSBot (Python game) | ours / OpenSpiel | readable / OpenSpiel |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    ratios = []
    for n in (30, 60, 100):
        ours = ours_rate(n, simulations, repeats)
        shared = ours_rate(n, simulations, repeats, transpositions=True)
        readable = ours_rate(n, simulations, repeats, readable=True)
        if pyspiel is not None:
            mine, theirs = paired_rates(pyspiel, n, simulations, pairs, searches=10)
            within = sorted(a / b for a, b in zip(mine, theirs))
            ratios.append(statistics.median(within))
            paired.append(f"| {n} | {statistics.median(mine):,.0f} | {statistics.median(theirs):,.0f} | "
                          f"{ratios[-1]:.1f}x | {within[0]:.1f}x-{within[-1]:.1f}x |")
            fastest = max(theirs)  # OpenSpiel's best of the pairs' searches
            print(f"| {n} | {ours:,.0f} | {shared:,.0f} | {readable:,.0f} | {fastest:,.0f} | {ours / fastest:.1f}x "
                  f"| {readable / fastest:.1f}x |")
        else:
            print(f"| {n} | {ours:,.0f} | {shared:,.0f} | {readable:,.0f} | - | - | - |")
    if ratios:
        print()
        print(f"## Ours against OpenSpiel side by side: {pairs} pairs, each one search of {simulations} iterations of "
              "OpenSpiel's right after 10 of ours (the machine's speed drifts between runs)")
        print()
        print("| start n | ours | OpenSpiel | ours / OpenSpiel (median of pairs) | range over pairs |")
        print("|---:|---:|---:|---:|---:|")
        print("\n".join(paired))
        verdict = "meets" if min(ratios) >= BAR else "MISSES"
        print(f"\nSlowest ratio {min(ratios):.1f}x (median of the pairs): {verdict} the bar of {BAR}x (issue 39).")

    print()
    print(f"## Accuracy: share of the {len(WINNING_STARTS)} winning starts 12..100 where the search picks a "
          f"winning move (seeds {', '.join(map(str, seeds))}; picking at random: 60%)")
    print()
    header = "| iterations | plain UCT | transpositions |" + (" OpenSpiel MCTSBot |" if pyspiel else "")
    print(header)
    print("|---:|---:|---:|" + ("---:|" if pyspiel else ""))
    states = [GAME.start(n) for n in WINNING_STARTS]
    correct = lambda s: GAME.winning_moves(s.n)  # noqa: E731
    for budget in budgets:
        plain = accuracy(GAME, states, correct, budget, seeds=seeds)
        shared = accuracy(GAME, states, correct, budget, seeds=seeds, transpositions=True)
        row = f"| {budget} | {plain:.1%} | {shared:.1%} |"
        if pyspiel is not None:
            row += f" {openspiel_accuracy(pyspiel, budget, seeds[:1]):.1%} (seed 0) |" if budget <= 1000 else " - |"
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
