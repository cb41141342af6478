"""Lesson 06-07 widgets driven from Python: type move sets, slide N, step through playouts."""

from __future__ import annotations

from coursekit.subtraction import SubtractionGame, replay
from coursekit.widgets.subtraction import MoveSetExplorer, PlayoutWidget, strategy_table_html

PNG = b"\x89PNG"


def test_explorer_shows_graph_period_and_table_for_the_seed_game():
    explorer = MoveSetExplorer()
    assert bytes(explorer.graph.value).startswith(PNG)
    assert "period <b>8</b> from n = <b>0</b>" in explorer.summary.value
    assert "0, 1, 2, 8, 9, 10, 16, 17, 18" in explorer.summary.value
    assert "n mod 8" in explorer.table.value and "3, 5, 11" in explorer.table.value
    assert explorer.message.text == ""
    assert repr(explorer) == "MoveSetExplorer: run this cell to show the widget"


def test_explorer_follows_a_new_move_set_and_slider():
    explorer = MoveSetExplorer()
    first = explorer.graph.value
    explorer.moves.value = "3, 5, 8"
    assert explorer.game == SubtractionGame((3, 5, 8))
    assert "period <b>11</b>" in explorer.summary.value and explorer.graph.value != first
    at_40 = bytes(explorer.graph.value)
    explorer.limit.value = 20
    assert explorer.summary.value.rstrip("</div>").endswith("11, 12, 13")
    explorer.limit.value = 40
    assert bytes(explorer.graph.value) == at_40
    explorer.edges.value = "all"
    assert bytes(explorer.graph.value).startswith(PNG)


def test_explorer_bad_move_sets_give_messages_and_keep_the_last_game():
    explorer = MoveSetExplorer()
    for bad, word in [("", "empty"), ("3, 0", "0"), ("3, -2", "-2"), ("3, x", "'x'"), ("3, 3", "twice"),
                      ("2.5", "2.5"), ("3, 99", "99")]:
        explorer.moves.value = bad
        assert explorer.message.kind == "error" and word in explorer.message.text, bad
        assert explorer.game == SubtractionGame()
    explorer.moves.value = "1, 2"
    assert explorer.message.text == "" and explorer.game.period() == (0, 3)


def test_explorer_predict_mode_hides_the_colour_until_the_learner_guesses():
    explorer = MoveSetExplorer("3, 5, 11", limit=40, predict=True, ask=100)
    assert "period hidden" in explorer.summary.value and "n mod" not in explorer.table.value
    hidden = bytes(explorer.graph.value)  # the graph's title leaves the period out until the guess
    assert hidden == explorer.picture(SubtractionGame((3, 5, 11)), 40, "winning")
    assert "Predict: is 100 red or blue" in explorer.message.text and not explorer.revealed
    explorer.check.click()  # no colour picked yet
    assert explorer.message.kind == "error" and not explorer.revealed
    assert explorer.predict_colour("red").startswith("Not quite: 100 is blue")  # 100 mod 8 = 4
    assert "has the colour of 4" in explorer.message.text and explorer.message.kind == "lose"
    assert explorer.revealed and "period <b>8</b>" in explorer.summary.value and "n mod 8" in explorer.table.value
    assert bytes(explorer.graph.value) != hidden  # redrawn with "period 8 from 0" in its title
    explorer.ask.value = 98  # a new number: hidden again
    assert not explorer.revealed and explorer.colour.value is None and "n mod" not in explorer.table.value
    assert explorer.predict_colour("red").startswith("Right: 98 is red") and explorer.message.kind == "ok"
    explorer.moves.value = "3, 5, 9"  # a new move set: a new question
    assert not explorer.revealed and "3, 5, 9" in explorer.message.text
    explorer.ask.value = 5
    assert "lies before the repeat starts (n = 11)" in explorer.predict_colour("blue")  # 5 - 5 = 0
    assert explorer.guesses == [(100, "red", False), (98, "red", True), (5, "blue", True)]
    assert MoveSetExplorer().revealed  # without predict mode nothing is hidden


def test_strategy_table_marks_red_residues():
    text = strategy_table_html(SubtractionGame((1, 2)))
    assert text.count("red") == 1 and "n mod 3" in text


def test_playout_steps_plays_to_the_end_and_resets():
    widget = PlayoutWidget(player1="random", player2="optimal", start=22, seed=1)
    assert widget.course == [22] and not widget.over and bytes(widget.picture.value).startswith(PNG)
    assert "player 1 to move" in widget.status.value and "subtract 5" in widget.status.value
    widget.step.click()
    assert len(widget.course) == 2 and widget.course[1] == 22 - widget.moves[0]
    widget.play.click()
    assert widget.over and widget.step.disabled and widget.play.disabled
    game = replay(widget.course)
    assert game.winner == widget.playout.winner and f"Player {game.winner}" in widget.message.text
    course = list(widget.course)
    widget.step_once()
    assert widget.message.kind == "error" and "Reset" in widget.message.text
    widget.reset.click()
    assert widget.course == [22] and not widget.play.disabled
    widget.play.click()
    assert widget.course == course, "the same seed replays the same game"


def test_optimal_second_player_wins_from_red_starts_in_the_widget():
    widget = PlayoutWidget(player1="random", player2="optimal", start=24, seed=3)
    for start in (9, 24, 50):
        widget.start.value = start
        widget.play.click()
        assert widget.playout.winner == 2, start


def test_changing_a_setting_restarts_and_the_buggy_seed_player_is_offered():
    widget = PlayoutWidget(start=40, seed=2)
    widget.step.click()
    widget.player1.value = "the article's random (buggy)"
    assert widget.course == [40]
    widget.seed.value = 9
    widget.play.click()
    assert 11 not in widget.moves[0::2]


def test_playout_picture_columns_are_named_by_strategy_and_numbered_when_equal():
    widget = PlayoutWidget(player1="random", player2="optimal", start=22, seed=1)
    assert widget.column_names() == ("random", "optimal")
    widget.player2.value = "random"
    assert widget.column_names() == ("random (1)", "random (2)")
    assert bytes(widget.picture.value[:4]) == b"\x89PNG"
