"""Lesson 03 widgets, driven from Python: the simulation explorer and the tournament table."""

from __future__ import annotations

import math

from coursekit.cards import StackedDeck
from coursekit.tournament import Tournament
from coursekit.widgets.blackjack_numbers import SimulationExplorer
from coursekit.widgets.tournament import TournamentTable


def test_explorer_compares_simulation_with_exact():
    explorer = SimulationExplorer(games=10_000, show_plot=False)
    assert sum(explorer.counts.values()) == 10_000
    assert abs(explorer.exact["lose"] - 0.4889154379) < 1e-9
    assert "exact" in explorer.table.value and "0.4889" in explorer.table.value
    assert explorer.message.kind in ("ok", "info") and "10,000 games" in explorer.message.text


def test_explorer_sliders_recompute_at_once():
    explorer = SimulationExplorer(games=1_000, show_plot=False)
    first = dict(explorer.counts)
    explorer.player.value = 13
    assert explorer.exact != {} and "Player stands on 13" in explorer.table.value
    explorer.decks.value = 0  # the infinite deck
    assert "infinite deck" in explorer.table.value
    explorer.games.value = 100_000
    assert sum(explorer.counts.values()) == 100_000
    for name in ("win", "lose", "draw"):
        assert abs(explorer.z_score(name, 100_000)) < 4.5
    explorer.player.value, explorer.decks.value, explorer.games.value = 17, 1, 1_000
    assert explorer.counts == first  # same seed, same settings, same games


def test_explorer_shows_the_convergence_plot_and_reports_bad_seeds():
    explorer = SimulationExplorer(games=1_000)
    assert explorer.plot.value[:8] == b"\x89PNG\r\n\x1a\n"
    explorer.seed.value = -3
    assert explorer.message.kind == "error"
    assert explorer.message.text == "The seed must be a whole number from 0 to 999999999, not '-3'"


def test_table_plays_a_round_by_buttons():
    table = TournamentTable(seed=4)
    assert table.hit.disabled and table.bet.disabled and not table.next.disabled
    assert "Money: <b>100€</b>" in table.status.value and "timid 23.8%" in table.status.value
    table.next.click()
    assert table.game.phase == "bet" and not table.bet.disabled and len(table.game.player) == 1
    table.amount.value = "20"
    table.bet.click()
    assert table.game.bet == 20
    while table.game.phase == "player":
        table.stand.click()
    assert table.game.phase in ("done", "over")
    assert table.game.history[-1][1] == 20
    assert "<td>1</td><td>20€</td>" in table.rounds_log.value


def test_table_bad_bet_and_moves_out_of_turn_show_messages():
    table = TournamentTable(seed=1)
    table.hit.click()
    assert table.message.kind == "error"
    table.bet.click()
    assert table.message.kind == "error" and "Next round" in table.message.text
    table.next.click()
    table.amount.value = "500"
    table.bet.click()
    assert table.message.kind == "error" and "from 10 to 100" in table.message.text
    assert table.game.phase == "bet"
    table.amount.value = ""
    table.bet.click()
    assert table.game.bet == 10


def test_table_replays_the_sheets_blackjack_and_autoplays():
    table = TournamentTable()
    table.game = Tournament(deck=StackedDeck(["A", "J"]))
    table.next.click()
    table.amount.value = "50"
    table.bet.click()
    assert table.game.bankroll == 175.0 and "Blackjack" in table.message.text
    assert "175.0€" in table.status.value
    table.restart()
    table.bold.click()
    assert table.game.round == 1 and table.game.history[0][1] == 100
    assert table.game.over  # bold from 100 bets everything: the tournament ends in one round (or a push)
    if table.game.phase == "over":
        assert "New tournament" in table.message.text or "doubled" in table.message.text or "lost" in table.message.text


def test_chance_display_follows_the_bankroll():
    table = TournamentTable(seed=2)
    table.timid.click()
    money = table.game.bankroll
    assert f"Money: <b>{money}€</b>" in table.status.value
    if not table.game.over:
        assert "Exact chance to reach 200€ from here" in table.status.value
    assert math.isclose(sum(1 for _ in table.game.history), 1)


def test_live_convergence_plot_shows_the_data_it_was_given():
    import numpy as np

    from coursekit.blackjack import exact_outcomes, play_games
    from coursekit.plots.blackjack import ConvergencePlot
    from coursekit.widgets.common import canvas_png

    plot = ConvergencePlot()
    exact = {name: float(p) for name, p in exact_outcomes(exact=False).items()}
    results = play_games(2_000, seed=1, progress=False)
    png = canvas_png(plot.update(results, exact))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    band, level, line = plot.artists["lose"]
    x, y = line.get_data()
    assert x[-1] == 2_000 and y[-1] == (results == -1).mean()
    assert level.get_ydata()[0] == exact["lose"]
    assert "lose: exact 0.4889" in [t.get_text() for t in plot.artists["legend"].get_texts()]
    other = canvas_png(plot.update(play_games(1_000, seed=2, progress=False), exact))  # another length: new axes
    assert plot.figure.axes[0].get_xlim()[1] == 1_000 and other != png
    assert canvas_png(plot.update(results, exact)) == png  # same data, same picture
    height, width, _ = np.asarray(plot.canvas.buffer_rgba()).shape  # 8.2 x 4.2 in: a lesson's width
    assert height == 420 and abs(width - 820) <= 1  # matplotlib 3.10 truncates 8.2 x 100 dpi to 819 px, 3.11 rounds


def test_explorer_redraws_for_new_settings_and_remembers_old_ones():
    explorer = SimulationExplorer(games=1_000)
    first = explorer.plot.value
    explorer.player.value = 14
    assert explorer.plot.value != first and "Player stands on 14" in explorer.table.value
    explorer.player.value = 17
    assert explorer.plot.value == first


def press_enter(box) -> None:
    """What the browser sends when Enter is pressed in a Text box (after the typed value)."""
    box._handle_custom_msg({"event": "submit"}, [])


def test_enter_in_the_bet_box_bets_what_is_typed_or_the_minimum():
    from coursekit.widgets.tournament_advice import AdvisedTournament

    for table in (TournamentTable(seed=4), AdvisedTournament(seed=4, show_plot=False)):
        assert table.amount.placeholder == "Enter = 10"
        table.next.click()
        table.amount.value = "20"
        press_enter(table.amount)                 # typed 20, then Enter
        assert table.game.bet == 20 and table.game.phase != "bet", type(table).__name__
        while table.game.phase == "player":
            table.stand.click()
        table.next.click()
        table.amount.value = ""
        press_enter(table.amount)                 # an empty box: Enter bets the minimum
        assert table.game.bet == 10, type(table).__name__
        assert table.message.kind != "error"


def test_a_negative_seed_is_refused_in_the_learners_words_and_the_game_stays():
    from coursekit.widgets.tournament_advice import AdvisedTournament

    for table in (TournamentTable(seed=4), AdvisedTournament(seed=4, show_plot=False)):
        game = table.game
        table.seed.value = -5
        table.new.click()
        assert table.message.kind == "error"
        assert table.message.text == "The seed must be a whole number from 0 to 999999999, not '-5'."
        assert table.game is game
        table.seed.value = 5
        table.new.click()
        assert table.message.kind != "error" and table.game is not game


def test_hit_and_stand_are_neutral_choices_not_green_and_orange():
    from coursekit.widgets.blackjack import BlackjackTable
    from coursekit.widgets.common import CHOICE_STYLE
    from coursekit.widgets.tournament_advice import AdvisedTournament

    for table in (TournamentTable(seed=4), AdvisedTournament(seed=4, show_plot=False), BlackjackTable(seed=1)):
        for button in (table.hit, table.stand):
            assert button.button_style == "" and button.style.button_color == CHOICE_STYLE["button_color"]
