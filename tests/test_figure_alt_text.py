"""Every figure a lesson shows carries a sentence of alt text in its own output (`coursekit.plots.alt.described`):
Lab reads it there (an image/png output gets no alt in Lab), and so does the website."""

from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path

import pytest

from coursekit.plots.alt import DescribedFigure, described, figure_alts

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
# the lessons, their going-further notebooks (NNb_name, issue 34) and the dashboards
LESSONS = sorted([*NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"), *NOTEBOOKS.glob("[0-9][0-9]b_*.ipynb"),
                  *NOTEBOOKS.glob("demos/*.ipynb")])
FIGURE = re.compile(r'^<img alt="([^"]*)" src="data:image/png;base64,[A-Za-z0-9+/=]+">$')


def saved_alts(path: Path) -> list:
    return figure_alts(json.loads(path.read_text()))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem.split("_")[0])
def test_every_figure_output_has_a_sentence_of_alt_text(lesson):
    for alt in saved_alts(lesson):
        assert alt is not None, f"{lesson.name}: a figure is a bare image/png output; end its cell with described()"
        assert len(alt.split()) >= 6 and alt.endswith("."), f"{lesson.name}: alt text {alt!r} is not a sentence"


def test_the_lessons_show_every_figure_described():
    """31 figures across the lessons (issue 37 counted them): a lost described() shows as a bare figure above."""
    assert sum(len(saved_alts(p)) for p in LESSONS) >= 31


def _figure():
    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 1))
    fig.add_subplot().plot([0, 1], [1, 0])
    return fig


def test_a_described_figure_is_one_img_with_its_alt_and_the_figures_png():
    fig = _figure()
    bundle = described(fig, 'A falling line from "top left" to bottom right, drawn <once>.')._repr_mimebundle_()
    assert set(bundle) == {"text/html", "text/plain"}  # the PNG is in the notebook once, inside the <img>
    assert bundle["text/plain"] == repr(fig)  # what nbval compared before: the figure's repr
    found = FIGURE.match(bundle["text/html"])
    assert found and html.unescape(found.group(1)) == 'A falling line from "top left" to bottom right, drawn <once>.'
    png = base64.b64decode(bundle["text/html"].split("base64,")[1].removesuffix('">'))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("alt", ["", "a line", "A falling line from top left to bottom right", None])
def test_an_alt_text_that_is_not_a_sentence_is_refused(alt):
    with pytest.raises(ValueError, match="is not a sentence"):
        DescribedFigure(_figure(), alt)


def test_something_that_is_not_a_figure_is_refused():
    with pytest.raises(ValueError, match="is not a matplotlib figure"):
        described("figure.png", "A falling line from top left to bottom right.")
