"""Issue 30 in the library: text colours at AA contrast, an AA highlighting style for show(), and live pictures that
carry a text alternative which changes with each redraw."""

from __future__ import annotations

import re

import pytest

from coursekit import colours
from coursekit.colours import contrast


def test_the_text_variants_of_the_palette_pass_aa_on_every_background_and_the_fills_stay():
    for text in (colours.WIN_TEXT, colours.LOSE_TEXT, colours.NEUTRAL_TEXT):
        for background in colours.TEXT_BACKGROUNDS:
            assert contrast(text, background) >= 4.5, (text, background)
    assert (colours.WIN, colours.LOSE) == ("#0072B2", "#D55E00")  # the figures keep Okabe-Ito blue and vermillion
    assert contrast(colours.LOSE, "#FFFFFF") < 4.5 and contrast(colours.WIN, "#EDEDED") < 4.5  # why the variants
    assert colours.text_colour(colours.WIN) == colours.WIN_TEXT and colours.text_colour("#d55e00") == colours.LOSE_TEXT
    assert colours.text_colour(colours.ORANGE) == colours.ORANGE
    assert round(contrast("#000000", "#FFFFFF"), 2) == 21.0 and contrast("#777777", "#FFFFFF") < 4.5


def test_message_bar_colours_are_aa_text():
    from coursekit.widgets.common import MessageBar

    for kind, colour in MessageBar.COLOURS.items():
        assert contrast(colour, "#FFFFFF") >= 4.5, kind


def test_show_highlights_with_colours_at_aa_contrast():
    from coursekit.mcts import MCTS
    from coursekit.show import show

    html = show(MCTS.select, MCTS.run)._repr_html_()
    found = set(re.findall(r"color: (#[0-9A-Fa-f]{3,6})", html))
    assert found, "no highlighting"
    for colour in found:
        full = colour if len(colour) == 7 else "#" + "".join(c * 2 for c in colour[1:])
        assert contrast(full, "#EEEEEE") >= 4.5, colour  # the site's code background is #f3f4f5, Lab's #f5f5f5


def test_the_button_styles_the_course_uses_are_aa_in_the_page_css():
    from coursekit.widgets.common import COURSE_CSS

    for style in ("primary", "success", "info", "warning", "danger"):
        background = re.search(rf"mod-{style}:enabled {{ background-color: (#[0-9A-F]{{6}})", COURSE_CSS).group(1)
        assert contrast(background, "#FFFFFF") >= 4.5, style
    ring = re.search(r"outline: 3px solid (#[0-9A-F]{6})", COURSE_CSS).group(1)
    assert contrast(ring, "#FFFFFF") >= 3  # the focus ring, against the page


def _pictures():
    from coursekit.widgets.blackjack_numbers import SimulationExplorer
    from coursekit.widgets.mcts import MCTSStepper
    from coursekit.widgets.subtraction import MoveSetExplorer, PlayoutWidget
    from coursekit.widgets.tournament_advice import AdvisedTournament

    return {
        "mcts": (MCTSStepper, "tree_text", lambda w: w.run10.click()),
        "game graph": (MoveSetExplorer, "graph_text", lambda w: setattr(w.moves, "value", "1, 2")),
        "playout": (PlayoutWidget, "picture_text", lambda w: w.step.click()),
        "tournament": (AdvisedTournament, "plot_text", lambda w: w.follow.click()),
        "simulation": (SimulationExplorer, "plot_text", None),
    }


@pytest.mark.parametrize("name", ["mcts", "game graph", "playout", "tournament", "simulation"])
def test_every_live_picture_says_what_it_shows_and_changes_with_each_redraw(name):
    make, attribute, act = _pictures()[name]
    widget = make()
    text = getattr(widget, attribute)
    first = text.text
    assert first.startswith("Picture of") and re.search(r"\d", first), first
    assert text.image.tooltip == first and text.image.value, "the picture's title is its description"
    assert "course-sr-only" in text._dom_classes
    if act is not None:
        act(widget)
        assert text.text != first and text.image.tooltip == text.text, f"{name}: the description did not follow"
