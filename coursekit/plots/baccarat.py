"""Baccarat figures: the banker's drawing table as a coloured grid, odds against decks, simulation convergence."""

from __future__ import annotations

import math
from typing import Iterable, Optional, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Rectangle

from coursekit.baccarat import (
    OUTCOMES,
    SOURCE_RULES,
    Rule,
    banker_draws,
    drawing_table,
    exact_odds,
    simulate_outcomes,
)
from coursekit.colours import BACCARAT, BLACK, BLUISH_GREEN, ORANGE, REDDISH_PURPLE, SKY_BLUE
from coursekit.plots.style import LESSON_WIDTH_IN, finish

DRAW, STAND = "#BFE3D6", "#EEEEEE"  # draw: a pale bluish green (Okabe-Ito), stand: grey; the letters D and S say it too
DRAW_TEXT, STAND_TEXT = "#00573F", "#6E6E6E"
OUTCOME_COLOURS = BACCARAT  # banker orange, player bluish green, tie reddish purple: nobody "to move" wins here
RULE_COLOURS = (REDDISH_PURPLE, SKY_BLUE, BLUISH_GREEN, ORANGE, "#8C6D31", "#555555")  # categorical: no verdict


def _new_ax(ax, size):
    if ax is None:
        fig, ax = plt.subplots(figsize=size)
        return fig, ax
    return ax.figure, ax


def _detach(fig, owned: bool):
    """Close a figure this module created, so a notebook shows it once, as the cell's value."""
    if owned:
        plt.close(fig)
    return fig


def plot_banker_table(rule: Rule = banker_draws, ax=None, highlight: Optional[tuple] = None,
                      show_rules: bool = True, compare_with: Optional[Rule] = None, title: Optional[str] = None):
    """The banker's table as a grid (green: draw); the source's six rules over their columns; a highlighted cell.

    `highlight` is (banker_total, player_third) with player_third a value, a rank or None: a black frame inside
    the cell (the rule lines on the cell's edges stay visible); with `compare_with`, the cells where the two rules
    disagree get a thick dashed black frame.
    """
    owned = ax is None
    table = drawing_table(rule)
    n_cols = len(table.columns)
    rules_row = show_rules and not table.by_rank
    fig, ax = _new_ax(ax, (0.5 * n_cols + 1.4, 0.5 * (9 if rules_row else 8) + 1.3))
    grid = np.array(table.draws, dtype=float)
    ax.imshow(grid, cmap=plt.matplotlib.colors.ListedColormap([STAND, DRAW]), vmin=0, vmax=1, aspect="equal")
    other = drawing_table(compare_with) if compare_with is not None else None
    for row in range(8):
        for col, key in enumerate(table.keys):
            ax.text(col, row, "D" if table.draws[row][col] else "S", ha="center", va="center", fontsize=11,
                    color=DRAW_TEXT if table.draws[row][col] else STAND_TEXT, fontweight="bold")
            if other is not None and other.draws_at(row, key) != table.draws[row][col]:
                ax.add_patch(Rectangle((col - 0.42, row - 0.42), 0.84, 0.84, fill=False, edgecolor=BLACK,
                                       lw=2.5, linestyle=(0, (3, 1.5)), zorder=4))
    ax.set_xticks(range(n_cols), table.columns)
    ax.set_yticks(range(8), [str(t) for t in range(8)])
    ax.set_xticks(np.arange(-0.5, n_cols), minor=True)
    ax.set_yticks(np.arange(-0.5, 8), minor=True)
    ax.grid(which="minor", color="white", linewidth=2)
    ax.tick_params(which="minor", length=0)
    ax.set_xlabel("player's third card (value)" if not table.by_rank else "player's third card (rank)")
    ax.set_ylabel("banker's two-card total")
    ax.axvline(n_cols - 1.5, color="#424242", lw=2)
    if rules_row:
        _draw_source_rules(ax, table)
    if highlight is not None:
        total, third = highlight
        col = table.column_of(third)
        ax.add_patch(Rectangle((col - 0.4, total - 0.4), 0.8, 0.8, fill=False, edgecolor="#212121", lw=3, zorder=5))
    ax.set_xlim(-0.5, n_cols - 0.5)
    ax.set_ylim(7.5, -1.45 if rules_row else -0.5)
    if rules_row:
        ax.set_yticks(range(-1, 8), ["script's rule"] + [str(t) for t in range(8)])  # source text 001's rules
    if other is not None:
        title = (f"{title}: " if title else "") + "dashed frame = differs from the casino rule"
    if title:
        ax.set_title(title, fontsize=12, pad=8)
    finish(ax)
    fig.tight_layout()
    return _detach(fig, owned)


def _draw_source_rules(ax, table) -> None:
    """Label each column with the source's rule for it and draw that rule's 'draws up to' line."""
    rule_of_col = {}
    for rule in SOURCE_RULES:
        for key in (rule.player_third or (None,)):
            rule_of_col[table.keys.index(key)] = rule
    col = 0
    while col < len(table.keys):
        rule = rule_of_col[col]
        end = col
        while end + 1 < len(table.keys) and rule_of_col[end + 1] is rule:
            end += 1
        colour = RULE_COLOURS[rule.number - 1]
        ax.text((col + end) / 2, -0.98, str(rule.number), ha="center", va="center", fontsize=10.5,
                color="white" if rule.number > 4 else "black", fontweight="bold",
                bbox=dict(boxstyle="circle,pad=0.3", facecolor=colour, edgecolor="none"))
        ax.plot([col - 0.45, end + 0.45], [rule.banker_max + 0.5] * 2, color=colour, lw=3.5, solid_capstyle="butt")
        col = end + 1


def plot_odds_vs_decks(decks: Iterable[int] = range(1, 13), axes: Optional[Sequence] = None):
    """Exact probability of each outcome against the number of decks, with the infinite deck as a dashed line."""
    decks = list(decks)
    owned = axes is None
    if owned:
        fig, axes = plt.subplots(1, 3, figsize=(LESSON_WIDTH_IN, 3.6), sharey=False)
    else:
        fig = axes[0].figure
    odds = [exact_odds(d) for d in decks]
    limit = exact_odds(math.inf)
    for ax, outcome in zip(axes, ("banker", "player", "tie")):
        colour = OUTCOME_COLOURS[outcome]
        ax.plot(decks, [float(o[outcome]) * 100 for o in odds], "o-", color=colour, ms=4)
        ax.axhline(float(limit[outcome]) * 100, color=colour, ls="--", lw=1, label="infinite deck")
        ax.set_title(f"{outcome} wins", fontsize=12.5)
        ax.set_xlabel("decks in the shoe")
        ax.set_xticks([d for d in decks if d == decks[0] or d % 2 == 0])  # every other: room for 11 pt
        ax.grid(alpha=0.3)
        ax.legend(loc="best")
        finish(ax)
    axes[0].set_ylabel("probability (%)")
    fig.tight_layout()
    return _detach(fig, owned)


def running_shares(outcomes: np.ndarray, points: int = 200) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Share of each outcome after n coups, at log-spaced n."""
    n = np.unique(np.geomspace(1, len(outcomes), points).astype(int))
    shares = {}
    for index, name in enumerate(OUTCOMES):
        running = np.cumsum(outcomes == index)
        shares[name] = running[n - 1] / n
    return n, shares


def plot_convergence(coups: int = 1_000_000, decks: int = 8, seed=None, rule: Rule = banker_draws, ax=None):
    """How far the simulated shares are from the exact odds after n coups, inside the +-2 sigma funnel."""
    owned = ax is None
    fig, ax = _new_ax(ax, (LESSON_WIDTH_IN, 4.2))
    outcomes = simulate_outcomes(coups, decks=decks, seed=seed, rule=rule)
    n, shares = running_shares(outcomes)
    exact = exact_odds(decks, rule)
    start = np.searchsorted(n, 1000)
    for name in ("banker", "player", "tie"):
        p = float(exact[name])
        band = 2 * np.sqrt(p * (1 - p) / n) * 100
        colour = OUTCOME_COLOURS[name]
        ax.fill_between(n[start:], -band[start:], band[start:], color=colour, alpha=0.06, lw=0)
        for sign in (-1, 1):  # the funnel's edges in the outcome's colour (banker's and player's nearly coincide)
            ax.plot(n[start:], sign * band[start:], color=colour, lw=0.8, ls="--", alpha=0.8)
        ax.plot(n[start:], (shares[name][start:] - p) * 100, color=colour, lw=1.4, label=f"{name} (exact {p:.4f})")
    ax.plot([], [], color="grey", lw=0.8, ls="--", label="±2 standard errors")
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("coups simulated")
    ax.set_ylabel("simulated share − exact (percentage points)")
    ax.set_title(f"{decks} decks: the error shrinks like 1/√n", fontsize=12.5)
    ax.legend(ncol=2)
    ax.grid(alpha=0.3)
    finish(ax)
    fig.tight_layout()
    return _detach(fig, owned)
