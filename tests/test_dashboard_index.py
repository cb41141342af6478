"""The Voila start page's dashboard list (share/jupyter/voila/templates/course/dashboards.j2) is current: written
from each dashboard's opening cell by coursetools/author/dashboard_index.py (issue 37 item 4)."""

from __future__ import annotations

import pytest

from coursetools.author.dashboard_index import DEMOS, INDEX, dashboards, describe, index_text


def test_the_start_pages_list_is_written_from_the_dashboards_as_they_are():
    assert INDEX.read_text(encoding="utf-8") == index_text(), (
        "run `python -m coursetools.author.dashboard_index` after changing a dashboard's opening cell")


def test_every_dashboard_names_its_lessons_and_the_list_follows_the_course():
    listed = dashboards()
    assert {d["name"] for d in listed} == {p.name for p in DEMOS.glob("*.ipynb")}
    assert [d["name"] for d in listed][0] == "blackjack.ipynb" and listed[-1]["name"] == "arena.ipynb"
    assert all(d["title"] and d["shows"].endswith(".") and d["lessons"].startswith("lesson") for d in listed)


def test_a_dashboard_without_the_opening_cell_is_named(tmp_path):
    bad = tmp_path / "bad.ipynb"
    bad.write_text('{"cells": [{"cell_type": "markdown", "source": "just words"}]}')
    with pytest.raises(ValueError, match="bad.ipynb"):
        describe(bad)
