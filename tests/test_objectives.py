"""Objectives and questions line up (issue 34 item 4).

Each lesson's opening card (cell 1 of notebooks/NN_*.ipynb) lists what "You will be able to" do; objective "NN.k" is
the k-th of those lines in lesson NN. Each exercise question names the objective it checks (`Question.objective` in
answer_key/exNN.py). This test holds the two together: every objective is assessed by at least one graded question,
every question names an objective that exists, and a card's "(exercise NN qK)" names only questions that check that
very objective.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from coursekit.grading import questions

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
EXERCISES = sorted(p.stem[2:] for p in (ROOT / "answer_key").glob("ex[0-9][0-9].py"))

# Objectives that no exercise question assesses yet: this list may only shrink (a listed objective that gains a
# question fails the test until it is taken off). Issue 34 item 4 closed the last three (07.4, 08.2, 09.4).
NOT_YET_ASSESSED: dict[str, str] = {}


def card_objectives(path: Path) -> list[str]:
    """The "You will be able to" lines of a lesson's opening card, continuation lines joined."""
    text = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][1]["source"])
    if "**You will be able to**" not in text:
        return []
    block = text.split("**You will be able to**", 1)[1].strip("\n").split("\n\n", 1)[0]
    items: list[str] = []
    for line in block.splitlines():
        if line.startswith("- "):
            items.append(line[2:].strip())
        elif line.startswith("  ") and items:
            items[-1] += " " + line.strip()
    return items


def objectives() -> dict[str, str]:
    """Every stated objective by its id "NN.k"."""
    return {f"{path.name[:2]}.{k}": text for path in LESSONS for k, text in enumerate(card_objectives(path), 1)}


def named_questions(objective_id: str, text: str) -> set[str]:
    """The question ids an objective's line names: "(exercise 10 q1-q4)", "(q3, q4)", "(exercise 08 q3, q4: ...)"."""
    lesson = objective_id[:2]
    found: set[str] = set()
    for group in re.findall(r"\(([^()]*\bq\d[^()]*)\)", text):
        exercise = re.search(r"exercise (\d\d)", group)
        number = exercise.group(1) if exercise else lesson
        for first, last in re.findall(r"q(\d+)(?:-q(\d+))?", group):
            found |= {f"{number}.q{k}" for k in range(int(first), int(last or first) + 1)}
    return found


def all_questions() -> dict:
    """Every exercise question (the answer key's, with its hidden tests) by id."""
    return {q.qid: q for exercise in EXERCISES for q in questions(exercise)}


def graded(question) -> bool:
    """A question with points: automatic tests, or a written answer the instructor marks."""
    return question.max_points > 0


def test_the_cards_state_objectives():
    found = objectives()
    assert {k[:2] for k in found} == {p.name[:2] for p in LESSONS if p.name[:2] != "00"}
    assert all(text and not text.endswith(",") for text in found.values())


@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_question_names_an_objective_that_exists(exercise):
    stated = objectives()
    for q in questions(exercise):
        assert q.objective, f"{q.qid} names no objective (Question(..., objective='NN.k'))"
        assert q.objective in stated, f"{q.qid} names objective {q.objective!r}, which no lesson card states"


def test_every_objective_is_assessed_by_a_graded_question():
    by_objective: dict[str, list[str]] = {}
    for q in all_questions().values():
        if graded(q):
            by_objective.setdefault(q.objective, []).append(q.qid)
    unassessed = {oid: text for oid, text in objectives().items() if oid not in by_objective}
    assert set(unassessed) == set(NOT_YET_ASSESSED), (
        f"objectives without a question: {sorted(unassessed)}; listed as open: {sorted(NOT_YET_ASSESSED)}")


def test_a_card_names_only_questions_that_check_that_objective():
    qs = all_questions()
    for oid, text in objectives().items():
        for qid in sorted(named_questions(oid, text)):
            assert qid in qs, f"objective {oid} names {qid}, which does not exist"
            assert qs[qid].objective == oid, (
                f"objective {oid} ({text!r}) names {qid}, which checks objective {qs[qid].objective!r}")
        if oid in NOT_YET_ASSESSED:
            assert not named_questions(oid, text), oid


def test_lesson_10_assesses_the_bellman_backup():
    stated = objectives()
    backup = [oid for oid, text in stated.items() if oid.startswith("10.") and "Bellman backup" in text]
    assert backup, "lesson 10's card names no objective for the MDP's Bellman backup"
    qs = [q for q in questions("10") if q.objective in backup]
    console = sum(q.max_points for q in questions("10") if q.qid in {"10.q1", "10.q2", "10.q3", "10.q4"})
    assert qs and sum(q.max_points for q in qs) >= console
    assert any(not case.public for q in qs for case in q.cases), "the backup question has no hidden test"
