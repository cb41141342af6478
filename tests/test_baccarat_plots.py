"""Baccarat figures: the table grid shows the rule's cells, the source's rules and the highlight; odds and
convergence."""

from __future__ import annotations

import math

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

from coursekit.baccarat import banker_draws, exact_odds, source_banker_draws
from coursekit.plots.baccarat import (
    plot_banker_table,
    plot_convergence,
    plot_odds_vs_decks,
    running_shares,
)


def texts(ax) -> list[str]:
    return [t.get_text() for t in ax.texts]


def test_table_grid_has_a_letter_per_cell_and_the_six_source_rules():
    fig = plot_banker_table(highlight=(3, 8))
    ax = fig.axes[0]
    letters = [t for t in texts(ax) if t in ("D", "S")]
    assert len(letters) == 8 * 11
    assert letters.count("D") == sum(banker_draws(t, c) for t in range(8) for c in list(range(10)) + [None])
    assert sorted(t for t in texts(ax) if t.isdigit()) == ["1", "2", "3", "4", "5", "6", "6"]  # rule 6 twice
    frames = [p for p in ax.patches if isinstance(p, Rectangle) and not p.get_fill()]
    assert len(frames) == 1 and frames[0].get_bbox().bounds == pytest.approx((7.6, 2.6, 0.8, 0.8))  # inside (3, 8)
    assert not plt.get_fignums(), "figures made without an ax are detached from pyplot (shown once in notebooks)"


def test_source_table_by_rank_frames_the_sixteen_wrong_cells():
    fig = plot_banker_table(source_banker_draws, compare_with=banker_draws)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()][:13] == list("A23456789") + ["10", "J", "Q", "K"]
    frames = [p for p in ax.patches if isinstance(p, Rectangle) and not p.get_fill()]
    assert len(frames) == 16
    assert "dashed frame" in ax.get_title()


def test_odds_against_decks_draws_the_exact_values():
    fig = plot_odds_vs_decks(range(1, 5))
    banker_axes = fig.axes[0]
    line = banker_axes.lines[0]
    assert list(line.get_xdata()) == [1, 2, 3, 4]
    assert abs(line.get_ydata()[0] - float(exact_odds(1)["banker"]) * 100) < 1e-12
    assert abs(banker_axes.lines[1].get_ydata()[0] - float(exact_odds(math.inf)["banker"]) * 100) < 1e-12
    plt.close(fig)


def test_convergence_plot_and_running_shares():
    import numpy as np

    n, shares = running_shares(np.array([0, 1, 1, 2], dtype=np.int8), points=50)
    assert list(n) == [1, 2, 3, 4] and list(shares["banker"]) == [0, 0.5, 2 / 3, 0.5]
    fig = plot_convergence(20_000, seed=1)
    labels = [line.get_label() for line in fig.axes[0].lines if not line.get_label().startswith("_")]
    assert [label.split()[0] for label in labels] == ["banker", "player", "tie", "±2"]
    assert not plt.get_fignums()
