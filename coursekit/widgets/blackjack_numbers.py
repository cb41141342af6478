"""Lesson 03 widget: simulate source 002's game with sliders and see the result next to the exact answer at once."""

from __future__ import annotations

import html
import math
from functools import lru_cache

import ipywidgets as w

from coursekit.blackjack import exact_outcomes, play_games
from coursekit.plots.blackjack import ConvergencePlot
from coursekit.widgets.common import (CourseWidget, FigureText, LiveImage, MessageBar, Worker, canvas_png, in_kernel,
                                      progress_bar, seed_box, seed_from)

GAME_COUNTS = (("1,000", 1_000), ("10,000", 10_000), ("100,000", 100_000), ("1,000,000", 1_000_000))
# 0 stands for no deck count: an infinite deck
DECK_CHOICES = (("1 deck", 1), ("2 decks", 2), ("6 decks", 6), ("8 decks", 8), ("infinite deck", 0))


@lru_cache(maxsize=256)
def cached_exact(decks, player_stands_at: int, dealer_stands_at: int) -> dict[str, float]:
    """exact_outcomes as floats, remembered (the widget asks for the same ones again and again)."""
    result = exact_outcomes(decks, player_stands_at, dealer_stands_at, exact=decks in (1, None))
    return {name: float(p) for name, p in result.items()}


STREAM_TIME = 0.2   # seconds between two updates of the table while a simulation runs


def game_chunk_size(decks) -> int:
    """Games play_games deals per step for this deck (its memory chunk): the widget streams in the same steps,
    so its games are play_games' games for the same seed."""
    from coursekit.blackjack import CHUNK_CARDS

    return max(1024, CHUNK_CARDS // (52 * (decks or 1)))


class GameCache:
    """Finished simulations by settings, the last 16 (moving a slider back shows the same games at once)."""

    def __init__(self, size: int = 16) -> None:
        self.size, self.results = size, {}

    def get(self, settings: tuple):
        return self.results.get(settings)

    def put(self, settings: tuple, results) -> None:
        results.flags.writeable = False  # shared between calls: nobody may change it
        if settings not in self.results and len(self.results) >= self.size:
            del self.results[next(iter(self.results))]
        self.results[settings] = results


GAMES = GameCache()


def cached_games(games: int, decks, player_stands_at: int, dealer_stands_at: int, seed: int):
    """play_games with a whole-number seed, remembered (moving a slider back shows the same games at once)."""
    settings = (games, decks, player_stands_at, dealer_stands_at, seed)
    if GAMES.get(settings) is None:
        GAMES.put(settings, play_games(games, decks, player_stands_at, dealer_stands_at, seed=seed, progress=False))
    return GAMES.get(settings)


class SimulationExplorer(CourseWidget):
    """Number of games, decks and both stand thresholds as sliders; simulated shares against exact ones.

    Every change answers at once: the message says what is being computed, the exact values follow (fast), then
    the simulation streams in steps with a progress bar, the table filling in as the games are played; the last
    picture stays until the new one is ready. Inside a kernel the simulation runs in the background, so a slider
    moved again is read at once and the old run stops (`wait()` waits for it, e.g. in a test).
    """

    def __init__(self, games: int = 100_000, decks=1, player_stands_at: int = 17, dealer_stands_at: int = 17,
                 seed: int = 1, show_plot: bool = True, background: bool | None = None) -> None:
        self.games = w.SelectionSlider(options=GAME_COUNTS, value=games, description="games",
                                       continuous_update=False, layout=w.Layout(width="420px"))
        self.decks = w.Dropdown(options=DECK_CHOICES, value=decks or 0, description="shoe")
        self.player = w.IntSlider(value=player_stands_at, min=12, max=21, description="player ≥",
                                  continuous_update=False)
        self.dealer = w.IntSlider(value=dealer_stands_at, min=12, max=21, description="dealer ≥",
                                  continuous_update=False)
        self.seed = seed_box(seed)
        self.table = w.HTML()
        self.plot = LiveImage(format="png")
        self.plot_text = FigureText(self.plot)  # the plot in words (issue 30)
        self.progress = progress_bar("playing")
        self.message = MessageBar()
        self.show_plot = show_plot
        self.figure = ConvergencePlot() if show_plot else None
        self._pictures: dict = {}  # settings -> PNG bytes, the last few
        self.counts: dict[str, int] = {}
        self.exact: dict[str, float] = {}
        self.settings: tuple | None = None   # what the table shows (or is computing)
        self.worker = Worker(self._guarded, background=False)   # the first result: before the cell's output shows
        for control in (self.games, self.decks, self.player, self.dealer, self.seed):
            self.on_change(control, self.update)
        controls = w.VBox([w.HBox([self.games, self.decks]), w.HBox([self.player, self.dealer, self.seed])])
        children = [controls, self.table, self.progress, self.message] + ([self.plot, self.plot_text]
                                                                    if show_plot else [])
        super().__init__(children)
        self.update()
        self.worker.background = in_kernel() if background is None else background

    def update(self) -> None:
        """Show the exact answer for the new settings at once, then simulate in steps (errors to the message bar)."""
        try:
            seed = seed_from(self.seed)
            games, decks = int(self.games.value), self.decks.value or None
            settings = (games, decks, self.player.value, self.dealer.value, seed)
        except ValueError as error:
            self.message.show(str(error), "error")
            return
        self.worker.stop()
        self.settings = settings
        done = GAMES.get(settings)
        if done is None:
            self.message.show(f"Simulating {games:,} games: the exact values first ...")  # within a few ms
        try:
            self.exact = cached_exact(decks, self.player.value, self.dealer.value)
        except ValueError as error:
            self.message.show(str(error), "error")
            return
        if done is not None:
            self.finish(settings, done)
            return
        self.counts = {}
        self.table.value = self.render_table(games, played=0)
        self.worker.start(self.simulation(settings))

    def simulation(self, settings: tuple):
        """The games of these settings in play_games' steps; the table and progress bar follow every 0.2 s."""
        import time

        import numpy as np

        from coursekit.rng import as_generator

        games, decks, player, dealer, seed = settings
        token = self.worker.token
        rng, parts, played = as_generator(seed), [], 0
        step = game_chunk_size(decks)
        shown = time.perf_counter()
        if games > step:
            self.worker.show(token, lambda: self._progress(0, games))
        while played < games:
            n = min(step, games - played)
            parts.append(play_games(n, decks, player, dealer, seed=rng, progress=False))
            played += n
            if played < games and time.perf_counter() - shown > STREAM_TIME:
                shown = time.perf_counter()
                results = np.concatenate(parts)
                self.worker.show(token, lambda: self._partial(results, games))
            yield
        results = np.concatenate(parts)
        GAMES.put(settings, results)
        self.worker.show(token, lambda: self.finish(settings, results))

    def _progress(self, played: int, games: int) -> None:
        self.progress.max = games
        self.progress.value = played
        self.progress.layout.visibility = "visible"

    def _partial(self, results, games: int) -> None:
        """The table with the games played so far (the picture keeps showing the last finished run)."""
        self.counts = {"win": int((results == 1).sum()), "lose": int((results == -1).sum()),
                       "draw": int((results == 0).sum())}
        self.table.value = self.render_table(len(results), played=len(results), of=games)
        self._progress(len(results), games)
        self.message.show(f"Simulating {games:,} games: {len(results):,} played ...")

    def finish(self, settings: tuple, results) -> None:
        """Show a finished simulation: counts, table, verdict and the convergence plot."""
        games = settings[0]
        self.counts = {"win": int((results == 1).sum()), "lose": int((results == -1).sum()),
                       "draw": int((results == 0).sum())}
        self.table.value = self.render_table(games)
        self.progress.layout.visibility = "hidden"
        worst = max(abs(self.z_score(name, games)) for name in self.counts)
        verdict = "inside" if worst < 3 else "outside"
        self.message.show(f"{games:,} games: every simulated share is {verdict} 3 standard errors of the exact "
                          f"value (largest gap {worst:.1f} standard errors).", "ok" if worst < 3 else "info")
        if self.show_plot:
            self.plot.value = self.picture(settings, results)
            shares = ", ".join(f"{name} {self.counts[name] / games:.1%} (exact {self.exact[name]:.1%})"
                               for name in self.counts)
            self.plot_text.say(f"Picture of the simulated shares as the {games:,} games add up, each against its "
                               f"exact value (a horizontal line). At the end: {shares}.")

    def wait(self, timeout: float | None = 60) -> None:
        """Wait until the simulation running in the background (if any) is shown."""
        self.worker.wait(timeout)

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

    def render_table(self, games: int, played: int | None = None, of: int | None = None) -> str:
        """The counts, shares, exact values and gaps as an HTML table; `played=0`: exact values only (the
        simulation is running); `played` and `of`: the games played so far of `of`."""
        rows = []
        for name in ("win", "lose", "draw"):
            p = self.exact[name]
            if played == 0:
                cells = ["…", "…", "…", f"{p:.4f}", "…"]
            else:
                share = self.counts[name] / games
                error = math.sqrt(p * (1 - p) / games)
                cells = [f"{self.counts[name]:,}", f"{share:.4f}", f"± {error:.4f}", f"{p:.4f}",
                         f"{self.z_score(name, games):+.1f}"]
            rows.append(f"<tr><td><b>{name}</b></td>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        head = ("<tr><th></th><th>games</th><th>simulated</th><th>1 std. error</th><th>exact</th>"
                "<th>gap (std. errors)</th></tr>")
        style = "font-size:1.1em;border-collapse:collapse;text-align:right"
        running = "" if played is None else (
            " Simulating ..." if played == 0 else f" So far {played:,} of {of:,} games.")
        return (f'<table style="{style}" cellpadding="6">{head}{"".join(rows)}</table>'
                f'<div style="color:#555">{html.escape(self.describe() + running)}</div>')

    def describe(self) -> str:
        """The game in words."""
        return (f"Player stands on {self.player.value} or more, dealer on {self.dealer.value} or more; "
                f"{self.decks.label}, a fresh shoe every game; seed {self.seed.value}.")
