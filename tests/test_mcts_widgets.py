"""Lesson 08-09 widget, driven from Python: step, run, reset, bad input; plus the figures it draws."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest

from coursekit.graphs import search_tree_graph
from coursekit.mcts import MCTS
from coursekit.plots.search_tree import draw_search_tree
from coursekit.subtraction import SubtractionGame
from coursekit.widgets.mcts import MCTSStepper

PNG = b"\x89PNG"


def test_step_runs_one_iteration_and_shows_its_four_phases():
    stepper = MCTSStepper(n=22, seed=1)
    assert stepper.search.iterations == 0 and stepper.stats == {}
    assert bytes(stepper.tree.value).startswith(PNG)
    stepper.step.click()
    assert stepper.search.iterations == 1
    lines = stepper.phase_lines()
    assert [line[:2] for line in lines] == ["1.", "2.", "3.", "4."]
    assert "stay at 22" in lines[0]
    expanded = stepper.last.expanded
    assert f"22 - {expanded} = {22 - expanded}" in lines[1]
    assert lines[2].startswith(f"3. Simulation (random moves): {22 - expanded}")
    assert "22 now has 1 visit;" in lines[3] and f"{22 - expanded}: " in lines[3] and "/1" in lines[3]
    assert "22: " not in lines[3]  # the root has no mover: visits only, no wins from the other view
    assert "Selection" in stepper.phases.value and "Backpropagation" in stepper.phases.value
    assert len(stepper.stats) == 1 and "p1 = " in stepper.table.value


def test_trace_table_has_one_row_per_iteration_and_a_column_per_phase():
    from coursekit.widgets.mcts import TRACE_COLUMNS, trace_table

    game = SubtractionGame()
    search = MCTS(game, seed=1)
    search.reset(game.start(22))
    search.run(5, trace=True)
    table = trace_table(search)
    assert [row["iteration"] for row in table.rows] == ["1", "2", "3", "4", "5"]
    assert table.rows[0]["1. selection"] == "stay at 22" and table.rows[3]["1. selection"].startswith("22 → ")
    text, page = repr(table), table._repr_html_()
    assert text.splitlines()[0].split()[:2] == ["iteration", "1."] and "Iteration(" not in text
    assert all(f">{column}<" in page for column in TRACE_COLUMNS)
    assert len(trace_table(search, search.trace[:2]).rows) == 2


def test_run_buttons_add_iterations_and_update_the_statistics():
    stepper = MCTSStepper(n=22, seed=2)
    stepper.run10.click()
    assert stepper.search.iterations == 10 and stepper.last.number == 10
    stepper.run100.click()
    assert stepper.search.iterations == 110
    stats = stepper.stats
    assert set(stats) == {3, 5, 11} and sum(s.visits for s in stats.values()) == 110
    for i, s in enumerate(stats.values(), start=1):
        assert f"p{i} = {s.win_rate:.3f}" in stepper.table.value
    assert "MCTS would play" in stepper.table.value
    assert "110 iterations" in stepper.message.text


def test_reset_with_the_same_seed_replays_the_same_search():
    stepper = MCTSStepper(n=30, seed=5)
    stepper.run10.click()
    first = stepper.stats
    stepper.reset.click()
    assert stepper.search.iterations == 0 and stepper.last is None and stepper.phases.value == ""
    stepper.run10.click()
    assert stepper.stats == first
    stepper.seed.value = 6
    stepper.reset.click()
    stepper.run10.click()
    assert stepper.stats != first


def test_start_box_and_transposition_switch_take_effect_on_reset():
    stepper = MCTSStepper(n=22, seed=1)
    stepper.start.value = 40
    stepper.step.click()
    assert stepper.message.kind == "error" and "press Reset" in stepper.message.text
    assert stepper.search.iterations == 0
    stepper.transpositions.value = True
    stepper.reset.click()
    assert stepper.search.root.state.n == 40 and stepper.search.transpositions
    stepper.run100.click()
    assert "vermillion: no move wins (a red number)" in stepper.table.value, "40 = 5 * 8 is a red number"


@pytest.mark.parametrize("bad", [0, -3, 201])
def test_bad_start_shows_a_message_and_keeps_the_old_search(bad):
    stepper = MCTSStepper(n=22, seed=1)
    stepper.run10.click()
    stepper.start.value = bad
    stepper.reset.click()
    assert stepper.message.kind == "error" and str(bad) in stepper.message.text and "1 to 200" in stepper.message.text
    assert stepper.search.root.state.n == 22 and stepper.search.iterations == 10


def test_search_tree_graph_is_depth_limited_and_carries_statistics():
    game = SubtractionGame()
    search = MCTS(game, seed=3)
    search.search(game.start(22), 200)
    g = search_tree_graph(search, depth=2)
    assert max(g.vs["depth"]) == 2 and g.vcount() == 1 + 3 + 9
    assert g.vs[0]["label"] == "22" and g.vs[0]["visits"] == 200
    assert sorted(g.es.select(_source=0)["label"]) == ["-11", "-3", "-5"]
    child = g.vs[g.es.select(_source=0)[0].target]
    assert child["visits"] == search.stats()[child["moves"][0]].visits
    assert search_tree_graph(search, depth=0).vcount() == 1
    with pytest.raises(ValueError, match="depth"):
        search_tree_graph(search, depth=-1)


def test_transposition_tree_flags_shared_nodes_and_draws():
    game = SubtractionGame()
    search = MCTS(game, seed=3, transpositions=True)
    search.search(game.start(30), 300)
    g = search_tree_graph(search, depth=3)
    assert any(g.vs["shared"]), "30-3-5 and 30-5-3 are the same position"
    fig = draw_search_tree(search, depth=3)
    assert "transpositions" in fig.axes[0].get_title()


def test_lesson_figures_show_the_numbers_they_are_given():
    from coursekit.plots.mcts import (plot_accuracy_by_budget, plot_accuracy_by_residue, plot_hits_by_n,
                                      plot_move_stats, plot_rollout_values)

    game = SubtractionGame()
    stats = MCTS(game, seed=1).search(game.start(22), 300)
    fig = plot_move_stats(stats, winning=game.winning_moves(22))
    heights = [bar.get_height() for bar in fig.axes[0].patches]
    assert heights == pytest.approx([s.win_rate for s in stats.values()])
    fig = plot_accuracy_by_budget([10, 100], {"plain": [0.5, 0.7], "shared": [0.6, 1.0]}, baseline=0.6)
    lines = [line for line in fig.axes[0].get_lines() if line.get_label() in ("plain", "shared")]
    assert [list(line.get_ydata()) for line in lines] == [[50, 70], [60, 100]]
    fig = plot_rollout_values([1, 2, 3], [0.0, 0.0, 1 / 3], [True, True, False])
    assert len(fig.axes[0].collections) == 2
    fig = plot_hits_by_n([12, 13], {"plain": [1.0, 0.0]})
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == ["plain"]
    fig = plot_accuracy_by_residue([3, 4], {"plain": [0.5, 1.0]})
    assert [bar.get_height() for bar in fig.axes[0].patches] == [50, 100]


def test_transposition_steps_say_when_expansion_links_a_known_position():
    stepper = MCTSStepper(n=30, seed=1, transpositions=True)
    linked = []
    for _ in range(150):
        stepper.search.run(0)
        stepper.last = stepper.search.iterate(trace=True)
        if stepper.last.shared:
            linked.append(stepper.phase_lines()[1])
    assert linked and all("already in the table" in line for line in linked)
    plain = MCTSStepper(n=30, seed=1)
    plain.run100.click()
    assert not plain.last.shared


def test_kept_tree_figure_draws_like_draw_search_tree_and_reuses_its_axes():
    from coursekit.plots.search_tree import SearchTreeFigure

    game = SubtractionGame()
    search = MCTS(game, seed=1)
    search.search(game.start(22), 300)
    view = SearchTreeFigure(dpi=90)
    fig = view.draw(search, depth=3)
    ax = view.ax
    assert "after 300 iterations" in ax.get_title()
    nodes = search_tree_graph(search, depth=3).vcount()
    sizes = [len(layer.get_paths()) for layer in ax.collections]
    assert nodes in sizes and sizes.count(nodes - 1) >= 2  # glyphs: a label per node; counts (and boxes) but root
    search.run(1)
    assert view.draw(search, depth=3) is fig and view.ax is ax and "after 301" in ax.get_title()
    assert len(fig.axes) == 2  # the tree and one colour bar, not one more per draw
    stepper = MCTSStepper(n=22, seed=1)
    first = stepper.tree.value
    stepper.step.click()
    assert stepper.tree.value[:8] == b"\x89PNG\r\n\x1a\n" and stepper.tree.value != first


def test_the_stepper_counts_one_iteration_in_the_singular():
    from coursekit.widgets.mcts import MCTSStepper

    stepper = MCTSStepper(n=22, seed=1)
    stepper.step.click()
    assert stepper.message.text == "1 iteration so far."
    stepper.step.click()
    assert stepper.message.text == "2 iterations so far."


def test_predict_mode_asks_where_selection_goes_before_step_shows_it():
    stepper = MCTSStepper(n=22, seed=1, predict=True)
    stepper.step.click()  # no pick yet: nothing runs, the widget asks for one
    assert stepper.search.iterations == 0 and "Pick where selection goes first" in stepper.message.text
    assert stepper.guess.options == ("stay at 22",)
    assert stepper.predict_step("stay at 22").startswith("Right: selection stayed at 22")
    while stepper.search.root.untried:
        stepper.predict_step("stay at 22")
    assert stepper.guess.options == ("stay at 22", "-3 (to 19)", "-5 (to 17)", "-11 (to 11)")
    for _ in range(6):  # from now on UCB1 decides: the widget's verdict is what select() did, with the scores
        scores = stepper.ucb1_scores()
        best = max(scores, key=scores.get)  # the first of equals, as select() breaks ties
        message = stepper.predict_step(f"-{best} (to {22 - best})")
        assert stepper.last.selected[0] == best and message.startswith("Right: selection took")
        assert all(f"-{m}: {s:.3f}" in message for m, s in scores.items())
        assert stepper.guess.value is None  # the next Step asks again
    worst = min(stepper.ucb1_scores(), key=stepper.ucb1_scores().get)
    message = stepper.predict_step(f"-{worst} (to {22 - worst})")
    assert message.startswith(f"Not quite: you picked -{worst}") and stepper.message.kind == "lose"
    right = sum(p == g for p, g in stepper.predictions)
    assert f"({right} of {len(stepper.predictions)} right)" in message
    with pytest.raises(ValueError, match="pick one of"):
        stepper.predict_step("-7")
    stepper.run10.click()  # Run needs no prediction
    assert stepper.search.iterations == len(stepper.predictions) + 10


def test_predict_mode_is_off_by_default():
    stepper = MCTSStepper(n=22, seed=1)
    stepper.step.click()
    assert stepper.search.iterations == 1 and stepper.guess not in stepper.children
