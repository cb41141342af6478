"""Inside an nbgrader autograded test cell: run one test of a question on the notebook's names, raise if it fails.

nbgrader runs tests in the learner's kernel and gives a grade cell its points when it does not raise; this is the
cell's body. (The course's own grader, `python -m coursekit grade`, judges outside the learner's code instead.)
"""

from __future__ import annotations

import sys
from typing import Optional

from coursekit.grading.check import TEST_SECONDS
from coursekit.grading.registry import question


def run_test(qid: str, index: int, namespace: Optional[dict] = None) -> None:
    """Run test number `index` (from 0) of question `qid`; raise AssertionError with the reason when it fails."""
    if namespace is None:
        namespace = sys._getframe(1).f_globals
    case = question(qid).cases[index]
    outcome = case.run(namespace, TEST_SECONDS)
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
