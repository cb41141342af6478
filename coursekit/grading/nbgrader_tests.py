"""Inside an nbgrader autograded test cell: run one test of a question on the notebook's names, raise if it fails.

nbgrader runs tests in the learner's kernel and gives a grade cell its points when it does not raise; this is the
cell's body. (The course's own grader, `python -m coursekit grade`, judges outside the learner's code instead.)
"""

from __future__ import annotations

import os
import sys
from typing import Optional

from coursekit.grading.check import GRADING_FLAG, TEST_TIME_LIMIT
from coursekit.grading.public import public_question, runnable
from coursekit.grading.registry import AnswerKeyMissing, question


def run_test(qid: str, index: int, namespace: Optional[dict] = None) -> None:
    """Run test number `index` (from 0) of question `qid`; raise AssertionError with the reason when it fails.

    A public test comes from the learner's public tests; any other needs the answer key (nbgrader's autograde runs
    in the instructor's course folder, whose nbgrader_config.py names it). Without it, such a test only says so.
    """
    if os.environ.get(GRADING_FLAG):
        return  # the course's grader runs every test itself, from outside the sandbox
    if namespace is None:
        namespace = sys._getframe(1).f_globals
    case = public_question(qid).cases[index]
    if not runnable(case):
        try:
            case = question(qid).cases[index]
        except AnswerKeyMissing:
            print(f"later  {case.label}: runs when your work is graded")
            return
    outcome = case.run(namespace, TEST_TIME_LIMIT)
    if outcome.passed:
        print(f"pass  {outcome.label}")
        return
    detail = f"expected {outcome.expected}" if outcome.reveal else "expected value hidden"
    if outcome.actual:
        detail += f", got {outcome.actual}"
    if outcome.message:
        detail += f" -- {outcome.message}"
    if outcome.slip:
        detail += f" -- looks like a common slip: {outcome.slip}"
    raise AssertionError(f"{qid}: {outcome.label}: {detail}")
