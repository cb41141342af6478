"""What `make lab` reopens: the document the learner last looked at, not every tab (and kernel) of the last session.

JupyterLab saves its layout (a "workspace") and at the next start reopens every tab in it, and every notebook among
them starts a kernel: four lessons left open meant four kernels on a 2-core laptop before the learner did anything
(issue 37 item 5). `make lab` keeps the course's workspaces in a folder of its own (`LabApp.workspaces_dir`) and,
before Lab starts, runs `python -m coursekit.lab_workspace FOLDER DEFAULT`: each saved workspace keeps only its
current document, and the command prints the path Lab should open (that document, or DEFAULT, lesson 00).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

LAYOUT = "layout-restorer:data"
SUFFIX = ".jupyterlab-workspace"
DOCUMENT_KINDS = ("notebook", "editor", "markdownviewer")  # a restored tab's key is "<kind>:<path>"


def current_document(workspace: dict) -> Optional[str]:
    """The key ("notebook:my-work/notebooks/03_x.ipynb") of the tab that had focus, or None."""
    main = ((workspace.get("data") or {}).get(LAYOUT) or {}).get("main") or {}
    current = main.get("current")
    if isinstance(current, str) and current.split(":", 1)[0] in DOCUMENT_KINDS and ":" in current:
        return current
    return None


def keep_current(workspace: dict, root: Path) -> Optional[str]:
    """Change the workspace in place so that its main area holds only the current document (when that file still
    exists under `root`), and return that document's path relative to `root`, or None."""
    data = workspace.get("data")
    if not isinstance(data, dict):
        return None
    current = current_document(workspace)
    path = current.split(":", 1)[1] if current else None
    if path is not None and not (root / path).is_file():
        current, path = None, None
    for key in [key for key in data if key.split(":", 1)[0] in DOCUMENT_KINDS and ":" in key]:
        if key != current:
            del data[key]
    layout = data.get(LAYOUT)
    if isinstance(layout, dict):
        if current:
            layout["main"] = {"dock": {"type": "tab-area", "currentIndex": 0, "widgets": [current]}, "current": current}
        else:
            layout.pop("main", None)
    return path


def tidy(folder: Path, root: Path) -> Optional[str]:
    """Keep only the current document in every workspace saved in `folder`; the newest one's path, or None."""
    newest: tuple[float, Optional[str]] = (-1.0, None)
    for file in sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []:
        try:
            workspace = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            file.unlink(missing_ok=True)  # a workspace Lab cannot read either: start afresh
            continue
        if not isinstance(workspace, dict):
            file.unlink(missing_ok=True)
            continue
        saved_at = file.stat().st_mtime
        path = keep_current(workspace, root)
        file.write_text(json.dumps(workspace), encoding="utf-8")
        if path is not None and saved_at > newest[0]:
            newest = (saved_at, path)
    return newest[1]


def main(argv: Optional[list[str]] = None) -> int:
    """`python -m coursekit.lab_workspace FOLDER DEFAULT`: tidy FOLDER's workspaces, print the path to open."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m coursekit.lab_workspace WORKSPACES_FOLDER DEFAULT_PATH", file=sys.stderr)
        return 2
    folder, default = Path(args[0]), args[1]
    print(tidy(folder, Path.cwd()) or default)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
