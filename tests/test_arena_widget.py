"""The class arena dashboard (coursekit.widgets.arena), driven from Python: Start, live updates, Stop, replays,
bad input as messages, and the replay's number line (coursekit.plots.arena_replay)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from coursekit.plots.legibility import DASHBOARD_WIDTH_PX, MIN_TEXT_PX, measure
from coursekit.widgets import common
from coursekit.widgets.arena import (EXAMPLES, ArenaDashboard, Leaderboard, arena_dashboard, board_html,
                                     example_folder, game_label, leaderboard, tournament_rounds)

EXAMPLE_SUBTRACTION = str(EXAMPLES / "subtraction")


@pytest.fixture(autouse=True)
def no_caught_errors():
    common.callback_errors.clear()
    yield
    assert not common.callback_errors, common.callback_errors


@pytest.fixture(scope="module")
def finished():
    """The default dashboard after one Start (inline: the run ends before click() returns)."""
    dash = ArenaDashboard(folder=EXAMPLE_SUBTRACTION, background=False)
    dash.start.click()
    return dash


def test_the_example_folders_exist_for_every_game_and_hold_bots():
    for kind in ("subtraction", "tictactoe", "tournament"):
        files = sorted(p.name for p in (EXAMPLES / kind).glob("*.py"))
        assert len(files) >= 2, kind
        assert all("def choose(state)" in (EXAMPLES / kind / name).read_text() for name in files)
    assert Path(example_folder("tictactoe")).name == "tictactoe"


def test_start_plays_the_whole_round_robin_and_shows_leaderboard_picture_and_games(finished):
    dash = finished
    assert dash.results.status == "complete" and len(dash.results.games) == 6 * 5 * 6 == 180
    assert dash.message.kind == "ok" and dash.message.text.startswith("Finished: 180 games.")
    assert "Pick a game below to replay it" in dash.message.text
    board = leaderboard(dash.results, dash.ratings)
    assert [row["bot"] for row in board.rows][:3] == ["backward", "optimal", "table_3_5_11"]
    assert "arena-leaderboard" in dash.board.value and "backward" in dash.board.value
    assert dash.picture.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(dash.games.options) == 180 and dash.games.value is None
    assert dash.games.options[0][0] == "  1. backward vs optimal, start 20, round 1: backward won"  # interleaved pairs
    assert not dash.start.disabled and dash.stop.disabled
    assert dash.first_feedback_ms < 100
    assert dash.picture.layout.display == "" and dash.replay.layout.display == ""


def test_nothing_empty_shows_before_the_first_run():
    dash = ArenaDashboard(background=False)
    assert dash.picture.layout.display == "none" and dash.replay.layout.display == "none"
    assert dash.message.text.startswith("Press Start") and dash.board.value == ""


def test_the_leaderboard_reads_as_text_and_html_with_groups_shaded(finished):
    board = leaderboard(finished.results, finished.ratings)
    text = repr(board)
    assert text.splitlines()[0].split() == ["rank", "bot", "rating", "95%", "interval", "W-D-L", "points", "group"]
    assert "backward" in text.splitlines()[1]
    shaded = board._repr_html_().count("background:#EDEDED")
    assert shaded == sum(1 for row in board.rows if row["group"] % 2 == 0)


def test_a_game_replays_move_by_move_on_its_number_line(finished):
    dash = finished
    dash.games.value = 2  # backward vs coin from 26
    record = dash.results.games[2]
    assert dash.replay_status.value.startswith(f"Start {record.start}: {record.first} moves first.")
    assert dash.back.disabled and not dash.next.disabled
    before = dash.replay_picture.value
    started = time.perf_counter()
    dash.next.click()
    took = time.perf_counter() - started
    assert f"Move 1 of {len(record.moves)}: {record.first} subtracts {record.moves[0]}" in dash.replay_status.value
    assert dash.replay_picture.value != before and took < 1.0
    dash.to_end.click()
    assert f"Game over: {record.winner} wins." in dash.replay_status.value and dash.next.disabled
    dash.back.click()
    assert f"Move {len(record.moves) - 1} of" in dash.replay_status.value


def test_the_replay_picture_is_legible_at_the_dashboard_width():
    from coursekit.plots.arena_replay import draw_course

    course = [50, 47, 42, 39, 34, 31, 26, 21, 18, 15, 12, 7, 2, -1]
    moves = [a - b for a, b in zip(course, course[1:])]
    for start_course in (course, [99, 96, 93, 88, 77, 66, 55, 44, 33, 22, 11, 0]):
        steps = [a - b for a, b in zip(start_course, start_course[1:])]
        fig = draw_course(start_course, steps, (3, 5, 11), ("mcts:1000", "optimal"), width_px=1230)
        result = measure(fig, shown_width=DASHBOARD_WIDTH_PX, dpi=100, tight=False)
        assert result.smallest_px >= MIN_TEXT_PX and result.fits(DASHBOARD_WIDTH_PX), result
    assert moves[0] == 3


def test_first_feedback_within_100_ms_and_the_run_goes_on_in_the_background():
    dash = ArenaDashboard(folder=EXAMPLE_SUBTRACTION, builtins="random, optimal", background=True)
    started = time.perf_counter()
    dash.start.click()
    took = (time.perf_counter() - started) * 1000
    assert dash.message.text.startswith("Playing 180 games of subtraction 3-5-11 between 6 bots")
    assert took < 250 and dash.first_feedback_ms < 100, (took, dash.first_feedback_ms)
    assert dash.start.disabled and not dash.stop.disabled and dash.folder.disabled
    dash.start.click()  # the button is disabled in the browser; a second click from Python is refused politely
    assert dash.message.text == "A run is going on: Stop it first."
    dash.wait(300)
    assert dash.results.status == "complete" and dash.message.text.startswith("Finished: 180 games")


def test_stop_ends_the_run_after_the_games_in_progress_and_keeps_what_was_played():
    dash = ArenaDashboard(folder="", builtins="random, optimal, mcts:200, mixed:0.5", rounds=20, background=True)
    dash.start.click()
    deadline = time.monotonic() + 120
    while dash.progress.value < 20 and time.monotonic() < deadline:
        time.sleep(0.05)
    dash.stop.click()
    assert dash.message.text == "Stopping after the games in progress ..."
    dash.wait(120)
    total = dash.arena.total
    assert dash.results.status == "interrupted" and 20 <= len(dash.results.games) < total
    assert dash.message.text.startswith(f"Stopped after {len(dash.results.games):,} of {total:,} games.")
    assert len(dash.games.options) == len(dash.results.games) and not dash.start.disabled


@pytest.mark.parametrize("folder, builtins, seed, says", [
    ("no/such/folder", "random", 0, "There is no folder 'no/such/folder'"),
    ("", "", 0, "No bots: type a folder of bot files"),
    ("", "random, magic", 0, "unknown bot 'magic'"),
    ("", "random", 0, "needs at least 2 bots"),
    ("", "random, optimal", -3, "seed"),
])
def test_bad_input_is_a_message_in_the_widget(folder, builtins, seed, says):
    dash = ArenaDashboard(folder=folder, builtins=builtins, seed=seed, background=False)
    dash.start.click()
    assert dash.message.kind == "error" and says in dash.message.text, dash.message.text
    assert dash.results is None and not dash.running and not dash.start.disabled


def test_a_folder_without_bots_is_a_message(tmp_path):
    (tmp_path / "notes.txt").write_text("no bots here")
    dash = ArenaDashboard(folder=str(tmp_path), background=False)
    dash.start.click()
    assert dash.message.kind == "error" and "holds no bot files" in dash.message.text


def test_another_move_set_shows_the_illegal_moves_of_a_3_5_11_bot_in_the_failures_column():
    dash = ArenaDashboard(folder=EXAMPLE_SUBTRACTION, builtins="optimal", game="subtraction:2,3,7",
                          background=False)
    dash.start.click()
    rows = {row["bot"]: row for row in dash.results.leaderboard(dash.ratings)}
    assert rows["table_3_5_11"]["failures"].startswith("illegal ") and not rows["backward"]["failures"]
    assert "failures" in repr(leaderboard(dash.results, dash.ratings)).splitlines()[0]
    assert "ended by a failure" in dash.message.text
    index = next(i for i, g in enumerate(dash.results.games) if g.reason == "illegal")
    dash.games.value = index
    dash.to_end.click()
    assert "It ended early: illegal, chose 5 at n=" in dash.replay_status.value


def test_the_game_choice_brings_its_example_folder_and_tictactoe_replays_on_a_board():
    dash = ArenaDashboard(background=False)
    dash.game.value = "tictactoe"
    assert Path(dash.folder.value).name == "tictactoe" and dash.builtins.value == "random, optimal"
    dash.start.click()
    assert dash.results.status == "complete" and len(dash.results.games) == 4 * 3
    dash.games.value = 0
    dash.to_end.click()
    board = dash.replay_board.value
    assert board.count("<td") == 9 and ">X</td>" in board and "Game over" in dash.replay_status.value
    dash.reset.click()
    assert dash.game.value == "subtraction:3,5,11" and Path(dash.folder.value).name == "subtraction"
    assert dash.results is None and dash.games.options == () and dash.board.value == ""


def test_the_tournament_ranks_by_the_share_that_reached_200():
    dash = ArenaDashboard(game="tournament", builtins="timid", rounds=3, background=False)
    dash.start.click()
    assert dash.results.status == "complete" and len(dash.results.games) == 3 * 3
    text = repr(leaderboard(dash.results, dash.ratings))
    assert text.splitlines()[0].split()[:4] == ["rank", "bot", "share", "95%"] and "reached 200" in text
    dash.games.value = 0
    dash.next.click()
    assert dash.replay_status.value.startswith("Round 1 of ") and "bet" in dash.replay_status.value
    assert "<b>" in dash.replay_board.value and "100 EUR" in dash.replay_board.value


def test_helpers_name_games_split_tournament_rounds_and_draw_boards():
    assert tournament_rounds([20, True, False, 10, False]) == [[20, True, False], [10, False]]
    assert board_html("x.o......", last=0).count("#FFE066") == 1

    class Record:
        first, second, round, start, score, winner, reason = "a", "b", 0, "", 0.5, None, ""

    assert game_label(3, Record) == "  3. a vs b, empty board, round 1: draw"
    row = {"rank": 2, "bot": "late", "rating": -0.2, "low": -0.2, "high": -0.2, "games": 0, "points": 0.0,
           "group": 1, "wins": 0, "draws": 0, "losses": 0, "failures": ""}
    early = Leaderboard([{**row, "bot": "early", "rank": 1, "rating": 12.4, "low": -30.0, "high": 51.0, "games": 4,
                          "points": 3.0, "wins": 3, "losses": 1}, row], solo=False)
    assert repr(early).splitlines()[1:] == ["1     early  +12     -30 to +51    3-0-1  3 of 4  1",
                                            "2     late   –       no games yet  0-0-0  0 of 0  1"]


def test_the_dashboard_is_a_demo_page_with_a_seed_box_and_reset():
    page = arena_dashboard()
    inner = page["Class arena"]
    assert isinstance(inner, ArenaDashboard) and inner.width_px == DASHBOARD_WIDTH_PX - 20
    assert "course-demo" in page._dom_classes and repr(page) == "Dashboard: run this cell to show the widget"
