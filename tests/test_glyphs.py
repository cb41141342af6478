"""Text drawn as glyph outlines: the same shapes and widths as matplotlib's own text, legends and titles."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextPath, text_to_path

from coursekit.plots.glyphs import add_labels, glyph_title, key, text_path, text_width


@pytest.mark.parametrize("text", ["41/68", "-11", "0.875", "100%", "7 / 9", "moves 3, 5, 11", "Wo"])
@pytest.mark.parametrize("size", [7, 10])
def test_glyph_lines_equal_matplotlib_text_paths(text, size):
    prop = FontProperties(size=size)
    reference = TextPath((0, 0), text, prop=prop)
    ours = text_path(text, size, ha="left", va="baseline")
    assert ours.vertices.shape == reference.vertices.shape
    # equal on matplotlib 3.11; matplotlib 3.10 (Python 3.10's newest) places a digit up to 0.002 pt differently
    assert np.allclose(ours.vertices, reference.vertices, atol=0.01)  # points: far below a pixel
    assert text_width(text, size) == pytest.approx(text_to_path.get_text_width_height_descent(text, prop, False)[0])


def test_blank_lines_draw_nothing_but_keep_their_place():
    assert len(text_path(" ", 8).vertices) == 0
    both = text_path("12\n3/4", 8, va="top")
    second = text_path(" \n3/4", 8, va="top")
    assert np.allclose(both.vertices[-len(second.vertices):], second.vertices)


def test_title_key_and_labels_render_and_stay_queryable():
    fig, ax = plt.subplots(figsize=(4, 3))
    glyph_title(ax, "start 22: optimal wins")
    assert ax.get_title() == "start 22: optimal wins" and not ax.title.get_visible()
    width, height = key(ax, [("disc", "red", "red numbers"), ("line", "blue", "threw a win away")], 0.5, 0.0,
                        columns=1)
    assert height == pytest.approx(2 * 1.5 * 8) and width > text_width("threw a win away", 8)
    layer = add_labels(ax, [(0.5, 0.5, "-3", 8, "normal", "#333", "center", "center", 1.2)], zorder=4,
                       backdrop="white", halo="white")
    fig.canvas.draw()
    pixels = np.asarray(fig.canvas.buffer_rgba())[..., :3]
    assert (pixels < 128).any()  # something dark was drawn: the glyphs
    assert len(layer.get_paths()) == 1 and len(ax.collections) == 5  # key text, label, its box and its halo
    plt.close(fig)


def test_no_labels_draw_nothing_on_every_matplotlib():
    # matplotlib 3.10, the newest for Python 3.10, refuses a collection whose empty offsets are not (0, 2)
    fig, ax = plt.subplots()
    layer = add_labels(ax, [], zorder=3, backdrop="white", halo="white")
    fig.canvas.draw()
    assert layer.get_offsets().shape == (0, 2)
    plt.close(fig)
