"""nbgrader's folders and cells as the course's grader reads them (instructor side).

nbgrader keeps a class's notebooks as `submitted/<student>/<assignment>/<notebook>.ipynb` (and `autograded/`,
`feedback/` alike), and a written answer as a markdown cell whose nbgrader metadata names its question
(`grade_id` "q02_5", as `python -m coursekit nbgrader` writes it). The grader names rows by that student and reads
those cells as the written answers.
"""

from __future__ import annotations

import re
from pathlib import Path

NBGRADER_FOLDERS = ("submitted", "autograded", "feedback")
WRITTEN_ID = re.compile(r"^q(\d\d)_(\d+)$")
TEXT_STUB = "YOUR ANSWER HERE"  # nbgrader's text for an unanswered markdown cell (the exported config's)


def student_of(path: str | Path) -> str:
    """The student of a notebook in nbgrader's layout (submitted/<student>/<assignment>/x.ipynb), else ""."""
    parts = Path(path).parts
    for i in range(len(parts) - 3, -1, -1):
        if parts[i] in NBGRADER_FOLDERS and len(parts) - i >= 4:
            return parts[i + 1]
    return ""


def written_cells(nb, exercise: str) -> list[tuple[int, str]]:
    """(cell index, `name = "text"`) for each written answer held in an nbgrader markdown cell of the exercise."""
    from coursekit.grading.cases import Written
    from coursekit.grading.public import public_question

    found = []
    for index, cell in enumerate(getattr(nb, "cells", []) or []):
        meta = cell.get("metadata", {}).get("nbgrader", {}) if cell.get("cell_type") == "markdown" else {}
        match = WRITTEN_ID.match(str(meta.get("grade_id", ""))) if isinstance(meta, dict) else None
        if not match or match.group(1) != exercise or not meta.get("solution"):
            continue
        try:
            cases = public_question(f"{exercise}.q{match.group(2)}").cases
        except ValueError:
            continue
        written = [c for c in cases if isinstance(c, Written)]
        if not written:
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        text = "" if text.strip() == TEXT_STUB else text
        found.append((index, f"{written[0].name} = {text!r}"))
    return found
