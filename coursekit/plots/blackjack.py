"""Lesson 03 figures: simulation converging to the exact answer, stand thresholds, dealer busts, doubling chances."""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FuncFormatter, NullLocator

from coursekit.colours import BETTING, BLACK, CATEGORICAL, NEUTRAL, OUTCOME
from coursekit.plots.style import LEGEND_PT, LESSON_WIDTH_IN, finish

COLOURS = OUTCOME  # win blue, lose vermillion, draw grey, net purple: the course's colour language
OUTCOME_VALUE = {"win": 1, "lose": -1, "draw": 0}
SIZE = (LESSON_WIDTH_IN, 4.2)  # as wide as a lesson's output area


def _axes(ax, size=SIZE):
    if ax is None:
        fig, ax = plt.subplots(figsize=size, layout="constrained")  # the axes fill the width: no margins to cut
        plt.close(fig)  # detached from pyplot: shown once, as the cell's value
    return ax.figure, ax


def convergence(results: np.ndarray, exact: Mapping[str, float], ax=None, z: float = 1.96):
    """Running frequencies of win/lose/draw over the games played, the exact values, and the z/sqrt(n) band."""
    fig, ax = _axes(ax)
    artists = _convergence_axes(ax, len(results), z)
    _convergence_data(artists, results, exact, z)
    return fig


def _sample_points(n_total: int) -> np.ndarray:
    """About 300 game counts from 10 to n_total, evenly spaced on a log scale (where the running shares are shown)."""
    return np.unique(np.geomspace(10, max(10, n_total), 300).astype(int))


def _convergence_axes(ax, n_total: int, z: float) -> dict:
    """Axes, labels and empty artists of the convergence figure; returns the artists that carry data."""
    artists = {"n": _sample_points(n_total)}
    for name in ("win", "lose", "draw"):
        artists[name] = (ax.fill_between([10, n_total], 0, 0, color=COLOURS[name], alpha=0.15, linewidth=0),
                         ax.axhline(0, color=COLOURS[name], linestyle="--", linewidth=1),
                         ax.plot([], [], color=COLOURS[name], linewidth=1.6, label=f"{name}: exact 0.0000")[0])
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))  # plain labels: no slow mathtext
    ax.xaxis.set_minor_locator(NullLocator())  # minor ticks on a log axis cost more than they show
    ax.set_xlim(10, max(10, n_total))
    ax.set_ylim(0, 0.75)
    ax.set_xlabel("games played")
    ax.set_ylabel("share of games")
    ax.set_title(f"Simulated shares converge to the exact values (band: ±{z:g}·√(p(1-p)/n))")
    artists["legend"] = ax.legend(loc="upper right", ncols=3, fontsize=LEGEND_PT)
    ax.grid(alpha=0.3)
    finish(ax)
    return artists


def _convergence_data(artists: dict, results: np.ndarray, exact: Mapping[str, float], z: float) -> None:
    """Put the running shares, exact values and bands of `results` into the artists of _convergence_axes."""
    n = artists["n"]
    n = n[n <= len(results)]
    texts = artists["legend"].get_texts()
    for i, name in enumerate(("win", "lose", "draw")):
        band, level, line = artists[name]
        p = float(exact[name])
        running = np.cumsum(results == OUTCOME_VALUE[name])[n - 1] / n
        half = z * np.sqrt(p * (1 - p) / n)
        band.set_data(n, p - half, p + half)
        level.set_ydata([p, p])
        line.set_data(n, running)
        line.set_label(f"{name}: exact {p:.4f}")
        texts[i].set_text(line.get_label())


class ConvergencePlot:
    """The convergence figure kept alive for a widget: new data redraws only the data, not axes and labels.

    `update(results, exact)` returns the figure drawn on its Agg canvas (see widgets.common.canvas_png). Axes, ticks
    and titles are drawn once per number of games and reused (blitting), which makes a redraw several times faster
    than building a new figure.
    """

    def __init__(self, size=SIZE, dpi: int = 100, z: float = 1.96) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.size, self.dpi, self.z = size, dpi, z
        self.figure = Figure(figsize=size, dpi=dpi)  # not a pyplot figure: nothing to close, never shown twice
        self.canvas = FigureCanvasAgg(self.figure)
        self.n_total = None
        self.artists: dict = {}
        self.background = None

    def _build(self, n_total: int) -> None:
        self.figure.clear()
        ax = self.figure.add_subplot()
        self.artists = _convergence_axes(ax, n_total, self.z)
        self.dynamic = [a for name in ("win", "lose", "draw") for a in self.artists[name]] + [self.artists["legend"]]
        for artist in self.dynamic:
            artist.set_animated(True)
        self.figure.tight_layout(pad=0.6)  # a fixed layout, computed once
        self.canvas.draw()
        self.background = self.canvas.copy_from_bbox(self.figure.bbox)
        self.n_total = n_total

    def update(self, results: np.ndarray, exact: Mapping[str, float]):
        """Show new results against new exact values; returns the figure, drawn on its canvas."""
        if len(results) != self.n_total:
            self._build(len(results))
        _convergence_data(self.artists, results, exact, self.z)
        self.canvas.restore_region(self.background)
        ax = self.figure.axes[0]
        for artist in self.dynamic:
            ax.draw_artist(artist)
        return self.figure


def thresholds(outcomes: Mapping[int, Mapping[str, float]], dealer_stands_at: int = 17, ax=None):
    """Win, lose, draw and net (win - lose) against the player's stand threshold; the best threshold marked."""
    fig, ax = _axes(ax)
    xs = sorted(outcomes)
    for name in ("win", "lose", "draw"):
        ax.plot(xs, [float(outcomes[x][name]) for x in xs], marker="o", color=COLOURS[name], label=name)
    net = [float(outcomes[x]["win"] - outcomes[x]["lose"]) for x in xs]
    ax.plot(xs, net, marker="s", color=COLOURS["net"], label="net = win - lose")
    best = xs[int(np.argmax(net))]
    ax.annotate(f"best: stand on {best}\nnet {max(net):+.4f}", (best, max(net)), xytext=(0, -52),
                textcoords="offset points", ha="center", fontsize=10.5,
                arrowprops={"arrowstyle": "->", "color": COLOURS["net"]})
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xticks(xs)
    ax.set_xlabel("player stands at (total)")
    ax.set_ylabel("probability")
    ax.set_ylim(min(net) - 0.08, max(float(outcomes[x][k]) for x in xs for k in ("win", "lose")) + 0.08)
    ax.set_title(f"Which stand threshold is best against a dealer who stands on {dealer_stands_at}?")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncols=4, frameon=False)  # under: no wider
    ax.grid(alpha=0.3)
    finish(ax)
    return fig


def dealer_busts(tables: Mapping[str, Mapping[str, Mapping]], ax=None):
    """Grouped bars: the dealer's bust chance by up-card, one bar per table (label -> dealer_table(...))."""
    fig, ax = _axes(ax)
    labels = list(tables)
    upcards = list(next(iter(tables.values())))
    width = 0.8 / len(labels)
    x = np.arange(len(upcards))
    for i, label in enumerate(labels):
        values = [float(tables[label][up]["bust"]) for up in upcards]
        ax.bar(x + (i - (len(labels) - 1) / 2) * width, values, width, label=label,
               color=CATEGORICAL[i % len(CATEGORICAL)])
    ax.set_xticks(x, upcards)
    ax.set_xlabel("dealer's up-card")
    ax.set_ylabel("chance the dealer busts")
    ax.set_ylim(0, 0.5)
    ax.set_title("Dealer busts by up-card (before peeking for a natural)")
    ax.legend(ncols=2)
    ax.grid(axis="y", alpha=0.3)
    finish(ax)
    return fig


def doubling(bets: Sequence[int], exact: Sequence[float], simulated: Optional[Sequence[float]] = None,
             runs: Optional[int] = None, timid: Optional[float] = None, bold: Optional[float] = None, ax=None):
    """Chance to double 100 EUR against a fixed bet size, exact (line) and simulated (dots with 95% bars)."""
    fig, ax = _axes(ax)
    ax.plot(bets, exact, marker="o", color=BLACK, label="exact (Markov chain)")
    if simulated is not None and runs:
        sim = np.asarray(simulated, dtype=float)
        err = 1.96 * np.sqrt(sim * (1 - sim) / runs)
        ax.errorbar(bets, sim, yerr=err, fmt="x", color=NEUTRAL, capsize=3, label=f"simulated ({runs:,} each)")
    if timid is not None:  # the ways of betting in lesson 10's colours and styles
        ax.axhline(timid, color=BETTING["timid"][0], linestyle=BETTING["timid"][1], linewidth=2,
                   label=f"timid (always 10€): {timid:.3f}")
    if bold is not None:
        ax.axhline(bold, color=BETTING["bold"][0], linestyle=BETTING["bold"][1], linewidth=2,
                   label=f"bold (what you need): {bold:.3f}")
    ax.set_xticks(list(bets))
    ax.set_xlabel("bet per round (€), capped by the bankroll")
    ax.set_ylabel("chance to reach 200€")
    ax.set_ylim(0, 0.55)
    ax.set_title("Starting with 100€: the chance to double depends on the bet")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    finish(ax)
    return fig
