"""What a leaderboard supports pair by pair: the pairs the ratings cannot tell apart, each with its own games.

Lesson 11's table. For two bots a and b: a's wins against b out of their games with the Wilson 95% interval of
a's share (a draw is not a win), and the bootstrap's 95% interval of rating(a) - rating(b) from the resampled
ratings (resamples x bots, Elo points, the draws `fit_ratings` makes; lesson 11 writes them out as `samples`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from coursekit.arena.ratings import Ratings
from coursekit.arena.results import WinMatrix
from coursekit.stats import wilson_interval


class HeadToHead(NamedTuple):
    """a's wins against b, their games, and the Wilson 95% interval of a's share of wins."""

    wins: int
    games: int
    low: float
    high: float


def _index(names: tuple[str, ...], name: str) -> int:
    if name not in names:
        raise ValueError(f"no bot named {name!r}; the bots are {', '.join(names)}")
    return names.index(name)


def head_to_head(matrix: WinMatrix, a: str, b: str) -> HeadToHead:
    """a's wins against b (a draw is not a win), their games, and the Wilson 95% interval of a's share."""
    i, j = _index(matrix.names, a), _index(matrix.names, b)
    wins = int(round(float(matrix.points[i, j]) - 0.5 * float(matrix.draws[i, j])))
    games = int(matrix.games[i, j])
    return HeadToHead(wins, games, *wilson_interval(wins, games))


def rating_difference(samples: np.ndarray, names: tuple[str, ...], a: str, b: str) -> tuple[float, float]:
    """The bootstrap's 95% interval of rating(a) - rating(b): the 2.5% and 97.5% percentiles over the resamples."""
    samples = np.asarray(samples, dtype=float)
    if samples.ndim != 2 or samples.shape[1] != len(names) or len(samples) == 0:
        raise ValueError(f"samples must be resamples x {len(names)} bots of ratings, not shape {samples.shape}")
    gap = samples[:, _index(names, a)] - samples[:, _index(names, b)]
    low, high = np.percentile(gap, [2.5, 97.5])
    return float(low), float(high)


def close_pairs(ratings: Ratings, matrix: WinMatrix, samples: np.ndarray) -> dict[str, dict]:
    """Every pair the ratings cannot tell apart, best first: its games won, Wilson 95% and rating difference's 95%."""
    if tuple(matrix.names) != tuple(ratings.names):
        raise ValueError(f"the win matrix's bots {list(matrix.names)} are not the rated bots {list(ratings.names)}")
    names = tuple(ratings.names)
    order = [names[i] for i in ratings.order()]
    table = {}
    for k, a in enumerate(order):
        for b in order[k + 1:]:
            if ratings.distinguishable(a, b):
                continue
            games = head_to_head(matrix, a, b)
            table[f"{a} vs {b}"] = {
                "won": (games.wins, games.games),
                "Wilson 95%": (round(games.low, 2), round(games.high, 2)),
                "difference (Elo), 95%": tuple(round(x, 1) for x in rating_difference(samples, names, a, b)),
            }
    return table
