"""A lesson cell that takes a while says so (issue 34): every code cell whose saved run took 8 s or more (the
timestamps Jupyter records in the cell's metadata, on the 2-core machine that executed it) opens with a comment
giving its time, and says when a progress bar shows how far it is."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted([*(ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"),
                  *(ROOT / "notebooks").glob("[0-9][0-9]b_*.ipynb")])  # with the going-further notebooks
SLOW = 8.0  # seconds a saved cell may take without saying so
SAYS = re.compile(r"^# about \d+ s\b")


def seconds(cell: dict) -> float | None:
    """How long the cell took when the notebook was last executed (None without timestamps)."""
    run = cell.get("metadata", {}).get("execution", {})
    if "iopub.execute_input" not in run or "shell.execute_reply" not in run:
        return None
    start, end = (datetime.fromisoformat(run[k].replace("Z", "+00:00"))
                  for k in ("iopub.execute_input", "shell.execute_reply"))
    return (end - start).total_seconds()


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_slow_cell_says_how_long_it_takes(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    quiet = [(i, round(t, 1)) for i, c in enumerate(cells) if c["cell_type"] == "code"
             and (t := seconds(c)) is not None and t >= SLOW and not SAYS.match("".join(c["source"]))]
    assert not quiet, f"{path.name}: cells (index, seconds) over {SLOW} s that do not open with '# about N s: ...'"
    timed = sum(seconds(c) is not None for c in cells if c["cell_type"] == "code")
    assert timed, f"{path.name} was saved without execution timestamps"
