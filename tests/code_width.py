"""How many characters of code a lesson shows on a line (issue 28): JupyterLab 4 at 1280x720, file browser open.

Measured in Chromium by tests/browser/test_code_width_in_lab.py (the code editor's width over the width of its font's
"0"); tests/test_code_width.py holds every lesson's code lines to it, so none is clipped at the right edge.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE_COLUMNS = 108  # measured: 846 px of code editor, 7.83 px a character (DejaVu Sans Mono 13 px)


def long_lines(notebook: Path, columns: int = CODE_COLUMNS) -> list[tuple[int, int, str]]:
    """(cell number, line length, line) for each code line longer than `columns` characters."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [(i, len(line), line) for i, cell in enumerate(cells) if cell["cell_type"] == "code"
            for line in "".join(cell["source"]).splitlines() if len(line) > columns]
