"""Every named slip points back to a lesson section that exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from coursekit.grading.lesson_links import LESSON_FILES, SECTIONS, Section, lesson_link, reread_line, section_of

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT / "coursekit" / "grading" / "public"


def headings(lesson: str) -> set[str]:
    """Every markdown heading's text in a lesson notebook."""
    cells = json.loads((ROOT / "notebooks" / f"{LESSON_FILES[lesson]}.ipynb").read_text())["cells"]
    found = set()
    for cell in cells:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            found |= {m.group(1).strip() for m in re.finditer(r"^#{1,6} +(.+?)\s*$", text, re.MULTILINE)}
    return found


def exercise_questions() -> list[str]:
    """The question ids of exercises 01-11 as the learner's package lists them."""
    qids = []
    for path in sorted(PUBLIC.glob("ex[0-9][0-9].json")):
        qids += [q["qid"] for q in json.loads(path.read_text())["questions"]]
    return qids


def test_every_exercise_question_has_a_section():
    qids = exercise_questions()
    assert len(qids) >= 50
    assert [q for q in qids if section_of(q) is None] == []
    assert sorted(SECTIONS) == sorted(qids), "the map names a question that no exercise has"


@pytest.mark.parametrize("qid", sorted(SECTIONS))
def test_the_section_exists_in_its_lesson(qid):
    section = SECTIONS[qid]
    assert section.heading in headings(section.lesson), \
        f"{qid}: lesson {section.lesson} has no heading {section.heading!r}"


def test_links_open_the_lesson_from_the_exercises_folder():
    link = lesson_link(SECTIONS["02.q2"])
    assert link == "../notebooks/02_counting_blackjack_hands.ipynb#Soft-and-hard"
    target = (ROOT / "exercises" / link.split("#")[0]).resolve()
    assert target.exists()
    # Lab matches the fragment to the heading's id as written (no %-decoding): ? : , stay, a space would not
    assert lesson_link(SECTIONS["02.q3"]).endswith("#How-likely-is-a-natural?")
    assert SECTIONS["06.q1"].anchor == "The-right-approach:-backwards-from-the-end"
    assert SECTIONS["05.q1"].anchor == "House-edges,-and-why-the-banker-pays-commission"
    assert all("%" not in section.anchor for section in SECTIONS.values())
    assert reread_line("02.q2").startswith('reread lesson 02, section "Soft and hard": ../notebooks/')
    assert reread_line("99.q1") == ""
    # Lab's id is the shown text: no backticks
    assert Section("02", "The column's `count()` in Python").anchor == "The-column's-count()-in-Python"


def test_hand_total_slips_point_to_where_the_ace_rule_is_taught():
    # exercise 02 q1's hint is 'at most one ace can ever count 11': its slips (aces all 11, 10 taken off once)
    # send the learner to the section that shows it, not to the column's superposition code before it
    section = SECTIONS["02.q1"]
    cells = json.loads((ROOT / "notebooks" / section.notebook).read_text())["cells"]
    text = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    start = text.index("## " + section.heading)
    end = text.index("\n## ", start + 3)
    assert "at most one ace can ever count 11" in text[start:end]


def test_feedback_pages_say_where_to_reread_after_a_named_slip():
    from coursetools.grade.feedback import feedback_html

    def record(slip: str) -> dict:
        test = {"label": "p", "status": "fail", "points": 0, "max_points": 2, "expected": "", "actual": "0.1",
                "message": "", "public": True, "reveal": False, "slip": slip}
        q = {"qid": "02.q3", "title": "natural", "kind": "number", "manual": False, "points": 0, "max_points": 2,
             "tests": [test]}
        return {"notebook": "a/02_counting_blackjack_hands.ipynb", "exercise": "02", "points": 0, "max_points": 2,
                "percent": 0.0, "questions": {"02.q3": q}, "messages": []}

    page = feedback_html(record("this is the chance for one deck"))
    assert 'Where the course teaches this:</strong> lesson 02, section &quot;How likely is a natural?&quot;' in page
    assert "Where the course teaches this" not in feedback_html(record(""))
