"""The instructor notes (docs/instructor-notes.md, issue 34) hold together with the course: a section per lesson,
its time as the lesson states it, a vote that is one of the lesson's predictions or practice checks, and slips
quoted as the exercise's grader words them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from coursekit.practice import lessons, predictions, questions

ROOT = Path(__file__).resolve().parents[1]
NOTES = (ROOT / "docs" / "instructor-notes.md").read_text(encoding="utf-8")
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SECTIONS = dict(re.findall(r"^## (\d\d) · .*\n((?:(?!^## ).*\n?)*)", NOTES, re.M))


def stated_time(path: Path) -> tuple[str, str] | None:
    """(lesson minutes, exercise minutes) as the lesson's opening card states them."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells[:4] if c["cell_type"] == "markdown")
    found = re.search(r"\*\*Time\*\*: about (\d+) minutes for the lesson and (\d+) for its exercises", text)
    return found.groups() if found else None


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_each_lesson_has_notes_with_its_time_a_vote_and_where_learners_get_stuck(path):
    lesson = path.name[:2]
    section = SECTIONS.get(lesson)
    assert section, f"docs/instructor-notes.md has no section '## {lesson} · ...'"
    assert "**Where they get stuck**" in section and "**Vote**" in section
    time = stated_time(path)
    if time:
        assert f"**Time**: {time[0]} minutes; exercises {time[1]}." in section, (lesson, time)
    votes = re.findall(r"`(\d\d\.[a-z0-9-]+)`", section.split("**Vote**", 1)[1].split("\n- ", 1)[0])
    practice = {q.qid for q in questions(lesson)} if lesson in lessons() else set()
    known = {p.pid for p in predictions(lesson)} | practice
    assert votes and set(votes) <= known, f"lesson {lesson}'s vote {votes} is none of {sorted(known)}"


@pytest.mark.parametrize("lesson", sorted(SECTIONS))
def test_every_slip_quoted_is_the_graders_wording(lesson):
    match = re.search(r"\*\*Slips\*\*: (.*?)(?=\n- \*\*)", SECTIONS[lesson], re.S)
    if not match:
        assert lesson == "00"
        return
    key = (ROOT / "answer_key" / f"ex{lesson}.py").read_text(encoding="utf-8")
    key_texts = [" ".join(t.split()) for t in re.findall(r'Slip\(\s*"((?:[^"\\]|\\.)*)"', key)]
    quoted = [" ".join(q.split()) for q in re.findall(r'"([^"]+)"', match.group(1))]
    assert len(quoted) >= 2
    for text in quoted:
        start = text.removesuffix("...").strip()
        assert any(k.startswith(start) for k in key_texts), f"exercise {lesson} has no slip {text!r}"
