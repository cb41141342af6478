"""The class arena: learners' bots play each other, each bot in its own sandbox, the referee outside.

A *bot* is a ``.py`` file or an exercise notebook (its code cells) that defines ``choose(state) -> move``. The
referee, in the instructor's process, owns the game; it shows the bot to move a plain state (only the grader's
wire types: int, float, str, bool, None, tuple, list, dict) and takes back a plain move. An illegal move, a
crash, a hang, garbage or a dead sandbox loses that game for that bot, is logged with its reason, and touches no
other bot. Command line (coursetools.arena.cli): ``python -m coursekit arena BOTS... --game G --rounds N --jobs J
--out results.json``.

Games and the states a bot sees (``coursekit.arena.games``; spec -> ``parse_game``, whose ``.rules`` is the game
object the referee and the built-in bots play: ``SubtractionGame``, ``TicTacToe``, ``TournamentGame``, each with
the protocol of ``coursekit.game_protocol``; a bot's state is that object's ``observe(state)``):

- ``"subtraction:3,5,11"`` (``"subtraction"`` = 3-5-11, any move set allowed): ``{"n": 17, "moves": (3, 5, 11)}``
  -> an int of ``moves``. Reaching exactly 0 wins, below 0 loses. Starts: start numbers (default 20, 26, ..., 50).
- ``"tictactoe"``: ``{"board": "x.o......", "player": "x"}`` (cells row by row, "." empty, "x" first) -> a cell
  0..8 that is empty. A full board without a line is a draw (half a point each).
- ``"tournament"`` (source text 004; one bot plays alone, 100 -> 200 EUR, bets from 10):
  ``{"decision": "bet", "bankroll": 100, "first_card": "7", "goal": 200, "min_bet": 10}`` -> an int bet from
  min_bet to the bankroll; ``{"decision": "hit", "bankroll": 100, "bet": 20, "cards": ("7", "K"), "goal": 200,
  "min_bet": 10}`` -> True (hit) or False (stand). Ranked by the share of tournaments reaching the goal (Wilson
  interval); tournament r deals the same cards to every bot (its deck seed depends on --seed and r only).

Bots (``coursekit.arena.bots``): ``load_bots(["bots/", "random", "optimal", "mcts:1000"], game) -> list[Bot]``:
files and folders of ``.py``/``.ipynb`` (named by file stem), plus built-ins by name: ``random``, ``optimal``,
``mcts:N``, ``mixed:P`` (subtraction), ``timid``, ``bold`` (tournament). Built-ins run in the referee's process
(trusted course code; timed, not limited); file bots always run sandboxed. A bot's source runs once per sandbox; each
of its games is a fresh fork of what the source left, with ``random`` (and numpy's global generator) seeded from the
game's key, so ``choose`` cannot carry memory from one game to the next, and every result is reproducible.

Running (``coursekit.arena.run``)::

    arena = Arena(bots, game="subtraction:3,5,11", rounds=1, starts=None, seed=0, jobs=2,
                  limits=ArenaLimits(move_seconds=1.0, match_seconds=30.0), sandboxed=True)
    results = arena.run(out="results.json", on_game=callback, stop=threading.Event(), progress=True)
    results.save("results.json")          # JSON + results.csv (leaderboard) + results.games.csv, atomically

``arena.total`` is the number of games, ``arena.errors`` the referee's own errors (those games stay unplayed),
``arena.sandbox_starts``, ``arena.starts_by_bot`` and ``arena.sandbox_pids`` what was started;
``arena.snapshot()`` returns the results so far from another thread (a dashboard's timer);
``on_game(record, done, total)`` is called after each game from a worker thread; setting ``stop`` ends the run
after the games in progress (results.status "interrupted"; run again with the same ``out`` to resume: finished
games are not replayed). ``runner=coursetools.arena.dask_runner.on_dask("tcp://host:8786")`` (the instructors'
tools; or a ``distributed.Client``) plays the batches on Dask workers instead of threads (extra ``arena``).

Results (``coursekit.arena.results.Results``): ``.games`` (list of ``GameRecord``), ``.standings()``,
``.win_matrix()`` (``WinMatrix``: ``names``, ``points``, ``games``, ``draws``, ``.rate``), ``.failures()`` (per
bot and reason: games, seconds, an example), ``.ratings(bootstrap=1000, seed=0) -> Ratings``,
``.leaderboard(ratings)``, ``.game(first, second, round, start)`` (one record, for a replay),
``Results.load(path)``.

A ``GameRecord``: ``game``, ``first``, ``second`` (None alone), ``round``, ``start``, ``score`` (seat 0's
points: 1, 0.5, 0), ``winner`` (a name, None for a draw or a tournament not won), ``reason`` ("" when played to
the end, else a key of ``REASONS``: illegal, garbage, crash, timeout, budget, hung, died, load, start,
disqualified), ``fault`` (names at fault), ``fault_reasons`` (each one's reason), ``detail``, ``moves`` (every
move as played), ``course`` (subtraction: the numbers on the board, start first; tic-tac-toe: []; tournament:
the bankroll after each round), ``seconds`` (thinking time per seat), ``digests``. A replay: subtraction walks
``course``; tic-tac-toe puts "x", "o", "x", ... on the cells of ``moves``, from the start board.

Ratings (``coursekit.arena.ratings.Ratings``): ``names``, ``method`` ("bradley-terry": Elo scale, mean 0; or
"goal-rate"), ``rating``, ``low``, ``high`` (95% bootstrap percentile interval, or Wilson), ``games``,
``points``, ``distinct[i][j]`` (bots i and j distinguishable at 5%), ``.distinguishable(a, b)``, ``.order()``,
``.groups()``, ``.table()``. ``fit_ratings(names, points, draws, bootstrap, seed)`` and ``bradley_terry(points)``
work on any matrix. Pair by pair (``coursekit.arena.pairs``): ``close_pairs(ratings, matrix, samples)``, the pairs
the ratings cannot tell apart with their ``head_to_head(matrix, a, b)`` games and ``rating_difference(samples,
names, a, b)`` intervals (lesson 11's table).

Limits (``ArenaLimits``): ``move_seconds`` 1, ``match_seconds`` 30 (a bot's thinking per game), ``load_seconds``
10 (its source, once per sandbox), ``grace`` 1 (past a limit before a silent sandbox is killed), ``strikes`` 3
(time-outs, hangs, deaths after which a bot forfeits the rest: which later games those are depends on the order
games are played in, so only a bot that keeps failing is affected), ``sandbox`` (``sandbox.Limits``: 1 GB
per process, 1.5 GB in all, 32 processes).

The referee alone (what exercise 11's grading uses; nothing else of the arena's modules is public):
``play_game(game, players, round, start, seeds, limits) -> GameRecord`` with players that have ``bot``,
``sandboxed``, ``begin(seed)``, ``choose(observation, seconds)`` and ``close()`` (``BuiltinPlayer(Bot(name,
builtin=name), game)`` for a built-in, which plays the game's own state with ``move(state, seconds)``; raise
``Failure(reason, detail)`` to forfeit), and ``game_seeds(seed, spec, key)`` for the seeds of a game key.

Pictures: ``coursekit.plots.arena``: ``plot_ratings(ratings, ax=None)``, ``plot_win_matrix(matrix, ax=None)``,
``plot_arena(results, ratings=None)``.
"""

from __future__ import annotations

import importlib
from typing import Any

# name -> module: imported on first use, so a bot's sandbox can import coursekit.sandbox.botside alone
_EXPORTS = {
    "Bot": "bots", "builtin_player": "bots", "builtins_for": "bots", "load_bots": "bots",
    "ArenaGame": "games", "BadMove": "games", "parse_game": "games",
    "Ratings": "ratings", "bradley_terry": "ratings", "fit_ratings": "ratings", "goal_rates": "ratings",
    "REASONS": "referee", "ArenaLimits": "referee", "GameRecord": "referee", "play_game": "referee",
    "BuiltinPlayer": "referee", "Failure": "referee", "game_seeds": "schedule",
    "Results": "results", "WinMatrix": "results", "Arena": "run",
    "HeadToHead": "pairs", "close_pairs": "pairs", "head_to_head": "pairs", "rating_difference": "pairs",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """The public names, imported from their modules on first use."""
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f"coursekit.arena.{_EXPORTS[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'coursekit.arena' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
