"""The Voila start page's list of dashboards: each demo's title, its lessons and what it shows (issue 37 item 4).

`make demo` opens Voila's folder page on `notebooks/demos/`. The course's template (share/jupyter/voila/templates/
course/tree.html) lists the dashboards by title with the lesson each belongs to, from `dashboards.j2` beside it,
which this module writes from each dashboard's opening cell ("# Title", then "Live demo for lesson 11. What it
shows."): `python -m coursetools.author.dashboard_index`. tests/test_dashboard_index.py keeps the file current.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEMOS = ROOT / "notebooks" / "demos"
INDEX = ROOT / "share" / "jupyter" / "voila" / "templates" / "course" / "dashboards.j2"
OPENING = re.compile(r"^#\s+(?P<title>[^\n]+)\n+Live demo for (?P<lessons>lessons? [\d-]+)\.\s*(?P<shows>[^\n]+)")


def describe(notebook: Path) -> dict:
    """{"name", "title", "lessons", "shows"} from a dashboard's opening markdown cell."""
    cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    first = next((c for c in cells if c.get("cell_type") == "markdown"), None)
    source = "".join(first.get("source", "")) if first else ""
    match = OPENING.match(source.strip())
    if not match:
        raise ValueError(f"{notebook.name}: its first cell must read '# Title' then 'Live demo for lesson NN. "
                         f"What it shows.', not {source[:80]!r}")
    shows = match.group("shows").split(". ")[0].rstrip(".") + "."
    return {"name": notebook.name, "title": match.group("title").strip(), "lessons": match.group("lessons"),
            "shows": shows}


def dashboards(folder: Path = DEMOS) -> list[dict]:
    """Every dashboard of the folder, in the course's order (by the first lesson each belongs to)."""
    found = [describe(path) for path in sorted(folder.glob("*.ipynb"))]
    return sorted(found, key=lambda d: (int(re.search(r"\d+", d["lessons"]).group()), d["name"]))


def index_text(folder: Path = DEMOS) -> str:
    """The Jinja file the start page imports: one `dashboards` list of JSON literals."""
    rows = ",\n".join("  " + json.dumps(d, ensure_ascii=False) for d in dashboards(folder))
    return ("{#- Written by `python -m coursetools.author.dashboard_index` from each dashboard's opening cell: "
            "do not edit. -#}\n{%- set dashboards = [\n" + rows + "\n] -%}\n")


def main(argv: list[str] | None = None) -> int:
    """Write dashboards.j2 (or, with --check, say whether it is current)."""
    args = sys.argv[1:] if argv is None else argv
    text = index_text()
    if "--check" in args:
        current = INDEX.exists() and INDEX.read_text(encoding="utf-8") == text
        print(f"{INDEX.relative_to(ROOT)} is {'current' if current else 'out of date'}")
        return 0 if current else 1
    INDEX.write_text(text, encoding="utf-8")
    print(f"wrote {INDEX.relative_to(ROOT)}: {text.count(chr(10)) - 3} dashboards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
