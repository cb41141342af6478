"""File names of an exercise set: exercises/NN_name_exercises.ipynb and its twin solutions/NN_name_solutions.ipynb.

The lesson is notebooks/NN_name.ipynb; the suffixes tell the three apart in JupyterLab's tabs (issue 28). An
older clone's exercise notebook is NN_name.ipynb, with no suffix: it is still exercise NN.
"""

from __future__ import annotations

import re

EXERCISES = "_exercises"
SOLUTIONS = "_solutions"
NAME = re.compile(r"^(?P<number>\d\d)_(?P<topic>[a-z0-9_]+?)(?:_(?P<kind>exercises|solutions))?\.ipynb$")


def _match(name: str) -> re.Match:
    match = NAME.match(name) if isinstance(name, str) else None
    if not match:
        raise ValueError(f"a course notebook's file name looks like '02_counting_blackjack_hands.ipynb' (with "
                         f"'_exercises' or '_solutions' before '.ipynb' for an exercise set), not {name!r}")
    return match


def lesson_stem(name: str) -> str:
    """'02_counting_blackjack_hands' from the lesson's, the exercises' or the solutions' file name."""
    match = _match(name)
    return f"{match['number']}_{match['topic']}"


def exercise_name(name: str) -> str:
    """The exercise notebook's name from any of the set's: '02_x_solutions.ipynb' -> '02_x_exercises.ipynb'."""
    return f"{lesson_stem(name)}{EXERCISES}.ipynb"


def solution_name(name: str) -> str:
    """The worked solution's name from any of the set's: '02_x.ipynb' -> '02_x_solutions.ipynb'."""
    return f"{lesson_stem(name)}{SOLUTIONS}.ipynb"

