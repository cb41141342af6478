"""How a lesson is built, measured: words, cells, learner actions, the longest stretch without one, the time.

A learner action is a code cell tagged `learner-action` that asks the learner to do something: a prediction
(`ask("NN.name")` from coursekit.widgets.predict, or a widget's predict mode), a practice check
(`practice("NN.pK")`), a widget of coursekit.widgets to play with, or a cell whose first line is `# Your turn`.
`python tests/lesson_structure.py` prints the table for every lesson.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
ACTION_TAG = "learner-action"
MAX_STRETCH_WORDS = 700  # prose between two learner actions, at most
MAX_STRETCH_CELLS = 8  # code cells between two learner actions, at most
ACTION_CALLS = re.compile(r"\b(Predict|Guess|practice|ask)\(|predict\s*=\s*True|^# Your turn", re.MULTILINE)
PREDICTION_CALLS = re.compile(r"\b(Predict|Guess|ask)\(|predict\s*=\s*True")
OPENING_KEYS = ("**Questions**", "**You will be able to**", "**Before you start**", "**Time**")
TIME = re.compile(r"about (\d+) minutes for the lesson(?: and (\d+) (?:minutes )?for (?:its|the) exercises)?")
WORDS_PER_MINUTE = 100  # reading a technical lesson closely (the reviewer's estimate: 1,793 words + 20 cells = 40 min)
MINUTES_PER_CELL = 1
MINUTES_PER_ACTION = 2


def source(cell: dict) -> str:
    """A cell's source as one string."""
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def words(markdown: str) -> int:
    """Words of prose in a markdown cell (code spans and HTML tags count as words; comments and link targets do not)."""
    markdown = re.sub(r"<!--.*?-->", " ", markdown, flags=re.DOTALL)
    markdown = re.sub(r"\]\([^)\s]*\)", "]", markdown)  # a link's target is not read (its text is)
    return len(re.findall(r"[^\s|#*>-]+", markdown))


def widget_classes() -> set[str]:
    """Names of the course widgets (classes of coursekit.widgets that learners play with)."""
    names = set()
    for path in (ROOT / "coursekit" / "widgets").glob("*.py"):
        names |= set(re.findall(r"^class (\w+)\((?:CourseWidget|\w+Widget|\w+)\)", path.read_text(), re.MULTILINE))
    return names - {"MessageBar", "Worker", "CourseWidget"}


def is_action(cell: dict, widgets: set[str] | None = None) -> bool:
    """True for a code cell tagged as a learner action that really asks for one (see the module's docstring)."""
    if cell.get("cell_type") != "code" or ACTION_TAG not in cell.get("metadata", {}).get("tags", []):
        return False
    text = source(cell)
    if ACTION_CALLS.search(text):
        return True
    widgets = widget_classes() if widgets is None else widgets
    return any(re.search(rf"\b{name}\(", text) for name in widgets)


@dataclass
class Figures:
    """A lesson's measures."""

    name: str
    words: int
    cells: int
    actions: int
    predictions: int
    longest_words: int
    longest_cells: int
    minutes: int
    stated_minutes: int | None
    stretches: list  # (first cell index, words, code cells) of every stretch between actions

    def row(self) -> str:
        """One line of the printed table."""
        stated = "-" if self.stated_minutes is None else str(self.stated_minutes)
        return (f"{self.name:32} {self.words:6} {self.cells:5} {self.actions:7} {self.predictions:5} "
                f"{self.longest_words:6} {self.longest_cells:5} {self.minutes:5} {stated:>6}")


def figures(path: Path) -> Figures:
    """Measure one lesson notebook."""
    cells = json.loads(Path(path).read_text())["cells"]
    widgets = widget_classes()
    total_words = code_cells = actions = predictions = 0
    stretches, start, stretch_words, stretch_cells = [], 0, 0, 0
    for index, cell in enumerate(cells):
        text = source(cell)
        if cell["cell_type"] == "markdown":
            n = words(text)
            total_words += n
            stretch_words += n
        elif cell["cell_type"] == "code":
            code_cells += 1
            if is_action(cell, widgets):
                actions += 1
                predictions += bool(PREDICTION_CALLS.search(text))
                stretches.append((start, stretch_words, stretch_cells))
                start, stretch_words, stretch_cells = index + 1, 0, 0
            else:
                stretch_cells += 1
    stretches.append((start, stretch_words, stretch_cells))
    minutes = round(total_words / WORDS_PER_MINUTE + code_cells * MINUTES_PER_CELL + actions * MINUTES_PER_ACTION)
    stated = None
    for cell in cells[:3]:
        match = TIME.search(source(cell)) if cell["cell_type"] == "markdown" else None
        if match:
            stated = int(match.group(1))
            break
    return Figures(Path(path).stem, total_words, code_cells, actions, predictions,
                   max(s[1] for s in stretches), max(s[2] for s in stretches), minutes, stated, stretches)


HEADER = (f"{'lesson':32} {'words':>6} {'cells':>5} {'actions':>7} {'pred':>5} {'max_w':>6} {'max_c':>5} "
          f"{'est':>5} {'stated':>6}")


def main(paths: list[str]) -> int:
    """Print the table for the given lessons (all lessons when none are given)."""
    print(HEADER)
    for path in [Path(p) for p in paths] or LESSONS:
        print(figures(path).row())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
