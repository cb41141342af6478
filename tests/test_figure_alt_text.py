"""Every figure a lesson shows carries a one-line alt text (cell metadata mystnb.image.alt, used by the website)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
# the lessons and their going-further notebooks (NNb_name, issue 34)
LESSONS = sorted([*NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"), *NOTEBOOKS.glob("[0-9][0-9]b_*.ipynb")])


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem.split("_")[0])
def test_every_figure_cell_has_a_sentence_of_alt_text(lesson):
    for cell in json.loads(lesson.read_text())["cells"]:
        if not any("image/png" in out.get("data", {}) for out in cell.get("outputs", [])):
            continue
        alt = cell["metadata"].get("mystnb", {}).get("image", {}).get("alt", "")
        source = "".join(cell["source"])[:60]
        assert len(alt.split()) >= 6 and alt.endswith("."), f"{lesson.name}: figure cell {source!r} needs alt text"
