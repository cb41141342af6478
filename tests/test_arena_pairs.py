"""coursekit.arena.pairs: lesson 11's table of the pairs the ratings cannot tell apart, on small known inputs."""

from __future__ import annotations

import numpy as np
import pytest

from coursekit.arena import Ratings, WinMatrix, fit_ratings
from coursekit.arena.pairs import close_pairs, head_to_head, rating_difference

Z = 1.96
NAMES = ("low", "top", "mid")  # given order; rated top > mid > low


def wilson_roots(wins: int, games: int) -> tuple[float, float]:
    """The Wilson interval as the two p with (wins/games - p)^2 = Z^2 p (1 - p) / games: a quadratic's roots."""
    share = wins / games
    roots = np.roots([1 + Z * Z / games, -(2 * share + Z * Z / games), share * share])
    return float(min(roots)), float(max(roots))


def known() -> tuple[Ratings, WinMatrix, np.ndarray]:
    """Three bots: top beat mid 16 of 24, top beat low 20 of 24, mid beat low 6 of 12 with one draw (6.5 points)."""
    points = np.array([[0, 4, 5.5], [20, 0, 16], [6.5, 8, 0]])
    games = np.array([[0, 24, 12], [24, 0, 24], [12, 24, 0]])
    draws = np.array([[0, 0, 1], [0, 0, 0], [1, 0, 0]])
    matrix = WinMatrix(NAMES, points, games, draws)
    distinct = ((False, True, False), (True, False, False), (False, False, False))  # only top-low told apart
    ratings = Ratings(NAMES, "bradley-terry", (-90.0, 80.0, 10.0), (-150.0, 20.0, -40.0), (-30.0, 140.0, 60.0),
                      (36, 48, 36), (9.5, 36.0, 14.5), distinct, 41, 0)
    resample = np.arange(41.0)
    samples = np.stack([2 * resample, np.full(41, 10.0), 10.0 + resample], axis=1)  # columns in NAMES order
    return ratings, matrix, samples


def test_the_table_lists_the_close_pairs_best_first_with_their_counts_and_intervals():
    ratings, matrix, samples = known()
    table = close_pairs(ratings, matrix, samples)
    assert list(table) == ["top vs mid", "mid vs low"]  # top vs low is told apart
    assert table["top vs mid"]["won"] == (16, 24)
    assert table["mid vs low"]["won"] == (6, 12)  # 6.5 points with one draw: 6 wins
    assert table["top vs mid"]["Wilson 95%"] == tuple(round(x, 2) for x in wilson_roots(16, 24)) == (0.47, 0.82)
    assert table["mid vs low"]["Wilson 95%"] == tuple(round(x, 2) for x in wilson_roots(6, 12))
    # top - mid = 10 - (10 + r) = -r for r = 0..40: its 2.5% and 97.5% points are -39 and -1 (linear percentiles)
    assert table["top vs mid"]["difference (Elo), 95%"] == (-39.0, -1.0)
    # mid - low = 10 + r - 2r = 10 - r: from -30 to 10, so -29 and 9
    assert table["mid vs low"]["difference (Elo), 95%"] == (-29.0, 9.0)


def test_head_to_head_counts_both_sides_and_its_interval_is_wilsons():
    _, matrix, _ = known()
    for a, b, wins, games in [("top", "mid", 16, 24), ("mid", "top", 8, 24), ("top", "low", 20, 24),
                              ("low", "mid", 5, 12)]:
        found = head_to_head(matrix, a, b)
        assert (found.wins, found.games) == (wins, games)
        assert (found.low, found.high) == pytest.approx(wilson_roots(wins, games), abs=1e-9)


def test_rating_difference_is_antisymmetric():
    _, _, samples = known()
    low, high = rating_difference(samples, NAMES, "mid", "low")
    assert (low, high) == (-29.0, 9.0)
    assert rating_difference(samples, NAMES, "low", "mid") == (-9.0, 29.0)


def test_on_fitted_ratings_the_table_holds_exactly_the_pairs_not_distinct():
    rng = np.random.default_rng(4)
    n, names = 5, tuple(f"bot{i}" for i in range(5))
    points, games = np.zeros((n, n)), np.full((n, n), 10)
    np.fill_diagonal(games, 0)
    for i in range(n):
        for j in range(i + 1, n):
            points[i, j] = rng.binomial(10, 1 / (1 + np.exp(-(j - i) / 3)))
            points[j, i] = 10 - points[i, j]
    ratings = fit_ratings(names, points, bootstrap=200, seed=1)
    samples = np.tile(np.array(ratings.rating), (7, 1))
    table = close_pairs(ratings, WinMatrix(names, points, games, np.zeros((n, n))), samples)
    close = {frozenset(key.split(" vs ")) for key in table}
    assert close == {frozenset((a, b)) for a in names for b in names if a != b and not ratings.distinguishable(a, b)}
    assert 0 < len(close) < 10
    for key, row in table.items():
        a, b = key.split(" vs ")
        assert ratings.rating[names.index(a)] >= ratings.rating[names.index(b)]  # the better rated first
        assert row["won"] == (int(points[names.index(a), names.index(b)]), 10)


def test_bad_input_names_the_bot_or_the_shape():
    ratings, matrix, samples = known()
    with pytest.raises(ValueError, match="no bot named 'nobody'"):
        head_to_head(matrix, "top", "nobody")
    with pytest.raises(ValueError, match="no bot named 'nobody'"):
        ratings.distinguishable("nobody", "top")
    with pytest.raises(ValueError, match="resamples x 3 bots"):
        close_pairs(ratings, matrix, samples[:, :2])
    other = WinMatrix(("a", "b", "c"), matrix.points, matrix.games, matrix.draws)
    with pytest.raises(ValueError, match="not the rated bots"):
        close_pairs(ratings, other, samples)
