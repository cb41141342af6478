"""The glossary (issue 34): one page of the course's words, each linked from the lesson that first uses it.

An entry is a `### term` heading in notebooks/glossary.md; JupyterLab gives a heading the id of its text with
spaces as hyphens, so a link reads `glossary.md#house-edge` (`#UCB1` keeps its case). Each entry names the lesson that
teaches it; the first markdown cell of the lessons (in order) that uses the term links it to the glossary.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from coursekit import mywork

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "notebooks" / "glossary.md"
# the lessons with their going-further notebooks, in reading order (03_... before 03b_...)
LESSONS = sorted([*(ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"), *(ROOT / "notebooks").glob("[0-9][0-9]b_*.ipynb")])
TEXT = GLOSSARY.read_text(encoding="utf-8")
TERMS = re.findall(r"^### (.+)$", TEXT, re.M)
# the words a lesson may use for an entry (an entry's heading names two words, or a word has a common short form)
SPELLINGS = {"soft and hard": ("soft",), "Monte Carlo Tree Search": ("Monte Carlo Tree Search", "MCTS"),
             "Bradley-Terry model": ("Bradley-Terry",), "Elo scale": ("Elo scale",),
             "MDP": ("MDP", "Markov decision"), "playout": ("playout", "rollout"),
             "drawing table": ("drawing table", "drawing tables")}


def anchor(term: str) -> str:
    """The id JupyterLab gives a heading: its text with spaces as hyphens."""
    return term.replace(" ", "-")


def markdown_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def test_every_entry_defines_its_word_and_names_a_lesson_that_exists():
    assert len(TERMS) >= 30 and len(set(TERMS)) == len(TERMS)
    entries = re.split(r"^### .+$", TEXT, flags=re.M)[1:]
    for term, body in zip(TERMS, entries):
        body = re.split(r"^## ", body, flags=re.M)[0]
        assert len(body.split()) >= 12, f"{term}: a definition of a sentence or two"
        lessons = re.findall(r"\]\((\d\d_[a-z0-9_]+\.ipynb)\)", body)
        assert lessons and all((ROOT / "notebooks" / name).is_file() for name in lessons), term


def test_every_link_to_the_glossary_names_an_entry():
    anchors = {anchor(t) for t in TERMS}
    inside = re.findall(r"\]\(#([^)]+)\)", TEXT)
    assert set(inside) <= anchors, set(inside) - anchors
    for path in LESSONS:
        for cell in markdown_cells(path):
            for target in re.findall(r"\]\(glossary\.md#([^)]+)\)", cell):
                assert target in anchors, f"{path.name} links glossary.md#{target}, which is no entry"


def _first_use(spellings: tuple[str, ...]) -> tuple[Path, str] | None:
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(s) for s in spellings) + r")(?![\w-])", re.I)
    for path in LESSONS:
        for cell in markdown_cells(path):
            if pattern.search(cell):
                return path, cell
    return None


@pytest.mark.parametrize("term", TERMS)
def test_the_first_lesson_that_uses_a_word_links_it_to_the_glossary(term):
    found = _first_use(SPELLINGS.get(term, (term,)))
    assert found, f"no lesson uses {term!r}: drop the entry or teach it"
    path, cell = found
    assert f"](glossary.md#{anchor(term)})" in cell, (
        f"{path.name} first uses {term!r} without linking it: write [{term}](glossary.md#{anchor(term)})")


def test_make_lab_brings_the_glossary_beside_the_lessons_and_keeps_it_current(tmp_path):
    mywork.make_copies(ROOT, tmp_path)
    copy = tmp_path / "notebooks" / "glossary.md"
    assert copy.read_text(encoding="utf-8") == TEXT
    copy.write_text("old glossary")
    mywork.make_copies(ROOT, tmp_path)
    assert copy.read_text(encoding="utf-8") == TEXT
