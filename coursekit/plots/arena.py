"""The arena's pictures: ratings with their 95% intervals, and the pairwise win matrix as a heat map.

Colour language (coursekit.colours): a rating whose whole interval lies above the bots' mean is WIN blue,
wholly below it LOSE vermillion, otherwise neutral grey (the data cannot tell it from average); the win matrix
runs from vermillion (the row's bot lost to the column's) through near white (even) to blue (it won). Groups of
ranks the data cannot tell apart are shaded alternately. Every text is at least 11 px at the width it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from coursekit.colours import LIGHT, LOSE, NEUTRAL, TEXT, WIN, win_rate_colours
from coursekit.plots.style import LESSON_WIDTH_IN, NOTE_PT, detach, finish, new_axes

if TYPE_CHECKING:
    from coursekit.arena import Ratings, Results, WinMatrix

MAX_CELL_LABELS = 14  # bots up to which every cell of the win matrix shows its percentage


def _need(value: object, attributes: tuple, name: str, allowed: str) -> None:
    """ValueError unless `value` has the attributes the picture reads."""
    if not all(hasattr(value, a) for a in attributes):
        raise ValueError(f"{name} must be {allowed}, not {value!r:.80}")


def _colour(low: float, high: float, middle: float) -> str:
    return WIN if low > middle else LOSE if high < middle else NEUTRAL


def plot_ratings(ratings: "Ratings", ax: Optional[Axes] = None, width_in: float = LESSON_WIDTH_IN) -> Figure:
    """Each bot's rating (best at the top) with its 95% interval; groups the data cannot separate shaded."""
    _need(ratings, ("names", "rating", "low", "high", "order", "groups"), "ratings", "a coursekit.arena.Ratings")
    n = len(ratings.names)
    fig, ax, owned = new_axes(ax, (width_in, max(2.4, 0.9 + 0.36 * n)), max_width=width_in)
    order = ratings.order()
    goal = ratings.method == "goal-rate"
    middle = float(np.mean(ratings.rating)) if goal else 0.0
    group_of = {name: g for g, members in enumerate(ratings.groups()) for name in members}
    for row, i in enumerate(order):
        y = n - 1 - row
        if group_of[ratings.names[i]] % 2 == 1:
            ax.axhspan(y - 0.5, y + 0.5, color=LIGHT, alpha=0.35, linewidth=0, zorder=0)
        colour = _colour(ratings.low[i], ratings.high[i], middle)
        ax.plot([ratings.low[i], ratings.high[i]], [y, y], color=colour, linewidth=3, solid_capstyle="butt",
                zorder=2)
        ax.plot([ratings.rating[i]], [y], marker="o", markersize=7, color=colour, markeredgecolor=TEXT, zorder=3)
    ax.axvline(middle, color=NEUTRAL, linewidth=1, linestyle="--", zorder=1)
    ax.set_yticks(range(n), [ratings.names[i] for i in reversed(order)])
    ax.set_ylim(-0.6, n - 0.4)
    if goal:
        ax.set_xlabel("share of tournaments that reached the goal (95% Wilson interval)")
        ax.set_title("Chance to reach the goal, per bot")
    else:
        ax.set_xlabel("rating (Bradley-Terry, Elo scale, mean 0; bars: 95% bootstrap interval)")
        ax.set_title("Ratings: shaded bands are groups the games cannot tell apart")
    ax.grid(axis="x", color=LIGHT, linewidth=0.6)
    ax.set_axisbelow(True)
    finish(ax)
    return detach(fig, owned)


def plot_win_matrix(matrix: "WinMatrix", ax: Optional[Axes] = None, width_in: float = LESSON_WIDTH_IN,
                    order: Optional[list] = None) -> Figure:
    """Row bot's share of the points against the column bot (both colours together), as a heat map."""
    _need(matrix, ("names", "rate"), "matrix", "a coursekit.arena.WinMatrix (Results.win_matrix())")
    n = len(matrix.names)
    size = min(width_in, max(4.0, 1.6 + 0.42 * n))
    fig, ax, owned = new_axes(ax, (size + 1.2, size), max_width=width_in)
    order = list(range(n)) if order is None else list(order)
    rate = matrix.rate[np.ix_(order, order)]
    names = [matrix.names[i] for i in order]
    cmap = ListedColormap(win_rate_colours()).with_extremes(bad=LIGHT)
    image = ax.imshow(np.ma.masked_invalid(rate), cmap=cmap, vmin=0, vmax=1, interpolation="nearest")
    ax.set_xticks(range(n), names, rotation=60, ha="right", rotation_mode="anchor")
    ax.set_yticks(range(n), names)
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    ax.set_title("Share of the points against each opponent")
    if n <= MAX_CELL_LABELS:
        for i in range(n):
            for j in range(n):
                if np.isfinite(rate[i, j]):
                    ax.text(j, i, f"{100 * rate[i, j]:.0f}", ha="center", va="center", color=TEXT,
                            fontsize=NOTE_PT)
    bar = fig.colorbar(image, ax=ax, fraction=0.05, pad=0.02)
    bar.set_label("share of the points")
    finish(ax)
    return detach(fig, owned)


def plot_arena(results: "Results", ratings: Optional["Ratings"] = None, width_in: float = LESSON_WIDTH_IN) -> Figure:
    """The leaderboard picture: ratings with intervals (left) and the win matrix in rating order (right)."""
    _need(results, ("ratings", "win_matrix"), "results", "a coursekit.arena.Results")
    import matplotlib.pyplot as plt

    ratings = ratings or results.ratings()
    n = len(ratings.names)
    if ratings.method == "goal-rate":
        return plot_ratings(ratings, width_in=width_in)
    height = max(3.6, 1.4 + 0.36 * n)
    fig, (left, right) = plt.subplots(1, 2, figsize=(width_in, height), layout="constrained",
                                      gridspec_kw={"width_ratios": [1, 1.15]})
    plot_ratings(ratings, ax=left)
    left.set_title("Ratings (95% intervals)")
    left.set_xlabel("Elo scale, mean 0")
    matrix = results.win_matrix()
    order = [matrix.names.index(ratings.names[i]) for i in ratings.order()]  # the ranked bots, then those with
    order += [i for i in range(len(matrix.names)) if i not in order]  # no games yet (their rows stay empty)
    plot_win_matrix(matrix, ax=right, order=order)
    right.set_title("Points against each opponent")
    finish(left)
    finish(right)
    plt.close(fig)
    return fig
