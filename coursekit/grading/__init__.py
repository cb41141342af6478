"""Exercise checks and grading: check("02.q1") in a notebook; `python -m coursekit grade` and `exercises` in a shell."""

import coursekit.grading.questions  # noqa: F401 - first: importing the subpackage later would shadow questions()
from coursekit.grading.cases import Case, IsA, Probe, Question, Slip, Sweep, Written
from coursekit.grading.check import check, run_check
from coursekit.grading.registry import question, questions

__all__ = ["check", "run_check", "question", "questions", "Case", "IsA", "Sweep", "Written", "Probe", "Question",
           "Slip"]
