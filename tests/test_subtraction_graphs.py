"""Game graphs and playout graphs of subtraction games: structure, colours, drawing."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from coursekit.graphs import (BLUE, EDGE_COLOURS, MAX_GRAPH_LIMIT, RED, WIN_EDGE, game_graph, grid_width,
                              playout_graph, playout_layout)
from coursekit.colours import LOSE, WIN
from coursekit.plots.game_graph import draw_game_graph, draw_playout
from coursekit.subtraction import SubtractionGame, optimal, playout, random_player, replay


def test_game_graph_of_abbildung_4_has_the_right_vertices_edges_and_colours():
    game = SubtractionGame()
    g = game_graph(game, 22)
    assert g.vcount() == 23 and g.is_directed()
    assert [v["n"] for v in g.vs if v["color"] == RED] == [0, 1, 2, 8, 9, 10, 16, 17, 18]
    assert all(v["color"] == BLUE for v in g.vs if v["n"] % 8 >= 3)
    pairs = {(e.source, e.target, e["move"]) for e in g.es}
    assert pairs == {(n, n + d, d) for n in range(23) for d in (3, 5, 11) if n + d <= 22}
    assert (RED, BLUE) == (LOSE, WIN)  # the source's red and blue numbers in the course's colour language
    for e in g.es:  # a winning move (blue edge) n + d -> n leads to a red number n
        assert (e["color"] == WIN_EDGE) == (g.vs[e.source]["color"] == RED)
    # every blue number has a red predecessor, no red number has one (Abbildung 4's regularities 1 and 2)
    for v in g.vs:
        from_red = [g.vs[u]["color"] == RED for u in g.predecessors(v.index)]
        assert any(from_red) == (v["color"] == BLUE)


def test_game_graph_for_another_move_set_and_bad_limit():
    g = game_graph(SubtractionGame((3, 5, 8)), 40)
    assert [v["n"] for v in g.vs if v["losing"]] == [n for n in range(41) if n % 11 in (0, 1, 2)]
    assert grid_width(SubtractionGame()) == 8 and grid_width(SubtractionGame((1, 2))) == 9
    with pytest.raises(ValueError, match="-1"):
        game_graph(SubtractionGame(), -1)


def test_game_graph_limit_has_a_maximum_that_covers_the_lessons():
    """game_graph(g, 10**6) used to run 10-30 s and build 3 million edges; now it refuses at once."""
    assert MAX_GRAPH_LIMIT >= 60  # the game-graph widget's largest N; the lessons draw 22 and 40
    wide = SubtractionGame(tuple(range(1, 51)))  # the most moves a game may have: the most edges per number
    assert game_graph(wide, MAX_GRAPH_LIMIT).vcount() == MAX_GRAPH_LIMIT + 1
    for too_big in (MAX_GRAPH_LIMIT + 1, 10**6):
        with pytest.raises(ValueError, match=rf"from 0 to {MAX_GRAPH_LIMIT:,}, not {too_big}$"):
            game_graph(SubtractionGame(), too_big)


def test_playout_graph_colours_follow_abbildung_5():
    third = replay([50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2])  # source text 003's Abbildung 8 game
    g = playout_graph(third)
    assert g.vcount() == 15 and g.ecount() == 14
    assert g.vs["player"][:4] == [0, 1, 2, 1]
    assert g.es[11]["color"] == LOSE and g.vs[11]["n"] == 7  # player 2's mistake at 7: thrown away
    assert all(g.es[i]["color"] == "black" for i in range(14) if g.es[i]["verdict"] == "no win")
    win_then = [g.es[i + 1]["color"] for i in range(13) if g.es[i]["color"] == WIN]
    assert set(win_then) == {"black"}  # after a winning move there is always one without a win
    coords = playout_layout(g).coords
    assert coords[0][0] == 1.0 and {coords[i][0] for i in range(1, 15, 2)} == {0.0}


def test_drawings_return_figures_with_titles():
    fig = draw_game_graph(SubtractionGame(), 40)
    assert "period 8 from 0" in fig.axes[0].get_title()
    plt.close(fig)
    fig = draw_game_graph(SubtractionGame((2, 4, 7)), 12, edges="all")
    plt.close(fig)
    game = playout(optimal, random_player, 44, seed=1)
    fig = draw_playout(game, names=("optimal", "random"))
    assert "optimal wins" in fig.axes[0].get_title()
    plt.close(fig)
    with pytest.raises(ValueError, match="edges"):
        draw_game_graph(SubtractionGame(), 10, edges="some")
    fig = draw_game_graph(SubtractionGame(), 30, edges="from", focus=22)   # the moves at 22 only, labelled
    labels = [t for layer in fig.axes[0].collections for t in getattr(layer, "font_texts", [])]
    assert {"-3", "-5", "-11"} <= set(labels)
    plt.close(fig)
    with pytest.raises(ValueError, match="focus"):
        draw_game_graph(SubtractionGame(), 10, edges="from", focus=11)
    assert EDGE_COLOURS == {"win": WIN, "mistake": LOSE, "no win": "black"}
