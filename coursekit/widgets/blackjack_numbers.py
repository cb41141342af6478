"""Lesson 03 widget: simulate seed 002's game with sliders and see the result next to the exact answer at once."""

from __future__ import annotations

import html
import math
from functools import lru_cache

import ipywidgets as w

from coursekit.blackjack import exact_outcomes, play_games
from coursekit.plots.blackjack import ConvergencePlot
from coursekit.widgets.common import CourseWidget, MessageBar, canvas_png, seed_box

GAME_COUNTS = (("1,000", 1_000), ("10,000", 10_000), ("100,000", 100_000), ("1,000,000", 1_000_000))
# 0 stands for no deck count: an infinite deck
DECK_CHOICES = (("1 deck", 1), ("2 decks", 2), ("6 decks", 6), ("8 decks", 8), ("infinite deck", 0))


@lru_cache(maxsize=256)
def cached_exact(decks, player_stands_at: int, dealer_stands_at: int) -> dict[str, float]:
    """exact_outcomes as floats, remembered (the widget asks for the same ones again and again)."""
    result = exact_outcomes(decks, player_stands_at, dealer_stands_at, exact=decks in (1, None))
    return {name: float(p) for name, p in result.items()}


@lru_cache(maxsize=16)
def cached_games(games: int, decks, player_stands_at: int, dealer_stands_at: int, seed: int):
    """play_games with a whole-number seed, remembered (moving a slider back shows the same games at once)."""
    results = play_games(games, decks, player_stands_at, dealer_stands_at, seed=seed, progress=False)
    results.flags.writeable = False  # shared between calls: nobody may change it
    return results


class SimulationExplorer(CourseWidget):
    """Number of games, decks and both stand thresholds as sliders; simulated shares against exact ones."""

    def __init__(self, games: int = 100_000, decks=1, player_stands_at: int = 17, dealer_stands_at: int = 17,
                 seed: int = 1, show_plot: bool = True) -> None:
        self.games = w.SelectionSlider(options=GAME_COUNTS, value=games, description="games",
                                       continuous_update=False, layout=w.Layout(width="420px"))
        self.decks = w.Dropdown(options=DECK_CHOICES, value=decks or 0, description="shoe")
        self.player = w.IntSlider(value=player_stands_at, min=12, max=21, description="player ≥",
                                  continuous_update=False)
        self.dealer = w.IntSlider(value=dealer_stands_at, min=12, max=21, description="dealer ≥",
                                  continuous_update=False)
        self.seed = seed_box(seed)
        self.table = w.HTML()
        self.plot = w.Image(format="png")
        self.message = MessageBar()
        self.show_plot = show_plot
        self.figure = ConvergencePlot() if show_plot else None
        self._pictures: dict = {}  # settings -> PNG bytes, the last few
        self.counts: dict[str, int] = {}
        self.exact: dict[str, float] = {}
        for control in (self.games, self.decks, self.player, self.dealer, self.seed):
            self.on_change(control, self.update)
        controls = w.VBox([w.HBox([self.games, self.decks]), w.HBox([self.player, self.dealer, self.seed])])
        children = [controls, self.table, self.message] + ([self.plot] if show_plot else [])
        super().__init__(children)
        self.update()

    def update(self) -> None:
        """Simulate with the current settings and compare with the exact answer (errors go to the message bar)."""
        try:
            seed = int(self.seed.value)
            if seed < 0:
                raise ValueError(f"the seed must be 0 or more, not {seed}")
            games, decks = int(self.games.value), self.decks.value or None
            settings = (games, decks, self.player.value, self.dealer.value, seed)
            results = cached_games(*settings)
            self.exact = cached_exact(decks, self.player.value, self.dealer.value)
        except ValueError as error:
            self.message.show(str(error), "error")
            return
        self.counts = {"win": int((results == 1).sum()), "lose": int((results == -1).sum()),
                       "draw": int((results == 0).sum())}
        self.table.value = self.render_table(games)
        worst = max(abs(self.z_score(name, games)) for name in self.counts)
        verdict = "inside" if worst < 3 else "outside"
        self.message.show(f"{games:,} games: every simulated share is {verdict} 3 standard errors of the exact "
                          f"value (largest gap {worst:.1f} standard errors).", "ok" if worst < 3 else "info")
        if self.show_plot:
            self.plot.value = self.picture(settings, results)

    def picture(self, settings: tuple, results) -> bytes:
        """The convergence plot for these settings as PNG bytes (the last 16 are remembered)."""
        if settings not in self._pictures:
            if len(self._pictures) >= 16:
                del self._pictures[next(iter(self._pictures))]
            self._pictures[settings] = canvas_png(self.figure.update(results, self.exact))
        return self._pictures[settings]

    def z_score(self, name: str, games: int) -> float:
        """How many standard errors the simulated share is from the exact probability."""
        p = self.exact[name]
        return (self.counts[name] / games - p) / math.sqrt(p * (1 - p) / games)

    def render_table(self, games: int) -> str:
        """The counts, shares, exact values and gaps as an HTML table."""
        rows = []
        for name in ("win", "lose", "draw"):
            share, p = self.counts[name] / games, self.exact[name]
            error = math.sqrt(p * (1 - p) / games)
            rows.append(f"<tr><td><b>{name}</b></td><td>{self.counts[name]:,}</td><td>{share:.4f}</td>"
                        f"<td>± {error:.4f}</td><td>{p:.4f}</td><td>{self.z_score(name, games):+.1f}</td></tr>")
        head = ("<tr><th></th><th>games</th><th>simulated</th><th>1 std. error</th><th>exact</th>"
                "<th>gap (std. errors)</th></tr>")
        style = "font-size:1.1em;border-collapse:collapse;text-align:right"
        return (f'<table style="{style}" cellpadding="6">{head}{"".join(rows)}</table>'
                f'<div style="color:#555">{html.escape(self.describe())}</div>')

    def describe(self) -> str:
        """The game in words."""
        return (f"Player stands on {self.player.value} or more, dealer on {self.dealer.value} or more; "
                f"{self.decks.label}, a fresh shoe every game; seed {self.seed.value}.")
