"""Lesson 10 figures: the optimal bets by bankroll and first card, chances to win, the hit map, search budgets."""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import BoundaryNorm, ListedColormap
from matplotlib.figure import Figure

from coursekit.colours import BETTING, BLUISH_GREEN, REDDISH_PURPLE
from coursekit.plots.style import LESSON_WIDTH_IN, detach, new_axes

# one colour and one line style per way of betting (colour-blind safe, and the styles differ too), the same in
# lesson 03's doubling figure; no blue or vermillion: those mean win and lose (coursekit.colours)
STYLES = BETTING
CARD_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10/J/Q/K")
FONT = 11  # points: 15 px at the 100 dpi the lessons show figures at (the floor is 11 px)


def _axes(ax, size):
    """(figure, axes, owned): a new figure when ax is None, no wider than a lesson."""
    return new_axes(ax, size, max_width=LESSON_WIDTH_IN)


def bet_policy(strategy, ax=None) -> Figure:
    """The bet by bankroll (across) and first card (down) as colours: where the optimal player bets big."""
    fig, ax, owned = _axes(ax, (10, 4.4))
    bankrolls, bets = strategy.bet_table()
    top = int(bets.max())
    edges = [10, 11, 20, 30, 40, 50, 60, max(61, top + 1)]
    cmap = plt.get_cmap("cividis", len(edges) - 1)
    norm = BoundaryNorm(edges, cmap.N)
    step = bankrolls[1] - bankrolls[0]
    image = ax.imshow(bets.T, aspect="auto", origin="upper", cmap=cmap, norm=norm, interpolation="nearest",
                      extent=(bankrolls[0] - step / 2, bankrolls[-1] + step / 2, 9.5, -0.5))
    ax.set_yticks(range(10), CARD_LABELS, fontsize=FONT)
    ax.set_xticks(range(10, strategy.goal + 1, 10), [str(x) if x % 20 == 0 else "" for x in
                                                      range(10, strategy.goal + 1, 10)], fontsize=FONT)
    ax.set_xlabel("bankroll before the round (€)", fontsize=FONT + 1)
    ax.set_ylabel("first card", fontsize=FONT + 1)
    ax.axvline(strategy.start, color="white", linewidth=1.2, linestyle="--")
    bar = fig.colorbar(image, ax=ax, pad=0.015, ticks=[(a + b) / 2 for a, b in zip(edges, edges[1:])])
    bar.ax.set_yticklabels(["10 (min)"] + [f"{a}-{b - 1}" for a, b in zip(edges[1:], edges[2:])], fontsize=FONT)
    bar.set_label("bet (€)", fontsize=FONT + 1)
    ax.set_title(f"The optimal bet after the first card (dashed: the start, {strategy.start}€)", fontsize=FONT + 2)
    return detach(fig, owned)


def bet_lines(strategy, ax=None) -> Figure:
    """The optimal bet against the bankroll for an ace, a ten-valued card and the rest, beside bold's bet."""
    from coursekit.tournament import bet_for

    fig, ax, owned = _axes(ax, (10, 5.2))
    bankrolls, bets = strategy.bet_table()
    needed = np.maximum(strategy.min_bet, np.minimum(np.floor(bankrolls), np.ceil(strategy.goal - bankrolls)))
    bold = [bet_for(b, "bold", strategy.goal, strategy.min_bet) for b in bankrolls]
    ax.plot(bankrolls, bold, color=STYLES["bold"][0], linestyle=STYLES["bold"][1], linewidth=1.6,
            label="bold: min(bankroll, 200 - bankroll) in tens")
    natural = np.maximum(strategy.min_bet, np.minimum(np.floor(bankrolls),
                                                      np.ceil((strategy.goal - bankrolls) / 1.5)))
    ax.plot(bankrolls, needed, color="#9e9e9e", linewidth=4, alpha=0.45, label="all you have, or what a win needs")
    ax.plot(bankrolls, natural, color="#616161", linewidth=1, linestyle=(0, (2, 2)),
            label="what a natural (3:2) needs")
    others = bets[:, 1:9]
    ax.plot(bankrolls, bets[:, 0], color=STYLES["optimal"][0], linewidth=2, label="optimal after an ace")
    ax.plot(bankrolls, bets[:, 9], color=BLUISH_GREEN, linewidth=2, linestyle="-.",
            label="optimal after a 10, J, Q or K")
    ax.plot(bankrolls, others.max(axis=1), color="black", linewidth=1.4, linestyle=":",
            label="optimal after 2-9 (largest of the eight)")
    ax.set_xlim(strategy.min_bet, strategy.goal)
    ax.set_ylim(0, max(bankrolls.max() / 2, bets.max()) + 5)
    ax.set_xlabel("bankroll before the round (€)", fontsize=FONT + 1)
    ax.set_ylabel("bet (€)", fontsize=FONT + 1)
    ax.tick_params(labelsize=FONT)
    ax.set_title("Bet big only when the first card is an ace (or a ten, a little)", fontsize=FONT + 2)
    ax.legend(fontsize=FONT, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncols=2, frameon=False)
    ax.grid(alpha=0.3)
    return detach(fig, owned)


def chances(strategies: Mapping[str, object], ax=None) -> Figure:
    """The chance to win from every bankroll, one line per strategy (label -> TournamentStrategy)."""
    fig, ax, owned = _axes(ax, (9, 4.6))
    for label, strategy in strategies.items():
        colour, style = STYLES.get(strategy.betting, ("#424242", "-"))
        if strategy.play == "dealer" and strategy.betting == "optimal":
            colour, style = REDDISH_PURPLE, (0, (6, 2, 1, 2))
        bankrolls, values = strategy.values()
        ax.plot(bankrolls, values, color=colour, linestyle=style, linewidth=2,
                label=f"{label}: {strategy.probability:.3f} from {strategy.start}€")
    ax.set_xlim(10, max(s.goal for s in strategies.values()))
    ax.set_ylim(0, 1)
    ax.set_xlabel("bankroll between rounds (€)", fontsize=FONT + 1)
    ax.set_ylabel("chance to reach 200€", fontsize=FONT + 1)
    ax.tick_params(labelsize=FONT)
    ax.set_title("The chance to win from every bankroll (exact)", fontsize=FONT + 2)
    ax.legend(fontsize=FONT, loc="upper left", framealpha=0.95)
    ax.grid(alpha=0.3)
    return detach(fig, owned)


def hit_map(thresholds: Mapping[str, np.ndarray], chosen: Optional[Mapping[str, Sequence]] = None, ax=None) -> Figure:
    """Where the best play hits a hard 15: bankroll across, bet up; `chosen` marks bets the policy places.

    `thresholds` is coursekit.tournament_optimal.hit_thresholds(strategy); `chosen` maps a label to (bankrolls,
    bets) drawn as points (the optimal bets after an ace, after a ten).
    """
    fig, ax, owned = _axes(ax, (9, 5.4))
    bankroll, bet, hard = thresholds["bankroll"], thresholds["bet"], thresholds["hard"]
    levels = sorted(set(int(h) for h in hard))
    palette = {14: "#F5C98E", 15: "#DDDDDD", 16: "#7FCDB5", 17: "#C3A6D6"}  # light, categorical: black dots read
    cmap = ListedColormap([palette.get(h, "#999999") for h in levels])
    grid = np.full((int(bet.max()) - 9, len(np.unique(bankroll))), np.nan)
    column = {b: i for i, b in enumerate(np.unique(bankroll))}
    grid[bet - 10, [column[b] for b in bankroll]] = [levels.index(int(h)) for h in hard]
    step = 0.5
    ax.imshow(grid, origin="lower", aspect="auto", cmap=cmap, vmin=-0.5, vmax=len(levels) - 0.5,
              interpolation="nearest", extent=(bankroll.min() - step / 2, bankroll.max() + step / 2, 9.5,
                                               bet.max() + 0.5))
    from matplotlib.patches import Patch

    handles = [Patch(color=palette.get(h, "#999999"), label=f"stand on hard {h} and up") for h in levels]
    markers = ("o", "s", "^")
    for (label, (xs, ys)), marker in zip((chosen or {}).items(), markers):
        handles.append(ax.scatter(xs, ys, s=9, marker=marker, color="black", label=label))
    ax.set_xlabel("bankroll before the round (€)", fontsize=FONT + 1)
    ax.set_ylabel("bet (€)", fontsize=FONT + 1)
    ax.tick_params(labelsize=FONT)
    ax.set_ylim(9.5, bet.max() + 0.5)
    ax.text(0.22, 0.6, "bet above the bankroll:\nnot allowed", transform=ax.transAxes, fontsize=FONT,
            color="#616161", ha="center")
    ax.set_title("Best play: stand on hard 15, except where a hard 15 should hit (soft: stand on 18)",
                 fontsize=FONT + 1)
    ax.legend(handles=handles, fontsize=FONT, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncols=2,
              frameon=False)
    return detach(fig, owned)


def search_budgets(budgets: Sequence[int], wins: Sequence[int], games: int, optimum: float,
                   references: Mapping[str, float], lost: Optional[Sequence[tuple[float, float]]] = None,
                   ax=None) -> Figure:
    """The search player's tournament win rate against its budget (Wilson 95% bars), the exact optimum and others.

    `lost` (optional): the exact chance its decisions gave away per tournament, as (mean, standard error) pairs,
    drawn as optimum - mean with 1.96 standard errors (the low-noise estimate of the same win rate).
    """
    from coursekit.stats import wilson_interval

    fig, ax, owned = _axes(ax, (9, 5.2))
    x = np.arange(len(budgets))
    rates = [w / games for w in wins]
    intervals = [wilson_interval(w, games) for w in wins]
    low = [r - lo for r, (lo, _) in zip(rates, intervals)]
    high = [hi - r for r, (_, hi) in zip(rates, intervals)]
    ax.errorbar(x - 0.08, rates, yerr=[low, high], fmt="o", color="black", capsize=4, markersize=6,
                label=f"search player: tournaments won ({games:,} each, Wilson 95%)")
    if lost is not None:
        means = [optimum - m for m, _ in lost]
        ax.errorbar(x + 0.08, means, yerr=[1.96 * se for _, se in lost], fmt="D", color=BLUISH_GREEN, capsize=4,
                    markersize=5, label="optimum - chance its decisions gave away (±1.96 se)")
    ax.axhline(optimum, color=STYLES["optimal"][0], linewidth=2, label=f"exact optimum {optimum:.3f}")
    for name, value in references.items():
        colour, style = next((STYLES[key] for key in STYLES if name.startswith(key)), (BLUISH_GREEN, (0, (1, 1.5))))
        ax.axhline(value, color=colour, linestyle=style, linewidth=1.8, label=f"{name}: {value:.3f}")
    ax.set_xticks(x, [f"{b:,}" for b in budgets], fontsize=FONT)
    ax.set_xlim(-0.5, len(budgets) - 0.5)
    values = [optimum, *references.values(), *(lo for lo, _ in intervals)]
    ax.set_ylim(max(0, min(values) - 0.12), min(1, max(values) + 0.05))
    ax.tick_params(labelsize=FONT)
    ax.set_xlabel("search budget (playouts for each bankroll the round can end at)", fontsize=FONT + 1)
    ax.set_ylabel("chance to reach 200€", fontsize=FONT + 1)
    ax.set_title("Search with chance nodes against the exact optimum", fontsize=FONT + 2)
    ax.legend(fontsize=FONT - 1, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=2, frameon=False)
    ax.grid(axis="y", alpha=0.3)
    return detach(fig, owned)


class ChancePath:
    """The widget's kept figure: the chance to win after every step of the tournament (exact, best play on).

    Axes, ticks and labels are drawn once per x range (30 steps, then 60, ...) and kept as a background; a new
    step redraws only the line and the dots (blitting), well inside a widget's 100 ms.
    """

    def __init__(self, size=(7.0, 2.6), dpi: int = 100, steps: int = 30) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        self.figure = Figure(figsize=size, dpi=dpi)
        self.canvas = FigureCanvasAgg(self.figure)
        ax = self.figure.add_subplot()
        self.line, = ax.plot([], [], color=STYLES["optimal"][0], linewidth=2, marker="o", markersize=4,
                             animated=True)
        self.rounds = ax.scatter([], [], s=40, color="black", zorder=3, animated=True)
        ax.set_ylim(0, 1)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1], ["0", "25%", "50%", "75%", "100%"])
        ax.set_ylabel("chance to win", fontsize=FONT)
        ax.set_xlabel("steps: first card, bet, hit or stand (black: between rounds)", fontsize=FONT)
        ax.tick_params(labelsize=FONT)
        ax.grid(alpha=0.3)
        self.ax, self.steps, self.width, self.background = ax, steps, 0, None
        self.figure.subplots_adjust(left=0.12, right=0.98, bottom=0.24, top=0.95)

    def update(self, chances: Sequence[float], between: Sequence[bool]) -> Figure:
        """Draw the chances (one per step); `between` marks the steps between rounds; returns the figure, drawn."""
        width = self.steps * max(1, -(-len(chances) // self.steps))
        if width != self.width:
            self.ax.set_xlim(-0.5, width - 0.5)
            self.canvas.draw()
            self.background = self.canvas.copy_from_bbox(self.figure.bbox)
            self.width = width
        x = np.arange(len(chances))
        self.line.set_data(x, chances)
        mask = np.asarray(between, dtype=bool)
        self.rounds.set_offsets(np.column_stack([x[mask], np.asarray(chances)[mask]]) if mask.any()
                                else np.empty((0, 2)))
        self.canvas.restore_region(self.background)
        self.ax.draw_artist(self.line)
        self.ax.draw_artist(self.rounds)
        return self.figure
