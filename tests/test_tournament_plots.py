"""Lesson 10 figures: they draw what they are given, and no text is smaller than 11 px at 100 dpi."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from coursekit.plots import tournament as plots  # noqa: E402
from coursekit.tournament import optimal_strategy, tournament_strategy  # noqa: E402
from coursekit.tournament_optimal import hit_thresholds  # noqa: E402


def smallest_text_px(fig, dpi: int = 100) -> float:
    """The smallest visible text in a figure, in pixels at `dpi`."""
    fig.canvas.draw()
    sizes = [t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    return min(sizes) * dpi / 72


@pytest.fixture(scope="module")
def strategy():
    return optimal_strategy()


def test_bet_policy_shows_the_bets_by_bankroll_and_card(strategy):
    fig = plots.bet_policy(strategy)
    image = fig.axes[0].images[0]
    assert np.array_equal(np.asarray(image.get_array()), strategy.bet_table()[1].T)
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()][0] == "A"
    assert smallest_text_px(fig) >= 11


def test_bet_lines_and_chances(strategy):
    fig = plots.bet_lines(strategy)
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    assert np.array_equal(lines["optimal after an ace"].get_ydata(), strategy.bet_table()[1][:, 0])
    assert smallest_text_px(fig) >= 11
    fig = plots.chances({"optimal": strategy, "bold": tournament_strategy("bold", "dealer")})
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels[0] == f"optimal: {strategy.probability:.3f} from 100€"
    assert smallest_text_px(fig) >= 11


def test_hit_map_marks_the_thresholds(strategy):
    thresholds = hit_thresholds(strategy)
    bankrolls, bets = strategy.bet_table()
    fig = plots.hit_map(thresholds, {"after an ace": (bankrolls, bets[:, 0])})
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels == ["stand on hard 15 and up", "stand on hard 16 and up", "after an ace"]
    assert smallest_text_px(fig) >= 11


def test_chance_path_redraws_only_the_data():
    path = plots.ChancePath()
    fig = path.update([0.67, 0.66, 0.7], [True, False, True])
    assert np.array_equal(path.line.get_ydata(), [0.67, 0.66, 0.7])
    assert path.rounds.get_offsets().tolist() == [[0, 0.67], [2, 0.7]]
    assert path.width == 30
    path.update([0.5] * 31, [False] * 31)
    assert path.width == 60 and fig.axes[0].get_xlim() == (-0.5, 59.5)
    assert smallest_text_px(fig) >= 11


def test_search_budgets_draws_rates_intervals_and_references():
    from coursekit.stats import wilson_interval

    fig = plots.search_budgets([10, 100], [50, 60], 100, 0.67, {"bold, dealer play": 0.457}, [(0.2, 0.01), (0.1, 0.01)])
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "exact optimum 0.670" in labels and "bold, dealer play: 0.457" in labels
    caps = ax.containers[0]  # the win rates' error bars
    assert np.allclose(caps.lines[0].get_ydata(), [0.5, 0.6])
    low, high = wilson_interval(50, 100)
    assert ax.get_ylim()[0] <= low and high <= ax.get_ylim()[1]
    assert smallest_text_px(fig) >= 11
