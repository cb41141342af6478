"""coursetools: the instructors' tools above coursekit (grading, authoring exercises, the class arena, release, site).

It imports coursekit, never the other way; the learner edition (`python -m coursekit release OUT`) leaves it out. Its
commands run as `python -m coursekit COMMAND` (registered in pyproject.toml's `coursekit.commands` entry points):

- `grade/`: the batch grader (`grade`), feedback pages, the class page, provenance, nbgrader's folders, `mutants`.
- `author/`: exercises generated from the worked solutions (`exercises`), the nbgrader course export (`nbgrader`).
- `arena/`: the class arena's command line (`arena`) and its Dask runner.
- `release.py` (`release`): the learner edition; `website.py` (`site`): the lesson website.
"""
