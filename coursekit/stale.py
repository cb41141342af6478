"""A function whose cell was edited after it last ran (issue 34): check() and practice() say so before they report.

The kernel tests the function as it last ran; the grader grades the notebook as saved. When the two differ, a check
that passes says nothing about what will be graded. Jupyter tells the kernel which notebook it serves
(`__session__`, from JPY_SESSION_NAME); a function defined in a cell keeps the source it ran. A function is stale
when the saved notebook defines it in a cell whose text differs from what ran. (Lab saves every two minutes and on
Ctrl-S: an edit not saved yet is not seen, and then the grader would not see it either.)
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from typing import Iterable, Optional

MAX_NOTEBOOK_BYTES = 20_000_000  # a saved notebook larger than this is not read


def _ran_source(func: object) -> Optional[str]:
    """The source a function defined in a notebook cell ran with, or None for one defined in a file."""
    code = getattr(func, "__code__", None)
    if code is None or Path(code.co_filename).is_file():
        return None
    try:
        return inspect.getsource(func)
    except (OSError, TypeError):
        return None


def _squeezed(text: str) -> str:
    """Text with its whitespace and comments-free line ends squeezed, so re-indenting or a new blank line is no edit."""
    return " ".join(text.split())


def saved_definitions(notebook: Path, name: str) -> list[str]:
    """The saved code cells of a notebook that define `name` (a function), as the file holds them now."""
    if not notebook.is_file() or notebook.stat().st_size > MAX_NOTEBOOK_BYTES:
        return []
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return []
    pattern = re.compile(rf"^\s*def {re.escape(name)}\s*\(", re.M)
    found = []
    for cell in cells:
        source = cell.get("source", "") if isinstance(cell, dict) else ""
        source = "".join(source) if isinstance(source, list) else str(source)
        if cell.get("cell_type") == "code" and pattern.search(source):
            found.append(source)
    return found


def stale_functions(names: Iterable[str], namespace: dict) -> list[str]:
    """The names (functions defined in cells) whose saved cell no longer holds the source they ran with."""
    session = namespace.get("__session__")
    if not isinstance(session, str) or not session.endswith(".ipynb"):
        return []
    notebook = Path(session)
    stale = []
    for name in dict.fromkeys(names):
        ran = _ran_source(namespace.get(name))
        if ran is None:
            continue
        saved = saved_definitions(notebook, name)
        if saved and not any(_squeezed(ran) in _squeezed(cell) for cell in saved):
            stale.append(name)
    return stale


def names_in(texts: Iterable[str], namespace: dict) -> list[str]:
    """The names in the texts that are functions in the namespace (the functions a question's tests call)."""
    words = re.findall(r"[A-Za-z_]\w*", " ".join(texts))
    return [w for w in dict.fromkeys(words) if inspect.isfunction(namespace.get(w))]


def stale_warning(texts: Iterable[str], namespace: dict) -> str:
    """A warning line naming the tested functions edited since they ran ('' when there are none)."""
    stale = stale_functions(names_in(texts, namespace), namespace)
    if not stale:
        return ""
    listed = ", ".join(f"{name}()" for name in stale)
    return (f"  NOTE  {listed}: the saved notebook's cell differs from what last ran; these results are for the old "
            f"code. Run that cell again, then this one.")


def question_texts(question: object) -> list[str]:
    """The expressions and function names a question's tests run (what stale_warning looks for)."""
    return [str(getattr(c, "expr", "") or getattr(c, "func", "")) for c in getattr(question, "cases", [])]
