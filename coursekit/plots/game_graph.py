"""Drawing the subtraction game's graphs (lessons 06-07) on matplotlib axes: the game graph and a playout's course.

The graphs themselves (igraph) come from coursekit.graphs. Discs, edges and labels are drawn as one collection each
(labels as glyph outlines), so a widget redraws a figure in a few tens of milliseconds.
"""

from __future__ import annotations

from typing import Optional

import igraph as ig
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import EllipseCollection, PathCollection, PolyCollection
from matplotlib.path import Path

from coursekit.graphs import (
    BLUE,
    EDGE_COLOURS,
    GREY,
    RED,
    WIN_EDGE,
    game_graph,
    game_graph_layout,
    grid_width,
    playout_graph,
    playout_layout,
)
from coursekit.colours import HIGHLIGHT, NEUTRAL, WIN
from coursekit.plots.glyphs import add_labels, glyph_title, keep_whole_figure, key, text_width
from coursekit.subtraction import Playout, SubtractionGame

__all__ = ["BLUE", "EDGE_COLOURS", "GREY", "RED", "WIN_EDGE", "draw_game_graph", "draw_graph", "draw_playout",
           "game_graph_step"]


def draw_graph(ax, g: ig.Graph, coords, colors, labels, edge_colors, edge_widths, curved=0.0,
               size: float = 0.36, label_color: str = "white", frame: Optional[str] = None,
               arrows: bool = True, number_size: float = 10) -> None:
    """Draw an igraph graph on ax fast (one collection per kind): discs of diameter `size`, edges bent by `curved`
    (one number, or one per edge: the control point's offset as a share of the edge's length)."""
    xy = np.asarray(coords, dtype=float)
    if g.ecount():
        paths, heads = [], []
        r = size / 2
        bends = np.broadcast_to(np.asarray(curved, dtype=float), (g.ecount(),))
        for e in g.es:
            a, b = xy[e.source], xy[e.target]
            v = b - a
            length = float(np.hypot(*v))
            u = v / length
            normal = np.array([-u[1], u[0]])
            c = (a + b) / 2 + normal * bends[e.index] * length
            start = a + (c - a) / np.hypot(*(c - a)) * r
            end = b + (c - b) / np.hypot(*(c - b)) * r
            paths.append(Path([start, c, end], [Path.MOVETO, Path.CURVE3, Path.CURVE3]))
            if arrows:
                direction = (end - c) / np.hypot(*(end - c))
                side = np.array([-direction[1], direction[0]])
                tip, base = end, end - direction * 0.16
                heads.append([tip, base + side * 0.06, base - side * 0.06])
        ax.add_collection(PathCollection(paths, facecolors="none", edgecolors=edge_colors, linewidths=edge_widths,
                                         zorder=1))
        if heads:
            ax.add_collection(PolyCollection(heads, facecolors=edge_colors, edgecolors="none", zorder=1))
    # discs in data units (they scale with the figure) and labels as glyph outlines: one collection each,
    # several times faster to draw than a Circle and a Text per number
    colors = list(colors)
    ax.add_collection(EllipseCollection([size] * len(xy), [size] * len(xy), 0.0, units="xy", offsets=xy,
                                        offset_transform=ax.transData, facecolors=colors,
                                        edgecolors=[frame or c for c in colors], linewidths=0.8, zorder=2))
    ax.update_datalim(np.vstack([xy - size / 2, xy + size / 2]))
    add_labels(ax, [(x, y, str(text), number_size, "normal", label_color, "center", "center", 1.2)
                     for (x, y), text in zip(xy, labels)], zorder=3)


GAME_GRAPH_INCH = 0.8  # inches per grid step of the game graph drawing (at most)
NUMBER_PT = 10.0       # the numbers on the discs (13.9 px at 100 dpi)
KEY_PT = 9.5           # legend and edge labels (13.2 px at 100 dpi)
EDGE_CHOICES = ("winning", "from", "all", "none")


def _row_clearing_bends(g: ig.Graph, width: int) -> list[float]:
    """Bend per game-graph edge: 0.18, more for an edge within one row, so it clears the discs it passes."""
    bends = []
    for e in g.es:
        a, b = sorted((g.vs[e.source]["n"], g.vs[e.target]["n"]))
        length = b - a
        same_row = a // width == b // width and length > 1
        # a quadratic curve bent by c passes the first disc between its ends 2c(1 - 1/L) away: 0.36 clears it
        bends.append(max(0.18, 0.18 / (1 - 1 / length)) if same_row else 0.18)
    return bends


def _edge_reach(g: ig.Graph, coords, bends) -> tuple[float, float]:
    """The smallest and largest y any edge's curve reaches (data units): a long edge within a row bends well below
    it, so the last row's edges need room under the numbers (draw_graph's quadratic curves, sampled)."""
    if not g.ecount():
        return np.inf, -np.inf
    xy = np.asarray(coords, dtype=float)
    ends = np.array([(e.source, e.target) for e in g.es])
    a, b = xy[ends[:, 0]], xy[ends[:, 1]]
    v = b - a
    length = np.hypot(v[:, 0], v[:, 1])[:, None]
    normal = np.column_stack([-v[:, 1], v[:, 0]]) / length
    control = (a + b) / 2 + normal * np.asarray(bends, dtype=float)[:, None] * length
    t = np.linspace(0.0, 1.0, 33)[:, None]
    y = (1 - t) ** 2 * a[:, 1] + 2 * (1 - t) * t * control[:, 1] + t ** 2 * b[:, 1]
    return float(y.min()), float(y.max())


EDGE_ROOM = 0.12  # grid steps kept between an edge's lowest point and the figure's bottom (line width, no cut)


def game_graph_step(columns: int, width_px: float, dpi: float) -> float:
    """Inches per grid step so that `columns` numbers fit `width_px` at `dpi` (at most GAME_GRAPH_INCH)."""
    return max(0.3, min(GAME_GRAPH_INCH, (width_px / dpi - 0.25) / max(1, columns)))


def _moves_from(g: ig.Graph, focus: int) -> ig.Graph:
    """The moves available at `focus` as edges focus -> focus - d (the game graph's edges run n -> n + d)."""
    shown = ig.Graph(n=g.vcount(), directed=True)
    shown.vs["n"] = g.vs["n"]
    shown.vs["color"] = g.vs["color"]
    into = [e for e in g.es if g.vs[e.target]["n"] == focus]
    shown.add_edges([(e.target, e.source) for e in into])
    shown.es["move"] = [e["move"] for e in into]
    shown.es["winning"] = [e["winning"] for e in into]
    shown.es["color"] = [WIN if e["winning"] else NEUTRAL for e in into]
    return shown


def draw_game_graph(game: SubtractionGame, limit: int = 40, ax=None, edges: str = "winning",
                    width: Optional[int] = None, focus: Optional[int] = None, step: float = GAME_GRAPH_INCH,
                    show_period: bool = True):
    """Draw the game graph on ax: red and blue numbers in rows of `width`; edges "winning" (the winning moves,
    blue), "from" (only the moves available at `focus`, default `limit`: no tangle), "all" or "none".
    `show_period=False` leaves the period out of the title (a prediction asks for it).

    Without ax, the figure is sized to the drawing, `step` inches per number (no tight bounding box needed, so
    widgets redraw it fast); pick `step` with game_graph_step to fit a page's width.
    """
    if edges not in EDGE_CHOICES:
        raise ValueError(f"edges must be one of {', '.join(map(repr, EDGE_CHOICES))}, not {edges!r}")
    g = game_graph(game, limit)
    width = width or grid_width(game)
    focus = limit if focus is None else focus
    if edges == "from" and not 0 <= focus <= limit:
        raise ValueError(f"focus must be a number from 0 to the limit {limit}, not {focus!r}")
    rows = limit // width + 1
    owned = ax is None
    if owned:
        fig = plt.figure()
        ax = fig.add_axes((0, 0, 1, 1))
    fig = ax.figure
    if edges == "from":
        shown = _moves_from(g, focus)
    else:
        keep = {"winning": [e.index for e in g.es if e["winning"]], "all": list(range(g.ecount())),
                "none": []}[edges]
        shown = g.subgraph_edges(keep, delete_vertices=False)
    layout = game_graph_layout(shown, width)
    bends = _row_clearing_bends(shown, width)
    draw_graph(ax, shown, layout.coords, shown.vs["color"], [str(n) for n in shown.vs["n"]],
               shown.es["color"] if shown.ecount() else [],
               [(2.2 if edges == "from" else 1.3) if w else (1.6 if edges == "from" else 0.6)
                for w in shown.es["winning"]] if shown.ecount() else [], curved=bends, size=0.52,
               number_size=NUMBER_PT)
    if edges == "from":
        _label_moves(ax, shown, layout.coords, bends)
    columns = min(width, limit + 1)
    highest, lowest = _edge_reach(shown, layout.coords, bends)
    top = min(-0.6, highest - EDGE_ROOM)
    bottom = max(rows - 0.2, lowest + EDGE_ROOM)  # room under the last row for its bent edges, however long
    ax.set_xlim(-0.6, columns - 0.4)
    ax.set_ylim(bottom, top)
    ax.set_aspect("equal")
    ax.axis("off")
    start, length = game.period()
    period = f", period {length} from {start}" if show_period else ""
    glyph_title(ax, f"moves {', '.join(map(str, game.move_set))}: numbers 0-{limit}{period}", size=11)
    entries = [("disc", RED, "vermillion: the player to move loses (a red number)"),
               ("disc", BLUE, "blue: the player to move wins")]
    if edges in ("winning", "all"):
        entries.append(("line", WIN, "blue edge n → n + d: at n + d, subtract d to win"))
    if edges == "all":
        entries.append(("line", GREY, "other moves"))
    if edges == "from":
        entries += [("line", WIN, f"from {focus}: a winning move"), ("line", NEUTRAL, "a move that loses")]
    axes_w, axes_h = step * columns, step * (bottom - top)
    room = (axes_w - 0.25) * 72 if owned else ax.get_position().width * fig.get_size_inches()[0] * 72
    per_row = len(entries)
    while per_row > 1 and _key_width(entries, per_row) > room:
        per_row -= 1
    key_width, key_height = key(ax, entries, 0.5, 0.0, size=KEY_PT, below=4, columns=per_row)
    if owned:
        top, bottom = 0.36, (key_height + 10) / 72
        fig_w = max(axes_w + 0.2, key_width / 72 + 0.45)
        fig.set_size_inches(fig_w, axes_h + top + bottom)
        ax.set_position(((fig_w - axes_w) / 2 / fig_w, bottom / (axes_h + top + bottom), axes_w / fig_w,
                         axes_h / (axes_h + top + bottom)))
        keep_whole_figure(fig)
        plt.close(fig)  # detached from pyplot: shown once, as the cell's value
    return fig


def _key_width(entries, per_row: int) -> float:
    """Width in points of a key with `per_row` entries a row (as glyphs.key lays it out)."""
    rows = [entries[i:i + per_row] for i in range(0, len(entries), per_row)]
    widths = [[14.0 + 4.0 + text_width(label, KEY_PT) for *_, label in row] for row in rows]
    columns = [max(row[j] for row in widths if j < len(row)) for j in range(per_row)]
    return sum(columns) + 14.0 * (len(columns) - 1)


def _label_moves(ax, g: ig.Graph, coords, bends) -> None:
    """A "-d" beside the middle of each drawn edge, on the outside of its bend (clear of the line)."""
    xy = np.asarray(coords, dtype=float)
    labels = []
    for e, bend in zip(g.es, bends):
        a, b = xy[e.source], xy[e.target]
        v = b - a
        length = float(np.hypot(*v))
        normal = np.array([-v[1], v[0]]) / length
        control = (a + b) / 2 + normal * bend * length
        middle = (a + 2 * control + b) / 4                                 # the curve at t = 1/2
        labels.append((*(middle + normal * 0.36), f"-{e['move']}", KEY_PT, "bold", WIN if e["winning"] else NEUTRAL,
                       "center", "center", 1.2))
    add_labels(ax, labels, zorder=4, halo="white")


PLAYOUT_INCH = 0.62  # inches per unit of the playout drawing
PLAYOUT_PT = 10.0    # moves, column names and key of a playout (13.9 px at 100 dpi)


def draw_playout(playout: Playout, ax=None, names: tuple[str, str] = ("player 1", "player 2")):
    """Draw one game as the source's Abbildung 5: zig-zag course, the winner in the title; each move's edge blue
    (could force a win and did), vermillion (threw a win away) or black (no win available), its "-d" beside it.

    A game still running (winner None) is drawn as far as it went. Without ax, the figure is sized to the drawing.
    """
    g = playout_graph(playout)
    k = g.vcount()
    step = 0.75  # vertical distance between numbers; x: player 1 at 0, start at 2, player 2 at 4
    coords = [(2 * x, step * y) for x, y in playout_layout(g).coords]
    owned = ax is None
    if owned:
        fig = plt.figure()
        ax = fig.add_axes((0, 0, 1, 1))
    fig = ax.figure
    draw_graph(ax, g, coords, [HIGHLIGHT] * k, [str(n) for n in g.vs["n"]], g.es["color"] if k > 1 else [], 3,
               size=0.62, label_color="black", frame="#555555", arrows=False, number_size=PLAYOUT_PT)
    half = [text_width(name, PLAYOUT_PT + 0.5, "bold") / 2 / 72 / PLAYOUT_INCH + 0.1 for name in names]
    x_range = (min(-0.7, -half[0]), max(4.7, 4 + half[1]))
    y_range = (step * (k - 1) + 0.5, -1.2)
    ax.set_xlim(*x_range)
    ax.set_ylim(*y_range)
    ax.set_aspect("equal")
    ax.axis("off")
    if owned:
        axes_w = PLAYOUT_INCH * (x_range[1] - x_range[0])
        axes_h = PLAYOUT_INCH * (y_range[0] - y_range[1])
        per_unit = PLAYOUT_INCH * 72                                   # points per data unit
    else:
        ax.apply_aspect()
        per_unit = ax.get_position().width * fig.get_size_inches()[0] * 72 / (x_range[1] - x_range[0])
    moves = []                                 # "-d" beside the middle of its edge, above it: off the line
    for d, (x0, y0), (x1, y1) in zip(g.es["move"] if k > 1 else [], coords, coords[1:]):
        label = f"-{d}"
        w, h = text_width(label, PLAYOUT_PT) + 2, PLAYOUT_PT * 1.1
        vx, vy = x1 - x0, y1 - y0
        length = float(np.hypot(vx, vy))
        nx, ny = -vy / length, vx / length
        if ny > 0:                              # the normal that points up on the page (y grows downwards)
            nx, ny = -nx, -ny
        offset = (w / 2 * abs(nx) + h / 2 * abs(ny) + 2.5) / per_unit
        moves.append(((x0 + x1) / 2 + nx * offset, (y0 + y1) / 2 + ny * offset, label, PLAYOUT_PT, "normal",
                      "#222222", "center", "center", 1.2))
    columns = [(0.0, -0.9, names[0], PLAYOUT_PT + 0.5, "bold", "black", "center", "baseline", 1.2),
               (4.0, -0.9, names[1], PLAYOUT_PT + 0.5, "bold", "black", "center", "baseline", 1.2)]
    add_labels(ax, moves, zorder=4, halo="white")
    add_labels(ax, columns, zorder=4)
    if playout.winner is None:
        title = f"start {playout.start}: now n = {playout.course[-1]}, {names[len(playout.moves) % 2]} to move"
    else:
        how = "made 0" if playout.course[-1] == 0 else f"the other player went to {playout.course[-1]}"
        title = f"start {playout.start}: {names[playout.winner - 1]} wins ({how})"
    glyph_title(ax, title, size=PLAYOUT_PT + 1, gap=2)
    key_width = key_height = 0.0
    if k > 1:
        key_width, key_height = key(ax, [("line", c, label) for label, c in (
            ("could force a win and did", EDGE_COLOURS["win"]), ("threw a win away", EDGE_COLOURS["mistake"]),
            ("no win available", EDGE_COLOURS["no win"]))], 0.5, 0.0, size=PLAYOUT_PT, columns=1, below=2)
    if owned:
        top, bottom = 0.32, (key_height + 6) / 72
        fig_w = max(axes_w, key_width / 72, text_width(title, PLAYOUT_PT + 1) / 72) + 0.15
        fig_h = axes_h + top + bottom
        fig.set_size_inches(fig_w, fig_h)
        ax.set_position(((fig_w - axes_w) / 2 / fig_w, bottom / fig_h, axes_w / fig_w, axes_h / fig_h))
        keep_whole_figure(fig)
        plt.close(fig)  # detached from pyplot: shown once, as the cell's value
    return fig
