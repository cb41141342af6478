"""A subtraction game from the arena, replayed move by move on a number line (the class arena dashboard).

The numbers from the start down to 0 (and below, where the game ended) stand in a row, the start on the left. Each
is coloured as in lesson 06's game graph: LOSE vermillion where the player to move loses with best play, WIN blue
where that player can force a win (grey below 0). Every move so far is an arc from the number it was made on to the
number it left, above the row for the bot that moved first and below it for the other, coloured by what it did:
blue "could force a win and did", vermillion "threw a win away", black "no win available" (as draw_playout). The
number on the board now is framed in black. Text is drawn as glyphs (coursekit.plots.glyphs): a redraw takes a few
tens of milliseconds, and every label is at least 11 px at the width the figure is drawn for.
"""

from __future__ import annotations

from typing import Optional, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import LineCollection, PolyCollection

from coursekit.graphs import EDGE_COLOURS
from coursekit.colours import LIGHT, LOSE, TEXT, WIN
from coursekit.plots.glyphs import add_labels, keep_whole_figure, text_width
from coursekit.subtraction import SubtractionGame

LABEL_PT = 9.0  # numbers in the row and the move labels (12.5 px at 100 dpi)
NAME_PT = 10.5  # the bots' names (14.6 px)
HEIGHT_IN = 2.5


def _verdict(rules: SubtractionGame, n: int, move: int) -> str:
    wins = rules.winning_moves(n) if n > 0 else ()
    return "no win" if not wins else ("win" if move in wins else "mistake")


def draw_course(course: Sequence[int], moves: Sequence[int], move_set: Sequence[int], names: Sequence[str],
                upto: Optional[int] = None, width_px: float = 1230, dpi: float = 100):
    """A game's numbers in a row, its first `upto` moves as arcs (all by default); a figure width_px wide at dpi.

    `course` is the numbers on the board (start first, as coursekit.arena records them), `names` the bot moving
    first and the other. Returns the figure (closed in pyplot: show it once, or turn it into a PNG).
    """
    rules = SubtractionGame(tuple(move_set))
    course, moves = [int(n) for n in course], [int(d) for d in moves]
    upto = len(moves) if upto is None else max(0, min(int(upto), len(moves)))
    start, low = course[0], min(0, min(course))
    numbers = list(range(start, low - 1, -1))
    x_of = {n: i for i, n in enumerate(numbers)}
    width_in, height_in = width_px / dpi, HEIGHT_IN
    fig = plt.figure(figsize=(width_in, height_in), dpi=dpi)
    name_width = max(text_width(str(name), NAME_PT, "bold") for name in names) + 12  # points
    left = name_width / 72 / width_in
    ax = fig.add_axes((left, 0.02, 0.99 - left, 0.96))
    span = len(numbers)
    ax.set_xlim(-0.6, span - 0.35)
    ax.set_ylim(-1.2, 1.2)
    ax.axis("off")
    cell_pt = (0.99 - left) * width_in * 72 / span  # points per number
    step = 1 if cell_pt >= text_width("88", LABEL_PT) + 3 else 5  # label every number, or every fifth
    half = 0.42
    boxes, colours, labels = [], [], []
    for n in numbers:
        x = x_of[n]
        boxes.append([(x - half, -0.16), (x + half, -0.16), (x + half, 0.16), (x - half, 0.16)])
        colours.append(LIGHT if n < 0 else LOSE if rules.is_losing(n) else WIN)
        if n % step == 0 or n == start or n == course[upto]:
            labels.append((x, 0, str(n), LABEL_PT, "bold", "white" if n >= 0 else TEXT, "center", "center", 1.2))
    ax.add_collection(PolyCollection(boxes, facecolors=colours, edgecolors="white", linewidths=0.5, zorder=2))
    now = x_of[course[upto]]
    ax.add_collection(PolyCollection([[(now - half - 0.08, -0.24), (now + half + 0.08, -0.24),
                                       (now + half + 0.08, 0.24), (now - half - 0.08, 0.24)]],
                                     facecolors="none", edgecolors="black", linewidths=2.5, zorder=3))
    arcs, arc_colours, move_labels = [], [], []
    t = np.linspace(0, np.pi, 24)
    for i in range(upto):
        a, b = x_of[course[i]], x_of[course[i + 1]]
        side = 1 if i % 2 == 0 else -1
        height = min(0.7, 0.3 + 0.06 * (b - a))
        xs = a + (b - a) * (1 - np.cos(t)) / 2
        ys = side * (0.2 + height * np.sin(t))
        arcs.append(np.column_stack([xs, ys]))
        arc_colours.append(EDGE_COLOURS[_verdict(rules, course[i], moves[i])])
        move_labels.append(((a + b) / 2, side * (0.2 + height + 0.13), f"-{moves[i]}", LABEL_PT, "normal", TEXT,
                            "center", "center", 1.2))
    if arcs:
        ax.add_collection(LineCollection(arcs, colors=arc_colours, linewidths=2.2, zorder=1))
    names_at = [(-0.6 - 6 / cell_pt, 0.62, str(names[0]), NAME_PT, "bold", TEXT, "right", "center", 1.2),
                (-0.6 - 6 / cell_pt, -0.62, str(names[1]), NAME_PT, "bold", TEXT, "right", "center", 1.2)]
    add_labels(ax, labels, zorder=4)
    add_labels(ax, move_labels, zorder=4, halo="white")
    add_labels(ax, names_at, zorder=4)
    keep_whole_figure(fig)
    plt.close(fig)
    return fig
