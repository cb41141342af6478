"""Lesson 00's concept map: every lesson 01-11 on a road, said the same way in the picture and in its alt text."""

from __future__ import annotations

import json
import re
from pathlib import Path

from coursekit.plots.course_map import ROADS, TITLES, course_map, course_map_alt


def test_every_lesson_takes_a_road_and_each_road_has_lessons():
    on_roads = {n for ways in ROADS.values() for lessons in ways.values() for n in lessons}
    assert on_roads == {f"{i:02d}" for i in range(1, 12)}
    assert all(len(ways) == 2 and all(ways.values()) for ways in ROADS.values())


def test_the_picture_shows_every_road_and_lesson():
    texts = " ".join(t.get_text() for t in course_map().axes[0].texts)
    for question, ways in ROADS.items():
        assert question in texts
        for way, lessons in ways.items():
            assert way.replace(" Tree ", "\nTree ") in texts
            assert all(f"{n}  {TITLES[n]}" in texts for n in lessons)


def test_the_alt_text_names_each_road_with_its_lessons():
    alt = course_map_alt()
    for ways in ROADS.values():
        for way, lessons in ways.items():
            found = re.search(rf"{re.escape(way)} \(lessons ([0-9, ]+)\)", alt, re.IGNORECASE)
            assert found and found.group(1) == ", ".join(lessons), way


NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def test_lesson_00_and_each_lesson_link_their_going_further_notebooks():
    """Issue 34: every optional notebooks/NNb_name.ipynb is named in lesson 00 and linked from lesson NN, and links
    back to it."""
    def markdown(path):
        return "".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"]
                       if c["cell_type"] == "markdown")

    start = markdown(NOTEBOOKS / "00_start_here.ipynb")
    further = sorted(NOTEBOOKS.glob("[0-9][0-9]b_*.ipynb"))
    assert further
    for path in further:
        (lesson,) = NOTEBOOKS.glob(f"{path.name[:2]}_*.ipynb")
        assert f"]({path.name})" in start, path.name
        assert f"]({path.name})" in markdown(lesson), f"{lesson.name} does not link {path.name}"
        assert f"]({lesson.name})" in markdown(path), f"{path.name} does not link back to {lesson.name}"
