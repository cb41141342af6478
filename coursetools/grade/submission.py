"""A submitted notebook as the grader reads it: bounded in size and depth, salvaged when damaged, and its exercise."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from coursekit.grading.registry import exercises
from coursekit.sandbox.files import BadFile, json_depth, read_submitted
from coursekit.sandbox.text import clean as clean_text

MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024  # a bigger submission is refused before it is read
MAX_NOTEBOOK_DEPTH = 64  # nesting of a submission's JSON (nbformat's own documents stay far below)


def exercise_of_notebook(nb, path: Path) -> str:
    """The exercise a submission belongs to: its metadata, else the NN_ at the start of its file name."""
    meta = nb.metadata.get("coursekit", {}) if nb is not None else {}
    exercise = meta.get("exercise") if isinstance(meta, dict) else None
    if isinstance(exercise, str) and exercise in exercises():
        return exercise
    match = re.match(r"(\d\d)_", path.name)
    if match and match.group(1) in exercises():
        return match.group(1)
    raise ValueError(f"cannot tell which exercise {path.name} is: no coursekit metadata and no known NN_ prefix")


def salvage(raw: bytes, nbformat):
    """A notebook rebuilt from the code cells of valid JSON that nbformat refuses (hand-edited keys), else None."""
    try:
        data = json.loads(raw.decode("utf-8"))
        cells = data["cells"]
        if not isinstance(cells, list):
            return None
        sources = []
        for cell in cells:
            if isinstance(cell, dict) and cell.get("cell_type") == "code":
                source = cell.get("source", "")
                sources.append("".join(source) if isinstance(source, list) else str(source))
    except Exception:
        return None
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in sources])
    if isinstance(data.get("metadata"), dict) and isinstance(data["metadata"].get("coursekit"), dict):
        nb.metadata["coursekit"] = data["metadata"]["coursekit"]
    return nb


def read_notebook(path: Path) -> tuple[Any, list[str]]:
    """(the notebook or None, what went wrong reading it): a refused file (a symlink, a FIFO, too big, too deep) is
    never salvaged; a damaged one is rebuilt from its code cells when its JSON can be read."""
    from coursetools.nbio import nbformat

    raw = b""
    try:
        raw = read_submitted(path, MAX_NOTEBOOK_BYTES)
        text = raw.decode("utf-8")
        if json_depth(text) > MAX_NOTEBOOK_DEPTH:
            raise BadFile(f"{clean_text(path.name, 80)} is nested more than {MAX_NOTEBOOK_DEPTH} levels deep")
        return nbformat.reads(text, as_version=4), []
    except BadFile as error:
        return None, [f"not graded: {error}"]
    except Exception as error:
        nb = salvage(raw, nbformat)
        why = f"{type(error).__name__}: {str(error)[:150]}"
        if nb is None:
            return None, [f"not a readable notebook ({why})"]
        return nb, [f"a damaged notebook ({why}); graded the {len(nb.cells)} code cells found"]


def source_text(source) -> str:
    """A cell's source as one string (nbformat allows a list of lines)."""
    return "".join(source) if isinstance(source, list) else str(source)
