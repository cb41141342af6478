"""Practice inside a lesson: practice("02.p1") checks the learner's names at once, never graded, never counted.

Practice questions use the exercises' machinery (`Question`, `Case`, `Sweep`, `Slip` from coursekit.grading.cases
and the same runner as check()), but their ids read "NN.pK" (lesson, dot, p, number), which no exercise set and no
grader accepts, and they earn no points: a practice question teaches, it does not measure. A number question keeps
its answer hidden until the learner has it (the lesson's next cell shows how it is computed); give a Case
`reveal=True` to show it at once. One module per
lesson, `coursekit/practice/lNN.py`, holds that lesson's `QUESTIONS`.
"""

from __future__ import annotations

import importlib
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Optional

from coursekit.grading.cases import Question, find_question
from coursekit.practice.asks import Asked, check_ask_id, number_texts
from coursekit.stale import question_texts, stale_warning
from coursekit.grading.runner import QuestionResult, report, report_html, run_question

PRACTICE_ID = re.compile(r"^(\d\d)\.p(\d+)$")
PRACTICE_TIME_LIMIT = 10.0  # each practice test stops after this long (a loop that never ends)
HEADER = "Practice (not graded, not counted)"
POINTS = re.compile(r"\s+\[[0-9.]+/[0-9.]+\]$")  # a test line's "[1/1]": practice earns no points


def lesson_of(pid: str) -> str:
    """The lesson of a practice id: "02.p1" -> "02"."""
    match = PRACTICE_ID.match(pid) if isinstance(pid, str) else None
    if not match:
        raise ValueError(f"a practice question id looks like '02.p1' (lesson, dot, p and a number), not {pid!r}")
    return match.group(1)


def lessons() -> list[str]:
    """The lessons that have practice questions, sorted ("01", "02", ...)."""
    return sorted(p.stem[1:] for p in Path(__file__).parent.glob("l[0-9][0-9].py"))


def questions(lesson: str) -> list[Question]:
    """The practice questions of one lesson, in order."""
    if not (isinstance(lesson, str) and re.fullmatch(r"\d\d", lesson)):
        raise ValueError(f"a lesson is two digits such as '02', not {lesson!r}")
    if lesson not in lessons():
        raise ValueError(f"lesson {lesson!r} has no practice questions; lessons with some: {', '.join(lessons())}")
    found = list(importlib.import_module(f"coursekit.practice.l{lesson}").QUESTIONS)
    for q in found:
        lesson_of(q.qid)  # every id is a practice id, never an exercise's
    return found


def question(pid: str) -> Question:
    """One practice question by its id."""
    return find_question(pid, questions(lesson_of(pid)), f"lesson {lesson_of(pid)}")


def predictions(lesson: str) -> list[Asked]:
    """The predictions one lesson asks (its practice module's PREDICTIONS), in order; [] for a lesson with none."""
    if not (isinstance(lesson, str) and re.fullmatch(r"\d\d", lesson)):
        raise ValueError(f"a lesson is two digits such as '02', not {lesson!r}")
    if lesson not in lessons():
        return []
    return list(getattr(importlib.import_module(f"coursekit.practice.l{lesson}"), "PREDICTIONS", ()))


def prediction(pid: str) -> Asked:
    """One prediction by its id ("02.three-aces"); a ValueError names the ids the lesson has."""
    found = {p.pid: p for p in predictions(check_ask_id(pid))}
    if pid not in found:
        raise ValueError(f"no prediction {pid!r}; lesson {pid[:2]} asks {', '.join(found) or 'none'}")
    return found[pid]


def give_aways(lesson: str) -> dict[str, list[str]]:
    """For each prediction and practice check of a lesson, the texts that must not be on the learner's page before
    they act (issue 34): a prediction's tells and answer, a practice module's TELLS, and each number a practice
    question expects (written the usual ways; whole numbers from 100 up, as shorter ones say nothing alone)."""
    found = {p.pid: p.give_aways() for p in predictions(lesson)}
    if lesson not in lessons():
        return found
    module = importlib.import_module(f"coursekit.practice.l{lesson}")
    for q in questions(lesson):
        texts = list(getattr(module, "TELLS", {}).get(q.qid, ()))
        for case in q.cases if q.kind == "number" else ():
            value = case.expected_value() if hasattr(case, "expected_value") else None
            if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool) and \
                    not (float(value).is_integer() and abs(value) < 100):
                texts += number_texts(value)
        found[q.qid] = texts
    return found


def run_practice(pid: str, namespace: dict) -> QuestionResult:
    """The practice question's tests run against `namespace`, without printing."""
    q = question(pid)
    return run_question(q, namespace, public_only=True, time_limit=PRACTICE_TIME_LIMIT * max(1, len(q.cases)))


def practice_report(result: QuestionResult) -> str:
    """The text practice() prints: the check() report under a header that says it is practice."""
    body = [POINTS.sub("", line) for line in report(result).splitlines()]
    lines = [f"{HEADER}: {body[0]}", *body[1:-1]]
    done = result.outcomes and all(o.passed for o in result.outcomes)
    lines.append("  all right: on you go" if done else
                 "  not yet: read the lines above, change your cell, run both again")
    return "\n".join(lines)


def practice(pid: str, namespace: Optional[dict] = None) -> None:
    """Run practice question `pid` on the caller's names and print what passes and fails (no points)."""
    if namespace is None:
        namespace = sys._getframe(1).f_globals
    text = practice_report(run_practice(pid, namespace))
    warning = stale_warning(question_texts(question(pid)), namespace)
    if warning:
        head, _, rest = text.partition("\n")
        text = "\n".join([head, warning, rest])
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipykernel
        get_ipython = None
    shell = get_ipython() if get_ipython else None
    if shell is None or not hasattr(shell, "kernel"):
        print(text)
        return
    from IPython.display import display

    display({"text/plain": text, "text/html": report_html(text)}, raw=True)
