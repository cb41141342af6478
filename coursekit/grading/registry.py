"""The answer key's question registry (instructor side): every exercise set's questions, by id ("02.q1") or set ("02").

The answer key (reference implementations, hidden tests, expected values) is the folder `answer_key/` of the full
course repository, outside any package a learner installs. It is found, in this order, at $COURSEKIT_ANSWER_KEY,
at ./answer_key, and beside the installed package (an editable install in the repository). The learner's side
never reads it: check() runs the public tests of `coursekit.grading.public`.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Optional

from coursekit.grading.cases import Question, find_question
from coursekit.grading.public import QID, exercise_of, public_exercises  # noqa: F401 - QID, exercise_of: this module's API too

ANSWER_KEY_ENV = "COURSEKIT_ANSWER_KEY"
PACKAGE = "answer_key"  # the answer key's module name in the grader's process (never installed)
_LOCK = threading.RLock()


class AnswerKeyMissing(ValueError):
    """The answer key is not on this machine (a learner edition, or a course folder without answer_key/)."""




def _candidates() -> list[Path]:
    """Where the answer key may be, in the order tried."""
    import coursekit

    places = [Path(os.environ[ANSWER_KEY_ENV])] if os.environ.get(ANSWER_KEY_ENV) else []
    return places + [Path.cwd() / "answer_key", Path(coursekit.__file__).resolve().parent.parent / "answer_key"]


def answer_key_dir() -> Path:
    """The answer key's folder; AnswerKeyMissing (a ValueError) saying where it was looked for when there is none."""
    if os.environ.get(ANSWER_KEY_ENV):
        folder = Path(os.environ[ANSWER_KEY_ENV])
        if not any(folder.glob("ex[0-9][0-9].py")):
            raise AnswerKeyMissing(f"{ANSWER_KEY_ENV}={str(folder)!r} is not an answer key folder (no exNN.py in it)")
        return folder.resolve()
    for folder in _candidates():
        if any(folder.glob("ex[0-9][0-9].py")):
            return folder.resolve()
    raise AnswerKeyMissing("the answer key (answer_key/ of the full course repository) is not here: run this in "
                           f"the full repository or set {ANSWER_KEY_ENV} to its answer_key folder")


def answer_key() -> ModuleType:
    """The answer key as the package `answer_key` (loaded from its folder on first use)."""
    folder = answer_key_dir()
    with _LOCK:
        loaded = sys.modules.get(PACKAGE)
        if loaded is not None and [Path(p).resolve() for p in getattr(loaded, "__path__", [])] == [folder]:
            return loaded
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]  # another folder's answer key (tests switch between them)
        spec = importlib.util.spec_from_file_location(PACKAGE, folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[PACKAGE] = module
        spec.loader.exec_module(module)
        return module


def answer_key_module(exercise: str) -> ModuleType:
    """The answer key's module of one exercise set (answer_key/exNN.py)."""
    answer_key()
    with _LOCK:
        return importlib.import_module(f"{PACKAGE}.ex{exercise}")


def answer_key_exercises() -> list[str]:
    """The exercise numbers the answer key has questions for, sorted ("01", "02", ...)."""
    return sorted(p.stem[2:] for p in answer_key_dir().glob("ex[0-9][0-9].py"))


def exercises() -> list[str]:
    """The exercise numbers that have questions, sorted: the answer key's, or the public tests' without it."""
    try:
        return answer_key_exercises()
    except AnswerKeyMissing:
        return public_exercises()


def questions(exercise: str) -> list[Question]:
    """The questions of one exercise set, in order, with every test (the answer key's)."""
    if not (isinstance(exercise, str) and re.fullmatch(r"\d\d", exercise)):
        raise ValueError(f"an exercise is two digits such as '02', not {exercise!r}")
    known = answer_key_exercises()
    if exercise not in known:
        raise ValueError(f"there is no exercise set {exercise!r}; the sets are {', '.join(known)}")
    return list(answer_key_module(exercise).QUESTIONS)


def question(qid: str) -> Question:
    """One question by its id."""
    return find_question(qid, questions(exercise_of(qid)), f"exercise {exercise_of(qid)}")


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
