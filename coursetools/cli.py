"""The instructors' commands of `python -m coursekit COMMAND` (pyproject's `coursekit.commands` entry point)."""

from __future__ import annotations

# command -> (module with a `main(argv: list[str]) -> int`, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "exercises": ("coursetools.author.generate", "generate exercises/ from solutions/"),
    "grade": ("coursetools.grade.batch", "grade a folder of submitted exercise notebooks"),
    "autograde": ("coursetools.grade.nbgrader_autograde",
                  "nbgrader's autograde in the sandbox: submitted/ graded, scores into the gradebook"),
    "arena": ("coursetools.arena.cli", "a round robin of learners' bots, each in the grading sandbox"),
    "mutants": ("coursetools.grade.mutants", "grade single-slip mutants of solutions/: how strong are the tests?"),
    "nbgrader": ("coursetools.author.nbgrader_export", "write an nbgrader course folder from solutions/"),
    "exchange": ("coursetools.exchange", "make the course's nbgrader exchange folder the instructor's"),
    "release": ("coursetools.release", "write the learner edition (no answer key) for nbgitpuller and Binder"),
    "site": ("coursetools.website", "build the lesson website (Jupyter Book), each lesson executed for it"),
}
