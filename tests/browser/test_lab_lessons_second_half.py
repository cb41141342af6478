"""The other half of the lessons in JupyterLab (test_lab_lessons.py has the checks): a module of its own, so a
second worker runs it beside the first half."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_lab_lessons import SECOND_HALF, lesson_runs_and_answers_in_lab

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path", SECOND_HALF, ids=[p.stem for p in SECOND_HALF])
def test_lesson_runs_and_answers_in_lab(path: Path, lab_page) -> None:
    lesson_runs_and_answers_in_lab(path, lab_page)
