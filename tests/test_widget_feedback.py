"""Waiting with feedback (issue 15): the simulation explorers of lessons 03 and 05 answer at once, stream a long
simulation with a progress bar while the last result stays, and run in the background inside a kernel."""

from __future__ import annotations

import time

import numpy as np

from coursekit.baccarat import simulate
from coursekit.blackjack import play_games
from coursekit.widgets.baccarat import RULES, OddsExplorer
from coursekit.widgets.blackjack_numbers import SimulationExplorer, game_chunk_size
from coursekit.widgets.common import Worker


def changes(widget, name="value"):
    """Record every new value of a trait, with the time it came."""
    seen = []
    widget.observe(lambda change: seen.append((time.perf_counter(), change["new"])), names=name)
    return seen


def test_streamed_games_are_play_games_games_and_the_message_comes_first():
    explorer = SimulationExplorer(games=10_000, decks=8, show_plot=False)
    assert game_chunk_size(8) < 100_000, "8 decks: several steps in 100,000 games"
    messages, tables = changes(explorer.message), changes(explorer.table)
    start = time.perf_counter()
    explorer.games.value = 100_000
    results = play_games(100_000, 8, 17, 17, seed=1, progress=False)
    assert explorer.counts == {"win": int((results == 1).sum()), "lose": int((results == -1).sum()),
                               "draw": int((results == 0).sum())}
    assert "Simulating 100,000 games" in messages[0][1] and messages[0][0] - start < 0.1, "feedback at once"
    assert "…" in tables[0][1] and "0.4" in tables[0][1], "the exact values show before the simulation ends"
    assert "every simulated share is" in messages[-1][1]
    assert explorer.progress.layout.visibility == "hidden"


def test_a_changed_setting_in_the_background_answers_at_once_and_stops_the_old_run():
    explorer = SimulationExplorer(games=1_000, show_plot=False, background=True)
    explorer.games.value = 1_000_000       # a long run starts in the background ...
    assert "Simulating 1,000,000 games" in explorer.message.text
    explorer.player.value = 15              # ... and a slider moved meanwhile is read at once
    assert "Player stands on 15" in explorer.table.value and explorer.settings[2] == 15
    explorer.wait()
    assert explorer.settings == (1_000_000, 1, 15, 17, 1) and sum(explorer.counts.values()) == 1_000_000
    assert "1,000,000 games: every simulated share" in explorer.message.text


def test_odds_explorer_streams_simulate_s_own_coups_and_the_slider_stops_a_run():
    explorer = OddsExplorer(decks=6, coups=1_000_000, seed=4)
    messages = changes(explorer.message)
    explorer.coups.value = 5_000_000
    explorer.simulate.click()
    assert explorer.simulated == simulate(5_000_000, decks=6, seed=4, rule=RULES["casino rule (Punto Banco)"],
                                          progress=False)
    assert messages[0][1].count("Simulating 5,000,000 coups") == 1
    assert "Simulated 5,000,000 coups" in explorer.message.text and explorer.partial is None
    background = OddsExplorer(decks=8, coups=5_000_000, background=True)
    background.simulate.click()
    assert "Simulating" in background.message.text and "…" in background.view.value
    background.decks.value = 7              # the exact odds at once; the old run is dropped
    background.wait()
    assert background.simulated is None and "7 deck(s)" in background.view.value
    assert "Press Simulate" in background.message.text


def test_worker_runs_inline_outside_a_kernel_and_drops_updates_of_a_stopped_run():
    shown = []
    worker = Worker(lambda run: run())
    assert not worker.background, "no kernel in a test: the computation runs before start() returns"

    def steps():
        token = worker.token
        for i in range(3):
            worker.show(token, lambda i=i: shown.append(i))
            yield
    worker.start(steps())
    assert shown == [0, 1, 2]
    stale = worker.start(iter(()))
    worker.stop()
    assert not worker.show(stale, lambda: shown.append("late")) and shown == [0, 1, 2]
    assert np.array_equal(play_games(3_000, 8, seed=2, progress=False), play_games(3_000, 8, seed=2, progress=False))
