"""The lesson as a learner first meets it (issue 34): no saved output, and every answer folded away until opened.

The repository's lessons keep their outputs (nbval compares them; the website shows them). A learner's copy -- the
`my-work/` folder `make lab` makes, and the learner edition `release` writes (which Binder and a hub pull serve) --
is built from them by `learner_copy`, the one mechanism, steered by a cell tag in the notebooks themselves:

- every code cell's saved output and execution count are dropped (the learner runs the lesson);
- a code cell tagged `reveal` (one that works an answer out, or asserts it) has its source collapsed: Lab shows
  only its first line, CODE_NOTE, until the learner clicks it; running it works as before;
- a markdown cell tagged `reveal` (the prose that answers a question above it, or key points that sum the answers
  up) is folded into a closed `<details>` whose summary says to answer first (a heading the cell opens with stays
  visible as the summary); the learner clicks it open after answering.

Binder's image runs `python -m coursekit.learner_copy notebooks exercises` (binder/postBuild), so a lesson opened
on Binder is a learner's copy whichever copy of the course the image was built from. The website (`website_copy`)
keeps the outputs but folds the same cells: a `reveal` markdown cell as above, and a `reveal` code cell's output
behind Jupyter Book's "hide-output" toggle.
"""

from __future__ import annotations

import copy
import html
import json
import sys
from pathlib import Path

REVEAL = "reveal"  # the cell tag of a cell that answers a question above it
SUMMARY = "The answer: open this after you have answered the question above"
FOLD_START = '<details class="course-reveal">'
# the first line of a collapsed `reveal` code cell, all a learner sees of it until they click or run it
CODE_NOTE = "# The answer, worked out: run this cell after you have answered above (click the bar to read the code)"
WEBSITE_HIDE = "hide-output"  # Jupyter Book's tag: the output folded behind a "Show output" toggle
EXERCISES_LINK = "](../exercises/"  # a closing paragraph that links the lesson's exercises is never folded


def tags(cell: dict) -> list[str]:
    """A cell's tags (an empty list when it has none)."""
    return list(cell.get("metadata", {}).get("tags", []) or [])


def folded(source: str) -> str:
    """Markdown folded into a closed <details> (left as it is when already folded). A cell that opens with a heading
    ("## Key points") keeps the heading as the fold's summary, with "open it once you have answered"."""
    if source.lstrip().startswith(FOLD_START):
        return source
    paragraphs = source.strip().split("\n\n")
    kept = []  # the way on (the exercises' link) stays open below the fold
    while len(paragraphs) > 1 and EXERCISES_LINK in paragraphs[-1]:
        kept.insert(0, paragraphs.pop())
    after = "".join(f"\n{p}\n" for p in kept)
    source = "\n\n".join(paragraphs)
    first, _, rest = source.strip().partition("\n")
    if first.startswith("#") and rest.strip():
        heading = html.escape(first.lstrip("#").strip())
        summary = f"<b>{heading}</b> (open once you have answered the questions above)"
        source = rest
    else:
        summary = f"<b>{SUMMARY}</b>"
    return f"{FOLD_START}\n<summary>{summary}</summary>\n\n{source.strip()}\n\n</details>\n{after}"


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _fold_reveals(notebook: dict) -> None:
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown" and REVEAL in tags(cell):
            cell["source"] = folded(_source(cell))


def _collapse_reveal_code(notebook: dict) -> None:
    """A `reveal` code cell's source collapsed (Lab shows its first line, this note, and opens it on a click)."""
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code" and REVEAL in tags(cell):
            source = _source(cell)
            if not source.startswith(CODE_NOTE):
                cell["source"] = f"{CODE_NOTE}\n{source}"
            cell.setdefault("metadata", {}).setdefault("jupyter", {})["source_hidden"] = True


def learner_copy(notebook: dict) -> dict:
    """A new notebook as the learner gets it: no outputs, no execution counts, no widget state, reveals folded."""
    notebook = copy.deepcopy(notebook)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    notebook.get("metadata", {}).pop("widgets", None)
    _fold_reveals(notebook)
    _collapse_reveal_code(notebook)
    return notebook


def website_copy(notebook: dict) -> dict:
    """A new notebook as the website shows it: outputs kept, reveals folded (markdown) or behind a toggle (code)."""
    notebook = copy.deepcopy(notebook)
    _fold_reveals(notebook)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code" and REVEAL in tags(cell) and WEBSITE_HIDE not in tags(cell):
            cell.setdefault("metadata", {})["tags"] = tags(cell) + [WEBSITE_HIDE]
    return notebook


def rewrite_in_place(folders: list[Path]) -> list[Path]:
    """Rewrite every notebook under the folders as the learner meets it (Binder's image, built from any copy of
    the course); return the notebooks rewritten."""
    written = []
    for folder in folders:
        if not Path(folder).is_dir():
            raise ValueError(f"{str(folder)!r} is not a folder of notebooks")
        for path in sorted(Path(folder).rglob("*.ipynb")):
            if ".ipynb_checkpoints" in path.parts:
                continue
            notebook = json.loads(path.read_text(encoding="utf-8"))
            path.write_text(json.dumps(learner_copy(notebook), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """`python -m coursekit.learner_copy FOLDER...`: rewrite the folders' notebooks as learner copies, in place."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m coursekit.learner_copy FOLDER... (rewrites their notebooks in place, as a learner "
              "meets them: run it only on a learner's copy, such as Binder's image)", file=sys.stderr)
        return 2
    try:
        written = rewrite_in_place([Path(a) for a in argv])
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    print(f"{len(written)} notebook(s) rewritten as the learner meets them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
