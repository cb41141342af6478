"""Figures for lessons 06-07: game tree growth, red/blue strips of move sets, tournament heat map, mixed players."""

from __future__ import annotations

from typing import Iterable, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import ListedColormap

from coursekit.colours import LOSE as RED, WIN as BLUE  # as coursekit.graphs names them, without igraph
from coursekit.colours import BLACK, NEUTRAL, ORANGE, REDDISH_PURPLE, win_rate_colours
from coursekit.plots.style import LESSON_WIDTH_IN, finish
from coursekit.subtraction import Match, SubtractionGame, Tournament


def plot_tree_growth(game: SubtractionGame, numbers: Iterable[int] = range(1, 61), ax=None):
    """Nodes of the full game tree from n (log scale) against the n + 1 positions backward induction needs."""
    numbers = list(numbers)
    owned = ax is None
    if owned:
        _, ax = plt.subplots(figsize=(LESSON_WIDTH_IN, 4), layout="constrained")
    trees = [game.game_tree_size(n) for n in numbers]   # two quantities, no verdict: not blue and vermillion
    ax.semilogy(numbers, trees, "o-", ms=3, color=ORANGE, label="game tree: nodes from start n")
    ax.semilogy(numbers, [n + 1 for n in numbers], "s-", ms=3, color=BLACK, label="backward induction: n + 1 positions")
    ax.set_xlabel("start number n")
    ax.set_ylabel("how many (log scale)")
    ax.set_title(f"moves {', '.join(map(str, game.move_set))}: the tree explodes, the positions do not")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(frameon=False)
    finish(ax)
    if owned:
        plt.close(ax.figure)  # detached from pyplot: shown once, as the cell's value
    return ax.figure


def plot_colour_strips(games: Sequence[SubtractionGame], limit: int = 60, ax=None):
    """One row per move set: n = 0..limit-1 coloured red (losing) or blue (winning), the period in the label."""
    owned = ax is None
    if owned:
        _, ax = plt.subplots(figsize=(LESSON_WIDTH_IN, 0.42 * len(games) + 1.4), layout="constrained")
    grid = np.array([[game.is_losing(n) for n in range(limit)] for game in games], dtype=float)
    ax.imshow(grid, cmap=ListedColormap([BLUE, RED]), vmin=0, vmax=1, aspect="auto", interpolation="nearest")
    labels = []
    for row, game in enumerate(games):
        start, length = game.period()
        labels.append(f"{', '.join(map(str, game.move_set))}  (period {length} from {start})")
        if 0 < start < limit:  # the pre-period ends here: from this bar on the colours repeat
            ax.plot([start - 0.5] * 2, [row - 0.5, row + 0.5], color="black", lw=3, solid_capstyle="butt")
    ax.set_yticks(range(len(games)), labels)
    ax.set_xticks(range(0, limit, 5))
    ax.set_xticks(np.arange(-0.5, limit, 1), minor=True)
    ax.set_yticks(np.arange(-0.5, len(games), 1), minor=True)
    ax.tick_params(which="minor", length=0)
    ax.grid(which="minor", axis="x", color="white", lw=0.6)
    ax.grid(which="minor", axis="y", color="white", lw=4)
    ax.set_xlim(-0.5, limit - 0.5)
    ax.set_xlabel("n (vermillion: the player to move loses, blue: the player to move wins)")
    ax.set_title("Red and blue numbers of several move sets\n(black bar: the repeating part starts)")
    finish(ax)
    if owned:
        plt.close(ax.figure)  # detached from pyplot: shown once, as the cell's value
    return ax.figure


def plot_tournament(result: Tournament, ax=None):
    """Heat map: row player's win rate against the column player (blue high, vermillion low, as everywhere in the
    course), with the 95% interval in each cell."""
    from matplotlib.colors import ListedColormap as Colours

    names = list(result.names)
    k = len(names)
    owned = ax is None
    if owned:
        _, ax = plt.subplots(figsize=(min(LESSON_WIDTH_IN, 1.55 * k + 2.6), 1.15 * k + 1.5), layout="constrained")
    matrix = np.array(result.matrix(), dtype=float)
    image = ax.imshow(matrix, cmap=Colours(win_rate_colours(), name="win_rate"), vmin=0, vmax=1)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            m = result.matches.get((a, b))
            if m is None:
                continue
            low, high = m.interval
            ax.text(j, i, f"{m.rate:.2f}\n[{low:.2f}, {high:.2f}]", ha="center", va="center", fontsize=10.5,
                    color="black")  # the scale's ends are light: black reads on every cell
    ax.set_xticks(range(k), names, rotation=30, ha="right")
    ax.set_yticks(range(k), names)
    ax.set_xlabel("opponent")
    ax.set_ylabel("player")
    games = next(iter(result.matches.values())).games
    ax.set_title(f"Win rate of the row player ({games} games a pair)", fontsize=10)
    ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="win rate")
    finish(ax)
    if owned:
        plt.close(ax.figure)  # detached from pyplot: shown once, as the cell's value
    return ax.figure


def plot_mixed_sweep(ps: Sequence[float], matches: Sequence[Match], ax=None):
    """Win rate of mixed(p) against an opponent for each p, with 95% intervals and the 50% line."""
    owned = ax is None
    if owned:
        _, ax = plt.subplots(figsize=(LESSON_WIDTH_IN, 4), layout="constrained")
    rates = np.array([m.rate for m in matches])
    low = np.array([m.interval[0] for m in matches])
    high = np.array([m.interval[1] for m in matches])
    ax.errorbar(ps, rates, yerr=[rates - low, high - rates], fmt="o-", ms=4, capsize=3, color=REDDISH_PURPLE,
                label=f"mixed(p) against {matches[0].second}")
    ax.axhline(0.5, color=NEUTRAL, ls="--", lw=1, label="even")
    ax.set_xlabel("p: chance that mixed(p) makes the optimal move")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(frameon=False, loc="lower right")
    ax.set_title(f"How good must a mixed player be? ({matches[0].games} games a point)")
    finish(ax)
    if owned:
        plt.close(ax.figure)  # detached from pyplot: shown once, as the cell's value
    return ax.figure
