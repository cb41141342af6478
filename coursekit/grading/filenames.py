"""File names of an exercise set: exercises/NN_exercises_name.ipynb and its twin solutions/NN_solutions_name.ipynb.

The lesson is notebooks/NN_name.ipynb. The word after the number tells the three apart in JupyterLab's tabs, which
show a label's first 20-odd characters at 1280x720 (issue 28). An exercise notebook of an older clone is
NN_name.ipynb: it is still exercise NN.
"""

from __future__ import annotations

import re

EXERCISES = "exercises"
SOLUTIONS = "solutions"
NAME = re.compile(r"^(?P<number>\d\d)_(?:(?P<kind>exercises|solutions)_)?(?P<topic>[a-z0-9_]+)\.ipynb$")


def _match(name: str) -> re.Match:
    match = NAME.match(name) if isinstance(name, str) else None
    if not match:
        raise ValueError(f"a course notebook's file name looks like '02_counting_blackjack_hands.ipynb' (with "
                         f"'exercises_' or 'solutions_' after the number for an exercise set), not {name!r}")
    return match


def lesson_stem(name: str) -> str:
    """'02_counting_blackjack_hands' from the lesson's, the exercises' or the solutions' file name."""
    match = _match(name)
    return f"{match['number']}_{match['topic']}"


def exercise_name(name: str) -> str:
    """The exercise notebook's name from any of the set's: '02_solutions_x.ipynb' -> '02_exercises_x.ipynb'."""
    match = _match(name)
    return f"{match['number']}_{EXERCISES}_{match['topic']}.ipynb"


def solution_name(name: str) -> str:
    """The worked solution's name from any of the set's: '02_x.ipynb' -> '02_solutions_x.ipynb'."""
    match = _match(name)
    return f"{match['number']}_{SOLUTIONS}_{match['topic']}.ipynb"
