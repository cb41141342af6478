"""Drawing the MCTS search tree (lessons 08-09): discs sized by visits and coloured by win rate, lessons and widgets.

The tree (igraph) comes from coursekit.graphs.search_tree_graph. `draw_search_tree` makes a figure for a lesson;
`SearchTreeFigure` keeps figures for a widget's redraws.

The drawing is laid out in points (one data unit of the tree's axes is one point), so every label has the size it
is given, whatever the tree's width: the figure is as wide as the page shows it (a lesson's output area, a
dashboard's column), leaves that sit closer than their labels are wide get their counts on alternate lines, and a
move label that finds no free place beside its edge or above its disc is left out (a note says how to read the
move off the numbers). coursekit.plots.legibility measures the result against the 11 px floor.
"""

from __future__ import annotations

from functools import lru_cache

import igraph as ig
import matplotlib.pyplot as plt
import numpy as np

from coursekit.graphs import search_tree_graph
from coursekit.colours import BLACK, HIGHLIGHT, NEUTRAL, REDDISH_PURPLE, TEXT, win_rate_colours
from coursekit.plots.glyphs import add_labels, keep_whole_figure, text_width
from coursekit.plots.legibility import LESSON_WIDTH_PX

FONT = 10.0          # points: node labels, counts and moves (12.5 px at the stepper's 90 dpi, 13.9 px at 100)
TITLE = 11.0         # points
LEVEL = 66.0         # points between the levels of the tree
TOP = 58.0           # points above the root's centre: title and colour key
BOTTOM_LINES = 3.6   # label lines below the deepest discs (counts, staggered counts, a note)
DISC_MIN, DISC_MAX = 17.0, 34.0   # disc diameters in points; a crowded level caps them at 85% of its spacing
MARGIN = 22.0        # points left and right of the outermost discs: room for a count beside them


def tree_size(width_px: float, dpi: float, depth: int) -> tuple[float, float]:
    """Figure size (inches) of a tree drawing `width_px` wide at `dpi`, with room for `depth` levels."""
    height_pt = TOP + LEVEL * max(1, depth) + FONT * 1.25 * BOTTOM_LINES + 20
    return width_px / dpi, height_pt / 72


def draw_search_tree(search, depth: int = 3, ax=None, min_visits: int = 1, highlight=None, title: str = None,
                     width_px: float = LESSON_WIDTH_PX - 24):
    """Draw the search tree (root on top): discs sized by visits, coloured by win rate (blue high, vermillion low).

    Each disc shows its position and, below it, wins/visits for the player who made the move into it. `highlight`
    is an Iteration (or a tuple of moves): its path is drawn thick, the expanded edge dashed. Without `ax` the
    figure is `width_px` wide at its dpi (default: a lesson's output area), so it is shown at its own size.
    """
    g = search_tree_graph(search, depth, min_visits)
    owned = ax is None
    if owned:
        fig = plt.figure(figsize=tree_size(width_px, plt.rcParams["figure.dpi"], depth))
        ax = fig.add_axes((0, 0, 1, 1))
    _prepare_axes(ax)
    _colour_key(ax.figure, ax)
    _draw_tree(ax, search, g, depth, highlight, title)
    if owned:
        keep_whole_figure(ax.figure)
        plt.close(ax.figure)  # detached from pyplot: shown once, as the cell's value
    return ax.figure


def _prepare_axes(ax) -> None:
    """Axes in points, y growing downwards, no frame."""
    ax.axis("off")
    width, height = _axes_points(ax)
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)


def _axes_points(ax) -> tuple[float, float]:
    """Width and height of the axes in points."""
    fig = ax.figure
    w, h = fig.get_size_inches()
    box = ax.get_position()
    return w * box.width * 72, h * box.height * 72


@lru_cache(maxsize=1)
def _search_cmap():
    """Win rate 0 vermillion ... 0.5 pale ... 1 blue (coursekit.colours), light enough for black labels."""
    import matplotlib as mpl

    return mpl.colors.ListedColormap(win_rate_colours(), name="win_rate")


def _colour_key(fig, tree_ax):
    """A small horizontal win-rate colour bar in the tree's top left corner (its own axes, drawn once)."""
    import matplotlib as mpl

    width_in, height_in = fig.get_size_inches()
    box = tree_ax.get_position()
    left = box.x0 + 8 / 72 / width_in
    bar_w, bar_h = 130 / 72 / width_in, 9 / 72 / height_in
    bottom = box.y1 - (TOP - 14) / 72 / height_in
    key = fig.add_axes((left, bottom, bar_w, bar_h))
    bar = fig.colorbar(mpl.cm.ScalarMappable(cmap=_search_cmap(), norm=mpl.colors.Normalize(0, 1)), cax=key,
                       orientation="horizontal", ticks=[0, 0.5, 1])
    bar.ax.tick_params(labelsize=FONT, length=2, pad=1)
    bar.outline.set_linewidth(0.6)
    key.set_title("win rate of the move into a node", fontsize=FONT, loc="left", pad=3)
    return key


def _layout(g: ig.Graph, width: float) -> tuple[np.ndarray, np.ndarray]:
    """Points of every vertex (Reingold-Tilford, centred, leaves at most 70 pt apart) and each level's spacing."""
    xy = np.asarray(g.layout_reingold_tilford(root=[0], mode="out").coords, dtype=float)
    depth = np.asarray(g.vs["depth"], dtype=int)
    span = float(xy[:, 0].max() - xy[:, 0].min()) if len(xy) > 1 else 0.0
    unit = min(70.0, (width - 2 * MARGIN) / span) if span else 0.0
    x = (xy[:, 0] - xy[:, 0].min() - span / 2) * unit + width / 2
    y = TOP + depth * LEVEL
    spacing = np.full(int(depth.max()) + 1, np.inf)
    for level in range(1, int(depth.max()) + 1):
        xs = np.sort(x[depth == level])
        if len(xs) > 1:
            spacing[level] = float(np.diff(xs).min())
    return np.column_stack([x, y]), spacing


def _box(cx: float, cy: float, w: float, h: float) -> tuple[float, float, float, float]:
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def _boxes_meet(a, b, gap: float = 1.5) -> bool:
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1])


def _segment_meets_box(p, q, box, gap: float = 1.5) -> bool:
    """True when the segment p-q passes through the box grown by `gap` (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = box[0] - gap, box[1] - gap, box[2] + gap, box[3] + gap
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for edge_p, edge_q in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if edge_p == 0:
            if edge_q < 0:
                return False
        else:
            t = edge_q / edge_p
            if edge_p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


def _draw_tree(ax, search, g: ig.Graph, depth: int, highlight, title) -> None:
    """The tree's edges, discs, labels (positions, counts, moves) and title on axes measured in points."""
    from matplotlib.collections import LineCollection

    width, _ = _axes_points(ax)
    xy, spacing = _layout(g, width)
    levels = np.asarray(g.vs["depth"], dtype=int)
    path, expanded = (), None
    if highlight is not None:
        path = tuple(getattr(highlight, "path", highlight))
        expanded = getattr(highlight, "expanded", None)
    on_path = {path[:i] for i in range(len(path) + 1)}
    line_height = 1.25 * FONT

    # discs: sized by visits, capped by their level's spacing, the root always the same
    visits = np.asarray(g.vs["visits"], dtype=float)
    top = max(1.0, float(visits[1:].max()) if len(visits) > 1 else 1.0)
    cap = np.minimum(DISC_MAX, 0.85 * spacing[levels])
    diameter = np.minimum(cap, DISC_MIN + (DISC_MAX - DISC_MIN) * np.sqrt(np.minimum(visits, top) / top))
    diameter = np.maximum(diameter, np.minimum(DISC_MIN, cap))
    diameter[0] = 30.0
    radius = diameter / 2

    segments, colours, widths, styles, visible = [], [], [], [], []
    for e in g.es:
        visible.append(_between_discs(xy[e.source], xy[e.target], radius[e.source], radius[e.target]))
        target_moves = g.vs[e.target]["moves"]
        hot = target_moves in on_path and bool(path)
        new = hot and expanded is not None and target_moves == path
        segments.append([xy[e.source], xy[e.target]])
        colours.append(BLACK if hot else "#9a9a9a")
        widths.append(3.0 if hot else 1.0)
        styles.append((0, (4, 2.5)) if new else "-")
    if segments:
        ax.add_collection(LineCollection(segments, colors=colours, linewidths=widths, linestyles=styles, zorder=1))

    # labels: the position on each disc, wins/visits below it (alternate lines where neighbours are close), or
    # beside the disc where an edge to a child would cross it; no label meets an edge (as seen, between the
    # discs), a disc or another label (issue 28)
    taken = []                                                      # boxes already used by labels and discs
    for (x, y), r in zip(xy, radius):
        taken.append(_box(x, y, 2 * r, 2 * r))
    placed = []                                                     # (kind, text, box) of every label drawn

    room = _axes_points(ax)

    def free(box) -> bool:
        if box[0] < 2 or box[2] > room[0] - 2 or box[3] > room[1] - 2:  # inside the picture, not cut at its edge
            return False
        return not any(_boxes_meet(box, other) for other in taken) and \
            not any(_segment_meets_box(p, q, box) for p, q in visible)

    names, counts = [], []
    stagger = {}
    for level in range(1, int(levels.max()) + 1 if len(levels) else 1):
        members = sorted(np.flatnonzero(levels == level), key=lambda i: xy[i, 0])
        widest = max((text_width(f"{g.vs[i]['wins']:g}/{g.vs[i]['visits']}", FONT) for i in members), default=0)
        crowded = spacing[level] < widest + 5
        for k, i in enumerate(members):
            stagger[i] = crowded and k % 2 == 1
    for i, ((x, y), label, wins, n) in enumerate(zip(xy, g.vs["label"], g.vs["wins"], g.vs["visits"])):
        names.append((x, y, label, FONT + (1 if i == 0 else 0), "bold" if i == 0 else "normal", TEXT, "center",
                      "center", 1.2))
        if i == 0:
            continue
        text = f"{wins:g}/{n}"
        tw, r = text_width(text, FONT), radius[i]
        low = float(radius[levels == levels[i]].max())  # one set of lines for a level: staggered rows line up
        below = [(x, y + low + 2 + line_height / 2), (x, y + low + 2 + 1.5 * line_height)]
        if stagger.get(i):
            below.reverse()
        beside = [(x + r + 3 + tw / 2, y), (x - r - 3 - tw / 2, y),
                  (x + r + 2 + tw / 2, y + r + line_height / 2), (x - r - 2 - tw / 2, y + r + line_height / 2),
                  (x + r + 2 + tw / 2, y - r / 2 - line_height / 2), (x - r - 2 - tw / 2, y - r / 2 - line_height / 2),
                  (x, y + low + 2 + 2.5 * line_height), (x, y - r - 2 - line_height / 2),
                  (x + r + 2 + tw / 2, y - r - line_height / 2), (x - r - 2 - tw / 2, y - r - line_height / 2)]
        spots = [(cx, cy) for cx, cy in below + beside]
        cx, cy = next((c for c in spots if free(_box(*c, tw, line_height))), spots[0])
        counts.append((cx, cy, text, FONT, "normal", TEXT, "center", "center", 1.2))
        taken.append(_box(cx, cy, tw, line_height))
        placed.append(("count", text, taken[-1]))

    # moves: beside the edge's middle (outwards), else just above the child's disc, else left out
    moves, dropped = [], 0
    ends = [(e.source, e.target) for e in g.es]
    for seg, label, (source, target) in zip(segments, g.es["label"], ends):
        (x0, y0), (x1, y1) = seg
        w, h = text_width(label, FONT) + 2, FONT * 1.05
        length = float(np.hypot(x1 - x0, y1 - y0)) or 1.0
        nx, ny = (y1 - y0) / length, -(x1 - x0) / length            # a normal of the edge, pointing right
        if nx < 0 or (nx == 0 and ny > 0):
            nx, ny = -nx, -ny
        side = -1.0 if x1 < x0 - 0.5 else 1.0                       # outwards: left edges' labels on the left
        offset = w / 2 * abs(nx) + h / 2 * abs(ny) + 2.5
        spots = [(x0 + t * (x1 - x0) + k * nx * offset, y0 + t * (y1 - y0) + k * ny * offset)
                 for t in (0.5, 0.4, 0.6, 0.3, 0.7) for k in (side, -side)]  # beside the edge, never on it
        for cx, cy in spots:
            box = _box(cx, cy, w, h)
            if not free(box):
                continue
            moves.append((cx, cy, label, FONT, "normal", NEUTRAL, "center", "center", 1.2))
            taken.append(box)
            placed.append(("move", label, box))
            break
        else:
            dropped += 1
    add_labels(ax, moves, zorder=2, backdrop="white")

    colors = [tuple(c) for c in _search_cmap()(np.asarray(g.vs["win_rate"], dtype=float))]
    colors[0] = HIGHLIGHT
    edge = [BLACK if (m in on_path and path) else (REDDISH_PURPLE if s else "#555") for m, s in
            zip(g.vs["moves"], g.vs["shared"])]
    ax.scatter(xy[:, 0], xy[:, 1], s=diameter ** 2, c=colors, edgecolors=edge,
               linewidths=[2.2 if (m in on_path and path) else (2.6 if sh else 0.8)
                           for m, sh in zip(g.vs["moves"], g.vs["shared"])], zorder=3)
    add_labels(ax, names, zorder=4)
    if counts:
        add_labels(ax, counts, zorder=4, backdrop="white")   # white boxes: the thick highlighted path runs under
    root = search.root
    if title is None:
        kind = "transpositions" if search.transpositions else "tree"
        title = (f"search from {g.vs[0]['label']} after {root.visits} iteration{'s' if root.visits != 1 else ''}, "
                 f"{search.tree_size()} node{'s' if search.tree_size() != 1 else ''}\n({kind}; depth ≤ {depth} shown)")
    ax.set_title(title, fontsize=TITLE)   # queryable, drawn as glyphs below
    ax.title.set_visible(False)
    width, height = _axes_points(ax)
    lines = [(width - 8, 6, title, TITLE, "normal", TEXT, "right", "top", 1.2)]
    notes = []
    if dropped:
        notes.append((NEUTRAL, "unlabelled edge: the move is the difference of its two numbers"))
    if any(g.vs["shared"]):
        notes.append((REDDISH_PURPLE, "purple ring: a position reached by several move orders (one shared node)"))
    for k, (colour, note) in enumerate(reversed(notes)):
        lines.append((8, height - 4 - k * line_height, note, FONT, "normal", colour, "left", "bottom", 1.2))
    add_labels(ax, lines, zorder=5)
    ax.course_labels = {"labels": placed, "edges": visible, "discs": taken[:len(xy)]}  # for label_crossings


def _between_discs(p, q, rp: float, rq: float) -> tuple:
    """The part of the edge p-q a reader sees: from the rim of one disc to the rim of the other."""
    p, q = np.asarray(p, dtype=float), np.asarray(q, dtype=float)
    length = float(np.hypot(*(q - p))) or 1.0
    unit = (q - p) / length
    return tuple(p + unit * min(rp, length / 2)), tuple(q - unit * min(rq, length / 2))


def label_crossings(ax) -> list[str]:
    """Every wins/visits or move label of a drawn search tree that an edge, a disc or another label crosses."""
    layout = getattr(ax, "course_labels", None)
    if layout is None:
        raise ValueError("label_crossings needs axes drawn by draw_search_tree or SearchTreeFigure")
    found = []
    labels = layout["labels"]
    width, height = _axes_points(ax)
    for k, (kind, text, box) in enumerate(labels):
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            found.append(f"{kind} {text!r} cut at the picture's edge")
        found += [f"{kind} {text!r} crossed by an edge" for p, q in layout["edges"] if _segment_meets_box(p, q, box, 0)]
        found += [f"{kind} {text!r} on a disc" for disc in layout["discs"] if _boxes_meet(box, disc, 0)]
        found += [f"{kind} {text!r} meets {other!r}" for _, other, b in labels[k + 1:] if _boxes_meet(box, b, 0)]
    return found


class SearchTreeFigure:
    """Kept figures for every redraw of a growing search tree (a widget's): axes and colour key are made and
    rendered once per figure size (up to `keep` sizes), each draw only replaces and renders the tree's artists.
    `draw` returns the figure, drawn on its canvas; it is `width_px` wide at `dpi` (the page's room for it)."""

    def __init__(self, dpi: int = 90, keep: int = 24, width_px: float = LESSON_WIDTH_PX - 24) -> None:
        self.dpi = dpi
        self.keep = keep
        self.width_px = width_px
        self._kept: dict[tuple[float, float], tuple] = {}  # size -> (figure, axes, background pixels)
        self.figure = None
        self.ax = None
        self.size = None

    def _figure_for(self, size: tuple[float, float]) -> tuple:
        """The kept (figure, axes, background) of this size, made on first use."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        if size not in self._kept:
            if len(self._kept) >= self.keep:
                self._kept.pop(next(iter(self._kept)))
            figure = Figure(figsize=size, dpi=self.dpi)
            FigureCanvasAgg(figure)
            ax = figure.add_axes((0, 0, 1, 1))
            _prepare_axes(ax)
            _colour_key(figure, ax)
            figure.canvas.draw()                       # the colour key and white space, kept as pixels
            self._kept[size] = (figure, ax, figure.canvas.copy_from_bbox(figure.bbox))
        return self._kept[size]

    def draw(self, search, depth: int = 3, highlight=None, min_visits: int = 1):
        """Draw the tree as draw_search_tree does, into the kept figure; returns it (not a pyplot figure)."""
        g = search_tree_graph(search, depth, min_visits)
        size = tree_size(self.width_px, self.dpi, depth)
        self.figure, self.ax, background = self._figure_for(size)
        self.size = size
        for artist in self.ax.collections[:] + self.ax.texts[:]:
            artist.remove()
        _draw_tree(self.ax, search, g, depth, highlight, None)
        canvas = self.figure.canvas
        canvas.restore_region(background)              # only the tree's axes are drawn again
        self.ax.draw(canvas.get_renderer())
        return self.figure
