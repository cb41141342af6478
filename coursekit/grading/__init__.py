"""The learner's side of the exercise checks: check("02.q1") with the public tests, in the learner's kernel.

Here: `check`, `runner` (reports), `cases` (the test kinds), `public` (public/*.json), `registry` (the answer key
where it is, else the public tests), `lesson_links`, `filenames`, `nbgrader_tests` (an exported notebook's test
cells), and the tests that drive a learner's program (`bot_checks`; `transcript_checks` with exercise 10's deals,
as data in transcripts/, and `transcript_deals`, `_items`, `_slips`, `_wording`). Importing this package starts no
jail or cgroup code. The instructors' side (batch grader, feedback pages, mutants, nbgrader export, exercise
generation) is the full repository's other package, of instructors' tools.
"""

from coursekit.grading.cases import Case, IsA, Probe, Question, Slip, Sweep, Written
from coursekit.grading.check import check, run_check
from coursekit.grading.registry import question, questions

__all__ = ["check", "run_check", "question", "questions", "Case", "IsA", "Sweep", "Written", "Probe", "Question",
           "Slip"]
