"""The README tells a newcomer the two commands first and its course map matches the notebooks on disk."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def test_two_commands_come_first():
    first_block = README.split("```")[1]
    assert [line.split()[:2] for line in first_block.strip().splitlines()] == [["make", "lab"], ["make", "test"]]


def test_course_map_matches_the_lessons_on_disk():
    linked = re.findall(r"\(notebooks/(\d\d_[a-z0-9_]+\.ipynb)\)", README)
    on_disk = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert linked == on_disk


def test_every_exercise_has_a_lesson_and_a_solution():
    lessons = {p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    exercises = {p.name for p in (ROOT / "exercises").glob("*.ipynb")}
    solutions = {p.name for p in (ROOT / "solutions").glob("*.ipynb")}
    assert exercises == solutions
    assert exercises <= lessons
