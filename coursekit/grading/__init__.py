"""Exercise checks and grading, laid out by who uses them.

The learner's side (what runs in the learner's kernel): check("02.q1") with the public tests (`check`, `public`,
`cases`, `probe`, `runner`, `wire`, `nbgrader_tests`). The instructor's side reads the answer key (answer_key/ of the
full repository, through `registry`): `batch` (python -m coursekit grade), `feedback`, `mutants`, `nbgrader_export`,
`generate` (python -m coursekit exercises), `release` (python -m coursekit release).
"""

from coursekit.grading.cases import Case, IsA, Probe, Question, Slip, Sweep, Written
from coursekit.grading.check import check, run_check
from coursekit.grading.registry import question, questions

__all__ = ["check", "run_check", "question", "questions", "Case", "IsA", "Sweep", "Written", "Probe", "Question",
           "Slip"]
