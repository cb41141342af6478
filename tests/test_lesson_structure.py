"""Every lesson opens and closes the same way, asks for a prediction, and never goes long without a learner action."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lesson_structure import (ACTION_TAG, LESSONS, MAX_STRETCH_CELLS, MAX_STRETCH_WORDS, OPENING_KEYS, TIME,
                              figures, is_action, source)

COURSE_LESSONS = [p for p in LESSONS if not p.name.startswith("00_")]
LINK = re.compile(r"\]\(([^)\s]+\.ipynb)(?:#[^)]*)?\)")


def cells(path: Path) -> list[dict]:
    """The notebook's cells."""
    return json.loads(path.read_text())["cells"]


def test_there_are_twelve_lessons():
    assert [p.name[:2] for p in LESSONS] == [f"{i:02d}" for i in range(12)]


@pytest.mark.parametrize("path", COURSE_LESSONS, ids=lambda p: p.stem)
def test_lesson_opens_with_questions_objectives_prerequisites_and_time(path):
    opening = [source(c) for c in cells(path)[:3] if c["cell_type"] == "markdown"]
    card = next((text for text in opening if all(key in text for key in OPENING_KEYS)), None)
    assert card is not None, f"{path.name}: none of the first cells has all of {OPENING_KEYS}"
    match = TIME.search(card)
    assert match and match.group(2), \
        f"{path.name}: the time reads 'about N minutes for the lesson and M for its exercises'"


@pytest.mark.parametrize("path", COURSE_LESSONS, ids=lambda p: p.stem)
def test_lesson_closes_with_key_points_and_links_on(path):
    last = [source(c) for c in cells(path) if c["cell_type"] == "markdown"][-1]
    assert last.lstrip().startswith("## Key points"), f"{path.name}: the last markdown cell is '## Key points'"
    bullets = [line for line in last.splitlines() if re.match(r"\s*[*-] ", line)]
    assert 3 <= len(bullets) <= 7, f"{path.name}: key points are 3-7 bullets, not {len(bullets)}"
    targets = LINK.findall(last)
    assert any("exercises/" in t for t in targets), f"{path.name}: the key points link to the lesson's exercises"
    for target in (t for t in targets if "exercises/" in t):  # the exercise file exists under its own name
        expected = f"../exercises/{path.stem[:3]}exercises_{path.stem[3:]}.ipynb"
        assert target == expected and (path.parent / target).is_file(), target
    number = int(path.name[:2])
    if number < 11:
        assert any(Path(t).name.startswith(f"{number + 1:02d}_") for t in targets), \
            f"{path.name}: the key points link to lesson {number + 1:02d}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_links_in_lessons_open_existing_notebooks(path):
    for cell in cells(path):
        if cell["cell_type"] == "markdown":
            for target in LINK.findall(source(cell)):
                if "://" not in target:
                    assert (path.parent / target).resolve().exists(), f"{path.name}: link to {target} goes nowhere"


@pytest.mark.parametrize("path", COURSE_LESSONS, ids=lambda p: p.stem)
def test_lesson_asks_for_a_prediction(path):
    assert figures(path).predictions >= 1, f"{path.name}: no Predict/Guess before a reveal"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_long_stretch_without_a_learner_action(path):
    found = figures(path)
    for start, prose, code in found.stretches:
        assert prose <= MAX_STRETCH_WORDS and code <= MAX_STRETCH_CELLS, (
            f"{path.name}: from cell {start}, {prose} words and {code} code cells without a learner action "
            f"(at most {MAX_STRETCH_WORDS} words and {MAX_STRETCH_CELLS} code cells)")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_tagged_action_asks_for_one(path):
    for index, cell in enumerate(cells(path)):
        if ACTION_TAG in cell.get("metadata", {}).get("tags", []):
            assert is_action(cell), f"{path.name} cell {index} is tagged {ACTION_TAG} but asks nothing of the learner"


@pytest.mark.parametrize("path", COURSE_LESSONS, ids=lambda p: p.stem)
def test_stated_time_is_near_the_measured_estimate(path):
    found = figures(path)
    assert found.stated_minutes is not None, f"{path.name} states no time"
    assert 0.6 * found.minutes <= found.stated_minutes <= 1.7 * found.minutes, (
        f"{path.name} says about {found.stated_minutes} minutes; words, cells and actions suggest {found.minutes}")
