"""Demo dashboards, driven from Python: every dashboard builds, has a seed box and a Reset, and Reset restores."""

from __future__ import annotations

import ipywidgets as w
import pytest

from coursekit.widgets.demo import (DEMO_CSS, Dashboard, Resettable, baccarat_dashboard, blackjack_dashboard,
                                    mcts_dashboard, subtraction_dashboard, tournament_dashboard)

DASHBOARDS = [blackjack_dashboard, baccarat_dashboard, subtraction_dashboard, mcts_dashboard, tournament_dashboard]


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


@pytest.mark.parametrize("make", DASHBOARDS, ids=[f.__name__ for f in DASHBOARDS])
def test_every_dashboard_has_demo_style_a_seed_box_and_a_reset(make):
    board = make(seed=3)
    parts = list(_walk(board))
    assert "course-demo" in board._dom_classes
    assert any(isinstance(p, w.HTML) and DEMO_CSS in p.value for p in parts), "the demo style block is missing"
    seeds = [p for p in parts if isinstance(p, (w.IntText, w.Text)) and p.description == "seed"]
    assert seeds and all(str(s.value) == "3" for s in seeds), "every seeded widget takes the dashboard's seed"
    assert any(isinstance(p, w.Button) and p.description in ("Reset", "New tournament") for p in parts)
    assert repr(board) == "Dashboard: run this cell to show the widget", "stable for nbval, helpful before a run"
    money = " ".join(p.value for p in parts if isinstance(p, w.HTML))
    assert "EUR" not in money, "one way to write money on a page: 100€ (as the widgets and the sheet write it)"


def test_resettable_rebuilds_the_widget_with_its_first_settings():
    from coursekit.widgets.baccarat import OddsExplorer

    box = Resettable(lambda: OddsExplorer(decks=8, coups=100_000, seed=1))
    first = box.inner
    first.decks.value = 2
    assert "2 deck(s)" in first.view.value
    box.reset.click()
    assert box.inner is not first and box.inner.decks.value == 8 and "8 deck(s)" in box.inner.view.value
    assert list(box.children) == [box.inner, box.message, box.sheet]
    assert box.reset in box.inner.children[0].children, "Reset sits in the widget's first row, beside its controls"


def test_dashboard_sections_are_reachable_by_name():
    table = w.Button(description="x")
    board = Dashboard([("Part one", "a note", table)], title="Title")
    assert board["Part one"] is table
    texts = " ".join(p.value for p in _walk(board) if isinstance(p, w.HTML))
    assert "Title" in texts and "Part one" in texts and "a note" in texts


def test_blackjack_dashboard_plays_a_round_from_python():
    board = blackjack_dashboard(seed=3)
    table = board["Blackjack table"]
    table.deal.click()
    table.stand.click()
    assert table.rounds == 1
    tournament = board["The 100€ tournament"]
    tournament.next.click()
    tournament.amount.value = "5"
    tournament.bet.click()
    assert tournament.message.kind == "error" and "10" in tournament.message.text



def test_tournament_dashboard_plays_the_advice_and_reset_brings_back_the_first_tournament():
    board = tournament_dashboard(seed=3)
    box = board["The 100€ tournament, with the best advice"]
    first = box.inner
    start = first.chance
    assert first.advice.value and "Advice: press Next round." in first.tip.value
    for _ in range(3):  # next round, the advised bet, then the advised hit or stand
        first.follow.click()
    assert first.game.round == 1 and len(first.chances) == 4 and first.given_away == 0
    first.seed.value, first.advice.value, first.amount.value = 9, False, "60"
    box.reset.click()  # in place: the chance figure is kept
    assert box.inner is first and first.seed.value == "3" and first.advice.value and first.amount.value == ""
    assert first.game.round == 0 and first.chances == [start] and first.choices == [] and first.given_away == 0
    fresh = tournament_dashboard(seed=3)["The 100€ tournament, with the best advice"].inner
    for widget in (first, fresh):
        widget.follow.click()
    assert first.game.player.cards == fresh.game.player.cards  # the cards of a fresh tournament with seed 3

def test_an_unexpected_error_in_a_callback_shows_in_the_widget_not_nowhere():
    from coursekit.widgets import common
    from coursekit.widgets.subtraction import PlayoutWidget

    play = PlayoutWidget(start=22, seed=1)
    play.choices["random"] = lambda n, rng: 1 / 0  # a broken strategy: the kind of bug no input check foresees
    play.step.click()
    assert play.message.kind == "error" and "ZeroDivisionError" in play.message.text and "Reset" in play.message.text
    assert len(common.callback_errors) == 1
    common.callback_errors.clear()  # caught on purpose here
    play.choices["random"] = PlayoutWidget().choices["random"]
    play.reset.click()
    play.step.click()
    assert play.message.kind == "info" and len(play.moves) == 1


def test_fast_png_writer_keeps_every_pixel_and_refuses_other_shapes():
    import io

    import numpy as np
    from PIL import Image

    from coursekit.widgets.common import png_from_rgba

    rng = np.random.default_rng(7)
    pixels = rng.integers(0, 256, size=(37, 53, 4), dtype=np.uint8)
    pixels[:10] = (255, 255, 255, 255)  # flat rows, as in figures
    decoded = Image.open(io.BytesIO(png_from_rgba(pixels)))
    assert decoded.mode == "RGBA" and decoded.size == (53, 37)
    assert np.array_equal(np.asarray(decoded), pixels)
    with pytest.raises(ValueError, match="RGBA"):
        png_from_rgba(pixels[..., :3])


def test_figure_png_without_tight_box_draws_the_figure_as_laid_out():
    import io

    from PIL import Image

    from coursekit.plots.game_graph import draw_game_graph
    from coursekit.subtraction import SubtractionGame
    from coursekit.widgets.common import figure_png

    fig = draw_game_graph(SubtractionGame(), 30)
    inches = fig.get_size_inches()
    picture = Image.open(io.BytesIO(figure_png(fig, tight=False)))
    assert all(abs(got - want * 100) <= 1 for got, want in zip(picture.size, inches))  # no crop, no margin added
