"""The question registry: every exercise set's questions, found by id ("02.q1") or by exercise ("02")."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path
from typing import Optional

from coursekit.grading.cases import Question

QID = re.compile(r"^(\d\d)\.q\d+$")
QUESTIONS_PACKAGE = "coursekit.grading.questions"


def exercise_of(qid: str) -> str:
    """The exercise number of a question id: "02.q1" -> "02"."""
    match = QID.match(qid) if isinstance(qid, str) else None
    if not match:
        raise ValueError(f"a question id looks like '02.q1' (exercise, dot, q and a number), not {qid!r}")
    return match.group(1)


def exercises() -> list[str]:
    """The exercise numbers that have questions, sorted ("01", "02", ...)."""
    folder = Path(__file__).parent / "questions"
    return sorted(p.stem[2:] for p in folder.glob("ex[0-9][0-9].py"))


def questions(exercise: str) -> list[Question]:
    """The questions of one exercise set, in order."""
    if not (isinstance(exercise, str) and re.fullmatch(r"\d\d", exercise)):
        raise ValueError(f"an exercise is two digits such as '02', not {exercise!r}")
    if exercise not in exercises():
        raise ValueError(f"there is no exercise set {exercise!r}; the sets are {', '.join(exercises())}")
    module = importlib.import_module(f"{QUESTIONS_PACKAGE}.ex{exercise}")
    return list(module.QUESTIONS)


def question(qid: str) -> Question:
    """One question by its id."""
    for q in questions(exercise_of(qid)):
        if q.qid == qid:
            return q
    known = ", ".join(q.qid for q in questions(exercise_of(qid)))
    raise ValueError(f"there is no question {qid!r}; exercise {exercise_of(qid)} has {known}")


def private_tests(folder: Optional[str | Path]) -> dict[str, list]:
    """An instructor's extra tests: every *.py in `folder` defines TESTS = {"02.q1": [Case(...), ...]}.

    They count like grading tests and are never shown to learners.
    """
    if folder is None:
        return {}
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"--tests must be a folder of *.py files, not {str(folder)!r}")
    found: dict[str, list] = {}
    for path in sorted(folder.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"coursekit_private_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for qid, cases in getattr(module, "TESTS", {}).items():
            exercise_of(qid)
            for case in cases:
                case.public = False
                if hasattr(case, "reveal"):
                    case.reveal = False
            found.setdefault(qid, []).extend(cases)
    return found
