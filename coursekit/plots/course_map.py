"""Lesson 00's concept map: chance (simulate against count exactly) and search (backward induction against MCTS),
with the lessons that take each road. `course_map()` draws it; `course_map_alt()` says the same in words."""

from __future__ import annotations

from coursekit.colours import BLUISH_GREEN, NEUTRAL, ORANGE, TEXT
from coursekit.plots.style import LESSON_WIDTH_IN, NOTE_PT, TITLE_PT, detach, new_axes

TITLES = {"00": "Start here", "01": "Superpositions", "02": "Counting hands", "03": "Blackjack by numbers",
          "04": "Drawing tables", "05": "Baccarat odds", "06": "The 3-5-11 game", "07": "Playouts",
          "08": "MCTS", "09": "MCTS grows up", "10": "Playing to win", "11": "Class tournament"}  # short titles
# the two questions of the course, each answered two ways, and the lessons on each way
ROADS = {
    "Chance: how likely?": {"Simulate": ("03", "05", "07", "08", "09", "10", "11"),
                            "Count exactly": ("01", "02", "03", "04", "05", "10")},
    "Search: which move?": {"Backward induction": ("06", "07", "10"),
                            "Monte Carlo Tree Search": ("07", "08", "09", "10", "11")},
}
COMPARED = {"Chance: how likely?": "check each other", "Search: which move?": "search against the optimum"}
SIZE = (LESSON_WIDTH_IN, 4.4)
COLOURS = {"Chance: how likely?": ORANGE, "Search: which move?": BLUISH_GREEN}  # categorical: no verdict colours


def _box(ax, x, y, text, colour, weight="normal", size=NOTE_PT + 1, va="center", ha="center", fill="white"):
    return ax.text(x, y, text, ha=ha, va=va, fontsize=size, color=TEXT, fontweight=weight, zorder=3,
                   bbox=dict(boxstyle="round,pad=0.45", facecolor=fill, edgecolor=colour, linewidth=2))


def _line(ax, start, end, colour, style="-"):
    ax.annotate("", xy=end, xytext=start, zorder=1,
                arrowprops=dict(arrowstyle="-", color=colour, linewidth=2, linestyle=style, shrinkA=0, shrinkB=0))


def course_map(ax=None):
    """The course as a concept map: two questions, two ways to answer each, and the lessons on each way."""
    fig, ax, owned = new_axes(ax, SIZE, max_width=LESSON_WIDTH_IN)
    ax.set_xlim(0, 4)
    ax.set_ylim(1.55, 6.25)
    ax.axis("off")
    _box(ax, 2, 6.0, "Games of chance and search  ·  start: 00 Start here", TEXT, "bold", TITLE_PT)
    for column, (question, ways) in enumerate(ROADS.items()):
        colour, centre = COLOURS[question], 1 + 2 * column
        _line(ax, (2, 5.8), (centre, 5.1), colour)
        _box(ax, centre, 5.0, question, colour, "bold", TITLE_PT)
        ax.text(centre, 4.2, "compare:\n" + COMPARED[question].replace(" the", "\nthe"), ha="center", va="center",
                fontsize=NOTE_PT, color=NEUTRAL, zorder=2)
        for side, (way, lessons) in enumerate(ways.items()):
            x = centre - 0.5 + side
            _line(ax, (centre - 0.3 + 0.6 * side, 4.8), (x, 3.7), colour)
            _box(ax, x, 3.55, way.replace(" Tree ", "\nTree "), colour, "bold")
            _line(ax, (x, 3.3), (x, 3.0), colour)
            box = _box(ax, x, 2.95, "\n".join(f"{n}  {TITLES[n]}" for n in lessons), colour, va="top",
                       size=NOTE_PT, fill="#FAFAFA")
            box.set_multialignment("left")
    return detach(fig, owned)


def _named(way: str) -> str:
    """A way's name inside a sentence: lower case, but a proper name (Monte Carlo Tree Search) as it is."""
    return way if way.startswith("Monte Carlo") else way.lower()


def course_map_alt() -> str:
    """The concept map in words, for its alt text and for readers who do not see it."""
    parts = ["A concept map of the course, which starts at lesson 00."]
    for question, ways in ROADS.items():
        (a, la), (b, lb) = ways.items()
        parts.append(f"{question} Two ways answer it (compare: {COMPARED[question]}): {_named(a)} (lessons "
                     f"{', '.join(la)}) and {_named(b)} (lessons {', '.join(lb)}).")
    return " ".join(parts)
