"""The course's colour language where the lessons import it from (`from coursekit.plots.colours import WIN`).

It is defined in `coursekit.colours`, below the graphs and the plots, so that `coursekit.graphs` colours its
vertices without importing the plots.
"""

from coursekit.colours import *  # noqa: F401,F403 - the lessons' import path
