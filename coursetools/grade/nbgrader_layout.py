"""nbgrader's folders and cells as the course's grader reads them (instructor side).

nbgrader keeps a class's notebooks as `submitted/<student>/<assignment>/<notebook>.ipynb` (and `autograded/`,
`feedback/` alike), and a written answer as a markdown cell whose nbgrader metadata names its question
(`grade_id` "q02_5", as `python -m coursekit nbgrader` writes it). The grader names rows by that student and reads
those cells as the written answers.

`collect(paths)` takes only what learners wrote (issue 35): the student is the folder below the OUTERMOST
`submitted/` (nbgrader's `submit` copies subfolders, so `submitted/mallory/ex01/submitted/alice/ex01/x.ipynb` is
mallory's upload, never alice's). Outside nbgrader's layout, one folder per learner (`class/ada/02_x.ipynb`) names
the learner ada. A notebook of nbgrader's layout anywhere but `<student>/<assignment>/`, a symbolic link (file or
folder) and a file with more than one hard link are refused by name before anything is read or graded.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from coursekit.sandbox.text import clean

NBGRADER_FOLDERS = ("submitted", "autograded", "feedback")
WRITTEN_ID = re.compile(r"^q(\d\d)_(\d+)$")
TEXT_STUB = "YOUR ANSWER HERE"  # nbgrader's text for an unanswered markdown cell (the exported config's)


def _layout_index(parts: tuple[str, ...]) -> int:
    """The index of the outermost nbgrader folder with a student, an assignment and a file below it, else -1."""
    return next((i for i, part in enumerate(parts) if part in NBGRADER_FOLDERS and len(parts) - i >= 4), -1)


def student_of(path: str | Path) -> str:
    """The student of a notebook in nbgrader's layout: the folder below the outermost submitted/ (or autograded/,
    feedback/), else ""."""
    parts = Path(path).parts
    i = _layout_index(parts)
    return parts[i + 1] if i >= 0 else ""


@dataclass(frozen=True)
class Handed:
    """A notebook collected for grading and the student it belongs to ("" outside nbgrader's layout)."""

    path: Path
    student: str


def _refusal(path: Path, top: Path) -> str:
    """Why a file found under `top` is not taken ("" when it is taken), judged on its own entry (never followed)."""
    parts = (top.name, *path.relative_to(top).parts)
    shown = clean("/".join(parts), 200)
    try:
        info = os.lstat(path)
    except OSError as error:
        return f"{shown}: cannot be read ({clean(error.strerror or error, 80)})"
    if stat.S_ISLNK(info.st_mode):
        return f"{shown} is a symbolic link: links are never followed (hand in the file itself)"
    if stat.S_ISREG(info.st_mode) and info.st_nlink > 1:
        return (f"{shown} has {info.st_nlink} hard links: it is another file's name, not a file the learner wrote "
                "(copy it in instead)")
    i = _layout_index(parts)
    if i >= 0 and len(parts) - i > 4:
        nested = next((p for p in parts[i + 1:-1] if p in NBGRADER_FOLDERS), "")
        where = f"a {nested}/ folder inside" if nested else "a subfolder of"
        return (f"{shown} is in {where} {clean(parts[i + 1], 80)}'s {clean(parts[i + 2], 80)}: only "
                f"{parts[i]}/<student>/<assignment>/<notebook>.ipynb is graded, and nobody hands in for another")
    return ""


def collect(paths: Iterable[str | Path]) -> tuple[list[Handed], list[str]]:
    """The notebooks to grade under the paths named (files or folders) with their students, and the refusals.

    Folders are walked without following links; checkpoints are left out. A file named on its own is taken as is
    (the grader refuses it if it is a link); the outermost nbgrader folder in the path names its student.
    """
    found: list[Handed] = []
    refused: list[str] = []
    for name in paths:
        top = Path(name)
        if top.is_dir():
            for folder, dirs, files in os.walk(top, followlinks=False):
                dirs[:] = sorted(d for d in dirs if d != ".ipynb_checkpoints")
                here = Path(folder)
                for entry in sorted(dirs):
                    if (here / entry).is_symlink():
                        refused.append(_refusal(here / entry, top))
                for entry in sorted(files):
                    path = here / entry
                    if not entry.endswith(".ipynb") and not path.is_symlink():
                        continue
                    why = _refusal(path, top)
                    if why:
                        refused.append(why)
                    else:
                        found.append(Handed(path, _student_below(path, top)))
        elif top.is_file() or top.is_symlink():
            found.append(Handed(top, student_of(top)))
        else:
            raise ValueError(f"{str(name)!r} is neither a notebook nor a folder")
    found.sort(key=lambda h: str(h.path))
    return found, refused


def _student_below(path: Path, top: Path) -> str:
    """The student of a file found under `top`: nbgrader's layout is looked for from `top`'s own name down; outside
    it, a notebook in a subfolder of `top` belongs to that subfolder's name (one folder per learner), and a notebook
    directly in `top` to nobody named."""
    parts = (top.name, *path.relative_to(top).parts)
    i = _layout_index(parts)
    if i >= 0:
        return parts[i + 1]
    return parts[1] if len(parts) >= 3 else ""


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
