"""Figures for lessons 08-09: per-move win rates, accuracy against budget, rollout values, accuracy by n."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from coursekit.colours import CATEGORICAL, LOSE, NEUTRAL, WIN
from coursekit.plots.style import LESSON_WIDTH_IN, NOTE_PT, detach, finish, new_axes

RED, BLUE, GREY = LOSE, WIN, NEUTRAL  # the course's colours: vermillion loses (red numbers), blue wins
VARIANT_COLOURS = CATEGORICAL  # variants of a search: no verdict, so neither blue nor vermillion


def _axes(ax, size):
    """(figure, axes, owned): a new figure when ax is None."""
    return new_axes(ax, size)


def plot_move_stats(stats: dict, ax=None, winning: Optional[Sequence] = None, title: Optional[str] = None,
                    move_label=lambda m: f"-{m}"):
    """The source's Abbildung 2: one bar per move, height p = wins / visits, visits written on the bar.

    `winning` (optional) names the moves that win with best play: their bars are blue, the others vermillion.
    """
    fig, ax, owned = _axes(ax, (4.6, 3.0))
    moves = list(stats)
    p = [stats[m].win_rate for m in moves]
    colours = [GREY if winning is None else (WIN if m in winning else LOSE) for m in moves]
    x = np.arange(len(moves))
    ax.bar(x, p, color=colours, width=0.6)
    for xi, m, pi in zip(x, moves, p):
        ax.text(xi, pi + 0.02, f"p{xi + 1} = {pi:.2f}\n{stats[m].visits} visits", ha="center", va="bottom",
                fontsize=NOTE_PT)
    ax.set_xticks(x, [move_label(m) for m in moves])
    ax.set_ylim(0, 1.25)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    ax.set_ylabel("estimated win probability")
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    if winning is not None:
        from matplotlib.patches import Patch
        ax.legend(handles=[Patch(color=WIN, label="wins with best play"), Patch(color=LOSE, label="loses")],
                  frameon=False, loc="upper right", ncol=2)
    finish(ax)
    return detach(fig, owned)


def plot_accuracy_by_budget(budgets: Sequence[int], table: dict, ax=None, baseline: Optional[float] = None,
                            title: Optional[str] = None, intervals: Optional[dict] = None):
    """Accuracy (share of correct moves) against iterations, one line per variant; `baseline`: random picks.

    `intervals` (optional): {variant: [(low, high) per budget]}, drawn as error bars (e.g. 95% Wilson intervals).
    """
    fig, ax, owned = _axes(ax, (5.6, 3.4))
    for (name, values), colour in zip(table.items(), VARIANT_COLOURS):
        values = np.asarray(values) * 100
        ax.plot(budgets, values, "o-", color=colour, label=name)
        if intervals and name in intervals:
            low, high = (np.asarray([pair[i] for pair in intervals[name]]) * 100 for i in (0, 1))
            spread = [np.maximum(0, values - low), np.maximum(0, high - values)]  # 0, not -1e-14, at 100%
            ax.errorbar(budgets, values, yerr=spread, fmt="none", ecolor=colour, capsize=3, lw=1)
    if baseline is not None:
        ax.axhline(baseline * 100, color=GREY, ls="--", lw=1)
        ax.text(budgets[-1], baseline * 100 - 2, f"picking at random: {baseline:.0%}", fontsize=NOTE_PT, color=GREY,
                ha="right", va="top")  # right end, under the line: clear of the first budget's points
    ax.set_xscale("log")
    ax.set_xticks(list(budgets), [str(b) for b in budgets])
    ax.minorticks_off()
    ax.set_ylim(0, 105)
    ax.set_xlabel("iterations per search")
    ax.set_ylabel("winning move found (%)")
    ax.legend(frameon=False, loc="lower right")
    ax.grid(alpha=0.3)
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    finish(ax)
    return detach(fig, owned)


def plot_rollout_values(ns: Sequence[int], values: Sequence[float], losing: Sequence[bool], ax=None,
                        title: Optional[str] = None):
    """What a random rollout measures: P(player to move wins under random play) per n, red/blue by the true value."""
    fig, ax, owned = _axes(ax, (LESSON_WIDTH_IN, 3.4))
    ns, values = np.asarray(ns), np.asarray(values, dtype=float)
    losing = np.asarray(losing, dtype=bool)
    ax.plot(ns, values, color="#bbbbbb", lw=1, zorder=1)
    ax.scatter(ns[~losing], values[~losing], color=WIN, s=22, zorder=2, label="blue n: mover wins with best play")
    ax.scatter(ns[losing], values[losing], color=LOSE, s=22, zorder=2, label="vermillion n: mover loses with best play")
    ax.axhline(0.5, color=GREY, lw=0.8, ls=":")
    ax.set_xlabel("n (player to move)")
    ax.set_ylabel("random-rollout win rate")
    ax.set_ylim(0, 1)
    ax.legend(frameon=False, loc="upper right", ncol=2)
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    finish(ax)
    return detach(fig, owned)


def plot_hits_by_n(ns: Sequence[int], series: dict, ax=None, title: Optional[str] = None, period: int = 8):
    """Per start n, the share of seeds that found a winning move, one row of dots per variant; n mod 8 marked."""
    fig, ax, owned = _axes(ax, (LESSON_WIDTH_IN, 1.1 + 0.75 * len(series)))
    ns = np.asarray(ns)
    for row, ((name, rates), colour) in enumerate(zip(series.items(), VARIANT_COLOURS)):
        rates = np.asarray(rates, dtype=float)
        ax.scatter(ns, np.full(len(ns), row), s=14 + 70 * rates, c=[LOSE if r < 1 else WIN for r in rates],
                   alpha=0.85)
    ax.set_yticks(range(len(series)), list(series))
    ax.set_ylim(len(series) - 0.5, -0.5)
    ax.set_xlabel("start n   (large blue dot: always right; vermillion: wrong for some or all seeds)")
    for n in ns:
        if n % period == 3:
            ax.axvline(n - 0.5, color="#dddddd", lw=0.8, zorder=0)
    ax.spines[["top", "right", "left"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)
    finish(ax)
    return detach(fig, owned)


def plot_accuracy_by_residue(residues: Sequence[int], table: dict, ax=None, title: Optional[str] = None):
    """Accuracy per residue class n mod 8 (grouped bars, one group per residue, one bar per variant)."""
    fig, ax, owned = _axes(ax, (5.6, 3.0))
    x = np.arange(len(residues))
    width = 0.8 / max(1, len(table))
    for i, ((name, values), colour) in enumerate(zip(table.items(), VARIANT_COLOURS)):
        ax.bar(x + (i - (len(table) - 1) / 2) * width, np.asarray(values) * 100, width, color=colour, label=name)
    ax.set_xticks(x, [f"{r}" for r in residues])
    ax.set_xlabel("n mod 8")
    ax.set_ylim(0, 128)                                   # room above 100% for the key: no bar under it
    ax.set_yticks([0, 20, 40, 60, 80, 100])
    ax.set_ylabel("winning move found (%)")
    ax.legend(frameon=False, loc="upper center", ncol=len(table))
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10, pad=18)
    finish(ax)
    return detach(fig, owned)
