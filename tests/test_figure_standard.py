"""The figure standard (CONTRIBUTING.md): every figure and widget picture a lesson or dashboard shows is readable
on a 1280x720 projector: no text below 11 px as shown, and not wider than the page gives it (so not scaled down).

The figures and the sizes they are shown at are listed in tests/figure_catalogue.py (run it to print them all).
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from coursekit.plots.legibility import MIN_TEXT_PX, measure  # noqa: E402
from figure_catalogue import CASES  # noqa: E402

ASCII_SIGNS = ("<=", ">=", "->")  # figures draw the glyphs ≤ ≥ → (issue 21)

# figures a lesson builds itself (not the library): the lesson fixes their size (listed in issue 15's report)
BUILT_BY_A_LESSON = {"l07_figures_6_7": "lesson 07 draws figures 6 and 7 on a 10-inch figure of its own"}


@pytest.mark.parametrize("name", list(CASES))
def test_every_text_is_at_least_11_px_as_shown_and_the_picture_fits(name):
    shown = CASES[name]()
    result = shown.measure()
    assert result.texts, f"{name}: no text found; is the figure drawn at all?"
    small = result.too_small()
    assert not small, f"{name}: text below {MIN_TEXT_PX:g} px as shown ({result}): " + ", ".join(
        f"{t.text[:25]!r} {t.points:g} pt = {t.px:.1f} px" for t in small[:8])
    if name not in BUILT_BY_A_LESSON:
        assert result.fits(shown.width), f"{name}: {result.image_px[0]} px wide, shown in {shown.width:.0f} px"
    typed = [t.text for t in result.texts if any(ascii_art in t.text for ascii_art in ASCII_SIGNS)]
    assert not typed, f"{name}: write ≤, ≥ and → as glyphs, not {ASCII_SIGNS} typed: {typed}"


def test_measure_counts_text_objects_and_glyph_labels_at_the_scale_they_are_shown():
    import matplotlib.pyplot as plt

    from coursekit.plots.glyphs import add_labels

    fig, ax = plt.subplots(figsize=(10, 2), dpi=100)
    ax.set_title("title", fontsize=12)
    add_labels(ax, [(0.5, 0.5, "glyphs", 9, "normal", "black", "center", "center", 1.2)], zorder=3)
    plt.close(fig)
    wide = measure(fig, shown_width=500, tight=False)       # a 1000 px figure in a 500 px column: half size
    assert wide.image_px[0] == 1000 and wide.scale == pytest.approx(0.5)
    sizes = {t.text: t.px for t in wide.texts}
    assert sizes["title"] == pytest.approx(12 * 100 / 72 * 0.5)
    assert sizes["glyphs"] == pytest.approx(9 * 100 / 72 * 0.5)
    assert wide.smallest_px < MIN_TEXT_PX and not wide.fits(500)
    assert measure(fig, shown_width=1200, tight=False).smallest_px == pytest.approx(min(sizes.values()) * 2)


SEARCH_TREES = [name for name in CASES if "search_tree" in name or "stepper" in name]


@pytest.mark.parametrize("name", SEARCH_TREES)
def test_no_search_tree_label_is_crossed_by_an_edge_a_disc_or_another_label(name):
    """Issue 28: the wins/visits and move labels of lesson 08's and the dashboard's trees stand clear of every edge
    (as seen, rim to rim), every disc and each other, inside the picture."""
    from coursekit.plots.search_tree import label_crossings

    shown = CASES[name]()
    tree = next(ax for ax in shown.fig.axes if hasattr(ax, "course_labels"))
    assert len(tree.course_labels["labels"]) > 10, "the labels were not recorded"
    crossings = label_crossings(tree)
    assert not crossings, f"{name}: {crossings}"


def test_label_crossings_finds_a_label_on_an_edge():
    from coursekit.plots.search_tree import label_crossings

    shown = CASES[SEARCH_TREES[0]]()
    tree = next(ax for ax in shown.fig.axes if hasattr(ax, "course_labels"))
    (p, q), (kind, text, _) = tree.course_labels["edges"][0], tree.course_labels["labels"][0]
    middle = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    tree.course_labels["labels"][0] = (kind, text, (middle[0] - 5, middle[1] - 5, middle[0] + 5, middle[1] + 5))
    assert any("crossed by an edge" in found for found in label_crossings(tree))


@pytest.mark.parametrize("dpi, width", [(90, 824), (120, 1230)], ids=["lesson", "dashboard"])
def test_stepper_trees_keep_their_labels_clear_across_starts_seeds_and_steps(dpi, width):
    """The stepper's tree at a lesson's and the dashboard's size, for several start numbers and seeds, after Step
    and after each Run 100: no label crossed (issue 28)."""
    from coursekit.plots.search_tree import label_crossings
    from coursekit.widgets.mcts import MCTSStepper

    for n in (22, 62, 100):
        for seed in (1, 2):
            stepper = MCTSStepper(n=n, seed=seed, dpi=dpi, width_px=width)
            for button in (stepper.step, stepper.run100, stepper.run100, stepper.run100):
                button.click()
                crossings = label_crossings(stepper.view.ax)
                assert not crossings, f"n={n}, seed {seed}, {stepper.search.iterations} iterations: {crossings}"
