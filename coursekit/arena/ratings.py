"""Ratings with honest uncertainty: Bradley-Terry by maximum likelihood, bootstrap intervals, distinguishable ranks.

The model: bot i beats bot j with probability 1 / (1 + exp(-(t_i - t_j))). A draw counts half a win to each. The
strengths t maximise the log-likelihood sum_ij points_ij * log sigma(t_i - t_j), found by Newton's method (the
log-likelihood is concave). A bot that won (or lost) every game would have an infinite rating, so every bot also
gets `prior` virtual drawn games against an average bot (t = 0): a mild pull towards the middle that keeps every
rating finite. Ratings are shown on the Elo scale (400 / ln 10 times t, so 400 points are 10:1 odds), centred on
the bots' mean.

The 95% interval of each rating is a percentile bootstrap over games: each pair's games are resampled with
replacement (a multinomial draw of its wins, draws and losses), the model is refitted, and the 2.5% and 97.5%
quantiles of each centred rating are kept. Two bots are *distinguishable* when the bootstrap interval of their
rating difference leaves out 0 (a pairwise test at the 5% level, not corrected for many pairs); `groups()` walks
down the ranking and opens a new group at the first bot distinguishable from the group's leader.

For a bot playing alone (the tournament) `goal_rates` ranks by the share of tournaments that reached the goal,
with Wilson 95% intervals; two bots are distinguishable when their intervals do not overlap (conservative).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from numbers import Integral
from typing import Optional, Sequence

import numpy as np

from coursekit.rng import Seed, as_generator

ELO = 400 / math.log(10)
MAX_BOOTSTRAP = 100_000
MAX_NEWTON = 100
TIE = 1e-6  # Elo points: ratings (and bootstrap differences) closer than this are equal, whatever the last bits say
BATCH_CELLS = 4_000_000  # resamples x bots x bots fitted at once (32 MB a matrix)


@dataclass(frozen=True)
class Ratings:
    """A rating per bot with its 95% interval, and which pairs of bots the data tell apart."""

    names: tuple[str, ...]
    method: str  # "bradley-terry" (Elo scale, mean 0) or "goal-rate" (share of tournaments won)
    rating: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    games: tuple[int, ...]
    points: tuple[float, ...]
    distinct: tuple[tuple[bool, ...], ...]  # distinct[i][j]: i and j are distinguishable at the 5% level
    bootstrap: int = 0
    seed: Optional[int] = None

    def order(self) -> list[int]:
        """Bot indices from the best rating down (ties, to TIE, by name: never by the solver's last bits)."""
        return sorted(range(len(self.names)), key=lambda i: (-round(self.rating[i] / TIE), self.names[i]))

    def distinguishable(self, a: str, b: str) -> bool:
        """True when the data tell bots a and b apart (for Bradley-Terry: their difference's interval leaves out 0)."""
        for name in (a, b):
            if name not in self.names:
                raise ValueError(f"no bot named {name!r}; the bots are {', '.join(self.names)}")
        return self.distinct[self.names.index(a)][self.names.index(b)]

    def groups(self) -> list[list[str]]:
        """The ranking cut into groups: a new group starts at the first bot distinguishable from the group's leader."""
        out: list[list[int]] = []
        for i in self.order():
            if out and not self.distinct[out[-1][0]][i]:
                out[-1].append(i)
            else:
                out.append([i])
        return [[self.names[i] for i in group] for group in out]

    def table(self) -> list[dict]:
        """The leaderboard: rank, bot, rating, 95% interval, games, points, group (1 = the best group)."""
        group_of = {name: g for g, members in enumerate(self.groups(), 1) for name in members}
        rows = []
        for rank, i in enumerate(self.order(), 1):
            rows.append({"rank": rank, "bot": self.names[i], "rating": round(self.rating[i], 3),
                         "low": round(self.low[i], 3), "high": round(self.high[i], 3), "games": self.games[i],
                         "points": self.points[i], "group": group_of[self.names[i]]})
        return rows

    def as_dict(self) -> dict:
        """A JSON-ready dict (with the table and the groups)."""
        data = asdict(self)
        data["table"], data["groups"] = self.table(), self.groups()
        return data


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1 + np.tanh(0.5 * x))


def _loglik(theta: np.ndarray, points: np.ndarray, prior: float) -> float:
    d = theta[:, None] - theta[None, :]
    with np.errstate(divide="ignore"):
        ll = float((points * np.log(np.maximum(_sigmoid(d), 1e-300))).sum())
    return ll + prior * float((0.5 * np.log(_sigmoid(theta)) + 0.5 * np.log(_sigmoid(-theta))).sum())


def bradley_terry(points: np.ndarray, prior: float = 1.0, start: Optional[np.ndarray] = None) -> np.ndarray:
    """Strengths t (natural log odds scale) maximising the Bradley-Terry likelihood; points[i, j] = i's points vs j."""
    points = np.asarray(points, dtype=float)
    if points.ndim != 2 or points.shape[0] != points.shape[1] or (points < 0).any() or not np.isfinite(points).all():
        raise ValueError(f"points must be a square matrix of points >= 0, not an array of shape {points.shape}")
    if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not 0 < prior < 1e6:
        raise ValueError(f"prior must be a positive number of virtual games, not {prior!r}")
    n = len(points)
    points = points.copy()
    np.fill_diagonal(points, 0)
    games = points + points.T
    theta = np.zeros(n) if start is None else np.array(start, dtype=float)
    value = _loglik(theta, points, prior)
    for _ in range(MAX_NEWTON):
        p = _sigmoid(theta[:, None] - theta[None, :])
        s = _sigmoid(theta)
        gradient = (points - games * p).sum(axis=1) + prior * (0.5 - s)
        w = games * p * (1 - p)
        hessian = w - np.diag(w.sum(axis=1) + prior * s * (1 - s))
        step = np.linalg.solve(hessian, -gradient)
        scale = 1.0
        while True:
            trial = theta + scale * step
            trial_value = _loglik(trial, points, prior)
            if trial_value >= value - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, value = trial, trial_value
        if np.max(np.abs(scale * step)) < 1e-10:
            break
    return theta


def _bradley_terry_batch(points: np.ndarray, prior: float, start: np.ndarray) -> np.ndarray:
    """Many fits at once (points: resamples x n x n) by Newton's method from `start`, steps capped at 2; a resample
    that has not converged after MAX_NEWTON steps is refitted alone with the line search of `bradley_terry`."""
    size, n, _ = points.shape
    games = points + points.transpose(0, 2, 1)
    theta = np.tile(np.asarray(start, dtype=float), (size, 1))
    eye = np.eye(n)
    for _ in range(MAX_NEWTON):
        p = _sigmoid(theta[:, :, None] - theta[:, None, :])
        s = _sigmoid(theta)
        gradient = (points - games * p).sum(axis=2) + prior * (0.5 - s)
        w = games * p * (1 - p)
        hessian = w - eye * (w.sum(axis=2) + prior * s * (1 - s))[:, :, None]
        step = np.linalg.solve(hessian, -gradient[:, :, None])[:, :, 0]
        largest = np.abs(step).max(axis=1, keepdims=True)
        step *= np.minimum(1.0, 2.0 / np.maximum(largest, 1e-300))
        theta += step
        if largest.max() < 1e-9:
            return theta
    for b in np.flatnonzero(np.abs(step).max(axis=1) >= 1e-9):
        theta[b] = bradley_terry(points[b], prior, start=start)
    return theta


def _pair_counts(points: np.ndarray, draws: np.ndarray) -> tuple:
    """Per pair i < j: (i, j, wins of i, draws, wins of j)."""
    n = len(points)
    iu, ju = np.triu_indices(n, 1)
    d = draws[iu, ju]
    wi = points[iu, ju] - 0.5 * d
    wj = points[ju, iu] - 0.5 * d
    keep = (wi + wj + d) > 0
    return iu[keep], ju[keep], np.rint(wi[keep]).astype(np.int64), np.rint(d[keep]).astype(np.int64), \
        np.rint(wj[keep]).astype(np.int64)


def fit_ratings(names: Sequence[str], points: np.ndarray, draws: Optional[np.ndarray] = None, bootstrap: int = 1000,
                seed: Seed = 0, prior: float = 1.0) -> Ratings:
    """Bradley-Terry ratings (Elo scale, mean 0) with bootstrap 95% intervals and distinguishable pairs.

    points[i, j]: i's points against j (a win 1, a draw 1/2); draws[i, j] = draws[j, i]: drawn games of the pair.
    Cost: about bootstrap x 5 Newton steps of n x n solves (30 bots, 1000 resamples: 1.6 s on a loaded 2-core
    machine; single-threaded BLAS is fastest, see coursetools.arena.cli).
    """
    names = tuple(names)
    points = np.asarray(points, dtype=float)
    n = len(names)
    if points.shape != (n, n):
        raise ValueError(f"points must be a {n} x {n} matrix for {n} bots, not shape {points.shape}")
    draws = np.zeros((n, n)) if draws is None else np.asarray(draws, dtype=float)
    if isinstance(bootstrap, bool) or not isinstance(bootstrap, Integral) or not 0 <= bootstrap <= MAX_BOOTSTRAP:
        raise ValueError(f"bootstrap must be a whole number of resamples from 0 to {MAX_BOOTSTRAP:,}, "
                         f"not {bootstrap!r}")
    theta = bradley_terry(points, prior)
    rating = ELO * (theta - theta.mean())
    games = (points + points.T).sum(axis=1)
    if bootstrap == 0 or n < 2:
        low, high = rating.copy(), rating.copy()
        distinct = np.zeros((n, n), dtype=bool)
    else:
        rng = as_generator(seed)
        iu, ju, wi, d, wj = _pair_counts(points, draws)
        totals = wi + d + wj
        probabilities = np.stack([wi, d, wj], axis=1) / totals[:, None]
        samples = np.empty((bootstrap, n))
        chunk = max(1, BATCH_CELLS // (n * n))
        for first in range(0, bootstrap, chunk):
            size = min(chunk, bootstrap - first)
            counts = np.stack([rng.multinomial(totals, probabilities) for _ in range(size)])
            resampled = np.zeros((size, n, n))
            resampled[:, iu, ju] = counts[:, :, 0] + 0.5 * counts[:, :, 1]
            resampled[:, ju, iu] = counts[:, :, 2] + 0.5 * counts[:, :, 1]
            t = _bradley_terry_batch(resampled, prior, theta)
            samples[first:first + size] = ELO * (t - t.mean(axis=1, keepdims=True))
        low, high = np.percentile(samples, [2.5, 97.5], axis=0)
        distinct = np.zeros((n, n), dtype=bool)
        for i in range(n):
            diff = samples[:, [i]] - samples
            lo, hi = np.percentile(diff, [2.5, 97.5], axis=0)
            distinct[i] = (lo > TIE) | (hi < -TIE)
        np.fill_diagonal(distinct, False)
    return Ratings(names, "bradley-terry", tuple(float(x) for x in rating), tuple(float(x) for x in low),
                   tuple(float(x) for x in high), tuple(int(round(g)) for g in games),
                   tuple(float(x) for x in points.sum(axis=1)), tuple(tuple(bool(x) for x in row) for row in distinct),
                   bootstrap, seed if isinstance(seed, int) else None)


def goal_rates(names: Sequence[str], won: Sequence[int], played: Sequence[int]) -> Ratings:
    """For bots playing alone: the share of games won (reached the goal) with Wilson 95% intervals."""
    from coursekit.stats import wilson_interval

    names = tuple(names)
    if not len(names) == len(won) == len(played):
        raise ValueError(f"names, won and played must have one entry per bot, not {len(names)}, {len(won)}, "
                         f"{len(played)}")
    rate, low, high = [], [], []
    for w, g in zip(won, played):
        lo, hi = wilson_interval(int(w), int(g))
        rate.append(w / g if g else 0.0)
        low.append(lo)
        high.append(hi)
    n = len(names)
    distinct = tuple(tuple(i != j and (low[i] > high[j] or low[j] > high[i]) for j in range(n)) for i in range(n))
    return Ratings(names, "goal-rate", tuple(rate), tuple(low), tuple(high), tuple(int(g) for g in played),
                   tuple(float(w) for w in won), distinct)
