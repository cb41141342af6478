"""Lesson 06-07 figures: tree growth, colour strips, tournament heat map, mixed sweep."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np

from coursekit.plots.subtraction import (plot_colour_strips, plot_mixed_sweep, plot_tournament,
                                         plot_tree_growth)
from coursekit.subtraction import SubtractionGame, mixed, mixed_sweep, optimal, random_player, tournament


def test_tree_growth_plots_tree_sizes_against_positions():
    game = SubtractionGame()
    fig = plot_tree_growth(game, range(1, 31))
    tree, positions = fig.axes[0].get_lines()
    assert list(tree.get_ydata()) == [game.game_tree_size(n) for n in range(1, 31)]
    assert list(positions.get_ydata()) == list(range(2, 32))
    assert fig.axes[0].get_yscale() == "log"
    assert not plt.get_fignums(), "figures made without an ax are detached from pyplot (shown once in notebooks)"


def test_colour_strips_show_red_and_blue_per_move_set():
    games = [SubtractionGame((3, 5, 11)), SubtractionGame((3, 5, 8))]
    fig = plot_colour_strips(games, limit=30)
    data = fig.axes[0].get_images()[0].get_array()
    assert data.shape == (2, 30)
    assert [bool(x) for x in data[1]] == [n % 11 in (0, 1, 2) for n in range(30)]
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0] == "3, 5, 11  (period 8 from 0)"


def test_colour_strips_mark_where_the_repeating_part_starts():
    games = [SubtractionGame((3, 5, 11)), SubtractionGame((4, 6, 11))]
    assert games[1].period() == (23, 5)
    fig = plot_colour_strips(games, limit=40)
    bars = [list(line.get_xdata()) for line in fig.axes[0].get_lines()]
    assert bars == [[22.5, 22.5]], "one bar, for the move set with a pre-period, where its period starts"


def test_tournament_heat_map_cells_carry_rates_and_intervals():
    result = tournament({"optimal": optimal, "random": random_player}, starts=range(20, 31), rounds=2, seed=1)
    fig = plot_tournament(result)
    ax = fig.axes[0]
    assert np.allclose(ax.get_images()[0].get_array(), result.matrix())
    texts = [t.get_text() for t in ax.texts]
    m = result.matches[("optimal", "random")]
    assert f"{m.rate:.2f}\n[{m.interval[0]:.2f}, {m.interval[1]:.2f}]" in texts


def test_mixed_sweep_plot_has_one_point_per_p():
    ps = [0, 0.5, 1]
    matches = mixed_sweep(ps, starts=range(20, 26), rounds=2, seed=3)
    fig = plot_mixed_sweep(ps, matches)
    line = fig.axes[0].get_lines()[0]
    assert list(line.get_xdata()) == ps and list(line.get_ydata()) == [m.rate for m in matches]
    assert matches[0].first == "mixed(0)" and matches[2].rate > matches[0].rate
    assert mixed(1)(13, None) == optimal(13)


def test_the_game_graph_keeps_the_bent_edges_of_its_last_row_inside_the_figure():
    """Issue 21: at 16 numbers a row (the dashboard), a long edge within the last row (16 -> 27) bends far below it."""
    from matplotlib.collections import PathCollection

    from coursekit.plots.game_graph import draw_game_graph

    for limit, width, edges in ((30, 16, "winning"), (60, 16, "winning"), (60, 16, "all"), (40, 8, "all")):
        fig = draw_game_graph(SubtractionGame((3, 5, 11)), limit, edges=edges, width=width)
        ax = fig.axes[0]
        bottom, top = ax.get_ylim()                      # y grows downwards: the last row is at the bottom
        curves = [c for c in ax.collections if isinstance(c, PathCollection)][0]
        t = np.linspace(0, 1, 65)[:, None]
        lowest = highest = None
        for path in curves.get_paths():
            a, c, b = path.vertices[:3]
            y = ((1 - t) ** 2 * a + 2 * (1 - t) * t * c + t ** 2 * b)[:, 1]
            lowest = y.max() if lowest is None else max(lowest, y.max())
            highest = y.min() if highest is None else min(highest, y.min())
        assert lowest < bottom and highest > top, (limit, width, edges, lowest, bottom, highest, top)
        box = ax.get_position()
        assert box.y0 > 0 and box.y1 <= 1, "the axes stay inside the figure, above the key"
        plt.close(fig)
